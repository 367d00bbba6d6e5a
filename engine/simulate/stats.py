"""The few statistics the balance lab needs, in plain Python: confidence intervals for
shares, and tests that tell a real difference between two variants from noise."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share (successes may be fractional: a shared win).

    >>> [round(x, 3) for x in wilson(80, 100)]
    [0.711, 0.867]
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def format_p(p: float) -> str:
    """A p-value as a report shows it.

    >>> format_p(0.0004), format_p(0.0312)
    ('p < 0.001', 'p = 0.031')
    """
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True, slots=True)
class Test:
    """The outcome of a significance test."""

    name: str
    """Which test, e.g. "two-proportion z-test"."""
    statistic: float
    p_value: float

    def to_dict(self) -> dict:
        return {"test": self.name, "statistic": self.statistic, "p_value": self.p_value}


def two_proportions(x1: float, n1: int, x2: float, n2: int) -> Test:
    """Are two shares different? The pooled two-proportion z-test.

    >>> round(two_proportions(60, 100, 40, 100).p_value, 4)
    0.0047
    """
    if n1 == 0 or n2 == 0:
        return Test("two-proportion z-test", 0.0, 1.0)
    pooled = (x1 + x2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return Test("two-proportion z-test", 0.0, 1.0)
    z = (x1 / n1 - x2 / n2) / spread
    return Test("two-proportion z-test", z, normal_p(z))


def one_proportion(x: float, n: int, expected: float) -> Test:
    """Does a share differ from the expected one (e.g. 1/players)? A one-sample z-test."""
    if n == 0 or expected <= 0 or expected >= 1:
        return Test("one-proportion z-test", 0.0, 1.0)
    z = (x / n - expected) / math.sqrt(expected * (1 - expected) / n)
    return Test("one-proportion z-test", z, normal_p(z))


def chi_square(table: list[list[float]]) -> Test:
    """Do the rows (e.g. two variants) share one distribution over the columns (e.g. seats
    winning)? Pearson's chi-square test of homogeneity; empty columns are dropped.

    >>> round(chi_square([[30, 70], [50, 50]]).p_value, 4)
    0.0039
    """
    columns = [j for j in range(len(table[0])) if sum(row[j] for row in table) > 0]
    rows = [row for row in table if sum(row[j] for j in columns) > 0]
    if len(columns) < 2 or len(rows) < 2:
        return Test("chi-square test", 0.0, 1.0)
    total = sum(row[j] for row in rows for j in columns)
    statistic = 0.0
    for row in rows:
        row_total = sum(row[j] for j in columns)
        for j in columns:
            expected = row_total * sum(r[j] for r in rows) / total
            statistic += (row[j] - expected) ** 2 / expected
    freedom = (len(rows) - 1) * (len(columns) - 1)
    return Test("chi-square test", statistic, chi_square_p(statistic, freedom))


def chi_square_p(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for chi-square with `freedom` degrees of freedom."""
    if statistic <= 0:
        return 1.0
    return _upper_gamma(freedom / 2, statistic / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (series or continued fraction)."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(500):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> Test:
    """Do values in `a` tend to be larger or smaller than in `b` (e.g. game lengths)? The
    Mann-Whitney U test, normal approximation with the tie correction; the statistic is z.

    >>> mann_whitney([1, 2, 3, 4, 5] * 6, [3, 4, 5, 6, 7] * 6).p_value < 0.001
    True
    >>> round(mann_whitney([1, 2, 3], [1, 2, 3]).p_value, 3)
    1.0
    """
    return mann_whitney_tallies(Counter(a), Counter(b))


def mann_whitney_tallies(a: Mapping[float, int], b: Mapping[float, int]) -> Test:
    """`mann_whitney` from tallies (value -> how many times it occurs): game lengths and
    plays per game take few distinct values, so a million games cost a few dozen steps.

    >>> mann_whitney_tallies({0: 30, 1: 50, 2: 20}, {0: 20, 1: 50, 2: 30}).p_value < 0.1
    True
    """
    n1, n2 = sum(a.values()), sum(b.values())
    if n1 == 0 or n2 == 0:
        return Test("Mann-Whitney U test", 0.0, 1.0)
    rank_sum_a = 0.0
    ties = 0.0
    below = 0  # values ranked before the current one
    for value in sorted(set(a) | set(b)):
        in_a, together = a.get(value, 0), a.get(value, 0) + b.get(value, 0)
        rank_sum_a += (below + (together + 1) / 2) * in_a  # tied values share their mean rank
        ties += together**3 - together
        below += together
    u = rank_sum_a - n1 * (n1 + 1) / 2
    n = n1 + n2
    variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if variance <= 0:
        return Test("Mann-Whitney U test", 0.0, 1.0)
    z = (u - n1 * n2 / 2) / math.sqrt(variance)
    return Test("Mann-Whitney U test", z, normal_p(z))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values tested together: an adjusted p-value below
    0.05 keeps the chance that *any* of the family is a false alarm under 5%, whatever
    the dependence between the tests (Bonferroni's promise, with more power).

    The smallest p is multiplied by m, the next by m - 1, and so on, each kept at least
    as large as the one before it (and at most 1); the order of the input is kept.

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [0.04, 0.09, 0.09, 0.5]
    >>> holm([])
    []
    """
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, by linear interpolation.

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not sorted_values:
        return float("nan")
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini and Hochberg's step-up adjustment: an adjusted p-value below 0.05 keeps the
    expected share of false alarms *among the differences called real* under 5% (for tests
    that are independent or positively dependent): for screening many points, with more
    power than Holm and a weaker promise. The order of the input is kept.

    >>> [round(p, 4) for p in benjamini_hochberg([0.01, 0.04, 0.03, 0.005])]
    [0.02, 0.04, 0.04, 0.02]
    """
    m = len(p_values)
    adjusted = [0.0] * m
    running = 1.0
    order = sorted(range(m), key=lambda i: p_values[i], reverse=True)
    for rank, index in zip(range(m, 0, -1), order):
        running = min(running, m * p_values[index] / rank)
        adjusted[index] = running
    return adjusted


def normal_quantile(q: float) -> float:
    """The q-quantile of the standard normal distribution (q strictly between 0 and 1).

    >>> round(normal_quantile(0.975), 6), round(normal_quantile(0.8), 4)
    (1.959964, 0.8416)
    """
    low, high = -40.0, 40.0
    for _ in range(200):  # bisection on the upper tail, exact to a double's last bits
        middle = (low + high) / 2
        if 0.5 * math.erfc(middle / math.sqrt(2)) > 1 - q:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def student_t_p(t: float, freedom: float) -> float:
    """Two-sided p-value of Student's t statistic with `freedom` degrees of freedom.

    >>> round(student_t_p(2.228, 10), 3)
    0.05
    """
    if freedom <= 0:
        return 1.0
    return incomplete_beta(freedom / 2, 0.5, freedom / (freedom + t * t))


def t_quantile(q: float, freedom: float) -> float:
    """The q-quantile of Student's t distribution, for q above one half.

    >>> round(t_quantile(0.975, 10), 3), round(t_quantile(0.975, 1000), 3)
    (2.228, 1.962)
    """
    low, high = 0.0, 1e6
    for _ in range(200):
        middle = (low + high) / 2
        if student_t_p(middle, freedom) / 2 > 1 - q:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction
    (Lentz's method), on the side where it converges fast.

    >>> round(incomplete_beta(2, 3, 0.4), 6)
    0.5248
    """
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - incomplete_beta(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (tiny if abs(d) < tiny else d)
    h = d
    for m in range(1, 500):
        for step in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                     -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + step * d
            d = 1 / (tiny if abs(d) < tiny else d)
            c = 1 + step / c
            c = tiny if abs(c) < tiny else c
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, max(0.0, front * h))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of `values` and its t-interval (the mean itself twice with fewer than two).

    >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
    [2.5, 0.446, 4.554]
    """
    n = len(values)
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    centre = sum(values) / n
    if n < 2:
        return centre, centre, centre
    spread = math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1) / n)
    half = t_quantile(1 - (1 - confidence) / 2, n - 1) * spread
    return centre, centre - half, centre + half


def detectable_difference(share: float, games: int, tests: int = 1, power: float = 0.8, alpha: float = 0.05) -> float:
    """The smallest difference in a share (from `share`, between two groups of `games`
    each) that a two-proportion test finds with probability `power`, at level `alpha`
    shared by `tests` tests as Holm's first step shares it (alpha / tests).

    >>> round(100 * detectable_difference(0.25, 1000), 1), round(100 * detectable_difference(0.25, 1000, 20), 1)
    (5.4, 7.5)
    """
    if games <= 0:
        return float("inf")
    z = normal_quantile(1 - alpha / max(1, tests) / 2) + normal_quantile(power)
    return z * math.sqrt(2 * share * (1 - share) / games)


def mcnemar(differences: Sequence[float]) -> Test:
    """Do two shares measured on the same games (the same seeds at two points of a sweep)
    differ? McNemar's test, from each game's difference of the two outcomes (1 - 0, 0 - 1,
    or 0 when both agree; a shared win counts its part): z = sum(d) / sqrt(sum(d^2)), which
    for outcomes of 0 and 1 is McNemar's (b - c) / sqrt(b + c). Games that agree say nothing,
    so when the outcomes of one seed are alike at both points it sees differences the
    two-proportion test, which ignores the pairing, would call noise.

    >>> round(mcnemar([1] * 15 + [-1] * 5 + [0] * 80).p_value, 4)
    0.0253
    """
    spread = sum(d * d for d in differences)
    if spread <= 0:
        return Test("McNemar test", 0.0, 1.0)
    z = sum(differences) / math.sqrt(spread)
    return Test("McNemar test", z, normal_p(z))
