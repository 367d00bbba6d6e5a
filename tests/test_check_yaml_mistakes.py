"""The YAML mistakes people make most, each said in plain words at the line to change.

PyYAML fails where its reading stops, which is often a line after the mistake, or the end of
the file; `engine/variant/yamlerrors.py` finds the real place. Each test gives the message a
person used to get (from PyYAML) in a comment, and checks the exact file:line:col now given.
Line numbers count the `extends:` line as 1.
"""

from __future__ import annotations

from test_check_bad_input import EXTENDS, assert_at, only

# ----- indentation -----------------------------------------------------------------------------


def test_key_indented_more_than_the_key_above_it(write):
    # was 3:18 "mapping values are not allowed here", at the ':' of the line
    d = only(write(EXTENDS + "rules:\n  starting_hand: 3\n   cards_per_turn: 2\n"))
    assert_at(d, "v.yaml", 4, 4, "'cards_per_turn' is indented more than 'starting_hand' on line 3",
              hint="move 'cards_per_turn' to column 3")


def test_key_indented_wrong_is_found_on_the_line_above_the_failure(write):
    # line 4 `   length: 40` is one space short; PyYAML failed a line later, at 5:19
    d = only(write(EXTENDS + "board:\n  track:\n   length: 40\n    follows: value\n"))
    assert_at(d, "v.yaml", 4, 4, "'length' is indented differently from the lines around it",
              hint="move it to column 5, like 'follows' on line 5")


def test_key_indented_less_than_its_group_lines_up_with_nothing(write):
    # was 5:2 "expected <block end>, but found '<block mapping start>' (while parsing a block mapping at line 1)"
    d = only(write(EXTENDS + "name: Indent\nrules:\n  starting_hand: 3\n cards_per_turn: 2\n"))
    assert_at(d, "v.yaml", 5, 2, "'cards_per_turn' is indented to column 2, which lines up with no key above it",
              hint="line it up with 'starting_hand' on line 4, column 3, or with 'rules' on line 3, column 1")


def test_key_of_a_list_item_indented_more_than_the_first_key(write):
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricane\n        count: 2\n"))
    assert_at(d, "v.yaml", 5, 9, "'count' is indented more than 'id' on line 4", hint="column 7")


def test_list_item_at_the_wrong_level(write):
    # was 6:4 "expected <block end>, but found '<block sequence start>' (while parsing a block mapping at line 3)"
    d = only(write(EXTENDS + "deck:\n  cards:\n  - id: hurricane\n    count: 2\n   - id: windfall\n    count: 1\n"))
    assert_at(d, "v.yaml", 6, 4, "this '- ' item is indented differently from the items of its list",
              hint="move the '-' to column 3, like line 4")


def test_list_item_indented_under_the_item_above(write):
    # was 6:7 "expected <block end>, but found '-' (while parsing a block mapping at line 4)"
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: hurricane\n      count: 2\n      - id: windfall\n"))
    assert_at(d, "v.yaml", 6, 7, "this '- ' item is indented differently", hint="move the '-' to column 5, like line 4")


def test_list_item_among_keys(write):
    d = only(write(EXTENDS + "rules:\n  starting_hand: 3\n  - cards_per_turn: 2\n"))
    assert_at(d, "v.yaml", 4, 3, "a '- ' list item where the lines above it at this indentation are 'key: value' lines",
              hint="remove the '- '")


def test_key_among_list_items(write):
    # was 4:3 "expected <block end>, but found '?' (while parsing a block collection at line 3)"
    d = only(write(EXTENDS + "rules:\n  - starting_hand: 3\n  cards_per_turn: 2\n"))
    assert_at(d, "v.yaml", 4, 3, "'cards_per_turn' is a 'key: value' line", "'- ' list items",
              hint="start it with '- ' like them, or move it to column 5")


def test_list_item_without_a_space_after_the_dash(write):
    # was 5:11 "mapping values are not allowed here", on the line after the mistake
    d = only(write(EXTENDS + "players:\n  setups:\n    -players: 2\n     units: 20\n"))
    assert_at(d, "v.yaml", 4, 5, "a '-' that starts a list item needs a space after it", hint="write '- players: 2'")


def test_list_started_on_the_line_of_its_key(write):
    # was 4:12 "YAML syntax error: sequence entries are not allowed here"
    d = only(write(EXTENDS + "dice:\n  colour:\n    faces: - red\n"))
    assert_at(d, "v.yaml", 4, 12, "a '- ' list item cannot start on the same line as 'faces:'", hint="[ ]")


def test_block_text_line_indented_less_than_the_text(write):
    # was 7:6 "expected <block end>, but found '<scalar>' (while parsing a block collection at line 4)"
    text = EXTENDS + "deck:\n  cards:\n    - id: hurricane\n      effect: |\n        choose hotel P\n     remove top of P\n"
    d = only(write(text))
    assert_at(d, "v.yaml", 7, 6, "indented less than the text of 'effect' above it (column 9)", hint="column 9 or more")


def test_folded_text_line_back_at_the_keys_indentation(write):
    # was 8:1 "could not find expected ':' (while scanning a simple key at line 7)"
    text = EXTENDS + "deck:\n  cards:\n    - id: windfall\n      text: >-\n        Play after your roll.\n      Add 5.\n"
    d = only(write(text))
    assert_at(d, "v.yaml", 7, 7, "indented less than the text of 'text' above it")


def test_block_text_not_indented_under_its_key(write):
    # was 7:1 "could not find expected ':' (while scanning a simple key at line 6)"
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: windfall\n      effect: |\n      add 5 to budget\n"))
    assert_at(d, "v.yaml", 6, 7, "the text of 'effect' must be indented more than 'effect' itself", hint="column 9")


def test_block_text_on_the_line_of_its_bar(write):
    # was 5:17 "expected a comment or a line break, but found 'a' (while scanning a block scalar at line 5)"
    d = only(write(EXTENDS + "deck:\n  cards:\n    - id: windfall\n      effect: | add 5 to budget\n"))
    assert_at(d, "v.yaml", 5, 17, "the text after '|' starts on the next line", hint="move it to the line below")


# ----- colons ----------------------------------------------------------------------------------


def test_colon_inside_an_unquoted_value(write):
    # was 2:12 "mapping values are not allowed here"
    d = only(write(EXTENDS + "name: Rules: the Friday edition\n"))
    assert_at(d, "v.yaml", 2, 12, "a ': ' inside a value that is not in quotes",
              hint='put the whole value in quotes: name: "Rules: the Friday edition"')


def test_colon_inside_the_second_line_of_an_unquoted_value(write):
    d = only(write(EXTENDS + "description: Everyone starts with three\n  and the note: youngest first.\n"))
    assert_at(d, "v.yaml", 3, 15, "a ': ' inside a value", hint="'description: >-'")


def test_no_space_after_the_colon(write):
    # was 3:1 "could not find expected ':' (while scanning a simple key at line 2)"
    d = only(write(EXTENDS + "name:Foo\nrules:\n  starting_hand: 3\n"))
    assert_at(d, "v.yaml", 2, 1, "'name:' needs a space after the ':'", hint="write 'name: Foo'")


def test_no_space_after_the_colon_of_a_nested_key(write):
    # a schema problem, not a YAML one: 'rules' holds the text 'starting_hand:3'
    d = only(write(EXTENDS + "rules:\n  starting_hand:3\n"))
    assert_at(d, "v.yaml", 3, 3, "rules must be a mapping", hint="write 'starting_hand: 3'")


def test_no_colon_between_key_and_value(write):
    # was 5:3 "could not find expected ':' (while scanning a simple key at line 4)"
    d = only(write(EXTENDS + "rules:\n  starting_hand: 3\n  cards_per_turn 2\n  new_lots_per_roll: 2\n"))
    assert_at(d, "v.yaml", 4, 3, "this line has no ':' after its key", hint="write 'cards_per_turn: 2'")


def test_no_colon_after_a_key_with_lines_under_it(write):
    # was 3:16 "could not find expected ':' (while scanning a simple key at line 2)"
    d = only(write(EXTENDS + "rules\n  starting_hand: 3\n"))
    assert_at(d, "v.yaml", 2, 1, "no ':' after its key", hint="write 'rules:'")


# ----- comments and quotes ---------------------------------------------------------------------


def test_unquoted_colour_is_a_comment(write):
    # was 6:14 "board.zones[purple].colour must be text, not nothing"
    text = EXTENDS + "board:\n  zones:\n    - id: purple\n      name: Purple\n      colour: #8e44ad\n      values: [5, 6]\n"
    d = only(write(text))
    assert_at(d, "v.yaml", 6, 15, "board.zones[purple].colour is empty", "'#' starts a comment",
              hint='put it in quotes: colour: "#8e44ad"')


def test_unclosed_double_quote_points_at_the_quote(write):
    # was 5:1 "found unexpected end of stream (while scanning a quoted scalar at line 2)"
    d = only(write(EXTENDS + 'name: "Friday Night\nrules:\n  starting_hand: 3\n'))
    assert_at(d, "v.yaml", 2, 7, 'the quote " that starts this text is never closed', hint='end the text with " on the same line')


def test_unclosed_single_quote_points_at_the_quote(write):
    d = only(write(EXTENDS + "board:\n  zones:\n    - id: red\n      name: 'Red\n"))
    assert_at(d, "v.yaml", 5, 13, "the quote ' that starts this text is never closed")


def test_unclosed_quote_that_meets_the_next_quote(write):
    # was 3:15 "expected <block end>, but found '<scalar>' (while parsing a block mapping at line 1)"
    d = only(write(EXTENDS + 'name: "Friday\ndescription: "Fun"\n'))
    assert_at(d, "v.yaml", 2, 7, "is closed only on line 3", hint='end the text with " on line 2')


def test_apostrophe_inside_single_quotes(write):
    # was 2:11 "expected <block end>, but found '<scalar>'"
    d = only(write(EXTENDS + "name: 'It's mine'\n"))
    assert_at(d, "v.yaml", 2, 11, "more text follows the closing quote", hint="'It''s mine'")


def test_backslash_in_double_quotes(write):
    # was 2:11 "found unknown escape character 'p' (while scanning a double-quoted scalar)"
    d = only(write(EXTENDS + 'source: "C:\\path"\n'))
    assert_at(d, "v.yaml", 2, 12, "'\\p'", hint="single quotes")


def test_value_starting_with_a_reserved_character(write):
    # was 2:7 "found character '@' that cannot start any token (while scanning for the next token)"
    d = only(write(EXTENDS + "name: @home\n"))
    assert_at(d, "v.yaml", 2, 7, "cannot start with '@'", hint='write it in quotes: "@home"')


# ----- tabs, brackets, documents ---------------------------------------------------------------


def test_tab_after_spaces_in_the_indentation(write):
    d = only(write(EXTENDS + "rules:\n  starting_hand: 3\n  \tcards_per_turn: 2\n"))
    assert_at(d, "v.yaml", 4, 3, "tab character in YAML indentation", hint="spaces")


def test_tab_between_key_and_value(write):
    # was 3:17 "tab character in YAML indentation", though it is not in the indentation
    d = only(write(EXTENDS + "rules:\n  starting_hand:\t3\n"))
    assert_at(d, "v.yaml", 3, 17, "a tab after the ':'", hint="use a space instead of the tab")


def test_unclosed_brace_points_at_the_brace(write):
    # was 5:7 "expected ',' or '}', but got '{' (while parsing a flow mapping at line 4)"
    d = only(write(EXTENDS + "players:\n  setups:\n    - {players: 2, units: 20\n    - {players: 3, units: 16}\n"))
    assert_at(d, "v.yaml", 4, 7, "the '{' that starts this mapping is never closed", hint="'}'")


def test_missing_comma_in_a_bracketed_list(write):
    # was 4:25 "expected ',' or ']', but got '<scalar>' (while parsing a flow sequence at line 4)"
    d = only(write(EXTENDS + 'dice:\n  colour:\n    faces: [red, "blue" green]\n'))
    assert_at(d, "v.yaml", 4, 25, "a ',' is missing", hint="put a ',' after each item")


def test_second_document(write):
    # was 3:1 "but found another document (expected a single document in the stream at line 1)"
    d = only(write(EXTENDS + "name: x\n---\nname: y\n"))
    assert_at(d, "v.yaml", 3, 1, "'---' starts a second YAML document", hint="remove the '---' line")


def test_a_key_cut_by_a_line_break_only_yaml_sees_is_still_a_message(write):
    """YAML also breaks lines at U+0085 (NEL): the line it names is then not one of the file's
    lines, and the explainer of a missing ':' used to fail on it with a traceback."""
    d = only(write("?\x850"))
    assert_at(d, "v.yaml", 2, 2, "could not find expected ':'")
