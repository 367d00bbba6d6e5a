"""The auction as the person bidding sees it (issue 46, 6): the box says each bid and who
holds the high bid, the least bid is not put in the mouth of the turn's player, and any
raise of the least or more is typed in the amount box. Monopoly Builder's rules: "Bidding
will start at 10M. There is no turn order for the auction. Players can raise the bid in any
order. You must raise the bid by at least 5M though. When no other players want to raise the
bid, the player that bid the most wins the auction." (shared/rules/monopoly-builder-2021.txt)"""

from __future__ import annotations

import asyncio

import pytest

from test_tui_deals import bidding, bids_of_the_person, box_is, builder, focused_on, seek
from tui.deals import box_for
from tui.session import Session, View
from tui_helpers import wait_for

pytest.importorskip("textual")

from tui.app import BoardwalkApp  # noqa: E402


def _window_start(session: Session) -> int:
    return max(i for i, event in enumerate(session.events) if event.kind == "window")


def _money_chosen(session: Session) -> list[tuple[int, int]]:
    """The amounts chosen in the window open now, by whom, in order."""
    return [(e.data["player"], e.data["value"]) for e in session.events[_window_start(session):]
            if e.kind == "choose" and e.data["what"] == "money"]


def after_a_bid(session: Session, view: View) -> bool:
    """The person is asked for a bid in an auction in which someone has bid already."""
    return bidding(session, view) and bool(_money_chosen(session))


def test_the_auction_box_says_each_bid_and_who_holds_the_high_bid():
    """"Players can raise the bid in any order ... the player that bid the most wins the
    auction": the box's history says each bid ('Purple bids 15M'), as the log does, not the
    money set aside and given back ('Purple has 775M in cash'), and a line says who holds the
    high bid and how much it is (issue 46, 6: each bid had to be worked out by subtraction)."""
    session, view = seek(builder, after_a_bid)
    names = [seat.name for seat in session.shown.seats]
    box = box_for(view)
    assert box is not None and box.kind == "amount"
    lines = [line.plain for line in box.said]
    chosen = _money_chosen(session)
    for player, amount in chosen:
        assert f"{names[player]} bids {amount}M" in lines, lines
    holder, amount = chosen[-1]
    assert f" {names[holder]} holds the high bid: {amount}M" in lines, lines
    cash_lines = [line for line in lines if line.endswith("in cash")]
    assert cash_lines == [f" {names[view.viewer]} has {view.counters['cash'][view.viewer]}M in cash"], lines


def test_the_least_bid_is_not_said_as_if_the_turns_player_asked_for_it():
    """The least bid is a counter of the game, drawn after the name of the player whose turn
    it is: "Red asks for a bid of at least 25M" named Red as if Red had asked (issue 46, 6).
    Red put the deed up for auction; the least bid is the game's."""
    def a_bots_auction(session: Session, view: View) -> bool:
        return bidding(session, view) and view.turn_player != view.viewer

    session, view = seek(builder, a_bots_auction)
    box = box_for(view)
    assert box is not None
    lines = [line.plain for line in box.said]
    assert not any("asks for a bid" in line for line in lines), lines
    turn = session.shown.seats[view.turn_player].name
    assert f" {turn} has put a deed up for auction: the least bid is {view.numbers.low}M" in lines, lines


def test_any_raise_of_5m_or_more_is_typed_in_the_amount_box_beside_the_quick_amounts():
    """"You must raise the bid by at least 5M though": over a standing 10M, 30M is a bid,
    though no quick amount offers it (15M, and 10M, 50M and 100M over the bid standing: 20M,
    60M, 110M): typed in the box, Enter bids it."""
    def over_10m(session: Session, view: View) -> bool:
        return after_a_bid(session, view) and _money_chosen(session)[-1][1] == 10

    session, view = seek(builder, over_10m)
    assert view.numbers.low == 15 and 30 not in [a.arg for a in view.actions]

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "amount") and focused_on(app, "deal-amount"))
            start = len(session.events)
            await pilot.press("3", "0", "enter")
            await wait_for(pilot, lambda: bids_of_the_person(session, start) == [30])

    asyncio.run(scenario())


def test_a_question_too_long_for_the_boxs_border_is_said_whole_inside_it():
    """The For Sale test game asks "Red: how many coins do you bid? A pass takes the Treehouse
    and 0 back (from 1 to 18)": at 80 columns the border cut it at "(fr…", and what a pass
    does was lost. The border keeps the question; the box says it whole, wrapped."""
    from pathlib import Path

    from textual.widgets import Static

    from engine import load_variant
    from tui.dealbox import DealBox

    game = str(Path(__file__).parent / "data" / "for-sale.yaml")
    session = Session.start(load_variant(game), game, [None, "random", "random"], 3)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(app.screen.query("#deal-question")))
            box = app.screen.query_one(DealBox)
            whole = str(app.screen.query_one("#deal-question", Static).render())
            asked = box.box.title.plain
            assert "A pass takes" in asked and " ".join(whole.split()) == asked, (whole, asked)
            border = str(box.border_title)
            assert "how many coins do you bid?" in border and "A pass" not in border, border

    asyncio.run(scenario())
