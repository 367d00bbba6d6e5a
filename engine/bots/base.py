"""The bot interface and the registry that turns a spec ("strong:time=0.5") into a bot."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.variant.model import Variant


class BotSpecError(ValueError):
    """An unknown bot name or setting; the message says what is allowed."""


class Bot:
    """Chooses one of the options of its player's pending decision, from the observation."""

    name = "bot"

    def __init__(self, variant: Variant, seed: int = 0, **settings: str):
        if settings:
            raise BotSpecError(f"bot '{self.name}' takes no settings (got {', '.join(settings)})")
        self.variant = variant
        self.rng = random.Random(seed)

    def choose(self, observation: dict) -> dict:
        """One of `observation["decision"]["options"]` (action dicts the engine accepts)."""
        raise NotImplementedError

    def describe(self) -> str:
        return self.name


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, observation: dict) -> dict:
        options = observation["decision"]["options"]
        return options[self.rng.randrange(len(options))]


_REGISTRY: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


MAX_SPEC = 300
"""The longest bot spec taken: every setting of every bot fits in a third of it. A longer one
(from a command line or a shared save) is refused before any part of it is quoted back."""


def make_bot(spec: str, variant: Variant, seed: int = 0) -> Bot:
    """A bot from a spec such as "random", "greedy" or "strong:iterations=200,time=0.5"."""
    if len(spec) > MAX_SPEC:
        raise BotSpecError(f"a bot spec is at most {MAX_SPEC} characters long (this one has {len(spec):,})")
    name, _, rest = spec.partition(":")
    name = name.strip()
    if name not in _REGISTRY:
        _load_all()  # random is always there: a run of random bots need not import search
    if name not in _REGISTRY:
        raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(sorted(_REGISTRY))})")
    settings: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise BotSpecError(f"bot setting '{part}' should look like name=value")
        settings[key.strip()] = value.strip()
    return _REGISTRY[name](variant, seed, **settings)


_loaded = False


def _load_all() -> None:
    """Import the bot modules so they register themselves: once, at the first bot made that
    is not yet known (kept lazy, as search bots are big: importing them costs a process about
    110 M instructions, and each of simulate's workers is such a process; not at every bot,
    as simulate makes one a seat a game)."""
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil
    import sys

    package = sys.modules[__name__.rpartition(".")[0]]  # engine.bots, which imported this module first
    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in ("base",):
            importlib.import_module(f"engine.bots.{module.name}")
    _loaded = True
