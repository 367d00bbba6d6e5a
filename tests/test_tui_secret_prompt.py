"""A secret question says what it asks (issue 47, 4 and 9: "prompts ... from the variant or the
question"): the person asked to choose in secret read only "Red must answer" in the status bar
and an empty prompt. The prompt is made from the question: what is chosen (a number from LOW to
HIGH, the words offered, a card of the pile it is chosen from) and that it is revealed only when
everyone has chosen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game import state_of
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
    assert prompt_of(bids) == "Choose in secret: a number from 0 to 6 (all revealed together)"
    for _ in range(3):
        bids.apply(bids.game.legal_actions()[0])
    assert prompt_of(bids) == "Choose in secret: rock, paper or scissors (all revealed together)"
    cards = session_of(tmp_path, "cards", SEALED_CARDS)
    assert prompt_of(cards) == "Choose in secret: a card of your hand (all revealed together)"


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


def for_sale_bid(tmp_path) -> Session:
    """For Sale's first auction, Red about to say how much it bids (tests/data/for-sale.yaml)."""
    path = Path(__file__).parent / "data" / "for-sale.yaml"
    variant = load_variant(path)
    session = Session(GameRecord(variant, str(path), 3, 2, [Seat(seat.name, None) for seat in variant.seats[:3]]))
    session.viewer = session.game.current_player
    return session


def test_a_number_question_the_variant_words_is_asked_in_its_words_in_the_window_box(tmp_path):
    """Issue 47, 9: "prompts ... from the variant or the question, never another game's nouns".
    For Sale asks "{P}: how many coins do you bid?" in its auction; the box showed the engine's
    "Choose a number (Tent)" instead, Tent being the cheapest property the program had named
    for the pass, not what is bid for."""
    from tui.deals import box_for

    session = for_sale_bid(tmp_path)
    view = session.view()
    box = box_for(view)
    assert box is not None
    asked, passing = box.title.plain.split(" A pass takes ")  # one question since `, or pass:` (pilewords)
    assert asked == "Red: how many coins do you bid?" and passing.endswith("and 0 back (from 1 to 18)"), box.title.plain
    game = state_of(session.game)
    market = [game.texts.card_name(code) for code in game.piles[game.layout.slot("market")]]
    assert not any(name in asked for name in market)  # the cheapest is named as what a pass takes, only


def test_a_card_offered_as_an_option_shows_its_value_where_its_name_does_not(tmp_path):
    """Issue 47, 9: "Card values never show". For Sale's properties are chosen by value in
    secret: the options read 'Choose Igloo · 3', not 'Choose Igloo'."""
    from tui.widgets import action_label

    session = session_of(tmp_path, "cards", SEALED_CARDS)
    session.viewer = 0
    view = session.view()
    labels = [action_label(view, action, i).plain for i, action in enumerate(view.actions)]
    assert [label.split(" ", 1)[1] for label in labels] == ["Choose One · 1", "Choose Two · 2", "Choose Three · 3"]
