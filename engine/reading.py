"""Reading a file that someone else may have made (a mailed save, the variant file it names):
only a regular file, and at most a given number of bytes.

A path can name a FIFO, whose read waits forever for a writer, or a device such as
/dev/zero, whose read never ends; both are refused before anything is read. The file is
opened without blocking and checked again on the open descriptor, so swapping the file for
a FIFO between the check and the read changes nothing.
"""

from __future__ import annotations

import os

from engine.paths import file_kind_problem, os_problem, path_problem

TYPE_CHECKING = False  # a cached `boardwalk check` reads files through here without loading pathlib
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO


class ReadProblem(Exception):
    """Why a file cannot be read, in words for the person who named it."""


def read_limited(path: str | Path, limit: int) -> bytes:
    """The file's bytes; raises ReadProblem for a bad path, a missing, non-regular or too
    large file, or one that refuses to be read."""
    with _opened(path) as handle:
        info = os.fstat(handle.fileno())
        if info.st_size > limit:
            raise ReadProblem(too_large(info.st_size, limit))
        data = _read(handle, limit + 1)
    if len(data) > limit:
        raise ReadProblem(too_large(len(data), limit))
    return data


def readable(path: str | Path) -> None:
    """Raise ReadProblem unless the file could be read: a regular file whose first byte comes.
    The kind of a file says little of whether it reads: /proc/self/mem is a regular file of
    size 0 that refuses every read, and a file may be one the user has no permission for."""
    with _opened(path) as handle:
        _read(handle, 1)


def _opened(path: str | Path) -> BinaryIO:
    """The regular file at `path`, open for reading without blocking, checked again once open
    (a file swapped for a FIFO between the two looks is refused all the same)."""
    name = os.fspath(path)
    problem = path_problem(name)
    if problem is not None:
        raise ReadProblem(problem)
    try:
        problem = file_kind_problem(os.stat(name).st_mode)
        if problem:
            raise ReadProblem(problem)
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as refusal:
        raise ReadProblem(os_problem(refusal, name)) from None
    handle = os.fdopen(fd, "rb")
    problem = file_kind_problem(os.fstat(fd).st_mode)
    if problem:
        handle.close()
        raise ReadProblem(problem)
    return handle


def _read(handle: BinaryIO, size: int) -> bytes:
    try:
        data = handle.read(size)
    except OSError as refusal:
        raise ReadProblem(os_problem(refusal)) from None
    if data is None:  # opened without blocking, and the read would wait: /proc/kmsg with nothing new
        raise ReadProblem("cannot be read: it waits for something to write to it (a special file, not a variant or a save)")
    return data


def too_large(size: int, limit: int) -> str:
    return f"is {size:,} bytes; files like it are limited to {limit:,}"
