"""The general words of issue 27 at the boundaries: a variant using all of them
(tests/data/every-new-word.yaml: a loop of spaces with a passing bonus, counters of each
space, a grid and a score over it, another turn, an auction paid through a routine, a window
of deals and offers) plays to its end with every bot, keeps every invariant,
and its snapshots, taken half-way through a window or an offer and then damaged, are refused
with the field named or restored to a game that plays to its end (issue 10, 5)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from engine import RestoreError, load_variant
from engine.bots import make_bot
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.snapshot import restore_state
from test_restore_boundary import mutate, play_to_the_end

VARIANT = load_variant(Path(__file__).parent / "data" / "every-new-word.yaml")


def _snapshots(count: int, seed: int) -> list[dict]:
    """Snapshots of random games, half of them in a window or an offer."""
    rnd = random.Random(seed)
    found: list[dict] = []
    while len(found) < count:
        game = new_state(VARIANT, rnd.choice([2, 3, 4]), seed=rnd.randrange(10**6))
        for _ in range(rnd.randrange(0, 120)):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        data = json.loads(json.dumps(game.to_dict()))
        if len(found) % 2 and not any(frame["t"] in ("win", "trade") for frame in data["frames"]):
            continue
        found.append(data)
    return found


@pytest.mark.parametrize("bots", [("random", "random", "random"), ("greedy", "random", "greedy")])
def test_every_new_word_plays_to_the_end_with_the_bots_keeping_every_invariant(bots):
    told: Counter = Counter()
    for seed in (1, 2):
        game = new_state(VARIANT, len(bots), seed=seed)
        players = [make_bot(spec, VARIANT, seed=seed + seat) for seat, spec in enumerate(bots)]
        for _ in range(3000):
            if game.is_over:
                break
            assert broken_invariants(game) == []
            player = game.current_player
            told.update(event.kind for event in game.apply(players[player].choose(game.observation(player))))
        assert game.is_over
    assert told["advance"] and told["pass"] and told["trade_withdrawn"] + told["trade_offer"]


@pytest.mark.slow
def test_the_words_work_together_a_passing_bonus_an_auction_a_routine_an_offer_and_a_grid_score():
    """issue 27, done when: "a short variant written for the tests uses them together: a
    looping track with a passing bonus, an auction, an offer between players, a routine, and
    a grid score. It plays to its end with every bot" (the bots: the test above and
    test_bots' any-variant test)."""
    rnd = random.Random(5)
    seen: Counter = Counter()
    loop = list(VARIANT.loop)
    for seed in range(12):
        game = new_state(VARIANT, 3, seed=seed)
        while not game.is_over:
            actions = game.legal_actions()
            action = actions[rnd.randrange(len(actions))]
            mover, before = game.turn_player, game.observation(0)["counters"]
            cash, bid = list(before["cash"]), before["high_bid"]
            passed = None
            for event in game.apply(action):
                data = event.data
                if event.kind == "advance":  # the spaces gone by, not counting where it lands
                    start = loop.index(data["from"])
                    passed = data["player"] if 0 in [loop[(start + k) % len(loop)] for k in range(1, data["spaces"])] else None
                elif event.kind == "counter" and data["counter"] == "cash" and passed is not None:
                    seen["bonus for passing"] += data["player"] == passed and data["value"] == cash[passed] + 2
                    passed = None
                elif event.kind == "build" and data["player"] != mover:  # only an auction builds for another
                    buyer = data["player"]
                    seen["sold at auction"] += 1
                    seen["paid through the routine"] += cash[buyer] - game.observation(0)["counters"]["cash"][buyer] == bid > 0
                seen[event.kind] += 1
            seen["grid score"] += any(game.observation(0)["scores"]["green_group"])
    assert seen["bonus for passing"] and seen["sold at auction"] and seen["paid through the routine"]
    assert seen["trade_offer"] and seen["grid score"], seen


@pytest.mark.slow
def test_damaged_snapshots_in_windows_and_offers_are_refused_or_play_on():
    rnd = random.Random(27)
    pool = _snapshots(24, seed=27)
    assert any(frame["t"] == "trade" for data in pool for frame in data["frames"])
    assert any(frame["t"] == "win" for data in pool for frame in data["frames"])
    tally: Counter = Counter()
    for _ in range(600):
        damaged = mutate(rnd.choice(pool), rnd)
        try:
            game = restore_state(VARIANT, damaged)
        except RestoreError as error:
            assert str(error)
            tally["refused"] += 1
            continue
        assert broken_invariants(game) == []
        play_to_the_end(game, rnd)
        tally["played on"] += 1
    assert tally["refused"] > 300 and tally["played on"] > 0


def test_a_saved_game_of_every_new_word_loads_and_goes_on_identically(tmp_path):
    """Saves record actions: an offer's steps ('give a_counter_named_at_length 1000') and the
    rest load back and replay to the same position."""
    from engine.savefile import GameRecord, Seat, load_game, save_game

    source = str(Path(__file__).parent / "data" / "every-new-word.yaml")
    record = GameRecord(VARIANT, source, 3, 5, [Seat("Ann"), Seat("Bo"), Seat("Cy")])
    game = record.new_game()
    rnd = random.Random(5)
    kinds = set()
    for _ in range(400):
        if game.is_over:
            break
        action = rnd.choice(game.legal_actions()).to_dict()
        kinds.add(action["kind"])
        record.actions.append(action)
        game.apply(action)
    assert {"trade", "reply"} <= kinds
    path = tmp_path / "game.json"
    save_game(path, record, game)
    loaded = load_game(path)
    assert loaded.warnings == [] and loaded.game.to_dict() == game.to_dict()
