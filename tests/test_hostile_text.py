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
