"""Speed of the balance lab: games per second of `boardwalk simulate` with --jobs 1 and
--jobs 2 (wall-clock time, process start-up included), and the scaling ratio. The two runs
must give the same games, which is checked too. Run:
    .venv/bin/python benchmarks/simulate.py [--games 200] [--players 4] [--bots greedy]
"""

from __future__ import annotations

import argparse

from engine import load_variant
from engine.simulate import run_games


def main() -> None:
    parser = argparse.ArgumentParser(description="games/s of the simulation runner with 1 and 2 processes")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy", help="comma-separated bot specs (default: greedy)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = load_variant(args.variant)
    bots = args.bots.split(",")
    print(f"variant {args.variant}: {args.games} games of {args.players} players, bots {', '.join(bots)}")
    rates = {}
    records = {}
    for jobs in (1, 2):
        run = run_games([variant], args.players, bots, args.games, seed=args.seed, jobs=jobs)
        rates[jobs] = run.games_per_second
        records[jobs] = run.records
        print(f"--jobs {jobs}: {run.games_per_second:8.1f} games/s  ({run.elapsed:.1f} s)")
    print(f"scaling 2 jobs / 1 job: {rates[2] / rates[1]:.2f}x")
    print(f"same games with 1 and 2 jobs: {'yes' if records[1] == records[2] else 'NO'}")


if __name__ == "__main__":
    main()
