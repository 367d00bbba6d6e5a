"""What the subcommands share: exit statuses and turning a variant argument into a checked
variant or a clear message."""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # mypy reads the block below; the finder is imported where it is used
if TYPE_CHECKING:
    from engine.variant.find import VariantNotFound

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130
"""128 + SIGINT: stopped by Ctrl-C, as shells report it."""
EXIT_TERMINATED = 143
"""128 + SIGTERM: stopped by `kill`, `timeout` or a service manager."""


class UsageError(Exception):
    """A wrong argument: printed as 'boardwalk COMMAND: error: ...' with exit status 2."""


def seed_argument(text: str) -> int:
    """--seed of every command that takes one (argparse's type): savefile.parse_seed, the
    rule the start screen follows too."""
    from engine.savefile import parse_seed

    try:
        return parse_seed(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def not_found_message(problem: VariantNotFound) -> str:
    """Why a variant argument names no variant to check (find.find_variant_file), with the
    names that would work when it names nothing at all."""
    from engine.paths import FOLDER, NOT_REGULAR, quoted
    from engine.resources import bundled_variant_names

    shown = quoted(problem.argument)
    if problem.problem == FOLDER:
        return f"{shown} is a folder; give a variant file or a bundled variant's name"
    if problem.problem == NOT_REGULAR:
        return f"{shown} is not a regular file (a pipe or a device?); give a variant file or a bundled variant's name"
    if problem.problem is not None:
        return f"{shown} {problem.problem}"
    return f"no variant file or bundled variant named {shown} (bundled: {', '.join(bundled_variant_names())})"


def not_a_save(argument: str) -> str | None:
    """Why FILE cannot be a saved game at all, a usage error (exit 2) for `replay FILE` and
    `play --load FILE` alike, or None: a path no file can have, or not a regular file whose
    reading starts. What the file holds is the save's check (savefile.load_game)."""
    from engine.paths import MISSING, file_problem, quoted
    from engine.reading import ReadProblem, readable

    problem = file_problem(argument)
    if problem == MISSING:
        return f"no saved game at {quoted(argument)}"
    if problem is None:
        try:
            readable(argument)
        except ReadProblem as refusal:
            problem = str(refusal)
    return f"{quoted(argument)} {problem}" if problem else None


def load_variant_or_explain(argument: str, command: str):
    """The checked variant, or None after printing located problems (the caller exits 2).
    From the check cache when it holds this variant (engine/variant/checked.py)."""
    from engine.paths import quoted
    from engine.variant.checked import checked_variant
    from engine.variant.find import VariantNotFound, find_variant_file

    try:
        path = find_variant_file(argument)
    except VariantNotFound as missing:
        print(f"boardwalk {command}: error: {not_found_message(missing)}", file=sys.stderr)
        return None
    variant, outcome = checked_variant(path)
    if variant is None:
        for problem in outcome["problems"]:
            print(problem["text"], file=sys.stderr)
        shown = quoted(argument)
        print(f"boardwalk {command}: error: variant {shown} has problems; run 'boardwalk check {argument}'", file=sys.stderr)
        return None
    return variant
