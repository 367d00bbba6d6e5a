"""What `boardwalk simulate` costs beyond the games it plays, this tree against an older
commit, side by side in one run (issue 14, rows 3 and 5).

1. CPU a game: random playouts through `legal_actions`/`apply` (no observation, no bot) and
   `run_games` with random bots, on the same seeds. The playouts choose as the random bots do
   (each seat its own generator, seeded as simulate seeds it), so both play exactly the same
   games and the ratio simulate / playout is the whole overhead of simulate. Goal: <= 1.3.
2. Scaling: games a second (wall time, worker start-up included, as simulate reports it) of
   `run_games` with 2 processes over 1, with random bots (short games: overheads show) and
   greedy bots (long games). Goal: >= 1.9. Also the CPU the parent used, a game, and the
   machine's own ceiling, measured right after in the same round: two separate `--jobs 1`
   runs of half the games each, started at once, over the span from the first start to the
   last end. Two processes that share nothing scale only as far as the machine lets them (two
   shared virtual cores slow each other down); `--jobs 2` over that ceiling is what
   simulate's own work (forking, batches, records through pipes) costs.

Each round runs one child process per side and measurement, alternating the order, so a
burst of other work on a shared machine disturbs one round, not the verdict; the figures are
medians over rounds, and each ratio is the median of the ratios measured within a round.
When this tree's compiled kernel is built (engine/accel.py), this tree runs twice: compiled,
and as plain Python (BOARDWALK_PURE=1). The older commit runs as plain Python. Run:

    .venv/bin/python benchmarks/simulate_speed.py [--base 9d1362e | --base-tree /tmp/ref]
        [--rounds 5] [--games 300] [--scale-random 2000] [--scale-greedy 60] [--skip-scaling]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "9d1362e"
"""The reference commit of issue 14."""

CPU_CHILD = """
import json, random, sys, time
from engine import load_variant, new_game
from engine.simulate import run_games
from engine.simulate.play import derive_seed
from engine.simulate.runner import game_seed
variant = load_variant(sys.argv[1])
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

def playouts(base, count):
    turns = []
    for index in range(count):
        seed_ = game_seed(base, index)
        game = new_game(variant, players, seed=seed_)
        seats = [random.Random(derive_seed(seed_, seat)) for seat in range(players)]
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[seats[game.current_player].randrange(len(actions))])
        turns.append(game.turn_number)
    return turns

playouts(seed - 1, 3)  # warm up: the first game's imports and rulebook
run_games([variant], players, ["random"], 3, seed=seed - 1, jobs=1)
raw = sim = 0.0
same = True
blocks = 5
for block in range(blocks):  # in turns, so that drift in the machine's speed hits both alike
    count = games // blocks
    start = time.process_time()
    turns = playouts(seed + block, count)
    raw += time.process_time() - start
    start = time.process_time()
    run = run_games([variant], players, ["random"], count, seed=seed + block, jobs=1)
    sim += time.process_time() - start
    same = same and [record.turns for record in run.records[0]] == turns
try:
    from engine.accel import ACTIVE as compiled
except ImportError:  # a commit from before the compiled kernel
    compiled = False
played = blocks * (games // blocks)
print(json.dumps({"raw": raw / played, "sim": sim / played, "same": same, "compiled": compiled}))
"""

SCALE_CHILD = """
import json, os, sys, time
from engine import load_variant
from engine.simulate import run_games
variant = load_variant(sys.argv[1])
players, games, seed, jobs, bots = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
before = os.times()
start = time.monotonic()  # the system's clock: two children's spans can be joined
run = run_games([variant], players, bots.split(","), games, seed=seed, jobs=jobs)
end = time.monotonic()
after = os.times()
parent = after.user + after.system - before.user - before.system
workers = after.children_user + after.children_system - before.children_user - before.children_system
records = [[r.seed, r.winners, r.turns, r.plays] for r in run.records[0]]
print(json.dumps({"rate": run.games_per_second, "parent_cpu": parent / games, "cpu": (parent + workers) / games,
                  "records": hash(repr(records)), "start": start, "end": end, "games": len(records)}))
"""


def run_child(code: str, tree: Path, pure: bool, *args: object) -> dict:
    return run_children(code, tree, pure, [args])[0]


def run_children(code: str, tree: Path, pure: bool, arguments: list[tuple]) -> list[dict]:
    """Run one child per tuple of arguments, all at once; each one's printed JSON."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("BOARDWALK_PURE", None)
    if pure:
        env["BOARDWALK_PURE"] = "1"
    children = [
        subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=tree, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for args in arguments
    ]
    results = []
    for child in children:
        out, err = child.communicate()
        if child.returncode != 0:
            sys.exit(f"the run in {tree} failed:\n{err}")
        results.append(json.loads(out))
    return results


def together_rate(results: list[dict]) -> float:
    """Games a second of runs made at once: all their games over the span from the first
    start to the last end (each child's clock is the system's monotonic clock)."""
    span = max(r["end"] for r in results) - min(r["start"] for r in results)
    return sum(r["games"] for r in results) / span if span > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description="simulate's cost beyond its games, and its scaling, against an older commit")
    parser.add_argument("--base", default=DEFAULT_BASE, help=f"the commit to compare with (default {DEFAULT_BASE})")
    parser.add_argument("--base-tree", type=Path, help="a checkout of the base commit, used as it is (else a temporary worktree)")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="random games a side a round, for the CPU a game")
    parser.add_argument("--scale-random", type=int, default=2000, help="games of random bots a scaling run")
    parser.add_argument("--scale-greedy", type=int, default=60, help="games of greedy bots a scaling run")
    parser.add_argument("--skip-scaling", action="store_true")
    parser.add_argument("--skip-cpu", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.base_tree is not None:
        measure(args, args.base_tree.resolve())
        return
    with tempfile.TemporaryDirectory(prefix="boardwalk-base-") as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base_tree), args.base], cwd=ROOT, check=True)
        try:
            measure(args, base_tree)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)


def measure(args: argparse.Namespace, base_tree: Path) -> None:
    sides: dict[str, tuple[Path, bool]] = {"base": (base_tree, False), "head": (ROOT, False)}
    if _compiled_here():
        sides["plain"] = (ROOT, True)
    labels = {"base": f"base {args.base}", "head": "this tree" + (" (compiled)" if "plain" in sides else ""),
              "plain": "this tree (plain Python)"}
    raw: dict[str, list[float]] = {side: [] for side in sides}
    sim: dict[str, list[float]] = {side: [] for side in sides}
    overhead: dict[str, list[float]] = {side: [] for side in sides}
    scaling: dict[tuple[str, str], list[float]] = {}
    machine: dict[tuple[str, str], list[float]] = {}
    share: dict[tuple[str, str], list[float]] = {}
    rates: dict[tuple[str, str, int], list[float]] = {}
    parent: dict[tuple[str, str, int], list[float]] = {}
    cpu: dict[tuple[str, str, int], list[float]] = {}
    same = True
    kinds = {"random": args.scale_random, "greedy": args.scale_greedy}
    for round_number in range(args.rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        line = []
        for side in order if not args.skip_cpu else []:
            tree, pure = sides[side]
            got = run_child(CPU_CHILD, tree, pure, args.variant, args.players, args.games, args.seed)
            same = same and got["same"]
            raw[side].append(got["raw"])
            sim[side].append(got["sim"])
            overhead[side].append(got["sim"] / got["raw"])
            line.append(f"{side} {got['raw'] * 1e3:.2f}/{got['sim'] * 1e3:.2f} ms ({overhead[side][-1]:.2f})")
        for side in order if not args.skip_scaling else []:
            tree, pure = sides[side]
            for bots, games in kinds.items():
                got_by_jobs = {}
                for jobs in (1, 2) if round_number % 2 == 0 else (2, 1):
                    got = run_child(SCALE_CHILD, tree, pure, args.variant, args.players, games, args.seed, jobs, bots)
                    got_by_jobs[jobs] = got
                    rates.setdefault((side, bots, jobs), []).append(got["rate"])
                    parent.setdefault((side, bots, jobs), []).append(got["parent_cpu"])
                    cpu.setdefault((side, bots, jobs), []).append(got["cpu"])
                same = same and got_by_jobs[1]["records"] == got_by_jobs[2]["records"]
                ratio = got_by_jobs[2]["rate"] / got_by_jobs[1]["rate"]
                scaling.setdefault((side, bots), []).append(ratio)
                # the machine's own ceiling, right after: two --jobs 1 runs of half the games
                # each (other seeds), at once, in separate processes that share nothing
                halves = [(args.variant, args.players, games // 2, args.seed + k, 1, bots) for k in (0, 1)]
                ceiling = together_rate(run_children(SCALE_CHILD, tree, pure, halves)) / got_by_jobs[1]["rate"]
                machine.setdefault((side, bots), []).append(ceiling)
                share.setdefault((side, bots), []).append(ratio / ceiling)
                line.append(f"{side} {bots} x{ratio:.2f} (machine x{ceiling:.2f})")
        print(f"round {round_number + 1}: " + ", ".join(line), flush=True)

    print()
    print(f"{args.variant}, {args.players} players, {args.rounds} rounds; medians")
    if not args.skip_cpu:
        print(f"CPU a game, {args.games} random games a side a round (playout: legal_actions/apply, no observation):")
        for side in sides:
            print(f"  {labels[side]:<26} playout {statistics.median(raw[side]) * 1e3:6.2f} ms   simulate "
                  f"{statistics.median(sim[side]) * 1e3:6.2f} ms   simulate / playout {statistics.median(overhead[side]):.2f} "
                  f"(rounds {min(overhead[side]):.2f} to {max(overhead[side]):.2f})")
    if not args.skip_scaling:
        runs = f"{args.scale_random} random and {args.scale_greedy} greedy games a run"
        print(f"--jobs 2 / --jobs 1, games a second (wall time), {runs}:")
        for side in sides:
            for bots in kinds:
                values = scaling[(side, bots)]
                one, two = (statistics.median(rates[(side, bots, jobs)]) for jobs in (1, 2))
                parent_two = statistics.median(parent[(side, bots, 2)]) * 1e3
                extra = statistics.median(cpu[(side, bots, 2)]) / statistics.median(cpu[(side, bots, 1)])
                print(f"  {labels[side]:<26} {bots:<6} {one:7.1f} -> {two:7.1f} games/s   x{statistics.median(values):.2f} "
                      f"(rounds {min(values):.2f} to {max(values):.2f}); with 2 jobs: the parent's CPU "
                      f"{parent_two:.3f} ms a game, all CPU x{extra:.3f} of 1 job's")
                ceilings, shares = machine[(side, bots)], share[(side, bots)]
                print(f"    the machine: two separate --jobs 1 runs at once x{statistics.median(ceilings):.2f} "
                      f"(rounds {min(ceilings):.2f} to {max(ceilings):.2f}); --jobs 2 reached "
                      f"{statistics.median(shares):.0%} of it (rounds {min(shares):.0%} to {max(shares):.0%})")
    print(f"same games (playouts and simulate; --jobs 1 and 2): {'yes' if same else 'NO'}")


def _compiled_here() -> bool:
    """Whether this tree's compiled kernel is built and current (engine/accel.py)."""
    check = "import sys, engine.accel as a; sys.exit(not a.up_to_date())"
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, check=False,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return done.returncode == 0


if __name__ == "__main__":
    main()
