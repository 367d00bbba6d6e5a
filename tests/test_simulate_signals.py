"""`boardwalk simulate` stopped from outside, as `kill`, `timeout` or a terminal would stop it:
a real process with real workers and real signals. Whatever a test does, every process of
the run is killed and reaped at its end, and nothing here asserts how long anything took."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent

# slow (docs/architecture.md, "Test lanes"): simulate run in processes of its own and stopped by signals
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    os.name != "posix" or not Path("/proc/self/stat").exists(), reason="finds the workers through /proc"
)]

# the console script's entry point, with Ctrl-C restored: a shell starts background jobs with
# SIGINT ignored, and a program started so (rightly) goes on ignoring it
ENTRY = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from engine.cli import main; sys.exit(main(sys.argv[1:]))"
)
LONG_RUN = ["simulate", "--games", "100000", "--bots", "random", "--jobs", "2"]
PATIENCE = 120
"""Seconds to wait for a start or a stop before calling it a failure (not a speed test)."""


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _wait_for_workers(process: subprocess.Popen, count: int) -> list[int]:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"simulate ended before its workers started: {process.communicate()[1]}")
        workers = _children(process.pid)
        if len(workers) >= count:
            return workers
        time.sleep(0.05)
    pytest.fail("the workers did not start")


def _group_is_empty(group: int) -> bool:
    """True when no process of the run's process group is left (zombies included)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


@contextmanager
def running(args: list[str]) -> Iterator[tuple[subprocess.Popen, list[int]]]:
    """A simulate run in a session (and process group) of its own, yielded with its
    workers' pids once both exist."""
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, *args], cwd=PROJECT, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        yield process, _wait_for_workers(process, 2)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=PATIENCE)
        process.stdout.close()
        process.stderr.close()


@pytest.mark.parametrize("to_group", [False, True], ids=["kill PID", "timeout (the whole group)"])
def test_sigterm_ends_the_run_and_its_workers_quietly(tmp_path, to_group):
    report = tmp_path / "report.txt"
    report.write_text("the previous report\n")
    with running([*LONG_RUN, "--out", str(report)]) as (process, workers):
        if to_group:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 143
        assert err == "boardwalk simulate: stopped by a termination signal; no report written\n"
        assert out == ""
        assert len(workers) == 2 and _group_is_empty(process.pid), "a worker outlived the run"
    assert report.read_text() == "the previous report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]


def test_ctrl_c_at_a_terminal_reports_the_finished_games_and_exits_130(tmp_path):
    report = tmp_path / "report.json"
    with running([*LONG_RUN, "--format", "json", "--out", str(report)]) as (process, workers):
        os.killpg(process.pid, signal.SIGINT)  # a terminal sends Ctrl-C to the whole foreground group
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 130
        assert err.startswith("boardwalk simulate: stopped early (Ctrl-C); the report covers only the ")
        assert "Traceback" not in err and out == ""
        assert _group_is_empty(process.pid), "a worker outlived the run"
    data = json.loads(report.read_text())
    finished = data["run"]["games_finished"]
    assert data["run"]["interrupted"] is True and finished < 100000
    assert data["variants"][0]["games"] == len(data["variants"][0]["length"]["turns"]) == finished
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
