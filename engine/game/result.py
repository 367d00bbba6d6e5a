"""The end of the game: who won, and which tie-break decided it (rulebooks, WINNING: the
most property value wins; on a tie, the most properties)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game.game import Game

_KEY_WORDS = {"value": "total property value", "properties": "number of properties", "units_on_board": "units on the board"}


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    name: str
    place: int
    """1 for the winner(s); tied players share a place."""
    value: int
    properties: int
    units_on_board: int


@dataclass(frozen=True, slots=True)
class Result:
    standings: tuple[Standing, ...]
    """Best first."""
    winners: tuple[int, ...]
    decided_by: str | None
    """The ranking key that separated the winner from the runner-up ("value",
    "properties", ...); None when the winners are still tied after every key."""
    reason: str
    """Why the game ended: "no_units", "track_end" or "turn_limit"."""

    @property
    def tied(self) -> bool:
        return len(self.winners) > 1

    def describe(self) -> str:
        names = {s.player: s.name for s in self.standings}
        if self.tied:
            who = " and ".join(names[w] for w in self.winners)
            return f"{who} are tied after every tie-break and share the win"
        winner = names[self.winners[0]]
        if self.decided_by == "value" or self.decided_by is None:
            return f"{winner} wins with the highest total property value"
        return f"{winner} wins: tied on value, ahead on {_KEY_WORDS[self.decided_by]}"

    def to_dict(self) -> dict:
        return {
            "winners": list(self.winners),
            "decided_by": self.decided_by,
            "reason": self.reason,
            "standings": [
                {"player": s.player, "name": s.name, "place": s.place, "value": s.value,
                 "properties": s.properties, "units_on_board": s.units_on_board}
                for s in self.standings
            ],
        }


def rank_players(game: Game) -> Result:
    keys = game.variant.rules.ranking
    on_board = [0] * game.n
    for stack in game.stacks:
        for unit in stack:
            on_board[unit] += 1
    measures = {"value": game.worth, "properties": game.held, "units_on_board": on_board}

    def key(player: int) -> tuple[int, ...]:
        return tuple(measures[k][player] for k in keys)

    ordered = sorted(range(game.n), key=lambda p: (tuple(-x for x in key(p)), game.order.index(p)))
    standings = []
    place = 0
    previous = None
    for position, player in enumerate(ordered, start=1):
        if key(player) != previous:
            place = position
            previous = key(player)
        standings.append(
            Standing(player, game.texts.player(player), place, game.worth[player], game.held[player], on_board[player])
        )
    best = key(ordered[0])
    winners = tuple(p for p in ordered if key(p) == best)
    decided_by = None
    if len(winners) == 1 and len(ordered) > 1:
        runner_up = key(ordered[1])
        decided_by = next(k for k, a, b in zip(keys, best, runner_up) if a != b)
    elif len(ordered) == 1:
        decided_by = keys[0]
    reason = (game.end_reason or {}).get("reason", "")
    return Result(tuple(standings), winners, decided_by, reason)
