"""PyYAML's syntax errors, said in plain words at the line the author has to change.

PyYAML reports where its reading failed, which is often not where the mistake is: a key
indented one space too far is read as more of the line above's value, and the failure comes
at its `:`; an unclosed quote fails at the end of the file. Each explainer below recognises
one common mistake from PyYAML's words and the text around them, and says what is wrong
where it is; anything it does not recognise keeps PyYAML's own words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from engine.diagnostics import Diagnostic, Loc

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_GLUED_COLON = re.compile(r"\b(\w+):(\S)")
"""`name:Foo`. The \\b makes each word's search start once: without it, a word of 100,000
letters was tried from each of its letters, and a file of one long key took minutes."""
_KEY_END = re.compile(r":(?=[ \t]|$)")
MAX_KEY_CHARS = 1024
"""YAML's own limit on a key written `key: value`: the scanner stops looking for the ':'
that makes a key 1,024 characters after the key starts (PyYAML and libyaml alike)."""
_BLOCK_HEADER = re.compile(r":\s*[|>][-+0-9]*\s*(#.*)?$")


@dataclass(frozen=True)
class _Text:
    """The file's lines, with the measures the explainers need. Columns are 0-based here."""

    file: str
    lines: list[str]

    def loc(self, line: int, col: int) -> Loc:
        return Loc(self.file, line + 1, col + 1)

    def line(self, n: int) -> str:
        return self.lines[n] if 0 <= n < len(self.lines) else ""

    def is_content(self, n: int) -> bool:
        stripped = self.line(n).strip()
        return bool(stripped) and not stripped.startswith("#")

    def indent(self, n: int) -> int:
        line = self.line(n)
        return len(line) - len(line.lstrip(" "))

    def key_col(self, n: int) -> int:
        """Where a line's key (or text) starts, after any `- ` list markers."""
        line = self.line(n)
        match = re.match(r"[ ]*(?:-[ ]+)*", line)
        return match.end() if match else 0

    def key(self, n: int) -> str:
        """The key a line starts with, or its first word."""
        match = _KEY.match(self.line(n), self.key_col(n))
        return _echo(match.group(0)) if match else self.line(n).strip()[:20]

    def previous(self, n: int) -> int | None:
        """The nearest line above `n` that holds something (not blank, not only a comment)."""
        return next((i for i in range(n - 1, -1, -1) if self.is_content(i)), None)

    def step(self) -> int:
        """The indentation the file usually adds under a key: the most common increase from
        a line ending in ':' to the line after it (2 when the file does not show one)."""
        steps: Counter[int] = Counter()
        for n in range(len(self.lines) - 1):
            if not self.line(n).rstrip().endswith(":"):
                continue  # first: only these scan on, so the scans never overlap and the whole is linear
            following = self.previous_after(n)
            if following is not None:
                increase = self.key_col(following) - self.key_col(n)
                if increase > 0:
                    steps[increase] += 1
        return steps.most_common(1)[0][0] if steps else 2

    def previous_after(self, n: int) -> int | None:
        return next((i for i in range(n + 1, len(self.lines)) if self.is_content(i)), None)

    def levels_above(self, n: int) -> list[int]:
        """The lines that open the groups around line `n`, nearest first: the line above it,
        then each less indented line above that."""
        found: list[int] = []
        for i in range(n - 1, -1, -1):
            if self.is_content(i) and (not found or self.key_col(i) < self.key_col(found[-1])):
                found.append(i)
        return found

    def parent_col(self, n: int) -> int | None:
        """The key column of the line that `n` is indented under, if any."""
        return next((self.key_col(i) for i in self.levels_above(n) if self.key_col(i) < self.key_col(n)), None)


def _echo(text: str, longest: int = 80) -> str:
    """Text from the file quoted in a message, cut short: a line may be a megabyte long."""
    return text if len(text) <= longest else text[: longest - 1] + "…"


def explain(exc: yaml.MarkedYAMLError, text: str, file: str) -> Diagnostic:
    """A plain message for a PyYAML syntax error, at the line the author must change."""
    lines = _Text(file, text.split("\n"))
    for explainer in _EXPLAINERS:
        found = explainer(exc, lines, text)
        if found is not None:
            return found
    return _pyyaml_words(exc, lines)


def _pyyaml_words(exc: yaml.MarkedYAMLError, lines: _Text) -> Diagnostic:
    """PyYAML's own message, for what no explainer recognises."""
    mark = exc.problem_mark or exc.context_mark
    loc = lines.loc(mark.line, mark.column) if mark is not None else Loc(lines.file)
    message = f"YAML syntax error: {exc.problem or 'syntax error'}"
    if exc.context:
        message += f" ({exc.context}"
        if exc.context_mark is not None and exc.context_mark is not mark:
            message += f" at line {exc.context_mark.line + 1}"
        message += ")"
    return Diagnostic(loc, message)


# ----- tabs and stray characters ---------------------------------------------------------------


def _tab(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    if "'\\t'" not in (exc.problem or "") or exc.problem_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    before = lines.line(line)[:col]
    if not before.strip():
        return Diagnostic(lines.loc(line, col), "tab character in YAML indentation", "indent with spaces, not tabs")
    if before.rstrip().endswith(":"):
        return Diagnostic(lines.loc(line, col), "a tab after the ':'; YAML wants a space there", "use a space instead of the tab")
    return Diagnostic(
        lines.loc(line, col), "tab character in the middle of a line", "use spaces, or put the text in quotes"
    )


def _cannot_start(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    match = re.match(r"found character '(.)' that cannot start any token", exc.problem or "")
    if match is None or exc.problem_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    value = lines.line(line)[col:].split(" #")[0].rstrip()
    return Diagnostic(
        lines.loc(line, col),
        f"a value cannot start with '{match.group(1)}' in YAML unless it is in quotes",
        f'write it in quotes: "{_echo(value)}"' if '"' not in value else "put the value in quotes",
    )


# ----- quotes ----------------------------------------------------------------------------------


def _unclosed_quote(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    if "quoted scalar" not in (exc.context or "") or exc.context_mark is None:
        return None
    start = exc.context_mark
    quote = lines.line(start.line)[start.column : start.column + 1] or '"'
    if "end of stream" in (exc.problem or ""):
        return Diagnostic(
            lines.loc(start.line, start.column),
            f"the quote {quote} that starts this text is never closed",
            f"end the text with {quote} on the same line",
        )
    escape = re.match(r"found unknown escape character '(.)'", exc.problem or "")
    if escape and exc.problem_mark is not None:
        return Diagnostic(
            lines.loc(exc.problem_mark.line, exc.problem_mark.column - 1),
            f"'\\{escape.group(1)}' is not something YAML knows after a backslash in double quotes",
            "write a backslash as \\\\, or use single quotes, where a backslash is just a backslash",
        )
    return None


def _after_quoted_text(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """Text found right after a quoted value: a quote closed on a later line than it opened
    (an unclosed quote that met the next one), or words after the closing quote."""
    if "but found '<scalar>'" not in (exc.problem or "") or exc.problem_mark is None:
        return None
    token = _token_before(text, exc.problem_mark)
    if not isinstance(token, yaml.ScalarToken) or token.style not in ("'", '"'):
        return None
    quote, start, end = token.style, token.start_mark, token.end_mark
    if start.line != end.line:
        return Diagnostic(
            lines.loc(start.line, start.column),
            f"the quote {quote} that starts this text is closed only on line {end.line + 1}, "
            "so the lines between became part of the text",
            f"end the text with {quote} on line {start.line + 1}",
        )
    if quote == "'" and re.match(r"\w", lines.line(end.line)[end.column : end.column + 1]):
        value = lines.line(end.line)[start.column :].split(" #")[0].strip()
        inner = value[1:-1] if value.endswith("'") else value[1:]
        doubled = _echo(inner.replace(chr(39), chr(39) * 2))
        hint = f"inside single quotes write an apostrophe twice: '{doubled}'; or use double quotes"
    else:
        hint = "put the whole value inside the quotes"
    return Diagnostic(
        lines.loc(exc.problem_mark.line, exc.problem_mark.column), "more text follows the closing quote of this value", hint
    )


def _token_before(text: str, mark: Any) -> Any:
    """The last token the scanner finishes before `mark` (None if there is none). libyaml's
    scanner, when there is one, is ten times quicker than PyYAML's: this scan reads the file
    up to the error a second time."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    last = None
    try:
        for token in yaml.scan(text, Loader=loader):
            if (token.end_mark.line, token.end_mark.column) > (mark.line, mark.column):
                break
            last = token
    except yaml.YAMLError:
        pass
    return last


# ----- indentation -----------------------------------------------------------------------------


def _mapping_values(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """'mapping values are not allowed here': a ':' where YAML is reading a plain value."""
    if exc.problem != "mapping values are not allowed here" or exc.problem_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    if ": " in lines.line(line)[lines.key_col(line) : col]:
        return _colon_in_value(lines, line, col)
    above = lines.previous(line)
    if above is None:
        return None
    if _dash_without_space(lines, above):
        return _dash_without_space(lines, above)
    if ":" not in lines.line(above):
        return Diagnostic(
            lines.loc(above, lines.key_col(above)),
            f"'{lines.key(above)}' has no ':' after it, so YAML reads the lines under it as more of its text",
            f"write '{lines.key(above)}:'",
        )
    before_colon = lines.line(line)[lines.key_col(line) : col].strip()
    if not _KEY.fullmatch(before_colon):
        return _colon_in_value(lines, line, col, continued_from=above)
    return _deeper_key(lines, line, above)


def _dash_without_space(lines: _Text, line: int) -> Diagnostic | None:
    """`-players: 2`: a list item whose '-' touches what follows, so YAML reads a word."""
    if not re.match(r"[ ]*-[^ \-]", lines.line(line)):
        return None
    dash = lines.indent(line)
    item = lines.line(line)[dash + 1 :].split(" #")[0].strip()
    return Diagnostic(lines.loc(line, dash), "a '-' that starts a list item needs a space after it", f"write '- {_echo(item)}'")


def _colon_in_value(lines: _Text, line: int, col: int, continued_from: int | None = None) -> Diagnostic:
    key_line = continued_from if continued_from is not None else line
    key = lines.key(key_line)
    if continued_from is None:
        value = lines.line(line).split(": ", 1)[1].split(" #")[0].strip()
        hint = f'put the whole value in quotes: {key}: "{_echo(value)}"' if '"' not in value else "put the whole value in quotes"
    else:
        hint = f"put the whole value of '{key}' in quotes, or write it after '{key}: >-' on lines of its own"
    return Diagnostic(lines.loc(line, col), "a ': ' inside a value that is not in quotes reads as the start of another key", hint)


def _deeper_key(lines: _Text, line: int, above: int) -> Diagnostic:
    """A key indented more than the key above it, whose value is on its own line: one of the
    two is indented wrongly. The one that breaks the file's usual step is named."""
    key, other = lines.key(line), lines.key(above)
    parent = lines.parent_col(above)
    expected = 0 if parent is None else parent + lines.step()
    if lines.key_col(above) != expected and lines.key_col(line) == expected:
        return Diagnostic(
            lines.loc(above, lines.key_col(above)),
            f"'{other}' is indented differently from the lines around it",
            f"move it to column {expected + 1}, like '{key}' on line {line + 1}",
        )
    return Diagnostic(
        lines.loc(line, lines.key_col(line)),
        f"'{key}' is indented more than '{other}' on line {above + 1}, so YAML reads it as more of that line's value",
        f"keys of one group start in the same column: move '{key}' to column {lines.key_col(above) + 1}",
    )


def _block_end(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """'expected <block end>, but found ...': a line that lines up with nothing above it."""
    problem = exc.problem or ""
    if not re.match(r"expected (<block end>|'<document start>'), but found", problem) or exc.problem_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    found = problem.rsplit("but found ", 1)[1].strip("'")
    dash = _dash_without_space(lines, line)
    if dash is not None:
        return dash
    if found == "-":
        if any(lines.line(i).lstrip().startswith("- ") and lines.indent(i) < col for i in range(line)):
            return _misplaced_item(lines, line, col)
        return Diagnostic(
            lines.loc(line, col),
            "a '- ' list item where the lines above it at this indentation are 'key: value' lines",
            "remove the '- ', or put the list under a key of its own that ends with ':'",
        )
    if found == "?":
        item = next((i for i in lines.levels_above(line) if lines.line(i).lstrip().startswith("- ")), None)
        inside = f"move it to column {lines.key_col(item) + 1}" if item is not None else "indent it"
        return Diagnostic(
            lines.loc(line, col),
            f"'{lines.key(line)}' is a 'key: value' line, but the lines above it at this indentation are '- ' list items",
            f"start it with '- ' like them, or {inside} to line it up with the keys inside the item above",
        )
    if found == "<block sequence start>":
        return _misplaced_item(lines, line, col)
    if found == "<scalar>":
        text_block = _block_text_above(lines, line)
        if text_block is not None:
            return _dedented_text(lines, line, text_block)
    return _lines_up_with_nothing(lines, line, col)


def _misplaced_item(lines: _Text, line: int, col: int) -> Diagnostic:
    sibling = next(
        (i for i in range(line - 1, -1, -1) if lines.line(i).lstrip().startswith("- ") and lines.indent(i) != col), None
    )
    hint = "items of one list start in the same column"
    if sibling is not None:
        hint += f": move the '-' to column {lines.indent(sibling) + 1}, like line {sibling + 1}"
    return Diagnostic(lines.loc(line, col), "this '- ' item is indented differently from the items of its list", hint)


def _lines_up_with_nothing(lines: _Text, line: int, col: int) -> Diagnostic:
    options: list[str] = []
    for i in lines.levels_above(line):
        if lines.key_col(i) != col and len(options) < 2:
            options.append(f"with '{lines.key(i)}' on line {i + 1}, column {lines.key_col(i) + 1}")
    return Diagnostic(
        lines.loc(line, col),
        f"'{lines.key(line)}' is indented to column {col + 1}, which lines up with no key above it",
        ("line it up " + ", or ".join(options)) if options else None,
    )


def _block_text_above(lines: _Text, line: int) -> tuple[int, int] | None:
    """(header line, text column) of the `|` or `>` text just above `line`, if `line` is
    indented less than that text (so it ended it) but more than the text's key."""
    above = lines.previous(line)
    while above is not None and not _BLOCK_HEADER.search(lines.line(above)):
        if lines.indent(above) <= lines.indent(line):
            return None
        above = lines.previous(above)
    if above is None:
        return None
    first = lines.previous_after(above)
    if first is None or first >= line:
        return None
    return above, lines.indent(first)


def _dedented_text(lines: _Text, line: int, block: tuple[int, int]) -> Diagnostic:
    header, text_col = block
    key = lines.key(header)
    return Diagnostic(
        lines.loc(line, lines.indent(line)),
        f"this line is indented less than the text of '{key}' above it (column {text_col + 1}), so it ends that text",
        f"indent every line of the text to column {text_col + 1} or more",
    )


def _long_key(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """A key longer than YAML reads: the scanner gave up looking for its ':' after 1,024
    characters, and says either that the ':' is missing (a key where one is required) or that
    a ':' stands where a value is read (the first key of the file)."""
    if exc.problem == "could not find expected ':'" and exc.context_mark is not None:
        line, start = exc.context_mark.line, exc.context_mark.column
        end = _KEY_END.search(lines.line(line), start)
        colon = end.start() if end is not None else None
    elif exc.problem == "mapping values are not allowed here" and exc.problem_mark is not None:
        line, colon = exc.problem_mark.line, exc.problem_mark.column
        start = lines.key_col(line)
    else:
        return None
    if colon is None or colon - start <= MAX_KEY_CHARS or ": " in lines.line(line)[start:colon]:
        return None
    return Diagnostic(
        lines.loc(line, start),
        f"this key is {colon - start:,} characters long; YAML reads keys of at most {MAX_KEY_CHARS:,} characters",
        "a key is a short name; put long text in a value, after the ':'",
    )


def _no_colon(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """'could not find expected ':'': a line that YAML took for a key, without its ':'."""
    if exc.problem != "could not find expected ':'" or exc.context_mark is None:
        return None
    line = exc.context_mark.line
    content = lines.line(line)
    glued = _GLUED_COLON.search(content)
    if glued:
        fixed = content[glued.start() : glued.end() - 1] + " " + content[glued.end() - 1 :].split(" #")[0].rstrip()
        return Diagnostic(
            lines.loc(line, glued.start(1)),
            f"'{_echo(glued.group(1))}:' needs a space after the ':'",
            f"write '{_echo(fixed.strip())}'",
        )
    header = lines.previous(line)
    if header is not None and _BLOCK_HEADER.search(lines.line(header)) and lines.indent(line) <= lines.key_col(header):
        key = lines.key(header)
        return Diagnostic(
            lines.loc(line, lines.indent(line)),
            f"the text of '{key}' must be indented more than '{key}' itself",
            f"indent the text to column {lines.key_col(header) + lines.step() + 1}",
        )
    block = _block_text_above(lines, line)
    if block is not None:
        return _dedented_text(lines, line, block)
    words = content.strip().split(None, 1)
    if not words:  # YAML's line is not ours: it breaks lines at U+0085 and U+2028 too
        return None
    fixed = f"{words[0]}: {words[1]}" if len(words) > 1 else f"{words[0]}:"
    return Diagnostic(lines.loc(line, lines.key_col(line)), "this line has no ':' after its key", f"write '{_echo(fixed)}'")


def _text_after_block_header(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """`effect: | draw 1`: the text of a `|` or `>` value begins on the next line."""
    if exc.context != "while scanning a block scalar" or exc.problem_mark is None or exc.context_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    key = lines.key(line)
    header = lines.line(line)[exc.context_mark.column : col].strip() or "|"
    return Diagnostic(
        lines.loc(line, col),
        f"the text after '{header}' starts on the next line, not on the line of '{key}'",
        f"move it to the line below, indented under '{key}'",
    )


def _list_after_key(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """`faces: - red`: a block list cannot start on its key's line."""
    if exc.problem != "sequence entries are not allowed here" or exc.problem_mark is None:
        return None
    line, col = exc.problem_mark.line, exc.problem_mark.column
    key = lines.key(line)
    return Diagnostic(
        lines.loc(line, col),
        f"a '- ' list item cannot start on the same line as '{key}:'",
        f"put each '- ' item on a line of its own under '{key}:', or write the list in [ ] on this line",
    )


# ----- brackets and documents ------------------------------------------------------------------


def _flow(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    """A list in [ ] or a mapping in { } that is not closed, or lacks a ','."""
    match = re.match(r"expected ',' or '([\]}])', but got", exc.problem or "")
    if match is None or exc.context_mark is None or exc.problem_mark is None:
        return None
    closing = match.group(1)
    opening = "[" if closing == "]" else "{"
    start, problem = exc.context_mark, exc.problem_mark
    what = "list" if opening == "[" else "mapping"
    if problem.line > start.line and closing not in lines.line(start.line)[start.column :]:
        return Diagnostic(
            lines.loc(start.line, start.column),
            f"the '{opening}' that starts this {what} is never closed",
            f"end the {what} with '{closing}'",
        )
    return Diagnostic(
        lines.loc(problem.line, problem.column),
        f"a ',' is missing: the items of a {what} in {opening} {closing} are separated by commas",
        "put a ',' after each item but the last",
    )


def _second_document(exc: Any, lines: _Text, text: str) -> Diagnostic | None:
    if "another document" not in (exc.problem or "") or exc.problem_mark is None:
        return None
    mark = exc.problem_mark
    return Diagnostic(
        lines.loc(mark.line, mark.column),
        "'---' starts a second YAML document; a variant file holds one",
        "remove the '---' line; a second variant goes in a file of its own",
    )


_EXPLAINERS: list[Callable[[Any, _Text, str], Diagnostic | None]] = [
    _tab,
    _cannot_start,
    _unclosed_quote,
    _after_quoted_text,
    _long_key,
    _mapping_values,
    _no_colon,
    _text_after_block_header,
    _list_after_key,
    _flow,
    _second_document,
    _block_end,
]
