"""Writing a file so that it is always either the old file or the new one, never half of
each, whatever happens during the write (a crash, a kill, a full disk): saved games and
simulate's reports both go through `write_atomically`.

The text goes to a temporary file in the target's folder, is flushed to the disk, then
renamed over the target in one step. A writer killed in the middle (SIGKILL, a power cut)
leaves its temporary file behind; the name says whose it was (`.game.json.4711-k2j3x9a_.tmp`
belongs to process 4711), so the next write of the same file removes those whose process is
gone and leaves alone those of a writer still at work.

A symbolic link is written through: its target is replaced and the link stays a link. A
device or a pipe (`/dev/null`, `/dev/stdout`) has no previous content to keep and cannot be
replaced (as root, a rename over `/dev/null` would succeed), so it is written in place.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from engine.paths import path_problem


class WriteFailed(Exception):
    """A file could not be written; whatever was at its path before is unchanged."""

    def __init__(self, path: Path, reason: str, started: bool):
        super().__init__(reason)
        self.path = path
        self.reason = reason
        """Why, for people: the system's words ("No space left on device")."""
        self.started = started
        """False when the folder refused a new file (missing, read-only), True when the
        writing itself failed (a full disk, a quota, an I/O error)."""


def write_atomically(path: Path, text: str) -> None:
    """Replace the file at `path` with `text` (UTF-8) in one step, or raise `WriteFailed`
    and leave it as it was."""
    _check_path(path)
    if _is_stream(path):
        _write_in_place(path, text)
        return
    target = _file_behind(path)
    _remove_stale_temporaries(target)
    temporary = _create_temporary(target)
    try:
        with temporary:
            temporary.write(text)
            temporary.flush()
            os.fsync(temporary.fileno())
        os.chmod(temporary.name, _file_mode(target))
        os.replace(temporary.name, target)
    except BaseException as problem:  # Ctrl-C and SIGTERM too: never leave the temporary file
        _remove(temporary.name)
        if isinstance(problem, OSError):
            raise WriteFailed(path, _reason(problem), started=True) from None
        raise
    _sync_folder(target.parent)


def check_writable(path: Path) -> None:
    """Raise `WriteFailed` now if `write_atomically(path, ...)` could not even start (no such
    folder, no permission, a folder at that path): a long job checks before it begins, not
    after. Creates nothing that stays, and leaves an existing file untouched."""
    _check_path(path)
    if _is_stream(path):
        if not os.access(path, os.W_OK):
            raise WriteFailed(path, os.strerror(errno.EACCES), started=False)
        return
    temporary = _create_temporary(_file_behind(path))
    temporary.close()
    _remove(temporary.name)


def _check_path(path: Path) -> None:
    """A path that no file can have (a NUL, a name too long) is refused before the file
    system is asked (engine.paths), which would raise something else than an OSError."""
    problem = path_problem(str(path))
    if problem is not None:
        raise WriteFailed(path, f"the path {problem}", started=False)


def _is_stream(path: Path) -> bool:
    """A device, pipe or socket: something to write to, not a file to replace."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _file_behind(path: Path) -> Path:
    """The file to replace: `path` with symbolic links followed, so a link stays a link."""
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise WriteFailed(path, "it is a folder", started=False)
    return target


def _write_in_place(path: Path, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as problem:
        raise WriteFailed(path, _reason(problem), started=True) from None


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to the disk, so a power cut just after it keeps the new file.
    Best effort: some file systems cannot sync a folder, and the file is whole either way."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _create_temporary(path: Path):
    folder = path.parent
    try:
        return tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", delete=False
        )
    except OSError as problem:
        raise WriteFailed(path, _reason(problem), started=False) from None


def _remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files of `path` whose writer has died: they can never be
    finished, and they pile up (a save loop killed 200 times left 144 of them)."""
    folder = path.parent
    own = re.compile(rf"\.{re.escape(path.name)}\.(\d+)-[a-z0-9_]+\.tmp")
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return  # the write that follows says what is wrong with the folder
    for name in names:
        found = own.fullmatch(name)
        if found and not _running(int(found.group(1))):
            _remove(str(folder / name))


def _running(pid: int) -> bool:
    """Whether process `pid` exists (owned by anyone). Where that cannot be asked without
    harm (Windows, where os.kill ends the process), every writer counts as running."""
    if os.name != "posix" or pid == os.getpid():
        return True
    if pid <= 0:
        return False  # not a writer's: kill(0) would ask about our own process group
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except (OverflowError, OSError):
        return False  # no process can have that number
    return True


def _file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new one gets what the user's umask allows
    (a temporary file is created private, which a save or a report should not stay)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def _reason(problem: OSError) -> str:
    return problem.strerror or str(problem)
