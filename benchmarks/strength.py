"""How strong the bots are: two-player matches with the seats swapped every game, win rates
with 95% (Wilson) intervals, against the targets of issue 5 (greedy beats random in at least
80% of games, strong beats greedy in at least 65% at about half a second per decision).

Games run over processes (--jobs, default 2: one per core of the reference machine), so a
time budget is per decision of each process. A progress line every --every games shows the
running figure; Ctrl-C stops and reports the games finished. Run:
    .venv/bin/python benchmarks/strength.py                       # both matches, 400 games each
    .venv/bin/python benchmarks/strength.py --match strong --games 100 --strong strong:iterations=300
"""

from __future__ import annotations

import argparse
import sys
import time

from engine import load_variant
from engine.simulate import run_games
from engine.simulate.stats import wilson

TARGETS = {"greedy": 0.80, "strong": 0.65}


def match(variant, hero: str, rival: str, games: int, seed: int, jobs: int, every: int) -> dict:
    started = time.perf_counter()
    wins = [0.0]
    running = [0.0, 0]

    def on_game(record) -> None:
        seat = record.bots.index(hero)
        running[0] += 1.0 / len(record.winners) if seat in record.winners else 0.0
        running[1] += 1
        if every and running[1] % every == 0:
            low, high = wilson(running[0], running[1])
            print(f"  ... {running[1]}/{games} games: {hero} {running[0] / running[1]:.1%} [{low:.1%}, {high:.1%}], "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    run = run_games([variant], 2, [hero, rival], games, seed=seed, jobs=jobs, on_game=on_game)
    records = run.records[0]
    seat_wins = [0.0, 0.0]
    seat_games = [0, 0]
    ties = 0
    for record in records:
        seat = record.bots.index(hero)
        share = 1.0 / len(record.winners) if seat in record.winners else 0.0
        wins[0] += share
        seat_wins[record.order.index(seat)] += share
        seat_games[record.order.index(seat)] += 1
        ties += len(record.winners) > 1
    return {
        "hero": hero, "rival": rival, "games": len(records), "wins": wins[0], "ties": ties,
        "first": (seat_wins[0], seat_games[0]), "second": (seat_wins[1], seat_games[1]),
        "seconds": time.perf_counter() - started, "interrupted": run.interrupted,
        "turns": sum(r.turns for r in records) / max(1, len(records)),
    }


def show(result: dict, target: float) -> None:
    n = result["games"]
    if n == 0:
        print(f"{result['hero']} vs {result['rival']}: no game finished")
        return
    rate = result["wins"] / n
    low, high = wilson(result["wins"], n)
    verdict = "meets" if rate >= target else "misses"
    print(f"{result['hero']} vs {result['rival']}: {rate:.1%} of {n} games [95% CI {low:.1%}, {high:.1%}]"
          f"  ({verdict} the {target:.0%} target){'  (stopped early)' if result['interrupted'] else ''}")
    for label in ("first", "second"):
        wins, games = result[label]
        if games:
            lo, hi = wilson(wins, games)
            print(f"    moving {label:<6}: {wins / games:.1%} of {games} [{lo:.1%}, {hi:.1%}]")
    print(f"    ties (half a win each): {result['ties']}; {result['turns']:.1f} turns a game; "
          f"{result['seconds']:.0f} s ({result['seconds'] / n:.2f} s a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description="Bot strength: two-player matches, seats swapped every game.")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--games", type=int, default=400, help="games per match (default: 400)")
    parser.add_argument("--match", choices=("greedy", "strong", "both"), default="both",
                        help="greedy vs random, strong vs greedy, or both (default)")
    parser.add_argument("--strong", default="strong:time=0.5", help="the strong bot's spec (default: strong:time=0.5)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--every", type=int, default=20, help="a progress line every this many games (0: none)")
    args = parser.parse_args()
    variant = load_variant(args.variant)
    print(f"variant {args.variant}; {args.games} two-player games per match, seats swapped every game; "
          f"seed {args.seed}; {args.jobs} processes", flush=True)
    pairs = []
    if args.match in ("greedy", "both"):
        pairs.append(("greedy", "random", TARGETS["greedy"]))
    if args.match in ("strong", "both"):
        pairs.append((args.strong, "greedy", TARGETS["strong"]))
    for hero, rival, target in pairs:
        show(match(variant, hero, rival, args.games, args.seed, args.jobs, args.every), target)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
