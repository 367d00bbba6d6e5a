"""`boardwalk check`: validate variant files, every problem located as path:line:col.

Each variant's outcome (its files, its problems as printed and as JSON, the one-line summary
of a playable variant) is plain data (engine/variant/checked.py), kept in the cache and printed
from there exactly as from a fresh check. A cached answer needs nothing but this module, the
cache's and the standard library's: the checker is imported on a miss only.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.commands.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, not_found_message

TYPE_CHECKING = False  # mypy reads the block below; `typing` is not loaded for it
if TYPE_CHECKING:
    from engine.variant.checked import Outcome

Results = list[tuple[str, "Outcome"]]


def register(commands: argparse._SubParsersAction) -> None:
    from engine.resources import DEFAULT_VARIANT

    check = commands.add_parser(
        "check",
        help="validate variant files and report every problem with its file, line and column",
        description=(
            "Validate variant files: YAML syntax, the JSON Schema, card effects, and meaning "
            "(names resolve, counts add up, 'extends' resolves). Errors make a variant unplayable; "
            "warnings point at what is playable but almost surely not meant. Exit status: 0 no errors "
            "(warnings allowed unless --strict), 1 problems found, 2 usage or I/O error. Each answer is kept "
            "in ~/.cache/boardwalk and given again while the files and Boardwalk are unchanged "
            "(BOARDWALK_CACHE=0: no cache; BOARDWALK_CACHE=FOLDER: another folder)."
        ),
    )
    check.add_argument(
        "variants",
        nargs="*",
        metavar="PATH_OR_NAME",
        help=f"a variant file, or the name of a bundled variant (default: {DEFAULT_VARIANT})",
    )
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    check.add_argument("--list", action="store_true", help="list the bundled variants and exit")
    check.add_argument("--strict", action="store_true", help="count warnings as problems: exit 1 when there are any")
    check.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.resources import DEFAULT_VARIANT, bundled_variant_names
    from engine.variant.checked import check_outcome
    from engine.variant.find import VariantNotFound, find_variant_file

    if args.list:
        for name in bundled_variant_names():
            print(name)
        return EXIT_OK
    arguments = args.variants or [DEFAULT_VARIANT]
    paths = []
    for argument in arguments:
        try:
            paths.append((argument, find_variant_file(argument)))
        except VariantNotFound as problem:
            print(f"boardwalk check: error: {not_found_message(problem)}", file=sys.stderr)
            return EXIT_USAGE
    results = [(argument, check_outcome(path)) for argument, path in paths]
    if args.format == "json":
        print(json.dumps([_result_json(argument, outcome, args.strict) for argument, outcome in results], indent=2))
    else:
        _print_text(results, args.strict)
    return EXIT_OK if all(_passes(outcome, args.strict) for _, outcome in results) else EXIT_PROBLEMS


def _passes(outcome: Outcome, strict: bool) -> bool:
    """No errors, and under --strict no warnings either."""
    return not _count(outcome, "error") and not (strict and _count(outcome, "warning"))


def _count(outcome: Outcome, severity: str) -> int:
    return sum(1 for problem in outcome["problems"] if problem["json"]["severity"] == severity)


def _result_json(argument: str, outcome: Outcome, strict: bool) -> dict:
    return {
        "variant": argument,
        "files": outcome["files"],
        "ok": _passes(outcome, strict),
        "problems": [problem["json"] for problem in outcome["problems"]],
    }


def _print_text(results: Results, strict: bool) -> None:
    for argument, outcome in results:
        for problem in outcome["problems"]:
            print(problem["text"])
        if outcome["summary"] is not None and _passes(outcome, strict):
            print(f"{argument}: ok: {outcome['summary']}")
    print(_summary(results, strict))


def _summary(results: Results, strict: bool) -> str:
    """`checked 2 variants: 1 with problems, 3 errors, 1 warning`; warnings alone, without
    --strict, are no problem: `checked 1 variant: no errors, 1 warning`."""
    noun = "variant" if len(results) == 1 else "variants"
    errors = sum(_count(outcome, "error") for _, outcome in results)
    warnings = sum(_count(outcome, "warning") for _, outcome in results)
    if not errors and not warnings:
        return f"checked {len(results)} {noun}: no problems"
    bad = sum(1 for _, outcome in results if not _passes(outcome, strict))
    parts = [f"{bad} with problems" if bad else "no errors"]
    if errors:
        parts.append(_plural(errors, "error"))
    if warnings:
        parts.append(_plural(warnings, "warning"))
    return f"checked {len(results)} {noun}: {', '.join(parts)}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"
