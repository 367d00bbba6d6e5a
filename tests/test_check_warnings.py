"""Warnings: a variant that can be played, but almost surely not as its author meant.

A warning does not stop the variant from loading (`boardwalk check` exits 0 unless `--strict`),
and is located like an error: in the file being checked when one of the values at fault is
there, the other side named as a note. They are looked for once a variant has no errors.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.diagnostics import Diagnostic
from engine.variant.load import check_variant
from test_check_bad_input import EXTENDS
from test_check_house_rules import base_loc, notes_at

# No cards at all (allowed when nobody starts with a hand).
EMPTY_DECK = (
    "deck:\n"
    "  cards: []\n"
)


def warnings(path: Path) -> list[Diagnostic]:
    """The diagnostics of a variant that loads: all of them warnings."""
    result = check_variant(path)
    assert result.ok and result.variant is not None, "\n".join(map(str, result.diagnostics))
    assert all(d.severity == "warning" for d in result.diagnostics), result.diagnostics
    return result.diagnostics


def only_warning(path: Path) -> Diagnostic:
    found = warnings(path)
    assert len(found) == 1, "expected one warning, got:\n" + "\n".join(map(str, found))
    return found[0]


def assert_warning(d: Diagnostic, file: str, line: int, col: int, *words: str, hint: str | None = None) -> None:
    assert (d.loc.file, d.loc.line, d.loc.col) == (file, line, col), str(d)
    for word in words:
        assert word in d.message, f"{word!r} not in {str(d)!r}"
    if hint is not None:
        assert d.hint is not None and hint in d.hint, f"hint {hint!r} not in {str(d)!r}"
    assert d.severity == "warning"


# ----- the deck --------------------------------------------------------------------------------


def test_starting_hands_that_take_the_whole_deck(write, default_text):
    d = only_warning(write(EXTENDS + "rules:\n  starting_hand: 7\n"))
    assert_warning(d, "v.yaml", 3, 3, "the starting hands take the whole deck of 28 cards", "leaving none to draw")
    assert notes_at(d) == [
        (base_loc(default_text, "  cards:", "cards"), "the deck's 28 cards are listed here"),
        (base_loc(default_text, "    - players: 4", "4"), "the setup for 4 players is here"),
    ]


def test_starting_hands_that_leave_fewer_cards_than_players(write):
    text = EXTENDS + "rules:\n  starting_hand: 7\ndeck:\n  cards:\n    - {id: hurricane, count: 6}\n"
    d = only_warning(write(text))
    # 30 cards, 28 dealt: reported at the house rule's first clashing value, its card list
    assert_warning(d, "v.yaml", 5, 3, "take 28 of the deck's 30 cards", "leaving 2 to draw")


def test_an_empty_deck_with_a_fortune_face_and_spaces(write):
    d = only_warning(write(EXTENDS + "rules:\n  starting_hand: 0\n" + EMPTY_DECK))
    assert_warning(d, "v.yaml", 5, 3, "the deck is empty", "'fortune' face and the Fortune spaces draw nothing")


def test_every_bundled_variant_has_no_warnings():
    from engine.resources import bundled_variant_names

    for name in bundled_variant_names():
        assert check_variant(name).diagnostics == [], name


# ----- the command -----------------------------------------------------------------------------


def test_warnings_alone_exit_0_and_are_counted(write, capsys):
    write(EXTENDS + "rules:\n  starting_hand: 7\n")
    assert main(["check", "v.yaml"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("v.yaml:3:3: warning: the starting hands take the whole deck")
    assert lines[-2].startswith("v.yaml: ok: ")
    assert lines[-1] == "checked 1 variant: no errors, 1 warning"


def test_strict_counts_warnings_as_problems(write, capsys):
    write(EXTENDS + "rules:\n  starting_hand: 7\n")
    assert main(["check", "--strict", "v.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert not any(": ok: " in line for line in lines)
    assert lines[-1] == "checked 1 variant: 1 with problems, 1 warning"


def test_errors_and_warnings_are_both_counted(write, capsys):
    write(EXTENDS + "rules:\n  starting_hand: 7\n", "warned.yaml")
    write(EXTENDS + "rulez: 1\n", "broken.yaml")
    assert main(["check", "warned.yaml", "broken.yaml"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "checked 2 variants: 1 with problems, 1 error, 1 warning"


@pytest.mark.parametrize("strict", [False, True])
def test_json_gives_the_severity_and_ok_follows_strict(write, capsys, strict):
    write(EXTENDS + "rules:\n  starting_hand: 7\n")
    assert main(["check", "--format", "json", "v.yaml"] + ["--strict"] * strict) == int(strict)
    [report] = json.loads(capsys.readouterr().out)
    assert report["ok"] is (not strict)
    [problem] = report["problems"]
    assert (problem["severity"], problem["line"], problem["column"]) == ("warning", 3, 3)
