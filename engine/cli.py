"""The `boardwalk` command. Each subcommand lives in `engine/commands/` and imports only what
it needs, so `boardwalk check` stays quick and never loads the terminal UI."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from engine.commands import COMMANDS
from engine.commands.common import EXIT_OK, EXIT_USAGE

__all__ = ["main", "EXIT_OK", "EXIT_USAGE"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardwalk",
        description="Play, check and study variants of Advance to Boardwalk.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    for name in COMMANDS:
        importlib.import_module(f"engine.commands.{name}").register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
