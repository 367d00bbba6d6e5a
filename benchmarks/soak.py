"""Soak test: many random games over every bundled variant and player count, with the
engine's invariants checked after every action and a save/restore round trip now and then.
Prints games, actions, failures and time. Run:
    .venv/bin/python benchmarks/soak.py [--games 10000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def play_batch(batch: list[tuple[str, int, int]]) -> tuple[int, int, list[str]]:
    from engine import load_variant, new_game, restore
    from test_engine_invariants import check_invariants

    variants: dict = {}
    games = actions = 0
    failures: list[str] = []
    for name, players, seed in batch:
        variant = variants.setdefault(name, load_variant(name))
        try:
            game = new_game(variant, players, seed)
            rnd = random.Random(seed)
            check_invariants(game)
            while not game.is_over:
                options = game.legal_actions()
                game.apply(options[rnd.randrange(len(options))])
                actions += 1
                check_invariants(game)
                if rnd.random() < 0.02:
                    game = restore(variant, json.loads(json.dumps(game.to_dict())))
            games += 1
        except Exception:  # a soak test reports every failure and goes on
            failures.append(f"{name} players={players} seed={seed}:\n{traceback.format_exc()}")
    return games, actions, failures


def main() -> None:
    from engine.resources import bundled_variant_names

    parser = argparse.ArgumentParser(description="Random games with invariant checks after every action.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cases = [(name, players) for name in bundled_variant_names() for players in (2, 3, 4)]
    work = [(*cases[i % len(cases)], args.seed + i) for i in range(args.games)]
    batches = [work[i : i + 100] for i in range(0, len(work), 100)]
    start = time.perf_counter()
    games = actions = 0
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done_games, done_actions, done_failures in pool.map(play_batch, batches):
            games += done_games
            actions += done_actions
            failures += done_failures
    elapsed = time.perf_counter() - start
    for failure in failures[:5]:
        print(failure)
    print(
        f"games {games}   actions {actions}   failures {len(failures)}   "
        f"time {elapsed:.1f} s ({args.jobs} jobs, {len(cases)} variant/player-count cases)"
    )
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
