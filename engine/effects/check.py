"""Checking a parsed effect before any game: every name resolves and every value has the kind
its place needs (a property where a property is expected, a number where a number is).

Kinds are plain strings: "player", "property", "zone", "number", "bool".

Arithmetic on values known before play (numbers, and names `let` gave such a value) is worked
out here, so a result past MAX_NUMBER is refused with its place instead of being cut short
at play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.cost import Cost, Sizes, measure, measured_parts, program_cost, program_work
from engine.effects.kinds import KIND_OF_CHOICE, either_of, parameters, thing_kind
from engine.effects.limits import MAX_CARD_COST, MAX_EXPRESSION_COST, MAX_NUMBER, MAX_PROGRAM_COST, MAX_WORK_PER_ACTION
from engine.effects.parser import reserved_words
from engine.words.table import STATEMENTS

ATTRIBUTES = {
    # attribute: (kind of subject, kind of result)
    "value": ("property", "number"),
    "top": ("property", "player"),
    "owner": ("property", "player"),
    "zone": ("property", "zone"),
    "height": ("property", "number"),
    "worth": ("player", "number"),
    "supply": ("player", "number"),
    "cards": ("player", "number"),
    "properties": ("player", "number"),
    "position": ("player", "property"),
    "space": ("card", "property"),
    "kind": ("card", "kind"),  # ask46: a card's kind, as `choose kind` gives one
}

CARD_FACTS = {"value": "number", "owner": "player", "zone": "zone", "space": "property"}
"""Facts that are also asked of a card: its value (a cash card's), its owner (whose deck it
is from; nobody for a card of the table), its zone and its space (a title deed's: the card's
`space`, and that space's zone, or the card's own `zone`; nothing for a card of neither)."""

PIECE_FACTS = {"owner": "player", "zone": "zone", "space": "property"}
"""for each piece: what is asked of a piece (`owner of R`, `space of R`, `zone of R`): whose
it is (nobody for the table's), and where it stands (nothing off the board)."""

ADJECTIVES = {
    "vacant": "property", "occupied": "property", "leader": "player", "last": "player",
    "playing": "player",  # lang47, players out of the round
    "off": "piece",  # for each piece: `R is off`, off the board
}

_NEVER_NOBODY = frozenset({"number", "bool", "word", "words", "pile"})
"""pilewords (issue 47): the kinds of value that are never nobody (`X is nobody` is refused)."""

_A = {
    "player": "a player", "property": "a property", "zone": "a zone", "number": "a number", "bool": "a condition",
    "word": "a word in quotes", "words": "a list of words", "face": "a die's face",
    "card": "a card", "pile": "a pile", "kind": "a kind of card",
    "piece": "a piece",  # for each piece
}

_SHOWN = frozenset({"player", "property", "zone", "number", "word", "face", "card", "kind"})

_GUESSES = {("kind", "word"), ("word", "kind")}
"""A kind of card compares with a word, its id: `K is "guard"` (ask46)."""
"""The kinds of value a text may show (ask46): each has a name or is written as it is."""

_FITS = {("face", "number"), ("face", "zone"), ("zone", "face")}
"""(kind, wanted) pairs that pass: a face of a die with numbers and symbols is either."""

HOOK_NAMES: dict[str, dict[str, str]] = {
    "token_on_mark": {"mark": "word"},
    "token_passes": {"here": "property"},
    "token_passes_back": {"here": "property"},
    "token_lands": {"here": "property"},
}
"""The names a hook starts with, besides `me`, and their kinds."""


@dataclass(frozen=True)
class RuleValue:
    """What `rule NAME` stands for: its kind ("number", "bool", "word", "words") and, for
    words, the words it may be."""

    kind: str
    words: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Problem:
    message: str
    line: int
    col: int
    hint: str | None = None


@dataclass
class EffectContext:
    """What an effect may refer to: the variant's zones and the card's timing; and how many
    things its collections may range over."""

    zones: frozenset[str]
    timing: str = "end_of_turn"
    sizes: Sizes = field(default_factory=Sizes)
    faces: frozenset[str] = frozenset()
    """Words a die can show besides zones (its symbols, such as the any-zone face); they compare like zones."""
    dice: dict[str, str] = field(default_factory=dict)
    """Die id -> the kind it rolls: "number" (a sum) or "zone" (a face)."""
    kinds: frozenset[str] = frozenset()
    """The kinds of space the variant names under `kinds:` (its own words for an occupied or a vacant space), for a hint."""
    dice_known: bool = False
    """Whether `dice` is the variant's whole set: then no dice means none, and a roll is
    refused; a tool that reads an effect with no variant knows of none."""
    rules: dict[str, RuleValue] = field(default_factory=dict)
    counters: dict[str, frozenset[str] | None] = field(default_factory=dict)
    """Counter name -> the only card timings that may use it (None: any)."""
    per_player: frozenset[str] = frozenset()
    """The counters kept for each player or each space: read and changed as `NAME of X`."""
    per_space: frozenset[str] = frozenset()
    """Of those, the ones kept for each space (`NAME of P`, P a property)."""
    loop: bool = False
    """Whether the board has a loop of spaces tokens go round (`advance`, `position of X`)."""
    piles: frozenset[str] = frozenset()
    public_piles: frozenset[str] = frozenset()
    """The piles everyone sees (`seen_by: everyone`): their cards may be traded openly."""
    pile_each: dict[str, str] = field(default_factory=dict)
    """Pile name -> "game", "player" or "space": how effects name it (`deck`, `deck of X`,
    `pile of P`)."""
    card_tags: frozenset[str] = frozenset()
    """The tags the deck's cards carry, which `K has "tag"` asks about (empty: not checked)."""
    timings: frozenset[str] = frozenset()
    """Card timings a program may offer."""
    end_reasons: frozenset[str] = frozenset()
    given: dict[str, str] = field(default_factory=dict)
    """Names a program starts with, and their kinds (a hook's 'mark')."""
    routines: frozenset[str] = frozenset()
    """The routines the variant names, which `do NAME` runs."""
    routine_params: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """lang47, parameters: what each routine takes ((name, kind) pairs, `takes`), where known."""
    tests: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """lang47, named tests: the variant's named tests (`tests:`), each with what it takes."""
    space_numbers: frozenset[str] = frozenset()
    """The numbers the zones give each of their spaces (`rent of P`)."""
    zone_numbers: frozenset[str] = frozenset()
    """The numbers the zones give themselves (`points of Z`)."""
    scores: frozenset[str] = frozenset()
    """The variant's scores, which another score reads as `NAME of X` (timing "score" only)."""
    pieces: dict[str, str] = field(default_factory=dict)
    """Piece name -> "game" or "player" (issue 47, 5): read as the space it stands on, `NAME`
    or `NAME of X`, and moved by `move NAME ...` (engine/words/pieces.py)."""
    piece_counts: dict[str, int] = field(default_factory=dict)
    """for each piece: how many pieces of each name the table or each player has (`count`);
    a name of several is gone through with `for each NAME R`, never read as one space."""
    cards_stacked: bool = False
    """Whether the board's spaces stack cards (`board.stacks: cards`), not players' units:
    the words that build or remove units have nothing to work on there."""
    program: bool = False
    """A program of the variant (set-up, turn, a hook), not a card: the turn's own words
    are allowed. Not derived from `timing`, because a hook and a card timing may share a
    name ('end_of_turn')."""

    @property
    def in_program(self) -> bool:
        return self.program


_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a // b if b else 0}


@dataclass
class Scope:
    variables: dict[str, str] = field(default_factory=dict)
    constants: dict[str, int] = field(default_factory=dict)
    """Variables whose value is known before play: `let A = 3 * 4`."""

    window: bool = False
    """Inside the body of a `take turns`, where `pass` may be said."""

    loop: bool = False
    """lang47, stop loop: inside the body of a `for each` or a `repeat` (and no window since)."""

    def child(self) -> Scope:
        return Scope(dict(self.variables), dict(self.constants), self.window, self.loop)


class Checker:
    def __init__(self, context: EffectContext, missing_from: int | None = None):
        self.context = context
        self.missing_from = missing_from
        self.problems: list[Problem] = []
        self.known: dict[int, int] = {}  # id(expression) -> its value, when known before play
        self.unknown: set[str] = set()  # names already reported unknown: once is enough
        self.takes: ast.Takes | None = None
        """lang47, parameters: the `takes` line of the routine or named test checked, its first."""

    def report(self, node: ast.Node, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(message, node.line, node.col, hint))

    # ----- names and binding

    def bind(self, node: ast.Node, name: str, kind: str, scope: Scope) -> None:
        if name in scope.variables:
            self.report(node, f"'{name}' is already in use in this effect", "choose a new name")
        elif name in self.context.zones:
            self.report(node, f"'{name}' is the name of a zone and cannot be reused", "choose a new name")
        elif (
            name in ("me", "turn_player", "this") or name in self.context.faces or name in self.context.counters
            or name in self.context.pile_each or name in self.context.pieces
        ):
            self.report(node, f"'{name}' has a fixed meaning and cannot be reused", "choose a new name")
        scope.variables[name] = kind

    def name_kind(self, node: ast.Name, scope: Scope) -> str | None:
        name = node.name
        if name in scope.variables:
            return scope.variables[name]
        if name in ("me", "turn_player"):
            return "player"
        if name == "this":
            if self.context.in_program:
                self.report(node, "'this' is the card being played, and a program is not a card")
                return None
            return "card"
        if name in self.context.per_player:
            whose = "space" if name in self.context.per_space else "player"
            self.report(node, f"'{name}' is kept for each {whose}", f"write '{name} of X', X being the {whose}")
            return "number"
        each = self.context.pile_each.get(name)
        if each is not None:
            if each != "game":
                whose = "player" if each == "player" else "space"
                self.report(node, f"the pile '{name}' is kept for each {whose}", f"write '{name} of X', X being the {whose}")
            return "pile"
        if name in self.context.counters:
            timings = self.context.counters[name]
            if timings is not None and self.context.timing not in timings and not self.context.in_program:
                self.report(node, f"'{name}' only exists for cards with timing {either_of(timings)}")
                return None
            return "number"
        if name in self.context.zones or name in self.context.faces:
            return "zone"
        if name in self.context.pieces:  # a piece: the space it stands on (issue 47, 5)
            if self.several(node, name):
                pass
            elif self.context.pieces[name] != "game":
                self.report(node, f"each player has a '{name}'", f"write '{name} of X', X being the player")
            return "property"
        if self.missing_from is not None and node.line >= self.missing_from:
            return None  # perhaps made on a line with a syntax error: that error is the one to fix
        if name in self.unknown:
            return None
        self.unknown.add(name)
        known = list(scope.variables) + sorted(self.context.zones) + ["me"]
        self.report(node, f"unknown name '{name}'", did_you_mean(name, known) or _known_hint(scope, self.context.zones))
        return None

    def several(self, node: ast.Node, piece: str) -> bool:
        """for each piece: a name of several pieces (`count`) stands for no one space; True
        when it is reported."""
        count = self.context.piece_counts.get(piece, 1)
        if count == 1:
            return False
        whose = "the table has" if self.context.pieces.get(piece) == "game" else "each player has"
        self.report(node, f"{whose} {count} pieces '{piece}', so '{piece}' is not one space",
                    f"go through them with 'for each {piece} R', and read 'space of R', or move R")
        return True

    # ----- expressions

    def expect(self, expr: ast.Expr | None, wanted: str, scope: Scope, what: str) -> None:
        if expr is None:
            return
        kind = self.expr(expr, scope)
        if kind is not None and kind != wanted and (kind, wanted) not in _FITS:
            self.report(expr, f"{what} must be {_A[wanted]}, but this is {_A[kind]}")

    def expect_one_of(self, expr: ast.Expr, wanted: tuple[str, ...], scope: Scope, what: str) -> str | None:
        """Like `expect`, where any of several kinds will do; the kind found."""
        kind = self.expr(expr, scope)
        if kind is not None and kind not in wanted:
            shown = " or ".join(_A[w] for w in wanted)
            self.report(expr, f"{what} must be {shown}, but this is {_A[kind]}")
        return kind

    def expr(self, node: ast.Expr, scope: Scope) -> str | None:
        method = getattr(self, "expr_" + type(node).__name__)
        return method(node, scope)

    def expr_Number(self, node: ast.Number, scope: Scope) -> str:
        self.known[id(node)] = node.value
        return "number"

    def expr_Name(self, node: ast.Name, scope: Scope) -> str | None:
        if node.name in scope.constants:
            self.known[id(node)] = scope.constants[node.name]
        return self.name_kind(node, scope)

    def expr_Attribute(self, node: ast.Attribute, scope: Scope) -> str:
        subject_kind, result = ATTRIBUTES[node.attribute]
        if node.attribute in CARD_FACTS:
            kind = self.expr(node.subject, scope)
            if kind == "card":
                return CARD_FACTS[node.attribute]
            if kind == "piece":  # for each piece: whose it is, the space and zone it stands on
                if node.attribute not in PIECE_FACTS:
                    self.report(node, f"a piece has no {node.attribute}", f"read the {node.attribute} of the space it stands on: "
                                f"'{node.attribute} of space of ...'")
                return PIECE_FACTS.get(node.attribute, "number")
            if kind is not None and kind != subject_kind and (kind, subject_kind) not in _FITS:
                wanted = "a card" if subject_kind == "card" else f"{_A[subject_kind]} or a card"
                self.report(node.subject, f"what follows '{node.attribute} of' must be {wanted}, but this is {_A[kind]}",
                            self._score_named_as(node.attribute))
            return result
        if node.attribute == "position":
            self.needs_loop(node, "position of")
        self.expect(node.subject, subject_kind, scope, f"what follows '{node.attribute} of'")
        return result

    def _score_named_as(self, word: str) -> str | None:
        """A hint where a score has the name of a word of the language (`value`): the word is
        read, never the score."""
        if word in self.context.scores:
            return f"'{word}' is a word of the language, so the score '{word}' cannot be read by name: name the score otherwise"
        return None

    def expr_SpaceOf(self, node: ast.SpaceOf, scope: Scope) -> str:
        self.expect(node.number, "number", scope, "which space ('space N of')")
        self.expect(node.zone, "zone", scope, "what follows 'space N of'")
        known = self.known.get(id(node.number))
        if known is not None and known < 1:
            self.report(node.number, f"there is no space {known} of a zone", "the first space of a zone is 'space 1 of Z'")
        return "property"

    def needs_loop(self, node: ast.Node, words: str) -> None:
        """`advance`, `place` and `position of X` move and read tokens on the board's loop."""
        if not self.context.loop:
            self.report(node, f"'{words}' moves and reads tokens on the board's loop, and this board has none",
                        "list the spaces tokens go round under 'board: loop:' (docs/variants.md, 3.4)")

    def expr_UnitsOn(self, node: ast.UnitsOn, scope: Scope) -> str:
        self.expect(node.player, "player", scope, "what follows 'units of'")
        self.expect(node.property, "property", scope, "what follows 'on'")
        return "number"

    def expr_NextTo(self, node: ast.NextTo, scope: Scope) -> str:
        self.expect(node.left, "property", scope, "each side of 'is next to'")
        self.expect(node.right, "property", scope, "each side of 'is next to'")
        return "bool"

    def expr_Count(self, node: ast.Count, scope: Scope) -> str:
        if node.group and thing_kind(node.kind, self.context.pieces) != "property":
            self.report(node, f"a group is of spaces next to one another, not of {node.kind}s",
                        "write 'largest group property P ...', or a kind of space the variant names")
        inner = scope.child()
        self.collection(node, node.kind, node.var, node.zone, node.where, inner)
        self.expect(node.total, "number", inner, "what 'total' adds up")
        return "number"

    def expr_Extreme(self, node: ast.Extreme, scope: Scope) -> str:
        """lang47, highest / lowest: the thing of the collection's kind, or the number."""
        inner = scope.child()
        self.collection(node, node.kind, node.var, node.zone, node.where, inner)
        word = "highest" if node.highest else "lowest"
        self.expect(node.by, "number", inner, f"what '{word}' ranks by" if node.thing else f"what '{word}' compares")
        if not node.thing:
            return "number"
        return thing_kind(node.kind, self.context.pieces)

    def expr_NamedTest(self, node: ast.NamedTest, scope: Scope) -> str:
        """lang47, named tests: a test the variant names, given what it takes."""
        tests = self.context.tests
        if node.name not in tests:
            known = ", ".join(sorted(tests)) or "this variant names none (see 'tests' in docs/variants.md)"
            self.report(node, f"there is no test '{node.name}'", did_you_mean(node.name, tests) or f"tests: {known}")
        self.arguments(node, f"the test '{node.name}'", node.args, tests.get(node.name), scope)
        return "bool"

    def expr_NextPlayer(self, node: ast.NextPlayer, scope: Scope) -> str:
        """lang47, players out of the round: the next player still playing after one."""
        self.expect(node.subject, "player", scope, "what follows 'next player after'")
        return "player"

    def expr_Arith(self, node: ast.Arith, scope: Scope) -> str:
        self.expect(node.left, "number", scope, f"each side of '{node.op}'")
        self.expect(node.right, "number", scope, f"each side of '{node.op}'")
        if node.op == "/" and self.known.get(id(node.right)) == 0:
            self.report(node.right, "this divides by 0", "a division by 0 gives 0 in play; divide by a number that is never 0")
        self.fold(node)
        return "number"

    def expr_OfPlayer(self, node: ast.OfPlayer, scope: Scope) -> str:
        if node.counter in self.context.space_numbers:
            self.expect(node.subject, "property", scope, f"whose {node.counter} ('of ...')")
            return "number"
        if node.counter in self.context.zone_numbers:
            self.expect(node.subject, "zone", scope, f"whose {node.counter} ('of ...')")
            return "number"
        named = node.counter
        if named in self.context.scores and named not in self.context.counters and named not in self.context.pile_each:
            if self.context.timing != "score":
                self.report(node, f"'{node.counter}' is a score: only another score may read it",
                            "keep the number in a counter, or work it out here")
            self.expect(node.subject, "player", scope, f"whose {node.counter} ('of ...')")
            return "number"
        each = self.context.pile_each.get(node.counter)
        if each is None and node.counter in self.context.pieces:  # a piece: where it stands (issue 47, 5)
            if self.several(node, node.counter):
                pass
            elif self.context.pieces[node.counter] == "game":
                self.report(node, f"'{node.counter}' is one piece for the whole table", f"write '{node.counter}' without 'of'")
            self.expect(node.subject, "player", scope, f"whose {node.counter} ('of ...')")
            return "property"
        if each is None:
            self.counter_of(node, node.counter, node.subject, scope)
            return "number"
        if each == "game":
            self.report(node, f"'{node.counter}' is one pile for the whole table", f"write '{node.counter}' without 'of'")
        else:
            self.expect(node.subject, "player" if each == "player" else "property", scope, f"whose {node.counter} ('of ...')")
        return "pile"

    def expr_TopCard(self, node: ast.TopCard, scope: Scope) -> str:
        self.card_place(node.subject, scope, "what follows 'top card of'")
        return "card"

    def card_place(self, expr: ast.Expr, scope: Scope, what: str) -> None:
        """A place cards are in: a pile, or a space (its stack of cards)."""
        kind = self.expr(expr, scope)
        if kind is not None and kind not in ("pile", "property"):
            self.report(expr, f"{what} must be a pile or a space, but this is {_A[kind]}")

    def counter_of(self, node: ast.Node, counter: str, subject: ast.Expr | None, scope: Scope) -> None:
        """`NAME of X` names a counter kept for each player; a counter of the whole game goes
        without `of`."""
        context = self.context
        if counter not in context.counters:
            known = sorted(context.counters)
            self.report(node, f"there is no counter '{counter}'",
                        did_you_mean(counter, known) or f"counters: {', '.join(known) or 'none'}")
            if subject is not None:
                self.expr(subject, scope)  # its names are still checked; its kind means nothing now
            return
        if subject is not None and counter not in context.per_player:
            self.report(node, f"'{counter}' is one number for the whole game", f"write '{counter}' without 'of'")
        elif subject is None and counter in context.per_player:
            whose = "space" if counter in context.per_space else "player"
            self.report(node, f"'{counter}' is kept for each {whose}", f"write '{counter} of X', X being the {whose}")
        self.expect(subject, "property" if counter in context.per_space else "player", scope, f"whose {counter} ('of ...')")

    def fold(self, node: ast.Arith) -> None:
        """Work out `node` when both sides are known; refuse a result past MAX_NUMBER once,
        where it first goes past (an unknown result makes everything above it unknown)."""
        left, right = self.known.get(id(node.left)), self.known.get(id(node.right))
        if left is None or right is None:
            return
        value = _ARITH[node.op](left, right)
        if abs(value) <= MAX_NUMBER:
            self.known[id(node)] = value
            return
        self.report(
            node,
            f"this works out to {value:,}, beyond {MAX_NUMBER:,}, the largest number an effect may use",
            f"numbers in an effect stay between -{MAX_NUMBER:,} and {MAX_NUMBER:,}",
        )

    def expr_Compare(self, node: ast.Compare, scope: Scope) -> str:
        hint = "use 'is' to compare players, properties or zones"
        for side in (node.left, node.right):
            kind = self.expr(side, scope)
            if kind is not None and kind not in ("number", "face"):
                self.report(side, f"'{node.op}' compares numbers, but this is {_A[kind]}", hint)
        return "bool"

    def expr_IsAdjective(self, node: ast.IsAdjective, scope: Scope) -> str:
        if node.adjective == "nobody":  # pilewords (issue 47): a thing that may be none, of any kind
            kind = self.expr(node.subject, scope)
            if kind in _NEVER_NOBODY:
                self.report(node.subject, f"'is nobody' asks whether there is a player, a card, a space or a zone, "
                            f"and this is {_A[kind]}", "a number is never nobody: compare it, as in 'count ... = 0'")
            return "bool"
        self.expect(node.subject, ADJECTIVES[node.adjective], scope, f"what is called '{node.adjective}'")
        return "bool"

    def expr_IsSame(self, node: ast.IsSame, scope: Scope) -> str:
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        if isinstance(node.right, ast.Word):
            self._known_word(node.left, node.right.text, node.right)
        if left is not None and right is not None:
            if left != right and (left, right) not in _FITS and (left, right) not in _GUESSES:
                self.report(node, f"'is' compares things of one kind, but this is {_A[left]} and {_A[right]}")
            elif left in ("number", "bool"):
                tail = "use '=' for numbers" if left == "number" else "not conditions"
                self.report(node, f"'is' compares players, properties or zones; {tail}")
        return "bool"

    def expr_Rule(self, node: ast.Rule, scope: Scope) -> str | None:
        rule = self.context.rules.get(node.name)
        if rule is None:
            self.report(node, f"there is no rule '{node.name}'", did_you_mean(node.name, self.context.rules))
            return None
        return rule.kind

    def expr_Word(self, node: ast.Word, scope: Scope) -> str:
        return "word"

    def expr_HasWord(self, node: ast.HasWord, scope: Scope) -> str:
        kind = self.expr(node.subject, scope)
        if kind == "card":
            tags = self.context.card_tags
            if tags and node.word not in tags:
                hint = did_you_mean(node.word, tags) or "tags: " + ", ".join(sorted(tags))
                self.report(node, f"no card has the tag '{node.word}'", hint)
            return "bool"
        if kind is not None and kind != "words":
            self.report(node.subject, f"'has \"...\"' asks whether a list of words holds one, but this is {_A[kind]}")
        self._known_word(node.subject, node.word, node)
        return "bool"

    def _known_word(self, subject: ast.Expr, word: str, where: ast.Node) -> None:
        """A word compared with a rule must be one that rule can hold: a misspelling would
        make the test always false."""
        if isinstance(subject, ast.Rule) and subject.name in self.context.rules:
            allowed = self.context.rules[subject.name].words
            if allowed and word not in allowed:
                self.report(where, f"rule '{subject.name}' never holds the word '{word}'", did_you_mean(word, allowed))

    def expr_HasUnits(self, node: ast.HasUnits, scope: Scope) -> str:
        self.expect(node.player, "player", scope, "what comes before 'has units on'")
        self.expect(node.property, "property", scope, "what follows 'has units on'")
        return "bool"

    def expr_Logic(self, node: ast.Logic, scope: Scope) -> str:
        for operand in node.operands:
            self.expect(operand, "bool", scope, f"each side of '{node.op}'")
        return "bool"

    def expr_Not(self, node: ast.Not, scope: Scope) -> str:
        self.expect(node.operand, "bool", scope, "what follows 'not'")
        return "bool"

    def collection(self, node: ast.Node, kind: str, var: str, zone, where, scope: Scope) -> None:
        """`KIND NAME [in Z] [where COND]`, shared by choose, for each and count."""
        if thing_kind(kind, self.context.pieces) == "piece":  # for each piece
            self.pieces(node, kind, var, zone, where, scope)
            return
        if kind not in KIND_OF_CHOICE:  # a kind of space the variant does not name
            known = ["property", "zone", "player", "opponent", "card"]
            self.report(node, f"there is no kind of thing '{kind}'",
                        did_you_mean(kind, [*known, *self.context.kinds])
                        or "a variant names its own kinds of space under 'kinds:' (docs/variants.md), "
                        "e.g. 'empty plot: vacant'")
            kind = "property"
        if kind == "card":
            if zone is None:
                self.report(node, "'card' needs 'in' and the pile or space the cards are in", "e.g. 'card K in hand of me'")
            else:
                self.card_place(zone, scope, "what follows 'in'")
        elif zone is not None:
            if KIND_OF_CHOICE[kind] != "property":
                self.report(zone, f"'in' only narrows properties, not {_article(kind)}")
            self.expect(zone, "zone", scope, "what follows 'in'")
        self.bind(node, var, KIND_OF_CHOICE[kind], scope)
        self.expect(where, "bool", scope, "what follows 'where'")

    def pieces(self, node: ast.Node, kind: str, var: str, zone, where, scope: Scope) -> None:
        """for each piece: `piece R` (every piece) or `NAME R` (the pieces of one name, `for
        each runner R`) [in a zone or on a space] [where ...]; R is a piece."""
        if kind == "piece" and not self.context.pieces:
            self.report(node, "this variant has no pieces", "declare them under 'pieces:' (docs/variants.md, 3.16)")
        if zone is not None:
            self.expect_one_of(zone, ("zone", "property"), scope, "what follows 'in' (the zone or the space they stand on)")
        self.bind(node, var, "piece", scope)
        self.expect(where, "bool", scope, "what follows 'where'")

    # ----- ask46: text built from values

    def text(self, text: ast.Text | None, scope: Scope) -> None:
        """The values a text shows (`say "{X} rolled {total}"`, a question's words, a label):
        each one a thing with a name, a number or a word; `as money` a number."""
        if text is None:
            return
        for part in text.parts:
            if isinstance(part, str):
                continue
            kind = self.expr(part.value, scope)
            if kind is not None and kind not in _SHOWN:
                self.report(part.value, f"a text shows a player, a card, a space, a zone, a number or a word, "
                            f"but this is {_A[kind]}", "show a value, such as '{P}', '{value of S}'")
            elif part.money and kind not in (None, "number", "face"):
                self.report(part.value, f"only a number is shown as money, but this is {_A[kind]}",
                            "leave out 'as money'")

    # ----- statements

    def block(self, statements: Iterable[ast.Stmt], scope: Scope) -> None:
        """Check each statement by its word (engine/words/)."""
        for statement in statements:
            STATEMENTS[type(statement)].check(self, statement, scope)

    def arguments(self, node: ast.Node, what: str, args: tuple[ast.Expr, ...],
                  params: tuple[tuple[str, str], ...] | None, scope: Scope) -> None:
        """lang47, parameters: what a routine or a named test is given, one argument of its
        kind for each name it takes (not counted where what it takes is not known)."""
        if params is not None and len(args) != len(params):
            taken = ", ".join(f"{kind} {name}" for name, kind in params) or "nothing"
            self.report(node, f"{what} takes {len(params)} (given {len(args)})", f"it takes: {taken}")
        for i, arg in enumerate(args):
            if params is not None and i < len(params) and params[i][1] in _A:
                name, kind = params[i]
                self.expect(arg, kind, scope, f"what {what} is given as {name}")
            else:
                self.expr(arg, scope)

    def has_die(self, node: ast.Node, kind: str, words: str) -> None:
        """The variant must have a die of the kind the statement rolls (when its dice are known)."""
        if (self.context.dice or self.context.dice_known) and kind not in self.context.dice.values():
            self.report(node, f"this variant has no die {words}", "see 'dice' in docs/variants.md")

    def program_only(self, node: ast.Node, what: str) -> bool:
        if not self.context.in_program:
            self.report(node, f"'{what}' belongs to the game's setup or turn, not to a card")
            return False
        return True


def _article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _known_hint(scope: Scope, zones: frozenset[str]) -> str:
    names = sorted(scope.variables) + ["me"] + sorted(zones)
    return "known here: " + ", ".join(names)


def check_program(program: ast.Program, context: EffectContext, missing_from: int | None = None) -> list[Problem]:
    """Every problem of names, kinds and cost in a parsed effect.

    `missing_from` is given for an effect with syntax errors: the first line whose statement
    did not parse (see `recovery.py`). An unknown name from there on is not reported, since
    a line in error may be where it was made, and the whole card's cost is not worked out,
    since part of the card is missing."""
    checker = Checker(context, missing_from)
    given = dict(context.given)
    first = program.statements[0] if program.statements else None
    if isinstance(first, ast.Takes) and context.timing in context.routines:  # lang47, parameters
        checker.takes = first
        for name, kind in parameters(program.statements):
            if kind in _A:
                given[name] = kind
            else:  # a kind the language has not, refused at `takes`: the name's uses say nothing more
                checker.unknown.add(name)
    checker.block(program.statements, Scope(given))
    problems = checker.problems + _too_costly(list(program.statements), context.sizes)
    if not problems and missing_from is None:
        problems += _card_too_costly(program.statements, context.sizes, context.in_program)
    if not problems and missing_from is None:
        problems += _too_much_work(program.statements, context.sizes, context.in_program)
    return problems


def _too_much_work(statements: tuple[ast.Stmt, ...], sizes: Sizes, program: bool = False) -> list[Problem]:
    """One run's worst-case work, statements and events together, past what one move may do
    (MAX_WORK_PER_ACTION), reported at the dearest statement of the top level."""
    work = program_work(statements, sizes)
    if work <= MAX_WORK_PER_ACTION:
        return []
    dearest = max(statements, key=lambda statement: program_work((statement,), sizes))
    doing = "running this program" if program else "playing this card"
    return [
        Problem(
            f"{doing} could carry out and tell {work:,} statements and events, more than the "
            f"{MAX_WORK_PER_ACTION:,} one move may: the loops around this multiply what happens inside them",
            dearest.line,
            dearest.col,
            "repeat fewer times (a 'repeat while' counts as 100 rounds), or say and draw less inside loops",
        )
    ]


def _card_too_costly(statements: tuple[ast.Stmt, ...], sizes: Sizes, program: bool = False) -> list[Problem]:
    """The whole effect's worst case past MAX_CARD_COST (MAX_PROGRAM_COST for a program of
    the game), reported at the dearest statement of the top level (usually the outermost loop)."""
    steps = program_cost(statements, sizes)
    limit = MAX_PROGRAM_COST if program else MAX_CARD_COST
    if steps <= limit:
        return []
    dearest = max(statements, key=lambda statement: program_cost((statement,), sizes))
    doing = "running this program" if program else "playing this card"
    return [
        Problem(
            f"{doing} could take {steps:,} steps, more than the {limit:,} allowed: "
            "the loops around this multiply the work inside them",
            dearest.line,
            dearest.col,
            "repeat fewer times, loop over fewer things, or move the costly part out of the loop",
        )
    ]


def check_condition(expr: ast.Expr, context: EffectContext, wanted: str = "bool") -> list[Problem]:
    """The problems of a card's condition (true or false), or of another expression of the
    `wanted` kind (a score: a number)."""
    checker = Checker(context)
    kind = checker.expr(expr, Scope(dict(context.given)))
    if kind is not None and kind != wanted and (kind, wanted) not in _FITS:
        what = "a condition must be true or false" if wanted == "bool" else f"this must be {_A[wanted]}"
        checker.report(expr, f"{what}, but this is {_A[kind]}")
    return checker.problems + _too_costly([expr], context.sizes)


def _too_costly(nodes: list[ast.Node], sizes: Sizes) -> list[Problem]:
    """Each expression (or choose / for each) whose worst case passes MAX_EXPRESSION_COST,
    reported at the outermost collection that makes it so."""
    problems = []
    for part in measured_parts(nodes):
        cost = measure(part, sizes)
        if cost.steps > MAX_EXPRESSION_COST:
            where = cost.nesting[0][0] if cost.nesting else part
            problems.append(
                Problem(
                    f"this could take {cost.steps:,} steps to work out, more than the {MAX_EXPRESSION_COST:,} "
                    f"allowed: {cost.describe()}",
                    where.line,
                    where.col,
                    _narrowing_hint(cost),
                )
            )
    return problems


def _narrowing_hint(cost: Cost) -> str:
    """How to make a costly expression cheaper, by what its collections range over: a zone
    narrows spaces only (issue 47, item 10: it was offered for a pile of cards), and a pile
    costs what it can hold (its `holds`)."""
    kinds = {node.kind for node, _ in cost.nesting if isinstance(node, (ast.Count, ast.Choose, ast.ForEach, ast.Extreme))}
    hints = ["put fewer 'count ... where' inside one another"]
    if any(isinstance(node, ast.NamedTest) for node, _ in cost.nesting):
        hints.append("use a named test fewer times here, or keep what it works out in a counter")
    if kinds & {"card"}:
        hints.append("say how many cards a pile can hold with 'holds: N' in its entry under 'piles:' (docs/variants.md)")
    if kinds - {"card", "player", "opponent", "zone"}:
        hints.append("narrow the spaces with 'in' a zone")
    return ", or ".join(hints)


def is_reserved(word: str) -> bool:
    return word in reserved_words() or word in ("me", "turn_player", "this")


def bindings(statement: ast.Stmt, variables: dict[str, str], context: EffectContext) -> list[tuple[str, str]]:
    """The variables a statement binds in its block and the kinds of their values (its word's
    `binds`): what a saved game's variables are checked against (a checked effect's names
    always resolve)."""
    binds = STATEMENTS[type(statement)].binds
    if binds is None:
        return []
    return binds(statement, lambda expr: Checker(context).expr(expr, Scope(dict(variables))), context)
