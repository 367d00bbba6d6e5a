"""Open windows (issue 27, 2.5): every player may act, in turn, until all pass.

"Bidding will start at 10M ... You must raise the bid by at least 5M ... If no one wants to bid
on a Title Deed, the Title Deed stays with the Bank" (Monopoly Builder,
../shared/rules/monopoly-builder-2021.txt, Unowned Property). An auction, like a round of
deals, is a window: `take turns P among players until all pass:` gives each player the body
in turn, round and round, and closes once every one of them has passed in a row (`pass`)
since anyone last did something else. The engine still asks one decision at a time."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, VariantError, load_variant, new_game, restore

BASE = "winning-moves-2016"
AUCTION = """counters:
  bid: {each: game, reset: never, shown: "bids {}"}
  leading: {each: player, reset: never}
hooks:
  start_of_turn: |
    set bid to 0
    for each player Q:
      set leading of Q to 0
    take turns P among players until all pass:
      if leading of P = 1:
        pass
      else:
        choose word W from "raise" if bid < 5, "pass" by P, every answer
        if W is "raise":
          add 1 to bid
          for each player Q:
            set leading of Q to 0
          set leading of P to 1
        else:
          pass
    for each player Q where leading of Q = 1:
      say "sold"
"""


def _auction(write, text: str = AUCTION):
    return load_variant(write(f"extends: {BASE}\n{text}"))


def _answer(game, word: str) -> tuple[int, list]:
    player = game.current_player
    action = next(a for a in game.legal_actions() if a.arg == word)
    return player, game.apply(action)


def test_players_take_turns_in_order_until_every_one_has_passed_in_a_row(write):
    game = new_game(_auction(write), 3, seed=1)
    first = game.turn_player
    order = game.players_from(first)
    asked = []
    for word in ("raise", "raise", "pass", "raise", "pass", "pass"):
        player, events = _answer(game, word)
        asked.append(player)
    assert asked == [order[0], order[1], order[2], order[0], order[1], order[2]]
    # the leader's turn passes at once: three passes in a row close the window
    assert game.counters["bid"] == 3
    assert game.player_counters["leading"] == [int(p == order[0]) for p in range(3)]
    assert any(e.describe() == "sold" for e in events)
    assert any(e.kind == "pass" and e.data["player"] == order[0] for e in events)


def test_nobody_bidding_closes_the_window_after_one_round(write):
    """"If no one wants to bid on a Title Deed, the Title Deed stays with the Bank.\""""
    game = new_game(_auction(write), 3, seed=1)
    for _ in range(3):
        _, events = _answer(game, "pass")
    assert game.counters["bid"] == 0
    assert not any(e.describe() == "sold" for e in events)


def test_a_window_of_opponents_starts_after_me_and_leaves_me_out(write):
    text = AUCTION.replace("among players", "among opponents")
    game = new_game(_auction(write, text), 3, seed=1)
    order = game.players_from(game.turn_player)
    assert game.current_player == order[1]
    player, _ = _answer(game, "pass")
    assert game.current_player == order[2]


def test_the_game_says_where_a_window_opened_among_the_events_of_the_answer_that_opened_it(write):
    """What was said in a window begins where it opened: after the answer that led to it and
    what the program told before it ('the bidding opens'). The game tells it: the event
    "window", which names the window by its place in the stack (the question's Window.at),
    so nothing of the engine is kept for an interface alone (issue 45, 3)."""
    text = AUCTION.replace("    set bid to 0\n", '    choose word V from "open", "wait", every answer\n'
                                                 '    say "the bidding opens"\n    set bid to 0\n', 1)
    game = new_game(_auction(write, text), 3, seed=1)
    player, events = _answer(game, "open")
    window = game.question.window
    assert window is not None
    assert [(i, e.kind, e.data) for i, e in enumerate(events) if e.kind == "window"] == \
        [(2, "window", {"players": list(window.players), "at": window.at})]
    assert [e.describe() for e in events[:2]] == [f"{game.variant.seats[player].name} chooses open", "the bidding opens"]
    names = [game.variant.seats[p].name for p in window.players]
    assert events[2].describe() == f"{names[0]}, {names[1]} and {names[2]} take turns, {names[0]} first, until all pass"
    _, events = _answer(game, "raise")
    assert not [e for e in events if e.kind == "window"]  # a decision inside the window: no window opened in it


def test_a_window_saved_half_way_resumes_where_it_was_and_refuses_damage(write):
    game = new_game(_auction(write), 3, seed=1)
    _answer(game, "raise")
    _answer(game, "pass")
    data = json.loads(json.dumps(game.to_dict()))
    again = restore(game.variant, data)
    assert again.current_player == game.current_player
    assert [a.arg for a in again.legal_actions()] == [a.arg for a in game.legal_actions()]
    window = next(i for i, frame in enumerate(data["frames"]) if frame["t"] == "win")
    broken = json.loads(json.dumps(data))
    broken["frames"][window]["players"] = [0, 0, 1]
    with pytest.raises(RestoreError, match=rf"frames\[{window}\]\.players"):
        restore(game.variant, broken)
    broken = json.loads(json.dumps(data))
    broken["frames"][window]["passes"] = 9
    with pytest.raises(RestoreError, match=rf"frames\[{window}\]\.passes"):
        restore(game.variant, broken)


def test_at_most_k_turns_closes_the_window_whatever_is_said(write):
    text = AUCTION.replace("until all pass:", "until all pass, at most 2:")
    game = new_game(_auction(write, text), 3, seed=1)
    _answer(game, "raise")
    _, events = _answer(game, "raise")
    assert game.counters["bid"] == 2
    assert any(e.describe() == "sold" for e in events)


def test_pass_belongs_inside_a_window(write):
    with pytest.raises(VariantError) as raised:
        _auction(write, "hooks:\n  start_of_turn: |\n    pass\n")
    assert "'pass' is said inside 'take turns ... until all pass'" in str(raised.value)


def test_a_window_inside_a_card_is_costed_by_its_turns(write):
    """The check counts a window's body once for each turn it may last (MAX_WINDOW_TURNS, or
    its `at most K`), as it counts a repeat's rounds."""
    from engine.effects.cost import Sizes, program_work
    from engine.effects.parser import parse_effect

    long = parse_effect("take turns P among players until all pass:\n  pass\n")
    short = parse_effect("take turns P among players until all pass, at most 10:\n  pass\n")
    assert program_work(long.statements, Sizes()) > 50 * program_work(short.statements, Sizes())
