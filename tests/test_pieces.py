"""Pieces that are neither a player's units nor cards (issue 47, 5): "Neutral pieces (markers
that several players move) and one player's piece on a shared space were needed. They were done
as cards placed on steps, and as a trail of units on every step below a marker." A variant
declares them under `pieces:` (docs/variants.md, 3.16); `move PIECE [of X] to SPACE | off` moves
them and `PIECE`, `PIECE of X` read where they stand (docs/effects.md, "move PIECE")."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import RestoreError, load_variant
from engine.bots import make_bot
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.messages import EVERYONE
from engine.game.snapshot import restore_state
from engine.variant.load import check_variant

ROBBER_AND_PAWNS = """\
extends: winning-moves-2016
name: Robber and Pawns (test game)
description: Each turn the robber goes where you choose, and your pawn follows it.
pieces:
  robber: {name: robber, each: game}
  pawn: {each: player}
counters:
  met: {each: player, reset: never, shown: "has met another pawn {} times"}
hooks:
  start_of_turn: |
    choose property P where P is not robber
    move robber to P
    move pawn of me to P
    if (count player X where pawn of X is P) > 1:
      add 1 to met of me
    if value of robber > 4:
      move robber off
"""
"""A neutral robber every player moves, and a pawn of each player that may share a space."""


@pytest.fixture(scope="module")
def variant(tmp_path_factory):
    return loaded(tmp_path_factory, ROBBER_AND_PAWNS)


def loaded(tmp_path_factory, text: str):
    """A variant written for a test module, loaded once."""
    path = tmp_path_factory.mktemp("pieces") / "test-game.yaml"
    path.write_text(text, encoding="utf-8")
    return load_variant(path)


def _played(variant, players: int, seed: int, actions: int):
    game = new_state(variant, players, seed=seed)
    rnd = random.Random(seed)
    events = list(game.setup_events)
    for _ in range(actions):
        if game.is_over:
            break
        events += game.apply(rnd.choice(list(game.legal_actions())))
    return game, events


def test_a_neutral_piece_is_moved_by_every_player_and_told_so(variant):
    game, events = _played(variant, 2, 1, 60)
    moved = [e for e in events if e.kind == "piece" and e.data["piece"] == "robber"]
    assert {e.data["player"] for e in moved} == {0, 1}
    first = moved[0]
    assert first.data["owner"] is None and first.data["from"] is None
    mover, to = game.texts.player(first.data["player"]), game.texts.properties[first.data["to"]]
    assert first.describe(EVERYONE) == f"{mover} moves the robber to {to}"
    pawn = next(e for e in events if e.kind == "piece" and e.data["piece"] == "pawn")
    assert pawn.describe(EVERYONE).startswith(f"{game.texts.player(pawn.data['player'])} moves their pawn to ")


def test_where_the_pieces_stand_is_in_every_observation(variant):
    game, _ = _played(variant, 3, 2, 30)
    seen = game.observation(1)["pieces"]
    assert set(seen) == {"robber", "pawn"} and len(seen["robber"]) == 1 and len(seen["pawn"]) == 3
    assert seen == game.public_observation()["pieces"]
    assert seen["pawn"] == [None if p < 0 else p for p in game.pieces["pawn"]]


def test_pawns_share_a_space_and_are_counted_there(variant):
    """Every pawn follows the robber onto the space chosen: a player whose pawn joins another's
    meets it, counted with `count player X where pawn of X is P`."""
    game = new_state(variant, 2, seed=3)
    me = game.current_player
    other = 1 - me
    assert game.decision == "choose"  # the start of the turn's space for the robber
    game.pieces["pawn"][other] = 4
    game.apply(next(a for a in game.legal_actions() if a.arg == 4))
    assert game.pieces["pawn"] == [4, 4]
    assert game.player_counters["met"][me] == 1 and game.player_counters["met"][other] == 0


def test_a_piece_off_the_board_reads_as_nothing(variant):
    game = new_state(variant, 2, seed=5)
    assert game.pieces == {"robber": [-1], "pawn": [-1, -1]}
    assert game.observation(0)["pieces"] == {"robber": [None], "pawn": [None, None]}


def test_a_game_with_pieces_saves_and_restores_them(variant):
    game, _ = _played(variant, 3, 4, 25)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["pieces"] == game.pieces
    again = restore_state(variant, data)
    assert again.pieces == game.pieces and broken_invariants(again) == []


@pytest.mark.parametrize("change, field, message", [
    (lambda p: p["pawn"].__setitem__(1, 999), "pieces.pawn[1]", "must be a whole number from -1 to"),
    (lambda p: p["pawn"].pop(), "pieces.pawn", "must have 3 entries"),
    (lambda p: p.pop("robber"), "pieces", "the field 'robber' is missing"),
    (lambda p: p.__setitem__("thief", [1]), "pieces.thief", "is not a field of a saved game here"),
])
def test_a_damaged_piece_in_a_save_is_refused_naming_the_field(variant, change, field, message):
    game, _ = _played(variant, 3, 4, 25)
    data = json.loads(json.dumps(game.to_dict()))
    change(data["pieces"])
    with pytest.raises(RestoreError) as refused:
        restore_state(variant, data)
    assert field in str(refused.value) and message in str(refused.value), str(refused.value)


def test_a_game_without_pieces_saves_as_before():
    """The snapshot of a game without pieces has no `pieces` field (the bundled games' saves
    and pinned snapshots are unchanged), and reads back."""
    variant = load_variant("winning-moves-2016")
    game = new_state(variant, 2, seed=1)
    data = json.loads(json.dumps(game.to_dict()))
    assert "pieces" not in data and "pieces" not in data["pending"]
    assert restore_state(variant, data).pieces == {}


@pytest.mark.parametrize("effect, message", [
    ("move thief to space 1 of red", "there is no piece 'thief'"),
    ("move pawn to space 1 of red", "each player has a 'pawn'"),
    ("move robber of me to space 1 of red", "'robber' is one piece for the whole table"),
    ("if pawn is space 1 of red:\n      say \"here\"", "each player has a 'pawn'"),
    ("move pawn of me to red", "where the piece goes ('to ...') must be a property"),
])
def test_the_check_names_a_piece_used_wrongly(write, effect, message):
    assert_refused(write, ROBBER_AND_PAWNS, effect, message)


def assert_refused(write, variant: str, effect: str, message: str) -> None:
    """The variant's pieces with `effect` for its start of turn is refused, with `message`."""
    text = variant.split("hooks:")[0] + f"hooks:\n  start_of_turn: |\n    {effect}\n"
    result = check_variant(write(text))
    assert not result.ok
    assert any(message in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]


def test_a_piece_named_like_a_counter_is_refused(write):
    text = ROBBER_AND_PAWNS.replace("  robber: {name: robber, each: game}", "  met: {each: game}")
    result = check_variant(write(text))
    assert any("'met' is already the name of a counter" in d.message for d in result.diagnostics)


def test_the_bots_play_a_game_with_pieces_to_its_end(variant):
    game = new_state(variant, 3, seed=6)
    players = [make_bot(spec, variant, seed=seat) for seat, spec in enumerate(("random", "greedy", "strong:iterations=10"))]
    while not game.is_over and game.turn_number < 60:
        player = game.current_player
        game.apply(players[player].choose(game.observation(player)))
        assert broken_invariants(game) == []


# ----- the screens: every board view draws the pieces (issue 47, 5 and 9) -----------------------

DRAWN = """\
extends: {base}
name: Pieces on {base} (test game)
pieces:
  robber: {{name: robber, each: game}}
  ram: {{name: ram, each: game}}
  pawn: {{each: player}}
hooks:
  start_of_turn: |
    move robber to space 1 of {first}
    move pawn of me to space 1 of {second}
"""
"""A robber and a pawn of each player moved at the start of every turn onto the first space
of two zones, and a ram that stays off the board, on a bundled game (or a test game) of each
kind of board."""

BOARDS = {
    "monopoly-chance": "towers",
    "winning-moves-2016": "towers and a track",
    "monopoly-builder": "a loop, with the island's grid",
    "column-board.yaml": "lanes",
}


def _pieces_game(tmp_path, base: str) -> str:
    """The game of DRAWN on `base`, written beside it (a variant extends files of its own
    folder), on the first and the last zone of its board."""
    import shutil
    from pathlib import Path

    if base.endswith(".yaml"):
        shutil.copy(Path(__file__).parent / "data" / base, tmp_path / base)
    zones = load_variant(tmp_path / base if base.endswith(".yaml") else base).zones
    on_board = [zone for zone in zones if zone.properties]
    path = tmp_path / "pieces.yaml"
    path.write_text(DRAWN.format(base=base, first=on_board[0].id, second=on_board[-1].id), encoding="utf-8")
    return str(path)


def _drawn_cells(app) -> tuple[dict[int, list[str]], list[str]]:
    """What each space's cells show on the board as drawn (whichever view draws it: the
    towers, the loop and its grids, the lanes), and every line the board views drew."""
    from tui.widgets import BoardView, TrackView

    board, track = app.screen.query_one(BoardView), app.screen.query_one(TrackView)
    cells: dict[int, list[str]] = {}
    lines: list[str] = []
    for widget in (board, track):
        if not widget.display:
            continue
        drawn = widget.render().plain.splitlines()
        lines += drawn
        if widget is board and not board._cells:  # towers: a column a space
            for first, last, prop in board._columns:
                cells.setdefault(prop, []).extend(line[first:last + 1] for line in drawn)
        for first, last, row, prop in widget._cells:  # the loop and its grids; the lanes
            cells.setdefault(prop, []).append(drawn[row][first:last + 1] if row < len(drawn) else "")
    return cells, lines


@pytest.mark.slow
@pytest.mark.parametrize("base", list(BOARDS))
def test_every_board_view_draws_the_pieces_where_they_stand_by_letter(tmp_path, monkeypatch, base):
    """Issue 47, 5 and 9: the variant's own pieces were moved but no screen drew them. At
    80x24, without colour (NO_COLOR), on towers, towers beside a track, a loop and its grid,
    and lanes: the robber shows on its space by its mark 'r'; the two pawns sharing a space
    by their mark and each player's letter ('pR', 'pB'), or their count ('2#') where the cell
    is too narrow; a legend says what the marks mean, by the pieces' names, and that the ram
    is off the board."""
    pytest.importorskip("textual")
    from tui_helpers import headless, shown_at

    monkeypatch.setenv("NO_COLOR", "1")
    name = _pieces_game(tmp_path, base)
    session = headless((None, "greedy"), 3, stop=lambda s: s.view().turn > 2 and bool(s.view().actions), name=name)
    view = session.view()
    placed = session.seen()["pieces"]  # the observation's
    robber, pawns = placed["robber"][0], placed["pawn"]
    assert robber is not None and pawns[0] == pawns[1] is not None and placed["ram"] == [None]
    letters = [seat.mark for seat in view.seats]

    async def look(app, pilot):
        cells, lines = _drawn_cells(app)
        return {"cells": cells, "lines": lines}

    seen = shown_at(session, look)
    cells, lines = seen["cells"], seen["lines"]
    # 'r' alone, or beside a player's letter (a peg of the lanes), not inside a space's name
    assert any(re.search(r"(^|[^a-z])r([^a-z]|$)", cell.strip()) for cell in cells[robber]), (BOARDS[base], cells[robber])
    both = "".join(f"p{letter}" for letter in letters)
    assert any(both in cell or "2" in cell for cell in cells[pawns[0]]), (BOARDS[base], cells[pawns[0]])
    legend = "\n".join(lines)
    assert "r robber" in legend and f"p{letters[0]} {view.seats[0].name}'s pawn" in legend, legend
    if base != "monopoly-builder":  # its legend line is full of its own marks first
        assert "off: ram" in legend, legend
    assert all(len(line) <= 80 for line in lines)


def test_a_piece_of_the_table_is_marked_by_a_letter_of_its_name_no_other_piece_has():
    """Issue 47 (the brief of the screens): a mark made from the piece's name, unique among
    the variant's pieces, lower case (a player's letter is upper case)."""
    from engine.variant.model import Piece
    from tui.figures import marks

    class Shown:
        pieces = (Piece("white", "white runner", "game"), Piece("wolf", "wolf", "game"),
                  Piece("wr", "white rook", "game"), Piece("pawn", "pawn", "player"), Piece("x", "!!", "game"))

    found = marks(Shown)  # type: ignore[arg-type]
    assert found == {"white": "w", "wolf": "o", "wr": "r", "pawn": "p", "x": "x"}
    assert len(set(found.values())) == len(found)


def test_the_pieces_on_a_space_too_narrow_for_their_marks_are_counted():
    from rich.text import Text

    from tui.figures import fitted

    drawn = [Text("r"), Text("pR"), Text("pB")]
    assert fitted(drawn, 5).plain == "rpRpB"
    assert fitted(drawn, 2).plain == "3#" and fitted(drawn, 1).plain == "3"
    assert fitted([Text("pR")], 1).plain == "p"


def test_the_help_says_what_each_pieces_mark_means_and_where_it_stands(variant):
    """Issue 47, 5: the help explains each mark by the piece's name, and, in a game, where
    each piece stands (off the board too)."""
    from tui.helptext import help_markdown

    text = help_markdown(variant, 2, ["robber: on Boardwalk", "Red's pawn: off the board"])
    first = variant.seats[0].name
    assert "## Pieces" in text and "**r**: the robber" in text and f"**p{first[0]}**: {first}'s" in text
    assert "- robber: on Boardwalk" in text and "- Red's pawn: off the board" in text
    assert "## Pieces" not in help_markdown(load_variant("winning-moves-2016"))


def test_a_space_compared_by_name_with_a_table_piece_is_the_space_it_stands_on(variant):
    """`P is robber`, both sides bare names, compared P's space with the word 'robber': never
    the same, so `choose property P where P is not robber` offered the robber's own space, and
    Can't Stop of tests/data (issue 47's proof) never found its runners (`P is runner_a`):
    no marker was ever placed, and no game ended."""
    game = new_state(variant, 2, seed=4)
    rnd = random.Random(4)
    looked = 0
    while not game.is_over and looked < 5:
        robber = game.pieces["robber"][0]
        options = list(game.legal_actions())
        if robber >= 0 and game.asked.kind == "choose" and all(isinstance(a.arg, int) for a in options):
            assert robber not in {a.arg for a in options}
            looked += 1
        game.apply(rnd.choice(options))
    assert looked == 5
