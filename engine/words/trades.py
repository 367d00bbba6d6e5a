"""Offers between players, as data: `offer trade of GOOD, GOOD, ... to PLAYER`.

The goods are the variant's own: counters kept for each player (money, resources) and piles
kept for each player that everyone sees (deeds, a Get Out of Jail Free card). The player
making the offer puts it together one step at a time (give or ask for more or less of a
counter, give or ask for a card), then proposes it or withdraws it; the other player accepts
or declines. An accepted offer moves the amounts from one player's counters to the other's
and the cards from one's pile to the other's pile of the same name.

It is asked one question at a time, like everything else (TradeOfferFrame): putting an offer
together takes at most MAX_TRADE_STEPS steps, after which only proposing or withdrawing is
left, so no offer is endless. A bot answering judges the position after each answer
(accepting an offer that leaves it worse off is one it can see), so lopsided offers do not
farm it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.frames import Asked, BlockFrame, Frame, RootFrame, register
from engine.core.question import Trade
from engine.core.trial import Fail, Trial, acted
from engine.effects import ast
from engine.effects.limits import MAX_NUMBER
from engine.words.common import fn, player_or_me
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker

MAX_TRADE_STEPS = 20
"""Steps of putting one offer together, at most; then it is proposed or withdrawn."""

STEPS = (1, 10, 100)
"""How much more or less of a counter one step gives or asks for."""


def _check_offer_trade(c: Checker, node: ast.OfferTrade, scope: Scope) -> None:
    c.expect(node.player, "player", scope, "who the offer is made to")
    c.expect(node.by, "player", scope, "who makes the offer ('by ...')")
    context = c.context
    seen: set[str] = set()
    for good in node.goods:
        if good in seen:
            c.report(node, f"'{good}' is named twice among the goods", "name each good once")
        seen.add(good)
        if good in context.per_player and good not in context.per_space:
            continue
        each = context.pile_each.get(good)
        if each == "player":
            if good not in context.public_piles:
                c.report(node, f"the pile '{good}' is not seen by everyone, so its cards cannot be offered openly",
                         "trade from piles whose 'seen_by' is 'all'")
            continue
        c.report(node, f"'{good}' is not a counter nor a pile kept for each player, so it cannot change hands",
                 "name counters with 'each: player' or piles with 'each: player'")


def _run_offer_trade(s: ast.OfferTrade, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, by_fn, goods = fn(s.player, book), player_or_me(s.by, book), list(s.goods)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        partner, proposer = player_fn(g, f.env, root.me), by_fn(g, f.env, root.me)
        if partner is None or proposer is None or partner == proposer:
            return
        g.frames.append(TradeOfferFrame(proposer, partner, list(goods)))

    return op


def _look_offer_trade(s: ast.OfferTrade, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """An offer made is a change (if only to the log), when there is someone to make it to."""
    player_fn, by_fn = fn(s.player, book), player_or_me(s.by, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        partner, proposer = player_fn(game, env, me), by_fn(game, env, me)
        if partner is None or proposer is None or partner == proposer:
            raise Fail
        acted(trial)

    return step


OFFER_TRADE = StatementWord(
    ast.OfferTrade, _check_offer_trade, _run_offer_trade, _look_offer_trade, told=4, flow=MAY_ASK,
    example="choose opponent O\noffer trade of discards to O",
    events=("trade_offer", "trade_answer", "trade_withdrawn", "pile_full"),
)

WORDS = (OFFER_TRADE,)


# ----- the trade offer's frame: its questions and answers -----------------------------------


class TradeOfferFrame(Frame):
    """A trade offer between two players under way: the goods it may hold, what the proposer
    gives and asks for so far (amounts of counters by name; cards as "pile#code"), the steps
    taken putting it together, and its stage: "compose" (the proposer is asked) or "reply"
    (the partner is)."""

    fields = ("proposer", "partner", "goods", "give", "ask", "give_cards", "ask_cards", "steps", "stage")
    __slots__ = fields
    kind = "trade"

    def __init__(
        self, proposer: int, partner: int, goods: list[str], give: dict[str, int] | None = None,
        ask: dict[str, int] | None = None, give_cards: list[str] | None = None, ask_cards: list[str] | None = None,
        steps: int = 0, stage: str = "compose",
    ):
        self.proposer = proposer
        self.partner = partner
        self.goods = goods
        self.give: dict[str, int] = {} if give is None else give
        self.ask: dict[str, int] = {} if ask is None else ask
        self.give_cards: list[str] = [] if give_cards is None else give_cards
        self.ask_cards: list[str] = [] if ask_cards is None else ask_cards
        self.steps = steps
        self.stage = stage

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "trade", "proposer": self.proposer, "partner": self.partner, "goods": list(self.goods),
            "give": dict(self.give), "ask": dict(self.ask), "give_cards": list(self.give_cards),
            "ask_cards": list(self.ask_cards), "steps": self.steps, "stage": self.stage,
        }

    def copy(self) -> TradeOfferFrame:
        return TradeOfferFrame(
            self.proposer, self.partner, list(self.goods), dict(self.give), dict(self.ask), list(self.give_cards),
            list(self.ask_cards), self.steps, self.stage,
        )

    def step(self, g: GameState) -> None:
        g.asked = self.question(g)

    def question(self, g: GameState) -> Asked:
        """What the player deciding is asked: the proposer, each step of putting the offer
        together; the partner, to accept or decline."""
        action = g.texts.action
        if self.stage == "reply":
            # declining first: a bot that sees no gain either way (the first on a tie) keeps what it has
            return Asked("reply", self.partner, [action("reply", "decline"), action("reply", "accept")])
        options = [action("trade", "withdraw")]
        if self.give or self.ask or self.give_cards or self.ask_cards:
            options.append(action("trade", "propose"))
        if self.steps >= MAX_TRADE_STEPS:
            return Asked("trade", self.proposer, options)
        for good in self.goods:
            if good in g.player_counters:
                for side, amounts, most in (
                    ("give", self.give, held(g, good, self.proposer)),
                    ("ask", self.ask, held(g, good, self.partner)),
                ):
                    now = amounts.get(good, 0)
                    targets = [now + step for step in STEPS] + [now - step for step in STEPS]
                    options += [action("trade", f"{side} {good} {n}") for n in targets if 0 <= n <= most]
            else:
                for side, player, chosen in (("give", self.proposer, self.give_cards),
                                             ("ask", self.partner, self.ask_cards)):
                    for code in cards_of(g, good, player):
                        key = f"{good}#{code}"
                        verb = "drop" if key in chosen else side
                        options.append(action("trade", f"{verb} {key}"))
        return Asked("trade", self.proposer, options)

    def answer(self, g: GameState, player: int, action: Action) -> None:
        """Carry out one answer to the question: a reply, withdrawing, proposing, or one step
        of putting the offer together."""
        arg = str(action.arg)
        if action.kind == "reply":
            g.frames.pop()
            accepted = arg == "accept"
            g.emit("trade_answer", {"player": self.partner, "to": self.proposer, "accepted": accepted})
            if accepted:
                _exchange(g, self)
            return
        if arg == "withdraw":
            g.frames.pop()
            g.emit("trade_withdrawn", {"player": self.proposer, "to": self.partner})
            return
        if arg == "propose":
            self.stage = "reply"
            g.emit("trade_offer", {
                "player": self.proposer, "to": self.partner, "give": dict(self.give), "ask": dict(self.ask),
                "give_cards": list(self.give_cards), "ask_cards": list(self.ask_cards),
            })
            return
        self.steps += 1
        verb, what = arg.split(" ", 1)
        if "#" in what:
            chosen = self.give_cards if (verb == "give" or (verb == "drop" and what in self.give_cards)) else self.ask_cards
            if verb == "drop":
                chosen.remove(what)
            else:
                chosen.append(what)
            return
        good, amount = what.rsplit(" ", 1)
        amounts = self.give if verb == "give" else self.ask
        if int(amount):
            amounts[good] = int(amount)
        else:
            amounts.pop(good, None)

    def seen_trade(self, g: GameState) -> Trade:
        words = g.texts.offer(self.proposer, self.partner, self.give, self.give_cards, self.ask, self.ask_cards)
        return Trade(self.proposer, self.partner, self.stage, tuple(self.goods), tuple(self.give.items()),
                     tuple(self.ask.items()), tuple(self.give_cards), tuple(self.ask_cards), words)

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        statement = c.pushed_by(field, index, frames, ast.OfferTrade)
        c.on_top(field, index, frames)
        proposer = c.player(f"{field}.proposer", data["proposer"])
        partner = c.player(f"{field}.partner", data["partner"])
        if proposer == partner:
            c.fail(field, "must be an offer of one player to another")
        if data["goods"] != list(statement.goods):
            c.fail(f"{field}.goods", "must be the goods the statement below it names")
        counters = {g for g in statement.goods if g in c.data["player_counters"]}
        for side in ("give", "ask"):
            c.mapping(f"{field}.{side}", data[side], (), tuple(sorted(counters)))
            for good, amount in data[side].items():
                c.whole(f"{field}.{side}.{good}", amount, 1, MAX_NUMBER)
            cards = c.listing(f"{field}.{side}_cards", data[f"{side}_cards"], most=c.total_cards)
            for i, key in enumerate(cards):
                good, _, code = key.partition("#") if type(key) is str else ("", "", "")
                if good not in statement.goods or good in counters or not code.isdigit():
                    c.fail(f"{field}.{side}_cards[{i}]", "must be a card of a pile the offer trades, as pile#code")
            if len(set(cards)) != len(cards):
                c.fail(f"{field}.{side}_cards", "names a card twice")
        c.whole(f"{field}.steps", data["steps"], 0, MAX_TRADE_STEPS)
        if data["stage"] not in ("compose", "reply"):
            c.fail(f"{field}.stage", "must be 'compose' or 'reply'")


register(TradeOfferFrame)


def held(g: GameState, good: str, player: int) -> int:
    """How much of a counter good a player has to give (never less than nothing)."""
    return max(0, g.player_counters[good][player])


def cards_of(g: GameState, good: str, player: int) -> list[int]:
    """The cards of a player's pile of that name, each once, in the pile's order."""
    return list(dict.fromkeys(g.piles[g.layout.base[good] + player]))


def _exchange(g: GameState, frame: TradeOfferFrame) -> None:
    """Move what each side gives to the other, as it stands now (an amount no longer held is
    given as far as it goes)."""
    for giver, taker, amounts, cards in (
        (frame.proposer, frame.partner, frame.give, frame.give_cards),
        (frame.partner, frame.proposer, frame.ask, frame.ask_cards),
    ):
        for good, amount in amounts.items():
            moved = min(amount, held(g, good, giver))
            if moved:
                g.add_to(good, giver, -moved)
                g.add_to(good, taker, moved)
        full_told = False
        for key in cards:
            good, code = key.split("#")
            source = g.piles[g.layout.base[good] + giver]
            if int(code) in source and g.full(g.layout.base[good] + taker):
                if not full_told:  # the card stays with its giver; told once a side
                    g.pile_full(g.layout.base[good] + taker, taker)
                    full_told = True
            elif int(code) in source:
                source.remove(int(code))
                g.piles[g.layout.base[good] + taker].append(int(code))
