"""How long `boardwalk check VARIANT` takes to start and answer, as a person waits for it:
a fresh process each time, next to a bare `python -c pass` (goal: a cached check at most 4x).

Timed, round after round with the order rotated so that each suffers the machine's load alike:
- bare:  `python -c pass`;
- warm:  this tree's check, answered from a cache filled beforehand;
- cold:  this tree's check with its cache emptied before every run (a first run: it checks,
         then writes the entry);
- off:   this tree's check with BOARDWALK_CACHE=0 (checks, writes nothing);
- ref:   the reference commit's check (PYTHONPATH=--reference; it has no cache).
Each is `python -c "from engine.cli import main; main()" check VARIANT`, what the `boardwalk`
script runs, in an empty working folder so that only PYTHONPATH decides which tree runs.
Bytecode is written to a private PYTHONPYCACHEPREFIX (an installed Boardwalk has its .pyc
files; the reference tree is read-only) and every command runs once before the timing.

Printed: the median wall time and the median CPU time (user + system, of the process) of each,
then the ratios of the medians. Wall time is what the goal is about; on a shared machine the
CPU time is the steadier figure. The outputs of warm, cold and off are compared, byte for byte.

Run: .venv/bin/python benchmarks/check_startup.py [--runs 21] [--variant winning-moves-2016]
     [--reference /tmp/ref] [--pure]   (--pure: BOARDWALK_PURE=1, the kernel as plain Python)
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDWALK = "import sys; from engine.cli import main; sys.exit(main())"


def run(command: list[str], env: dict[str, str], cwd: str) -> tuple[float, float, bytes]:
    """Wall time, CPU time (the child's user + system) and standard output of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--reference", default="/tmp/ref", help="a checkout of the reference commit ('' to skip)")
    parser.add_argument("--pure", action="store_true", help="BOARDWALK_PURE=1 for every run")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="check-startup-"))
    work, warm_cache, cold_cache = scratch / "work", scratch / "warm-cache", scratch / "cold-cache"
    work.mkdir()
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "BOARDWALK_CACHE")}
    base["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    if args.pure:
        base["BOARDWALK_PURE"] = "1"
    tree = dict(base, PYTHONPATH=str(ROOT))
    check = [sys.executable, "-c", BOARDWALK, "check", args.variant]
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "bare": ([sys.executable, "-c", "pass"], base),
        "warm": (check, dict(tree, BOARDWALK_CACHE=str(warm_cache))),
        "cold": (check, dict(tree, BOARDWALK_CACHE=str(cold_cache))),
        "off": (check, dict(tree, BOARDWALK_CACHE="0")),
    }
    if args.reference:
        commands["ref"] = (check, dict(base, PYTHONPATH=args.reference))

    outputs = {}
    for name, (command, env) in commands.items():  # bytecode written, the OS's caches filled, the warm cache too
        shutil.rmtree(cold_cache, ignore_errors=True)
        outputs[name] = run(command, env, str(work))[2]
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for round_ in range(args.runs):
        for name in names[round_ % len(names):] + names[: round_ % len(names)]:
            if name == "cold":
                shutil.rmtree(cold_cache, ignore_errors=True)
            command, env = commands[name]
            wall, cpu, out = run(command, env, str(work))
            walls[name].append(wall)
            cpus[name].append(cpu)
            if name != "bare" and out != outputs[name]:
                print(f"warning: {name} printed something else on round {round_ + 1}", file=sys.stderr)
    shutil.rmtree(scratch, ignore_errors=True)

    wall = {name: statistics.median(times) for name, times in walls.items()}
    cpu = {name: statistics.median(times) for name, times in cpus.items()}
    print(f"boardwalk check {args.variant}: {args.runs} interleaved runs each{' (BOARDWALK_PURE=1)' if args.pure else ''}")
    print(f"{'':6s} {'wall ms':>9s} {'cpu ms':>9s} {'wall/bare':>10s} {'cpu/bare':>9s}")
    for name in commands:
        ratios = f"{wall[name] / wall['bare']:9.1f}x {cpu[name] / cpu['bare']:8.1f}x"
        print(f"{name:6s} {wall[name] * 1000:9.1f} {cpu[name] * 1000:9.1f} {ratios}")
    verdict = "met" if wall["warm"] <= 4 * wall["bare"] else "NOT met"
    print(f"goal: warm/bare <= 4x (wall): {wall['warm'] / wall['bare']:.2f}x, {verdict}")
    if "ref" in commands:
        for name in ("warm", "cold", "off"):
            print(f"ref/{name}: {wall['ref'] / wall[name]:.1f}x faster (wall), {cpu['ref'] / cpu[name]:.1f}x (cpu)")
    same = outputs["warm"] == outputs["cold"] == outputs["off"]
    print(f"warm, cold and off print the same bytes: {'yes' if same else 'NO'}")
    if "ref" in commands:
        print(f"and the same as the reference: {'yes' if outputs['ref'] == outputs['warm'] else 'no'}")


if __name__ == "__main__":
    main()
