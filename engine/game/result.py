"""The end of the game: who won, and which score decided it. A variant ranks players by its
`ranking`, a list of its `scores` most important first (say: the most
property value wins; on a tie, the most properties)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game.game_state import GameState


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    name: str
    place: int
    """1 for the winner(s); tied players share a place."""
    scores: dict[str, int]
    """Every score of the variant, by id."""

    def __getattr__(self, name: str) -> int:
        """`standing.value` reads the score 'value'."""
        try:
            return self.scores[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True, slots=True)
class Result:
    standings: tuple[Standing, ...]
    """Best first."""
    winners: tuple[int, ...]
    decided_by: str | None
    """The score that separated the winner from the runner-up ("value", "properties", ...);
    None when the winners are still tied after every score of the ranking."""
    reason: str
    """Why the game ended: one of the variant's `ends`, or one of the engine's safety nets
    (limits.SAFETY_ENDS: "turn_limit", "work_limit", "decision_limit", "event_limit")."""
    wording: dict[str, tuple[str, bool]]
    """Each score's name in words and whether the fewest ranks first, for `describe`."""

    @property
    def tied(self) -> bool:
        return len(self.winners) > 1

    def describe(self) -> str:
        names = {s.player: s.name for s in self.standings}
        if self.tied:
            who = " and ".join(names[w] for w in self.winners)
            return f"{who} are tied after every tie-break and share the win"
        winner = names[self.winners[0]]
        first = next(iter(self.wording), None)
        if first is None:
            return f"{winner} wins"
        if self.decided_by == first or self.decided_by is None:
            words, fewest = self.wording[first]
            return f"{winner} wins on {words}" + (" (the fewest wins)" if fewest else "")
        words, fewest = self.wording[self.decided_by]
        return f"{winner} wins: tied on {self.wording[first][0]}, {'lower' if fewest else 'ahead'} on {words}"

    def to_dict(self) -> dict:
        return {
            "winners": list(self.winners),
            "decided_by": self.decided_by,
            "reason": self.reason,
            "standings": [
                {"player": s.player, "name": s.name, "place": s.place, **s.scores} for s in self.standings
            ],
        }


def rank_players(game: GameState) -> Result:
    book = game.book
    keys = book.ranking
    scores = [{score.id: game.score(score.id, p) for score in game.variant.scores} for p in range(game.n)]
    ordered, ranked, winners, decided_by = _ranking(game, [tuple(scores[p][k] for k in keys) for p in range(game.n)])
    standings = []
    place = 0
    previous = None
    for position, player in enumerate(ordered, start=1):
        if ranked[player] != previous:
            place = position
            previous = ranked[player]
        standings.append(Standing(player, game.texts.player(player), place, scores[player]))
    wording = {k: (book.score_words[k], book.score_fewest[k]) for k in keys}
    return Result(tuple(standings), winners, decided_by, _reason(game), wording)


def outcome(game: GameState) -> tuple[tuple[int, ...], str | None, str]:
    """The `winners`, `decided_by` and `reason` of `rank_players(game)`, without the rest: the
    scores outside the ranking and the standings cost more than the ranking itself, and a
    simulation of thousands of games records only these."""
    keys = game.book.ranking
    ranked = [tuple(game.score(k, p) for k in keys) for p in range(game.n)]
    _, _, winners, decided_by = _ranking(game, ranked)
    return winners, decided_by, _reason(game)


def _ranking(
    game: GameState, ranked: list[tuple[int, ...]],
) -> tuple[list[int], list[tuple[int, ...]], tuple[int, ...], str | None]:
    """The players best first, given each one's scores of the ranking (`ranked`, most
    important first; ties go to the earlier in turn order), and the winners, and the score
    that separated the winner from the runner-up."""
    book = game.book
    keys = book.ranking
    fewest = [book.score_fewest[k] for k in keys]
    turn = {player: position for position, player in enumerate(game.order)}
    ordered = sorted(range(game.n), key=lambda p: (tuple(x if low else -x for low, x in zip(fewest, ranked[p])), turn[p]))
    best = ranked[ordered[0]]
    winners = tuple(p for p in ordered if ranked[p] == best)
    decided_by = None
    if len(winners) == 1 and len(ordered) > 1:
        runner_up = ranked[ordered[1]]
        decided_by = next(k for k, a, b in zip(keys, best, runner_up) if a != b)
    elif len(ordered) == 1 and keys:
        decided_by = keys[0]
    return ordered, ranked, winners, decided_by


def _reason(game: GameState) -> str:
    return (game.end_reason or {}).get("reason", "")
