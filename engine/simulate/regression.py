"""The trends of a sweep, in plain Python: a logistic regression of a share on the swept
parameters fitted by iteratively reweighted least squares (IRLS) on the points' counts, with
its deviance, a weighted least-squares line for a mean, and the Cochran-Armitage trend test.

A sweep has a few to some thousands of points and one to a few parameters, so every matrix
here is tiny (one row and column per parameter, plus the intercept): Gauss-Jordan on lists
is exact enough and quick, and needs nothing beyond the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.simulate.stats import Test, chi_square_p, normal_p

Matrix = list[list[float]]

MAX_ITERATIONS = 50
TOLERANCE = 1e-10


class Singular(ValueError):
    """The design has too little spread to estimate every coefficient (a parameter that
    takes one value, two parameters that move together)."""


@dataclass(frozen=True, slots=True)
class Fit:
    """A fitted model: the intercept first, then one coefficient per parameter."""

    coefficients: tuple[float, ...]
    errors: tuple[float, ...]
    """Each coefficient's standard error."""
    deviance: float
    """Logistic: twice the log-likelihood ratio against the saturated model (one share per
    point); weighted least squares: the weighted sum of squared residuals."""
    freedom: int
    """Points less coefficients: the deviance's degrees of freedom."""
    converged: bool = True

    def wald(self, term: int) -> Test:
        """The Wald test that coefficient `term` is zero."""
        error = self.errors[term]
        if not error > 0:
            return Test("Wald z-test", 0.0, 1.0)
        z = self.coefficients[term] / error
        return Test("Wald z-test", z, normal_p(z))

    def lack_of_fit(self) -> Test:
        """Does the model miss what the points show (a bend, an effect that goes up and then
        down)? The deviance against chi-square with the points' spare degrees of freedom."""
        if self.freedom <= 0:
            return Test("deviance lack-of-fit test", 0.0, 1.0)
        return Test("deviance lack-of-fit test", self.deviance, chi_square_p(self.deviance, self.freedom))


def logistic(rows: Sequence[Sequence[float]], successes: Sequence[float], trials: Sequence[int]) -> Fit:
    """log(p / (1 - p)) = b0 + b1 x1 + ... fitted to `successes` of `trials` at each row of
    parameter values `rows` (the intercept is added here). Successes may be fractional (a
    shared win counts 1/k). Raises Singular when the coefficients cannot be told apart."""
    design = [[1.0, *map(float, row)] for row in rows]
    total = sum(trials)
    share = min(max(sum(successes) / total, 1e-6), 1 - 1e-6) if total else 0.5
    beta = [math.log(share / (1 - share))] + [0.0] * (len(design[0]) - 1)
    converged = False
    for _ in range(MAX_ITERATIONS):
        weights, working = [], []
        for row, y, n in zip(design, successes, trials):
            eta = _dot(row, beta)
            mu = _expit(eta)
            w = n * mu * (1 - mu)
            weights.append(w)
            working.append(eta + (y - n * mu) / w if w > 0 else eta)
        new, _ = _weighted_solve(design, working, weights)
        step = max(abs(a - b) for a, b in zip(new, beta))
        beta = new
        if step < TOLERANCE * (1 + max(map(abs, beta))):
            converged = True
            break
    weights = [n * (mu := _expit(_dot(row, beta))) * (1 - mu) for row, n in zip(design, trials)]
    covariance = _inverse(_cross(design, weights))
    deviance = sum(_deviance(y, n, _expit(_dot(row, beta))) for row, y, n in zip(design, successes, trials))
    errors = tuple(math.sqrt(max(covariance[i][i], 0.0)) for i in range(len(beta)))
    return Fit(tuple(beta), errors, deviance, len(design) - len(beta), converged)


def weighted_line(rows: Sequence[Sequence[float]], values: Sequence[float], weights: Sequence[float], variance: float) -> Fit:
    """value = b0 + b1 x1 + ... by weighted least squares, each point's weight `weights` (its
    games) and the variance of one observation `variance` (of one game's length, pooled over
    the points): a point's mean then has variance variance / weight, which gives the
    coefficients' standard errors."""
    design = [[1.0, *map(float, row)] for row in rows]
    beta, covariance = _weighted_solve(design, list(values), list(weights))
    residuals = sum(w * (v - _dot(row, beta)) ** 2 for row, v, w in zip(design, values, weights))
    errors = tuple(math.sqrt(max(variance * covariance[i][i], 0.0)) for i in range(len(beta)))
    return Fit(tuple(beta), errors, residuals, len(design) - len(beta))


def cochran_armitage(scores: Sequence[float], successes: Sequence[float], trials: Sequence[int]) -> Test:
    """Do the shares rise or fall with the score (a parameter's value)? The Cochran-Armitage
    test for trend: the score test of the logistic slope, z with the pooled share's variance.

    >>> round(cochran_armitage([0, 1, 2], [10, 20, 30], [100, 100, 100]).p_value, 6)
    0.000407
    """
    total = sum(trials)
    if total == 0:
        return Test("Cochran-Armitage trend test", 0.0, 1.0)
    share = sum(successes) / total
    statistic = sum(x * (y - n * share) for x, y, n in zip(scores, successes, trials))
    spread = sum(n * x * x for x, n in zip(scores, trials)) - sum(n * x for x, n in zip(scores, trials)) ** 2 / total
    variance = share * (1 - share) * spread
    if variance <= 0:
        return Test("Cochran-Armitage trend test", 0.0, 1.0)
    z = statistic / math.sqrt(variance)
    return Test("Cochran-Armitage trend test", z, normal_p(z))


def _expit(eta: float) -> float:
    if eta >= 0:
        return 1 / (1 + math.exp(-eta))
    e = math.exp(eta)
    return e / (1 + e)


def _deviance(y: float, n: int, mu: float) -> float:
    """One point's part of the binomial deviance (0 log 0 taken as 0)."""
    fitted = n * mu
    part = y * math.log(y / fitted) if y > 0 else 0.0
    part += (n - y) * math.log((n - y) / (n - fitted)) if n - y > 0 else 0.0
    return 2 * part


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def _cross(design: Matrix, weights: Sequence[float]) -> Matrix:
    """X' W X."""
    size = len(design[0])
    return [[sum(w * row[i] * row[j] for row, w in zip(design, weights)) for j in range(size)] for i in range(size)]


def _weighted_solve(design: Matrix, values: list[float], weights: list[float]) -> tuple[list[float], Matrix]:
    """The weighted least-squares coefficients, and (X' W X)^-1."""
    size = len(design[0])
    inverse = _inverse(_cross(design, weights))
    right = [sum(w * row[i] * v for row, v, w in zip(design, values, weights)) for i in range(size)]
    return [_dot(inverse[i], right) for i in range(size)], inverse


def _inverse(matrix: Matrix) -> Matrix:
    """The inverse by Gauss-Jordan elimination with partial pivoting; Singular when a pivot
    vanishes beside the matrix's scale."""
    size = len(matrix)
    scale = max((abs(x) for row in matrix for x in row), default=0.0)
    work = [list(row) + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) <= 1e-12 * scale or scale == 0:
            raise Singular("the parameters do not vary enough to estimate every coefficient")
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [x / lead for x in work[column]]
        for r in range(size):
            if r != column and work[r][column] != 0:
                factor = work[r][column]
                work[r] = [a - factor * b for a, b in zip(work[r], work[column])]
    return [row[size:] for row in work]
