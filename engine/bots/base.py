"""The bot interface and the registry that turns a spec ("strong:time=0.5") into a bot."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.core.number_options import NumberOptions
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


FEW_NUMBERS = 10
"""A number question over more numbers than this is weighed at a few of them (`considered`)."""


def considered(actions: Sequence) -> Sequence[int]:
    """The indices of the pending options a bot weighs, in their order: every one, but of a
    number question over more than FEW_NUMBERS numbers (a bid of any amount up to all one's
    cash, issue 44: "bots may keep a few steps") only `candidate_numbers`, then what is
    offered beside the numbers (a pass). The one rule every bot chooses by; `actions` are the
    game's (Game.legal_actions), `considered_in` reads an observation's decision."""
    if not isinstance(actions, NumberOptions):
        return range(len(actions))
    money = actions.width > 0 and getattr(actions[0], "what", None) == "money"
    return _weighed(actions.low, actions.high, money, len(actions))


def considered_in(decision: dict) -> Sequence[int]:
    """`considered` for an observation's decision, by its "numbers" (plain or made by `decide`,
    its options list the numbers first, then the rest)."""
    numbers = decision.get("numbers")
    if numbers is None:
        return range(len(decision["options"]))
    return _weighed(numbers["from"], numbers["to"], bool(numbers["money"]), len(decision["options"]))


def _weighed(low: int, high: int, money: bool, options: int) -> Sequence[int]:
    width = high - low + 1
    if width <= FEW_NUMBERS:
        return range(options)
    return [number - low for number in candidate_numbers(low, high, money)] + list(range(width, options))


def candidate_numbers(low: int, high: int, money: bool) -> list[int]:
    """A few numbers from `low` to `high`, both included, in order. An amount of money: the
    least, a step and five steps more, and the most, a step being the largest power of ten
    not above the least (10M over a least bid of 15M, 100M over 400M): a raise stays a raise
    whatever the amounts. Any other number: the least, the most and three between, evenly."""
    if money:
        step = 10 ** (len(str(max(abs(low), 1))) - 1)
        chosen = {low, low + step, low + 5 * step, high}
    else:
        chosen = {low + (high - low) * part // 4 for part in range(5)}
    return sorted(number for number in chosen if low <= number <= high)


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every other bot must beat. Of a
    number question over many numbers, among the few every bot weighs (`considered`): a bid
    up to 900M picked among all its numbers would pass one time in 900, and every auction
    would run until a bidder had no money left."""

    name = "random"

    def choose(self, observation: dict) -> dict:
        decision = observation["decision"]
        options = decision["options"]
        indices = considered_in(decision)
        return options[indices[self.rng.randrange(len(indices))]]


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
