"""Games a player could be in, given only what they know: for bots that search by sampling
the hidden cards (determinization). The sample keeps everything public and deals the unseen
cards at random back into the piles the player cannot see, each pile keeping its size and
each card staying with its owner (a player's own deck holds only their cards), with a fresh
generator for the dice.

`Sampler` reads the observation once: which cards are unseen, in which order they are dealt,
and the game as observed (its hidden piles still empty). While `decide` waits for a bot, that
game is copied from the live one with what the player may not know taken out
(observation.public_game); from a plain observation, it is built from the entry "state".
Each deal is then a copy of that game with the unseen cards shuffled into it, so a search
dealing hundreds of times a decision reads and builds the observed game once. A deal depends only on the observation and the seed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.game.game import Game
from engine.game.observation import public_game
from engine.game.piles import PileLayout
from engine.game.rng import GENERATORS
from engine.game.rulebook import Rulebook, rulebook_for
from engine.game.snapshot import _build
from engine.variant.model import Variant


def sample_game(variant: Variant, observation: dict, seed: int) -> Game:
    """A complete game consistent with `observation` (from `game.observation(player)`, taken
    when that player has the decision)."""
    return Sampler(variant, observation).deal(seed, Sampler.itself)


class Sampler:
    """The games consistent with one observation, dealt by seed (`deal`)."""

    def __init__(self, variant: Variant, observation: dict):
        book = rulebook_for(variant)
        public = public_game(observation)
        if public is not None:
            observed, sizes = public
            layout = observed.layout
            in_play = observed.in_play
            piles: list[list[int] | None] = [
                pile if size is None else None for pile, size in zip(observed.piles, sizes)
            ]
        else:
            observed, layout, in_play, piles, sizes = _from_state(variant, book, observation)
        unseen = dict(_initial_counts(layout))
        for card in in_play:
            unseen[card] -= 1
        for pile in piles:
            for card in pile or ():
                unseen[card] -= 1
        # the unseen cards in code order, grouped by owner (0: the table's, k: player k - 1's)
        self.pools: dict[int, list[int]] = {}
        for card in sorted(unseen):
            if unseen[card] > 0:
                self.pools.setdefault(card // book.kinds, []).extend([card] * unseen[card])
        self.hidden: list[tuple[int, list[int], int]] = []
        """Each hidden pile: its slot, the owners whose cards fill it (in that order), its size."""
        for slot, pile in enumerate(piles):
            if pile is not None:
                continue
            owner = layout.slot_owner[slot] if layout.slot_pile[slot].each == "player" else None
            classes = [owner + 1, 0] if owner is not None else [0, *sorted(k for k in self.pools if k != 0)]
            self.hidden.append((slot, classes, sizes[slot]))  # type: ignore[arg-type]  # a hidden pile's size is known
        self.format = observed.compat
        self.observed = observed
        """The game as observed, its hidden piles empty: every deal is a copy of it."""

    def deal(self, seed: int, copy: Callable[[Game], Game] | None = None) -> Game:
        """A complete game: the unseen cards shuffled with a generator from `seed` and dealt
        into the hidden piles, and that generator, where the shuffles left it, for the dice.
        `copy` makes the copy of the observed game it is dealt into (a bot's own, reusing
        games: greedy.Scratch); by default `Game.copy`. A sampler used for one deal only may
        deal into the observed game itself (`copy=Sampler.itself`)."""
        rng = GENERATORS[self.format].from_seed(seed)
        pools = {owner: list(cards) for owner, cards in self.pools.items()}
        for pool in pools.values():
            rng.shuffle(pool)
        game = self.observed.copy() if copy is None else copy(self.observed)
        for slot, classes, size in self.hidden:
            filled: list[int] = []
            for key in classes:
                pool = pools.get(key, [])
                take = min(len(pool), size - len(filled))
                filled.extend(pool[:take])
                del pool[:take]
            game.piles[slot] = filled
        game.seed = seed
        game.rng = rng
        return game


    @staticmethod
    def itself(game: Game) -> Game:
        """No copy: the last deal of a sampler goes into its observed game."""
        return game


def _from_state(
    variant: Variant, book: Rulebook, observation: dict
) -> tuple[Game, PileLayout, list[int], list[list[int] | None], list[int | None]]:
    """The game as observed, read from the observation's plain data ("state" and "piles"):
    the game with its hidden piles empty, its layout, the cards in play, each pile's cards
    (None where hidden) and each hidden pile's size (None where seen)."""
    state = observation["state"]
    if state["pending"] is not None and state["pending"]["options"] is None:
        raise ValueError("sample a game only when the observing player has the decision")
    layout = book.layout(state["players"])
    piles = [None if pile is None else [book.card_code(ref) for ref in pile] for pile in state["piles"]]
    sizes = [entry["size"] if pile is None else None for pile, entry in zip(piles, observation["piles"])]
    emptied = {**state, "piles": [[] for _ in piles], "seed": 0, "rng": None}
    observed = _build(variant, emptied, GENERATORS[state["format"]].from_seed(0))
    observed.piles = [[] if pile is None else pile for pile in piles]
    in_play = [book.card_code(ref) for ref in state["in_play"]]
    return observed, layout, in_play, piles, sizes


_INITIAL: dict[int, tuple[PileLayout, dict[int, int]]] = {}


def _initial_counts(layout: PileLayout) -> dict[int, int]:
    """How many copies of each card code a game of this layout holds in all."""
    found = _INITIAL.get(id(layout))
    if found is None or found[0] is not layout:
        counts: dict[int, int] = {}
        for cards in layout.initial:
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
        found = _INITIAL[id(layout)] = (layout, counts)
    return found[1]
