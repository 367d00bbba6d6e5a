"""pilewords (issue 47): `put every card of PLACE on PLACE` (or `under`), a whole pile moved.

A game that gathers its cards back for a new round (every hand, every discard pile, the
cards set aside) wrote a `for each card C in PILE: put C on deck` for each pile, inside a
`for each player X` for the players' piles. One line now says it. The cards go as `put` moves
each one (GameState.move_card), from the bottom of the pile up, so the pile lies on the
other in the order it lay in: each move is told as a `put` is, to those who may see the card
(the others read "a card"), and a full pile keeps the cards that do not fit where they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.expressions import card_ref, held_at
from engine.core.refs import PileRef
from engine.core.trial import Trial
from engine.effects import ast
from engine.words.cards import holder
from engine.words.common import fn
from engine.words.word import QUIET, StatementWord

if TYPE_CHECKING:
    from engine.core.frames import BlockFrame, RootFrame
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.rulebook import Rulebook


def _check_put_every(c: Checker, node: ast.PutEvery, scope: Scope) -> None:
    c.card_place(node.source, scope, "the pile 'put every card of' takes the cards from")
    c.card_place(node.target, scope, "where 'put every card' puts them ('on ...')")
    if ast.shape(node.source) == ast.shape(node.target):
        c.report(node, "this puts a pile's cards on the pile they are in", "name another pile after 'on'")


def _place(where: Any) -> int:
    """A pile or a space as a card's place (CardRef.place): a pile's slot, or -1 - space."""
    return int(where) if type(where) is PileRef else -1 - where


def _run_put_every(s: ast.PutEvery, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    source_fn, target_fn, under = fn(s.source, book), fn(s.target, book), s.under

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        source, target = source_fn(g, f.env, root.me), target_fn(g, f.env, root.me)
        if source is None or target is None or source == target:
            return
        place = _place(source)
        cards = list(held_at(g, place))  # bottom first: the pile keeps its order on the other
        if under:
            cards.reverse()  # each goes to the bottom in turn: the top card first
        for code in cards:
            card = card_ref(code, place)
            g.move_card(card, target, holder(g, card, root.me), under)

    return op


def _look_put_every(s: ast.PutEvery, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The cards moved as in play, through the trial (a full pile keeps the rest)."""
    source_fn, target_fn, under = fn(s.source, book), fn(s.target, book), s.under

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        source, target = source_fn(game, env, me), target_fn(game, env, me)
        if source is None or target is None or source == target:
            return
        taken = held_at(game, _place(source))
        if not taken:
            return
        moved = list(reversed(taken)) if under else list(taken)
        if type(target) is PileRef:
            most = game.layout.slot_pile[int(target)].holds
            if most is not None:
                moved = moved[: max(0, most - len(game.piles[target]))]
            destination = game.piles[target]
        else:
            destination = game.stacks[target]
        trial.touch(taken)
        trial.touch(destination)
        for code in moved:
            del taken[len(taken) - 1 - taken[::-1].index(code)]
            if under:
                destination.insert(0, code)
            else:
                destination.append(code)

    return step


PUT_EVERY = StatementWord(
    ast.PutEvery, _check_put_every, _run_put_every, _look_put_every, told="pile", flow=QUIET,
    example="put every card of hand of me on deck\nshuffle deck", events=("put", "pile_full"),
)

WORDS = (PUT_EVERY,)
