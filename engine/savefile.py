"""Saved games: the record of a game (variant, seed, seats, every action) plus a snapshot,
written atomically and read back with every recorded action re-validated.

A save is JSON, and saves get mailed between friends, so loading treats one as hostile and
checks the cheap things first: a regular file of bounded size; JSON (with NaN, Infinity and
huge integers refused where they stand); `schemas/savegame.schema.json`; the seats; the
variant it names, read only from a bundled name or the user's own folders, and compared by
content hash; the bots; then every action replayed from the seed, and the result compared
with the snapshot. Every refusal says where, at the line and column of the field concerned,
and nothing is half-loaded.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.diagnostics import Diagnostic, Loc
from engine.files import WriteFailed, write_atomically
from engine.game.game import SAVE_FORMAT, Game, new_game, state_of
from engine.game.messages import IllegalAction
from engine.game.rng import SEED_BITS
from engine.jsontext import JsonProblem, Positions, loc_at, preview
from engine.jsontext import parse as parse_json
from engine.paths import MISSING, file_problem, path_problem, quoted, real_path
from engine.reading import ReadProblem, read_limited
from engine.resources import bundled_variant_names, schemas_dir, variants_dir
from engine.variant.model import Variant

SAVE_KIND = "boardwalk-save"
SAVE_VERSION = SAVE_FORMAT
"""A save's version is the snapshot format of its game: version 1 saves (made before the dice
generator was replaced) are replayed as format 1 games, with the old generator and rules."""
SAVE_VERSIONS = (1, SAVE_VERSION)
MAX_SAVE_BYTES = 20_000_000


class SaveError(Exception):
    """A save that cannot be written or read; `diagnostics` say where and why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))


@dataclass
class Seat:
    """Who plays a seat: a person, or a bot given by its spec ("greedy", "strong:time=0.5")."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def to_dict(self) -> dict:
        return {"name": self.name, "bot": self.bot}


@dataclass
class GameRecord:
    """Everything needed to rebuild a game exactly: played through the engine, it is the
    game; the snapshot is a cross-check and lets a viewer jump to the end."""

    variant: Variant
    variant_source: str
    """A bundled variant's name, or the variant file's absolute path."""
    players: int
    seed: int
    seats: list[Seat]
    actions: list[dict] = field(default_factory=list)
    compat: int = SAVE_FORMAT
    """The snapshot format the game is played in: 1 for a game first saved by an older
    Boardwalk, so that it replays exactly as it was played."""

    def new_game(self) -> Game:
        return new_game(self.variant, self.players, self.seed, compat=self.compat)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first `upto` actions (all of them by default)."""
        game = self.new_game()
        for action in self.actions[: len(self.actions) if upto is None else upto]:
            game.apply(action)
        return game


def variant_source(argument: str) -> str:
    """How a save names its variant: bundled names stay names, files become absolute paths."""
    if argument in bundled_variant_names() and not Path(argument).suffix:
        return argument
    return real_path(argument)


def to_json(record: GameRecord, game: Game) -> dict:
    return {
        "kind": SAVE_KIND,
        "version": record.compat,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "variant": {"source": record.variant_source, "name": record.variant.name, "hash": record.variant.content_hash},
        "players": record.players,
        "seed": record.seed,
        "seats": [seat.to_dict() for seat in record.seats],
        "actions": list(record.actions),
        "snapshot": game.to_dict(),
    }


def save_game(path: str | Path, record: GameRecord, game: Game) -> None:
    """Write atomically: a temporary file in the same folder, flushed to disk, then renamed
    over the old save, so a crash or a full disk leaves the previous save whole."""
    try:
        write_atomically(Path(path), json.dumps(to_json(record, game), indent=1) + "\n")
    except WriteFailed as failure:
        message = (
            f"could not save: {failure.reason}; the previous save is unchanged"
            if failure.started
            else f"cannot save here: {failure.reason}"
        )
        raise SaveError([Diagnostic(Loc(str(path)), message)]) from None


# ----- loading -----------------------------------------------------------------------------------

SEED_LIMIT = 1 << SEED_BITS
"""A seed is a whole number of magnitude below 2**64: every seed a new game draws, and the
negative ones `--seed` allows. The schema says the same (a test checks that they agree)."""


def parse_seed(text: str) -> int:
    """A seed a person typed: a whole number a save can hold (magnitude below 2^64), or
    ValueError. The one rule of every command that takes `--seed` and of the start screen,
    so that any game they start can be saved, and any run repeated with the seed it printed.

    >>> parse_seed(" -42 "), parse_seed(str(SEED_LIMIT - 1)) == SEED_LIMIT - 1
    (-42, True)
    >>> parse_seed(str(SEED_LIMIT))
    Traceback (most recent call last):
    ValueError: '18446744073709551616' is not a whole number below 2^64 (either way)
    """
    digits = text.strip()
    if re.fullmatch(r"[-+]?[0-9]{1,20}", digits) and abs(int(digits)) < SEED_LIMIT:
        return int(digits)
    raise ValueError(f"'{text[:30]}' is not a whole number below 2^64 (either way)")

MAX_DIAGNOSTICS = 20
USE_VARIANT_HINT = "give the variant file yourself with --variant FILE"


class VariantOutsideFolders(SaveError):
    """The save names a variant file outside the user's home and working folders. It is not
    read without their say-so: a mailed save must not make the program read /etc or /proc."""

    def __init__(self, loc: Loc, source: str, path: Path):
        self.path = path
        """The file, symbolic links resolved: what the person is asked about, and allows."""
        named = quoted(source) if str(path) == source else f"{quoted(source)} (which is {quoted(str(path))})"
        super().__init__(
            [
                Diagnostic(
                    loc,
                    f"the save names the variant file {named}, outside your home folder and the "
                    "current folder, so it was not read",
                    f"if you trust that file, {USE_VARIANT_HINT}",
                )
            ]
        )


@lru_cache(maxsize=1)
def _schema() -> dict:
    return json.loads((schemas_dir() / "savegame.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validators():
    """(the whole save but the actions' items, one action). Items pass a quick test first and
    meet the schema only when it fails: jsonschema takes seconds over 200,000 of them.
    'integer' means a JSON integer: not 2.0 and not true, which Python would take for 2 and 1."""
    from jsonschema import Draft7Validator, validators  # on first load, not when the UI starts

    checker = Draft7Validator.TYPE_CHECKER.redefine_many(
        {"integer": lambda _, value: type(value) is int, "number": lambda _, value: type(value) in (int, float)}
    )
    strict = validators.extend(Draft7Validator, type_checker=checker)
    outline = copy.deepcopy(_schema())
    action = outline["properties"]["actions"].pop("items")
    return strict(outline), strict(action)


@dataclass
class LoadedGame:
    record: GameRecord
    game: Game
    warnings: list[str] = field(default_factory=list)


def load_game(
    path: str | Path,
    variant: Variant | None = None,
    allow_other_variant: bool = False,
    allowed_variant_files: Collection[Path] = (),
) -> LoadedGame:
    """Read, check and replay a save, cheap checks first. `variant` overrides the one the save
    names; with `allow_other_variant`, a variant other than the one saved is tried anyway;
    `allowed_variant_files` may be read though outside the user's folders (they said so)."""
    path = Path(path)
    text = _read_text(path)
    where = Positions(text, str(path))
    data = _parse(text, str(path))
    _check_schema(data, where)
    _check_seat_count(data, where)
    given = variant is not None
    if variant is None:
        variant = _load_saved_variant(data, where, allowed_variant_files)
    warnings = []
    mismatch = _variant_mismatch(data, variant, given, where)
    if mismatch is not None and not allow_other_variant:
        if data["variant"]["name"] != variant.name:
            raise SaveError([mismatch])
        return _replay_changed_variant(data, variant, where, mismatch)
    if mismatch is not None:
        warnings.append(mismatch.message)
    _check_players(data, variant, where)
    _check_bots(data, variant, where)
    record = _record(data, variant)
    game = _replay_checked(record, where)
    _check_snapshot(data["snapshot"], game, where, warnings)
    return LoadedGame(record, game, warnings)


def _replay_changed_variant(data: dict, variant: Variant, where: Positions, mismatch: Diagnostic) -> LoadedGame:
    """The variant's file changed since the save. If the recorded game still replays to the
    saved position, the change did not touch it (a reworded card, a program written out that
    the engine used to run for itself): it loads, and says so. Otherwise it is refused as a
    game the variant no longer plays."""
    try:
        _check_players(data, variant, where)
        _check_bots(data, variant, where)
        record = _record(data, variant)
        game = _replay_checked(record, where)
        _check_snapshot(data["snapshot"], game, where, [])
    except SaveError:
        raise SaveError([mismatch]) from None
    note = (
        f"the variant '{variant.name}' has changed since this game was saved; the recorded game replays "
        "the same way, so it goes on under the variant as it is now"
    )
    return LoadedGame(record, game, [note])


def _read_text(path: Path) -> str:
    shown = str(path)
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except ReadProblem as problem:
        raise SaveError([Diagnostic(Loc(shown), f"the save {problem}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = loc_at(raw[: exc.start].decode("utf-8"), shown, exc.start)
        raise SaveError([Diagnostic(where, "the save is not a text file (it may be damaged)")]) from None
    if not text.strip():
        raise SaveError([Diagnostic(Loc(shown), "the save is empty")])
    return text


def _parse(text: str, shown: str) -> Any:
    try:
        return parse_json(text, shown, max_values=_most_values())
    except JsonProblem as problem:
        why = " (damaged or cut short?)" if "not valid JSON" in problem.message else ""
        raise SaveError([Diagnostic(problem.loc, f"the save {problem.message}{why}")]) from None


def _most_values() -> int:
    """Values a save can hold: an object, a kind and an argument per action, and a few tens of
    thousands for the rest (the snapshot of any game needs far fewer). This bounds the
    memory a save takes, whatever its size."""
    return 3 * _schema()["properties"]["actions"]["maxItems"] + 50_000


# ----- the schema ------------------------------------------------------------------------------


def _check_schema(data: Any, where: Positions) -> None:
    _check_version(data, where)
    outline, action = _validators()
    problems = [_explain(error, [], where) for error in outline.iter_errors(data)]
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) <= _schema()["properties"]["actions"]["maxItems"]:
        problems += _action_problems(actions, action, where)
    if problems:
        problems.sort(key=lambda d: (d.loc.line, d.loc.col))
        raise SaveError(problems[:MAX_DIAGNOSTICS])


def _check_version(data: Any, where: Positions) -> None:
    """A save of another version gets one plain message, not every field that differs."""
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND or "version" not in data:
        return
    version = data["version"]
    if type(version) is not int or version not in SAVE_VERSIONS:
        readable = " and ".join(map(str, SAVE_VERSIONS))
        message = f"save version {preview(version)} is not supported (this program reads versions {readable})"
        raise SaveError([Diagnostic(where.value(["version"]), message)])


def _action_problems(actions: list, validator, where: Positions) -> list[Diagnostic]:
    """The schema's findings on the actions that fail the quick test, the first few only."""
    problems: list[Diagnostic] = []
    plain = _plain_action_test()
    for index, action in enumerate(actions):
        if plain(action):
            continue
        problems += [_explain(error, ["actions", index], where) for error in validator.iter_errors(action)]
        if len(problems) >= MAX_DIAGNOSTICS:
            break
    return problems


@lru_cache(maxsize=1)
def _plain_action_test():
    """A test that an action surely meets the schema, with the limits read from the schema:
    `{"kind": "build", "arg": 3}`. What it does not pass goes to the schema itself."""
    properties = _schema()["properties"]["actions"]["items"]["properties"]
    keys = frozenset(properties)
    longest_kind = properties["kind"]["maxLength"]
    arg = properties["arg"]
    longest_arg, low, high = arg["maxLength"], arg["minimum"], arg["maximum"]

    def plain(action: Any) -> bool:
        if type(action) is not dict or not action.keys() <= keys:
            return False
        kind, value = action.get("kind"), action.get("arg")
        if type(kind) is not str or not 0 < len(kind) <= longest_kind:
            return False
        kind_of_value = type(value)
        return (
            value is None
            or (kind_of_value is str and len(value) <= longest_arg)
            or (kind_of_value is int and low <= value <= high)
        )

    return plain


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "null": "null",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
}


def _explain(error: Any, prefix: list, where: Positions) -> Diagnostic:
    """A jsonschema finding in words, at the value (or the unknown key) it is about."""
    path = [*prefix, *error.absolute_path]
    name = _field_name(path)
    value = error.instance
    if error.validator == "additionalProperties" and isinstance(value, dict):
        allowed = error.schema.get("properties", {})
        extra = next(key for key in value if key not in allowed)
        return Diagnostic(
            where.key(path + [extra]),
            f"{name} has a field {preview(extra)} that a save does not have",
            f"its fields: {', '.join(allowed)}",
        )
    if error.validator == "required" and isinstance(value, dict):
        missing = next(key for key in error.validator_value if key not in value)
        return Diagnostic(where.value(path), f"{name} is missing the field '{missing}'")
    return Diagnostic(where.value(path), f"{name} {_expectation(error)}")


def _expectation(error: Any) -> str:
    kind, rule, value, schema = error.validator, error.validator_value, error.instance, error.schema
    if kind == "type":
        words = [_TYPE_WORDS.get(t, t) for t in ([rule] if isinstance(rule, str) else rule)]
        return f"should be {' or '.join(words)}, not {preview(value)}"
    if kind in ("minimum", "maximum"):
        return f"should be from {_bound(schema['minimum'])} to {_bound(schema['maximum'])}, not {preview(value)}"
    if kind in ("enum", "const"):
        options = rule if kind == "enum" else [rule]
        return f"should be {' or '.join(preview(o) for o in options)}, not {preview(value)}"
    if kind == "minLength":
        return "should not be empty"
    if kind == "maxLength":
        return f"is {len(value):,} characters long; it may have at most {rule:,}"
    if kind == "minItems":
        return f"should list at least {rule} item{'s' if rule != 1 else ''}"
    if kind == "maxItems":
        return f"lists {len(value):,} items; a save may have at most {rule:,}"
    if kind == "pattern":
        return f"is {preview(value)}, which is not {schema.get('description', 'of the right form').rstrip('.')}"
    return f"is {preview(value)}, which a save does not have here"


def _bound(number: int) -> str:
    """A schema bound as a person reads it: 2^64 - 1 rather than 18446744073709551615 (every
    minimum of the save schema has its maximum, and the other way round)."""
    size = abs(number) + 1
    if size > 2**32 and size & (size - 1) == 0:
        power = f"2^{size.bit_length() - 1} - 1"
        return f"-({power})" if number < 0 else power
    return f"{number:,}" if abs(number) >= 10_000 else str(number)


def _field_name(path: list) -> str:
    """A path in a save as a person reads it, items counted from 1: `seats[2].bot` (a key
    the file made up is shortened)."""
    parts = [f"[{step + 1}]" if isinstance(step, int) else "." + _short(step) for step in path]
    return "".join(parts).lstrip(".") or "the save"


def _short(key: str) -> str:
    return key if len(key) <= 40 else key[:40] + "…"


# ----- the variant, the seats and the bots -------------------------------------------------------


def _check_seat_count(data: dict, where: Positions) -> None:
    if len(data["seats"]) != data["players"]:
        message = f"the save lists {len(data['seats'])} seats for {data['players']} players"
        raise SaveError([Diagnostic(where.value(["seats"]), message)])


def _load_saved_variant(data: dict, where: Positions, allowed: Collection[Path]) -> Variant:
    """The variant the save names, checked (from the check cache when it holds it)."""
    from engine.variant.checked import checked_variant

    source = data["variant"]["source"]
    loc = where.value(["variant", "source"])
    variant, _ = checked_variant(str(_saved_variant_path(source, loc, allowed)))
    if variant is None:
        raise SaveError(
            [Diagnostic(loc, f"the saved game's variant '{source}' now has problems", f"run 'boardwalk check {source}'")]
        )
    return variant


def _saved_variant_path(source: str, loc: Loc, allowed: Collection[Path]) -> Path:
    """The variant file a save names, if it may be read: a bundled variant, or a file in the
    user's own folders (or one they allowed). Nothing outside them is even looked at."""
    if source in bundled_variant_names() and not Path(source).suffix:
        return variants_dir() / f"{source}.yaml"
    problem = path_problem(source)
    if problem is not None or not os.path.isabs(source):
        why = f"which {problem}" if problem is not None else "which is neither a bundled variant nor a file's full path"
        raise SaveError([Diagnostic(loc, f"the save names its variant {quoted(source)}, {why}", USE_VARIANT_HINT)])
    path = Path(real_path(source))
    if not _in_own_folders(path) and path not in {Path(p) for p in allowed}:
        raise VariantOutsideFolders(loc, source, path)
    problem = file_problem(str(path))
    if problem == MISSING:
        raise SaveError([Diagnostic(loc, f"the saved game's variant {quoted(source)} cannot be found", USE_VARIANT_HINT)])
    if problem:
        raise SaveError([Diagnostic(loc, f"the saved game's variant {quoted(source)} {problem}")])
    return path


def own_folders() -> list[Path]:
    """Where a save may name a variant file without asking: the home folder, the working
    folder and the bundled variants. The filesystem's root never counts: a program started
    from / would otherwise read any file a save names."""
    folders = [variants_dir()]
    for where in (Path.home, Path.cwd):
        with contextlib.suppress(OSError, RuntimeError, KeyError):  # no home folder, or a working folder that was deleted
            folders.append(where())
    real = [Path(os.path.realpath(folder)) for folder in folders]
    return [folder for folder in real if folder.parent != folder]


def _in_own_folders(path: Path) -> bool:
    return any(path == folder or folder in path.parents for folder in own_folders())


def _variant_mismatch(data: dict, variant: Variant, given: bool, where: Positions) -> Diagnostic | None:
    """Why `variant` is not the one the game was saved with, or None when it is. A different
    variant is named as such: 'has changed since' is only true of the same one."""
    saved = data["variant"]
    if saved["hash"] == variant.content_hash:
        return None
    hint = "'boardwalk replay --allow-other-variant FILE' can still show the game"
    if saved["name"] != variant.name:
        now = f"the variant given is '{variant.name}'" if given else f"'{saved['source']}' now holds '{variant.name}'"
        message = f"the game was saved with variant '{saved['name']}', but {now}"
        return Diagnostic(where.value(["variant", "name"]), message, hint)
    if given:
        message = f"the game was saved with variant '{saved['name']}' as it was then; the file given differs from it"
    else:
        message = f"the game was saved with variant '{saved['name']}' as it was then; it has changed since"
    return Diagnostic(where.value(["variant", "hash"]), message, hint)


def _check_players(data: dict, variant: Variant, where: Positions) -> None:
    if data["players"] not in variant.player_counts:
        message = f"the save is for {data['players']} players, which '{variant.name}' does not allow"
        raise SaveError([Diagnostic(where.value(["players"]), message)])


def _check_bots(data: dict, variant: Variant, where: Positions) -> None:
    """Every seat's bot can be made: a spec the program does not know is a damaged save, not
    a crash when the game starts."""
    from engine.bots import make_bot

    for index, seat in enumerate(data["seats"]):
        if seat["bot"] is None:
            continue
        try:
            make_bot(seat["bot"], variant, 0)
        except ValueError as problem:  # BotSpecError, or a setting the bot itself refuses
            path = ["seats", index, "bot"]
            raise SaveError([Diagnostic(where.value(path), f"{_field_name(path)}: {problem}")]) from None


def _record(data: dict, variant: Variant) -> GameRecord:
    return GameRecord(
        variant=variant,
        variant_source=data["variant"]["source"],
        players=data["players"],
        seed=data["seed"],
        seats=[Seat(s["name"], s["bot"]) for s in data["seats"]],
        actions=[_renamed({"kind": a["kind"], "arg": a.get("arg")}) for a in data["actions"]],
        compat=data["version"],
    )


_RENAMED_ACTIONS = {"zone": "choose", "end_turn": "pass"}
"""Actions older saves name otherwise: the zone of a roll on the any-zone face is now chosen like any other,
and ending the turn is passing the card offer at its end (the turn became a program)."""


def _renamed(action: dict) -> dict:
    kind = action["kind"]
    return {**action, "kind": _RENAMED_ACTIONS[kind]} if kind in _RENAMED_ACTIONS else action


# ----- replaying -------------------------------------------------------------------------------


def _replay_checked(record: GameRecord, where: Positions) -> Game:
    game = record.new_game()
    for index, action in enumerate(record.actions):
        try:
            game.apply(action)
        except IllegalAction:
            raise SaveError([Diagnostic(where.value(["actions", index]), _not_allowed(game, index, action))]) from None
    return game


def _not_allowed(game: Game, index: int, action: dict) -> str:
    """Why a recorded action cannot be replayed, with what the game offered instead."""
    shown = f'recorded action {index + 1} ({{"kind": {preview(action["kind"])}, "arg": {preview(action["arg"])}}})'
    player = game.current_player
    if player is None:  # no decision pending
        return f"{shown} comes after the end of the game"
    options = game.legal_actions()
    offered = "; ".join(option.describe() for option in options[:5]) + ("; …" if len(options) > 5 else "")
    return f"{shown} is not allowed at that point; {game.variant.seats[player].name} may: {offered}"


def _check_snapshot(snapshot: dict, game: Game, where: Positions, warnings: list[str]) -> None:
    """The replayed game must be the saved position, unless the person already chose to try
    another variant (then the difference is a warning, and the replayed game wins)."""
    replayed = _as_saved_then(game.to_dict(), snapshot)
    if "piles" not in snapshot or "player_counters" not in snapshot:
        # a save from before the turn became a program and the piles were declared (or before
        # the turn's plays were kept by card): its snapshot is laid out otherwise, so the parts
        # that mean the same in both are compared (the board, the cards in each place, the
        # dice's generator, the order, who owns what)
        lasting = _LASTING_FIELDS | {"piles"}
        if "piles" not in snapshot:
            replayed = {**replayed, **_older_piles(game)}
            lasting = _LASTING_FIELDS
        snapshot = {key: value for key, value in snapshot.items() if key in lasting}
        replayed = {key: value for key, value in replayed.items() if key in lasting}
    difference = _first_difference(snapshot, replayed, ["snapshot"])
    if difference is None:
        return
    steps, detail = difference
    message = f"the recorded actions do not lead to the saved position: {detail} (was the file edited?)"
    if not warnings:
        raise SaveError([Diagnostic(where.value(steps), message)])
    warnings.append(message + "; continuing from the replayed actions")


def _as_saved_then(replayed: dict, snapshot: dict) -> dict:
    """The replayed position without what saves did not keep when this one was written: a
    card half-way through its effect notes whether it has already changed the game (`acted`,
    so that a cancel says 'the rest of'), and a game counts its decisions and events (for
    the safety nets of limits.py), which older saves leave out."""
    replayed = {key: value for key, value in replayed.items() if key in snapshot or key not in _WRITTEN_SINCE}
    saved = snapshot.get("frames")
    if not isinstance(saved, list) or len(saved) != len(replayed["frames"]):
        return replayed
    frames = [
        {k: v for k, v in frame.items() if k != "acted"} if "acted" in frame and isinstance(old, dict) and "acted" not in old
        else frame
        for frame, old in zip(replayed["frames"], saved)
    ]
    return {**replayed, "frames": frames}


_WRITTEN_SINCE = frozenset({"decisions", "told", "worked", "positions", "next_player"})
"""Fields of a position that saves before 2026-11-25 did not write (`worked`: before
2026-11-26; `positions`, the tokens on a board's loop, and `next_player`: before 2026-11-27)."""

_LASTING_FIELDS = frozenset({
    "format", "players", "seed", "rng", "start_units", "stacks", "supply", "hands", "pile", "discard", "in_play",
    "holder", "worth", "held", "tokens", "dirty", "order", "turn_pos", "turn_number", "over", "end_reason",
})


def _older_piles(game: Game) -> dict:
    """The cards as snapshots wrote them before piles were declared: the hands, the draw pile
    and the discards (an older save is of a variant that has these three)."""
    state = state_of(game)
    layout, ref = state.layout, state.book.card_ref
    if not {"hand", "deck", "discard"} <= set(layout.base):
        return {}
    return {
        "hands": [[ref(c) for c in state.hand(player)] for player in range(state.n)],
        "pile": [ref(c) for c in state.pile_of("deck")],
        "discard": [ref(c) for c in state.pile_of("discard")],
    }


def _first_difference(saved: Any, replayed: Any, path: list) -> tuple[list, str] | None:
    """The first value of the saved snapshot, in the file's order, that the replayed game does
    not have, and how it differs; None when they agree (2 and 2.0, 1 and true do not)."""
    name = _field_name(path)
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key, value in saved.items():
            if key not in replayed:
                return path + [key], f"{_field_name(path + [key])} is not part of a game's position"
            found = _first_difference(value, replayed[key], path + [key])
            if found is not None:
                return found
        missing = next((key for key in replayed if key not in saved), None)
        return None if missing is None else (path, f"{name} is missing the field '{missing}'")
    if isinstance(saved, list) and isinstance(replayed, list):
        for index, (mine, theirs) in enumerate(zip(saved, replayed)):
            found = _first_difference(mine, theirs, path + [index])
            if found is not None:
                return found
        if len(saved) != len(replayed):
            return path, f"{name} lists {len(saved):,} items; replaying the actions gives {len(replayed):,}"
        return None
    if type(saved) is type(replayed) and saved == replayed:
        return None
    return path, f"{name} is {preview(saved)}; replaying the actions gives {preview(replayed)}"
