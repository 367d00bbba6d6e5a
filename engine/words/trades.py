"""Offers between players, as data: `offer trade of GOOD, GOOD, ... to PLAYER`.

The goods are the variant's own: counters kept for each player (money, resources) and piles
kept for each player that everyone sees (deeds, a Get Out of Jail Free card). The player
making the offer puts it together one step at a time (give or ask for more or less of a
counter, give or ask for a card), then proposes it or withdraws it; the other player accepts
or declines. An accepted offer moves the amounts from one player's counters to the other's
and the cards from one's pile to the other's pile of the same name.

It is asked one question at a time, like everything else (TradeFrame): putting an offer
together takes at most MAX_TRADE_STEPS steps, after which only proposing or withdrawing is
left, so no offer is endless. A bot answering judges the position after each answer
(accepting an offer that leaves it worse off is one it can see), so lopsided offers do not
farm it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.effects import ast
from engine.game.frames import BlockFrame, RootFrame, TradeFrame
from engine.game.trial import Fail, Trial, acted
from engine.words.common import fn, player_or_me
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game import Game
    from engine.game.messages import Action
    from engine.game.rulebook import Rulebook

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

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        partner, proposer = player_fn(g, f.env, root.me), by_fn(g, f.env, root.me)
        if partner is None or proposer is None or partner == proposer:
            return
        g.frames.append(TradeFrame(proposer, partner, list(goods)))

    return op


def _look_offer_trade(s: ast.OfferTrade, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """An offer made is a change (if only to the log), when there is someone to make it to."""
    player_fn, by_fn = fn(s.player, book), player_or_me(s.by, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: Trial) -> Any:
        partner, proposer = player_fn(game, env, me), by_fn(game, env, me)
        if partner is None or proposer is None or partner == proposer:
            raise Fail
        acted(trial)

    return step


OFFER_TRADE = StatementWord(
    ast.OfferTrade, _check_offer_trade, _run_offer_trade, _look_offer_trade, told=2, flow=MAY_ASK,
    example="choose opponent O\noffer trade of discards to O", events=("trade_offer", "trade_answer", "trade_withdrawn"),
)

WORDS = (OFFER_TRADE,)


# ----- the frame's questions and answers (Game._step_trade and _resolve call these) ----------


def held(g: Game, good: str, player: int) -> int:
    """How much of a counter good a player has to give (never less than nothing)."""
    return max(0, g.player_counters[good][player])


def cards_of(g: Game, good: str, player: int) -> list[int]:
    """The cards of a player's pile of that name, each once, in the pile's order."""
    return list(dict.fromkeys(g.piles[g.layout.base[good] + player]))


def trade_question(g: Game, frame: TradeFrame) -> tuple[str, int, list[Action]]:
    """What the player deciding is asked: the proposer, each step of putting the offer
    together; the partner, to accept or decline."""
    action = g.texts.action
    if frame.stage == "reply":
        # declining first: a bot that sees no gain either way (the first on a tie) keeps what it has
        return "reply", frame.partner, [action("reply", "decline"), action("reply", "accept")]
    options = [action("trade", "withdraw")]
    if frame.give or frame.ask or frame.give_cards or frame.ask_cards:
        options.append(action("trade", "propose"))
    if frame.steps >= MAX_TRADE_STEPS:
        return "trade", frame.proposer, options
    for good in frame.goods:
        if good in g.player_counters:
            for side, amounts, most in (
                ("give", frame.give, held(g, good, frame.proposer)),
                ("ask", frame.ask, held(g, good, frame.partner)),
            ):
                now = amounts.get(good, 0)
                targets = [now + step for step in STEPS] + [now - step for step in STEPS]
                options += [action("trade", f"{side} {good} {n}") for n in targets if 0 <= n <= most]
        else:
            for side, player, chosen in (("give", frame.proposer, frame.give_cards),
                                         ("ask", frame.partner, frame.ask_cards)):
                for code in cards_of(g, good, player):
                    key = f"{good}#{code}"
                    verb = "drop" if key in chosen else side
                    options.append(action("trade", f"{verb} {key}"))
    return "trade", frame.proposer, options


def resolve_trade(g: Game, frame: TradeFrame, action: Action) -> None:
    """Carry out one answer to the frame's question."""
    arg = str(action.arg)
    if action.kind == "reply":
        g.frames.pop()
        accepted = arg == "accept"
        g.emit("trade_answer", {"player": frame.partner, "to": frame.proposer, "accepted": accepted})
        if accepted:
            _exchange(g, frame)
        return
    if arg == "withdraw":
        g.frames.pop()
        g.emit("trade_withdrawn", {"player": frame.proposer, "to": frame.partner})
        return
    if arg == "propose":
        frame.stage = "reply"
        g.emit("trade_offer", {
            "player": frame.proposer, "to": frame.partner, "give": dict(frame.give), "ask": dict(frame.ask),
            "give_cards": list(frame.give_cards), "ask_cards": list(frame.ask_cards),
        })
        return
    frame.steps += 1
    verb, what = arg.split(" ", 1)
    if "#" in what:
        chosen = frame.give_cards if (verb == "give" or (verb == "drop" and what in frame.give_cards)) else frame.ask_cards
        if verb == "drop":
            chosen.remove(what)
        else:
            chosen.append(what)
        return
    good, amount = what.rsplit(" ", 1)
    amounts = frame.give if verb == "give" else frame.ask
    if int(amount):
        amounts[good] = int(amount)
    else:
        amounts.pop(good, None)


def _exchange(g: Game, frame: TradeFrame) -> None:
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
        for key in cards:
            good, code = key.split("#")
            source = g.piles[g.layout.base[good] + giver]
            if int(code) in source:
                source.remove(int(code))
                g.piles[g.layout.base[good] + taker].append(int(code))
