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
from test_check_bad_input import EXTENDS, new_card
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


def purple_zone(values: str = "[9, 10]") -> str:
    return f"board:\n  zones:\n    - id: purple\n      name: Purple\n      colour: \"#8e44ad\"\n      values: {values}\n"


WINDFALLS = (
    "rules:\n"
    "  starting_hand: 1\n"
    "deck:\n"
    "  cards:\n"
    "    - {id: windfall, count: 20}\n"
)
"""Rules and deck for a house rule where only Windfall (which builds nothing) stays in play:
the other cards are set to count 0 by `no_other_cards`."""


def no_other_cards() -> str:
    """Deck items setting every bundled card but Windfall to count 0 (to go under WINDFALLS)."""
    from engine.variant.load import load_variant

    ids = [card.id for card in load_variant("winning-moves-2016").cards if card.id != "windfall"]
    return "".join(f"    - {{id: {card_id}, count: 0}}\n" for card_id in ids)


# ----- zones no roll and no card reaches -------------------------------------------------------


def test_zone_that_no_face_and_no_card_reaches(write, default_text):
    text = EXTENDS + (
        "dice:\n"  # 2
        "  colour:\n"  # 3
        "    faces: [red, blue, yellow, green, fortune]\n"  # 4
    ) + purple_zone() + WINDFALLS + no_other_cards()
    d = only_warning(write(text))
    # line 7 is `    - id: purple`: the id is column 11
    assert_warning(d, "v.yaml", 7, 11, "nothing can ever build in the zone 'purple'", "no 'purple' or 'wild' face",
                   hint="add 'purple' or 'wild' to the colour die's faces")
    assert d.notes == ()


def test_zone_reached_by_a_card_alone_is_fine(write, default_text):
    text = EXTENDS + "dice:\n  colour:\n    faces: [red, blue, yellow, green, fortune]\n" + purple_zone()
    text += WINDFALLS + no_other_cards() + (
        "    - id: purple_permit\n"
        "      name: Purple Permit\n"
        "      count: 1\n"
        "      text: Build on a vacant lot in purple.\n"
        "      timing: end_of_turn\n"
        "      effect: |\n"
        "        choose vacant lot P in purple\n"
        "        build 1 on P\n"
    )
    assert warnings(write(text)) == []


def test_zone_of_the_base_left_unreached_by_the_house_rules_die_is_reported_at_the_die(write, default_text):
    text = EXTENDS + "dice:\n  colour:\n    faces: [red, blue, yellow, fortune]\n" + WINDFALLS + no_other_cards()
    d = only_warning(write(text))
    # line 4 holds the new faces; `faces` is column 5
    assert_warning(d, "v.yaml", 4, 5, "nothing can ever build in the zone 'green'")
    assert notes_at(d) == [(base_loc(default_text, "    - id: green", "green"), "the zone 'green' is here")]


# ----- colour die faces ------------------------------------------------------------------------


def test_die_face_whose_zone_no_roll_can_afford(write):
    text = EXTENDS + "dice:\n  colour:\n    faces: [red, blue, yellow, green, purple, wild]\n" + purple_zone("[18, 19]")
    d = only_warning(write(text))
    # line 4 is the faces: 'purple' is column 39
    assert_warning(d, "v.yaml", 4, 39, "the colour die's 'purple' face can never build", "costs 18",
                   "at most 17 to build with, after-roll cards included")


def test_die_face_affordable_with_windfall_is_fine(write):
    text = EXTENDS + "dice:\n  colour:\n    faces: [red, blue, yellow, green, purple, wild]\n" + purple_zone("[17]")
    assert warnings(write(text)) == []


def test_a_die_of_wild_faces_alone_is_fine(write):
    """A die without a zone face is a deliberate design: every roll lets the roller choose."""
    assert warnings(write(EXTENDS + "dice:\n  colour:\n    faces: [wild, wild, fortune]\n")) == []


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


def test_an_empty_deck_with_a_turn_and_a_hook_that_draw(write):
    d = only_warning(write(EXTENDS + "rules:\n  starting_hand: 0\n" + EMPTY_DECK))
    assert_warning(d, "v.yaml", 5, 3, "the deck is empty", "the turn program and the token_on_mark hook draw nothing")


# ----- cards that can never be played ----------------------------------------------------------


def test_card_whose_first_choose_finds_nothing_on_this_board(write, default_text):
    d = only_warning(write(new_card("      effect: |\n        choose property P where value of P > 100\n        build 1 on P\n")))
    # line 10 is the choose; it starts at column 9
    assert_warning(d, "v.yaml", 10, 9, "card 'new_card' can never be played", "'choose property P' finds nothing",
                   hint="the 20 properties it looks at are worth 1 to 8")
    assert notes_at(d) == [(base_loc(default_text, "  zones:", "zones"), "the zones and their values are set here")]


def test_choose_in_a_zone_finds_nothing_when_the_zone_has_no_such_property(write):
    body = "      effect: |\n        choose vacant lot P in red where value of P >= 6\n        build 1 on P\n"
    d = only_warning(write(new_card(body)))
    assert_warning(d, "v.yaml", 10, 9, "'choose vacant lot P' finds nothing",
                   hint="the 5 properties it looks at are worth 1 to 5")


def test_a_choose_that_depends_on_play_is_fine(write):
    body = "      effect: |\n        choose hotel P where top of P is me and value of P > 7\n        build 1 on P\n"
    assert warnings(write(new_card(body))) == []


def test_a_choose_after_a_possible_stop_is_not_on_every_way_through_the_card(write):
    """Drawing and stopping when last is a way through the card that changes something."""
    body = "      effect: |\n        draw 1\n        if me is last: stop\n        choose property P where value of P > 100\n"
    assert warnings(write(new_card(body + "        build 1 on P\n"))) == []


def test_card_whose_condition_is_never_true(write):
    d = only_warning(write(new_card("      condition: supply of me >= 30\n      effect: draw 1\n")))
    # line 9 is `      condition: supply of me >= 30`: the condition starts at column 18
    assert_warning(d, "v.yaml", 9, 18, "card 'new_card' can never be played: its condition is never true",
                   hint="a player has at most 20 units")


def test_card_whose_condition_counts_more_properties_than_there_are(write):
    d = only_warning(write(new_card("      condition: (count property P where value of P > 5) > 12\n      effect: draw 1\n")))
    assert_warning(d, "v.yaml", 9, 18, "condition is never true")


def test_card_that_builds_more_units_than_any_player_has(write):
    d = only_warning(write(new_card("      effect: |\n        choose property P\n        build 25 on P\n")))
    # line 11 is `        build 25 on P`: the 25 is column 15
    assert_warning(d, "v.yaml", 11, 15, "builds 25 units at once, but no player ever has more than 20",
                   hint="never offered")


def test_with_offer_cards_always_the_choose_is_said_to_stop_the_card(write):
    text = new_card("      effect: |\n        draw 1\n        choose property P where value of P > 100\n        build 1 on P\n")
    d = only_warning(write(text + "rules:\n  offer_cards: always\n"))
    assert_warning(d, "v.yaml", 11, 9, "card 'new_card' never gets past its 'choose property P'")


def test_a_card_of_the_base_made_unplayable_by_the_house_rules_board_is_reported_at_the_board(write, default_text):
    # every property worth 9 or more: the 2016 Contracts (value of P <= 5 ... 8) find nothing
    zones = "".join(
        f"    - {{id: {zone}, values: [9, 10, 11, 12, 13]}}\n" for zone in ("red", "blue", "yellow", "green")
    )
    found = warnings(write(EXTENDS + "board:\n  zones:\n" + zones))
    contracts = [d for d in found if "Contract" in d.message or "contract" in d.message]
    assert [d.message for d in contracts] == [
        f"card '{card}' can never be played: its 'choose property P' finds nothing on any board of this variant"
        for card in ("contract_5", "contract_6", "contract_7", "contract_8")
    ]
    for d in contracts:
        assert (d.loc.file, d.loc.line, d.loc.col) == ("v.yaml", 3, 3)  # the house rule's `zones`
        assert [message for _, message in notes_at(d)] == [f"the card '{d.message.split(chr(39))[1]}' is here"]


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


# ----- the search for warnings is bounded ------------------------------------------------------


def test_the_search_for_warnings_about_cards_stops_at_its_budget_and_says_where(write, monkeypatch):
    """A thousand cards whose conditions are each just under the cost limit took a minute to
    look at: the warnings' search over a variant's cards has a budget (MAX_LINT_STEPS). Past
    it the cards left are not judged, and one warning says so, at the card where it stopped."""
    from engine.variant import lint

    cards = "".join(
        f"    - id: c{i}\n      name: C{i}\n      count: 1\n      text: T.\n      timing: end_of_turn\n"
        f"      condition: (count property P where value of P > {i}) > 0\n      effect: stop\n"
        for i in range(40)
    )
    path = write(EXTENDS + "deck:\n  cards:\n" + cards)
    monkeypatch.setattr(lint, "MAX_LINT_STEPS", 2_000)
    [stopped] = [d for d in warnings(path) if "not all looked at" in d.message]
    assert "took more than 2,000 steps, and stopped at the card 'c" in stopped.message
    assert stopped.loc.file == "v.yaml" and stopped.severity == "warning"
    monkeypatch.setattr(lint, "MAX_LINT_STEPS", 1_000_000)
    assert not [d for d in warnings(path) if "not all looked at" in d.message]


@pytest.mark.parametrize("name", ["winning-moves-2016", "monopoly-chance", "parker-1985"])
def test_every_bundled_variant_is_looked_at_in_full_with_a_hundredth_of_the_budget(name, monkeypatch):
    from engine.resources import variants_dir
    from engine.variant import lint

    monkeypatch.setattr(lint, "MAX_LINT_STEPS", lint.MAX_LINT_STEPS // 100)
    assert not [d for d in check_variant(variants_dir() / f"{name}.yaml").diagnostics if "not all looked at" in d.message]


def test_a_card_that_can_never_be_played_in_a_game_without_a_board_is_warned_of_not_a_crash(write):
    """A game with no board (tests/data/hand-cards.yaml leaves `board` out) whose card asks for
    a player by a property value no board has: the warning's hint says there are no
    properties, where it used to raise ValueError (min() of no values) out of `check`."""
    base = (Path(__file__).parent / "data" / "hand-cards.yaml").read_text(encoding="utf-8")
    card = (
        "    - id: oddity\n      name: Oddity\n      count: 1\n      value: 1\n      text: Odd.\n"
        "      timing: hand\n      discard_to: played\n      effect: |\n"
        "        choose opponent O where worth of O > 1000\n        say \"odd\"\n"
    )
    path = write(base.replace("  cards:\n", "  cards:\n" + card, 1))
    d = only_warning(path)
    assert_warning(d, str(path.name), d.loc.line, d.loc.col, "can never be played", hint="the board has no properties")
    assert main(["check", str(path)]) == 0
