"""How long `boardwalk play` takes to show its first screen (the start screen), and a game
screen started from the command line.

Two figures, each the median of several runs:
- cold: a fresh Python process, from before the interpreter starts (timed by this script) to
  the first screen drawn, imports included, as a person typing the command waits;
- warm: inside one process, from creating the app to its first screen drawn.

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


def cold(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.time()
        done = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT))], capture_output=True, text=True, check=True)
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
    limit = 1.0
    verdict = "under" if statistics.median(cold_times) < limit else "OVER"
    print(f"first screen in {statistics.median(cold_times):.2f} s: {verdict} the {limit:.0f} s target")


if __name__ == "__main__":
    main()
