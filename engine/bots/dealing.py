"""Offers the strong bot puts together itself: a card or some of a counter asked of another
player, for money (engine/words/trades.py's `offer trade`).

The greedy bot only answers offers: putting one together is a search of whole offers, not a
step at a time (greedy._OFFER_ENDS). Here the search is over one kind of offer, the one a
table makes most: "I'll give you so much for that". Where the bot's options open an offer
box (a round of deals), each box it can reach is found (`boxes`), and in it, each good the
partner holds that may be asked for: each of their cards, and one, two or four of each counter
that is not money. For each, the least money the partner would take is found by bisection,
judging the partner as a greedy bot does, by the variant's own evaluation (`fair`): an offer
it takes leaves it better off, so a partner is never talked into a loss (tests/test_rules_builder.py).
The bot proposes the offer that gains it most by its own evaluation, when that gain is worth
it (MIN_GAIN), checked first against the partner's answer as greedy would give it, carried
through (greedy.best_option). Then it steps through the box to that offer (`next_step`).

In the bot's own turn, the gain at the prices the partner takes is judged carried through
the bot's choices after the offer (`_carried`), against the box withdrawn: what the goods let
it build before the turn ends. Judged at once, a resource counted at its held worth, and the
bot never paid what the last one of a floor, or of the penthouse that ends the game, is
worth. Against two greedy bots, three-player Monopoly Builder, 600 games on seeds 7 and 31:
68.8% [65.0, 72.4], against 48.2% judged at once. A third of that gain was greedy selling
the last resource of the penthouse for a little money; greedy now plays the turn on to its
end before it answers, and does not sell what lets the proposer end the game
(greedy.answer_gain): against such greedy bots, 61.7% of the same 600 games [57.7, 65.5].
The offer and none are judged where the turn ends, the game stopped there before the next
turn's roll (greedy.carry_to_turn_end), as the partner judges its answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.bots.evaluate import Evaluator, ScoreEvaluator
from engine.bots.greedy import Scratch, best_option, carry_to_turn_end
from engine.core.question import Trade
from engine.game.game_state import GameState
from engine.game.messages import Action
from engine.words.trades import MAX_TRADE_STEPS, cards_of, held

Judge = Evaluator | ScoreEvaluator

MIN_GAIN = 2.0
"""The least gain, by the bot's own evaluation, an offer must bring to be proposed: a fifth
of a point of the first score (which counts ten to a point). At 6, against two greedy bots in
Monopoly Builder, 150 games each: 44.7% (seed 99) and 47.3% (2026), against 48.7% and 48.0%."""
REPEAT_TURNS = 3
"""Turns before the bot proposes the same thing to the same partner again, if what the
partner holds of what it asks for has changed since (`Memory`)."""
MONEY_STEP = 10
"""The money offered is a multiple of this (fewer steps to put it together)."""
COUNTS = (1, 2, 4)
"""How many of a counter the bot asks for."""
MAX_BOXES = 8
"""Offer boxes looked into a decision, at most (one for each partner, in a round of deals)."""
MAX_DEPTH = 3
"""The bot's own choices followed from an option to the box it opens (an offer, then whom to)."""
CHECKS = 3
"""Prices tried above the bisection's, when the partner's answer carried through declines."""


@dataclass
class Offer:
    """An offer to put together: the choices that open its box (kind and argument each), the
    partner, and what is given and asked for."""

    path: list[tuple[str, object]]
    partner: int
    give: dict[str, int]
    ask: dict[str, int]
    ask_cards: list[str]
    gain: float
    proposed: bool = False
    key: tuple = field(default=())
    """What `Memory` knows it by (`offer_key`)."""


class Memory:
    """The offers a bot has proposed, by partner and what was asked of them (`offer_key`),
    each with the turn it was proposed in and what the partner held then of the goods asked
    for (`holdings` of `asked_goods`). One is not proposed again for REPEAT_TURNS turns, nor
    after them while that is the same: a partner who declined it would decline it again
    (issue 46, 14: the strong bot asked a person for Harbour Row for 110M six times, every
    fourth turn, and each stopped the game for them). What else changes every turn (the
    cash, the resources a roll hands out, the board) is no reason: remembering the offer with
    both players' holdings and the board, it was never blocked once in three games, and a
    person was asked for the same deed three times. An offer accepted changed the partner's
    holdings, so it never blocks one.

    All of it is read from what every seat sees (the observation at the proposal, the offer
    made in the open), so the same memory is made again from a game's record
    (`proposed_in`), as a restored game's session does for its bots: a bot's other state
    starts anew at a restore, this would repeat every offer declined before it."""

    def __init__(self) -> None:
        self.proposed: dict[tuple, tuple[int, tuple[str, ...], tuple]] = {}

    def __len__(self) -> int:
        return len(self.proposed)

    def note(self, key: tuple, observation: dict) -> None:
        """`key` proposed by the player whose observation this is (its turn, and what the
        partner holds now of what is asked)."""
        goods = asked_goods(key)
        self.proposed[key] = (observation["turn"], goods, holdings(observation, goods, (key[0],)))

    def allows(self, key: tuple, observation: dict) -> bool:
        """Whether the offer `key` may be proposed now, by the player whose observation this is."""
        found = self.proposed.get(key)
        if found is None:
            return True
        turn, goods, then = found
        if observation["turn"] - turn <= REPEAT_TURNS:
            return False
        return holdings(observation, goods, (key[0],)) != then


def offer_key(partner: int, ask: dict[str, int], ask_cards: list[str] | tuple[str, ...]) -> tuple:
    """What makes two offers the same to `Memory`: the partner and what is asked of them (at
    whatever price: a partner who would not sell at one price is not asked again at another
    while nothing has changed)."""
    return (partner, tuple(sorted(ask.items())), tuple(ask_cards))


def asked_goods(key: tuple) -> tuple[str, ...]:
    """The goods an offer's `offer_key` asks for: its counters, and the piles of its cards
    ('deeds#12' is a card of the pile 'deeds')."""
    _, ask, cards = key
    return tuple(dict.fromkeys([good for good, _ in ask] + [card.split("#", 1)[0] for card in cards]))


def holdings(observation: dict, goods: tuple[str, ...], players: tuple[int, ...]) -> tuple:
    """What `players` hold of `goods` (a counter's amount; a pile's cards, or how many when
    they are not seen), as an observation shows them."""
    counters = observation["counters"]
    piles: list[dict] | None = None
    held_now = []
    for good in goods:
        amounts = counters.get(good)
        if isinstance(amounts, list):
            held_now.append(tuple(amounts[p] for p in players))
            continue
        piles = observation["piles"] if piles is None else piles
        held_now.append(tuple(
            tuple(sorted(entry["cards"])) if entry["cards"] is not None else entry["size"]
            for p in players for entry in piles if entry["pile"] == good and entry["owner"] == p))
    return tuple(held_now)


def proposed_in(record: list[tuple[dict, dict]]) -> dict[int, Memory]:
    """The memory of each player who proposed offers in a game, from its record: each offer
    made (the question's public offer, `Question.trade`, in its reply stage) with the
    proposer's observation then."""
    memories: dict[int, Memory] = {}
    for offer, observation in record:
        key = offer_key(offer["to"], offer["ask"], offer["ask_cards"])
        memories.setdefault(offer["from"], Memory()).note(key, observation)
    return memories


def boxes(game: GameState, indices: list[int], me: int, scratch: Scratch) -> list[tuple[list[Action], GameState]]:
    """The offer boxes `me` opens with the pending options `indices` and up to MAX_DEPTH of
    their own choices after (whom to make it to), each with the choices that open it and a
    game with it open (the caller's, to hand back to `scratch`)."""
    found: list[tuple[list[Action], GameState]] = []
    actions = game.legal_actions()
    for index in indices:
        trial = scratch.copy(game)
        trial.apply(actions[index])
        _walk(trial, [actions[index]], me, scratch, MAX_DEPTH - 1, found)
    return found


def _walk(game: GameState, path: list[Action], me: int, scratch: Scratch, depth: int,
          found: list[tuple[list[Action], GameState]]) -> None:
    if len(found) >= MAX_BOXES or game.asked is None or game.current_player != me:
        scratch.done(game)
        return
    trade = _trade(game)
    if trade is not None and trade.stage == "compose" and trade.proposer == me and game.decision == "trade":
        found.append((path, game))
        return
    if depth <= 0:
        scratch.done(game)
        return
    for action in game.legal_actions():
        trial = scratch.copy(game)
        trial.apply(action)
        _walk(trial, [*path, action], me, scratch, depth - 1, found)
    scratch.done(game)


def best_offer(
    game: GameState, indices: list[int], me: int, mine: Judge, fair: Judge, scratch: Scratch,
    money: frozenset[str], recent: Memory, observation: dict,
) -> Offer | None:
    """The offer worth most to `me` (by `mine`) that its partner would take (by `fair`),
    among those the options `indices` open, or None when none gains MIN_GAIN. An offer
    proposed before is left out while `recent` (`me`'s, read with `me`'s observation) says so."""
    best: Offer | None = None
    for path, box in boxes(game, indices, me, scratch):
        frame = _trade(box)
        assert frame is not None  # a box stands at its offer
        cash = next((good for good in frame.goods if good in money), None)
        through = _withdrawn_carried(box, me, mine, scratch) if cash is not None and box.turn_player == me else None
        if cash is not None:
            for counted, cards in _traded(box, frame, cash):
                key = offer_key(frame.partner, counted, cards)
                if not recent.allows(key, observation):
                    continue
                offer = _priced(box, frame, me, cash, counted, cards, mine, fair, scratch, through)
                if offer is not None and (best is None or offer.gain > best.gain):
                    offer.path = [(action.kind, action.arg) for action in path]
                    offer.key = key
                    best = offer
        scratch.done(box)
    return best


def _traded(box: GameState, frame: Trade, cash: str) -> list[tuple[dict[str, int], list[str]]]:
    """What may be bought of the partner for money: each of their cards among the goods, and
    COUNTS of each counter but the money. Not sold: an offer that sold resources for money
    (a search that counts money at a tenth holds its resources at less than their worth)
    left them with a partner who could not build with them, and in 4 of 300 games against
    two greedy bots nobody could pay for the penthouse again (the game ran to the safety
    limit of decisions)."""
    asked: list[tuple[dict[str, int], list[str]]] = []
    for good in frame.goods:
        if good in box.player_counters:
            if good != cash:
                have = held(box, good, frame.partner)
                asked += [({good: count}, []) for count in COUNTS if count <= have]
        else:
            asked += [({}, [f"{good}#{code}"]) for code in cards_of(box, good, frame.partner)]
    return asked


def _priced(
    box: GameState, frame: Trade, me: int, cash: str, counted: dict[str, int], cards: list[str],
    mine: Judge, fair: Judge, scratch: Scratch, through: float | None = None,
) -> Offer | None:
    """The offer of `counted` and `cards` for the least money the partner takes, with its
    gain to `me`; None when no price they take gains MIN_GAIN. With `through` (`me`'s score
    with no offer made, carried through their choices after it), the gain at the prices the
    partner takes is judged carried through too: what the goods let `me` build at once."""
    partner = frame.partner
    mine_before, theirs_before = mine.score(box, me), fair.score(box, partner)
    most = held(box, cash, me) // MONEY_STEP

    def paid(steps: int) -> dict[str, int]:
        return {cash: steps * MONEY_STEP} if steps else {}

    judged: dict[int, tuple[bool, float]] = {}  # by price: the search and its checks meet again

    def taken(steps: int) -> tuple[bool, float]:
        """Whether the partner takes the offer at this price (judged at once), and its gain to `me`."""
        found = judged.get(steps)
        if found is None:
            after = _accepted(box, paid(steps), counted, cards, scratch)
            if after is None:
                found = (False, 0.0)
            else:
                found = (fair.score(after, partner) > theirs_before, mine.score(after, me) - mine_before)
                scratch.done(after)
            judged[steps] = found
        return found

    if taken(0)[1] < MIN_GAIN:  # the most it can gain: paying only lowers it
        return None
    if not taken(most)[0]:
        return None
    low, high = -1, most  # taken at high, not at low
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if taken(middle)[0] else (middle, high)
    for steps in range(high, min(most, high + CHECKS) + 1):
        gain = taken(steps)[1]
        if through is not None:
            after = _accepted(box, paid(steps), counted, cards, scratch)
            if after is not None:
                gain = _carried(after, me, mine, scratch) - through
        if gain < MIN_GAIN:
            return None
        if _answered_yes(box, paid(steps), counted, cards, fair, scratch):
            return Offer([], partner, paid(steps), dict(counted), list(cards), gain)
    return None


def _carried(game: GameState, me: int, mine: Judge, scratch: Scratch) -> float:
    """`me`'s score where the turn ends, from `game` (which goes to `scratch`), carried there
    as greedy plays it (greedy.carry_to_turn_end): the rest of the round of deals, then what
    the offer's goods let them build. The offer and none are judged at that one point, as
    the partner judges its answers (greedy.answer_gain)."""
    trial = carry_to_turn_end(game, me, mine, scratch)
    score = mine.score(trial, me)
    scratch.done(trial)
    return score


def _withdrawn_carried(box: GameState, me: int, mine: Judge, scratch: Scratch) -> float | None:
    """`_carried` with no offer made: the box withdrawn (None when it cannot be)."""
    withdraw = next((a for a in box.legal_actions() if a.arg == "withdraw"), None)
    if withdraw is None:
        return None
    trial = scratch.copy(box)
    trial.apply(withdraw)
    return _carried(trial, me, mine, scratch)


def _composed(
    box: GameState, give: dict[str, int], ask: dict[str, int], ask_cards: list[str], scratch: Scratch,
) -> GameState | None:
    """A copy of `box` with the offer put together and proposed, the partner's answer pending,
    or None when the box does not let it be put together."""
    trial = scratch.copy(box)
    goal = Offer([], -1, give, ask, ask_cards, 0.0)
    for _ in range(MAX_TRADE_STEPS + 2):
        if trial.decision != "trade":
            break
        action = _toward(trial, goal)
        if action is None:
            break
        trial.apply(action)
        if action.arg == "propose":
            if trial.decision == "reply":
                return trial
            break
    scratch.done(trial)
    return None


def _accepted(
    box: GameState, give: dict[str, int], ask: dict[str, int], ask_cards: list[str], scratch: Scratch,
) -> GameState | None:
    """A copy of `box` with the offer proposed and accepted (the exchange made), or None."""
    trial = _composed(box, give, ask, ask_cards, scratch)
    if trial is None:
        return None
    trial.apply(next(a for a in trial.legal_actions() if a.arg == "accept"))
    return trial


def _answered_yes(box: GameState, give: dict[str, int], ask: dict[str, int], ask_cards: list[str], fair: Judge,
                  scratch: Scratch) -> bool:
    """Whether the partner, answering as greedy answers (each answer carried through), takes it."""
    trial = _composed(box, give, ask, ask_cards, scratch)
    if trial is None:
        return False
    actions, partner = trial.legal_actions(), trial.current_player
    if partner is None:
        return False
    index = best_option(trial, partner, fair, True, scratch)
    scratch.done(trial)
    return actions[index].arg == "accept"


def _toward(game: GameState, goal: Offer) -> Action | None:
    """The step of the pending offer box that brings it nearest `goal`; "propose" once it is
    there (or no step is left), None when there is nothing to propose."""
    frame = _trade(game)
    assert frame is not None  # the box stands at its offer
    actions = {str(action.arg): action for action in game.legal_actions()}
    for key in goal.ask_cards:
        if key not in frame.ask_cards and f"ask {key}" in actions:
            return actions[f"ask {key}"]
    for key in frame.ask_cards:
        if key not in goal.ask_cards and f"drop {key}" in actions:
            return actions[f"drop {key}"]
    for key in frame.give_cards:
        if f"drop {key}" in actions:
            return actions[f"drop {key}"]
    for side, wanted, now in (("give", goal.give, dict(frame.give)), ("ask", goal.ask, dict(frame.ask))):
        for good in sorted({*wanted, *now}):
            target, have = wanted.get(good, 0), now.get(good, 0)
            if target == have:
                continue
            steps = [(abs(int(arg.rsplit(" ", 1)[1]) - target), arg) for arg in actions
                     if arg.startswith(f"{side} {good} ") and "#" not in arg]
            if steps:
                distance, arg = min(steps)
                if distance < abs(have - target):
                    return actions[arg]
    if "propose" in actions:
        return actions["propose"]
    return actions.get("withdraw")


def next_step(game: GameState, offer: Offer) -> Action | None:
    """The step toward `offer` at the pending decision of `game` (the bot's own, as it knows
    it), or None when the decision is not the offer's: the plan is then dropped."""
    if offer.path:
        kind, arg = offer.path[0]
        for action in game.legal_actions():
            if action.kind == kind and action.arg == arg:
                offer.path.pop(0)
                return action
        return None
    trade = _trade(game)
    if game.decision != "trade" or trade is None or trade.partner != offer.partner:
        return None
    step = _toward(game, offer)
    if step is not None and step.arg == "propose":
        offer.proposed = True
    return step


def _trade(game: GameState) -> Trade | None:
    """The trade offer the game's question belongs to, if it is one (Question.trade), read
    without the rest of the question: a bot opening offer boxes reads it at every step."""
    return game.frames[-1].seen_trade(game) if game.asked is not None else None
