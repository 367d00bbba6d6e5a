"""A score read while a position holds still is remembered by what it reads (engine/game/
score_reads.py, Table.score): it must be the very score worked out afresh, in every position
of every game, or a bot would judge by a stale board. The analysis may miss nothing a score
reads; what it cannot name, it must not remember."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game_state import new_state
from engine.game.score_reads import COUNTER, PIECES, PILE, STACKS, score_reads
from engine.resources import bundled_variant_names
from long_games import worth_checking
from scenario import variant as bundled

DATA = Path(__file__).parent / "data"
GAMES = [*bundled_variant_names(), *(str(path) for path in sorted(DATA.glob("*.yaml")))]


def scores_afresh(game) -> dict:
    return {(name, p): game.book.score_of[name](game, p) or 0 for name in game.book.score_of for p in range(game.n)}


def scores_remembered(game) -> dict:
    game.score_memo = {}
    try:
        return {(name, p): game.score(name, p) for name in game.book.score_of for p in range(game.n)}
    finally:
        game.score_memo = None


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES, ids=lambda name: Path(name).stem)
def test_a_remembered_score_is_the_score_worked_out_afresh_in_every_position(name):
    """Two random games a variant, every score of every player read through the memory at each
    decision (the first 300 and one in 20 after: long_games.py) against the score worked out
    afresh. The memory is the variant's, shared by both games, so a position whose key another
    position made is read from what that one worked out."""
    variant = load_variant(name)
    remembered = 0
    for seed in range(2):
        game = new_state(variant, 3, seed=seed)
        rnd = random.Random(seed)
        step = 0
        while not game.is_over:
            if worth_checking(step, every=10):
                assert scores_remembered(game) == scores_afresh(game), f"decision {step} of game {seed}"
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
            step += 1
        assert scores_remembered(game) == scores_afresh(game)
        remembered += sum(len(values) for values in game.book.score_cache.values())
    assert remembered or not game.book.score_reads, "a score worth remembering was remembered"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES, ids=lambda name: Path(name).stem)
def test_a_copy_reads_its_own_board_once_it_changes_a_stack(name):
    """A copy shares the stacks' key of the game it was copied from (Table.stacks_key) until
    it changes a stack, as a bot's trials do: each trial, made in a game done with (its old key
    overwritten), is scored after an option is played on it, and must score as worked out
    afresh; the game it was copied from keeps its own."""
    variant = load_variant(name)
    game = new_state(variant, 3, seed=5)
    rnd = random.Random(5)
    spare = game.copy()
    step = 0
    while not game.is_over and step < 400:
        actions = game.legal_actions()
        if step % 7 == 0:
            scores_remembered(game)  # the key made here, shared by the copy
            trial = game.copy(into=spare)
            trial.apply(actions[rnd.randrange(len(actions))])
            assert scores_remembered(trial) == scores_afresh(trial), f"a copy at decision {step}"
            assert scores_remembered(game) == scores_afresh(game), f"decision {step}"
            spare = trial
        game.apply(actions[rnd.randrange(len(actions))])
        step += 1


def test_builders_scores_are_remembered_by_the_board_the_deeds_and_the_money_they_read():
    """Monopoly Builder's scores that count (rules text, "Scoring"): building points read the
    island's stacks and the penthouse counters; monopolies, the deeds kept and mortgaged;
    Billionaire Builder, the money; Community Builder, the largest group of buildings. The
    points, a sum of those, are worked out from them each time (no loop of their own)."""
    reads = score_reads(bundled("monopoly-builder"))
    assert {(r.kind, r.name) for r in reads["buildings"]} == {(STACKS, ""), (COUNTER, "penthouse")}
    assert {(r.kind, r.name) for r in reads["monopolies"]} == {(PILE, "deeds"), (PILE, "mortgaged")}
    assert (COUNTER, "cash") in {(r.kind, r.name) for r in reads["billionaire"]}
    assert "points" not in reads and "money" not in reads


SCORED_BY = """
name: Scored by the turn
edition: test
description: scores that read what the memory cannot key
extends: winning-moves-2016
scores:
  turn_bonus: {most: count player Y where Y is turn_player and Y is X, name: turn bonus}
  leading: {most: count player Y where Y is X and Y is leader, name: leading}
  held: {most: count property P where top of P is X, name: spaces held}
ranking: [held, turn_bonus, leading]
"""


def test_a_score_reading_the_turn_player_or_the_leader_is_never_remembered(tmp_path):
    """`turn_player` and `leader` are read from the turn and the standing, which no key holds:
    such a score is worked out afresh every time, as before there was a memory."""
    path = tmp_path / "scored.yaml"
    path.write_text(SCORED_BY)
    reads = score_reads(load_variant(str(path)))
    assert "turn_bonus" not in reads and "leading" not in reads
    assert {(r.kind, r.name) for r in reads["held"]} == {(STACKS, "")}


SCORED_BY_A_TEST = """
name: Scored through a named test
edition: test
description: a score that reads the board through a test of the variant's
extends: winning-moves-2016
tests:
  holds: |
    takes player X, property P
    top of P is X
  busy: |
    takes property P
    holds(turn_player, P)
scores:
  held: {most: "count property P where holds(X, P)", name: spaces held}
  busy: {most: "count property P where busy(P) and top of P is X", name: busy spaces}
ranking: [held, busy]
"""


def test_a_score_using_a_named_test_is_remembered_by_what_the_test_reads(tmp_path):
    """Issue 47, 8 (greedy slow on Can't Stop): its scores counted the steps where `marker_at(X,
    P)`, a named test (before its markers were pieces), and were worked out afresh at every
    option greedy tried, 29% of its time in one profiled game. A test's body is read with what
    it takes bound: a score using one is remembered by what the body reads, and one whose test
    reads the turn's player is not remembered."""
    path = tmp_path / "scored.yaml"
    path.write_text(SCORED_BY_A_TEST)
    reads = score_reads(load_variant(str(path)))
    assert {(r.kind, r.name) for r in reads["held"]} == {(STACKS, "")}
    assert "busy" not in reads


def test_a_score_counting_pieces_is_remembered_by_where_those_pieces_stand():
    """Issue 47, 8: Can't Stop's scores count each player's markers, pieces (`for each marker
    M`), and were worked out afresh at every option greedy tried. They are remembered by where
    the markers stand, not the runners, which move at every choice of a turn and count for no
    score; `M is not off`, for a marker the loop went through, reads nothing more."""
    reads = score_reads(load_variant(str(DATA / "cant-stop.yaml")))
    for name in ("claimed", "climb"):
        read = {(r.kind, r.name) for r in reads[name]}
        assert (PIECES, "marker") in read and (PIECES, "runner") not in read
