"""Parameters, named tests and leaving a loop early (issue 47, item 1).

"A routine's argument was passed through a counter. The same 223-character 'can this column
be used' test was pasted three times. Flag counters stood in for leaving a loop early"
(issue 47, 1). A routine now says what it takes on its first line (`takes zone C, number N`)
and is run with `do NAME(Z, 2)`; a variant names a test once under `tests:` and uses it as
`NAME(...)`; `stop loop` leaves the innermost `for each` or `repeat`.

Each test extends the bundled default with a few lines, as an author would.
"""

from __future__ import annotations

import random

import pytest

from engine.core.expressions import compile_expr
from engine.effects import ast
from engine.effects.parser import parse_condition
from engine.game.followable import card_is_followable
from engine.game.game_state import new_state
from engine.variant.load import check_variant
from test_check_bad_input import EXTENDS, assert_at, only, problems

COUNTERS = "counters:\n  scored: {each: player, reset: never, shown: \"has scored {}\"}\n  rounds: {each: game, reset: never}\n"


def checked(path):
    result = check_variant(path)
    assert result.ok, "\n".join(map(str, result.diagnostics))
    return result.variant


def played(variant, players: int = 2, seed: int = 1, moves: int = 200):
    game, choose = new_state(variant, players, seed=seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(choose.choice(game.legal_actions()))
    return game


# ----- a routine's parameters ----------------------------------------------------------------


ROUTINE = EXTENDS + COUNTERS + """routines:
  score: |
    takes number Points, player Whom
    add Points to scored of Whom
hooks:
  start_of_turn: |
    do score(3, me)
    do score(rounds + 1, me) for turn_player
    add 1 to rounds
"""


def test_a_routine_is_given_its_arguments_by_do(write):
    """Before: a routine took nothing, and its argument went through a counter."""
    game = new_state(checked(write(ROUTINE)), 2, seed=1)
    me = game.turn_player
    assert game.player_counters["scored"][me] == 3 + 1  # the first turn's start: 3, and rounds (0) + 1


def test_a_routine_with_parameters_that_runs_itself_is_refused_where_the_circle_closes(write):
    """Hostile input: a routine calling itself with parameters never ends; the check's circle
    search (engine/effects/cycles.py) refuses it as it refuses any routine that runs itself."""
    path = write(ROUTINE.replace("    add Points to scored of Whom\n", "    do score(Points + 1, Whom)\n"))
    assert_at(only(path), "v.yaml", 8, 5, "routines run one another without end: score -> score")


def test_a_routine_that_takes_a_zone_plays_to_the_end_of_games(write):
    text = EXTENDS + COUNTERS + """routines:
  score_zone: |
    takes zone C
    add (count hotel P in C where top of P is me) to scored of me
hooks:
  end_of_turn: |
    for each zone Z:
      do score_zone(Z)
"""
    variant = checked(write(text))
    for seed in range(3):
        game = played(variant, 3, seed)
        assert sum(game.player_counters["scored"]) > 0


# ----- stop loop -------------------------------------------------------------------------------


def test_stop_loop_leaves_the_innermost_loop_and_what_follows_goes_on(write):
    """Before: a flag counter stood in for leaving a loop early."""
    text = EXTENDS + COUNTERS + """hooks:
  start_of_turn: |
    repeat 5 times:
      for each player X:
        add 1 to rounds
        stop loop
      add 10 to rounds
    add 100 to rounds
"""
    game = new_state(checked(write(text)), 3, seed=1)
    assert game.counters["rounds"] == 5 * (1 + 10) + 100


def test_stop_loop_leaves_a_repeat_while(write):
    text = EXTENDS + COUNTERS + """hooks:
  start_of_turn: |
    repeat while rounds < 50:
      add 1 to rounds
      if rounds = 3:
        stop loop
    add 100 to rounds
"""
    assert new_state(checked(write(text)), 2, seed=1).counters["rounds"] == 103


def test_stop_loop_outside_a_loop_is_refused_where_it_is(write):
    path = write(EXTENDS + "hooks:\n  start_of_turn: |\n    draw 1\n    stop loop\n")
    assert_at(only(path), "v.yaml", 5, 5, "'stop loop' leaves a 'for each' or a 'repeat'", hint="'stop' ends the whole effect")


def test_stop_loop_in_a_window_leaves_no_loop_outside_it(write):
    text = EXTENDS + """hooks:
  start_of_turn: |
    repeat 2 times:
      take turns P among players until all pass, at most 4:
        stop loop
"""
    assert_at(only(write(text)), "v.yaml", 6, 9, "'stop loop' leaves a 'for each' or a 'repeat'")


def test_a_card_is_looked_ahead_at_through_stop_loop_as_it_plays(write):
    """The look-ahead (rulings 17) leaves the loop where play does: a card that draws after
    leaving it does something; one whose draw is skipped by it does nothing."""
    cards = """deck:
  cards:
    - {id: after, name: After, count: 1, text: Draws after the loop., timing: end_of_turn,
       effect: "for each player X:\\n  stop loop\\ndraw 1"}
    - {id: skipped, name: Skipped, count: 1, text: Never draws., timing: end_of_turn,
       effect: "for each player X:\\n  stop loop\\n  draw 1"}
"""
    variant = checked(write(EXTENDS + cards))
    game = new_state(variant, 2, seed=1)
    kinds = {card.id: i for i, card in enumerate(variant.cards)}
    assert card_is_followable(game, kinds["after"], 0)
    assert not card_is_followable(game, kinds["skipped"], 0)


# ----- named tests -------------------------------------------------------------------------


TESTS = EXTENDS + COUNTERS + """tests:
  holds_in: |
    takes zone C, player X
    (count hotel P in C where top of P is X) > 0 and (count vacant lot P in C) < 5
  leading: me is leader
hooks:
  end_of_turn: |
    for each zone Z where holds_in(Z, me):
      add 1 to scored of me
    if leading() and holds_in(red, me):
      add 10 to scored of me
"""


def test_a_named_test_is_written_once_and_used_anywhere(write):
    """Before: the same test was pasted three times. Worked out anywhere, it is its text with
    what it takes given the arguments."""
    variant = checked(write(TESTS))
    game = played(variant, 3, seed=2, moves=150)
    assert sum(game.player_counters["scored"]) > 0
    kinds = dict(variant.kinds)
    for zone in ("red", "blue", "yellow", "green"):
        for player in range(3):
            env = {"Z": zone, "Y": player}
            named = compile_expr(parse_condition("holds_in(Z, Y)", kinds), {})(game, env, 0)
            written = compile_expr(parse_condition(
                "(count hotel P in Z where top of P is Y) > 0 and (count vacant lot P in Z) < 5", kinds), {})(game, env, 0)
            assert named == written


def test_a_named_test_is_checked_at_each_use(write):
    path = write(TESTS.replace("holds_in(red, me)", "holds_in(me, red)"))
    found = problems(path)
    assert any("what the test 'holds_in' is given as C must be a zone, but this is a player" in d.message for d in found)
    path = write(TESTS.replace("leading()", "leadin()"))
    assert_at(only(path), "v.yaml", 14, 8, "there is no test 'leadin'", hint="leading")


def test_named_tests_that_use_one_another_without_end_are_refused(write):
    """Hostile input: a test using itself would never be worked out."""
    path = write(TESTS.replace("  leading: me is leader\n", "  leading: me is leader and leading()\n"))
    assert_at(only(path), "v.yaml", 9, 29, "tests use one another without end: leading -> leading")


REFUSED = [
    # (the text it changes, the change, line, column, the message)
    ("ROUTINE", "do score(3, me)\n", "do score(3)\n", 11, 5, "the routine 'score' takes 2 (given 1)"),
    ("ROUTINE", "do score(3, me)\n", "do score(me, me)\n", 11, 14,
     "what the routine 'score' is given as Points must be a number, but this is a player"),
    ("ROUTINE", "    add 1 to rounds\n", "    takes number N\n", 13, 5,
     "'takes' says what a routine is given, on its first line"),
    ("ROUTINE", "takes number Points", "takes numbr Points", 7, 5, "there is no kind of thing 'numbr'"),
    ("TESTS", "  leading: me is leader\n", "  leading: worth of me\n", 9, 12,
     "test 'leading': a condition must be true or false, but this is a number"),
    ("TESTS", "leading()", "leading(1)", 14, 8, "the test 'leading' takes 0 (given 1)"),
    ("TESTS", "takes zone C, player X", "takes zone C, playr X", 7, 5, "there is no kind of thing 'playr'"),
]


@pytest.mark.parametrize(("text", "old", "new", "line", "col", "message"), REFUSED, ids=lambda x: str(x)[:24])
def test_a_mistake_with_what_is_given_is_refused_where_it_is_written(write, text, old, new, line, col, message):
    path = write(globals()[text].replace(old, new, 1))
    assert_at(only(path), "v.yaml", line, col, message)


def test_a_named_test_costs_what_its_condition_costs_wherever_it_is_used(write):
    """Hostile input: a test just under the cost limit, used twice in one condition, is what
    it stands for, and refused so, where it is used (it is not one step)."""
    costly = "(count property P where (count property Q where (count hotel R in red where R is next to Q) > 0) > 0) > 0"
    text = EXTENDS + f"tests:\n  busy: {costly}\nhooks:\n  start_of_turn: |\n    if busy():\n      draw 1\n"
    checked(write(text))
    refused = only(write(text.replace("if busy():", "if busy() and busy():")))
    assert_at(refused, "v.yaml", 6, 8, "more than the 20,000 allowed", "the test 'busy' (10,0", hint="named test fewer times")


def test_a_variant_with_parameters_and_named_tests_is_kept_as_plain_data_and_read_back(write):
    """The check cache writes a checked variant as plain data (engine/variant/plain.py): the
    new records read back equal."""
    from engine.variant.plain import plain, variant_from_plain

    routines = ROUTINE[ROUTINE.index("routines:"):ROUTINE.index("hooks:")]
    variant = checked(write(TESTS.replace("hooks:\n", routines + "hooks:\n")))
    assert variant.tests and isinstance(variant.routines["score"].statements[0], ast.Takes)
    assert variant_from_plain(plain(variant)) == variant
