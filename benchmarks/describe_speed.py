"""Events told in words per CPU second, this working tree against a base commit, side by side.

Written for issue 45, 5 (each kind of event told by its own text record instead of one
if-chain: it must not tell events more slowly). The base is unpacked with `git archive` into a
temporary folder (or taken from --base-tree). Each round runs one child process per side, in
alternating order; each child plays the same seeded random games of every bundled variant
(seeds 0 to GAMES-1, the variant's player counts in turn), keeps their events, and times
`describe` of every event to a spectator (None) and to seat 0, in CPU seconds of its own
process, REPEATS times: the child's figure is its median. Both sides must tell every event in
the very same words (a digest of every sentence is compared). The verdict is the median of
the per-round ratios, so that a burst of other work on a shared machine disturbs one round.
Each side runs compiled when its own `.accel/` is built and current, else as plain Python;
`--pure` runs both as plain Python. Run:

    .venv/bin/python benchmarks/describe_speed.py [--base 899ad11] [--base-tree /tmp/base] [--games 40] [--rounds 3]
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
BASE = "899ad11"
"""The last commit whose events were told by messages._describe, the if-chain."""

CHILD = """
import hashlib, json, random, statistics, sys, time
from engine import accel, load_variant, new_game
from engine.resources import bundled_variant_names
games, repeats = int(sys.argv[1]), int(sys.argv[2])
events = []
for name in sorted(bundled_variant_names()):
    variant = load_variant(name)
    counts = variant.player_counts
    for seed in range(games):
        rnd = random.Random(seed)
        game = new_game(variant, counts[seed % len(counts)], seed=seed)
        events += game.setup_events
        while not game.is_over:
            actions = game.legal_actions()
            events += game.apply(actions[rnd.randrange(len(actions))])
digest = hashlib.sha256()
for event in events:
    digest.update(event.describe(None).encode())
    digest.update(event.describe(0).encode())
times = []
for _ in range(repeats):
    start = time.process_time()
    for event in events:
        event.describe(None)
        event.describe(0)
    times.append(time.process_time() - start)
print(json.dumps({"compiled": accel.ACTIVE, "events": len(events), "texts": digest.hexdigest(),
                  "cpu": statistics.median(times)}))
"""


def run_side(tree: Path, args: argparse.Namespace) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("BOARDWALK_PURE", None)
    if args.pure:
        env["BOARDWALK_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(args.games), str(args.repeats)],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the run in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def compare(base_tree: Path, args: argparse.Namespace) -> None:
    sides = {"base": base_tree, "head": ROOT}
    cpu: dict[str, list[float]] = {side: [] for side in sides}
    ratios: list[float] = []
    last: dict[str, dict] = {}
    for round_number in range(args.rounds):
        for side in list(sides) if round_number % 2 == 0 else list(reversed(sides)):
            last[side] = run_side(sides[side], args)
            cpu[side].append(last[side]["cpu"])
        if last["base"]["texts"] != last["head"]["texts"] or last["base"]["events"] != last["head"]["events"]:
            sys.exit("the two sides do not tell the same events in the same words")
        ratios.append(cpu["head"][-1] / cpu["base"][-1])
        print(f"round {round_number + 1}: base {cpu['base'][-1]:.3f} s, head {cpu['head'][-1]:.3f} s CPU; "
              f"head / base {ratios[-1]:.3f}", flush=True)
    told = 2 * last["head"]["events"]
    print()
    print(f"{args.games} random games of each bundled variant: {last['head']['events']:,} events, each told to a "
          f"spectator and to seat 0 ({told:,} sentences), the same words on both sides")
    for side, tree in sides.items():
        how = "compiled" if last[side]["compiled"] else "plain Python"
        median = statistics.median(cpu[side])
        print(f"  {side} ({tree}, {how}): median {median:.3f} s CPU, {told / median / 1e6:.2f} M sentences/s")
    print(f"  head / base CPU time: median {statistics.median(ratios):.3f} (rounds from {min(ratios):.3f} to {max(ratios):.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description="Events told per CPU second: this tree against a base commit.")
    parser.add_argument("--base", default=BASE, help=f"the base commit (default {BASE})")
    parser.add_argument("--base-tree", type=Path, help="a checkout of the base to use instead of unpacking it")
    parser.add_argument("--games", type=int, default=40, help="random games of each bundled variant (default: 40)")
    parser.add_argument("--repeats", type=int, default=5, help="timings in each child, of which the median counts")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pure", action="store_true", help="run both sides as plain Python (BOARDWALK_PURE=1)")
    args = parser.parse_args()
    if args.base_tree is not None:
        compare(args.base_tree.resolve(), args)
        return
    with unpacked(args.base) as tree:
        compare(tree, args)


if __name__ == "__main__":
    main()
