"""The greedy bot's choices and the sampler's deals stay exactly what they were, so that
making them faster changes no game: greedy is the balance lab's reference opponent, and the
deals decide what greedy and strong see.

The fixture tests/data/bot_pins.json was first made by the code of commit 82b68b7 (before any work
on their speed), with
    PYTHONPATH=. python tests/test_bot_choices_pinned.py --write
It holds, per bundled variant, a SHA-256 of every option index greedy chose in seeded games
(all seats greedy, and greedy against random, which reaches other positions), and one of
every game `sample_game` dealt at the decisions of a seeded random game. Only regenerate it
for a change that is meant to change greedy's games, and say so in the commit. It was last
made by the code of 33dc68a, when the variant's hash left the deals' digest.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from engine import load_variant
from engine.bots import make_bot
from engine.game.game_state import new_state
from engine.game.sampling import sample_game
from engine.game.snapshot import game_to_dict
from engine.resources import bundled_variant_names
from engine.simulate.play import derive_seed

PINS = Path(__file__).parent / "data" / "bot_pins.json"
MAX_DECISIONS = 160
"""Decisions played per game: a whole Boardwalk game, the start of a Monopoly Chance one (whose
greedy follows each choice through many more steps)."""


_ADDED_SINCE = ("decisions", "told", "worked", "positions", "next_player", "variant")
"""State added after the pins were made, left out of a deal's digest, which pins the cards
dealt: the safety nets' counts of a game (engine/effects/limits.py), and where tokens stand
on a board's loop and whose turn an effect said is next (issue 27, 2.3 and 2.10). And the
variant's name and hash: Advance to Boardwalk's file gained its `kinds:` (issue 27, 1)."""


def _tables(variant) -> list[tuple[int, tuple[str, ...], int]]:
    """(players, bot in each seat, seed) of the games pinned for a variant."""
    counts = variant.player_counts
    small, large = min(counts), max(counts)
    return [
        (small, ("greedy",) * small, 7),
        (large, ("greedy",) * large, 8),
        (large, tuple("greedy" if seat % 2 == 0 else "random" for seat in range(large)), 9),
    ]


def greedy_choices(name: str) -> dict:
    """How many choices greedy made among two or more options, and a digest of their indices."""
    variant = load_variant(name)
    digest = hashlib.sha256()
    choices = 0
    for players, seats, seed in _tables(variant):
        game = new_state(variant, players, seed=seed)
        bots = [make_bot(spec, variant, seed=derive_seed(seed, seat)) for seat, spec in enumerate(seats)]
        for _ in range(MAX_DECISIONS):
            if game.is_over:
                break
            player = game.current_player
            assert player is not None
            observation = game.observation(player)
            options = observation["decision"]["options"]
            action = bots[player].choose(observation)
            if seats[player] == "greedy" and len(options) > 1:
                digest.update(f"{options.index(action)},".encode())
                choices += 1
            game.apply(action)
        digest.update(f"|{game.turn_number}|".encode())
    return {"choices": choices, "sha256": digest.hexdigest()}


def sampled_deals(name: str) -> dict:
    """How many games `sample_game` dealt along a seeded random game, and a digest of them."""
    variant = load_variant(name)
    players = max(variant.player_counts)
    game = new_state(variant, players, seed=3)
    rnd = random.Random(3)
    digest = hashlib.sha256()
    deals = 0
    for step in range(MAX_DECISIONS):
        if game.is_over:
            break
        actions = game.legal_actions()
        if len(actions) > 1:
            player = game.current_player
            assert player is not None
            sampled = game_to_dict(sample_game(variant, game.observation(player), seed=step * 7919 + 1))
            for added in _ADDED_SINCE:
                sampled.pop(added, None)
            digest.update(json.dumps(sampled, sort_keys=True).encode())
            deals += 1
        game.apply(actions[rnd.randrange(len(actions))])
    return {"deals": deals, "sha256": digest.hexdigest()}


def _pins() -> dict:
    return json.loads(PINS.read_text(encoding="utf-8"))


PINNED = sorted(json.loads(PINS.read_text(encoding="utf-8"))["greedy"])
"""The variants bundled when the pins were made; one bundled later (Monopoly Builder, issue 28)
has no choices from before to be the same as, and its greedy play is still being taught."""


@pytest.mark.slow
@pytest.mark.parametrize("name", PINNED)
def test_greedy_makes_the_same_choices_as_before(name):
    assert greedy_choices(name) == _pins()["greedy"][name]


@pytest.mark.parametrize("name", PINNED)
def test_the_sampler_deals_the_same_games_as_before(name):
    assert sampled_deals(name) == _pins()["sampler"][name]


def test_every_pinned_variant_is_still_bundled():
    pins = _pins()
    assert set(pins["greedy"]) == set(pins["sampler"]) and set(PINNED) <= set(bundled_variant_names())


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: PYTHONPATH=. python tests/test_bot_choices_pinned.py --write")
    names = bundled_variant_names()
    pins = {"greedy": {n: greedy_choices(n) for n in names}, "sampler": {n: sampled_deals(n) for n in names}}
    PINS.write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PINS}")
