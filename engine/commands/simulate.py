"""`boardwalk simulate`: the balance lab. Bots play many games of a variant (or of two, to
compare them), in parallel, and the report says with confidence intervals what the rules do.

Every `boardwalk` command builds this parser, so what only a run needs (signals, threads,
paths, the dice's seed) is imported when it runs."""

from __future__ import annotations

import argparse
import os
import sys

from engine.commands.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
)
from engine.commands.runs import (
    add_run_options,
    bots_of,
    check_jobs,
    check_out,
    cluster_of,
    deliver,
    guarded,
    play_shown,
    players_of,
)

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
    add_run_options(simulate, "game i's seed derives from it and i")
    simulate.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return guarded("simulate", _run, args)


def _run(args: argparse.Namespace) -> int:
    from engine.commands.common import load_variant_or_explain
    from engine.game.rng import fresh_seed
    from engine.simulate import build_report
    from engine.simulate.report import render
    from engine.simulate.work import SpecMismatch, make_spec

    _check_counts(args.games, args.jobs)
    where = cluster_of("simulate", args)
    variants = []
    for argument in (name for name in (args.variant, args.variant_b) if name is not None):
        variant = load_variant_or_explain(argument, "simulate")
        if variant is None:
            return EXIT_USAGE
        variants.append(variant)
    players = players_of(args.players, variants)
    bots = bots_of(args.bots, variants[0])
    check_out(args.out)
    jobs = args.jobs or os.cpu_count() or 1
    seed = fresh_seed() if args.seed is None else args.seed
    try:
        specs = [make_spec(variant, players, bots, seed) for variant in variants]
    except SpecMismatch as problem:
        print(f"boardwalk simulate: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    result = play_shown("simulate", where, jobs, specs, args.games, "games per variant that finished")
    if isinstance(result, int):
        return result
    report = build_report(variants, result, players, bots, seed)
    # charts without colour: their labels are names from the variant, and the output
    # boundary shows every escape sequence, plotext's colours included
    if deliver("simulate", render(report, args.format), args.out) != EXIT_OK:
        return EXIT_USAGE
    return EXIT_INTERRUPTED if result.interrupted else EXIT_OK


def _check_counts(games: int | None, jobs: int | None) -> None:
    if games is None or games < 1:
        raise UsageError(f"--games must be at least 1 (got {games})")
    if games > MAX_GAMES:
        raise UsageError(
            f"--games {games:,} is too many: at most {MAX_GAMES:,} games per variant "
            "(every game is kept in memory for the report, and a million already measure a win share to ±0.1 points)"
        )
    check_jobs(jobs)


