"""Games a player could be in, given only what they know: for bots that search by sampling
the hidden cards (determinization). The sample keeps everything public and deals the unseen
cards at random back into the piles the player cannot see, each pile keeping its size and
each card staying with its owner (a player's own deck holds only their cards), with a fresh
generator for the dice."""

from __future__ import annotations

from collections import Counter

from engine.game.game import Game
from engine.game.rng import GENERATORS
from engine.game.rulebook import rulebook_for
from engine.game.snapshot import _build
from engine.variant.model import Variant


def sample_game(variant: Variant, observation: dict, seed: int) -> Game:
    """A complete game consistent with `observation` (from `game.observation(player)`, taken
    when that player has the decision)."""
    state = dict(observation["state"])
    if state["pending"] is not None and state["pending"]["options"] is None:
        raise ValueError("sample a game only when the observing player has the decision")
    book = rulebook_for(variant)
    layout = book.layout(state["players"])
    sizes = [pile["size"] for pile in observation["piles"]]
    unseen: Counter = Counter()
    for cards in layout.initial:
        unseen.update(cards)
    for ref in state["in_play"]:
        unseen[book.card_code(ref)] -= 1
    for pile in state["piles"]:
        for ref in pile or ():
            unseen[book.card_code(ref)] -= 1
    by_owner: dict[int, list[int]] = {}
    for code in sorted(unseen.elements()):
        by_owner.setdefault(code // book.kinds, []).append(code)
    rng = GENERATORS[state["format"]].from_seed(seed)
    for pool in by_owner.values():
        rng.shuffle(pool)
    hidden = [slot for slot, pile in enumerate(state["piles"]) if pile is None]
    piles = [None if pile is None else [book.card_code(ref) for ref in pile] for pile in state["piles"]]
    # a hidden pile of a player holds that player's cards; a hidden pile of the table, the rest
    for slot in hidden:
        owner = layout.slot_owner[slot] if layout.slot_pile[slot].each == "player" else None
        classes = [owner + 1, 0] if owner is not None else [0, *sorted(k for k in by_owner if k != 0)]
        filled: list[int] = []
        for key in classes:
            pool = by_owner.get(key, [])
            take = min(len(pool), sizes[slot] - len(filled))
            filled.extend(pool[:take])
            del pool[:take]
        piles[slot] = filled
    state["piles"] = [[book.card_ref(code) for code in pile or ()] for pile in piles]
    state["seed"] = seed
    state["rng"] = rng.to_data()
    return _build(variant, state)
