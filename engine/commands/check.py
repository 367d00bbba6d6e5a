"""`boardwalk check`: validate variant files, every problem located as path:line:col."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from engine.commands.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, not_found_message

if TYPE_CHECKING:
    from engine.variant.load import CheckResult

Results = list[tuple[str, "CheckResult"]]


def register(commands: argparse._SubParsersAction) -> None:
    from engine.resources import DEFAULT_VARIANT

    check = commands.add_parser(
        "check",
        help="validate variant files and report every problem with its file, line and column",
        description=(
            "Validate variant files: YAML syntax, the JSON Schema, card effects, and meaning "
            "(names resolve, counts add up, 'extends' resolves). Errors make a variant unplayable; "
            "warnings point at what is playable but almost surely not meant. Exit status: 0 no errors "
            "(warnings allowed unless --strict), 1 problems found, 2 usage or I/O error."
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
    from engine.variant.load import VariantNotFound, check_variant, find_variant

    if args.list:
        for name in bundled_variant_names():
            print(name)
        return EXIT_OK
    arguments = args.variants or [DEFAULT_VARIANT]
    paths = []
    for argument in arguments:
        try:
            paths.append((argument, find_variant(argument)))
        except VariantNotFound:
            print(f"boardwalk check: error: {not_found_message(argument)}", file=sys.stderr)
            return EXIT_USAGE
    results = [(argument, check_variant(path)) for argument, path in paths]
    if args.format == "json":
        print(json.dumps([_result_json(argument, result, args.strict) for argument, result in results], indent=2))
    else:
        _print_text(results, args.strict)
    return EXIT_OK if all(_passes(result, args.strict) for _, result in results) else EXIT_PROBLEMS


def _passes(result: CheckResult, strict: bool) -> bool:
    """No errors, and under --strict no warnings either."""
    return result.ok and not (strict and _count(result, "warning"))


def _count(result: CheckResult, severity: str) -> int:
    return sum(1 for d in result.diagnostics if d.severity == severity)


def _result_json(argument: str, result: CheckResult, strict: bool) -> dict:
    return {
        "variant": argument,
        "files": result.files,
        "ok": _passes(result, strict),
        "problems": [d.to_dict() for d in result.diagnostics],
    }


def _print_text(results: Results, strict: bool) -> None:
    for argument, result in results:
        for diagnostic in result.diagnostics:
            print(diagnostic)
        if result.variant is not None and _passes(result, strict):
            v = result.variant
            counts = v.player_counts
            players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
            print(
                f"{argument}: ok: {v.name}; {players} players, {len(v.properties)} properties, "
                f"{v.cards_summary}"
            )
    print(_summary(results, strict))


def _summary(results: Results, strict: bool) -> str:
    """`checked 2 variants: 1 with problems, 3 errors, 1 warning`; warnings alone, without
    --strict, are no problem: `checked 1 variant: no errors, 1 warning`."""
    noun = "variant" if len(results) == 1 else "variants"
    errors = sum(_count(result, "error") for _, result in results)
    warnings = sum(_count(result, "warning") for _, result in results)
    if not errors and not warnings:
        return f"checked {len(results)} {noun}: no problems"
    bad = sum(1 for _, result in results if not _passes(result, strict))
    parts = [f"{bad} with problems" if bad else "no errors"]
    if errors:
        parts.append(_plural(errors, "error"))
    if warnings:
        parts.append(_plural(warnings, "warning"))
    return f"checked {len(results)} {noun}: {', '.join(parts)}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"
