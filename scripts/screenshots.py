"""Remake the README's two pictures of the board: docs/images/terminal.svg (the game in a
terminal, drawn by Textual's own screenshot) and docs/images/browser.png (the same game served
by `boardwalk serve` in Debian's chromium, taken by the browser test). Run after a change to
the look of the board:

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def terminal(path: Path) -> None:
    """A game against two greedy bots a few turns in, at 120x36, as an SVG."""
    from tui.app import BoardwalkApp
    from tui.session import Session
    from tui_helpers import headless, variant

    seats = (None, "greedy", "greedy")
    name = "winning-moves-2016"
    played = headless(seats, 7, stop=lambda s: s.game.turn_number >= 9 and s.game.decision == "build")
    session = Session.start(variant(name), name, list(seats), 7)
    for action in played.record.actions:
        session.apply(action)

    async def shoot() -> None:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause(0.5)
            app.save_screenshot(filename=path.name, path=str(path.parent))

    asyncio.run(shoot())


def browser(path: Path) -> None:
    """The browser test's screenshot of the board (tests/test_browser.py prints its path)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "tests/test_browser.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    found = re.search(r"screenshot (\S+\.png)", done.stdout)
    if done.returncode != 0 or found is None:
        sys.exit(f"the browser test failed or printed no screenshot:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    shutil.copyfile(found.group(1), path)


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    terminal(IMAGES / "terminal.svg")
    browser(IMAGES / "browser.png")
    print(f"wrote {IMAGES / 'terminal.svg'} and {IMAGES / 'browser.png'}")


if __name__ == "__main__":
    main()
