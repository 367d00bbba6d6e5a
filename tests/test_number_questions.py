"""A number question of any width (issue 44, section 1, item 3: "A person must be able to bid any
amount they can pay, at least 5M over the standing bid"): `choose number N from LOW to HIGH`
offers every whole number between, each made only when read, and `, or pass` offers the
window's pass beside them. Tested on a small auction written for the tests, in which each
player gains 2,000 each turn and bids any amount from 5 over the high bid up to all of it."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, load_variant
from engine.bots import make_bot
from engine.core.number_options import NumberOptions
from engine.effects.limits import LISTED_OPTIONS, MAX_CHOICES
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.messages import IllegalAction
from engine.game.observation import decide
from engine.game.snapshot import restore_state
from engine.variant.load import check_variant

BASE = "winning-moves-2016"
AUCTION = """counters:
  cash: {each: player, reset: never, money: true, shown: "has {} in cash"}
  high_bid: {each: game, reset: never}
  leading: {each: player, reset: never}
  raises: {each: game, reset: never}
hooks:
  start_of_turn: |
    set high_bid to 0
    for each player Q:
      add GAIN to cash of Q
      set leading of Q to 0
    take turns P among players from me until all pass, at most 50:
      if leading of P = 1:
        pass
      else:
        choose number B from high_bid + 5 to cash of P by P, or pass
        set high_bid to B
        add 1 to raises
        for each player Q:
          set leading of Q to 0
        set leading of P to 1
"""


def _auction(write, gain: int = 2000, text: str = AUCTION):
    return load_variant(write(f"extends: {BASE}\n{text.replace('GAIN', str(gain))}"))


def _asked(game):
    """The pending number question's options."""
    options = game.legal_actions()
    assert isinstance(options, NumberOptions), options
    return options


def test_a_number_question_offers_every_whole_number_from_low_to_high_then_the_pass(write):
    game = new_state(_auction(write), 2, seed=1)
    options = _asked(game)
    assert (options.low, options.high, len(options)) == (5, 2000, 1997)
    assert [o.arg for o in options[:3]] == [5, 6, 7] and options[1995].arg == 2000
    assert options[-1].arg == "pass" and options[-1].what == "word"
    assert options[1229].to_dict() == {"kind": "choose", "arg": 1234}
    assert options[1229] in options and options.index(options[1229]) == 1229
    assert broken_invariants(game) == []


def test_an_amount_of_money_is_told_in_the_variants_money_and_the_question_says_its_range(write):
    """Both bounds read money counters, so the numbers are amounts of money (`money: true`);
    one chosen with the pass beside it is a bid, and told as one (issue 46, 6)."""
    game = new_state(_auction(write), 2, seed=1)
    player = game.current_player
    decision = game.observation(player)["decision"]
    assert decision["numbers"] == {"from": 5, "to": 2000, "money": True}
    assert len(decision["options"]) == 1997 and decision["options"][-1] == {"kind": "choose", "arg": "pass"}
    json.dumps(decision)  # plain data
    assert "numbers" not in game.observation(1 - player)["decision"]  # not theirs to see
    events = game.apply({"kind": "choose", "arg": 40})
    assert f"{game.texts.players[player]} bids $40M" in [e.describe() for e in events]


def test_a_bot_is_shown_the_options_made_when_read_and_every_one_when_it_reads_them_whole(write):
    game = new_state(_auction(write), 2, seed=1)

    def look(observation):
        decision = observation["decision"]
        assert isinstance(decision["options"], NumberOptions) and decision["options"][35] == {"kind": "choose", "arg": 40}
        return observation.read_all()

    whole = decide(look, game, game.current_player)
    assert whole == game.observation(game.current_player)
    assert json.dumps(whole) == json.dumps(game.observation(game.current_player))


def test_any_amount_in_range_is_taken_and_nothing_else(write):
    game = new_state(_auction(write), 2, seed=1)
    for wrong in (4, 2001, True, "40", 40.0, None):
        with pytest.raises(IllegalAction):
            game.apply({"kind": "choose", "arg": wrong})
    bidder = game.current_player
    game.apply({"kind": "choose", "arg": 1234})
    assert game.counters["high_bid"] == 1234 and game.player_counters["leading"][bidder] == 1
    assert _asked(game).low == 1239  # 5 over the high bid
    assert broken_invariants(game) == []


def test_or_pass_passes_the_turn_in_the_window_and_the_rest_of_its_block_is_not_run(write):
    game = new_state(_auction(write), 3, seed=1)
    first = game.current_player
    game.apply({"kind": "choose", "arg": 10})
    second = game.current_player
    events = game.apply({"kind": "choose", "arg": "pass"})
    assert [e.data["player"] for e in events if e.kind == "pass"] == [second]
    assert not [e for e in events if e.kind == "choose"]  # the pass is told once, as the window's
    assert game.counters["raises"] == 1 and game.counters["high_bid"] == 10  # nothing after the question ran
    assert game.current_player not in (first, second)
    game.apply({"kind": "choose", "arg": "pass"})  # the third passes too: the leader's turn passes by itself
    assert game.counters["raises"] == 1 and game.player_counters["leading"][first] == 1
    assert not any(type(frame).__name__ == "WindowFrame" for frame in game.frames)
    assert broken_invariants(game) == []


def test_a_number_question_with_no_number_left_is_passed_at_once(write):
    """A bidder who cannot cover the least bid has only the pass: taken without asking."""
    game = new_state(_auction(write, gain=7), 2, seed=1)
    first = game.current_player
    events = game.apply({"kind": "choose", "arg": 7})  # all of it: the other's least bid would be 12, over their 7
    assert [e.data["player"] for e in events if e.kind == "pass"] == [1 - first, first]  # asked nothing
    assert not any(type(frame).__name__ == "WindowFrame" for frame in game.frames)
    assert game.player_counters["leading"][first] == 1 and game.counters["raises"] == 1
    assert broken_invariants(game) == []


def test_or_pass_is_said_only_inside_a_window(write):
    text = AUCTION.replace("        choose number B from high_bid + 5 to cash of P by P, or pass\n",
                           "        pass\n").replace("    set high_bid to 0\n",
                                                     "    choose number N from 1 to 3, or pass\n    set high_bid to 0\n")
    result = check_variant(write(f"extends: {BASE}\n{text.replace('GAIN', '9')}"))
    assert not result.ok
    found = [d for d in result.diagnostics if "'pass' is said inside 'take turns" in d.message]
    assert found and found[0].loc.line == 9, [str(d) for d in result.diagnostics]


def test_a_question_offers_at_most_max_choices_numbers(write):
    game = new_state(_auction(write, gain=MAX_CHOICES + 500), 2, seed=1)
    options = _asked(game)
    assert (options.low, options.high) == (5, 5 + MAX_CHOICES - 1)


def test_a_wide_question_is_saved_as_its_range_read_back_and_checked(write):
    """A snapshot lists LISTED_OPTIONS options at most: a wider number question is written as
    its range ("amounts": of money), then its pass; restored, it asks the same."""
    game = new_state(_auction(write, gain=5000), 2, seed=1)
    data = json.loads(json.dumps(game.to_dict()))
    assert len(_asked(game)) > LISTED_OPTIONS
    assert data["pending"]["options"] == [{"kind": "choose", "arg": [5, 5000], "what": "amounts"},
                                          {"kind": "choose", "arg": "pass", "what": "word"}]
    again = restore_state(game.variant, data)
    assert _asked(again) == _asked(game) and again.current_player == game.current_player
    assert _asked(again)[35].describe() == "choose $40M"
    for arg, field in (([5, 5001], "pending.options"), ([5, MAX_CHOICES + 5], r"pending.options\[0\].arg\[1\]"),
                       ([5], r"pending.options\[0\].arg"), (["5", 5000], r"pending.options\[0\].arg\[0\]")):
        broken = json.loads(json.dumps(data))
        broken["pending"]["options"][0]["arg"] = arg
        with pytest.raises(RestoreError, match=field):
            restore_state(game.variant, broken)
    broken = json.loads(json.dumps(data))
    broken["pending"]["options"].reverse()  # a range is the first option
    with pytest.raises(RestoreError, match=r"pending.options\[1\]"):
        restore_state(game.variant, broken)


def test_a_narrow_question_is_saved_option_by_option_as_before(write):
    game = new_state(_auction(write, gain=300), 2, seed=1)
    data = game.to_dict()
    listed = data["pending"]["options"]
    assert len(listed) == 297 and listed[0] == {"kind": "choose", "arg": 5, "what": "money"}
    assert _asked(restore_state(game.variant, json.loads(json.dumps(data)))) == _asked(game)


@pytest.mark.parametrize("spec", ["random", "greedy", "strong"])
def test_every_bot_bids_and_passes_in_a_wide_question(write, spec):
    """A bot weighs a few of the numbers (engine.bots.base.considered), and answers."""
    variant = _auction(write)
    game = new_state(variant, 2, seed=3)
    bots = [make_bot(spec, variant, seed=seat) for seat in range(2)]
    answers = []
    for _ in range(12):
        player = game.current_player
        if isinstance(game.legal_actions(), NumberOptions):
            action = decide(bots[player].choose, game, player)
            answers.append(action["arg"])
            game.apply(action)
        else:
            game.apply(game.legal_actions()[0])
    assert answers and all(a == "pass" or a >= 5 for a in answers)
    assert broken_invariants(game) == []
