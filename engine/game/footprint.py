"""How many bytes a copy of a game holds: what a bot's look-ahead budgets its copies by
(limits.MAX_LOOKAHEAD_BYTES, LOOKAHEAD_COPY_BYTES), and what `boardwalk check` estimates a
variant's bot games by (engine/variant/botcost.py).

Counted, not measured: from the lengths of the state's lists, field by field as STATE
declares them, at what CPython takes for a list and a reference on a 64-bit machine. A
figure read from the allocator would differ from one machine, Python or build to another,
and a bot whose look-ahead it bounds would then play another game there; this one is the
same for the same position everywhere. On Advance to Boardwalk grown to 520 spaces with 30
piles and 95 counters kept for each space, a copy counts 1.68 MB where tracemalloc sees
1.44 MB; a bundled game's, a few kilobytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game.state import STATE

if TYPE_CHECKING:
    from engine.game.game_state import GameState
    from engine.variant.model import Variant

LIST_BYTES = 72
"""A list with nothing in it: its header (56 bytes) and the garbage collector's (16)."""
ITEM_BYTES = 8
"""Each reference a list holds (the small numbers it refers to are shared, not copied)."""
SET_BYTES = 232
"""A set or a dict with few entries, with the collector's header."""
FRAME_BYTES = 400
"""A frame of the effect under way, with its variables: a few slots and a small dict."""
GAME_BYTES = 4_000
"""The game, its table and its interpreter, which every copy makes or reuses."""


def footprint(game: GameState) -> int:
    """The bytes a copy of `game` holds, as counted from its state (see the module's docstring)."""
    total = GAME_BYTES
    for field in STATE:
        total += _field_bytes(field.shape, getattr(game, field.name))
    return total


def _field_bytes(shape: str, value: Any) -> int:
    """The bytes of one field of the state, by its shape (state.Field.shape)."""
    if shape == "value":
        return 0
    if shape in ("ints", "cards", "lists"):  # a stack is shared by the copy until changed
        return LIST_BYTES + ITEM_BYTES * len(value)
    if shape == "card_lists":
        return LIST_BYTES + ITEM_BYTES * len(value) + sum(LIST_BYTES + ITEM_BYTES * len(pile) for pile in value)
    if shape in ("set", "dict"):
        return SET_BYTES + 2 * ITEM_BYTES * len(value)
    if shape == "dict_lists":
        lists = value.values()
        return SET_BYTES + 2 * ITEM_BYTES * len(lists) + sum(LIST_BYTES + ITEM_BYTES * len(items) for items in lists)
    assert shape == "frames", shape
    return LIST_BYTES + (ITEM_BYTES + FRAME_BYTES) * len(value)


def variant_footprint(variant: Variant, players: int) -> int:
    """`footprint` of a game of `variant` for `players`, worked out from the variant alone
    before any game (the check's estimate): every pile and counter list it keeps, each
    card held once, each space's stack and holder, each player's lists. What changes in
    play (where the cards lie, the frames under way) moves it by a few kilobytes."""
    spaces = len(variant.properties)
    each = {"game": 1, "player": players, "space": spaces}
    slots = sum(each[pile.each] for pile in variant.piles)
    cards = sum(card.count * (players if _own(variant, card.starts_in) else 1) for card in variant.cards)
    piles = LIST_BYTES + ITEM_BYTES * slots + slots * LIST_BYTES + ITEM_BYTES * cards
    lists = {"player": players, "space": spaces}
    counted = [lists[c.each] for c in variant.counters if c.each in lists]
    counters = 2 * SET_BYTES + 2 * ITEM_BYTES * len(variant.counters) + sum(LIST_BYTES + ITEM_BYTES * n for n in counted)
    per_space = 2 * (LIST_BYTES + ITEM_BYTES * spaces)  # stacks, holder
    per_player = 7 * (LIST_BYTES + ITEM_BYTES * players)  # supply, worth, held, tokens, positions, order, plays
    frames = LIST_BYTES + 8 * (ITEM_BYTES + FRAME_BYTES)  # the turn under way, its blocks, a hook, a question
    return GAME_BYTES + piles + counters + per_space + per_player + 2 * SET_BYTES + LIST_BYTES + frames


def _own(variant: Variant, pile_id: str) -> bool:
    """Whether a card starting in pile `pile_id` is dealt to each player (a pile of each)."""
    return any(pile.id == pile_id and pile.each == "player" for pile in variant.piles)
