"""Kinds of space are words a variant declares (issue 27, 1: neutral nouns). The kernel knows a
space with something on it and one with nothing; "hotel" and "vacant lot" are Advance to
Boardwalk's names for them, given under `kinds:` in its file (docs/variants.md, 3.14).
"""

from __future__ import annotations

import random
from pathlib import Path

from engine import load_variant, new_game
from engine.effects.parser import joined_kinds, parse_effect
from engine.variant.load import check_variant
from engine.visible import visible
from test_check_bad_input import EXTENDS, assert_at, only

ATB = {"hotel": "occupied property", "vacant lot": "vacant property"}


def test_the_kernel_reads_no_hotel_without_a_variant_that_names_it():
    (choose,) = parse_effect("choose hotel P").statements
    assert choose.kind == "hotel"  # left as written: the check refuses it
    (choose,) = parse_effect("choose hotel P", ATB).statements
    assert choose.kind == "occupied property"


def test_a_kind_of_several_words_is_read_as_one_outside_quotes_and_comments():
    text = 'choose vacant   lot P  # a vacant lot\nsay "a vacant lot"\n'
    joined = joined_kinds(text, ATB)
    assert joined == 'choose vacant___lot P  # a vacant lot\nsay "a vacant lot"\n'  # every column where it was
    (choose, say) = parse_effect(text, ATB).statements
    assert choose.kind == "vacant property" and say.text == "a vacant lot"


def test_a_kind_the_variant_does_not_name_is_refused_where_it_is_written_with_a_suggestion(write):
    path = write(EXTENDS + "hooks:\n  start_of_turn: |\n    choose hotl P\n    remove top of P\n")
    assert_at(only(path), "v.yaml", 4, 5, "there is no kind of thing 'hotl'", hint="did you mean 'hotel'?")


def test_a_game_that_names_no_kinds_cannot_say_hotel(write):
    source = (Path(__file__).parent / "data" / "hand-cards.yaml").read_text(encoding="utf-8")
    assert "\nkinds:" not in source
    text = source.replace("turn: |\n", "turn: |\n  for each vacant lot L:\n    stop\n", 1)
    (problem,) = check_variant(write(text)).diagnostics
    assert problem.message == "the turn program: unexpected 'L'"
    assert problem.hint == "if 'vacant lot' is a kind of space, the variant names it under 'kinds:' (docs/variants.md)"


def test_a_house_rule_names_its_own_kind_and_plays_with_it(write):
    text = EXTENDS + (
        "name: Empty lots\n"
        "kinds:\n  empty plot: vacant\n"
        "hooks:\n  start_of_turn: |\n"
        "    if (count empty plot P in red) > 0:\n"
        "      choose empty plot P in red\n"
        "      build 1 on P\n"
    )
    variant = load_variant(write(text))
    assert dict(variant.kinds)["empty plot"] == "vacant property"
    game, choose = new_game(variant, 2, seed=3), random.Random(3)
    built = 0
    while not game.is_over and built == 0:
        events = game.apply(choose.choice(game.legal_actions()))
        built += sum(1 for e in events if e.kind == "build")
    assert built


def test_a_broken_kinds_key_is_told_where_it_is_never_a_traceback(write):
    """Hostile files: a kind's value that is a list, a name with an escape sequence, a kind
    of a word the kernel has not got; each a located message (and the escape shown escaped)."""
    text = EXTENDS + 'kinds:\n  x: [1, 2]\n  "ho\\x1b[31mtel": occupied\n  big: vaccant\n'
    result = check_variant(write(text))
    assert not result.ok
    shown = "\n".join(map(str, result.diagnostics))
    assert len(result.diagnostics) == 3 and all(d.loc.file == "v.yaml" and d.loc.line >= 3 for d in result.diagnostics)
    assert "kinds.x is a list" in shown and "kinds.big" in shown
    assert "\x1b" not in visible(shown)  # what the terminal is given (the one output boundary)
