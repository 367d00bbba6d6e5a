"""Hostile variant files meet a limit, never a traceback, a hang or unbounded memory: each limit
is refused with a message at the file, line and column to fix, or (at play time) keeps the
game going. The limits are listed in docs/variants.md, "Limits"."""

from __future__ import annotations

import ast as pyast
import tempfile
from pathlib import Path

import pytest

from engine.effects import parser as effect_parser
from engine.effects.limits import MAX_EXPRESSION_DEPTH, MAX_NUMBER
from engine.effects.parser import EffectSyntaxError, parse_condition, parse_effect
from test_check_bad_input import EXTENDS, assert_at, new_card, only

ROOT = Path(__file__).resolve().parents[1]


def _python_sources():
    for folder in ("engine", "tui"):
        yield from (ROOT / folder).rglob("*.py")


# ----- no pickle from a shared folder ------------------------------------------------------------


def test_building_and_using_the_effect_parser_writes_no_cache_file(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where Lark would put its cache
    effect_parser._parser.cache_clear()
    try:
        effect_parser.parse_effect("choose property P where value of P <= 5\nbuild 1 on P")
        effect_parser.parse_condition("me is last")
    finally:
        effect_parser._parser.cache_clear()
    assert tempfile.gettempdir() == str(tmp_path)
    assert list(tmp_path.iterdir()) == []


def _lark_cache_arguments(tree: pyast.AST) -> list[pyast.keyword]:
    """`cache=` keywords given to a call of Lark (or Lark.open) that could turn a cache on."""
    found = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Call) and "Lark" in pyast.unparse(node.func):
            for keyword in node.keywords:
                off = isinstance(keyword.value, pyast.Constant) and keyword.value.value is False
                if keyword.arg in ("cache", None) and not off:
                    found.append(keyword)
    return found


def _pickle_imports(tree: pyast.AST) -> list[str]:
    modules = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, pyast.ImportFrom) and node.module:
            modules.append(node.module)
    return [m for m in modules if m.split(".")[0] in ("pickle", "_pickle", "cPickle", "shelve", "dill")]


def test_no_source_file_turns_on_a_lark_cache_or_imports_pickle():
    for path in _python_sources():
        tree = pyast.parse(path.read_text(encoding="utf-8"), str(path))
        assert not _lark_cache_arguments(tree), path
        assert not _pickle_imports(tree), path


# ----- numbers too large to mean anything ------------------------------------------------------------


def test_a_number_too_long_for_python_is_refused_at_its_column(write):
    # line 10 is `        draw 999...9`: the number starts at column 14
    d = only(write(new_card("      effect: |\n        draw " + "9" * 5000 + "\n")))
    assert_at(d, "v.yaml", 10, 14, "effect of card 'new_card'", "5,000 digits", "too large", hint="no larger than")
    assert "9999" not in str(d)


def test_a_number_in_a_condition_above_the_bound_is_refused_at_its_column(write):
    # line 9 is `      condition: cards of me < 1000000001`: the number is column 32
    d = only(write(new_card("      condition: cards of me < 1000000001\n      effect: draw 1\n")))
    assert_at(d, "v.yaml", 9, 32, "condition of card 'new_card'", "1000000001", f"{MAX_NUMBER:,}")


def test_the_largest_number_an_effect_may_write_is_the_documented_bound():
    (draw,) = parse_effect(f"draw {MAX_NUMBER}").statements
    assert draw.count.value == MAX_NUMBER
    assert parse_effect("draw 000000000001").statements[0].count.value == 1
    with pytest.raises(EffectSyntaxError, match="too large"):
        parse_effect(f"draw {MAX_NUMBER + 1}")


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 5000, "1" + ":59" * 5000])
def test_a_whole_number_too_long_for_a_variant_file_is_refused_at_its_place(write, number):
    # decimal, hexadecimal and base-60 integers alike: line 3, column 18 after `  starting_hand: `
    d = only(write(EXTENDS + "rules:\n  starting_hand: " + number + "\n"))
    assert_at(d, "v.yaml", 3, 18, "digits", "at most 20", hint="quotes")


def test_a_twenty_digit_number_still_gets_the_schema_message(write):
    d = only(write(EXTENDS + "rules:\n  starting_hand: 99999999999999999999\n"))
    assert_at(d, "v.yaml", 3, 18, "rules.starting_hand must be at most 20")


# ----- expressions too deep to check -------------------------------------------------------------


def test_a_long_chain_of_arithmetic_is_refused_at_its_start_instead_of_crashing(write):
    # 2,000 terms (under the 10,000 characters), each '+' inside the next: far past what the
    # check could recurse through
    chain = "+".join(["1"] * 2000)
    d = only(write(new_card(f"      effect: |\n        draw 1\n        let A = {chain}\n")))
    assert_at(d, "v.yaml", 11, 17, f"more than {MAX_EXPRESSION_DEPTH} parts", hint="'let'")


def test_expressions_up_to_the_depth_limit_parse_and_one_more_part_is_refused():
    parse_effect("let A = " + " * ".join(["1"] * MAX_EXPRESSION_DEPTH))
    with pytest.raises(EffectSyntaxError, match="inside one another") as info:
        parse_condition("not " * MAX_EXPRESSION_DEPTH + "me is last")
    assert (info.value.line, info.value.col) == (1, 1)
