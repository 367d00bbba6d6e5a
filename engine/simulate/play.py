"""One game between bots, reduced to the record the reports need."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from engine.bots.base import make_bot
from engine.game.game_state import GameState, new_state
from engine.game.observation import decide
from engine.game.result import outcome
from engine.variant.model import Variant

_MASK = (1 << 64) - 1

_PLAYED = frozenset({"play", "react"})
"""The events of a card played or used as an answer: `GameRecord.plays`."""


def derive_seed(base: int, *path: int) -> int:
    """A seed for game `index` (and seat) from the base seed: SplitMix64 steps, so games do
    not depend on how they are shared between processes, and neighbours are unrelated.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    z = base & _MASK
    for part in path:
        z = (z ^ (part + 0x9E3779B97F4A7C15 + (z << 6) + (z >> 2))) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
    return z >> 1  # 63 bits: fits every generator that takes a seed


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one finished game tells the reports."""

    index: int
    """The game's number in the run (its seed derives from it)."""
    seed: int
    bots: tuple[str, ...]
    """The bot spec in each seat."""
    order: tuple[int, ...]
    """Seats in turn order: order[0] moved first."""
    winners: tuple[int, ...]
    """Winning seats (more than one only for a tie that no tie-break separated)."""
    turns: int
    reason: str
    """How the game ended: one of the variant's `ends`, or a safety net (limits.SAFETY_ENDS)."""
    decided_by: str | None
    values: tuple[int, ...]
    """Each seat's final property value."""
    plays: tuple[tuple[int, str], ...]
    """(seat, card id) for each card played or used as an answer, in order."""
    tallies: tuple[tuple[str, int], ...] = ()
    """(counter id, value at the end) of each counter the variant reports (Counter.report)."""
    scores: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """(score id, each seat's value at the end) of each of the variant's scores: where the
    winners' points came from (a building's, a monopoly's, a bonus card's)."""

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> GameRecord:
        data = dict(data)
        for key in ("bots", "order", "winners", "values"):
            data[key] = tuple(data[key])
        data["plays"] = tuple((int(seat), str(card)) for seat, card in data["plays"])
        data["tallies"] = tuple((str(name), int(value)) for name, value in data.get("tallies", ()))
        data["scores"] = tuple((str(name), tuple(map(int, values))) for name, values in data.get("scores", ()))
        return cls(**data)


def play_game(variant: Variant, bots: list[str], seed: int, index: int = 0) -> GameRecord:
    """Play one game to its end, seat i played by the bot `bots[i]`."""
    players = len(bots)
    game = new_state(variant, players, seed=seed)  # the state itself: bots' games need no façade
    seated = [make_bot(spec, variant, seed=derive_seed(seed, seat)) for seat, spec in enumerate(bots)]
    plays: list[tuple[int, str]] = []
    while not game.is_over:
        player = game.current_player
        assert player is not None  # a game in progress always has a decision
        action = decide(seated[player].choose, game, player)  # reads only what the bot asks for
        for event in game.apply(action):
            if event.kind in _PLAYED:
                plays.append((event.data["player"], event.data["card"]))
    winners, decided_by, reason = outcome(game)  # game.result() without the standings
    return GameRecord(
        index=index,
        seed=seed,
        bots=tuple(bots),
        order=tuple(game.order),
        winners=tuple(sorted(winners)),
        turns=game.turn_number,
        reason=reason,
        decided_by=decided_by,
        values=tuple(game.worth),
        plays=tuple(plays),
        tallies=tallies(game),
        scores=final_scores(game),
    )


def final_scores(game: GameState) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each score of the variant, for each seat, as the game ended."""
    return tuple((score.id, tuple(int(game.score(score.id, p)) for p in range(game.n))) for score in game.variant.scores)


def tallies(game: GameState) -> tuple[tuple[str, int], ...]:
    """The final value of each counter the variant reports: a counter of each player summed."""
    found = []
    for counter in game.variant.counters:
        if counter.report is not None:
            value = game.counters[counter.id] if counter.each == "game" else sum(game.player_counters[counter.id])
            found.append((counter.id, value))
    return tuple(found)
