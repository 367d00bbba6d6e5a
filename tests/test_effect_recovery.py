"""Every syntax error of an effect in one pass: the parser goes on after a wrong line, each
error keeps its exact place, and mending one line never makes errors appear on good ones."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atb_words import parse_effect, parse_effect_all
from engine import load_variant
from engine.effects.check import EffectContext, check_program
from engine.effects.parser import EffectSyntaxError
from engine.effects.recovery import MAX_RECOVERY_CHARS, MAX_SYNTAX_ERRORS, Budget
from engine.resources import bundled_variant_names
from engine.variant.load import check_variant
from test_check_bad_input import EXTENDS, assert_at, new_card
from test_fuzz import effect_texts

ZONES = frozenset({"red", "blue", "yellow", "green"})


def errors(text: str) -> list[tuple[int, int, str]]:
    return [(e.line, e.col, e.message) for e in parse_effect_all(text).errors]


def statements(text: str) -> list[tuple[str, int]]:
    program = parse_effect_all(text).program
    assert program is not None
    return [(type(s).__name__, s.line) for s in program.statements]


# ----- one effect, many mistakes -----------------------------------------------------------------


def test_three_wrong_lines_give_three_errors_and_the_good_lines_parse():
    text = 'choose hotel P\nbuld 1 on P\nremove top of P )\ndraw 1 for\nsay "done"'
    assert errors(text) == [
        (2, 1, "unexpected 'buld'"),
        (3, 17, "unexpected ')'"),
        (4, 11, "unexpected end of line"),
    ]
    assert statements(text) == [("Choose", 1), ("Say", 5)]


def test_the_first_error_is_the_one_parse_effect_raises():
    text = "draw 1\ndraw 1 for\nbuld 2"
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    first, raised = parse_effect_all(text).errors[0], info.value
    assert (first.line, first.col, first.message, first.hint) == (raised.line, raised.col, raised.message, raised.hint)


def test_a_wrong_line_inside_a_block_leaves_the_rest_of_the_block():
    text = "repeat 2 times:\n  choose hotel P\n  remove top of P P\n  draw 1\ndraw 2"
    assert errors(text) == [(3, 19, "unexpected 'P'")]
    (repeat, draw) = parse_effect_all(text).program.statements
    assert [type(s).__name__ for s in repeat.body] == ["Choose", "Draw"] and draw.line == 5


def test_a_wrong_header_keeps_its_block_whose_own_mistakes_are_found():
    text = "for each hotel P wher top of P is me:\n  remove top of P\n  bild 1 on P\ndraw 1"
    assert errors(text) == [(1, 18, "unexpected 'wher'"), (3, 3, "unexpected 'bild'")]
    program = parse_effect_all(text).program
    stand_in, draw = program.statements
    assert [type(s).__name__ for s in stand_in.then] == ["RemoveTop"] and draw.line == 4


def test_an_else_after_a_wrong_one_line_if_is_no_mistake_of_its_own():
    assert errors("if me iz last: draw 1\nelse: draw 2\ndraw 3") == [(1, 7, "unexpected 'iz'")]


def test_a_line_that_lost_its_indentation_under_a_header_is_one_mistake():
    text = "repeat 2 times:\nchoose hotel P\n  offer reaction to top of P\n  remove top of P"
    ((line, col, message),) = errors(text)
    assert (line, col) == (2, 1) and "should be indented" in message


def test_a_header_with_nothing_under_it_at_the_end_is_pointed_at_its_colon():
    ((line, col, message),) = errors("draw 1\nfor each player X:  # everyone")
    assert (line, col, message) == (2, 18, "nothing is indented under this ':'")


def test_lines_indented_for_no_block_are_one_mistake():
    text = "let X = 1\n    draw X\n      draw 2\ndraw 3"
    assert errors(text) == [(2, 5, "this line is indented, but no block starts above it")]
    assert statements(text) == [("Let", 1), ("Draw", 4)]


def test_lines_whose_indentation_matches_no_block_are_one_mistake():
    text = "repeat 2 times:\n    draw 1\n  draw 2\n  draw 3\nbuld 4"
    assert errors(text) == [
        (3, 3, "this line's indentation does not match any enclosing block"),
        (5, 1, "unexpected 'buld'"),
    ]


def test_refusals_while_building_the_tree_are_all_found_with_the_grammar_errors():
    text = "choose property if\ndraw 99999999999\nlet value = 3\nbuld 1"
    assert [(line, col) for line, col, _ in errors(text)] == [(1, 17), (2, 6), (3, 5), (4, 1)]


def test_two_refusals_on_one_line_are_both_reported_and_a_refused_header_keeps_its_block():
    text = "if 99999999999 > 99999999999:\n  draw 99999999999\n  draw 1\ndrw"
    assert [(line, col) for line, col, _ in errors(text)] == [(1, 4), (1, 18), (2, 8), (4, 1)]
    (stand_in,) = parse_effect_all(text).program.statements
    assert [(type(s).__name__, s.line) for s in stand_in.then] == [("Draw", 3)]


def test_a_parenthesis_carries_a_statement_over_lines_and_the_whole_of_it_is_left_out():
    text = "if (me is last and\n    me iz leader):\n    draw 1\ndrw 2"
    assert errors(text) == [(2, 8, "unexpected 'iz'"), (4, 1, "unexpected 'drw'")]


def test_a_tab_inside_a_line_is_reported_and_the_search_goes_on():
    assert errors("draw 1\ndraw\t2\ndrw 3") == [(2, 5, "tab character in effect"), (3, 1, "unexpected 'drw'")]


def test_a_tab_in_an_indentation_stops_the_search_after_every_tab_is_reported():
    result = parse_effect_all("repeat 2 times:\n\tdraw 1\n\tdrw 2\ndraw\t3")
    assert [(e.line, e.col) for e in result.errors] == [(2, 1), (3, 1), (4, 5)]
    assert result.program is None


def test_past_the_most_mistakes_one_effect_may_list_a_note_says_the_search_stopped():
    result = parse_effect_all("\n".join(["buld 1"] * (MAX_SYNTAX_ERRORS + 5)))
    assert len(result.errors) == MAX_SYNTAX_ERRORS + 1 and result.program is None
    assert "stopped looking" in result.errors[-1].message


def test_the_search_stops_when_the_checks_budget_is_spent():
    budget = Budget()
    text = "buld 1\n" * 1000  # 7,000 characters
    for _ in range(MAX_RECOVERY_CHARS // len(text) + 1):
        parse_effect_all(text, budget)
    assert budget.chars < len(text)
    (only,) = parse_effect_all(text, budget).errors
    assert (only.line, only.col) == (1, 1)


def test_a_mistake_that_leaves_nothing_to_parse_is_reported_alone():
    assert errors("   \n") == [(1, 1, "effect is empty; write at least one statement")]
    assert parse_effect_all("draw " + "(" * 40 + "1" + ")" * 40).program is None


# ----- the check of a variant --------------------------------------------------------------------


def cards(*effects: str) -> str:
    """A variant adding one card for each effect, `card0`, `card1`, ..."""
    text = EXTENDS + "deck:\n  cards:\n"
    for i, effect in enumerate(effects):
        body = "".join(f"        {line}\n" for line in effect.split("\n"))
        text += f"    - id: card{i}\n      name: Card {i}\n      count: 1\n      text: Text.\n"
        text += f"      timing: end_of_turn\n      effect: |\n{body}"
    return text


def diagnostics(text: str, write) -> list:
    result = check_variant(write(text))
    assert result.variant is None
    return result.diagnostics


def test_a_card_with_three_wrong_lines_gets_three_errors_at_their_place_in_the_file(write):
    body = "      effect: |\n        choose hotel P\n        buld 1 on P\n        remove top of P )\n        draw 1 for\n"
    found = diagnostics(new_card(body), write)
    assert len(found) == 3, "\n".join(map(str, found))
    assert_at(found[0], "v.yaml", 11, 9, "effect of card 'new_card'", "unexpected 'buld'")
    assert_at(found[1], "v.yaml", 12, 25, "unexpected ')'")
    assert_at(found[2], "v.yaml", 13, 19, "unexpected end of line")


def test_six_wrong_cards_get_six_errors(write):
    wrong = {  # the wrong line of each card, and the column of its mistake in the file
        "choose hotel P )": 24,
        "draw 1 for": 19,
        "buld 1": 9,
        "if me is last": 22,
        "say hi": 13,
        "draw": 13,
    }
    effects = ["draw 1\nchoose hotel P )", "draw 1 for", "buld 1", "if me is last\n  draw 1", "say hi", "draw 1\ndraw"]
    text = cards(*effects)
    found = diagnostics(text, write)
    places = [text.splitlines().index("        " + line) + 1 for line in wrong]
    assert [(d.loc.line, d.loc.col) for d in found] == list(zip(places, wrong.values())), "\n".join(map(str, found))
    assert [d.message.split(":")[0] for d in found] == [f"effect of card 'card{i}'" for i in range(6)]


def test_what_did_parse_in_a_card_with_a_syntax_error_is_still_checked(write):
    body = "      effect: |\n        choose zone Z\n        buld 1 on Z\n        build 1 on Z\n"
    found = diagnostics(new_card(body), write)
    assert len(found) == 2, "\n".join(map(str, found))
    assert_at(found[0], "v.yaml", 11, 9, "unexpected 'buld'")
    assert_at(found[1], "v.yaml", 12, 20, "where to build must be a property, but this is a zone")


def test_a_name_after_a_wrong_line_is_not_also_unknown_but_one_before_it_still_is(write):
    """The wrong line may be where P was made (or would be, once its name is written back)."""
    body = "      effect: |\n        draw N\n        choose hotl P\n        remove top of P\n"
    found = diagnostics(new_card(body), write)
    assert len(found) == 2, "\n".join(map(str, found))
    assert_at(found[0], "v.yaml", 10, 14, "unknown name 'N'")
    assert_at(found[1], "v.yaml", 11, 9, "there is no kind of thing 'hotl'", hint="did you mean 'hotel'?")


# ----- mending never invents errors on good lines ----------------------------------------------------


def _broken(line: str, rng: random.Random) -> str:
    """The line with one mistake a person might make."""
    words = line.split(" ")
    spot = rng.randrange(len(words) + 1)
    how = rng.choice(["insert", "delete", "double", "indent", "dedent"])
    if how == "indent":
        return "  " + line
    if how == "dedent":
        return line[2:] if line.startswith("  ") else line + " )"
    if how == "insert":
        return " ".join(words[:spot] + [rng.choice(["@", ")", "(", "buld", ":", "of", "=", "where", '"'])] + words[spot:])
    filled = [i for i, word in enumerate(words) if word]
    index = rng.choice(filled)
    if how == "delete" and len(filled) > 1:
        return " ".join(words[:index] + words[index + 1 :])
    return " ".join(words[: index + 1] + words[index:])


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_variant_names())
def test_one_broken_line_in_any_bundled_effect_is_reported_on_or_after_it_and_only_once(name):
    """Every line of every card's effect, broken in a few ways: the problems found (syntax,
    then names and kinds of what still parsed) all sit on the broken line or after it, and
    there is at most one syntax error, and problems on three lines at most: a header moved
    out of its loop leaves each of its names unknown on its line, the loop's name unknown
    in the block under it, and the next line of the loop matching no block (Monopoly
    Builder's `if W is ...:` under `for each opponent O`, losing its indentation)."""
    from engine.variant.load import effect_context

    variant = load_variant(name)
    contexts: dict = {}
    # a house rule's cards that are its base's, word for word, are the base's test
    base = load_variant(Path(variant.files[1]).stem) if len(variant.files) > 1 else None
    inherited = {(c.id, c.timing, c.effect.source) for c in base.cards} if base is not None else set()
    for card in variant.cards:
        if (card.id, card.timing, card.effect.source) in inherited:
            continue
        lines = card.effect.source.split("\n")
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            for attempt in range(4):
                rng = random.Random(f"{name}/{card.id}/{number}/{attempt}")
                text = "\n".join(lines[: number - 1] + [_broken(line, rng)] + lines[number:])
                parsed = parse_effect_all(text)
                found = [(e.line, e.message) for e in parsed.errors]
                if parsed.program is not None:
                    context = contexts.setdefault(card.timing, effect_context(name, card.timing, False))
                    found += [(p.line, p.message) for p in check_program(parsed.program, context, parsed.missing_from)]
                assert all(at >= number for at, _ in found), (text, found)
                assert len(parsed.errors) <= 1 and len({at for at, _ in found}) <= 3, (text, found)


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(st.one_of(effect_texts(), st.text(max_size=120)))
def test_any_text_gives_errors_inside_it_in_order_and_what_parsed_can_be_checked(text):
    parsed = parse_effect_all(text)
    lines = text.split("\n")
    places = [(e.line, e.col) for e in parsed.errors]
    assert places == sorted(places)
    for error in parsed.errors:
        assert 1 <= error.line <= len(lines) + 1 and 1 <= error.col <= max(map(len, lines)) + 2 and error.message
    if parsed.program is not None:
        assert bool(parsed.errors) == (parsed.missing_from is not None)
        for timing in ("end_of_turn", "after_roll", "reaction"):
            for problem in check_program(parsed.program, EffectContext(ZONES, timing), parsed.missing_from):
                assert 1 <= problem.line <= len(lines) and problem.message
