"""JSON from a file someone else wrote: parsed once by the json module, every problem located
at its line and column, and the position of any value found again when there is something
to point at.

Python's json accepts what JSON does not (NaN, Infinity) and raises a bare ValueError, with
no position, for an integer of more than 4300 digits. Here both, and any integer longer than
MAX_DIGITS, become `Unreadable` values, which no schema accepts, so the check that follows
reports them at their place like any other wrong value.

Positions come from walking the text with the json module's own scanner: every value not on
the way is skipped in C, and each object or list met is indexed once, so locating any number
of values costs at most about one pass over the file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.diagnostics import Loc

MAX_DIGITS = 100
"""An integer literal longer than this is never read as a number (no field holds one)."""

MAX_DEPTH = 200
"""Nesting too deep for the json module is pointed at where it first goes deeper than this."""


class JsonProblem(Exception):
    """The text is not JSON; `loc` says where it stops being JSON."""

    def __init__(self, loc: Loc, message: str):
        super().__init__(f"{loc}: {message}")
        self.loc = loc
        self.message = message


class Unreadable:
    """A number in the file that is not a JSON number this program reads: NaN, Infinity, or
    an integer of more than MAX_DIGITS digits. Equal to nothing, of no JSON type."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def describe(self) -> str:
        if self.text.lstrip("-").isdigit():
            return f"a number {len(self.text.lstrip('-')):,} digits long"
        return f"{self.text}, which JSON does not allow"


def _integer(text: str) -> int | Unreadable:
    return int(text) if len(text) <= MAX_DIGITS else Unreadable(text)


_DECODER = json.JSONDecoder(parse_int=_integer, parse_constant=Unreadable)
_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_MARK = re.compile(r'(?:[^"\[\]{},]++|' + _STRING + r'|")*+([\[\]{},]|\Z)')
"""The next bracket or comma outside strings, skipping everything before it in one match (so
a file's strings cost no Python step), or the end of the text. Nothing backtracks: an
unclosed quote is skipped like any other character."""


def parse(text: str, file: str, max_values: int | None = None) -> Any:
    """The JSON value of `text`; raises JsonProblem with the position where it goes wrong.
    `max_values` bounds the values (lists and objects count as one more), counted before any
    is built: memory follows their number, not the file's size (six million empty objects
    fit in 20 MB of text and take 1 GB)."""
    if max_values is not None:
        _count_values(text, file, max_values)
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonProblem(Loc(file, exc.lineno, exc.colno), f"is not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise JsonProblem(_too_deep(text, file), "has lists or objects nested too deeply") from None


def _marks(text: str):
    """(offset, character) for each bracket and comma outside strings, in order."""
    for match in _MARK.finditer(text):
        if not match.group(1):
            return
        yield match.start(1), match.group(1)


def _count_values(text: str, file: str, limit: int) -> None:
    """A value is an opener or follows a comma, outside strings."""
    if text.count(",") + text.count("[") + text.count("{") <= limit:
        return  # the usual case, counted in C (inside strings too, so never too few)
    values = 0
    for steps, (offset, mark) in enumerate(_marks(text)):
        if mark in ",[{":
            values += 1
            if values > limit:
                raise JsonProblem(loc_at(text, file, offset), f"holds more than {limit:,} values")
        elif steps > 2 * limit:
            return  # closers without openers: the JSON parser says where that goes wrong


def _too_deep(text: str, file: str) -> Loc:
    """Where nesting first goes deeper than MAX_DEPTH (the json module says only that it is
    too deep somewhere). The text parsed up to there, so there are no more closers than
    openers before it, and `max_values` bounds the openers."""
    depth = 0
    for offset, mark in _marks(text):
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return loc_at(text, file, offset)
        elif mark in "]}":
            depth -= 1
    return Loc(file)


def loc_at(text: str, file: str, offset: int) -> Loc:
    """The 1-based line and column (in characters) of `offset`."""
    line_start = text.rfind("\n", 0, offset) + 1
    return Loc(file, text.count("\n", 0, offset) + 1, offset - line_start + 1)


def preview(value: Any, limit: int = 60) -> str:
    """A value for a message: JSON, shortened (`"build"`, `12`, `null`), or in words."""
    if isinstance(value, Unreadable):
        return value.describe()
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str) and len(value) > limit:
        return json.dumps(value[:limit], ensure_ascii=False)[:-1] + '…"'
    text = json.dumps(value, ensure_ascii=False)
    if isinstance(value, int) and not isinstance(value, bool) and len(text) > limit:
        return f"{text[:12]}… (a number {len(text.lstrip('-')):,} digits long)"
    return text


class Positions:
    """Where values are in a JSON text that parsed, by their path (keys and 0-based indices)."""

    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self._members: dict[int, dict[str, tuple[int, int]]] = {}
        """Per object (by its offset): each key's (key offset, value offset); the last wins,
        as it does in the parsed value."""
        self._items: dict[int, list[int]] = {}

    def value(self, path: list) -> Loc:
        """Where the value at `path` starts; as far along the path as the text goes."""
        return loc_at(self.text, self.file, self._walk(path)[1])

    def key(self, path: list) -> Loc:
        """Where the key naming the value at `path` is (a list item's own start)."""
        return loc_at(self.text, self.file, self._walk(path)[0])

    def _walk(self, path: list) -> tuple[int, int]:
        offset = self._space(0)
        found = (offset, offset)
        for step in path:
            child = self._child(found[1], step)
            if child is None:
                break
            found = child
        return found

    def _child(self, offset: int, step: Any) -> tuple[int, int] | None:
        opener = self.text[offset : offset + 1]
        try:
            if opener == "{" and isinstance(step, str):
                return self._object(offset).get(step)
            if opener == "[" and isinstance(step, int) and not isinstance(step, bool):
                items = self._list(offset)
                return (items[step], items[step]) if 0 <= step < len(items) else None
        except (ValueError, IndexError, StopIteration):
            return None  # only text that failed to parse gets here
        return None

    def _object(self, offset: int) -> dict[str, tuple[int, int]]:
        if offset not in self._members:
            members: dict[str, tuple[int, int]] = {}
            text, pos = self.text, self._space(offset + 1)
            while text[pos] != "}":
                key_at = pos
                key, pos = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]  # there at run time; typeshed leaves it out
                pos = self._space(self._space(pos) + 1)  # past the colon
                members[key] = (key_at, pos)
                pos = self._after_item(self._skip(pos))
            self._members[offset] = members
        return self._members[offset]

    def _list(self, offset: int) -> list[int]:
        if offset not in self._items:
            items: list[int] = []
            text, pos = self.text, self._space(offset + 1)
            while text[pos] != "]":
                items.append(pos)
                pos = self._after_item(self._skip(pos))
            self._items[offset] = items
        return self._items[offset]

    def _space(self, pos: int) -> int:
        match = _SPACE.match(self.text, pos)
        assert match is not None  # the pattern matches the empty string too
        return match.end()

    def _after_item(self, pos: int) -> int:
        """Past the comma after an item, at the next item or the closing bracket."""
        pos = self._space(pos)
        return self._space(pos + 1) if self.text[pos] == "," else pos

    def _skip(self, pos: int) -> int:
        """The end of the value starting at `pos`, scanned in C."""
        return _DECODER.scan_once(self.text, pos)[1]  # type: ignore[attr-defined]  # set by JSONDecoder.__init__; typeshed leaves it out
