"""The game as one player knows it, made from the game itself: the piles they may not see
emptied, the cards in effects' variables that they may not see taken out, a fresh generator. What
`observation.public_game` hands the sampler at each decision of a bot that looks ahead, so
compiled with the kernel (engine/accel.py): written in plain Python, it was a tenth of the
greedy bot's time in Monopoly Builder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.expressions import card_ref
from engine.core.frames import Asked, Seen, strip_cards
from engine.core.refs import IN_PLAY
from engine.game.rng import GENERATORS
from engine.game.state import copy_state

if TYPE_CHECKING:
    from engine.game.game_state import GameState  # which imports the observation, which imports this

_SEED_0: dict[int, Any] = {}


def _from_seed_0(compat: int) -> Any:
    """A new generator of this format from seed 0 (a copy of one made once: making one from
    a seed hashes it, about as much work as copying a game)."""
    found = _SEED_0.get(compat)
    if found is None:
        found = _SEED_0[compat] = GENERATORS[compat].from_seed(0)
    return found.copy()


def card_seen(game: GameState, player: int | None) -> Seen:
    """Whether `player` (None: a spectator) may see the card a variable holds, given as plain
    data ([code, place], frames.plain): when it lies now where it was named (CardRef.place),
    and that place is one they see: in play, on a space, or a pile slot they may see (its
    pile face up, or their own). A bare code (place unknown), or a card gone from its place,
    is one they may not: it may have gone into a hidden pile."""
    seen, piles, stacks, in_play = game.layout.seen, game.piles, game.stacks, game.in_play

    def card(value: Any) -> bool:
        if type(value) is not list:
            return False
        code, place = value
        if place == IN_PLAY:
            return code in in_play
        if place < 0:
            return code in stacks[-1 - place]
        return code in piles[place] and seen(place, player)

    return card


def known_card(game: GameState, player: int) -> Seen:
    """A card a variable holds (as plain data) as the game `player` knows holds it: the card
    again (as state.read_state makes it) if they may see it (`card_seen`), else None."""
    seen = card_seen(game, player)
    return lambda value: card_ref(value[0], value[1]) if seen(value) else None


def known_game(game: GameState, player: int, into: GameState | None = None) -> tuple[GameState, list[int | None]]:
    """`game` as `player` knows it, made in `into` when it fits (see `observation.public_game`),
    with, for each pile slot, its size if the player may not see it (the pile is then empty),
    else None."""
    if into is not None and into.variant is game.variant and into.n == game.n and into.compat == game.compat:
        known = into
        known.seed = 0
        known.rng = _from_seed_0(game.compat)
        known.telling = True
        known.meter = None
        known.last_turn = -1
    else:
        known = type(game)(game.variant, game.n, 0, game.compat, _from_seed_0(game.compat))
    if game.book.stacks_scored:
        game.stacks_key_now()  # made once for every decision until the stacks change (Table.stacks_key)
    copy_state(game, known)
    sizes: list[int | None] = [None] * len(known.piles)
    piles = known.piles
    for slot in game.layout.hidden_slots[player]:
        sizes[slot] = len(piles[slot])
        piles[slot] = []
    card_names, seen = game.book.card_names, known_card(game, player)
    for frame in known.frames:  # copies already (copy_state)
        strip_cards(frame, card_names, seen)
        if frame.keeps_secrets:  # another's secret pick (engine/words/secret.py)
            frame.conceal(player)
    pending = game.asked
    known.asked = None if pending is None else Asked(pending.kind, pending.player, game.legal_actions())
    known.worked = 0  # as in "state": it counts searches among cards the player may not see
    known._events = []
    known.setup_events = []
    known.card_began = {}
    known.cards_unacted = True  # as a game read from a snapshot
    return known, sizes
