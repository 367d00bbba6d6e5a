"""Where a variant's piles sit in a game's state, and what each player may see of them.

All the piles of a game are one list of lists (`Game.piles`); a pile of the table takes one
slot, a pile of each player one slot per player, a pile of each space one slot per space. The
layout depends only on the variant and the number of players, so it is worked out once and
shared by every game of that size.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.variant.model import Pile, Variant


def card_code(kind: int, owner: int | None, kinds: int) -> int:
    """A card as the state holds it: its kind, and the player it belongs to if any."""
    return kind if owner is None else kind + kinds * (owner + 1)


@dataclass(frozen=True, slots=True)
class PileLayout:
    base: dict[str, int]
    """The first slot of each pile; a pile of each player or space continues from there."""
    slots: int
    slot_pile: tuple[Pile, ...]
    slot_owner: tuple[int | None, ...]
    """Whose each slot is: the player (or space) index, None for a pile of the table."""
    initial: tuple[tuple[int, ...], ...]
    """What each slot holds before the setup runs: the cards' copies, in the deck's order."""
    hand: int = -1
    """The first slot of the pile `hand` (the cards a player may play), -1 when the variant
    has none: then every player's hand is empty."""
    played: tuple[int, ...] = ()
    """The first slots of the piles of each player a player may play cards from, in the order
    the variant lists them: the hand, and each pile marked `played_from`."""
    hidden_from: tuple[tuple[bool, ...], ...] = ()
    """For each player, for each slot: whether they may not see which cards it holds (`seen`
    worked out once, for the look-ahead that notes what it reads: expressions.peek)."""
    hidden_slots: tuple[tuple[int, ...], ...] = ()
    """For each player, the slots whose cards they may not see (those of `hidden_from`): the
    game a bot knows is made at every decision by emptying these, a few of Monopoly
    Builder's 170 slots."""

    def slot(self, pile: str, owner: int | None = None) -> int:
        return self.base[pile] + (owner or 0)

    def seen(self, slot: int, viewer: int | None) -> bool:
        """Whether `viewer` may see which cards the slot holds (None: a spectator, who is no
        seat and sees only the piles everyone sees)."""
        seen_by = self.slot_pile[slot].seen_by
        if seen_by == "everyone":
            return True
        return (viewer is not None and seen_by == "owner" and self.slot_pile[slot].each == "player"
                and self.slot_owner[slot] == viewer)


def layout_for(variant: Variant, players: int) -> PileLayout:
    base: dict[str, int] = {}
    slot_pile: list[Pile] = []
    slot_owner: list[int | None] = []
    spaces = len(variant.properties)
    for pile in variant.piles:
        base[pile.id] = len(slot_pile)
        owners: list[int | None] = (
            list(range(players)) if pile.each == "player" else list(range(spaces)) if pile.each == "space" else [None]
        )
        for owner in owners:
            slot_pile.append(pile)
            slot_owner.append(owner)
    initial: list[list[int]] = [[] for _ in slot_pile]
    kinds = len(variant.cards)
    for kind, card in enumerate(variant.cards):
        pile = variant.pile(card.starts_in)
        if pile.each == "player":
            for player in range(players):
                initial[base[pile.id] + player].extend([card_code(kind, player, kinds)] * card.count)
        elif pile.each == "space":  # `count` copies on each space (of the card's zone, or its own space)
            for space, prop in enumerate(variant.properties):
                if (card.zone is None or prop.zone == card.zone) and (card.space is None or space == card.space):
                    initial[base[pile.id] + space].extend([kind] * card.count)
        else:
            initial[base[pile.id]].extend([kind] * card.count)
    hand = base["hand"] if "hand" in base and variant.pile("hand").each == "player" else -1
    played = tuple(
        base[pile.id] for pile in variant.piles if pile.each == "player" and (pile.played_from or base[pile.id] == hand)
    )
    layout = (base, len(slot_pile), tuple(slot_pile), tuple(slot_owner), tuple(tuple(s) for s in initial))
    made = PileLayout(*layout, hand, played)
    hidden = tuple(tuple(not made.seen(slot, player) for slot in range(made.slots)) for player in range(players))
    slots = tuple(tuple(slot for slot, unseen in enumerate(row) if unseen) for row in hidden)
    return PileLayout(*layout, hand, played, hidden, slots)
