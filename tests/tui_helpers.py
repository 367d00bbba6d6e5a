"""Helpers for the terminal UI's pilot tests: finding seeds that give short games or a wanted
moment (found by playing the same game headless, so a rule change never strands a test on a
stale seed), and driving the app with key presses until something happens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import cache

from engine import load_variant
from tui.session import Session


@cache
def variant(name: str = "winning-moves-2016"):
    return load_variant(name)


def headless(seats: tuple[str | None, ...], seed: int, stop: Callable[[Session], bool] | None = None, limit: int = 400,
             name: str = "winning-moves-2016") -> Session:
    """The game the pilot tests play, without the UI: people take the first option shown
    (what pressing 1 or Enter does), bots choose as in the app. Stops when `stop` holds.
    A person's only answer is given at once, as the app does, before anything is looked at;
    then a notice is seen, as Enter on it does, before the next action: so a pending notice
    is the one the app would show now, not a pile of every one since the start."""
    session = Session.start(variant(name), name, list(seats), seed)
    for _ in range(limit):
        if session.game.is_over:
            break
        answer = session.automatic_answer()
        if answer is not None:
            session.apply(answer)
            continue
        if stop is not None and stop(session):
            break
        while session.take_notice() is not None:
            pass
        player = session.deciding
        if session.is_bot(player):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
        else:
            shown = session.view().actions  # the first as the screen lists them (sorted by value);
            session.apply(shown[0] if shown else session.game.legal_actions()[0])  # none before a hand-over
    return session


@cache
def short_game_seed(seats: tuple[str | None, ...], candidates: int = 12) -> int:
    """Among the first seeds, the one whose game needs the fewest actions."""
    lengths = {}
    for seed in range(candidates):
        session = headless(seats, seed)
        if session.game.is_over:
            lengths[seed] = len(session.record.actions)
    return min(lengths, key=lengths.get)


def person_must_react(session: Session) -> bool:
    return session.game.decision == "react" and not session.is_bot(session.deciding)


@cache
def reaction_seed(seats: tuple[str | None, ...], holds_answer: bool, candidates: int = 300) -> int:
    """A seed where a bot's card soon asks the person to answer, holding an answer or not."""
    for seed in range(candidates):
        session = headless(seats, seed, stop=person_must_react, limit=150)
        if person_must_react(session):
            answers = [a for a in session.game.legal_actions() if a.kind == "react"]
            if bool(answers) == holds_answer:
                return seed
    raise AssertionError("no seed among the candidates gives the wanted reaction")


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Let the app run (bots think in threads) until the condition holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting; screen is {type(pilot.app.screen).__name__}")
        await pilot.pause(0.01)


def shown_at(session: Session, look, size: tuple[int, int] = (80, 24), asked: bool = True) -> dict:
    """Open `session` in the app at `size` (80x24, the screens' smallest), wait until the
    person is asked (with `asked`; else until the game screen shows), and return what
    `look(app, pilot)` read then."""
    from tui.app import BoardwalkApp  # textual: only for the tests that drive the app
    from tui.screens.game import GameScreen

    seen: dict = {}

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and (bool(session.view().actions) or not asked))
            await pilot.pause()
            seen.update(await look(app, pilot))

    asyncio.run(scenario())
    return seen


def many_options(name: str = "winning-moves-2016", at_least: int = 14, candidates: int = 50) -> Session:
    """A game against a bot, played on until the person must choose among many properties
    (a Hurricane, a Contract…): the person plays every card they can, else the first action."""
    for seed in range(candidates):
        session = Session.start(variant(name), name, [None, "greedy"], seed)
        for _ in range(600):
            if session.game.is_over:
                break
            if session.is_bot(session.deciding):
                bot, observation = session.bot_observation()
                session.apply(bot.choose(observation))
                continue
            actions = session.game.legal_actions()
            if session.game.decision == "choose" and len(actions) >= at_least:
                return session
            plays = [a for a in actions if a.kind == "play"]
            session.apply(plays[0] if plays else actions[0])
    raise AssertionError("no seed among the candidates asks the person to choose among that many")
