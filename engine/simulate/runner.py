"""Many bot games, in parallel over processes. Game i of a run gets its seed from the base
seed and i alone, and its bots sit in a rotation fixed by i, so the games played, and the
reports, are the same whatever the number of processes (for bots with an iteration budget;
a time budget depends on the machine's speed).

`run_games` makes the run's specs (work.py) and hands its `Work` to a back-end: the
`ProcessBackend` below, which plays batches in worker processes of its own (or, with one
job, in this process)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Literal, cast

from engine.simulate.backend import Backend, Batch, OnBatch, Progress, Work
from engine.simulate.play import GameRecord
from engine.simulate.work import GameFailed, Spec, SpecMismatch, compiled, game_seed, make_spec, play_batch, seat_bots
from engine.variant.model import Variant

__all__ = ["GameFailed", "ProcessBackend", "Run", "Terminated", "game_seed", "run_games", "seat_bots"]


@dataclass
class Run:
    """The finished games of one run, by variant slot (0, or 0 and 1 when comparing)."""

    records: list[list[GameRecord]]
    requested: int
    """Games asked for per variant."""
    interrupted: bool = False
    elapsed: float = 0.0
    jobs: int = 1
    backend: str = ""
    """Who played the games, in words for the report's header ("2 jobs", "the Dask cluster at
    ..."); "" for `jobs` jobs of this machine."""
    games_per_second: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        total = sum(len(r) for r in self.records)
        self.games_per_second = total / self.elapsed if self.elapsed > 0 else 0.0


def backend_words(run: Run) -> str:
    """Who played the run's games, for a report's header: "2 jobs", or the cluster's label."""
    return run.backend or f"{run.jobs} job{'s' if run.jobs != 1 else ''}"


BATCH_SECONDS = 0.1
"""About how long a batch of games takes a worker: long enough that messages, the parent's
wake-ups and its reading of the records cost little beside the games (random games last a
few milliseconds), short enough that the progress bar moves. (The last batches of a run are
smaller: see `Pace`.)"""

MAX_BATCH = 32
"""The most games a batch holds, however short they are."""

IN_FLIGHT_PER_WORKER = 2 * MAX_BATCH
"""The most games handed to a worker and not yet back: two batches, so that it starts the next
while the parent reads the last; more would only be lost work on Ctrl-C."""

_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}

_SPECS: list[Spec] = []
"""The run's specs, in the parent (to name a game whose worker died) and in each worker."""


class Terminated(BaseException):
    """The run was told to end (SIGTERM): unlike Ctrl-C it reports nothing, so it is not an
    Exception that a handler of errors could swallow."""


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
    processes (default: all cores). Ctrl-C stops early: the run has the games finished so far
    (for two variants, those both finished, so the comparison stays paired). SIGTERM, when
    the caller turns it into `Terminated`, stops the workers and propagates.
    `on_game(record)` sees each game as it finishes (in any order)."""
    jobs = jobs or os.cpu_count() or 1
    specs = [make_spec(variant, players, bots, seed) for variant in variants]
    run = play_specs(specs, games, ProcessBackend(jobs), progress, on_game)
    run.jobs = jobs
    return run


def play_specs(
    specs: list[Spec],
    games: int,
    backend: Backend,
    progress: Progress | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Run:
    """Play `games` games of each spec on `backend`; the Run's records are by spec, in game
    order. Stopped by Ctrl-C, it keeps only the games every spec finished."""
    records: list[list[GameRecord]] = [[] for _ in specs]
    seen: dict = {}

    def take(batch: Batch, answers: list[tuple]) -> None:
        for values in answers:
            record = _shared(values, seen)
            records[batch.slot].append(record)
            if on_game:
                on_game(record)

    work = Work(specs, games)
    start = time.perf_counter()
    with suppress(KeyboardInterrupt):
        backend.run(work, take, progress)
    interrupted = sum(map(len, records)) < work.total
    if interrupted:
        records = _paired(records)
    for slot_records in records:
        slot_records.sort(key=lambda r: r.index)
    return Run(records, games, interrupted, time.perf_counter() - start)


def _shared(values: tuple, seen: dict) -> GameRecord:
    """The record of `values` (see work.record_fields) with the parts many games repeat
    (line-ups, seat orders, card plays, endings) replaced by one shared copy from `seen`. A
    record from a worker arrives with copies of its own: 2.2 KB for a four-player game of
    random bots, 0.4 KB once shared, and the run keeps every record for the report."""
    one = seen.setdefault
    index, seed, bots, order, winners, turns, reason, decided_by, ends, plays, tallies, scores = values
    return GameRecord(
        index=index,
        seed=seed,
        bots=one(bots, bots),
        order=one(order, order),
        winners=one(winners, winners),
        turns=turns,
        reason=one(reason, reason),
        decided_by=one(decided_by, decided_by),
        values=tuple([one(value, value) for value in ends]),
        plays=tuple([one(play, play) for play in [(seat, one(card, card)) for seat, card in plays]]),
        tallies=one(tallies, tallies),
        scores=scores,
    )


def _paired(records: list[list[GameRecord]]) -> list[list[GameRecord]]:
    """Only the games every spec finished: a stopped comparison still compares the same
    deals, the points of a stopped sweep the same seeds, and every summary counts the same
    games."""
    if len(records) < 2:
        return records
    common = set.intersection(*({r.index for r in slot} for slot in records))
    return [[r for r in slot if r.index in common] for slot in records]


class ProcessBackend:
    """Today's back-end: `jobs` worker processes of this machine, each fed batches timed to
    about BATCH_SECONDS (`Pace`); with one job, the games are played in this process."""

    def __init__(self, jobs: int):
        self.jobs = jobs

    def run(self, work: Work, on_batch: OnBatch, progress: Progress | None) -> None:
        _SPECS[:] = work.specs
        done = 0

        def take(batch: Batch, answers: list[tuple]) -> None:
            nonlocal done
            on_batch(batch, answers)
            done += len(answers)
            if progress:
                progress(done, work.total)

        if self.jobs == 1:
            _run_here(work, take)
        else:
            _run_workers(work, min(self.jobs, work.total), take)


def _run_here(work: Work, take: OnBatch) -> None:
    """One game at a time, every spec in turn."""
    while (batch := work.take(1)) is not None:
        take(batch, play_batch(work.specs[batch.slot], batch.first, batch.size))


# ----- worker processes --------------------------------------------------------------------------
# Not multiprocessing.Pool: its workers share one lock on the task queue, so a worker killed
# while it waits for work (SIGTERM to the process group, as `timeout` and service managers
# send; or the out-of-memory killer) leaves the lock taken and Pool.terminate() waits forever,
# and a game lost with a killed worker leaves imap waiting forever. Here each worker has a pipe
# of its own: a dead worker is an end-of-file on its pipe, seen at once, and stopping is a kill.


@dataclass
class _Worker:
    process: BaseProcess
    pipe: Connection
    now: Any
    """Which game of its oldest batch the worker is playing (a number in shared memory, set
    by the worker before each game): the game a killed worker could not finish."""
    batches: deque[Batch] = field(default_factory=deque)
    """Batches of games sent to this worker and not yet answered, oldest first."""


@dataclass
class Pace:
    """How many games the next batch holds: as many as last took about `seconds`
    (BATCH_SECONDS here; a cluster's back-end sets its own), and fewer as the run nears its
    end, so that the workers finish together."""

    jobs: int
    left: int
    """Games not yet handed out."""
    size: int = 1
    """The next batch's size: one game until a batch has been timed."""
    seconds: float = BATCH_SECONDS
    most: int = MAX_BATCH

    def timed(self, games: int, seconds: float) -> None:
        self.size = max(1, min(self.most, int(self.seconds * games / seconds) if seconds > 0 else self.most))

    def queue_more(self) -> bool:
        """Whether a worker still playing a batch gets the next one now. Not near the end of
        the run: a game queued behind another is one a worker that is done could have played,
        and the workers would end a game apart."""
        return self.left > 2 * self.jobs * self.size

    def next_size(self) -> int:
        size = min(self.left, max(1, min(self.size, self.left // (2 * self.jobs))))
        self.left -= size
        return size


def _run_workers(work: Work, jobs: int, take: OnBatch) -> None:
    workers: list[_Worker] = []
    pace = Pace(jobs, work.total)
    try:
        _start_workers(work.specs, jobs, workers)
        for _ in range(2):  # two batches each: one to play, one to start as it sends the first
            for worker in workers:
                _hand_out(worker, work, pace.next_size())
        while busy := {w.pipe: w for w in workers if w.batches}:
            for pipe in cast("list[Connection]", wait(list(busy))):  # some of the pipes it was given
                worker = busy[pipe]
                batch, answers, seconds = _answer(worker)
                pace.timed(len(answers), seconds)
                if not worker.batches or pace.queue_more():
                    _hand_out(worker, work, pace.next_size())  # before reading: it need not wait for us
                take(batch, answers)
    finally:
        with stop_signals_held():
            _stop(workers)


def _start_workers(specs: list[Spec], jobs: int, workers: list[_Worker]) -> None:
    """Start `jobs` workers, each listed in `workers` as soon as it exists so that whatever
    happens next stops it. Ctrl-C and SIGTERM wait until all are started: a child forked
    with the parent's handlers in place would run them."""
    method: Literal["fork"] | None = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    with stop_signals_held():
        for number in range(1, jobs + 1):
            mine, theirs = context.Pipe()
            now = context.RawValue("i", 0)
            # a forked child inherits the parent's end of its own pipe and of the earlier
            # workers' pipes; it closes them, or it would never see the parent close or die
            inherited = [mine, *(w.pipe for w in workers)] if method == "fork" else []
            process = context.Process(
                target=_worker,
                args=(theirs, list(specs), inherited, now),
                name=f"boardwalk-simulate-{number}",
                daemon=True,
            )
            process.start()
            theirs.close()
            workers.append(_Worker(process, mine, now))


def _hand_out(worker: _Worker, work: Work, count: int) -> None:
    batch = work.take(count) if count > 0 else None
    if batch is None:
        return
    worker.batches.append(batch)
    try:
        worker.pipe.send(batch)
    except OSError:
        raise _lost(worker) from None


def _answer(worker: _Worker) -> tuple[Batch, list[tuple], float]:
    """The worker's oldest batch, its records and the seconds it took."""
    try:
        answer = worker.pipe.recv()
    except (EOFError, OSError):
        raise _lost(worker) from None
    batch = worker.batches.popleft()
    if answer[0] == "failed":
        raise GameFailed(answer[1])
    if answer[0] == "mismatch":
        raise SpecMismatch(answer[1])
    return batch, answer[1], answer[2]


def _lost(worker: _Worker) -> BaseException:
    """What a worker's death means: it was stopped like the run (SIGTERM or hang-up), or
    killed by something else, which fails the game it was playing."""
    # its pipe failed because it exited; should it be alive all the same (a garbled message),
    # the kill ensures the join ends; a process already exiting keeps its own exit status
    worker.process.kill()
    worker.process.join()
    code = worker.process.exitcode
    if code in (-signal.SIGTERM, -signal.SIGHUP):
        return Terminated()
    batch = worker.batches[0]
    index = batch.first + min(max(worker.now.value, 0), batch.size - 1)
    spec = _SPECS[batch.slot]
    return GameFailed(
        f"game {index} of '{compiled(spec).name}' (seed {game_seed(spec['seed'], index)}) could not finish: "
        f"its worker process {_ended(code)}"
    )


def _ended(code: int | None) -> str:
    if code is not None and code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else f"signal {-code}"
        hint = " (perhaps the system ran out of memory)" if code == -signal.SIGKILL else ""
        return f"was killed by {name}{hint}"
    return f"stopped with exit status {code}"


def _stop(workers: list[_Worker]) -> None:
    """End every worker and wait for it, so none outlives the run. After a full run they are
    idle and leave when their pipe closes; after Ctrl-C, SIGTERM or a failure the game they
    are playing is of no use, and they hold nothing shared, so they are killed."""
    for worker in workers:
        worker.pipe.close()
        if worker.batches:
            worker.process.kill()
    for worker in workers:
        worker.process.join()


@contextmanager
def stop_signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait (they are blocked, not lost) until the block ends, so starting
    or stopping the workers is never cut in half."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _worker(pipe: Connection, specs: list[Spec], inherited: list[Connection], now: Any) -> None:
    """A worker process: plays each batch of games the parent sends and sends back their
    records, until the parent closes its end (the run is over) or dies. Ctrl-C is the
    parent's to handle; SIGTERM ends a worker at once, quietly, which is safe as it shares
    nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    for other in inherited:
        other.close()
    _SPECS[:] = specs
    try:
        while True:
            pipe.send(_outcome(pipe.recv(), now))
    except (EOFError, OSError):
        pass  # the parent is done with us, or gone: there is no one left to answer


def _outcome(batch: Batch, now: Any) -> tuple:
    """("done", [record fields, ...], seconds), or ("failed", message) for a game that
    failed and ("mismatch", message) for a spec this worker cannot play: the parent's to
    report. One game at a time, so that `now` names the game being played."""
    start = time.perf_counter()
    records = []
    spec = _SPECS[batch.slot]
    try:
        for position in range(batch.size):
            now.value = position
            records += play_batch(spec, batch.first + position, 1)
    except GameFailed as problem:
        return ("failed", str(problem))
    except SpecMismatch as problem:
        return ("mismatch", str(problem))
    return ("done", records, time.perf_counter() - start)
