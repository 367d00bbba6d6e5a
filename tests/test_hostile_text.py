"""Text from a shared variant file or saved game never reaches a terminal as a control
sequence: every output shows it through `engine.visible.visible`, and Rich markup in it stays
literal. (Issue 10: escape sequences, OSC titles and hyperlinks, C1 controls, bidi overrides.)"""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.visible import is_visible, visible

# Everything a hostile author might put in a name: an OSC window title ended by BEL, an OSC 8
# hyperlink ended by ST, a one-byte CSI (C1), a screen clear, a carriage return that would
# overwrite the line, a right-to-left override and Rich markup.
EVIL = "Evil\x1b]0;pwned\x07\x1b]8;;http://x.test\x1b\\link\x1b]8;;\x1b\\\x9b2J\x1b[2J\rspoof\u202eesrever[bold red]loud[/]"


def yaml_string(text: str) -> str:
    """A double-quoted YAML scalar holding `text`, control characters written as escapes."""
    return json.dumps(text)  # JSON string escapes are valid YAML double-quoted escapes


def hostile_house_rule(extra: str = "") -> str:
    return (
        "format: 1\n"
        "extends: winning-moves-2016\n"
        f"name: {yaml_string(EVIL)}\n"
        "players:\n"
        "  seats:\n"
        f"    - {{id: purple, name: {yaml_string('Pur' + EVIL)}}}\n"
        "deck:\n"
        f"  name: {yaml_string('Deck' + EVIL)}\n"
        "  cards:\n"
        f"    - {{id: hurricane, name: {yaml_string('Storm' + EVIL)}, text: {yaml_string('Text' + EVIL)}}}\n"
        + extra
    )


def assert_shown_safely(output: str) -> None:
    assert is_visible(output), [c for c in output if not is_visible(c)]
    assert "[bold red]loud[/]" in output or "loud" not in output  # markup, if shown, is literal


def test_visible_shows_every_control_and_bidi_character_and_keeps_ordinary_text():
    shown = visible(EVIL)
    assert is_visible(shown)
    assert "\\x1b]0;pwned\\x07" in shown and "\\x9b" in shown and "\\x0d" in shown and "\\u202e" in shown
    assert "[bold red]loud[/]" in shown
    ordinary = "Café · Бульвар · 大道 · שדרה · 🎲 · tab\tnew\nline"
    assert visible(ordinary) == ordinary


def test_check_shows_a_hostile_variant_name_and_unknown_key_visibly(write, capsys):
    write(hostile_house_rule(f"{yaml_string('key' + EVIL)}: 1\n"))
    assert main(["check", "v.yaml"]) == 1
    out, err = capsys.readouterr()
    assert_shown_safely(out + err)
    assert "unknown key 'key" in out and "\\x1b]0;pwned" in out


def test_check_ok_line_shows_the_hostile_name_visibly(write, capsys):
    write(hostile_house_rule())
    assert main(["check", "v.yaml"]) == 0
    out, err = capsys.readouterr()
    assert_shown_safely(out + err)
    assert "v.yaml: ok: Evil\\x1b]0;pwned\\x07" in out


def test_check_json_output_escapes_the_hostile_name(write, capsys):
    write(hostile_house_rule())
    assert main(["check", "v.yaml", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert_shown_safely(out)
    json.loads(out)


def test_a_hostile_argument_is_shown_visibly(capsys):
    assert main(["check", "no-such\x1b]0;pwned\x07"]) == 2
    out, err = capsys.readouterr()
    assert_shown_safely(out + err)
    assert "no-such\\x1b]0;pwned\\x07" in err


@pytest.mark.parametrize("form", ["text", "csv", "json"])
def test_simulate_report_shows_hostile_names_visibly_on_screen_and_in_its_file(write, capsys, tmp_path, form):
    write(hostile_house_rule())
    assert main(["simulate", "v.yaml", "--games", "2", "--players", "2", "--bots", "random", "--jobs", "1",
                 "--format", form]) == 0
    out, err = capsys.readouterr()
    assert_shown_safely(out + err)
    assert "Pur" in out
    report = tmp_path / f"report.{form}"
    assert main(["simulate", "v.yaml", "--games", "2", "--players", "2", "--bots", "random", "--jobs", "1",
                 "--format", form, "--out", str(report)]) == 0
    assert_shown_safely(report.read_text(encoding="utf-8"))


def test_replay_transcript_shows_hostile_seat_names_and_card_names_visibly(write, capsys, tmp_path):
    from engine import load_variant
    from engine.savefile import GameRecord, Seat, save_game

    path = write(hostile_house_rule())
    variant = load_variant(path)
    record = GameRecord(variant, str(path.resolve()), 2, 3, [Seat("Ann" + EVIL), Seat("Bot", "random")])
    game = record.new_game()
    while not game.is_over and len(record.actions) < 300:
        action = game.legal_actions()[-1].to_dict()
        record.actions.append(action)
        game.apply(action)
    save = tmp_path / "save.json"
    save_game(save, record, game)
    assert main(["replay", str(save), "--text"]) == 0
    out, err = capsys.readouterr()
    assert_shown_safely(out + err)
    assert "AnnEvil\\x1b]0;pwned\\x07" in out


# ----- the terminal UI: every screen, drawn cell by cell --------------------------------------


def hostile_variant_everywhere(write):
    """A house rule whose every name and text is hostile: seats, zones, deck, cards, money."""
    from engine import load_variant
    from engine.resources import variants_dir

    base = load_variant("winning-moves-2016")
    zones = "".join(f"    - {{id: {z.id}, name: {yaml_string(z.name + EVIL)}}}\n" for z in base.zones)
    seats = "".join(f"    - {{id: {s.id}, name: {yaml_string(s.name[:2] + EVIL)}, token: {yaml_string('tok' + EVIL)}}}\n"
                    for s in base.seats)
    cards = "".join(f"    - {{id: {c.id}, name: {yaml_string(c.name + EVIL)}, text: {yaml_string(c.text + EVIL)}}}\n"
                    for c in base.cards)
    assert variants_dir().is_dir()
    return write(
        "format: 1\nextends: winning-moves-2016\n"
        f"name: {yaml_string(EVIL)}\ndescription: {yaml_string('Desc' + EVIL)}\n"
        f"board:\n  money: {yaml_string('$' + EVIL + '{}M')}\n  zones:\n{zones}"
        f"players:\n  seats:\n{seats}"
        f"deck:\n  name: {yaml_string('Deck' + EVIL)}\n  cards:\n{cards}"
    )


def screen_text(app) -> str:
    """Every cell the screen would send to the terminal, as text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


@pytest.mark.slow
def test_every_screen_of_the_terminal_ui_shows_hostile_text_visibly(write, tmp_path):
    import asyncio

    from textual.widgets import Input

    from engine import load_variant
    from engine.savefile import GameRecord, Seat, save_game
    from tui.app import BoardwalkApp
    from tui.replay import ReplayApp
    from tui.screens.dialogs import HandOverScreen, HelpScreen, PathScreen, TextScreen
    from tui.screens.game import GameScreen
    from tui.screens.gameover import GameOverScreen
    from tui.session import Session

    path = hostile_variant_everywhere(write)
    variant = load_variant(path)
    looked_at: list[str] = []

    async def look(pilot, what: str) -> None:
        await pilot.pause()
        text = screen_text(pilot.app)
        assert is_visible(text), (what, [c for c in text if not is_visible(c)][:5])
        looked_at.append(what)

    async def until(pilot, condition, limit: float = 20.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while not condition():
            assert loop.time() < deadline, type(pilot.app.screen).__name__
            await pilot.pause(0.01)

    async def start_screen() -> None:
        async with BoardwalkApp().run_test(size=(120, 40)) as pilot:
            await look(pilot, "start")
            pilot.app.screen.query_one("#variant-file", Input).value = str(path)
            await pilot.press("tab")
            pilot.app.screen.query_one("#variant-file", Input).focus()
            await pilot.press("enter")
            await until(pilot, lambda: "Desc" in screen_text(pilot.app))
            await look(pilot, "start with the hostile variant")
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
            await look(pilot, "help from the start screen")

    async def hot_seat() -> None:
        session = Session.start(variant, str(path), [None, None], seed=5)
        async with BoardwalkApp(session, pace="instant").run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
            await look(pilot, "hand-over")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
            await look(pilot, "game")
            await pilot.press("h")
            await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
            await look(pilot, "help in the game")
            await pilot.press("escape")
            await pilot.press("c")
            await until(pilot, lambda: isinstance(pilot.app.screen, TextScreen))
            await look(pilot, "cards")

    async def against_bots() -> None:
        session = Session.start(variant, str(path), [None, "random"], seed=7)
        async with BoardwalkApp(session, pace="instant").run_test(size=(100, 34)) as pilot:
            app = pilot.app
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            screens = set()
            while not isinstance(app.screen, GameOverScreen):
                assert loop.time() < deadline
                screen = app.screen
                if type(screen).__name__ not in screens:
                    await look(pilot, type(screen).__name__)
                    screens.add(type(screen).__name__)
                if isinstance(screen, GameScreen) and screen.notice is None and session.view().actions:
                    await pilot.press(session.view().keys[0])  # the first option
                elif not isinstance(screen, GameScreen) or screen.notice is not None:
                    await pilot.press("enter")
                await pilot.pause(0.005)
            await look(pilot, "game over")
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, PathScreen))
            app.screen.query_one(Input).value = str(tmp_path / "x\x1b]0;t\x07.json")
            await pilot.press("enter")
            await look(pilot, "saved notice")

    async def replay() -> None:
        record = GameRecord(variant, str(path), 2, 3, [Seat("Ann" + EVIL), Seat("Bot" + EVIL, "random")])
        game = record.new_game()
        while not game.is_over and len(record.actions) < 80:
            action = game.legal_actions()[0].to_dict()
            record.actions.append(action)
            game.apply(action)
        save_game(tmp_path / "r.json", record, game)
        async with ReplayApp(record).run_test(size=(120, 40)) as pilot:
            await pilot.press("end")
            await look(pilot, "replay")
            await pilot.press("left")
            await look(pilot, "replay one back")

    for scenario in (start_screen, hot_seat, against_bots, replay):
        asyncio.run(scenario())
    assert {"start with the hostile variant", "hand-over", "game", "help in the game", "cards", "game over",
            "saved notice", "replay"} <= set(looked_at)


def test_the_help_shows_markdown_in_a_card_text_literally(write):
    """A card text cannot make a link (Textual would open it on a click), a heading or a
    table cell in the help: Markdown in file text is escaped, and links never open."""
    from engine import load_variant
    from tui.helptext import help_markdown
    from tui.screens.dialogs import help_parser

    trap = "[click me](http://x.test) # Heading | cell <b>bold</b> **strong** " + EVIL
    path = write(hostile_house_rule().replace(yaml_string("Text" + EVIL), yaml_string(trap)))
    markdown = help_markdown(load_variant(path))
    html = help_parser().render(markdown)
    assert "<a " not in html and "<b>" not in html and "<strong>strong" not in html
    assert "[click me](http://x.test)" in html and is_visible(markdown)


# ----- lone surrogates: half a character -------------------------------------------------------


@pytest.mark.parametrize(
    "escape, column, hint",
    [
        ("\\ud800", 10, "remove it"),
        ("\\udfff", 10, "remove it"),
        ("\\ud83d\\ude00", 10, "YAML writes U+1F600 as \\U0001F600"),  # JSON's way to write an emoji
    ],
)
def test_a_surrogate_escape_in_a_yaml_text_is_refused_where_it_stands(write, escape, column, hint):
    """Issue 25, item 5: `"\\ud800"` in double quotes gave a text no UTF-8 can hold, and the
    check ended in UnicodeEncodeError hashing it (libyaml itself refuses such an escape)."""
    from engine.variant.load import check_variant

    [d] = check_variant(write(f'extends: winning-moves-2016\nname: "A {escape} B"\n')).diagnostics
    assert (d.loc.line, d.loc.col) == (2, column)
    assert "is half of a character (a UTF-16 surrogate)" in d.message and hint in d.hint


def test_a_lone_surrogate_hashes_prints_and_goes_into_json_without_an_error(capsys):
    """What a surrogate may still reach (a name from a save's JSON, bytes of a file name that
    are not UTF-8) goes through the one hash of text and the one output of the program."""
    import io

    from engine.digest import sha256_hex, text_sha256_hex
    from engine.visible import VisibleStream

    assert text_sha256_hex("plain é") == sha256_hex("plain é".encode())  # no other text hashes otherwise
    assert len(text_sha256_hex("a\ud800b")) == 64
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    VisibleStream(out).write("a\ud800b\n")
    out.flush()
    assert out.buffer.getvalue() == b"a\\ud800b\n"
    assert json.loads(json.dumps({"name": "a\ud800b"})) == {"name": "a\ud800b"}


def test_the_words_of_issue_47_are_shown_visibly_too(write, tmp_path):
    """The variant's texts added for issue 47 (its pieces' names, its ends' words) reached the
    screen raw: a piece named with an ESC and a bidi override drew them into the board's
    legend line (seen in tmux with the Can't Stop test game). The screens show them through
    `engine.visible` as every other text of the file."""
    SHORT_EVIL = "\x1b]0;t\x07\x9b2J\u202eesrever"  # a title, a one-byte CSI, a bidi override: a name is at most 40
    import asyncio
    import shutil
    from pathlib import Path

    from engine import load_variant
    from tui.app import BoardwalkApp
    from tui.screens.dialogs import HelpScreen
    from tui.screens.game import GameScreen
    from tui.session import Session

    shutil.copy(Path(__file__).parent / "data" / "cant-stop.yaml", tmp_path / "cant-stop.yaml")
    path = write(
        "extends: cant-stop.yaml\n"
        f"name: {yaml_string('Stop' + EVIL)}\n"
        "pieces:\n"
        f"  runner: {{name: {yaml_string('runner' + SHORT_EVIL)}, each: game, count: 3}}\n"
        f"  marker: {{name: {yaml_string('marker' + SHORT_EVIL)}, each: player, count: 11}}\n"
        f"ends:\n  columns: {yaml_string('claimed' + EVIL)}\n"
    )
    session = Session.start(load_variant(path), str(path), [None, "random"], seed=3)

    async def scenario() -> None:
        async with BoardwalkApp(session, pace="instant").run_test(size=(100, 34)) as pilot:
            for _ in range(6):  # the runners on the board, the legend naming them
                await pilot.pause()
                if isinstance(pilot.app.screen, GameScreen) and session.view().actions:
                    await pilot.press(session.view().keys[0])
            await pilot.pause()
            assert_shown_safely(screen_text(pilot.app))
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(pilot.app.screen, HelpScreen)
            assert_shown_safely(screen_text(pilot.app))

    asyncio.run(scenario())
