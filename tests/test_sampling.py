"""Sampling the hidden cards (engine/game/sampling.py): a bot's `Sampler` built while `decide`
waits (from the live game, observation.public_game) deals exactly the games one built from
the plain observation deals, so what a bot can know is what the observation says, and a
greedy or strong bot plays the same games either way."""

from __future__ import annotations

import random

import pytest

from engine import load_variant, new_game
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
