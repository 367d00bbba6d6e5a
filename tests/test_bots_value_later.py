"""The bots value what a game gives later: a roll not yet taken, a card that scores only at
the end (issue 47, item 8: "In a push-your-luck dice game, greedy never rolled again (0
re-rolls in a whole game) until a score was invented for it"; "They cannot value cards held in
hand, so strong never bid in an auction for cards").

Both games are written here for the tests, in the variant language alone: Pig, where a 1
loses the turn's pot and holding banks it, and Lots, where lots bought for coins sell for
their number when the game ends."""

from __future__ import annotations

import pytest

from engine import load_variant, new_game
from engine.bots.base import make_bot
from engine.game.game import state_of

PIG = """\
format: 1
name: Pig (test game)
description: Roll a die as often as you dare; a 1 loses the turn's total.
how_to_play: |
  Roll the die: a 1 ends your turn and loses what you rolled this turn; anything else adds
  to this turn's total. Roll again, or hold to bank the turn's total. First to 100 wins.
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b", token: red pig}
    - {id: blue, name: Blue, colour: "#2e86de", token: blue pig}
    - {id: green, name: Green, colour: "#27ae60", token: green pig}
dice:
  die: {faces: FACES}
board:
  zones:
    - {id: sty, name: Sty, colour: "#7f8c8d", values: [1]}
  stacks: cards
  ownership:
    rule: top_card
rules: {}
rule_kinds: {}
scores:
  banked: {most: banked of X, name: points banked, goal: 100}
ranking: [banked]
counters:
  banked: {each: player, reset: never, shown: "has banked {}"}
  pot: {each: game, reset: turn, shown: "this turn: {}"}
  going: {each: game, reset: turn}
ends:
  goal: reached 100
piles:
  hand: {name: hand, each: player, seen_by: everyone}
  discard: {name: discard pile, each: game, seen_by: everyone}
timings:
  never: never played
setup: |
  start with me
turn: |
  set going to 1
  repeat while going = 1, at most 100:
    roll die into R
    if R = 1:
      set pot to 0
      set going to 0
    else:
      add R to pot
      choose word W from "roll again", "hold", every answer
      if W is "hold":
        add pot to banked of me
        set going to 0
  if banked of me >= 100:
    end game goal for me
deck:
  name: Cards
  cards:
    - {id: dummy, name: Dummy, count: 1, text: Never used., timing: never, starts_in: discard}
"""

LOTS = """\
format: 1
name: Lots (test game)
description: Bid coins for numbered lots; at the end each lot sells for its number.
how_to_play: |
  Each turn a lot comes up for auction. Bid coins for it in turn, or pass; the last bidder
  pays and takes it. When the lots run out, each lot you hold sells for its number, and
  the most money wins.
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b", token: red marker}
    - {id: blue, name: Blue, colour: "#2e86de", token: blue marker}
    - {id: green, name: Green, colour: "#27ae60", token: green marker}
board:
  zones:
    - {id: hall, name: Hall, colour: "#7f8c8d", values: [1]}
  stacks: cards
  ownership:
    rule: top_card
rules: {}
rule_kinds: {}
scores:
  money: {most: coins of X, name: money}
ranking: [money]
counters:
  coins: {each: player, reset: never, shown: "has {} coins"}
  high_bid: {each: game, reset: turn}
  leading: {each: player, reset: turn}
ends:
  sold: all lots sold
piles:
  deck: {name: lots to come, each: game, seen_by: nobody}
  lot: {name: lot on sale, each: game, seen_by: everyone}
  holdings: {name: lots held, each: player, seen_by: everyone}
  unsold: {name: lots unsold, each: game, seen_by: everyone}
timings:
  never: a lot, never played
setup: |
  shuffle deck
  for each player X:
    add 12 to coins of X
  start with me
turn: |
  put top card of deck on lot
  set high_bid to 0
  take turns P among players from me until all pass, at most 40:
    if leading of P = 1:
      pass
    else:
      choose number B from high_bid + 1 to coins of P by P, or pass, every answer
      set high_bid to B
      for each player Q:
        set leading of Q to 0
      set leading of P to 1
  for each player Q where leading of Q = 1:
    add 0 - high_bid to coins of Q
    put top card of lot on holdings of Q
  if (count card K in lot) > 0:
    put top card of lot on unsold
  if (count card K in deck) = 0:
    for each player X:
      for each card K in holdings of X:
        add value of K to coins of X
    end game sold for me
deck:
  name: Lots
  cards:
    - {id: lot3, name: Lot 3, count: 2, text: Sells for 3 at the end., timing: never, discard_to: unsold, value: 3, worth: 3}
    - {id: lot5, name: Lot 5, count: 2, text: Sells for 5 at the end., timing: never, discard_to: unsold, value: 5, worth: 5}
    - {id: lot8, name: Lot 8, count: 2, text: Sells for 8 at the end., timing: never, discard_to: unsold, value: 8, worth: 8}
"""


def pig(write, faces: list[int]):
    return load_variant(write(PIG.replace("FACES", str(faces)), "pig.yaml"))


def first_roll_or_hold(variant, pot: int):
    """A new game of Pig at its first question, roll again or hold, with `pot` in the pot."""
    game = new_game(variant, players=2, seed=3)
    while not (game.question.kind == "choose" and {a.arg for a in game.legal_actions()} == {"roll again", "hold"}):
        game.apply(game.legal_actions()[0])
    state_of(game).counters["pot"] = pot
    return game


@pytest.mark.parametrize("seed", range(3))
def test_greedy_rolls_again_when_a_roll_is_worth_more_than_the_pot(write, seed):
    """With five faces in six a 6, one more roll at 6 in the pot is worth 5/6 x 12 = 10 on
    average: greedy rolls (it held, every time, judging the pot banked against a roll not yet
    scored)."""
    game = first_roll_or_hold(pig(write, [1, 6, 6, 6, 6, 6]), pot=6)
    bot = make_bot("greedy", game.variant, seed)
    assert bot.choose(game.observation(game.current_player))["arg"] == "roll again"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_holds_when_a_roll_is_worth_less_than_the_pot(write, seed):
    """With five faces in six a 1, one more roll at 6 in the pot is worth 1/6 x 12 = 2: hold."""
    game = first_roll_or_hold(pig(write, [1, 1, 1, 1, 1, 6]), pot=6)
    bot = make_bot("greedy", game.variant, seed)
    assert bot.choose(game.observation(game.current_player))["arg"] == "hold"


def test_greedy_rolls_again_in_a_whole_game_of_pig(write):
    """Over whole games with a fair die, greedy both rolls again and holds, and holds a pot
    of 20 or more more often than one under 10 (one more roll gains while the pot is under 20)."""
    variant = pig(write, [1, 2, 3, 4, 5, 6])
    rolled = {"small": [0, 0], "large": [0, 0]}
    for seed in range(4):
        game = new_game(variant, players=2, seed=seed)
        bots = [make_bot("greedy", variant, seed * 10 + seat) for seat in range(2)]
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].choose(game.observation(seat))
            if action["arg"] in ("roll again", "hold"):
                pot = state_of(game).counters["pot"]
                size = "small" if pot < 10 else "large" if pot >= 20 else None
                if size:
                    rolled[size][action["arg"] == "roll again"] += 1
            game.apply(action)
    small_rate = rolled["small"][1] / max(1, sum(rolled["small"]))
    large_rate = rolled["large"][1] / max(1, sum(rolled["large"]))
    assert rolled["small"][1] > 0 and small_rate > large_rate


def lots(write, worth: bool):
    text = LOTS if worth else LOTS.replace(", worth: 3", "").replace(", worth: 5", "").replace(", worth: 8", "")
    return load_variant(write(text, "lots.yaml"))


def first_bid(variant):
    game = new_game(variant, players=2, seed=5)
    assert game.question.kind == "choose"
    return game


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_a_bot_bids_for_a_card_it_is_told_is_worth_something(write, bot):
    """A lot sells for 3 to 8 coins when the game ends: no score while held. With the cards'
    `worth` (docs/variants.md, the deck's cards), the first bot asked bids for the first lot
    rather than pass."""
    game = first_bid(lots(write, worth=True))
    chosen = make_bot(bot, game.variant, 1).choose(game.observation(game.current_player))
    assert chosen["arg"] != "pass"


def test_a_card_without_worth_is_worth_nothing_to_the_bots(write):
    """Without `worth`, nothing beyond a card in hand's worth: a lot in a pile of one's own
    is no score, and the bot asked first passes rather than pay for one."""
    game = first_bid(lots(write, worth=False))
    chosen = make_bot("greedy", game.variant, 1).choose(game.observation(game.current_player))
    assert chosen["arg"] == "pass"


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
@pytest.mark.parametrize("game_of", ["pig", "lots"])
def test_every_bot_plays_both_games_to_the_end(write, bot, game_of):
    variant = pig(write, [1, 2, 3, 4, 5, 6]) if game_of == "pig" else lots(write, worth=True)
    for players in (2, 3):
        game = new_game(variant, players=players, seed=players)
        bots = [make_bot(bot, variant, seat) for seat in range(players)]
        for _ in range(5000):
            if game.is_over:
                break
            seat = game.current_player
            game.apply(bots[seat].choose(game.observation(seat)))
        assert game.is_over
