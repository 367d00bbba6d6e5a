"""Games a player could be in, given only what they know: for bots that search by sampling
the hidden cards (determinization). The sample keeps everything public and deals the unseen
cards at random back into the piles the player cannot see, each pile keeping its size and
each card staying with its owner (a player's own deck holds only their cards), guesses the
others' secret picks made so far (each one of its chooser's options, at random), with a fresh
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

from engine.game.game_state import GameState
from engine.game.observation import public_game
from engine.game.piles import PileLayout
from engine.game.rng import GENERATORS
from engine.game.rulebook import Rulebook, rulebook_for
from engine.game.snapshot import _build
from engine.variant.model import Variant


def sample_game(variant: Variant, observation: dict, seed: int) -> GameState:
    """A complete game consistent with `observation` (from `game.observation(player)`, taken
    when that player has the decision)."""
    return Sampler(variant, observation).deal(seed, Sampler.itself)


class Sampler:
    """The games consistent with one observation, dealt by seed (`deal`)."""

    def __init__(self, variant: Variant, observation: dict, into: GameState | None = None):
        """`into`: a game the caller is done with, which the observed game may be made in
        (observation.public_game); the caller must not use it again."""
        book = rulebook_for(variant)
        public = public_game(observation, into)
        if public is not None:
            observed, sizes = public
            layout = observed.layout
            in_play = observed.in_play
            piles: list[list[int] | None] = [
                pile if size is None else None for pile, size in zip(observed.piles, sizes)
            ]
        else:
            observed, layout, in_play, piles, sizes = _from_state(variant, book, observation)
        unseen = list(_initial_counts(layout))  # by card code: what is counted, less what is seen
        for card in in_play:
            unseen[card] -= 1
        for pile in piles:
            if pile:
                for card in pile:
                    unseen[card] -= 1
        if book.cards_stacked:  # the cards on the spaces are in plain view too
            for stack in observed.stacks:
                for card in stack:
                    unseen[card] -= 1
        # the unseen cards in code order, grouped by owner (0: the table's, k: player k - 1's)
        self.pools: dict[int, list[int]] = {}
        kinds = book.kinds
        for card, count in enumerate(unseen):
            if count > 0:
                self.pools.setdefault(card // kinds, []).extend([card] * count)
        self.hidden: list[tuple[int, list[int], int]] = []
        """Each hidden pile: its slot, the owners whose cards fill it (in that order), its size."""
        for slot, pile in enumerate(piles):
            if pile is not None:
                continue
            owner = layout.slot_owner[slot] if layout.slot_pile[slot].each == "player" else None
            classes = [owner + 1, 0] if owner is not None else [0, *sorted(k for k in self.pools if k != 0)]
            self.hidden.append((slot, classes, sizes[slot]))  # type: ignore[arg-type]  # a hidden pile's size is known
        self.known: list[int] = _known_contents(self.hidden, self.pools)
        """The hidden piles whose cards the player knows, only not in what order: each is
        filled with the whole of every pool of unseen cards it takes from, and no other pile
        takes from those (such as a draw deck of each player's own). In every deal
        such a pile holds exactly its true cards, so the chance that its top card is of a
        kind is that kind's share of its cards, worked out without sampling (`top_odds`)."""
        self.player: int | None = observation["player"]
        """The player the games are dealt for: every other player's secret pick is guessed
        in each deal (Frame.guess)."""
        self.format = observed.compat
        self.observed = observed
        """The game as observed, its hidden piles empty: every deal is a copy of it."""

    def deal(self, seed: int, copy: Callable[[GameState], GameState] | None = None) -> GameState:
        """A complete game: the unseen cards shuffled with a generator from `seed` and dealt
        into the hidden piles, and that generator, where the shuffles left it, for the dice.
        `copy` makes the copy of the observed game it is dealt into (a bot's own, reusing
        games: greedy.Scratch); by default `GameState.copy`. A sampler used for one deal only may
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
        for frame in game.frames:
            if frame.keeps_secrets:  # the others' secret picks, forgotten (known.py): guessed anew
                frame.guess(game, self.player, rng)
        game.seed = seed
        game.rng = rng
        return game


    @staticmethod
    def itself(game: GameState) -> GameState:
        """No copy: the last deal of a sampler goes into its observed game."""
        return game


def top_odds(pile: list[int]) -> list[tuple[int, float]]:
    """The chance of each card (code) being on top of a pile whose cards are known but not
    their order, each distinct card once, in the order of their first copy from the top:

    >>> top_odds([7, 3, 7, 7])
    [(7, 0.75), (3, 0.25)]
    """
    counts: dict[int, int] = {}
    for code in reversed(pile):
        counts[code] = counts.get(code, 0) + 1
    total = len(pile)
    return [(code, count / total) for code, count in counts.items()]


def put_on_top(pile: list[int], code: int) -> None:
    """Bring the copy of `code` nearest the top of `pile` to the top, the card that was there
    taking its place: the same cards, one of the orders in which `code` is drawn next."""
    top = len(pile) - 1
    for index in range(top, -1, -1):
        if pile[index] == code:
            pile[index], pile[top] = pile[top], pile[index]
            return
    raise ValueError(f"card {code} is not in the pile")


def _known_contents(hidden: list[tuple[int, list[int], int]], pools: dict[int, list[int]]) -> list[int]:
    """The slots of `Sampler.hidden` whose piles hold the same cards in every deal (see
    `Sampler.known`): the fill of `Sampler.deal` worked out by counts alone."""
    left = {owner: len(cards) for owner, cards in pools.items()}
    takes: list[dict[int, int]] = []
    takers: dict[int, int] = {}
    for _slot, classes, size in hidden:
        took: dict[int, int] = {}
        filled = 0
        for key in classes:
            take = min(left.get(key, 0), size - filled)
            if take > 0:
                took[key] = take
                takers[key] = takers.get(key, 0) + 1
                left[key] -= take
                filled += take
        takes.append(took)
    known = []
    for (slot, _classes, size), took in zip(hidden, takes, strict=True):
        if size > 0 and all(takers[key] == 1 and take == len(pools[key]) for key, take in took.items()):
            known.append(slot)
    return known


def _from_state(
    variant: Variant, book: Rulebook, observation: dict
) -> tuple[GameState, PileLayout, list[int], list[list[int] | None], list[int | None]]:
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


_INITIAL: dict[int, tuple[PileLayout, list[int]]] = {}


def _initial_counts(layout: PileLayout) -> list[int]:
    """How many copies of each card code a game of this layout holds in all, by code (a list,
    not a dict: the sampler counts off every card in sight at each decision)."""
    found = _INITIAL.get(id(layout))
    if found is None or found[0] is not layout:
        counts: list[int] = []
        for cards in layout.initial:
            for card in cards:
                if card >= len(counts):
                    counts.extend([0] * (card + 1 - len(counts)))
                counts[card] += 1
        found = _INITIAL[id(layout)] = (layout, counts)
    return found[1]
