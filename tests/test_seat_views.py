"""What each seat, a spectator and a hot-seat screen are shown: issue 45, section 4, "Close
these gaps, each with a test".

- `observation(-1)` answered with Python's negative index (the discard pile, the slot before
  the first hand, shown as a `hand`): a seat out of range is refused, and a spectator's view
  is its own call (`Game.public_observation`).
- `Event.describe(None)` named hidden cards while `to_dict(None)` hid them: None is a
  spectator for both, and the all-seeing log is `EVERYONE`.
- The hot-seat public view carried the turn player's hand (their hand pile among the view's
  piles, their question's subject), and only the widgets hid it: between two people's turns
  the view itself is a spectator's.

Each rule is checked on every bundled game and on a small variant written here, whose piles
are of every kind a card can lie in unseen: a player's own (seen by the owner), the table's
seen by nobody, and beside them one seen by everyone.
"""

from __future__ import annotations

import random

import pytest

from engine import load_variant
from engine.game import messages
from engine.game.game import state_of
from engine.game.game_state import GameState, new_state
from engine.game.observation import decide
from engine.resources import bundled_variant_names
from tui.session import PUBLIC, Session

EVERY_HIDING = """\
extends: winning-moves-2016
piles:
  vault: {name: vault, each: player, seen_by: owner}
  box: {name: box, each: game, seen_by: nobody}
  shown: {name: shown cards, each: player, seen_by: everyone}
hooks:
  start_of_turn: |
    put top card of deck on box
    put top card of deck on vault of me
    put top card of deck on shown of me
"""
"""Each turn a card goes face down into the box (no one may see it: NOBODY's), one into the
turn player's vault (theirs alone), one face up beside them."""

BUNDLED = bundled_variant_names()
NAMES = [*BUNDLED, "every-hiding"]


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Where each variant is read from, as a saved game names it: a bundled name, or the
    written variant's file."""
    path = tmp_path_factory.mktemp("variants") / "every-hiding.yaml"
    path.write_text(EVERY_HIDING, encoding="utf-8")
    return {**{name: name for name in BUNDLED}, "every-hiding": str(path)}


@pytest.fixture(scope="module")
def variants(sources: dict[str, str]) -> dict:
    return {name: load_variant(source) for name, source in sources.items()}


def _played(variant, players: int, seed: int, moves: int):
    """A game after `moves` random actions, with every event told on the way."""
    rnd = random.Random(seed)
    game = new_state(variant, players, seed=seed)
    events = list(game.setup_events)
    for _ in range(moves):
        if game.is_over:
            break
        actions = game.legal_actions()
        events += game.apply(actions[rnd.randrange(len(actions))])
    return game, events


def _public_piles(game) -> set[int]:
    """The slots whose cards everyone may see."""
    layout = (game if isinstance(game, GameState) else state_of(game)).layout
    return {slot for slot in range(layout.slots) if layout.slot_pile[slot].seen_by == "everyone"}


@pytest.mark.parametrize("name", NAMES)
def test_a_seat_out_of_range_is_refused_with_a_plain_message(variants, name):
    """Issue 45, 4: `observation(-1)` answered with Python's negative index; any number that
    is no seat, and anything that is no number, must raise ValueError saying what a seat is."""
    game, _ = _played(variants[name], 3, seed=5, moves=20)
    for seat in range(game.n):
        assert game.observation(seat)["player"] == seat
    for not_a_seat in (-1, -game.n, game.n, 99, True, False, None, 1.0, "0"):
        with pytest.raises(ValueError, match=r"is not a seat of this 3-player game: a seat is a whole number from 0 to 2"):
            game.observation(not_a_seat)
        with pytest.raises(ValueError, match="is not a seat"):
            decide(dict, game, not_a_seat)


@pytest.mark.parametrize("name", NAMES)
def test_a_spectator_is_shown_no_hand_and_no_card_of_a_pile_not_everyone_sees(variants, name):
    """Issue 45, 4: a spectator's view is its own value. It holds what every seat's
    observation holds of the public board, but no hand, no options, and no card of a pile
    that not everyone sees, there or in its `state`; and two games that differ only in such
    cards look the same to it."""
    rnd = random.Random(name)
    checked = swapped = 0
    for seed in range(4):
        game, _ = _played(variants[name], 2 + seed % 3, seed=seed, moves=rnd.randrange(5, 80))
        public = game.public_observation()
        seen = game.observation(game.turn_player)
        shared = set(seen) - {"player", "hand", "piles", "decision", "question", "state"}
        assert {key: public[key] for key in shared} == {key: seen[key] for key in shared}
        assert public["player"] is None and public["hand"] is None
        everyone = _public_piles(game)
        for slot, pile in enumerate(public["piles"]):
            assert (pile["cards"] is not None) == (slot in everyone), pile
            assert (public["state"]["piles"][slot] is not None) == (slot in everyone), pile
        if public["decision"] is not None:
            assert public["decision"]["options"] is None and "numbers" not in public["decision"]
            assert public["question"]["pile"] is None and public["question"]["about"] == []
        checked += 1
        twin = _with_hidden_cards_swapped(game, everyone)
        if twin is not None:
            assert twin.public_observation() == public
            swapped += 1
    assert checked == 4 and swapped >= 1


def _with_hidden_cards_swapped(game, everyone: set[int]):
    """A copy in which two different cards of piles that not everyone sees change places
    (None when there are no two such cards)."""
    twin = game.copy()
    held = [(slot, index) for slot, pile in enumerate(twin.piles) if slot not in everyone for index in range(len(pile))]
    for a, (slot_a, i) in enumerate(held):
        for slot_b, j in held[a + 1:]:
            if twin.piles[slot_a][i] != twin.piles[slot_b][j]:
                twin.piles[slot_a][i], twin.piles[slot_b][j] = twin.piles[slot_b][j], twin.piles[slot_a][i]
                return twin
    return None


@pytest.mark.parametrize("name", NAMES)
def test_an_event_told_to_no_seat_names_no_card_private_to_anyone(variants, name):
    """Issue 45, 4: `Event.describe(None)` named hidden cards while `to_dict(None)` hid them.
    Told to None (a spectator) an event says what it says to a seat the card is hidden from,
    in words and as data; a card put where nobody sees it (NOBODY's) is hidden from every
    seat too. Only EVERYONE, the all-seeing log, is told every card."""
    private = nobodys = 0
    for seed in range(3):
        game, events = _played(variants[name], 3, seed=seed, moves=150)
        for event in events:
            if event.private_to is None:
                continue
            kept_from = [seat for seat in range(game.n) if seat != event.private_to]
            for seat in kept_from:
                assert event.describe(None) == event.describe(seat), event
                assert event.to_dict(None) == event.to_dict(seat), event
            assert "card" not in event.to_dict(None)
            private += 1
            nobodys += event.private_to == messages.NOBODY
            if "card" in event.data:
                card = game.variant.card(event.data["card"])
                assert card.name in event.describe(messages.EVERYONE), event
                assert event.to_dict(messages.EVERYONE)["card"] == card.id
    assert private > 0 or "builder" in name  # Monopoly Builder keeps no card from anyone
    if name == "every-hiding":
        assert nobodys > 0  # the box is nobody's


def _hot_seat(variant, source: str, players: int, seed: int):
    """A game between `players` people at one keyboard, played at random; yields the session
    each time the keyboard is about to pass to another person (the screen is nobody's)."""
    session = Session.start(variant, source, [None] * players, seed)
    rnd = random.Random(seed)
    for _ in range(120):
        if session.game.is_over:
            return
        session.hide_hands()
        if session.needs_handover():
            yield session
            session.take_seat(session.deciding)
        actions = session.game.legal_actions()
        session.apply(actions[rnd.randrange(len(actions))])


@pytest.mark.parametrize("name", NAMES)
def test_a_hot_seat_view_between_turns_holds_only_what_everyone_may_see(variants, sources, name):
    """Issue 45, 4: between two people's turns the screen is nobody's, and the view built for
    it held the turn player's hand pile and their question's subject, which only the widgets
    kept off the screen. The view itself is now a spectator's, and so is its log: no card
    private to anyone is named, not even one nobody may see."""
    variant, source = variants[name], sources[name]
    between = 0
    for seed in range(3):
        for session in _hot_seat(variant, source, 2 + seed % 2, seed):
            assert session.viewer == PUBLIC
            view = session.view()
            assert view.hand is None and view.actions == []
            everyone = _public_piles(session.game)
            assert [pile for slot, pile in enumerate(view.piles) if slot not in everyone and pile["cards"] is not None] == []
            if view.asking is not None:  # what the question is about, as everyone may know it
                assert view.asking["pile"] is None and view.asking["about"] == []
            for event in session.events:
                if event.private_to is not None:  # a seat it is kept from: neither its taker nor its giver
                    hidden_from = next((seat for seat in range(state_of(session.game).n)
                                        if seat not in (event.private_to, event.also_to)), None)
                    if hidden_from is not None:
                        assert session.describe(event) == event.describe(hidden_from), event
            assert view.piles == session.game.public_observation()["piles"]
            between += 1
    assert between >= 3


def test_a_card_nobody_may_see_is_not_named_between_two_people_s_turns(variants, sources):
    """Issue 45, 4: the hot-seat screen between turns was PUBLIC, the number -1, and a card
    put where nobody may see it is private to -1 too (NOBODY): the log named the card to
    the whole table. Told to a spectator, it is 'a card', as to every seat."""
    variant = variants["every-hiding"]
    session = Session.start(variant, sources["every-hiding"], [None, None], seed=1)
    session.viewer = PUBLIC
    boxed = [event for event in session.events if event.kind == "put" and event.data["to"] == "box"]
    assert boxed
    for event in boxed:
        assert session.describe(event).endswith(" puts a card on the box")
        assert event.private_to == messages.NOBODY
        assert variant.card(event.data["card"]).name in event.describe(messages.EVERYONE)


def test_one_person_against_bots_is_shown_their_own_seat_s_view(variants, sources):
    """Issue 45, 4: a screen is its seat's: with one person at the table, the view holds their
    piles as their observation has them, their own hand among them."""
    variant = variants["every-hiding"]
    session = Session.start(variant, sources["every-hiding"], [None, "random"], seed=3)
    rnd = random.Random(3)
    shown = 0
    for _ in range(80):
        if session.game.is_over:
            break
        if session.deciding == 0:
            view = session.view()
            mine = session.game.observation(0)
            assert view.viewer == 0 and view.hand == mine["hand"] and view.piles == mine["piles"]
            shown += 1
            actions = session.game.legal_actions()
            session.apply(actions[rnd.randrange(len(actions))])
        else:
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
    assert shown > 0
