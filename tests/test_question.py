"""The question as a value (issue 45, 1): `Game.question` is the pending decision with what it
is about and where it stands, worked out in one place, and the observation's "question" is the
part of it each seat may know."""

from __future__ import annotations

import random

import pytest

from engine import load_variant
from engine.game.game_state import new_state
from engine.resources import bundled_variant_names
from engine.words.flow import WindowFrame
from engine.words.trades import TradeOfferFrame
from test_offer_answers import GEMS


def _games(write):
    """Every bundled game, and one written for the test whose rounds of deals hold offers of
    money, gems and cards on show (tests/test_offer_answers.py)."""
    for name in bundled_variant_names():
        yield name, load_variant(name)
    yield "gem traders", load_variant(write(GEMS))


@pytest.mark.slow  # random games of every bundled variant checked at each decision: about 15 s
def test_the_question_is_the_pending_decision_with_its_windows_and_its_offer(write):
    """At every decision of random games: the question's kind, player and options are the
    decision's; its windows are the open `take turns` windows, outermost first; its trade is
    the offer being put together or answered; and each seat's observation carries the part
    of it that seat may know."""
    windows_seen = trades_seen = 0
    for name, variant in _games(write):
        for seed in range(2):
            game = new_state(variant, players=variant.player_counts[seed % len(variant.player_counts)], seed=seed)
            rng = random.Random(seed)
            for _ in range(600):
                question = game.question
                if game.is_over:
                    assert question is None
                    break
                assert question is not None
                assert (question.kind, question.player) == (game.decision, game.current_player), name
                assert list(question.options) == list(game.legal_actions()), name
                frames = [(at, f) for at, f in enumerate(game.frames) if type(f) is WindowFrame]
                assert [(w.at, w.body, w.players, w.turns) for w in question.windows] == \
                    [(at, f.b, tuple(f.players), f.i) for at, f in frames], name
                assert question.window == (question.windows[-1] if question.windows else None)
                top = game.frames[-1]
                if type(top) is TradeOfferFrame:
                    assert question.trade is not None and (question.trade.proposer, question.trade.partner,
                                                           question.trade.stage) == (top.proposer, top.partner, top.stage)
                    trades_seen += 1
                else:
                    assert question.trade is None, name
                windows_seen += bool(question.windows)
                for seat in range(game.n):
                    assert game.observation(seat)["question"] == question.seen_by(seat), (name, seat)
                assert game.public_observation()["question"] == question.seen_by(None), name
                game.apply(rng.choice(list(game.legal_actions())))
    assert windows_seen and trades_seen  # the games did open windows and make offers


@pytest.mark.parametrize("name", ["monopoly-chance", "gem traders"])
def test_another_seat_is_told_who_is_asked_and_about_which_public_thing_only(name, write):
    """A seat not asked, and a spectator, learn who is asked, the kind, the card and space
    the question is about, its windows and its offer; never the pile a card is chosen from or
    what the asking statement names (the cash card to place), which are the asked player's."""
    variant = load_variant(write(GEMS)) if name == "gem traders" else load_variant(name)
    game = new_state(variant, players=2, seed=4)
    rng = random.Random(4)
    private = 0
    while not game.is_over and private < 20:
        question = game.question
        assert question is not None
        for seat in (*range(game.n), None):
            seen = question.seen_by(seat)
            assert (seen["kind"], seen["player"], seen["card"], seen["space"]) == \
                (question.kind, question.player, question.card, question.space)
            if seat != question.player:
                assert seen["pile"] is None and seen["about"] == []
        private += bool(question.pile or question.about)
        game.apply(rng.choice(list(game.legal_actions())))
    assert name == "gem traders" or private, "no question named a pile or a card in 20 looks"
