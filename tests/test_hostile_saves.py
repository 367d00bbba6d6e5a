"""Saved games get mailed between friends, so a save is treated as hostile: every bad one is
refused with a message at the field's line and column, with exit status 1 (replay) or 2
(play), never a traceback, a hang, unbounded memory or a Python repr.

The saves here are written by `save_game` (`indent=1`), so each top-level field has its own
line: version on 3, the variant's source, name and hash on 6-8, players on 10, seed on 11 and
the second seat's bot on 19. A test that promises a location names it exactly.
"""

from __future__ import annotations


# ----- positions in JSON text ------------------------------------------------------------------


def test_positions_point_where_the_parsed_value_came_from():
    from engine.jsontext import Positions, parse

    text = '{"a": 1, "b\\u0022": [10, {"c": "Caf\u00e9"}, 30],\n "a": {"d": [1, 2]}}'
    data = parse(text, "f")
    where = Positions(text, "f")
    assert data["a"] == {"d": [1, 2]}
    assert str(where.value(["a", "d", 1])) == "f:2:17", "a repeated key: the last one, which the parse kept"
    assert str(where.key(["a"])) == "f:2:2"
    assert str(where.value(['b"', 2])) == "f:1:41", "columns count characters (é is one), not bytes"
    assert str(where.value(['b"', 1, "c"])) == "f:1:32"
    assert str(where.value(["a", "missing"])) == "f:2:7", "as far along the path as the text goes"
    assert str(where.value([])) == "f:1:1"


def test_numbers_json_does_not_have_are_values_no_field_accepts():
    from engine.jsontext import Unreadable, parse, preview

    data = parse('[NaN, Infinity, -Infinity, ' + "1" * 101 + ", " + "1" * 100 + "]", "f")
    assert all(isinstance(value, Unreadable) for value in data[:4]) and data[4] == int("1" * 100)
    assert [preview(value) for value in data[:4]] == [
        "NaN, which JSON does not allow", "Infinity, which JSON does not allow",
        "-Infinity, which JSON does not allow", "a number 101 digits long",
    ]
