"""How long the game-over screen takes to open after a long game: from the screen being made
(its story told from the session's chronicle) to its first frame drawn, the chart included.

Two long games of four players: Monopoly Chance between random bots (seed 1: over 400 turns)
and Advance to Boardwalk between greedy bots (the longest of the first 20 seeds). Each game is
loaded one action before its end and its last bot plays it (at the normal pace, so that
the board is drawn first, as in a game played to its end), at 80x24 and at 160x50, in a
fresh process: the first figure is the screen the game's end opens (textual-plotext is
imported then, so its import is included); the second, the median of three more openings
from the final board (key r). It also prints what keeping the chronicle adds to replaying the
whole game (as a load or an undo does).

The app runs headless (`App.run_test`). Run: .venv/bin/python benchmarks/gameover_open.py
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = [("monopoly-chance", "random", 1), ("winning-moves-2016", "greedy", None)]
SIZES = [(80, 24), (160, 50)]
TARGET = 0.5


def long_game(name: str, bot: str, seed: int | None):
    """The finished session of a four-bot game (seed None: the longest of the first 20)."""
    from engine import load_variant
    from tui.session import Session

    def play(seed: int) -> Session:
        session = Session.start(load_variant(name), name, [bot] * 4, seed)
        while not session.game.is_over:
            chooser, observation = session.bot_observation()
            session.apply(chooser.choose(observation))
        return session

    if seed is not None:
        return play(seed)
    return max((play(s) for s in range(20)), key=lambda s: s.game.turn_number)


async def open_times(session, size: tuple[int, int]) -> list[float]:
    """Seconds from the game-over screen being made to its first frame: at the game's end,
    then three times more from the final board."""
    from tui.app import BoardwalkApp
    from tui.screens.game import GameScreen
    from tui.screens.gameover import GameOverScreen

    async def opened() -> float:
        while not (isinstance(app.screen, GameOverScreen) and app.screen.drawn_at is not None):
            await pilot.pause(0.001)
        return app.screen.drawn_at - app.screen.opened_at

    app = BoardwalkApp(session, pace="normal")  # the board is drawn and settled before the last move
    async with app.run_test(size=size) as pilot:
        times = [await opened()]
        for _ in range(3):
            await pilot.press("b")
            while not isinstance(app.screen, GameScreen):
                await pilot.pause(0.001)
            await pilot.pause(0.2)
            await pilot.press("r")
            times.append(await opened())
        return times


def child(name: str, bot: str, seed: str, width: int, height: int) -> None:
    from engine.savefile import GameRecord
    from tui.session import Session

    record = long_game(name, bot, None if seed == "None" else int(seed)).record
    last = GameRecord(record.variant, record.variant_source, record.players, record.seed, record.seats,
                      record.actions[:-1])
    session = Session(last)
    times = asyncio.run(open_times(session, (width, height)))
    print(session.game.turn_number, len(record.actions), times[0], statistics.median(times[1:]))


def chronicle_cost(name: str, bot: str, seed: int | None) -> tuple[float, float]:
    """Replaying the whole record into a session, with and without the chronicle kept (best of 5)."""
    from tui import story
    from tui.session import Session

    record = long_game(name, bot, seed).record

    def best() -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            Session(record)
            times.append(time.perf_counter() - start)
        return min(times)

    kept = best()
    note = story.Chronicle.note
    story.Chronicle.note = lambda self, game, start, events, seen: None  # type: ignore[method-assign]
    try:
        without = best()
    finally:
        story.Chronicle.note = note  # type: ignore[method-assign]
    return kept, without


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(*sys.argv[2:5], int(sys.argv[5]), int(sys.argv[6]))
        return
    worst = 0.0
    for name, bot, seed in GAMES:
        for width, height in SIZES:
            done = subprocess.run([sys.executable, __file__, "--child", name, bot, str(seed), str(width), str(height)],
                                  capture_output=True, text=True, check=True)
            turns, actions, cold, warm = done.stdout.split()[-4:]
            worst = max(worst, float(cold))
            print(f"{name:<20} {bot:<7} {turns:>4} turns {actions:>5} actions  {width:>3}x{height:<2}  "
                  f"at the end {float(cold) * 1000:4.0f} ms, again {float(warm) * 1000:4.0f} ms")
        kept, without = chronicle_cost(name, bot, seed)
        print(f"{'':<29} replaying the whole record: {kept * 1000:.0f} ms with the chronicle, {without * 1000:.0f} ms without")
    print(f"slowest opening at the end {worst:.2f} s: {'under' if worst < TARGET else 'OVER'} the {TARGET} s target")


if __name__ == "__main__":
    main()
