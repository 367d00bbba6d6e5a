"""The general words the language grew so that a whole game's procedure can be data (issue
12): counters kept for each player (`NAME of X`), division, `choose word` (yes-or-no and
"flip or cash out?" questions) and `repeat while`. What the checker says of each, and what
each does in a real game (a house rule of the 2016 game whose start-of-turn hook uses them)."""

from __future__ import annotations

from engine import load_variant, new_game
from engine.effects.check import EffectContext, check_program
from engine.effects.parser import parse_effect
from engine.resources import DEFAULT_VARIANT

ZONES = frozenset({"red", "blue", "yellow", "green"})
CONTEXT = EffectContext(
    ZONES, "end_of_turn", counters={"budget": frozenset({"after_roll"}), "tally": None}, per_player=frozenset({"tally"})
)


def messages(text: str, program: bool = False) -> list[str]:
    context = CONTEXT
    if program:
        context = EffectContext(ZONES, "turn", counters=CONTEXT.counters, per_player=CONTEXT.per_player, program=True)
    return [p.message for p in check_program(parse_effect(text), context)]


# ----- the checker ----------------------------------------------------------------------------


def test_a_counter_kept_for_each_player_is_named_with_its_player():
    assert messages("add 1 to tally of me\nif tally of me > 2: draw 1") == []
    assert messages("set tally of me to tally of me / 2", program=True) == []
    assert messages("if tally > 2: draw 1") == ["'tally' is kept for each player"]
    assert messages("add 1 to tally") == ["'tally' is kept for each player"]


def test_a_counter_of_the_whole_game_goes_without_of():
    assert messages("set budget of me to 3", program=True) == ["'budget' is one number for the whole game"]


def test_an_unknown_counter_is_named_once_with_the_known_ones():
    assert messages("add 1 to talley of me") == ["there is no counter 'talley'"]


def test_the_player_of_a_counter_must_be_a_player():
    assert messages("choose hotel P\nadd 1 to tally of P") == ["whose tally ('of ...') must be a player, but this is a property"]


def test_a_written_division_by_zero_is_refused():
    assert messages("draw 4 / 0") == ["this divides by 0"]
    assert messages("draw 4 / 2") == []


def test_choose_word_offers_each_word_once():
    assert messages('choose word W from "yes", "no"\nif W is "yes": draw 1') == []
    assert messages('choose word W from "yes", "yes"') == ["the same word is offered twice"]


def test_repeat_while_needs_a_test():
    assert messages("repeat while cards of me > 0:\n  discard 1") == []
    assert messages("repeat while cards of me:\n  discard 1") == [
        "what 'repeat while' tests must be a condition, but this is a number"
    ]


# ----- in play ----------------------------------------------------------------------------------

HOUSE_RULE = f"""
extends: {DEFAULT_VARIANT}
name: Tally
counters:
  tally: {{each: player, reset: never, shown: "has a tally of {{}}"}}
hooks:
  start_of_turn: |
    repeat while tally of me < 3:
      choose word W from "more", "enough"
      if W is "enough": stop
      add 7 / 2 to tally of me
"""


def game_with_tally(write):
    variant = load_variant(str(write(HOUSE_RULE)))
    game = new_game(variant, 2, seed=5)
    assert game.decision == "choose"
    return game


def words(game) -> list:
    return [action.arg for action in game.legal_actions()]


def test_choose_word_asks_for_one_of_its_words(write):
    game = game_with_tally(write)
    assert words(game) == ["more", "enough"] and game.current_player == game.turn_player


def test_repeat_while_stops_when_its_test_fails(write):
    """7 / 2 is 3 (division rounds down): after one 'more' the tally is 3, and the loop ends
    without asking again."""
    game = game_with_tally(write)
    player = game.turn_player
    events = game.apply({"kind": "choose", "arg": "more"})
    assert game.player_counters["tally"][player] == 3
    assert [e.data for e in events if e.kind == "counter"] == [{"player": player, "counter": "tally", "value": 3}]
    assert game.decision != "choose" or game.turn_player != player


def test_the_chosen_word_decides_what_follows(write):
    game = game_with_tally(write)
    player = game.turn_player
    game.apply({"kind": "choose", "arg": "enough"})
    assert game.player_counters["tally"][player] == 0 and game.decision != "choose"


def test_a_counter_of_each_player_survives_a_save(write):
    from engine import restore

    game = game_with_tally(write)
    player = game.turn_player
    game.apply({"kind": "choose", "arg": "more"})
    again = restore(game.variant, game.to_dict())
    assert again.player_counters["tally"][player] == 3 and again.to_dict() == game.to_dict()
