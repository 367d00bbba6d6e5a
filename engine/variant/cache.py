"""Checked variants kept between runs, so that `boardwalk check` answers like a small tool
(and `play`, `serve`, `simulate` start without checking again: checked.py says what is kept).

Checking a variant loads PyYAML, jsonschema and Lark and parses every effect, about half a
second, for an answer that changes only when a file of its `extends` chain or the engine
does. So the answer is kept, as plain JSON, in the user's cache folder: `$BOARDWALK_CACHE`
when it is set (`0` or `off`: no cache), else `$XDG_CACHE_HOME/boardwalk`, else
`~/.cache/boardwalk`. This module loads nothing of the checker: on a hit, nothing else is.

An entry is found by where the check was asked for (the working folder, the file as named
and where it really is) and is used only when its key, a SHA-256, still matches:
- the bytes of every file of the `extends` chain and where each really is, the chain being
  followed again from the `extends` names the entry recorded (a file edited, moved or put in
  another's place changes the key);
- the engine: the size and modification time of every file of the package and the schemas
  (what Python itself trusts to tell a stale .pyc), the installed versions of the packages
  the check runs on (PyYAML, jsonschema, Lark...), this Python's version, and FORMAT.
The messages name files as seen from the working folder, which is part of the key too.

An entry is untrusted input. It is read only from a folder of the user's own that no one else
may write, only if it is a regular file of at most MAX_ENTRY_BYTES, as JSON, and the caller
checks every value's type before using it: anything wrong (bad JSON, a wrong shape or key, a
file cut short) is a miss, never an error, and the check that follows writes the entry anew.
Nothing in it is code. A result that depends on more than the chain's bytes (a file that
could not be read, an `extends` naming no file) is never stored. Entries are written to a
temporary file renamed over the old one, so a reader sees the old entry or the new one.
A folder that cannot be made, read or written means no cache, silently.
"""

from __future__ import annotations

import json
import os
import stat
import sys

from engine.digest import sha256_hex
from engine.reading import ReadProblem, read_limited
from engine.resources import schemas_folder
from engine.variant.find import BaseNotFound, extends_file

TYPE_CHECKING = False  # mypy reads the block below; a cached check loads no more than it needs
if TYPE_CHECKING:
    from collections.abc import Sequence

FORMAT = 1
"""The layout of an entry and of what is kept in it: raise it when either changes."""
ENV = "BOARDWALK_CACHE"
OFF = ("0", "off", "no", "false")
MAX_ENTRY_BYTES = 20_000_000
MAX_ENTRIES = 500
"""Past this many entries, the least recently written go when a new one is written."""
MAX_FILE_BYTES = 1_000_000
"""A variant file's limit (yamlsource.MAX_FILE_BYTES): a larger file is never a hit."""
MAX_CHAIN = 16
"""The longest `extends` chain (merge.MAX_EXTENDS_DEPTH)."""
DEPENDENCIES = ("yaml", "jsonschema", "lark")
"""The packages whose version can change a check's result or its messages. Every distribution
installed beside them counts too (jsonschema's own dependencies among them)."""
STALE_TEMPORARY_SECONDS = 3600

_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
_stamp: str | None = None


def folder() -> str | None:
    """The cache folder this process would use, or None when the cache is off or there is
    no home folder to keep it in."""
    setting = os.environ.get(ENV, "")
    if setting.strip().lower() in OFF:
        return None
    if setting:
        return os.path.abspath(setting)
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative, which the XDG specification says to ignore
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "boardwalk")


def lookup(kind: str, given: str) -> object | None:
    """What was stored for `kind` and the variant file `given` (as the user named it), if
    its key still matches; None otherwise. The caller checks the shape of what it gets."""
    where = folder()
    if where is None:
        return None
    try:
        if not _own(where):
            return None
        entry = _read_entry(os.path.join(where, _entry_name(kind, given)), kind)
        if entry is None:
            return None
        files = _chain(given, entry["extends"])
        if files is None or entry["key"] != _key(kind, given, files):
            return None
    except (OSError, ValueError):  # a working folder that is gone, a name no file can have
        return None
    return entry["payload"]


def store(kind: str, given: str, read: Sequence[tuple[str | os.PathLike[str], str, str | None]], payload: object) -> None:
    """Keep `payload` (plain JSON values) for `kind` and the variant file `given`, made from
    the files in `read` (merge.Source.read: path, SHA-256 of the bytes checked, `extends`
    followed). Any failure leaves the cache as it was, without a word."""
    where = folder()
    if where is None or not read or len(read) > MAX_CHAIN:
        return
    try:
        os.makedirs(where, mode=0o700, exist_ok=True)
        if not _own(where):
            return
        files = [(os.path.realpath(path), digest) for path, digest, _ in read]
        entry = {
            "format": FORMAT,
            "kind": kind,
            "key": _key(kind, given, files),
            "extends": [link for _, _, link in read],
            "payload": payload,
        }
        _write(os.path.join(where, _entry_name(kind, given)), json.dumps(entry, separators=(",", ":")))
        _prune(where)
    except (OSError, ValueError, TypeError):
        return


# ----- keys -------------------------------------------------------------------------------------


def _entry_name(kind: str, given: str) -> str:
    """The entry's file: one per kind, working folder and variant file, so an edited file's
    new entry replaces its old one."""
    where = [FORMAT, kind, os.path.realpath(os.getcwd()), given, os.path.realpath(given)]
    return f"{kind}-{sha256_hex(_encoded(where))[:32]}.json"


def _key(kind: str, given: str, files: list[tuple[str, str]]) -> str:
    return sha256_hex(_encoded([FORMAT, kind, engine_stamp(), os.path.realpath(os.getcwd()), given, files]))


def _encoded(value: object) -> bytes:
    """Unambiguous bytes for a key: JSON, with any character a file name may hold escaped."""
    return json.dumps(value).encode("ascii")


def engine_stamp() -> str:
    """What decides a check's result besides the variant's files, as one SHA-256."""
    global _stamp
    if _stamp is None:
        parts = [str(FORMAT), sys.version, sys.implementation.cache_tag, _PACKAGE]
        for root in (_PACKAGE, schemas_folder()):
            parts.extend(_file_stamps(root))
        parts.extend(_distributions())
        _stamp = sha256_hex(_encoded(parts))
    return _stamp


def _file_stamps(root: str) -> list[str]:
    """Path, size and modification time of every file under `root` but compiled bytecode."""
    found: list[str] = []
    folders = [root]
    while folders:
        current = folders.pop()
        try:
            entries = list(os.scandir(current))
        except OSError as problem:
            found.append(f"{current}: {problem.errno}")
            continue
        for entry in entries:
            if entry.name == "__pycache__" or entry.name.endswith(".pyc"):
                continue
            if entry.is_dir(follow_symlinks=False):
                folders.append(entry.path)
                continue
            try:
                info = entry.stat()
            except OSError as problem:
                found.append(f"{entry.path}: {problem.errno}")
                continue
            found.append(f"{entry.path[len(root):]} {info.st_size} {info.st_mtime_ns}")
    return sorted(found)


def _distributions() -> list[str]:
    """Each dependency's file and the installed distributions beside it (their names carry
    their versions: `jsonschema-4.26.0.dist-info`), found without importing any of them."""
    import importlib.machinery

    found: list[str] = []
    folders: set[str] = set()
    for name in DEPENDENCIES:
        spec = importlib.machinery.PathFinder.find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is None or not os.path.isabs(origin):
            found.append(f"{name}: none")
            continue
        package = spec is not None and spec.submodule_search_locations is not None
        folders.add(os.path.dirname(os.path.dirname(origin)) if package else os.path.dirname(origin))
        found.append(f"{name}: {origin}")
    for where in sorted(folders):
        try:
            found.extend(sorted(n for n in os.listdir(where) if n.endswith((".dist-info", ".egg-info"))))
        except OSError as problem:
            found.append(f"{where}: {problem.errno}")
    return found


# ----- reading --------------------------------------------------------------------------------


def _own(where: str) -> bool:
    """A folder of this user's that no one else may write: the only kind whose entries are
    read, since whoever can write an entry decides what a check answers. (Where there are no
    POSIX owners and modes, Windows, a folder's access list decides, and it is not looked at.)"""
    info = os.stat(where)
    if not stat.S_ISDIR(info.st_mode):
        return False
    if os.name != "posix":
        return True
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def _read_entry(path: str, kind: str) -> dict | None:
    """The entry at `path` if it is one: a regular file (not a link), JSON, of the right shape."""
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return None
        data = read_limited(path, MAX_ENTRY_BYTES)
    except (OSError, ReadProblem):
        return None
    try:
        entry = json.loads(data)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, a number too long, nested too deep
        return None
    if not isinstance(entry, dict) or set(entry) != {"format", "kind", "key", "extends", "payload"}:
        return None
    if entry["format"] != FORMAT or entry["kind"] != kind or not isinstance(entry["key"], str):
        return None
    links = entry["extends"]
    if not isinstance(links, list) or not 1 <= len(links) <= MAX_CHAIN or links[-1] is not None:
        return None
    if not all(isinstance(link, str) and link for link in links[:-1]):
        return None
    return entry


def _chain(given: str, links: list[str | None]) -> list[tuple[str, str]] | None:
    """Where each file of the chain is and the SHA-256 of its bytes now, following the
    `extends` names recorded; None when a file cannot be read or a name leads nowhere."""
    files = []
    path: str | None = given
    for link in links:
        if path is None:
            return None
        try:
            data = read_limited(path, MAX_FILE_BYTES)
        except ReadProblem:
            return None
        files.append((os.path.realpath(path), sha256_hex(data)))
        path = None if link is None else _base_file(link, path)
    return files


def _base_file(name: str, child: str) -> str | None:
    """The file an `extends: name` in `child` names, as the check finds it (find.extends_file),
    or None where the check finds none."""
    try:
        return extends_file(name, child)
    except BaseNotFound:
        return None


# ----- writing ----------------------------------------------------------------------------------


def _write(target: str, text: str) -> None:
    """Replace `target` in one step. Not flushed to the disk first: an entry lost or cut
    short by a crash is only a miss."""
    import contextlib
    import tempfile

    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _prune(where: str) -> None:
    """Keep at most MAX_ENTRIES entries, the most recently written, and remove temporary
    files a writer killed mid-way left more than an hour ago."""
    import time

    entries = []
    for entry in os.scandir(where):
        if not entry.is_file(follow_symlinks=False):
            continue
        written = entry.stat(follow_symlinks=False).st_mtime
        if entry.name.startswith(".") and entry.name.endswith(".tmp"):
            if written < time.time() - STALE_TEMPORARY_SECONDS:
                os.unlink(entry.path)
        elif entry.name.endswith(".json"):
            entries.append((written, entry.path))
    for _, path in sorted(entries)[: max(0, len(entries) - MAX_ENTRIES)]:
        os.unlink(path)
