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
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

from engine.effects import ast
from engine.effects.errors import EffectSyntaxError as EffectSyntaxError
from engine.effects.errors import Failure as Failure
from engine.effects.limits import MAX_EXPRESSION_DEPTH
from engine.effects.syntax_tree import SPACE_KINDS as SPACE_KINDS
from engine.effects.syntax_tree import Kinds as Kinds
from engine.effects.syntax_tree import ToAst

GRAMMAR_PATH = Path(__file__).with_name("effects.lark")
TABLES_PATH = Path(__file__).with_name("effects-tables.json")
MAX_EFFECT_CHARS = 10_000
MAX_VARIANT_EFFECT_CHARS = 200_000
"""All the effect texts of a variant together (cards' effects and conditions, the programs,
hooks and scores): parsing takes about a second for 100,000 characters, and the largest
bundled game has under 10,000."""
MAX_NESTING = 12
MAX_PARENTHESES = 30
_PARSING = threading.Lock()
"""Held while the one parser reads a text. Lark's parser is not safe to use from two threads
at once: its indenter counts the open parentheses and blocks of the text being read in
itself, so two texts read at once mix their counts, and a parse fails on an assertion inside
Lark or, worse, reads a statement in the wrong block. The terminal UI checks variants in a
worker thread while a key can load a game in its own (issue 44, 5: F3 on the start screen
crashed with `paren_level`). Parsing is pure Python, so under the GIL one parse at a time
costs no speed."""


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
    """The text with each kind of several words the variant names (`vacant space`) written as
    one (`vacant_space`), outside quotes and comments: the grammar reads a kind as one word.
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
    builder = ToAst(kinds, reserved_words())
    try:
        with _PARSING:
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
    """'vacant space' where `choose vacant space L` failed at L: two words where a kind stands,
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


@lru_cache(maxsize=1)
def reserved_words() -> frozenset[str]:
    """Every keyword of the language; none of them may name a variable."""
    words = set()
    for terminal in _parser().terminals:
        if terminal.pattern.type == "str" and terminal.pattern.value.isalpha():
            words.add(terminal.pattern.value)
    return frozenset(words)


if __name__ == "__main__":  # python -m engine.effects.parser: after changing effects.lark
    write_tables()
    print(f"wrote {TABLES_PATH}")
