"""One search for the circles the check refuses (issue 27, 1): cards that play one another,
routines that run one another and scores that read one another are each a graph of names, and
engine/effects/cycles.py finds the way round in all three."""

from __future__ import annotations

from engine.effects.cycles import circles, on_circles, shortest_circle

GRAPH = {"a": ["b"], "b": ["c", "a"], "c": ["a"], "d": ["a"], "e": []}


def _edges(node: str) -> list[tuple[str, str]]:
    return [(f"{node}->{target}", target) for target in GRAPH[node]]


def test_the_shortest_way_round_is_found_breadth_first_in_the_order_given():
    assert shortest_circle("a", _edges) == [("a", "a->b"), ("b", "b->a")]
    assert shortest_circle("c", _edges) == [("c", "c->a"), ("a", "a->b"), ("b", "b->c")]
    assert shortest_circle("e", _edges) is None
    assert shortest_circle("d", _edges) is None  # leads into a circle, is not on one


def test_each_circle_is_told_once_from_its_first_node():
    assert circles(GRAPH, _edges) == [[("a", "a->b"), ("b", "b->a")], [("c", "c->a"), ("a", "a->b"), ("b", "b->c")]]
    assert circles(["e"], _edges) == []


def test_nodes_on_or_leading_into_a_circle_cannot_be_ordered():
    assert on_circles(GRAPH, _edges) == {"a", "b", "c", "d"}
