"""Issue 44, 5: every box answers once. The terminal UI crashed on q, then d d quickly: the
second d reached the Quit box after it had answered, answered again and popped the last
screen (ScreenStackError, exit 1); random keys in a served tab did the same. Here each box's
keys are pressed twice and three times quickly (all of them sent before the first is
handled, as a quick hand or a browser's key repeat sends them), and the outcome must be the
one press's: one answer, the screens a single press leaves, nothing taken in the game by the
presses left over, no exception (the pilot raises, when the test ends, any exception that
escaped). tests/test_tui_monkey.py presses the boxes' keys twice and three times as it
plays; tui/screens/lifecycle.py says how it is done."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from functools import cache

import pytest

from tui.session import Session
from tui_helpers import headless, reaction_seed, variant

pytest.importorskip("textual")

from textual import events  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import Input  # noqa: E402

from tui.app import BoardwalkApp  # noqa: E402
from tui.replay import JumpScreen, ReplayApp  # noqa: E402
from tui.screens.dialogs import ChoiceScreen, HandOverScreen, HelpScreen, PathScreen, TextScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.screens.gameover import GameOverScreen  # noqa: E402
from tui.screens.lastmoves import LastMovesScreen  # noqa: E402
from tui.screens.lifecycle import AnswersOnce  # noqa: E402
from tui.screens.start import StartScreen  # noqa: E402
from tui.screens.target import TargetScreen  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the whole app driven headless, keys pressed again quickly
pytestmark = pytest.mark.slow

NAME = "winning-moves-2016"
AGAINST_A_BOT = (None, "random")
TIMES = pytest.mark.parametrize("times", [2, 3], ids=["twice", "three-times"])
CHARACTERS = {"enter": "\r", "escape": "\x1b", "left_square_bracket": "[", "question_mark": "?"}


@pytest.fixture(autouse=True)
def own_folder(tmp_path, monkeypatch) -> None:
    """Each test in a folder of its own: a save, or the rescue after a crash, lands there."""
    monkeypatch.chdir(tmp_path)


def quickly(app, key: str, times: int) -> None:
    """`key` pressed `times` times, every press sent before the app handles the first."""
    for _ in range(times):
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))


def stack(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


def settled(app, session: Session) -> bool:
    """Nothing is under way: a box or another screen waits for the person, or the game screen
    waits for the person's choice (no bot thinking, no bot's move waiting to be shown)."""
    screen = app.screen
    if not isinstance(screen, GameScreen):
        return True
    return not screen._thinking and screen._waiting is None and (
        bool(session.view().actions) or session.game.is_over or screen.notice is not None)


async def until(condition: Callable[[], bool], looks: int = 4000) -> None:
    """Let the app run (bots think in threads) until the condition holds: sleeping, not the
    pilot's pause, which waits for every widget of the screen at each look."""
    for _ in range(looks):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the app never got there")


async def settle(pilot, session: Session) -> None:
    """Nothing under way, and every widget's messages handled (what is left of the presses)."""
    await until(lambda: settled(pilot.app, session))
    await pilot.pause()
    await until(lambda: settled(pilot.app, session))


async def opened(app, key: str, kind: type) -> None:
    """`key` pressed once, and the box it opens on top."""
    quickly(app, key, 1)
    await until(lambda: isinstance(app.screen, kind))


def chosen_by_the_person(session: Session, since: int) -> int:
    """How many actions since the `since`-th the person chose (not answered for them)."""
    return sum(1 for who, automatic in zip(session.deciders[since:], session.automatic[since:])
               if who == 0 and not automatic)


async def play_until(pilot, session: Session, reached: Callable[[], bool], limit: int = 300) -> None:
    """Play as a person would, once nothing is under way: the first option of each decision,
    Enter on every box and notice, until `reached()` holds."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot, session)
        if reached():
            return
        screen = app.screen
        if isinstance(screen, GameScreen) and screen.notice is None and session.view().actions:
            await pilot.press(session.view().keys[0])
        else:
            await pilot.press("enter")
    raise AssertionError(f"never got there: {stack(app)}")


async def at_a_decision(pilot, session: Session, moves: int = 1) -> GameScreen:
    """The person has made `moves` moves and is asked again, on the game screen."""
    app = pilot.app

    def asked() -> bool:
        return (chosen_by_the_person(session, 0) >= moves and isinstance(app.screen, GameScreen)
                and app.screen.notice is None and bool(session.view().actions))

    await play_until(pilot, session, asked)
    assert isinstance(app.screen, GameScreen)
    return app.screen


def run(scenario: Callable, app) -> None:
    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await scenario(pilot)

    asyncio.run(play())


def game_app(seats=AGAINST_A_BOT, seed: int = 3) -> tuple[BoardwalkApp, Session]:
    session = Session.start(variant(NAME), NAME, list(seats), seed)
    return BoardwalkApp(session, pace="instant"), session


# ----- boxes that close back to the game ----------------------------------------------------------

CLOSING = [
    ("q", ChoiceScreen, "escape"),  # Quit Boardwalk?
    ("n", ChoiceScreen, "escape"),  # Start a new game?
    ("l", ChoiceScreen, "escape"),  # Load another game?
    ("s", PathScreen, "escape"),
    ("t", TargetScreen, "escape"),
    ("h", HelpScreen, "escape"), ("h", HelpScreen, "h"), ("h", HelpScreen, "q"), ("h", HelpScreen, "question_mark"),
    ("c", TextScreen, "escape"), ("c", TextScreen, "enter"), ("c", TextScreen, "c"),
    ("left_square_bracket", LastMovesScreen, "escape"), ("left_square_bracket", LastMovesScreen, "q"),
    ("left_square_bracket", LastMovesScreen, "left_square_bracket"),
]
"""(the key that opens a box over the game, the box, a key that closes it)."""


@TIMES
def test_a_box_closed_by_a_key_pressed_again_quickly_closes_once_and_the_game_is_untouched(times):
    """Every box the game's keys open, closed by each of its keys pressed twice and three
    times: back on the game, nothing else open, nothing taken (Enter left over would take
    the highlighted option, h or ? open the help again)."""
    app, session = game_app()

    async def scenario(pilot) -> None:
        screen = await at_a_decision(pilot, session)
        for opener, box, key in CLOSING:
            actions = list(session.record.actions)
            await opened(app, opener, box)
            quickly(app, key, times)
            await settle(pilot, session)
            assert app.screen_stack == [screen], (opener, key, stack(app))
            assert session.record.actions == actions and session.unsaved, (opener, key)

    run(scenario, app)


# ----- boxes whose answer changes something -----------------------------------------------------


@TIMES
def test_the_quit_box_answered_again_quickly_answers_once(times):
    """q d d: quit, with status 0 (it was ScreenStackError and status 1); q s s and q with
    Enter again and again: one Save box; n d d: one start screen."""
    app, session = game_app()

    async def scenario(pilot) -> None:
        game = await at_a_decision(pilot, session)
        for key in ("s", "enter"):  # Save first (the first answer: Enter's)
            await opened(app, "q", ChoiceScreen)
            quickly(app, key, times)
            await settle(pilot, session)
            assert stack(app) == ["GameScreen", "PathScreen"] and app.screen.title_text == "Save the game", key
            quickly(app, "escape", 1)  # no save: nothing else happens
            await settle(pilot, session)
            assert app.screen_stack == [game]
        await opened(app, "l", ChoiceScreen)  # Load another game? Don't save
        quickly(app, "d", times)
        await settle(pilot, session)
        assert stack(app) == ["GameScreen", "PathScreen"] and app.screen.title_text == "Load a saved game"
        quickly(app, "escape", 1)
        await settle(pilot, session)
        await opened(app, "q", ChoiceScreen)
        quickly(app, "d", times)  # Don't save
        await pilot.pause(0.1)
        assert app.return_code == 0 and app.crash is None

    run(scenario, app)


@TIMES
def test_the_new_game_box_answered_again_quickly_opens_one_start_screen(times, monkeypatch):
    monkeypatch.setattr(StartScreen, "_check", lambda self, keys: None)  # no variant checked: the test ends sooner
    app, session = game_app()

    async def scenario(pilot) -> None:
        await at_a_decision(pilot, session)
        await opened(app, "n", ChoiceScreen)
        quickly(app, "d", times)
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert stack(app).count("StartScreen") == 1 and isinstance(app.screen, StartScreen), stack(app)

    run(scenario, app)


@TIMES
def test_the_save_and_load_boxes_answered_again_quickly_save_and_load_once(times, tmp_path, monkeypatch):
    """Enter again and again in the Save box: saved once, back on the game, no move taken;
    in the Load box: loaded once, its game shown."""
    calls = {"save": 0, "load": 0}
    save, load = Session.save, Session.load

    def counted_save(self, path=None):
        calls["save"] += 1
        return save(self, path)

    def counted_load(path, *args, **kwargs):
        calls["load"] += 1
        return load(path, *args, **kwargs)

    monkeypatch.setattr(Session, "save", counted_save)
    monkeypatch.setattr(Session, "load", staticmethod(counted_load))
    app, session = game_app()

    async def scenario(pilot) -> None:
        game = await at_a_decision(pilot, session)
        actions = list(session.record.actions)
        await opened(app, "s", PathScreen)
        quickly(app, "enter", times)
        await settle(pilot, session)
        assert calls["save"] == 1 and app.screen_stack == [game] and session.record.actions == actions
        assert (tmp_path / "boardwalk-save.json").is_file() and not session.unsaved
        await opened(app, "l", PathScreen)  # nothing unsaved: the Load box at once
        quickly(app, "enter", times)
        await until(lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        loaded = app.screen.session
        await settle(pilot, loaded)
        assert calls["load"] == 1 and stack(app) == ["GameScreen", "GameScreen"]
        assert loaded.record.actions == actions

    run(scenario, app)


def a_card_to_play(seed_limit: int = 40) -> tuple[int, int]:
    """(seed, moves): the person, taking the first option each time, is offered a card to
    play (which is confirmed first) after `moves` moves of their own."""
    def offered(session: Session) -> bool:
        return not session.is_bot(session.deciding) and any(a.kind == "play" for a in session.view().actions)

    for seed in range(seed_limit):
        stopped = headless(AGAINST_A_BOT, seed, limit=200, stop=offered)
        if not stopped.game.is_over and offered(stopped):
            return seed, chosen_by_the_person(stopped, 0)
    raise AssertionError("no seed among the candidates offers the person a card to play")


@TIMES
def test_the_confirmation_answered_again_quickly_plays_the_card_once(times):
    """Play a card? n n: not played, nothing taken; y y: played, and the person is asked
    their next question (the y left over takes nothing there)."""
    seed, moves = a_card_to_play()
    app, session = game_app(seed=seed)

    async def scenario(pilot) -> None:
        await at_a_decision(pilot, session, moves)
        view = session.view()
        index, card = next((i, a) for i, a in enumerate(view.actions) if a.kind == "play")
        taken = len(session.record.actions)
        for key in ("n", "y"):
            await opened(app, view.keys[index], ChoiceScreen)
            quickly(app, key, times)
            await settle(pilot, session)
            played = session.record.actions[taken:taken + 1] == [card.to_dict()]
            assert played == (key == "y") and chosen_by_the_person(session, taken) == (key == "y"), key
            assert not isinstance(app.screen, ChoiceScreen) or not app.screen.title_text.startswith("Play "), key

    run(scenario, app)


@TIMES
@pytest.mark.parametrize("key, kind", [("1", "react"), ("n", "decline")], ids=["answer", "let-it-happen"])
def test_the_answer_to_a_card_given_again_quickly_is_given_once(key, kind, times):
    seed = reaction_seed(AGAINST_A_BOT, holds_answer=True)
    app, session = game_app(seed=seed)

    async def scenario(pilot) -> None:
        await play_until(pilot, session, lambda: isinstance(app.screen, ChoiceScreen) and app.screen.has_class("reaction"))
        taken = len(session.record.actions)
        quickly(app, key, times)
        await settle(pilot, session)
        assert session.record.actions[taken]["kind"] == kind and chosen_by_the_person(session, taken) == 1

    run(scenario, app)


@TIMES
def test_the_hand_over_confirmed_again_quickly_hands_over_once(times):
    """Two people at one keyboard: Enter again and again on the hand-over shows the person's
    cards and takes nothing for them (Enter left over would take the first option)."""
    app, session = game_app(seats=(None, None))

    async def scenario(pilot) -> None:
        await until(lambda: isinstance(app.screen, HandOverScreen))
        await pilot.pause()  # its binding of Enter in place: on a busy machine (two test workers) it may not be yet
        quickly(app, "enter", times)
        await until(lambda: isinstance(app.screen, GameScreen))  # settled() holds at once while the hand-over is up
        await settle(pilot, session)
        assert isinstance(app.screen, GameScreen) and session.viewer == session.deciding
        assert session.record.actions == []

    run(scenario, app)


def near_the_end() -> Session:
    """A game of two bots, two actions before its end."""
    seats = ("random", "random")
    return headless(seats, 1, stop=lambda s: len(s.record.actions) >= _length(seats, 1) - 2)


@cache
def _length(seats: tuple[str, ...], seed: int) -> int:
    return len(headless(seats, seed).record.actions)


@TIMES
def test_the_game_over_screen_answered_again_quickly_answers_once(times):
    """Its keys again and again: b and Enter show the final board once (r brings it back),
    s opens one Save box, q quits with status 0."""
    app = BoardwalkApp(near_the_end(), pace="instant")

    async def scenario(pilot) -> None:
        for key in ("b", "enter", "escape"):
            await until(lambda: isinstance(app.screen, GameOverScreen))
            quickly(app, key, times)
            await until(lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            assert stack(app) == ["GameScreen"], key
            await opened(app, "r", GameOverScreen)
        quickly(app, "s", times)
        await until(lambda: isinstance(app.screen, PathScreen))
        await pilot.pause()
        assert stack(app) == ["GameScreen", "PathScreen"]
        quickly(app, "escape", 1)  # back to the end screen, shown again
        await until(lambda: isinstance(app.screen, GameOverScreen))
        quickly(app, "q", times)
        await pilot.pause(0.1)
        assert app.return_code == 0 and app.crash is None

    run(scenario, app)


@TIMES
@pytest.mark.parametrize("key", ["enter", "escape"])
def test_the_replays_jump_box_answered_again_quickly_answers_once(key, times):
    """boardwalk replay: j, a turn, Enter again and again jumps there once; Esc again and
    again closes the box, and does not quit the replay (Esc is the replay's quit key)."""
    record = headless(AGAINST_A_BOT, 3, limit=40).record
    app = ReplayApp(record)

    async def scenario(pilot) -> None:
        await opened(app, "j", JumpScreen)
        app.screen.query_one(Input).value = "2"
        quickly(app, key, times)
        await pilot.pause(0.1)
        assert not isinstance(app.screen, JumpScreen) and app.return_code is None and app.is_running
        assert app.position == (app.turn_starts[2] if key == "enter" else 0)

    run(scenario, app)


def test_every_screen_that_answers_answers_once():
    """The guard is one class: every screen of the app that answers with `dismiss` is one."""
    answering = [screen for screen in _subclasses(Screen)  # every module of tui/ imported above
                 if screen.__module__.startswith("tui.") and "dismiss(" in inspect.getsource(screen)]
    assert len(answering) >= 9
    assert [screen.__name__ for screen in answering if not issubclass(screen, AnswersOnce)] == []


def _subclasses(kind: type) -> list[type]:
    found = []
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found

