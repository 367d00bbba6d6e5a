"""Circles in a graph of names: cards that play one another, routines that run one another,
scores that read one another. The check refuses each such circle where it closes, naming the
way round; one search finds them all.

The graph is given as `edges(node)`: the edges leaving a node, each an (edge, target) pair,
where the edge is whatever the caller reports a circle by (a `play` statement, a `do`, or the
name read). Edges are followed in the order given, so the circle found is the same every time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

N = TypeVar("N", bound=Hashable)
E = TypeVar("E")


def shortest_circle(start: N, edges: Callable[[N], Iterable[tuple[E, N]]]) -> list[tuple[N, E]] | None:
    """The fewest edges leading from `start` back to it, breadth first, as (node, edge) pairs
    in order, each edge leaving its node; None when no way leads back."""
    previous: dict[N, tuple[N, E]] = {}
    frontier = [start]
    seen = {start}
    while frontier:
        following = []
        for node in frontier:
            for edge, target in edges(node):
                if target == start:
                    path = [(node, edge)]
                    while path[0][0] != start:
                        path.insert(0, previous[path[0][0]])
                    return path
                if target not in seen:
                    seen.add(target)
                    previous[target] = (node, edge)
                    following.append(target)
        frontier = following
    return None


def circles(nodes: Iterable[N], edges: Callable[[N], Iterable[tuple[E, N]]]) -> list[list[tuple[N, E]]]:
    """Each circle once, found from the first of `nodes` on it, the shortest through that
    node; a node on a circle already found starts no other."""
    found: list[list[tuple[N, E]]] = []
    covered: set[N] = set()
    for start in nodes:
        if start in covered:
            continue
        path = shortest_circle(start, edges)
        if path is not None:
            found.append(path)
            covered.update(node for node, _ in path)
    return found


def on_circles(nodes: Iterable[N], edges: Callable[[N], Iterable[tuple[E, N]]]) -> set[N]:
    """Every node on a circle, or leading into one: what cannot be put in an order where
    each comes after all it reaches."""
    nodes = list(nodes)
    stuck: set[N] = set()
    for start in nodes:
        reached, todo = set(), [target for _, target in edges(start)]
        while todo:
            node = todo.pop()
            if node not in reached:
                reached.add(node)
                todo.extend(target for _, target in edges(node))
        if start in reached or reached & stuck:
            stuck.add(start)
    changed = True
    while changed:  # a node reaching a stuck one found after it
        changed = False
        for start in nodes:
            if start not in stuck and any(target in stuck for _, target in edges(start)):
                stuck.add(start)
                changed = True
    return stuck
