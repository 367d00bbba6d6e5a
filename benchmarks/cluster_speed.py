"""What `--scheduler` costs against this machine's processes, the figures of issue 48:

| figure | target |
|---|---|
| `--scheduler local` start + close | < 1 s |
| games/s with 1 and 2 workers, against `--jobs 1/2` | >= 85% |
| no-op round trip | recorded |
| Ctrl-C to exit | < 1 s |
| sweep overhead beyond its games | < 5% |

1. Start + close: `connected(Where(None, N))` entered and left (a LocalCluster of N processes
   on 127.0.0.1, the wait for its workers and the version check), and the LocalCluster alone.
2. Games a second: the same specs (greedy bots, four players of the 2016 rules) played by
   `ProcessBackend(J)` and by `DaskBackend` on a local cluster of J workers, the cluster up
   before the clock starts (its start is figure 1), rounds alternating the order.
3. No-op round trip: `client.submit(int, pure=False).result()`, the median of many.
4. Ctrl-C to exit: `boardwalk simulate --scheduler local` in a session of its own, SIGINT to
   the group once its workers play, the time until the process has exited (report written).
5. Sweep overhead: `boardwalk sweep` in this process, its whole time over the time its games
   took (its report's `seconds`), with --jobs 2 and with --scheduler local --jobs 2.

The figures are medians over rounds; the machine is shared, so each ratio is taken within a
round. Run (plain Python unless the compiled kernel is built; keep it short):

    .venv/bin/python benchmarks/cluster_speed.py [--rounds 2] [--games 80] [--noops 200]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ENTRY = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
         "from engine.cli import main; sys.exit(main(sys.argv[1:]))")


def start_close(workers: int) -> tuple[float, float]:
    """Seconds to enter and leave `connected` (everything simulate does to have a local cluster)."""
    from engine.simulate.cluster import Where, connected

    start = time.perf_counter()
    with connected(Where(None, workers)):
        up = time.perf_counter()
    return up - start, time.perf_counter() - up


def local_cluster_alone(workers: int) -> float:
    import logging

    from distributed import LocalCluster

    start = time.perf_counter()
    with LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None, silence_logs=logging.ERROR):
        pass
    return time.perf_counter() - start


def games_per_second(specs: list, games: int, jobs: int) -> tuple[float, float, float]:
    """Games a second on `jobs` processes, on a local cluster of `jobs` workers, and the no-op
    round trip on that cluster (ms)."""
    from engine.simulate.cluster import DaskBackend, Where, connected
    from engine.simulate.runner import ProcessBackend, play_specs

    start = time.perf_counter()
    here = play_specs(specs, games, ProcessBackend(jobs))
    local = games * len(specs) / (time.perf_counter() - start)
    with connected(Where(None, jobs)) as connection:
        connection.client.submit(int, pure=False).result()  # warm
        start = time.perf_counter()
        there = play_specs(specs, games, DaskBackend(connection))
        dask = games * len(specs) / (time.perf_counter() - start)
        assert [[r.index for r in s] for s in here.records] == [[r.index for r in s] for s in there.records]
        assert here.records == there.records, "the cluster played other games"
        trips = []
        for _ in range(NOOPS):
            tick = time.perf_counter()
            connection.client.submit(int, pure=False).result()
            trips.append(time.perf_counter() - tick)
    return local, dask, 1000 * statistics.median(trips)


def ctrl_c_to_exit(tmp: Path) -> float:
    """Seconds from SIGINT (to the whole group, as a terminal sends it) to the run's exit."""
    out = tmp / "ctrl-c.json"
    process = subprocess.Popen([sys.executable, "-c", ENTRY, "simulate", "--games", "100000", "--players", "2", "--bots",
                                "random", "--scheduler", "local", "--jobs", "2", "--format", "json", "--out", str(out)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # both workers playing
            children = _children(process.pid)
            if sum(_cpu(pid) > 3 for pid in children) >= 2:
                break
            time.sleep(0.1)
        tick = time.perf_counter()
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=120)
        took = time.perf_counter() - tick
        assert process.returncode == 130 and out.exists(), process.stderr.read() if process.stderr else ""
        return took
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if process.stderr:
            process.stderr.close()


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sweep_overhead(games: int, where: list[str]) -> tuple[float, float]:
    """(the sweep command's seconds, the seconds its games took, as its report says): what the
    command adds to its games (each point's check, the specs, a cluster's start and close, the
    report and its statistics), measured in one run, so the machine's other work moves both."""
    import json

    from engine.cli import main

    arguments = ["sweep", "--vary", "rules.starting_hand=1..3", "--games", str(games), "--players", "4", "--bots",
                 "greedy", "--seed", "7", "--format", "json", *where]
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        assert main(arguments) == 0
    whole = time.perf_counter() - start
    return whole, json.loads(out.getvalue())["run"]["seconds"]


NOOPS = 200


def main() -> None:
    global NOOPS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=80, help="greedy four-player games per measurement of games/s")
    parser.add_argument("--sweep-games", type=int, default=20, help="games per point of the sweep (3 points)")
    parser.add_argument("--noops", type=int, default=200)
    parser.add_argument("--parts", default="start,games,ctrl-c,sweep", help="which figures, comma-separated")
    options = parser.parse_args()
    parts = set(options.parts.split(","))
    NOOPS = options.noops

    import tempfile

    import engine.accel
    from engine import load_variant
    from engine.simulate.work import make_spec

    specs = [make_spec(load_variant("winning-moves-2016"), 4, ["greedy"], 11)]
    figures: dict[str, list[float]] = {}

    def keep(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(options.rounds):
            for workers in ((1, 2) if "start" in parts else ()):
                up, down = start_close(workers)
                keep(f"start, {workers} worker(s) (s)", up)
                keep(f"close, {workers} worker(s) (s)", down)
                keep(f"start + close, {workers} worker(s) (s)", up + down)
                keep(f"LocalCluster alone up and down, {workers} worker(s) (s)", local_cluster_alone(workers))
            for jobs in ((1, 2) if round_ % 2 == 0 else (2, 1)) if "games" in parts else ():
                local, dask, trip = games_per_second(specs, options.games, jobs)
                keep(f"games/s --jobs {jobs}", local)
                keep(f"games/s --scheduler local, {jobs} worker(s)", dask)
                keep(f"games/s cluster / jobs, {jobs}", dask / local)
                keep(f"no-op round trip, {jobs} worker(s) (ms)", trip)
            if "ctrl-c" in parts:
                keep("Ctrl-C to exit (s)", ctrl_c_to_exit(Path(folder)))
            sweeps = (("--jobs 2", ["--jobs", "2"]), ("--scheduler local", ["--scheduler", "local", "--jobs", "2"]))
            for name, where in sweeps if "sweep" in parts else ():
                whole, games = sweep_overhead(options.sweep_games, where)
                keep(f"sweep {name}: whole command (s)", whole)
                keep(f"sweep {name}: its games (s)", games)
                keep(f"sweep {name}: overhead beyond its games", whole / games - 1)
    print(f"boardwalk cluster_speed: {options.rounds} rounds, {options.games} greedy 4-player games a measurement, "
          f"compiled kernel: {engine.accel.ACTIVE}, load average before: {os.getloadavg()[0]:.1f}")
    for name, values in figures.items():
        shown = ", ".join(f"{v:.3f}" for v in values)
        print(f"  {name:55s} median {statistics.median(values):8.3f}   ({shown})")


if __name__ == "__main__":
    main()
