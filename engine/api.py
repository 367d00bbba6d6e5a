"""The engine as a front end sees it: the one module the terminal UI imports the kernel's names
from (issue 45, 4). `engine.game` and `engine.words` are the engine's internals, free to change
shape; what a screen may use of them is named here, and tests/test_code_quality.py fails on
any import of them from `tui/`. docs/api.md, "The front end's module", says what each is.

A screen reads a seat's observation, the question and the events as told to that seat, and
answers with one of the `Action`s the game offers: nothing here hands it the machine, the
frames or a hidden pile.
"""

from __future__ import annotations

from engine.core.number_options import NumberOptions
from engine.game.game import Game, as_known_to, decide
from engine.game.messages import (
    EVERYONE,
    Action,
    Event,
    Texts,
    Viewer,
    counted,
    counter_words,
    describe_run,
    runs,
    zone_words,
)
from engine.game.pricing import reference_costs
from engine.game.rng import fresh_seed
from engine.game.rulebook import rulebook_for
from engine.variant.model import Variant

__all__ = [
    "EVERYONE",
    "Action",
    "Event",
    "Game",
    "NumberOptions",
    "Viewer",
    "counted",
    "counter_words",
    "as_known_to",
    "card_ref",
    "decide",
    "describe_run",
    "fresh_seed",
    "reference_costs",
    "runs",
    "texts_for",
    "zone_words",
]


def card_ref(variant: Variant, code: int) -> str | list:
    """A card in a stack or an option (a code) as a save writes it: its id, or [id, owner]
    for a card of a player's own (Advance to Boardwalk's hotels and lots)."""
    return rulebook_for(variant).card_ref(code)


def texts_for(variant: Variant, players: int) -> Texts:
    """The variant's own words for a game of `players` seats: its names of cards, spaces,
    zones and players, and how it tells each thing (messages.Texts)."""
    return rulebook_for(variant).texts(players)
