"""The end of a game tells its story (issue 13, point 8): every player's leading score turn
by turn, the longest lead, the takeovers and the cards played.

The story is checked against the events and the engine's own ranking, worked out here
another way (a fresh game replayed action by action, ranked by `rank_players`), for a seeded
bot game of each of the three games."""

from __future__ import annotations

import dataclasses
import doctest
from functools import cache

import pytest

import tui.story
from engine.game.result import rank_players
from engine.savefile import GameRecord
from tui.session import Session
from tui.story import Lead, story_lines, summary_lines
from tui_helpers import headless

GAMES = ["winning-moves-2016", "parker-1985", "monopoly-chance"]
BOTS = ("greedy", "greedy", "greedy")
QUICK_BOTS = {"monopoly-chance": ("random", "random", "random")}
"""Greedy bots take seconds over a game of Monopoly Chance; random ones play a long game (191 turns) at once."""


@cache
def _finished_record(name: str, seats: tuple, seed: int) -> GameRecord:
    session = headless(seats, seed, limit=100_000, name=name)
    assert session.game.is_over
    return session.record


def finished(name: str, seed: int = 1) -> Session:
    """A seeded bot game played to its end (played once, then replayed from its record)."""
    record = _finished_record(name, QUICK_BOTS.get(name, BOTS), seed)
    return Session(dataclasses.replace(record, actions=list(record.actions)))


# ----- what the story says ---------------------------------------------------------------------


def leaders_after_each_turn(session: Session) -> dict[int, int | None]:
    """Who was ahead after each turn, by the engine's own ranking of a fresh game replayed
    action by action (the state at the first decision after the turn, or at the end)."""
    record = session.record
    game = record.new_game()
    turn = max(e.data["number"] for e in game.setup_events if e.kind == "turn")
    after: dict[int, int | None] = {}

    def ahead() -> int | None:
        firsts = [s.player for s in rank_players(game).standings if s.place == 1]
        return firsts[0] if len(firsts) == 1 else None

    for action in record.actions:
        for event in game.apply(action):
            if event.kind == "turn":
                for ended in range(turn, event.data["number"]):
                    after[ended] = ahead()
                turn = event.data["number"]
            elif event.kind == "game_over":
                after[turn] = ahead()
    return after


def longest_run(after: dict[int, int | None]) -> Lead | None:
    best, run = None, None
    for turn in sorted(after):
        player = after[turn]
        run = None if player is None else Lead(player, run.first if run and run.player == player else turn, turn)
        if run and (best is None or run.turns > best.turns):
            best = run
    return best


@pytest.mark.parametrize("name", GAMES)
def test_the_story_of_a_seeded_bot_game_agrees_with_its_events_and_ranking(name):
    session = finished(name)
    story = session.story()
    players = session.record.players
    result = session.game.result()
    # the chart: one series a player, from the first turn's start to the end, ending on the final score
    assert len(story.series) == players
    assert all(len(values) == story.turns + 1 for values in story.series)
    assert story.turns == session.game.turn_number
    final = {s.player: s.scores[story.score.id] for s in result.standings}
    assert [values[-1] for values in story.series] == [final[p] for p in range(players)]
    # the longest lead, by the engine's ranking of the replayed game
    assert story.lead == longest_run(leaders_after_each_turn(session))
    # takeovers: properties taken from another player
    taken = [0] * players
    for e in session.events:
        if e.kind == "take" and e.data["from"] not in (None, e.data["player"]):
            taken[e.data["player"]] += 1
    assert story.takeovers == (taken if any(taken) else [])
    # the cards: every card played, in order, each with words the log used after it that turn
    plays = [(i, e) for i, e in enumerate(session.events) if e.kind in ("play", "react")]
    assert [(c.player, c.card) for c in story.cards] == [
        (e.data["player"], session.shown.card(e.data["card"]).name) for _, e in plays
    ]
    for card, (index, _) in zip(story.cards, plays):
        following = []
        for e in session.events[index + 1 :]:
            if e.kind == "turn":
                break
            following.append(session.describe(e))
        said = card.did.split(" (and ")[0]
        assert said == "nothing to see" or any(said in words for words in following), (card, following)
    # in words: what the game had, and nothing it did not
    lines = story_lines(story, session.shown)
    assert any(line.startswith("Longest lead: ") for line in lines) == (story.lead is not None)
    assert any(line.startswith("Properties taken from another player: ") for line in lines) == bool(story.takeovers)
    assert any(line.startswith("Cards played: ") for line in lines) == bool(story.cards)
    assert len(lines) == len(summary_lines(story, session.shown)) + len(story.cards)


def test_a_loaded_game_tells_the_same_story_as_the_game_played():
    """The chronicle is kept by Session.apply, so a game replayed from its record (a load,
    an undo) has it too."""
    played = headless(BOTS, 1, limit=100_000, name="parker-1985")
    loaded = Session(dataclasses.replace(played.record, actions=list(played.record.actions)))
    assert played.game.is_over and loaded.story() == played.story()


def test_the_story_module_examples():
    assert doctest.testmod(tui.story).failed == 0
