"""Saved games: the record of a game (variant, seed, seats, every action) plus a snapshot,
written atomically and read back with every recorded action re-validated.

A save is JSON. Loading it checks the JSON, then `schemas/savegame.schema.json`, then that
the variant still has the content hash it had, then replays every action from the seed and
compares the result with the snapshot: a hand-edited or damaged file is caught with a
message that says where, and never half-loaded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.diagnostics import Diagnostic, Loc
from engine.files import WriteFailed, write_atomically
from engine.game.game import Game, new_game
from engine.game.messages import IllegalAction
from engine.resources import bundled_variant_names, schemas_dir
from engine.variant.model import Variant

SAVE_KIND = "boardwalk-save"
SAVE_VERSION = 1
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

    def new_game(self) -> Game:
        return new_game(self.variant, self.players, self.seed)

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
    return str(Path(argument).resolve())


def to_json(record: GameRecord, game: Game) -> dict:
    return {
        "kind": SAVE_KIND,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
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


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft7Validator  # on first load, not when the UI starts

    return Draft7Validator(json.loads((schemas_dir() / "savegame.schema.json").read_text(encoding="utf-8")))


@dataclass
class LoadedGame:
    record: GameRecord
    game: Game
    warnings: list[str] = field(default_factory=list)


def load_game(path: str | Path, variant: Variant | None = None, allow_other_variant: bool = False) -> LoadedGame:
    """Read, check and replay a save. `variant` overrides the one the save names; with
    `allow_other_variant`, a variant whose content changed since the save is tried anyway."""
    path = Path(path)
    shown = str(path)
    data = _read_json(path, shown)
    _check_schema(data, path, shown)
    if variant is None:
        variant = _load_saved_variant(data, shown)
    warnings = []
    if data["variant"]["hash"] != variant.content_hash:
        message = (
            f"the game was saved with variant '{data['variant']['name']}' as it was then; "
            f"'{variant.name}' has changed since"
        )
        if not allow_other_variant:
            raise SaveError(
                [Diagnostic(Loc(shown), message, "'boardwalk replay --allow-other-variant FILE' can still show the game")]
            )
        warnings.append(message)
    if data["players"] not in variant.player_counts:
        raise SaveError([Diagnostic(Loc(shown), f"the save is for {data['players']} players, which '{variant.name}' does not allow")])
    record = GameRecord(
        variant=variant,
        variant_source=data["variant"]["source"],
        players=data["players"],
        seed=data["seed"],
        seats=[Seat(s["name"], s.get("bot")) for s in data["seats"]],
        actions=[{"kind": a["kind"], "arg": a.get("arg")} for a in data["actions"]],
    )
    if len(record.seats) != record.players:
        raise SaveError([Diagnostic(Loc(shown), f"the save lists {len(record.seats)} seats for {record.players} players")])
    game = _replay_checked(record, shown)
    if game.to_dict() != data["snapshot"]:
        message = "the recorded actions do not lead to the saved position (was the file edited?)"
        if not warnings:
            raise SaveError([Diagnostic(Loc(shown), message)])
        warnings.append(message + "; continuing from the replayed actions")
    return LoadedGame(record, game, warnings)


def _read_json(path: Path, shown: str) -> Any:
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError([Diagnostic(Loc(shown), f"file is {size:,} bytes; saves are limited to {MAX_SAVE_BYTES:,}")])
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError([Diagnostic(Loc(shown), f"cannot read the save: {exc.strerror or exc}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError([Diagnostic(Loc(shown), "the save is not a text file (it may be damaged)")]) from None
    if not text.strip():
        raise SaveError([Diagnostic(Loc(shown), "the save is empty")])
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError([Diagnostic(Loc(shown, exc.lineno, exc.colno), f"the save is not valid JSON: {exc.msg} (damaged or cut short?)")]) from None
    except RecursionError:
        raise SaveError([Diagnostic(Loc(shown), "the save is nested too deeply")]) from None


def _check_schema(data: Any, path: Path, shown: str) -> None:
    if isinstance(data, dict) and data.get("kind") == SAVE_KIND and data.get("version") != SAVE_VERSION:
        raise SaveError([Diagnostic(Loc(shown), f"save version {data.get('version')!r} is not supported (this program reads version {SAVE_VERSION})")])
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return
    locate = _json_locator(path)
    diagnostics = []
    for error in errors[:20]:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".") or "the top level"
        diagnostics.append(Diagnostic(locate(list(error.absolute_path)) or Loc(shown), f"{where}: {error.message}"))
    raise SaveError(diagnostics)


def _json_locator(path: Path):
    """Positions of values in a JSON file, found again with the YAML reader (JSON is YAML),
    only when there is an error to point at."""
    from engine.variant.yamlsource import LocDict, LocList, YamlProblem, parse_yaml

    try:
        document = parse_yaml(path.read_text(encoding="utf-8"), str(path), max_nodes=2_000_000)
    except (YamlProblem, OSError):
        return lambda steps: None

    def locate(steps: list) -> Loc | None:
        node: Any = document
        loc = document.loc.loc if isinstance(document, LocDict) and document.loc else None
        for step in steps:
            try:
                if isinstance(node, LocDict):
                    loc = node.value_locs[step].loc
                elif isinstance(node, LocList):
                    loc = node.value_locs[step].loc
                node = node[step]
            except (KeyError, IndexError, TypeError):
                break
        return loc

    return locate


def _load_saved_variant(data: dict, shown: str) -> Variant:
    from engine.variant.load import VariantNotFound, check_variant, find_variant

    source = data["variant"]["source"]
    try:
        found = find_variant(source)
    except VariantNotFound:
        raise SaveError([Diagnostic(Loc(shown), f"the saved game's variant '{source}' cannot be found")]) from None
    result = check_variant(found)
    if result.variant is None:
        raise SaveError([Diagnostic(Loc(shown), f"the saved game's variant '{source}' now has problems; run 'boardwalk check {source}'")])
    return result.variant


def _replay_checked(record: GameRecord, shown: str) -> Game:
    game = record.new_game()
    for index, action in enumerate(record.actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise SaveError(
                [Diagnostic(Loc(shown), f"recorded action {index + 1} ({action}) is not legal at that point: {exc}")]
            ) from None
    return game
