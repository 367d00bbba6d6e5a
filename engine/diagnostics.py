"""Problems found in user input, each with the place a person must look at to fix it.

Every layer that reads a variant (YAML, schema, effect parser, semantic checks) reports
`Diagnostic` values instead of raising, so `boardwalk check` can list every problem at once.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Loc:
    """A 1-based position in a file."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        """`file:line:col` on one line: a line break or a tab in a file's name is shown as an
        escape (engine.visible shows the other control characters at the output)."""
        file = self.file.replace("\n", "\\n").replace("\t", "\\t")
        return f"{file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Note:
    """Another place that takes part in a problem, such as the base file's value a house rule
    clashes with: its own located line, so an editor or terminal can jump to it too."""

    loc: Loc
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: note: {self.message}"

    def to_dict(self) -> dict:
        return {"file": self.loc.file, "line": self.loc.line, "column": self.loc.col, "message": self.message}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    loc: Loc
    message: str
    hint: str | None = None
    severity: str = "error"
    """"error": the variant cannot be played; "warning": it can, but almost surely not as meant."""
    notes: tuple[Note, ...] = ()

    def headline(self) -> str:
        """The problem on one line, without its notes: `file:line:col: error: message (hint)`."""
        text = f"{self.loc}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def __str__(self) -> str:
        return "\n".join([self.headline(), *(str(note) for note in self.notes)])

    def to_dict(self) -> dict:
        return {
            "file": self.loc.file,
            "line": self.loc.line,
            "column": self.loc.col,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "notes": [note.to_dict() for note in self.notes],
        }


def clash(
    root_file: str,
    message: str,
    places: Sequence[tuple[Loc, str]],
    hint: str | None = None,
    severity: str = "error",
) -> Diagnostic:
    """A problem that several values cause together, such as a track length and a marked space
    beyond it. It is located at the first of `places` in `root_file`, the file being checked,
    since its author is the one to act; failing that, at the first place. Every place in
    another file than that becomes a note, its text saying what stands there.

    >>> d = clash("mine.yaml", "too short", [(Loc("base.yaml", 9, 3), "the space is here"), (Loc("mine.yaml", 4, 5), "")])
    >>> print(d)
    mine.yaml:4:5: error: too short
    base.yaml:9:3: note: the space is here
    """
    where = next((loc for loc, _ in places if loc.file == root_file), places[0][0])
    notes = tuple(Note(loc, text) for loc, text in places if loc.file != where.file and text)
    return Diagnostic(where, message, hint, severity, tuple(dict.fromkeys(notes)))


class VariantError(Exception):
    """Raised by `load_variant` when a variant file has problems; carries all of them."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest known word, or None when nothing is close."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else None
