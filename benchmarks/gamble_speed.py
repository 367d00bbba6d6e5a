"""Greedy's speed on a push-your-luck game (issue 47, 8: "43-87 s a game" of Can't Stop as plain
Python), and its choices: each seed's game is played with greedy in every seat, in a child
process of its own per game and tree, the trees taking turns (interleaved), timing the game in
CPU seconds of that child. Prints each tree's median CPU seconds a game over the repeats, and
whether the trees made the same choices (a digest of every action taken) on each seed.

Give the trees to compare with --tree (a checkout or an unpacked `git archive`; by default
this one); --profile runs one game of the first tree under cProfile and prints the top of it.
Plain figures, no verdict. Run:

    .venv/bin/python benchmarks/gamble_speed.py --tree /tmp/main --tree . --seeds 1,2 --repeats 3
    .venv/bin/python benchmarks/gamble_speed.py --profile --seeds 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import hashlib, json, sys, time
from engine import load_variant
from engine.bots import make_bot
from engine.game.game_state import new_state
from engine.simulate.play import derive_seed
path, players, seed, bot = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
variant = load_variant(path)
game = new_state(variant, players, seed=seed)
bots = [make_bot(bot, variant, seed=derive_seed(seed, seat)) for seat in range(players)]
digest = hashlib.sha256()
started = time.process_time()
while not game.is_over:
    player = game.current_player
    action = bots[player].choose(game.observation(player))
    digest.update(json.dumps([player, action["kind"], action["arg"]]).encode())
    game.apply(action)
seconds = time.process_time() - started
print(json.dumps({"seconds": seconds, "digest": digest.hexdigest()[:16], "turns": game.turn_number}))
"""


def run(tree: Path, variant: str, players: int, seed: int, bot: str) -> dict:
    """One game in a child process whose engine is `tree`'s (plain Python)."""
    env = dict(os.environ, PYTHONPATH=str(tree), BOARDWALK_PURE="1")
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT / variant), str(players), str(seed), bot],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def profile(variant: str, players: int, seed: int, bot: str, top: int) -> None:
    """One game under cProfile, in this process, on this tree."""
    import cProfile
    import pstats

    sys.path.insert(0, str(ROOT))
    os.environ["BOARDWALK_PURE"] = "1"
    code = CHILD.replace("sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]",
                         f"{str(ROOT / variant)!r}, {players}, {seed}, {bot!r}")
    profiler = cProfile.Profile()
    scope: dict = {}
    profiler.runctx(code, scope, scope)
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="tests/data/cant-stop.yaml", help="relative to this tree")
    parser.add_argument("--tree", action="append", type=Path, help="a tree to time (repeatable; default: this one)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", default="1", help="comma-separated game seeds")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    if args.profile:
        profile(args.variant, args.players, seeds[0], args.bot, args.top)
        return
    trees = [tree.resolve() for tree in (args.tree or [ROOT])]
    seconds: dict[tuple[int, int], list[float]] = {}
    digests: dict[tuple[int, int], set[str]] = {}
    for repeat in range(args.repeats):
        for seed in seeds:
            order = range(len(trees)) if repeat % 2 == 0 else reversed(range(len(trees)))
            for t in order:
                found = run(trees[t], args.variant, args.players, seed, args.bot)
                seconds.setdefault((t, seed), []).append(found["seconds"])
                digests.setdefault((t, seed), set()).add(found["digest"])
                print(f"  repeat {repeat}, seed {seed}, {trees[t]}: {found['seconds']:.2f} s, "
                      f"{found['turns']} turns, choices {found['digest']}", file=sys.stderr, flush=True)
    print(f"{args.variant}, {args.players} players, {args.bot} in every seat, plain Python, "
          f"median CPU seconds a game over {args.repeats} repeats")
    for seed in seeds:
        line = [f"seed {seed}:"]
        for t, tree in enumerate(trees):
            line.append(f"{tree} {statistics.median(seconds[(t, seed)]):.2f} s (choices {','.join(sorted(digests[(t, seed)]))})")
        print("  " + "  ".join(line))
    if len(trees) > 1:
        same = all(digests[(0, seed)] == digests[(t, seed)] for seed in seeds for t in range(1, len(trees)))
        print(f"  the same choices on every seed: {'yes' if same else 'no'}")


if __name__ == "__main__":
    main()
