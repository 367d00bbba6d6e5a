"""Players out of the round (issue 47, item 6).

"Skipping them took flag counters plus `next turn`. A `next turn next player after me` form
was tried and refused with 'unexpected 'player''" (issue 47, 6). `drop X` puts a player out of
the round: the turns pass them by until `rejoin X`; `X is playing` asks, and `next player
after X` is the next in turn order still playing (docs/rulings.md, 83).
"""

from __future__ import annotations

import json

import pytest

from engine.game.game_state import new_state
from engine.game.snapshot import RestoreError, game_to_dict, restore_state
from engine.variant.load import check_variant
from test_check_bad_input import EXTENDS, assert_at, only


def dropping(at: int, then: str) -> str:
    """A variant whose turn number `at` drops the player after its own, then does `then`
    (program lines) at the start of every turn."""
    return EXTENDS + f"""counters:
  rounds: {{each: game, reset: never}}
hooks:
  start_of_turn: |
    add 1 to rounds
    if rounds = {at}:
      drop next player after me
{then}"""


ROUND = dropping(2, "    if rounds = 8:\n      for each player X where X is not playing:\n        rejoin X\n")


def checked(path):
    result = check_variant(path)
    assert result.ok, "\n".join(map(str, result.diagnostics))
    return result.variant


def turns_played(game, count: int) -> list[int]:
    """Whose turn each of the next `count` turns is, ending each turn at once."""
    players = []
    while len(players) < count and not game.is_over:
        before = game.turn_number
        events = game.apply(game.legal_actions()[0])
        players += [e.data["player"] for e in events if e.kind == "turn" and game.turn_number > before]
    return players


def test_a_dropped_player_is_passed_by_until_they_rejoin(write):
    """Before: `drop` and `next player after` were refused ("unexpected 'player'")."""
    game = new_state(checked(write(ROUND)), 3, seed=1)
    order = game.players_from(game.turn_player)
    assert game.turn_number == 1
    seen = turns_played(game, 9)
    out = order[2]  # the second turn's player drops the one after them
    assert seen[:6] == [order[1], order[0], order[1], order[0], order[1], order[0]]
    assert out not in seen[:6] and out in seen[6:]


def test_next_turn_to_the_next_player_still_playing(write):
    """The form an author tried: `next turn next player after me`."""
    game = new_state(checked(write(dropping(1, "    next turn next player after me\n"))), 3, seed=1)
    order = game.players_from(game.turn_player)
    assert game.dropped == {order[1]}
    assert turns_played(game, 4) == [order[2], order[0], order[2], order[0]]


def test_nobody_left_playing_leaves_the_turns_as_they_are(write):
    """Every player dropped: the turns go on in order (docs/rulings.md, 83), nobody is skipped."""
    text = EXTENDS + "hooks:\n  start_of_turn: |\n    for each player X:\n      drop X\n"
    game = new_state(checked(write(text)), 3, seed=1)
    first = game.turn_player
    assert turns_played(game, 3) == game.players_from(first)[1:] + [first]


def test_who_is_out_of_the_round_survives_a_save_and_a_damaged_one_is_refused(write):
    variant = checked(write(ROUND))
    game = new_state(variant, 3, seed=1)
    turns_played(game, 2)
    assert len(game.dropped) == 1
    data = json.loads(json.dumps(game_to_dict(game)))
    assert restore_state(variant, data).dropped == game.dropped
    data["dropped"] = [data["dropped"][0]] * 2
    with pytest.raises(RestoreError, match="dropped"):
        restore_state(variant, data)


def test_a_game_that_drops_nobody_saves_as_before(write):
    """The field is written only when someone is out: saves, and the pinned games, unchanged."""
    game = new_state(checked(write(EXTENDS)), 3, seed=1)
    data = game_to_dict(game)
    assert "dropped" not in data
    assert restore_state(game.variant, json.loads(json.dumps(data))).dropped == set()


def test_drop_wants_a_player_located(write):
    path = write(EXTENDS + "hooks:\n  start_of_turn: |\n    drop red\n")
    assert_at(only(path), "v.yaml", 4, 10, "who drops out must be a player, but this is a zone")


def test_a_player_back_in_the_round_is_not_told_as_playing_again(write):
    """'Blue plays again' is what the log says of another turn for doubles (a next turn to the
    same player); a player who rejoins is back in the round, and it may not be their turn at
    all (the Love Letter of tests/data, issue 47's proof: 'Blue plays again' came at the deal
    of a new round that Red started)."""
    game = new_state(checked(write(ROUND)), 3, seed=1)
    told = []
    while len(told) < 2 and not game.is_over:
        for event in game.apply(game.legal_actions()[0]):
            if event.kind in ("dropped", "rejoined"):
                told.append(event.describe())
    out = told[0].split(" ")[0]
    assert told == [f"{out} is out of the round: their turns are passed by", f"{out} is back in the round"]
