"""What the game screen itself tells a newcomer of Monopoly Builder (issue 46): the holdings that
stay on the panels, the board's marks and names, the board drawn as soon as something changes,
the island's keys beside its heights, the counts on the start screen, the reference card.
Every point is read from the variant's data by game-neutral code; the tests name the issue's
item they check. Rules text: shared/rules/monopoly-builder-2021.txt."""

from __future__ import annotations

import asyncio
import re
from functools import cache

import pytest

from tui.session import Session
from tui_helpers import headless, wait_for

pytest.importorskip("textual")

from tui.app import BoardwalkApp  # noqa: E402
from tui.widgets import BoardView, PlayerPanel  # noqa: E402

NAME = "monopoly-builder"
SEATS = (None, "greedy", "greedy")


def run(coroutine):
    return asyncio.run(coroutine)


def kinds_held(session: Session, player: int) -> int:
    view = session.view()
    return sum(1 for c in view.variant.counters
               if c.each == "player" and c.shown and not c.money and view.counters[c.id][player])


@cache
def three_kinds() -> Session:
    """A game where the person and the first bot each hold three kinds of resource or more,
    and the person is asked something."""
    def stop(session: Session) -> bool:
        return (kinds_held(session, 0) >= 3 and kinds_held(session, 1) >= 3 and session.deciding == 0
                and bool(session.view().actions))

    for seed in range(20):
        session = headless(SEATS, seed, stop=stop, limit=600, name=NAME)
        if stop(session):
            return session
    raise AssertionError("no seed reaches three kinds held")


def panel_text(app, seat: int) -> str:
    return app.screen.query_one(f"#player-{seat}", PlayerPanel).content.plain


# ----- item 1: the holdings never vanish from a panel -----------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 30), (160, 50)])
def test_item_1_every_resource_held_stays_on_every_panel_in_a_short_form_when_space_is_tight(size):
    """issue 46, 1: "Your own resources vanish from your panel at 80x24 and at 120x30 once a
    player holds three or more kinds. The two holdings lines go blank, for the bots too."
    Each panel keeps the money and a count of every kind held, by a name cut from the
    variant's (the last word's first letters at least)."""
    session = three_kinds()

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            view = session.view()
            for seat in range(3):
                shown = panel_text(app, seat)
                cash = next(c for c in view.variant.counters if c.id == "cash")
                assert view.variant.format_money(view.counters[cash.id][seat]) in shown, shown
                for counter in view.variant.counters:
                    if counter.each != "player" or not counter.shown or counter.money:
                        continue
                    held = view.counters[counter.id][seat]
                    if held:
                        whole, short = counter.name.counted(held), f"{held} ?{counter.name.one.split()[-1][0]}"
                        assert whole in shown or re.search(rf"(?<!\d){short}", shown), (counter.id, held, shown)

    run(scenario())


# ----- item 12: the board is drawn as soon as a deed changes hands ----------------------------


@cache
def bot_asked_to_buy() -> Session:
    """A game where a bot is asked whether to buy the deed it landed on, and buys it."""
    def stop(session: Session) -> bool:
        if session.deciding != 1 or not any(a.what == "word" and a.arg == "buy" for a in session.game.legal_actions()):
            return False
        bot, observation = session.bot_observation()
        return bot.choose(observation).get("arg") == "buy"

    for seed in range(20):
        session = headless(SEATS, seed, stop=stop, limit=600, name=NAME)
        if stop(session):
            return session
    raise AssertionError("no seed asks a bot to buy")


def drawn(app, selector) -> str:
    """What a widget shows on the screen now, as plain text (its lines as last rendered)."""
    from textual.geometry import Region

    widget = app.screen.query_one(selector)
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)))


def test_item_12_a_deed_a_bot_buys_shows_its_owner_on_the_board_at_once():
    """issue 46, 12: "A bought deed shows its owner only when the next box comes." A loop's
    deed is held by a card in a pile, and a token stands on a space, not in a stack: the
    board's redraw looked at the stacks only, so a bot's purchase was drawn with whatever
    changed the stacks next, or the person's next question."""
    session = bot_asked_to_buy()
    view = session.view()
    space = view.variant.loop[session.view().positions[1]]
    mark = view.seats[1].mark
    deeds = len(session.view().piles)

    def bought() -> bool:
        return any(p["owner"] == 1 and any(session.variant.card(c).space == space for c in p["cards"])
                   for p in session.view().piles if p["cards"])

    async def scenario():
        app = BoardwalkApp(session, pace="normal")
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            await wait_for(pilot, bought)
            await pilot.pause(0.2)  # a frame or two to draw it, well within the bots' pace
            lines = drawn(app, BoardView).splitlines()
            # the space's holder's row: the one of its rows where the other spaces show the Bank's '·'
            x, row = next((c[0], c[2]) for c in board._cells if c[3] == space and lines[c[2]].count("·") >= 5)
            assert lines[row][x] == mark, (lines[row], deeds)

    run(scenario())


# ----- item 13: the island's keys beside its heights, and its owners by letter ----------------


@cache
def choosing_a_foundation() -> Session:
    """A game where the person chooses where to build, with a building on the island already."""
    def stop(session: Session) -> bool:
        view = session.view()
        if session.deciding != 0 or not view.actions:
            return False
        grid = [p for z in view.variant.zones if z.columns for p in z.properties]
        return any(view.pieces[p] for p in grid) and any(a.what == "property" and a.arg in grid for a in view.actions)

    for seed in range(20):
        session = headless(SEATS, seed, stop=stop, limit=800, name=NAME)
        if stop(session):
            return session
    raise AssertionError("no seed asks the person where to build")


def test_item_13_while_choosing_a_foundation_the_keys_stand_beside_the_heights_and_owners_read_by_letter(monkeypatch):
    """issue 46, 13: "While choosing a foundation, the keys replace the heights on the island
    (both are digits). With NO_COLOR the island shows no owner letters, though
    docs/playing.md promises them." Each building shows its height and its top's letter,
    chosen or not; a key stands before them, in reverse."""
    monkeypatch.setenv("NO_COLOR", "1")
    session = choosing_a_foundation()
    view = session.view()

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            rendered = board.render()
            lines = rendered.split("\n")
            foundations = {p for z in view.variant.zones if z.columns for p in z.properties}
            grid = {cell[3]: cell for cell in board._cells if cell[3] in foundations}
            keyed = 0
            for prop, (first, last, row, _) in grid.items():
                cell = lines[row][first:last + 1]
                pieces = view.pieces[prop]
                if pieces:
                    owner = view.seat(pieces[-1].owner)
                    assert f"{len(pieces)}{owner.mark}" in cell.plain, (prop, cell.plain)
                index = next((i for i, a in enumerate(view.actions) if a.what == "property" and a.arg == prop), None)
                if index is not None:
                    keyed += 1
                    assert cell.plain.startswith(view.keys[index]) and "reverse" in str(cell.get_style_at_offset(app.console, 0))
            assert keyed

    run(scenario())


# ----- item 2: the reference card, and the cost under the build question ----------------------


def test_item_2_the_reference_card_key_shows_each_floors_cost_and_what_is_lacking_and_why_a_space_cannot_be_raised():
    """issue 46, 2: "Floor costs are never shown: not in help, not under c, not in the build
    prompt. A building you cannot raise drops out of the list without a reason." The key =
    opens the variant's reference card priced for the person (its `reference:` section, by
    its own routine): every row with its cost and what is lacking; the zone's spaces, with
    why those not offered cannot be raised. Under the build question, the highlighted
    space's cost."""
    from tui.screens.dialogs import TextScreen

    session = choosing_a_foundation()
    view = session.view()
    card = view.variant.reference
    assert card is not None
    from engine.api import reference_costs

    costs = reference_costs(session.game, 0)
    assert len(costs) == len(card.rows) and all(sum(cost.values()) > 0 for cost in costs)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            line = app.screen.query_one("#cost").content.plain
            first = next(a for a in view.actions if a.what == "property")
            name = view.variant.properties[first.arg].name
            assert line.startswith(name) and any(row in line for row in card.rows), line
            await pilot.press("=")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            body = app.screen.body.plain
            counters = {c.id: c for c in view.variant.counters}
            for row, cost in zip(card.rows, costs, strict=True):
                words = ", ".join(counters[k].name.counted(n) for k, n in cost.items() if n)
                lack = {k: n - view.counters[k][0] for k, n in cost.items() if n > view.counters[k][0]}
                lacked = ", ".join(counters[k].name.counted(n) for k, n in lack.items())
                said = f"(you lack {lacked})" if lack else "(you have it)"
                assert f"{row}: {words}  {said}" in body, (row, body)
            others = [p for p in next(z for z in view.variant.zones if z.id == card.zone).properties
                      if view.pieces[p] and view.pieces[p][-1].owner != 0]
            for prop in others:  # a building of another player's: not offered, and said why
                assert "not yours to raise" in body and view.variant.properties[prop].name in body
            assert "The board's short names" in body

    run(scenario())


def test_item_2_a_variant_written_for_the_test_prices_its_reference_card_by_its_own_routine(write):
    """issue 46, 2, for every game: a reference card is data (`reference:`), priced by the
    variant's routine as the player; a card naming what the variant lacks is a located error."""
    from engine import load_variant
    from engine.api import reference_costs
    from engine.game.game import new_game
    from engine.variant.load import VariantError

    base = (
        "extends: monopoly-builder\n"
        "routines:\n"
        "  price_it: |\n"
        "    set need_truck to floor * 3\n"
        "    set need_boat to 1\n"
        "reference:\n"
        "  name: tower costs\n"
        "  zone: island\n"
        "  rows: [low, high]\n"
        "  routine: price_it\n"
        "  row: floor\n"
        "  costs: {need_truck: truck, need_boat: boat}\n"
    )
    variant = load_variant(write(base))
    game = new_game(variant, 2, 1)
    # the costs merge with the base's (a house rule states what it changes): what the routine
    # leaves unset costs nothing
    assert reference_costs(game, 0) == [{"truck": 3, "crane": 0, "excavator": 0, "boat": 1},
                                        {"truck": 6, "crane": 0, "excavator": 0, "boat": 1}]
    with pytest.raises(VariantError) as raised:
        load_variant(write(base.replace("routine: price_it", "routine: price_this"), "bad.yaml"))
    assert "bad.yaml:10" in str(raised.value) and "'price_this', which is not a routine" in str(raised.value)


# ----- item 5: the start screen counts what the game has -------------------------------------


def test_item_5_the_start_screen_counts_the_boards_spaces_and_deeds_by_the_games_own_nouns():
    """issue 46, 5: "The start screen says Builder has '48 properties' (it has 16 deeds)." A
    board tokens go round is counted by its spaces, the island by its name, and the cards
    that belong to a space by their pile's name."""
    from tui.screens.start import StartScreen

    async def scenario():
        app = BoardwalkApp(pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and NAME in app.screen.results)
            app.screen.selected = NAME
            await app.screen._show_selected()
            await pilot.pause()
            info = app.screen.query_one("#variant-info").content.plain
            variant = app.screen.results[NAME].variant
            deeds = sum(card.count for card in variant.cards if card.space is not None)
            assert f"{len(variant.loop)} spaces round the board" in info and f"{deeds} title deeds" in info, info
            assert f"{len(variant.properties)} properties" not in info

    run(scenario())


# ----- items 4 and 5: the board's marks and names ---------------------------------------------


@cache
def with_a_mortgage() -> Session:
    """A game of bots where a deed is mortgaged."""
    def stop(session: Session) -> bool:
        return any(p["cards"] and any(pile.id == p["pile"] and pile.mark for pile in session.variant.piles)
                   for p in session.view().piles)

    for seed in range(30):
        session = headless(("greedy", "greedy", "greedy"), seed, stop=stop, limit=1500, name=NAME)
        if stop(session):
            return session
    raise AssertionError("no seed mortgages a deed")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_item_4_and_5_the_board_marks_a_mortgaged_deed_and_its_legend_says_what_the_marks_mean(size):
    """issue 46, 4: "the board does not mark a mortgaged deed"; 5: "'·+4' under a space
    (resources lying there) is explained nowhere." The deed's space shows its holder's letter
    with the mark of the pile it lies in, and the board's last row says what the letters, a
    pile's mark and a count lying on a space mean, and the key of the reference card."""
    session = with_a_mortgage()
    view = session.view()
    pile = next(p for p in view.variant.piles if p.mark and any(s["pile"] == p.id and s["cards"] for s in view.piles))
    seen = next(s for s in view.piles if s["pile"] == pile.id and s["cards"])
    space = view.variant.card(seen["cards"][0]).space
    mark = view.seats[seen["owner"]].mark + pile.mark

    async def scenario():
        app = BoardwalkApp(session, pace="slow")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            lines = board.render().plain.split("\n")
            # the space's holder's row: the one of its rows where the other spaces show the Bank's '·'
            first, row = next((c[0], c[2]) for c in board._cells if c[3] == space and lines[c[2]].count("·") >= 5)
            assert lines[row][first:first + len(mark)] == mark, lines[row]
            legend = lines[-1]
            assert f"{view.seats[0].mark}{pile.mark} {pile.name}" in legend and "+4 lying there" in legend, legend
            assert legend.strip().startswith("= ")

    run(scenario())


def test_item_5_no_two_spaces_share_a_short_name_and_a_tall_board_shows_whole_names():
    """issue 46, 5: "'FP' is both Forest Park and Free Parking, and at 160x50 the names stay
    four letters with ten rows empty." Each name's one-line form is its own at every width;
    a tall board gives names up to three lines, where they are whole when they fit."""
    from tui.boardnames import name_lines, short_names, space_name

    session = with_a_mortgage()
    view = session.view()
    names = {space_name(view, p) for p in view.variant.loop}
    for width in (2, 3, 4, 5, 6):
        short = short_names(view, width)
        assert len(set(short.values())) == len(names), (width, short)
        assert all(len(cut) <= width for cut in short.values())

    text, cell, _height = tall_board(session)
    whole = [p for p in view.variant.loop if len(name_lines(view, p, cell, 3, {})) > 1
             and " ".join(name_lines(view, p, cell, 3, {})) == space_name(view, p)]
    assert whole  # some names are whole over several lines
    for prop in whole:
        for line in name_lines(view, prop, cell, 3, {}):
            assert line in text


def tall_board(session: Session) -> tuple[str, int, int]:
    """The board of `session` at 160x50: its text, the width of a space's cell, its height."""
    seen: list[tuple[str, int, int]] = []

    async def scenario():
        app = BoardwalkApp(session, pace="slow")
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            seen.append((board.render().plain, board._cells[0][1] - board._cells[0][0] + 1, board.size.height))

    run(scenario())
    return seen[0]


def test_a_tall_board_shows_a_name_whole_with_a_long_word_broken_by_a_hyphen():
    """Issue 47, wave 2, 6: at 160x50 most Builder space names were still cut on the board
    ('Harbo Row', 'Chanc', 'Resou') with rows to spare: a word longer than the cell is broken
    over two lines with a hyphen ('Harb-', 'our', 'Row'), so that the name reads whole."""
    from tui.boardnames import name_lines, space_name

    session = with_a_mortgage()
    view = session.view()

    text, cell, height = tall_board(session)
    lines = max(1, min(5, (height - 5) // 2))  # the board's lines for a name (widgets.NAME_LINES)
    drawn = {space_name(view, p): name_lines(view, p, cell, lines, {}) for p in view.variant.loop}
    whole = {name for name, said in drawn.items() if " ".join(said).replace("- ", "") == name}
    assert {"Harbour Row", "Chance", "Roll for Resources", "Lighthouse Lane"} <= whole, drawn
    assert len(whole) >= len(drawn) - 3, sorted(set(drawn) - whole)  # the longest may still be cut
    for name in whole:
        assert all(len(line) <= cell for line in drawn[name])
    assert "Harb-" in text and "Cha-" in text


# ----- item 16: the docs name Monopoly Builder and explain its screen -------------------------


def test_item_16_the_readme_the_cli_help_and_playing_md_name_monopoly_builder_and_explain_its_screen():
    """issue 46, 16: "The README's first paragraph, boardwalk --help and docs/playing.md's
    introduction don't mention Monopoly Builder. docs/playing.md's game-screen section
    describes only Advance to Boardwalk. Nothing covers Builder's board, island, resources
    and short names." And the reference card's key (item 2) is in the help and the docs."""
    import subprocess
    import sys
    from pathlib import Path

    from engine import load_variant
    from tui.helptext import help_markdown
    from tui.reference import REFERENCE_KEY

    root = Path(__file__).resolve().parent.parent
    first = (root / "README.md").read_text(encoding="utf-8").split("\n\n")[1]
    assert "Monopoly Builder" in first and "Monopoly Chance" in first
    shown = subprocess.run([sys.executable, "-m", "engine.cli", "--help"], capture_output=True, text=True, cwd=root).stdout
    assert "Monopoly Builder" in " ".join(shown.split())
    playing = (root / "docs" / "playing.md").read_text(encoding="utf-8")
    intro = playing.split("\n\n")[1]
    assert "Monopoly Builder" in intro and "Monopoly Chance" in intro
    screen = playing[playing.index("## The game screen"):playing.index("## Keys")]
    for said in ("Monopoly Builder's board", "island", "resources", "short", "`FrP`", f"**{REFERENCE_KEY}**"):
        assert said in screen, said
    keys = playing[playing.index("## Keys"):]
    assert f"| {REFERENCE_KEY} |" in keys
    assert f"| {REFERENCE_KEY} |" in help_markdown(load_variant(NAME), 3)
