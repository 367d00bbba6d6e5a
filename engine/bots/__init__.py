"""Computer players. Every bot decides from `game.observation(player)` alone, never from the
game itself: it cannot see other hands, the order of the draw pile or the coming dice.

    bot = make_bot("greedy", variant, seed=1)
    action = bot.choose(game.observation(game.current_player))   # one of the offered options
    game.apply(action)

A spec is a bot name with optional settings after a colon, e.g. "strong:iterations=400".
"""

from __future__ import annotations

from engine import accel

accel.extend(__path__, "bots")  # the compiled evaluation, when the kernel is in use (engine/accel.py)

from engine.bots.base import Bot, BotSpecError, bot_names, make_bot  # noqa: E402 - after the path is extended

__all__ = ["Bot", "BotSpecError", "make_bot", "bot_names"]
