"""Who plays next, said outside the set-up (issue 27, 2.10): `next turn PLAYER`.

"If you roll doubles, you will get to roll the dice again and take another turn" (Monopoly
Builder, ../shared/rules/monopoly-builder-2021.txt, Rolling the Dice); in Love Letter the
winner of a round starts the next. The turn that is playing stays its player's; when it ends,
the named player's turn is next, and the turns go on in order from them."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, load_variant
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state

BASE = "winning-moves-2016"


def _variant(write, hooks: str, setup: str = ""):
    text = f"extends: {BASE}\nhooks:\n{hooks}"
    if setup:
        text += f"setup: |\n{setup}"
    return load_variant(write(text))


def _turns(game, count: int) -> list[int]:
    """The players of the next `count` turns, playing each with its first option."""
    players = []
    while len(players) < count and not game.is_over:
        number = game.turn_number
        players.append(game.turn_player)
        while game.turn_number == number and not game.is_over:
            game.apply(game.legal_actions()[0])
    return players


def test_next_turn_me_gives_the_player_another_turn(write):
    """"If you roll doubles, you will get to roll the dice again and take another turn."""
    game = new_state(_variant(write, "  end_of_turn: |\n    next turn me\n"), 3, seed=2)
    first = game.turn_player
    assert _turns(game, 3) == [first, first, first]


def test_without_next_turn_the_turns_follow_the_order(write):
    game = new_state(_variant(write, "  end_of_turn: |\n    say \"done\"\n"), 3, seed=2)
    order, at = game.order, game.turn_pos
    assert _turns(game, 4) == [order[(at + i) % 3] for i in range(4)]


def test_a_round_winner_starts_the_next_and_the_order_goes_on_from_them(write):
    """Love Letter: the winner of a round starts the next. Here the last seat is named at the
    end of the first turn; then the seats follow in order from it."""
    counters = "counters:\n  named: {each: game, reset: never}\n"
    text = (
        f"extends: {BASE}\n{counters}hooks:\n  end_of_turn: |\n    if named = 0:\n      set named to 1\n"
        "      for each player P where (count player Q where Q is P) = 1 and P is not me:\n"
        "        next turn P\n"
    )
    game = new_state(load_variant(write(text)), 3, seed=2)
    first = game.turn_player
    order = list(game.order)
    events = []
    players = []
    while len(players) < 4:
        number = game.turn_number
        players.append(game.turn_player)
        while game.turn_number == number:
            events += game.apply(game.legal_actions()[0])
    last_named = [e.data["player"] for e in events if e.kind == "next_turn"][-1]
    assert players[0] == first
    assert players[1] == last_named  # the last one said wins
    at = order.index(last_named)
    assert players[2:] == [order[(at + 1) % 3], order[(at + 2) % 3]]
    assert any(e.describe() == f"{game.texts.player(last_named)} plays next" for e in events)


def test_next_turn_in_the_setup_names_the_first_player(write):
    variant = _variant(write, "  start_of_turn: |\n    say \"go\"\n",
                       setup="  draw rule starting_hand for me\n  for each opponent O:\n    draw rule starting_hand for O\n"
                             "  for each player P where P is not me:\n    next turn P\n")
    game = new_state(variant, 3, seed=1)
    said = [e.data["player"] for e in game.setup_events if e.kind == "next_turn"]
    assert said and game.turn_player == said[-1]


def test_a_saved_game_keeps_who_plays_next_and_refuses_a_stranger(write):
    hooks = "  start_of_turn: |\n    next turn me\n"
    game = new_state(_variant(write, hooks), 2, seed=1)
    assert game.next_player == game.turn_player
    data = json.loads(json.dumps(game.to_dict()))
    again = restore_state(game.variant, data)
    assert _turns(again, 2) == [game.turn_player] * 2
    data["next_player"] = 2
    with pytest.raises(RestoreError, match="next_player"):
        restore_state(game.variant, data)
