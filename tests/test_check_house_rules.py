"""A house rule that clashes with its base is reported in the house rule, where its author can
act, and the base's side of the clash is named as a note with its own file:line:col.

Each house rule below extends the bundled default; positions in the base are looked up in
its text, so the tests do not break when the bundled file gains a line.
"""

from __future__ import annotations

from engine.diagnostics import Diagnostic, Loc
from engine.resources import variants_dir
from engine.variant.load import check_variant
from engine.variant.merge import shown_path
from test_check_bad_input import EXTENDS, assert_at, only


def base_loc(default_text: str, line_start: str, fragment: str, nth: int = 1) -> Loc:
    """Where `fragment` stands (its `nth` occurrence) on the first line of the bundled default
    that starts with `line_start`, as a note names it."""
    lines = default_text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(line_start))
    col = -1
    for _ in range(nth):
        col = lines[number].index(fragment, col + 1)
    return Loc(shown_path(variants_dir() / "winning-moves-2016.yaml"), number + 1, col + 1)


def notes_at(d: Diagnostic) -> list[tuple[Loc, str]]:
    return [(note.loc, note.message) for note in d.notes]


# ----- the track -------------------------------------------------------------------------------


def test_shorter_track_is_reported_at_the_new_length_naming_the_bases_fortune_spaces(write, default_text):
    d = only(write(EXTENDS + "board:\n  track:\n    length: 40\n"))
    # line 4 is `    length: 40`: the value is column 13
    assert_at(d, "v.yaml", 4, 13, "the track ends at 40", "Fortune spaces 45, 50 and 55 are beyond it",
              hint="new list in this file")
    spaces = "      fortune:"
    assert notes_at(d) == [
        (base_loc(default_text, spaces, "45"), "the Fortune space 45 comes from here"),
        (base_loc(default_text, spaces, "50"), "the Fortune space 50 comes from here"),
        (base_loc(default_text, spaces, "55"), "the Fortune space 55 comes from here"),
    ]


def test_fortune_space_of_the_house_rule_beyond_the_bases_track_names_the_length(write, default_text):
    d = only(write(EXTENDS + "board:\n  track:\n    marks:\n      fortune: [10, 70]\n"))
    assert_at(d, "v.yaml", 5, 21, "Fortune space 70", "beyond the end of the track (61)")
    assert notes_at(d) == [(base_loc(default_text, "    length:", "61"), "the track's length, 61, is set here")]


def test_both_sides_in_the_house_rule_need_no_note(write):
    d = only(write(EXTENDS + "board:\n  track:\n    length: 61\n    marks:\n      fortune: [10, 70]\n"))
    assert_at(d, "v.yaml", 6, 21, "Fortune space 70")
    assert d.notes == ()


# ----- zones, dice, seats, deck ----------------------------------------------------------------


def test_removed_zone_still_on_the_die_is_reported_at_the_removal(write, default_text):
    d = only(write(EXTENDS + "board:\n  zones:\n    - id: red\n      remove: true\n"))
    # line 5 is `      remove: true`
    assert_at(d, "v.yaml", 5, 7, "the zone 'red' is removed", "still has a 'red' face", hint="faces:")
    assert notes_at(d) == [(base_loc(default_text, "    faces: [red", "red"), "the colour die's 'red' face is here")]


def test_die_face_of_the_house_rule_naming_no_zone_points_at_the_face(write, default_text):
    d = only(write(EXTENDS + "dice:\n  colour:\n    faces: [red, purple, wild]\n"))
    assert_at(d, "v.yaml", 4, 18, "colour die face 'purple'", "neither a number, a zone nor one of its symbols")
    assert notes_at(d) == [(base_loc(default_text, "  zones:", "zones"), "the zones are listed here")]


def test_more_players_than_the_bases_seats_is_reported_at_the_new_setup(write, default_text):
    text = EXTENDS + "players:\n  setups:\n    - {players: 2, units: 20}\n    - {players: 5, units: 12}\n"
    d = only(write(text))
    # line 5 is `    - {players: 5, units: 12}`: the 5 is column 17
    assert_at(d, "v.yaml", 5, 17, "4 seats for up to 5 players")
    assert notes_at(d) == [(base_loc(default_text, "  seats:", "seats"), "the 4 seats are listed here")]


def test_starting_hand_too_large_for_the_bases_deck_names_the_deck_and_the_setup(write, default_text):
    d = only(write(EXTENDS + "rules:\n  starting_hand: 8\n"))
    assert_at(d, "v.yaml", 3, 3, "the deck holds 28 cards", "4 players with 8 cards each need 32")
    assert notes_at(d) == [
        (base_loc(default_text, "  cards:", "cards"), "the deck's 28 cards are listed here"),
        (base_loc(default_text, "    - players: 4", "4"), "the setup for 4 players is here"),
    ]


# ----- cards -----------------------------------------------------------------------------------


def test_removing_a_card_another_base_card_answers_is_reported_at_the_removal(write, default_text):
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricane\n      remove: true\n"))
    assert_at(d, "v.yaml", 5, 7, "'hurricane' is removed from the deck", "'insurance' still answers it",
              hint="'count: 0'")
    assert notes_at(d) == [(base_loc(default_text, "      reacts_to:", "hurricane"), "'insurance' names 'hurricane' here")]


def test_dropping_the_offer_from_the_answered_card_is_reported_at_the_new_effect(write, default_text):
    text = EXTENDS + "deck:\n  cards:\n    - id: hurricane\n      effect: |\n        choose hotel P\n        remove top of P\n"
    d = only(write(text))
    # line 5 is `      effect: |`: the value starts at column 15
    assert_at(d, "v.yaml", 5, 15, "'hurricane' never offers a reaction", "'insurance'", hint="offer reaction to")
    assert notes_at(d) == [
        (base_loc(default_text, "      reacts_to:", "hurricane"), "'insurance' answers 'hurricane' here")
    ]


def test_new_timing_for_a_base_card_with_reacts_to_is_reported_at_the_timing(write, default_text):
    text = EXTENDS + "deck:\n  cards:\n    - id: insurance\n      timing: end_of_turn\n      effect: draw 1\n"
    d = only(write(text))
    assert_at(d, "v.yaml", 5, 15, "'reacts_to' only applies to cards with timing 'reaction'", "'end_of_turn'")
    assert notes_at(d) == [(base_loc(default_text, "      reacts_to:", "reacts_to"), "the 'reacts_to' of 'insurance' is here")]


def test_removing_an_unknown_id_names_the_bases_list(write, default_text):
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricain\n      remove: true\n"))
    assert_at(d, "v.yaml", 5, 7, "cannot remove 'hurricain'", hint="did you mean 'hurricane'?")
    first_card = base_loc(default_text, "    - id: contract_5", "-")
    assert notes_at(d) == [(first_card, "the base's cards are listed here")]


# ----- ids across files ------------------------------------------------------------------------


def test_an_id_removed_then_given_again_moves_the_item_to_the_end(write):
    text = EXTENDS + (
        "players:\n"
        "  seats:\n"
        "    - {id: purple, remove: true}\n"
        "    - {id: purple, name: Purple, colour: \"#8e44ad\", token: baby buggy}\n"
    )
    result = check_variant(write(text))
    assert result.diagnostics == []
    assert result.variant is not None
    assert [seat.id for seat in result.variant.seats] == ["white", "black", "gray", "purple"]


def test_an_id_the_base_repeats_is_still_reported_when_a_house_rule_extends_it(write, default_text):
    base = default_text.replace("    - id: contract_6\n", "    - id: contract_5\n")
    write(base, "base.yaml")
    diagnostics = check_variant(write("extends: base.yaml\nname: Mine\n")).diagnostics
    second = base.splitlines().index("    - id: contract_5", base.splitlines().index("    - id: contract_5") + 1) + 1
    assert [(d.loc, d.severity) for d in diagnostics] == [(Loc("base.yaml", second, 11), "error")], diagnostics
    assert "'contract_5' is used twice" in diagnostics[0].message


def test_notes_are_printed_after_their_problem_as_located_lines(write, capsys, default_text):
    from engine.cli import main

    write(EXTENDS + "board:\n  track:\n    length: 50\n")
    assert main(["check", "v.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    space = base_loc(default_text, "      fortune:", "55")
    assert lines == [
        "v.yaml:4:13: error: the track ends at 50, but the Fortune space 55 is beyond it "
        "(give 'marks: fortune:' a new list in this file, each space at most 50)",
        f"{space}: note: the Fortune space 55 comes from here",
        "checked 1 variant: 1 with problems, 1 error",
    ]


def test_notes_in_json_are_a_list_of_file_line_column_message(write, capsys, default_text):
    import json

    from engine.cli import main

    write(EXTENDS + "board:\n  track:\n    length: 50\n")
    assert main(["check", "--format", "json", "v.yaml"]) == 1
    [problem] = json.loads(capsys.readouterr().out)[0]["problems"]
    space = base_loc(default_text, "      fortune:", "55")
    assert problem["notes"] == [
        {"file": space.file, "line": space.line, "column": space.col, "message": "the Fortune space 55 comes from here"}
    ]


def test_a_problem_without_notes_has_an_empty_list_in_json(write, capsys):
    import json

    from engine.cli import main

    write(EXTENDS + "rulez: 1\n")
    main(["check", "--format", "json", "v.yaml"])
    [problem] = json.loads(capsys.readouterr().out)[0]["problems"]
    assert problem["notes"] == []
