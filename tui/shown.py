"""The variant as the screens show it: every text its author wrote made visible (or, for the
help, escaped for Markdown). A module of its own because the session, the help and the start
screen all show the variant, and none of them should need another to do it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from engine.variant.model import Noun, Variant
from engine.visible import visible

T = TypeVar("T")


def shown_variant(variant: Variant, seen: Callable[[str], str] = visible) -> Variant:
    """The variant with every text its author wrote passed through `seen` (`engine.visible`
    unless told otherwise): names, card texts, the money format. Ids keep their checked form;
    effects are not text."""
    return replace(
        variant,
        name=seen(variant.name),
        edition=seen(variant.edition),
        source=seen(variant.source),
        description=seen(variant.description),
        how_to_play=seen(variant.how_to_play),
        rules_said=tuple(seen(sentence) for sentence in variant.rules_said),
        setups=tuple(replace(s, rules_said=tuple(seen(sentence) for sentence in s.rules_said)) for s in variant.setups),
        properties=tuple(replace(p, name=None if p.name is None else seen(p.name)) for p in variant.properties),
        timings=tuple((key, seen(words)) for key, words in variant.timings),
        scores=tuple(replace(score, name=seen(score.name), goal_name=seen(score.goal_name)) for score in variant.scores),
        piles=tuple(replace(pile, name=seen(pile.name), mark=None if pile.mark is None else seen(pile.mark))
                    for pile in variant.piles),
        counters=tuple(replace(c, shown=None if c.shown is None else seen(c.shown),
                               counts=None if c.counts is None else seen(c.counts), name=seen_noun(c.name, seen))
                       for c in variant.counters),
        unit=seen_noun(variant.unit, seen),
        money=seen(variant.money),
        deck_name=seen(variant.deck_name),
        seats=tuple(replace(seat, name=seen(seat.name), token=seen(seat.token)) for seat in variant.seats),
        zones=tuple(replace(zone, name=seen(zone.name)) for zone in variant.zones),
        cards=tuple(replace(card, name=seen(card.name), text=seen(card.text)) for card in variant.cards),
        pieces=tuple(replace(piece, name=seen(piece.name)) for piece in variant.pieces),
        ends=tuple((key, seen(words)) for key, words in variant.ends),
        kinds=tuple((key, seen(words)) for key, words in variant.kinds),
        dice=tuple(replace(die, says=tuple((face, seen(words)) for face, words in die.says)) for die in variant.dice),
        reference=None if variant.reference is None else replace(
            variant.reference, name=seen(variant.reference.name), rows=tuple(seen(row) for row in variant.reference.rows)),
    )


def seen_noun(noun: Noun, seen: Callable[[str], str]) -> Noun:
    return Noun(seen(noun.one), seen(noun.many))


def once_per_variant(read: Callable[[Variant], T]) -> Callable[[Variant], T]:
    """`read(variant)` worked out once for each variant, which never changes: a session is
    made for every step of the last-moves viewer (two a key press), and each walked every
    program of the variant three times and copied its texts, some ten milliseconds of the
    step in Monopoly Builder. Kept by the variant's identity, with the variant, so that an
    id used again by another variant is not mistaken for it."""
    found: dict[int, tuple[Variant, T]] = {}

    def cached(variant: Variant) -> T:
        hit = found.get(id(variant))
        if hit is None or hit[0] is not variant:
            hit = found[id(variant)] = (variant, read(variant))
        return hit[1]

    cached.__doc__ = read.__doc__
    return cached


shown = once_per_variant(shown_variant)
"""The variant as the session's screens show it (`shown_variant` with `visible`), made once."""
