"""The `boardwalk` command. Each subcommand lives in `engine/commands/` and imports only what
it needs, so `boardwalk check` stays quick and never loads the terminal UI.

Everything a subcommand prints goes through `engine.visible`: standard output and error are
wrapped for the whole run, so no text from a variant file, a saved game or an argument can
reach the terminal as a control sequence, whichever message it ends up in."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress

from engine.commands import COMMANDS
from engine.commands.common import EXIT_OK, EXIT_USAGE
from engine.visible import VisibleStream

__all__ = ["main", "EXIT_OK", "EXIT_USAGE"]


def _parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. When `argv` starts with a subcommand's name, only that
    subcommand is registered: it parses the rest alone, in the same words, and building the
    other four (and importing their modules) would cost `boardwalk check` a quarter of a
    bare Python's start. Anything else (`--help`, a misspelt command) gets all five."""
    parser = argparse.ArgumentParser(
        prog="boardwalk",
        description=(
            "Play, check and study board games written as data (Advance to Boardwalk, Monopoly Chance, Monopoly "
            "Builder, variants)."
        ),
    )
    parser.add_argument("--version", action=_PrintVersion, help="print Boardwalk's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    wanted = [argv[0]] if argv and argv[0] in COMMANDS else COMMANDS
    for name in wanted:
        importlib.import_module(f"engine.commands.{name}").register(commands)
    return parser


class _PrintVersion(argparse.Action):
    """`--version`: the package's version, looked up only when asked (its metadata loads
    modules that `boardwalk check` is kept free of)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: object, values: object,
                 option_string: str | None = None) -> None:
        from engine.version import version

        print(f"boardwalk {version()}")
        parser.exit()


@contextmanager
def visible_output() -> Iterator[None]:
    """Standard output and error pass every write through `visible` until the block ends;
    a character the terminal's encoding lacks is written as an escape, not an error."""
    saved = sys.stdout, sys.stderr
    for stream in saved:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    sys.stdout, sys.stderr = VisibleStream(saved[0]), VisibleStream(saved[1])
    try:
        yield
    finally:
        for wrapper in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):
                wrapper.flush()
        sys.stdout, sys.stderr = saved


def main(argv: Sequence[str] | None = None) -> int:
    with visible_output():
        try:  # Ctrl-C while the subcommands load is an interruption too, not a traceback
            arguments = sys.argv[1:] if argv is None else list(argv)
            args = _parser(arguments).parse_args(arguments)
            return args.func(args)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        except BrokenPipeError:
            return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
