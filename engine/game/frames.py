"""The frames of the machine's stack: small slotted records, one class per kind of work under
way, each able to write itself as plain data and be read back.

Every bit of progress the game makes between two decisions lives in a frame: where the turn
and a card's effect have got to and their variables, the rounds a loop has left, what a build
session has placed. So a game stopped at any decision (mid-card included) is plain data: copied frame by
frame, saved as JSON, restored. Only the machine (`Game._advance` and the statements it runs)
pushes and pops them. Their saved form is a dict with a "t" naming the kind, checked field by
field on restore (`snapshot_check`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game.native import mypyc_attr


@mypyc_attr(native_class=False)
class Frame:
    """A unit of work on the stack. Subclasses declare their fields once in `__slots__`;
    copying and saving follow from that declaration."""

    __slots__: tuple[str, ...] = ()
    kind: ClassVar[str] = ""
    """The "t" of the saved form."""

    def copy(self) -> Frame:
        twin = object.__new__(type(self))
        for name in self.__slots__:
            setattr(twin, name, _copied(getattr(self, name)))
        return twin

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": self.kind}
        for name in self.__slots__:
            data[name] = _saved(name, getattr(self, name))
        return data

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
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


def _plain(value: Any) -> Any:
    """A card in a variable (refs.CardRef) as [code, place]; any other int as an int."""
    place = getattr(value, "place", None)  # before any test of its type (see refs.Ref)
    if type(value) in (int, bool) or not isinstance(value, int):
        return value
    return int(value) if place is None else [int(value), place]


@mypyc_attr(native_class=False)
class GameFrame(Frame):
    """The bottom of the stack: the game's setup, then one turn after another. `begun` says
    whether a turn has been played yet (the next one passes the turn on first)."""

    __slots__ = ("phase", "begun")
    kind = "game"

    def __init__(self, phase: str = "setup", begun: bool = False):
        self.phase = phase
        self.begun = begun


@mypyc_attr(native_class=False)
class ProgramFrame(Frame):
    """One of the game's own programs running for `me`: the setup, or a turn. Blocks inside it
    point at it as their root, as a card's blocks point at the card."""

    __slots__ = ("program", "me", "halt", "target", "steps")
    kind = "run"

    def __init__(self, program: str, me: int):
        self.program = program
        self.me = me
        self.halt = False
        self.target: int | None = None
        self.steps = 0


@mypyc_attr(native_class=False)
class OfferFrame(Frame):
    """`offer cards timed T`: the player may play a card of that timing, or pass. With a
    limit it is asked again after each card while the turn's plays stay under it; without,
    once."""

    __slots__ = ("player", "timing", "limit", "asked")
    kind = "offer"

    def __init__(self, player: int, timing: str, limit: int | None):
        self.player = player
        self.timing = timing
        self.limit = limit
        self.asked = False


@mypyc_attr(native_class=False)
class CardFrame(Frame):
    """A card being played by `me`: discarded and settled when its effect is done; `halt` stops
    the effect (a cancelling answer, nothing to choose); `target` is the index of the card frame
    an answer is played against; `acted`, whether it has changed the game in an earlier
    decision (so a cancel stops the rest of it). Its blocks point at it as their root."""

    __slots__ = ("c", "me", "halt", "target", "steps", "acted")
    kind = "card"

    def __init__(self, c: int, me: int, target: int | None = None):
        self.c = c
        self.me = me
        self.halt = False
        self.target = target
        self.steps = 0
        self.acted = False

    def to_dict(self) -> dict[str, Any]:
        """`acted` only when true: a save stays as saves were before it was kept."""
        data = super().to_dict()
        if not self.acted:
            del data["acted"]
        return data


@mypyc_attr(native_class=False)
class BlockFrame(Frame):
    """Statements of one block of a card's effect or a program: the next to run, the
    variables, and the index of the card or program frame it belongs to (`root`)."""

    __slots__ = ("b", "pc", "env", "root")
    kind = "blk"

    def __init__(self, b: int, env: dict, root: int, pc: int = 0):
        self.b = b
        self.pc = pc
        self.env = env
        self.root = root


@mypyc_attr(native_class=False)
class LoopFrame(Frame):
    """`for each`: the items, the next one, and the variables the body starts from."""

    __slots__ = ("b", "var", "items", "i", "env", "root")
    kind = "loop"

    def __init__(self, b: int, var: str, items: list, env: dict, root: int):
        self.b = b
        self.var = var
        self.items = items
        self.i = 0
        self.env = env
        self.root = root


@mypyc_attr(native_class=False)
class RepeatFrame(Frame):
    """`repeat N times`: the rounds left."""

    __slots__ = ("b", "left", "env", "root")
    kind = "rep"

    def __init__(self, b: int, left: int, env: dict, root: int):
        self.b = b
        self.left = left
        self.env = env
        self.root = root


@mypyc_attr(native_class=False)
class BuildFrame(Frame):
    """A build session, one unit a decision: what is left of the budget, the new lots still
    allowed, the units placed on each lot started this session."""

    __slots__ = ("player", "budget", "zone", "lots", "per_lot", "started", "placed", "must")
    kind = "build"

    def __init__(self, player: int, budget: int, zone: str | None, lots: int | None, per_lot: int | None, must: bool):
        self.player = player
        self.budget = budget
        self.zone = zone
        self.lots = lots
        self.per_lot = per_lot
        self.started: dict[int, int] = {}
        self.placed = 0
        self.must = must


@mypyc_attr(native_class=False)
class ReactFrame(Frame):
    """A player asked whether to answer the card under way (`against`, at frame `root`)."""

    __slots__ = ("player", "against", "root")
    kind = "react"

    def __init__(self, player: int, against: int, root: int):
        self.player = player
        self.against = against
        self.root = root


@mypyc_attr(native_class=False)
class DiscardFrame(Frame):
    """A player to discard `left` more cards of their choice."""

    __slots__ = ("player", "left")
    kind = "discard"

    def __init__(self, player: int, left: int):
        self.player = player
        self.left = left


FRAME_KINDS: dict[str, type[Frame]] = {
    cls.kind: cls
    for cls in (
        GameFrame, ProgramFrame, OfferFrame, CardFrame, BlockFrame, LoopFrame, RepeatFrame, BuildFrame, ReactFrame,
        DiscardFrame,
    )
}


_DEFAULTS: dict[str, Any] = {"steps": 0, "acted": False}
"""The fields a saved frame may leave out (older saves), and what they then are."""


def frame_from_dict(data: dict[str, Any]) -> Frame:
    """A frame from its saved form (already checked by snapshot_check when it came from a file)."""
    cls = FRAME_KINDS[data["t"]]
    frame = object.__new__(cls)
    for name in cls.__slots__:
        value: Any = data.get(name, _DEFAULTS.get(name))
        if name == "started":
            value = {int(prop): int(count) for prop, count in value or ()}
        setattr(frame, name, _copied(value))
    return frame


RootFrame = CardFrame | ProgramFrame
"""What a block's `root` points at: the card or program whose statements it runs."""
