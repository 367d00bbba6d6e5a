"""The effect language's syntax tree: small frozen records, each remembering its position.

The engine interprets these nodes; `check.py` verifies names and kinds before any game starts.
Positions are 1-based (line, column) inside the effect text; `yamlsource.text_position` maps
them to the variant file.

The records are made by `record`, not `dataclasses.dataclass`: they behave as frozen dataclasses
with slots (the same __init__, ==, hash, repr, pattern matching, pickling; `FIELDS` and
`replace` stand for `dataclasses.fields` and `dataclasses.replace`), but a dataclass compiles
six methods of its own for each class, and for these fifty that took a fifth of everything
`boardwalk check` imports (about 20 ms at each start that needs the tree).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, TypeVar, dataclass_transform, get_args

_R = TypeVar("_R", bound=type)


@dataclass_transform(frozen_default=True)
def record(cls: _R) -> _R:
    """The class as a frozen record with slots: its fields are its annotations, its bases'
    first, each with the default its class gives it (only immutable ones, here)."""
    own = tuple(vars(cls).get("__annotations__", {}))
    names = cls.FIELDS + own  # type: ignore[attr-defined]  # every record's base is _Record
    defaults = {**cls.DEFAULTS, **{name: vars(cls)[name] for name in own if name in vars(cls)}}  # type: ignore[attr-defined]
    namespace = {key: value for key, value in vars(cls).items() if key not in own and key not in ("__dict__", "__weakref__")}
    namespace.update(__slots__=own, __match_args__=names, FIELDS=names, DEFAULTS=defaults)
    return type(cls)(cls.__name__, cls.__bases__, namespace)


class _Record:
    """What every record shares: made, compared, hashed, shown and pickled by its FIELDS."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in order: the base's, then the record's own."""
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = self.FIELDS
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} arguments but {len(args)} were given")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in names or name in values:
                raise TypeError(f"{type(self).__name__}() got an unexpected or repeated argument {name!r}")
            values[name] = value
        for name in names:
            if name not in values:
                if name not in self.DEFAULTS:
                    raise TypeError(f"{type(self).__name__}() missing argument {name!r}")
                values[name] = self.DEFAULTS[name]
            object.__setattr__(self, name, values[name])

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())  # what a frozen dataclass hashes: its fields, in order

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in self.FIELDS)})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple:
        return self._values()

    def __setstate__(self, state: tuple) -> None:
        for name, value in zip(self.FIELDS, state, strict=True):
            object.__setattr__(self, name, value)


_T = TypeVar("_T", bound=_Record)


def replace(node: _T, **changes: Any) -> _T:
    """A copy of the record with some fields changed, as `dataclasses.replace`."""
    return type(node)(**{**{name: getattr(node, name) for name in node.FIELDS}, **changes})


@record
class Node(_Record):
    line: int
    col: int


# ----- expressions ---------------------------------------------------------------------------


@record
class Number(Node):
    value: int


@record
class Name(Node):
    """A variable, `me`, `budget`, or a zone id; `check.py` decides which."""

    name: str


@record
class OfPlayer(Node):
    """`NAME of X`: a counter or a pile the variant keeps for each player (`points of X`,
    `deck of X`); check.py decides which."""

    counter: str
    subject: Expr


@record
class TopCard(Node):
    """`top card of X`: the card on top of a pile or of a space's stack of cards (none when
    it is empty)."""

    subject: Expr


@record
class Attribute(Node):
    """`value of P`, `top of P`, `worth of X`, ..."""

    attribute: str
    subject: Expr


@record
class UnitsOn(Node):
    """`units of X on P`: how many of X's units stand in the stack on P."""

    player: Expr
    property: Expr


@record
class Count(Node):
    """`count KIND NAME [in Z] [where COND]`, or with `total`, `total VALUE for each KIND NAME
    [in Z] [where COND]`: the sum of VALUE over the same things."""

    kind: str
    var: str
    zone: Expr | None
    where: Expr | None
    total: Expr | None = None
    group: bool = False
    """`largest group KIND NAME ...`: the size of the largest group of the spaces counted
    that stand next to one another (a zone's grid, `columns`), not all of them."""


@record
class Arith(Node):
    op: str
    left: Expr
    right: Expr


@record
class Compare(Node):
    op: str
    left: Expr
    right: Expr


@record
class IsAdjective(Node):
    """`P is vacant`, `X is not leader`, ..."""

    subject: Expr
    adjective: str
    negated: bool


@record
class IsSame(Node):
    """`A is B` / `A is not B`: the same player, property or zone."""

    left: Expr
    right: Expr
    negated: bool


@record
class NextTo(Node):
    """`P is next to Q` / `P is not next to Q`: two spaces side by side or one above the other
    in a zone laid out as a grid (`columns`)."""

    left: Expr
    right: Expr
    negated: bool


@record
class HasUnits(Node):
    player: Expr
    property: Expr


@record
class Logic(Node):
    op: str  # "and" | "or"
    operands: tuple[Expr, ...]


@record
class Not(Node):
    operand: Expr


@record
class Rule(Node):
    """`rule NAME`: a value of the variant's `rules` (a number, true/false, a word, a list)."""

    name: str


@record
class Word(Node):
    """A word in quotes, compared with a rule's word: `rule turn_order is "roll"`."""

    text: str


@record
class HasWord(Node):
    """`rule end_conditions has "track_end"`: a rule's list holds the word."""

    subject: Expr
    word: str


@record
class SpaceOf(Node):
    """`space N of Z`: the Nth space of the zone Z, from 1 (none past its last)."""

    number: Expr
    zone: Expr


@record
class Extreme(Node):
    """lang47, highest / lowest (issue 47, item 2): `highest|lowest KIND NAME [in X] [where
    TEST] by NUMBER [unless tied]`, the thing of the collection whose number is highest (the
    first in the collection's order among those tied; nobody `unless tied` when several
    are), or `highest|lowest NUMBER for each KIND NAME ...`, that number itself (0 over
    nothing). `by` is the number worked out for each thing, NAME standing for it."""

    highest: bool
    kind: str
    var: str
    zone: Expr | None
    where: Expr | None
    by: Expr
    thing: bool
    """True: the thing (`highest card K ... by`); False: the number (`highest ... for each`)."""
    unless_tied: bool = False


@record
class NamedTest(Node):
    """lang47, named tests (issue 47, item 1): `NAME(A, B)`, a test the variant names under
    `tests:` (written once, used anywhere), given its arguments."""

    name: str
    args: tuple[Expr, ...] = ()


@record
class NextPlayer(Node):
    """lang47, players out of the round (issue 47, item 6): `next player after X`, the first
    player after X in turn order who is playing (not dropped); X when nobody else is, and
    nobody when nobody plays."""

    subject: Expr


Expr = (
    NamedTest | Extreme | NextPlayer  # lang47
    | Number | Name | Attribute | UnitsOn | Count | Arith | Compare | IsAdjective | IsSame | HasUnits | Logic | Not
    | Rule | Word | HasWord | OfPlayer | TopCard | SpaceOf | NextTo
)


# ----- ask46: text built from values ---------------------------------------------------------


@record
class Shown(Node):
    """`{EXPR}` inside a text: a value shown by its kind (a player, a card, a space or a zone
    by its name, a number as written); `{EXPR as money}` a number in the variant's money.
    Not an expression: nothing reads it but the text it stands in."""

    value: Expr
    money: bool = False


@record
class Text(Node):
    """A quoted text with values in it, `"{X} rolled {total}"`: its plain pieces and its
    values in order (engine/core/shown.py shows it to a seat)."""

    parts: tuple[str | Shown, ...]


# ----- statements ----------------------------------------------------------------------------


@record
class Let(Node):
    var: str
    value: Expr


@record
class Choose(Node):
    """`choose KIND NAME [in Z] [where COND] [by X] [, every answer]`."""

    kind: str  # property | occupied property | vacant property | zone | player | opponent | card
    var: str
    zone: Expr | None
    where: Expr | None
    chooser: Expr | None
    every: bool = False
    """`, every answer`: each answer is offered, even one after which the card does nothing
    (a choice the rules give: ask for rent or not), not only those the card can follow."""
    asking: Text | None = None
    """`, asking "..."`: the author's question, shown to the one asked (ask46)."""
    each: Text | None = None
    """`, each as "{K}: {value of (space of K) / 2 as money}"`: each option's label, its
    values shown with the chosen name standing for that option (ask46)."""


@record
class ChooseNumber(Node):
    """`choose number N from LOW to HIGH [by X] [, or pass] [, every answer]`: a whole number
    from LOW to HIGH (a bid of any amount), N being the number chosen."""

    var: str
    low: Expr
    high: Expr
    chooser: Expr | None
    every: bool = False
    """`, every answer`, as for Choose."""
    or_pass: bool = False
    """`, or pass`: passing is offered beside the numbers, in an open window; it is the
    window's `pass`, and ends the chooser's turn there (the rest of the body is not run)."""
    asking: Text | None = None
    """`, asking "..."`, as for Choose."""
    on_pass: tuple[Stmt, ...] = ()
    """pilewords (issue 47): `, or pass:` and a block, what the chooser's pass runs (the rest
    of the window's body is not run for them, as without a block); empty without one."""


@record
class ChooseWord(Node):
    """`choose word W from "flip", "cash out" [by X]`: a choice among words (yes or no, flip
    or stop); W is the word chosen."""

    var: str
    words: tuple[str, ...]
    chooser: Expr | None
    every: bool = False
    """`, every answer`, as for Choose."""
    tests: tuple[Expr | None, ...] = ()
    """`"buy" if TEST`: each word's test, None for a word always offered (one for each word,
    or none at all when no word has one)."""
    asking: Text | None = None
    """`, asking "..."`, as for Choose."""
    labels: tuple[Text | None, ...] = ()
    """`"buy" as "Buy {S}"`: each word's label, None for a word shown as itself (one for
    each word, or none at all when no word has one)."""


@record
class ChooseKind(Node):
    """`choose kind K of PILE [where TEST] [by X]`: a kind of card among those the pile starts
    with (a guess: 'name a card'), K being the card's id; `kind of C` is compared with it (ask46)."""

    var: str
    pile: str
    where: Expr | None
    chooser: Expr | None
    every: bool = False
    """`, every answer`, as for Choose."""
    asking: Text | None = None
    """`, asking "..."`, as for Choose."""


@record
class RollZone(Node):
    """Roll the zone die for a zone: re-roll a face that is neither a zone nor the any-zone face;
    the any-zone face is a choice."""

    var: str
    chooser: Expr | None


@record
class RollDice(Node):
    var: str
    player: Expr | None


@record
class RollOff(Node):
    """Everyone in the group rolls the number dice; ties for the extreme re-roll."""

    extreme: str  # lowest | highest
    var: str
    group: str  # players | opponents


@record
class BuildUnits(Node):
    count: Expr
    property: Expr
    player: Expr | None


@record
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


@record
class RemoveTop(Node):
    property: Expr


@record
class RemoveAll(Node):
    property: Expr
    except_player: Expr | None


@record
class MoveTop(Node):
    source: Expr
    target: Expr


@record
class Draw(Node):
    count: Expr
    player: Expr | None
    because: str | None = None
    """Why the card is drawn, for the log ("roll", "deal"); an effect's draw says nothing."""


@record
class Discard(Node):
    count: Expr
    player: Expr | None


@record
class AddTo(Node):
    """`add AMOUNT to COUNTER [of X]` (Windfall's `add 5 to budget`)."""

    amount: Expr
    counter: str = ""
    subject: Expr | None = None
    """Whose counter, for a counter kept for each player."""


@record
class Transfer(Node):
    """`transfer AMOUNT from COUNTER [of X] to COUNTER [of Y]`: as much of the amount as the
    first counter holds (never below nothing) moves to the second, so that what a game
    declares conserved (`conserved:`) stays so by how it is written."""

    amount: Expr
    source: str = ""
    source_subject: Expr | None = None
    target: str = ""
    target_subject: Expr | None = None


@record
class OfferReaction(Node):
    player: Expr


@record
class Cancel(Node):
    pass


@record
class Stop(Node):
    pass


@record
class Say(Node):
    text: str
    """The text as written (its values' braces and all)."""
    shown: Text | None = None
    """The text with values in it, when it has any (ask46); None for a plain text."""


@record
class If(Node):
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()


@record
class ForEach(Node):
    kind: str
    var: str
    zone: Expr | None
    where: Expr | None
    body: tuple[Stmt, ...] = ()


@record
class Repeat(Node):
    """`repeat N times:` or `repeat while TEST:` (test before each round; at most MAX_REPEAT
    rounds either way), either with `, at most K` (K written out: the most rounds, which the
    check's cost counts instead of MAX_REPEAT when N is not written out)."""

    times: Expr | None
    body: tuple[Stmt, ...]
    test: Expr | None = None
    most: int | None = None


@record
class TakeTurns(Node):
    """`take turns P among players|opponents [from X] until all pass [, at most K]:` an open
    window: the players take turns at the body, P being whose turn it is, in turn order from X
    (from `me`, or the first opponent after `me`), round and round until every one of them has
    passed (`pass`) in a row since anyone did otherwise; at most K turns (MAX_WINDOW_TURNS)."""

    var: str
    group: str
    start: Expr | None
    body: tuple[Stmt, ...]
    most: int | None = None


@record
class SecretChoice(Node):
    """`in secret, each player X [where TEST] chooses number from LOW to HIGH into COUNTER`, or
    `... chooses word from "A", "B" into COUNTER`, or `... chooses card from PILE into PILE`
    (issue 47, 4): every player X that passes the
    test chooses at once, none seeing another's pick; then all are revealed together, each
    into their own COUNTER (a counter of each player: the number, or the word's place in the
    list, 1 for the first). LOW and HIGH may read X."""

    var: str
    where: Expr | None
    counter: str
    low: Expr | None = None
    high: Expr | None = None
    words: tuple[str, ...] = ()
    """The words offered, for a choice of words (LOW and HIGH None); empty for numbers."""
    source: Expr | None = None
    """For a choice of a card (`chooses card from PILE into PILE`): the pile each chooses from
    (it may read X); None for numbers and words, whose COUNTER is then the empty string."""
    target: Expr | None = None
    """For a choice of a card: the pile each chosen card goes onto, face up, at the reveal."""


@record
class MovePiece(Node):
    """`move PIECE [of X] to SPACE` / `move PIECE [of X] off` (issue 47, 5): one of the
    variant's pieces (the table's, or player X's) to a space, or off the board (target None)."""

    piece: str
    subject: Expr | None
    target: Expr | None


@record
class OfferTrade(Node):
    """`offer trade of GOOD, GOOD, ... to X [by P]`: `me` (or P) puts an offer to X together from those goods
    (counters and piles kept for each player), then X accepts or declines it."""

    player: Expr
    goods: tuple[str, ...]
    by: Expr | None = None
    """Who makes the offer (`by P`, a player in a window of deals); `me` without."""


@record
class Pass(Node):
    """`pass`: the player whose turn it is in the window around passes (`take turns`)."""


@record
class RollFaces(Node):
    """`roll number into N and colour into C`: the variant's dice, in the order written, one
    announcement for all of them; a die of several numbers gives their sum."""

    rolls: tuple[tuple[str, str], ...]
    """(die id, variable) pairs."""


@record
class SetCounter(Node):
    """`set COUNTER [of X] to EXPR`."""

    counter: str
    value: Expr
    subject: Expr | None = None


@record
class OfferCards(Node):
    """`offer cards timed TIMING [to PLAYER] [, at most LIMIT]`: the player (`me`, or the one
    named, who may be out of turn) may play a card of that timing, or pass; with a limit,
    asked again after each card until the turn's plays reach it."""

    timing: str
    limit: Expr | None
    player: Expr | None = None


@record
class Settle(Node):
    """Property cards follow ownership, tokens follow worth (the variant's ownership rule)."""


@record
class EndGame(Node):
    """`end game [REASON] [for PLAYER]`: REASON "" when it names none (issue 47, 7)."""

    reason: str
    player: Expr | None


@record
class Show(Node):
    """`show CARD to PLAYER`: that player alone learns which card it is."""

    card: Expr
    player: Expr


@record
class Do(Node):
    """`do ROUTINE[(ARGUMENTS)] [for PLAYER]`: run one of the variant's routines, `me` being
    PLAYER, its parameters (`takes`) given the arguments."""

    routine: str
    player: Expr | None
    args: tuple[Expr, ...] = ()
    """lang47, parameters: what `do NAME(A, B)` gives the routine, in the order it takes them."""


@record
class Takes(Node):
    """lang47, parameters (issue 47, item 1): `takes KIND NAME, number NAME, ...`, a
    routine's or a named test's first line: the names it is given, each with its kind."""

    params: tuple[tuple[str, str], ...]
    """(kind as written, name) pairs."""


@record
class Drop(Node):
    """lang47, players out of the round (issue 47, item 6): `drop X`, X is out of the round
    (turns pass them by, `X is playing` is false), or `rejoin X`, X plays again."""

    player: Expr
    rejoin: bool = False


@record
class StopLoop(Node):
    """lang47, `stop loop` (issue 47, item 1): leave the innermost `for each` or `repeat` at
    once; what follows the loop goes on."""


@record
class StartWith(Node):
    """`start with PLAYER`: turn order starts at that player and goes round the seats."""

    player: Expr


@record
class NextTurn(Node):
    """`next turn PLAYER`: when this turn ends, that player's is next, and the turns go on in
    order from them (a round's winner starts the next; doubles give another turn)."""

    player: Expr


@record
class Shuffle(Node):
    """`shuffle deck`, `shuffle deck of X`."""

    pile: str
    subject: Expr | None = None


@record
class Put(Node):
    """`put K on X`: the card K, wherever it is, goes on top of the pile or the space X;
    `put K under X`, at its bottom."""

    card: Expr
    target: Expr
    under: bool = False


@record
class PutEvery(Node):
    """pilewords (issue 47): `put every card of PLACE on PLACE` (or `under`): every card of the
    first pile or space, from its bottom up, onto the other, the order they lay in kept."""

    source: Expr
    target: Expr
    under: bool = False


@record
class Advance(Node):
    """`advance X N spaces` (forward round the board's loop), `advance X back N spaces`, or
    `advance X to P` (forward to the space P, or to the nearest space ahead of the zone P)."""

    player: Expr
    count: Expr | None = None
    target: Expr | None = None
    back: bool = False


@record
class Place(Node):
    """`place X on P`: X's token goes straight to the space P (or the first space ahead of the
    zone P), passing nothing and landing nowhere."""

    player: Expr
    target: Expr


@record
class PlayCard(Node):
    """`play K [for X]`: the card K is played by `me` (or X) from wherever it is, as if from
    the hand (a Chance card drawn and done at once)."""

    card: Expr
    player: Expr | None = None


Stmt = (
    Let | Choose | ChooseNumber | ChooseWord | ChooseKind | RollZone | RollDice | RollOff | BuildUnits | BuildSession | RemoveTop
    | RemoveAll | MoveTop | Draw | Discard | AddTo | Transfer | OfferReaction | Cancel | Stop | Say | If | ForEach
    | Repeat | RollFaces | SetCounter | OfferCards | Settle | EndGame | StartWith | Shuffle | Put | PlayCard | Do | Show
    | Advance | Place | NextTurn | TakeTurns | Pass | OfferTrade
    | Takes | StopLoop | Drop  # lang47
    | SecretChoice  # issue 47, 4: in secret, each player X chooses ... (engine/words/secret.py)
    | MovePiece  # issue 47, 5: move PIECE [of X] to SPACE | off (engine/words/pieces.py)
    | PutEvery  # pilewords: put every card of PILE on PILE (engine/words/pile_moves.py)
)


@record
class Program(_Record):
    """A parsed effect: its statements and the source text they came from."""

    statements: tuple[Stmt, ...]
    source: str


EXPRESSION_TYPES: tuple[type, ...] = get_args(Expr)
STATEMENT_TYPES: tuple[type, ...] = get_args(Stmt)


def children(node: Node) -> list[Node]:
    """The nodes directly inside `node`, in source order."""
    found: list[Node] = []
    for name in node.FIELDS:
        value = getattr(node, name)
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


def shape(node: Node) -> tuple:
    """A node as its kind and fields, wherever it is written (line and column left out): two
    texts that say the same thing have the same shape."""
    parts: list = [type(node).__name__]
    for name in node.FIELDS:
        if name in ("line", "col"):
            continue
        value = getattr(node, name)
        if isinstance(value, Node):
            value = shape(value)
        elif isinstance(value, tuple):
            value = tuple(shape(v) if isinstance(v, Node) else v for v in value)
        parts.append(value)
    return tuple(parts)
