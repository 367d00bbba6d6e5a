"""Random games through the public API: complete games per second and microseconds per
decision for 2, 3 and 4 players, plus the cost of copy() and of a to_dict()/restore round trip.

CPU time of this process (time.process_time) is measured, best of --repeat runs, so other
work on a shared machine disturbs the figures less. Run:
    .venv/bin/python benchmarks/playouts.py [--games 300] [--variant winning-moves-2016]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine import load_variant, new_game, restore


def play_games(variant, players: int, games: int, seed: int) -> tuple[float, int]:
    rnd = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for index in range(games):
        game = new_game(variant, players, seed=seed + index)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
            decisions += 1
    return time.process_time() - start, decisions


def sample_positions(variant, count: int) -> list:
    """Games stopped at random decision points, to time copy and save/restore on."""
    rnd = random.Random(1)
    positions = []
    while len(positions) < count:
        game = new_game(variant, 4, seed=len(positions))
        stop_after = rnd.randrange(10, 80)
        for _ in range(stop_after):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        if not game.is_over:
            positions.append(game)
    return positions


def per_call(fn, items, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(item)
        best = min(best, (time.process_time() - start) / len(items))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="Random playouts through the engine's public API.")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--games", type=int, default=300, help="games per player count per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    args = parser.parse_args()
    variant = load_variant(args.variant)
    print(f"variant {args.variant}: {args.games} random games per run, best of {args.repeat} (CPU time)")
    for players in variant.player_counts:
        best = None
        for run in range(args.repeat):
            elapsed, decisions = play_games(variant, players, args.games, seed=1000 * run)
            if best is None or elapsed / args.games < best[0] / args.games:
                best = (elapsed, decisions)
        elapsed, decisions = best
        print(
            f"{players} players: {args.games / elapsed:8.0f} games/s   {elapsed / decisions * 1e6:6.1f} us/decision"
            f"   {decisions / args.games:5.1f} decisions/game"
        )
    positions = sample_positions(variant, 200)
    copy_cost = per_call(lambda g: g.copy(), positions, args.repeat)
    to_dict_cost = per_call(lambda g: g.to_dict(), positions, args.repeat)
    round_trip = per_call(lambda g: restore(variant, json.loads(json.dumps(g.to_dict()))), positions, args.repeat)
    print(f"copy():                               {copy_cost * 1e6:8.1f} us")
    print(f"to_dict():                            {to_dict_cost * 1e6:8.1f} us")
    print(f"to_dict() + JSON + restore():         {round_trip * 1e6:8.1f} us")


if __name__ == "__main__":
    main()
