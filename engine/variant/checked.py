"""A variant file's check, answered from the cache (cache.py) whenever the files and the
engine are those it was made from.

`boardwalk check` needs only what it prints: the outcome, plain data (`outcome` below). The
commands that play (`play`, `serve`, `simulate`, a resumed save) need the variant itself. One
cache entry holds both: the outcome, and the variant written as plain data (plain.py) when it
was built. `check_outcome` loads nothing of the checker on a hit; `checked_variant` loads the
model and the syntax tree, which the game needs anyway, but not PyYAML, jsonschema or Lark.
On a miss both check the file as `check_variant` does, and keep the answer.
"""

from __future__ import annotations

from engine.variant import cache

TYPE_CHECKING = False  # mypy reads the block below; at run time these load only on a miss
if TYPE_CHECKING:
    from engine.variant.load import CheckResult
    from engine.variant.model import Variant

KIND = "variant"
"""The cache's name for these entries: {"outcome": Outcome, "variant": plain variant or null}."""

Outcome = dict
"""{"files": [str], "problems": [{"text": str, "json": dict}], "summary": str | None}: what a
check found, as `boardwalk check` prints it. `text` is the problem as printed (`str` of the
Diagnostic, notes included), `json` as `--format json` gives it; `summary` describes a
playable variant ("<variant name> (...); 2-4 players, ...") and is None when none was built."""


def check_outcome(path: str) -> Outcome:
    """The outcome of checking the variant file at `path` (as the user named it)."""
    kept = cache.lookup(KIND, path)
    if _is_entry(kept):
        return kept["outcome"]  # type: ignore[index]  # _is_entry checked its shape
    return _fresh(path)[1]


def checked_variant(path: str) -> tuple[Variant | None, Outcome]:
    """The variant at `path` if it checks without errors (else None), and the outcome."""
    kept = cache.lookup(KIND, path)
    if _is_entry(kept):
        assert isinstance(kept, dict)
        if kept["variant"] is None:
            return None, kept["outcome"]
        from engine.variant.plain import NotAVariant, variant_from_plain

        try:
            variant = variant_from_plain(kept["variant"])
        except NotAVariant:
            pass
        else:
            from engine.game.rulebook import compile_variant

            return compile_variant(variant), kept["outcome"]
    result, found = _fresh(path)
    return result.variant, found


def _fresh(path: str) -> tuple[CheckResult, Outcome]:
    """Check the file, and keep the answer when it depends on nothing but the chain's bytes."""
    from pathlib import Path

    from engine.variant.load import check_variant

    result = check_variant(Path(path))
    found = outcome(result)
    if result.source.complete:
        from engine.variant.plain import plain

        try:
            variant = None if result.variant is None else plain(result.variant)
        except TypeError:  # a kind of value plain() does not know yet: the answer stands, uncached
            return result, found
        cache.store(KIND, path, result.source.read, {"outcome": found, "variant": variant})
    return result, found


def outcome(result: CheckResult) -> Outcome:
    """What `boardwalk check` prints of a result, as plain data."""
    summary = None
    if result.variant is not None:
        v = result.variant
        counts = v.player_counts
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        spaces = len(v.properties)
        summary = f"{v.name}; {players} players, {spaces} space{'s' if spaces != 1 else ''}, {v.cards_summary}"
    problems = [{"text": str(d), "json": d.to_dict()} for d in result.diagnostics]
    return {"files": list(result.files), "problems": problems, "summary": summary}


# ----- what an entry read from the cache must look like ------------------------------------------


def _is_entry(value: object) -> bool:
    """An entry's payload as `_fresh` writes it: a valid outcome, and a variant exactly when
    the outcome has a summary (the variant itself is checked as it is read, by plain.py)."""
    return (
        isinstance(value, dict)
        and set(value) == {"outcome", "variant"}
        and is_outcome(value["outcome"])
        and (value["variant"] is None) == (value["outcome"]["summary"] is None)
    )


def is_outcome(value: object) -> bool:
    """Whether a value has exactly the shape `outcome` makes, every value of its type."""
    if not isinstance(value, dict) or set(value) != {"files", "problems", "summary"}:
        return False
    files, problems, summary = value["files"], value["problems"], value["summary"]
    return (
        isinstance(files, list)
        and all(isinstance(f, str) for f in files)
        and (summary is None or isinstance(summary, str))
        and isinstance(problems, list)
        and all(_is_problem(p) for p in problems)
        and (summary is None or not any(p["json"]["severity"] == "error" for p in problems))
    )


_PROBLEM_KEYS = {"file", "line", "column", "severity", "message", "hint", "notes"}
_NOTE_KEYS = {"file", "line", "column", "message"}


def _is_problem(value: object) -> bool:
    if not isinstance(value, dict) or set(value) != {"text", "json"} or not isinstance(value["text"], str):
        return False
    d = value["json"]
    return (
        isinstance(d, dict)
        and set(d) == _PROBLEM_KEYS
        and _is_place(d)
        and d["severity"] in ("error", "warning")
        and (d["hint"] is None or isinstance(d["hint"], str))
        and isinstance(d["notes"], list)
        and all(isinstance(n, dict) and set(n) == _NOTE_KEYS and _is_place(n) for n in d["notes"])
    )


def _is_place(d: dict) -> bool:
    """A located message: file and message text, line and column whole numbers (not true/false)."""
    return isinstance(d["file"], str) and type(d["line"]) is int and type(d["column"]) is int and isinstance(d["message"], str)
