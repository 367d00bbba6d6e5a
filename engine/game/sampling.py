"""Games a player could be in, given only what they know: for bots that search by sampling
the hidden cards (determinization). The sample keeps everything public and deals the unseen
cards at random to the other hands and the draw pile, with a fresh generator for the dice."""

from __future__ import annotations

from collections import Counter

from engine.game.game import Game
from engine.game.rng import GENERATORS
from engine.game.snapshot import _build
from engine.variant.model import Variant


def sample_game(variant: Variant, observation: dict, seed: int) -> Game:
    """A complete game consistent with `observation` (from `game.observation(player)`, taken
    when that player has the decision)."""
    state = dict(observation["state"])
    if state["pending"] is not None and state["pending"]["options"] is None:
        raise ValueError("sample a game only when the observing player has the decision")
    player = observation["player"]
    unseen = Counter({card.id: card.count for card in variant.cards})
    unseen.subtract(state["hands"][player])
    unseen.subtract(state["discard"])
    unseen.subtract(state["in_play"])
    pool = sorted(unseen.elements())
    rng = GENERATORS[state["format"]].from_seed(seed)
    rng.shuffle(pool)
    hands = []
    for index, hand in enumerate(state["hands"]):
        if index == player:
            hands.append(list(hand))
        else:
            size = observation["hand_sizes"][index]
            hands.append(pool[:size])
            pool = pool[size:]
    state["hands"] = hands
    state["pile"] = pool
    state["seed"] = seed
    state["rng"] = rng.to_data()
    return _build(variant, state)
