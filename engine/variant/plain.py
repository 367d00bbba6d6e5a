"""A checked `Variant` as plain JSON values and back, for the check cache (cache.py): so that
`boardwalk play` and `simulate` start without loading PyYAML, jsonschema and Lark either.

Every record of the model and of the effects' syntax tree is written as a list, its class's
name first and then its fields in order; a tuple or a set as a list; a mapping as an object.
Reading is led by the fields' declared types, and every value is checked against them: a name
that is not a record the field may hold, a field too many or too few, a number where text is
due (or true where a number is due) is refused with `NotAVariant`, and the cache then reads as
a miss. What is read back equals what was written (`==`, field by field), and plays the same
games (tests/test_check_cache.py plays them side by side).

    >>> from engine.effects import ast
    >>> plain(ast.Program((ast.Say(1, 1, "hi"),), "say \\"hi\\""))
    ['Program', [['Say', 1, 1, 'hi']], 'say "hi"']
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache

from engine.effects import ast
from engine.variant.model import Rules, Variant

Decoder = Callable[[object], object]


class NotAVariant(ValueError):
    """Plain data that is not a variant as `plain` writes one."""


def plain(value: object) -> object:
    """A record, a tuple, a set, a mapping or a scalar of a variant as JSON values."""
    names = _field_names(type(value))
    if names is not None:
        return [type(value).__name__, *(plain(getattr(value, name)) for name in names)]
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, frozenset):
        return sorted(plain(item) for item in value)  # type: ignore[type-var]  # words or numbers, never mixed
    if isinstance(value, (dict, Rules)):
        return {key: plain(item) for key, item in value.items()}
    if value is None or type(value) in (int, str, bool, float):
        return value
    raise TypeError(f"a variant holds a {type(value).__name__}, which plain() cannot write")


def variant_from_plain(data: object) -> Variant:
    """The variant `plain` wrote; raises NotAVariant for anything else."""
    try:
        return _decoder(Variant)(data)  # type: ignore[return-value]
    except RecursionError:
        raise NotAVariant("nested too deeply") from None


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of a record of the model (a dataclass) or of the syntax tree (ast.record), in
    order; None for anything else."""
    if cls not in _FIELD_NAMES:
        if issubclass(cls, (ast.Node, ast.Program)):
            _FIELD_NAMES[cls] = cls.FIELDS
        elif dataclasses.is_dataclass(cls):
            _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("derived"))
        else:
            _FIELD_NAMES[cls] = None
    return _FIELD_NAMES[cls]


# ----- reading, led by the declared types --------------------------------------------------------


@cache
def _decoder(hint: object) -> Decoder:
    """A function that checks a plain value against `hint` and builds what it stands for."""
    if hint in (int, str, bool):
        return _scalar(hint)
    if hint is float:
        return _number
    if hint is type(None):
        return _scalar(type(None))
    if hint is Rules:
        return _rules
    if isinstance(hint, type) and _field_names(hint) is not None:
        return _record(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return lambda value: tuple(item(v) for v in _list(value))
    if origin is tuple:
        items = [_decoder(arg) for arg in args]
        return lambda value: tuple(decode(v) for decode, v in zip(items, _list(value, len(items)), strict=True))
    if origin is frozenset:
        item = _decoder(args[0])
        return lambda value: frozenset(item(v) for v in _list(value))
    if origin is dict and args[0] is str:
        item = _decoder(args[1])
        return lambda value: {_str(k): item(v) for k, v in _dict(value).items()}
    raise TypeError(f"variant_from_plain cannot read a {hint!r}")


def _scalar(kind: type) -> Decoder:
    def decode(value: object) -> object:
        if type(value) is not kind:  # not isinstance: true is no number
            raise NotAVariant(f"{value!r} is not a {kind.__name__}")
        return value

    return decode


_str = _scalar(str)


def _number(value: object) -> float:
    """A number that may have a fraction (a counter's `worth`); JSON writes 1.0 as 1.0 but a
    YAML author may write 1."""
    if type(value) not in (int, float):  # not isinstance: true is no number
        raise NotAVariant(f"{value!r} is not a number")
    return float(value)  # type: ignore[arg-type]


def _list(value: object, length: int | None = None) -> list:
    if type(value) is not list or (length is not None and len(value) != length):
        raise NotAVariant(f"{value!r} is not a list{'' if length is None else f' of {length}'}")
    return value


def _dict(value: object) -> dict:
    if type(value) is not dict:
        raise NotAVariant(f"{value!r} is not a mapping")
    return value


def _record(cls: type) -> Decoder:
    """A record: its name, then each field as its declared type says. The fields' readers are
    made at the first record read, since a type may hold itself (`not` holds an expression)."""
    names = _field_names(cls) or ()
    fields: list[Decoder] = []

    def decode(value: object) -> object:
        items = _list(value, len(names) + 1)
        if items[0] != cls.__name__:
            raise NotAVariant(f"{items[0]!r} where a {cls.__name__} is due")
        if not fields:
            hints = typing.get_type_hints(cls)
            fields.extend(_decoder(hints[name]) for name in names)
        return cls(*(field(item) for field, item in zip(fields, items[1:], strict=True)))

    return decode


def _union(args: tuple) -> Decoder:
    """One of several kinds: a record by the name it starts with, a scalar by its type; or
    any one kind, or nothing (`tuple[str, str] | None`)."""
    if len(args) == 2 and type(None) in args:
        other = args[0] if args[1] is type(None) else args[1]
        if not (isinstance(other, type) and (other in (int, str, bool) or _field_names(other) is not None)):
            inner = _decoder(other)
            return lambda value: None if value is None else inner(value)
    records = {arg.__name__: _decoder(arg) for arg in args if isinstance(arg, type) and _field_names(arg) is not None}
    scalars = {arg: _decoder(arg) for arg in args if arg in (int, str, bool, type(None))}
    if len(records) + len(scalars) != len(args):
        raise TypeError(f"variant_from_plain cannot read a union of {args!r}")

    def decode(value: object) -> object:
        if type(value) is list and value and type(value[0]) is str and value[0] in records:
            return records[value[0]](value)
        scalar = scalars.get(type(value))
        if scalar is None:
            raise NotAVariant(f"{value!r} is none of {', '.join(map(str, args))}")
        return scalar(value)

    return decode


def _rules(value: object) -> Rules:
    """The rules: numbers, true or false, words, lists of words (the schema's four kinds)."""
    found = {}
    for name, rule in _dict(value).items():
        if type(rule) is list:
            found[name] = tuple(_str(word) for word in rule)
        elif type(rule) in (int, bool, str):
            found[name] = rule
        else:
            raise NotAVariant(f"the rule {name!r} is {rule!r}")
    return Rules(found)
