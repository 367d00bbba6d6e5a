"""Paths someone else chose, checked in one place before the file system sees them: a variant
or a save named on the command line or in the terminal UI, an `extends:` in a variant file,
the variant a saved game names, a file to write a save or a report to.

The file system answers a bad path with an exception, and not always an OSError: a NUL
character raises ValueError, a lone surrogate (`"\\ud800"` in a YAML text) UnicodeEncodeError,
a symbolic link to itself RuntimeError from `Path.resolve`, a path of 3,000 folders or a name
of 300 characters OSError from calls that are not expected to fail (`Path.is_dir`). So every
such path goes through `path_problem` first, and every question put to the file system about
it through `file_problem` or `real_path`, which answer in words for a message instead:

    >>> path_problem("a\\x00b.yaml")
    'holds a NUL character; no file name can'
    >>> path_problem("a" * 300)
    'has a name of 300 bytes; a file or folder name may have at most 255'
    >>> path_problem("rules/house.yaml") is None
    True

Only `os` and `stat`: `boardwalk check` answered from the cache goes through here too.
"""

from __future__ import annotations

import errno
import os
import stat

MAX_PATH_BYTES = 4_096
"""The longest path, in bytes as the file system stores it (Linux's PATH_MAX)."""
MAX_NAME_BYTES = 255
"""The longest file or folder name within a path, in bytes (NAME_MAX of every common file system)."""
_SEPARATORS = (b"/", b"\\") if os.name == "nt" else (b"/",)


def path_problem(path: str) -> str | None:
    """Why `path` cannot name a file, as words that follow the path in a message, or None.
    The file system is not asked: a path that passes can be given to it without an exception
    (an OSError saying the file is not there aside)."""
    if not path:
        return "is empty, which names no file"
    try:
        encoded = os.fsencode(path)
    except UnicodeEncodeError as problem:
        return f"holds the character U+{ord(path[problem.start]):04X}; no file name can"
    if b"\x00" in encoded:
        return "holds a NUL character; no file name can"
    if len(encoded) > MAX_PATH_BYTES:
        return f"is {len(encoded):,} bytes long; a path may have at most {MAX_PATH_BYTES:,}"
    longest = max(len(part) for part in _parts(encoded))
    if longest > MAX_NAME_BYTES:
        return f"has a name of {longest:,} bytes; a file or folder name may have at most {MAX_NAME_BYTES}"
    return None


def _parts(encoded: bytes) -> list[bytes]:
    parts = [encoded]
    for separator in _SEPARATORS:
        parts = [piece for part in parts for piece in part.split(separator)]
    return parts


def file_problem(path: str) -> str | None:
    """Why `path` is not a regular file to read (symbolic links followed), in words, or None."""
    problem = path_problem(path)
    if problem is not None:
        return problem
    try:
        mode = os.stat(path).st_mode
    except OSError as refusal:
        return os_problem(refusal, path)
    return file_kind_problem(mode)


FOLDER = "is a folder, not a file"
NOT_REGULAR = "is not a regular file (a pipe, a socket or a device); it was not read"
MISSING = "does not exist"
"""The words of `file_problem` for the problems a caller may say otherwise."""


def file_kind_problem(mode: int) -> str | None:
    """What is wrong with a file of this mode for reading a game from it, or None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return FOLDER
    return NOT_REGULAR


def os_problem(refusal: OSError, path: str | None = None) -> str:
    """The file system's refusal of `path`, in words that follow it in a message."""
    code = refusal.errno
    if code == errno.ENOENT:
        return "is a symbolic link to a file that does not exist" if path is not None and os.path.islink(path) else MISSING
    if code == errno.ELOOP:
        return "is a loop of symbolic links (a link that leads back to itself)"
    if code == errno.ENAMETOOLONG:
        return "is too long a name for the file system"
    if code == errno.ENOTDIR:
        return "does not exist (a part of its path is a file, not a folder)"
    if code in (errno.EACCES, errno.EPERM):
        return "cannot be read: permission denied"
    return f"cannot be read: {refusal.strerror or refusal}"


def real_path(path: str) -> str:
    """`path` with symbolic links followed and made absolute, as far as they lead: a loop or a
    missing file ends the following there, never an exception. `path` passed `path_problem`."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):  # the working folder gone; a path that did not pass
        return os.path.normpath(path)


def within(path: str, folder: str) -> bool:
    """Whether the real `path` is `folder` or inside it (both real paths)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def quoted(path: str, longest: int = 100) -> str:
    """`path` in quotes for a message: on one line (a line break or a tab in a file's name is
    shown as an escape; `engine.visible` shows the other control characters at the output),
    and a path longer than `longest` characters cut in the middle.

    >>> print(quoted("two\\nlines.yaml"))
    'two\\nlines.yaml'
    >>> quoted("a/" * 100 + "b.yaml", longest=20)
    "'a/a/a/a/a/…a/a/b.yaml'"
    """
    shown = path.replace("\n", "\\n").replace("\t", "\\t")
    if len(shown) <= longest:
        return f"'{shown}'"
    half = longest // 2
    return f"'{shown[:half]}…{shown[-half:]}'"
