"""`boardwalk serve`'s page in a real browser (issue 46, 15): Debian's chromium, driven by
Playwright as tests/test_browser.py drives it (its server, its browser and its way of reading
the terminal through xterm's buffer are used here).

- The page asks nothing of any host but the server: textual-serve's own page linked
  fonts.googleapis.com, which fails offline and tells a third party about every game. The
  font (Roboto Mono) is served from the package, with its licence (tui/served).
- A click on an empty part of the start page leaves the keyboard where it was: the arrow keys
  still move the variant list, and ← → change no seat.
- The highlighted option is not grey on light grey: its text against its background, as the
  browser draws them, has a contrast of at least 7 (WCAG's AAA level for text)."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from test_browser import CATCH_TERMINAL, VIEWPORT, WAIT, Screen, launch_chromium, png_colours, serving

# slow (docs/architecture.md, "Test lanes"): a served page in Chromium
pytestmark = pytest.mark.slow

HIGHLIGHTED = """() => {
  const term = window.__boardwalkTerminal, buffer = term.buffer.active, found = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    let text = "", first = -1, last = -1;
    for (let x = 0; x < term.cols; x++) {
      const cell = line.getCell(x);
      if (cell && cell.getBgColorMode() !== 0 && (cell.getChars() || " ").trim()) {
        if (first < 0) first = x;
        last = x;
        text += cell.getChars();
      }
    }
    if (first >= 0) found.push([y, first, last, text]);
  }
  return found;
}"""
"""Each row with text on a background of its own: (row, its first and last such cell, the text)."""


def relative_luminance(colour: bytes) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: bytes, other: bytes) -> float:
    light, dark = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_issue_46_item_15_the_page_asks_only_its_server_and_the_start_page_keeps_its_keys(tmp_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as missing:
        pytest.fail(f"the browser test needs the playwright package (pip install -e '.[test]'): {missing}", pytrace=False)
    with serving(tmp_path) as (url, _server, _folder), sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(WAIT * 1000)
            page.add_init_script(CATCH_TERMINAL)
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))  # every request, refused or not
            # nothing leaves this machine even if the page asks: a request elsewhere is refused
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
            page.goto(url, wait_until="load")
            screen = Screen(page)
            screen.wait_for(lambda text: all(words in text for words in ("Start the game [F2]", "Person", "Bot: greedy")))
            page.evaluate("() => document.fonts.ready")

            # no host but the server's, and the page's font is the package's, loaded from it
            elsewhere = [address for address in asked if not address.startswith(url)]
            assert not elsewhere, f"the page asked other hosts: {elsewhere}"
            assert any(address.startswith(f"{url}fonts/") and address.endswith(".ttf") for address in asked), asked
            assert page.evaluate("() => document.fonts.check('16px \"Roboto Mono\"')"), "the served font did not load"

            # a click on an empty part of the page (the blank rows under the boxes), then the arrows
            lines = screen.lines()
            blank = max(y for y, line in enumerate(lines) if not line.strip() and y < len(lines) - 2)
            highlighted = page.evaluate(HIGHLIGHTED)
            variants = [row for row in highlighted if "-" in row[3]]  # a variant's name: the list's highlight
            assert len(variants) == 1, highlighted
            before = [line for line in lines if "◀" in line]
            screen.click(blank, len(lines[0]) // 2 if lines[0] else 10)
            time.sleep(0.5)
            screen.press("ArrowUp")

            def moved(_: str) -> bool:
                """the list's highlight moved up a row"""
                now = [row for row in page.evaluate(HIGHLIGHTED) if "-" in row[3]]
                return len(now) == 1 and now[0][3] != variants[0][3]

            screen.wait_for(moved, timeout=5)
            # the seats of the variant now highlighted, once drawn (another variant has other
            # seats: read before the move, they passed only while the page was slow to redraw)
            # the seats of the variant now highlighted (Parker's are not the 2016 edition's): the
            # page draws them a while after the highlight, so they are read once they change, or
            # after 3 s if they do not. Read before the move, the test passed only while the
            # page was slow to redraw them.
            for _ in range(30):
                seats = [line for line in screen.lines() if "◀" in line]
                if seats != before:
                    break
                time.sleep(0.1)
            time.sleep(0.3)
            seats = [line for line in screen.lines() if "◀" in line]
            screen.press("ArrowLeft", "ArrowRight", "ArrowRight")
            time.sleep(0.5)
            assert [line for line in screen.lines() if "◀" in line] == seats, "← → changed the seats"

            # the highlighted option, as the browser draws it: text against its background
            row, first, last, name = next(r for r in page.evaluate(HIGHLIGHTED) if "-" in r[3])
            grid = screen.read()
            assert grid is not None
            left, top, width, height = grid["box"]
            cell_width, cell_height = width / grid["cols"], height / grid["rows"]
            shot = page.screenshot(clip={"x": left + first * cell_width, "y": top + row * cell_height,
                                         "width": (last - first + 1) * cell_width, "height": cell_height})
            colours: Counter[bytes] = png_colours(shot)
            (background, _), (text, _) = colours.most_common(2)  # the text's own colour: its glyphs' solid cores
            ratio = contrast(background, text)
            assert ratio >= 7, f"{name!r} is #{text.hex()} on #{background.hex()}: a contrast of {ratio:.1f}"
        finally:
            browser.close()
