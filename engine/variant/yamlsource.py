"""Reading a YAML file into plain data that remembers where every key and value came from.

PyYAML's own loaders accept things a variant file must not contain: duplicate keys (the
last one silently wins), aliases (a few lines can expand to gigabytes), and arbitrary tags.
So we only *compose* the document (nodes with positions, nothing constructed), refuse aliases
while composing, and build the data ourselves from the node tree.

PyYAML's pure-Python reader takes about 25 microseconds a node, 20 ms for a bundled variant.
So when libyaml is installed, its C parser does the reading: it first counts the nodes (about
1 microsecond each) and refuses a file past the limit at the very node the composer would
have, then hands its events to the same composer (`_FastComposer`, the composing and the
checks here stay Python). Its nodes carry the same lines and columns (tests/test_yaml_fast.py
compares every node of many files, and random edits of them). Only a well-formed file is read
so: a file with a character YAML refuses, or any problem libyaml or the composer meets, is read
again by the pure-Python reader, whose messages and places are the ones users see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.diagnostics import Diagnostic, Loc
from engine.reading import ReadProblem, read_limited
from engine.variant import yamlerrors

try:
    from yaml.cyaml import CParser as _CParser  # type: ignore[attr-defined]  # there at run time; the stubs export it from yaml._yaml
except ImportError:  # PyYAML built without libyaml: the composer's own count still holds
    _CParser = None  # type: ignore[assignment, misc]  # the optional import: None stands for "no libyaml"

MAX_FILE_BYTES = 1_000_000
MAX_NODES = 50_000
MAX_DEPTH = 64
MAX_NUMBER_DIGITS = 20  # no key of a variant wants more than 5; Python's int() fails past 4,300
MAX_KEY_CHARS = yamlerrors.MAX_KEY_CHARS
"""YAML's own limit for a key written `key: value`, held for every key: one written after a
`? ` (YAML's long form, which has no limit of its own) too."""

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_INT_TAG = "tag:yaml.org,2002:int"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


@dataclass(frozen=True, slots=True)
class ValueLoc:
    """Where a value starts, plus what is needed to map a position inside a string."""

    loc: Loc
    style: str | None = None  # YAML scalar style: None (plain), "'", '"', "|" or ">"
    content_indent: int | None = None  # first column of a block scalar's text, 1-based
    columns: tuple[int, ...] | None = None  # file column of each character of a one-line quoted string
    folded: tuple[tuple[tuple[int, int, int], ...], ...] | None = None
    """For a folded block scalar (`>`): for each line of the folded text, its pieces as
    (first column in that line, 0-based; file line; file column), so a position in the text maps
    back to the file line it was written on."""
    comment: tuple[Loc, str] | None = None
    """For an empty value followed by a comment (`colour: #c0392b`): where the comment starts
    and its text, since the author most likely meant it as the value."""


class LocDict(dict):
    """A mapping that also records, per key, where the key and its value are in the file."""

    def __init__(self, *args: Any, loc: ValueLoc | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.loc = loc
        self.key_locs: dict[Any, Loc] = {}
        self.value_locs: dict[Any, ValueLoc] = {}


class LocList(list):
    """A list that also records where each item is in the file."""

    def __init__(self, *args: Any, loc: ValueLoc | None = None):
        super().__init__(*args)
        self.loc = loc
        self.value_locs: list[ValueLoc] = []
        self.removed: dict[Any, Loc] = {}
        """For a list merged by id: where each id taken out with `remove: true` was taken out,
        so a problem the removal causes (a die face naming a removed zone) can point there."""


class YamlProblem(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


def _loc(file: str, mark: Any) -> Loc:
    return Loc(file, mark.line + 1, mark.column + 1)


def _yaml_12_resolvers() -> dict:
    """PyYAML follows YAML 1.1, where yes/no/on/off are booleans ('the Norway problem');
    editors follow YAML 1.2, where only true/false are. We side with the editors."""
    resolvers = {}
    for first, entries in yaml.SafeLoader.yaml_implicit_resolvers.items():
        kept = [(tag, regexp) for tag, regexp in entries if tag != "tag:yaml.org,2002:bool"]
        if first in "tTfF":
            kept.append(("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")))
        resolvers[first] = kept
    return resolvers


class _Strict:
    """A composer that refuses aliases and counts nodes: mixed into a loader."""

    yaml_implicit_resolvers = _yaml_12_resolvers()
    check_event: Any  # the loader's events, pure Python or libyaml's
    peek_event: Any

    def _strict(self, file: str, max_nodes: int) -> None:
        self.file = file
        self.node_count = 0
        self.depth = 0
        self.max_nodes = max_nodes

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D401 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise YamlProblem(
                Diagnostic(
                    _loc(self.file, event.start_mark),
                    f"alias '*{event.anchor}' is not allowed in variant files",
                    "write the value out in full; use 'extends:' to share a variant",
                )
            )
        self.node_count += 1
        if self.node_count > self.max_nodes:
            raise _too_many_nodes(self.file, self.peek_event(), self.max_nodes)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                event = self.peek_event()
                raise YamlProblem(
                    Diagnostic(_loc(self.file, event.start_mark), f"values are nested more than {MAX_DEPTH} deep")
                )
            return super().compose_node(parent, index)  # type: ignore[misc]  # the loader's Composer
        finally:
            self.depth -= 1


class _StrictComposer(_Strict, yaml.SafeLoader):
    """PyYAML's pure-Python SafeLoader, strict."""

    def __init__(self, stream: str, file: str, max_nodes: int = MAX_NODES):
        yaml.SafeLoader.__init__(self, stream)
        self._strict(file, max_nodes)


_READ_OTHERWISE = re.compile("[\t\x85\u2028\u2029\ufeff]")
"""Characters libyaml reads otherwise than PyYAML: a tab, where PyYAML refuses one; the line
breaks and the byte-order mark it places differently. A text with one of them, or with a
character YAML refuses (PyYAML's own NON_PRINTABLE), goes to the pure-Python reader at once."""

_FastComposer: type | None = None
if _CParser is not None:

    class _FastComposer(  # type: ignore[no-redef]  # None above when there is no libyaml
        _Strict, yaml.composer.Composer, _CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver
    ):
        """The same composer fed by libyaml's C parser: PyYAML's Composer comes before CParser,
        so its Python `compose_node` (and ours) runs, not libyaml's own composing."""

        def __init__(self, stream: str, file: str, max_nodes: int = MAX_NODES):
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._strict(file, max_nodes)
            self.lines = stream.splitlines()  # YAML's lines: _READ_OTHERWISE leaves no other line break

        def compose_scalar_node(self, anchor: Any) -> Any:
            node = super().compose_scalar_node(anchor)
            if node.style == "":  # libyaml's word for a plain scalar; PyYAML's is None
                if node.value == "":  # an empty value: libyaml may place it elsewhere
                    raise _PureReaderNeeded
                node.style = None
            elif node.style in ("|", ">"):
                header = self.lines[node.start_mark.line][node.start_mark.column :]
                if not _BARE_BLOCK_HEADER.fullmatch(header):  # a comment after `|`: libyaml takes more as one
                    raise _PureReaderNeeded
            return node


_BARE_BLOCK_HEADER = re.compile(r"[|>][0-9+-]*[ ]*")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _PureReaderNeeded(Exception):
    """The text holds something libyaml reads otherwise than PyYAML: read it purely."""


class TooManyNodes(YamlProblem):
    """A document past the node limit given to `parse_yaml`: the limit of one file, or what
    an `extends` chain has left of it (merge.py says so in its own words)."""


def _too_many_nodes(file: str, event: Any, max_nodes: int) -> YamlProblem:
    return TooManyNodes(
        Diagnostic(
            _loc(file, event.start_mark),
            f"file has more than {max_nodes} YAML nodes; variant files are limited to that",
        )
    )


_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
_END_EVENTS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_STOP_EVENTS = (yaml.AliasEvent, yaml.DocumentEndEvent, yaml.StreamEndEvent)


def _count_nodes_fast(text: str, file: str, max_nodes: int) -> None:
    """Refuse a document of more than `max_nodes` nodes using libyaml's C parser, at the node
    where the composer would refuse it. Any other problem met first (an alias, nesting past
    MAX_DEPTH, a syntax error) ends the count without a verdict: the composer then finds it
    and reports it in its usual words."""
    if _CParser is None:
        return
    parser = _CParser(text)
    nodes = open_collections = 0
    try:
        while True:
            event = parser.get_event()
            if isinstance(event, _NODE_EVENTS):
                nodes += 1
                if nodes > max_nodes:
                    raise _too_many_nodes(file, event, max_nodes)
                if open_collections + 1 > MAX_DEPTH:
                    return
                open_collections += not isinstance(event, yaml.ScalarEvent)
            elif isinstance(event, _END_EVENTS):
                open_collections -= 1
            elif isinstance(event, _STOP_EVENTS):
                return
    except yaml.YAMLError:
        return
    finally:
        parser.dispose()


def read_text(path: Path, shown_as: str) -> str:
    """The file's text, or a YamlProblem that says why it cannot be a variant file."""
    return decode_text(read_bytes(path, shown_as), shown_as)


def read_bytes(path: Path, shown_as: str) -> bytes:
    """The file's bytes, or a YamlProblem that says why they cannot be read (too large, not a
    regular file, no permission, a path no file can have): problems of the file system, not
    of the text."""
    try:
        size = path.stat().st_size
    except (OSError, ValueError):
        size = 0  # read_limited says what is wrong
    if size > MAX_FILE_BYTES:
        raise YamlProblem(
            Diagnostic(
                Loc(shown_as),
                f"file is {size:,} bytes ({size / 1_000_000:.1f} MB); variant files are limited to "
                f"{MAX_FILE_BYTES // 1_000_000} MB ({MAX_FILE_BYTES:,} bytes)",
            )
        )
    try:
        return read_limited(path, MAX_FILE_BYTES)  # a FIFO or a device is refused, not waited on
    except ReadProblem as problem:
        raise YamlProblem(Diagnostic(Loc(shown_as), f"file {problem}")) from None


def decode_text(data: bytes, shown_as: str) -> str:
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _byte_position(data, nul)
        raise YamlProblem(Diagnostic(Loc(shown_as, line, col), "file is binary, not a YAML text file"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _byte_position(data, exc.start)
        raise YamlProblem(
            Diagnostic(Loc(shown_as, line, col), "file is not valid UTF-8 text")
        ) from None
    if not text.strip():
        raise YamlProblem(Diagnostic(Loc(shown_as), "file is empty; a variant file is a YAML mapping"))
    return text


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as YAML positions are) of a byte offset."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    before = data[line_start:offset].decode("utf-8", errors="replace")
    return data.count(b"\n", 0, offset) + 1, len(before) + 1


def parse_yaml(text: str, file: str, max_nodes: int = MAX_NODES) -> LocDict:
    """Parse one YAML document whose top level must be a mapping."""
    if (
        _CParser is not None
        and _FastComposer is not None
        and not _READ_OTHERWISE.search(text)
        and not yaml.reader.Reader.NON_PRINTABLE.search(text)
    ):
        _count_nodes_fast(text, file, max_nodes)  # what the pure reader does first, when every character is allowed
        try:
            return _read(_FastComposer(text, file, max_nodes), file, text)
        except (YamlProblem, yaml.YAMLError, RecursionError, _PureReaderNeeded):
            pass  # read again below: the pure-Python reader's message and place are the ones users know
    try:
        loader = _StrictComposer(text, file, max_nodes)
    except yaml.reader.ReaderError as exc:
        raise YamlProblem(_reader_error(exc, text, file)) from None
    try:
        _count_nodes_fast(text, file, max_nodes)
        return _read(loader, file, text)
    except yaml.MarkedYAMLError as exc:
        raise YamlProblem(yamlerrors.explain(exc, text, file)) from None
    except yaml.reader.ReaderError as exc:
        raise YamlProblem(_reader_error(exc, text, file)) from None
    except yaml.YAMLError as exc:
        raise YamlProblem(Diagnostic(Loc(file), f"YAML error: {exc}")) from None
    except RecursionError:
        raise YamlProblem(Diagnostic(Loc(file), "values are nested too deeply")) from None


def _read(loader: Any, file: str, text: str) -> LocDict:
    """The document the loader composes, built; the loader is disposed of afterwards."""
    try:
        node = loader.get_single_node()
        if node is None:
            raise YamlProblem(Diagnostic(Loc(file), "file holds no YAML document"))
        if not isinstance(node, yaml.MappingNode):
            raise YamlProblem(
                Diagnostic(
                    _loc(file, node.start_mark),
                    "the top level of a variant file must be a mapping of keys to values",
                )
            )
        return _Builder(loader, file, text).mapping(node)
    finally:
        loader.dispose()


def _reader_error(exc: yaml.reader.ReaderError, text: str, file: str) -> Diagnostic:
    """A character YAML does not allow (a control character, say), at its line and column."""
    position = max(0, min(exc.position, len(text)))
    line = text.count("\n", 0, position) + 1
    col = position - (text.rfind("\n", 0, position) + 1) + 1
    return Diagnostic(Loc(file, line, col), f"character U+{exc.character:04X} is not allowed in a YAML file")


class _Builder:
    """Turns composed nodes into LocDict/LocList/scalars, refusing what a variant cannot hold."""

    def __init__(self, loader: yaml.SafeLoader, file: str, text: str):
        self.loader = loader
        self.file = file
        self.lines = text.splitlines()

    def value(self, node: Any) -> Any:
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node)
        if isinstance(node, yaml.SequenceNode):
            return self.sequence(node)
        return self.scalar(node)

    def value_loc(self, node: Any, parent_indent: int | None = None) -> ValueLoc:
        loc = _loc(self.file, node.start_mark)
        if not isinstance(node, yaml.ScalarNode):
            return ValueLoc(loc)
        if node.value == "" and node.style is None:
            return ValueLoc(loc, comment=self._comment_after(node))
        style = node.style
        if style == "|":
            return ValueLoc(loc, style, content_indent=self._block_indent(node, parent_indent))
        if style == ">":
            indent = self._block_indent(node, parent_indent)
            return ValueLoc(loc, style, content_indent=indent, folded=self._folded_map(node, indent))
        if style in ("'", '"') and node.start_mark.line == node.end_mark.line:
            return ValueLoc(loc, style, columns=self._quoted_columns(node))
        return ValueLoc(loc, style)

    def _comment_after(self, node: yaml.ScalarNode) -> tuple[Loc, str] | None:
        """The comment that directly follows an empty value on its line, if any."""
        line = self.lines[node.start_mark.line] if node.start_mark.line < len(self.lines) else ""
        match = re.match(r"[ \t]*(#.*)", line[node.start_mark.column :])
        if match is None:
            return None
        return Loc(self.file, node.start_mark.line + 1, node.start_mark.column + match.start(1) + 1), match.group(1).rstrip()

    def _block_indent(self, node: yaml.ScalarNode, parent_indent: int | None) -> int:
        """The first column of a block scalar's text: from its indentation indicator (`|2`)
        if it has one, else from its first non-empty line, as YAML decides."""
        header = self.lines[node.start_mark.line][node.start_mark.column :]
        indicator = re.match(r"[|>](?:([1-9])[+-]?|[+-]([1-9])?)?", header)
        digit = indicator and (indicator.group(1) or indicator.group(2))
        if digit:
            if parent_indent is None:
                line = self.lines[node.start_mark.line]
                parent_indent = len(line) - len(line.lstrip(" -"))
            return parent_indent + int(digit) + 1
        for line in self.lines[node.start_mark.line + 1 :]:
            if line.strip():
                return len(line) - len(line.lstrip(" ")) + 1
        return 1

    def _folded_map(self, node: yaml.ScalarNode, indent: int) -> tuple[tuple[tuple[int, int, int], ...], ...] | None:
        """Fold the scalar's lines again as YAML does, noting where each piece came from.

        Lines side by side join with a space, an empty line between them becomes a line break,
        and lines indented further keep their breaks. The result is trusted only if it rebuilds
        the parsed value exactly; otherwise (a case this does not model) None, and positions
        fall back to the value's start."""
        first, last = node.start_mark.line + 1, min(node.end_mark.line, len(self.lines) - 1)
        text: list[str] = []
        pieces: list[list[tuple[int, int, int]]] = [[]]
        pending_empty, previous_more = 0, False
        started = False
        for number in range(first, last + 1):
            raw = self.lines[number]
            if not raw.strip():
                pending_empty += 1
                continue
            if len(raw) - len(raw.lstrip(" ")) + 1 < indent:
                break
            body = raw[indent - 1 :].rstrip("\r\n")
            more = body[:1] in (" ", "\t")
            if started:
                breaks = pending_empty + (1 if (more or previous_more) else 0)
                if breaks:
                    text.append("\n" * breaks)
                    pieces.extend([] for _ in range(breaks))
                else:
                    text.append(" ")
            else:
                text.append("\n" * pending_empty)
                pieces.extend([] for _ in range(pending_empty))
            line_so_far = len("".join(text).rsplit("\n", 1)[-1])
            pieces[-1].append((line_so_far, number + 1, indent))
            text.append(body)
            pending_empty, previous_more, started = 0, more, True
        folded = "".join(text)
        if folded.rstrip("\n") != node.value.rstrip("\n"):
            return None
        return tuple(tuple(line) for line in pieces)

    def _quoted_columns(self, node: yaml.ScalarNode) -> tuple[int, ...]:
        """Where each character of a one-line quoted string stands, escapes taken into account."""
        raw = self.lines[node.start_mark.line][node.start_mark.column : node.end_mark.column]
        quote, columns, i = raw[:1], [], 1
        escape_lengths = {"x": 4, "u": 6, "U": 10}
        while i < len(raw) - 1:
            columns.append(node.start_mark.column + i + 1)
            if quote == '"' and raw[i] == "\\":
                i += escape_lengths.get(raw[i + 1 : i + 2], 2)
            elif quote == "'" and raw[i : i + 2] == "''":
                i += 2
            else:
                i += 1
        return tuple(columns)

    def _check_tag(self, node: Any, allowed: set[str]) -> None:
        if node.tag not in allowed:
            raise YamlProblem(
                Diagnostic(
                    _loc(self.file, node.start_mark),
                    f"YAML tag '{node.tag}' is not allowed in variant files",
                    "use plain strings, numbers, lists and mappings",
                )
            )

    def mapping(self, node: yaml.MappingNode) -> LocDict:
        self._check_tag(node, {_MAP_TAG})
        result = LocDict(loc=self.value_loc(node))
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlProblem(
                    Diagnostic(_loc(self.file, key_node.start_mark), "merge keys ('<<') are not allowed")
                )
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlProblem(
                    Diagnostic(_loc(self.file, key_node.start_mark), "a mapping key must be a plain word")
                )
            key = self.scalar(key_node)
            key_loc = _loc(self.file, key_node.start_mark)
            if isinstance(key, str) and len(key) > MAX_KEY_CHARS:
                raise YamlProblem(
                    Diagnostic(
                        key_loc,
                        f"this key is {len(key):,} characters long; keys have at most {MAX_KEY_CHARS:,} characters",
                        "a key is a short name; put long text in a value, after the ':'",
                    )
                )
            if key in result:
                first = result.key_locs[key]
                raise YamlProblem(
                    Diagnostic(
                        key_loc,
                        f"duplicate key '{key}' (first given at line {first.line})",
                        "YAML keeps only one of them; remove or rename the other",
                    )
                )
            result[key] = self.value(value_node)
            result.key_locs[key] = key_loc
            result.value_locs[key] = self.value_loc(value_node, parent_indent=key_node.start_mark.column)
        return result

    def sequence(self, node: yaml.SequenceNode) -> LocList:
        self._check_tag(node, {_SEQ_TAG})
        result = LocList(loc=self.value_loc(node))
        for item in node.value:
            result.append(self.value(item))
            result.value_locs.append(self.value_loc(item))
        return result

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _TIMESTAMP_TAG:
            return node.value  # a date-looking word stays the text the author wrote
        self._check_tag(node, _SCALAR_TAGS)
        if node.tag == _INT_TAG:
            self._check_number_length(node)
        if node.style == '"':
            self._check_surrogates(node)
        return self.loader.construct_object(node, deep=True)

    def _check_surrogates(self, node: yaml.ScalarNode) -> None:
        """Refuse half a character: an escape `\\ud800` in double quotes gives a lone UTF-16
        surrogate, which no text can be encoded with (printed, hashed, written as UTF-8), as
        libyaml itself refuses it. A pair of them, JSON's way to write a character past U+FFFF,
        is named in the hint."""
        found = _SURROGATE.search(node.value)
        if found is None:
            return
        index, code = found.start(), ord(found.group())
        low = node.value[index + 1 : index + 2]
        if 0xD800 <= code <= 0xDBFF and low and 0xDC00 <= ord(low) <= 0xDFFF:
            character = 0x10000 + ((code - 0xD800) << 10) + (ord(low) - 0xDC00)
            hint = f"YAML writes U+{character:04X} as \\U{character:08X}, or as the character itself"
        else:
            hint = "remove it, or write the character meant as \\u followed by its four hexadecimal digits"
        columns = self._quoted_columns(node) if node.start_mark.line == node.end_mark.line else ()
        loc = _loc(self.file, node.start_mark)
        if index < len(columns):
            loc = Loc(self.file, loc.line, columns[index])
        raise YamlProblem(
            Diagnostic(loc, f"'\\u{code:04x}' is half of a character (a UTF-16 surrogate), not a character of its own", hint)
        )

    def _check_number_length(self, node: yaml.ScalarNode) -> None:
        """Refuse a whole number too long to be meant, before PyYAML converts it: a decimal
        one past 4,300 digits fails in Python, and a hexadecimal or base-60 (`1:30:00`) one
        becomes an integer that no message could print, at a cost that grows with its square."""
        digits = len(re.findall(r"[0-9a-fA-F]", re.sub(r"^[-+]?0[xob]", "", node.value)))
        if digits > MAX_NUMBER_DIGITS:
            raise YamlProblem(
                Diagnostic(
                    _loc(self.file, node.start_mark),
                    f"a number of {digits:,} digits is too long; numbers in a variant file have at most "
                    f"{MAX_NUMBER_DIGITS} digits",
                    "every number a variant needs is far shorter; put text in quotes",
                )
            )


def text_position(value_loc: ValueLoc, line: int, col: int) -> Loc:
    """Map a 1-based (line, col) inside a string value to its place in the file.

    Exact for block scalars (`|`, and `>` where its folding was rebuilt) and single-line plain
    or quoted strings; for multi-line flow strings the start of the value is the best honest
    answer.
    """
    loc = value_loc.loc
    if line == 1 and value_loc.columns is not None:
        if col - 1 < len(value_loc.columns):
            return Loc(loc.file, loc.line, value_loc.columns[col - 1])
        end = value_loc.columns[-1] + 1 if value_loc.columns else loc.col + 1
        return Loc(loc.file, loc.line, end)
    if value_loc.style == "|" and value_loc.content_indent is not None:
        return Loc(loc.file, loc.line + line, value_loc.content_indent + col - 1)
    if value_loc.folded is not None and 1 <= line <= len(value_loc.folded) and value_loc.folded[line - 1]:
        start, file_line, file_col = max(
            (piece for piece in value_loc.folded[line - 1] if piece[0] <= col - 1), default=value_loc.folded[line - 1][0]
        )
        return Loc(loc.file, file_line, file_col + max(0, col - 1 - start))
    if line == 1 and value_loc.style in (None, "'", '"'):
        offset = 1 if value_loc.style in ("'", '"') else 0
        return Loc(loc.file, loc.line, loc.col + offset + col - 1)
    return loc
