"""Every word that gives a value has its record (engine/words/values.py), as every statement
has (tests/test_words.py): its check, its compiler, its cost and an example, and the checker
and the compiler dispatch to exactly what the record names (issue 27, 1: one record per word).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import load_variant
from engine.core.expressions import compile_expr
from engine.effects import ast
from engine.effects.check import Checker, check_condition
from engine.effects.cost import Sizes, measure
from engine.effects.parser import parse_condition
from engine.game.game_state import new_state
from engine.resources import DEFAULT_VARIANT
from engine.variant.load import effect_context
from engine.words.values import COLLECTION, PARTS, VALUES

VARIANT = load_variant(DEFAULT_VARIANT)
KINDS = dict(VARIANT.kinds)


def test_every_value_word_has_a_record():
    assert set(VALUES) == set(ast.EXPRESSION_TYPES)


@pytest.mark.parametrize("node", sorted(VALUES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_the_checker_and_the_compiler_use_the_words_record(node):
    word = VALUES[node]
    assert getattr(Checker, f"expr_{node.__name__}") is word.check
    example = parse_condition(word.example, KINDS)
    found = [n for n in ast.walk([example]) if type(n) is node]
    assert found, "the example uses its word"
    compiled: dict = {}
    compile_expr(found[0], compiled)
    assert any(entry[0] is found[0] for entry in compiled.values())


@pytest.mark.parametrize("node", sorted(VALUES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_each_words_cost_is_counted_as_its_record_says(node):
    word = VALUES[node]
    assert word.cost in (PARTS, COLLECTION)
    found = next(n for n in ast.walk([parse_condition(word.example, KINDS)]) if type(n) is node)
    small, large = measure(found, Sizes(properties=4, largest_zone=2)), measure(found, Sizes(properties=400, largest_zone=20))
    grows = large.steps > small.steps
    if word.cost == COLLECTION:
        assert grows, "a collection costs more on a larger board"
    elif not any(isinstance(n, ast.Count) for n in ast.walk([found])):
        assert not grows, "one step and its parts, whatever the board"


@pytest.mark.parametrize("node", sorted(VALUES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_each_words_example_checks_clean_and_is_worked_out_in_a_game(node, write):
    word = VALUES[node]
    example = parse_condition(word.example, KINDS)
    variant = VARIANT
    if word.needs:  # lines the example's variant adds (a named test: issue 47, item 1)
        from engine.variant.load import check_variant

        result = check_variant(write(f"extends: {DEFAULT_VARIANT}\n{word.needs}"))
        assert result.ok, "\n".join(map(str, result.diagnostics))
        variant = result.variant
        context = dataclasses.replace(effect_context(DEFAULT_VARIANT, "end_of_turn"),
                                      tests={test.name: test.params for test in variant.tests})
    else:
        context = effect_context(DEFAULT_VARIANT, "end_of_turn")
    assert check_condition(example, context) == []
    game, choose = new_state(variant, 3, seed=7), random.Random(7)
    for _ in range(40):  # into the game, where the board has hotels and the hands cards
        if game.is_over:
            break
        game.apply(choose.choice(game.legal_actions()))
    value = compile_expr(example, {})(game, {}, 0)
    assert value in (True, False)
