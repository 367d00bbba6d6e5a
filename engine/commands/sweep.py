"""`boardwalk sweep`: one variant, some of its rules or card counts varied over a range, bots
playing the same seeds at every point, and a report of how the first player's chances, the
games' length and the seats move with them, with honest uncertainty.

Every `boardwalk` command builds this parser, so what only a run needs is imported when it runs."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from engine.commands.common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UsageError
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
from engine.visible import write_raw

TYPE_CHECKING = False  # mypy reads the block below; the sweep's modules load when it runs
if TYPE_CHECKING:
    from engine.simulate.work import Spec
    from engine.sweep.summary import Plan

MAX_GAMES = 1_000_000
"""The most games a sweep may ask for, over all its points: as many as simulate keeps for one
variant (every game's record is kept for the report, about 0.4 KB each)."""

MAX_SHOWN_FAILURES = 10
"""Points whose variant fails its check that are told one by one; the rest are counted."""


def register(commands: argparse._SubParsersAction) -> None:
    from engine.resources import DEFAULT_VARIANT

    sweep = commands.add_parser(
        "sweep",
        help="vary rules or card counts of a variant over a range and report how the game's balance moves",
        description=(
            "Bots play the same seeds at every point of a sweep (each point: VARIANT with the values --vary gives), and "
            "the report gives each point's first-player share and game length with 95% intervals, its difference "
            "from a baseline point with a correction for the many tests, the trends over the parameters (logistic "
            "regression) and the seats compared across the points. Every point's variant is checked before any game. "
            "Ctrl-C stops early and reports the games every point finished; SIGTERM stops without a report. "
            "Exit status: 0 done, 1 a game failed, 2 bad input, a point whose variant does not check, or a report that "
            "could not be written, 130 stopped by Ctrl-C, 143 stopped by SIGTERM."
        ),
        epilog="example: boardwalk sweep winning-moves-2016 --vary rules.starting_hand=0..4 --games 500 --bots greedy",
    )
    sweep.add_argument("variant", metavar="VARIANT", nargs="?", default=DEFAULT_VARIANT,
                       help=f"a variant file or bundled variant name (default: {DEFAULT_VARIANT})")
    sweep.add_argument("--vary", action="append", default=[], metavar="PATH=VALUES",
                       help="a parameter and its values: PATH is rules.NAME or deck.cards.CARD_ID.count; VALUES is a..b, "
                            "a..b:step or a comma list (numbers, yes/no, words; some_of words joined by +); repeat for "
                            "more parameters")
    sweep.add_argument("--design", choices=("grid", "random", "lhs"), default="grid",
                       help="grid: every combination (default); random or lhs (Latin hypercube): --points of them, "
                            "drawn with --seed")
    sweep.add_argument("--points", type=int, default=None, metavar="K", help="points of a random or lhs design")
    sweep.add_argument("--games", type=int, default=1000, metavar="N",
                       help=f"games per point (default: 1000); at most {MAX_GAMES:,} over all points")
    add_run_options(sweep, "game i has the seed it derives with i at every point, and random or lhs points are "
                           "drawn with it")
    sweep.add_argument("--baseline", default=None, metavar="VALUES",
                       help="the point the others are compared with, one value per --vary, comma-separated "
                            "(default: the variant's own values if they are a point, else the first point)")
    sweep.add_argument("--correction", choices=("holm", "bh"), default="holm",
                       help="holm: the chance of any false alarm stays under 5%% (default); bh (Benjamini-Hochberg): "
                            "the share of false alarms among the points called real, for screening")
    sweep.add_argument("--dry-run", action="store_true",
                       help="list the points and their games and check every point's variant; play nothing")
    sweep.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return guarded("sweep", _run, args)


def _run(args: argparse.Namespace) -> int:
    from engine.sweep.report import render
    from engine.sweep.summary import build_sweep_report
    from engine.version import version

    plan = _plan(args)
    if plan is None:
        return EXIT_USAGE
    where = None if args.dry_run else cluster_of("sweep", args)
    check_out(args.out)
    checked = _checked_specs(plan)
    if checked is None:
        return EXIT_USAGE
    specs, plan = checked
    if args.dry_run:
        return deliver("sweep", _dry_run(plan, args.format, version()), args.out)
    jobs = args.jobs or os.cpu_count() or 1
    result = play_shown("sweep", where, jobs, specs, plan.games, "games per point that every point finished")
    if isinstance(result, int):
        return result
    report = build_sweep_report(plan, result, version(), result.jobs)
    if deliver("sweep", render(report, args.format), args.out) != EXIT_OK:
        return EXIT_USAGE
    return EXIT_INTERRUPTED if result.interrupted else EXIT_OK


def _plan(args: argparse.Namespace) -> Plan | None:
    """The sweep's Plan from the arguments (every value checked against its domain), or None
    after the variant's own problems are printed; raises UsageError."""
    from engine.commands.common import load_variant_or_explain
    from engine.game.rng import fresh_seed
    from engine.sweep.design import DesignError, make_points
    from engine.sweep.summary import Plan
    from engine.sweep.vary import VaryError, parse_vary
    from engine.variant.find import find_variant_file
    from engine.variant.load import merged_document

    if args.games is None or args.games < 1:
        raise UsageError(f"--games must be at least 1 (got {args.games})")
    check_jobs(args.jobs)
    if not args.vary:
        raise UsageError("give at least one --vary PATH=VALUES, e.g. --vary rules.starting_hand=1..4")
    variant = load_variant_or_explain(args.variant, "sweep")
    if variant is None:
        return None
    document = merged_document(find_variant_file(args.variant))
    players = players_of(args.players, [variant])
    try:
        parameters = tuple(parse_vary(text, document, players) for text in args.vary)
    except VaryError as problem:
        raise UsageError(str(problem)) from None
    paths = [p.path for p in parameters]
    twice = next((path for i, path in enumerate(paths) if path in paths[:i]), None)
    if twice:
        raise UsageError(f"--vary {twice} is given twice; give all its values in one --vary")
    seed = fresh_seed() if args.seed is None else args.seed
    try:
        points = tuple(make_points(parameters, args.design, args.points, seed))
    except DesignError as problem:
        raise UsageError(str(problem)) from None
    if len(points) * args.games > MAX_GAMES:
        raise UsageError(f"{len(points):,} points x {args.games:,} games is {len(points) * args.games:,} games; a sweep "
                         f"plays at most {MAX_GAMES:,} (fewer points or fewer --games)")
    baseline, why = _baseline(args.baseline, parameters, points)
    return Plan(variant, args.variant, parameters, points, baseline, why, args.design, args.correction,
                players, tuple(bots_of(args.bots, variant)), seed, args.games)


def _baseline(text: str | None, parameters, points) -> tuple[int, str]:
    """The baseline point's index and why it is the one."""
    from engine.sweep.vary import VaryError, parse_baseline

    if text is not None:
        try:
            wanted = parse_baseline(text, list(parameters))
        except VaryError as problem:
            raise UsageError(str(problem)) from None
        if wanted not in points:
            raise UsageError(f"--baseline {text} is not one of the sweep's points")
        return points.index(wanted), "--baseline"
    own = tuple(p.domain.current for p in parameters)
    if own in points:
        return points.index(own), "the variant's own values"
    return 0, "the first point"


def _checked_specs(plan: Plan) -> tuple[list[Spec], Plan] | None:
    """Each point's variant checked as `boardwalk check` checks a file (its settings set in
    it): the spec of each, and the plan with each point's deck; None after every failing
    point is named with its problems.
    Warnings the variant's own files do not have are told on standard error."""
    from dataclasses import replace

    from engine.simulate.work import SpecMismatch, make_spec, read_files
    from engine.variant.find import find_variant
    from engine.variant.load import check_variant

    path = find_variant(plan.argument)
    known = {d.headline() for d in check_variant(path).diagnostics}
    try:
        files = read_files(plan.variant)
    except SpecMismatch as changed:
        print(f"boardwalk sweep: error: {changed}", file=sys.stderr)
        return None
    specs, decks, failed = [], [], 0
    for k, point in enumerate(plan.points):
        _checking(k, len(plan.points))
        result = check_variant(path, plan.settings(point))
        for problem in result.diagnostics:
            if problem.severity == "error" and failed < MAX_SHOWN_FAILURES:
                print(f"boardwalk sweep: error: {plan.named(k)}: {problem.headline()}", file=sys.stderr)
            elif problem.severity != "error" and problem.headline() not in known:
                print(f"boardwalk sweep: warning: {plan.named(k)}: {problem.headline()}", file=sys.stderr)
        if result.variant is None:
            failed += 1
            continue
        decks.append({card.id: card.count for card in result.variant.cards})
        specs.append(make_spec(result.variant, plan.players, plan.bots, plan.seed, plan.settings(point), files))
    _checking(len(plan.points), len(plan.points))
    if failed:
        more = f" ({failed - MAX_SHOWN_FAILURES} more not shown)" if failed > MAX_SHOWN_FAILURES else ""
        gives = "gives" if failed == 1 else "give"
        print(f"boardwalk sweep: error: {failed} of the {len(plan.points)} points {gives} a variant with problems{more}; "
              "nothing was played", file=sys.stderr)
        return None
    return specs, replace(plan, decks=tuple(decks))


def _checking(done: int, total: int) -> None:
    """A line on a terminal while many points are checked."""
    if total < 20 or not sys.stderr.isatty():
        return
    text = f"\rchecking the variant of each point: {done}/{total} " if done < total else "\r" + " " * 60 + "\r"
    write_raw(sys.stderr, text)
    sys.stderr.flush()


def _dry_run(plan: Plan, form: str, engine_version: str) -> str:
    """The points and their games, as a table, JSON or CSV: nothing was played."""
    import json

    from engine.sweep.report import value_text

    rows: list[dict[str, Any]] = [{"point": k + 1, "values": plan.values(point), "games": plan.games}
                                  for k, point in enumerate(plan.points)]
    total = plan.games * len(plan.points)
    if form == "json":
        return json.dumps({"engine": {"name": "boardwalk", "version": engine_version}, "dry_run": True,
                           "variant": plan.argument, "design": plan.design, "seed": plan.seed,
                           "players": plan.players, "bots": list(plan.bots), "games": total,
                           "baseline": plan.baseline + 1, "parameters": [p.to_dict() for p in plan.parameters],
                           "points": rows}, indent=2) + "\n"
    paths = [p.path for p in plan.parameters]
    if form == "csv":
        lines = [",".join(["point", *paths, "games"])]
        lines += [",".join([str(r["point"]), *(value_text(r["values"][path]) for path in paths), str(r["games"])]) for r in rows]
        return "\n".join(lines) + "\n"
    lines = [f"boardwalk {engine_version}: a sweep of '{plan.variant.name}' ({plan.argument}), a dry run: nothing is played",
             f"{len(plan.points)} points ({plan.design}) x {plan.games:,} games = {total:,} games, {plan.players} players, "
             f"bots {', '.join(plan.bots)}, seed {plan.seed}; baseline: point {plan.baseline + 1} ({plan.baseline_why})",
             "every point's variant checks without errors", ""]
    lines.append("  ".join(["point", *paths]))
    lines += ["  ".join([str(r["point"]).rjust(5), *(value_text(r["values"][path]).ljust(len(path)) for path in paths)]).rstrip()
              for r in rows]
    return "\n".join(lines) + "\n"
