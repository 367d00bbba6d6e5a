"""A run's spec as data that may cross a network: the variant's own texts (not paths, which a
worker on another machine may not have), and what a worker does with a spec it is sent.

A worker trusts no spec. Whoever can reach a Dask scheduler can send its workers anything, so
`check_spec` refuses any spec that is not of the shape `make_spec` (work.py) gives, under the
limits a variant file has (docs/security.md); the texts are then written to a private folder
of their own and checked exactly as `boardwalk check` checks a file; and the files that check
read are compared, by SHA-256, with the texts sent, so that a worker whose bundled variants
or engine differ from the run's refuses the spec instead of playing other games.

    files: [[name, text], ...]: the variant's file and those it extends, child first. The name
    is the file's path below the first file's folder, or "" for a bundled variant reached by
    its name from outside that folder (the worker has it: its text is compared, not written).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from engine.digest import sha256_hex, text_sha256_hex
from engine.paths import real_path, within
from engine.resources import schemas_folder
from engine.variant.merge import MAX_EXTENDS_DEPTH
from engine.variant.model import Variant
from engine.variant.overrides import Setting
from engine.variant.yamlsource import MAX_FILE_BYTES

MAX_SETTINGS = 100
"""Settings a spec may carry: a sweep varies a few parameters, never a hundred."""
MAX_BOTS = 64
MAX_TEXT = 300
"""Characters of an engine version, a bot spec or a setting's path or word."""
MAX_INDEX = 10_000_000
"""Game numbers a batch may name: ten times a run's most games (simulate.MAX_GAMES)."""
MAX_COUNT = 100_000
"""Games one batch may hold."""
MAX_PLAYERS = 64
SEED_LIMIT = 2**64
_SPEC_KEYS = {"engine", "source", "variant", "players", "bots", "seed"}


class BadSpec(ValueError):
    """What is wrong with a spec, in words (the worker refuses it)."""


def spec_files(paths: Sequence[str]) -> list[list[str]]:
    """[[name, text], ...] of the files a checked variant was read from (its `files`, child
    first), read again now. Raises OSError or UnicodeDecodeError when a file cannot be read
    as it was (the caller's "files changed since the check")."""
    if not paths:
        return []
    folder = os.path.dirname(real_path(paths[0]))
    files = []
    for path in paths:
        with open(path, "rb") as file:
            text = file.read().decode("utf-8")
        real = real_path(path)
        name = os.path.relpath(real, folder).replace(os.sep, "/") if within(real, folder) else ""
        files.append([name, text])
    return files


_source: list[str] = []


def source_digest() -> str:
    """One SHA-256 of the engine's Python sources and the schemas, as this process has them:
    two installs with the same version but other code (a checkout a commit behind) play other
    games, and a spec names the source it was made by. Computed once a process."""
    if not _source:
        package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
        parts = []
        for root, label in ((package, "engine"), (schemas_folder(), "schemas")):
            for folder, subfolders, names in os.walk(root):
                subfolders[:] = sorted(d for d in subfolders if d not in ("__pycache__", "_bundled"))
                for name in sorted(names):
                    if label == "engine" and not name.endswith(".py"):
                        continue
                    path = os.path.join(folder, name)
                    with open(path, "rb") as file:
                        parts.append(f"{label}/{os.path.relpath(path, root)} {sha256_hex(file.read())}")
        _source.append(text_sha256_hex("\n".join(sorted(parts))))
    return _source[0]


def identity() -> dict[str, str]:
    """This install's Boardwalk version and source digest: what a cluster's workers are asked
    before a run (cluster.py), so that a worker of another install is found before any game."""
    from engine.version import version

    return {"engine": version(), "source": source_digest()}


def check_spec(spec: object) -> dict:
    """The spec, if it is one this worker may play: every field of the type and within the
    limits make_spec gives; raises BadSpec naming the first that is not. The variant's texts
    are checked as a file's are when they are compiled (`compile_texts`)."""
    if not isinstance(spec, dict) or set(spec) != _SPEC_KEYS:
        raise BadSpec(f"a spec is a mapping of {', '.join(sorted(_SPEC_KEYS))}")
    _text(spec["engine"], "its engine version")
    if not isinstance(spec["source"], str) or not re.fullmatch(r"[0-9a-f]{64}", spec["source"]):
        raise BadSpec("its source digest is not a SHA-256")
    _whole(spec["players"], 1, MAX_PLAYERS, "its players")
    _whole(spec["seed"], 0, SEED_LIMIT - 1, "its seed")
    bots = spec["bots"]
    if not isinstance(bots, list) or not 1 <= len(bots) <= MAX_BOTS:
        raise BadSpec(f"its bots are not a list of 1 to {MAX_BOTS} bot specs")
    for bot in bots:
        _text(bot, "a bot spec")
    variant = spec["variant"]
    if not isinstance(variant, dict) or set(variant) != {"files", "settings"}:
        raise BadSpec("its variant is not a mapping of files and settings")
    _check_files(variant["files"])
    _check_settings(variant["settings"])
    return spec


def check_batch(first: object, count: object) -> None:
    _whole(first, 0, MAX_INDEX, "the batch's first game")
    _whole(count, 1, MAX_COUNT, "the batch's games")


def _whole(value: object, low: int, high: int, what: str) -> None:
    if type(value) is not int or not low <= value <= high:
        raise BadSpec(f"{what} is not a whole number from {low:,} to {high:,}")


def _text(value: object, what: str) -> None:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT or not value.isprintable():
        raise BadSpec(f"{what} is not a line of text of at most {MAX_TEXT} characters")


def _check_files(files: object) -> None:
    if not isinstance(files, list) or not 1 <= len(files) <= MAX_EXTENDS_DEPTH:
        raise BadSpec(f"its variant's files are not a list of 1 to {MAX_EXTENDS_DEPTH}")
    size, names = 0, set()
    for k, item in enumerate(files):
        if not isinstance(item, list) or len(item) != 2 or not all(isinstance(part, str) for part in item):
            raise BadSpec("a variant file is not a [name, text] pair of texts")
        name, text = item
        if name or k == 0:
            _check_name(name, first=k == 0)
            if name in names:
                raise BadSpec(f"the variant file {name!r} is given twice")
            names.add(name)
        size += len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE_BYTES:
            raise BadSpec(f"its variant's files hold more than {MAX_FILE_BYTES:,} bytes, a variant's limit")


def _check_name(name: str, first: bool) -> None:
    """A file name below the spec's own folder: plain parts, no '..', nothing absolute."""
    parts = name.split("/")
    plain = all(part not in ("", ".", "..") and part.isprintable() and "\\" not in part
                and len(part.encode("utf-8", "surrogatepass")) <= 255 for part in parts)
    if not plain or len(name) > 1_000 or len(parts) > MAX_EXTENDS_DEPTH or (first and not name.endswith((".yaml", ".yml"))):
        raise BadSpec(f"the variant file name {name[:80]!r} is not a plain path below the variant's folder")


def _check_settings(settings: object) -> None:
    if not isinstance(settings, list) or len(settings) > MAX_SETTINGS:
        raise BadSpec(f"its settings are not a list of at most {MAX_SETTINGS}")
    for item in settings:
        if not isinstance(item, list) or len(item) != 2:
            raise BadSpec("a setting is not a [path, value] pair")
        path, value = item
        _text(path, "a setting's path")
        words = value if isinstance(value, list) else [value]
        if len(words) > MAX_SETTINGS:
            raise BadSpec("a setting holds too many words")
        for word in words:
            if isinstance(value, list) or not isinstance(word, int):  # a word (bool is an int: yes or no)
                _text(word, "a setting's word")
            elif abs(word) >= SEED_LIMIT:
                raise BadSpec("a setting's number is too large")


def compile_texts(files: list[list[str]], settings: tuple[Setting, ...]) -> Variant:
    """The variant the texts make, checked as `boardwalk check` checks a file, in a folder of
    this process's own that is removed afterwards. Raises BadSpec when it does not check, or
    when what the check read is not the texts sent (a bundled variant of another install)."""
    from engine.variant.load import check_variant

    folder = tempfile.mkdtemp(prefix="boardwalk-spec-")
    try:
        for name, text in files:
            if name:
                path = os.path.join(folder, *name.split("/"))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "xb") as file:
                    file.write(text.encode("utf-8", "surrogatepass"))
        result = check_variant(Path(folder, *files[0][0].split("/")), settings)
        told = folder + os.sep
        if result.variant is None:
            problem = result.diagnostics[0].headline() if result.diagnostics else "it does not check"
            raise BadSpec(f"the variant does not check: {problem.replace(told, '')}")
        sent = sorted(text_sha256_hex(text) for _, text in files)
        if sorted(digest for _, digest, _ in result.source.read) != sent:
            raise BadSpec("the variant's files as this worker reads them are not the run's (its bundled variants "
                          "differ: another Boardwalk install?)")
        return result.variant
    finally:
        shutil.rmtree(folder, ignore_errors=True)
