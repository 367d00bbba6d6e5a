"""Every syntax error of an effect text in one go, not just the first.

A pass of the parser stops at its first mistake. To find the next one, the wrong line is
replaced by a harmless stand-in at the same indentation and the text is parsed again, until a
pass goes through: one pass per mistake, and the positions stay exact because no other line
moves. What the stand-in is depends on what was wrong (see `parser.Failure`):

- a wrong statement becomes `stop`, or `if 0 = 0:` when lines are indented under it (their
  block is kept, so their own mistakes are found and their statements checked), or
  `if 0 = 0: stop` when an `else:` follows it;
- under a header with nothing indented under it, the next line becomes a `stop` indented
  into the block when the lines after it are (it is the one that lost its indentation);
  otherwise the header gets ` stop` after its colon;
- lines indented for no block, or with an indentation that matches no block, are left out
  together with the lines under them, as one mistake.

A mistake that only follows from an earlier one (a header whose block was left out) is not
reported. The statements of the last pass, without the stand-ins' `stop`s, are the effect as
far as it parsed: `check.py` still checks their names and kinds, but not whether a name used
after the first line left out is known, since that line may be where it was made.

The limits: a line with a mistake is left out whole (an `if` whose one-line block is wrong
loses its test too); a mistake the grammar only notices lines later (an unclosed parenthesis)
is reported where it is noticed; a line continued without parentheses is two mistakes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.effects import ast
from engine.effects.parser import (
    EffectSyntaxError,
    Failure,
    Kinds,
    joined_kinds,
    parse_effect,
    parse_pass,
    refuse_unparsable,
    tab_errors,
    without_comment,
)

MAX_SYNTAX_ERRORS = 20
"""Past this many mistakes in one effect the search stops, with a note: a text this wrong is
better fixed from the top."""

MAX_RECOVERY_CHARS = 300_000
"""How much text the passes after the first may read, over one whole check: each mistake
costs a pass over its effect, and a file of a hundred 10,000-character effects wrong on every
line must not take minutes. Past it, an effect reports its first error only."""

_ELSE = re.compile(r"else\b")


@dataclass(frozen=True)
class ParsedEffect:
    """An effect text parsed as far as it goes."""

    program: ast.Program | None
    """Every statement that parsed (all of them when there is no error); None when the text
    could not be parsed at all (empty, too long, a tab in an indentation) or the search for
    mistakes stopped before its end."""
    errors: tuple[EffectSyntaxError, ...]
    """Every syntax error, in the order of the text."""
    missing_from: int | None = None
    """The first line whose statement is missing from `program` (None when nothing is)."""


@dataclass
class Budget:
    """What is left of MAX_RECOVERY_CHARS; one for every check of a variant."""

    chars: int = MAX_RECOVERY_CHARS


def parse_effect_all(text: str, budget: Budget | None = None, kinds: Kinds | None = None) -> ParsedEffect:
    """Parse an effect, finding every syntax error it has; never raises EffectSyntaxError.
    `kinds` are the variant's own kinds of space (parser.Kinds)."""
    try:
        return ParsedEffect(parse_effect(text, kinds), ())
    except EffectSyntaxError as error:
        first = error
    try:
        refuse_unparsable(text)
    except EffectSyntaxError:
        return ParsedEffect(None, (first,))
    budget = budget or Budget()
    tabs = tab_errors(text)
    if any(not line[: line.find("\t")].strip() for line in text.split("\n") if "\t" in line):
        return ParsedEffect(None, tuple(tabs))  # where a tab indents, blocks cannot be known
    if len(text) >= budget.chars:
        return ParsedEffect(None, (first,))
    return _Recovery(text, budget, tabs, kinds).run()


class _Recovery:
    """The text being mended line by line, and the mistakes found so far. Tabs out of the
    indentation have been reported already, and are read as spaces."""

    def __init__(self, text: str, budget: Budget, tabs: list[EffectSyntaxError] | None = None,
                 kinds: Kinds | None = None):
        self.original = text
        self.budget = budget
        self.kinds = kinds
        source = joined_kinds(text.replace("\t", " "), kinds)
        self.lines = (source if source.endswith("\n") else source + "\n").split("\n")
        self.touched: set[int] = set()  # lines mended in any way (numbers from 1)
        self.replaced: set[int] = set()  # lines whose statement is gone
        self.blank: set[int] = set()  # lines left out altogether
        self.stand_ins: set[int] = set()  # lines where a `stop` is ours, not the author's
        self.blockless: set[int] = set()  # headers given our `stop` for a block their lines were meant for
        self.unindented: set[int] = set()  # lines told they should be indented: one mistake there is enough
        self.errors: list[EffectSyntaxError] = list(tabs or [])
        self.fatal = False

    def run(self) -> ParsedEffect:
        for _ in range(3 * MAX_SYNTAX_ERRORS):
            source = "\n".join(self.lines)
            if len(source) > self.budget.chars:
                break
            self.budget.chars -= len(source)
            result, failures = parse_pass(source, "start", self.kinds)
            if not failures:
                return self._parsed(result)
            if not self._go_past(failures) or len(self.errors) > MAX_SYNTAX_ERRORS:
                break
        return self._stopped()

    def _go_past(self, failures: list[Failure]) -> bool:
        """Note each failure that is a mistake of its own and mend its lines; False when
        nothing more can be mended. One pass may bring several failures (a line with two
        numbers too large): all are noted, and each line is mended once."""
        fatal = [f for f in failures if f.action == "fatal"]
        if fatal:
            self._note(fatal[0].error)
            self.fatal = True
            return False
        for failure in failures:
            if failure.action != "block" and failure.line not in self.touched and failure.error.line not in self.touched \
                    and failure.error.line not in self.unindented and not self._follows_an_indented_header(failure):
                self._note(failure.error)  # else it only follows from a mending of ours
        mended, lines = False, set()
        for failure in failures:
            if failure.line not in lines:
                lines.add(failure.line)
                mended |= self._mend(failure)
        return mended

    def _follows_an_indented_header(self, failure: Failure) -> bool:
        """An indentation that matches no block, after a header that got our `stop` for the
        block it lacked and stands deeper than this line: the header was indented one step
        too far (its lines then seemed to lose theirs, and an `else:` its own), one mistake
        already reported at it."""
        if failure.action != "lines":
            return False
        indent = self._indent(failure.line)
        if any(header < failure.line and self._indent(header) > indent for header in self.blockless):
            return True
        # the lines after a header that was wrong and was left out: its stand-in's block
        # stands where the header's line was indented, which may not be where it belonged
        original = self.original.replace("\t", " ").split("\n")
        return any(
            line < failure.line and without_comment(original[line - 1]).rstrip().endswith(":") for line in self.stand_ins
        )

    def _mend(self, failure: Failure) -> bool:
        if failure.action == "block":
            return self._give_block(failure)
        if failure.action == "indented":
            return self._leave_out(failure.line, deeper_than=self._indent(self._code_before(failure.line)))
        if failure.action == "lines":
            return self._leave_out(failure.line, deeper_than=self._indent(failure.line) - 1)
        return self._stand_in(failure.line)

    def _note(self, error: EffectSyntaxError) -> None:
        if all((e.line, e.col, e.message) != (error.line, error.col, error.message) for e in self.errors):
            self.errors.append(error)

    # ----- mending

    def _stand_in(self, line: int) -> bool:
        """Put a harmless statement in place of the one on `line` (with the lines it runs over
        inside parentheses), keeping any block under it and any `else:` after it."""
        start, end = self._statement_lines(line)
        if start in self.blank:
            return False
        indent, after = self._indent(start), self._code_after(end)
        before = self._code_before(start)
        if (
            before is not None and after is not None and not self._code(before).rstrip().endswith(":")
            and indent < min(self._indent(before), self._indent(after))
        ):  # the mistake took the line's indentation too (a word typed before it): its neighbours' is its own
            indent = min(self._indent(before), self._indent(after))
        if start in self.replaced:
            text = ""  # our own stand-in did not fit: leave the line out altogether
        elif after is not None and self._indent(after) > indent:
            text = " " * indent + "if 0 = 0:"
        elif after is not None and self._indent(after) == indent and _ELSE.match(self._code(after).lstrip()):
            text = " " * indent + "if 0 = 0: stop"
        else:
            text = " " * indent + "stop"
        return self._replace(start, end, text)

    def _replace(self, start: int, end: int, text: str) -> bool:
        """Put `text` on line `start` and leave out the lines after it up to `end`."""
        for number in range(start, end + 1):
            self._set(number, text if number == start else "")
        self.stand_ins.add(start)
        return True

    def _give_block(self, failure: Failure) -> bool:
        """A header with nothing indented under it. When the lines after the next one are
        indented under it, the next line is the one that lost its indentation: a stand-in
        takes its place inside the block. Otherwise the header gets ` stop` after its colon,
        and the names it makes may be used after it. Not a mistake of its own when its block
        was left out by an earlier mending."""
        header = self._code_before(failure.line)
        if header is None or header in self.stand_ins and self._code(header).rstrip().endswith("stop"):
            return False
        if not any(header < number < failure.line for number in self.blank):
            self._note(failure.error)
            self.unindented.add(failure.error.line)  # a word typed before it too is the same slip
        first = failure.line if self._is_code(failure.line) else None
        if first is not None and first not in self.replaced:
            start, end = self._statement_lines(first)
            below = self._code_after(end)
            if below is not None and self._indent(below) > self._indent(header):
                return self._replace(start, end, " " * self._indent(below) + "stop")
        self.lines[header - 1] = self._code(header).rstrip() + " stop"
        self.stand_ins.add(header)
        self.touched.add(header)
        self.blockless.add(header)
        return True

    def _leave_out(self, line: int, deeper_than: int) -> bool:
        """Leave out `line` and the lines after it indented further than `deeper_than`; when
        `line` is an `if`, its `else:` and the lines under that too (left alone, the `else`
        would be a second mistake of the same line)."""
        changed = False
        was_if = self._is_code(line) and self._code(line).lstrip().startswith("if ")
        stopped_at = None
        for number in range(line, len(self.lines) + 1):
            if self._is_code(number):
                if number > line and self._indent(number) <= deeper_than:
                    stopped_at = number
                    break
                self._set(number, "")
                changed = True
        if was_if and stopped_at is not None and _ELSE.match(self._code(stopped_at).lstrip()):
            self._leave_out(stopped_at, deeper_than=self._indent(stopped_at))
        return changed

    def _set(self, number: int, text: str) -> None:
        self.lines[number - 1] = text
        self.touched.add(number)
        self.replaced.add(number)
        if not text:
            self.blank.add(number)

    # ----- reading the lines

    def _code(self, number: int) -> str:
        """Line `number` as it now stands, without its comment."""
        return without_comment(self.lines[number - 1])

    def _is_code(self, number: int) -> bool:
        return number <= len(self.lines) and bool(self._code(number).strip())

    def _indent(self, number: int | None) -> int:
        if number is None:
            return 0
        line = self.lines[number - 1]
        return len(line) - len(line.lstrip(" "))

    def _code_before(self, number: int) -> int | None:
        return next((n for n in range(number - 1, 0, -1) if self._is_code(n)), None)

    def _code_after(self, number: int) -> int | None:
        return next((n for n in range(number + 1, len(self.lines) + 1) if self._is_code(n)), None)

    def _statement_lines(self, line: int) -> tuple[int, int]:
        """The lines of the statement that `line` belongs to: more than one when parentheses
        carry it over. An opening parenthesis never closed runs only to `line`."""
        depth_after = [0]  # depth_after[n]: how many parentheses are open at the end of line n
        for text in self.lines:
            depth_after.append(max(0, depth_after[-1] + _paren_change(text)))
        start = line
        while start > 1 and depth_after[start - 1] > 0:
            start -= 1
        end = line
        while end < len(self.lines) and depth_after[end] > 0:
            end += 1
        return (start, end) if depth_after[end] == 0 else (start, line)

    # ----- the result

    def _parsed(self, statements: list[ast.Stmt]) -> ParsedEffect:
        program = ast.Program(_without_stand_ins(tuple(statements), self.stand_ins), self.original)
        missing = self.replaced | {header + 1 for header in self.blockless}
        return ParsedEffect(program, self._sorted(), min(missing, default=None))

    def _stopped(self) -> ParsedEffect:
        """The mistakes found before the search stopped, and a note where it did (no note
        when the last one makes the rest of the text unreadable)."""
        shown = self._sorted()[:MAX_SYNTAX_ERRORS]
        if self.fatal or not shown:
            return ParsedEffect(None, shown)
        last = shown[-1]
        note = EffectSyntaxError(
            "the check stopped looking for more mistakes in this effect here", last.line, last.col, "fix these, then check again"
        )
        return ParsedEffect(None, shown + (note,))

    def _sorted(self) -> tuple[EffectSyntaxError, ...]:
        return tuple(sorted(self.errors, key=lambda e: (e.line, e.col)))


def _paren_change(line: str) -> int:
    code = re.sub(r'"[^"]*"', "", without_comment(line))
    return code.count("(") - code.count(")")


def _without_stand_ins(statements: tuple[ast.Stmt, ...], stand_ins: set[int]) -> tuple[ast.Stmt, ...]:
    """The statements without the `stop`s put in as stand-ins; a stand-in `if 0 = 0:` stays,
    holding the block that was under the wrong line."""
    kept: list[ast.Stmt] = []
    for statement in statements:
        if isinstance(statement, ast.Stop) and statement.line in stand_ins:
            continue
        if isinstance(statement, ast.If):
            statement = ast.replace(
                statement,
                then=_without_stand_ins(statement.then, stand_ins),
                otherwise=_without_stand_ins(statement.otherwise, stand_ins),
            )
        elif isinstance(statement, (ast.ForEach, ast.Repeat, ast.TakeTurns)):
            statement = ast.replace(statement, body=_without_stand_ins(statement.body, stand_ins))
        elif isinstance(statement, ast.ChooseNumber) and statement.on_pass:  # pilewords: what a pass runs
            statement = ast.replace(statement, on_pass=_without_stand_ins(statement.on_pass, stand_ins))
        kept.append(statement)
    return tuple(kept)
