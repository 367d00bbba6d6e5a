"""Problems found in user input, each with the place a person must look at to fix it.

Every layer that reads a variant (YAML, schema, effect parser, semantic checks) reports
`Diagnostic` values instead of raising, so `boardwalk check` can list every problem at once.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Loc:
    """A 1-based position in a file."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    loc: Loc
    message: str
    hint: str | None = None
    severity: str = "error"

    def __str__(self) -> str:
        text = f"{self.loc}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_dict(self) -> dict:
        return {
            "file": self.loc.file,
            "line": self.loc.line,
            "column": self.loc.col,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


class VariantError(Exception):
    """Raised by `load_variant` when a variant file has problems; carries all of them."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest known word, or None when nothing is close."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else None
