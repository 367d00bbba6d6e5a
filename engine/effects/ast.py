"""The effect language's syntax tree: small frozen records, each remembering its position.

The engine interprets these nodes; `check.py` verifies names and kinds before any game starts.
Positions are 1-based (line, column) inside the effect text; `yamlsource.text_position` maps
them to the variant file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import get_args


@dataclass(frozen=True, slots=True)
class Node:
    line: int
    col: int


# ----- expressions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Number(Node):
    value: int


@dataclass(frozen=True, slots=True)
class Name(Node):
    """A variable, `me`, `budget`, or a zone id; `check.py` decides which."""

    name: str


@dataclass(frozen=True, slots=True)
class OfPlayer(Node):
    """`NAME of X`: a counter or a pile the variant keeps for each player (`skyline of X`,
    `deck of X`); check.py decides which."""

    counter: str
    subject: Expr


@dataclass(frozen=True, slots=True)
class TopCard(Node):
    """`top card of X`: the card on top of a pile or of a space's stack of cards (none when
    it is empty)."""

    subject: Expr


@dataclass(frozen=True, slots=True)
class Attribute(Node):
    """`value of P`, `top of P`, `worth of X`, ..."""

    attribute: str
    subject: Expr


@dataclass(frozen=True, slots=True)
class UnitsOn(Node):
    """`units of X on P`: how many of X's units stand in the hotel on P."""

    player: Expr
    property: Expr


@dataclass(frozen=True, slots=True)
class Count(Node):
    """`count KIND NAME [in Z] [where COND]`, or with `total`, `total VALUE for each KIND NAME
    [in Z] [where COND]`: the sum of VALUE over the same things."""

    kind: str
    var: str
    zone: Expr | None
    where: Expr | None
    total: Expr | None = None


@dataclass(frozen=True, slots=True)
class Arith(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Compare(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class IsAdjective(Node):
    """`P is vacant`, `X is not leader`, ..."""

    subject: Expr
    adjective: str
    negated: bool


@dataclass(frozen=True, slots=True)
class IsSame(Node):
    """`A is B` / `A is not B`: the same player, property or zone."""

    left: Expr
    right: Expr
    negated: bool


@dataclass(frozen=True, slots=True)
class HasUnits(Node):
    player: Expr
    property: Expr


@dataclass(frozen=True, slots=True)
class Logic(Node):
    op: str  # "and" | "or"
    operands: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Not(Node):
    operand: Expr


@dataclass(frozen=True, slots=True)
class Rule(Node):
    """`rule NAME`: a value of the variant's `rules` (a number, true/false, a word, a list)."""

    name: str


@dataclass(frozen=True, slots=True)
class Word(Node):
    """A word in quotes, compared with a rule's word: `rule turn_order is "roll"`."""

    text: str


@dataclass(frozen=True, slots=True)
class HasWord(Node):
    """`rule end_conditions has "track_end"`: a rule's list holds the word."""

    subject: Expr
    word: str


Expr = (
    Number | Name | Attribute | UnitsOn | Count | Arith | Compare | IsAdjective | IsSame | HasUnits | Logic | Not
    | Rule | Word | HasWord | OfPlayer | TopCard
)


# ----- statements ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Let(Node):
    var: str
    value: Expr


@dataclass(frozen=True, slots=True)
class Choose(Node):
    """`choose KIND NAME [in Z] [where COND] [by X]`."""

    kind: str  # property | hotel | vacant lot | zone | player | opponent
    var: str
    zone: Expr | None
    where: Expr | None
    chooser: Expr | None


@dataclass(frozen=True, slots=True)
class ChooseNumber(Node):
    var: str
    low: Expr
    high: Expr
    chooser: Expr | None


@dataclass(frozen=True, slots=True)
class ChooseWord(Node):
    """`choose word W from "flip", "cash out" [by X]`: a choice among words (yes or no, flip
    or stop); W is the word chosen."""

    var: str
    words: tuple[str, ...]
    chooser: Expr | None


@dataclass(frozen=True, slots=True)
class RollZone(Node):
    """Roll the colour die for a zone: re-roll Fortune faces; a wild face is a choice."""

    var: str
    chooser: Expr | None


@dataclass(frozen=True, slots=True)
class RollDice(Node):
    var: str
    player: Expr | None


@dataclass(frozen=True, slots=True)
class RollOff(Node):
    """Everyone in the group rolls the number dice; ties for the extreme re-roll."""

    extreme: str  # lowest | highest
    var: str
    group: str  # players | opponents


@dataclass(frozen=True, slots=True)
class BuildUnits(Node):
    count: Expr
    property: Expr
    player: Expr | None


@dataclass(frozen=True, slots=True)
class BuildSession(Node):
    """Build unit by unit in one zone within a budget, like a roll of the dice."""

    budget: Expr
    zone: Expr
    new_lots: Expr | None  # None: any number
    units_per_new_lot: Expr | None  # None: any number
    new_lots_given: bool
    units_per_new_lot_given: bool
    at_least_one: bool
    at_least_one_if: Expr | None = None
    """`at least one if COND`: compulsory only when the condition holds (a rule switch)."""


@dataclass(frozen=True, slots=True)
class RemoveTop(Node):
    property: Expr


@dataclass(frozen=True, slots=True)
class RemoveAll(Node):
    property: Expr
    except_player: Expr | None


@dataclass(frozen=True, slots=True)
class MoveTop(Node):
    source: Expr
    target: Expr


@dataclass(frozen=True, slots=True)
class Draw(Node):
    count: Expr
    player: Expr | None
    because: str | None = None
    """Why the card is drawn, for the log ("roll", "deal"); an effect's draw says nothing."""


@dataclass(frozen=True, slots=True)
class Discard(Node):
    count: Expr
    player: Expr | None


@dataclass(frozen=True, slots=True)
class AddTo(Node):
    """`add AMOUNT to COUNTER [of X]` (Windfall's `add 5 to budget`)."""

    amount: Expr
    counter: str = ""
    subject: Expr | None = None
    """Whose counter, for a counter kept for each player."""


@dataclass(frozen=True, slots=True)
class OfferReaction(Node):
    player: Expr


@dataclass(frozen=True, slots=True)
class Cancel(Node):
    pass


@dataclass(frozen=True, slots=True)
class Stop(Node):
    pass


@dataclass(frozen=True, slots=True)
class Say(Node):
    text: str


@dataclass(frozen=True, slots=True)
class If(Node):
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    kind: str
    var: str
    zone: Expr | None
    where: Expr | None
    body: tuple[Stmt, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Repeat(Node):
    """`repeat N times:` or `repeat while TEST:` (test before each round; at most MAX_REPEAT
    rounds either way)."""

    times: Expr | None
    body: tuple[Stmt, ...]
    test: Expr | None = None


@dataclass(frozen=True, slots=True)
class RollFaces(Node):
    """`roll number into N and colour into C`: the variant's dice, in the order written, one
    announcement for all of them; a die of several numbers gives their sum."""

    rolls: tuple[tuple[str, str], ...]
    """(die id, variable) pairs."""


@dataclass(frozen=True, slots=True)
class SetCounter(Node):
    """`set COUNTER [of X] to EXPR`."""

    counter: str
    value: Expr
    subject: Expr | None = None


@dataclass(frozen=True, slots=True)
class OfferCards(Node):
    """`offer cards timed TIMING [to PLAYER] [, at most LIMIT]`: the player (`me`, or the one
    named, who may be out of turn) may play a card of that timing, or pass; with a limit,
    asked again after each card until the turn's plays reach it."""

    timing: str
    limit: Expr | None
    player: Expr | None = None


@dataclass(frozen=True, slots=True)
class Settle(Node):
    """Property cards follow ownership, tokens follow worth (the variant's ownership rule)."""


@dataclass(frozen=True, slots=True)
class EndGame(Node):
    """`end game REASON [for PLAYER]`."""

    reason: str
    player: Expr | None


@dataclass(frozen=True, slots=True)
class StartWith(Node):
    """`start with PLAYER`: turn order starts at that player and goes round the seats."""

    player: Expr


@dataclass(frozen=True, slots=True)
class Shuffle(Node):
    """`shuffle deck`, `shuffle deck of X`."""

    pile: str
    subject: Expr | None = None


@dataclass(frozen=True, slots=True)
class Put(Node):
    """`put K on X`: the card K, wherever it is, goes on top of the pile or the space X."""

    card: Expr
    target: Expr


@dataclass(frozen=True, slots=True)
class PlayCard(Node):
    """`play K [for X]`: the card K is played by `me` (or X) from wherever it is, as if from
    the hand (a Chance card drawn and done at once)."""

    card: Expr
    player: Expr | None = None


Stmt = (
    Let | Choose | ChooseNumber | ChooseWord | RollZone | RollDice | RollOff | BuildUnits | BuildSession | RemoveTop
    | RemoveAll | MoveTop | Draw | Discard | AddTo | OfferReaction | Cancel | Stop | Say | If | ForEach
    | Repeat | RollFaces | SetCounter | OfferCards | Settle | EndGame | StartWith | Shuffle | Put | PlayCard
)


@dataclass(frozen=True, slots=True)
class Program:
    """A parsed effect: its statements and the source text they came from."""

    statements: tuple[Stmt, ...]
    source: str


EXPRESSION_TYPES: tuple[type, ...] = get_args(Expr)
STATEMENT_TYPES: tuple[type, ...] = get_args(Stmt)


def children(node: Node) -> list[Node]:
    """The nodes directly inside `node`, in source order."""
    found: list[Node] = []
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Node):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, Node))
    return found


def walk(nodes: tuple[Node, ...] | list[Node]) -> Iterator[Node]:
    """Every node below (and including) the given ones, statements and expressions alike."""
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))
