"""`boardwalk simulate`: the balance lab. Bots play many games of a variant (or of two, to
compare them), in parallel, and the report says with confidence intervals what the rules do.

Every `boardwalk` command builds this parser, so what only a run needs (signals, threads,
paths, the dice's seed) is imported when it runs."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from engine.commands.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_TERMINATED,
    EXIT_USAGE,
    UsageError,
    seed_argument,
)
from engine.visible import visible, write_raw

MAX_GAMES = 1_000_000
"""The most games per variant a run may ask for. The run keeps every game's record for the
report (about 0.4 KB each: 0.4 GB per variant at the maximum), a million games already pin
a 25% win share to within ±0.09 points, and they take about an hour of one core with the
fastest bots (random) and days with greedy ones: a larger number is a typo or a run that
would exhaust memory or never finish, and is refused before anything starts."""


def register(commands: argparse._SubParsersAction) -> None:
    from engine.resources import DEFAULT_VARIANT

    simulate = commands.add_parser(
        "simulate",
        help="play many bot games of a variant (or two, compared) and report win shares, lengths and cards",
        description=(
            "Bots play many games of VARIANT and the report gives win shares by seat, by bot and by turn "
            "position with 95% intervals, game lengths, how games ended and what each card did. "
            "With VARIANT_B, both play the same seeds and the report tests every difference for significance. "
            "Ctrl-C stops early and reports the games that finished; SIGTERM stops without a report. "
            "Exit status: 0 done, 1 a game failed (an engine or bot bug), 2 bad input or a report that could "
            "not be written, 130 stopped by Ctrl-C, 143 stopped by SIGTERM."
        ),
        epilog="example: boardwalk simulate winning-moves-2016 house-stormy-weather --games 2000 --bots greedy",
    )
    simulate.add_argument("variant", metavar="VARIANT", nargs="?", default=DEFAULT_VARIANT,
                          help=f"a variant file or bundled variant name (default: {DEFAULT_VARIANT})")
    simulate.add_argument("variant_b", metavar="VARIANT_B", nargs="?", help="a second variant to compare with the first")
    simulate.add_argument("--games", type=int, default=1000, metavar="N",
                          help=f"games per variant, at most {MAX_GAMES:,} (default: 1000)")
    simulate.add_argument("--players", type=int, default=None, metavar="P",
                          help="players per game (default: the most the variant allows)")
    simulate.add_argument("--bots", default="greedy", metavar="SPEC,...",
                          help="comma-separated bot specs given to the seats in turn, cycled when fewer than the "
                               "players and rotated across games (default: greedy); e.g. strong:iterations=100,greedy")
    simulate.add_argument("--seed", type=seed_argument, default=None, metavar="S",
                          help="base seed, a whole number below 2^64 either way; game i's seed derives from it and i "
                               "(default: a new one each run, printed in the report so the run can be repeated)")
    simulate.add_argument("--jobs", type=int, default=None, metavar="J",
                          help="worker processes (default: all cores); results do not depend on it")
    simulate.add_argument("--format", choices=("text", "json", "csv"), default="text", help="report format (default: text)")
    simulate.add_argument("--out", metavar="FILE",
                          help="write the report to FILE instead of standard output; FILE is replaced in one step when "
                               "the report is ready, so a run that fails or is stopped leaves it as it was")
    simulate.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.simulate.runner import Terminated

    try:
        with _sigterm_stops_the_run():
            return _run(args)
    except UsageError as problem:
        print(f"boardwalk simulate: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except Terminated:
        print("boardwalk simulate: stopped by a termination signal; no report written", file=sys.stderr)
        return EXIT_TERMINATED


@contextmanager
def _sigterm_stops_the_run() -> Iterator[None]:
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


def _run(args: argparse.Namespace) -> int:
    from engine.commands.common import load_variant_or_explain
    from engine.game.rng import fresh_seed
    from engine.simulate import build_report, run_games
    from engine.simulate.report import render
    from engine.simulate.runner import GameFailed
    from engine.simulate.work import SpecMismatch

    _check_counts(args.games, args.jobs)
    variants = []
    for argument in (name for name in (args.variant, args.variant_b) if name is not None):
        variant = load_variant_or_explain(argument, "simulate")
        if variant is None:
            return EXIT_USAGE
        variants.append(variant)
    players = _players(args.players, variants)
    bots = _bots(args.bots, variants[0])
    _check_out(args.out)
    jobs = args.jobs or os.cpu_count() or 1
    seed = fresh_seed() if args.seed is None else args.seed
    progress = _ProgressBar(args.games * len(variants)) if sys.stderr.isatty() else None
    try:
        result = run_games(variants, players, bots, args.games, seed=seed, jobs=jobs, progress=progress)
    except GameFailed as problem:
        print(f"boardwalk simulate: error: {problem}", file=sys.stderr)
        return EXIT_PROBLEMS
    except SpecMismatch as problem:  # a worker that cannot play the run's variant as it was checked
        print(f"boardwalk simulate: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as problem:  # games' own errors are GameFailed: this is starting the workers
        print(f"boardwalk simulate: error: could not start {jobs} worker processes: "
              f"{problem.strerror or problem} (a smaller --jobs may do)", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if progress:
            progress.close()
    if result.interrupted:
        finished = min(map(len, result.records))
        print(f"boardwalk simulate: stopped early (Ctrl-C); the report covers only the {finished} "
              f"of {args.games} games per variant that finished", file=sys.stderr)
    report = build_report(variants, result, players, bots, seed)
    # charts without colour: their labels are names from the variant, and the output
    # boundary shows every escape sequence, plotext's colours included
    text = render(report, args.format)
    if args.out is None:
        sys.stdout.write(text)
    elif not _write_out(args.out, visible(text)):  # a report file is read in a terminal too
        return EXIT_USAGE
    return EXIT_INTERRUPTED if result.interrupted else EXIT_OK


MAX_JOBS = 256
"""Worker processes at most: more than any machine's cores, and short of thousands of forks."""


def _check_counts(games: int | None, jobs: int | None) -> None:
    if games is None or games < 1:
        raise UsageError(f"--games must be at least 1 (got {games})")
    if games > MAX_GAMES:
        raise UsageError(
            f"--games {games:,} is too many: at most {MAX_GAMES:,} games per variant "
            "(every game is kept in memory for the report, and a million already measure a win share to ±0.1 points)"
        )
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {jobs})")
    if jobs is not None and jobs > MAX_JOBS:
        raise UsageError(f"--jobs {jobs:,} is too many: at most {MAX_JOBS} worker processes")


def _players(requested: int | None, variants) -> int:
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


def _bots(text: str, variant) -> list[str]:
    from engine.bots import BotSpecError, make_bot

    specs = _split_specs(text)
    if not specs:
        raise UsageError("--bots needs at least one bot name (e.g. greedy)")
    for spec in specs:
        try:
            make_bot(spec, variant, seed=0)
        except BotSpecError as problem:
            raise UsageError(f"--bots: {problem}") from None
    return specs


def _split_specs(text: str) -> list[str]:
    """Split "strong:iterations=100,time=1,greedy" into bot specs: a comma starts a new bot
    unless what follows is a name=value setting of the bot before it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" in specs[-1]:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def _check_out(path: str | None) -> None:
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


def _write_out(path: str, text: str) -> bool:
    """Replace the --out file in one step; on failure (a full disk, a quota, an I/O error)
    say so, and that the previous report is still whole."""
    from pathlib import Path

    from engine.files import WriteFailed, write_atomically

    try:
        write_atomically(Path(path), text)
    except WriteFailed as failure:
        kept = f"{path} is unchanged" if os.path.isfile(path) else "no report was written"
        print(f"boardwalk simulate: error: could not write --out {path}: {failure.reason}; {kept}", file=sys.stderr)
        return False
    return True


class _ProgressBar:
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
