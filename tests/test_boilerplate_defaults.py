"""The boilerplate every game paid for goes (issue 47, 7): "a token for every seat in games
without a track; a discard pile for cards that are never discarded; a timing for cards that
are never offered; `end game … for me` where nobody ends it." Each is optional, with the
default docs/variants.md gives it, and `check --strict` says nothing of its absence."""

from __future__ import annotations

import random

from engine import load_variant
from engine.cli import main
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.snapshot import restore_state

PLAIN = """\
format: 1
name: Highest Card (test game)
description: Each player draws a card; when the pile is out, the most points win.
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
    - {id: green, name: Green, colour: "#27ae60"}
rules: {}
rule_kinds: {}
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  points: {each: player, reset: never}
piles:
  deck: {name: draw pile, each: game, seen_by: nobody}
  hand: {name: hand, each: player, seen_by: everyone}
setup: |
  shuffle deck
turn: |
  if (count card K in deck) = 0:
    end game
  draw 1
  add value of top card of hand of me to points of me
deck:
  name: Numbers
  cards:
    - {id: one, name: One, count: 4, text: One point., value: 1}
    - {id: two, name: Two, count: 4, text: Two points., value: 2}
"""
"""A complete game with no seat's token, no `timings`, no card's `timing`, no discard pile,
no `ends`, and an `end game` that names neither a way nor a player."""


def test_a_game_without_the_boilerplate_checks_clean_even_strictly(write, capsys):
    path = write(PLAIN)
    assert main(["check", "--strict", str(path)]) == 0, capsys.readouterr()
    assert "warning" not in capsys.readouterr().out


def test_a_seat_without_a_token_is_called_by_its_name():
    """docs/variants.md, 3.2: without `token`, a seat's token is its name."""
    variant = load_variant_text(PLAIN)
    assert [seat.token for seat in variant.seats] == ["Red", "Blue", "Green"]


def test_a_game_without_timings_or_a_discard_pile_plays_to_its_end_told_plainly():
    """Cards without `timing` are never offered; without a `discard` pile a card goes back
    where it started; `end game` alone ends the game for nobody in particular."""
    variant = load_variant_text(PLAIN)
    assert all(card.timing == "" for card in variant.cards)
    assert all(card.discard_to == "deck" for card in variant.cards)
    game = new_state(variant, players=2, seed=4)
    rng = random.Random(4)
    events = list(game.setup_events)
    while not game.is_over:
        events += game.apply(rng.choice(list(game.legal_actions())))
        assert broken_invariants(game) == []
    over = events[-1]
    assert over.kind == "game_over" and over.data["player"] is None
    assert over.describe() == "Game over"


_LOADED: dict[str, object] = {}


def load_variant_text(text: str):
    """The variant of `text`, loaded once from a file of its own."""
    import tempfile
    from pathlib import Path

    if text not in _LOADED:
        folder = Path(tempfile.mkdtemp(prefix="boilerplate"))
        (folder / "v.yaml").write_text(text, encoding="utf-8")
        _LOADED[text] = load_variant(folder / "v.yaml")
    return _LOADED[text]


def test_a_game_ended_naming_no_way_restores_and_a_forged_way_is_refused():
    """The reason of `end game` alone is "": restore takes it where a program says so, and
    refuses any reason the variant has not, naming the field."""
    import json

    import pytest

    from engine import RestoreError

    variant = load_variant_text(PLAIN)
    game = new_state(variant, players=2, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    data = json.loads(json.dumps(game.to_dict()))
    assert restore_state(variant, data).is_over
    data["end_reason"]["reason"] = "won"
    with pytest.raises(RestoreError, match="end_reason.reason"):
        restore_state(variant, data)


def test_a_game_with_dice_and_cards_without_a_timing_checks_without_a_traceback(write, capsys):
    """Can't Stop of tests/data (issue 47's proof): four dice and marker cards without a
    `timing`, and the check's look for a colour face no roll can build on read every card's
    timing as a key that must be there (KeyError: 'timing')."""
    rolled = PLAIN.replace("rules: {}", "dice:\n  d6: {faces: [1, 2, 3, 4, 5, 6]}\nrules: {}")
    rolled = rolled.replace("  draw 1\n", "  draw 1\n  roll d6 into N\n")
    path = write(rolled)
    assert main(["check", "--strict", str(path)]) == 0, capsys.readouterr()
    assert "warning" not in capsys.readouterr().out
