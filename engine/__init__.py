"""Boardwalk: a rules-variant engine for board games written as data (the bundled ones are in variants/).

    from engine import load_variant, new_game, restore
    game = new_game(load_variant("winning-moves-2016"), players=4, seed=7)

The names below are imported on first use, so a command that needs only part of the engine
(the terminal UI's first screen, `boardwalk check`) does not pay for the rest.
"""

from __future__ import annotations

import importlib

from engine import accel

TYPE_CHECKING = False
"""True for type checkers only: `typing` itself costs a third of a bare Python's start, and
every `boardwalk` command imports this package first."""

accel.activate(__path__)  # the compiled kernel, when it was built from these sources (engine/accel.py)

_EXPORTS = {
    "VariantError": "engine.diagnostics",
    "Game": "engine.game.game",
    "new_game": "engine.game.game",
    "Action": "engine.game.messages",
    "Event": "engine.game.messages",
    "IllegalAction": "engine.game.messages",
    "Result": "engine.game.result",
    "RestoreError": "engine.game.snapshot",
    "restore": "engine.game.snapshot",
    "VariantNotFound": "engine.variant.load",
    "load_variant": "engine.variant.load",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors; `X as X` marks a re-export
    from typing import Any

    from engine.diagnostics import VariantError as VariantError
    from engine.game.game import Game as Game
    from engine.game.game import new_game as new_game
    from engine.game.messages import Action as Action
    from engine.game.messages import Event as Event
    from engine.game.messages import IllegalAction as IllegalAction
    from engine.game.result import Result as Result
    from engine.game.snapshot import RestoreError as RestoreError
    from engine.game.snapshot import restore as restore
    from engine.variant.load import VariantNotFound as VariantNotFound
    from engine.variant.load import load_variant as load_variant
