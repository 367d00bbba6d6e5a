"""What an effect of a variant may name, as the checker needs it (`EffectContext`): the
variant's zones, dice, counters, piles, routines, kinds, and how large its collections may
be (`Sizes`), read defensively from the document, which may not have passed the schema."""


from __future__ import annotations

from dataclasses import replace

from engine.effects.check import HOOK_NAMES, EffectContext
from engine.effects.cost import Sizes
from engine.variant import schema
from engine.variant.find import VariantNotFound as VariantNotFound  # re-exported: engine.VariantNotFound
from engine.variant.model import DISCARDED_TO
from engine.variant.yamlsource import LocDict


class Contexts:
    """The context of each text of one variant (`_context`), what the timing does not change
    worked out once: worked out for each card, it went through every card each time, and a
    thousand cards took seconds."""

    def __init__(self, document: LocDict):
        self.document = document
        self.common: EffectContext | None = None
        self.routines: frozenset[str] = frozenset()
        """The routines the variant names (`_parse_routines`)."""
        self.costs: dict[str, tuple[int, int]] = {}
        """The worst case of each routine checked so far: (steps, work), see cost.Sizes."""
        self.params: dict[str, tuple[tuple[str, str], ...]] = {}
        """lang47, parameters: what each routine parsed takes (`takes`)."""
        self.tests: dict[str, tuple[tuple[str, str], ...]] = {}
        """lang47, named tests: what each named test takes."""
        self.test_costs: dict[str, int] = {}
        """lang47, named tests: each named test's worst case in steps, checked so far."""

    def __call__(self, timing: str, program: bool = False) -> EffectContext:
        if self.common is None:
            self.common = context_of(self.document, "end_of_turn")
        costs = tuple((name, steps, work) for name, (steps, work) in self.costs.items())
        return replace(
            self.common, timing=timing, given=HOOK_NAMES.get(timing, {}) if program else {}, program=program,
            routines=self.routines or self.common.routines,
            sizes=replace(self.common.sizes, routines=costs, tests=tuple(self.test_costs.items())),
            routine_params=self.params, tests=self.tests,
        )


def context_of(document: LocDict, timing: str, program: bool = False) -> EffectContext:
    """What a card's effect or a program may name in this variant: its zones, the words its
    dice can show, its dice, its rules with their kinds and words, its endings."""
    board = document.get("board")
    zones_raw = board.get("zones") if isinstance(board, dict) else None
    zones = frozenset(
        z["id"]
        for z in (zones_raw if isinstance(zones_raw, list) else [])
        if isinstance(z, dict) and isinstance(z.get("id"), str)
    )
    ends = document.get("ends")
    faces, dice = _dice_words(document, zones)
    piles = document.get("piles")
    routines, scores = document.get("routines"), document.get("scores")
    space_numbers, zone_numbers = number_names(document)
    return EffectContext(
        zones=zones,
        timing=timing,
        sizes=_sizes(document),
        faces=faces,
        dice=dice,
        dice_known=isinstance(document.get("dice"), dict),
        kinds=frozenset(schema.space_kinds(document)),
        piles=frozenset(piles) if isinstance(piles, dict) else frozenset(),
        public_piles=frozenset(
            name for name, spec in (piles.items() if isinstance(piles, dict) else ())
            if isinstance(spec, dict) and spec.get("seen_by") == "everyone"
        ),
        pile_each={
            name: spec["each"] for name, spec in (piles.items() if isinstance(piles, dict) else ())
            if isinstance(spec, dict) and isinstance(spec.get("each"), str)
        },
        card_tags=_card_tags(document),
        rules=schema.rule_values(document),
        end_reasons=frozenset(ends if isinstance(ends, dict) else ()),
        counters=_counters(document),
        per_player=_per_player_counters(document),
        per_space=_per_space_counters(document),
        loop=isinstance(board, dict) and isinstance(board.get("loop"), list),
        timings=_timings(document),
        given=HOOK_NAMES.get(timing, {}) if program else {},
        routines=frozenset(routines if isinstance(routines, dict) else ()),
        space_numbers=space_numbers,
        zone_numbers=zone_numbers,
        scores=frozenset(scores if isinstance(scores, dict) else ()),
        pieces=_pieces(document),
        piece_counts=_piece_counts(document),
        program=program,
        cards_stacked=isinstance(board, dict) and board.get("stacks") == "cards",
    )


def _counters(document: LocDict) -> dict[str, frozenset[str] | None]:
    raw = document.get("counters")
    found: dict[str, frozenset[str] | None] = {}
    for name, spec in (raw.items() if isinstance(raw, dict) else ()):
        used_by = spec.get("used_by") if isinstance(spec, dict) else None
        found[name] = frozenset(t for t in used_by if isinstance(t, str)) if isinstance(used_by, list) else None
    return found


def _card_tags(document: LocDict) -> frozenset[str]:
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    found: set[str] = set()
    for card in cards if isinstance(cards, list) else []:
        tags = card.get("tags") if isinstance(card, dict) else None
        found.update(tag for tag in (tags if isinstance(tags, list) else []) if isinstance(tag, str))
    return frozenset(found)


def _per_player_counters(document: LocDict) -> frozenset[str]:
    raw = document.get("counters")
    specs = raw.items() if isinstance(raw, dict) else ()
    return frozenset(name for name, spec in specs if isinstance(spec, dict) and spec.get("each") in ("player", "space"))


def _per_space_counters(document: LocDict) -> frozenset[str]:
    raw = document.get("counters")
    specs = raw.items() if isinstance(raw, dict) else ()
    return frozenset(name for name, spec in specs if isinstance(spec, dict) and spec.get("each") == "space")


def _timings(document: LocDict) -> frozenset[str]:
    """The moments the variant declares for playing cards: what `offer cards timed ...` may name."""
    timings = document.get("timings")
    return frozenset(timings if isinstance(timings, dict) else ())


def _dice_words(document: LocDict, zones: frozenset[str]) -> tuple[frozenset[str], dict[str, str]]:
    """The symbols the dice can show, and what each die's name stands for when rolled into
    one: "number" (all faces numbers: their sum), "zone" (zone faces and symbols) or "face"
    (numbers and symbols). Read defensively: the document may not have passed the schema."""
    raw = document.get("dice")
    faces: set[str] = set()
    kinds: dict[str, str] = {}
    for name, die in (raw.items() if isinstance(raw, dict) else ()):
        if not isinstance(die, dict):
            continue
        symbols = die.get("symbols")
        faces.update(s for s in (symbols if isinstance(symbols, list) else []) if isinstance(s, str))
        sides = die["faces"] if isinstance(die.get("faces"), list) else []
        if all(type(f) is int for f in sides):
            kinds[name] = "number"
        elif any(f in zones for f in sides) or die.get("any_zone"):
            kinds[name] = "zone"
        else:
            kinds[name] = "face"
    return frozenset(faces), kinds


def number_names(document: object) -> tuple[frozenset[str], frozenset[str]]:
    """The names of the numbers the zones give their spaces and themselves (`rent of P`,
    `points of Z`), as far as the document is valid: what the effects may read."""
    space: set[str] = set()
    zone: set[str] = set()
    board = document.get("board") if isinstance(document, dict) else None
    zones = board.get("zones") if isinstance(board, dict) else None
    for entry in zones if isinstance(zones, list) else ():
        numbers = entry.get("numbers") if isinstance(entry, dict) else None
        for key, given in (numbers.items() if isinstance(numbers, dict) else ()):
            (space if isinstance(given, list) else zone).add(key)
    return frozenset(space), frozenset(zone - space)


def _sizes(document: LocDict) -> Sizes:
    """How many properties, zones and players this variant has, for the cost of its effects;
    where the document is not yet valid, the largest the schema allows stands in."""
    largest = Sizes()
    board = document.get("board")
    zones = board.get("zones") if isinstance(board, dict) else None
    lengths = [
        min(len(z["values"]), largest.largest_zone) if isinstance(z.get("values"), list) else 0
        for z in (zones if isinstance(zones, list) else [])
        if isinstance(z, dict)
    ]
    players = document.get("players")
    setups = players.get("setups") if isinstance(players, dict) else None
    counts = [
        s["players"] for s in (setups if isinstance(setups, list) else [])
        if isinstance(s, dict) and type(s.get("players")) is int
    ]
    units = [
        s["units"] for s in (setups if isinstance(setups, list) else [])
        if isinstance(s, dict) and type(s.get("units")) is int and type(s.get("players")) is int
    ]
    most = min(max(counts), largest.players) if counts else largest.players
    holds = _holds(document)
    named = document.get("piles")  # a space's capacity: any other place of cards is a space
    pieces = tuple((name, copies * (most if _pieces(document)[name] == "player" else 1))
                   for name, copies in _piece_counts(document).items())
    if not lengths:  # no board (a card game), or not yet a valid one
        valid = isinstance(zones, list) and counts
        return Sizes(players=most, cards=_most_cards(document, most, 0), holds=holds, pieces=pieces) if valid else largest
    return Sizes(
        holds=holds,
        pieces=pieces,
        space_holds=board.get("holds") if isinstance(board, dict) and type(board.get("holds")) is int else None,
        piles=frozenset((*(named if isinstance(named, dict) else ()), "deck", DISCARDED_TO)),
        units=min(max(units) * max(counts), largest.units) if units and counts else largest.units,
        properties=min(sum(lengths), largest.properties),
        largest_zone=max(lengths),
        zones=min(len(lengths), largest.zones),
        players=min(max(counts), largest.players) if counts else largest.players,
        cards=_most_cards(document, most, sum(lengths)),
    )


def _holds(document: LocDict) -> tuple[tuple[str, int], ...]:
    """The piles that say how many cards they hold at most (`holds`), each with it."""
    piles = document.get("piles")
    return tuple(
        (name, spec["holds"]) for name, spec in (piles.items() if isinstance(piles, dict) else ())
        if isinstance(spec, dict) and type(spec.get("holds")) is int and spec["holds"] > 0
    )


def _most_cards(document: LocDict, players: int, spaces: int) -> int:
    """Every copy of every card the game holds: a card that starts in a pile of each player
    is dealt to each of them, one of each space to every space (one with a `space`, a title
    deed, to its own), one of the table once. A card
    whose pile is not known yet counts for each player (an upper bound either way)."""
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    piles = document.get("piles")
    each = {name: spec.get("each") for name, spec in (piles.items() if isinstance(piles, dict) else ()) if isinstance(spec, dict)}
    copies = 0
    for card in cards if isinstance(cards, list) else []:
        if not isinstance(card, dict) or type(card.get("count")) is not int:
            continue
        owner = each.get(card.get("starts_in", "deck"))
        on_spaces = 1 if "space" in card else spaces  # a title deed lies on its own space alone
        copies += card["count"] * (1 if owner == "game" else on_spaces if owner == "space" else players)
    return min(max(copies, 1), MAX_CARDS)


MAX_CARDS = 1_000
"""The most cards one game may hold, every player's own included: what a collection of
cards is measured against (effects.cost), so a where over a pile stays cheap."""


def _piece_counts(document: dict) -> dict[str, int]:
    """How many pieces of each name the table has, or each player has (`count`, 1 without it)."""
    pieces = document.get("pieces")
    if not isinstance(pieces, dict):
        return {}
    return {name: spec.get("count", 1) if type(spec.get("count", 1)) is int else 1
            for name, spec in pieces.items() if isinstance(spec, dict) and spec.get("each") in ("game", "player")}


def _pieces(document: dict) -> dict[str, str]:
    """The variant's pieces (issue 47, 5), by name: "game" or "player"."""
    pieces = document.get("pieces")
    if not isinstance(pieces, dict):
        return {}
    return {name: spec["each"] for name, spec in pieces.items()
            if isinstance(spec, dict) and spec.get("each") in ("game", "player")}
