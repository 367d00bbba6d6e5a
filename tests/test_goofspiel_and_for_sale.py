"""Goofspiel and For Sale, two well-known games written from the docs as a new author would
(issue 47, "Proof: games nobody here wrote for the engine"; tests/data/goofspiel.yaml and
tests/data/for-sale.yaml): both bid a card of the hand in secret (`in secret, each player X
chooses card from hand of X into PILE`). Every bot plays each to its end at every player count
it supports, and the rules that can be checked from outside are: a card bid leaves the hand;
a tie for the highest bid discards the prize (our house ruling, as the game's help says);
passing in For Sale's auction takes the lowest property and half the bid back, and the last
bidder left pays in full for the highest."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import load_variant
from engine.bots import make_bot
from engine.game.game_state import GameState, new_state
from engine.game.invariants import broken_invariants
from engine.variant.load import check_variant

DATA = Path(__file__).parent / "data"
GAMES = {"goofspiel": (2, 3, 4), "for-sale": (3, 4)}
BOTS = ("random", "greedy", "strong:iterations=6")


@pytest.fixture(scope="module")
def variants():
    return {name: load_variant(DATA / f"{name}.yaml") for name in GAMES}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_checks_clean_even_strictly(name):
    result = check_variant(DATA / f"{name}.yaml")
    assert result.ok and not result.diagnostics, [d.message for d in result.diagnostics]


@pytest.mark.parametrize("name, players, bot", [
    pytest.param(name, players, bot, id=f"{name}-{players}-{bot.split(':')[0]}")
    for name, counts in sorted(GAMES.items()) for players in counts for bot in BOTS
])
def test_every_bot_plays_the_game_to_its_end_at_every_player_count(variants, name, players, bot):
    variant = variants[name]
    game = new_state(variant, players, seed=players)
    seated = [make_bot(bot, variant, seed=seat) for seat in range(players)]
    for _ in range(2000):
        if game.is_over:
            break
        player = game.current_player
        game.apply(seated[player].choose(game.observation(player)))
    assert game.is_over and game.result() is not None
    assert game.result().reason in {end for end, _ in variant.ends}  # by its own rule, not a safety limit
    assert broken_invariants(game) == []


def answer(game: GameState, arg) -> list:
    """The pending question answered with the option whose value is `arg`."""
    found = [a for a in game.legal_actions() if a.arg == arg]
    assert found, (arg, [a.arg for a in game.legal_actions()])
    return game.apply(found[0])


def cards_in(game: GameState, pile: str, owner: int | None = None) -> list[str]:
    names = game.texts.card_name
    return [names(code) for code in game.piles[game.layout.slot(pile, owner)]]


def value_card(game: GameState, value: int) -> int:
    """The code, in the hand of the player asked, of their card of `value`."""
    hand = game.piles[game.layout.slot("hand", game.current_player)]
    return next(code for code in hand if game.variant.cards[code % game.book.kinds].value == value)


# ----- Goofspiel -----------------------------------------------------------------------------------


def test_goofspiel_a_card_bid_is_gone_from_the_hand_and_the_highest_bid_alone_takes_the_prize(variants):
    game = new_state(variants["goofspiel"], 3, seed=1)
    prize = game.piles[game.layout.slot("prize")][-1]
    worth = game.variant.cards[prize % game.book.kinds].value
    for value in (13, 12, 11):  # Red bids the King, Blue the Queen, Green the Jack
        answer(game, value_card(game, value))
    assert [len(game.piles[game.layout.slot("hand", p)]) for p in range(3)] == [12, 12, 12]
    assert [cards_in(game, "bids", p) for p in range(3)] == [["King"], ["Queen"], ["Jack"]]
    assert "King" not in cards_in(game, "hand", 0)
    assert game.player_counters["points"] == [worth, 0, 0]
    assert game.piles[game.layout.slot("won", 0)] == [prize]


def test_goofspiel_a_tie_for_the_highest_bid_discards_the_prize(variants):
    """Our ruling (the game's how_to_play): a tie for the highest bid wins nothing, and the prize
    is discarded, though a lower bid was made alone."""
    game = new_state(variants["goofspiel"], 3, seed=1)
    prize = game.piles[game.layout.slot("prize")][-1]
    for value in (9, 9, 2):
        answer(game, value_card(game, value))
    assert game.player_counters["points"] == [0, 0, 0]
    assert game.piles[game.layout.slot("lost")] == [prize]
    assert all(not game.piles[game.layout.slot("won", p)] for p in range(3))


# ----- For Sale ------------------------------------------------------------------------------------


def market_values(game: GameState) -> list[int]:
    kinds, cards = game.book.kinds, game.variant.cards
    return sorted(cards[code % kinds].value or 0 for code in game.piles[game.layout.slot("market")])


def test_for_sale_passing_takes_the_lowest_property_and_half_the_bid_back(variants):
    """Red bids 5, Blue 6; Green passes without a bid (the lowest, for nothing), Red passes at 5
    (the next lowest, 2 of the 5 back: it pays 3), and Blue, the last left, pays its 6 for the
    highest and starts the next round."""
    game = new_state(variants["for-sale"], 3, seed=2)
    low, middle, high = market_values(game)
    values = {code: game.variant.cards[code % game.book.kinds].value for code in game.piles[game.layout.slot("market")]}
    answer(game, 5)  # Red: a raise is one question, the pass beside its numbers (issue 47, pilewords)
    answer(game, 6)  # Blue
    answer(game, "pass")  # Green, out of the auction: not asked again
    assert game.current_player == 0
    answer(game, "pass")  # Red
    assert game.player_counters["coins"] == [15, 12, 18]
    taken = [[values[code] for code in game.piles[game.layout.slot("hand", p)]] for p in range(3)]
    assert taken == [[middle], [high], [low]]
    assert game.turn_player == 1 and game.counters["round"] == 2 and len(game.piles[game.layout.slot("market")]) == 3


@pytest.mark.parametrize("players, left_out", [(3, 6), (4, 2)])
def test_for_sale_plays_with_24_cards_of_each_at_3_players_and_28_at_4(variants, players, left_out):
    """The rules: with 3 players, 6 properties and 6 cheques go back in the box unseen; with 4,
    2 of each. Every round then deals as many as there are players, to the last card."""
    game = new_state(variants["for-sale"], players, seed=5)
    kinds, cards = game.book.kinds, game.variant.cards
    box = [cards[code % kinds].id for code in game.piles[game.layout.slot("box")]]
    assert sum(card.startswith("property") for card in box) == left_out
    assert sum(card.startswith("cheque") for card in box) == left_out
    assert (30 - left_out) % players == 0
