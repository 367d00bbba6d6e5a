"""Parsing effect texts with Lark into the syntax tree of `ast.py`.

The LALR parser is made once per process, so loading a variant with 28 cards costs one parser
and 28 fast parses. Building its tables from the grammar takes a third of a second, so they
ship beside the grammar as data, `effects-tables.json` (written by `python -m
engine.effects.parser`), and are used only while they match the grammar's hash and the
installed Lark's version; otherwise the parser is built as before. Lark's own cache is never
used: it is a pickle in the shared temporary folder, and whoever writes that file first would
run code in every later `boardwalk check`. The tables are JSON, read as plain values. Syntax
errors become `EffectSyntaxError` with a 1-based position and a message written for a board
gamer.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import lark
from lark import Lark, Token, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter
from lark.visitors import Transformer_NonRecursive

from engine.effects import ast
from engine.effects.limits import MAX_EXPRESSION_DEPTH, MAX_NUMBER

GRAMMAR_PATH = Path(__file__).with_name("effects.lark")
TABLES_PATH = Path(__file__).with_name("effects-tables.json")
MAX_EFFECT_CHARS = 10_000
MAX_VARIANT_EFFECT_CHARS = 200_000
"""All the effect texts of a variant together (cards' effects and conditions, the programs,
hooks and scores): parsing takes about a second for 100,000 characters, and the largest
bundled game has under 10,000."""
MAX_NESTING = 12
MAX_PARENTHESES = 30
VALUE_WORDS: frozenset[str] = frozenset()  # keywords that may also stand as a value in an expression


class EffectSyntaxError(Exception):
    """An effect text that does not parse; line and col are 1-based within the text."""

    def __init__(self, message: str, line: int, col: int, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint


@dataclass(frozen=True)
class Failure:
    """One syntax error found by a pass over an effect, and how `recovery.py` may go on past it.

    action, starting from `line`:
    - "statement": the statement on that line is wrong; stand something harmless in its place.
    - "block": the header just before that line has no block under it; give it one.
    - "indented": that line is indented for no block; leave it out, with the lines under it.
    - "lines": that line's indentation is wrong; leave it out, with the lines at least as deep.
    - "fatal": nothing more can be learnt from this text (too deep for the parser itself).
    """

    error: EffectSyntaxError
    action: str
    line: int


class _Failed(Exception):
    """Raised by the indenter, which works inside Lark's lexer, to bring a Failure out."""

    def __init__(self, failure: Failure):
        super().__init__(failure.error.message)
        self.failure = failure


class _EffectIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token: Token):
        indent = len(token.rsplit("\n", 1)[1])
        line = token.end_line or 1
        if self.paren_level == 0 and indent < self.indent_level[-1] and indent not in self.indent_level:
            error = EffectSyntaxError(
                "this line's indentation does not match any enclosing block",
                line,
                indent + 1,
                "indent a block's lines by the same number of spaces",
            )
            raise _Failed(Failure(error, "lines", line))
        if self.paren_level == 0 and len(self.indent_level) > MAX_NESTING:
            error = EffectSyntaxError(f"blocks are nested more than {MAX_NESTING} deep", line, indent + 1)
            raise _Failed(Failure(error, "lines", line))
        yield from super().handle_NL(token)


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    return _saved_parser(grammar) or _built_parser(grammar)


def _built_parser(grammar: str) -> Lark:
    return Lark(
        grammar,
        parser="lalr",
        postlex=_EffectIndenter(),
        propagate_positions=True,
        maybe_placeholders=True,
        start=["start", "condition"],
        cache=False,  # see the module docstring: no pickle from a shared folder
    )


def _tables_key(grammar: str) -> dict[str, str]:
    """What the saved tables must have been made from to be used."""
    return {"grammar_sha256": hashlib.sha256(grammar.encode("utf-8")).hexdigest(), "lark": lark.__version__}


def _saved_parser(grammar: str) -> Lark | None:
    """The parser from the shipped tables, or None when they are missing, stale or unreadable
    (then the caller builds it: the tables only save time)."""
    try:
        saved = json.loads(TABLES_PATH.read_text(encoding="utf-8"), object_hook=_from_json)
        if saved.get("key") != _tables_key(grammar):
            return None
        loaded = Lark._load_from_dict(saved["data"], saved["memo"], postlex=_EffectIndenter())
        loaded.ignore_tokens = list(loaded.lexer_conf.ignore)  # set by building only
        return loaded
    except Exception:  # noqa: BLE001 - any problem with an optimisation falls back to building
        return None


def write_tables(path: Path = TABLES_PATH) -> None:
    """Build the parser from the grammar and save its tables as JSON (atomically)."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    data, memo = _built_parser(grammar).memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}  # given again when loading
    text = json.dumps(_to_json({"key": _tables_key(grammar), "data": data, "memo": memo}), separators=(",", ":"))
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tables-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.chmod(temporary, 0o644)  # a file of the package, read by everyone who runs it
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _to_json(value: Any) -> Any:
    """Lark's serialized tables as JSON: tuples, sets and dicts with other than string keys
    are marked, so that `_from_json` gives them back as they were."""
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in value):
            return {k: _to_json(v) for k, v in value.items()}
        return {"__dict": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"__tuple": [_to_json(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"__set": sorted(_to_json(v) for v in value)}
    if isinstance(value, list):
        return [_to_json(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot save a {type(value).__name__} in the parser's tables")


def _from_json(value: dict) -> Any:
    if "__dict" in value:
        return {tuple(k) if isinstance(k, list) else k: v for k, v in value["__dict"]}
    if "__tuple" in value:
        return tuple(value["__tuple"])
    if "__set" in value:
        return frozenset(value["__set"])
    return value


Kinds = Mapping[str, str]
"""The kinds of space a variant names (`kinds:` in its file), each to the kernel's kind it
stands for: {"hotel": "occupied property", "vacant lot": "vacant property"}."""

SPACE_KINDS = {"occupied": "occupied property", "vacant": "vacant property"}
"""What a variant's `kinds:` may define, by the word it gives: a space with something on it,
or with nothing. The kernel's kinds, as `choose` and `for each` carry them once parsed."""


def parse_effect(text: str, kinds: Kinds | None = None) -> ast.Program:
    """Parse one effect text; raises EffectSyntaxError at its first mistake (`recovery.py`
    finds them all). `kinds` are the variant's own kinds of space, by name."""
    return ast.Program(tuple(_parse(text, "start", kinds)), text)


def parse_condition(text: str, kinds: Kinds | None = None) -> ast.Expr:
    """Parse a card's play condition, a single expression; raises EffectSyntaxError."""
    return _parse(text, "condition", kinds)


def _parse(text: str, start: str, kinds: Kinds | None = None):
    result, failures = parse_pass(joined_kinds(prepared(text), kinds), start, kinds)
    if failures:
        raise min((failure.error for failure in failures), key=lambda error: (error.line, error.col))
    return result


def prepared(text: str) -> str:
    """The text as a pass parses it, after the checks that come before any parsing; raises
    EffectSyntaxError for the first tab, and as `refuse_unparsable` does."""
    refuse_unparsable(text)
    tabs = tab_errors(text)
    if tabs:
        raise tabs[0]
    return text if text.endswith("\n") else text + "\n"


def refuse_unparsable(text: str) -> None:
    """Raise EffectSyntaxError when the text is too long, empty or too deep in parentheses to
    parse at all."""
    if len(text) > MAX_EFFECT_CHARS:
        raise EffectSyntaxError(f"effect is longer than {MAX_EFFECT_CHARS} characters", 1, 1)
    _limit_parentheses(text)
    if not text.strip():
        raise EffectSyntaxError("effect is empty; write at least one statement", 1, 1)


_KIND_WORDS = re.compile(r'"[^"\n]*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*(?:[ ]+[A-Za-z_][A-Za-z0-9_]*)*')


def joined_kinds(source: str, kinds: Kinds | None) -> str:
    """The text with each kind of several words the variant names (`vacant lot`) written as
    one (`vacant_lot`), outside quotes and comments: the grammar reads a kind as one word.
    Spaces become underscores one for one, so every position stays where it was."""
    phrases = sorted((name for name in kinds or () if " " in name), key=len, reverse=True)
    if not phrases:
        return source
    pattern = re.compile(r"\b(?:" + "|".join(r"[ ]+".join(map(re.escape, p.split())) for p in phrases) + r")\b")

    def join(run: re.Match) -> str:
        text = run.group(0)
        if text[0] in "\"#":
            return text
        return pattern.sub(lambda found: found.group(0).replace(" ", "_"), text)

    return _KIND_WORDS.sub(join, source)


def parse_pass(source: str, start: str = "start", kinds: Kinds | None = None):
    """One pass of the parser over a prepared text: the result (statements, or an expression
    for a condition) and every failure found on the way. A mistake in the grammar stops the
    pass, so it brings one failure and no result; the refusals made while building the syntax
    tree (a keyword as a name, a number too large) all come, with the result they spoil."""
    builder = _ToAst(kinds)
    try:
        tree = _parser().parse(source, start=start)
        result = builder.transform(tree)
    except _Failed as exc:
        return None, [exc.failure]
    except UnexpectedInput as exc:
        return None, [_located(exc, source)]
    except RecursionError:
        return None, [Failure(EffectSyntaxError("effect is nested too deeply", 1, 1), "fatal", 1)]
    failures = builder.failures + _too_deep(result if isinstance(result, list) else [result])
    return result, failures


def _limit_parentheses(text: str) -> None:
    depth = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for col, char in enumerate(line, start=1):
            depth += (char == "(") - (char == ")")
            if depth > MAX_PARENTHESES:
                raise EffectSyntaxError(f"parentheses are nested more than {MAX_PARENTHESES} deep", number, col)


def _too_deep(nodes: list[ast.Node]) -> list[Failure]:
    """Each expression with more than MAX_EXPRESSION_DEPTH parts inside one another, refused
    at its start. Everything after the parser (check, compile, play) recurses over
    expressions; this walk does not, so a chain of 3,000 `+` is refused here instead of
    crashing there."""
    failures: list[Failure] = []
    refused: set[int] = set()
    stack: list[tuple[ast.Node, int, ast.Node | None]] = [(node, 0, None) for node in nodes]
    while stack:
        node, depth, root = stack.pop()
        if isinstance(node, ast.EXPRESSION_TYPES):
            depth, root = depth + 1, root or node
            if depth > MAX_EXPRESSION_DEPTH:
                if id(root) in refused:
                    continue
                refused.add(id(root))
                error = EffectSyntaxError(
                    f"this expression has more than {MAX_EXPRESSION_DEPTH} parts inside one another",
                    root.line,
                    root.col,
                    "each + - * of a long chain counts as one; work it out in steps with 'let'",
                )
                failures.append(Failure(error, "statement", root.line))
                continue
        else:
            depth, root = 0, None
        stack.extend((child, depth, root) for child in ast.children(node))
    return failures


def _number_literal(token: Token) -> int:
    """A number as written, refused above MAX_NUMBER before Python converts it: past 4,300
    digits the conversion itself fails, and a long number could not be shown in the log."""
    digits = str(token).lstrip("0") or "0"
    if len(digits) <= len(str(MAX_NUMBER)) and int(digits) <= MAX_NUMBER:
        return int(digits)
    shown = f"the number {digits}" if len(digits) <= 20 else f"a number of {len(digits):,} digits"
    raise EffectSyntaxError(
        f"{shown} is too large: numbers in an effect go up to {MAX_NUMBER:,}",
        token.line or 1,
        token.column or 1,
        f"write a number no larger than {MAX_NUMBER:,}",
    )


def tab_errors(text: str) -> list[EffectSyntaxError]:
    """One error for each line holding a tab, at its first tab."""
    errors = []
    for number, line in enumerate(text.split("\n"), start=1):
        col = line.find("\t")
        if col >= 0:
            errors.append(EffectSyntaxError("tab character in effect", number, col + 1, "indent with spaces, not tabs"))
    return errors


# ----- friendly syntax errors ------------------------------------------------------------------

_TERMINAL_WORDS = {
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "end of the block",
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": 'a "quoted text"',
    "COMPARE": "a comparison (<, <=, =, ...)",
    "PLUS": "+",
    "MINUS": "-",
    "MUL_OP": "*",
    "$END": "end of effect",
}


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    for terminal in _parser().terminals:
        if terminal.name == name:
            pattern = terminal.pattern
            if pattern.type == "str":
                return f"'{pattern.value}'"
            return f"'{pattern.value.replace('[ ]+', ' ')}'"
    return name.lower()


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of effect"
    if token.type == "_NL":
        return "end of line"
    if token.type == "_INDENT":
        return "indentation"
    if token.type == "_DEDENT":
        return "end of the block"
    return f"'{token.value}'"


def _located(exc: UnexpectedInput, source: str) -> Failure:
    """The grammar's complaint as a Failure: its message, and where recovery should go on."""
    if isinstance(exc, UnexpectedToken) and set(exc.accepts or exc.expected) == {"_INDENT"}:
        return _missing_block(exc.token, source)
    if isinstance(exc, UnexpectedToken) and exc.token.type == "_INDENT":
        line = exc.token.end_line or 1
        error = EffectSyntaxError(
            "this line is indented, but no block starts above it",
            line,
            len(str(exc.token.value)) + 1,
            "indent only the lines under an 'if', 'else', 'for each' or 'repeat' that ends with ':'",
        )
        return Failure(error, "indented", line)
    error = _friendly(exc, source)
    return Failure(error, "statement", error.line)


def _missing_block(token: Token, source: str) -> Failure:
    """A header's ':' ends its line and nothing is indented under it. The error points at the
    line that should have been indented, or at the ':' when the effect ends there."""
    after = (token.end_line if token.type in _LAYOUT else token.line) or 1
    lines = source.split("\n")
    hint = "indent the lines of the block under it, or write one instruction after the ':'"
    if _has_line(source, after):
        col = len(lines[after - 1]) - len(lines[after - 1].lstrip(" ")) + 1
        error = EffectSyntaxError("the line above ends with ':', so this line should be indented under it", after, col, hint)
        return Failure(error, "block", after)
    header = next((n for n in range(min(after, len(lines)) - 1, 0, -1) if without_comment(lines[n - 1]).strip()), 1)
    colon = len(without_comment(lines[header - 1]).rstrip())
    return Failure(EffectSyntaxError("nothing is indented under this ':'", header, max(1, colon), hint), "block", after)


_LAYOUT = frozenset({"_NL", "_INDENT", "_DEDENT", "$END"})
"""Tokens that take their position from the line break before them."""


def without_comment(line: str) -> str:
    """A line without its comment; a `#` inside a quoted text is not a comment."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:index]
    return line


_KIND_WORDS_BEFORE = re.compile(r"(?:choose|each|count|group)[ ]+([a-z]+[ ]+[a-z]+)[ ]+$")


def _kind_of_two_words(source: str, before: Token | None, token: Token) -> str | None:
    """'vacant lot' where `choose vacant lot L` failed at L: two words where a kind stands,
    which the variant does not name as one kind."""
    if token.type != "NAME" or before is None or before.type != "NAME" or token.line is None or token.column is None:
        return None
    line = source.split("\n")[token.line - 1][: token.column - 1]
    found = _KIND_WORDS_BEFORE.search(line)
    return None if found is None else " ".join(found.group(1).split())


def _friendly(exc: UnexpectedInput, source: str) -> EffectSyntaxError:
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        pos = cast(int, exc.pos_in_stream)  # lark types it None (the base class's default); this subclass sets the offset
        char = source[pos] if pos < len(source) else "?"
        return EffectSyntaxError(f"unexpected character '{char}'", line, col)
    if isinstance(exc, UnexpectedEOF):
        last = source.rstrip("\n").split("\n")
        return EffectSyntaxError("effect ends too early", len(last), len(last[-1]) + 1)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "_NL" and token.line is not None:
            # a newline token starts at the end of the line where something is missing
            line, col = token.line, token.column or 1
        elif token.type in ("_INDENT", "_DEDENT") and token.end_line is not None and _has_line(source, token.end_line):
            line, col = token.end_line, len(str(token.value)) + 1
        expected = sorted({_describe_terminal(t) for t in exc.accepts or exc.expected})
        shown = ", ".join(expected[:8]) + (", ..." if len(expected) > 8 else "")
        message = f"unexpected {_describe_token(token)}"
        before = (getattr(exc, "token_history", None) or [None])[-1]
        kind = _kind_of_two_words(source, before, token)
        if kind is not None:
            return EffectSyntaxError(message, line, col, f"if '{kind}' is a kind of space, the variant names it under "
                                     "'kinds:' (docs/variants.md)")
        return EffectSyntaxError(message, line, col, f"expected {shown}" if shown else None)
    return EffectSyntaxError(str(exc).split("\n")[0], line, col)


def _has_line(source: str, line: int) -> bool:
    """Whether the text has something on this line: a block closed by the end of the text
    borrows the place of the line after the last, which is no place to point at."""
    lines = source.split("\n")
    return line <= len(lines) and bool(lines[line - 1].strip())


# ----- tree to AST -----------------------------------------------------------------------------


def _pos(meta) -> dict:
    return {"line": getattr(meta, "line", 1), "col": getattr(meta, "column", 1)}


def _tok_pos(token: Token) -> dict:
    return {"line": token.line or 1, "col": token.column or 1}


@lru_cache(maxsize=1)
def reserved_words() -> frozenset[str]:
    """Every keyword of the language; none of them may name a variable."""
    words = set()
    for terminal in _parser().terminals:
        if terminal.pattern.type == "str" and terminal.pattern.value.isalpha():
            words.add(terminal.pattern.value)
    return frozenset(words)


def _checked_var(token: Token) -> str:
    """A name the effect binds or uses, refusing keywords the contextual lexer let through."""
    if str(token) in reserved_words():
        raise EffectSyntaxError(
            f"'{token}' is a word of the effect language and cannot name something",
            token.line or 1,
            token.column or 1,
            "pick another name, such as a capital letter",
        )
    return str(token)


def _kind(token: Token) -> str:
    return " ".join(str(token).split())


@v_args(meta=True)
class _ToAst(Transformer_NonRecursive):
    """Shapes Lark's parse tree into frozen AST nodes, one small method per grammar rule.

    What it refuses (a keyword as a name, a number too large) goes into `failures` and the
    work goes on, so that one pass finds every such mistake."""

    def __init__(self, kinds: Kinds | None = None) -> None:
        super().__init__()
        self.failures: list[Failure] = []
        self.kinds = kinds or {}

    def _refuse(self, error: EffectSyntaxError) -> None:
        self.failures.append(Failure(error, "statement", error.line))

    def _var(self, token: Token) -> str:
        try:
            return _checked_var(token)
        except EffectSyntaxError as error:
            self._refuse(error)
            return str(token)

    def _number(self, token: Token) -> int:
        try:
            return _number_literal(token)
        except EffectSyntaxError as error:
            self._refuse(error)
            return 0

    # -- blocks
    def start(self, meta, items):
        return [s for s in items if s is not None]

    def condition(self, meta, items):
        return items[0]

    def suite(self, meta, items):
        return tuple(s for s in items if s is not None)

    # -- helpers that just pass their single value up
    def in_zone(self, meta, items):
        return items[0]

    where = chooser = for_player = except_player = in_zone

    def kind(self, meta, items):
        """A kind of thing: the kernel's own (`property`, `player`), or one the variant names,
        as the kernel's kind it stands for; a name the variant does not give stays as written,
        for the check to refuse (`vacant_lot` was joined from `vacant lot`)."""
        word = str(items[0])
        if items[0].type != "NAME":
            return word
        named = " ".join(part for part in word.split("_") if part)
        return self.kinds.get(named, named)

    def group(self, meta, items):
        return _kind(items[0])

    extreme = adjective = attribute = group

    # -- statements
    def let_stmt(self, meta, items):
        return ast.Let(**_pos(meta), var=self._var(items[0]), value=items[1])

    def choose_stmt(self, meta, items):
        kind, name, zone, where, chooser, every = items
        return ast.Choose(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, chooser=chooser,
                          every=every is not None)

    def choose_word(self, meta, items):
        name, *options, chooser, every = items
        tests = tuple(test for _, test in options)
        return ast.ChooseWord(**_pos(meta), var=self._var(name), words=tuple(word for word, _ in options), chooser=chooser,
                              every=every is not None, tests=tests if any(t is not None for t in tests) else ())

    def word_option(self, meta, items):
        return str(items[0])[1:-1], items[1]

    def choose_number(self, meta, items):
        name, low, high, chooser, every = items
        return ast.ChooseNumber(**_pos(meta), var=self._var(name), low=low, high=high, chooser=chooser,
                                every=every is not None)

    def every_answer(self, meta, items):
        return True

    def roll_zone(self, meta, items):
        return ast.RollZone(**_pos(meta), var=self._var(items[0]), chooser=items[1])

    def roll_dice(self, meta, items):
        return ast.RollDice(**_pos(meta), var=self._var(items[0]), player=items[1])

    def roll_off(self, meta, items):
        extreme, name, group = items
        return ast.RollOff(**_pos(meta), extreme=extreme, var=self._var(name), group=group)

    def build_units(self, meta, items):
        return ast.BuildUnits(**_pos(meta), count=items[0], property=items[1], player=items[2])

    def build_session(self, meta, items):
        budget, zone, *options = items
        values = {"new_lots": None, "units_per_new_lot": None}
        given = {"new_lots": False, "units_per_new_lot": False}
        at_least_one = False
        at_least_one_if = None
        for option in options:
            name, value = option
            if name == "at_least_one":
                at_least_one = True
                at_least_one_if = value
                continue
            if given[name]:
                self._refuse(EffectSyntaxError(f"'{name.replace('_', ' ')}' is given twice", meta.line, meta.column))
            given[name] = True
            values[name] = None if (isinstance(value, Token) and value.type == "ANY") else value
        return ast.BuildSession(
            **_pos(meta),
            budget=budget,
            zone=zone,
            new_lots=values["new_lots"],
            units_per_new_lot=values["units_per_new_lot"],
            new_lots_given=given["new_lots"],
            units_per_new_lot_given=given["units_per_new_lot"],
            at_least_one=at_least_one,
            at_least_one_if=at_least_one_if,
        )

    def new_lots(self, meta, items):
        return ("new_lots", items[1])

    def units_per_new_lot(self, meta, items):
        return ("units_per_new_lot", items[1])

    def at_least_one(self, meta, items):
        return ("at_least_one", items[1] if len(items) > 1 else None)

    def remove_top(self, meta, items):
        return ast.RemoveTop(**_pos(meta), property=items[0])

    def remove_all(self, meta, items):
        return ast.RemoveAll(**_pos(meta), property=items[0], except_player=items[1])

    def move_top(self, meta, items):
        return ast.MoveTop(**_pos(meta), source=items[0], target=items[1])

    def draw_stmt(self, meta, items):
        return ast.Draw(**_pos(meta), count=items[0], player=items[1], because=items[2])

    def because(self, meta, items):
        return str(items[0])[1:-1]

    def roll_faces(self, meta, items):
        names = [str(token) for token in items]
        pairs = tuple(zip(names[0::2], [self._var(token) for token in items[1::2]]))
        return ast.RollFaces(**_pos(meta), rolls=pairs)

    def set_stmt(self, meta, items):
        counter, subject, value = items
        return ast.SetCounter(**_pos(meta), counter=str(counter), value=value, subject=subject)

    def of_whom(self, meta, items):
        return items[0]

    def offer_stmt(self, meta, items):
        timing, player, limit = items
        return ast.OfferCards(**_pos(meta), timing=str(timing), limit=limit, player=player)

    def settle_stmt(self, meta, items):
        return ast.Settle(**_pos(meta))

    def end_game_stmt(self, meta, items):
        return ast.EndGame(**_pos(meta), reason=str(items[0]), player=items[1])

    def show_stmt(self, meta, items):
        return ast.Show(**_pos(meta), card=items[0], player=items[1])

    def do_stmt(self, meta, items):
        return ast.Do(**_pos(meta), routine=str(items[0]), player=items[1])

    def start_with_stmt(self, meta, items):
        return ast.StartWith(**_pos(meta), player=items[0])

    def shuffle_stmt(self, meta, items):
        return ast.Shuffle(**_pos(meta), pile=str(items[0]), subject=items[1])

    def advance_stmt(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], count=items[1])

    def advance_back(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], count=items[1], back=True)

    def advance_to(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], target=items[1])

    def next_turn_stmt(self, meta, items):
        return ast.NextTurn(**_pos(meta), player=items[0])

    def place_stmt(self, meta, items):
        return ast.Place(**_pos(meta), player=items[0], target=items[1])

    def put_stmt(self, meta, items):
        return ast.Put(**_pos(meta), card=items[0], target=items[1])

    def put_under(self, meta, items):
        return ast.Put(**_pos(meta), card=items[0], target=items[1], under=True)

    def play_stmt(self, meta, items):
        return ast.PlayCard(**_pos(meta), card=items[0], player=items[1])

    def top_card(self, meta, items):
        return ast.TopCard(**_pos(meta), subject=items[0])

    def discard_stmt(self, meta, items):
        return ast.Discard(**_pos(meta), count=items[0], player=items[1])

    def add_stmt(self, meta, items):
        amount, counter, subject = items
        return ast.AddTo(**_pos(meta), amount=amount, counter=str(counter), subject=subject)

    def react_stmt(self, meta, items):
        return ast.OfferReaction(**_pos(meta), player=items[0])

    def cancel_stmt(self, meta, items):
        return ast.Cancel(**_pos(meta))

    def stop_stmt(self, meta, items):
        return ast.Stop(**_pos(meta))

    def say_stmt(self, meta, items):
        return ast.Say(**_pos(meta), text=str(items[0])[1:-1])

    def if_stmt(self, meta, items):
        condition, then, otherwise = items
        return ast.If(**_pos(meta), condition=condition, then=then, otherwise=otherwise or ())

    def for_stmt(self, meta, items):
        kind, name, zone, where, body = items
        return ast.ForEach(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, body=body)

    def repeat_stmt(self, meta, items):
        return ast.Repeat(**_pos(meta), times=items[0], most=items[1], body=items[2])

    def repeat_while(self, meta, items):
        return ast.Repeat(**_pos(meta), times=None, most=items[1], body=items[2], test=items[0])

    def take_turns_stmt(self, meta, items):
        name, group, start, most, body = items
        return ast.TakeTurns(**_pos(meta), var=self._var(name), group=group, start=start, most=most, body=body)

    def from_player(self, meta, items):
        return items[0]

    def offer_trade(self, meta, items):
        *goods, player, chooser = items
        return ast.OfferTrade(**_pos(meta), player=player, goods=tuple(str(good) for good in goods), by=chooser)

    def pass_stmt(self, meta, items):
        return ast.Pass(**_pos(meta))

    def at_most(self, meta, items):
        return self._number(items[0])

    # -- expressions
    def number(self, meta, items):
        return ast.Number(**_tok_pos(items[0]), value=self._number(items[0]))

    def name(self, meta, items):
        token = items[0]
        name = str(token) if str(token) in VALUE_WORDS else self._var(token)
        return ast.Name(**_tok_pos(token), name=name)

    def of_player(self, meta, items):
        token, subject = items
        return ast.OfPlayer(**_pos(meta), counter=self._var(token), subject=subject)

    def attribute_of(self, meta, items):
        return ast.Attribute(**_pos(meta), attribute=items[0], subject=items[1])

    def space_of(self, meta, items):
        return ast.SpaceOf(**_pos(meta), number=items[0], zone=items[1])

    def units_on(self, meta, items):
        return ast.UnitsOn(**_pos(meta), player=items[0], property=items[1])

    def count(self, meta, items):
        kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where)

    def largest_group(self, meta, items):
        kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, group=True)

    def is_next_to(self, meta, items):
        left, negated, right = items
        return ast.NextTo(**_pos(meta), left=left, right=right, negated=negated is not None)

    def total(self, meta, items):
        value, kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, total=value)

    def arith(self, meta, items):
        result = items[0]
        for op, right in zip(items[1::2], items[2::2]):
            result = ast.Arith(line=result.line, col=result.col, op=str(op), left=result, right=right)
        return result

    def negative(self, meta, items):
        """`-X`, as `0 - X`: a payment written as it is said (`add -3 to cash of me`)."""
        operand = items[-1]
        zero = ast.Number(**_pos(meta), value=0)
        return ast.Arith(**_pos(meta), op="-", left=zero, right=operand)

    def compare(self, meta, items):
        left, op, right = items
        return ast.Compare(**_pos(meta), op=str(op), left=left, right=right)

    def is_adjective(self, meta, items):
        subject, negation, adjective = items
        return ast.IsAdjective(**_pos(meta), subject=subject, adjective=adjective, negated=negation is not None)

    def is_same(self, meta, items):
        left, negation, right = items
        return ast.IsSame(**_pos(meta), left=left, right=right, negated=negation is not None)

    def has_units(self, meta, items):
        return ast.HasUnits(**_pos(meta), player=items[0], property=items[1])

    def has_word(self, meta, items):
        return ast.HasWord(**_pos(meta), subject=items[0], word=str(items[1])[1:-1])

    def rule(self, meta, items):
        return ast.Rule(**_tok_pos(items[0]), name=str(items[0]))

    def word(self, meta, items):
        return ast.Word(**_tok_pos(items[0]), text=str(items[0])[1:-1])

    def and_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return ast.Logic(**_pos(meta), op="and", operands=tuple(items))

    def or_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return ast.Logic(**_pos(meta), op="or", operands=tuple(items))

    def not_(self, meta, items):
        return ast.Not(**_pos(meta), operand=items[-1])


if __name__ == "__main__":  # python -m engine.effects.parser: after changing effects.lark
    write_tables()
    print(f"wrote {TABLES_PATH}")
