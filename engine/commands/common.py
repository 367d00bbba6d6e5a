"""What the subcommands share: exit statuses and turning a variant argument into a checked
variant or a clear message."""

from __future__ import annotations

import sys

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130
"""128 + SIGINT: stopped by Ctrl-C, as shells report it."""
EXIT_TERMINATED = 143
"""128 + SIGTERM: stopped by `kill`, `timeout` or a service manager."""


class UsageError(Exception):
    """A wrong argument: printed as 'boardwalk COMMAND: error: ...' with exit status 2."""


def not_found_message(argument: str) -> str:
    """Why a variant argument names nothing, with the names that would work."""
    from pathlib import Path

    from engine.resources import bundled_variant_names

    if Path(argument).is_dir():
        return f"'{argument}' is a folder; give a variant file or a bundled variant's name"
    if Path(argument).exists() and not Path(argument).is_file():
        return f"'{argument}' is not a regular file (a pipe or a device?); give a variant file or a bundled variant's name"
    return f"no variant file or bundled variant named '{argument}' (bundled: {', '.join(bundled_variant_names())})"


def load_variant_or_explain(argument: str, command: str):
    """The checked variant, or None after printing located problems (the caller exits 2).
    From the check cache when it holds this variant (engine/variant/checked.py)."""
    from engine.variant.checked import checked_variant
    from engine.variant.find import VariantNotFound, find_variant_file

    try:
        path = find_variant_file(argument)
    except VariantNotFound:
        print(f"boardwalk {command}: error: {not_found_message(argument)}", file=sys.stderr)
        return None
    variant, outcome = checked_variant(path)
    if variant is None:
        for problem in outcome["problems"]:
            print(problem["text"], file=sys.stderr)
        print(f"boardwalk {command}: error: variant '{argument}' has problems; run 'boardwalk check {argument}'", file=sys.stderr)
        return None
    return variant
