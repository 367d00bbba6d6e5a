"""The state of a game, declared once.

Each field of `GameState` that changes during play is listed here with its shape. Copying a game
(for search), writing it as plain data (for saves and observations) and reading it back all
follow this one list, so a new field is added in one place and cannot be forgotten by one of
them. `snapshot_check` checks each field under the same name, and `invariants` what they mean
together.

Cards are held as codes (`Rulebook.code`): a card kind's index, plus the number of kinds times
(owner + 1) for a card that belongs to a player. A snapshot writes a card by its id, and a
player's card as [id, owner], so a save reads naturally and survives a reordering of the
deck's card list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.expressions import card_ref
from engine.core.frames import frame_from_dict
from engine.core.number_options import NumberOptions
from engine.core.refs import CardRef
from engine.effects.limits import LISTED_OPTIONS
from engine.game.state_copy import copy_state as copy_state  # generated from STATE below
from engine.resources import package_dir

if TYPE_CHECKING:
    from pathlib import Path

    from engine.game.game_state import GameState
    from engine.game.messages import Action


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    shape: str
    """How it is copied and written: "value" (an int, bool or a value never changed in place),
    "ints" (a list of ints or None), "lists" (a list of lists of ints), "set" (a set of ints,
    written sorted), "dict" (str to int), "dict_lists" (str to lists of ints), "cards" (a list
    of card codes), "card_lists" (a list of lists of card codes) or "frames"."""
    left_out_empty: bool = False
    """Written only when it holds something (the variant's `pieces`, issue 47, 5): the
    snapshot of a game without any is as it was before the field, and reads back empty."""

    @property
    def written_empty(self) -> Any:
        """What the field holds, as written, when it holds nothing: a snapshot that leaves a
        `left_out_empty` field out reads as this (who is out of the round, `drop X`: [])."""
        return {} if self.shape.startswith("dict") else []


STATE: tuple[Field, ...] = (
    Field("start_units", "value"),
    Field("stacks", "lists"),
    Field("supply", "ints"),
    Field("piles", "card_lists"),
    Field("in_play", "cards"),
    Field("holder", "ints"),
    Field("worth", "ints"),
    Field("held", "ints"),
    Field("tokens", "ints"),
    Field("positions", "ints"),
    Field("pieces", "dict_lists", left_out_empty=True),
    Field("dirty", "set"),
    Field("order", "ints"),
    Field("turn_pos", "value"),
    Field("next_player", "value"),
    Field("turn_number", "value"),
    Field("rolled", "dict_lists"),
    Field("counters", "dict"),
    Field("player_counters", "dict_lists"),
    Field("turn_plays", "ints"),
    Field("frames", "frames"),
    Field("decisions", "value"),
    Field("told", "value"),
    Field("worked", "value"),
    Field("over", "value"),
    Field("end_reason", "value"),
    Field("dropped", "set", left_out_empty=True),  # lang47, players out of the round (`drop X`)
)
"""Every field that changes during play, in the order a snapshot writes them."""


def _copy_lists(value: list) -> list:
    return [list(item) for item in value]


_COPY = {
    "value": None,
    "ints": list,
    "lists": _copy_lists,
    "set": set,
    "dict": dict,
    "dict_lists": lambda value: {key: list(items) for key, items in value.items()},
    "cards": list,
    "card_lists": _copy_lists,
    "frames": lambda value: [frame.copy() for frame in value],
}


_COPIED = {
    "value": "source.{name}",
    "ints": "source.{name}.copy()",
    "lists": "[item.copy() for item in source.{name}]",
    "set": "set(source.{name})",
    "dict": "source.{name}.copy()",
    "dict_lists": "{{key: items.copy() for key, items in source.{name}.items()}}",
    "cards": "source.{name}.copy()",
    "card_lists": "[pile.copy() for pile in source.{name}]",
    "frames": "[frame.copy() for frame in source.{name}]",
}
"""How each shape is copied, as a line of the generated `copy_state`."""

def copy_path() -> Path:
    """Where the generated copy lives, in the source tree (this module may run compiled, from
    elsewhere)."""
    return package_dir() / "game" / "state_copy.py"


def copy_source() -> str:
    """The text of engine/game/state_copy.py: `copy_state`, written out field by field from
    STATE. The search bots copy a game for every option they try; compiled, a function written
    out is several times faster than a loop over STATE by name (and `.copy()` is a list's own
    copy there, where `list(...)` is the generic one). Generated, so that the declaration
    stays the one place a field is added: `python -m engine.game.state` writes it again, and
    tests/test_engine_invariants.py fails while it is out of date."""
    lines = [
        '"""Generated from engine/game/state.py\'s STATE by `python -m engine.game.state`: do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import TYPE_CHECKING",
        "",
        "if TYPE_CHECKING:",
        "    from engine.game.game_state import GameState",
        "",
        "",
        "def copy_state(source: GameState, target: GameState) -> None:",
        '    """Give `target` its own copy of every field of `source`, each as its shape in STATE',
        "    says; the stacks are shared until changed (GameState.own_stack).\"\"\"",
    ]
    for field in STATE:
        if field.name == "stacks":  # each stack shared until changed: GameState.own_stack
            lines.append("    target.stacks = source.stacks.copy()")
            lines.append("    source.owned_stacks = target.owned_stacks = 0")
            lines.append("    target.stacks_key = source.stacks_key")
            continue
        lines.append(f"    target.{field.name} = {_COPIED[field.shape].format(name=field.name)}")
    return "\n".join(lines) + "\n"


def write_state(game: GameState) -> dict[str, Any]:
    """Every field as plain JSON-able data, cards by id."""
    book = game.book
    out: dict[str, Any] = {}
    for field in STATE:
        value = getattr(game, field.name)
        if field.left_out_empty and not value:
            continue
        shape = field.shape
        if shape == "cards":
            out[field.name] = [book.card_ref(code) for code in value]
        elif shape == "card_lists":
            out[field.name] = [[book.card_ref(code) for code in pile] for pile in value]
        elif shape == "set":
            out[field.name] = sorted(value)
        elif shape == "frames":
            out[field.name] = [frame.to_dict() for frame in value]
        else:
            copier = _COPY[shape]
            out[field.name] = value if copier is None else copier(value)
    return out


def read_state(game: GameState, data: dict[str, Any]) -> None:
    """Set every field from data `write_state` wrote (checked first when it comes from a file:
    snapshot_check takes a number only as an int, never a float or a bool, so each list and
    dict is copied as it is, to be the game's own)."""
    book = game.book
    for field in STATE:
        value = data[field.name] if not field.left_out_empty else data.get(field.name, field.written_empty)
        shape = field.shape
        if shape == "cards":
            value = [book.card_code(ref) for ref in value]
        elif shape == "card_lists":
            value = [[book.card_code(ref) for ref in pile] for pile in value]
        elif shape == "ints":
            value = list(value)
        elif shape == "lists":
            value = [list(inner) for inner in value]
        elif shape == "set":
            value = set(value)
        elif shape == "dict":
            value = dict(value)
        elif shape == "dict_lists":
            value = {key: list(items) for key, items in value.items()}
        elif shape == "frames":
            value = [_with_card_refs(frame_from_dict(frame), game) for frame in value]
        setattr(game, field.name, value)
    game.owned_stacks = (1 << len(game.stacks)) - 1  # every list read is the game's own
    game.stacks_key = None


def _with_card_refs(frame: Any, game: GameState) -> Any:
    """A frame read back from plain data, its card variables (and a loop's cards) marked as
    cards again, as the effect made them (refs.CardRef)."""

    env = getattr(frame, "env", None)
    if env:
        names = game.book.card_names[frame.b]
        for name in names & env.keys():
            env[name] = _card_ref(env[name])
    if frame.kind == "loop" and frame.var in game.book.card_names[frame.b]:
        frame.items = [_card_ref(item) for item in frame.items]
    return frame


def _card_ref(value: Any) -> Any:
    """[code, place] (or a bare code) as written by frames._plain, back as a CardRef."""
    if value is None:
        return None
    if isinstance(value, list):
        return card_ref(int(value[0]), int(value[1]))
    return CardRef(int(value))  # a bare code: where it was is unknown (place None)


# ----- the snapshot: the state with who and what the game is -----------------------------------


def written_options(options: Sequence[Action]) -> list[dict]:
    """A decision's options as a snapshot writes them, one by one; but a number question of
    more than LISTED_OPTIONS as its range first, {"kind": "choose", "arg": [low, high], "what":
    "numbers"} ("amounts" for amounts of money), and its other options after
    (snapshot.read_options reads it back)."""
    if isinstance(options, NumberOptions) and len(options) > LISTED_OPTIONS:
        what = "amounts" if options.width and options[0].what == "money" else "numbers"
        numbers = {"kind": "choose", "arg": [options.low, options.high], "what": what}
        return [numbers, *({"kind": a.kind, "arg": a.arg, "what": a.what} for a in options.after)]
    return [{"kind": a.kind, "arg": a.arg, "what": a.what} for a in options]

FIELDS = ("format", "variant", "players", "seed", "rng", *(field.name for field in STATE), "pending")
"""Every field of a snapshot, in the order written: who and what the game is, then the state
as `state.STATE` declares it, then the pending decision."""
LEFT_OUT_EMPTY = tuple(field.name for field in STATE if field.left_out_empty)
"""The fields a snapshot leaves out when they hold nothing (`Field.left_out_empty`)."""
EMPTY_WRITTEN = {field.name: field.written_empty for field in STATE if field.left_out_empty}
"""What each of them reads as when a snapshot leaves it out."""


def game_to_dict(game: GameState, chance: bool = True) -> dict:
    """The snapshot of `game` (FIELDS); without `chance`, the seed and the generator's state
    are left out (what a player may see of the game: observation.py)."""
    pending = None
    if game.asked is not None:
        pending = {
            "kind": game.asked.kind,
            "player": game.asked.player,
            "options": written_options(game.options()),
        }
    data = {
        "format": game.compat,
        "variant": {"name": game.variant.name, "hash": game.variant.content_hash},
        "players": game.n,
    }
    if chance:
        data["seed"] = game.seed
        data["rng"] = game.rng.to_data()
    data.update(write_state(game))
    data["pending"] = pending
    return data


if __name__ == "__main__":
    copy_path().write_text(copy_source(), encoding="utf-8")
    print(f"wrote {copy_path()}")
