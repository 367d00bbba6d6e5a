"""Where each card of a variant can ever lie, worked out from the variant before any game: the
piles, the spaces' stacks and play. `restore` holds a snapshot to it (snapshot_check), so a
card put by hand where no rule of the game could have put it (a Chance card in a player's own
deck, a player's card in another's) is refused, naming the pile.

The homes are what every way of moving a card can reach from where the card starts, repeated
until nothing new is reached: dealing and drawing (the deck to the hand, an empty pile
refilled from its `refill_from`), playing (the hand to play, then the card's `discard_to`),
discarding (the hand to `discard_to`), each `put` and `play` of every program and card, and
each accepted `offer trade` (a card of a pile it trades, from one player's pile of that name to
another's).
What a `put` moves is followed as far as it can be seen (`this`, a card chosen or looped over
in a pile, the top card of a pile, narrowed by the tags asked for); where it cannot, it could
be any card. The answer errs towards more homes, never fewer: a position play can reach is
never refused.

A player's own card (one whose copies start in a pile of each player) also has an owner.
A pile of each player is *owner-bound* when no way into it can bring another player's card:
drawing, refilling and discarding keep to the owner's piles, and so does a `put` onto `PILE of
owner of K`, or onto `PILE of X` of a card taken from an owner-bound `OTHER of X` (the same X,
written the same way). A pile an `offer trade` trades is never owner-bound: an accepted offer
hands its cards to another player. In an owner-bound pile, a player's card lies only in its
owner's.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.effects import ast
from engine.effects.plays import Names, required_tags, scoped
from engine.variant.model import Variant

_STACK = "\x00stack"
"""The stacks of the spaces, as one more place a card may be."""
_PLAY = "\x00play"
"""In play: a card whose effect is under way. It counts as a pile of each player, the one it
is played by (`me` of its effect), for whether a card keeps to its owner's piles."""
_ME = ast.Name(0, 0, "me")


@dataclass(frozen=True)
class Homes:
    """Where each card kind (by its index in `variant.cards`) can lie."""

    piles: tuple[frozenset[str], ...]
    """The piles each kind can be in."""
    stacks: tuple[bool, ...]
    """Whether each kind can be on a space's stack."""
    in_play: tuple[bool, ...]
    owner_bound: frozenset[str]
    """Piles of each player in which a player's card is always its owner's."""


@dataclass(frozen=True)
class _Source:
    """Where the cards a name stands for were taken from: the place, and for a pile of each
    player or space, whose (`of X`, as written)."""

    place: str
    whose: ast.Expr | None


@dataclass(frozen=True)
class _Move:
    """Cards of `kinds` (None: every kind, as far as can be seen) taken from `source` go to
    `target`; `keeps_owner`: onto the pile of the card's own owner."""

    kinds: frozenset[int] | None
    source: _Source | None
    target: str
    whose: ast.Expr | None
    keeps_owner: bool


def homes_of(variant: Variant) -> Homes:
    cards = variant.cards
    kinds = range(len(cards))
    piles = [pile.id for pile in variant.piles]
    places: dict[str, set[int]] = {name: set() for name in [*piles, _STACK, _PLAY]}
    for index, card in enumerate(cards):
        places[card.starts_in].add(index)
    effects: list[tuple[int | None, ast.Program]] = [
        (None, program) for program in [*variant.programs.values(), *variant.routines.values()]
    ]
    effects += [(index, card.effect) for index, card in enumerate(cards)]
    while True:  # what a move carries depends on where cards can be: until nothing new is reached
        moves = _fixed_moves(variant) + [move for card, program in effects for move in _moves(program, card, variant, places)]
        before = sum(len(held) for held in places.values())
        for move in moves:
            reached = set(kinds) if move.kinds is None else set(move.kinds)
            if move.source is not None:
                reached &= places.get(move.source.place, set())
            places[move.target] |= reached
        for index in places[_PLAY]:  # a card played ends on its discard pile
            places[cards[index].discard_to].add(index)
        if sum(len(held) for held in places.values()) == before:
            break
    return Homes(
        piles=tuple(frozenset(name for name in piles if index in places[name]) for index in kinds),
        stacks=tuple(index in places[_STACK] for index in kinds),
        in_play=tuple(index in places[_PLAY] for index in kinds),
        owner_bound=frozenset(_owner_bound(variant, moves, places) - {_PLAY}),
    )


def _fixed_moves(variant: Variant) -> list[_Move]:
    """The moves every game makes whatever its programs say: draws (the deck to the hand),
    refills, playing and discarding from the hand and answering from it."""
    piles = {pile.id for pile in variant.piles}
    moves: list[_Move] = []
    me = _ME  # the player drawing or refilling: their own deck, their own hand
    if "deck" in piles and "hand" in piles:
        moves.append(_Move(None, _Source("deck", me), "hand", me, False))
    for pile in variant.piles:
        if pile.refill_from is not None and pile.refill_from in piles:
            moves.append(_Move(None, _Source(pile.refill_from, me), pile.id, me, False))
    for pile in variant.piles:  # played (or answered with) from the hand, or a pile marked so
        if pile.each == "player" and (pile.id == "hand" or pile.played_from):
            moves.append(_Move(None, _Source(pile.id, me), _PLAY, me, False))
    if "hand" in piles:
        for index, card in enumerate(variant.cards):  # a discard goes to its owner's pile
            moves.append(_Move(frozenset({index}), _Source("hand", me), card.discard_to, None, True))
    return moves


def _moves(program: ast.Program, card: int | None, variant: Variant, places: dict[str, set[int]]) -> list[_Move]:
    """The `put` and `play` statements of one effect, as moves (`card`: the card whose effect
    it is, None for a program of the game)."""
    piles = {pile.id for pile in variant.piles}
    tags = [frozenset(c.tags) for c in variant.cards]
    moves = []
    for node, binding in scoped(program.statements):
        if isinstance(node, ast.OfferTrade):  # a card of a traded pile, to the other player's pile of that name
            moves += [_Move(None, _Source(good, None), good, None, False) for good in node.goods if good in piles]
        if isinstance(node, (ast.Put, ast.PlayCard)):
            for kinds, source in _taken(node.card, card, binding, piles, tags, places, 0):  # each way it may come
                if isinstance(node, ast.PlayCard):  # in play, as the player's it is played for
                    moves.append(_Move(kinds, source, _PLAY, node.player or _ME, False))
                    continue
                target, whose = _place(node.target, piles, binding)
                keeps = whose is not None and _is_owner_of(whose, node.card)
                moves.append(_Move(kinds, source, target, whose, keeps))
    return moves


def _taken(
    expr: ast.Expr, card: int | None, binding: Names, piles: set[str], tags: list[frozenset[str]],
    places: dict[str, set[int]], depth: int,
) -> list[tuple[frozenset[int] | None, _Source | None]]:
    """The kinds a card expression can be and the place they are taken from, for each way
    the card may have been named (one, or each side of an `if` that names it differently)."""
    if depth > 2 * len(binding) + 2:
        return [(None, None)]
    if isinstance(expr, ast.TopCard):
        place, whose = _place(expr.subject, piles, binding)
        return [(None, _Source(place, whose))]
    if not isinstance(expr, ast.Name):
        return [(None, None)]
    if expr.name == "this":  # in play, played by `me`
        return [((None if card is None else frozenset({card})), _Source(_PLAY, _ME))]
    bound = binding.get(expr.name)
    if isinstance(bound, tuple):
        return [way for side in bound for way in _taken(expr, card, {**binding, expr.name: side}, piles, tags, places, depth + 1)]
    if isinstance(bound, ast.Let):
        return _taken(bound.value, card, binding, piles, tags, places, depth + 1)
    if isinstance(bound, (ast.Choose, ast.ForEach)) and bound.kind == "card" and bound.zone is not None:
        place, whose = _place(bound.zone, piles, binding)
        wanted = frozenset(required_tags(bound.where, bound.var)) if bound.where is not None else frozenset()
        kinds = frozenset(i for i, own in enumerate(tags) if wanted <= own) if wanted else None
        return [(kinds, _Source(place, whose))]
    return [(None, None)]


def _place(expr: ast.Expr, piles: set[str], binding: Names) -> tuple[str, ast.Expr | None]:
    """The pile (and whose, as written) or the spaces' stacks an expression names."""
    if isinstance(expr, ast.Name) and expr.name in piles and expr.name not in binding:
        return expr.name, None
    if isinstance(expr, ast.OfPlayer) and expr.counter in piles:
        return expr.counter, expr.subject
    return _STACK, None


def _is_owner_of(whose: ast.Expr, card: ast.Expr) -> bool:
    """`owner of K` for the card K itself."""
    return (
        isinstance(whose, ast.Attribute) and whose.attribute == "owner"
        and isinstance(whose.subject, ast.Name) and isinstance(card, ast.Name) and whose.subject.name == card.name
    )


def _owner_bound(variant: Variant, moves: list[_Move], places: dict[str, set[int]]) -> set[str]:
    """The piles of each player that no move can bring another player's card into: each move
    into one either carries no player's card, goes to the card's own owner's pile, or takes
    the card from an owner-bound pile of the same player (`of X` written the same way)."""
    owned = {i for i, card in enumerate(variant.cards) if _each(variant, card.starts_in) == "player"}
    bound = {pile.id for pile in variant.piles if pile.each == "player"} | {_PLAY}  # until a move says otherwise
    changed = True
    while changed:
        changed = False
        for move in moves:
            if move.target not in bound or move.keeps_owner:
                continue
            carried = set(owned) if move.kinds is None else set(move.kinds) & owned
            if move.source is not None:
                carried &= places.get(move.source.place, set())
            if not carried:
                continue
            source = move.source
            if (
                source is not None and source.place in bound and source.whose is not None and move.whose is not None
                and ast.shape(source.whose) == ast.shape(move.whose)
            ):
                continue
            bound.discard(move.target)
            changed = True
    return bound


def _each(variant: Variant, pile: str) -> str | None:
    return next((p.each for p in variant.piles if p.id == pile), None)
