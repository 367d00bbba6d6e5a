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

SEATS = """\
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
    - {id: green, name: Green, colour: "#27ae60"}
"""
"""Three seats without tokens, of a game without units."""

PLAIN = """\
format: 1
name: Highest Card (test game)
description: Each player draws a card; when the pile is out, the most points win.
""" + SEATS + """\
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


DICE_ONLY = """\
format: 1
name: Hold or Roll (test game)
description: Roll a die as often as you dare; a 1 loses the turn's points.
""" + SEATS + """\
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  points: {each: player, reset: never, shown: "has {} points"}
  pot: {each: game, reset: never}
dice:
  die: {faces: [1, 2, 3, 4, 5, 6]}
setup: |
  say "Twenty points win."
turn: |
  set pot to 0
  repeat 20 times, at most 20:
    roll die into A
    if A = 1:
      set pot to 0
      stop loop
    add A to pot
    choose word W from "roll again", "hold"
    if W is "hold":
      stop loop
  add pot to points of me
  if points of me >= 20:
    end game
"""
"""A dice game (Pig, written for the test) with no cards, no piles, no board and no rules:
no `deck`, `piles`, `board`, `rules` or `rule_kinds` (issue 47, 7)."""


def test_a_game_without_cards_or_rules_needs_no_deck_piles_or_rules_even_strictly(write, capsys):
    """Issue 47, 7: a game without cards had to write `deck: {name: ..., cards: []}` and a
    pile, and one without rules `rules: {}` and `rule_kinds: {}`. docs/variants.md, 3.6, 3.8,
    3.5: each is left out, and `check --strict` says nothing of it."""
    path = write(DICE_ONLY)
    assert main(["check", "--strict", str(path)]) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert "warning" not in out and "error" not in out, out
    variant = load_variant_text(DICE_ONLY)
    assert variant.cards == () and variant.piles == () and variant.properties == () and not dict(variant.rules)


def test_a_game_without_cards_board_or_rules_plays_to_its_end_by_every_bot():
    from engine.bots import make_bot

    variant = load_variant_text(DICE_ONLY)
    for players in (2, 3):
        game = new_state(variant, players, seed=players)
        bots = [make_bot(spec, variant, seed=seat) for seat, spec in enumerate(("random", "greedy", "strong:iterations=10"))]
        while not game.is_over and game.turn_number < 200:
            player = game.current_player
            game.apply(bots[player].choose(game.observation(player)))
            assert broken_invariants(game) == []
        assert game.is_over


def test_a_setting_for_a_game_without_rules_is_refused_with_a_message(write):
    """A game that leaves `rules` out has none to set from outside (a sweep's `rules.X`): a
    located problem, not a crash."""
    from engine.variant.load import check_variant
    from engine.variant.overrides import Setting

    result = check_variant(write(DICE_ONLY), (Setting("rules.cards_per_turn", 2),))
    assert not result.ok
    assert any("cards_per_turn" in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]


def test_a_game_without_cards_or_board_shows_no_cards_and_no_board_at_80x24(tmp_path):
    """Issue 47, 7 and 9 ("Panels show '0 cards'"): the screens of a game without cards and
    without a board say nothing of cards (no cards key, no section of the help, no '0
    cards') and draw no board box."""
    import sys
    from pathlib import Path

    import pytest

    pytest.importorskip("textual")
    sys.path.insert(0, str(Path(__file__).parent))
    from test_hostile_text import screen_text
    from tui.screens.dialogs import TextScreen
    from tui.widgets import BoardView, TrackView
    from tui_helpers import headless, shown_at, wait_for

    path = tmp_path / "dice.yaml"
    path.write_text(DICE_ONLY, encoding="utf-8")
    session = headless((None, "greedy"), 1, stop=lambda s: bool(s.view().actions), name=str(path))

    async def look(app, pilot):
        seen = {"game": screen_text(app), "boards": [app.screen.query_one(kind).display for kind in (BoardView, TrackView)]}
        await pilot.press("c")
        await pilot.pause()
        seen["after c"] = type(app.screen).__name__
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, TextScreen) or type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        seen["help"] = screen_text(app)
        return seen

    seen = shown_at(session, look)
    assert "Roll again" in seen["game"] and "Cards" not in seen["game"] and "0 cards" not in seen["game"]
    assert seen["boards"] == [False, False]
    assert seen["after c"] == "GameScreen"
    assert "Dice" in seen["help"] and "The cards" not in seen["help"] and "0 cards" not in seen["help"]


def test_the_help_of_a_game_without_cards_has_no_cards_section_and_no_cards_key():
    """Issue 47, 7 and 9: no "The cards (0 cards)" and no key for a cards dialog."""
    from tui.helptext import help_markdown

    text = help_markdown(load_variant_text(DICE_ONLY), 2)
    assert "cards" not in text.casefold(), text


def test_a_game_with_dice_and_cards_without_a_timing_checks_without_a_traceback(write, capsys):
    """Can't Stop of tests/data (issue 47's proof): four dice and marker cards without a
    `timing`, and the check's look for a colour face no roll can build on read every card's
    timing as a key that must be there (KeyError: 'timing')."""
    rolled = PLAIN.replace("rules: {}", "dice:\n  d6: {faces: [1, 2, 3, 4, 5, 6]}\nrules: {}")
    rolled = rolled.replace("  draw 1\n", "  draw 1\n  roll d6 into N\n")
    path = write(rolled)
    assert main(["check", "--strict", str(path)]) == 0, capsys.readouterr()
    assert "warning" not in capsys.readouterr().out
