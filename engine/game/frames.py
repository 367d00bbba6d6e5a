"""The frames of the machine's stack: small records, one class per kind of work under way,
each able to copy itself, write itself as plain data and be read back.

Every bit of progress the game makes between two decisions lives in a frame: where the turn
and a card's effect have got to and their variables, the rounds a loop has left, what a build
session has placed. So a game stopped at any decision (mid-card included) is plain data: copied frame by
frame, saved as JSON, restored. Only the machine (`Game._advance` and the statements it runs)
pushes and pops them. Their saved form is a dict with a "t" naming the kind, checked field by
field on restore (`snapshot_check`).

Each class declares its fields once, in `fields`, in the order a save writes them, and takes
every one of them by name in `__init__`: copying, saving and reading back follow from that
list. They are compiled as native classes by the optional kernel (engine/accel.py), so the
machine reads a field as a C struct member, not through a dictionary of slots.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Frame:
    """A unit of work on the stack."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order a save writes them; `__init__` takes each by this name."""
    kind: ClassVar[str] = ""
    """The "t" of the saved form."""

    def copy(self) -> Frame:
        """A frame of its own: the same fields, each list and dict a new one. This one follows
        `fields` by name; each kind below writes its own out, field by field, because a
        search bot copies every frame of the stack for each option it tries and the call by
        keyword names cost the compiled kernel ten times more. tests/test_engine_invariants.py
        checks that every kind's copy has every field of `fields` and shares no list or dict
        with the frame it was copied from."""
        return type(self)(**{name: _copied(getattr(self, name)) for name in self.fields})

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


def _copied(value: Any) -> Any:
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
        return {key: _plain(item) for key, item in value.items()}
    if type(value) is list:
        return [_plain(item) for item in value]
    return _plain(value)


def _plain_env(env: dict) -> dict[str, Any]:
    """A block's variables as plain data (`_plain` each)."""
    return {name: _plain(value) for name, value in env.items()}


def _plain(value: Any) -> Any:
    """A card in a variable (refs.CardRef) as [code, place]; any other int as an int."""
    kind = type(value)
    if kind is int or kind is str or value is None:
        return value  # the commonest values, exactly of their type: nothing to mark
    place = getattr(value, "place", None)  # before any test of its type (see refs.Ref)
    if type(value) in (int, bool) or not isinstance(value, int):
        return value
    return int(value) if place is None else [int(value), place]


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


class CardFrame(RootFrame):
    """A card being played by `me`: discarded and settled when its effect is done; `acted`,
    whether it has changed the game in an earlier decision (so a cancel stops the rest of it).
    Its blocks point at it as their root."""

    __slots__ = ("c", "acted")
    fields = ("c", "me", "halt", "target", "steps", "acted")
    kind = "card"

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


class OfferFrame(Frame):
    """`offer cards timed T`: the player may play a card of that timing, or pass. With a
    limit it is asked again after each card while the turn's plays stay under it; without,
    once."""

    fields = ("player", "timing", "limit", "asked")
    __slots__ = fields
    kind = "offer"

    def __init__(self, player: int, timing: str, limit: int | None, asked: bool = False):
        self.player = player
        self.timing = timing
        self.limit = limit
        self.asked = asked

    def to_dict(self) -> dict[str, Any]:
        return {"t": "offer", "player": self.player, "timing": self.timing, "limit": self.limit, "asked": self.asked}

    def copy(self) -> OfferFrame:
        return OfferFrame(self.player, self.timing, self.limit, self.asked)


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
        return {"t": "blk", "b": self.b, "pc": self.pc, "env": _plain_env(self.env), "root": self.root}

    def copy(self) -> BlockFrame:
        return BlockFrame(self.b, dict(self.env), self.root, self.pc)


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
            "t": "loop", "b": self.b, "var": self.var, "items": [_plain(item) for item in self.items], "i": self.i,
            "env": _plain_env(self.env), "root": self.root,
        }

    def copy(self) -> LoopFrame:
        return LoopFrame(self.b, self.var, list(self.items), dict(self.env), self.root, self.i)


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
        return {"t": "rep", "b": self.b, "left": self.left, "env": _plain_env(self.env), "root": self.root}

    def copy(self) -> RepeatFrame:
        return RepeatFrame(self.b, self.left, dict(self.env), self.root)


class WindowFrame(Frame):
    """`take turns P among GROUP until all pass`: the players in the order they take their
    turns (`players`), how many turns have been taken (`i`; the next is players[i % n]), how
    many of the last turns in a row were passes, whether the turn under way has passed, and
    the turns left before the window closes anyway."""

    fields = ("b", "var", "players", "i", "passes", "passed", "left", "env", "root")
    __slots__ = fields
    kind = "win"

    def __init__(
        self, b: int, var: str, players: list[int], left: int, env: dict, root: int,
        i: int = 0, passes: int = 0, passed: bool = False,
    ):
        self.b = b
        self.var = var
        self.players = players
        self.left = left
        self.env = env
        self.root = root
        self.i = i
        self.passes = passes
        self.passed = passed

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "win", "b": self.b, "var": self.var, "players": list(self.players), "i": self.i,
            "passes": self.passes, "passed": self.passed, "left": self.left, "env": _plain_env(self.env),
            "root": self.root,
        }

    def copy(self) -> WindowFrame:
        return WindowFrame(
            self.b, self.var, list(self.players), self.left, dict(self.env), self.root, self.i, self.passes, self.passed
        )


class TradeFrame(Frame):
    """An offer between two players (`offer trade of GOODS to X`): the goods it may hold, what
    the proposer gives and asks for so far (amounts of counters by name; cards as
    "pile#code"), the steps taken putting it together, and its stage: "compose" (the
    proposer is asked) or "reply" (the partner is)."""

    fields = ("proposer", "partner", "goods", "give", "ask", "give_cards", "ask_cards", "steps", "stage")
    __slots__ = fields
    kind = "trade"

    def __init__(
        self, proposer: int, partner: int, goods: list[str], give: dict[str, int] | None = None,
        ask: dict[str, int] | None = None, give_cards: list[str] | None = None, ask_cards: list[str] | None = None,
        steps: int = 0, stage: str = "compose",
    ):
        self.proposer = proposer
        self.partner = partner
        self.goods = goods
        self.give: dict[str, int] = {} if give is None else give
        self.ask: dict[str, int] = {} if ask is None else ask
        self.give_cards: list[str] = [] if give_cards is None else give_cards
        self.ask_cards: list[str] = [] if ask_cards is None else ask_cards
        self.steps = steps
        self.stage = stage

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "trade", "proposer": self.proposer, "partner": self.partner, "goods": list(self.goods),
            "give": dict(self.give), "ask": dict(self.ask), "give_cards": list(self.give_cards),
            "ask_cards": list(self.ask_cards), "steps": self.steps, "stage": self.stage,
        }

    def copy(self) -> TradeFrame:
        return TradeFrame(
            self.proposer, self.partner, list(self.goods), dict(self.give), dict(self.ask), list(self.give_cards),
            list(self.ask_cards), self.steps, self.stage,
        )


class BuildFrame(Frame):
    """A build session, one unit a decision: what is left of the budget, the new lots still
    allowed, the units placed on each lot started this session."""

    fields = ("player", "budget", "zone", "lots", "per_lot", "started", "placed", "must")
    __slots__ = fields
    kind = "build"

    def __init__(
        self,
        player: int,
        budget: int,
        zone: str | None,
        lots: int | None,
        per_lot: int | None,
        must: bool,
        started: dict[int, int] | None = None,
        placed: int = 0,
    ):
        self.player = player
        self.budget = budget
        self.zone = zone
        self.lots = lots
        self.per_lot = per_lot
        self.started: dict[int, int] = {} if started is None else started
        self.placed = placed
        self.must = must

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "build", "player": self.player, "budget": self.budget, "zone": self.zone, "lots": self.lots,
            "per_lot": self.per_lot, "started": [[prop, count] for prop, count in sorted(self.started.items())],
            "placed": self.placed, "must": self.must,
        }

    def copy(self) -> BuildFrame:
        return BuildFrame(
            self.player, self.budget, self.zone, self.lots, self.per_lot, self.must, dict(self.started), self.placed
        )


class ReactFrame(Frame):
    """A player asked whether to answer the card under way (`against`, at frame `root`)."""

    fields = ("player", "against", "root")
    __slots__ = fields
    kind = "react"

    def __init__(self, player: int, against: int, root: int):
        self.player = player
        self.against = against
        self.root = root

    def to_dict(self) -> dict[str, Any]:
        return {"t": "react", "player": self.player, "against": self.against, "root": self.root}

    def copy(self) -> ReactFrame:
        return ReactFrame(self.player, self.against, self.root)


class DiscardFrame(Frame):
    """A player to discard `left` more cards of their choice."""

    fields = ("player", "left")
    __slots__ = fields
    kind = "discard"

    def __init__(self, player: int, left: int):
        self.player = player
        self.left = left

    def to_dict(self) -> dict[str, Any]:
        return {"t": "discard", "player": self.player, "left": self.left}

    def copy(self) -> DiscardFrame:
        return DiscardFrame(self.player, self.left)


FRAME_KINDS: dict[str, type[Frame]] = {
    cls.kind: cls
    for cls in (
        GameFrame, ProgramFrame, OfferFrame, CardFrame, BlockFrame, LoopFrame, RepeatFrame, BuildFrame, ReactFrame,
        DiscardFrame, WindowFrame, TradeFrame,
    )
}


def strip_cards(copy: Frame, card_names: list[frozenset[str]]) -> None:
    """Make a copy of a frame (Game.copy's) what a player knows of it who may not see the cards
    its variables hold (`card_names[block]`: the variables that hold a card in that block,
    Rulebook.card_names): exactly what writing it as plain data with those variables emptied
    and reading it back gives (the observation's entry "state", then state.read_state),
    without the round trip: each card variable (and a loop's items over cards) None, every
    other value as plain data. In place, with new containers for the variables and items, so
    the frame copied from keeps its own."""
    if type(copy) is BlockFrame or type(copy) is LoopFrame or type(copy) is RepeatFrame or type(copy) is WindowFrame:
        cards = card_names[copy.b]
        copy.env = {name: None if name in cards else _copied(_plain(value)) for name, value in copy.env.items()}
        if type(copy) is LoopFrame:
            copy.items = [None] * len(copy.items) if copy.var in cards else [_copied(_plain(item)) for item in copy.items]


_DEFAULTS: dict[str, Any] = {"steps": 0, "acted": False}
"""The fields a saved frame may leave out (older saves), and what they then are."""


def frame_from_dict(data: dict[str, Any]) -> Frame:
    """A frame from its saved form (already checked by snapshot_check when it came from a file)."""
    cls = FRAME_KINDS[data["t"]]
    values: dict[str, Any] = {}
    for name in cls.fields:
        value: Any = data.get(name, _DEFAULTS.get(name))
        if name == "started":
            value = {int(prop): int(count) for prop, count in value or ()}
        values[name] = _copied(value)
    return cls(**values)
