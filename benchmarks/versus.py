"""Random playouts of this working tree against an older commit, side by side in one run.

The older commit is checked out into a temporary `git worktree` (removed afterwards). Each
round runs one child process per side, alternating which goes first, and each child plays the
same seeded random games through the public API (`load_variant`, `new_game`, `legal_actions`,
`apply`), timing only the games, in CPU seconds of its own process. The figure is the median
over rounds of each side's games per second, and the median of the per-round ratios, so that
a burst of other work on a shared machine disturbs one round, not the verdict. Run:

    .venv/bin/python benchmarks/versus.py [--base COMMIT] [--variant V ...] [--games 200] [--rounds 7]
        [--no-plain] [--instructions]

By default every bundled game is played in turn, and a summary of the ratios ends the run.

With --instructions, each side also plays --games games under valgrind's cachegrind, once
with the games and once with none, and the difference (the instructions the games took) is
printed per game and per decision, with the ratios: a count that the rest of a shared machine
does not disturb, run to run the same (`valgrind` must be installed; it is slow, about 50
times the games' time). Per decision matters because the two sides may ask for different
numbers of decisions in games of the same length: since the reference of issue 14, a player
is asked about their cards even when none can be played (whether someone is asked must not
depend on cards the others cannot see), about 128 decisions a game against 99.

The default base is the commit before the kernel rework (issue 12); issue 14 measures against
`--base 9d1362e`. When this tree's compiled kernel is built (engine/accel.py), it is played
twice: compiled, and as plain Python (BOARDWALK_PURE=1), so both ratios show. A base that has
a compiled kernel of its own (scripts/build_accel.py) gets it built in its worktree first, so
that compiled is compared with compiled ("base"), and plain with plain ("base plain").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "b59f8c5"
"""The last commit before the kernel rework began (a945a25, typed frames, is its child)."""

CHILD = """
import json, random, sys, time
from engine import load_variant, new_game
variant = load_variant(sys.argv[1])
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
decisions = turns = 0
start = time.process_time()
for index in range(games):
    rnd = random.Random(seed + index)
    game = new_game(variant, players, seed=seed + index)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
        decisions += 1
    turns += game.turn_number
try:
    from engine.accel import ACTIVE as compiled
except ImportError:  # a commit from before the compiled kernel
    compiled = False
print(json.dumps({"cpu": time.process_time() - start, "decisions": decisions, "turns": turns, "compiled": compiled}))
"""


def run_side(tree: Path, variant: str, players: int, games: int, seed: int, pure: bool = False,
             child: str = CHILD) -> dict:
    """The JSON the `child` script prints, run in `tree` with its own kernel (plain Python
    with `pure`) on `variant`, `players`, `games` and `seed` as its arguments."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("BOARDWALK_PURE", None)
    if pure:
        env["BOARDWALK_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", child, variant, str(players), str(games), str(seed)],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the run in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def count_instructions(tree: Path, variant: str, players: int, games: int, seed: int, pure: bool = False) -> int:
    """Instructions the games take on one side: cachegrind's count with them, less without."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("BOARDWALK_PURE", None)
    if pure:
        env["BOARDWALK_PURE"] = "1"
    counts = []
    for played in (games, 0):
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, "-c", CHILD, variant, str(players), str(played), str(seed)],
            cwd=tree, env=env, capture_output=True, text=True, check=False,
        )
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if done.returncode != 0 or found is None:
            sys.exit(f"cachegrind in {tree} failed:\n{done.stderr[-2000:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return counts[0] - counts[1]


GAMES = ("winning-moves-2016", "parker-1985", "monopoly-chance")
"""The bundled games (house rules are these with a few lines changed)."""


def main() -> None:
    parser = argparse.ArgumentParser(description="This tree's random playouts against an older commit's.")
    parser.add_argument("--base", default=DEFAULT_BASE, help=f"the commit to compare with (default {DEFAULT_BASE})")
    parser.add_argument("--variant", nargs="+", default=list(GAMES),
                        help="the variants to play, one after another (default: every bundled game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="games per side per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-plain", action="store_true", help="compare the compiled kernels only")
    parser.add_argument("--instructions", action="store_true", help="also count each side's instructions with valgrind")
    args = parser.parse_args()

    summary: list[str] = []
    with tempfile.TemporaryDirectory(prefix="boardwalk-base-") as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base_tree), args.base], cwd=ROOT, check=True)
        try:
            sides: dict[str, tuple[Path, bool]] = {"base": (base_tree, False), "head": (ROOT, False)}
            if _compiled_here():
                built = _build_kernel(base_tree)
                if not args.no_plain:
                    sides["plain"] = (ROOT, True)
                    if built:
                        sides["base plain"] = (base_tree, True)
            for variant in args.variant:
                summary.extend(_compare(variant, sides, args))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
    if len(args.variant) > 1:
        print()
        print(f"summary against {args.base} (ratios above 1.00: this tree is faster)")
        for line in summary:
            print("  " + line)


def _compare(variant: str, sides: dict[str, tuple[Path, bool]], args: argparse.Namespace) -> list[str]:
    """Play `variant` on every side, interleaved round by round; print the figures and return
    the summary's lines."""
    rates: dict[str, list[float]] = {side: [] for side in sides}
    ratios: dict[str, list[float]] = {side: [] for side in sides if not side.startswith("base")}
    last: dict[str, dict] = {}
    print(f"{variant}:", flush=True)
    for round_number in range(args.rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        for side in order:
            tree, pure = sides[side]
            last[side] = run_side(tree, variant, args.players, args.games, args.seed, pure)
            rates[side].append(args.games / last[side]["cpu"])
        for side in ratios:
            against = "base plain" if side == "plain" and "base plain" in sides else "base"
            ratios[side].append(rates[side][-1] / rates[against][-1])
        print(f"round {round_number + 1}: " + ", ".join(f"{side} {rates[side][-1]:.0f} games/s" for side in sides)
              + "; ratios " + ", ".join(f"{side} {ratios[side][-1]:.2f}" for side in ratios), flush=True)
    instructions = {}
    if args.instructions:
        for side, (tree, pure) in sides.items():
            instructions[side] = count_instructions(tree, variant, args.players, args.games, args.seed, pure)

    print()
    print(f"{variant}, {args.players} players, {args.games} random games per side per round, {args.rounds} rounds")
    labels = {"base": f"base {args.base}" + (" (compiled)" if last["base"]["compiled"] else ""),
              "base plain": f"base {args.base} (plain Python)",
              "head": "this tree" + (" (compiled)" if last["head"]["compiled"] else ""),
              "plain": "this tree (plain Python)"}
    for side in last:
        per_decision = last[side]["cpu"] / last[side]["decisions"] * 1e6
        print(f"  {labels[side]:<26} median {statistics.median(rates[side]):7.0f} games/s  "
              f"({per_decision:.1f} µs a decision, {last[side]['decisions'] / args.games:.1f} decisions and "
              f"{last[side]['turns'] / args.games:.1f} turns a game)")
    summary = []
    for side, values in ratios.items():
        against = "base plain" if side == "plain" and "base plain" in last else "base"
        print(f"  ratio {labels[side]} / {labels[against]}: median {statistics.median(values):.2f} "
              f"(rounds from {min(values):.2f} to {max(values):.2f})")
        summary.append(f"{variant:<20} {labels[side]:<26} CPU time {statistics.median(values):.2f} "
                       f"({statistics.median(rates[side]):.0f} games/s)")
    if instructions:
        print(f"  instructions of play (cachegrind, {args.games} games a side):")
        per_decision = {side: count / last[side]["decisions"] for side, count in instructions.items()}
        for side, count in instructions.items():
            print(f"    {labels[side]:<26} {count / args.games / 1e6:7.2f} M a game, {per_decision[side] / 1e3:.1f}k a decision")
        for side in ratios:
            against = "base plain" if side == "plain" and "base plain" in instructions else "base"
            print(f"    speed-up {labels[side]} / {labels[against]} by instructions: "
                  f"{instructions[against] / instructions[side]:.2f} a game, "
                  f"{per_decision[against] / per_decision[side]:.2f} a decision")
            summary.append(f"{variant:<20} {labels[side]:<26} instructions {instructions[against] / instructions[side]:.2f} "
                           f"a game, {per_decision[against] / per_decision[side]:.2f} a decision")
    return summary


def _build_kernel(tree: Path) -> bool:
    """Build the base's own compiled kernel in its worktree, if it has one; whether it did."""
    script = tree / "scripts" / "build_accel.py"
    if not script.exists():
        return False
    print(f"building the compiled kernel of {tree.name} (a minute or two)...", flush=True)
    done = subprocess.run([sys.executable, str(script)], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"  it could not be built, so the base runs as plain Python: {done.stderr.strip()[-300:]}")
    return done.returncode == 0


def _compiled_here() -> bool:
    """Whether this tree's compiled kernel is built and current (engine/accel.py)."""
    check = "import sys, engine.accel as a; sys.exit(not a.up_to_date())"
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, check=False,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return done.returncode == 0

if __name__ == "__main__":
    main()
