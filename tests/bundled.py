"""The bundled variants, each checked once for the whole run.

Several test modules play every bundled variant, and their parameters are read from the
variants when the module is collected (the player counts of each). A check is a few tenths of
a second (the suite's check cache is off, conftest.py), so each module checking all of them
for itself cost every run, the quick lane's too, some seconds of collection. A `Variant` is
immutable, so one loaded variant serves every module as it served every test of one."""

from __future__ import annotations

from functools import cache

from engine import load_variant
from engine.resources import bundled_variant_names
from engine.variant.model import Variant


@cache
def _checked() -> dict[str, Variant]:
    return {name: load_variant(name) for name in bundled_variant_names()}


def bundled_variants() -> dict[str, Variant]:
    """Every bundled variant by name (a dict of the caller's own, the variants shared)."""
    return dict(_checked())
