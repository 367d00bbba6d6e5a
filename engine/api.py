"""The engine as a front end sees it: the one module the terminal UI imports the kernel's names
from (issue 45, 4). `engine.game` and `engine.words` are the engine's internals, free to change
shape; what a screen may use of them is named here, and tests/test_code_quality.py fails on
any import of them from `tui/`. docs/api.md, "The front end's module", says what each is.

A screen reads a seat's observation, the question and the events as told to that seat, and
answers with one of the `Action`s the game offers: nothing here hands it the machine, the
frames or a hidden pile.
"""

from __future__ import annotations

from engine.game.game import Game
from engine.game.messages import (
    EVERYONE,
    Action,
    Event,
    Viewer,
    counted,
    counter_words,
    describe_run,
    runs,
    zone_words,
)
from engine.game.number_options import NumberOptions
from engine.game.observation import decide, public_game
from engine.game.rng import fresh_seed

__all__ = [
    "EVERYONE",
    "Action",
    "Event",
    "Game",
    "NumberOptions",
    "Viewer",
    "counted",
    "counter_words",
    "decide",
    "describe_run",
    "fresh_seed",
    "public_game",
    "runs",
    "zone_words",
]
