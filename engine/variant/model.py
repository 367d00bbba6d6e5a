"""The validated, normalised, immutable description of a variant that the engine plays.

Built once from a checked YAML document; every field is filled, so engine code never asks
whether something is missing. Card effects are already parsed into syntax trees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.effects import ast


@dataclass(frozen=True, slots=True)
class Noun:
    """What a thing is called where players read it, for one and for more than one
    ('dump truck', 'dump trucks'): a variant names its own pieces and resources, and the
    engine's and the screen's words agree with the number.

    >>> Noun("block", "blocks").counted(1), Noun("block", "blocks").counted(3)
    ('1 block', '3 blocks')
    """

    one: str
    many: str

    def counted(self, count: int) -> str:
        return f"{count} {self.one if count == 1 else self.many}"

    @property
    def a(self) -> str:
        """One of it with its article, 'a block', 'an egg': 'an' before a, e, i and o (a
        'unit', a 'uniform' take 'a'; the few words where the letter lies, 'hour', are rare)."""
        return f"{'an' if self.one[:1].lower() in ('a', 'e', 'i', 'o') else 'a'} {self.one}"


UNIT = Noun("unit", "units")
"""What a player's pieces are called where the variant does not say (`players.unit`)."""


@dataclass(frozen=True, slots=True)
class Seat:
    id: str
    name: str
    colour: str
    """Display colour, #rrggbb."""
    token: str


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    units: int
    """Units each player takes with this many players."""
    rules: Rules = field(default_factory=lambda: Rules())  # Rules is defined below
    """The values this setup gives rules for its number of players (`players.setups[].rules`):
    a game of that many players reads them over the variant's `rules` (docs/variants.md,
    "Rules by the number of players"). Empty: it gives none."""
    rules_said: tuple[str, ...] = ()
    """The help's sentences of the rules a game of this many players plays by (as
    Variant.rules_said); empty where no setup of the variant gives rules."""


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    name: str
    colour: str
    properties: tuple[int, ...]
    """Indices into `Variant.properties`, in board order."""
    numbers: tuple[tuple[str, int], ...] = ()
    """The zone's own numbers, by name (`points of Z`); a name it does not give is 0."""
    columns: int | None = None
    """Laid out as a grid, in rows of this many spaces (None: not a grid): spaces side by
    side or one above the other are next to each other."""


@dataclass(frozen=True, slots=True)
class Property:
    index: int
    """Position in `Variant.properties` (board order, zone by zone)."""
    id: str
    """`<zone>_<n>`, n counting from 1 within the zone."""
    zone: str
    value: int
    name: str | None = None
    """Its own name ('Boardwalk'), if the zone gives names."""
    numbers: tuple[tuple[str, int], ...] = ()
    """The space's numbers, by name (`rent of P`), from its zone's lists; a name its zone does
    not give is 0."""


@dataclass(frozen=True, slots=True)
class Die:
    """A kind of die, rolled `count` at a time. A face is a number, a zone id or a symbol."""

    id: str
    count: int
    faces: tuple[int | str, ...]
    symbols: frozenset[str] = frozenset()
    any_zone: str | None = None
    """The symbol on which `roll zone` lets the roller choose any zone."""
    says: tuple[tuple[str, str], ...] = ()
    """What the log adds after a symbol rolled, by symbol (say, 'no building this turn')."""

    @property
    def numeric(self) -> bool:
        return all(type(face) is int for face in self.faces)


@dataclass(frozen=True, slots=True)
class Track:
    """Tokens stand on their player's score `follows`, at most `length`; marked spaces run the
    `token_on_mark` hook when a token moves forward onto them."""

    length: int
    follows: str
    marks: tuple[tuple[str, frozenset[int]], ...] = ()

    def mark_at(self, space: int) -> str | None:
        for name, spaces in self.marks:
            if space in spaces:
                return name
        return None


@dataclass(frozen=True, slots=True)
class Ownership:
    """Who owns a space, by a named rule: "most_units" (ties: "lowest_unit" or "keep_owner")
    or "top_card" (the owner of the top card)."""

    rule: str
    ties: str = "lowest_unit"


@dataclass(frozen=True, slots=True)
class Score:
    """A named number of each player: `expression` is about the player X."""

    id: str
    expression: ast.Expr
    fewest: bool = False
    name: str = ""
    """In words, for the end of the game ('total property value')."""
    money: bool = False
    """An amount of money, shown in the board's money format."""
    goal: int | None = None
    """The score whose reaching ends the game, for the screen (the end is the program's)."""
    goal_name: str = ""
    """The goal in words: the rule it is read from ('finishing mark'), or ''."""


@dataclass(frozen=True, slots=True)
class Counter:
    """A number the game keeps (the turn's budget)."""

    id: str
    reset: str = "never"
    """"turn": back to 0 at the start of every turn; "never"."""
    shown: str | None = None
    """How the log tells a change; None: the counter is bookkeeping, never announced."""
    money: bool = False
    each: str = "game"
    """"game": one number; "player": one for each player."""
    report: tuple[str, str] | None = None
    """(table, row) of `boardwalk simulate`'s report that counts it at each game's end."""
    counts: str | None = None
    """What one step of it is called when it counts the game's rounds ('round'), for the
    end of the game's chart and story; None for any other counter."""
    worth: float = 0
    """What one of a player's counter is worth to the bots that judge by the scores, in points
    of the ranking's first score: a resource that buys floors, which no score counts until
    it is spent."""
    name: Noun = Noun("", "")
    """What one of it and more are called where players read an amount of it (an offer's
    '2 dump trucks', a player's panel): the file's `name`, else its id with spaces for one
    and for more alike ('2 truck': no plural is guessed). Filled from the id when empty, so
    that every counter has one."""

    def __post_init__(self) -> None:
        if not self.name.one:
            words = self.id.replace("_", " ")
            object.__setattr__(self, "name", Noun(words, words))


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece that is neither a player's unit nor a card (`pieces:`, issue 47, 5): the
    table's own (`each` "game": a robber, a marker) or one for each player (a pawn), each
    standing on a space or off the board."""

    id: str
    name: str
    each: str
    count: int = 1
    """How many of them the table has (`each` "game") or each player has: several pieces of
    one kind (three white runners, a player's eleven markers), issue 47, 5. The game keeps
    a player's copies together: copy c of player p is place p * count + c."""

    def owner_at(self, place: int) -> int | None:
        """Whose piece the place-th of the game's list of this piece is: None for the table's."""
        return place // self.count if self.each == "player" else None


@dataclass(frozen=True, slots=True)
class Conserved:
    """An amount the game neither makes nor destroys (`conserved:`): the sum of some counters
    (each kept for each player or space summed over all of them) is always `total`."""

    id: str
    name: str
    counters: tuple[str, ...]
    total: int


class Rules(Mapping[str, Any]):
    """The variant's rules by name (numbers, true/false, words, tuples of words), as its
    `rule_kinds` declare them. Read-only; `rules.cards_per_turn` reads like `rules["cards_per_turn"]`."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any] = ()):  # type: ignore[assignment]
        object.__setattr__(self, "_values", {k: tuple(v) if isinstance(v, list) else v for k, v in dict(values).items()})

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"this variant has no rule '{name}'") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a variant's rules cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._values == other._values

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __repr__(self) -> str:
        return f"Rules({self._values!r})"


@dataclass(frozen=True, slots=True)
class Pile:
    """A named place cards are kept: one shared by the table, one per player or one per space."""

    id: str
    name: str
    each: str
    """"game", "player" or "space"."""
    seen_by: str
    """"everyone" (face up), "owner" (like a hand) or "nobody" (face down, order unknown to all)."""
    refill_from: str | None = None
    """The pile shuffled into this one when a card must be drawn from it and it is empty."""
    played_from: bool = False
    """Whether a player may play the cards of their own pile of this kind as from their hand
    (the pile `hand` always may)."""
    told: str | None = None
    """How the log tells a card put on it ('{player} flips {card}'); None: '... puts ... on ...'."""
    mark: str | None = None
    """A pile of each space: the character the board draws with how many cards it holds there."""
    worth: float = 1.0
    """A pile of each player: what a card that belongs to a space is worth to the bots in it,
    as a share of its space's value (a mortgaged deed, its value less what paying it off
    costs: 0.45)."""
    holds: int | None = None
    """The most cards it can hold (each one, for a pile of each player or space); None: any.
    The check counts a collection of its cards as this many, and a card drawn or put onto it
    when it is full stays where it was (issue 47, item 2)."""


@dataclass(frozen=True, slots=True)
class NamedTestDef:
    """lang47, named tests (issue 47, item 1): a condition the variant writes once, under
    `tests:`, and its effects use anywhere as `NAME(A, B)`."""

    name: str
    params: tuple[tuple[str, str], ...]
    """What it takes, in order: (name, kind) pairs (its `takes` line)."""
    expression: ast.Expr


DISCARDED_TO = "discard"
"""The pile a card goes to once played or discarded when it names none (`discard_to`): the
statement `discard` fills it without naming it, so it may be called by a word of the language."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    count: int
    text: str
    timing: str
    """One of the variant's timings, or "reaction"."""
    reacts_to: tuple[str, ...]
    condition: ast.Expr | None
    effect: ast.Program
    starts_in: str = "deck"
    """The pile its copies start in; a pile of each player's gives every player `count` copies."""
    discard_to: str = DISCARDED_TO
    """The pile it goes to once played or discarded."""
    per_turn: int | None = None
    """How many times one player may play it in a turn, offered again after each (None: once
    per offer, the usual)."""
    value: int | None = None
    """What `value of K` reads for the card (a cash card's amount); None: 0."""
    tags: tuple[str, ...] = ()
    """Words `K has "tag"` asks about ("cash", "keep")."""
    zone: str | None = None
    """For a card starting in a pile of each space: the zone whose spaces get its copies."""
    space: int | None = None
    """The space the card belongs to (a title deed's), as a property index: `space of K`
    reads it, and a pile of each space holds its copies on that space alone."""
    worth: float = 0
    """What the card is worth to the bots that judge by the scores while a player holds it
    in a pile of their own, in points of the ranking's first score: a card that scores
    only later (sold at the game's end) is no score while held, and without it a bot
    will pay nothing for one."""


@dataclass(frozen=True, slots=True)
class Reference:
    """A variant's reference card (issue 46, 2): what raising a stack on a zone's spaces costs,
    row by row, priced by the variant's own routine, so the screen can show each cost and
    what a player lacks of it. Row n prices the n-th piece of a stack (the n-th floor)."""

    name: str
    """The card's title ('floor costs')."""
    zone: str
    """The zone whose spaces the rows price."""
    rows: tuple[str, ...]
    """Each row's name, from the first piece up ('first floor' … 'penthouse')."""
    routine: str
    """The routine that prices a row: it asks nothing, reads the row's number from the game's
    counter `row`, and leaves the cost in the game's counters of `costs`."""
    row: str
    costs: tuple[tuple[str, str], ...]
    """(the game's counter the routine sets, the player's counter the cost is paid from)."""


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    edition: str
    source: str
    description: str
    setups: tuple[Setup, ...]
    seats: tuple[Seat, ...]
    dice: tuple[Die, ...]
    money: str
    """Display format of an amount, with {} for the number."""
    zones: tuple[Zone, ...]
    properties: tuple[Property, ...]
    track: Track | None
    rules: Rules
    deck_name: str
    cards: tuple[Card, ...]
    piles: tuple[Pile, ...] = ()
    stacks: str = "units"
    """What stands on a space: "units" (players' units) or "cards" (card codes)."""
    space_holds: int | None = None
    """A space's capacity (`board.holds`, with stacks of cards): the most cards one space's
    stack holds; a card put or moved onto a full one stays where it was. None: no limit."""
    unit: Noun = UNIT
    """What the players' units are called where players read them (Monopoly Builder's
    blocks): `players.unit`, else 'unit'."""
    ownership: Ownership = Ownership("most_units")
    scores: tuple[Score, ...] = ()
    ranking: tuple[str, ...] = ()
    """Score ids, most important first."""
    counters: tuple[Counter, ...] = ()
    conserved: tuple[Conserved, ...] = ()
    """What the game neither makes nor destroys, checked at every decision (invariants.py)."""
    pieces: tuple[Piece, ...] = ()
    """The pieces that are neither units nor cards (`pieces:`), in the file's order."""
    loop: tuple[int, ...] = ()
    """The spaces tokens go round (`board.loop`), as property indices in the order they are
    passed; every token starts on the first. Empty: the board has no loop."""
    kinds: tuple[tuple[str, str], ...] = ()
    """The kinds of space the variant names, each with the kernel's kind it stands for:
    (("stack", "occupied property"), ...). Effects are parsed with them."""
    how_to_play: str = ""
    """The variant's own account of a turn and the end, for the help screen ("": none)."""
    rules_said: tuple[str, ...] = ()
    """Its rules as the help says them at the values they have, in its own words (the
    sentences of `rule_kinds`: schema.rule_sentences)."""
    timings: tuple[tuple[str, str], ...] = ()
    """The moments a card may be played: (name, the words players read)."""
    programs: dict[str, ast.Program] = field(default_factory=dict)
    """The game's own programs by name: "setup" and "turn"."""
    routines: dict[str, ast.Program] = field(default_factory=dict)
    """Programs the variant names and its effects run with `do NAME [for PLAYER]`."""
    tests: tuple[NamedTestDef, ...] = ()
    """lang47, named tests: the tests the variant names (`tests:`), which effects use as `NAME(...)`."""
    ends: tuple[tuple[str, str], ...] = ()
    """The ways the game can end: (word, how the log tells it)."""
    reference: Reference | None = None
    """The reference card of costs the screen shows (`reference:`), or None."""
    files: tuple[str, ...] = field(default=())
    """The files read, the variant's own first, then its bases."""
    content_hash: str = ""
    """SHA-256 of the merged document: equal hashes mean equal games."""
    program: Any = field(default=None, init=False, compare=False, repr=False, metadata={"derived": True})
    """The variant compiled for play (engine/game/rulebook.py's Rulebook: numbered blocks, their
    statements made ready to run, the tables play reads). Not data: derived from the fields
    above, never saved nor compared, and not carried over by `dataclasses.replace` (a variant
    changed so is compiled afresh). Set once, when the variant is loaded
    (`rulebook.compile_variant`), and never changed after."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(s.players for s in self.setups)

    def rule_range(self, name: str) -> tuple[Any, ...]:
        """Every value the rule `name` has in some game of the variant, one per setup (the
        variant's own value where the setups give none): what an analysis before play, which
        knows no count of players, must allow for."""
        return tuple(s.rules.get(name, self.rules.get(name)) for s in self.setups)

    def units_for(self, players: int) -> int:
        for setup in self.setups:
            if setup.players == players:
                return setup.units
        raise ValueError(f"this variant is not for {players} players (allowed: {self.player_counts})")

    def die(self, die_id: str) -> Die:
        for die in self.dice:
            if die.id == die_id:
                return die
        raise KeyError(die_id)

    def die_kinds(self) -> dict[str, str]:
        """What each die's name stands for when rolled into one, as the checker types it:
        "number" (only numbers: their sum), "zone" (zone faces) or "face" (numbers and symbols)."""
        zones = {zone.id for zone in self.zones}
        return {
            die.id: "number" if die.numeric else "zone" if die.any_zone or zones & set(die.faces) else "face"
            for die in self.dice
        }

    @property
    def number_die(self) -> Die | None:
        """The die `roll dice` and `roll off` use: the first whose faces are all numbers."""
        return next((die for die in self.dice if die.numeric), None)

    @property
    def roll_off_dice(self) -> tuple[Die, ...]:
        """The dice `roll off` rolls, their total being the roll: every die whose faces are
        all numbers (two dice rolled as one pair, "the players roll both of the dice"), else
        the first with any number on it (a symbol then counts as 0, such as an icon on a die
        of numbers); none, when no die has a number."""
        numeric = tuple(die for die in self.dice if die.numeric)
        if numeric:
            return numeric
        return tuple(d for d in self.dice if any(type(f) is int for f in d.faces))[:1]

    @property
    def zone_die(self) -> Die | None:
        """The die `roll zone` uses: the first with a zone face (or an any-zone symbol)."""
        zones = {zone.id for zone in self.zones}
        return next((d for d in self.dice if d.any_zone or any(f in zones for f in d.faces)), None)

    def pile(self, pile_id: str) -> Pile:
        for pile in self.piles:
            if pile.id == pile_id:
                return pile
        raise KeyError(pile_id)

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def format_money(self, amount: int) -> str:
        return self.money.replace("{}", str(amount))

    @property
    def deck_size(self) -> int:
        return sum(card.count for card in self.cards)

    @property
    def cards_summary(self) -> str:
        """The cards in a few words: '28 Event cards' for one shared deck; for a game whose
        cards start in several piles (each player's own, the board's), how many kinds."""
        if all(card.starts_in == "deck" for card in self.cards) and all(p.each == "game" for p in self.piles if p.id == "deck"):
            name = re.sub(r"\s*\bcards?$", "", self.deck_name, flags=re.IGNORECASE)  # 'Court cards': not 'cards cards'
            return f"{self.deck_size} {name + ' ' if name else ''}card{'s' if self.deck_size != 1 else ''}"
        return f"{len(self.cards)} kind{'s' if len(self.cards) != 1 else ''} of card"
