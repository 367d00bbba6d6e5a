"""The dialog boxes of offers and open windows (issue 28: "Auctions and deals are dialogs that
can be worked by keyboard and mouse. A human can make an offer, answer one and bid."): the
boxes as data (tui/deals.py) tested directly, then worked through the real app by keys
alone and by clicks alone, against bots and between two people at one keyboard, in
Monopoly Builder and in the small test game tests/data/every-new-word.yaml (an auction on
every vacant space a token lands on, a round of offers at every turn's end)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import load_variant
from engine.core.number_options import NumberOptions
from engine.game.messages import Action
from tui.session import PUBLIC, Session, View
from tui_helpers import variant, wait_for

pytest.importorskip("textual")

from textual.widgets import Static  # noqa: E402

from engine.game.game import state_of
from tui.app import BoardwalkApp  # noqa: E402
from tui.deals import BUTTONS, Box, Control, box_for, neighbour  # noqa: E402
from tui.screens.dialogs import HandOverScreen, HelpScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.widgets import ActionList, property_name  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the whole app driven headless through offers and auctions
pytestmark = pytest.mark.slow

BUILDER = "monopoly-builder"
TEST_GAME = Path(__file__).parent / "data" / "every-new-word.yaml"


def run(coroutine):
    return asyncio.run(coroutine)


def builder(seed: int = 5) -> Session:
    return Session.start(variant(BUILDER), BUILDER, [None, "greedy", "greedy"], seed)


def small_game(seats: list[str | None], seed: int) -> Session:
    return Session.start(load_variant(TEST_GAME), str(TEST_GAME), seats, seed)


def play_until(session: Session, stop: Callable[[Session, View], bool], choose: Callable[[View], object],
               limit: int = 400) -> View:
    """Play headless until `stop` holds for a person's decision: bots as in the app, people by
    `choose` (each person seen from their own seat, as after a hand-over). Returns the view."""
    assert not session.game.is_over, "the game ended first"
    view = play_to(session, stop, choose, limit)
    assert not session.game.is_over, "the game ended first"
    assert view is not None, "never got there"
    return view


def play_to(session: Session, stop: Callable[[Session, View], bool], choose: Callable[[View], object],
            limit: int = 400) -> View | None:
    """As play_until, but None when the game ends or `limit` actions pass first."""
    for _ in range(limit):
        if session.game.is_over:
            return None
        answer = session.automatic_answer()
        if answer is not None:
            session.apply(answer)
            continue
        if session.is_bot(session.deciding):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
            continue
        session.viewer = session.deciding
        view = session.view()
        if stop(session, view):
            if len(session.humans) > 1:
                session.viewer = PUBLIC  # the app hands the seat over, as at any turn
            return view
        session.apply(choose(view))
    return None


def seek(start: Callable[[int], Session], stop: Callable[[Session, View], bool],
         seeds: range = range(5, 45)) -> tuple[Session, View]:
    """The game of the first of `seeds` that, played headless by `quietly` people, comes to a
    person's decision where `stop` holds, and the view there: a test needs a moment of the
    game (an offer to make, a partner holding a deed, a bid already made), not one seed's
    story, which any change to the variant retells."""
    for seed in seeds:
        session = start(seed)
        view = play_to(session, stop, quietly)
        if view is not None:
            return session, view
    raise AssertionError(f"no seed of {seeds} comes to the moment wanted")


def quietly(view: View):
    """A person who passes in every window, withdraws every offer, auctions every deed and
    else takes the first option."""
    for word in ("pass", "withdraw", "auction"):
        found = next((a for a in view.actions if str(a.arg) == word), None)
        if found is not None:
            return found
    return view.actions[0]


def asked(name: str) -> Callable[[Session, View], bool]:
    """A person is asked a question with this option."""
    return lambda session, view: any(str(a.arg) == name for a in view.actions)


def box_of(app) -> Box | None:
    screen = app.screen
    return screen.box if isinstance(screen, GameScreen) and screen.box_shown else None


def box_is(app, kind: str) -> bool:
    """A box of that kind is on screen, drawn (its first button has its place)."""
    box = box_of(app)
    if box is None or box.kind != kind:
        return False
    drawn = [button for button in app.screen.query(f"#{box.focus}") if button.region.area > 0]
    return bool(drawn) and app.screen.query_one("#deal").region.area > 0


def said(app) -> str:
    return app.screen.query_one("#deal-said-text", Static).content.plain


def events_since(session: Session, start: int, kind: str) -> list[dict]:
    return [e.data for e in session.events[start:] if e.kind == kind]


async def answered(pilot, session: Session, act) -> dict:
    """The answer to an offer that `act` (a press or a click, not yet awaited) gives."""
    start = len(session.events)
    await act
    await wait_for(pilot, lambda: bool(events_since(session, start, "trade_answer")))
    return events_since(session, start, "trade_answer")[0]


# ----- the boxes as data ---------------------------------------------------------------------


def test_every_control_of_the_offer_box_sends_a_legal_action_of_now_or_is_disabled():
    session = builder()
    view = play_until(session, lambda s, v: v.decision == "trade", lambda v: next(
        (a for a in v.actions if str(a.arg) in ("make an offer",) or a.what == "player"), v.actions[0]))
    box = box_for(view)
    assert box is not None and box.kind == "offer"
    game = session.game
    partner = game.question.trade.partner  # whom the person chose
    assert box.title.plain == f" Red  offers  {game.variant.seats[partner].name} "
    legal = {(a.kind, a.arg) for a in view.actions}
    controls = box.controls()
    assert all((c.action.kind, c.action.arg) in legal for c in controls if c.action is not None)
    # every step, toggle, Propose and Withdraw the engine offers has its control
    assert {(c.action.kind, c.action.arg) for c in controls if c.action is not None} == legal
    enabled = {c.id for c in controls if c.action is not None}
    assert "deal-give-cash-plus-10" in enabled and "deal-give-cash-minus-10" not in enabled  # nothing given yet
    assert "deal-propose" not in enabled and "deal-withdraw" in enabled  # an empty offer is not proposed
    rows = [row.label.plain for row in box.columns[0].rows]
    assert rows[0] == f"cash 0M of {view.counters['cash'][0]}M"  # the variant's counter and money format, the amount held
    asked_for = [c.label.plain for row in box.columns[1].rows for c in row.controls if "card" in c.id]
    state = state_of(game)
    deeds = [game.variant.cards[state.kind_of(code)].name for code in state.pile_of("deeds", partner)]
    assert asked_for == [f"☐ {name}" for name in deeds]  # the deeds the partner bought, by name, none in the offer yet
    if deeds:
        assert "title deeds" in [row.label.plain for row in box.columns[1].rows if not row.controls]  # its pile's name


def test_the_boxes_name_the_counters_of_an_offer_as_the_variant_does_one_and_more():
    """Monopoly Builder's resources have names (`name: dump truck`): the offer's rows, its
    words and the answer's lines say '2 dump trucks', '1 crane', never the counters' ids."""
    def two_trucks_to_give(session: Session, view: View) -> bool:
        return asked("make an offer")(session, view) and view.counters["truck"][view.viewer] >= 2

    session, view = seek(lambda seed: Session.start(variant(BUILDER), BUILDER, [None, None], seed), two_trucks_to_give)
    me = session.viewer = view.viewer
    partner = 1 - me
    names = [seat.name for seat in session.shown.seats]
    session.apply(next(a for a in view.actions if str(a.arg) == "make an offer"))
    for arg in ("give truck 1", "give truck 2"):
        session.apply(next(a for a in session.game.legal_actions() if a.arg == arg))
    box = box_for(session.view())
    assert box is not None and box.kind == "offer"
    rows = [row.label.plain for row in box.columns[0].rows]
    assert f"dump trucks 2 of {view.counters['truck'][me]}" in rows
    assert box.said[0].plain == f"{names[me]} offers {names[partner]} 2 dump trucks for nothing"
    session.apply(next(a for a in session.game.legal_actions() if a.arg == "propose"))
    session.viewer = partner
    answer = box_for(session.view())
    assert answer is not None and answer.kind == "answer"
    assert [line.plain for line in answer.said] == ["You get:  2 dump trucks", "You give: nothing"]


def test_the_arrows_move_along_a_row_across_the_columns_and_down_to_the_buttons():
    def control(id_: str, place: tuple[int, int, int], enabled: bool = True) -> Control:
        from rich.text import Text

        from engine.game.messages import Action

        return Control(id_, Text(id_), Action("trade", id_) if enabled else None, place)

    controls = [
        control("a0", (0, 0, 0), enabled=False), control("a1", (0, 0, 1)), control("a2", (0, 0, 2)),
        control("b0", (0, 1, 0)), control("c0", (1, 0, 0)), control("c1", (1, 2, 0)),
        control("p", (0, BUTTONS, 0)), control("w", (0, BUTTONS, 1)),
    ]
    assert neighbour(controls, "a1", "left") is None  # a0 is disabled
    assert neighbour(controls, "a1", "right") == "a2"
    assert neighbour(controls, "a2", "right") == "c0"  # on to the other column
    assert neighbour(controls, "c0", "left") == "a2"  # the nearest of the row, from the right
    assert neighbour(controls, "a2", "down") == "b0"
    assert neighbour(controls, "b0", "down") in ("p", "w")  # the buttons are below every column
    assert neighbour(controls, "c1", "down") == "p"
    assert neighbour(controls, "w", "left") == "p"
    assert neighbour(controls, "p", "up") == "c1"  # the nearest row above, whichever column


def test_a_box_is_only_for_the_person_asked_and_shows_the_windows_words():
    session = small_game([None, None], 1)
    play_until(session, asked("bid"), quietly)
    assert box_for(session.view()) is None  # between two people: nobody's view until the hand-over
    session.viewer = session.deciding
    view = session.view()
    box = box_for(view)
    assert box is not None and box.kind == "window"
    space = property_name(view, view.variant.loop[view.positions[view.turn_player]])
    assert box.title.plain == f"Bid or pass? ({space})"  # the variant's own words, and what the bid is for
    # and where one passes, sitting out the rest of the round (issue 46, 14)
    assert [c.label.plain for c in box.controls()] == ["1 Bid", "2 Pass", "Sit out this round [o]", "Sit out until my turn [m]"]
    session.viewer = 1 - session.deciding
    assert box_for(session.view()) is None  # the other person is not asked


# ----- an offer, put together by keys and by clicks ---------------------------------------------


def test_an_offer_is_put_together_by_keys_alone_and_proposed_and_the_bot_answers():
    session, view = seek(builder, asked("make an offer"))
    game = session.game
    me = view.viewer
    names = [seat.name for seat in game.variant.seats]
    held = view.counters["cash"][me]
    make = [str(a.arg) for a in view.actions].index("make an offer")

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "window"))
            assert box_of(app).title.plain == "Pass or make an offer?"
            await pilot.press(view.keys[make])  # 'make an offer', by its key as in the list
            await wait_for(pilot, lambda: box_is(app, "window") and box_of(app).title.plain == "Make an offer to whom?")
            first = session.view().actions[0].arg
            await pilot.press("1")
            await wait_for(pilot, lambda: box_is(app, "offer"))
            partner = game.question.trade.partner
            assert partner == first  # the player of the first option
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "deal-give-cash-plus-1")
            await pilot.press("right", "enter", "enter")  # +10 twice
            assert app.focused.id == "deal-give-cash-plus-10"
            await pilot.press("down")  # the next row of the same column, the nearest button
            below = box_of(app).control(app.focused.id)
            assert below is not None and below.place[0] == 0 and 0 < below.place[1] < BUTTONS
            for _ in range(8):  # across to what is asked for: along the row, then to the next column
                if app.focused.id.startswith("deal-ask-"):
                    break
                before = app.focused.id
                await pilot.press("right")
                assert app.focused.id != before
            assert app.focused.id.startswith("deal-ask-")
            assert session.view().offer.give == {"cash": 20}
            # what the offer gives, in the box's words and the engine's
            assert f"cash 20M of {held}M" in app.screen.query_one("#deal-label-0-0", Static).content.plain
            assert said(app).startswith(f"{names[me]} offers {names[partner]} 20M for nothing")
            start = len(session.events)
            await pilot.press("p")
            await wait_for(pilot, lambda: bool(events_since(session, start, "trade_answer")))
            offer, = events_since(session, start, "trade_offer")
            assert offer["give"] == {"cash": 20} and offer["player"] == me and offer["to"] == partner
            answer, = events_since(session, start, "trade_answer")
            assert answer["player"] == partner  # the bot answered, by its own judgement

    run(scenario())


def test_an_offer_is_put_together_by_clicks_a_card_toggled_in_and_out():
    def deeds_to_ask_for(session: Session, view: View) -> bool:
        """Asked to make an offer, with 100 to give, and another player holds a deed."""
        others = [p for p in range(len(view.seats)) if p != view.viewer]
        return asked("make an offer")(session, view) and view.counters["cash"][view.viewer] >= 100 and \
            any(state_of(session.game).pile_of("deeds", p) for p in others)

    session, view = seek(builder, deeds_to_ask_for)
    game = session.game
    me = view.viewer
    names = [seat.name for seat in game.variant.seats]
    make = [str(a.arg) for a in view.actions].index("make an offer")

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "window"))
            await pilot.click(f"#deal-option-{make}")  # make an offer
            await wait_for(pilot, lambda: box_is(app, "window") and box_of(app).title.plain == "Make an offer to whom?")
            players = [a.arg for a in session.view().actions]
            chosen = next(i for i, player in enumerate(players) if state_of(game).pile_of("deeds", player))
            await pilot.click(f"#deal-option-{chosen}")  # a player who holds a deed
            await wait_for(pilot, lambda: box_is(app, "offer"))
            partner = game.question.trade.partner
            assert partner == players[chosen]
            assert app.screen.query_one("#board").display  # at 160x50 the board stays in sight
            code = state_of(game).pile_of("deeds", partner)[0]
            name = game.variant.cards[state_of(game).kind_of(code)].name
            card = box_of(app).control(f"deal-ask-card-deeds-{code}")  # the partner's deed, by its name
            assert card is not None and card.action is not None and card.label.plain == f"☐ {name}"
            await pilot.click("#deal-give-cash-plus-100")
            await wait_for(pilot, lambda: session.view().offer.give == {"cash": 100})
            await pilot.click(f"#{card.id}")
            await wait_for(pilot, lambda: len(session.view().offer.ask_cards) == 1)
            assert session.view().offer.ask_cards == (f"deeds#{code}",)
            assert box_of(app).control(card.id).label.plain == f"☑ {name}"
            await pilot.click(f"#{card.id}")  # out again
            await wait_for(pilot, lambda: not session.view().offer.ask_cards)
            assert box_of(app).control(card.id).label.plain == f"☐ {name}"
            await pilot.click(f"#{card.id}")
            await wait_for(pilot, lambda: len(session.view().offer.ask_cards) == 1)
            await pilot.click("#deal-give-cash-minus-10")
            await wait_for(pilot, lambda: session.view().offer.give == {"cash": 90})
            assert said(app).startswith(f"{names[me]} offers {names[partner]} 90M for {name}")
            start = len(session.events)
            await pilot.click("#deal-propose")
            await wait_for(pilot, lambda: bool(events_since(session, start, "trade_answer")))
            offer, = events_since(session, start, "trade_offer")
            assert offer["give"] == {"cash": 90} and offer["ask_cards"] == [f"deeds#{code}"]
            assert offer["player"] == me and offer["to"] == partner

    run(scenario())


def test_esc_gives_the_plain_list_and_back_and_the_game_keys_work_over_the_box():
    session, view = seek(builder, asked("make an offer"))
    make = [str(a.arg) for a in view.actions].index("make an offer")

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "window"))
            await pilot.press(view.keys[make], "1")  # make an offer, to the first player
            await wait_for(pilot, lambda: box_is(app, "offer"))
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: box_is(app, "offer"))
            taken = len(session.record.actions)
            await pilot.press("1")  # the list's key, not on screen: nothing happens
            await pilot.pause()
            assert len(session.record.actions) == taken
            await pilot.press("escape")
            screen = app.screen
            await wait_for(pilot, lambda: not screen.box_shown)
            listed = screen.query_one(ActionList)
            assert listed.display and listed.has_focus and listed.option_count >= len(session.view().actions)
            assert "Esc: the box" in screen.query_one("#prompt", Static).content.plain
            await pilot.press("escape")
            await wait_for(pilot, lambda: box_is(app, "offer"))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not screen.box_shown)
            shown = session.view()
            at = [str(a.arg) for a in shown.actions].index("give cash 10")
            assert "Give 10M in all" in listed.get_option(f"a{at}").prompt.plain
            await pilot.press(shown.keys[at])  # the list's key of 'Give 10M in all'
            await wait_for(pilot, lambda: len(session.record.actions) > taken)
            assert session.view().offer.give == {"cash": 10}
            assert not screen.box_shown  # closed for the rest of this offer
            await pilot.press("u")  # undo works as ever: the step is taken back
            await wait_for(pilot, lambda: len(session.record.actions) == taken)
            assert session.view().offer.give == {}

    run(scenario())


# ----- an offer answered -----------------------------------------------------------------------


def test_two_people_offer_by_keys_accept_with_a_and_decline_with_a_click():
    session = small_game([None, None], 1)
    play_until(session, asked("make an offer"), quietly)
    first = session.deciding

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window"))
            await pilot.press("1")  # make an offer (to the only other player)
            await wait_for(pilot, lambda: box_is(app, "offer"))
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "deal-give-cash-plus-1")
            await pilot.press("enter", "p")  # 1 of cash, proposed
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert session.viewer == PUBLIC  # the offer's answer waits for its person
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "answer"))
            assert session.viewer == 1 - first
            assert said(app).splitlines() == ["You get:  $1M cash", "You give: nothing"]
            assert app.focused.id == "deal-decline"  # Enter by reflex keeps what you have
            assert (await answered(pilot, session, pilot.press("a")))["accepted"] is True
            # the round goes on: the other person offers, and the first declines by a click
            await wait_for(pilot, lambda: box_is(app, "window") and session.deciding == 1 - first)
            await pilot.press("1")
            await wait_for(pilot, lambda: box_is(app, "offer"))
            await pilot.click("#deal-ask-cash-plus-1")
            await wait_for(pilot, lambda: session.view().offer.ask == {"cash": 1})
            await pilot.click("#deal-propose")
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "answer"))
            assert (await answered(pilot, session, pilot.click("#deal-decline")))["accepted"] is False

    run(scenario())


def test_an_offer_a_bot_makes_to_the_person_is_declined_with_d():
    def cash_and_a_card_asked(session: Session, view: View) -> bool:
        """A bot's offer to the person asks for cash and a card (one side in words joined
        by commas), and for nothing but cash and cards (told as the test tells them below)."""
        frame = state_of(session.game).frames[-1]
        return view.decision == "reply" and set(frame.give) | set(frame.ask) <= {"cash"} and \
            bool(frame.ask.get("cash")) and bool(frame.ask_cards)

    session, view = seek(lambda seed: small_game([None, "random"], seed), cash_and_a_card_asked, range(0, 60))
    game = session.game
    frame = state_of(game).frames[-1]
    assert frame.partner == view.viewer == 0 and view.offer is not None and view.offer.partner == 0
    names = [seat.name for seat in game.variant.seats]

    def words(cash: dict[str, int], cards: list[str]) -> str:
        """One side of the offer in the variant's words: its money first, then its cards' names."""
        parts = [f"${cash['cash']}M cash"] if cash.get("cash") else []
        parts += [game.variant.cards[state_of(game).kind_of(int(key.partition("#")[2]))].name for key in cards]
        return ", ".join(parts) or "nothing"

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "answer"))
            box = box_of(app)
            assert box.title.plain == f" {names[frame.proposer]}  offers  {names[0]} "
            assert said(app).splitlines() == [f"You get:  {words(frame.give, frame.give_cards)}",
                                              f"You give: {words(frame.ask, frame.ask_cards)}"]
            assert ", " in said(app).splitlines()[1]  # cash and a card asked for
            assert (await answered(pilot, session, pilot.press("d")))["accepted"] is False

    run(scenario())


# ----- a window: bids, by key and by click, and what was said ---------------------------------


def test_an_auction_between_two_people_by_key_and_by_click_with_its_history():
    session = small_game([None, None], 1)
    first = session.deciding
    names = [seat.name for seat in session.shown.seats]

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window"))
            view = session.view()
            space = property_name(view, view.variant.loop[view.positions[view.turn_player]])
            assert box_of(app).title.plain == f"Bid or pass? ({space})"
            await pilot.press("1")  # bid, by key
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window"))
            assert session.viewer == 1 - first
            assert f"{names[first]}: bid" in said(app)  # what was said in the window, for the next bidder
            await pilot.click("#deal-option-0")  # bid, by click
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window") and session.viewer == first)
            history = said(app)
            assert f"{names[first]}: bid" in history and f"{names[1 - first]}: bid" in history
            assert history.index(f"{names[first]}: bid") < history.index(f"{names[1 - first]}: bid")

    run(scenario())


def bidding(session: Session, view: View) -> bool:
    """The person is asked for a bid in an auction (a number question, any amount)."""
    return view.window is not None and view.numbers is not None


def test_a_person_bids_in_a_monopoly_builder_auction_against_the_bots():
    """Issue 44: "In the terminal, type an amount, with quick keys for common raises": the box
    asks for an amount, its field filled with the least bid; Enter takes it."""
    session = builder()
    play_until(session, bidding, quietly)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "amount") and focused_on(app, "deal-amount"))
            labels = [c.label.plain for c in box_of(app).controls()]
            assert labels[-2:] == ["Pass [p]", "Sit out [o]"] and labels[0].endswith(" least")
            assert "Red has" in said(app)  # the person's money, in the counter's own words
            start = len(session.events)
            least = session.view().numbers.low
            await bid_until_asked_again(pilot, app, session)
            assert f"Red bids {least}M" in said(app)  # told in the window's history, in the game's money
            await pilot.click("#deal-option-4")  # Pass, by click
            await wait_for(pilot, lambda: any(e["player"] == 0 for e in events_since(session, start, "pass")))
            assert [e["value"] for e in events_since(session, start, "choose") if e["player"] == 0] == [least]

    run(scenario())


def test_the_quick_amounts_raise_the_standing_bid_not_the_least():
    """Issue 47, wave 2, 5: Builder's amount box read "410M least 420M +10M 460M +50M": the
    quick raises were counted from the least bid, itself already a raise over the high bid.
    A bidder's "+10M" is 10M over the bid standing: each quick amount is the least, or the
    high bid raised by 10, 50 or 100 (those at or above the least), labelled by that raise."""
    def outbidding(session: Session, view: View) -> bool:
        return bidding(session, view) and view.high_bid is not None

    session, view = seek(builder, outbidding)
    bid = view.high_bid[1]
    low, high = view.numbers.low, view.numbers.high
    assert low > bid
    amounts = [a.arg for a in view.actions if a.what == "money"]
    assert amounts == sorted({low} | {bid + r for r in (10, 50, 100) if low <= bid + r <= high})
    box = box_for(view)
    labels = [c.label.plain for c in box.buttons if c.action is not None and c.action.what == "money"]
    for amount, label in zip(amounts, labels, strict=True):
        assert label == (f"{amount}M least" if amount == low else f"{amount}M +{amount - bid}M"), labels


async def bid_until_asked_again(pilot, app, session: Session) -> None:
    """Press Enter (the least bid, the field's first amount) and wait until the box asks again,
    acknowledging what the person may be told first when outbid (a notice of what it cost
    them)."""
    start = len(session.events)
    await pilot.press("enter")
    for _ in range(3):
        await wait_for(pilot, lambda: app.screen.notice is not None or (
            box_is(app, "amount") and len(session.events) > start + 2))
        if app.screen.notice is None:
            break
        await pilot.press("enter")


@contextlib.asynccontextmanager
async def asked_for_a_bid():
    """Builder at 80x24, played on to the person's bid in an auction, the amount box drawn
    with its field focused: the session, the app, its pilot and the least and most bids."""
    session = builder()
    view = play_until(session, bidding, quietly)
    app = BoardwalkApp(session, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: box_is(app, "amount") and focused_on(app, "deal-amount"))
        yield session, app, pilot, view.numbers.low, view.numbers.high


def field(app) -> str:
    return app.screen.query_one("#deal-amount").value


def problem(app) -> str:
    return app.screen.query_one("#deal-amount-problem", Static).content.plain


def bids_of_the_person(session: Session, start: int) -> list:
    return [e["value"] for e in events_since(session, start, "choose") if e["player"] == 0]


def test_an_amount_typed_is_read_as_the_game_writes_amounts_and_a_bad_one_is_told_visibly():
    """The field takes '40', '40M' or '1,040' (the variant's money written around the number);
    anything else is a sentence saying what to type, with what was typed made visible."""
    from tui.deals import Amount, stepped_amount, typed_amount

    numbers = NumberOptions(15, 2000, lambda n: Action("choose", n, "money"))
    amount = Amount(numbers, "{}M")
    assert [typed_amount(amount, text).arg for text in ("40", " 40M ", "40m", "1,040")] == [40, 40, 40, 1040]
    assert typed_amount(amount, "14") == "14M is less than the least, 15M."
    assert typed_amount(amount, "2001") == "2001M is more than the most, 2000M."
    assert typed_amount(amount, "1" * 20) == f"{'1' * 20}... is more than the most, 2000M."  # no 'not a whole number'
    assert typed_amount(amount, "") == "Type an amount from 15M to 2000M."
    said = typed_amount(amount, "[b]4\u202e")
    assert isinstance(said, str) and "\u202e" not in said and said.endswith("type one from 15M to 2000M.")
    assert stepped_amount(amount, "1995", 10) == 2000 and stepped_amount(amount, "x", -10) == 15


def test_a_person_types_any_amount_as_a_bid():
    """"A person must be able to bid any amount they can pay, at least 5M over the standing
    bid": typed over the least (the field's text is all chosen when it opens), Enter bids it."""
    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            amount = least + 23  # none of the quick amounts
            start = len(session.events)
            await pilot.press(*str(amount))
            assert field(app) == str(amount)
            await pilot.press("enter")
            await wait_for(pilot, lambda: bids_of_the_person(session, start) == [amount])
            assert f"Red bids {amount}M" in [session.describe(e) for e in session.events[start:]]

    run(scenario())


def test_a_person_passes_an_auction_till_it_ends_with_one_key():
    """Issue 46, 14 (pacing): in an auction a person is asked again at every raise ("players
    can raise the bid in any order"); "Sit out [o]" passes now and each time the
    auction comes back to them, told, and the next auction asks them again."""
    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            window = session._windows[-1]
            start = len(session.events)
            control = box_of(app).control("deal-sit-out")
            assert control is not None and control.label.plain == "Sit out [o]"
            await pilot.press("o")
            await wait_for(pilot, lambda: not session._windows or session._windows[-1] is not window
                           or session.deciding != 0)
            await wait_for(pilot, lambda: not any(w is window for w in session._windows))
            passes = [e for e in events_since(session, start, "pass") if e["player"] == 0]
            assert passes and bids_of_the_person(session, start) == []  # passed for at each raise, never asked

    run(scenario())


def test_an_amount_out_of_range_or_not_a_number_is_refused_with_a_message():
    """The field takes a whole number from the least to the most: anything else is refused in
    the box, in words, and nothing is bid."""
    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            start = len(session.events)
            cases = [(str(least - 1), f"{least - 1}M is less than the least, {least}M."),
                     (str(most + 1), f"{most + 1}M is more than the most, {most}M."),
                     ("", f"Type an amount from {least}M to {most}M.")]
            for typed, message in cases:
                app.screen.query_one("#deal-amount").value = ""
                await pilot.press(*typed, "enter")
                await wait_for(pilot, lambda message=message: problem(app) == message)
                assert bids_of_the_person(session, start) == [] and box_is(app, "amount")
            await pilot.press("-", "5", "enter")  # a minus is typed too: a whole number, below the least
            await wait_for(pilot, lambda: problem(app) == f"-5M is less than the least, {least}M.")
            assert bids_of_the_person(session, start) == []

    run(scenario())


def test_the_quick_amounts_and_the_arrows_raise_the_bid():
    """The quick amounts: ↑ raises the field by 10 (↓ lowers it, never below the least), and a
    button bids the least, or 10, 50 or 100 over the bid standing, at once."""
    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            start = len(session.events)
            await pilot.press("down")
            assert field(app) == str(least)  # never below the least
            await pilot.press("up", "up")
            assert field(app) == str(least + 20)
            await pilot.press("enter")
            await wait_for(pilot, lambda: bids_of_the_person(session, start) == [least + 20])
            for _ in range(3):  # outbid by a bot, or told what it cost: the box asks again
                await wait_for(pilot, lambda: app.screen.notice is not None or box_is(app, "amount"))
                if app.screen.notice is None:
                    break
                await pilot.press("enter")
            view = session.view()
            bid = view.high_bid[1]  # outbid: the quick raises count from the bid standing
            fifty = next(i for i, a in enumerate(view.actions) if a.arg == bid + 50)
            await pilot.click(f"#deal-option-{fifty}")  # +50, by click
            await wait_for(pilot, lambda: bids_of_the_person(session, start)[-1:] == [bid + 50])

    run(scenario())


def test_the_person_passes_with_p_and_the_plain_list_offers_the_quick_amounts_by_key():
    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            await pilot.press("escape")  # the plain list: the quick amounts at 1 to 4, the pass at p
            await wait_for(pilot, lambda: not app.screen.box_shown)
            listed = [str(app.screen.query_one(ActionList).get_option_at_index(i).prompt) for i in range(5)]
            assert listed == [f"1 {least}M (least)", f"2 {least + 10}M (+10M)", f"3 {least + 50}M (+50M)",
                              f"4 {least + 100}M (+100M)", "p Pass"]
            await pilot.press("t")  # and the box again, to type the amount
            await wait_for(pilot, lambda: box_is(app, "amount") and focused_on(app, "deal-amount"))
            start = len(session.events)
            await pilot.press("p")
            await wait_for(pilot, lambda: any(e["player"] == 0 for e in events_since(session, start, "pass")))
            assert bids_of_the_person(session, start) == []

    run(scenario())


def bidding_on(session: Session, view: View):
    """The deed up for auction: the space the token of the player whose turn it is stands on
    (the auction's `here`), as the variant's data has it, with its zone."""
    shown = session.shown
    deed = shown.properties[shown.loop[view.positions[view.turn_player]]]
    return deed, next(z for z in shown.zones if z.id == deed.zone)


def test_the_auction_box_names_the_deed_it_is_for_with_its_colour_and_price():
    """A bidder can tell what they bid on, in a bot's turn too: the box names the space the
    window's question is about (the observation's "question"), by the variant's name for it,
    in its title and at the head of its history, with its zone and value."""
    def a_bots_deed(session: Session, view: View) -> bool:
        return bidding(session, view) and view.turn_player != view.viewer

    session, view = seek(builder, a_bots_deed)
    deed, zone = bidding_on(session, view)
    box = box_for(view)
    assert box is not None and box.kind == "amount"
    numbers = view.numbers
    assert box.title.plain == f"Choose an amount from {numbers.low}M to {numbers.high}M, or pass ({deed.name})"
    assert box.said[0].plain == f" {deed.name}  {zone.name}, {session.shown.format_money(deed.value)}"
    assert all(deed.name not in line.plain for line in box.said[1:] if line.plain.startswith(" Red"))


def test_an_auction_at_80_columns_shows_the_deeds_name_and_price_in_the_box():
    """The box as drawn in an 80x24 terminal: the deed's name in its frame's title and its
    zone and price beside the options; after the person's bid, the next question names it
    still."""
    session = builder()
    view = play_until(session, bidding, quietly)
    deed, zone = bidding_on(session, view)
    price = session.shown.format_money(deed.value)

    async def scenario():
        from test_hostile_text import screen_text

        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: box_is(app, "amount"))
            await pilot.pause()
            screen = screen_text(app)
            title = next(line for line in screen.splitlines() if "Choose an amount" in line)
            assert f"({deed.name})" in title
            assert f"{deed.name}  {zone.name}, {price}" in said(app)
            await bid_until_asked_again(pilot, app, session)
            await pilot.pause()
            assert f"({deed.name})" in box_of(app).title.plain
            assert said(app).startswith(f" {deed.name}  {zone.name}, {price}")

    run(scenario())


def test_a_windows_box_names_a_card_only_to_a_person_who_may_see_it(write):
    """What a window's question is about comes from the person's own observation: a card in
    the variable of the effect that opened the window is named to the player whose hand it
    lies in, never to the others asked in the same window."""
    text = TEST_GAME.read_text(encoding="utf-8").replace("  end_of_turn: |\n", """  end_of_turn: |
    if (count card K in hand of me) > 0:
      choose card K in hand of me
      take turns P among players from me until all pass, at most 4:
        choose word V from "raise", "fold" by P, every answer
        if V is "fold":
          pass
""", 1)
    session = Session.start(load_variant(write(text)), "v.yaml", [None, None], 3)
    names = {card.id: card.name for card in session.shown.cards}
    titles: dict[bool, list[tuple[str, str]]] = {True: [], False: []}
    while not (titles[True] and titles[False]):
        view = play_until(session, asked("raise"), quietly)
        session.viewer = session.deciding
        view = session.view()
        box = box_for(view)
        assert box is not None and box.kind == "window"
        chosen = next(e.data for e in reversed(session.events) if e.kind == "choose" and e.data["what"] == "card")
        card = names[session.game.variant.cards[chosen["value"] % state_of(session.game).book.kinds].id]
        titles[view.viewer == chosen["player"]].append((box.title.plain, card))
        session.apply(next(a for a in view.actions if str(a.arg) == "raise"))
    assert all(title == f"Raise or fold? ({card})" for title, card in titles[True]), titles
    assert all(title == "Raise or fold?" for title, _ in titles[False]), titles


def test_what_was_said_in_a_window_holds_after_an_undo_and_in_a_game_resumed_inside_it(tmp_path):
    """The session follows the windows as it plays (a look at the whole state after each
    action), not while replaying: an undo keeps what it followed of the same game's start,
    and a save resumed inside a window is replayed once more, following."""
    def a_bot_has_bid(session: Session, view: View) -> bool:
        """The person is asked to bid in an auction where a bot has bid already."""
        return bidding(session, view) and view.high_bid is not None and view.high_bid[0] != view.viewer

    session, view = seek(builder, a_bot_has_bid)
    said = view.window.said
    assert (view.turn_player, "auction") not in said  # it opened after the deed was put up
    bids = [session.describe(e) for e in session.events if e.kind == "choose" and e.data.get("bid")]
    told = [words for _, words in said if " bids " in words]  # each bid, as the log tells it (issue 46, 6)
    assert told and bids[-len(told):] == told
    session.save(tmp_path / "inside.json")
    resumed, _ = Session.load(tmp_path / "inside.json")
    assert resumed.view().window.said == said
    session.apply(next(a for a in view.actions if str(a.arg) == "pass"))
    assert session.view().window is None or session.view().window.said != said
    session.undo()
    assert session.view().window.said == said


def test_what_was_said_in_a_round_of_deals_begins_where_it_opened_not_at_the_step_before():
    """'go on' ends the turn's trading with the Bank and opens the round of deals after the
    move: it is the step before the window, not a line of what was said in it, whoever
    chose it."""
    def in_the_deals(session: Session, view: View) -> bool:
        turn = max(i for i, e in enumerate(session.events) if e.kind == "turn")
        went_on = any(e.kind == "choose" and e.data["value"] == "go on" for e in session.events[turn:])
        return went_on and view.window is not None and asked("make an offer")(session, view)

    session, view = seek(builder, in_the_deals)
    names = [seat.name for seat in session.shown.seats]
    went_on = max(i for i, e in enumerate(session.events) if e.kind == "choose" and e.data["value"] == "go on")
    chosen = [(e.data["player"], names[e.data["value"]] if e.data["what"] == "player" else e.data["value"])
              for e in session.events[went_on + 1:] if e.kind == "choose" and e.data["what"] in ("word", "player")]
    said = view.window.said
    assert all(words != "go on" for _, words in said)
    assert [line for line in said if line[0] is not None] == chosen


def test_the_boxes_show_hostile_words_of_a_variant_visibly(write):
    """A shared variant's names and words reach the screen only through `engine.visible`:
    the seats' and the pile's names in an offer's box, a window's words in its buttons,
    title and history. (The words of a program are in a block of YAML, which holds no
    control character, so those carry Rich markup and a right-to-left override.)"""
    from engine.visible import is_visible
    from test_hostile_text import EVIL, screen_text, yaml_string

    word = "bid[bold red]loud[/]\u202e"
    CUPS = "cups\x1b]0;t\x07[b]x[/]"  # a pile's name is 60 characters at most
    text = TEST_GAME.read_text(encoding="utf-8").replace('"bid", "pass" by P', f'"{word}", "pass" by P')
    text = text.replace("trophies: {name: trophies,", f"trophies: {{name: {yaml_string(CUPS)},")
    text = text.replace("extends: winning-moves-2016\n", "extends: winning-moves-2016\nplayers:\n  seats:\n"
                        f"    - {{id: purple, name: {yaml_string('Pu' + EVIL)}}}\n")
    variant = load_variant(write(text))
    session = Session.start(variant, "v.yaml", [None, None], 1)

    def shown_safely(app) -> str:
        screen = screen_text(app)
        assert is_visible(screen), [c for c in screen if not is_visible(c)][:5]
        return screen

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window"))
            await pilot.pause()
            assert "loud[/]" in shown_safely(app)  # the markup shown as it is, not acted on
            await pilot.press("1")
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window"))
            await pilot.pause()
            assert "loud[/]" in said(app) and "\\x1b" in shown_safely(app)  # the history: Pu… chose the word
            await pilot.press("2")
            await wait_for(pilot, lambda: bool(session.view().offer) or isinstance(app.screen, HandOverScreen))
            for _ in range(2000):  # on to the round of offers, passing, taking first options
                if box_is(app, "offer"):
                    break
                if not isinstance(app.screen, GameScreen) or app.screen.notice is not None:
                    await pilot.press("enter")  # a hand-over, a question, a notice
                elif box_is(app, "window"):  # make an offer when asked to, else pass (the last option)
                    buttons = box_of(app).controls()
                    await pilot.press(buttons[0 if "offer" in box_of(app).title.plain else -1].key)
                elif isinstance(app.screen, GameScreen) and session.view().actions and not app.screen.box_shown:
                    await pilot.press(session.view().keys[0])
                await pilot.pause(0.01)
            await pilot.pause()
            assert "cups\\x1b" in shown_safely(app)  # the pile's name, as a heading of the offer's box

    run(scenario())


def focused_on(app, control: str) -> bool:
    """Whether the control of the box with this id has the focus."""
    return app.screen.focused is not None and app.screen.focused.id == control


@contextlib.asynccontextmanager
async def asked_in_the_box(option: str):
    """Builder at 80x24, played on to a person's question in a window with this option, the
    box drawn and its first option focused: the session, the app and its pilot."""
    session = builder()
    play_until(session, lambda s, v: v.window is not None and asked(option)(s, v), quietly)
    app = BoardwalkApp(session, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: box_is(app, "window") and focused_on(app, "deal-option-0"))
        yield session, app, pilot


def test_arrows_typed_quickly_in_the_auction_box_each_move_one_button():
    """Three Right keys that reach the box at once (typed fast, a key held down, keys sent
    by tmux) move three buttons, not one: each moves on from where the one before went,
    though the focus it gave lands only after the keys queued behind it are handled."""
    from textual import events

    async def scenario():
        async with asked_for_a_bid() as (session, app, pilot, least, most):
            await pilot.press("tab")  # from the field to the first quick amount
            await wait_for(pilot, lambda: focused_on(app, "deal-option-0"))
            for _ in range(3):  # queued together, as keys that come in one read of the terminal
                app.post_message(events.Key("right", None))
            await wait_for(pilot, lambda: focused_on(app, "deal-option-3"))
            start = len(session.events)
            await pilot.press("enter")
            await wait_for(pilot, lambda: bids_of_the_person(session, start) != [])
            assert bids_of_the_person(session, start) == [least + 100]  # the fourth button: 100M more

    run(scenario())


def test_a_new_question_in_a_window_starts_on_its_first_option():
    """The focus kept while a box's shape holds (an amount stepped) is not carried to another
    question: choosing 'Make an offer', the second option, left the second player focused in
    the question that follows, so Enter pressed twice offered to the wrong player."""

    async def scenario():
        async with asked_in_the_box("make an offer") as (_, app, pilot):
            offer = next(c for c in box_of(app).controls() if c.label.plain.endswith("Make an offer"))
            await pilot.press("down" if offer.id == "deal-option-1" else "up")
            await wait_for(pilot, lambda: focused_on(app, offer.id))
            await pilot.press("enter")
            await wait_for(pilot, lambda: box_is(app, "window") and box_of(app).title.plain == "Make an offer to whom?"
                           and focused_on(app, "deal-option-0"))

    run(scenario())


def test_a_space_worth_nothing_is_named_by_its_zone_alone_in_the_log_and_on_screen():
    """Builder's two Steal 1 Resource spaces, four Chance spaces and the corners have no names
    and no price: the log said 'Red moves 12 spaces to 0M Steal 1 Resource' and the panel
    'Penguin on Steal 1 Resource 0M'. A space worth nothing is its zone's name; one with a
    price keeps it (Advance to Boardwalk's unnamed properties: '$8M Green')."""
    from engine.game.rulebook import rulebook_for

    game_variant = load_variant("monopoly-builder")
    session = builder()
    texts = rulebook_for(game_variant).texts(3)
    for prop in game_variant.properties:
        if not prop.name and not prop.value:
            zone = next(z for z in game_variant.zones if z.id == prop.zone)
            assert texts.properties[prop.index] == zone.name
            assert property_name(session.view(), prop.index) == zone.name
    steal = [p for p in game_variant.properties if p.zone == "steal"]
    assert len(steal) == 2 and {texts.properties[p.index] for p in steal} == {"Steal 1 Resource"}
    priced = next(p for p in load_variant("winning-moves-2016").properties if not p.name and p.value)
    priced_texts = rulebook_for(load_variant("winning-moves-2016")).texts(2)
    assert priced_texts.properties[priced.index].startswith("$") and "M " in priced_texts.properties[priced.index]


def test_a_round_of_deals_after_an_auction_does_not_show_the_auctions_least_bid():
    """The least bid ('the least bid is 60M', a game counter the variant shows) is
    shown in the auction's box, where it is set; the round of deals after the auction left it
    as it was, and showed it as if a bid were asked there. The auction sets it back to 0
    (the variant's data), and a counter at 0 is not shown."""
    def in_an_auction(session: Session, view: View) -> bool:
        return bidding(session, view)

    def deals_after_an_auction(session: Session, view: View) -> bool:
        return (view.window is not None and asked("make an offer")(session, view)
                and any(e.kind == "choose" and e.data["value"] == "auction" for e in session.events))

    _, view = seek(builder, in_an_auction)
    box = box_for(view)
    assert box is not None and any("the least bid is" in line.plain for line in box.said)
    _, view = seek(builder, deals_after_an_auction)
    box = box_for(view)
    assert box is not None and box.kind == "window"
    assert not any("least bid" in line.plain for line in box.said), [line.plain for line in box.said]
