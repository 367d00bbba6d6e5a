"""Many bot games, in parallel over processes. Game i of a run gets its seed from the base
seed and i alone, and its bots sit in a rotation fixed by i, so the games played, and the
reports, are the same whatever the number of processes (for bots with an iteration budget;
a time budget depends on the machine's speed)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine.simulate.play import GameRecord, derive_seed, play_game
from engine.variant.model import Variant


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot in each seat for game `index`: the list is cycled to fill the seats, then
    rotated one seat per game, so each bot sits in each seat equally often.

    >>> [seat_bots(["strong", "greedy"], 2, i) for i in range(2)]
    [['strong', 'greedy'], ['greedy', 'strong']]
    """
    lineup = [bots[i % len(bots)] for i in range(players)]
    shift = index % players
    return lineup[shift:] + lineup[:shift]


def game_seed(base: int, index: int) -> int:
    """The seed of game `index`: the same for every variant of a comparison (paired games)."""
    return derive_seed(base, index)


@dataclass
class Run:
    """The finished games of one run, by variant slot (0, or 0 and 1 when comparing)."""

    records: list[list[GameRecord]]
    requested: int
    """Games asked for per variant."""
    interrupted: bool = False
    elapsed: float = 0.0
    jobs: int = 1
    games_per_second: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        total = sum(len(r) for r in self.records)
        self.games_per_second = total / self.elapsed if self.elapsed > 0 else 0.0


Progress = Callable[[int, int], None]
"""progress(done, total): called after each finished game."""

_VARIANTS: list[Variant] = []


def _init_worker(variants: list[Variant]) -> None:
    """In each worker: keep the variants, and leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _VARIANTS[:] = variants


class GameFailed(RuntimeError):
    """A game raised an error: an engine or bot bug, reported with what replays it."""


def _play(task: tuple[int, int, tuple[str, ...], int, int]) -> tuple[int, GameRecord]:
    slot, index, bots, players, seed = task
    seats = seat_bots(bots, players, index)
    try:
        return slot, play_game(_VARIANTS[slot], seats, game_seed(seed, index), index)
    except Exception as problem:
        raise GameFailed(
            f"game {index} of '{_VARIANTS[slot].name}' (seed {game_seed(seed, index)}, bots {', '.join(seats)}) "
            f"failed: {type(problem).__name__}: {problem}"
        ) from None


def run_games(
    variants: Sequence[Variant],
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    progress: Progress | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Run:
    """Play `games` games of each variant (the same seeds and seats for each), over `jobs`
    processes (default: all cores). Ctrl-C stops early: the run has the games finished so far.
    `on_game(record)` sees each game as it finishes (in any order)."""
    jobs = jobs or os.cpu_count() or 1
    tasks = [(slot, index, tuple(bots), players, seed) for index in range(games) for slot in range(len(variants))]
    records: list[list[GameRecord]] = [[] for _ in variants]
    start = time.perf_counter()
    interrupted = False
    try:
        if jobs == 1:
            _init_variants_here(variants)
            for done, task in enumerate(tasks, start=1):
                slot, record = _play(task)
                records[slot].append(record)
                if on_game:
                    on_game(record)
                if progress:
                    progress(done, len(tasks))
        else:
            _run_pool(variants, tasks, jobs, records, progress, on_game)
    except KeyboardInterrupt:
        interrupted = True
    for slot_records in records:
        slot_records.sort(key=lambda r: r.index)
    return Run(records, games, interrupted, time.perf_counter() - start, jobs)


def _init_variants_here(variants: Sequence[Variant]) -> None:
    _VARIANTS[:] = list(variants)


def _run_pool(variants, tasks, jobs, records, progress, on_game) -> None:
    # small chunks keep the progress bar lively and the work balanced; order does not matter
    chunk = max(1, min(8, len(tasks) // (jobs * 16)))
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    pool = context.Pool(jobs, initializer=_init_worker, initargs=(list(variants),))
    try:
        for done, (slot, record) in enumerate(pool.imap_unordered(_play, tasks, chunksize=chunk), start=1):
            records[slot].append(record)
            if on_game:
                on_game(record)
            if progress:
                progress(done, len(tasks))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
