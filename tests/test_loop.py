"""Tokens on a looping board (issue 27, 2.3), and counters kept for each space (2.8).

An economic board game moves its tokens round a loop of spaces: "move your token clockwise a
number of spaces equal to the total that you rolled" and "when you pass or land on the GO
space, collect 200M" (Monopoly Builder, ../shared/rules/monopoly-builder-2021.txt, "Rolling
the Dice" and the GO space). The variant lists the loop (`board: loop:`); `advance` moves a
token, running the `token_passes` hook for each space passed and `token_lands` for the one it
stops on; `place` sets it somewhere straight ("immediately move your token to the Jail
space. You will not receive money for passing GO"). "Any resources you get rid of are placed
on your current space": what lies on a space is a counter kept for each space."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, VariantError, load_variant
from engine.game.followable import card_is_followable
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state

BASE = "winning-moves-2016"
LOOP = "  loop: [red_1, red_2, blue_1, blue_2, yellow_1, yellow_2, green_1, green_2]\n"
COUNTERS = (
    "counters:\n"
    "  passed: {each: player, reset: never}\n"
    "  landed: {each: space, reset: never, shown: \"has been landed on {} times\"}\n"
)
LOG_HOOKS = "  token_passes: |\n    say \"passes\"\n  token_lands: |\n    add 1 to landed of here\n"


def _variant(write, start: str, hooks: str = LOG_HOOKS, loop: str = LOOP, extra: str = ""):
    text = f"extends: {BASE}\nboard:\n{loop}{COUNTERS}hooks:\n{hooks}  start_of_turn: |\n"
    text += "".join(f"    {line}\n" for line in start.splitlines()) + extra
    return load_variant(write(text))


def _problems(write, start: str, **kwargs) -> list[str]:
    with pytest.raises(VariantError) as raised:
        _variant(write, start, **kwargs)
    return [str(d) for d in raised.value.diagnostics]


def _moves(events) -> list[str]:
    return [e.describe() for e in events if e.kind in ("advance", "say", "counter")]


def test_advance_moves_the_token_forward_passing_each_space_between_then_landing(write):
    """"Move your token clockwise a number of spaces equal to the total that you rolled" (the
    rules text, Rolling the Dice): each space passed runs token_passes, the last token_lands."""
    game = new_state(_variant(write, "advance me 3 spaces"), 2, seed=1)
    player = game.turn_player
    assert game.positions[player] == 3
    assert game.observation(player)["positions"][player] == 3
    told = _moves(game.setup_events)
    start = told.index(next(t for t in told if " moves 3 spaces to " in t))
    landed = game.texts.properties[game.book.loop[3]]
    assert told[start + 1:start + 4] == ["passes", "passes", f"{landed} has been landed on 1 time"]
    assert game.player_counters["landed"][game.book.loop[3]] == 1


def test_a_token_goes_round_the_loop_past_its_first_space(write):
    game = new_state(_variant(write, "advance me 11 spaces"), 2, seed=1)
    assert game.positions[game.turn_player] == 11 % 8
    assert sum(1 for e in game.setup_events if e.kind == "say") == 10


def test_advance_back_passes_nothing_and_lands(write):
    """Going back round the loop from the first space passes no space ("go back three spaces")."""
    game = new_state(_variant(write, "advance me back 2 spaces"), 2, seed=1)
    assert game.positions[game.turn_player] == 6
    told = _moves(game.setup_events)
    assert "passes" not in told
    assert any("moves back 2 spaces to $4M Green" in t for t in told)
    assert game.player_counters["landed"][game.book.loop[6]] == 1


def test_advance_back_runs_token_passes_back_for_each_space_gone_back_past(write):
    """"When moving if you ever land on or move through a space that has resources on it, you
    will pick them up" (Monopoly Builder, "Moving Your Token"): moving back passes spaces too.
    `token_passes_back` runs for each, in the order the token meets them; `token_passes` (a
    bonus for passing GO) does not run going back."""
    hooks = LOG_HOOKS + "  token_passes_back: |\n    add 1 to landed of here\n    say \"goes back past\"\n"
    game = new_state(_variant(write, "advance me 4 spaces\nadvance me back 3 spaces", hooks=hooks), 2, seed=1)
    assert game.positions[game.turn_player] == 1
    told = _moves(game.setup_events)
    back = told.index(next(t for t in told if "moves back 3 spaces" in t))
    assert told[back + 1:].count("goes back past") == 2 and "passes" not in told[back + 1:]
    landed = game.player_counters["landed"]
    # forward: the 4th space landed on; back: the 3rd and 2nd gone past, the 1st landed on
    assert [landed[game.book.loop[i]] for i in range(5)] == [0, 1, 1, 1, 1]


def test_advance_to_a_zone_stops_at_its_nearest_space_ahead(write):
    game = new_state(_variant(write, "advance me 3 spaces\nadvance me to red"), 2, seed=1)
    assert game.positions[game.turn_player] == 0  # past green, round to red_1
    assert sum(1 for e in game.setup_events if e.kind == "say") == 2 + 4


def test_advance_to_the_space_a_token_stands_on_goes_once_round(write):
    game = new_state(_variant(write, "advance me to space 1 of red"), 2, seed=1)
    assert game.positions[game.turn_player] == 0
    assert any(" moves 8 spaces to $1M Red" in e.describe() for e in game.setup_events)


def test_advance_to_its_own_position_is_a_full_lap_that_passes_go(write):
    """Issue 44, 3.8: `advance me to position of me` goes a full lap and passes GO, as
    docs/effects.md ("advance, place") says: every other space passed, GO's passing bonus
    paid, and the landing where it started."""
    hooks = (
        "  token_passes: |\n    say \"passes\"\n    if here is space 1 of red:\n      add 1 to passed of me\n"
        "  token_lands: |\n    add 1 to landed of here\n"
    )
    game = new_state(_variant(write, "advance me 3 spaces\nadvance me to position of me", hooks=hooks), 2, seed=1)
    player = game.turn_player
    assert game.positions[player] == 3
    assert any(" moves 8 spaces to " in e.describe() for e in game.setup_events)
    assert game.player_counters["passed"][player] == 1, "GO passed once"
    assert sum(1 for e in game.setup_events if e.kind == "say") == 2 + 7
    assert game.player_counters["landed"][game.book.loop[3]] == 2


def test_place_goes_straight_there_passing_nothing_and_landing_nowhere(write):
    """"Immediately move your token to the Jail space. You will not receive money for passing
    GO" (the rules text, Go to Jail)."""
    game = new_state(_variant(write, "place me on space 2 of yellow"), 2, seed=1)
    assert game.positions[game.turn_player] == 5
    assert _moves(game.setup_events)[-1:] == [f"{game.texts.player(game.turn_player)} goes straight to $4M Yellow"]
    assert not any(e.kind in ("say", "counter") for e in game.setup_events)


def test_position_of_a_player_is_the_space_their_token_stands_on(write):
    start = "advance me 2 spaces\nif position of me is space 1 of blue:\n  say \"on blue\""
    game = new_state(_variant(write, start, hooks="  token_passes: |\n    say \"passes\"\n"), 2, seed=1)
    assert any(e.describe() == "on blue" for e in game.setup_events)


def test_hooks_that_ask_run_in_the_order_the_token_meets_the_spaces(write):
    """A landing that asks (buy or not) comes after every space passed, as at the table."""
    hooks = (
        "  token_passes: |\n    add 1 to passed of me\n"
        "  token_lands: |\n    choose word W from \"buy\", \"pass\", every answer\n    if W is \"buy\":\n      say \"bought\"\n"
    )
    game = new_state(_variant(write, "advance me 3 spaces", hooks=hooks), 2, seed=1)
    player = game.turn_player
    assert game.current_player == player
    assert game.player_counters["passed"][player] == 2  # passed before the question
    assert [a.arg for a in game.legal_actions()] == ["buy", "pass"]
    saved = json.loads(json.dumps(game.to_dict()))
    again = restore_state(game.variant, saved)
    assert [a.arg for a in again.legal_actions()] == ["buy", "pass"]
    events = again.apply(again.legal_actions()[0])
    assert any(e.describe() == "bought" for e in events)


def test_passing_hooks_that_ask_each_ask_in_turn(write):
    hooks = "  token_passes: |\n    choose word W from \"take\", \"leave\", every answer\n"
    game = new_state(_variant(write, "advance me 3 spaces", hooks=hooks), 2, seed=1)
    asked = 0
    while game.current_player == game.turn_player and game.legal_actions()[0].arg == "take":
        game.apply(game.legal_actions()[0])
        asked += 1
    assert asked == 2


def test_a_card_that_moves_a_token_is_followable(write):
    card = (
        "deck:\n  cards:\n    - id: zoom\n      name: Zoom\n      count: 1\n      text: Move 2.\n"
        "      timing: end_of_turn\n      effect: advance me 2 spaces\n"
    )
    variant = _variant(write, "say \"hi\"", extra=card)
    game = new_state(variant, 2, seed=1)
    assert card_is_followable(game, game.book.card_index["zoom"], game.turn_player)


def test_a_board_without_a_loop_has_no_advance_nor_position(write):
    problems = _problems(write, "advance me 3 spaces\nlet P = position of me", loop="  money: \"${}M\"\n",
                         hooks="  token_passes: |\n    say \"x\"\n")
    assert len(problems) == 2, problems
    assert all("this board has none" in p and "board: loop:" in p for p in problems)


def test_a_space_counter_is_read_of_a_space_and_never_of_a_player(write):
    problems = _problems(write, "add 1 to landed of me\nadd 1 to landed")
    assert any("whose landed" in p and "must be a property" in p for p in problems), problems
    assert any("'landed' is kept for each space" in p for p in problems), problems


def test_space_0_of_a_zone_is_refused_where_it_is_written(write):
    problems = _problems(write, "place me on space 0 of red")
    assert any("there is no space 0 of a zone" in p for p in problems), problems


def test_the_loop_names_spaces_of_the_board_once_each(write):
    loop = "  loop: [red_1, red_9, blue, reed_2]\n"
    problems = _problems(write, "say \"x\"", loop=loop)
    assert any("'red_9', which is not a space" in p for p in problems), problems
    assert any("'blue' has 5 spaces" in p and "'blue_1' to 'blue_5'" in p for p in problems), problems
    assert any("did you mean 'red_2'" in p for p in problems), problems
    assert all("v.yaml:3:" in p for p in problems), problems


def test_a_restored_game_refuses_a_token_off_the_loop_naming_the_field(write):
    game = new_state(_variant(write, "advance me 1 spaces"), 2, seed=1)
    data = game.to_dict()
    data["positions"][0] = 8
    with pytest.raises(RestoreError, match=r"positions\[0\]"):
        restore_state(game.variant, data)
    data["positions"][0] = 7
    data["player_counters"]["landed"] = [0] * 3
    with pytest.raises(RestoreError, match=r"player_counters\.landed"):
        restore_state(game.variant, data)


def test_a_zone_of_one_space_names_its_space_but_only_once(write):
    loop = (
        "  zones:\n    - {id: go, name: GO, colour: \"#ffffff\", values: [0]}\n"
        "  loop: [go, red_1, go_1]\n"
    )
    problems = _problems(write, "say \"x\"", loop=loop)
    assert any("passes the same space twice: 'go_1' is 'go'" in p for p in problems), problems
    loop = loop.replace(", go_1]", "]")
    game = new_state(_variant(write, "advance me to go", loop=loop), 2, seed=1)
    assert game.positions[game.turn_player] == 0
