"""Sampling the hidden cards (engine/game/sampling.py): a bot's `Sampler` built while `decide`
waits (from the live game, observation.public_game) deals exactly the games one built from
the plain observation deals, so what a bot can know is what the observation says, and a
greedy or strong bot plays the same games either way."""

from __future__ import annotations

import random

import pytest

from engine import load_variant, new_game
from engine.game.game import WorkMeter
from engine.game.observation import decide, public_game
from engine.game.sampling import Sampler
from engine.game.snapshot import game_to_dict
from engine.resources import bundled_variant_names


def _decisions(variant, players: int, seed: int, count: int):
    """Games stopped at decisions of every kind along random games, as they come, each with
    the player who has the decision."""
    rnd = random.Random(seed)
    game = new_game(variant, players, seed=seed)
    seen = 0
    while not game.is_over and seen < count:
        yield game, game.current_player
        seen += 1
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])


def _sampled_both_ways(game, player: int, variant) -> tuple[Sampler, Sampler]:
    live = decide(lambda observation: Sampler(variant, observation), game, player)
    plain = Sampler(variant, game.observation(player))
    return live, plain


def _dealt(sampler: Sampler, seed: int) -> dict:
    game = sampler.deal(seed)
    data = game_to_dict(game)
    data["frames"] = [repr(frame.to_dict()) for frame in game.frames]  # a card variable's place too
    data["events"] = [event.kind for event in game._events] + [event.kind for event in game.setup_events]
    data["cards_unacted"] = game.cards_unacted
    return data


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_variant_names())
def test_a_sampler_built_from_the_live_game_deals_what_one_built_from_the_observation_deals(name):
    variant = load_variant(name)
    players = max(variant.player_counts) if 4 not in variant.player_counts else 4
    compared = 0
    for game, player in _decisions(variant, players, seed=7, count=150):
        live, plain = _sampled_both_ways(game, player, variant)
        assert live.pools == plain.pools
        assert live.hidden == plain.hidden
        assert live.format == plain.format
        for seed in (0, 1 << 40):
            assert _dealt(live, seed) == _dealt(plain, seed)
        compared += 1
    assert compared > 20


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_variant_names())
def test_the_game_a_player_knows_made_in_a_game_a_bot_is_done_with_deals_as_one_made_new(name):
    """A bot hands the sampler a game its look-ahead is done with (observation.public_game's
    `into`): whatever that game held (a later position, a look-ahead's meter, events not
    told, windows noted), the games dealt are the ones a new game gives."""
    variant = load_variant(name)
    players = max(variant.player_counts) if 4 not in variant.player_counts else 4
    used = new_game(variant, players, seed=99)
    rnd = random.Random(4)
    compared = 0
    for game, player in _decisions(variant, players, seed=11, count=60):
        fresh = decide(lambda observation: Sampler(variant, observation), game, player)
        spare = used.copy()
        spare.telling = False
        spare.meter = WorkMeter(1000)
        made = decide(lambda observation, spare=spare: Sampler(variant, observation, spare), game, player)
        assert made.observed is spare
        for seed in (0, 1 << 40):
            assert _dealt(made, seed) == _dealt(fresh, seed)
        assert made.observed.telling and made.observed.meter is None
        compared += 1
        if not used.is_over:  # the next spare comes from further on in another game
            actions = used.legal_actions()
            used.apply(actions[rnd.randrange(len(actions))])
    assert compared > 20


def test_the_game_a_player_knows_leaves_out_the_hidden_cards_and_the_generator():
    """rulebooks: the draw pile is face down and each hand is its holder's alone."""
    variant = load_variant("winning-moves-2016")
    for game, player in _decisions(variant, 4, seed=3, count=60):
        known, sizes = decide(public_game, game, player)
        for slot, size in enumerate(sizes):
            if game.layout.seen(slot, player):
                assert size is None and known.piles[slot] == game.piles[slot]
            else:
                assert size == len(game.piles[slot]) and known.piles[slot] == []
        assert known.seed == 0 and known.rng.to_data() != game.rng.to_data()
        assert known._events == [] and known.setup_events == []


def test_the_game_a_player_knows_shares_nothing_with_the_game_itself():
    variant = load_variant("winning-moves-2016")
    for game, player in _decisions(variant, 4, seed=5, count=40):
        before = game_to_dict(game)
        known, _ = decide(public_game, game, player)
        rnd = random.Random(1)
        while not known.is_over and known.turn_number < game.turn_number + 3:
            actions = known.legal_actions()
            known.apply(actions[rnd.randrange(len(actions))])
        assert game_to_dict(game) == before


def test_only_the_player_with_the_decision_and_only_while_it_waits_gets_the_game_they_know():
    variant = load_variant("winning-moves-2016")
    game = new_game(variant, 3, seed=2)
    player = game.current_player
    other = (player + 1) % 3
    assert decide(public_game, game, other) is None
    assert public_game(game.observation(player)) is None  # a plain observation reads no game
    kept = decide(lambda observation: observation, game, player)
    assert public_game(kept) is None  # its decision is over


# ----- a pile whose cards a player knows, only not their order --------------------------------


def _flip_decisions(players: int, seed: int, count: int):
    """Monopoly Chance games stopped where the player on turn chooses to flip or cash out."""
    variant = load_variant("monopoly-chance")
    for game, player in _decisions(variant, players, seed, 400):
        if count == 0:
            return
        options = game.legal_actions()
        if game.decision == "choose" and [o.arg for o in options] == ["flip", "cash out"]:
            count -= 1
            yield game, player


def test_a_player_knows_what_is_left_in_their_own_deck_only_not_its_order():
    """monopoly-chance.txt: each player flips from their own deck; every card they flipped,
    placed, kept or discarded is in plain view, so what is left in the deck is known, and
    every deal holds exactly those cards there, whatever the seed."""
    variant = load_variant("monopoly-chance")
    checked = 0
    for game, player in _flip_decisions(3, seed=4, count=12):
        sampler = Sampler(variant, game.observation(player))
        for owner in range(game.n):
            slot = game.layout.slot("deck", owner)
            assert slot in sampler.known
            for seed in (1, 2, 3):
                assert sorted(sampler.deal(seed).piles[slot]) == sorted(game.piles[slot])
        checked += 1
    assert checked == 12


def test_the_chance_of_a_bankrupt_on_the_next_flip_is_worked_out_from_the_observation_alone():
    """issue 26: "the chance of a Bankrupt on the next flip can be worked out exactly, without
    sampling". The chances of the top card, from any deal, are the player's own Bankrupts not
    in sight (their copies less those the observation shows) over the deck's size in the
    observation; and a game differing only in the deck's order (the same observation) gives
    the same chances."""
    from engine.game.sampling import top_odds

    variant = load_variant("monopoly-chance")
    copies = next(card.count for card in variant.cards if card.id == "bankrupt")
    checked = 0
    for game, player in _flip_decisions(2, seed=6, count=10):
        observation = game.observation(player)
        seen = [ref for pile in observation["state"]["piles"] if pile is not None for ref in pile]
        seen += observation["state"]["in_play"]
        left = copies - seen.count(["bankrupt", player])
        size = next(e["size"] for e in observation["piles"] if e["pile"] == "deck" and e["owner"] == player)
        slot = game.layout.slot("deck", player)
        bankrupt = game.book.card_code(["bankrupt", player])
        twin = game.copy()
        random.Random(checked).shuffle(twin.piles[slot])
        assert twin.observation(player) == observation
        for known in (game, twin):
            dealt = Sampler(variant, known.observation(player)).deal(seed=checked)
            odds = dict(top_odds(dealt.piles[slot]))
            assert odds.get(bankrupt, 0.0) == pytest.approx(left / size)
            assert sum(odds.values()) == pytest.approx(1.0)
        checked += 1
    assert checked == 10


def test_a_card_brought_to_the_top_leaves_the_same_cards_in_the_pile():
    from engine.game.sampling import put_on_top, top_odds

    pile = [4, 9, 4, 1]
    put_on_top(pile, 9)
    assert pile[-1] == 9 and sorted(pile) == [1, 4, 4, 9]
    assert top_odds([7, 3, 7, 7]) == [(7, 0.75), (3, 0.25)]
    with pytest.raises(ValueError):
        put_on_top(pile, 5)
