"""How often a card is offered, and what offering only followable cards costs.

Random 4-player games of a variant, played twice on the same seeds: once offering every card
whose condition holds (`offer_cards: always`, the old reading) and once only cards that can be
followed and do something (the default). Prints, for each: card offers (a `play` option at a
card question), offers of a card that would do nothing, games per second (CPU time).

    .venv/bin/python benchmarks/card_offers.py [--games 1000] [--variant winning-moves-2016]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from engine import load_variant
from engine.game.followable import card_is_followable
from engine.game.game_state import new_state


def play(variant, games: int, measure_idle: bool) -> dict:
    offers = idle = decisions = 0
    start = time.process_time()
    for seed in range(games):
        rnd = random.Random(seed)
        game = new_state(variant, 4, seed=seed)
        while not game.is_over:
            actions = game.legal_actions()
            for action in actions:
                if action.kind == "play":
                    offers += 1
                    if measure_idle and not card_is_followable(game, game.book.card_index[action.arg], game.current_player):
                        idle += 1
            game.apply(actions[rnd.randrange(len(actions))])
            decisions += 1
    elapsed = time.process_time() - start
    return {"offers": offers, "idle": idle, "decisions": decisions, "seconds": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="winning-moves-2016")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    base = load_variant(args.variant)
    always = replace(base, rules=replace(base.rules, offer_cards="always"), content_hash=base.content_hash + "+always")
    followable = replace(base, rules=replace(base.rules, offer_cards="when_followable"))
    print(f"{args.games} random 4-player games of {args.variant}, same seeds")
    for label, variant in (("always (old reading)", always), ("when followable (default)", followable)):
        counts = play(variant, args.games, measure_idle=True)
        print(f"  {label:<26} {counts['offers']:>7} card offers, {counts['idle']:>6} of a card that would do nothing, "
              f"{counts['decisions'] / args.games:5.1f} decisions a game")
    for label, variant in (("always (old reading)", always), ("when followable (default)", followable)):
        counts = play(variant, args.games, measure_idle=False)
        print(f"  speed, {label:<26} {args.games / counts['seconds']:6.0f} games/s (CPU)")


if __name__ == "__main__":
    main()
