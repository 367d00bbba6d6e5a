"""The one function a worker runs: `play_batch(spec, first, count)`, games `first` to
`first + count - 1` of a run, as record tuples.

A spec is plain data (strings, numbers, lists): the variant's file and the settings of the
point (engine/variant/overrides.py), the players, the bots, the base seed and the engine's
version. So whatever runs the games (processes here, another back-end later) hands a worker
only data, never code or a compiled variant, and game i's seed and seats depend on the base
seed and i alone: neither the number of workers nor how the games are cut into batches can
change a record.

A worker compiles each spec's variant once and keeps it, by a hash of the spec's variant
part, for the next batches of the same point. The parent may put the variants it has
already checked there first (`remember`): forked workers then start with them.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import fields

from engine.digest import sha256_hex, text_sha256_hex
from engine.simulate.play import GameRecord, derive_seed, play_game
from engine.variant.model import Variant
from engine.variant.overrides import Setting

Spec = dict
"""{"engine": version, "variant": {"file": path, "digests": [sha256, ...], "settings": [[path,
value], ...]}, "players": P, "bots": [spec, ...], "seed": S}: all a worker needs."""

KEPT = 64
"""Compiled variants a process keeps (the most recently used): a Monopoly Builder variant
takes about 2.6 MB, so at most about 170 MB, whatever the number of points of a sweep."""

_compiled: OrderedDict[str, Variant] = OrderedDict()
_engine: list[str] = []


class GameFailed(RuntimeError):
    """A game raised an error: an engine or bot bug, reported with what replays it."""


class SpecMismatch(RuntimeError):
    """A worker cannot play a spec as the run meant it: another engine version, or variant
    files that are not the ones the run checked."""


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot in each seat for game `index`: the list is cycled to fill the seats, then
    rotated one seat per game, so each bot sits in each seat equally often.

    >>> [seat_bots(["strong", "greedy"], 2, i) for i in range(2)]
    [['strong', 'greedy'], ['greedy', 'strong']]
    """
    lineup = [bots[i % len(bots)] for i in range(players)]
    shift = index % players
    return lineup[shift:] + lineup[:shift]


def game_seed(base: int, index: int) -> int:
    """The seed of game `index`: the same for every variant of a comparison (paired games)."""
    return derive_seed(base, index)


def make_spec(variant: Variant, players: int, bots: Sequence[str], seed: int, settings: Sequence[Setting] = ()) -> Spec:
    """The spec of a run of `variant` (checked with `settings` set in it), which the caller
    has: it is remembered here, so this process and the workers it forks need not compile it."""
    from engine.version import version

    files = variant.files
    spec = {
        "engine": version(),
        "variant": {
            "file": os.path.abspath(files[0]) if files else "",
            "digests": [_file_digest(path) for path in files],
            "settings": [setting.plain() for setting in settings],
        },
        "players": players,
        "bots": list(bots),
        "seed": seed,
    }
    remember(spec, variant)
    return spec


def _file_digest(path: str) -> str:
    try:
        with open(path, "rb") as file:
            return sha256_hex(file.read())
    except OSError:
        return ""


def variant_key(spec: Spec) -> str:
    """What a compiled variant is kept by: a hash of the spec's variant part."""
    return text_sha256_hex(json.dumps(spec["variant"], sort_keys=True))


def remember(spec: Spec, variant: Variant) -> None:
    """Keep `variant` as the spec's compiled variant in this process."""
    key = variant_key(spec)
    _compiled[key] = variant
    _compiled.move_to_end(key)
    while len(_compiled) > KEPT:
        _compiled.popitem(last=False)


def compiled(spec: Spec) -> Variant:
    """The spec's variant, compiled once in this process."""
    key = variant_key(spec)
    variant = _compiled.get(key)
    if variant is None:
        variant = _compile(spec)
        remember(spec, variant)
    else:
        _compiled.move_to_end(key)
    return variant


def _compile(spec: Spec) -> Variant:
    """Check and compile the spec's variant here, refusing another engine or other files."""
    from pathlib import Path

    from engine.variant.load import check_variant
    from engine.version import version

    if not _engine:
        _engine.append(version())
    if spec["engine"] != _engine[0]:
        raise SpecMismatch(f"this worker runs Boardwalk {_engine[0]}, the run Boardwalk {spec['engine']}")
    part = spec["variant"]
    settings = tuple(Setting.from_plain(item) for item in part["settings"])
    result = check_variant(Path(part["file"]), settings)
    if sorted(digest for _, digest, _ in result.source.read) != sorted(part["digests"]):
        raise SpecMismatch(f"the variant's files changed since the run began ({part['file']})")
    if result.variant is None:
        raise SpecMismatch(f"the variant {part['file']} no longer checks: {result.diagnostics[0]}")
    return result.variant


def play_batch(spec: Spec, first: int, count: int) -> list[tuple]:
    """Games `first` .. `first + count - 1` of the spec, each a record as a tuple of its
    fields (GameRecord's order; a tuple pickles and travels faster than the dataclass)."""
    variant = compiled(spec)
    bots, players, base = spec["bots"], spec["players"], spec["seed"]
    records = []
    for index in range(first, first + count):
        seats = seat_bots(bots, players, index)
        seed = game_seed(base, index)
        try:
            record = play_game(variant, seats, seed, index)
        except Exception as problem:
            raise GameFailed(
                f"game {index} of '{variant.name}' (seed {seed}, bots {', '.join(seats)}) "
                f"failed: {type(problem).__name__}: {problem}"
            ) from None
        records.append(record_fields(record))
    return records


def record_fields(record: GameRecord) -> tuple:
    """A record as the tuple of its fields, in order."""
    return tuple(getattr(record, name) for name in FIELD_NAMES)


FIELD_NAMES = tuple(field.name for field in fields(GameRecord))
