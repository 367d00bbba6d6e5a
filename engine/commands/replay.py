"""`boardwalk replay`: step through a saved game, as a transcript or in the terminal UI."""

from __future__ import annotations

import argparse
import sys

from engine.commands.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, not_a_save


def register(commands: argparse._SubParsersAction) -> None:
    replay = commands.add_parser(
        "replay",
        help="step through a saved game (next/previous/jump), or print it as a transcript",
        description=(
            "Replay a saved game from its seed and recorded actions. Every action is checked "
            "again as it is replayed. Exit status: 0 fine, 1 the save is damaged, 2 usage error."
        ),
    )
    replay.add_argument("file", metavar="FILE", help="a game saved by 'boardwalk play'")
    replay.add_argument("--text", action="store_true", help="print the whole game as plain text instead of opening the viewer")
    replay.add_argument(
        "--allow-other-variant",
        action="store_true",
        help="replay even if the variant is not the one the game was saved with (it changed since, or --variant gave another)",
    )
    replay.add_argument(
        "--variant",
        metavar="VARIANT",
        help=(
            "replay with this variant (a file or a bundled name) instead of the one the save names; "
            "needed when the save names a file outside your home folder and the current folder, "
            "which is never read on the save's word alone"
        ),
    )
    replay.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.savefile import SaveError, load_game

    problem = not_a_save(args.file)
    if problem:
        print(f"boardwalk replay: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    variant = None
    if args.variant is not None:
        from engine.commands.common import load_variant_or_explain

        variant = load_variant_or_explain(args.variant, "replay")
        if variant is None:
            return EXIT_USAGE
    try:
        loaded = load_game(args.file, variant, allow_other_variant=args.allow_other_variant)
    except SaveError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        return EXIT_PROBLEMS
    for warning in loaded.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if args.text or not sys.stdout.isatty():
        print_transcript(loaded.record)
        return EXIT_OK
    from tui.replay import run_replay_viewer

    return run_replay_viewer(loaded.record)


def transcript_lines(record) -> list[str]:
    """The game in plain English: what each player did, then what it caused, every card
    named (a saved game replayed is no seat's: EVERYONE)."""
    from engine.game.messages import EVERYONE

    game = record.new_game()
    colours = [seat.name for seat in game.variant.seats[:game.players]]
    names = [
        seat.name if seat.name == colour else f"{seat.name} ({colour})" for seat, colour in zip(record.seats, colours)
    ]
    lines = [f"{record.variant.name}: {record.players} players, seed {record.seed}"]
    lines += [f"  {e.describe(EVERYONE)}" for e in game.setup_events]
    for number, action in enumerate(record.actions, start=1):
        player = game.current_player
        chosen = next(a for a in game.legal_actions() if a.kind == action["kind"] and a.arg == action.get("arg"))
        lines.append(f"{number:4d}. {names[player]}: {chosen.describe()}")
        lines += [f"      {e.describe(EVERYONE)}" for e in game.apply(action)]
    if game.is_over:
        lines.append(game.result().describe())
    else:
        lines.append(f"(saved before the end; {names[game.current_player]} to decide)")
    return lines


def print_transcript(record) -> None:
    for line in transcript_lines(record):
        print(line)
