"""How long `boardwalk check` takes on the default variant, next to a bare `python -c pass`.

Each command runs as a fresh process (as a user would run it), several times; the best and
the median are printed, and the ratio of the medians. The check cache is off (BOARDWALK_CACHE=0):
this times the check itself; benchmarks/check_startup.py times a check answered from the cache.
Run: .venv/bin/python benchmarks/check_speed.py
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def timed_runs(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--variant", default="winning-moves-2016")
    args = parser.parse_args()
    os.environ["BOARDWALK_CACHE"] = "0"
    boardwalk = shutil.which("boardwalk") or str(Path(sys.executable).with_name("boardwalk"))
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        f"boardwalk check {args.variant}": [boardwalk, "check", args.variant],
        "in-process check (parse + check, warm)": None,
    }
    timed_runs(commands[f"boardwalk check {args.variant}"], 2)  # warm the OS and Lark's caches
    medians = {}
    for label, command in commands.items():
        if command is None:
            times = in_process(args.variant, args.runs)
        else:
            times = timed_runs(command, args.runs)
        medians[label] = statistics.median(times)
        print(f"{label:45s} best {min(times) * 1000:7.1f} ms   median {medians[label] * 1000:7.1f} ms")
    baseline = medians["python -c pass"]
    check = medians[f"boardwalk check {args.variant}"]
    print(f"ratio boardwalk check / python -c pass (medians): {check / baseline:.1f}x")


def in_process(variant: str, runs: int) -> list[float]:
    from engine.variant.load import check_variant

    check_variant(variant)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        check_variant(variant)
        times.append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    main()
