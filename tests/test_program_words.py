"""A loss that follows the game's own words is the game's doing, and the game's words may
have values in them (issue 47, 3: `say "{X} is out of the round"`): the notices match such a
line whatever values it was said with, and never a card's line of the same shape."""

from __future__ import annotations

from engine import load_variant
from test_bots_value_later import PIG
from tui.notices import program_words


def _variant(write, turn_says: str, card_says: str):
    text = PIG.replace("FACES", "[1, 2, 3, 4, 5, 6]")
    text = text.replace("turn: |\n  set going to 1\n", f"turn: |\n  say \"{turn_says}\"\n  set going to 1\n")
    effect = f'effect: "say \\"{card_says}\\""'
    text = text.replace("timing: never, starts_in: discard}", f"timing: never, starts_in: discard, {effect}}}")
    return load_variant(write(text, "pig.yaml"))


def test_a_programs_words_with_values_match_what_they_were_said_with(write):
    words = program_words(_variant(write, "{me} starts with {banked of me} banked", "A card is played"))
    assert "Red starts with 12 banked" in words
    assert "Blue starts with 0 banked" in words
    assert "Red starts with 12" not in words and "A card is played" not in words


def test_a_cards_words_of_the_same_shape_are_not_the_games(write):
    words = program_words(_variant(write, "{me} is out", "{me} is out"))
    assert "Red is out" not in words


def test_plain_words_still_match_as_written(write):
    words = program_words(_variant(write, "The round is over.", "A card is played"))
    assert "The round is over." in words and "The round is over" not in words
