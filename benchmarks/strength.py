"""How strong the bots are: two-player matches with the seats swapped every game, win rates
with 95% (Wilson) intervals and each bot's CPU seconds a decision, against the targets:
greedy beats random in at least 80% of games (issue 5); strong, with its default settings,
beats greedy in at least 70% of games with the interval's lower end at 65% or more, at no
more than 0.1 s a decision (issue 14, row 6). Monopoly Chance's target (issue 26, 8) is
given with --want: strong beats greedy in at least 60% of games, the lower end at 55% or
more, at no more than 0.2 s a decision.

The games are those of `boardwalk simulate --bots HERO,RIVAL --players 2 --seed SEED` (the
same seeds and seats), played over processes (--jobs, default 2: one per core of the
reference machine). A decision's time is the CPU time of the bot's `choose` in its process,
counted over the decisions with more than one option (a single option is taken at once). A
progress line every --every games shows the running figure; Ctrl-C stops and reports the
games finished. The mean and the longest decision of each bot are shown. Run:
    .venv/bin/python benchmarks/strength.py                       # both matches, 400 games each
    .venv/bin/python benchmarks/strength.py --match strong --games 100 --strong strong:iterations=300
    .venv/bin/python benchmarks/strength.py --variant monopoly-chance --match strong --want 0.6,0.55,0.2
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import load_variant, new_game
from engine.bots import Bot, make_bot
from engine.game.observation import decide
from engine.simulate.play import derive_seed
from engine.simulate.runner import game_seed, seat_bots
from engine.simulate.stats import wilson
from engine.variant.model import Variant

TARGETS = {"greedy": (0.80, None, None), "strong": (0.70, 0.65, 0.1)}
"""Per match: the least win rate, the least lower end of its 95% interval, the most CPU
seconds a decision of the hero (None: no such target)."""

_VARIANT: list[Variant] = []


@dataclass
class Game:
    """What a match needs of one game."""

    index: int
    hero_seat: int
    hero_share: float
    """1 for a win, 1/k for a win shared by k, 0 for a loss."""
    hero_first: bool
    tie: bool
    turns: int
    seconds: list[float]
    """CPU seconds each seat spent choosing, over its decisions with a choice."""
    decisions: list[int]
    longest: list[float]
    """Each seat's longest decision, in CPU seconds."""


def play(task: tuple[int, tuple[str, ...], str, int]) -> Game:
    """One game, exactly as simulate plays it (engine.simulate.play.play_game, each bot
    deciding while `decide` waits), with each bot's choices timed."""
    index, bots, hero, seed = task
    seats = seat_bots(bots, 2, index)
    seed = game_seed(seed, index)
    variant = _VARIANT[0]
    game = new_game(variant, 2, seed=seed)
    seated = [make_bot(spec, variant, seed=derive_seed(seed, seat)) for seat, spec in enumerate(seats)]
    seconds, decisions, longest = [0.0, 0.0], [0, 0], [0.0, 0.0]

    def timed(bot: Bot, player: int) -> Callable[[dict], dict]:
        def choose(observation: dict) -> dict:
            started = time.process_time()
            action = bot.choose(observation)
            if len(observation["decision"]["options"]) > 1:
                spent = time.process_time() - started
                seconds[player] += spent
                decisions[player] += 1
                longest[player] = max(longest[player], spent)
            return action

        return choose
    while not game.is_over:
        player = game.current_player
        assert player is not None  # a game in progress always has a decision
        game.apply(decide(timed(seated[player], player), game, player))
    result = game.result()
    assert result is not None  # the game is over
    seat = seats.index(hero)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return Game(index, seat, share, game.order[0] == seat, len(result.winners) > 1, game.turn_number, seconds, decisions,
                longest)


def _start_worker(variant: Variant) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run and reports
    _VARIANT[:] = [variant]


def match(variant: Variant, hero: str, rival: str, games: int, seed: int, jobs: int, every: int) -> dict:
    started = time.perf_counter()
    tasks = [(index, (hero, rival), hero, seed) for index in range(games)]
    done: list[Game] = []
    interrupted = False
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    with multiprocessing.get_context(method).Pool(jobs, _start_worker, (variant,)) as pool:
        try:
            for game in pool.imap_unordered(play, tasks):
                done.append(game)
                if every and len(done) % every == 0:
                    wins = sum(g.hero_share for g in done)
                    low, high = wilson(wins, len(done))
                    print(f"  ... {len(done)}/{games} games: {hero} {wins / len(done):.1%} [{low:.1%}, {high:.1%}], "
                          f"{_per_decision(done, hero_seat=True):.3f} s a decision, {time.perf_counter() - started:.0f} s",
                          file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            interrupted = True
            pool.terminate()
    return {"hero": hero, "rival": rival, "games": done, "seconds": time.perf_counter() - started,
            "interrupted": interrupted}


def _per_decision(games: list[Game], hero_seat: bool) -> float:
    """Mean CPU seconds a decision of the hero (or of the rival), over all their decisions."""
    seconds = decisions = 0.0
    for game in games:
        seat = game.hero_seat if hero_seat else 1 - game.hero_seat
        seconds += game.seconds[seat]
        decisions += game.decisions[seat]
    return seconds / decisions if decisions else 0.0


def show(result: dict, target: tuple[float, float | None, float | None]) -> None:
    games: list[Game] = result["games"]
    n = len(games)
    if n == 0:
        print(f"{result['hero']} vs {result['rival']}: no game finished")
        return
    wins = sum(g.hero_share for g in games)
    rate = wins / n
    low, high = wilson(wins, n)
    per_decision = _per_decision(games, hero_seat=True)
    least, least_low, most_seconds = target
    misses = [f"{least:.0%} of games"] if rate < least else []
    if least_low is not None and low < least_low:
        misses.append(f"a lower end of {least_low:.0%}")
    if most_seconds is not None and per_decision > most_seconds:
        misses.append(f"{most_seconds:g} s a decision")
    wanted = f"{least:.0%}" + (f", lower end {least_low:.0%}" if least_low is not None else "") + (
        f", at most {most_seconds:g} s a decision" if most_seconds is not None else "")
    verdict = f"misses the target ({wanted}): {', '.join(misses)}" if misses else f"meets the target ({wanted})"
    print(f"{result['hero']} vs {result['rival']}: {rate:.1%} of {n} games [95% CI {low:.1%}, {high:.1%}]  ({verdict})"
          f"{'  (stopped early)' if result['interrupted'] else ''}")
    for label, first in (("first", True), ("second", False)):
        part = [g for g in games if g.hero_first == first]
        if part:
            share = sum(g.hero_share for g in part)
            lo, hi = wilson(share, len(part))
            print(f"    moving {label:<6}: {share / len(part):.1%} of {len(part)} [{lo:.1%}, {hi:.1%}]")
    decisions = sum(g.decisions[g.hero_seat] for g in games)
    hero_longest = max(g.longest[g.hero_seat] for g in games)
    rival_longest = max(g.longest[1 - g.hero_seat] for g in games)
    print(f"    {result['hero']}: {per_decision:.3f} s a decision (CPU, mean of {decisions} decisions with a choice; "
          f"longest {hero_longest:.3f} s); {result['rival']}: {_per_decision(games, hero_seat=False):.4f} s "
          f"(longest {rival_longest:.3f} s)")
    print(f"    ties (half a win each): {sum(g.tie for g in games)}; {sum(g.turns for g in games) / n:.1f} turns a game; "
          f"{result['seconds']:.0f} s ({result['seconds'] / n:.2f} s a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description="Bot strength: two-player matches, seats swapped every game.")
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--games", type=int, default=400, help="games per match (default: 400)")
    parser.add_argument("--match", choices=("greedy", "strong", "both"), default="both",
                        help="greedy vs random, strong vs greedy, or both (default)")
    parser.add_argument("--strong", default="strong", help="the strong bot's spec (default: strong, its default settings)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--every", type=int, default=20, help="a progress line every this many games (0: none)")
    parser.add_argument("--want", help="the strong match's target as RATE,LOW,SECONDS (default 0.70,0.65,0.1; "
                                       "Monopoly Chance's: 0.6,0.55,0.2)")
    args = parser.parse_args()
    variant = load_variant(args.variant)
    print(f"variant {args.variant}; {args.games} two-player games per match, seats swapped every game; "
          f"seed {args.seed}; {args.jobs} processes", flush=True)
    pairs = []
    if args.match in ("greedy", "both"):
        pairs.append(("greedy", "random", TARGETS["greedy"]))
    if args.match in ("strong", "both"):
        want = TARGETS["strong"]
        if args.want:
            rate, low, most = (float(part) for part in args.want.split(","))
            want = (rate, low, most)
        pairs.append((args.strong, "greedy", want))
    for hero, rival, target in pairs:
        show(match(variant, hero, rival, args.games, args.seed, args.jobs, args.every), target)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
