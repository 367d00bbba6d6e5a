"""The balance lab: many bot games of a variant (or two, compared), run in parallel, and the
figures an author needs to tell what a house rule changes.

    from engine import load_variant
    from engine.simulate import run_games, build_report
    from engine.simulate.report import render

    variants = [load_variant("winning-moves-2016"), load_variant("house-stormy-weather")]
    run = run_games(variants, players=4, bots=["greedy"], games=500, seed=1)
    print(render(build_report(variants, run, 4, ["greedy"], seed=1), "text"))
"""

from __future__ import annotations

from typing import Any

from engine.simulate.cards import compare_cards
from engine.simulate.play import GameRecord, derive_seed, play_game
from engine.simulate.runner import Run, backend_words, run_games, seat_bots
from engine.simulate.summary import compare, summarize
from engine.variant.model import Variant

__all__ = ["GameRecord", "Run", "build_report", "derive_seed", "play_game", "run_games", "seat_bots"]


def build_report(variants: list[Variant], run: Run, players: int, bots: list[str], seed: int) -> dict:
    """The whole report as plain data: the run's settings, a summary per variant and, for
    two variants, the significance tests of their differences, overall and card by card."""
    summaries = [summarize(v, records, players, bots, run.requested) for v, records in zip(variants, run.records)]
    report: dict[str, Any] = {
        "run": {
            "players": players,
            "bots": list(bots),
            "seed": seed,
            "jobs": run.jobs,
            "backend": backend_words(run),
            "games_requested": run.requested,
            "games_finished": min(len(r) for r in run.records),
            "interrupted": run.interrupted,
            "seconds": run.elapsed,
            "games_per_second": run.games_per_second,
        },
        "variants": summaries,
    }
    if len(summaries) == 2:
        both_played = all(summary["games"] > 0 for summary in summaries)
        report["comparison"] = compare(*summaries) if both_played else []
        report["card_comparison"] = compare_cards(*summaries) if both_played else None
    return report
