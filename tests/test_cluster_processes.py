"""`simulate` and `sweep` on Dask clusters of real processes (issue 48, "Test plan (loopback, 2
cores)", 2, 4, 5 and 7): a `dask scheduler` and `dask worker` started as a person would, on
127.0.0.1, give the reports `--jobs` gives, as does `--scheduler local`; a worker killed with
SIGKILL costs a retry, not a game; a batch that kills every worker that plays it is exit 1,
naming its seeds; a worker of another Boardwalk is exit 2 before any game; Ctrl-C is 130 and a
partial report, SIGTERM 143, and no process is left. Every process a test starts is in a
session of its own, killed and reaped at the end; every wait has a limit; nothing asserts how
long anything took."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from test_cluster import SIMULATE, SWEEP, without_timing
from test_simulate_signals import ENTRY, PATIENCE, _children, _group_is_empty, running

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install -e '.[cluster]'")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    os.name != "posix" or not Path("/proc/self/stat").exists(), reason="finds the workers through /proc"
)]

PROJECT = Path(__file__).resolve().parent.parent
ENVIRONMENT = {**os.environ, "PYTHONPATH": str(PROJECT)}
"""The workers import this checkout's Boardwalk, as the run does (its source digest must agree)."""


@contextmanager
def started(arguments: list[str], log: Path) -> Iterator[subprocess.Popen]:
    """A process in a session of its own, its output in `log`; killed with its group at the end."""
    with open(log, "w") as output:
        process = subprocess.Popen(arguments, cwd=PROJECT, env=ENVIRONMENT, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        yield process
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=PATIENCE)


@contextmanager
def hand_started(folder: Path, workers: int = 2, preload: str | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """`dask scheduler --host 127.0.0.1 --port 0` and `dask worker --nworkers N` as a person
    starts them (the worker with a --preload when given), up with all their workers."""
    from distributed import Client

    file = folder / "scheduler.json"
    # its HTTP server too on 127.0.0.1: alone, --no-dashboard still serves on 0.0.0.0:8787
    scheduler = [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                 "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(file)]
    worker = [sys.executable, "-m", "dask", "worker", "--scheduler-file", str(file), "--nworkers", str(workers),
              "--nthreads", "1", "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0",
              *(["--preload", preload] if preload else [])]
    with started(scheduler, folder / "scheduler.log"):
        deadline = time.monotonic() + PATIENCE
        while not (file.exists() and file.stat().st_size > 0):
            assert time.monotonic() < deadline, (folder / "scheduler.log").read_text()
            time.sleep(0.05)
        address = json.loads(file.read_text())["address"]
        with started(worker, folder / "worker.log") as workers_process:
            with Client(address, timeout=PATIENCE, set_as_default=False) as client:
                client.wait_for_workers(workers, timeout=PATIENCE)
            yield address, workers_process


def _cli(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *arguments], cwd=PROJECT, env=ENVIRONMENT,
                          capture_output=True, text=True, timeout=PATIENCE)


@pytest.fixture(scope="module")
def by_hand(tmp_path_factory):
    with hand_started(tmp_path_factory.mktemp("by-hand")) as (address, workers):
        yield address, workers


def test_a_hand_started_cluster_and_a_local_one_give_the_reports_of_the_jobs(by_hand):
    """Issue 48, test plan 2: "Identical reports from --jobs 1, --jobs 2, --scheduler local, and a
    command-line dask scheduler --host 127.0.0.1 --port 0 with dask worker --nworkers 2" (--jobs
    2 against --jobs 1: tests/test_simulate.py and tests/test_sweep.py)."""
    address, _workers = by_hand
    wheres = (["--scheduler", address], ["--jobs", "1"], ["--scheduler", "local", "--jobs", "2"])
    for command, ways in ((SIMULATE, wheres), (SWEEP, wheres[:2])):  # the sweep's two jobs: tests/test_sweep.py
        runs = [_cli(*command, *where) for where in ways]
        assert all(run.returncode == 0 and run.stderr == "" for run in runs), [run.stderr for run in runs]
        reports = [without_timing(run.stdout) for run in runs]
        assert reports[1:] == reports[:1] * (len(ways) - 1)
        assert json.loads(runs[0].stdout)["run"]["backend"] == f"the Dask cluster at {address} (2 workers, 2 threads)"


def _cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_worker_killed_during_a_batch_costs_a_retry_not_a_game(by_hand, tmp_path):
    """Issue 48, test plan 4: "kill -9 of a worker -> the batch is retried"; the report is the one
    the jobs give."""
    address, workers = by_hand
    # games enough to keep both workers busy for seconds even with the compiled kernel (600
    # were done, with it, before a worker had spent the half second this waits for)
    long = ["simulate", "--games", "4000", "--players", "2", "--bots", "random", "--seed", "21", "--format", "json"]
    out = tmp_path / "cluster.json"
    victim = next(pid for pid in _children(workers.pid) if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text())
    start = _cpu_seconds(victim)
    with started([sys.executable, "-c", ENTRY, *long, "--scheduler", address, "--out", str(out)], tmp_path / "run.log") as run:
        deadline = time.monotonic() + PATIENCE
        while _cpu_seconds(victim) - start < 0.5:  # in its first batch (of about a second)
            assert time.monotonic() < deadline and run.poll() is None, (tmp_path / "run.log").read_text()
            time.sleep(0.05)
        os.kill(victim, signal.SIGKILL)
        assert run.wait(timeout=PATIENCE) == 0, (tmp_path / "run.log").read_text()
    here = _cli(*long, "--jobs", "2")
    assert without_timing(out.read_text()) == without_timing(here.stdout)


CRASH = """\
import os

import engine.simulate.work


def crash(*arguments, **settings):
    os._exit(3)


engine.simulate.work.play_game = crash
"""

OTHER_VERSION = """\
import engine.version

engine.version.version = lambda: "0.0.1"
"""


def test_a_batch_that_kills_every_worker_is_exit_1_naming_its_seeds(tmp_path):
    """Issue 48, test plan 4: "a batch that always crashes -> exit 1"; Dask gave up on it after
    killing its workers three times (KilledWorker)."""
    preload = tmp_path / "crash.py"
    preload.write_text(CRASH)
    with hand_started(tmp_path, workers=1, preload=str(preload)) as (address, _workers):
        run = _cli(*SIMULATE, "--scheduler", address)
    assert run.returncode == 1 and run.stdout == ""
    assert re.match(r"boardwalk simulate: error: games? \d+( to \d+)? \(seeds? \d+", run.stderr), run.stderr
    assert "could not finish: the worker playing " in run.stderr and " died each time Dask tried" in run.stderr
    assert len(run.stderr.splitlines()) == 1


WITHOUT_BOARDWALK = """\
import sys

sys.modules["engine"] = None  # as if Boardwalk were not installed on this worker
"""


@pytest.mark.parametrize("preload, words", [
    (OTHER_VERSION, "boardwalk 0.1.0 here, 0.0.1 on worker tcp://127.0.0.1:"),
    (WITHOUT_BOARDWALK, "worker tcp://127.0.0.1:"),
], ids=["another version", "no Boardwalk"])
def test_a_worker_of_another_boardwalk_or_none_is_exit_2_before_any_game(tmp_path, preload, words):
    """Issue 48, test plan 5: "A worker of another version -> exit 2"; Architecture: "a worker
    without Boardwalk, or with another version -> exit 2"."""
    file = tmp_path / "preload.py"
    file.write_text(preload)
    with hand_started(tmp_path, workers=1, preload=str(file)) as (address, _workers):
        run = _cli(*SIMULATE, "--scheduler", address)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("boardwalk simulate: error: the cluster's versions differ from this machine's: "
                                 + words), run.stderr
    if preload == WITHOUT_BOARDWALK:
        assert "cannot run Boardwalk" in run.stderr
    assert len(run.stderr.splitlines()) == 1


LONG = ["simulate", "--games", "100000", "--players", "2", "--bots", "random", "--scheduler", "local", "--jobs", "2"]


@contextmanager
def local_run(arguments: list[str]) -> Iterator[subprocess.Popen]:
    """A run on a local cluster (test_simulate_signals.running: a session of its own, killed at
    the end), once its two worker processes have played a while, so that Ctrl-C finds the run
    and not the cluster starting."""
    with running(arguments) as (process, _children_started):
        deadline = time.monotonic() + PATIENCE
        while sum(_cpu_seconds(pid) > 2 for pid in _children(process.pid)) < 2:  # imported Boardwalk and played
            assert time.monotonic() < deadline and process.poll() is None, "the local cluster did not start"
            time.sleep(0.1)
        yield process


def test_ctrl_c_on_a_local_cluster_reports_the_finished_games_and_leaves_no_process(tmp_path):
    """Issue 48, test plan 4: "Ctrl-C -> exit 130 and a partial report ... no processes left";
    a terminal sends it to the whole group, the workers too: they say nothing."""
    report = tmp_path / "report.json"
    with local_run([*LONG, "--format", "json", "--out", str(report)]) as process:
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 130, err
        assert err.startswith("boardwalk simulate: stopped early (Ctrl-C); the report covers only the ")
        assert "Traceback" not in err and len(err.splitlines()) == 1 and out == ""
        assert _group_is_empty(process.pid), "a process of the cluster outlived the run"
    data = json.loads(report.read_text())
    assert data["run"]["interrupted"] is True and 0 < data["run"]["games_finished"] < 100000


def test_sigterm_on_a_local_cluster_writes_nothing_exits_143_and_leaves_no_process(tmp_path):
    report = tmp_path / "report.txt"
    report.write_text("the previous report\n")
    with local_run([*LONG, "--out", str(report)]) as process:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 143
        assert err == "boardwalk simulate: stopped by a termination signal; no report written\n" and out == ""
        assert _group_is_empty(process.pid), "a process of the cluster outlived the run"
    assert report.read_text() == "the previous report\n"


def test_a_local_cluster_listens_on_127_0_0_1_only():
    """Issue 48: LocalCluster(host="127.0.0.1", dashboard_address=None); the brief: "Anything a
    local cluster starts binds to 127.0.0.1 only"."""
    import psutil

    from engine.simulate.cluster import Where, connected

    me = psutil.Process()
    before = {child.pid for child in me.children(recursive=True)}  # a module's cluster started by hand
    with connected(Where(None, 2)) as connection:
        assert connection.client.scheduler.address.startswith("tcp://127.0.0.1:")
        processes = [me, *(child for child in me.children(recursive=True) if child.pid not in before)]
        listening = [(p.pid, " ".join(p.cmdline())[-60:], c.laddr) for p in processes
                     for c in p.net_connections("inet") if c.status == psutil.CONN_LISTEN]
    assert len(processes) >= 3 and listening
    assert {address.ip for _pid, _command, address in listening} == {"127.0.0.1"}, listening
