"""`check_variant` on bad input: every problem is reported at the file, line and column (1-based)
a person must look at, with a message naming what is wrong, and nothing raises.

Most files extend the bundled default so they stay a few lines long; line numbers in the
comments below are those of the file as written by each test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.diagnostics import Diagnostic, Loc
from engine.variant.load import check_variant

EXTENDS = "extends: winning-moves-2016\n"


# ----- helpers ---------------------------------------------------------------------------------


def problems(path: Path) -> list[Diagnostic]:
    """Every diagnostic for the variant at `path`; the check itself must not raise."""
    result = check_variant(path)
    assert not result.ok, "expected problems, the variant checked clean"
    assert result.variant is None
    assert result.diagnostics
    return result.diagnostics


def only(path: Path) -> Diagnostic:
    diagnostics = problems(path)
    assert len(diagnostics) == 1, "expected one problem, got:\n" + "\n".join(map(str, diagnostics))
    return diagnostics[0]


def assert_at(d: Diagnostic, file: str, line: int, col: int, *words: str, hint: str | None = None) -> None:
    assert (d.loc.file, d.loc.line, d.loc.col) == (file, line, col), str(d)
    for word in words:
        assert word in d.message, f"{word!r} not in {str(d)!r}"
    if hint is not None:
        assert d.hint is not None and hint in d.hint, f"hint {hint!r} not in {str(d)!r}"
    assert d.severity == "error"


def new_card(body: str, timing: str = "end_of_turn") -> str:
    """A variant adding one card; `body` starts at line 9 (6 spaces of indentation)."""
    return EXTENDS + (
        "deck:\n"  # 2
        "  cards:\n"  # 3
        "    - id: new_card\n"  # 4
        "      name: New Card\n"  # 5
        "      count: 1\n"  # 6
        "      text: Does something.\n"  # 7
        f"      timing: {timing}\n"  # 8
    ) + body


def line_of(text: str, line: str) -> int:
    """The 1-based number of the first line equal to `line`."""
    return text.splitlines().index(line) + 1


# ----- reading the file ------------------------------------------------------------------------


def test_empty_file(write):
    d = only(write(""))
    assert_at(d, "v.yaml", 1, 1, "empty")


def test_whitespace_only_file(write):
    d = only(write("  \n\n \t \n   \n"))
    assert_at(d, "v.yaml", 1, 1, "empty")


def test_binary_file_with_nul_bytes(write):
    # a PNG header: the first NUL is at the start of line 3
    d = only(write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"))
    assert_at(d, "v.yaml", 3, 1, "binary")


def test_invalid_utf8(write):
    d = only(write(b"name: x\nedition: ab\xffcd\n"))
    assert_at(d, "v.yaml", 2, 12, "not valid UTF-8")


def test_invalid_utf8_column_counts_characters_not_bytes(write):
    # 'é' is two bytes but one column: the bad byte is the 9th character of line 1
    d = only(write("name: éé".encode() + b"\xff\n"))
    assert_at(d, "v.yaml", 1, 9, "not valid UTF-8")


def test_file_larger_than_one_megabyte(write):
    d = only(write(EXTENDS + "description: " + "x" * 1_100_000 + "\n"))
    assert_at(d, "v.yaml", 1, 1, "1.1 MB", "limited to 1 MB")


# ----- YAML ------------------------------------------------------------------------------------


def test_yaml_syntax_error_unclosed_bracket(write):
    # line 2 opens a flow list that is never closed (PyYAML fails at line 3's ':'): the '[' is column 8
    d = only(write(EXTENDS + "rules: [1, 2\nname: x\n"))
    assert_at(d, "v.yaml", 2, 8, "the '[' that starts this list is never closed", hint="end the list with ']'")


def test_tab_used_for_indentation(write):
    d = only(write(EXTENDS + "rules:\n\tstarting_hand: 3\n"))
    assert_at(d, "v.yaml", 3, 1, "tab", hint="spaces")


def test_duplicate_key_points_at_second_and_names_first_line(write):
    d = only(write(EXTENDS + "name: A\nedition: B\nname: C\n"))
    assert_at(d, "v.yaml", 4, 1, "duplicate key 'name'", "line 2")


def test_top_level_is_a_list(write):
    d = only(write("# a list, not a mapping\n- format: 1\n- name: X\n"))
    assert_at(d, "v.yaml", 2, 1, "top level", "mapping")


def test_top_level_is_a_plain_scalar(write):
    d = only(write("# just a word\nboardwalk\n"))
    assert_at(d, "v.yaml", 2, 1, "top level", "mapping")


def test_alias_reference_rejected(write):
    d = only(write(EXTENDS + "name: &x Boardwalk\nedition: *x\n"))
    assert_at(d, "v.yaml", 3, 10, "alias '*x'", "not allowed")


def test_alias_bomb_rejected_at_its_first_alias(write):
    """A billion laughs: refused at the first alias, before anything is expanded (the
    composer never builds the shared node a second time), so it costs nothing."""
    levels = ["a: &a [" + ", ".join(['"lol"'] * 9) + "]"]
    for previous, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    d = only(write(EXTENDS + "\n".join(levels) + "\n"))
    # the first alias: line 3 is `b: &b [*a, ...`
    assert_at(d, "v.yaml", 3, 8, "alias '*a'", "not allowed")


def test_python_object_tag_rejected(write, tmp_path):
    d = only(write(EXTENDS + "name: !!python/object/apply:os.system ['touch pwned']\n"))
    assert_at(d, "v.yaml", 2, 7, "tag", "python/object/apply:os.system", "not allowed")
    assert not (tmp_path / "pwned").exists()


def test_merge_key_rejected(write):
    d = only(write(EXTENDS + "rules:\n  <<: {starting_hand: 3}\n"))
    assert_at(d, "v.yaml", 3, 3, "merge keys", "'<<'", "not allowed")


def test_deeply_nested_yaml_reported_not_raised(write):
    # 500 nested flow lists: about 1 kB of text
    d = problems(write(EXTENDS + "description: " + "[" * 500 + "]" * 500 + "\n"))[0]
    assert (d.loc.file, d.loc.line) == ("v.yaml", 2)


# ----- the schema ------------------------------------------------------------------------------


def test_unknown_top_level_key_with_hint(write):
    d = only(write(EXTENDS + "rulez:\n  starting_hand: 3\n"))
    assert_at(d, "v.yaml", 2, 1, "unknown key 'rulez'", hint="did you mean 'rules'?")


def test_unknown_nested_key_with_hint(write):
    d = only(write(EXTENDS + "rules:\n  starting_hnd: 3\n"))
    assert_at(d, "v.yaml", 3, 3, "unknown key 'starting_hnd'", "rules", hint="did you mean 'starting_hand'?")


def test_wrong_type_text_where_number_expected(write):
    d = only(write(EXTENDS + "rules:\n  starting_hand: three\n"))
    assert_at(d, "v.yaml", 3, 18, "rules.starting_hand", "whole number", "'three'")


def test_negative_card_count(write):
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricane\n      count: -1\n"))
    assert_at(d, "v.yaml", 5, 14, "deck.cards[hurricane].count", "at least 0", "-1")


def test_enum_typo_with_hint(write):
    d = only(write(EXTENDS + "rules:\n  turn_order: rol\n"))
    assert_at(d, "v.yaml", 3, 15, "rules.turn_order", "'rol'", "'roll'", "'seat'", hint="did you mean 'roll'?")


def test_a_name_of_the_units_is_a_word_or_its_two_forms(write):
    """`players.unit`: 'block', or [die, dice]; anything else is refused where it is written."""
    d = only(write(EXTENDS + "players:\n  unit: 3\n"))
    assert_at(d, "v.yaml", 3, 9, "players.unit", "must be text or a list", "the number 3")
    d = only(write(EXTENDS + "players:\n  unit: \"\"\n"))
    assert_at(d, "v.yaml", 3, 9, "players.unit", "must not be empty")
    d = only(write(EXTENDS + "players:\n  unit: [mouse, mice, mouses]\n"))
    assert_at(d, "v.yaml", 3, 9, "players.unit", "at most 2 items", hint="the two forms, one and many: [die, dice]")
    d = only(write(EXTENDS + "players:\n  unit: [mouse]\n"))
    assert_at(d, "v.yaml", 3, 9, "players.unit", "at least 2 item", hint="a single word takes an 's' for many")


def test_a_name_of_a_counter_is_a_word_or_its_two_forms(write):
    """A counter's `name`, as `players.unit`: 'dump truck', or [die, dice]; anything else is
    refused where it is written."""
    d = only(write(EXTENDS + "counters:\n  budget: {each: game, reset: turn, name: [die, dice, dies]}\n"))
    assert_at(d, "v.yaml", 3, 43, "counters.budget.name", "at most 2 items", hint="[die, dice]")
    d = only(write(EXTENDS + "counters:\n  budget: {each: game, reset: turn, name: {one: die}}\n"))
    assert_at(d, "v.yaml", 3, 43, "counters.budget.name", "must be text or a list", "a mapping")


def test_missing_required_key_in_complete_variant(write, default_text):
    assert "  turn_order: roll\n" in default_text
    text = default_text.replace("  turn_order: roll\n", "")
    d = only(write(text))
    assert_at(d, "v.yaml", line_of(text, "rules:"), 1, "rules", "missing", "'turn_order'")


# ----- card effects: syntax --------------------------------------------------------------------


def test_effect_syntax_error_in_block_scalar(write):
    # line 11 is `        build 1 on P)`: the stray ')' is column 21
    d = only(write(new_card("      effect: |\n        choose property P\n        build 1 on P)\n")))
    assert_at(d, "v.yaml", 11, 21, "effect of card 'new_card'", "unexpected ')'")


def test_effect_syntax_error_in_double_quoted_string(write):
    # line 9: the opening quote is column 15, so the ';' (18th character of the text) is column 33
    d = only(write(new_card('      effect: "choose property P; build 1 on P"\n')))
    assert_at(d, "v.yaml", 9, 33, "effect of card 'new_card'", "unexpected character ';'")


def test_effect_syntax_error_column_after_escape_in_double_quoted_string(write):
    # line 9 is `      effect: "say \"hi\" @"`: the '@' is column 27 of the file (25 is reported)
    d = only(write(new_card('      effect: "say \\"hi\\" @"\n')))
    assert_at(d, "v.yaml", 9, 27, "unexpected character '@'")


def test_effect_syntax_error_column_in_block_scalar_with_indentation_indicator(write):
    # `|2` puts the content at column 9; the text's first line keeps 3 more spaces, so ')' is column 29
    d = only(write(new_card("      effect: |2\n           choose property P)\n")))
    assert_at(d, "v.yaml", 10, 29, "unexpected ')'")


def test_effect_inconsistent_dedent(write):
    # line 12 dedents to 10 spaces, matching neither the block (12) nor the card (8)
    body = "      effect: |\n        repeat 2 times:\n            choose property P\n          build 1 on P\n"
    d = only(write(new_card(body)))
    assert_at(d, "v.yaml", 12, 11, "indentation does not match")


def test_effect_tab(write):
    # line 11: 9 spaces then a tab (column 10) inside the block
    d = only(write(new_card("      effect: |\n        repeat 2 times:\n         \tdraw 1\n")))
    assert_at(d, "v.yaml", 11, 10, "tab character in effect", hint="spaces")


def test_effect_reserved_word_as_variable(write):
    # line 10 is `        choose property if`: 'if' is column 25
    d = only(write(new_card("      effect: |\n        choose property if\n")))
    assert_at(d, "v.yaml", 10, 25, "'if'", "cannot name")


def test_effect_deeply_nested_parentheses_reported_not_raised(write):
    # 200 nested parentheses: about 400 characters, far under the 10,000-character limit
    d = problems(write(new_card('      effect: "draw ' + "(" * 200 + "1" + ")" * 200 + '"\n')))[0]
    assert (d.loc.file, d.loc.line) == ("v.yaml", 9)
    assert "effect of card 'new_card'" in d.message


# ----- card effects: names and kinds -----------------------------------------------------------


def test_effect_unknown_name_with_hint(write):
    # line 10 is `        choose property P in gren`: 'gren' is column 30
    d = only(write(new_card("      effect: |\n        choose property P in gren\n        build 1 on P\n")))
    assert_at(d, "v.yaml", 10, 30, "unknown name 'gren'", hint="did you mean 'green'?")


def test_effect_wrong_kind_zone_where_property_expected(write):
    # line 11 is `        build 1 on Z`: 'Z' is column 20
    d = only(write(new_card("      effect: |\n        choose zone Z\n        build 1 on Z\n")))
    assert_at(d, "v.yaml", 11, 20, "must be a property", "a zone")


def test_effect_cancel_outside_reaction_card(write):
    d = only(write(new_card("      effect: |\n        cancel\n")))
    assert_at(d, "v.yaml", 10, 9, "'cancel'", "reaction")


def test_effect_add_to_budget_outside_after_roll_card(write):
    d = only(write(new_card("      effect: |\n        add 5 to budget\n")))
    assert_at(d, "v.yaml", 10, 9, "budget", "after_roll")


# ----- meaning ---------------------------------------------------------------------------------


def test_reacts_to_unknown_card_with_hint(write):
    # line 9 is `      reacts_to: [huricane]`: the name is column 19
    d = only(write(new_card("      reacts_to: [huricane]\n      effect: cancel\n", timing="reaction")))
    assert_at(d, "v.yaml", 9, 19, "'huricane'", "not a card", hint="did you mean 'hurricane'?")


def test_reaction_card_without_reacts_to(write):
    # reported at the `timing:` key on line 8
    d = only(write(new_card("      effect: cancel\n", timing="reaction")))
    assert_at(d, "v.yaml", 8, 7, "reaction card 'new_card'", "reacts_to")


def test_colour_die_face_unknown_zone_with_hint(write):
    d = only(write(EXTENDS + "dice:\n  colour:\n    faces: [red, blu, yellow, green, wild, fortune]\n"))
    assert_at(d, "v.yaml", 4, 18, "colour die face 'blu'", hint="did you mean 'blue'?")


def test_fortune_space_beyond_track_length(write):
    d = only(write(EXTENDS + "board:\n  track:\n    length: 61\n    marks:\n      fortune: [10, 20, 70]\n"))
    assert_at(d, "v.yaml", 6, 25, "Fortune space 70", "beyond the end of the track", "61")


def test_deck_too_small_for_starting_hands(write):
    text = EXTENDS + (
        "rules:\n"  # 2
        "  starting_hand: 20\n"  # 3
        "deck:\n"  # 4
        "  cards:\n"  # 5
        "    - id: hurricane\n"  # 6
        "      count: 0\n"  # 7
    )
    d = only(write(text))
    assert_at(d, "v.yaml", 5, 3, "the deck holds", "20 cards each need")


def test_duplicate_card_id_in_complete_variant(write, default_text):
    assert "    - id: contract_6\n" in default_text
    text = default_text.replace("    - id: contract_6\n", "    - id: contract_5\n")
    first = line_of(text, "    - id: contract_5")
    second = text.splitlines().index("    - id: contract_5", first) + 1
    d = only(write(text))
    assert_at(d, "v.yaml", second, 11, "'contract_5'", "used twice", f"line {first}")


def test_duplicate_card_id_in_extending_file(write):
    body = (
        "      effect: draw 1\n    - id: new_card\n      name: Again\n      count: 1\n      text: Again.\n"
        "      timing: end_of_turn\n      effect: draw 2\n"
    )
    d = only(write(new_card(body)))
    # the second `- id: new_card` is line 10; the id value is column 11
    assert_at(d, "v.yaml", 10, 11, "'new_card'", "used twice", "line 4")


def test_too_few_seats_for_max_player_count(write):
    text = EXTENDS + (
        "players:\n"  # 2
        "  seats:\n"  # 3
        "    - id: black\n"  # 4
        "      remove: true\n"  # 5
        "    - id: gray\n"  # 6
        "      remove: true\n"  # 7
    )
    d = only(write(text))
    assert_at(d, "v.yaml", 3, 3, "2 seats for up to 4 players")


# ----- extends and remove ----------------------------------------------------------------------


def test_extends_missing_bundled_variant_suggests_name(write):
    d = only(write("extends: winning-moves-2061\n"))
    assert_at(d, "v.yaml", 1, 10, "'winning-moves-2061'", "not a bundled variant", hint="did you mean 'winning-moves-2016'?")


def test_extends_missing_bundled_variant_lists_bundled(write):
    d = only(write("extends: zzzzzz\n"))
    assert_at(d, "v.yaml", 1, 10, "'zzzzzz'", "not a bundled variant", hint="winning-moves-2016")
    assert "bundled variants:" in d.hint


def test_extends_missing_relative_file(write):
    d = only(write("extends: base.yaml\nname: Mine\n"))
    assert_at(d, "v.yaml", 1, 10, "'base.yaml'", "no such file")


@pytest.mark.parametrize("name", ["rules/", "./rules", "rules", "rules.yaml"])
def test_extends_naming_a_folder_says_it_is_a_folder(write, tmp_path, name):
    (tmp_path / name.strip("./")).mkdir()
    d = only(write(f"extends: {name}\nname: Mine\n"))
    assert_at(
        d, "v.yaml", 1, 10, f"'extends' names '{name}', which is a folder", hint="give a variant file in it, ending in .yaml"
    )


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs")
def test_extends_naming_a_fifo_is_refused_not_waited_on(write, tmp_path):
    import os

    os.mkfifo(tmp_path / "base.yaml")
    d = only(write("extends: base.yaml\nname: Mine\n"))
    assert_at(d, "v.yaml", 1, 10, "'base.yaml'", "not a regular file")


def test_extends_cycle_between_two_files(write):
    write("extends: a.yaml\nname: B\n", "b.yaml")
    d = only(write("extends: b.yaml\nname: A\n", "a.yaml"))
    # found where the chain closes: b.yaml's `extends`
    assert_at(d, "b.yaml", 1, 10, "cycle", "a.yaml -> b.yaml -> a.yaml")


def test_extends_path_escaping_the_folder(write):
    write(EXTENDS, "x.yaml")  # exists and is valid, yet outside sub/
    d = only(write("extends: ../x.yaml\n", "sub/v.yaml"))
    assert_at(d, "sub/v.yaml", 1, 10, "'../x.yaml'", "leaves the variant's folder")


def test_remove_id_missing_from_base_with_hint(write):
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricain\n      remove: true\n"))
    assert_at(d, "v.yaml", 5, 7, "cannot remove 'hurricain'", hint="did you mean 'hurricane'?")


def test_remove_in_file_that_does_not_extend(write, default_text):
    assert "    - id: insurance\n" in default_text
    text = default_text.replace("    - id: insurance\n", "    - id: insurance\n      remove: true\n")
    d = only(write(text))
    assert_at(d, "v.yaml", line_of(text, "      remove: true"), 7, "'remove: true'", "'insurance'", "extends")


def test_list_as_card_id_in_extending_file(write):
    found = problems(write(EXTENDS + "deck:\n  cards:\n    - id: [a]\n      count: 1\n"))
    assert any(d.loc == Loc("v.yaml", 4, 11) and "id" in d.message for d in found), found


# ----- everything at once ----------------------------------------------------------------------


def test_several_problems_all_reported_in_file_order(write):
    text = EXTENDS + (
        "rulez: 1\n"  # 2: unknown key
        "rules:\n"  # 3
        "  turn_order: rol\n"  # 4: enum typo
        "  starting_hand: two\n"  # 5: wrong type
        "deck:\n"  # 6
        "  cards:\n"  # 7
        "    - id: hurricane\n"  # 8
        "      effect: |\n"  # 9
        "        choose hotel P\n"  # 10
        "        remove top of gren\n"  # 11: unknown name
    )
    diagnostics = problems(write(text))
    assert [(d.loc.file, d.loc.line, d.loc.col) for d in diagnostics] == [
        ("v.yaml", 2, 1),
        ("v.yaml", 4, 15),
        ("v.yaml", 5, 18),
        ("v.yaml", 11, 23),
    ], "\n".join(map(str, diagnostics))
    assert_at(diagnostics[0], "v.yaml", 2, 1, "unknown key 'rulez'")
    assert_at(diagnostics[1], "v.yaml", 4, 15, "rules.turn_order")
    assert_at(diagnostics[2], "v.yaml", 5, 18, "rules.starting_hand", "whole number")
    assert_at(diagnostics[3], "v.yaml", 11, 23, "unknown name 'gren'")


def test_a_file_with_hundreds_of_schema_problems_lists_the_first_and_says_there_are_more(write):
    from engine.variant.schema import MAX_SCHEMA_PROBLEMS

    seats = "".join(f"    - {{id: s{i}, colour: red}}\n" for i in range(500))
    write("format: 1\nextends: winning-moves-2016\nplayers:\n  seats:\n" + seats)
    result = check_variant(Path("v.yaml"))
    assert len(result.diagnostics) == MAX_SCHEMA_PROBLEMS + 1
    assert result.diagnostics[0].message.startswith(f"more than {MAX_SCHEMA_PROBLEMS} problems against the schema")


def test_a_card_without_an_id_whose_effect_has_a_problem_is_reported_not_a_crash(write):
    write("format: 1\nextends: winning-moves-2016\ndeck:\n  cards:\n    - name: Lost\n      effect: build 1 on gren\n")
    result = check_variant(Path("v.yaml"))
    assert result.diagnostics and all(d.loc.file == "v.yaml" or d.loc.file.endswith(".yaml") for d in result.diagnostics)


def test_a_value_inside_one_of_two_shapes_is_told_what_is_wrong_with_it(write):
    """A score may be text or a mapping, and a mapping's `goal` a number or 'rule NAME': a
    negative goal is told as such, not as 'not valid under any of the given schemas'."""
    path = write("extends: monopoly-chance\nscores:\n  skyline: {most: worth of X, goal: -5}\n")
    assert_at(only(path), "v.yaml", 3, 37, "scores.skyline.goal must be at least 0, not -5")


def test_a_value_of_neither_shape_is_told_the_shapes_it_may_take(write):
    path = write("extends: monopoly-chance\nscores:\n  skyline: 5\n")
    assert_at(only(path), "v.yaml", 3, 12, "scores.skyline must be text or a mapping", "not the number 5")


def test_too_many_counters_are_counted_against_the_limit_not_dumped(write):
    """A mapping past its most entries is told by its count and the limit (issue 27, 2.8):
    the schema's own words quoted the whole mapping."""
    counters = "".join(f"  c{i}: {{each: game, reset: never}}\n" for i in range(100))
    d = only(write(f"extends: winning-moves-2016\ncounters:\n{counters}"))
    assert_at(d, "v.yaml", 3, 3, "counters has 101 entries, more than the 100 allowed")
    assert "{" not in d.message
    assert check_variant(write(f"extends: winning-moves-2016\ncounters:\n{counters[: counters.index('  c99')]}")).ok
