"""Greedy bots' games per CPU second, this working tree against older commits, side by side in
one run, for several player counts (issue 26, 8: Monopoly Chance, 2 and 4 players, at least
10 times the reference's games a second).

Each base commit is checked out into a temporary `git worktree` (removed afterwards) and its
compiled kernel built there when it has one (scripts/build_accel.py), so that compiled is
compared with compiled; this tree runs as it is (build its kernel first). Each round runs,
for each player count, one child process per side, in an order that turns every round, and
each child plays the same seeded games with greedy in every seat (as `boardwalk simulate
--bots greedy` does: engine.simulate.play_game's loop), timing only the games, in CPU
seconds of its own process. Games of the sides may differ in length (the rules changed
between commits), so besides games a second it prints the CPU time a turn and a decision
(every decision answered, and those with a choice, where greedy looks ahead). The figures
are medians over rounds, and the ratios medians of the per-round ratios, so that a burst of
other work on a shared machine disturbs one round, not the verdict. Run:

    .venv/bin/python benchmarks/greedy_versus.py [--base b470f7b --base 3fcc359]
        [--variant monopoly-chance] [--players 2 4] [--games 4] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from versus import run_side  # benchmarks/, the folder this script runs from

ROOT = Path(__file__).resolve().parents[1]
BASES = ["b470f7b", "3fcc359"]
"""issue 26's references: before the rework of Monopoly Chance's rules, and main when section
8 was taken up (the rules fixed, greedy's games 2.7 times longer in turns)."""

CHILD = """
import json, sys, time
from engine import load_variant, new_game
from engine.bots import make_bot
from engine.game.observation import decide
from engine.simulate.play import derive_seed
from engine.simulate.runner import game_seed
variant = load_variant(sys.argv[1])
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
turns = decisions = choices = 0
start = time.process_time()
for index in range(games):
    game_seed_ = game_seed(seed, index)
    game = new_game(variant, players, seed=game_seed_)
    bots = [make_bot("greedy", variant, seed=derive_seed(game_seed_, seat)) for seat in range(players)]
    while not game.is_over:
        bot = bots[game.current_player]
        def choose(observation, bot=bot):
            global choices
            choices += len(observation["decision"]["options"]) > 1
            return bot.choose(observation)
        game.apply(decide(choose, game, game.current_player))
        decisions += 1
    turns += game.turn_number
cpu = time.process_time() - start
try:
    from engine.accel import ACTIVE as compiled
except ImportError:
    compiled = False
print(json.dumps({"cpu": cpu, "turns": turns, "decisions": decisions, "choices": choices, "compiled": compiled}))
"""


def compare(sides: dict[str, Path], args: argparse.Namespace) -> None:
    names = list(sides)
    runs: dict[tuple[str, int], list[dict]] = {(side, p): [] for side in names for p in args.players}
    for round_number in range(args.rounds):
        order = names[round_number % len(names):] + names[: round_number % len(names)]
        for players in args.players:
            for side in order:
                runs[side, players].append(run_side(sides[side], args.variant, players, args.games, args.seed, child=CHILD))
            print(f"round {round_number + 1}, {players} players: " + ", ".join(
                f"{side} {args.games / runs[side, players][-1]['cpu']:.2f} games/s" for side in names), flush=True)
    print()
    for players in args.players:
        print(f"{args.variant}, {players} greedy players, {args.games} games per side per round, {args.rounds} rounds "
              "(medians over rounds; CPU time of the games)")
        for side in names:
            done = runs[side, players]
            last = done[-1]
            rate = statistics.median(args.games / r["cpu"] for r in done)
            turn = statistics.median(r["cpu"] / r["turns"] for r in done) * 1e3
            decision = statistics.median(r["cpu"] / r["decisions"] for r in done) * 1e3
            choice = statistics.median(r["cpu"] / r["choices"] for r in done) * 1e3
            label = side + (" (compiled)" if last["compiled"] else " (plain Python)")
            print(f"  {label:<28} {rate:6.2f} games/s  {turn:6.2f} ms a turn  {decision:6.2f} ms a decision  "
                  f"{choice:6.2f} ms a choice  ({last['turns'] / args.games:.1f} turns, "
                  f"{last['decisions'] / args.games:.0f} decisions, {last['choices'] / args.games:.0f} with a choice a game)")
        head = runs["this tree", players]
        for side in names[:-1]:
            base = runs[side, players]
            ratio = [b["cpu"] / h["cpu"] for h, b in zip(head, base, strict=True)]
            per_turn = [(b["cpu"] / b["turns"]) / (h["cpu"] / h["turns"]) for h, b in zip(head, base, strict=True)]
            per_choice = [(b["cpu"] / b["choices"]) / (h["cpu"] / h["choices"]) for h, b in zip(head, base, strict=True)]
            print(f"  this tree / {side}: games a second x{statistics.median(ratio):.2f} "
                  f"(rounds {min(ratio):.2f} to {max(ratio):.2f}; goal 10), "
                  f"a turn x{statistics.median(per_turn):.2f}, a choice x{statistics.median(per_choice):.2f}")
        print()


def _build_kernel(tree: Path) -> None:
    script = tree / "scripts" / "build_accel.py"
    if not script.exists():
        return
    print(f"building the compiled kernel of {tree.name} (a minute or two)...", flush=True)
    done = subprocess.run([sys.executable, str(script)], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"  it could not be built, so it runs as plain Python: {done.stderr.strip()[-300:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Greedy games per CPU second: this tree against older commits.")
    parser.add_argument("--base", action="append", help=f"a commit to compare with (repeatable; default {' '.join(BASES)})")
    parser.add_argument("--base-tree", action="append", type=Path, default=[],
                        help="a checkout of a base already made (its kernel built), used as it is (repeatable)")
    parser.add_argument("--variant", default="monopoly-chance")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=4, help="games per side per round and player count (default: 4)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bases = args.base or ([] if args.base_tree else BASES)
    with tempfile.TemporaryDirectory(prefix="boardwalk-greedy-") as scratch:
        sides: dict[str, Path] = {}
        try:
            for given in args.base_tree:
                head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=given, capture_output=True,
                                      text=True, check=True).stdout.strip()
                sides[head] = given.resolve()
            for base in bases:
                tree = Path(scratch) / base
                subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), base], cwd=ROOT, check=True)
                sides[base] = tree
                _build_kernel(tree)
            sides["this tree"] = ROOT
            compare(sides, args)
        finally:
            for tree in sides.values():
                if tree != ROOT and tree.parent == Path(scratch):
                    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
