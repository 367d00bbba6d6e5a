"""Building a game in a chosen position, with chosen dice, for rule tests.

`position(...)` starts a real game, then puts units, hands and tokens where a rulebook
example has them and makes the dice roll what the example rolls. Dice are scripted by
replacing the game's generator with one that returns the listed values in order.
"""

from __future__ import annotations

from dataclasses import replace

from engine import load_variant, new_game
from engine.game.frames import GameFrame
from engine.game.game import Game
from engine.game.rng import Rng
from engine.variant.model import Rules

_VARIANTS: dict = {}


def variant(name: str = "winning-moves-2016", **rules):
    """A bundled variant, with some rule switches changed (as a house rule would)."""
    key = (name, tuple(sorted(rules.items())))
    if key not in _VARIANTS:
        base = load_variant(name)
        changed = replace(base, rules=Rules({**base.rules, **rules}), content_hash=f"{base.content_hash}+{sorted(rules.items())}")
        _VARIANTS[key] = changed if rules else base
    return _VARIANTS[key]


class ScriptedRng(Rng):
    """Returns scripted results for `below(n)`; falls back to a seeded stream when empty."""

    __slots__ = ("script",)

    def __init__(self, script: list[int]):
        super().__init__(bytes(32))
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert 0 <= value < n, f"scripted {value} is not below {n}"
            return value
        return super().below(n)

    def shuffle(self, items) -> None:
        """Fisher-Yates with each swap drawn by `below`, as Rng.shuffle draws them, so that a
        script covers shuffles too (Rng.shuffle itself draws its words without the call)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def prop(game: Game, zone: str, value: int) -> int:
    """The index of the property worth `value` in `zone`."""
    for index in game.variant.zones[[z.id for z in game.variant.zones].index(zone)].properties:
        if game.variant.properties[index].value == value:
            return index
    raise KeyError((zone, value))


def seat(game: Game, name: str) -> int:
    return [s.id for s in game.variant.seats].index(name)


def roll(a: int, b: int, face: str, variant_name: str = "winning-moves-2016") -> list[int]:
    """Script values for one turn's roll: two number dice and a colour die face."""
    return dice(a, b, variant_name=variant_name) + colour(face, variant_name)


def dice(*values: int, variant_name: str = "winning-moves-2016") -> list[int]:
    """Script one roll of all the number dice (the engine draws them as one number)."""
    numbers = list(variant(variant_name).die("number").faces)
    combined = 0
    for value in reversed(values):
        combined = combined * len(numbers) + numbers.index(value)
    return [combined]


def colour(face: str, variant_name: str = "winning-moves-2016") -> list[int]:
    return [list(variant(variant_name).die("colour").faces).index(face)]


def position(
    variant_name: str = "winning-moves-2016",
    players: int = 4,
    stacks: dict[tuple[str, int], list[str]] | None = None,
    hands: dict[str, list[str]] | None = None,
    turn: str | None = None,
    script: list[int] | None = None,
    supply: dict[str, int] | None = None,
    pile: list[str] | None = None,
    rules: dict | None = None,
) -> Game:
    """A game at the start of `turn`'s turn with the given board; the turn's roll uses `script`.

    stacks: {("red", 5): ["gray", "white", "white"]} lists units bottom to top by seat id.
    hands: {"gray": ["windfall"]} gives those players these hands; everyone else holds no
    card, so no card question comes up unless a test asks for one. The ownership and tokens
    are settled from the stacks before the turn starts.
    """
    game = new_game(variant(variant_name, **(rules or {})), players, seed=1)
    ids = [s.id for s in game.variant.seats]
    cards = {c.id: i for i, c in enumerate(game.variant.cards)}
    game.stacks = [[] for _ in game.stacks]
    game.supply = [game.start_units] * players
    for (zone, value), units in (stacks or {}).items():
        index = prop(game, zone, value)
        game.stacks[index] = [ids.index(u) for u in units]
        for u in units:
            game.supply[ids.index(u)] -= 1
    for name, count in (supply or {}).items():
        game.supply[ids.index(name)] = count
    for name in ids[:players]:
        dealt = list(game.hand(ids.index(name)))
        game.hand(ids.index(name))[:] = [cards[c] for c in (hands or {}).get(name, [])]
        game.pile_of("deck").extend(dealt)  # every card stays in the game
    if pile is not None:
        game.pile_of("deck")[:] = [cards[c] for c in pile]
    game.holder = [None] * len(game.stacks)
    game.worth = [0] * players
    game.held = [0] * players
    for index in range(len(game.stacks)):
        owner = game.owner_of(index)
        game.holder[index] = owner
        if owner is not None:
            game.worth[owner] += game.variant.properties[index].value
            game.held[owner] += 1
    game.tokens = [min(game.variant.track.length, w) for w in game.worth]
    game.dirty = set()
    current = ids.index(turn) if turn else game.order[0]
    game.order = [(current + i) % players for i in range(players)]
    game.turn_pos = 0
    game.rng = ScriptedRng(script or [])
    game.frames = [GameFrame("turns")]  # the next step starts the turn of `turn`
    game.asked = None
    game.over = False
    game._events = []
    game._advance()
    return game


def events_of(game: Game) -> list:
    return list(game._events)


def start_turn_of(game: Game, current: int, script=()) -> Game:
    """The game at the start of seat `current`'s turn (turn order going round from it), its
    dice rolling `script`, played up to its first decision: how the rule tests of the games
    written as whole programs start a position they have laid out."""
    players = game.n
    game.order = [(current + i) % players for i in range(players)]
    game.turn_pos = 0
    game.rng = ScriptedRng(list(script))
    game.frames = [GameFrame("turns")]
    game.asked = None
    game._events = []
    game._advance()
    return game
