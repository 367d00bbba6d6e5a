"""`boardwalk serve` in a real browser: Debian's chromium, driven by Playwright, plays the
start of a game as a person would (the start screen, a game against a bot, a unit built by
clicking its tower, a Fortune card played), and the page is photographed.

textual-serve's page draws the terminal with xterm.js on canvases (its script loads xterm's
WebGL and canvas renderers), so the page has no text to read in its DOM (no `.xterm-rows`).
The test reads what xterm shows through xterm's own buffer API
(`terminal.buffer.active.getLine(y).translateToString()`), catching the page's Terminal as
the page's script stores it, and clicks a cell at its place on `.xterm-screen`, whose size is
the terminal's columns and rows times the cell size. Keys go to xterm's textarea as a person
types them.

The game is chosen by seed: the one where the person, taking the first offer each time, is
asked to build and then holds a playable card when the turn ends. It is found by playing the
same game headless, as tests/tui_helpers.py does, so a rule change cannot strand the test on
a stale seed; and what the page must show is worded by the same code the app uses.

Needs /usr/bin/chromium (scripts/setup installs the `chromium` package) and the playwright
package (the test extra); without them the test fails and says so, it is never skipped.
Browsers are never downloaded (no `playwright install`)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.visible import visible
from tui.session import Session, View
from tui.widgets import decision_prompt
from tui_helpers import variant

# slow (docs/architecture.md, "Test lanes"): a served game driven in Chromium by Playwright
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}
NAME = "winning-moves-2016"
SEATS = (None, "greedy")  # what the start screen offers: a person, then the greedy bot
WAIT = 20.0
"""Seconds any one thing may take to appear on the page."""

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && typeof value.loadAddon === "function") window.__boardwalkTerminal = value;
  },
});
"""
"""An init script: textual.js keeps its xterm Terminal in `this.terminal` and nowhere global;
the first assignment passes through this setter, which keeps a reference on the window."""

READ_CELLS = """() => {
  const term = window.__boardwalkTerminal;
  if (!term || !term.element) return null;
  const buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y), cells = [];
    for (let x = 0; x < term.cols; x++) {
      const cell = line && line.getCell(x);
      cells.push(cell ? (cell.getWidth() === 0 ? "" : (cell.getChars() || " ")) : " ");
    }
    rows.push(cells);
  }
  const box = term.element.querySelector(".xterm-screen").getBoundingClientRect();
  return {cols: term.cols, rows: term.rows, cells: rows, box: [box.left, box.top, box.width, box.height]};
}"""
"""Every cell's character, one list per row (a wide character's second cell is ""), and the
screen's box in page pixels."""


# ----- the game the test plays ----------------------------------------------------------------


def first_choice_game(seed: int) -> tuple[list[View], View, Session] | None:
    """Play `seed` as the test will, bots as in the app and the person taking the first action
    each time. When the person is asked only to build before the end of their first turn, and
    then holds a playable card: the views of their build decisions, the view of that offer, and
    the session there."""
    session = Session.start(variant(NAME), NAME, list(SEATS), seed)
    builds: list[View] = []
    for _ in range(300):
        answer = session.automatic_answer()  # what the app answers for a person playing alone
        if answer is not None:
            session.apply(answer)
            continue
        if session.game.is_over:
            return None
        if session.is_bot(session.deciding):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
            continue
        view = session.view()
        if view.decision == "card" and view.ends_turn and any(a.kind == "play" for a in view.actions):
            return (builds, view, session) if builds else None
        if view.decision != "build" or view.actions[0].kind != "build":
            return None
        builds.append(view)
        session.apply(view.actions[0])
    return None


def chosen_game(candidates: int = 60) -> tuple[int, list[View], View, Session]:
    for seed in range(candidates):
        game = first_choice_game(seed)
        if game is not None and len(game[0]) <= 3:
            return (seed, *game)
    raise AssertionError("no seed among the candidates asks the person to build, then offers a playable card")


# ----- the browser and the server ---------------------------------------------------------------


def launch_chromium(playwright):
    if not CHROMIUM.exists():
        log = ROOT / ".venv" / "chromium-install.log"
        why = (f"scripts/setup could not install it; the end of {log}:\n  "
               + "\n  ".join(visible(line) for line in log.read_text(errors="replace").strip().splitlines()[-5:])
               if log.exists() else "run scripts/setup, which installs it")
        pytest.fail(f"{CHROMIUM} is missing: the browser test needs Debian's chromium package "
                    f"(apt-get install -y chromium, as root); {why}", pytrace=False)
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=WAIT * 1000)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen, Path]]:
    """`boardwalk serve` on a free port, its working folder a fresh one (saves land there):
    (the page's address, the process, the folder). Stopped and reaped however the test ends."""
    with serving(tmp_path) as server:
        yield server


INJECT_FAILURE = """
# Loaded by every Python the test's server starts (the site module imports sitecustomize
# from the path): the help key of the game screen fails, as a bug of the app would.
import tui.screens.game


def _fail(self):
    raise RuntimeError("a failure injected by tests/test_browser.py")


tui.screens.game.GameScreen.action_help = _fail
"""


@pytest.fixture
def served_failing(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen, Path]]:
    """`served`, with the help key of each game failing (INJECT_FAILURE)."""
    injected = tmp_path / "inject"
    injected.mkdir()
    (injected / "sitecustomize.py").write_text(INJECT_FAILURE, encoding="utf-8")
    folder = tmp_path / "served"
    folder.mkdir()
    with serving(folder, [injected]) as server:
        yield server


@contextlib.contextmanager
def serving(folder: Path, path: list[Path] = ()) -> Iterator[tuple[str, subprocess.Popen, Path]]:  # type: ignore[assignment]
    """`boardwalk serve` in `folder`, with `path` first on the Python path of it and its games."""
    port = free_port()
    python_path = [*map(str, path), str(ROOT), os.environ.get("PYTHONPATH")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, python_path)))
    env.pop("TEXTUAL_DRIVER", None)
    server = subprocess.Popen(  # its own process group: the games it starts are stopped with it
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--pace", "instant"],
        cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            if server.poll() is not None:
                pytest.fail(f"boardwalk serve exited with {server.returncode}:\n{server.communicate()[1]}", pytrace=False)
            try:
                with urllib.request.urlopen(url, timeout=2) as page:
                    if page.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"boardwalk serve did not answer at {url} within {WAIT:g} s", pytrace=False)
            time.sleep(0.1)
        yield url, server, folder
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=WAIT)
        for stream in (server.stdout, server.stderr):
            if stream is not None:
                stream.close()


class Screen:
    """The terminal on the page: its text, read through xterm; cells found and clicked."""

    def __init__(self, page) -> None:
        self.page = page
        self.last: dict | None = None

    def read(self) -> dict | None:
        self.last = self.page.evaluate(READ_CELLS)
        return self.last

    def lines(self) -> list[str]:
        grid = self.read()
        return ["".join(row).rstrip() for row in grid["cells"]] if grid else []

    def text(self) -> str:
        return "\n".join(self.lines())

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """The screen's text once `what` is in it (or holds of it); fails with the screen."""
        holds = what if callable(what) else (lambda text: what in text)
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if holds(text):
                return text
            if time.monotonic() > deadline:
                if self.last is None:
                    raise AssertionError("the page's xterm Terminal was never caught: has textual-serve's textual.js "
                                         "changed where it keeps it? (see CATCH_TERMINAL)")
                wanted = what if isinstance(what, str) else getattr(what, "__doc__", None) or "a condition"
                raise AssertionError(f"timed out after {timeout:g} s waiting for {wanted!r}; the page shows:\n{text}")
            time.sleep(0.1)

    def find(self, char: str, rows: range, columns: range) -> tuple[int, int]:
        grid = self.read()
        assert grid is not None
        for y in rows:
            for x in columns:
                if grid["cells"][y][x] == char:
                    return y, x
        raise AssertionError(f"no {char!r} in rows {rows.start}-{rows.stop - 1}; the page shows:\n{self.text()}")

    def click(self, row: int, column: int) -> None:
        """A mouse click in the middle of a cell, as xterm reports it to the app."""
        grid = self.read()
        assert grid is not None
        left, top, width, height = grid["box"]
        self.page.mouse.click(left + (column + 0.5) * width / grid["cols"], top + (row + 0.5) * height / grid["rows"])

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)


def board_towers(lines: list[str], properties: int) -> tuple[range, range]:
    """The rows and columns of the board's towers: from under the top line down to the row of
    property values (the first with a value, '$…', for every property), and from the left to
    the border of the panel beside the board, if there is one."""
    values = next(y for y, line in enumerate(lines) if line.count("$") >= properties)
    border = lines[values].find("\u258f")  # ▏, the side panel's left border
    return range(1, values), range(border if border >= 0 else len(lines[values]))


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", png[16:24])


def png_colours(png: bytes) -> Counter[bytes]:
    """How many pixels of each colour an 8-bit RGB or RGBA PNG has, as chromium writes them:
    enough decoding to tell a drawn board from a blank page without an imaging library."""
    width, height = png_size(png)
    depth, colour_type, interlace = png[24], png[25], png[28]
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, (depth, colour_type, interlace)
    data, at = b"", 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    step = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(data), width * step
    previous, colours = bytearray(stride), Counter[bytes]()
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):  # undo the row's filter (PNG specification, section 9)
            a = row[i - step] if i >= step else 0
            b, c = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(row[i : i + 3]) for i in range(0, stride, step))
        previous = row
    return colours


def strong_colours(colours: Counter[bytes], pixels: int) -> list[bytes]:
    """The vivid colours (far from grey) that cover at least `pixels` pixels."""
    return [colour for colour, count in colours.items() if count >= pixels and max(colour) - min(colour) >= 100]


# ----- the test ---------------------------------------------------------------------------------


def test_a_person_plays_against_a_bot_in_chromium(served, tmp_path_factory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as missing:
        pytest.fail(f"the browser test needs the playwright package (pip install -e '.[test]'): {missing}", pytrace=False)
    url, server, folder = served
    seed, builds, offer, expected = chosen_game()
    card_index, card = next((i, a) for i, a in enumerate(offer.actions) if a.kind == "play")
    shots = tmp_path_factory.mktemp("screenshots")
    started = time.monotonic()

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(WAIT * 1000)
            page.add_init_script(CATCH_TERMINAL)
            # nothing leaves this machine: the page's web font is refused, the game is local
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
            page.goto(url, wait_until="load")
            # the page names the game, not the command and paths of this machine
            assert page.text_content(".intro div") == "Boardwalk" and sys.executable not in page.content()
            screen = Screen(page)

            # the start screen, with its default seats: a person, then the greedy bot
            def start_screen(text: str) -> bool:
                """the start screen with the variants checked and the seats laid out"""
                return all(words in text for words in ("BOARDWALK", "Start the game [F2]", NAME, "Person", "Bot: greedy"))

            screen.wait_for(start_screen)
            seed_row, seed_column = next((y, line.index("random", line.index("Seed"))) for y, line in enumerate(screen.lines())
                                         if "Seed" in line and "random" in line[line.index("Seed"):])
            screen.click(seed_row, seed_column)  # the seed's box, still showing its placeholder
            page.keyboard.type(str(seed))

            def seed_typed(text: str) -> bool:
                """the seed in its box"""
                row = text.splitlines()[seed_row]
                return row[row.index("Seed"):].split()[:2] == ["Seed", str(seed)]

            screen.wait_for(seed_typed)
            screen.press("F2")

            # the game against the bot: asked to build, the person clicks the tower marked 1
            target = builds[0].actions[0]
            screen.wait_for(decision_prompt(builds[0]))
            row, column = screen.find("1", *board_towers(screen.lines(), len(offer.variant.properties)))
            screen.click(row, column)
            screen.wait_for(first_build_line(expected))
            for view in builds[1:]:  # the later build decisions of the turn: the first action, by its key
                screen.wait_for(decision_prompt(view))
                screen.press(view.keys[0])

            # the end-of-turn offer: the card, confirmed
            screen.wait_for(decision_prompt(offer))
            screen.press(offer.keys[card_index])
            card_name = offer.variant.card(card.arg).name
            screen.wait_for(f"Play {card_name}?")
            screen.press("y")
            played = f"{offer.seats[0].name} plays {card_name}"
            screen.wait_for(played)

            # the board on the page, in text and in pixels: under the towers, a bar in each
            # zone's colour (four blocks of a vivid colour each, in the board's strip of the picture)
            text = screen.text()
            for zone in offer.variant.zones:
                assert zone.name in text, zone.name
            shot = shots / "boardwalk-serve.png"
            page.screenshot(path=str(shot))
            assert png_size(shot.read_bytes()) == (VIEWPORT["width"], VIEWPORT["height"])
            rows, _ = board_towers(screen.lines(), len(offer.variant.properties))
            grid = screen.last
            left, top, box_width, box_height = grid["box"]
            cell_height = box_height / grid["rows"]
            board = page.screenshot(clip={"x": left, "y": top + cell_height * (rows.stop - 2), "width": box_width,
                                          "height": cell_height * 5})
            vivid = strong_colours(png_colours(board), pixels=1000)
            assert len(vivid) >= len(offer.variant.zones), f"the board's strip has {len(vivid)} large vivid colours: not drawn?"

            # what the browser did is what the game recorded: save it and read it back
            screen.press("s")
            screen.wait_for("Save the game")
            screen.press("Enter")
            saved_file = folder / "boardwalk-save.json"
            saved = json.loads(wait_for_file(saved_file, screen))

            # Ctrl-C stops the server at once and cleanly, with the tab still open
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=WAIT)
            assert server.returncode == 0 and "boardwalk serve: stopped" in err and "Traceback" not in err, err
            screen.page.wait_for_selector("body.-closed")  # the page says the session ended
        finally:
            browser.close()

    assert saved["seed"] == seed
    actions = saved["actions"]
    assert target.to_dict() in actions and card.to_dict() in actions
    assert actions[: len(expected.record.actions)] == expected.record.actions
    print(f"browser test: seed {seed}, {time.monotonic() - started:.1f} s in chromium, screenshot {shot}")


def wait_for_file(path: Path, screen: Screen) -> str:
    """The text of a file the app writes (whole, by renaming), once it is there."""
    deadline = time.monotonic() + WAIT
    while not path.exists():
        assert time.monotonic() < deadline, f"no {path.name} appeared; the page shows:\n{screen.text()}"
        time.sleep(0.1)
    return path.read_text(encoding="utf-8")


def first_build_line(session: Session) -> str:
    """The log's words for the person's first unit, as the app writes them."""
    return next(session.describe(e) for e in session.events if e.kind == "build" and e.data["player"] == 0)


def test_an_error_in_a_served_game_writes_no_file_and_saves_where_the_person_says(served_failing):
    """Issue 26: in the browser an error of the app showed only "Session ended", the game lost.
    Issue 44, 4: the rescue then wrote an error log and a save into the server's folder at
    every crash, for anyone who reached the page to fill. Now the page says that nothing was
    written and offers s, which saves the game where the person says; the server's log names
    the error in one line."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as missing:
        pytest.fail(f"the browser test needs the playwright package (pip install -e '.[test]'): {missing}", pytrace=False)
    url, server, folder = served_failing
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(WAIT * 1000)
            page.add_init_script(CATCH_TERMINAL)
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
            page.goto(url, wait_until="load")
            screen = Screen(page)
            screen.wait_for(lambda text: all(words in text for words in ("Start the game [F2]", "Person", "Bot: greedy")))
            screen.click(0, 0)  # the page takes the keyboard once clicked
            screen.press("F2")  # the default game: a person against the greedy bot
            screen.wait_for(lambda text: "Turn " in text and "Quit" in text)
            screen.press("h")  # the injected failure
            told = " ".join(screen.wait_for("Press s to save it").split())  # the page wraps long lines
            assert "nothing was saved" in told and "Traceback" not in told, told
            assert list(folder.iterdir()) == []
            screen.press("s")
            screen.wait_for("Save [Enter]")  # the box (the crash screen's button says "Save the game" too)
            screen.press("Enter")  # where it proposes: boardwalk-save.json, in the server's folder
            told = " ".join(screen.wait_for("Resume it in a new tab").split())
            assert "Your game is saved in" in told and "boardwalk-save.json" in told.replace(" ", ""), told
            assert [path.name for path in folder.iterdir()] == ["boardwalk-save.json"]
            json.loads((folder / "boardwalk-save.json").read_text(encoding="utf-8"))
            screen.press("Enter")
            page.wait_for_selector("body.-closed")  # the game ends when the person has read it
        finally:
            browser.close()
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=WAIT)
    failed = [line for line in err.splitlines() if "a game failed" in line]
    assert failed == ["boardwalk serve: warning: a game failed (status 1): "
                      "RuntimeError: a failure injected by tests/test_browser.py"], err
