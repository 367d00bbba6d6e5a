"""How good a position is for one player: the heuristic behind the greedy bot and the leaf
value of the search bot's playouts.

A player's score is the value of the occupied spaces they own, each discounted by how easily a rival
takes it over next turn (the units a rival needs, times the property's value, against the
chance that the dice give a rival that zone and that budget), plus what their units still in
supply and their cards in hand are worth. Everything is read from the variant (dice, zones,
values, ownership tie-break), so house variants are judged by their own rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from engine.effects.limits import LOOKAHEAD_JUDGE_FREE, LOOKAHEAD_JUDGE_WORK
from engine.game.game_state import GameState
from engine.variant.model import Variant


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's knobs, in units of property value (e.g. $M)."""

    threat: float = 0.6
    """How much of an owned stack's value counts as lost when a rival could take it next turn."""
    unit: float = 0.9
    """The worth of one unit still in supply (what it may build later)."""
    card: float = 1.6
    """The worth of one card in hand."""
    win: float = 1e12
    """The score of a finished game won (lost: minus this): beyond any lead a position in play
    can be judged to have, so that no look-ahead prefers a game going on to one won, nor a
    game lost to one going on. At 1,000, the strong bot in Monopoly Builder, far behind in
    deeds held (each counted at twice its space's value), built the penthouse that ended the
    game with it 3 points short: the loss, -2,000 as a lead, looked better than the -2,963 of
    ending its turn."""


DEFAULT_WEIGHTS = Weights()

_MAX_JUDGED = 20_000
"""Stacks an evaluator remembers of one property before it forgets them (some tens of
megabytes in all)."""


class Evaluator:
    """Precomputes the dice odds of one variant; `score(game, player)` is then cheap."""

    def __init__(self, variant: Variant, weights: Weights = DEFAULT_WEIGHTS):
        self.weights = weights
        self.unit_worth: float = weights.unit
        self.card_worth: float = weights.card
        """The weights `_board_scores` reads at every evaluation, as the evaluator's own
        floats (compiled, reading them from `Weights`, a Python class, cost more than the
        sums they enter)."""
        self.value = [p.value for p in variant.properties]
        self.keep_owner = variant.ownership.ties == "keep_owner"
        zone_die, number_die = variant.zone_die, variant.number_die
        faces = zone_die.faces if zone_die is not None else ()
        any_zone = sum(1 for f in faces if zone_die is not None and f == zone_die.any_zone)
        zone_odds = {zone.id: (faces.count(zone.id) + any_zone) / max(1, len(faces)) for zone in variant.zones}
        at_least = _budget_odds(
            tuple(f for f in number_die.faces if type(f) is int) if number_die is not None else (0,),
            number_die.count if number_die is not None else 1,
        )
        # risk[prop][k]: the chance a rival's roll pays for k units on prop (k >= 1)
        self.max_units = 40
        self.risk = [
            [0.0] + [zone_odds[p.zone] * at_least(k * p.value) for k in range(1, self.max_units + 1)]
            for p in variant.properties
        ]
        self.judged: list[dict[Any, tuple[int, float]]] = [{} for _ in variant.properties]
        """Each stack judged so far, property by property, by its units (and its holder, when
        a tie keeps the owner): its owner and worth. The same stacks recur in every option a
        bot tries, and `stack_worth` depends on nothing else."""
        self.last_stack: list[list[int]] = [[] for _ in variant.properties]
        self.last_holder: list[int | None] = [None for _ in variant.properties]
        self.last: list[tuple[int, float]] = [(0, 0.0) for _ in variant.properties]
        """The stack each property was last judged with, its holder and its judgement: the
        options a bot tries differ from each other in a property or two, so most properties
        are found here by comparing two short lists, without making a key to look up."""

    def scores(self, game: GameState) -> list[float]:
        """Every player's score in the current position (ownership from the stacks)."""
        if game.over:
            return _final_scores(game, self.weights)
        charge_judging(game)
        return self._board_scores(game, game.stacks, game.supply)

    def scores_after_placing(self, game: GameState, player: int, prop: int) -> list[float]:
        """`scores` as they would be with one more unit of `player` on top of `prop` (from
        their supply) and nothing else changed: a build that the game answers by asking for
        the next unit at once (`GameState.answer_asks_again`), judged without playing it. The
        same sums in the same order as `scores` of the game after the placement, so the very
        same numbers."""
        charge_judging(game)
        stacks = list(game.stacks)
        stacks[prop] = stacks[prop] + [player]
        supply = list(game.supply)
        supply[player] -= 1
        return self._board_scores(game, stacks, supply)

    def _board_scores(self, game: GameState, stacks: list[list[int]], supply: list[int]) -> list[float]:
        unit_worth, card_worth = self.unit_worth, self.card_worth
        score = [unit_worth * supply[p] + card_worth * len(game.hand(p)) for p in range(game.n)]
        holder = game.holder
        keep_owner = self.keep_owner
        last_stack, last_holder, last = self.last_stack, self.last_holder, self.last
        for prop in range(len(stacks)):  # in property order: the same sums as ever
            stack = stacks[prop]
            if not stack:
                continue
            if stack == last_stack[prop] and (not keep_owner or holder[prop] == last_holder[prop]):
                owner, worth = last[prop]
            else:
                owner, worth = last[prop] = self._judged(prop, stack, holder[prop])
                last_stack[prop] = list(stack)
                last_holder[prop] = holder[prop]
            score[owner] += worth
        return score

    def stack_worth(self, prop: int, stack: list[int], holder: int | None) -> tuple[int, float]:
        """Who owns a (non-empty) stack and what it is worth to them: its value less the
        threat of a takeover, from how many units the cheapest rival needs."""
        first = stack[0]
        size = len(stack)
        if size == 1 or stack.count(first) == size:
            # one player's stack: their unit is lowest, so a rival needs size + 1
            return first, self.value[prop] * (1.0 - self.weights.threat * self.risk[prop][min(size + 1, self.max_units)])
        counts: dict[int, int] = {}
        for unit in stack:
            counts[unit] = counts.get(unit, 0) + 1
        best = max(counts.values())
        if self.keep_owner and holder is not None and counts.get(holder) == best:
            owner = holder
        else:
            owner = next(unit for unit, count in counts.items() if count == best)
        mine = counts[owner]
        need = mine + 1  # a player with no unit there yet
        for rival, theirs in counts.items():
            if rival != owner:
                # a rival's tie wins only under lowest_unit, when their unit is lower in the stack
                wins_tie = not self.keep_owner and stack.index(rival) < stack.index(owner)
                need = min(need, mine - theirs + (0 if wins_tie else 1))
        need = max(1, min(need, self.max_units))
        return owner, self.value[prop] * (1.0 - self.weights.threat * self.risk[prop][need])

    def build_gain(self, game: GameState, player: int, prop: int) -> float:
        """How much one more unit of `player` on `prop` changes their score minus their
        rivals' (summed): the cheap judgement of a build used in playouts."""
        stack = game.stacks[prop]
        holder = game.holder[prop]
        gain = -self.weights.unit
        if stack:
            owner, worth = self._judged(prop, stack, holder)
            gain -= worth if owner == player else -worth
        owner, worth = self._judged(prop, stack + [player], holder)
        return gain + (worth if owner == player else -worth)

    def _judged(self, prop: int, stack: list[int], holder: int | None) -> tuple[int, float]:
        """`stack_worth`, remembered (see `judged`)."""
        table = self.judged[prop]
        key = (holder, tuple(stack)) if self.keep_owner else tuple(stack)
        found = table.get(key)
        if found is None:
            if len(table) > _MAX_JUDGED:
                table.clear()
            found = table[key] = self.stack_worth(prop, stack, holder)
        return found

    def score(self, game: GameState, player: int) -> float:
        """The player's score minus the best rival's: above 0 means ahead."""
        return _lead(self.scores(game), player)

    def score_after_placing(self, game: GameState, player: int, prop: int) -> float:
        """`score` of `scores_after_placing`."""
        return _lead(self.scores_after_placing(game, player, prop), player)


class ScoreEvaluator:
    """The evaluation of a game whose spaces do not hold units, from the
    variant's own data: its scores in ranking order, each worth a tenth of the one before (a
    score ranked "fewest" counts against), then the value of the spaces a player holds now
    (what the round may still turn into score), then the cards they may play (their hand,
    and the piles they play from, such as the cards flipped this turn).

    Who holds a space is read from its stack (`GameState.owner_of`), as the units' evaluation
    does: a card placed counts at once, before the turn settles ownership, so a placement
    is judged as it is made."""

    def __init__(
        self,
        variant: Variant,
        weights: Weights = DEFAULT_WEIGHTS,
        held: float = 1.0,
        tiebreak: float = 1.0,
        deeds: float = 1.0,
    ):
        """`held`, `tiebreak` and `deeds` weigh what a player has against the points: a player
        counter at `held` of its `worth`, each score the ranking breaks a tie by (money, in
        Monopoly Builder) at `tiebreak` of a tenth of the score before it, a deed at `deeds`
        of its space's value. At 1, the variant's own reading; the strong bot's search weighs
        them its own way (strong.HELD_WORTH, TIEBREAK_SHARE, DEED_SHARE)."""
        self.weights = weights
        self.value = [p.value for p in variant.properties]
        fewest = {score.id: score.fewest for score in variant.scores}
        self.ranking = [
            (key, (-1.0 if fewest[key] else 1.0) * 10.0 ** (1 - rank) * (1.0 if rank == 0 else tiebreak))
            for rank, key in enumerate(variant.ranking)
        ]
        """Each score of the ranking with its weight: the first counts ten a point (the units
        of money, in which the values below are), each later one a tenth of the one before,
        as a tie-break (times `tiebreak`); a score ranked "fewest" counts against."""
        self.deed_value = [
            deeds * variant.properties[c.space].value if c.space is not None else 0 for c in variant.cards
        ]
        """What a card that belongs to a space (a title deed) is worth to the player holding it
        in a pile of their own: its space's value (times `deeds`), as a space held counts its
        value below. Buying one at its price is then even, and anything it earns later is
        gained; a search that cannot see that far counts it at more (strong.DEED_SHARE)."""
        self.deeds = any(self.deed_value)
        self.card_worth = [10.0 * c.worth * held for c in variant.cards]
        """What each card is worth to the player holding it in a pile of their own, from its
        `worth:` (in points of the first score, which counts ten to a point below): a card
        sold for its value at the game's end is no score until then, and a bot that counted
        it as nothing never bid for one."""
        self.worths = any(self.card_worth)
        self.valued = [prop for prop, value in enumerate(self.value) if value]
        """The spaces worth something when held: the others add nothing, and asking each
        of them who holds it cost more than the rest of the sums."""
        self.owned_slots: dict[int, list[tuple[int, int, float]]] = {}
        """For each number of players, the pile slots of a player's own that hold what they
        own (each with its owner and its pile's worth: Pile.worth): the deeds are summed
        over these alone, not every slot of the table (some 170 in Monopoly Builder)."""
        self.worth = [(c.id, 10.0 * c.worth * held) for c in variant.counters if c.worth and c.each == "player"]
        """Each player counter the variant gives a worth (`worth:`, in points of the first
        score, which counts ten to a point below), with it: resources held count at it, so
        that giving them away for less is a loss the bot can see."""

    def scores(self, game: GameState) -> list[float]:
        w = self.weights
        n = game.n
        if game.over:
            return _final_scores(game, w)
        charge_judging(game)
        score = [w.card * len(game.held_to_play(p)) for p in range(n)]
        kept = game.score_memo
        if kept is None:
            game.score_memo = {}  # the position holds still while it is judged (Table.score_memo)
        try:
            for key, weight in self.ranking:
                for p in range(n):
                    score[p] += weight * game.score(key, p)
        finally:
            game.score_memo = kept
        for counter, worth in self.worth:
            held = game.player_counters[counter]
            for p in range(n):
                score[p] += worth * held[p]
        value, stacks = self.value, game.stacks
        for prop in self.valued:
            if stacks[prop]:
                holder = game.owner_of(prop)
                if holder is not None:
                    score[holder] += value[prop]
        if self.deeds or self.worths:
            deed_value, card_worth, kinds, piles = self.deed_value, self.card_worth, len(self.deed_value), game.piles
            slots = self.owned_slots.get(n)
            if slots is None:
                slots = self.owned_slots[n] = _owned_slots(game)
            for slot, owner, share in slots:  # a mortgaged deed's pile counts less (Pile.worth), a spent card's nothing
                for code in piles[slot]:
                    score[owner] += share * (deed_value[code % kinds] + card_worth[code % kinds])
        return score

    def build_gain(self, game: GameState, player: int, prop: int) -> float:
        return 0.0  # no units to build: the search's playouts choose at random there

    def score(self, game: GameState, player: int) -> float:
        return _lead(self.scores(game), player)


def charge_judging(game: GameState) -> None:
    """Charge the judging of `game`'s position to the look-ahead budget it shares with its
    copies, if any: LOOKAHEAD_JUDGE_WORK for each space and each player beyond
    LOOKAHEAD_JUDGE_FREE (a score ranges over the board for each player). A position judged
    with no meter (not a look-ahead's) costs nothing."""
    meter = game.meter
    if meter is not None:
        meter.left -= LOOKAHEAD_JUDGE_WORK * max(0, len(game.stacks) * game.n - LOOKAHEAD_JUDGE_FREE)


def _owned_slots(game: GameState) -> list[tuple[int, int, float]]:
    """The slots of the piles each player has of their own (ScoreEvaluator.owned_slots)."""
    layout = game.layout
    found: list[tuple[int, int, float]] = []
    for slot in range(layout.slots):
        owner, pile = layout.slot_owner[slot], layout.slot_pile[slot]
        if owner is not None and pile.each == "player":
            found.append((slot, owner, pile.worth))
    return found


def _final_scores(game: GameState, w: Weights) -> list[float]:
    """A finished game: a win's worth shared among the winners, a loss for the rest."""
    won = winners(game)
    share = w.win / len(won)
    return [share if p in won else -w.win for p in range(game.n)]


def winners(game: GameState) -> tuple[int, ...]:
    """The winners of a finished game, the same as `result.rank_players(game).winners`, computing
    each score of the ranking only for the players still tied before it: the bots judge
    every look-ahead that ends the game by who won, and need nothing else of the ranking.
    (Here, with the evaluation, so that it is compiled with it: result.py is not.)"""
    book = game.book
    tied = list(range(game.n))
    for key in book.ranking:
        if len(tied) == 1:
            break
        values = [game.score(key, p) for p in tied]
        best = min(values) if book.score_fewest[key] else max(values)
        tied = [p for p, value in zip(tied, values, strict=True) if value == best]
    return tuple(sorted(tied, key=game.order.index))


def _lead(scores: list[float], player: int) -> float:
    """The player's score minus the best rival's: above 0 means ahead. (A loop, not the max
    of the others' slices joined: compiled, the slices cost more than the sums.)"""
    best = scores[1] if player == 0 else scores[0]
    for rival in range(len(scores)):
        if rival != player and scores[rival] > best:
            best = scores[rival]
    return scores[player] - best


def evaluator_for(variant: Variant, weights: Weights = DEFAULT_WEIGHTS) -> Evaluator | ScoreEvaluator:
    """The evaluation that fits the variant: takeover risks for a board of units, the
    variant's scores otherwise. One per variant and weights in a process, shared by its bots:
    its tables take milliseconds to make, and a simulation makes bots for every game."""
    key = (variant.content_hash or str(id(variant)), weights)
    found = _EVALUATORS.get(key)
    if found is None or found[0] is not variant:
        made = Evaluator(variant, weights) if takeovers(variant) else ScoreEvaluator(variant, weights)
        found = _EVALUATORS[key] = (variant, made)
    return found[1]


_EVALUATORS: dict[tuple[str, Weights], tuple[Variant, Evaluator | ScoreEvaluator]] = {}


def takeovers(variant: Variant) -> bool:
    """Whether the takeover model (`Evaluator`) fits the variant: units stacked on spaces,
    each owned by whoever has the most units there, built in the zone a die rolls. Its odds
    are those of that die and the number dice; a game of any other shape is judged by its
    declared scores (`ScoreEvaluator`)."""
    return variant.stacks == "units" and variant.ownership.rule == "most_units" and variant.zone_die is not None


def _budget_odds(faces: tuple[int, ...], count: int):
    """at_least(x): the chance that the number dice sum to x or more."""
    totals: dict[int, int] = {}
    for roll in product(faces, repeat=count):
        totals[sum(roll)] = totals.get(sum(roll), 0) + 1
    combos = len(faces) ** count
    known: dict[int, float] = {}

    def at_least(x: int) -> float:
        if x not in known:
            known[x] = sum(c for total, c in totals.items() if total >= x) / combos
        return known[x]

    return at_least
