"""How much of the engine's safety nets (engine/effects/limits.py) real games use: the most
work one action does (statements carried out and events told, what MAX_WORK_PER_ACTION
bounds), the most decisions, events and work of one game (MAX_DECISIONS, MAX_EVENTS,
MAX_WORK_PER_GAME), and the
most work a bot's look-ahead spends on one decision (MAX_LOOKAHEAD_WORK) and over one game
(MAX_BOT_GAME_WORK), over seeded games of every bundled variant. The limits are chosen far above these, so that no real game meets
them; this prints both, and the margin. Run:

    .venv/bin/python benchmarks/work_budget.py [--games 40] [--bot-games 4]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import load_variant, new_game  # noqa: E402
from engine.bots.base import make_bot  # noqa: E402
from engine.effects.limits import (  # noqa: E402
    MAX_BOT_GAME_WORK,
    MAX_DECISIONS,
    MAX_EVENTS,
    MAX_LOOKAHEAD_WORK,
    MAX_WORK_PER_ACTION,
    MAX_WORK_PER_GAME,
)
from engine.game.observation import decide  # noqa: E402
from engine.resources import bundled_variant_names  # noqa: E402


def play(variant, players: int, seed: int, bots: list[str] | None) -> dict:
    """One game: the most work of an action, its decisions and events, and (with bots) the
    most look-ahead work of a decision and of one bot over the game."""
    game = new_game(variant, players, seed=seed)
    seated = None if bots is None else [make_bot(bots[i % len(bots)], variant, seed=seed + i) for i in range(players)]
    rnd = random.Random(seed)
    most_work = game.work + len(game.setup_events)
    most_look = 0
    thought = [0] * players
    while not game.is_over:
        player = game.current_player
        assert player is not None
        if seated is None:
            actions = game.legal_actions()
            action = actions[rnd.randrange(len(actions))]
        else:
            bot = seated[player]
            action = decide(bot.choose, game, player)
            meter = getattr(bot, "meter", None)
            if meter is not None:
                most_look = max(most_look, bot.lookahead - meter.left)
                thought[player] += bot.lookahead - meter.left
                meter.left = bot.lookahead  # read once: a decision that does not search leaves it
        events = game.apply(action)
        most_work = max(most_work, game.work + len(events))
    return {"work": most_work, "decisions": game.decisions, "events": game.told, "game": game.worked, "look": most_look,
            "thought": max(thought), "reason": game.end_reason["reason"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per variant and player count")
    parser.add_argument("--bot-games", type=int, default=2, help="games per bot, variant and player count")
    args = parser.parse_args()
    rows = []
    for name in bundled_variant_names():
        variant = load_variant(name)
        for players in (min(variant.player_counts), max(variant.player_counts)):
            for bots, games in ((None, args.games), (["greedy"], args.bot_games), (["strong"], args.bot_games)):
                results = [play(variant, players, seed, bots) for seed in range(games)]
                row = {key: max(r[key] for r in results) for key in ("work", "decisions", "events", "game", "look", "thought")}
                row["limits"] = sum(r["reason"].endswith("_limit") for r in results)
                label = "random" if bots is None else bots[0]
                rows.append((name, players, label, games, row))
                print(f"{name:24} {players}p {label:7} {games:3} games: most work an action {row['work']:>7,}  "
                      f"decisions {row['decisions']:>6,}  events {row['events']:>7,}  game {row['game']:>7,}  "
                      f"look-ahead a decision "
                      f"{row['look']:>11,}  a bot a game {row['thought']:>12,}  ended by a safety net {row['limits']}",
                      flush=True)
    for key, limit in (("work", MAX_WORK_PER_ACTION), ("decisions", MAX_DECISIONS), ("events", MAX_EVENTS),
                       ("game", MAX_WORK_PER_GAME), ("look", MAX_LOOKAHEAD_WORK), ("thought", MAX_BOT_GAME_WORK)):
        most = max(row[key] for *_, row in rows)
        print(f"largest {key}: {most:,}; limit {limit:,} ({limit / max(most, 1):,.1f}x)")


if __name__ == "__main__":
    main()
