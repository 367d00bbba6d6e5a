"""The four worst messages an author met writing a whole game from the docs (issue 27, section 3),
each now said once, where the mistake is, in words that name it.

Each variant below extends the bundled default and changes a few lines, as an author would.
"""

from __future__ import annotations

from pathlib import Path

from engine.variant.load import check_variant
from engine.variant.yamlsource import parse_yaml, text_position
from test_check_bad_input import EXTENDS, assert_at, only, problems


def test_a_counter_named_after_a_word_that_begins_a_value_is_refused_where_it_is_named(write):
    # Before: accepted, and every later `total of me` failed with "unexpected 'me' (expected 'for')".
    path = write(EXTENDS + "counters:\n  total: {each: player, reset: never}\n")
    assert_at(only(path), "v.yaml", 3, 3, "'total' is reserved", "a word of the effect language", "could never be read",
              hint="my_total")


def test_a_zone_number_named_after_a_word_is_refused_where_it_is_named(write):
    path = write(EXTENDS + "board:\n  zones:\n    - id: red\n      numbers: {count: [1, 2, 3, 4, 5]}\n")
    told = [d for d in problems(path) if "word of the effect language" in d.message]
    assert len(told) == 1
    assert_at(told[0], "v.yaml", 5, 17, "a number named 'count' could never be read")


def test_a_word_menu_of_one_word_says_so_rather_than_expecting_a_comma(write):
    # Before: "unexpected end of line (expected ',')".
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    choose word W from "roll"\n')
    assert_at(only(path), "v.yaml", 4, 5, "a word menu offers at least two words", '"roll"', hint='"pass"')


def test_an_error_in_a_folded_block_points_at_its_own_line(write):
    # `>-` folds the text: before, every error pointed at the block's first line.
    path = write(EXTENDS + "hooks:\n  start_of_turn: >-\n    add 1 to budget\n\n    add 1 to bdget\n")
    assert_at(only(path), "v.yaml", 6, 5, "no counter 'bdget'")


def test_a_default_discard_pile_held_by_each_space_is_told_once_not_once_a_card(write):
    # Before: "'discard' is a pile of each space; a card discard to ..." once for each of the cards.
    path = write(EXTENDS + "piles:\n  discard: {name: info, each: space, seen_by: everyone}\n"
                 "  deck: {name: deck, each: space, seen_by: nobody}\n")
    told = [d for d in problems(path) if "discarded to it" in d.message]
    assert len(told) == 1
    assert_at(told[0], "v.yaml", 3, 3, "'discard' is a pile of each space", "20 cards", "leaving out 'discard_to'")


def test_folded_text_maps_every_character_back_to_where_it_was_written():
    text = ("a: >-\n  add 1 to budget\n  and more here\n\n  then\n   indented\n  back\n"
            "b: >+\n\n  lead\n  joined\n\n")
    document = parse_yaml(text, "f.yaml")
    source = text.split("\n")
    for key in "ab":
        value_loc = document.value_locs[key]
        assert value_loc.folded is not None
        for number, line in enumerate(document[key].split("\n"), 1):
            for col, char in enumerate(line, 1):
                if char == " ":
                    continue  # a space may be a line break folded away
                loc = text_position(value_loc, number, col)
                assert source[loc.line - 1][loc.col - 1] == char, (key, number, col)


def test_a_game_without_a_board_or_dice_leaves_both_keys_out_and_cannot_roll(write):
    """Issue 27, 2.14: `dice:` and a board are optional, for games without them."""
    source = (Path(__file__).parent / "data" / "hand-cards.yaml").read_text(encoding="utf-8")
    assert "\nboard:" not in source and "\ndice:" not in source
    assert check_variant(write(source)).ok
    rolling = source.replace('turn: |\n', 'turn: |\n  roll dice D\n', 1)
    (d,) = problems(write(rolling))
    assert "this variant has no die" in d.message


def test_the_cost_of_a_count_of_cards_counts_a_shared_deck_once():
    """A 16-card deck of the table is 16 cards at any number of players; the check counted
    each card once a player ('a count over 64 cards' at 4 players), and a game without a
    board at the largest any game may hold, 1,000."""
    from engine.variant.load import effect_context

    sizes = effect_context(Path(__file__).parent / "data" / "hand-cards.yaml", "hand").sizes
    assert sizes.cards == 16
