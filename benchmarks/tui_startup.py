"""How long `boardwalk play` takes to show its first screen (the start screen), a game
screen started from the command line, a saved game resumed with `--load`, and the help.

The figures, each the median of several runs:
- cold: a fresh Python process, from before the interpreter starts (timed by this script) to
  the first screen drawn, imports included, as a person typing the command waits; for the
  start screen, and for `boardwalk play --load FILE` (a saved game of each kind: its variant
  read and checked, its actions replayed, the board drawn);
- warm: inside one process, from creating the app to its first screen drawn;
- help: in a game already on screen, from pressing h to the help drawn, the first time in
  the process and again.

"Drawn" is `BoardwalkApp.first_frame_at`, noted after the screen's first refresh.

The app runs headless (`App.run_test`), so no terminal is needed; a real terminal adds only
the writing of one frame. Run: .venv/bin/python benchmarks/tui_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import asyncio, sys, time
sys.path.insert(0, {root!r})
from engine.cli import _parser          # what `boardwalk` imports before a subcommand runs
_parser()
from tui.app import BoardwalkApp
from tui.screens.start import StartScreen

async def main():
    app = BoardwalkApp()
    async with app.run_test(size=(120, 40)):
        while app.first_frame_at is None:
            await asyncio.sleep(0.001)
        assert isinstance(app.screen, StartScreen)
        print(time.time() - (time.perf_counter() - app.first_frame_at))

asyncio.run(main())
"""

LOAD_CHILD = """
import asyncio, sys, time
sys.path.insert(0, {root!r})
from engine.cli import _parser          # what `boardwalk play --load FILE` runs, up to the app
args = _parser().parse_args(["play", "--load", {save!r}])
from engine.commands.play import prepare
session, warnings = prepare(args, "play")
from tui.app import BoardwalkApp
from tui.screens.game import GameScreen

async def main():
    app = BoardwalkApp(session, warnings)
    async with app.run_test(size=(120, 40)):
        while app.first_frame_at is None:
            await asyncio.sleep(0.001)
        assert isinstance(app.screen, GameScreen)
        print(time.time() - (time.perf_counter() - app.first_frame_at))

asyncio.run(main())
"""


def cold(runs: int, child: str = CHILD, **values: str) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.time()
        code = child.format(root=str(ROOT), **values)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(done.stdout.strip().splitlines()[-1]) - start)
    return times


async def first_screen(make_app, screen_type) -> float:
    """From creating the app to its first frame (the app notes when that was drawn)."""
    start = time.perf_counter()
    app = make_app()
    async with app.run_test(size=(120, 40)):
        while app.first_frame_at is None:
            await asyncio.sleep(0.001)
        assert isinstance(app.screen, screen_type)
        return app.first_frame_at - start


def warm(runs: int) -> tuple[list[float], list[float]]:
    sys.path.insert(0, str(ROOT))
    from engine import load_variant
    from tui.app import BoardwalkApp
    from tui.screens.game import GameScreen
    from tui.screens.start import StartScreen
    from tui.session import Session

    variant = load_variant("winning-moves-2016")
    start_times, game_times = [], []
    for _ in range(runs):
        start_times.append(asyncio.run(first_screen(BoardwalkApp, StartScreen)))
        session = Session.start(variant, "winning-moves-2016", [None, "random", "random", "random"], 1)
        game_times.append(asyncio.run(first_screen(lambda session=session: BoardwalkApp(session, pace="instant"), GameScreen)))
    return start_times, game_times


def saved_games(folder: Path) -> dict[str, Path]:
    """A saved game of each kind, some way into it: a board of hotels and a game of cards."""
    sys.path.insert(0, str(ROOT))
    from engine import load_variant
    from tui.session import Session

    saves = {}
    for name, seats in (("winning-moves-2016", ["greedy"] * 4), ("monopoly-chance", ["greedy"] * 3)):
        session = Session.start(load_variant(name), name, list(seats), 3)
        while not session.game.is_over and len(session.record.actions) < 150:
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
        session.record.seats[0] = type(session.record.seats[0])(session.record.seats[0].name, None)
        saves[name] = session.save(folder / f"{name}.json")
    return saves


async def help_times(session, presses: int) -> list[float]:
    """Press h in a game on screen; the time until the help is drawn, each time."""
    from tui.app import BoardwalkApp
    from tui.screens.dialogs import HelpScreen
    from tui.screens.game import GameScreen

    app = BoardwalkApp(session, pace="instant")
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, GameScreen) or app.first_frame_at is None:
            await asyncio.sleep(0.001)
        for _ in range(presses):
            start = time.perf_counter()
            await pilot.press("h")
            while not (isinstance(app.screen, HelpScreen) and app.screen.drawn_at is not None):
                await asyncio.sleep(0.001)
            times.append(app.screen.drawn_at - start)
            await pilot.press("escape")
            while isinstance(app.screen, HelpScreen):
                await asyncio.sleep(0.001)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cold_times = cold(args.runs)
    start_times, game_times = warm(args.runs)
    ms = lambda values: f"median {statistics.median(values) * 1000:6.0f} ms   best {min(values) * 1000:6.0f} ms"  # noqa: E731
    print(f"start screen, cold process (imports included): {ms(cold_times)}")
    print(f"start screen, warm (app created to painted):  {ms(start_times)}")
    print(f"game screen, warm (4 seats, app to painted):  {ms(game_times)}")
    with tempfile.TemporaryDirectory() as folder:
        for name, save in saved_games(Path(folder)).items():
            print(f"--load {name:<18}, cold process:  {ms(cold(args.runs, LOAD_CHILD, save=str(save)))}")
    from engine import load_variant
    from tui.session import Session

    for name in ("winning-moves-2016", "monopoly-chance"):
        firsts, agains = [], []
        for _ in range(args.runs):
            session = Session.start(load_variant(name), name, [None, "greedy"], 1)
            first, *again = asyncio.run(help_times(session, 3))
            firsts.append(first)
            agains += again
        print(f"help, {name:<18}: first time {ms(firsts)};  again {ms(agains)}")
    limit = 1.0
    verdict = "under" if statistics.median(cold_times) < limit else "OVER"
    print(f"first screen in {statistics.median(cold_times):.2f} s: {verdict} the {limit:.0f} s target")


if __name__ == "__main__":
    main()
