"""The frames of the machine's stack: small records, one class per kind of work under way,
each able to copy itself, write itself as plain data and be read back.

Every bit of progress the game makes between two decisions lives in a frame: where the turn
and a card's effect have got to and their variables, the rounds a loop has left, what a build
session has placed. So a game stopped at any decision (mid-card included) is plain data: copied frame by
frame, saved as JSON, restored. Only the machine (`GameState._advance` and the statements it runs)
pushes and pops them. Their saved form is a dict with a "t" naming the kind, checked field by
field on restore (`snapshot_check`).

Each class declares its fields once, in `fields`, in the order a save writes them, and takes
every one of them by name in `__init__`: copying, saving and reading back follow from that
list. They are compiled as native classes by the optional kernel (engine/accel.py), so the
machine reads a field as a C struct member, not through a dictionary of slots.

Each frame also owns its behaviour (`Frame`'s methods): its step, the question it asks, how
an answer to it is carried out, what it tells the question (question.py), how its saved form
is checked. The machine calls these and knows no kind of frame but the block, which it runs
itself for speed. The frames of the program's flow are here; a frame that waits for players
lives beside the word that pushes it (engine/words: the card offer, the reaction offer, a
discard, a build, a window, a trade offer) and is registered in FRAME_KINDS (`register`), so a
new waiting word is its frame class and its word record, and neither the machine nor this
module changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from engine.core.refs import CardRef
from engine.effects import ast

if TYPE_CHECKING:
    from engine.core.question import Trade, Window
    from engine.game.game_state import GameState
    from engine.game.messages import Action
    from engine.game.rng import RandomSource
    from engine.game.snapshot_check import SnapshotChecker


class Frame:
    """A unit of work on the stack."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order a save writes them; `__init__` takes each by this name."""
    kind: ClassVar[str] = ""
    """The "t" of the saved form."""
    optional: ClassVar[tuple[str, ...]] = ()
    """The fields its saved form may leave out (saves older than them): read back as
    `frame_from_dict` says."""

    def copy(self) -> Frame:
        """A frame of its own: the same fields, each list and dict a new one. This one follows
        `fields` by name; each kind below writes its own out, field by field, because a
        search bot copies every frame of the stack for each option it tries and the call by
        keyword names cost the compiled kernel ten times more. tests/test_engine_invariants.py
        checks that every kind's copy has every field of `fields` and shares no list or dict
        with the frame it was copied from."""
        return type(self)(**{name: copied(getattr(self, name)) for name in self.fields})

    def to_dict(self) -> dict[str, Any]:
        """The saved form: "t", then each field of `fields` as plain data. Each kind below
        writes its own out, as with `copy` (a bot's observation writes the whole stack at
        every decision); the test of `copy` checks each against this one."""
        data: dict[str, Any] = {"t": self.kind}
        for name in self.fields:
            data[name] = _saved(name, getattr(self, name))
        return data

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields)
        return f"{type(self).__name__}({fields})"

    # -- behaviour: what the machine (and the question, and restore) ask of a frame on top

    def step(self, g: GameState) -> None:
        """Take this frame's next step, on top of the stack: push what runs next, ask its
        question (`Table.ask`), or pop itself when it is done. (A block's statements run in
        Machine._advance itself, without a call per frame.)"""
        raise NotImplementedError(f"a '{self.kind}' frame takes no step of its own")

    def question(self, g: GameState) -> Asked | None:
        """The question this frame asks on top of the stack, worked out from the state alone,
        as its step asks it: None where the machine would run on without asking. Restore
        checks a saved game's question against it (snapshot.py, invariants.py)."""
        return None

    def answer(self, g: GameState, player: int, action: Action) -> None:
        """Carry out `player`'s answer, one of the options of this frame's question."""
        raise AssertionError(f"a '{self.kind}' frame asks nothing")

    def options(self, g: GameState) -> Sequence[Action]:
        """The options of a question this frame asked without them (Asked.options None: a
        card offer), worked out when first read (GameState.options)."""
        raise AssertionError(f"a '{self.kind}' frame asks nothing without its options")

    def withheld(self, g: GameState, player: int) -> list[dict]:
        """What this frame's question does not offer `player`, and why (GameState.withheld)."""
        return []

    def answer_asks_again(self, g: GameState, action: Action) -> bool:
        """Whether answering with `action` changes nothing but what it places before this
        frame asks its question again (GameState.answer_asks_again)."""
        return False

    def building(self) -> tuple[str | None, int] | None:
        """A build session's zone and budget left, while it is under way (the observation's
        zone being built in, Table.budget_left); None for any other frame."""
        return None

    def card_timing(self) -> str | None:
        """The timing of the cards its question is about (a card offer's), if any."""
        return None

    def seen_window(self, at: int) -> Window | None:
        """This frame as an open window of the question (question.Window), at place `at` of
        the stack; None for any frame but a window."""
        return None

    def seen_trade(self, g: GameState) -> Trade | None:
        """This frame as the trade offer its question belongs to (question.Trade), if it is one."""
        return None

    def finished(self, g: GameState) -> bool:
        """Whether nothing of this frame is left to run once the frames above it are done
        (a block at its end, a loop past its last item): passing a card offer with only
        finished frames between it and the turn's program ends the turn (question.py)."""
        return True

    def strip(self, card_names: list[frozenset[str]], seen: Seen) -> None:
        """Empty the variables that hold cards the player may not see (`strip_cards`); frames
        without variables keep all."""

    keeps_secrets: ClassVar[bool] = False
    """Whether it holds what some player may not know besides cards: the picks of a secret
    choice (engine/words/secret.py), which `conceal` forgets."""

    def conceal(self, player: int | None) -> None:
        """Forget, in a copy made for `player` (None: a spectator), what it keeps from them
        (`keeps_secrets`): the game as they know it (known.py) and their observation's
        "state" are made so. Frames that keep nothing secret keep all."""

    def guess(self, g: GameState, player: int | None, rng: RandomSource) -> None:
        """Fill in, in a game a bot deals for `player` from what they know, what `conceal`
        forgot with guesses drawn from `rng`: each other player's secret pick, one of their
        options at random, so that a look-ahead meets picks as varied as the others' may be,
        not the same stand-in every time. Frames that keep nothing secret have nothing to guess."""

    def remaining(self, g: GameState) -> list[tuple]:
        """What is left of this frame's work once the frames above it are done, as look-ahead
        segments (followable.segments_after: a block's trial steps, the next step, the
        variables, `me`), for a frame that runs a body again by a rule of its own (a window's
        next turn); the frames of the flow are followed there."""
        return []

    @classmethod
    def from_saved(cls, values: dict[str, Any]) -> Frame:
        """A frame of this kind from its saved fields, read back as `frame_from_dict` gives them."""
        return cls(**values)

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        """Check this kind's saved form at `frames[index]` (its keys are checked already):
        every field of the type, range and shape the engine gives it, and the frame standing
        where the machine could have put it. The frames of the flow are checked by the
        checker itself (`SnapshotChecker.flow_frame`); each waiting frame checks its own."""
        c.flow_frame(field, data, index, frames)


def copied(value: Any) -> Any:
    """Frames hold ints, strings, None, flat dicts and flat lists: one level is a deep copy."""
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    return value


def _saved(name: str, value: Any) -> Any:
    """Plain data: an int marked as a card (refs.CardRef) is written as the int."""
    if name == "started":
        return [[prop, count] for prop, count in sorted(value.items())]
    if type(value) is dict:
        return {key: plain(item) for key, item in value.items()}
    if type(value) is list:
        return [plain(item) for item in value]
    return plain(value)


def plain_env(env: dict) -> dict[str, Any]:
    """A block's variables as plain data (`plain` each)."""
    return {name: plain(value) for name, value in env.items()}


def plain(value: Any) -> Any:
    """A card in a variable (refs.CardRef) as [code, place]; any other int as an int."""
    kind = type(value)
    if kind is int or kind is str or value is None:
        return value  # the commonest values, exactly of their type: nothing to mark
    place = getattr(value, "place", None)  # before any test of its type (see refs.Ref)
    if type(value) in (int, bool) or not isinstance(value, int):
        return value
    return int(value) if place is None else [int(value), place]


class Asked:
    """A question the machine has asked and not had answered: who, what kind, and its options
    (None for a card offer until first read: GameState.options). The frame that asked it says what
    it is about (`Frame.question`); `GameState.question` (question.py) is the whole of it as one
    value for everyone outside the engine. Saved as {"kind", "player", "options"}."""

    __slots__ = ("kind", "player", "options")

    def __init__(self, kind: str, player: int, options: Any) -> None:
        self.kind = kind
        self.player = player
        self.options = options

    def copy(self) -> Asked:
        return Asked(self.kind, self.player, self.options)

    def __repr__(self) -> str:
        return f"Asked({self.kind!r}, {self.player!r}, {self.options!r})"


class GameFrame(Frame):
    """The bottom of the stack: the game's setup, then one turn after another. `begun` says
    whether a turn has been played yet (the next one passes the turn on first)."""

    fields = ("phase", "begun")
    __slots__ = fields
    kind = "game"

    def __init__(self, phase: str = "setup", begun: bool = False):
        self.phase = phase
        self.begun = begun

    def to_dict(self) -> dict[str, Any]:
        return {"t": "game", "phase": self.phase, "begun": self.begun}

    def copy(self) -> GameFrame:
        return GameFrame(self.phase, self.begun)

    def step(self, g: GameState) -> None:
        """Run the setup, then start turn after turn (the turn's programs pushed above it)."""
        if self.phase == "setup":
            self.phase = "turns"
            g.run_program("setup", 0)
            return
        if self.begun:
            g.turn_ended()
        self.begun = True
        g.begin_turn()


class RootFrame(Frame):
    """What a block's `root` points at: a card or a program whose statements it runs. `me` is
    who runs it; `halt` stops it (a cancelling answer, nothing to choose, `stop`); `target`
    is the index of the card frame an answer is played against; `steps` counts its
    statements against the effect limit."""

    __slots__ = ("me", "halt", "target", "steps")

    def __init__(self, me: int, halt: bool = False, target: int | None = None, steps: int = 0):
        self.me = me
        self.halt = halt
        self.target = target
        self.steps = steps


class ProgramFrame(RootFrame):
    """One of the game's own programs running for `me`: the setup, or a turn. Blocks inside it
    point at it as their root, as a card's blocks point at the card."""

    __slots__ = ("program",)
    fields = ("program", "me", "halt", "target", "steps")
    kind = "run"

    def __init__(self, program: str, me: int, halt: bool = False, target: int | None = None, steps: int = 0):
        self.program = program
        self.me = me  # RootFrame's fields, set here without a call (a turn makes one)
        self.halt = halt
        self.target = target
        self.steps = steps

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "run", "program": self.program, "me": self.me, "halt": self.halt, "target": self.target,
            "steps": self.steps,
        }

    def copy(self) -> ProgramFrame:
        return ProgramFrame(self.program, self.me, self.halt, self.target, self.steps)

    def step(self, g: GameState) -> None:
        """The program is done: the game's own frame below starts what comes next."""
        g.frames.pop()


class CardFrame(RootFrame):
    """A card being played by `me`: discarded and settled when its effect is done; `acted`,
    whether it has changed the game in an earlier decision (so a cancel stops the rest of it).
    Its blocks point at it as their root."""

    __slots__ = ("c", "acted")
    fields = ("c", "me", "halt", "target", "steps", "acted")
    kind = "card"
    optional = ("steps", "acted")

    def __init__(
        self, c: int, me: int, target: int | None = None, halt: bool = False, steps: int = 0, acted: bool = False
    ):
        self.c = c
        self.me = me  # RootFrame's fields, set here without a call (a card makes one)
        self.halt = halt
        self.target = target
        self.steps = steps
        self.acted = acted

    def to_dict(self) -> dict[str, Any]:
        """`acted` only when true: a save stays as saves were before it was kept."""
        data = {"t": "card", "c": self.c, "me": self.me, "halt": self.halt, "target": self.target, "steps": self.steps}
        if self.acted:
            data["acted"] = True
        return data

    def copy(self) -> CardFrame:
        return CardFrame(self.c, self.me, self.target, self.halt, self.steps, self.acted)

    def step(self, g: GameState) -> None:
        """The card's effect is done (or stopped): discarded and settled (Machine.card_done)."""
        g.frames.pop()
        g.card_done(self)

    def finished(self, g: GameState) -> bool:
        return False  # a card under way: passing an offer inside its effect does not end the turn


class BlockFrame(Frame):
    """Statements of one block of a card's effect or a program: the next to run, the
    variables, and the index of the card or program frame it belongs to (`root`)."""

    fields = ("b", "pc", "env", "root")
    __slots__ = fields
    kind = "blk"

    def __init__(self, b: int, env: dict, root: int, pc: int = 0):
        self.b = b
        self.pc = pc
        self.env = env
        self.root = root

    def to_dict(self) -> dict[str, Any]:
        return {"t": "blk", "b": self.b, "pc": self.pc, "env": plain_env(self.env), "root": self.root}

    def copy(self) -> BlockFrame:
        return BlockFrame(self.b, dict(self.env), self.root, self.pc)

    def question(self, g: GameState) -> Asked | None:
        """A block asks at a choice (`choose`, `choose number`, a word, a zone) that has more
        than one value to choose from: the interpreter works out who chooses among what."""
        block = g.book.blocks[self.b]
        statement = block[self.pc] if self.pc < len(block) else None
        if not isinstance(statement, (ast.Choose, ast.ChooseNumber, ast.ChooseWord, ast.ChooseKind, ast.RollZone)):
            return None
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)  # a block's root is a card or a program
        chooser, what, values = g.interp.offered_choice(statement, self, root)
        if chooser is None or len(values) <= 1:
            return None
        return Asked("choose", chooser, g.interp.choice_actions(what, values))

    def answer(self, g: GameState, player: int, action: Action) -> None:
        """The choice's value bound to its variable; a card, the very card offered where it
        lies, not a twin elsewhere. (A game a bot sampled may hold other hidden cards than the
        options it was given: the card is then looked for wherever it is.)"""
        statement = g.book.blocks[self.b][self.pc]
        value = action.arg
        if action.what == "card":
            root = cast(RootFrame, g.frames[self.root])
            _, _, offered = g.interp.offered_choice(cast(ast.Choose, statement), self, root)
            value = next((o for o in offered if o == value), CardRef(value))
        if type(statement) is ast.ChooseNumber and type(value) is str:  # its pass
            g.interp.answer(self, statement.var, action.what, value, player)
        else:
            g.interp.bind(self, statement.var, action.what, value, player)  # type: ignore[union-attr]

    def finished(self, g: GameState) -> bool:
        return self.pc >= len(g.book.blocks[self.b])

    def strip(self, card_names: list[frozenset[str]], seen: Seen) -> None:
        self.env = stripped_env(self.env, card_names[self.b], seen)


class LoopFrame(Frame):
    """`for each`: the items, the next one, and the variables the body starts from."""

    fields = ("b", "var", "items", "i", "env", "root")
    __slots__ = fields
    kind = "loop"

    def __init__(self, b: int, var: str, items: list, env: dict, root: int, i: int = 0):
        self.b = b
        self.var = var
        self.items = items
        self.i = i
        self.env = env
        self.root = root

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "loop", "b": self.b, "var": self.var, "items": [plain(item) for item in self.items], "i": self.i,
            "env": plain_env(self.env), "root": self.root,
        }

    def copy(self) -> LoopFrame:
        return LoopFrame(self.b, self.var, list(self.items), dict(self.env), self.root, self.i)

    def step(self, g: GameState) -> None:
        """The body once more with the next item, or the loop done (or its effect stopped)."""
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)
        if root.halt or self.i >= len(self.items):
            g.frames.pop()
            return
        env = dict(self.env)
        env[self.var] = self.items[self.i]
        self.i += 1
        g.frames.append(BlockFrame(self.b, env, self.root))

    def finished(self, g: GameState) -> bool:
        return self.i >= len(self.items)

    def strip(self, card_names: list[frozenset[str]], seen: Seen) -> None:
        cards = card_names[self.b]
        self.env = stripped_env(self.env, cards, seen)
        items = [copied(plain(item)) for item in self.items]
        self.items = [seen(item) for item in items] if self.var in cards else items


class RepeatFrame(Frame):
    """`repeat N times`: the rounds left."""

    fields = ("b", "left", "env", "root")
    __slots__ = fields
    kind = "rep"

    def __init__(self, b: int, left: int, env: dict, root: int):
        self.b = b
        self.left = left
        self.env = env
        self.root = root

    def to_dict(self) -> dict[str, Any]:
        return {"t": "rep", "b": self.b, "left": self.left, "env": plain_env(self.env), "root": self.root}

    def copy(self) -> RepeatFrame:
        return RepeatFrame(self.b, self.left, dict(self.env), self.root)

    def step(self, g: GameState) -> None:
        """The body once more while rounds are left and its test (`repeat while`) holds."""
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)
        if root.halt or not self._goes_on(g, root):
            g.frames.pop()
            return
        self.left -= 1
        g.frames.append(BlockFrame(self.b, dict(self.env), self.root))

    def _goes_on(self, g: GameState, root: RootFrame) -> bool:
        test = g.book.repeat_tests.get(self.b)
        return self.left > 0 and (test is None or bool(test(g, self.env, root.me)))

    def finished(self, g: GameState) -> bool:
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)
        return not self._goes_on(g, root)

    def strip(self, card_names: list[frozenset[str]], seen: Seen) -> None:
        self.env = stripped_env(self.env, card_names[self.b], seen)


FRAME_KINDS: dict[str, type[Frame]] = {
    cls.kind: cls for cls in (GameFrame, ProgramFrame, CardFrame, BlockFrame, LoopFrame, RepeatFrame)
}
"""Every kind of frame by its saved "t": those of the flow here, each waiting frame added by
the module of its word (`register`), which the rulebook imports (engine/words/table.py)."""


def register(cls: type[Frame]) -> None:
    """Add a kind of frame defined outside this module to FRAME_KINDS, by its saved "t"."""
    known = FRAME_KINDS.get(cls.kind)
    if known is not None and known is not cls:
        raise ValueError(f"two kinds of frame are saved as '{cls.kind}'")
    FRAME_KINDS[cls.kind] = cls


Seen = Callable[[Any], Any]
"""A card a variable holds, given as plain data (`plain`: [code, place], a bare code, or
None), as the game a player knows holds it if they may see it (a CardRef again), else None:
known.known_card."""


def strip_cards(copy: Frame, card_names: list[frozenset[str]], seen: Seen) -> None:
    """Make a copy of a frame (GameState.copy's) what a player knows of it, who may not see
    some of the cards its variables hold (`card_names[block]`: the variables that hold a card
    in that block, Rulebook.card_names; `seen`: whether they see the card, where it lies now):
    exactly what writing it as plain data with those variables emptied and reading it back
    gives (the observation's entry "state", then state.read_state), without the round trip:
    each card variable (and each of a loop's items over cards) whose card they may not see
    None, every other value as plain data. A card they see stays: a prize turned face up and
    named by `let`, which a bot's look-ahead reads. In place, with new containers for the
    variables and items, so the frame copied from keeps its own."""
    copy.strip(card_names, seen)


def stripped_env(env: dict, cards: frozenset[str], seen: Seen) -> dict:
    """A frame's variables with those that hold cards (`cards`) the player may not see
    (`seen`) emptied, the rest as plain data."""
    found = {name: copied(plain(value)) for name, value in env.items()}
    for name in [name for name in found if name in cards]:  # not `cards & found.keys()`: a set, compiled as a frozenset
        found[name] = seen(found[name])
    return found


_DEFAULTS: dict[str, Any] = {"steps": 0, "acted": False}
"""The fields a saved frame may leave out (older saves), and what they then are."""


def frame_from_dict(data: dict[str, Any]) -> Frame:
    """A frame from its saved form (already checked by snapshot_check when it came from a file)."""
    cls = FRAME_KINDS[data["t"]]
    values: dict[str, Any] = {}
    for name in cls.fields:
        value: Any = data.get(name, _DEFAULTS.get(name))
        values[name] = copied(value)
    return cls.from_saved(values)
