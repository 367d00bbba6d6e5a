"""A bot's game as it knows it keeps the cards its variables name where the seat may see
them, and empties only the others (issue 47, "Proof: games nobody here wrote for the
engine": Goofspiel named its prize with `let Prize = top card of prize` before a secret
bid; in the look-ahead `value of Prize` was 0 and `put Prize` did nothing, so every bid
scored 0).

Hidden information stays a hard rule: a card named from a pile the seat may not see is still
taken out (tests/test_hidden_information.py checks the rest).
"""

from __future__ import annotations

from engine import load_variant
from engine.game.game_state import new_state
from engine.game.known import known_game
from engine.game.observation import observe

TWO_SEATS = """\
players:
  setups:
    - {players: 2, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
rules: {}
rule_kinds: {}
"""
"""Red and Blue, the players of the small variants written for these tests."""

PRIZE_NAMED = """\
format: 1
name: Prize named (test)
description: A prize is turned face up and named before everyone bids for it in secret.
how_to_play: Bid a card for the prize.
""" + TWO_SEATS + """\
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  points: {each: player, reset: never, shown: "has {} points"}
  bid: {each: player, reset: never}
ends:
  prizes_gone: the last prize has been bid for
piles:
  prizes: {name: prize pile, each: game, seen_by: nobody}
  prize: {name: prize on offer, each: game, seen_by: everyone, holds: 1}
  won: {name: prizes won, each: player, seen_by: everyone}
setup: |
  shuffle prizes
turn: |
  put top card of prizes on prize
  let Prize = top card of prize
  let Next = top card of prizes
  in secret, each player X chooses number from 1 to 3 into bid
  add value of Prize to points of turn_player
  put Prize on won of turn_player
  if (count card C in prizes) = 0:
    end game prizes_gone
deck:
  name: Cards
  cards:
    - {id: prize_1, name: "Ace of diamonds", count: 1, value: 1, text: "A prize.", starts_in: prizes}
    - {id: prize_2, name: "2 of diamonds", count: 1, value: 2, text: "A prize.", starts_in: prizes}
    - {id: prize_3, name: "3 of diamonds", count: 1, value: 3, text: "A prize.", starts_in: prizes}
"""
"""`Prize` names the card face up on `prize`; `Next` the card under it in the face-down
`prizes`, which nobody may see."""


def _variables(game) -> dict:
    """Every variable of the frames under way, by name (the last frame's wins)."""
    found: dict = {}
    for frame in game.frames:
        found.update(getattr(frame, "env", None) or {})
    return found


def test_a_card_named_face_up_stays_in_the_game_a_bot_knows(write):
    game = new_state(load_variant(str(write(PRIZE_NAMED))), 2, seed=3)
    assert game.legal_actions(), "the secret bid is asked"
    truth = _variables(game)
    assert truth["Prize"] is not None and truth["Next"] is not None
    for seat in range(2):
        known, _ = known_game(game, seat)
        held = _variables(known)
        assert held["Prize"] == truth["Prize"], "the prize lies face up: the seat sees it"
        assert held["Next"] is None, "the next prize lies face down: the seat may not see it"


def test_the_observation_state_tells_a_card_named_face_up_and_hides_one_face_down(write):
    """The observation's "state" (what sampling.Sampler reads back) agrees with known_game."""
    game = new_state(load_variant(str(write(PRIZE_NAMED))), 2, seed=3)
    for seat in range(2):
        frames = observe(game, seat)["state"]["frames"]
        envs: dict = {}
        for frame in frames:
            envs.update(frame.get("env") or {})
        assert envs["Prize"] is not None
        assert envs["Next"] is None
