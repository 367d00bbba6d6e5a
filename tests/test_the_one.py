"""Issue 47 ("the goal is none" of the hacks): the Can't Stop test game found the column of a
pair of dice with `highest zone Z where sum of Z = A + B by sum of Z`, a highest of one to
name the one zone. `the KIND X where TEST` names the one thing the test holds for, and
nobody (nothing) when none or several do (docs/effects.md, "the one ... where")."""

from __future__ import annotations

from engine.game.game_state import new_state
from engine.variant.load import check_variant, load_variant
from test_board_defaults import small_game

STEPS = small_game(
    '    - {id: left, name: Left, colour: "#7f8c8d", values: [1], numbers: {sum: 2}}\n'
    '    - {id: right, name: Right, colour: "#2e86de", values: [1], numbers: {sum: 3}}\n'
    '    - {id: far, name: Far, colour: "#c0392b", values: [1], numbers: {sum: 3}}\n',
    "let One = the zone Z where sum of Z = 2\n"
    "let Several = the zone Z where sum of Z = 3\n"
    "let None = the zone Z where sum of Z = 9\n"
    'say "{One}, {Several}, {None}"\n'
    "if Several is nobody and None is nobody and One is not nobody:\n"
    '  say "as it should"',
)


def test_the_one_thing_a_test_holds_for_or_nobody(write):
    path = write(STEPS)
    assert check_variant(path).diagnostics == []
    game = new_state(load_variant(path), 2, seed=1)
    said = [e.describe() for e in game.setup_events if e.kind == "say"]
    assert said == ["Left, nothing, nothing", "as it should"], said


def test_the_is_a_word_of_the_language_not_a_name(write):
    """A pile named `the` could never be read: it is refused where it is written."""
    result = check_variant(write(STEPS + "piles:\n  the: {each: game, seen_by: everyone}\n"))
    assert any("'the' is reserved" in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]
