"""Reading a file that someone else may have made (a mailed save, the variant file it names):
only a regular file, and at most a given number of bytes.

A path can name a FIFO, whose read waits forever for a writer, or a device such as
/dev/zero, whose read never ends; both are refused before anything is read. The file is
opened without blocking and checked again on the open descriptor, so swapping the file for
a FIFO between the check and the read changes nothing.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False  # a cached `boardwalk check` reads files through here without loading pathlib
if TYPE_CHECKING:
    from pathlib import Path


class ReadProblem(Exception):
    """Why a file cannot be read, in words for the person who named it."""


def file_kind_problem(mode: int) -> str | None:
    """What is wrong with a file of this mode for reading a game from it, or None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    return "is not a regular file (a pipe, a socket or a device); it was not read"


def read_limited(path: str | Path, limit: int) -> bytes:
    """The file's bytes; raises ReadProblem for a missing, non-regular or too large file."""
    try:
        problem = file_kind_problem(os.stat(path).st_mode)
        if problem:
            raise ReadProblem(problem)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise ReadProblem(f"cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL character, which no file name holds
        raise ReadProblem("cannot be read: its name holds a character no file name can") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        problem = file_kind_problem(info.st_mode)
        if problem:
            raise ReadProblem(problem)
        if info.st_size > limit:
            raise ReadProblem(too_large(info.st_size, limit))
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise ReadProblem(f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise ReadProblem(too_large(len(data), limit))
    return data


def too_large(size: int, limit: int) -> str:
    return f"is {size:,} bytes; files like it are limited to {limit:,}"
