"""Which piles' cards each of a variant's scores reads, found once from its expression, so
that a score worked out from cards a viewer may not see is not told to them (issue 47, "Proof:
games nobody here wrote for the engine": For Sale's `paid`, the total of a player's cheques,
which lie in a pile only its owner sees, was on every seat's panel and observation).

How many cards a pile holds is told to everyone (the observation's `piles` gives every slot's
size), so a score that only counts a pile's cards, `count card C in P` with no condition,
reads nothing hidden. Any other reading of a pile (its top card, a card's value, a condition
on its cards) reads its cards. A score read from another (`paid of X + coins of X`) reads what
that one reads. A pile named `of X`, X the player scored, is read only in that player's slot;
named any other way (`of Y` for each player Y) it is read in every slot, and so is hidden
from whoever may not see any one of them.
"""

from __future__ import annotations

from engine.effects import ast
from engine.game.piles import PileLayout
from engine.variant.model import Variant

PileRead = tuple[str, bool]
"""A pile whose cards a score reads, and whether only the scored player's slot of it."""


def score_piles(variant: Variant) -> dict[str, frozenset[PileRead]]:
    """For each score, the piles whose cards it reads (empty for most)."""
    piles = {pile.id for pile in variant.piles}
    scores = {score.id: score.expression for score in variant.scores}

    def reads(node: ast.Node, own: frozenset[str], seen: tuple[str, ...]) -> set[PileRead]:
        """The piles `node` reads the cards of; `own` the names that stand for the scored
        player there, `seen` the scores being read (the checker refuses a score reading itself)."""
        if isinstance(node, ast.Count):
            inner = own - {node.var}
            found: set[PileRead] = set()
            zone = node.zone
            size_only = node.kind == "card" and node.where is None and node.total is None and not node.group
            if zone is not None:
                if size_only and _pile_named(zone, piles):
                    if isinstance(zone, ast.OfPlayer):
                        found |= reads(zone.subject, own, seen)
                else:
                    found |= reads(zone, own, seen)
            for part in (node.where, node.total):
                if part is not None:
                    found |= reads(part, inner, seen)
            return found
        if isinstance(node, ast.OfPlayer):
            found = reads(node.subject, own, seen)
            mine = isinstance(node.subject, ast.Name) and node.subject.name in own
            if node.counter in piles:
                found.add((node.counter, mine))
            elif node.counter in scores and node.counter not in seen:
                inside = reads(scores[node.counter], frozenset({"X", "me"}), (*seen, node.counter))
                found |= inside if mine else {(pile, False) for pile, _ in inside}
            return found
        if isinstance(node, ast.Name):
            return {(node.name, True)} if node.name in piles else set()
        found = set()
        for child in ast.children(node):
            found |= reads(child, own, seen)
        return found

    return {
        name: frozenset(reads(expression, frozenset({"X", "me"}), (name,))) for name, expression in scores.items()
    }


def _pile_named(place: ast.Expr, piles: set[str]) -> bool:
    """Whether a card's place is a pile by its name (`bank of X`, `discard`), not a space."""
    if isinstance(place, ast.OfPlayer):
        return place.counter in piles
    return isinstance(place, ast.Name) and place.name in piles


def hidden_scores(layout: PileLayout, read: dict[str, frozenset[PileRead]], players: int,
                  viewer: int | None) -> dict[str, list[bool]]:
    """For each score that reads some pile's cards, for each player, whether `viewer` (None:
    a spectator) may not be told it: it reads the cards of a slot they may not see."""
    seen = layout.seen
    slots: dict[str, list[int]] = {}
    for slot, pile_of in enumerate(layout.slot_pile):
        slots.setdefault(pile_of.id, []).append(slot)
    found: dict[str, list[bool]] = {}
    for name, piles in read.items():
        if not piles:
            continue
        hidden = [False] * players
        for pile, mine in piles:
            every = slots.get(pile, [])
            if mine and every and layout.slot_pile[every[0]].each == "player":
                for player in range(players):
                    hidden[player] = hidden[player] or not seen(layout.slot(pile, player), viewer)
            elif not all(seen(slot, viewer) for slot in every):
                hidden = [True] * players
        if any(hidden):
            found[name] = hidden
    return found
