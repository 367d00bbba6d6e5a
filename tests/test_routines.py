"""Routines (issue 27, 2.1): programs a variant names and its effects run with `do NAME [for
PLAYER]`. A payment, taking resources or a bankruptcy is done from many places of an economic
game; written once as a routine, each place says `do pay_rent`. The check refuses a routine
that runs itself, even through others, and counts a routine's cost where it is run."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, VariantError, load_variant
from engine.game.followable import card_is_followable
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state

BASE = "winning-moves-2016"


def _variant(write, routines: str, hooks: str = "", cards: str = ""):
    text = f"extends: {BASE}\nroutines:\n{routines}"
    if hooks:
        text += f"hooks:\n{hooks}"
    if cards:
        text += f"deck:\n  cards:\n{cards}"
    return load_variant(write(text))


def _problems(write, routines: str, hooks: str = "") -> list[str]:
    with pytest.raises(VariantError) as raised:
        _variant(write, routines, hooks)
    return [str(d) for d in raised.value.diagnostics]


GIFT = "  gift: |\n    draw 2\n"


def test_a_routine_runs_for_the_player_it_is_run_for(write):
    """`me` inside the routine is the player named after 'for'; the effect goes on after it."""
    variant = _variant(write, GIFT, "  start_of_turn: |\n    for each opponent P:\n      do gift for P\n    draw 1\n")
    game = new_state(variant, 3, seed=4)
    turn_player = game.turn_player
    sizes = [len(game.hand(p)) for p in range(3)]
    starting = load_variant(BASE).rules["starting_hand"]
    assert sizes[turn_player] == starting + 1  # the hook's own draw, after the routines
    assert all(sizes[p] == starting + 2 for p in range(3) if p != turn_player)


def test_stop_inside_a_routine_ends_the_routine_not_what_ran_it(write):
    routines = "  quit_early: |\n    stop\n    draw 5\n"
    variant = _variant(write, routines, "  start_of_turn: |\n    do quit_early\n    draw 1\n")
    game = new_state(variant, 2, seed=1)
    assert len(game.hand(game.turn_player)) == load_variant(BASE).rules["starting_hand"] + 1


def test_an_unknown_routine_is_named_where_it_is_run_with_the_known_ones(write):
    problems = _problems(write, GIFT, "  start_of_turn: |\n    do gfit\n")
    assert len(problems) == 1
    assert "v.yaml:7:5" in problems[0] and "there is no routine 'gfit'" in problems[0]
    assert "did you mean 'gift'" in problems[0]


def test_a_routine_that_runs_itself_even_through_others_is_refused_where_the_circle_closes(write):
    problems = _problems(write, "  ping: |\n    draw 1\n    do pong\n  pong: |\n    do ping\n")
    assert len(problems) == 1, problems
    assert "v.yaml:7:5" in problems[0] and "routine 'pong'" in problems[0]
    assert "routines run one another without end: ping -> pong -> ping" in problems[0]
    assert any("itself" in p for p in _problems(write, "  again: |\n    do again\n"))


def test_a_routine_may_not_take_the_name_of_one_of_the_games_programs(write):
    problems = _problems(write, "  turn: |\n    draw 1\n")
    assert any("'turn' is the name of one of the game's own programs" in p for p in problems)


def test_a_routines_cost_counts_where_it_is_run(write):
    """The check multiplies what a routine can cost by the loops around the `do` that runs it,
    as it does for the statements written there."""
    heavy = "  heavy: |\n    repeat 100 times:\n      for each property P:\n        if value of P > 100:\n          draw 1\n"
    assert not _problems_or_none(write, heavy, "  start_of_turn: |\n    do heavy\n")
    problems = _problems(write, heavy, "  start_of_turn: |\n    repeat 100 times:\n      do heavy\n")
    assert any("could" in p and "more than" in p for p in problems), problems


def _problems_or_none(write, routines: str, hooks: str) -> list[str]:
    try:
        _variant(write, routines, hooks)
    except VariantError as error:
        return [str(d) for d in error.diagnostics]
    return []


def test_a_card_that_runs_a_routine_is_offered_when_the_routine_does_something(write):
    """The look-ahead follows a card into its routines: a card whose routine draws is offered,
    one whose routine only speaks is not (rulings.md, 17)."""
    cards = (
        "    - id: windfall\n      name: Windfall\n      count: 1\n      text: Draw two.\n"
        "      timing: end_of_turn\n      effect: |\n        do gift\n"
        "    - id: talk\n      name: Talk\n      count: 1\n      text: Say hello.\n"
        "      timing: end_of_turn\n      effect: |\n        do hello\n"
    )
    variant = _variant(write, GIFT + '  hello: |\n    say "hello"\n', cards=cards)
    game = new_state(variant, 2, seed=1)
    me = game.turn_player
    assert card_is_followable(game, game.book.card_index["windfall"], me)
    assert not card_is_followable(game, game.book.card_index["talk"], me)


ASKING = "  pick: |\n    choose vacant lot L\n    build 1 on L\n"


def test_a_game_saved_inside_a_routine_resumes_there_and_a_damaged_one_is_refused(write):
    variant = _variant(write, ASKING + GIFT, "  start_of_turn: |\n    do pick\n")
    game = new_state(variant, 2, seed=3)
    assert game.decision == "choose"
    saved = json.loads(json.dumps(game.to_dict()))
    resumed = restore_state(variant, saved)
    option = resumed.legal_actions()[0]
    resumed.apply(option)
    game.apply(game.legal_actions()[0])
    assert json.dumps(resumed.to_dict(), sort_keys=True) == json.dumps(game.to_dict(), sort_keys=True)
    index = next(i for i, frame in enumerate(saved["frames"]) if frame.get("program") == "pick")
    saved["frames"][index]["program"] = "gift"
    with pytest.raises(RestoreError, match=rf"frames\[{index}\].program: the statement below it runs 'pick', not 'gift'"):
        restore_state(variant, saved)
