"""A card put from one player's own pile into another's is named in the log to both of them and
to nobody else (the King's trade of Love Letter, tests/data/love-letter.yaml: "trade hands
with another player"). The giver held it and saw it; on main the log told them "Blue puts a
card on Red's hand" about the very card they gave. Every other seat still reads "a card": what
a seat is told must not depend on a card it may not see (the twin tests' rule)."""

from __future__ import annotations

from pathlib import Path

from engine import load_variant
from engine.game.messages import EVERYONE
from test_secret_choice import PLAYERS
from tui.session import Session

DATA = Path(__file__).parent / "data"

PASS_A_CARD = """\
format: 1
name: Pass a Card (test game)
description: Give a card of your hand to another player; the first with no card wins.
""" + PLAYERS + """\
scores:
  left: {fewest: count card C in hand of X, name: cards left}
ranking: [left]
ends:
  empty: has no card left
piles:
  deck: {name: draw pile, each: game, seen_by: nobody}
  hand: {name: hand, each: player, seen_by: owner}
timings:
  kept: kept in hand
deck:
  name: Letters
  cards:
    - {id: letter, name: Letter, count: 6, value: 1, text: A letter., timing: kept, starts_in: deck, discard_to: deck}
    - {id: parcel, name: Parcel, count: 6, value: 2, text: A parcel., timing: kept, starts_in: deck, discard_to: deck}
setup: |
  shuffle deck
  for each player X:
    repeat 3 times:
      put top card of deck on hand of X
turn: |
  choose card K in hand of me
  choose opponent O
  put K on hand of O
  if (count card C in hand of me) = 0:
    end game empty for me
"""
"""Each turn a player gives a card of their hand (seen by its owner alone) to another."""


def _given(name: str, players: int, seeds: range) -> list:
    """The events, in bots' games, that put a card from one player's hand into another's."""
    found = []
    for seed in seeds:
        session = Session.start(load_variant(name), name, ["greedy"] * players, seed)
        for _ in range(200):
            if session.game.is_over or len(found) >= 4:
                break
            bot, observation = session.bot_observation()
            found += [event for event in session.apply(bot.choose(observation))
                      if event.kind == "put" and event.data.get("from_owner") is not None
                      and event.data.get("to_owner") is not None
                      and event.data["from_owner"] != event.data["to_owner"]]
        if found:
            break
    return found


def _told_to_giver_and_taker_alone(events: list, players: int, variant) -> None:
    assert events
    for event in events:
        name = variant.card(event.data["card"]).name
        giver, taker = event.data["from_owner"], event.data["to_owner"]
        for seat in range(players):
            said = event.describe(seat)
            if seat in (giver, taker):
                assert name in said and "a card" not in said, (seat, said)
                assert event.to_dict(seat)["card"] == event.data["card"]
            else:
                assert name not in said and "a card" in said, (seat, said)
                assert "card" not in event.to_dict(seat)
        assert "a card" in event.describe(None)  # a spectator
        assert name in event.describe(EVERYONE)


def test_the_king_s_trade_names_each_card_to_the_one_who_gave_it():
    """Love Letter's King (tests/data/love-letter.yaml): both cards of the trade are named to
    both players of it, in 2- and 3-seat games, and to no third seat."""
    for players in (2, 3):
        name = str(DATA / "love-letter.yaml")
        variant = load_variant(name)
        traded = _given(name, players, range(40))
        _told_to_giver_and_taker_alone(traded, players, variant)


def test_a_card_given_from_a_hand_to_another_is_named_to_both_hands_alone(tmp_path):
    """A game written for the test: each turn a card goes from its player's hand to another's
    (3 seats: the third seat is told 'a card')."""
    path = tmp_path / "pass-a-card.yaml"
    path.write_text(PASS_A_CARD, encoding="utf-8")
    variant = load_variant(path)
    given = _given(str(path), 3, range(3))
    _told_to_giver_and_taker_alone(given, 3, variant)
