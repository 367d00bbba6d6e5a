"""Screens draw any game from its data (issue 47, 9, and issue 46, 8), each checked at 80x24:

- "The header shows one die of four"; "The second die is a blank box on the top line, in the
  side panel and in the browser, and the total is never shown": every die as it fell, and
  the total where the game sums its dice (and none where it pairs them).
- "A board of 11 columns is one wrapped strip of digits, and its pieces are invisible at
  80x24": a board of columns of any length is drawn as lanes, every piece by its owner.
- "The cards for sale and the current high bid (piles of the table) appear nowhere"; "Card
  values never show, so authors wrote them into names"; "The cards dialog looks only at a
  pile called `hand`, and says 'For Sale cards cards'": the cards dialog lists every pile the
  seat may look at, by its own name, each card with its value, and never a hidden pile.

The games are written for the tests: tests/data/column-board.yaml and dice-race.yaml, and
the small ones below."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game import state_of
from tui import figures
from tui.session import Session
from tui_helpers import headless, shown_at, wait_for

pytest.importorskip("textual")

from tui.screens.dialogs import TextScreen  # noqa: E402
from tui.widgets import DiceView, TrackView, dice_text, roll_text  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the app driven headless
pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data"

SEATS = """\
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b", token: red token}
    - {id: blue, name: Blue, colour: "#2e86de", token: blue token}
    - {id: green, name: Green, colour: "#27ae60", token: green token}
rules: {}
rule_kinds: {}
"""

FOUR_DICE = """\
format: 1
name: Four Dice (test game)
description: Roll four dice and add them up; the first to 40 points wins.
""" + SEATS + """\
dice:
  d1: {faces: [1, 2, 3, 4, 5, 6]}
  d2: {faces: [1, 2, 3, 4, 5, 6]}
  d3: {faces: [1, 2, 3, 4, 5, 6]}
  d4: {faces: [1, 2, 3, 4, 5, 6]}
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  points: {each: player, reset: never, shown: "has {} points"}
ends:
  won: reached 40 points
piles:
  box: {name: box, each: game, seen_by: nobody}
timings:
  never: never played
deck:
  name: Markers
  cards:
    - {id: marker, name: Marker, count: 1, text: Not played., timing: never, starts_in: box, discard_to: box}
setup: |
  say "Forty points win."
turn: |
  roll d1 into A and d2 into B and d3 into C and d4 into D
  choose word W from "keep", "give up"
  if W is "keep":
    add A + B + C + D to points of me
  if points of me >= 40:
    end game won for me
"""
"""Four dice of numbers on a board of units (the kernel's default), summed: the top line read
only the first die ('roll dice' reads it)."""

FOR_SALE = """\
format: 1
name: Market (test game)
description: Take a card for sale each turn; the highest total wins.
""" + SEATS + """\
scores:
  worth: {most: total value of K for each card K in hand of X, name: worth}
ranking: [worth]
ends:
  sold: nothing left for sale
piles:
  stock: {name: stock, each: game, seen_by: nobody}
  market: {name: cards for sale, each: game, seen_by: everyone}
  hand: {name: hand, each: player, seen_by: owner}
  bid: {name: high bid, each: game, seen_by: everyone}
timings:
  kept: kept in hand
setup: |
  shuffle stock
  repeat 3 times:
    put top card of stock on market
  put top card of stock on bid
turn: |
  choose card K in market
  put K on hand of me
  if (count card C in stock) > 0:
    put top card of stock on market
  if (count card C in market) = 0:
    end game sold for me
deck:
  name: For Sale cards
  cards:
    - {id: hut, name: Hut, count: 8, value: 1, text: A roof., timing: kept, starts_in: stock, discard_to: stock}
    - {id: villa, name: Villa, count: 8, value: 7, text: A garden., timing: kept, starts_in: stock, discard_to: stock}
    - {id: castle, name: Castle (12), count: 8, value: 12, text: Towers., timing: kept, starts_in: stock, discard_to: stock}
"""
"""Cards for sale and a high bid on the table, a hand only its owner sees, a deck called
'For Sale cards', card values (one also written into its name, as authors did)."""


def written(tmp_path: Path, name: str, text: str):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_variant(path), str(path)


def status_of(app) -> str:
    return app.screen.query_one("#status").content.plain


def asked_after_a_roll(session: Session) -> bool:
    return bool(session.view().rolled) and bool(session.view().actions)


# ----- the dice as rolled ---------------------------------------------------------------------


def test_builders_two_dice_both_show_with_their_total():
    """Issue 46, 8: "The second die is a blank box on the top line, in the side panel and in
    the browser, and the total is never shown." Monopoly Builder rolls `first` and `second`
    and adds them (`set rolled to A + B`)."""
    session = headless((None, "greedy"), 7, stop=asked_after_a_roll, name="monopoly-builder")
    first, second = session.view().rolled["first"][0], session.view().rolled["second"][0]

    async def look(app, pilot):
        return {"status": status_of(app), "side": dice_text(app.screen.session.view()).plain}

    seen = shown_at(session, look)
    assert f"{first} + {second} = {first + second}" in seen["status"]
    assert re.search(rf"^ {first}   {second} \n= {first + second}$", seen["side"], re.MULTILINE)
    assert "  " not in roll_text(session.view()).plain  # no blank box


def test_four_dice_show_each_face_and_their_sum_where_the_game_adds_them(tmp_path):
    """Issue 47, 9: "The header shows one die of four." A game of four dice of numbers that
    adds them up shows all four and their total, on the top line and in the side panel."""
    variant, source = written(tmp_path, "four-dice", FOUR_DICE)
    session = headless((None, "greedy"), 3, stop=asked_after_a_roll, name=source)
    rolled = [session.view().rolled[die][0] for die in ("d1", "d2", "d3", "d4")]

    async def look(app, pilot):
        return {"status": status_of(app), "side": app.screen.query_one(DiceView).content.plain}

    seen = shown_at(session, look)
    assert f"{' + '.join(map(str, rolled))} = {sum(rolled)}" in seen["status"]
    assert f"= {sum(rolled)}" in seen["side"]


def test_dice_that_are_paired_show_each_face_and_no_total():
    """Issue 47, 9: a dice race pairs its four dice (`A + B`, `C + D`, ...), never adds all
    four: each face shows, and no total. (A guard, not a defect: main showed this game's four
    dice, by the path for games of cards.)"""
    session = headless((None, "greedy"), 5, stop=asked_after_a_roll, name=str(DATA / "dice-race.yaml"))
    rolled = [session.view().rolled[die][0] for die in ("d1", "d2", "d3", "d4")]

    async def look(app, pilot):
        return {"status": status_of(app)}

    seen = shown_at(session, look)
    assert f"rolled {' and '.join(map(str, rolled))}" in seen["status"] and "=" not in seen["status"]


# ----- a board of columns of any length ---------------------------------------------------------


def test_a_board_of_eleven_columns_of_any_length_shows_every_piece_by_its_owner():
    """Issue 47, 9: "A board of 11 columns is one wrapped strip of digits, and its pieces are
    invisible at 80x24." Eleven columns of 3 to 13 steps (tests/data/column-board.yaml) are
    lanes of their lengths, each labelled once, and every peg stands where it was set, by its
    owner's letter."""
    name = str(DATA / "column-board.yaml")
    session = headless((None, "greedy", "greedy"), 4, stop=lambda s: s.view().turn > 7 and bool(s.view().actions), name=name)
    view = session.view()
    pegs = {(prop, view.seats[piece.owner].mark) for prop, stack in enumerate(view.pieces) for piece in stack}
    assert len(pegs) >= 6

    async def look(app, pilot):
        track = app.screen.query_one(TrackView)
        return {"lines": track.render().plain.splitlines(), "board": app.screen.query_one("#board").display,
                "width": track.size.width, "height": track.size.height}

    seen = shown_at(session, look)
    lines = seen["lines"]
    assert not seen["board"] and seen["height"] == len(lines) <= 8
    assert all(len(line) <= seen["width"] for line in lines)
    cells = {}  # (label, step) -> what the cell shows first: a peg's letter, a key, or '·'
    for line in lines:
        for lane in line.split("|")[:-1]:  # each lane ends in a bar: its label, a space, its cells
            label, body = lane.strip().split(" ", 1)[0], lane.lstrip().split(" ", 1)[1]
            for step, at in enumerate(range(0, len(body), 2)):
                cells[(int(label), step)] = body[at]
    lengths = {zone.name.split()[-1]: len(zone.properties) for zone in view.variant.zones}
    assert {label: 1 + max(s for (lab, s) in cells if lab == label) for label, _ in cells} == {
        int(k): v for k, v in lengths.items()}
    for prop, mark in pegs:
        zone = next(z for z in view.variant.zones if prop in z.properties)
        assert cells[(int(zone.name.split()[-1]), zone.properties.index(prop))] == mark


# ----- the cards a seat may look at ---------------------------------------------------------------


def test_the_cards_dialog_lists_every_pile_the_seat_may_see_by_its_name_with_values(tmp_path):
    """Issue 47, 9: "The cards for sale and the current high bid (piles of the table) appear
    nowhere", "Card values never show", "The cards dialog looks only at a pile called `hand`,
    and says 'For Sale cards cards'." The dialog (c) names the person's hand and the table's
    face-up piles by their own names, each card with its value (once: 'Castle (12)' keeps its
    name), and never the stock no one sees."""
    variant, source = written(tmp_path, "market", FOR_SALE)
    session = headless((None, "greedy"), 2, stop=lambda s: s.view().turn >= 3 and bool(s.view().actions), name=source)
    view = session.view()
    market = next(p["cards"] for p in view.piles if p["pile"] == "market")
    stock = next(p["cards"] for p in view.piles if p["pile"] == "stock")
    assert stock is None and market

    async def look(app, pilot):
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextScreen))
        screen = app.screen
        return {"title": screen.title_text, "body": screen.body.plain}

    seen = shown_at(session, look)
    body, title = seen["body"], seen["title"]
    assert "cards cards" not in title + body and "For Sale" not in title
    assert body.startswith("Red's hand") or body.startswith("Red holds no cards in hand")
    assert "Cards for sale" in body and "High bid" in body and "Stock" not in body
    for card_id in market:
        card = view.variant.card(card_id)
        assert (card.name if card.id == "castle" else f"{card.name} · {card.value}") in body
    assert "Castle (12) · 12" not in body



def test_the_tables_face_up_piles_show_on_the_game_screen(tmp_path):
    """Issue 47, 9: "The cards for sale and the current high bid (piles of the table) appear
    nowhere." In a game with no board, they have a line each on the game screen, with the
    cards' values; the stock no one sees has none."""
    variant, source = written(tmp_path, "market", FOR_SALE)
    session = headless((None, "greedy"), 2, stop=lambda s: s.view().turn >= 3 and bool(s.view().actions), name=source)
    view = session.view()
    market = next(p["cards"] for p in view.piles if p["pile"] == "market")
    bid = next(p["cards"] for p in view.piles if p["pile"] == "bid")

    async def look(app, pilot):
        table = app.screen.query_one("#table")
        return {"table": table.content.plain, "shown": table.display and table.size.height > 0}

    seen = shown_at(session, look)
    lines = seen["table"].splitlines()
    assert seen["shown"]
    labels = {c.id: f"{c.name} · {c.value}" if c.id != "castle" else c.name for c in map(view.variant.card, market)}
    assert lines[0] == "Cards for sale: " + ", ".join(
        label + (f" ×{market.count(card)}" if market.count(card) > 1 else "") for card, label in labels.items())
    assert lines[1].startswith("High bid: ") and view.variant.card(bid[0]).name in lines[1]
    assert "Stock" not in seen["table"]


def test_a_click_on_a_space_of_the_lanes_chooses_it():
    """The lanes take the towers' place, clicks too: asked for a space of the board of columns,
    the person clicks the top step of the longest column, and their peg stands there."""
    name = str(DATA / "column-board.yaml")
    session = headless((None, "greedy"), 4, stop=lambda s: bool(s.view().actions), name=name)
    longest = max(session.variant.zones, key=lambda zone: len(zone.properties))
    top = longest.properties[-1]
    person = session.view().seats[0].mark

    async def look(app, pilot):
        track = app.screen.query_one(TrackView)
        first, _, row, _ = next(cell for cell in track._cells if cell[3] == top)
        await pilot.click(TrackView, offset=(first, row))
        await wait_for(pilot, lambda: any(session.view().pieces[top]))
        return {"marks": [session.view().seats[piece.owner].mark for piece in session.view().pieces[top]]}

    assert shown_at(session, look)["marks"] == [person]


def test_the_runners_of_a_board_of_columns_stand_on_its_lanes():
    """Can't Stop of tests/data (issue 47's proof): its three white runners are the table's
    pieces (`pieces:`), and the lanes drew only the cards on each step: after 'Red moves the
    white runner to 1 Column 11' every cell of the lane was a dot. A piece of the table shows
    by its name's initial, where it stands."""
    name = str(DATA / "cant-stop.yaml")
    session = headless((None, "random", "random"), 5, name=name,
                       stop=lambda s: bool(s.view().actions) and not s.is_bot(s.deciding) and bool(_runners(s)))
    view = session.view()
    standing = _runners(session)

    async def look(app, pilot):
        return {"lines": app.screen.query_one(TrackView).render().plain.splitlines()}

    lines = shown_at(session, look)["lines"]
    cells = {}
    for line in lines:
        for lane in line.split("|")[:-1]:
            label, body = lane.strip().split(" ", 1)[0], lane.lstrip().split(" ", 1)[1]
            for step, at in enumerate(range(0, len(body), 2)):
                cells[(int(label), step)] = body[at:at + 2]
    letters = figures.marks(view.variant)  # each piece's own letter, none two alike (three 'white runner's)
    for piece, prop in standing:
        zone = next(z for z in view.variant.zones if prop in z.properties)
        assert letters[piece] in cells[(int(zone.name.split()[-1]), zone.properties.index(prop))]


def _runners(session: Session) -> list[tuple[str, int]]:
    """The table's pieces on the board and the spaces they stand on (the test reads the game's
    state, as only a test may)."""
    return [(piece, place) for piece, places in state_of(session.game).pieces.items() for place in places if place >= 0]


def test_the_lanes_are_drawn_again_when_a_runner_moves(monkeypatch):
    """Played by keys (tmux, 80x24), Can't Stop's white runners a bot moved stayed off the
    lanes while it played: the lanes were drawn again only when a stack, a counter or a key
    changed. A view that differs only in where a piece stands draws them again."""
    name = str(DATA / "cant-stop.yaml")
    session = headless((None, "random"), 5, name=name, stop=lambda s: bool(s.view().actions) and not s.is_bot(s.deciding))
    view = session.view()
    track = TrackView()
    drawn: list[int] = []
    monkeypatch.setattr(track, "refresh", lambda *args, **kwargs: drawn.append(1))
    track.show(view)
    moved = dataclasses.replace(view, placed={**view.placed, "runner": [view.variant.zones[5].properties[0], None, None]})
    track.show(moved)
    assert len(drawn) == 2
