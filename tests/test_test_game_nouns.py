"""No prompt, panel or log line of a game written from the docs speaks another game's nouns
(issue 47, "Proof": "No prompt, panel or log line of these games uses another game's nouns.
A test reads the screens of the test games for a list of the bundled games' nouns").

The nouns come from the bundled variants' own data: their zones, spaces, cards, piles,
counters, kinds of space, deck, units and dice symbols. A word the test game uses itself
(its seats' Red and Blue, a 'hand') is its own, and left out. The screen is read at 80x24
at several of the person's decisions of each game marked in tests/data
(tests/test_test_games.py), every widget's text with the log."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bundled import bundled_variants
from engine import load_variant
from test_test_games import GAMES
from tui.session import Session
from tui_helpers import wait_for

pytest.importorskip("textual")

from textual.widgets import OptionList, RichLog  # noqa: E402

from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the app driven headless
pytestmark = pytest.mark.slow

SIZE = (80, 24)
LOOKS = 6
"""The person's decisions at which the screen is read, one game each."""


def bundled_nouns() -> set[str]:
    """Every name a bundled variant gives its things: zones, spaces, cards, piles, counters,
    kinds of space, the deck, the units, the dice symbols."""
    nouns: set[str] = set()
    for variant in bundled_variants().values():
        nouns |= {zone.name for zone in variant.zones} | {prop.name for prop in variant.properties}
        nouns |= {card.name for card in variant.cards} | {pile.name for pile in variant.piles}
        # a counter's own name ('dump truck'); one without (its id with spaces, 'rolled') is bookkeeping
        nouns |= {c.name.one for c in variant.counters if c.name.one != c.id.replace("_", " ")}
        nouns |= {kind for kind, _ in variant.kinds} | {variant.deck_name, variant.unit.one}
        nouns |= {symbol for die in variant.dice for symbol in die.symbols}
    return {noun for noun in nouns if noun and len(noun) > 2 and not noun[0].isdigit() and "$" not in noun}


def foreign(text: str, own: str, nouns: set[str]) -> set[str]:
    """The bundled nouns in `text` (whole words, any case) that the game's own file does not use."""
    lowered, mine = text.lower(), own.lower()
    return {noun for noun in nouns
            if re.search(rf"\b{re.escape(noun.lower())}\b", lowered) and not re.search(rf"\b{re.escape(noun.lower())}\b", mine)}


def screen_text(app) -> str:
    """Every widget's text on the screen now: the static ones, the options listed and the log."""
    parts = []
    for options in app.screen.query(OptionList):
        parts += [str(getattr(option.prompt, "plain", option.prompt)) for option in options.options]
    for log in app.screen.query(RichLog):
        parts += [strip.text for strip in log.lines]
    for widget in app.screen.query("*"):
        try:
            rendered = widget.render()
        except Exception:  # a container renders nothing of its own
            continue
        plain = getattr(rendered, "plain", None)
        parts.append(plain if isinstance(plain, str) else str(rendered) if isinstance(rendered, str) else "")
    return "\n".join(parts)


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_no_screen_of_a_game_written_from_the_docs_speaks_a_bundled_game(path: Path):
    own = path.read_text(encoding="utf-8")
    nouns = bundled_nouns()
    session = Session.start(load_variant(path), str(path), [None, "random", "random"], 5)
    read: list[str] = []

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(LOOKS):
                await wait_for(pilot, lambda: session.game.is_over or (
                    isinstance(app.screen, GameScreen) and session.view().actions and not session.is_bot(session.deciding)))
                await pilot.pause()
                read.append(screen_text(app))
                if session.game.is_over:
                    break
                await pilot.press("1")
                await pilot.pause()

    asyncio.run(scenario())
    read.append("\n".join(event.describe(0) for event in session.events))
    assert any("1" in text for text in read[:-1])
    found = foreign("\n".join(read), own, nouns)
    assert not found, f"{path.stem} speaks another game's nouns: {sorted(found)}"
    assert len(read) > 2
