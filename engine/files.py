"""Writing a file so that it is always either the old file or the new one, never half of
each, whatever happens during the write (a crash, a kill, a full disk): saved games and
simulate's reports both go through `write_atomically`.

The text goes to a temporary file in the target's folder, is flushed to the disk, then
renamed over the target in one step.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
    temporary = _create_temporary(path)
    try:
        with temporary:
            temporary.write(text)
            temporary.flush()
            os.fsync(temporary.fileno())
        os.chmod(temporary.name, _file_mode(path))
        os.replace(temporary.name, path)
    except BaseException as problem:  # Ctrl-C and SIGTERM too: never leave the temporary file
        _remove(temporary.name)
        if isinstance(problem, OSError):
            raise WriteFailed(path, _reason(problem), started=True) from None
        raise


def _create_temporary(path: Path):
    folder = path.parent if str(path.parent) else Path(".")
    try:
        return tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, prefix=f".{path.name}.", suffix=".tmp", delete=False
        )
    except OSError as problem:
        raise WriteFailed(path, _reason(problem), started=False) from None


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
    try:
        os.unlink(name)
    except OSError:
        pass


def _reason(problem: OSError) -> str:
    return problem.strerror or str(problem)
