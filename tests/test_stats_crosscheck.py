"""The plain-Python statistics of simulate and sweep against scipy and statsmodels on the same
inputs (issue 48, Statistics: "Proven, not trusted: the statistics stay plain Python at run
time, and the tests check every one of them (Wilson, t-intervals, chi-square, the IRLS fit and
its deviance, Holm, BH) against scipy and statsmodels ... as a test-only extra. Today's
engine/simulate/stats.py gets the same treatment").

They are not Boardwalk's dependencies, nor the test tools': `pip install -e '.[crosscheck]'`
(about 250 MB with numpy and pandas). Without them, this module is skipped."""

from __future__ import annotations

import math

import pytest

scipy_stats = pytest.importorskip("scipy.stats", reason="the crosscheck extra: pip install -e '.[crosscheck]'")
sm = pytest.importorskip("statsmodels.api", reason="the crosscheck extra: pip install -e '.[crosscheck]'")
multitest = pytest.importorskip("statsmodels.stats.multitest")
proportion = pytest.importorskip("statsmodels.stats.proportion")
contingency = pytest.importorskip("statsmodels.stats.contingency_tables")
np = pytest.importorskip("numpy")

from engine.simulate import regression, stats  # noqa: E402  # after the skips: only with the extra

CLOSE = {"rel": 1e-7, "abs": 1e-10}

COUNTS = [(0, 10), (1, 10), (3, 10), (12, 40), (250, 1000), (999, 1000), (37.5, 120)]


@pytest.mark.parametrize("successes, trials", COUNTS)
def test_wilson_is_statsmodels_wilson(successes, trials):
    low, high = proportion.proportion_confint(successes, trials, alpha=0.05, method="wilson")
    assert stats.wilson(successes, trials) == pytest.approx((low, high), rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("values", [[1, 2, 3, 4], [55, 61, 47, 50, 58, 49, 62], list(range(100)), [3.5] * 5 + [4.5] * 3])
def test_the_mean_and_its_t_interval_are_scipys(values):
    mean = float(np.mean(values))
    low, high = scipy_stats.t.interval(0.95, len(values) - 1, loc=mean, scale=scipy_stats.sem(values))
    assert stats.mean_interval(values) == pytest.approx((mean, low, high), rel=1e-6)


@pytest.mark.parametrize("table", [[[30, 70], [50, 50]], [[12, 5, 9], [7, 11, 10], [20, 20, 20.5]], [[1, 2, 3, 4], [4, 3, 2, 1]]])
def test_the_chi_square_test_is_scipys(table):
    statistic, p_value, _freedom, _expected = scipy_stats.chi2_contingency(np.array(table), correction=False)
    mine = stats.chi_square(table)
    assert mine.statistic == pytest.approx(statistic, **CLOSE)
    assert mine.p_value == pytest.approx(p_value, rel=1e-6)


@pytest.mark.parametrize("statistic, freedom", [(0.3, 1), (3.84, 1), (14.4, 12), (40.0, 5), (250.0, 200)])
def test_the_chi_square_tail_is_scipys(statistic, freedom):
    assert stats.chi_square_p(statistic, freedom) == pytest.approx(scipy_stats.chi2.sf(statistic, freedom), rel=1e-8)


@pytest.mark.parametrize("t, freedom", [(0.5, 3), (2.0, 10), (-3.1, 25), (1.96, 1000)])
def test_students_t_is_scipys(t, freedom):
    assert stats.student_t_p(t, freedom) == pytest.approx(2 * scipy_stats.t.sf(abs(t), freedom), rel=1e-8)
    assert stats.t_quantile(0.975, freedom) == pytest.approx(scipy_stats.t.ppf(0.975, freedom), rel=1e-8)


@pytest.mark.parametrize("q", [0.5, 0.8, 0.975, 0.999])
def test_the_normal_quantile_and_tail_are_scipys(q):
    assert stats.normal_quantile(q) == pytest.approx(scipy_stats.norm.ppf(q), rel=1e-8)
    assert stats.normal_p(1.3) == pytest.approx(2 * scipy_stats.norm.sf(1.3), rel=1e-10)


def test_two_and_one_proportion_tests_are_statsmodels():
    z, p_value = proportion.proportions_ztest([60, 40], [100, 100])
    mine = stats.two_proportions(60, 100, 40, 100)
    assert (mine.statistic, mine.p_value) == pytest.approx((z, p_value), rel=1e-9)
    z, p_value = proportion.proportions_ztest(30, 100, value=0.25, prop_var=0.25)
    mine = stats.one_proportion(30, 100, 0.25)
    assert (mine.statistic, mine.p_value) == pytest.approx((z, p_value), rel=1e-9)


def test_mann_whitney_is_scipys_with_the_tie_correction():
    a, b = [1, 2, 3, 4, 5] * 6 + [2, 2], [3, 4, 5, 6, 7] * 6
    expected = scipy_stats.mannwhitneyu(a, b, alternative="two-sided", use_continuity=False, method="asymptotic")
    assert stats.mann_whitney(a, b).p_value == pytest.approx(expected.pvalue, rel=1e-8)


def test_mcnemar_is_statsmodels_without_continuity_correction():
    b, c = 15, 5
    expected = contingency.mcnemar([[40, b], [c, 40]], exact=False, correction=False)
    mine = stats.mcnemar([1] * b + [-1] * c + [0] * 80)
    assert mine.statistic ** 2 == pytest.approx(expected.statistic, rel=1e-9)
    assert mine.p_value == pytest.approx(expected.pvalue, rel=1e-9)


P_VALUES = [[0.01, 0.04, 0.03, 0.005], [0.2, 0.001, 0.5, 0.049, 0.012, 0.3], [0.9], [0.04, 0.04, 0.04]]


@pytest.mark.parametrize("p_values", P_VALUES)
def test_holm_and_benjamini_hochberg_are_statsmodels(p_values):
    assert stats.holm(p_values) == pytest.approx(list(multitest.multipletests(p_values, method="holm")[1]), rel=1e-12)
    assert stats.benjamini_hochberg(p_values) == pytest.approx(
        list(multitest.multipletests(p_values, method="fdr_bh")[1]), rel=1e-12)


FITS = [
    ([[0], [1], [2], [3], [4]], [21.5, 21.7, 25.1, 25.0, 25.7], [100, 100, 100, 100, 100]),
    ([[0, 1], [1, 0], [2, 2], [3, 1], [1, 3], [4, 4]], [10, 14, 20, 31, 18, 44], [60, 60, 80, 80, 70, 90]),
    ([[0], [20], [40]], [21, 27, 40], [60, 60, 60]),
]


@pytest.mark.parametrize("rows, successes, trials", FITS)
def test_the_logistic_fit_and_its_deviance_are_statsmodels_glm(rows, successes, trials):
    """Fractional successes too (a shared win counts 1/k): the binomial GLM with counts."""
    design = sm.add_constant(np.array(rows, dtype=float), has_constant="add")
    endog = np.column_stack([successes, np.array(trials) - np.array(successes)])
    expected = sm.GLM(endog, design, family=sm.families.Binomial()).fit()
    fit = regression.logistic(rows, successes, trials)
    assert fit.converged
    assert fit.coefficients == pytest.approx(list(expected.params), rel=1e-6, abs=1e-9)
    assert fit.errors == pytest.approx(list(expected.bse), rel=1e-5)
    assert fit.deviance == pytest.approx(expected.deviance, rel=1e-6, abs=1e-9)
    assert fit.freedom == expected.df_resid
    assert fit.wald(1).p_value == pytest.approx(expected.pvalues[1], rel=1e-5)


def test_the_weighted_line_is_statsmodels_wls():
    rows, values, weights = [[0], [1], [2], [3], [4]], [58.9, 57.8, 56.4, 55.4, 54.7], [200, 200, 180, 200, 220]
    expected = sm.WLS(values, sm.add_constant(np.array(rows, dtype=float)), weights=weights).fit()
    fit = regression.weighted_line(rows, values, weights, variance=36.0)
    assert fit.coefficients == pytest.approx(list(expected.params), rel=1e-9)
    assert fit.deviance == pytest.approx(expected.ssr, rel=1e-9)
    unscaled = expected.normalized_cov_params  # (X' W X)^-1: the errors with a known variance of one game
    assert fit.errors == pytest.approx([math.sqrt(36.0 * unscaled[i][i]) for i in range(2)], rel=1e-9)


def test_cochran_armitage_is_the_score_test_of_the_logistic_slope():
    """The trend test's z squared is the GLM's score (Rao) statistic for the slope."""
    scores, successes, trials = [0, 1, 2], [10, 20, 30], [100, 100, 100]
    endog = np.column_stack([successes, np.array(trials) - np.array(successes)])
    null = sm.GLM(endog, np.ones((3, 1)), family=sm.families.Binomial()).fit()
    score, p_value = tuple(null.score_test(exog_extra=np.array(scores, dtype=float).reshape(-1, 1)))[:2]
    mine = regression.cochran_armitage(scores, successes, trials)
    assert mine.statistic ** 2 == pytest.approx(float(np.squeeze(score)), rel=1e-9)
    assert mine.p_value == pytest.approx(float(np.squeeze(p_value)), rel=1e-8)
