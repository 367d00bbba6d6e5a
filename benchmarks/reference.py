"""A commit of this repository unpacked into a temporary folder, for the benchmarks that run
this tree and an older one side by side (`git archive`: no worktree is left behind, and the
unpacked tree has no compiled kernel of its own, as the benchmarks that use it expect)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def unpacked(commit: str) -> Iterator[Path]:
    """The tree of `commit` in a temporary folder, removed afterwards; exits with a message
    when git cannot unpack it."""
    with tempfile.TemporaryDirectory(prefix="boardwalk-reference-") as scratch:
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=False)
        if archive.returncode != 0:
            sys.exit(f"cannot unpack commit {commit}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", scratch], input=archive.stdout, check=True)
        yield Path(scratch)
