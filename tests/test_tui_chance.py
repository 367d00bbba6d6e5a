"""What the screen shows of a game of Monopoly Chance (issue 26, sections 3, 4 and 6), every
point read from the variant's data by game-neutral code: the card or corner a question
resolves, keys that cannot be taken for cash, the buildings left on each property, the
distance to the finishing mark, the flips left, card choices by value, a cash card that fits
nowhere, the flipped row at 80x24, and the end told round by round. Rules text:
shared/rules/monopoly-chance.txt."""

from __future__ import annotations

import asyncio
import re
from functools import cache

import pytest

from engine.game.game import state_of
from tests.tui_helpers import headless, variant
from tui.app import BoardwalkApp
from tui.helptext import help_markdown
from tui.session import Session
from tui.story import story_lines
from tui.widgets import BoardView, PlayerPanel, action_label, decision_prompt

# slow (docs/architecture.md, "Test lanes"): the whole app driven headless through Monopoly Chance
pytestmark = pytest.mark.slow

NAME = "monopoly-chance"
SEATS = (None, "random")


def run(coroutine):
    return asyncio.run(coroutine)


def _person_chooses(session: Session, what: str) -> bool:
    view = session.view()
    return session.deciding == 0 and session.game.decision == "choose" and bool(view.actions) and (
        view.actions[0].what == what)


def _find(stop, limit: int = 1500) -> Session:
    """The first seeded game against a random bot that reaches `stop` (the person taking
    their first option, as Enter does)."""
    for seed in range(80):
        session = headless(SEATS, seed, stop=stop, limit=limit, name=NAME)
        if not session.game.is_over and stop(session):
            return session
    raise AssertionError("no seed reaches the position")


@cache
def _placing() -> Session:
    """The person places a flipped cash card (the turn's own question, no card resolving it)."""
    return _find(lambda s: _person_chooses(s, "property") and not (s.view().asking or {}).get("card")
                 and bool((s.view().asking or {}).get("about")))


# ----- section 4: what the screen shows -------------------------------------------------------


def test_a_chance_cards_question_names_the_card_in_the_prompt():
    """Issue 26, 4: every prompt says which card or corner it resolves ('Grand Opening:
    choose a property'; a Token card on its corner: 'Token card on Go: ...')."""
    session = _find(lambda s: _person_chooses(s, "property") and bool((s.view().asking or {}).get("card")))
    view = session.view()
    card = session.shown.card(view.asking["card"]).name
    assert decision_prompt(view).startswith(f"{card}: choose a property") or decision_prompt(view).startswith(
        f"{card} on ")
    corner = _find(lambda s: s.deciding == 0 and (s.view().asking or {}).get("space") is not None
                   and s.game.decision == "choose")
    view = corner.view()
    space = corner.shown.properties[view.asking["space"]].name
    assert decision_prompt(view).startswith(f"{corner.shown.card(view.asking['card']).name} on {space}: ")


def test_the_placement_prompt_names_the_cash_card_and_its_keys_are_not_cash_values_at_80x24():
    """Issue 26, 4: 'Choose a property for $4M'; on the board a key is a bare letter or digit
    and every cash card or value shows its money sign ('$4'), so 1 is never read as $1M."""
    session = _placing()

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            view = session.view()
            about = next(thing for thing in view.asking["about"] if "card" in thing)
            cash = session.shown.card(about["card"]).name
            assert app.screen.query_one("#prompt").content.plain.startswith(f"Choose a property for {cash}")
            board = app.screen.query_one(BoardView).render().plain.splitlines()
            keys = set(view.keys)
            initials = {card.name[:1] for card in session.shown.cards if not card.value}  # a Token card: T
            for row in board[:-3]:  # the towers, then the values: each cell a key, an amount or a card's initial
                for cell in row.split():
                    assert cell in keys or cell.startswith("$") or (cell in initials and cell not in keys), (cell, row)
            assert any(key in row.split() for row in board for key in keys)

    run(scenario())


def test_card_choices_are_sorted_by_value_and_one_that_fits_nowhere_says_so_before_it_is_picked():
    """Issue 26, 4 and the rules: 'If it is impossible to place a cash card, then discard it
    to your discard pile.' The option says so, and choosing it does discard it."""
    session = _find(lambda s: _person_chooses(s, "card") and bool(s.view().fates))
    view = session.view()
    values = [session.shown.card(view.offered_cards[a.arg].card).value or 0 for a in view.actions]
    assert values == sorted(values)
    labels = [action_label(view, a, i).plain for i, a in enumerate(view.actions)]
    nowhere = [a for a, label in zip(view.actions, labels) if "fits nowhere: to your discard pile" in label]
    assert nowhere and len(nowhere) == len(view.fates)
    card = session.shown.card(view.offered_cards[nowhere[0].arg].card).id
    events = session.apply(nowhere[0])
    put = next(e for e in events if e.kind == "put" and e.data["card"] == card)
    assert put.data["to"] == "discards"


def test_buildings_left_distance_to_the_mark_flips_left_and_the_flipped_row_show_at_80x24():
    """Issue 26, 4: each property's buildings left ('3⌂'), each player's skyline against the
    finishing mark (75 in the data) and how far they are from it, the flips left this turn,
    and the flipped cards in full (wrapped, not cut off)."""
    session = _find(lambda s: s.deciding == 0 and s.game.decision == "choose" and s.view().actions[0].what == "word"
                    and len(state_of(s.game).pile_of("row", 0)) >= 3 and state_of(s.game).counters.get("flips", 0) > 0)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            board = app.screen.query_one(BoardView).render().plain
            sizes = [session.view().pile_size("buildings", p) for p in range(len(session.shown.properties))]
            assert f"{sizes[0]}⌂" in board
            panel = app.screen.query_one("#player-0", PlayerPanel).content.plain
            skyline = session.view().scores["skyline"][0]
            assert f"skyline length {skyline}/75, {75 - skyline} to go" in panel  # the score's name, not its id
            row = next(p["cards"] for p in session.view().piles if p["pile"] == "row" and p["owner"] == 0)
            flipped = [session.shown.card(c).name for c in row]
            assert "flipped cards: " + ", ".join(flipped) in " ".join(panel.split())
            assert all(len(line) <= app.screen.query_one("#player-0").size.width for line in panel.splitlines())
            status = app.screen.query_one("#status").content.plain
            flips = state_of(session.game).counters["flips"]
            assert f"has {flips} flip{'s' if flips != 1 else ''} left" in status

    run(scenario())


def test_the_help_names_the_finishing_mark_and_says_each_timing_once():
    """Issue 26, 3 and 4: the help names the finishing mark from the data; Flip 2's text,
    which says when it is played, is not preceded by the same words; cash cards and buildings
    are not 'kept in front of you'."""
    help_text = help_markdown(variant(NAME), 2)
    assert "A skyline length of 75 (the finishing mark) or more ends the game at the end of the round." in help_text
    flip_2 = next(line for line in help_text.splitlines() if line.startswith("- **Flip 2**"))
    assert flip_2.casefold().count("another player's turn") == 1
    for name in ("$3M", "Dark Blue building", "Gray building"):
        line = next(line for line in help_text.splitlines() if line.startswith(f"- **{name}**"))
        assert "kept in front of you" not in line


def test_kept_cards_are_named_once_and_a_face_up_card_is_not_said_to_be_shown():
    """Issue 26, 3: 'Red holds no kept cards', not 'kept cards cards'; playing a card kept
    face up does not say it shows the card to everyone."""
    from engine.game.messages import Action
    from tui.screens.game import GameScreen
    from tui.widgets import hand_text

    session = _placing()
    view = session.view()
    words = hand_text(view, with_text=True).plain
    assert "cards cards" not in words and re.search(r"Red(?:'s| holds no) kept cards", words)
    screen = GameScreen(session)
    token = next(card for card in session.shown.cards if card.id == "token")
    question = screen._confirmation(Action("play", token.id))
    assert question is not None and "shows it to everyone" not in question[1].plain


# ----- section 6: the end ----------------------------------------------------------------------


def test_the_end_charts_the_skylines_after_each_round_and_tells_each_round():
    """Issue 26, 6 and the rules: 'At the end of the round, each player with the highest value
    top card on a property, collects 1 building ... they collect 1 gray building from the
    middle for each pair.' The chart has a point per round (not a flat line that jumps), and
    the story tells who took buildings from which properties and the gray buildings."""
    session = headless(("random", "random"), 11, limit=100_000, name=NAME)
    story = session.story()
    rounds = state_of(session.game).counters["round"]
    assert story.step == "round" and len(story.series[0]) == rounds + 1 == len(story.rounds) + 1
    assert all(a < b for values in story.series for a, b in zip(values, values[1:]))
    lines = story_lines(story, session.shown)
    assert any(re.match(r"  round 1  over in turn \d+; skyline length: Red \d+, Blue \d+", line) for line in lines)
    assert any(re.match(r"    (Red|Blue) takes buildings from \d+ properties: ", line) for line in lines)
    assert any(re.match(r"    (Red|Blue) adds Gray building( ×\d+)? to their skyline", line) for line in lines)
    assert not any("1 turn in a row" in line or "1 round in a row" in line for line in lines)


def test_a_rounds_end_can_be_read_in_full_in_the_last_moves_at_80x24():
    """'[' shows what each move did under the board; the move that ends a round tells every
    street won and the new round (more lines than fit at 80x24), and the arrow keys scroll
    it: the round's scoring was cut off below the screen's edge."""
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from tui.screens.lastmoves import LastMovesScreen

    def round_ended(session: Session) -> bool:
        notice = session.notices.get(0)
        return bool(notice and notice.said and notice.taken["property"]) and session.deciding == 0

    seats = (None, "greedy", "random")  # against greedy alone, the game ends at the first round's end
    seed = next(s for s in range(12) if round_ended(headless(seats, s, stop=round_ended, limit=900, name=NAME)))
    session = headless(seats, seed, stop=round_ended, limit=900, name=NAME)
    session.take_notice()

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("left_square_bracket")
            for _ in range(100):
                await pilot.pause(0.05)
                if isinstance(app.screen, LastMovesScreen):
                    break
            screen = app.screen
            assert isinstance(screen, LastMovesScreen)
            while "The round ends" not in str(screen.query_one("#moves-said", Static).content):
                assert screen.position < screen.end, "no move told the round's end"
                await pilot.press("right")
                await pilot.pause()
            scroll = screen.query_one("#moves-said-scroll", VerticalScroll)
            await pilot.pause()
            assert scroll.max_scroll_y > 0  # more than fits
            await pilot.press("down", "down", "down")
            await pilot.pause()
            assert scroll.scroll_y == 3

    run(scenario())
