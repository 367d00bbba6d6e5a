"""`boardwalk check`: validate variant files, every problem located as path:line:col."""

from __future__ import annotations

import argparse
import json
import sys

from engine.commands.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, not_found_message


def register(commands: argparse._SubParsersAction) -> None:
    from engine.resources import DEFAULT_VARIANT

    check = commands.add_parser(
        "check",
        help="validate variant files and report every problem with its file, line and column",
        description=(
            "Validate variant files: YAML syntax, the JSON Schema, card effects, and meaning "
            "(names resolve, counts add up, 'extends' resolves). Exit status: 0 clean, "
            "1 problems found, 2 usage or I/O error."
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
        print(json.dumps([_result_json(argument, result) for argument, result in results], indent=2))
    else:
        _print_text(results)
    return EXIT_OK if all(result.ok for _, result in results) else EXIT_PROBLEMS


def _result_json(argument: str, result) -> dict:
    return {
        "variant": argument,
        "files": result.files,
        "ok": result.ok,
        "problems": [d.to_dict() for d in result.diagnostics],
    }


def _print_text(results) -> None:
    errors = 0
    for argument, result in results:
        for diagnostic in result.diagnostics:
            print(diagnostic)
        errors += len(result.diagnostics)
        if result.variant is not None:
            v = result.variant
            counts = v.player_counts
            players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
            print(
                f"{argument}: ok: {v.name}; {players} players, {len(v.properties)} properties, "
                f"{v.deck_size} {v.deck_name} cards"
            )
    bad = sum(1 for _, result in results if not result.ok)
    noun = "variant" if len(results) == 1 else "variants"
    if errors:
        print(f"checked {len(results)} {noun}: {bad} with problems, {errors} error{'s' if errors != 1 else ''}")
    else:
        print(f"checked {len(results)} {noun}: no problems")
