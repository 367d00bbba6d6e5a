"""Boardwalk: a rules-variant engine for Advance to Boardwalk.

    from engine import load_variant, new_game, restore
    game = new_game(load_variant("winning-moves-2016"), players=4, seed=7)
"""

from engine.diagnostics import VariantError
from engine.game.game import Game, new_game
from engine.game.messages import Action, Event, IllegalAction
from engine.game.result import Result
from engine.game.snapshot import RestoreError, restore
from engine.variant.load import VariantNotFound, load_variant

__all__ = [
    "Action", "Event", "Game", "IllegalAction", "RestoreError", "Result", "VariantError", "VariantNotFound",
    "load_variant", "new_game", "restore",
]
