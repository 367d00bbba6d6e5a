"""Spaces laid out as a grid, and groups of spaces next to one another (issue 27, 2.9).

Monopoly Builder's island is a grid of foundations, and "Community Builder" goes to the player
with "the most buildings next to one another" (../shared/rules/monopoly-builder-2021.txt,
Scoring; docs/rulings.md records the reading: side by side or one above the other, never
corner to corner). A zone with `columns` lays its spaces out in rows of that many;
`P is next to Q` asks whether two touch, and `largest group property P where ...` counts the
largest group of the spaces kept that are joined through one another."""

from __future__ import annotations

import pytest

from engine import VariantError, load_variant
from engine.core.expressions import largest_group
from engine.effects import ast
from engine.effects.parser import parse_condition
from engine.game.game_state import new_state
from engine.game.rulebook import grid_neighbours

BASE = "winning-moves-2016"


def _variant(write, columns: int = 3, extra: str = ""):
    """Red's five spaces in rows of `columns`: with 3, [r1 r2 r3] over [r4 r5]."""
    text = f"extends: {BASE}\nboard:\n  zones:\n    - id: red\n      columns: {columns}\n{extra}"
    return load_variant(write(text))


def test_a_grid_joins_spaces_side_by_side_and_one_above_the_other_never_corner_to_corner(write):
    variant = _variant(write)
    red = variant.zones[0].properties
    near = grid_neighbours(variant)
    assert near[red[0]] == {red[1], red[3]}
    assert near[red[1]] == {red[0], red[2], red[4]}
    assert near[red[2]] == {red[1]}  # the end of the row: nothing below it
    assert near[red[4]] == {red[3], red[1]}
    assert red[4] not in near[red[0]]  # corner to corner is not next to
    blue = variant.zones[1].properties
    assert all(not near[space] for space in blue)  # not a grid


def test_the_largest_group_counts_spaces_joined_through_one_another():
    near = (frozenset({1, 3}), frozenset({0, 2, 4}), frozenset({1}), frozenset({0, 4}), frozenset({3, 1}))
    assert largest_group(near, []) == 0
    assert largest_group(near, [0, 2]) == 1
    assert largest_group(near, [0, 1, 2]) == 3
    assert largest_group(near, [2, 3]) == 1
    assert largest_group(near, [0, 2, 3, 4]) == 3  # 0-3-4 joined, 2 alone


def test_is_next_to_and_largest_group_read_the_board_in_play(write):
    """Red builds on r1, r2 and r5 (r5 below r2): one group of three."""
    scores = (
        "scores:\n  group: {most: largest group property P in red where top of P is X, name: largest group}\n"
        "  touching: {most: count property P in red where P is next to space 2 of red and top of P is X, "
        "name: touching}\n"
    )
    game = new_state(_variant(write, extra=scores), 2, seed=1)
    red = game.variant.zones[0].properties
    for space in (red[0], red[1], red[4]):
        game.stacks[space] = [0]
    assert game.score("group", 0) == 3
    assert game.score("touching", 0) == 2  # r1 and r5; r2 itself is not next to itself
    game.stacks[red[1]] = [1]
    assert game.score("group", 0) == 1


def test_a_group_is_of_spaces_and_next_to_wants_two_spaces(write):
    hooks = "hooks:\n  start_of_turn: |\n    let N = largest group player P\n    if me is next to red:\n      say \"x\"\n"
    with pytest.raises(VariantError) as raised:
        _variant(write, extra=hooks)
    problems = [str(d) for d in raised.value.diagnostics]
    assert any("a group is of spaces next to one another, not of players" in p for p in problems), problems
    assert any("each side of 'is next to' must be a property" in p for p in problems), problems


def test_is_not_next_to_reads_as_the_negation():
    parsed = parse_condition("P is not next to Q")
    assert isinstance(parsed, ast.NextTo) and parsed.negated
