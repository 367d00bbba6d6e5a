"""Greedy bots' games per CPU second, this working tree against the reference commit of issue 14
(row 4: at least 4 times the reference), side by side in one run.

The reference is unpacked with `git archive` into a temporary folder (or taken from
--base-tree). Each round runs one child process per side, in alternating order, and each child
plays the same seeded games as `boardwalk simulate --bots greedy` (engine.simulate.play_game,
greedy in every seat), timing only the games, in CPU seconds of its own process (bots made,
observations taken and decisions made included). The figure is the median over rounds of each
side's games per second and the median of the per-round ratios, so that a burst of other work
on a shared machine disturbs one round, not the verdict. When this tree's compiled kernel is
built, it is played twice: compiled, and as plain Python (BOARDWALK_PURE=1). Run:

    .venv/bin/python benchmarks/greedy_speed.py [--games 10] [--rounds 7] [--base-tree /tmp/ref]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from reference import unpacked

ROOT = Path(__file__).resolve().parents[1]
BASE = "9d1362e"
"""The reference of issue 14: docs/simulate.md's measured bot strengths, before the kernel rework."""

CHILD = """
import json, sys, time
from engine import load_variant
from engine.simulate.play import play_game
from engine.simulate.runner import game_seed
variant = load_variant(sys.argv[1])
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
turns = 0
start = time.process_time()
for index in range(games):
    turns += play_game(variant, ["greedy"] * players, game_seed(seed, index), index).turns
cpu = time.process_time() - start
try:
    from engine.accel import ACTIVE as compiled
except ImportError:  # a commit from before the compiled kernel
    compiled = False
print(json.dumps({"cpu": cpu, "turns": turns, "compiled": compiled}))
"""


def run_side(tree: Path, args: argparse.Namespace, pure: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("BOARDWALK_PURE", None)
    if pure:
        env["BOARDWALK_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, args.variant, str(args.players), str(args.games), str(args.seed)],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the run in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def compare(base_tree: Path, args: argparse.Namespace) -> None:
    sides: dict[str, tuple[Path, bool]] = {"base": (base_tree, False), "head": (ROOT, False)}
    if _compiled_here():
        sides["plain"] = (ROOT, True)
    rates: dict[str, list[float]] = {side: [] for side in sides}
    ratios: dict[str, list[float]] = {side: [] for side in sides if side != "base"}
    last: dict[str, dict] = {}
    for round_number in range(args.rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        for side in order:
            tree, pure = sides[side]
            last[side] = run_side(tree, args, pure)
            rates[side].append(args.games / last[side]["cpu"])
        for side in ratios:
            ratios[side].append(rates[side][-1] / rates["base"][-1])
        print(f"round {round_number + 1}: " + ", ".join(f"{side} {rates[side][-1]:.2f} games/s" for side in sides)
              + "; ratios " + ", ".join(f"{side} {ratios[side][-1]:.2f}" for side in ratios), flush=True)
    print()
    print(f"{args.variant}, {args.players} greedy players, {args.games} games per side per round, {args.rounds} rounds")
    base_name = args.base if args.base_tree is None else str(args.base_tree)
    labels = {"base": f"reference {base_name}", "head": "this tree" + (" (compiled)" if last["head"]["compiled"] else ""),
              "plain": "this tree (plain Python)"}
    for side in sides:
        median = statistics.median(rates[side])
        print(f"  {labels[side]:<26} median {median:6.2f} games/s  ({1000 / median:.0f} ms CPU a game, "
              f"{last[side]['turns'] / args.games:.1f} turns a game)")
    for side, values in ratios.items():
        print(f"  ratio {labels[side]} / reference: median {statistics.median(values):.2f} "
              f"(rounds from {min(values):.2f} to {max(values):.2f}; goal 4)")


def _compiled_here() -> bool:
    """Whether this tree's compiled kernel is built and current (engine/accel.py)."""
    check = "import sys, engine.accel as a; sys.exit(not a.up_to_date())"
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, check=False,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description="Greedy games per CPU second: this tree against the reference.")
    parser.add_argument("--base", default=BASE, help=f"the reference commit (default {BASE})")
    parser.add_argument("--base-tree", type=Path, help="a checkout of the reference to use instead of unpacking it")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10, help="games per side per round (default: 10)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.base_tree is not None:
        compare(args.base_tree.resolve(), args)
        return
    with unpacked(args.base) as tree:
        compare(tree, args)


if __name__ == "__main__":
    main()
