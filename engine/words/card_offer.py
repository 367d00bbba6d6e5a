"""The card offer: `offer cards timed T [to P] [at most N]`, its word and its frame. The player
may play a card of that timing from their hand, or pass. (Two other things are offered in a
game, each with its own name: a reaction offer, reactions.py, and a trade offer, trades.py.)

Whether the offer is asked at all depends on public facts only (the deck has cards of that
timing, the hand is not empty): were it skipped when the hand holds nothing playable,
everyone would learn that from the skip (rulings.md, 33). So its options, the cards playable
now, are worked out only when first read (`CardOfferFrame.options`): a search bot judging a
game that stands at someone's card offer never needs them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core.frames import Asked, BlockFrame, Frame, RootFrame, register
from engine.core.trial import nothing
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.limits import MAX_NUMBER
from engine.words.common import maybe
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker


class CardOfferFrame(Frame):
    """A card offer under way: `player` may play a card of `timing`, or pass. With a limit
    it is asked again after each card while the turn's plays stay under it; without, once
    (unless the card played allows another play this turn)."""

    fields = ("player", "timing", "limit", "asked")
    __slots__ = fields
    kind = "offer"

    def __init__(self, player: int, timing: str, limit: int | None, asked: bool = False):
        self.player = player
        self.timing = timing
        self.limit = limit
        self.asked = asked

    def to_dict(self) -> dict[str, Any]:
        return {"t": "offer", "player": self.player, "timing": self.timing, "limit": self.limit, "asked": self.asked}

    def copy(self) -> CardOfferFrame:
        return CardOfferFrame(self.player, self.timing, self.limit, self.asked)

    def step(self, g: GameState) -> None:
        """Ask; back here after a card played from the offer, ask again only with a limit the
        turn's plays are still under. The options are worked out when first read (`options`),
        unless whether to ask depends on them (format 1, open hands)."""
        if self.asked and self.limit is None and not _plays_again(g):
            g.frames.pop()
            return
        if g.compat == 1 or g.book.open_hands:
            asked = self.question(g)
            if asked is None:
                g.frames.pop()
                return
            self.asked = True
            g.asked = asked
            return
        if not self._is_asked(g):
            g.frames.pop()
            return
        self.asked = True
        g.ask("card", self.player, None)

    def question(self, g: GameState) -> Asked | None:
        """The cards playable now, and passing; None when it is not asked: the turn's plays
        reached the limit, or (rulings.md, 33) the hand is empty or the deck has no card of
        that timing."""
        if not self._is_asked(g):
            return None
        return Asked("card", self.player, self.options(g))

    def options(self, g: GameState) -> Sequence[Action]:
        return g.playable(self.player, g.book.timed.get(self.timing, frozenset())) + [g.texts.pass_action]

    def answer(self, g: GameState, player: int, action: Action) -> None:
        if action.kind == "play":
            g.play(player, g.book.card_index[action.arg])
        else:  # passing: no card now
            g.frames.pop()

    def _is_asked(self, g: GameState) -> bool:
        """Whether the offer is asked at all (see `question`). Only public facts decide; format
        1 games skipped it when nothing was playable, and still do, so that their saves
        replay. A hand everyone sees (`open_hands`) hides nothing, so there the question
        comes only with a card to play."""
        if self.limit is not None and len(g.turn_plays) >= self.limit:
            return False
        timing = g.book.timed.get(self.timing, frozenset())
        if g.compat == 1 or g.book.open_hands:
            return bool(g.playable(self.player, timing))
        return bool(timing) and bool(g.held_to_play(self.player))

    def withheld(self, g: GameState, player: int) -> list[dict]:
        """Each card of the hand not offered ({"card", "why"}): "timing" with the card's
        timing, "per_turn", "condition", "nothing" when playing it would change nothing or
        cannot be followed."""
        offered = {a.arg for a in g.options() if a.kind == "play"}
        timing = g.book.timed.get(self.timing, frozenset())
        cards, kinds = g.variant.cards, g.book.kinds
        reasons: list[dict] = []
        for kind in sorted({code % kinds for code in g.held_to_play(player)}):
            card = cards[kind]
            if card.id in offered:
                continue
            if kind not in timing:
                reasons.append({"card": card.id, "why": "timing", "timing": card.timing})
            elif (limit := g.book.per_turn[kind]) is not None and g.turn_plays.count(kind) >= limit:
                reasons.append({"card": card.id, "why": "per_turn", "limit": limit})
            elif card.condition is not None and not g.interp.evaluate(card.condition, {}, player):
                reasons.append({"card": card.id, "why": "condition"})
            else:
                reasons.append({"card": card.id, "why": "nothing"})
        return reasons

    def card_timing(self) -> str | None:
        return self.timing

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        statement = c.pushed_by(field, index, frames, ast.OfferCards)
        me = frames[frames[index - 1]["root"]]["me"]
        if data["timing"] != statement.timing or (statement.player is None and data["player"] != me):
            c.fail(field, "is not the offer of the statement below it")
        c.player(f"{field}.player", data["player"])
        if data["limit"] is not None:
            c.whole(f"{field}.limit", data["limit"], 0, MAX_NUMBER)
        c.flag(f"{field}.asked", data["asked"])
        above = frames[index + 1]["t"] if index + 1 < len(frames) else None
        if above not in ("card", None):
            c.fail(f"frames[{index + 1}]", "only a card played from the offer stands on it")


register(CardOfferFrame)


def _plays_again(g: GameState) -> bool:
    """After a card played from an offer without a limit: the card allows another play this
    turn (`per_turn`). Only public facts decide: which card was played, how often."""
    plays = g.turn_plays
    if not plays:
        return False
    limit = g.book.per_turn[plays[-1]]
    return limit is not None and plays.count(plays[-1]) < limit


def _check_offer_cards(c: Checker, node: ast.OfferCards, scope: Scope) -> None:
    timings = c.context.timings
    if c.program_only(node, "offer cards") and node.timing not in timings:
        c.report(node, f"there is no card timing '{node.timing}'",
                 did_you_mean(node.timing, timings) or "timings: " + ", ".join(sorted(timings)))
    c.expect(node.player, "player", scope, "who is offered the cards ('to ...')")
    c.expect(node.limit, "number", scope, "how many cards at most")


def _run_offer_cards(s: ast.OfferCards, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    limit, timing, to = maybe(s.limit, book), s.timing, maybe(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = root.me if to is None else to(g, f.env, root.me)
        if player is not None:
            most = None if limit is None else max(0, limit(g, f.env, root.me) or 0)
            if most is not None and len(g.turn_plays) >= most:
                return  # not asked (CardOfferFrame.question): no frame to push and pop
            if g.compat > 1 and not g.book.open_hands and (not g.book.timed.get(timing) or not g.hand(player)):
                return  # not asked (public facts only: CardOfferFrame._is_asked): no frame to push and pop
            frame = CardOfferFrame(player, timing, most)
            g.frames.append(frame)
            frame.step(g)  # what the machine would do with the frame next, done at once

    return op


OFFER_CARDS = StatementWord(
    ast.OfferCards, _check_offer_cards, _run_offer_cards,
    lambda s, book, bodies: nothing,  # cards offered are taken to be passed
    told=0, flow=MAY_ASK, example="offer cards timed end_of_turn",
)

WORDS = (OFFER_CARDS,)
