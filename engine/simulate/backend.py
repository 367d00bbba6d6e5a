"""What runs a run's games: a `Backend` takes the run's `Work` and plays it in batches of
`play_batch` (work.py), handing each finished batch's records back as it comes.

The work is a list of specs (one per variant compared, or per point of a sweep) and a number
of games for each; game i of a spec has the same seed and seats whoever plays it, so a back-
end decides only where and in what order batches are played, never what a game is. The
process back-end (runner.ProcessBackend) is the only one today; one for a cluster slots in
beside it, with the same `run`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from engine.simulate.work import KEPT, Spec


class Batch(NamedTuple):
    """Games `first` .. `first + size - 1` of the spec in slot `slot`."""

    slot: int
    first: int
    size: int


Progress = Callable[[int, int], None]
"""progress(done, total): called after each finished batch with the games finished so far."""

OnBatch = Callable[[Batch, list[tuple]], None]
"""on_batch(batch, records): a batch's records (work.record_fields tuples), in game order."""


ROUND_GAMES = 256
"""With more specs than a worker keeps compiled (work.KEPT), the games go in rounds of this
many per spec, KEPT specs at a time: a worker compiles each spec once a round instead of
once a batch, which costs at most a few percent beside a round's games."""


class Work:
    """The games of a run, handed out in batches: `games` of each spec, the spec furthest
    behind first, so the specs (the points of a sweep, the two variants of a comparison)
    advance together game by game and a run stopped early has about as many games of each.

    With more specs than KEPT they advance together round by round instead (ROUND_GAMES)."""

    def __init__(self, specs: list[Spec], games: int):
        self.specs = specs
        self.games = games
        self.total = games * len(specs)
        self.left = self.total
        """Games not yet handed out."""
        self._next = [0] * len(specs)
        self._window = 0
        self._round_end = games if len(specs) <= KEPT else min(games, ROUND_GAMES)

    def take(self, size: int) -> Batch | None:
        """The next batch of at most `size` games, or None when every game is handed out."""
        while self.left > 0:
            slots = self._slots()
            slot = min(slots, key=lambda s: (self._next[s], s))
            first = self._next[slot]
            if first < self._round_end:
                count = max(1, min(size, self._round_end - first))
                self._next[slot] += count
                self.left -= count
                return Batch(slot, first, count)
            self._advance()
        return None

    def _slots(self) -> range:
        if len(self.specs) <= KEPT:
            return range(len(self.specs))
        start = self._window * KEPT
        return range(start, min(len(self.specs), start + KEPT))

    def _advance(self) -> None:
        """The window of specs (or, past the last window, the round) is all handed out."""
        if len(self.specs) > KEPT and (self._window + 1) * KEPT < len(self.specs):
            self._window += 1
            return
        self._window = 0
        self._round_end = min(self.games, self._round_end + ROUND_GAMES)


class Backend(Protocol):
    """Plays a run's work. Ctrl-C (KeyboardInterrupt, from anywhere, `progress` included)
    and every other error leave `run` after its workers are stopped; what was given to
    `on_batch` before is the run's."""

    def run(self, work: Work, on_batch: OnBatch, progress: Progress | None) -> None: ...
