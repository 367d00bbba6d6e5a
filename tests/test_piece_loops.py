"""for each piece: several pieces of one name, gone through one by one (issue 47, 5: "Neutral
pieces (markers that several players move) and one player's piece on a shared space were
needed. They were done as cards placed on steps"; the last note on tests/data/cant-stop.yaml:
"the three runners are written out one by one (no 'for each piece')", and its markers were
cards, so that each step they stood on changed hands and the log told "Blue takes 5 Column 8").

A piece of `pieces:` may say how many there are (`count`); their name is then a kind of thing,
`for each runner R`, and R one piece (docs/effects.md, "for each piece")."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, load_variant
from engine.bots import make_bot
from engine.effects.ast import ForEach
from engine.effects.cost import program_cost
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.messages import EVERYONE
from engine.game.snapshot import restore_state
from engine.variant.load import check_variant, effect_context
from test_pieces import _played, assert_refused, loaded

RUNNERS_AND_MARKERS = """\
extends: winning-moves-2016
name: Runners and Markers (test game)
description: Each turn a free runner goes where you choose, and one of your two markers follows.
pieces:
  runner: {name: white runner, each: game, count: 3}
  marker: {name: marker, each: player, count: 2}
counters:
  full: {each: game, reset: never}
hooks:
  start_of_turn: |
    choose property P where (count runner R in P) = 0
    for each runner R where R is off:
      move R to P
      stop loop
    for each marker M where owner of M is me and M is off:
      move M to P
      stop loop
    if (count runner R where R is off) = 0:
      add 1 to full
      for each runner R:
        move R off
    for each marker M in zone of P where owner of M is me and space of M is not P:
      move M off
"""
"""Three runners of the table and two markers of each player, all moved by loops."""


@pytest.fixture(scope="module")
def variant(tmp_path_factory):
    return loaded(tmp_path_factory, RUNNERS_AND_MARKERS)


def test_several_pieces_of_one_name_stand_apart_and_start_off_the_board(variant):
    """`count: 3` of the table is three places; `count: 2` of each player two for each, a
    player's together."""
    game = new_state(variant, 3, seed=1)
    assert game.pieces == {"runner": [-1] * 3, "marker": [-1] * 6}
    assert game.observation(0)["pieces"]["marker"] == [None] * 6


def test_for_each_runner_moves_each_runner_one_by_one_and_the_log_tells_it(variant):
    """Three turns put the three runners on three spaces, one a turn (the loop stops at the
    first free one); the third turn then takes all three off, and the fourth starts again."""
    game, events = _played(variant, 2, 2, 200)
    moved = [e for e in events if e.kind == "piece" and e.data["piece"] == "runner"]
    assert [e.data["to"] is None for e in moved[:7]] == [False, False, False, True, True, True, False]
    assert len({e.data["to"] for e in moved[:3]}) == 3 and moved[6].data["from"] is None
    first = moved[0]
    assert first.describe(EVERYONE) == (f"{game.texts.player(first.data['player'])} moves the white runner to "
                                        f"{game.texts.properties[first.data['to']]}")
    assert moved[3].describe(EVERYONE).endswith("takes the white runner off the board")
    assert game.counters["full"] >= 1


def test_a_players_pieces_are_their_own_and_told_as_theirs(variant):
    """`owner of M is me` picks the player's own markers: each player's move puts their own,
    the first of the two that is off, and the log says 'their marker'."""
    game, events = _played(variant, 2, 3, 2)
    markers = [e for e in events if e.kind == "piece" and e.data["piece"] == "marker"]
    assert [e.data["owner"] for e in markers] == [e.data["player"] for e in markers]
    assert all(e.describe(EVERYONE).endswith(f"moves their marker to {game.texts.properties[e.data['to']]}")
               for e in markers)
    for e in markers:  # the first of the player's two places
        assert game.pieces["marker"][e.data["owner"] * 2] == e.data["to"]


def _paused_in_a_loop(tmp_path):
    """The game of RUNNERS_AND_MARKERS whose loop over the free runners asks where each goes,
    paused at the loop's first question: the variant, the game and its save."""
    text = RUNNERS_AND_MARKERS.replace(
        "    for each runner R where R is off:\n      move R to P\n      stop loop\n",
        "    for each runner R where R is off:\n      choose property Q where Q is not P\n      move R to Q\n")
    path = tmp_path / "asks.yaml"
    path.write_text(text, encoding="utf-8")
    asks = load_variant(path)
    game = new_state(asks, 2, seed=5)
    game.apply(game.legal_actions()[0])  # where P is; the loop's first question is next
    return asks, game, json.loads(json.dumps(game.to_dict()))


def test_a_game_paused_inside_a_loop_over_pieces_saves_and_restores(variant, tmp_path):
    """A loop's pieces and its variable are saved as they are ("runner#0") and read back;
    the game goes on the same."""
    asks, game, data = _paused_in_a_loop(tmp_path)
    loops = [f for f in data["frames"] if f.get("t") == "loop"]
    assert loops and loops[0]["items"] == ["runner#0", "runner#1", "runner#2"]
    again = restore_state(asks, data)
    assert broken_invariants(again) == []
    for copy in (game, again):
        for _ in range(3):
            copy.apply(copy.legal_actions()[-1])
    assert again.pieces == game.pieces and again.to_dict() == game.to_dict()


@pytest.mark.parametrize("damage, message", [
    ("runner#3", "must be one of the game's pieces"),
    ("robber#0", "must be one of the game's pieces"),
    ("runner#x", "must be one of the game's pieces"),
    (3, "must be one of the game's pieces"),
])
def test_a_damaged_piece_in_a_saved_loop_is_refused(variant, tmp_path, damage, message):
    asks, _, data = _paused_in_a_loop(tmp_path)
    loop = next(f for f in data["frames"] if f.get("t") == "loop")
    loop["items"][1] = damage
    with pytest.raises(RestoreError) as refused:
        restore_state(asks, data)
    assert "items[1]" in str(refused.value) and message in str(refused.value), str(refused.value)


def test_a_damaged_count_of_pieces_in_a_save_is_refused(variant):
    game, _ = _played(variant, 3, 4, 5)
    data = json.loads(json.dumps(game.to_dict()))
    data["pieces"]["marker"].pop()
    with pytest.raises(RestoreError) as refused:
        restore_state(variant, data)
    assert "pieces.marker" in str(refused.value) and "must have 6 entries" in str(refused.value)


@pytest.mark.parametrize("effect, message", [
    ("move runner to space 1 of red", "the table has 3 pieces 'runner', so 'runner' is not one space"),
    ("if runner is space 1 of red:\n      say \"here\"", "the table has 3 pieces 'runner'"),
    ("if marker of me is space 1 of red:\n      say \"here\"", "each player has 2 pieces 'marker'"),
    ("choose runner R\n    move R off", "a piece is not chosen"),
    ("for each runner R:\n      if value of R > 2:\n        move R off", "a piece has no value"),
    ("for each runner R:\n      move R of me off", "'R' is one piece already"),
    ("for each runner R:\n      if R is space 1 of red:\n        stop", "'is' compares things of one kind"),
    ("for each runner R in me:\n      stop", "what follows 'in' (the zone or the space they stand on) must be a zone or"),
    ("for each runner R:\n      say \"{R}\"", "a text shows a player, a card, a space"),
    ("if (largest group runner R) > 1:\n      stop", "a group is of spaces next to one another"),
    ("if me is off:\n      stop", "what is called 'off' must be a piece"),
])
def test_the_check_names_a_piece_of_several_used_wrongly(write, effect, message):
    assert_refused(write, RUNNERS_AND_MARKERS, effect, message)


def test_every_piece_is_a_kind_too(write):
    """`piece` is every piece of every name: counted on a space, moved off in one loop."""
    text = RUNNERS_AND_MARKERS.split("hooks:")[0] + (
        "hooks:\n  start_of_turn: |\n    for each piece R:\n      move R to space 1 of red\n"
        "    if (count piece R in space 1 of red) = 9:\n      add 1 to full\n")
    result = check_variant(write(text))
    assert result.ok, [str(d) for d in result.diagnostics]
    game = new_state(result.variant, 3, seed=1)  # the first turn has started
    first = game.variant.zones[0].properties[0]
    assert game.pieces == {"runner": [first] * 3, "marker": [first] * 6} and game.counters["full"] == 1


def test_a_loop_over_pieces_costs_the_pieces_it_can_go_through(write):
    """The check counts `for each runner R` as 3 rounds, `for each piece R` as every piece
    at the largest player count (3 + 2 x 8), not a board's spaces or the game's cards."""
    sizes = effect_context(write(RUNNERS_AND_MARKERS), "turn").sizes
    assert sizes.over("runner", None) == 3 and sizes.over("marker", None) == 2 * sizes.players
    assert sizes.over("piece", None) == 3 + 2 * sizes.players
    body = ForEach(line=1, col=1, kind="runner", var="R", zone=None, where=None, body=())
    assert program_cost((body,), sizes) == 1 + 3 * 1 + 1


@pytest.mark.parametrize("bot", ["greedy", "strong:iterations=10"])
def test_the_bots_look_ahead_through_loops_over_pieces(variant, bot):
    """A bot's look-ahead moves the pieces of a loop on its copies only: the game it plays
    keeps its invariants, and its pieces move only by the moves played."""
    game = new_state(variant, 3, seed=6)
    players = [make_bot(spec, variant, seed=seat) for seat, spec in enumerate(("random", bot, bot))]
    while not game.is_over and game.turn_number < 30:
        player = game.current_player
        before = {name: list(places) for name, places in game.pieces.items()}
        events = game.apply(players[player].choose(game.observation(player)))
        told = {(e.data["piece"]) for e in events if e.kind == "piece"}
        for name in game.pieces:
            if name not in told:
                assert game.pieces[name] == before[name]
        assert broken_invariants(game) == []


@pytest.mark.parametrize("name, taken", [("piece", "kind of thing (every piece)"), ("hotel", "kind of space")])
def test_a_piece_named_like_a_kind_is_refused(write, name, taken):
    """A piece's name is a kind of thing (`for each runner R`): it may not be `piece` (every
    piece) nor a kind of space the variant names, which the loop would read instead."""
    text = RUNNERS_AND_MARKERS.replace("  runner: {name: white runner", f"  {name}: {{name: white runner")
    result = check_variant(write(text.split("hooks:")[0]))
    assert any(f"'{name}' is already the name of a {taken}" in d.message for d in result.diagnostics), \
        [d.message for d in result.diagnostics]
