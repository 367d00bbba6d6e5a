"""The statistics of `boardwalk sweep` (issue 48, Statistics), plain Python, each checked
against a case computed another way: the IRLS logistic fit against a published data set and
an independent Newton solve of the same likelihood, Holm and Benjamini-Hochberg against
textbook examples, the distributions against tabled values; then, over thousands of
simulated (not played) sweeps, a real effect is found and a null sweep's false alarms stay
at or under 5%."""

from __future__ import annotations

import doctest
import math
import random

import pytest

import engine.simulate.regression
import engine.simulate.stats
from engine.simulate.regression import Singular, cochran_armitage, logistic, weighted_line
from engine.simulate.stats import (
    benjamini_hochberg,
    detectable_difference,
    holm,
    incomplete_beta,
    mean_interval,
    normal_quantile,
    student_t_p,
    t_quantile,
)
from engine.sweep.figures import PointCounts, against_baseline, length_trend, seats_across, share_trend, tally


@pytest.mark.parametrize("module", [engine.simulate.regression, engine.simulate.stats])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


# Bliss (1935): beetles killed by carbon disulphide, the data set of Dobson's "An Introduction
# to Generalized Linear Models" (section 7.3), whose logistic fit is printed there:
# b0 = -60.72 (s.e. 5.18), b1 = 34.27 (s.e. 2.91), deviance 11.23 on 6 degrees of freedom.
DOSE = [1.6907, 1.7242, 1.7552, 1.7842, 1.8113, 1.8369, 1.8610, 1.8839]
KILLED = [6, 13, 18, 28, 52, 53, 61, 60]
EXPOSED = [59, 60, 62, 56, 63, 59, 62, 60]


def test_the_irls_fit_gives_the_published_coefficients_of_a_known_data_set():
    fit = logistic([[d] for d in DOSE], KILLED, EXPOSED)
    assert fit.converged
    assert [round(b, 2) for b in fit.coefficients] == [-60.72, 34.27]
    assert [round(e, 2) for e in fit.errors] == [5.18, 2.91]
    assert round(fit.deviance, 2) == 11.23 and fit.freedom == 6


def _newton(x: list[float], y: list[float], n: list[int]) -> tuple[float, float, float]:
    """The two-parameter logistic maximum likelihood by Newton's method written out by
    hand (gradient and 2x2 Hessian of the log-likelihood, Cramer's rule), and the
    log-likelihood at it: another road to what IRLS computes."""
    a, b = 0.0, 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for xi, yi, ni in zip(x, y, n):
            p = 1 / (1 + math.exp(-(a + b * xi)))
            ga += yi - ni * p
            gb += (yi - ni * p) * xi
            w = ni * p * (1 - p)
            haa, hab, hbb = haa + w, hab + w * xi, hbb + w * xi * xi
        determinant = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / determinant, (haa * gb - hab * ga) / determinant
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-13:
            break
    likelihood = sum(yi * (a + b * xi) - ni * math.log1p(math.exp(a + b * xi)) for xi, yi, ni in zip(x, y, n))
    return a, b, likelihood


def test_the_irls_fit_agrees_with_newtons_method_on_exact_counts():
    x = [0.0, 1.0, 2.0, 3.0, 4.0]
    y = [12.0, 15.5, 21.0, 24.0, 33.0]  # a shared win counts a half
    n = [80, 80, 80, 80, 80]
    a, b, _ = _newton(x, y, n)
    fit = logistic([[v] for v in x], y, n)
    assert fit.coefficients[0] == pytest.approx(a, abs=1e-9)
    assert fit.coefficients[1] == pytest.approx(b, abs=1e-9)


def test_the_deviance_is_twice_the_log_likelihood_ratio_against_one_share_per_point():
    x, y, n = [0.0, 1.0, 2.0, 3.0], [10.0, 14.0, 25.0, 22.0], [60, 60, 60, 60]
    _, _, fitted = _newton(x, y, n)  # both log-likelihoods without the binomial coefficients, which cancel
    saturated = sum(yi * math.log(yi / ni) + (ni - yi) * math.log(1 - yi / ni) for yi, ni in zip(y, n))
    assert logistic([[v] for v in x], y, n).deviance == pytest.approx(2 * (saturated - fitted), rel=1e-9)


def test_cochran_armitage_is_the_score_test_of_the_logistic_slope_at_zero():
    x, y, n = [0.0, 1.0, 2.0, 3.0], [20.0, 24.0, 27.0, 33.0], [100, 100, 100, 100]
    share = sum(y) / sum(n)
    score = sum(xi * (yi - ni * share) for xi, yi, ni in zip(x, y, n))
    spread = sum(ni * xi * xi for xi, ni in zip(x, n)) - sum(ni * xi for xi, ni in zip(x, n)) ** 2 / sum(n)
    information = share * (1 - share) * spread
    assert cochran_armitage(x, y, n).statistic == pytest.approx(score / math.sqrt(information))


def test_a_parameter_that_does_not_vary_cannot_be_fitted():
    with pytest.raises(Singular):
        logistic([[1.0], [1.0], [1.0]], [3, 4, 5], [10, 10, 10])


def test_the_weighted_line_through_points_on_a_line_is_that_line():
    fit = weighted_line([[0], [1], [2]], [10.0, 12.0, 14.0], [100, 50, 25], variance=4.0)
    assert fit.coefficients == pytest.approx((10.0, 2.0))
    # a slope's variance: variance / sum(w (x - mean_w)^2)
    mean = (0 * 100 + 1 * 50 + 2 * 25) / 175
    spread = 100 * mean**2 + 50 * (1 - mean) ** 2 + 25 * (2 - mean) ** 2
    assert fit.errors[1] == pytest.approx(math.sqrt(4.0 / spread))


# ----- corrections: textbook examples ------------------------------------------------------------

# Benjamini and Hochberg (1995), section 3.2: fifteen p-values of a clinical trial; at 0.05 the
# step-up procedure rejects the first four, Bonferroni (and Holm) only the first three.
BH_1995 = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459,
           0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000]


def test_benjamini_hochberg_rejects_what_their_paper_rejects():
    adjusted = benjamini_hochberg(BH_1995)
    assert sum(p < 0.05 for p in adjusted) == 4
    assert adjusted[3] == pytest.approx(0.0095 * 15 / 4)
    assert adjusted[4] == pytest.approx(min(0.0459 * 15 / 9, 0.0201 * 15 / 5, 0.0278 * 15 / 6, 0.0298 * 15 / 7, 0.0344 * 15 / 8))


def test_holm_rejects_what_the_step_down_rejects_on_the_same_example():
    adjusted = holm(BH_1995)
    assert sum(p < 0.05 for p in adjusted) == 3
    assert adjusted[:4] == pytest.approx([0.0015, 0.0056, 0.0247, 0.114])


def test_holm_on_a_small_textbook_case():
    # p sorted 0.005, 0.01, 0.03, 0.04 -> 0.02, 0.03, 0.06, 0.06 (monotone), in input order
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


# ----- distributions against tabled values -------------------------------------------------------


@pytest.mark.parametrize("q, expected", [(0.975, 1.959964), (0.995, 2.575829), (0.8, 0.841621), (0.5, 0.0)])
def test_normal_quantiles(q, expected):
    assert normal_quantile(q) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("freedom, expected", [(1, 12.7062), (5, 2.5706), (30, 2.0423), (120, 1.9799)])
def test_t_quantiles_are_the_tabled_ones(freedom, expected):
    assert t_quantile(0.975, freedom) == pytest.approx(expected, abs=1e-4)
    assert student_t_p(expected, freedom) == pytest.approx(0.05, abs=1e-5)


def test_the_incomplete_beta_of_integers_is_a_binomial_tail():
    # I_x(a, b) = P(Binomial(a + b - 1, x) >= a)
    for a, b, x in [(2, 3, 0.4), (5, 1, 0.7), (3, 7, 0.15)]:
        tail = sum(math.comb(a + b - 1, k) * x**k * (1 - x) ** (a + b - 1 - k) for k in range(a, a + b))
        assert incomplete_beta(a, b, x) == pytest.approx(tail, abs=1e-12)


def test_the_mean_interval_is_the_t_interval():
    values = [3.0, 5.0, 4.0, 8.0, 6.0, 4.0]
    mean, low, high = mean_interval(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 5)
    assert (high - low) / 2 == pytest.approx(2.5706 * sd / math.sqrt(6), abs=1e-3)


def test_the_power_line_of_the_issue():
    """Issue 48: "Power line (25% share, 80% power)": 1,000 games a point, 5.4 points with one
    test, 6.5 with Holm over 4, 7.5 over 20; 2,000 games, 3.8, 4.6 and 5.3."""
    table = {(1000, 1): 5.4, (1000, 4): 6.5, (1000, 20): 7.5, (2000, 1): 3.8, (2000, 4): 4.6, (2000, 20): 5.3}
    for (games, tests), points in table.items():
        assert round(100 * detectable_difference(0.25, games, tests), 1) == points


# ----- simulated sweeps --------------------------------------------------------------------------


def _binomial(rng: random.Random, n: int, p: float) -> int:
    return sum(rng.random() < p for _ in range(n))


def _sweep(rng: random.Random, shares: list[float], games: int) -> list[PointCounts]:
    return [PointCounts(_binomial(rng, games, p), games) for p in shares]


def test_a_null_sweep_calls_a_point_real_in_at_most_5_percent_of_sweeps():
    """Five points that all share 25%: Holm over the four tests against the baseline, and the
    trend test, each raise a false alarm in at most one sweep in twenty."""
    rng = random.Random(48)
    sweeps, alarms, trend_alarms = 1500, 0, 0
    for _ in range(sweeps):
        points = _sweep(rng, [0.25] * 5, 300)
        alarms += tally(against_baseline(points, 2, "holm"))["real_after_correction"] > 0
        trend = share_trend([[k] for k in range(5)], [1], points)
        trend_alarms += trend is not None and trend["terms"][0]["p_value"] < 0.05
    assert alarms / sweeps <= 0.05
    assert trend_alarms / sweeps <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / sweeps)  # a level-5% test: about 5%


def test_benjamini_hochberg_on_null_sweeps_raises_as_few_alarms_as_holm_or_more():
    rng = random.Random(7)
    holm_alarms = bh_alarms = 0
    for _ in range(600):
        points = _sweep(rng, [0.25] * 6, 200)
        holm_alarms += tally(against_baseline(points, 0, "holm"))["real_after_correction"] > 0
        bh_alarms += tally(against_baseline(points, 0, "bh"))["real_after_correction"] > 0
    assert holm_alarms <= bh_alarms <= 0.05 * 600 + 2 * math.sqrt(0.05 * 0.95 * 600)  # all null: BH keeps the FWER too


def test_a_synthetic_effect_is_found_and_its_odds_ratio_covered():
    """Shares on a logistic line, odds times 1.2 a step: the trend is found in nearly every
    sweep, and the 95% interval of the odds ratio holds the true 1.2 about 95% of the time."""
    rng = random.Random(2026)
    found = covered = 0
    sweeps = 200
    true = 1.2
    shares = [1 / (1 + math.exp(-(-1.2 + math.log(true) * k))) for k in range(5)]
    for _ in range(sweeps):
        trend = share_trend([[k] for k in range(5)], [1], _sweep(rng, shares, 500))
        assert trend is not None
        term = trend["terms"][0]
        found += term["p_value"] < 0.05
        covered += term["low"] <= true <= term["high"]
    assert found / sweeps >= 0.95
    assert 0.9 <= covered / sweeps <= 0.99


def test_an_effect_that_rises_and_falls_is_flagged_by_the_lack_of_fit_test():
    rng = random.Random(5)
    trend = share_trend([[k] for k in range(5)], [1], _sweep(rng, [0.2, 0.3, 0.4, 0.3, 0.2], 1000))
    assert trend is not None and trend["lack_of_fit"]["real"] and trend["lack_of_fit"]["freedom"] == 3
    assert trend["terms"][0]["p_value"] > 0.05, "no straight trend in a symmetric bump"


def test_a_per_step_odds_ratio_is_told_per_step_of_the_range():
    """Values 0, 20, 40 (a step of 20): the odds ratio is per 20, the square of the per-10 ratio."""
    rng = random.Random(3)
    points = _sweep(rng, [0.2, 0.25, 0.31], 2000)
    per_20 = share_trend([[0], [20], [40]], [20], points)["terms"][0]["odds_ratio"]
    per_10 = share_trend([[0], [20], [40]], [10], points)["terms"][0]["odds_ratio"]
    assert per_20 == pytest.approx(per_10**2)


def test_the_length_trend_finds_a_slope_and_the_seats_test_a_moved_seat():
    points = [PointCounts(50, 200, 40.0 + 2 * k, 25.0, (50, 50, 50, 50)) for k in range(4)]
    term = length_trend([[k] for k in range(4)], [1], points)["terms"][0]
    assert term["slope"] == pytest.approx(2.0) and term["p_value"] < 0.001
    moved = [PointCounts(50, 200, 40, 25, (50, 50, 50, 50)), PointCounts(50, 200, 40, 25, (90, 40, 40, 30))]
    assert seats_across(moved).p_value < 0.01
    assert seats_across([moved[0], moved[0]]).p_value == pytest.approx(1.0)


def _paired_sweep(rng: random.Random, shares: list[float], games: int, alike: float, baseline: int):
    """Points that share seeds: in each game, each point keeps the baseline's outcome with
    probability `alike`, else draws its own; the baseline draws with its share. Under the
    null (every share the same) each point still wins with that share."""
    base = [float(rng.random() < shares[baseline]) for _ in range(games)]
    outcomes = []
    for k, share in enumerate(shares):
        if k == baseline:
            outcomes.append(base)
            continue
        # keep the baseline's outcome, or draw so that the point's share is `share` overall
        fresh = (share - alike * shares[baseline]) / (1 - alike)
        outcomes.append([b if rng.random() < alike else float(rng.random() < fresh) for b in base])
    points = [PointCounts(sum(o), games) for o in outcomes]
    differences = [None if k == baseline else [a - b for a, b in zip(o, base)] for k, o in enumerate(outcomes)]
    return points, differences


def test_mcnemar_on_shared_seeds_keeps_false_alarms_at_5_percent_and_finds_more():
    """Issue 48, "Shared seeds": when the outcomes of one seed correlate between the points,
    the sweep tests game by game (McNemar). Under the null it raises no more false alarms
    than 5% of the sweeps; with a small real effect it finds it more often than the
    two-proportion test, which ignores the pairing."""
    rng = random.Random(11)
    sweeps, alarms = 800, 0
    for _ in range(sweeps):
        points, differences = _paired_sweep(rng, [0.25] * 4, 300, alike=0.5, baseline=0)
        alarms += tally(against_baseline(points, 0, "holm", differences))["real_after_correction"] > 0
    assert alarms / sweeps <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / sweeps)
    paired_found = unpaired_found = 0
    for _ in range(200):
        points, differences = _paired_sweep(rng, [0.25, 0.25, 0.25, 0.32], 400, alike=0.6, baseline=0)
        paired_found += against_baseline(points, 0, "holm", differences)[3]["real"]
        unpaired_found += against_baseline(points, 0, "holm")[3]["real"]
    assert paired_found > unpaired_found
