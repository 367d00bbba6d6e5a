"""`boardwalk play`: the terminal UI. With no arguments it opens the start screen; with a
variant, seats or a seed it starts that game at once; `--load` resumes a saved game. Every
argument is checked before the UI starts, and Textual is imported only then."""

from __future__ import annotations

import argparse
import os
import sys

from engine.commands.common import EXIT_USAGE, UsageError, seed_argument

PACES = ("slow", "normal", "fast", "instant")
HUMAN_WORDS = ("human", "person", "-")


def register(commands: argparse._SubParsersAction) -> None:
    play = commands.add_parser(
        "play",
        help="play in the terminal: people at one keyboard, bots, or both",
        description=(
            "Play a bundled game (Advance to Boardwalk, Monopoly Chance, Monopoly Builder) or a variant file in "
            "the terminal. With no arguments, a start screen asks for the "
            "variant, the seats and a seed, or a saved game to resume. Keys in the game: 1-9, 0 and "
            "letters take the option they are shown beside, t types a target, h help, = the reference card "
            "(costs, the board's short names), s save, u undo, f faster bots, q quit."
        ),
        epilog=(
            "examples: 'boardwalk play' (start screen); 'boardwalk play parker-1985 --bots greedy,strong' "
            "(you and two bots); 'boardwalk play --bots none --players 3' (three people, one keyboard); "
            "'boardwalk play --load game.json'"
        ),
    )
    add_game_arguments(play)
    play.set_defaults(func=run)


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the game (and how it looks): `play`'s, and `serve`'s for the
    game each browser gets. `game_arguments` turns them back into a command line."""
    parser.add_argument("variant", nargs="?", metavar="VARIANT", help="a bundled variant's name or a variant file")
    parser.add_argument("--players", type=int, metavar="N", help="number of seats (default: 2, or one more than the bots)")
    parser.add_argument(
        "--bots",
        metavar="SPEC,...",
        help=(
            "the bots, one spec each (e.g. greedy, random, strong:time=0.5), seated after the people; "
            "'human' marks a person's seat, 'none' makes every seat a person's (default: one person, "
            "the other seats the greedy bot)"
        ),
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        metavar="S",
        help="the seed of the dice and the deck, a whole number below 2^64 either way (default: random)",
    )
    parser.add_argument("--load", metavar="FILE", help="resume a saved game")
    parser.add_argument(
        "--variant",
        metavar="VARIANT",
        dest="load_variant",
        help=(
            "with --load: resume the game with this variant (a file or a bundled name) instead of "
            "the one the save names; needed when the save names a file outside your home folder "
            "and the current folder, which is never read on the save's word alone"
        ),
    )
    parser.add_argument("--pace", choices=PACES, default="normal", help="how fast bots play (default: normal; key f in the game)")
    parser.add_argument("--theme", metavar="NAME", help="a Textual colour theme (default: the terminal's own colours)")


GAME_OPTIONS = (
    ("players", "--players"),
    ("bots", "--bots"),
    ("seed", "--seed"),
    ("load", "--load"),
    ("load_variant", "--variant"),
    ("pace", "--pace"),
    ("theme", "--theme"),
)
"""Each option of `add_game_arguments` as (attribute, flag), for `game_arguments`."""


def game_arguments(args: argparse.Namespace) -> list[str]:
    """The `play` arguments that choose the game `args` chose: each option as `--flag=value`
    and VARIANT after `--`, so that no value, whatever it starts with, reads as an option.

    >>> game_arguments(argparse.Namespace(variant="-odd.yaml", players=3, bots="-x", seed=-5, load=None,
    ...                                   load_variant=None, pace="normal", theme=None))
    ['--players=3', '--bots=-x', '--seed=-5', '--', '-odd.yaml']
    """
    argv: list[str] = []
    for attribute, flag in GAME_OPTIONS:
        value = getattr(args, attribute)
        if value is not None and not (attribute == "pace" and value == "normal"):
            argv.append(f"{flag}={value}")
    if args.variant is not None:
        argv += ["--", args.variant]
    return argv


def run(args: argparse.Namespace) -> int:
    prepared = prepare(args, "play")
    if isinstance(prepared, int):
        return prepared
    session, warnings = prepared
    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not served():
        print("boardwalk play: error: needs an interactive terminal (use 'boardwalk check' in scripts)", file=sys.stderr)
        return EXIT_USAGE
    from tui.app import run as run_app  # Textual loads here, and only for `play`

    return run_app(session, warnings, pace=args.pace, theme=args.theme)


def prepare(args: argparse.Namespace, command: str):
    """Every game argument checked before any UI starts: (session or None for the start
    screen, warnings), or the exit status after printing what is wrong as `boardwalk COMMAND:`."""
    try:
        session, warnings = _session(args, command)
    except UsageError as problem:
        print(f"boardwalk {command}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if session is False:
        return EXIT_USAGE
    from tui.app import theme_names  # Textual loads here

    if args.theme is not None and args.theme not in theme_names():
        print(f"boardwalk {command}: error: no theme '{args.theme}' (themes: {', '.join(theme_names())})", file=sys.stderr)
        return EXIT_USAGE
    return session, warnings


def served() -> bool:
    """True when `boardwalk serve` started this game for a browser: textual-serve runs it with
    Textual's web driver, through pipes, and no terminal is needed."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver:")


def _session(args: argparse.Namespace, command: str):
    """(session or None for the start screen, warnings); (False, []) after printed problems."""
    direct = args.variant is not None or args.players is not None or args.bots is not None or args.seed is not None
    if args.load is not None:  # an empty FILE is a file name too, that names nothing
        if direct:
            raise UsageError("--load resumes a saved game; it cannot be combined with VARIANT, --players, --bots or --seed")
        return _load(args.load, args.load_variant, command)
    if args.load_variant is not None:
        raise UsageError("--variant goes with --load; to start a new game, give VARIANT alone")
    if not direct:
        return None, []
    from engine.commands.common import load_variant_or_explain
    from engine.resources import DEFAULT_VARIANT
    from engine.savefile import variant_source
    from tui.session import Session

    argument = DEFAULT_VARIANT if args.variant is None else args.variant
    variant = load_variant_or_explain(argument, command)
    if variant is None:
        return False, []
    seats = plan_seats(args.bots, args.players, variant.player_counts)
    _check_bots(seats, variant)
    return Session.start(variant, variant_source(argument), seats, args.seed), []


def _load(path: str, variant_argument: str | None, command: str):
    from engine.commands.common import not_a_save
    from engine.savefile import SaveError
    from tui.session import Session

    refusal = not_a_save(path)
    if refusal is not None:
        raise UsageError(refusal)
    variant = None
    if variant_argument is not None:
        from engine.commands.common import load_variant_or_explain

        variant = load_variant_or_explain(variant_argument, command)
        if variant is None:
            return False, []
    try:
        return Session.load(path, variant)
    except SaveError as problem:
        for diagnostic in problem.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"boardwalk {command}: error: cannot resume '{path}'", file=sys.stderr)
        return False, []


def plan_seats(bots: str | None, players: int | None, counts: tuple[int, ...], default: str | None = None) -> list[str | None]:
    """One entry per seat: a bot spec, or None for a person. People sit first, bots after.

    >>> plan_seats("greedy,strong", None, (2, 3, 4), "greedy")
    [None, 'greedy', 'strong']
    >>> plan_seats("none", 3, (2, 3, 4), "greedy")
    [None, None, None]
    >>> plan_seats(None, 2, (2, 3, 4), "random")
    [None, 'random']
    """
    if default is None:
        from tui.session import default_bot

        default = default_bot()
    if players is not None and players not in counts:
        raise UsageError(f"this variant is for {_counts(counts)} players, not {players}")
    if bots is None:
        n = players or counts[0]
        return [None] + [default] * (n - 1)
    entries = [entry.strip() for entry in bots.split(",")]
    if any(not entry for entry in entries):
        raise UsageError(f"--bots '{bots}' has an empty entry; give one spec per bot, separated by commas")
    if entries == ["none"]:
        return [None] * (players or counts[0])
    specs = [None if entry.lower() in HUMAN_WORDS else entry for entry in entries]
    n = players if players is not None else (len(specs) if None in specs else len(specs) + 1)
    if len(specs) > n:
        raise UsageError(f"--bots lists {len(specs)} seats for {n} players")
    if n not in counts:
        raise UsageError(f"this variant is for {_counts(counts)} players, not {n} (--bots lists {len(specs)} seats)")
    return [None] * (n - len(specs)) + specs


def _check_bots(seats: list[str | None], variant) -> None:
    from engine.bots import BotSpecError, make_bot

    for spec in filter(None, seats):
        try:
            make_bot(spec, variant, 0)
        except BotSpecError as problem:
            raise UsageError(str(problem)) from None


def _counts(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return str(counts[0])
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"
