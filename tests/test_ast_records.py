"""The syntax tree's records (engine/effects/ast.py, `record`) behave as the frozen dataclasses
with slots they replace: made, compared, hashed and shown alike, frozen, without a __dict__,
matched by pattern, copied and pickled whole; `ast.replace` is `dataclasses.replace`."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from engine.effects import ast
from engine.effects.parser import parse_effect


@dataclasses.dataclass(frozen=True, slots=True)
class DataNode:
    line: int
    col: int


@dataclasses.dataclass(frozen=True, slots=True)
class DataCount(DataNode):
    kind: str
    var: str
    zone: object
    where: object
    total: object = None
    group: bool = False


def test_a_record_is_made_compared_hashed_and_shown_as_the_dataclass_was():
    node = ast.Count(3, 5, "property", "P", None, ast.Name(3, 20, "red"))
    twin = DataCount(3, 5, "property", "P", None, ast.Name(3, 20, "red"))
    assert repr(node) == repr(twin).replace("DataCount", "Count")
    assert hash(node) == hash(twin), "the same hash: a set of nodes iterates in the same order"
    assert node == ast.Count(3, 5, "property", "P", zone=None, where=ast.Name(3, 20, "red"), total=None)
    assert node != ast.Count(3, 5, "property", "Q", None, ast.Name(3, 20, "red"))
    assert ast.Name(1, 1, "x") != ast.Word(1, 1, "x"), "records of two classes are never equal"
    assert tuple(f.name for f in dataclasses.fields(DataCount)) == ast.Count.FIELDS
    assert ast.Count.__match_args__ == DataCount.__match_args__


def test_a_record_is_frozen_and_has_no_dict():
    node = ast.Name(1, 2, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.name = "y"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del node.line  # type: ignore[misc]
    assert not hasattr(node, "__dict__")


def test_wrong_arguments_are_refused():
    with pytest.raises(TypeError):
        ast.Name(1, 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ast.Name(1, 2, "x", "y")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ast.Name(1, 2, nam="x")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ast.Name(1, 2, "x", name="y")  # type: ignore[misc]


def test_defaults_and_replace():
    loop = ast.ForEach(1, 1, "player", "X", None, None)
    assert loop.body == ()
    changed = ast.replace(loop, body=(ast.Stop(2, 3),))
    assert changed.body == (ast.Stop(2, 3),) and loop.body == () and changed.var == "X"


def test_a_parsed_effect_survives_pickle_and_deepcopy_and_matches_patterns():
    program = parse_effect("choose property P where value of P <= 5\nif P is vacant:\n  build 1 on P\nelse:\n  stop")
    assert pickle.loads(pickle.dumps(program)) == program
    assert copy.deepcopy(program) == program and copy.copy(program) == program
    match program.statements[0]:
        case ast.Choose(_, _, kind, var):
            assert (kind, var) == ("property", "P")
        case _:
            pytest.fail("no match")
