"""The greedy bot: tries each option on one game sampled from what it knows and keeps the one
the evaluation (engine/bots/evaluate.py) likes best.

A unit placed is judged at once, by ownership computed from the stacks (settling waits for
the end of the roll's building). Any other choice is followed through the player's own
decisions that it leads to (the zone chosen is built in, a card played is resolved, each
step taken greedily one unit or choice at a time) up to the next card decision or another
player's turn, and judged there; an opponent asked to answer a card is assumed to decline,
and one asked in an open window (a bid, a round of deals) to pass (ANSWERS).

A push-your-luck choice (roll again, or bank the pot) is judged where the turn ends, by the
mean over new rolls (`judge_gamble`): judged where it was followed to, what was banked
counted and what a roll may still win did not, and greedy never rolled again.

A secret pick (`in secret, each player X chooses ...`) is judged after the reveal, where the
turn ends, by the mean over guesses of the others' picks (`judge_secret`); anywhere in a
look-ahead, another player's secret pick is guessed among their options (`_guess_pick`), never
read: the game as the bot knows it has forgotten it.

An answer to an offer is judged at two points the same for both answers (`answer_gain`):
right after it, as the goods stand, and where the turn ends, before the next one begins: from
where it is followed to, the turn is played on, every choice made as judged at once for its
player, and the game stops there (GameState.last_turn). The offer is taken only if it gains at
both, or, where the game ends in the turn, if it ends better. Judged where each was followed
to, the answers of one question stood at different points: on a turn with doubles, declining
stood in the turn with the resources to build, accepting (nothing left to build) ran into the
extra turn and counted its salary, and a bot gave 6 excavators and 4 boats for 1M where it
would not give one excavator (issue 44). Judged where the round of deals closed, a bot sold
a player the last resource of their penthouse for a little money, and they built it and won.
Judged where the turn ends alone, what the others then do with the goods decides: a bot gave
all its resources for 1M, as the proposer, with them, built up rather than beside the bot's
buildings (the Community Builder card).

Settings (e.g. "greedy:answers=once"):
  answers     pass (default) or once: how another player answers in an open window (ANSWERS)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from engine.bots.base import Bot, BotSpecError, considered, considered_in, register_bot
from engine.bots.budget import AT_RANDOM, Thinking
from engine.bots.evaluate import Evaluator, ScoreEvaluator, evaluator_for
from engine.core.frames import CardFrame
from engine.core.number_options import NumberOptions
from engine.core.question import open_windows
from engine.effects import ast
from engine.effects.limits import (
    LOOKAHEAD_COPY_BYTES,
    LOOKAHEAD_COPY_FREE,
    MAX_BOT_GAME_WORK,
    MAX_LOOKAHEAD_BYTES,
    MAX_LOOKAHEAD_WORK,
)
from engine.game.footprint import footprint
from engine.game.game_state import GameState, WorkMeter
from engine.game.messages import Action
from engine.game.native import mypyc_attr
from engine.game.piles import PileLayout
from engine.game.rng import Rng
from engine.game.rulebook import rulebook_for
from engine.game.sampling import Sampler, put_on_top, top_odds
from engine.variant.model import Variant

ANSWERS = ("pass", "once")
"""The setting `answers`: how the look-ahead has another player answer in an open window (a
bid, a round of deals). "pass" (the default): they pass, and the window closes unless the bot
itself goes on (`_pass_answer`). "once": they answer as the bot would judge the answer at
once. Monopoly Builder, three players: with "pass" a game took 121 ms of CPU against 177
(each bid tried four answers of each other bidder, 30 games copied, played and scored a bid),
and a bot answering so won 37.0% of 300 games [31.7, 42.6] against two answering "once". An
answer judged at once mostly passed anyway (93% of them): a raise sets money aside and wins
nothing yet; the few raises it foresaw came from ties (the first option, "bid", wins one)."""

_KEEP_PASSES = 1024
"""The questions `Scratch.passes` remembers before it forgets them all: a variant's windows ask
a handful, but one whose options vary (a card among many) must not grow it without end."""

_FOLLOW = frozenset({"build", "choose", "discard", "react"})
"""Decisions of the player's own that a choice is followed through before it is judged."""
_MAX_FOLLOW = 60
_MAX_TURN_END = 200
"""Choices a look-ahead plays, at most, from where a choice was followed to, to the end of
the turn (`_to_turn_end`): a Monopoly Builder turn's round of deals and building take some 30."""

_OFFER_ENDS = frozenset({"withdraw", "propose"})
"""The answers that end putting an offer together (engine/words/trades.py), the only ones
the look-ahead tries. A step that adds to an offer changes nothing a position is judged by
until the offer is proposed: judged at once, it stood still while withdrawing played on into
the next turn, and won or lost against it by what the dice did there. The bot dithered
twenty steps an offer and withdrew, a quarter of its time in Monopoly Builder. Putting a
good offer together needs a search of whole offers, which a one-step bot does not make; it
answers offers, and proposes one only when one stands ready (an effect's)."""


class Scratch:
    """Games a look-ahead is done with, to copy the next trial into (`GameState.copy(into=...)`):
    an option is tried on a copy, and a fresh game per copy would leave the garbage collector
    a game and its interpreter to free each time. With them, the hidden piles whose cards the
    player knows (`known`): an option that takes the top card of one is judged over every
    card that may be there, each by its chance (`_judge`), not in the one deal sampled.

    A decision's look-ahead begins with `begin`: from then on each copy costs the decision's
    meter by its size (limits.LOOKAHEAD_COPY_BYTES), and the copies kept here, and those of
    options a caller holds at once (`room`), each stay within half of MAX_LOOKAHEAD_BYTES."""

    __slots__ = ("free", "known", "exact_later", "offers", "passing", "passes", "meter", "copy_work", "room")
    _KEEP = 64

    def __init__(self, offers: bool = False, passing: bool = True) -> None:
        self.offers = offers
        """Whether the variant has offers between players (`offer trade`): then an option
        that only opens an offer the bot would withdraw is not judged (`withdrawn_only`)."""
        self.free: list[GameState] = []
        self.known: list[int] = []
        """The slots of the hidden piles whose cards the player knows but not their order
        (Sampler.known), for the decision under way."""
        self.exact_later = True
        """Whether the choices a carried-through option leads to (`judge_carried_through`)
        enumerate a known pile's top too, or judge it in the deal reshuffled."""
        self.passing = passing
        """Whether another player asked in an open window is assumed to pass (`_pass_answer`)
        rather than to answer as judged at once (ANSWERS)."""
        self.passes: dict[tuple, int] = {}
        """For each question of a window seen (its options), the option that passed there last."""
        self.meter: WorkMeter | None = None
        """The meter of the decision under way, which each copy is charged to (`begin`)."""
        self.copy_work = 0
        """What one copy costs the meter: the observed game's size past LOOKAHEAD_COPY_FREE,
        over LOOKAHEAD_COPY_BYTES."""
        self.room = self._KEEP
        """How many copies fit in half of MAX_LOOKAHEAD_BYTES: as many are kept here at
        most, and a caller holds at most as many copies of options at once (`holds`)."""

    def begin(self, observed: GameState, meter: WorkMeter) -> None:
        """A decision's look-ahead begins on the game its bot observes (its deals and copies
        are as big): copies are charged to `meter` from now on, the observed game itself
        among them, and the games kept shrink to `room`. Counted from the game's size, so the
        same position gives the same figures, and the same choices, on every machine."""
        size = footprint(observed)
        self.meter = meter
        self.copy_work = max(0, size - LOOKAHEAD_COPY_FREE) // LOOKAHEAD_COPY_BYTES
        self.room = max(1, MAX_LOOKAHEAD_BYTES // (2 * size))
        meter.left -= self.copy_work
        del self.free[min(self._KEEP, self.room):]

    def holds(self, copies: int) -> bool:
        """Whether a caller may hold `copies` copies of options at once (strong's children,
        without_withdrawn's options) within the memory budget: else each is handed back
        once judged, and played again where the look-ahead goes on with it."""
        return copies <= self.room

    def copy(self, game: GameState) -> GameState:
        """A copy of `game`, made in a game done with when there is one that fits, and charged
        to the meter of the decision under way. It tells no events (GameState.telling): nothing a
        look-ahead plays is shown to anyone."""
        free = self.free
        copy: GameState | None = None
        while free and copy is None:
            spare = free.pop()
            if spare.variant is game.variant and spare.n == game.n and spare.compat == game.compat:
                copy = game.copy(into=spare)
        if copy is None:
            copy = game.copy()
        copy.telling = False
        if self.meter is not None:
            self.meter.left -= self.copy_work
        return copy

    def spare(self) -> GameState | None:
        """A game done with, taken out of the free ones to be overwritten (None: none is)."""
        return self.free.pop() if self.free else None

    def done(self, game: GameState) -> None:
        """`game` is no longer used by anyone: the next copy may overwrite it."""
        if len(self.free) < min(self._KEEP, self.room):
            self.free.append(game)


def spent(game: GameState) -> bool:
    """Whether the look-ahead budget `game` shares with its copies is spent: then no more
    options are tried, and the choice is made with those judged."""
    meter = game.meter
    return meter is not None and meter.left <= 0


@mypyc_attr(native_class=False)  # a subclass of the Python class Bot
class GreedyBot(Bot):
    """One-step look-ahead with a heuristic evaluation."""

    name = "greedy"

    def __init__(self, variant: Variant, seed: int = 0, **settings: str):
        answers = settings.pop("answers", "pass")
        if answers not in ANSWERS:
            raise BotSpecError(f"bot 'greedy': answers='{answers}' should be {' or '.join(map(repr, ANSWERS))}")
        if settings:
            unknown = ", ".join(f"'{name}'" for name in settings)
            raise BotSpecError(f"bot 'greedy' has no setting {unknown} (settings: answers)")
        super().__init__(variant, seed)
        self.evaluator = evaluator_for(variant)
        self.scratch = Scratch(offers=makes_offers(variant), passing=answers == "pass")
        self.lookahead = MAX_LOOKAHEAD_WORK
        """The work a decision's look-ahead may spend, over every option tried."""
        self.meter = WorkMeter(self.lookahead)
        """The look-ahead budget of the last decision, what is left of it."""
        self.thinking = Thinking(MAX_BOT_GAME_WORK)
        """What the bot may still spend over its game (budget.py): past it, it picks its
        options with its generator."""

    def choose(self, observation: dict) -> dict:
        options = observation["decision"]["options"]
        if len(options) == 1:
            return options[0]
        tried = [options[i] for i in considered_in(observation["decision"]) if tried_ahead(options[i]["kind"], options[i]["arg"])]
        if len(tried) == 1:
            return tried[0]
        if self.thinking.stage == AT_RANDOM:  # the game's budget is spent (budget.py)
            return tried[self.rng.randrange(len(tried))]
        self.meter = self.thinking.meter(self.lookahead)
        try:
            index = judge_one_step(self.variant, observation, self.evaluator, self.scratch, self.rng, self.meter)
        finally:
            self.thinking.spend(self.meter)
        return options[index]


def judge_one_step(
    variant: Variant,
    observation: dict,
    evaluator: Evaluator | ScoreEvaluator,
    scratch: Scratch,
    rng: random.Random,
    meter: WorkMeter,
) -> int:
    """The greedy bot's judgement of the pending decision of `observation`: the index of the
    option that scores best, each tried on one deal of what the bot cannot see (drawn with
    `rng`) and followed as `best_option` says, every copy metered by `meter`. The strong
    bot judges so too once its own budget for the game is spent (budget.py)."""
    sampler = Sampler(variant, observation, scratch.spare())
    scratch.known = own_known_piles(sampler.known, sampler.observed.layout, observation["player"])
    game = sampler.deal(rng.getrandbits(63), Sampler.itself)
    game.meter = meter  # shared by every copy the look-ahead makes
    scratch.begin(game, meter)
    # a choice in a game judged by its scores, whose evaluation sees a card placed at once, is
    # followed only through the card effect it starts; on a board of units, through all the
    # player's decisions it leads to
    scope = len(game.frames) if isinstance(evaluator, ScoreEvaluator) else -1
    if isinstance(evaluator, ScoreEvaluator) and game.decision == "choose":
        gambled = judge_gamble(game, observation["player"], evaluator, scratch, rng)
        if gambled is not None:
            return gambled
    if game.decision == "secret":
        return judge_secret(game, observation["player"], evaluator, scratch, rng)
    # the deal is done with once the choice is made: the last option is tried on it
    return best_option(game, observation["player"], evaluator, game.decision != "build", scratch, scope, consume=True)


GAMBLE_SAMPLES = 16
"""The new rolls a choice with chance ahead is tried on (`judge_gamble`), the same for each
option. A mean of sixteen is off its expectation by a quarter of one roll's spread: in Pig,
with 10 in the pot, rolling once more is worth 1.7 points more than holding, and eight rolls
(a spread of 1.9) chose wrong about a third of the time."""


def judge_gamble(
    game: GameState, me: int, evaluator: ScoreEvaluator, scratch: Scratch, rng: random.Random
) -> int | None:
    """The option of `me`'s choice with the best expected score where the turn ends, when the
    choice is a gamble: some options draw on chance (a roll, a shuffle) before `me`'s turn asks
    anything again, and some end the turn with none (roll again, or bank what you have). None
    otherwise, and the choice is judged as any other: where no answer ends the turn safe (a
    round of deals before the roll: an offer asks again, a pass rolls), the dice are no
    reason to tell the answers apart.

    Judged at once, or where `me` is asked next, rolling again never pays: what was banked
    counts, what may still be won does not, and the one roll sampled is a foreseen one. So
    each option is played on GAMBLE_SAMPLES games whose dice are new (the same new dice for
    every option), each on to where the turn ends, `me`'s later choices made as judged at
    once (rolling once more, then taking what the turn gives), and judged by the mean. `game`
    is left as it was."""
    actions = game.legal_actions()
    if isinstance(actions, NumberOptions):
        return None  # a bid: its chance is the others' answers, judged by the window
    tried = [i for i in considered(actions) if tried_ahead(actions[i].kind, actions[i].arg)]
    if len(tried) < 2:
        return None
    ahead = {_chance_ahead(game, actions[i], scratch) for i in tried}
    if "chance" not in ahead or "ends" not in ahead:
        return None  # no answer is safe: the dice come whatever it is (a round of deals before the roll)
    return _best_mean(game, me, evaluator, scratch, rng, tried, GAMBLE_SAMPLES)


def _best_mean(
    game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch, rng: random.Random,
    tried: list[int], samples: int,
) -> int:
    """Of the pending options `tried`, the one with the best mean score for `me` where the turn
    ends (the first on a tie), each played on `samples` copies of `game` with new dice, the same
    for every option, and the others' secret picks guessed in each (`judge_gamble`,
    `judge_secret`), `me`'s later choices made as judged at once. Fewer samples once the
    look-ahead budget is spent."""
    actions = game.legal_actions()
    seeds = [rng.getrandbits(63) for _ in range(samples)]
    sums = [0.0] * len(tried)
    for rounds, seed in enumerate(seeds):
        if rounds and spent(game):
            break  # the budget is spent: judged on the samples tried so far
        for place, index in enumerate(tried):
            trial = scratch.copy(game)
            trial.rng = Rng.from_seed(seed)
            for frame in trial.frames:
                if frame.keeps_secrets:  # another's pick, forgotten (known.py): guessed anew
                    frame.guess(trial, me, trial.rng)
            trial.last_turn = trial.turn_number  # the copy stops where the turn ends
            trial.apply(actions[index])
            trial, _ = _run_on(trial, me, evaluator, True, scratch, True)
            sums[place] += evaluator.score(trial, me)
            scratch.done(trial)
    best = max(range(len(tried)), key=lambda place: (sums[place], -place))
    return tried[best]


SECRET_SAMPLES = GAMBLE_SAMPLES
"""The guesses of the others' picks a secret pick is tried against (`judge_secret`), the same
for each option: as a roll is to a gamble, the others' picks are the chance a pick meets."""


def judge_secret(
    game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch, rng: random.Random
) -> int:
    """The option of `me`'s secret pick (engine/words/secret.py) with the best mean score where
    the turn ends, over SECRET_SAMPLES guesses of the others' picks (the same guesses for
    every option): in each, the picks made before `me`'s, which the game as `me` knows it has
    forgotten, are guessed again (Frame.guess), those still to come are guessed as they are
    asked (`_guess_pick`), and the pick is judged after the reveal, on to where the turn ends.
    Judged at once, a pick stood beside picks not yet revealed, every option scored alike, and
    the bot took its first (its lowest card: issue 47, 8); judged in the one deal, it would
    meet one guess of the others, a bid just above the one rival bid foreseen. `game` is left
    as it was.

    What a pick spends it sees through the variant's `worth`: judged where the turn ends, a
    card kept counts at its worth, and a card bid at its pile's (Goofspiel's `bids` pile, worth
    0). Without them greedy bid blind to the prize (47.2% [41.6, 52.8] of 300 two-seat games
    against random bots, benchmarks/secret_bids.py, seed 1); with them, 85.7% [81.2, 89.2],
    and 69.7% [61.9, 76.5] of 150 three-seat games, the correlation of bid and prize +0.69.
    In For Sale, whose properties have a worth, 77.5% [68.4, 84.6] of 100 three-seat games
    against 70.5% [60.9, 78.5]."""
    actions = game.legal_actions()
    tried = [i for i in considered(actions) if tried_ahead(actions[i].kind, actions[i].arg)]
    if len(tried) < 2:
        return tried[0] if tried else 0
    return _best_mean(game, me, evaluator, scratch, rng, tried, SECRET_SAMPLES)


def _guess_pick(game: GameState) -> None:
    """Another player's secret pick, as the look-ahead plays it: one of their options at
    random, from the game's own generator (so every option tried on copies of one game meets
    the same guess). The pick is theirs alone until the reveal: the look-ahead must reach the
    reveal to judge anyone's pick, and no guess reads what they know."""
    actions = game.legal_actions()
    game.apply(actions[game.rng.below(len(actions))])


def _chance_ahead(game: GameState, action: Action, scratch: Scratch) -> str:
    """What follows `action` up to where `me`'s turn asks anything again: "chance" when it
    draws on chance (a roll, a shuffle) before that, "ends" when the turn ends with none,
    "asks" when a question comes first with none."""
    trial = scratch.copy(game)
    before = trial.rng.to_data()
    trial.last_turn = trial.turn_number  # the copy stops where the turn ends: the next one's roll is not this turn's chance
    trial.apply(action)
    if trial.rng.to_data() != before:
        found = "chance"
    else:
        found = "ends" if trial.asked is None else "asks"
    scratch.done(trial)
    return found


def makes_offers(variant: Variant) -> bool:
    """Whether any effect of the variant puts an offer between players together."""
    return any(type(statement) is ast.OfferTrade for block in rulebook_for(variant).blocks for statement in block)


def own_known_piles(known: list[int], layout: PileLayout, me: int) -> list[int]:
    """The piles of `me`'s own whose cards they know, only not in what order (of
    `Sampler.known`, `known`): a draw deck of their own, say. A look-ahead works out the top card
    of these exactly; a pile of the table's, or another player's, it leaves to the deal (the
    next card a rival draws matters less than the bot's own, and is not worth the work)."""
    return [slot for slot in known if layout.slot_pile[slot].each == "player" and layout.slot_owner[slot] == me]


def best_option(
    game: GameState,
    me: int,
    evaluator: Evaluator | ScoreEvaluator,
    follow: bool,
    scratch: Scratch | None = None,
    scope: int = -1,
    consume: bool = False,
) -> int:
    """The index of the pending option with the best score for `me` (the first on a tie).
    With `follow`, each option is followed through `me`'s decisions it leads to: all of
    them (scope -1), or only while a card effect it started is running (a card frame at
    index `scope` of the frames, the length of the stack at the decision). `game` is left
    as it was; with `consume`, the caller is done with it, and the last option is tried on
    it rather than on a copy (`game` then goes to `scratch`, and the caller must not use it
    again)."""
    scratch = scratch if scratch is not None else Scratch()
    if follow and game.decision == "reply":
        index = answer(game, answer_gain(game, me, evaluator, scratch, scope))
        if consume:
            scratch.done(game)
        return index
    index, tried, _ = _best(game, me, evaluator, follow, scratch, scope, consume)
    if tried is not None:
        scratch.done(tried)
    return index


def answer_gain(
    game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch, scope: int = -1,
    unpeeked: bool = False,
) -> float:
    """What accepting the offer `game` asks `me` to answer gains them over declining it, each
    answer judged at two points the same for both (see the module docstring): right after it,
    and where the turn ends (followed through `me`'s choices as `_run_on` follows them, with
    `scope` and `unpeeked`, then the turn played out: `_to_turn_end`). The least of the two
    gains; where the game ends in the turn after either answer, the gain where it ends. `game`
    is left as it was."""
    judged: dict[str, tuple[float, float, bool]] = {}
    last = game.last_turn
    game.last_turn = game.turn_number  # every copy stops where the turn ends
    try:
        for action in game.legal_actions():
            trial = scratch.copy(game)
            trial.apply(action)
            now = evaluator.score(trial, me)
            trial, _ = _run_on(trial, me, evaluator, True, scratch, unpeeked, scope)
            judged[str(action.arg)] = (now, evaluator.score(trial, me), trial.over)
            scratch.done(trial)
    finally:
        game.last_turn = last
    (now_no, end_no, over_no), (now_yes, end_yes, over_yes) = judged["decline"], judged["accept"]
    if over_no or over_yes:
        return end_yes - end_no
    return min(now_yes - now_no, end_yes - end_no)


def answer(game: GameState, gain: float) -> int:
    """The index of the answer to the offer `game` asks: accepting for a `gain` above nothing
    (`answer_gain`), else declining, which keeps what the bot has."""
    wanted = "accept" if gain > 0 else "decline"
    return next(i for i, action in enumerate(game.legal_actions()) if action.arg == wanted)


def _best(
    game: GameState,
    me: int,
    evaluator: Evaluator | ScoreEvaluator,
    follow: bool,
    scratch: Scratch,
    scope: int = -1,
    consume: bool = False,
) -> tuple[int, GameState | None, int]:
    """`best_option`, with the copy the best option was tried on, as it was judged (None when
    judged without playing it; the caller's to keep or hand back to `scratch`), and the
    steps `_run_on` took on that copy. With `consume`, `game` is handed to `scratch` here,
    the last option tried on it when it can be (a copy fewer a decision: 4 in 5 of a bid's
    copies were of the deal itself, thrown away after)."""
    best_index, best_score = 0, float("-inf")
    best_trial: GameState | None = None
    best_steps = 0
    placer = evaluator if not follow and game.decision == "build" and isinstance(evaluator, Evaluator) else None
    actions = game.legal_actions()
    twins = property_twins(game, actions)
    played: dict[int, GameState | None] = {}
    if follow and offers_compete(game, scratch) and not isinstance(actions, NumberOptions):  # a bid opens no offer
        tried = [i for i, action in enumerate(actions) if twins[i] == i and tried_ahead(action.kind, action.arg)]
        # the last option played may be played on `game` itself, as below, when its copies fit
        handing = consume and not scratch.known and scratch.holds(len(tried))
        played = without_withdrawn(game, tried, me, scratch, handing)
        if handing and played and None not in played.values():
            consume = False  # played on: handed on with its option, or back to `scratch`
        if len(played) == 1:  # the one option left that does more than open an offer to withdraw
            only, copy = next(iter(played.items()))
            if copy is not None:
                scratch.done(copy)
            if consume:
                scratch.done(game)
            return only, None, 0
    judged = [
        index
        for index in considered(actions)
        if twins[index] == index and tried_ahead(actions[index].kind, actions[index].arg) and (not played or index in played)
    ]  # the others score as the twin before them, which wins a tie, or are not tried (_OFFER_ENDS, considered)
    # the last option may be played on `game` itself, unless a copy of it is already played,
    # or the game is still read after it (a known pile's other cards, _judge)
    last = judged[-1] if consume and judged and not played and not scratch.known else -1
    for index in judged:
        if best_score > float("-inf") and spent(game):
            break  # the budget is spent: the choice is made among the options judged
        action = actions[index]
        trial: GameState | None = None
        steps = 0
        if placer is not None and action.kind == "build" and game.answer_asks_again(action):
            # the game would only ask for the next unit: judged as it would be after playing it
            score = placer.score_after_placing(game, me, action.arg)
        elif index == last:
            game.telling = False  # a look-ahead's, as a copy of `scratch`'s
            game.apply(action)
            trial, steps, score = _judge(game, action, me, evaluator, follow, scratch, scope, played=game)
            consume = False  # handed on with the trial
        else:
            trial, steps, score = _judge(game, action, me, evaluator, follow, scratch, scope, played=played.get(index))
        if best_score > float("-inf") and spent(game):  # judged past the budget: cut short, not counted
            if trial is not None:
                scratch.done(trial)
            break
        if score > best_score:
            if best_trial is not None:
                scratch.done(best_trial)
            best_index, best_score, best_trial, best_steps = index, score, trial, steps
        elif trial is not None:
            scratch.done(trial)
    if consume:
        scratch.done(game)
    return best_index, best_trial, best_steps


def offers_compete(game: GameState, scratch: Scratch) -> bool:
    """Whether the bot looks for options that only open an offer it would withdraw
    (`without_withdrawn`): in a variant with offers, in an open window (a round of deals),
    where offering competes with passing. Elsewhere, looking two choices ahead of every
    option for an offer box cost a sixth of greedy's time in Builder and found none."""
    return scratch.offers and in_window(game)


def without_withdrawn(
    game: GameState, indices: list[int], me: int, scratch: Scratch, consume: bool = False
) -> dict[int, GameState | None]:
    """Each of the pending options `indices`, played on a copy, by index, but for those that
    lead only to an offer `me` would withdraw (`withdrawn_only`), unless every one does: the
    bots put no offer together of their own (_OFFER_ENDS), so opening one only to withdraw it
    changes nothing but the log. Judging the choice to offer against the choice not to
    followed the round of deals and the building after it, a quarter of greedy's time in
    Monopoly Builder, to choose between two ways of offering nothing; the strong bot spent
    four fifths of its decisions there. The options are played from the last: once all but
    one are found to lead only to an offer to withdraw, the one left is the answer, returned
    unplayed (None): playing it (passing in a round of deals, which plays on into the next
    turn) was a third of what deciding to pass cost. The copies are the caller's (to judge,
    or to hand back to `scratch`). With `consume`, the caller is done with `game`: the last
    option played is played on it, not on a copy (a bid's four options were four copies,
    and the deal they were copied from thrown away after). Every option but one returned
    unplayed (None) means `game` was not played on. When more options are tried than the
    memory budget lets the caller hold at once (`Scratch.holds`), each copy is handed back
    once looked at, its option returned unplayed (None), and `consume` is not used."""
    actions = game.legal_actions()
    played: dict[int, GameState | None] = {}
    withdrawn: list[int] = []
    held = scratch.holds(len(indices))
    for position, index in enumerate(reversed(indices)):
        if position == len(withdrawn) == len(indices) - 1:
            for trial in played.values():
                if trial is not None:
                    scratch.done(trial)
            return {index: None}  # every other option only opens an offer to withdraw
        itself = held and consume and position == len(indices) - 1
        if itself:
            trial = game
            trial.telling = False  # a look-ahead's, as a copy of `scratch`'s
        else:
            trial = scratch.copy(game)
        trial.apply(actions[index])
        # a trial that leads to an offer to withdraw is thrown away (the last option is
        # never played when every other does), so it may be played on; one kept is made again
        only, spoilt = _withdrawn_only(trial, me, scratch, 2, not itself)
        if not held:
            scratch.done(trial)
            played[index] = None  # played again by whoever judges it
        elif spoilt and not only:
            scratch.done(trial)
            trial = scratch.copy(game)
            trial.apply(actions[index])
            played[index] = trial
        else:
            played[index] = trial
        if only:
            withdrawn.append(index)
    if len(withdrawn) < len(played):
        for index in withdrawn:
            trial = played.pop(index)
            if trial is not None:
                scratch.done(trial)
    return played


def withdrawn_only(game: GameState, me: int, scratch: Scratch, depth: int) -> bool:
    """Whether `game` asks `me` to put an offer together that they can only withdraw (nothing
    stands ready to propose), or asks `me` a choice every answer to which leads there within
    `depth` more of `me`'s choices. `game` is left as it was."""
    return _withdrawn_only(game, me, scratch, depth, False)[0]


def _withdrawn_only(game: GameState, me: int, scratch: Scratch, depth: int, spoil: bool) -> tuple[bool, bool]:
    """`withdrawn_only`, and whether `game` was played on (allowed with `spoil`): the last
    answer of a choice is tried on `game` itself, not on a copy, as only whether the answer
    leads to an offer to withdraw is read after it. An offer whose partner is chosen first
    (a round of deals in Monopoly Builder) was three copies for one question; a caller that
    keeps `game` only when it does not lead to an offer to withdraw (`without_withdrawn`)
    makes it again in the few cases it must."""
    if game.asked is None or game.current_player != me:
        return False, False
    actions = game.legal_actions()
    ends = [action.arg for action in actions if action.kind == "trade" and action.arg in _OFFER_ENDS]
    if ends:
        return ends == ["withdraw"], False
    if depth <= 1:
        return False, False
    last = len(actions) - 1
    for index, action in enumerate(actions):
        if spoil and index == last:
            game.apply(action)
            return _withdrawn_only(game, me, scratch, depth - 1, True)[0], True
        trial = scratch.copy(game)
        trial.apply(action)
        withdrawn = _withdrawn_only(trial, me, scratch, depth - 1, True)[0]
        scratch.done(trial)
        if not withdrawn:
            return False, False
    return True, False


def tried_ahead(kind: str, arg: object) -> bool:
    """Whether the look-ahead tries an option (all but the steps of an offer: _OFFER_ENDS)."""
    return kind != "trade" or arg in _OFFER_ENDS


_REFERRING = ("env", "items", "target", "lots", "started", "placed")
"""The fields of a frame that may hold a property (a variable's value, a loop's items, the
space a card is played on, a build's lots)."""


def property_twins(game: GameState, actions: Sequence[Action]) -> Sequence[int]:
    """For each pending option, the index of the first option it is a twin of (its own when
    none). Two properties offered to choose from are twins when nothing tells them apart: the
    same value and zone, the same stack, holder and piles of their own, neither named by the
    effect under way (a variable, a loop, a card's target). Played, they give games alike but
    for the two swapped, which the evaluation scores the same: the look-ahead tries one of
    each (at a placement early in a round of monopoly-chance, 8 kinds of property among 22). The
    first twin is the one a tie goes to, so the choice is the one trying every option makes."""
    if len(actions) < 2 or actions[0].kind != "choose" or actions[0].what != "property":
        return range(len(actions))  # (not a list: a bid's options may be thousands)
    twins = list(range(len(actions)))
    named: set[int] = set()
    for frame in game.frames:
        for field in _REFERRING:
            value = getattr(frame, field, None)
            if type(value) is int:
                named.add(value)
            elif isinstance(value, dict):
                named.update(v for v in value.values() if type(v) is int)
            elif isinstance(value, (list, tuple)):
                named.update(v for v in value if type(v) is int)
    book, layout, stacks, piles = game.book, game.layout, game.stacks, game.piles
    own_piles = [layout.base[pile.id] for pile in game.variant.piles if pile.each == "space"]
    first: dict[tuple, int] = {}
    for index, action in enumerate(actions):
        prop = action.arg
        if type(prop) is not int or prop in named:
            continue
        key = (book.value[prop], book.zone_of[prop], tuple(stacks[prop]), game.holder[prop], prop in game.dirty,
               tuple(tuple(piles[base + prop]) for base in own_piles))
        twins[index] = first.setdefault(key, index)
    return twins


UNJUDGED = float("-inf")
"""The score of an option `judge_at_once` did not judge: its look-ahead budget was spent."""


def judge_at_once(game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch) -> dict[int, float]:
    """The score for `me` of each pending option a bot weighs (base.considered), by its
    index, as soon as it is played (the top card of a known pile it takes enumerated,
    `_judge`): the strong bot's first sift of the options. Once the look-ahead budget is
    spent, the options left score UNJUDGED."""
    scores: dict[int, float] = {}
    actions = game.legal_actions()
    twins = property_twins(game, actions)
    for index in considered(actions):
        if twins[index] != index:
            scores[index] = scores[twins[index]]
            continue
        if scores and spent(game):  # past the budget: not judged, ranked last
            scores[index] = UNJUDGED
            continue
        trial, _, score = _judge(game, actions[index], me, evaluator, False, scratch, -1)
        scratch.done(trial)
        scores[index] = score
    return scores


def judge_carried_through(
    game: GameState, index: int, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch, scope: int = -1
) -> float:
    """The score for `me` of the pending option `index`, carried through `me`'s choices that
    follow without foresight (`carry_through_unpeeked`), the top card of a known pile it
    takes enumerated (`_judge`): all of them (scope -1), or, as `best_option` follows a
    choice, only while a card effect at index `scope` of the frames runs (the others'
    answers in an open window followed first). `game` is left as it was."""
    trial, _, score = _judge(game, game.legal_actions()[index], me, evaluator, True, scratch, scope, unpeeked=True)
    scratch.done(trial)
    return score


def _judge(
    game: GameState,
    action: Action,
    me: int,
    evaluator: Evaluator | ScoreEvaluator,
    follow: bool,
    scratch: Scratch,
    scope: int,
    unpeeked: bool = False,
    played: GameState | None = None,
) -> tuple[GameState, int, float]:
    """`action` tried on a copy of `game` (or `played`, a copy it was played on already) and
    carried through (`_run_on`): that copy, the steps taken and its score for `me`. When the
    action takes the top card of a pile whose cards `me` knows but not their order
    (`Scratch.known`), the score is the mean over every card that may be there, each tried
    in turn on top and weighted by its chance: exact, where the one deal sampled would have
    the bot know the next card. The copy returned is the sampled deal's."""
    if played is None:
        trial = scratch.copy(game)
        trial.apply(action)
    else:
        trial = played
    known = scratch.known
    drawn = _top_taken(game, trial, known)
    if unpeeked and not scratch.exact_later:
        scratch.known = []
    trial, steps = _run_on(trial, me, evaluator, follow, scratch, unpeeked, scope)
    score = evaluator.score(trial, me)
    if drawn < 0:
        scratch.known = known
        return trial, steps, score
    pile = game.piles[drawn]
    sampled = pile[-1]
    mean = 0.0
    for code, chance in top_odds(pile):
        if code == sampled:
            mean += chance * score
            continue
        other = scratch.copy(game)
        put_on_top(other.piles[drawn], code)
        other.apply(action)
        other, _ = _run_on(other, me, evaluator, follow, scratch, unpeeked, scope)
        mean += chance * evaluator.score(other, me)
        scratch.done(other)
    scratch.known = known
    return trial, steps, mean


def _top_taken(game: GameState, trial: GameState, known: list[int]) -> int:
    """The first of the `known` piles whose top card the action that made `trial` from `game`
    took (the pile shorter, the cards under it as they were), or -1."""
    for slot in known:
        before, after = game.piles[slot], trial.piles[slot]
        if len(after) < len(before) and after == before[: len(after)]:
            return slot
    return -1


def carry_through(game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch | None = None) -> GameState:
    """Play `me`'s next choices greedily until the game can be judged: the strong bot's
    prior for a choice whose worth shows only later (a flip before its cash is placed).
    Returns the game to judge: `game` itself, or the copy its last choice was tried on (then
    `game` is handed to `scratch`, and the caller must not use it again)."""
    return _run_on(game, me, evaluator, True, scratch if scratch is not None else Scratch())[0]


def carry_to_turn_end(game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch) -> GameState:
    """As `carry_through`, then the rest of the turn played out (`_to_turn_end`), the game
    stopped where the turn ends: a point the same for alternatives that are not the options of
    one question (an offer of the bot's own, against none: engine/bots/dealing.py), as the
    answers to an offer are judged at (`answer_gain`). Returns the game to judge, as
    `carry_through`: it stops where the turn ends, whatever is played on it after."""
    game.last_turn = game.turn_number
    return _run_on(game, me, evaluator, True, scratch)[0]


def carry_through_unpeeked(
    game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch | None = None
) -> None:
    """As `carry_through`, in a deal the caller dealt, played on `game` itself: each of `me`'s
    choices is made by looking one step ahead on copies, and the cards `me` cannot see are
    shuffled again before the choice is carried out, so that it cannot have foreseen them.
    Without this, a choice to flip another card would be followed, in every deal, by
    flipping exactly until the card before a Bankrupt: a push-your-luck choice looks safe
    when judged over many deals."""
    _run_on(game, me, evaluator, True, scratch if scratch is not None else Scratch(), unpeeked=True)


def _shuffle_unseen(game: GameState, me: int) -> None:
    """Shuffle each pile whose order `me` may not know: any order is as likely to them."""
    layout = game.layout
    for slot, held in enumerate(game.piles):
        if len(held) > 1 and not layout.seen(slot, me):
            game.rng.shuffle(held)


_DECLINE = {"kind": "decline", "arg": None}


def _run_on(
    game: GameState,
    me: int,
    evaluator: Evaluator | ScoreEvaluator,
    follow: bool,
    scratch: Scratch,
    unpeeked: bool = False,
    scope: int = -1,
) -> tuple[GameState, int]:
    """Carry a choice through to where it can be judged (see the module docstring), at most
    `_MAX_FOLLOW` steps (a choice made or an answer declined); with `unpeeked`, without
    foresight of the cards `me` cannot see (carry_through_unpeeked). Returns the game to judge
    and the steps taken. A choice is carried on on the copy it was tried on, which has been
    played exactly as `game` would be (so only when its steps fit in the steps left): the
    same game, without playing the choice a second time; `game` then goes to `scratch`. A
    followed game that stops where its turn ends (GameState.last_turn) is then played on to there
    (`_to_turn_end`), its steps not counted."""
    steps = 0
    while steps < _MAX_FOLLOW:
        if game.asked is None:
            break
        if game.current_player != me:
            if game.decision == "react":
                game.apply(_DECLINE)
                steps += 1
                continue
            if game.decision == "secret":  # a pick is judged by the reveal: the others' guessed
                _guess_pick(game)
                steps += 1
                continue
            other = game.current_player
            if not follow or other is None or not in_window(game):
                break
            if scratch.passing:
                answered = _pass_answer(game, scratch)
                if answered is not None:
                    if answered is not game:
                        scratch.done(game)
                        game = answered
                    steps += 1
                    continue
            # Another player's turn in an open window (an auction, a round of deals): they
            # pass (ANSWERS), or answer as this bot would judge it at once, so that a raise is
            # judged by how the window closes (the deed won, or outbid), not as the money set
            # aside alone.
            index, tried, tried_steps = _best(game, other, evaluator, False, scratch)
            steps += 1
            if tried is not None and tried_steps == 0 and not unpeeked:
                # the copy the answer was tried on is this game with the answer played: go on
                # there rather than play it a second time (a fifth of an auction's look-ahead)
                scratch.done(game)
                game = tried
                continue
            if tried is not None:
                scratch.done(tried)
            game.apply(game.legal_actions()[index])
            continue
        if not follow or game.decision not in _FOLLOW:
            break
        if scope >= 0 and not (len(game.frames) > scope and type(game.frames[scope]) is CardFrame):
            break  # the effect the choice started is done
        index, tried, tried_steps = _best(game, me, evaluator, False, scratch)
        steps += 1
        if tried is not None and not unpeeked and tried_steps <= _MAX_FOLLOW - steps:
            scratch.done(game)
            game = tried
            steps += tried_steps
            continue
        if tried is not None:
            scratch.done(tried)
        chosen = game.legal_actions()[index]
        if unpeeked:
            _shuffle_unseen(game, me)
        game.apply(chosen)
    if follow and game.last_turn >= 0 and game.asked is not None:
        game = _to_turn_end(game, me, evaluator, scratch, unpeeked)
    return game, steps


def _to_turn_end(game: GameState, me: int, evaluator: Evaluator | ScoreEvaluator, scratch: Scratch,
                 unpeeked: bool) -> GameState:
    """`game`, which stops where its turn ends (GameState.last_turn), played on to there or to the
    game's end, at most _MAX_TURN_END choices: every player's choice made as judged at once
    for them (none of which looks past the turn either), an answer out of turn declined; with
    `unpeeked`, the cards `me` cannot see shuffled before each choice of theirs (as
    `_run_on`). Returns the game to judge: `game`, or the copy its last choice was tried on
    (then `game` goes to `scratch`)."""
    for _ in range(_MAX_TURN_END):
        player = game.current_player
        if game.asked is None or player is None:
            break
        if game.decision == "react":
            game.apply(_DECLINE)
            continue
        if game.decision == "secret" and player != me:
            _guess_pick(game)
            continue
        index, tried, tried_steps = _best(game, player, evaluator, False, scratch)
        blind = unpeeked and player == me
        if tried is not None and tried_steps == 0 and not blind:
            scratch.done(game)  # the copy the choice was tried on is this game with it played
            game = tried
            continue
        if tried is not None:
            scratch.done(tried)
        if blind:
            _shuffle_unseen(game, me)
        game.apply(game.legal_actions()[index])
    return game


def _pass_answer(game: GameState, scratch: Scratch) -> GameState | None:
    """The game with the player asked in its innermost open window answering by passing, or
    None (`game` as it was) when none of their options passes. A question seen before is
    answered on `game` itself with the option that passed there last (no copy; should it not
    pass this time, the question is tried afresh when next met); a new one, by trying each
    option in turn on a copy, which is returned (the caller's, as `game` stays theirs)."""
    window = open_windows(game.frames)[-1]  # the innermost: the question is asked in it
    w, i0, p0, b0 = window.at, window.turns, window.passes, window.body
    actions = game.legal_actions()
    # a number question (a bid of any amount) by what it offers beside its numbers, its pass,
    # and that option by its place from the end: the range changes at every bid
    numbers = actions.width if isinstance(actions, NumberOptions) else 0
    key = ("numbers", cast(NumberOptions, actions).after) if numbers else tuple(actions)
    known = scratch.passes.get(key)
    if known is not None:
        game.apply(actions[len(actions) + known if numbers else known])
        if not _passed(game, w, i0, p0, b0):
            del scratch.passes[key]
        return game
    tried = considered(actions)
    if numbers:  # only its pass: a number is a bid, and one nobody else can cover closes the
        tried = [i for i in tried if i >= numbers]  # window too, which would pass for a pass
    for index in tried:
        trial = scratch.copy(game)
        trial.apply(actions[index])
        if _passed(trial, w, i0, p0, b0):
            if len(scratch.passes) >= _KEEP_PASSES:
                scratch.passes.clear()
            scratch.passes[key] = index - len(actions) if numbers else index
            return trial
        scratch.done(trial)
    return None


def _passed(game: GameState, w: int, i0: int, p0: int, b0: int) -> bool:
    """Whether the turn under way in the window at index `w` of the frames (its block `b0`,
    `i0` turns begun and `p0` passes in a row before this one, when it was asked) was
    passed, with every turn after it up to the next question: the window is closed, or its
    passes in a row have grown by the turns taken since."""
    frames = game.frames
    window = frames[w].seen_window(w) if len(frames) > w else None
    if window is None:
        return True
    if window.body != b0:
        return True  # another window in its place: this one closed
    return window.turns > i0 and window.passes == p0 + (window.turns - i0)


def in_window(game: GameState) -> bool:
    """Whether the game is inside an open window, where every player may act until all pass."""
    return any(frame.seen_window(at) is not None for at, frame in enumerate(game.frames))


register_bot("greedy", GreedyBot)
