"""The one function a worker runs: `play_batch(spec, first, count)`, games `first` to
`first + count - 1` of a run, as record tuples.

A spec is plain data (strings, numbers, lists): the texts of the variant's files and the
settings of the point (engine/variant/overrides.py), the players, the bots, the base seed, and
the engine's version and a digest of its sources (spec.py). So whatever runs the games (this
machine's processes, or the workers of a Dask cluster on other machines) hands a worker only
data, never code, a path or a compiled variant, and game i's seed and seats depend on the base
seed and i alone: neither the number of workers nor how the games are cut into batches can
change a record.

A worker checks a spec as hostile input and compiles its variant once, keeping it by a hash of
the spec's variant part for the next batches of the same point. The parent may put the
variants it has already checked there first (`remember`): forked workers then start with them.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import fields

from engine.digest import text_sha256_hex
from engine.simulate.play import GameRecord, derive_seed, play_game
from engine.simulate.spec import BadSpec, check_batch, check_spec, compile_texts, source_digest, spec_files
from engine.variant.model import Variant
from engine.variant.overrides import Setting

Spec = dict
"""{"engine": version, "source": sha256, "variant": {"files": [[name, text], ...], "settings":
[[path, value], ...]}, "players": P, "bots": [spec, ...], "seed": S}: all a worker needs."""

KEPT = 64
"""Compiled variants a process keeps (the most recently used): a Monopoly Builder variant
takes about 2.6 MB, so at most about 170 MB, whatever the number of points of a sweep."""

_compiled: OrderedDict[str, Variant] = OrderedDict()
_engine: list[str] = []
_accepted: dict[int, tuple[Spec, str]] = {}
"""The specs this process has checked (or made), by identity, with their variant_key: a
process plays many batches of one spec, and checking and hashing its texts for each (a game,
in the process back-end) would cost more than a short game."""


class GameFailed(RuntimeError):
    """A game raised an error: an engine or bot bug, reported with what replays it."""


class SpecMismatch(RuntimeError):
    """A worker cannot play a spec as the run meant it: another engine version or source, a
    spec of the wrong shape, or variant texts that do not check or are not the run's."""


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


def make_spec(variant: Variant, players: int, bots: Sequence[str], seed: int, settings: Sequence[Setting] = (),
              files: list[list[str]] | None = None) -> Spec:
    """The spec of a run of `variant` (checked with `settings` set in it), which the caller
    has: it is remembered here, so this process and the workers it forks need not compile it.
    `files`: the texts of its files (spec_files), when the caller has read them for many
    specs (a sweep's points share one copy). Raises SpecMismatch when the variant's files can
    no longer be read as they were."""
    from engine.version import version

    if files is None:
        files = read_files(variant)
    spec = {
        "engine": version(),
        "source": source_digest(),
        "variant": {"files": files, "settings": [setting.plain() for setting in settings]},
        "players": players,
        "bots": list(bots),
        "seed": seed,
    }
    remember(spec, variant)
    return spec


def read_files(variant: Variant) -> list[list[str]]:
    """The texts of the variant's files, for its specs; raises SpecMismatch when they can no
    longer be read."""
    try:
        return spec_files(variant.files)
    except (OSError, UnicodeDecodeError):
        raise SpecMismatch(f"the variant's files changed since the run began ({variant.files[0]})") from None


def variant_key(spec: Spec) -> str:
    """What a compiled variant is kept by: a hash of the spec's variant part."""
    return text_sha256_hex(json.dumps(spec["variant"], sort_keys=True))


def remember(spec: Spec, variant: Variant) -> None:
    """Keep `variant` as the spec's compiled variant in this process (a spec this process
    made: it is not checked)."""
    key = variant_key(spec)
    _accept(spec, key)
    _keep(key, variant)


def _keep(key: str, variant: Variant) -> None:
    _compiled[key] = variant
    _compiled.move_to_end(key)
    while len(_compiled) > KEPT:
        _compiled.popitem(last=False)


def _accept(spec: Spec, key: str) -> None:
    if len(_accepted) >= 4 * KEPT:
        _accepted.clear()
    _accepted[id(spec)] = (spec, key)


def compiled(spec: Spec) -> Variant:
    """The spec's variant, compiled once in this process. A spec not seen before is checked
    first as hostile input (`_admit`); raises SpecMismatch when this worker will not play it."""
    known = _accepted.get(id(spec))
    key = known[1] if known is not None and known[0] is spec else None
    if key is None:
        return _admit(spec)
    variant = _compiled.get(key)
    if variant is None:
        variant = _compile(spec)
        _keep(key, variant)
    else:
        _compiled.move_to_end(key)
    return variant


def _admit(spec: Spec) -> Variant:
    """A spec this process has not seen: of the shape make_spec gives, of this engine and its
    sources, its variant checked (or kept from an equal spec), its players and bots ones the
    variant takes. Then it is known by its identity, and its next batches skip all this."""
    from engine.bots import BotSpecError, make_bot
    from engine.version import version

    if not _engine:
        _engine.append(version())
    try:
        check_spec(spec)
        if spec["engine"] != _engine[0]:
            raise BadSpec(f"this worker runs Boardwalk {_engine[0]}, the run Boardwalk {spec['engine']}")
        if spec["source"] != source_digest():
            raise BadSpec(f"this worker's Boardwalk {_engine[0]} has other sources than the run's (another checkout or "
                          "a changed file: the games would differ); install the same Boardwalk everywhere")
        key = variant_key(spec)
        kept = _compiled.get(key)
        variant = kept if kept is not None else _compile(spec)
        if spec["players"] not in variant.player_counts:
            raise BadSpec(f"the variant '{variant.name}' is not for {spec['players']} players")
        for bot in spec["bots"]:
            make_bot(bot, variant, seed=0)
    except (BadSpec, BotSpecError) as problem:
        raise SpecMismatch(str(problem)) from None
    _keep(key, variant)
    _accept(spec, key)
    return variant


def _compile(spec: Spec) -> Variant:
    """The spec's variant from its texts (spec.compile_texts), checked here."""
    part = spec["variant"]
    try:
        return compile_texts(part["files"], tuple(Setting.from_plain(item) for item in part["settings"]))
    except BadSpec as problem:
        raise SpecMismatch(str(problem)) from None


def play_batch(spec: Spec, first: int, count: int) -> list[tuple]:
    """Games `first` .. `first + count - 1` of the spec, each a record as a tuple of its
    fields (GameRecord's order; a tuple pickles and travels faster than the dataclass)."""
    variant = compiled(spec)
    try:
        check_batch(first, count)
    except BadSpec as problem:
        raise SpecMismatch(str(problem)) from None
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


def answer_batch(spec: Spec, first: int, count: int) -> tuple:
    """What a cluster's worker runs: ("done", records, seconds), or ("failed", message) for a
    game that failed and ("mismatch", message) for a spec this worker will not play. Plain data
    either way: the run's side unpickles no exception a worker made."""
    start = time.perf_counter()
    try:
        records = play_batch(spec, first, count)
    except GameFailed as problem:
        return ("failed", str(problem))
    except SpecMismatch as problem:
        return ("mismatch", str(problem))
    return ("done", records, time.perf_counter() - start)


def record_fields(record: GameRecord) -> tuple:
    """A record as the tuple of its fields, in order."""
    return tuple(getattr(record, name) for name in FIELD_NAMES)


FIELD_NAMES = tuple(field.name for field in fields(GameRecord))
