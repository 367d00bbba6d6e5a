"""Which points a sweep plays: every combination of the parameters' values (the grid), or
`--points K` of them drawn at random or by a Latin hypercube, both from a generator seeded
by the run's seed, so the same command gives the same points.

A point is a tuple of values, one per parameter in --vary's order; points come in the
grid's order (the first parameter changing slowest), whatever the design.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.simulate.play import derive_seed
from engine.sweep.vary import MAX_POINTS, Parameter
from engine.variant.overrides import Value

DESIGNS = ("grid", "random", "lhs")

_DESIGN_STREAM = 1 << 40
"""The path derive_seed takes from the run's seed to the design's generator: beyond every
game's index (at most a million), so the design never shares a game's seed."""

Point = tuple[Value, ...]


class DesignError(ValueError):
    """A design that cannot be made: too many points, or --points missing or too large."""


def grid_size(parameters: Sequence[Parameter]) -> int:
    return math.prod(len(p.values) for p in parameters)


def make_points(parameters: Sequence[Parameter], design: str, count: int | None, seed: int) -> list[Point]:
    """The design's points; raises DesignError."""
    size = grid_size(parameters)
    if design == "grid":
        if count is not None:
            raise DesignError("--points is for --design random or lhs; the grid plays every combination")
        if size > MAX_POINTS:
            raise DesignError(f"the grid has {size:,} points; a sweep has at most {MAX_POINTS:,} "
                              "(fewer values, or --design random or lhs with --points)")
        return [_point(parameters, index) for index in range(size)]
    if count is None or count < 1:
        raise DesignError(f"--design {design} needs --points K, at least 1")
    if count > MAX_POINTS:
        raise DesignError(f"--points {count:,} is too many: a sweep has at most {MAX_POINTS:,} points")
    if count > size:
        raise DesignError(f"--points {count:,} is more than the {size:,} combinations of the values given")
    rng = random.Random(derive_seed(seed, _DESIGN_STREAM))
    indexes = rng.sample(range(size), count) if design == "random" else _hypercube(parameters, count, rng)
    return [_point(parameters, index) for index in sorted(set(indexes))]


def _point(parameters: Sequence[Parameter], index: int) -> Point:
    """The grid's point number `index` (mixed radix, the last parameter fastest)."""
    values: list[Value] = []
    for parameter in reversed(parameters):
        index, position = divmod(index, len(parameter.values))
        values.append(parameter.values[position])
    return tuple(reversed(values))


def _hypercube(parameters: Sequence[Parameter], count: int, rng: random.Random) -> list[int]:
    """A Latin hypercube of `count` points, as grid indexes: each parameter's range of
    values is cut into `count` equal strata, and each stratum of each parameter holds one
    point. With fewer values than points a parameter repeats values, and a point drawn
    twice is played once."""
    columns = []
    for parameter in parameters:
        strata = rng.sample(range(count), count)
        size = len(parameter.values)
        columns.append([min(size - 1, int((stratum + rng.random()) * size / count)) for stratum in strata])
    indexes = []
    for k in range(count):
        index = 0
        for parameter, column in zip(parameters, columns):
            index = index * len(parameter.values) + column[k]
        indexes.append(index)
    return indexes
