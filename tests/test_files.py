"""Atomic writes (engine.files): the old file or the new one, never half of each, and no
temporary files piling up after writers are killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.files import WriteFailed, check_writable, write_atomically

PROJECT = Path(__file__).resolve().parent.parent


def _dead_pid() -> int:
    """The number of a process that has ended (and been waited for)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_a_write_replaces_the_file(tmp_path):
    target = tmp_path / "report.txt"
    write_atomically(target, "old\n")
    write_atomically(target, "new\n")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]


def test_a_write_removes_temporary_files_of_dead_writers_only(tmp_path):
    target = tmp_path / "game.json"
    dead = tmp_path / f".game.json.{_dead_pid()}-abc123_x.tmp"
    alive = tmp_path / f".game.json.{os.getppid()}-abc123_x.tmp"
    other_target = tmp_path / f".other.json.{_dead_pid()}-abc123_x.tmp"
    unrelated = tmp_path / ".game.json.notes.tmp"
    for path in (dead, alive, other_target, unrelated):
        path.write_text("half a file")
    write_atomically(target, "{}\n")
    assert not dead.exists()
    assert alive.exists() and other_target.exists() and unrelated.exists()


@pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")
def test_a_writer_killed_mid_write_leaves_a_file_the_next_write_removes(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("the previous save\n")
    writer = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from engine.files import write_atomically\n"
        "def stall(fd):\n"
        "    print('writing', flush=True)\n"
        "    sys.stdin.read()\n"
        "os.fsync = stall\n"
        "write_atomically(Path(sys.argv[1]), 'the new save\\n')\n"
    )
    with subprocess.Popen([sys.executable, "-c", writer, str(target)], cwd=PROJECT,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout.readline() == "writing\n"
        finally:
            child.send_signal(signal.SIGKILL)
    left = [p.name for p in tmp_path.iterdir() if p.name != "game.json"]
    assert left and all(name.startswith(f".game.json.{child.pid}-") and name.endswith(".tmp") for name in left)
    assert target.read_text() == "the previous save\n"
    write_atomically(target, "a later save\n")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and named pipes")
def test_a_link_is_written_through_and_a_pipe_in_place(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomically(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text()), daemon=True)
    reader.start()
    write_atomically(pipe, "through the pipe\n")
    reader.join(timeout=60)
    assert received == ["through the pipe\n"]
    assert not pipe.is_file() and pipe.exists()  # still a pipe, not replaced by a file


def test_check_writable_fails_early_and_leaves_nothing(tmp_path):
    existing = tmp_path / "report.txt"
    existing.write_text("keep me\n")
    check_writable(existing)
    check_writable(tmp_path / "new.txt")
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"] and existing.read_text() == "keep me\n"
    with pytest.raises(WriteFailed) as missing:
        check_writable(tmp_path / "no" / "such" / "report.txt")
    assert not missing.value.started and missing.value.reason == "No such file or directory"
    with pytest.raises(WriteFailed, match="it is a folder"):
        check_writable(tmp_path)
    with pytest.raises(WriteFailed, match="it is a folder"):
        write_atomically(tmp_path, "text")
