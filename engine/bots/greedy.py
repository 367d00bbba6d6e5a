"""The greedy bot: tries each option on one game sampled from what it knows and keeps the one
the evaluation (engine/bots/evaluate.py) likes best.

A unit placed is judged at once, by ownership computed from the stacks (settling waits for
the end of the roll's building). Any other choice is followed through the player's own
decisions that it leads to (the zone chosen is built in, a card played is resolved, each
step taken greedily one unit or choice at a time) up to the next card decision or another
player's turn, and judged there; an opponent asked to answer a card is assumed to decline.
"""

from __future__ import annotations

from engine.bots.base import Bot, register_bot
from engine.bots.evaluate import Evaluator, ScoreEvaluator, evaluator_for
from engine.game.game import Game
from engine.game.sampling import sample_game
from engine.variant.model import Variant

_FOLLOW = frozenset({"build", "choose", "discard", "react"})
"""Decisions of the player's own that a choice is followed through before it is judged."""
_MAX_FOLLOW = 60


class GreedyBot(Bot):
    """One-step look-ahead with a heuristic evaluation."""

    name = "greedy"

    def __init__(self, variant: Variant, seed: int = 0, **settings: str):
        super().__init__(variant, seed, **settings)
        self.evaluator = evaluator_for(variant)

    def choose(self, observation: dict) -> dict:
        options = observation["decision"]["options"]
        if len(options) == 1:
            return options[0]
        game = sample_game(self.variant, observation, self.rng.getrandbits(63))
        index = best_option(game, observation["player"], self.evaluator, follow=game.decision != "build")
        return options[index]


def best_option(game: Game, me: int, evaluator: Evaluator | ScoreEvaluator, follow: bool) -> int:
    """The index of the pending option with the best score for `me` (the first on a tie)."""
    best_index, best_score = 0, float("-inf")
    for index, action in enumerate(game.legal_actions()):
        trial = game.copy()
        trial.apply(action)
        _run_on(trial, me, evaluator, follow)
        score = evaluator.score(trial, me)
        if score > best_score:
            best_index, best_score = index, score
    return best_index


def carry_through(game: Game, me: int, evaluator: Evaluator | ScoreEvaluator) -> None:
    """Play `me`'s next choices greedily until the game can be judged: the strong bot's
    prior for a choice whose worth shows only later (a flip before its cash is placed)."""
    _run_on(game, me, evaluator, follow=True)


def carry_through_unpeeked(game: Game, me: int, evaluator: Evaluator | ScoreEvaluator) -> None:
    """As `carry_through`, in a deal the caller dealt: each of `me`'s choices is made by
    looking one step ahead on copies, and the cards `me` cannot see are shuffled again before
    the choice is carried out, so that it cannot have foreseen them. Without this, a choice
    to flip another card would be followed, in every deal, by flipping exactly until the card
    before a Bankrupt: a push-your-luck choice looks safe when judged over many deals."""
    _run_on(game, me, evaluator, follow=True, unpeeked=True)


def _shuffle_unseen(game: Game, me: int) -> None:
    """Shuffle each pile whose order `me` may not know: any order is as likely to them."""
    layout = game.layout
    for slot, held in enumerate(game.piles):
        if len(held) > 1 and not layout.seen(slot, me):
            game.rng.shuffle(held)


def _run_on(game: Game, me: int, evaluator: Evaluator | ScoreEvaluator, follow: bool, unpeeked: bool = False) -> None:
    """Carry a choice through to where it can be judged (see the module docstring); with
    `unpeeked`, without foresight of the cards `me` cannot see (carry_through_unpeeked)."""
    for _ in range(_MAX_FOLLOW):
        if game.pending is None:
            return
        if game.current_player != me:
            if game.decision != "react":
                return
            game.apply({"kind": "decline", "arg": None})
            continue
        if not follow or game.decision not in _FOLLOW:
            return
        chosen = game.legal_actions()[best_option(game, me, evaluator, follow=False)]
        if unpeeked:
            _shuffle_unseen(game, me)
        game.apply(chosen)


register_bot("greedy", GreedyBot)
