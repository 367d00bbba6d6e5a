"""What one key press costs the engine (issue 45, 4: "One key press builds the observation
once"). A key that answered built the whole observation three or four times and asked for the
legal actions three or four times (the screen's view before the answer, its confirmation, the
check that the answer is still legal, the notices before and after it, the view after), and
the terminal turned the engine's own `Action` into a dict for the engine to search its options
for it again. Now the session builds the seat's observation and asks for the options once for
each state of the game (tui/session.py, `Session.seen` and `Session.options`), and hands the
engine the option itself.

Counted in the moment benchmarks/key_latency.py times: Monopoly Builder at four players, the
person asked in a round of deals (an open window), at 80x24."""

from __future__ import annotations

import asyncio
from collections import Counter
from functools import cache

import pytest

from engine.game.game import Game, state_of
from tui.session import Session
from tui_helpers import headless, wait_for

pytest.importorskip("textual")

from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the whole app driven headless
pytestmark = pytest.mark.slow

BUILDER = "monopoly-builder"
SEATS = (None, "greedy", "greedy", "greedy")


def asked_to_deal(session: Session) -> bool:
    """The person is asked in an open window whether to make an offer."""
    if session.is_bot(session.deciding):
        return False
    view = session.view()
    return view.window is not None and any(str(action.arg) == "make an offer" for action in view.actions)


@cache
def deal_seed() -> int:
    return next(seed for seed in range(5, 45) if asked_to_deal(headless(SEATS, seed, asked_to_deal, name=BUILDER)))


def counting(monkeypatch) -> tuple[Counter, list[bool]]:
    """Every whole observation the engine builds (a seat's or a spectator's) and every call of
    `legal_actions`, counted; and for each action applied, whether it was one of the game's
    own options (the very object), not a copy or a dict to be searched for."""
    calls: Counter = Counter()
    own: list[bool] = []

    def counted(name: str, counter: str):
        original = getattr(Game, name)

        def wrapper(self, *args, **kwargs):
            calls[counter] += 1
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Game, name, wrapper)

    counted("observation", "observation")
    counted("public_observation", "observation")
    counted("legal_actions", "legal_actions")
    apply = Game.apply

    def applying(self, action, *args, **kwargs):
        own.append(any(action is option for option in state_of(self).options()))
        return apply(self, action, *args, **kwargs)

    monkeypatch.setattr(Game, "apply", applying)
    return calls, own


def test_a_key_that_moves_the_highlight_builds_nothing_and_one_that_answers_builds_the_view_once(monkeypatch):
    session = headless(SEATS, deal_seed(), asked_to_deal, name=BUILDER)
    view = session.view()
    make = [str(action.arg) for action in view.actions].index("make an offer")
    calls, own = counting(monkeypatch)

    async def scenario() -> None:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await wait_for(pilot, lambda: screen.box_shown and screen.focused is not None
                           and screen.focused.id == "deal-option-0")
            await pilot.pause()
            calls.clear()
            await pilot.press("down")  # the highlight, from Pass to Make an offer
            await wait_for(pilot, lambda: screen.focused is not None and screen.focused.id == "deal-option-1")
            await pilot.pause()
            assert calls == {}, "moving the highlight asks the engine nothing"
            asked = len(session.record.actions)
            await pilot.press(view.keys[make])  # the answer, by its key
            await wait_for(pilot, lambda: len(session.record.actions) > asked and screen.box is not None
                           and screen.box.title.plain == "Make an offer to whom?")
            await pilot.pause()
            assert calls == {"observation": 1, "legal_actions": 1}, "the answer: the new question's view, built once"
            assert own == [True], "the engine is handed its own option"

    asyncio.run(scenario())
