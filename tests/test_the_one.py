"""Issue 47 ("the goal is none" of the hacks): the Can't Stop test game found the column of a
pair of dice with `highest zone Z where sum of Z = A + B by sum of Z`, a highest of one to
name the one zone. `the KIND X where TEST` names the one thing the test holds for, and
nobody (nothing) when none or several do (docs/effects.md, "the one ... where")."""

from __future__ import annotations

from engine.game.game_state import new_state
from engine.variant.load import check_variant, load_variant

STEPS = """\
format: 1
name: The one
board:
  zones:
    - {id: left, name: Left, colour: "#7f8c8d", values: [1], numbers: {sum: 2}}
    - {id: right, name: Right, colour: "#2e86de", values: [1], numbers: {sum: 3}}
    - {id: far, name: Far, colour: "#c0392b", values: [1], numbers: {sum: 3}}
players:
  setups: [{players: 2, units: 0}]
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
scores:
  none: {most: "0", name: nothing}
ranking: [none]
setup: |
  let One = the zone Z where sum of Z = 2
  let Several = the zone Z where sum of Z = 3
  let None = the zone Z where sum of Z = 9
  say "{One}, {Several}, {None}"
  if Several is nobody and None is nobody and One is not nobody:
    say "as it should"
turn: |
  end game done for me
ends:
  done: the game is done
"""


def test_the_one_thing_a_test_holds_for_or_nobody(write):
    path = write(STEPS)
    assert check_variant(path).diagnostics == []
    game = new_state(load_variant(path), 2, seed=1)
    said = [e.describe() for e in game.setup_events if e.kind == "say"]
    assert said == ["Left, nothing, nothing", "as it should"], said


def test_the_is_a_word_of_the_language_not_a_name(write):
    """A pile named `the` could never be read: it is refused where it is written."""
    piles = "ranking: [none]\npiles:\n  the: {each: game, seen_by: everyone}\n"
    result = check_variant(write(STEPS.replace("ranking: [none]\n", piles)))
    assert any("'the' is reserved" in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]
