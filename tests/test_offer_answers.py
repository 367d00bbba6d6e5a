"""A look-ahead's game stops where its turn ends (issue 44, section 3, item 1): Game.last_turn.

A bot judging the answers to an offer judges them at the same point: where the turn ends,
before the next one begins. The kernel stops a copy there, before the next turn's roll or
salary, which no decision stands between."""

from __future__ import annotations

from engine import load_variant, new_game

GEMS = """extends: monopoly-chance
name: Gem traders
counters:
  cash: {each: player, reset: never, money: true}
  gems: {each: player, reset: never}
  again: {each: player, reset: never}
scores:
  treasure: {most: gems of X + (count card C in shown of X), name: treasure}
  wealth: {most: cash of X, name: cash}
ranking: [treasure, wealth]
ends:
  rich: " is rich"
piles:
  shown: {name: cards on show, each: player, seen_by: everyone}
setup: |
  for each player P:
    set cash of P to 100
    set gems of P to 4
    put top card of chance_deck on shown of P
turn: |
  add 200 to cash of me
  take turns P among opponents until all pass, at most 12:
    choose word D from "pass", "make an offer" by P, every answer
    if D is "pass":
      pass
    else:
      choose player O where O is not P by P
      offer trade of cash, gems, shown to O by P
  if gems of me > 0:
    choose word W from "polish a gem", "rest", every answer
    if W is "polish a gem":
      add -1 to gems of me
      add 5 to cash of me
  if cash of me >= 2000:
    end game rich for me
hooks:
  end_of_turn: |
    if again of me = 0:
      set again of me to 1
      next turn me
    else:
      set again of me to 0
"""
"""A game written for the test, of no bundled game's shape: each turn pays 200 and opens a round
of deals among the other players (money, gems, and the cards each player has on show), after
which the player may polish a gem; every player takes two turns in a row. The gems and the
cards on show are the first score, money the second."""


# ----- where a turn ends ----------------------------------------------------------------------------


def test_a_look_ahead_stops_where_its_turn_ends_before_the_next_one_begins(write):
    """Game.last_turn: a copy told to stop after its turn stands, once the turn's last choice is
    made, with no decision pending and the game not over, before the next turn (the same
    player's, here) pays its 200; copies of it stop there too. The game itself goes on."""
    game = new_game(load_variant(write(GEMS)), 3, seed=1)
    player, turn = game.turn_player, game.turn_number
    trial = game.copy()
    trial.last_turn = turn
    assert trial.copy().last_turn == turn and game.last_turn == -1
    for played in (trial, game):
        while played.turn_number == turn and played.pending is not None:
            played.apply(played.legal_actions()[0])  # pass in the round of deals, then polish a gem
    assert trial.pending is None and not trial.is_over and trial.turn_number == turn
    assert game.turn_number == turn + 1 and game.turn_player == player and game.pending is not None
    assert game.player_counters["cash"][player] == trial.player_counters["cash"][player] + 200
    assert trial.legal_actions() == []
