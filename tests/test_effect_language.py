"""The effect language: what parses, what it means structurally, and where errors point."""

from __future__ import annotations

import pytest

from atb_words import parse_condition, parse_effect
from engine.effects import ast
from engine.effects.check import EffectContext, check_condition, check_program
from engine.effects.parser import EffectSyntaxError

ZONES = frozenset({"red", "blue", "yellow", "green"})


COUNTERS = {"budget": frozenset({"after_roll"})}
"""The default variant's one counter, which only after-roll cards may use."""


def problems(text, timing="end_of_turn"):
    context = EffectContext(ZONES, timing, counters=COUNTERS)
    return [(p.line, p.col, p.message) for p in check_program(parse_effect(text), context)]


def syntax_error(text):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    return info.value


def test_statements_keep_their_line_and_column():
    program = parse_effect("choose hotel P\n\n  # a comment\nremove top of P\n")
    choose, remove = program.statements
    assert (choose.line, choose.col) == (1, 1)
    assert (remove.line, remove.col) == (4, 1)
    assert remove.property == ast.Name(4, 15, "P")


def test_blocks_by_indentation_and_one_line_if():
    program = parse_effect(
        "for each opponent X where cards of X > 3:\n"
        "  if X is leader: discard 2 from X\n"
        "  else:\n"
        "    discard 1 from X\n"
    )
    (loop,) = program.statements
    assert isinstance(loop, ast.ForEach) and loop.kind == "opponent"
    (branch,) = loop.body
    assert isinstance(branch.then[0], ast.Discard) and isinstance(branch.otherwise[0], ast.Discard)


def test_multiword_kinds_and_session_options():
    program = parse_effect("choose vacant   lot P\nbuild up to 8 in red, new lots any, units per new lot 2, at least one")
    choose, session = program.statements
    assert choose.kind == "vacant property"
    assert session.new_lots is None and session.new_lots_given
    assert session.units_per_new_lot == ast.Number(2, 55, 2)
    assert session.at_least_one


def test_session_defaults_come_from_the_variant_rules():
    (session,) = parse_effect("build up to 8 in red").statements
    assert not session.new_lots_given and not session.units_per_new_lot_given and not session.at_least_one


def test_operator_precedence_and_beats_or_times_beats_plus():
    expr = parse_condition("1 + 2 * 3 > 6 or me is last and not me is leader")
    assert expr.op == "or"
    compare, conjunction = expr.operands
    assert compare.left.op == "+" and compare.left.right.op == "*"
    assert conjunction.op == "and" and isinstance(conjunction.operands[1], ast.Not)


def test_syntax_error_points_at_the_unexpected_word():
    error = syntax_error("choose property P\nbuild 1 of P\n")
    assert (error.line, error.col) == (2, 9)
    assert "'of'" in error.message and "'on'" in error.hint


def test_syntax_error_at_end_of_line_points_after_the_last_word():
    error = syntax_error("choose property P where\n")
    assert (error.line, error.col) == (1, 24)
    assert "end of line" in error.message


def test_keywords_cannot_name_things():
    error = syntax_error("choose property if")
    assert (error.line, error.col) == (1, 17)
    assert "'if'" in error.message


def test_inconsistent_dedent_is_reported_on_its_line():
    error = syntax_error("repeat 2 times:\n    stop\n  stop\n")
    assert error.line == 3 and "indentation" in error.message


def test_tabs_and_empty_effects_are_refused():
    assert syntax_error("choose zone Z\n\tstop").message.startswith("tab")
    assert "empty" in syntax_error("  \n").message


def test_unknown_names_get_a_suggestion():
    ((line, col, message),) = problems("choose property P where zone of P is gren\nbuild 1 on P")
    assert (line, col) == (1, 38) and "unknown name 'gren'" in message


def test_kinds_must_fit_their_place():
    assert problems("choose zone Z\nbuild 1 on Z") == [(2, 12, "where to build must be a property, but this is a zone")]
    assert problems("choose hotel P\nif P > 3: stop")[0][2].startswith("'>' compares numbers")
    assert "one kind" in problems("choose hotel P\nif P is me: stop")[0][2]


def test_names_are_scoped_to_their_block():
    assert problems("for each player X:\n  say \"hi\"\nremove top of X")[0][2] == "unknown name 'X'"
    assert "already in use" in problems("choose hotel P\nchoose hotel P")[0][2]
    assert "zone" in problems("choose hotel red")[0][2]


def test_timing_limits_budget_and_cancel():
    assert problems("add 5 to budget", timing="after_roll") == []
    assert "after_roll" in problems("add 5 to budget")[0][2]
    assert problems("cancel", timing="reaction") == []
    assert "reaction" in problems("cancel")[0][2]
    assert "after_roll" in problems("if budget > 3: stop")[0][2]


def test_conditions_must_be_true_or_false():
    context = EffectContext(ZONES)
    assert check_condition(parse_condition("me is last"), context) == []
    (problem,) = check_condition(parse_condition("worth of me"), context)
    assert "true or false" in problem.message


@pytest.mark.parametrize(
    "text",
    [
        # the house rules the foundation issue names
        "repeat 2 times:\n  choose hotel P\n  offer reaction to top of P\n  remove top of P",
        "choose property P where value of P <= 8\nbuild 2 on P",
        "roll zone Z\nfor each hotel P in Z:\n  remove top of P",
        "for each opponent X where cards of X > 3:\n  discard 1 from X",
        # every other construct
        "let N = count property P in red where P is vacant\nchoose number K from 1 to N\ndraw K",
        "roll dice D for me\nroll off highest W among players\nif D >= 7 and W is me: draw 1",
        "choose player X where X is not me and worth of X >= worth of me by me\nmove top of red_hotel to red_hotel",
    ],
)
def test_constructs_parse(text):
    program = parse_effect(text)
    assert program.statements


@pytest.mark.slow
def test_the_shipped_parser_tables_match_the_grammar_and_parse_as_the_built_parser_does():
    """effects-tables.json saves building the parser at every start; after a change to
    effects.lark, `python -m engine.effects.parser` writes it again."""
    import json

    from engine import load_variant
    from engine.effects import parser
    from engine.resources import bundled_variant_names

    grammar = parser.GRAMMAR_PATH.read_text(encoding="utf-8")
    saved = json.loads(parser.TABLES_PATH.read_text(encoding="utf-8"))
    assert saved["key"]["grammar_sha256"] == parser._tables_key(grammar)["grammar_sha256"], (
        "effects.lark changed: run 'python -m engine.effects.parser' to write effects-tables.json again"
    )
    built = parser._built_parser(grammar)
    shipped = parser._saved_parser(grammar)
    if saved["key"]["lark"] != parser._tables_key(grammar)["lark"]:
        assert shipped is None  # another Lark: the parser is built instead
        return
    assert shipped is not None
    sources = {(card.effect.source, variant.kinds) for variant in map(load_variant, bundled_variant_names())
               for card in variant.cards if card.effect.source.strip()}
    assert len(sources) > 20
    for source, kinds in sorted(sources):
        text = parser.joined_kinds(source if source.endswith("\n") else source + "\n", dict(kinds))
        assert shipped.parse(text, start="start") == built.parse(text, start="start")
    for bad in ("if 1 +\n", "remove top of\n", "roll zone\n"):
        with pytest.raises(EffectSyntaxError):
            parse_effect(bad)
    assert shipped.ignore_tokens == built.ignore_tokens
    assert [t.name for t in shipped.terminals] == [t.name for t in built.terminals]


def test_a_minus_sign_in_front_makes_a_number_negative_and_binds_tighter_than_the_operators():
    """effects.md 5, numbers: `add -3 to cash of me` takes 3 away; `2 - -3` is 5; `-3 * 2`
    is (0 - 3) * 2; a minus between two values still subtracts."""
    from engine.effects.check import _ARITH

    def value(expr):
        if isinstance(expr, ast.Number):
            return expr.value
        assert isinstance(expr, ast.Arith)
        return _ARITH[expr.op](value(expr.left), value(expr.right))

    for text, expected in (("-3", -3), ("2 - -3", 5), ("2 - 3", -1), ("2 -3", -1), ("-3 * 2", -6), ("4 - (-1)", 5)):
        assert value(parse_condition(text)) == expected, text
    (statement,) = parse_effect("add -3 to budget").statements
    assert isinstance(statement, ast.AddTo) and value(statement.amount) == -3


def test_the_space_of_a_zone_takes_a_name_as_its_number():
    """effects.md, tokens: `space H of Z` is the Hth space of Z. A test author wrote it and got
    "unexpected ')' (expected 'of')": the parser read `H of Z`, a counter of Z, as the number."""
    space = parse_condition("space H of Z is vacant").subject
    assert isinstance(space, ast.SpaceOf)
    assert space.number == ast.Name(line=1, col=7, name="H") and space.zone == ast.Name(line=1, col=12, name="Z")
    assert isinstance(parse_condition("space (H + 1) of Z is vacant").subject.number, ast.Arith)
