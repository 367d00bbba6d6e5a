"""A sweep's statistics, from each point's counts alone (no game record): each point's
first-player share against the baseline point's with a correction over the family, the
trends of the share and of the game length over the numeric parameters, and the seats'
shares compared across the points.

Kept apart from the games so that tests can run thousands of simulated sweeps through the
very code a real sweep uses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.simulate.regression import Singular, cochran_armitage, logistic, weighted_line
from engine.simulate.stats import Z95, Test, benjamini_hochberg, chi_square, holm, mcnemar, two_proportions

ALPHA = 0.05
PAIRED_ABOVE = 0.1
"""The points are tested against the baseline game by game (McNemar) when the first
player's outcomes of one seed correlate, on average over the points, above this: then the
pairing carries information the two-proportion test would waste (issue 48, "Shared seeds")."""
CORRECTIONS = {"holm": "Holm", "bh": "Benjamini-Hochberg"}
"""--correction's choices and their names in the report."""


@dataclass(frozen=True, slots=True)
class PointCounts:
    """What the statistics read of one point's games."""

    wins: float
    """The first player's wins (a k-way tie counts 1/k)."""
    games: int
    length_mean: float = 0.0
    length_variance: float = 0.0
    """The sample variance of one game's length at the point."""
    seat_wins: tuple[float, ...] = ()


def adjusted(p_values: Sequence[float], correction: str) -> list[float]:
    return holm(p_values) if correction == "holm" else benjamini_hochberg(p_values)


def against_baseline(points: Sequence[PointCounts], baseline: int, correction: str = "holm",
                     paired: Sequence[Sequence[float] | None] | None = None) -> list[dict | None]:
    """For each point, its first-player share against the baseline point's: the difference,
    the test, its p-value adjusted over every point but the baseline, and whether it is
    real after the correction (None for the baseline itself, and for a point without games).
    The test is the two-proportion z-test, or with `paired` (each point's game-by-game
    differences from the baseline on the same seeds) McNemar's."""
    base = points[baseline]
    tested = [k for k, point in enumerate(points) if k != baseline and point.games and base.games]
    if paired is not None:
        tests = [mcnemar(paired[k] or ()) for k in tested]
    else:
        tests = [two_proportions(points[k].wins, points[k].games, base.wins, base.games) for k in tested]
    found: list[dict | None] = [None] * len(points)
    for k, test, p in zip(tested, tests, adjusted([t.p_value for t in tests], correction)):
        found[k] = {
            "difference": points[k].wins / points[k].games - base.wins / base.games,
            **test.to_dict(),
            "p_adjusted": p,
            "real": p < ALPHA,
        }
    return found


def tally(comparisons: Sequence[dict | None]) -> dict:
    """How many tests there were, and how many called real before and after the correction."""
    tests = [c for c in comparisons if c is not None]
    return {
        "tests": len(tests),
        "real_before_correction": sum(c["p_value"] < ALPHA for c in tests),
        "real_after_correction": sum(c["real"] for c in tests),
    }


def share_trend(values: Sequence[Sequence[float]], steps: Sequence[int], points: Sequence[PointCounts],
                lack_of_fit: bool = True) -> dict | None:
    """The logistic regression of the first player's wins on the parameters (one row of
    `values` per point), each coefficient told as an odds ratio per step with its 95%
    interval; for one parameter the Cochran-Armitage test gives the trend's p-value, for
    several the Wald test each coefficient's. With `lack_of_fit`, the deviance test of the
    points against the fitted line. None when the points cannot be fitted."""
    rows, kept = _scaled(values, steps, points)
    if rows is None:
        return None
    wins, games = [p.wins for p in kept], [p.games for p in kept]
    if sum(wins) <= 0 or sum(wins) >= sum(games):
        return None  # the first player always or never wins: no odds to compare
    try:
        fit = logistic(rows, wins, games)
    except (Singular, OverflowError, ZeroDivisionError):
        return None
    terms = []
    for j, step in enumerate(steps, start=1):
        b, error = fit.coefficients[j], fit.errors[j]
        test = cochran_armitage([row[0] for row in rows], wins, games) if len(steps) == 1 else fit.wald(j)
        terms.append({"step": step, "log_odds": b, "error": error, "odds_ratio": _exp(b),
                      "low": _exp(b - Z95 * error), "high": _exp(b + Z95 * error), **test.to_dict()})
    found: dict = {"terms": terms, "converged": fit.converged, "deviance": fit.deviance, "freedom": fit.freedom,
                   "lack_of_fit": None}
    if lack_of_fit and fit.freedom > 0:
        test = fit.lack_of_fit()
        found["lack_of_fit"] = {**test.to_dict(), "freedom": fit.freedom, "real": test.p_value < ALPHA}
    return found


def length_trend(values: Sequence[Sequence[float]], steps: Sequence[int], points: Sequence[PointCounts]) -> dict | None:
    """The mean game length's slope per step of each parameter: weighted least squares of
    the points' means, each weighted by its games, with the pooled variance of one game."""
    rows, kept = _scaled(values, steps, points)
    if rows is None:
        return None
    spare = sum(p.games - 1 for p in kept if p.games > 1)
    variance = sum((p.games - 1) * p.length_variance for p in kept if p.games > 1) / spare if spare else 0.0
    try:
        fit = weighted_line(rows, [p.length_mean for p in kept], [p.games for p in kept], variance)
    except Singular:
        return None
    terms = []
    for j, step in enumerate(steps, start=1):
        b, error = fit.coefficients[j], fit.errors[j]
        terms.append({"step": step, "slope": b, "error": error, "low": b - Z95 * error, "high": b + Z95 * error,
                      **fit.wald(j).to_dict()})
    return {"terms": terms}


def _scaled(values: Sequence[Sequence[float]], steps: Sequence[int], points: Sequence[PointCounts]):
    """Each point with games, its parameters centred on their mean and counted in steps (so
    a coefficient is per step, and the fit well conditioned); (None, []) with too few
    points or a parameter that takes one value."""
    kept_rows = [(row, p) for row, p in zip(values, points) if p.games > 0]
    if len(kept_rows) < len(steps) + 1:
        return None, []
    columns = list(zip(*(row for row, _ in kept_rows)))
    if any(len(set(column)) < 2 for column in columns):
        return None, []
    centres = [sum(column) / len(column) for column in columns]
    rows = [[(x - c) / s for x, c, s in zip(row, centres, steps)] for row, _ in kept_rows]
    return rows, [p for _, p in kept_rows]


def _exp(x: float) -> float:
    return math.exp(min(x, 700.0))


def seats_across(points: Sequence[PointCounts]) -> Test:
    """Do the seats' chances differ between the points? Pearson's chi-square on the K x P
    table of seat wins (a game's wins sum to one across its seats, so seats are compared
    together, not each on its own)."""
    return chi_square([list(p.seat_wins) for p in points if p.games])
