"""What the commands that run bot games (`simulate`, `sweep`) share: their checks of
--players, --bots, --jobs and --out, who plays the games (this machine's processes, or a Dask
cluster: --scheduler, --scheduler-file and the TLS files), the report written in one step,
the progress bar, and SIGTERM turned into `Terminated`, so that the workers are stopped and
waited for."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engine.commands.common import EXIT_OK, EXIT_PROBLEMS, EXIT_TERMINATED, EXIT_USAGE, UsageError
from engine.visible import visible, write_raw

TYPE_CHECKING = False  # mypy reads the block below; the runner is imported when a run starts
if TYPE_CHECKING:
    from engine.simulate.cluster import Where
    from engine.simulate.runner import Run
    from engine.simulate.work import Spec

MAX_JOBS = 256
"""Worker processes at most: more than any machine's cores, and short of thousands of forks."""


def guarded(command: str, body: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a command's body with SIGTERM turned into `Terminated`: a wrong argument is one
    line and exit status 2, SIGTERM one line, no report and 143."""
    from engine.simulate.runner import Terminated

    try:
        with sigterm_stops_the_run():
            return body(args)
    except UsageError as problem:
        print(f"boardwalk {command}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except Terminated:
        print(f"boardwalk {command}: stopped by a termination signal; no report written", file=sys.stderr)
        return EXIT_TERMINATED


def played(command: str, jobs: int, play: Callable[[], Run]) -> Run | int:
    """The run `play` makes, or the exit status after saying why there is none: a game
    that failed (1), a worker that cannot play the run's variant as it was checked (2),
    worker processes that could not be started (2), a cluster that cannot be used (2) or
    failed during the run (1)."""
    from engine.simulate.cluster import ClusterProblem  # Dask itself is imported only by a run on a cluster
    from engine.simulate.runner import GameFailed
    from engine.simulate.work import SpecMismatch

    try:
        return play()
    except GameFailed as problem:
        print(f"boardwalk {command}: error: {problem}", file=sys.stderr)
        return EXIT_PROBLEMS
    except SpecMismatch as problem:
        print(f"boardwalk {command}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except ClusterProblem as problem:
        print(f"boardwalk {command}: error: {problem}", file=sys.stderr)
        return problem.status
    except OSError as problem:  # games' own errors are GameFailed: this is starting the workers
        print(f"boardwalk {command}: error: could not start {jobs} worker processes: "
              f"{problem.strerror or problem} (a smaller --jobs may do)", file=sys.stderr)
        return EXIT_USAGE


def play_on(command: str, where: Where | None, jobs: int, specs: list[Spec], games: int, progress) -> Run | int:
    """Play `games` of each spec on this machine's `jobs` processes, or on the cluster `where`
    names: the run (its jobs and who played it set for the report), or the exit status after
    saying why there is none (see `played`)."""
    from engine.simulate.runner import ProcessBackend, play_specs

    if where is None:
        def here() -> Run:
            run = play_specs(specs, games, ProcessBackend(jobs), progress)
            run.jobs = jobs
            return run

        return played(command, jobs, here)
    from engine.simulate.cluster import ClusterProblem, DaskBackend, connected

    def there() -> Run:
        try:
            with connected(where) as connection:
                run = play_specs(specs, games, DaskBackend(connection), progress)
                run.jobs, run.backend = connection.threads, connection.label
                return run
        except OSError as problem:  # Dask's lost connections are OSErrors: not worker processes that did not start
            raise ClusterProblem(f"lost the connection to the cluster: {type(problem).__name__}: {problem}",
                                 EXIT_PROBLEMS) from None

    return played(command, jobs, there)


def play_shown(command: str, where: Where | None, jobs: int, specs: list[Spec], games: int, covered: str) -> Run | int:
    """`play_on` with a progress bar on a terminal, and, when Ctrl-C stopped the run early,
    the line that says what its report covers: the games of each spec that every spec
    finished, `covered` naming them ("games per variant that finished")."""
    progress = ProgressBar(games * len(specs)) if sys.stderr.isatty() else None
    try:
        result = play_on(command, where, jobs, specs, games, progress)
    finally:
        if progress:
            progress.close()
    if not isinstance(result, int) and result.interrupted:
        finished = min(map(len, result.records))
        print(f"boardwalk {command}: stopped early (Ctrl-C); the report covers only the {finished} "
              f"of {games} {covered}", file=sys.stderr)
    return result


def deliver(command: str, text: str, out: str | None) -> int:
    """The report to standard output, or to --out in one step (a report file is read in a
    terminal too, so what it holds is made visible as the screen's text is): EXIT_OK, or
    EXIT_USAGE when it could not be written."""
    if out is None:
        sys.stdout.write(text)
        return EXIT_OK
    return EXIT_OK if write_out(out, visible(text), command) else EXIT_USAGE


def add_run_options(parser: argparse.ArgumentParser, seed_meaning: str) -> None:
    """--players, --bots, --seed, --jobs, --format and --out, as every command that runs
    bot games takes them; `seed_meaning` says what the seed decides."""
    from engine.commands.common import seed_argument

    parser.add_argument("--players", type=int, default=None, metavar="P",
                        help="players per game (default: the most the variant allows)")
    parser.add_argument("--bots", default="greedy", metavar="SPEC,...",
                        help="comma-separated bot specs given to the seats in turn, cycled when fewer than the "
                             "players and rotated across games (default: greedy); e.g. strong:iterations=100,greedy")
    parser.add_argument("--seed", type=seed_argument, default=None, metavar="S",
                        help=f"base seed, a whole number below 2^64 either way; {seed_meaning} "
                             "(default: a new one each run, printed in the report so the run can be repeated)")
    parser.add_argument("--jobs", type=int, default=None, metavar="J",
                        help="worker processes (default: all cores); results do not depend on it")
    cluster = parser.add_argument_group(
        "on a Dask cluster (the optional extra: pip install 'boardwalk[cluster]'; see docs/cluster.md)")
    cluster.add_argument("--scheduler", metavar="ADDRESS|local",
                         help="play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT or "
                              "tls://HOST:PORT), or on a local one of --jobs worker processes on 127.0.0.1; the report "
                              "is the same as on this machine's processes")
    cluster.add_argument("--scheduler-file", metavar="FILE",
                         help="the scheduler's address from FILE, as `dask scheduler --scheduler-file FILE` writes it")
    cluster.add_argument("--tls-ca", metavar="FILE", help="with a tls:// scheduler: the CA certificate (PEM) that signed "
                                                          "the cluster's certificates")
    cluster.add_argument("--tls-cert", metavar="FILE", help="with a tls:// scheduler: this client's certificate (PEM)")
    cluster.add_argument("--tls-key", metavar="FILE", help="with a tls:// scheduler: this client's private key (PEM)")
    parser.add_argument("--format", choices=("text", "json", "csv"), default="text", help="report format (default: text)")
    parser.add_argument("--out", metavar="FILE",
                        help="write the report to FILE instead of standard output; FILE is replaced in one step when "
                             "the report is ready, so a run that fails or is stopped leaves it as it was")


MAX_SCHEDULER_FILE = 100_000
"""Bytes a scheduler file may hold: Dask writes a few hundred."""


def cluster_of(command: str, args: argparse.Namespace) -> Where | None:
    """The cluster the options name, checked before anything is loaded or played: None for
    this machine's processes. Raises UsageError: both --scheduler and --scheduler-file,
    --jobs with a remote cluster, an address that is not one, TLS files with a tcp://
    address or not all three, a file that cannot be read, or Dask distributed absent. A
    plain tcp:// address off this machine is warned about: nothing it carries is encrypted."""
    from engine.commands import cluster_address as addresses

    tls_files = (args.tls_ca, args.tls_cert, args.tls_key)
    if args.scheduler is None and args.scheduler_file is None:
        if any(tls_files):
            raise UsageError("--tls-ca, --tls-cert and --tls-key go with --scheduler tls://... or --scheduler-file")
        return None
    if args.scheduler is not None and args.scheduler_file is not None:
        raise UsageError("give --scheduler or --scheduler-file, not both")
    address = (addresses.from_file(args.scheduler_file, MAX_SCHEDULER_FILE) if args.scheduler_file is not None
               else addresses.parse(args.scheduler))
    from engine.simulate.cluster import Where, missing

    why = missing()
    if why is not None:
        raise UsageError(why)
    if address is None:
        if any(tls_files):
            raise UsageError("--scheduler local stays on 127.0.0.1: it takes no TLS files")
        return Where(None, args.jobs or os.cpu_count() or 1)
    if args.jobs is not None:
        raise UsageError("--jobs counts this machine's processes; a cluster plays on the workers its scheduler has "
                         "(start more with dask worker)")
    tls = None
    if any(tls_files):
        if not all(tls_files):
            raise UsageError("give all three of --tls-ca, --tls-cert and --tls-key")
        if not address.startswith("tls://"):
            raise UsageError(f"the TLS files go with a tls:// address, not {address}")
        for option, path in zip(("--tls-ca", "--tls-cert", "--tls-key"), tls_files):
            addresses.check_readable(option, path)
        tls = (args.tls_ca, args.tls_cert, args.tls_key)
    if address.startswith("tcp://") and not addresses.on_this_machine(address):
        print(f"boardwalk {command}: warning: {address} is plain TCP: the variant's texts, the games' records and "
              "the tasks cross the network unencrypted, and anyone who can reach the scheduler can run code on its "
              "workers and in this process; use tls:// (docs/cluster.md)", file=sys.stderr)
    return Where(address, tls=tls)


def check_jobs(jobs: int | None) -> None:
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {jobs})")
    if jobs is not None and jobs > MAX_JOBS:
        raise UsageError(f"--jobs {jobs:,} is too many: at most {MAX_JOBS} worker processes")


@contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """SIGTERM (kill, timeout, a service manager stopping) raises Terminated in the main
    thread, so the run kills and waits for its workers and a report being written is
    abandoned whole. Left to the default, it ended the parent alone: the workers printed
    broken-pipe tracebacks and a half-written --out stayed. Only the first SIGTERM counts
    (later ones are ignored while stopping); a SIGTERM ignored by whoever started us stays
    ignored; the previous handler is back afterwards."""
    import signal
    import threading

    from engine.simulate.runner import Terminated

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise Terminated

    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
        yield
        return
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def players_of(requested: int | None, variants: list) -> int:
    allowed = sorted(set(variants[0].player_counts).intersection(*(v.player_counts for v in variants[1:])))
    if not allowed:
        raise UsageError("the two variants allow no common number of players")
    if requested is None:
        return allowed[-1]
    if requested not in allowed:
        names = " and ".join(f"'{v.name}'" for v in variants)
        raise UsageError(f"--players {requested}: {names} allow{'s' if len(variants) == 1 else ''} {_listing(allowed)} players")
    return requested


def _listing(counts: list[int]) -> str:
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])


def bots_of(text: str, variant) -> list[str]:
    from engine.bots import BotSpecError, make_bot

    specs = split_specs(text)
    if not specs:
        raise UsageError("--bots needs at least one bot name (e.g. greedy)")
    for spec in specs:
        try:
            make_bot(spec, variant, seed=0)
        except BotSpecError as problem:
            raise UsageError(f"--bots: {problem}") from None
    return specs


def split_specs(text: str) -> list[str]:
    """Split "strong:iterations=100,time=1,greedy" into bot specs: a comma starts a new bot
    unless what follows is a name=value setting of the bot before it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" in specs[-1]:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def check_out(path: str | None) -> None:
    """Refuse an --out that cannot be written before the run, not after it, without
    creating or emptying the file: a run that fails or is stopped leaves it as it was."""
    from pathlib import Path

    from engine.files import WriteFailed, check_writable

    if path is None:
        return
    try:
        check_writable(Path(path))
    except WriteFailed as failure:
        raise UsageError(f"cannot write --out {path}: {failure.reason}") from None


def write_out(path: str, text: str, command: str) -> bool:
    """Replace the --out file in one step; on failure (a full disk, a quota, an I/O error)
    say so, and that the previous report is still whole."""
    from pathlib import Path

    from engine.files import WriteFailed, write_atomically

    try:
        write_atomically(Path(path), text)
    except WriteFailed as failure:
        kept = f"{path} is unchanged" if os.path.isfile(path) else "no report was written"
        print(f"boardwalk {command}: error: could not write --out {path}: {failure.reason}; {kept}", file=sys.stderr)
        return False
    return True


class ProgressBar:
    """A one-line progress bar on standard error, redrawn at most ten times a second."""

    def __init__(self, total: int):
        self.total = total
        self.start = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        width = 30
        filled = int(width * done / total)
        bar = "#" * filled + "-" * (width - filled)
        write_raw(
            sys.stderr, f"\r[{bar}] {done}/{total} games  {rate:5.1f} games/s  eta {_clock(left)}  (Ctrl-C stops and reports) "
        )
        sys.stderr.flush()

    def close(self) -> None:
        write_raw(sys.stderr, "\r" + " " * 100 + "\r")
        sys.stderr.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
