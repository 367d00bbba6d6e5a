"""A finished sweep as plain data: each point through simulate's `summarize`, the figures of
the sweep table, the tests against the baseline point, the trends and the seats across the
points (figures.py), and what the run was. The JSON report is this whole; the text and CSV
reports are drawn from it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.simulate.play import GameRecord
from engine.simulate.runner import Run, backend_words
from engine.simulate.stats import detectable_difference, mean_interval
from engine.simulate.summary import credit, summarize
from engine.sweep.design import Point
from engine.sweep.figures import (
    ALPHA,
    CORRECTIONS,
    PAIRED_ABOVE,
    PointCounts,
    against_baseline,
    length_trend,
    seats_across,
    share_trend,
    tally,
)
from engine.sweep.vary import Parameter
from engine.variant.model import Variant
from engine.variant.overrides import Setting, shown


@dataclass(frozen=True, slots=True)
class Plan:
    """What a sweep was asked to play, as the command worked it out before any game."""

    variant: Variant
    """The variant as its files give it (each point changes only its parameters)."""
    argument: str
    """The variant as the command line named it."""
    parameters: tuple[Parameter, ...]
    points: tuple[Point, ...]
    baseline: int
    """The baseline point's index."""
    baseline_why: str
    design: str
    correction: str
    players: int
    bots: tuple[str, ...]
    seed: int
    games: int
    decks: tuple[dict[str, int], ...] = ()
    """Each point's cards in the deck (id: count), as its checked variant has them."""

    def settings(self, point: Point) -> tuple[Setting, ...]:
        return tuple(Setting(p.path, value) for p, value in zip(self.parameters, point))

    def values(self, point: Point) -> dict[str, Any]:
        """A point's values by path, as JSON values."""
        return {p.path: list(v) if isinstance(v, tuple) else v for p, v in zip(self.parameters, point)}

    def named(self, k: int) -> str:
        """Point k in words: 'point 3 (starting_hand=2)'."""
        values = ", ".join(f"{p.label}={shown(v)}" for p, v in zip(self.parameters, self.points[k]))
        return f"point {k + 1} ({values})"


def build_sweep_report(plan: Plan, run: Run, engine_version: str, jobs: int) -> dict:
    """Every figure of the sweep, as JSON-able data."""
    summaries = [_summary(plan, k, records) for k, records in enumerate(run.records)]
    counts = [_counts(summary, records) for summary, records in zip(summaries, run.records)]
    correlation = _seed_correlation(plan, run.records)
    paired = _differences(plan, run.records) if correlation is not None and correlation > PAIRED_ABOVE else None
    comparisons = against_baseline(counts, plan.baseline, plan.correction, paired)
    points = [_point(plan, k, summary, count, comparisons[k], records)
              for k, (summary, count, records) in enumerate(zip(summaries, counts, run.records))]
    finished = min((len(r) for r in run.records), default=0)
    return {
        "engine": {"name": "boardwalk", "version": engine_version},
        "run": {
            "variant": plan.argument,
            "variant_name": plan.variant.name,
            "design": plan.design,
            "points": len(plan.points),
            "players": plan.players,
            "bots": list(plan.bots),
            "seed": plan.seed,
            "jobs": jobs,
            "backend": backend_words(run),
            "games_requested": plan.games,
            "games_finished": finished,
            "interrupted": run.interrupted,
            "seconds": run.elapsed,
            "games_per_second": run.games_per_second,
            "correction": CORRECTIONS[plan.correction],
            "alpha": ALPHA,
        },
        "parameters": [p.to_dict() for p in plan.parameters],
        "baseline": {"point": plan.baseline + 1, "why": plan.baseline_why, "values": plan.values(plan.points[plan.baseline])},
        "points": points,
        "tests": {**tally(comparisons), "test": "McNemar test" if paired else "two-proportion z-test"},
        "trends": _trends(plan, counts),
        "seats": {**seats_across(counts).to_dict(), "freedom": _seat_freedom(counts)},
        "power": _power(plan, counts),
        "seed_correlation": correlation,
    }


def _summary(plan: Plan, k: int, records: list[GameRecord]) -> dict:
    """simulate's summary of one point's games; the cards in the deck as the point has them
    (a card's count is the only thing a setting changes that a summary reads)."""
    summary = summarize(plan.variant, records, plan.players, list(plan.bots), plan.games)
    if plan.decks:
        for row in summary["cards"]:
            row["in_deck"] = plan.decks[k].get(row["card"], row["in_deck"])
    return summary


def _counts(summary: dict, records: list[GameRecord]) -> PointCounts:
    turns = [r.turns for r in records]
    n = len(turns)
    mean = sum(turns) / n if n else 0.0
    variance = sum((t - mean) ** 2 for t in turns) / (n - 1) if n > 1 else 0.0
    first = sum(credit(r, r.order[0]) for r in records)
    return PointCounts(first, n, mean, variance, tuple(seat["wins"] for seat in summary["seats"]))


def _point(plan: Plan, k: int, summary: dict, count: PointCounts, versus: dict | None, records: list[GameRecord]) -> dict:
    mean, low, high = mean_interval([r.turns for r in records]) if records else (None, None, None)
    endings = summary["endings"]
    bots = summary["bot_shares"]
    top = max(bots, key=lambda row: (row["share"], row["bot"])) if len(bots) > 1 else None
    return {
        "point": k + 1,
        "values": plan.values(plan.points[k]),
        "games": count.games,
        "first_player": summary["first_player"],
        "versus_baseline": versus,
        "length": {"mean": mean, "low": low, "high": high},
        "ending": {"reason": endings[0]["reason"], "share": endings[0]["share"]} if endings else None,
        "top_bot": {key: top[key] for key in ("bot", "share", "low", "high")} if top else None,
        "summary": summary,
    }


def _trends(plan: Plan, counts: list[PointCounts]) -> dict:
    """The share's and the length's trends over the parameters, when every parameter is a
    number; the lack-of-fit test only for the grid (random and Latin hypercube points are
    a sample of the space, read through the regression alone)."""
    if not all(p.numeric for p in plan.parameters):
        return {"share": None, "length": None, "why": "a parameter is not a number"}
    values = [[float(v) for v in point] for point in plan.points]  # type: ignore[arg-type]  # numbers: checked above
    steps = [p.step or 1 for p in plan.parameters]
    share = share_trend(values, steps, counts, lack_of_fit=plan.design == "grid")
    length = length_trend(values, steps, counts)
    for trend in (share, length):
        for term, parameter in zip(trend["terms"] if trend else [], plan.parameters):
            term["path"] = parameter.path
    why = None if share else "too few points with games, or the first player always or never wins"
    return {"share": share, "length": length, "why": why}


def _seat_freedom(counts: list[PointCounts]) -> int:
    played = [c for c in counts if c.games]
    seats = sum(1 for s in zip(*(c.seat_wins for c in played)) if sum(s) > 0) if played else 0
    return max(0, (len(played) - 1) * (seats - 1))


def _power(plan: Plan, counts: list[PointCounts]) -> dict:
    """The smallest difference from the baseline's first-player share that the run finds 4
    times in 5: with one test, and with the correction's first step over all the tests."""
    base = counts[plan.baseline]
    share = base.wins / base.games if base.games else 1 / plan.players
    games = min((c.games for c in counts), default=0)
    tests = max(1, len(counts) - 1)
    return {
        "games": games,
        "share": share,
        "tests": tests,
        "power": 0.8,
        "one_test": detectable_difference(share, games),
        "all_tests": detectable_difference(share, games, tests),
    }


def _seed_correlation(plan: Plan, records: Sequence[list[GameRecord]]) -> float | None:
    """The mean correlation, over the points, of the first player's win in game i at the
    point and at the baseline: the points play the same seeds, and a correlation above 0.1
    would call for paired tests (McNemar) instead of the two-proportion test."""
    base = {r.index: credit(r, r.order[0]) for r in records[plan.baseline]}
    found = []
    for k, point_records in enumerate(records):
        if k == plan.baseline:
            continue
        pairs = [(credit(r, r.order[0]), base[r.index]) for r in point_records if r.index in base]
        correlation = _correlation(pairs)
        if correlation is not None:
            found.append(correlation)
    return sum(found) / len(found) if found else None


def _differences(plan: Plan, records: Sequence[list[GameRecord]]) -> list[list[float] | None]:
    """Each point's first-player outcome less the baseline's, game by game on the same seed
    (None for the baseline): what McNemar's test reads."""
    base = {r.index: credit(r, r.order[0]) for r in records[plan.baseline]}
    return [None if k == plan.baseline else [credit(r, r.order[0]) - base[r.index] for r in point if r.index in base]
            for k, point in enumerate(records)]


def _correlation(pairs: list[tuple[float, float]]) -> float | None:
    n = len(pairs)
    if n < 3:
        return None
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    syy = sum((y - my) ** 2 for _, y in pairs)
    if sxx <= 0 or syy <= 0:
        return None
    return sum((x - mx) * (y - my) for x, y in pairs) / math.sqrt(sxx * syy)
