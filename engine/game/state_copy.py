"""Generated from engine/game/state.py's STATE by `python -m engine.game.state`: do not edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game.game_state import GameState


def copy_state(source: GameState, target: GameState) -> None:
    """Give `target` its own copy of every field of `source`, each as its shape in STATE
    says; the stacks are shared until changed (GameState.own_stack)."""
    target.start_units = source.start_units
    target.stacks = source.stacks.copy()
    source.owned_stacks = target.owned_stacks = 0
    target.stacks_key = source.stacks_key
    target.supply = source.supply.copy()
    target.piles = [pile.copy() for pile in source.piles]
    target.in_play = source.in_play.copy()
    target.holder = source.holder.copy()
    target.worth = source.worth.copy()
    target.held = source.held.copy()
    target.tokens = source.tokens.copy()
    target.positions = source.positions.copy()
    target.pieces = {key: items.copy() for key, items in source.pieces.items()}
    target.dirty = set(source.dirty)
    target.order = source.order.copy()
    target.turn_pos = source.turn_pos
    target.next_player = source.next_player
    target.turn_number = source.turn_number
    target.rolled = {key: items.copy() for key, items in source.rolled.items()}
    target.counters = source.counters.copy()
    target.player_counters = {key: items.copy() for key, items in source.player_counters.items()}
    target.turn_plays = source.turn_plays.copy()
    target.frames = [frame.copy() for frame in source.frames]
    target.decisions = source.decisions
    target.told = source.told
    target.worked = source.worked
    target.over = source.over
    target.end_reason = source.end_reason
    target.dropped = set(source.dropped)
