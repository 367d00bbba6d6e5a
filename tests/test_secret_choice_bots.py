"""The bots play a secret choice by its reveal (issue 47, 8, Bots): "Only the last chooser sees
the reveal in its look-ahead, so greedy bids its lowest card" (Goofspiel). A pick is judged
after the reveal, over guesses of the others' picks among their options (engine/bots/greedy.py,
`judge_secret`; the others' picks made before are guessed again in every deal:
engine/game/sampling.py), and never by another seat's real pick."""

from __future__ import annotations

import pytest

from engine import load_variant
from engine.bots import make_bot
from engine.game.game_state import new_state
from test_secret_choice import PLAYERS

OVERBID = """\
format: 1
name: Overbid (test game)
description: >-
  One sealed bid of coins: the highest bid alone scores a point; the coins bid are spent.
  Red has 5 coins, the others 2, so Red wins for sure with a bid of 3; a tie shares the win.
""" + PLAYERS + """\
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  coins: {each: player, reset: never, shown: "has {} coins"}
  bid: {each: player, reset: never}
  points: {each: player, reset: never, shown: "has {} points"}
piles:
  deck: {each: game, seen_by: nobody}
setup: |
  for each player X:
    set coins of X to 2
  set coins of me to 5
turn: |
  in secret, each player X chooses number from 0 to coins of X into bid
  for each player X:
    add 0 - bid of X to coins of X
    if (count player Y where bid of Y >= bid of X) = 1:
      add 1 to points of X
  end game
deck:
  name: Nothing
  cards: []
"""
"""One sealed bid, Red (the first asked) with 5 coins against 2 each: a bid of 3 wins the
game for sure (a bid of 2 may tie, and share it); a bid of 0, the first option, may lose."""


@pytest.fixture(scope="module")
def overbid(tmp_path_factory):
    path = tmp_path_factory.mktemp("overbid") / "overbid.yaml"
    path.write_text(OVERBID, encoding="utf-8")
    return load_variant(path)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("bot", ["greedy", "strong:iterations=20"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_chooser_bids_what_wins_the_reveal(overbid, bot, players, seed):
    """Red is asked first, the others' picks still to come: judged before the reveal, every bid
    scored alike and the bot bid 0, its first option (main before this change); judged after
    it, over guesses of the others' bids (0 to 2), 3 wins every time, the first bid that does."""
    game = new_state(overbid, players, seed=seed)
    red = game.order[0]
    assert game.decision == "secret" and game.current_player == red
    choice = make_bot(bot, overbid, seed=seed).choose(game.observation(red))
    assert choice["arg"] == 3


@pytest.mark.parametrize("bot", ["greedy", "strong:iterations=20"])
def test_a_later_chooser_decides_alike_whatever_the_others_picked(overbid, bot):
    """The twin test's rule for bots: a seat asked after another decides the same whatever that
    pick was (the look-ahead guesses it, never reads it)."""
    chosen = set()
    for first in range(6):
        game = new_state(overbid, 2, seed=4)
        red, blue = game.order
        game.apply(game.legal_actions()[first])
        assert game.current_player == blue
        chosen.add(make_bot(bot, overbid, seed=7).choose(game.observation(blue))["arg"])
    assert len(chosen) == 1
