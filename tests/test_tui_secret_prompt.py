"""A secret question says what it asks (issue 47, 4 and 9: "prompts ... from the variant or the
question"): the person asked to choose in secret read only "Red must answer" in the status bar
and an empty prompt. The prompt is made from the question: what is chosen (a number from LOW to
HIGH, the words offered, a card of the pile it is chosen from) and that it is revealed only when
everyone has chosen."""

from __future__ import annotations

import asyncio

import pytest

from engine import load_variant
from engine.savefile import GameRecord, Seat
from test_secret_choice import SEALED_BIDS, SEALED_CARDS
from tui.session import Session
from tui_helpers import wait_for

pytest.importorskip("textual")

from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.widgets import decision_prompt  # noqa: E402


def session_of(tmp_path, name: str, text: str, bots: bool = False) -> Session:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    variant = load_variant(path)
    seats = [Seat(seat.name, "random" if bots and i else None) for i, seat in enumerate(variant.seats[:3])]
    return Session(GameRecord(variant, str(path), 3, 1, seats))


def prompt_of(session: Session) -> str:
    session.viewer = session.game.current_player
    return decision_prompt(session.view())


def test_a_secret_number_word_and_card_each_say_what_is_chosen_and_when_it_is_revealed(tmp_path):
    bids = session_of(tmp_path, "bids", SEALED_BIDS)
    assert prompt_of(bids) == "Choose in secret: a number from 0 to 6 (revealed when everyone has chosen)"
    for _ in range(3):
        bids.apply(bids.game.legal_actions()[0])
    assert prompt_of(bids) == "Choose in secret: rock, paper or scissors (revealed when everyone has chosen)"
    cards = session_of(tmp_path, "cards", SEALED_CARDS)
    assert prompt_of(cards) == "Choose in secret: a card of your hand (revealed when everyone has chosen)"


def test_the_secret_prompt_shows_on_the_game_screen_at_80x24(tmp_path):
    session = session_of(tmp_path, "cards", SEALED_CARDS, bots=True)
    seen: list[str] = []

    async def scenario() -> None:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and bool(session.view().actions))
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            seen.append("\n".join("".join(segment.text for segment in strip) for strip in strips))

    asyncio.run(scenario())
    assert "Choose in secret: a card of your hand" in seen[0], seen[0]
