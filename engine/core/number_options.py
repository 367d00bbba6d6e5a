"""The options of a number question (`choose number N from LOW to HIGH`), made only when read.

A bid may be any amount from the least raise to all the bidder's cash: a thousand numbers and
more. Listed one by one, each question would make an action for every number, and each bot
deciding would be shown them all. Held as a range, a question costs the same whatever its
width, and still reads as a list does (its length, an index, a slice, iterating, `in`, `index`,
equality with a list), so everything that reads options keeps working; what cares about the
width (the bots' candidate values, the terminal's amount box) reads `low` and `high`.

The same class holds the question's values (ints, then the word "pass" of `, or pass`), its
actions, and the options an observation shows (dicts): each made from its number by `make`.
Nothing here knows the game: messages.py and game.py say how an action or an option is made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")
U = TypeVar("U")

__all__ = ["NumberOptions", "number_of"]


def number_of(value: Any) -> int | None:
    """The number an option stands for: an int itself, an action's or an option dict's
    argument when it chooses a number (never a bool: `true` is not the number 1); else None."""
    if type(value) is int:
        return value
    if isinstance(value, dict):
        kind, arg = value.get("kind"), value.get("arg")
    else:
        kind, arg = getattr(value, "kind", None), getattr(value, "arg", None)
    return arg if kind == "choose" and type(arg) is int else None


class NumberOptions(Sequence[T]):
    """Every whole number from `low` to `high` (none when `high` is below `low`), each made
    into an option by `make` when first read and kept (a bot reads its few several times),
    then the options `after` (a pass), in that order. Immutable: shared by a game and its
    copies, as a pending decision's list is."""

    __slots__ = ("low", "high", "after", "_make", "_made")

    def __init__(self, low: int, high: int, make: Callable[[int], T], after: tuple[T, ...] = ()) -> None:
        self.low = low
        self.high = max(high, low - 1)
        self.after = after
        """The options that are not numbers, after them: `, or pass`'s pass."""
        self._make = make
        self._made: dict[int, T] = {}

    @property
    def width(self) -> int:
        """How many numbers are offered (the options but `after`)."""
        return self.high - self.low + 1

    @property
    def numbers(self) -> range:
        """The numbers offered, as a range."""
        return range(self.low, self.high + 1)

    def remade(self, make: Callable[[int], U], after: tuple[U, ...]) -> NumberOptions[U]:
        """The same numbers made into other options (a question's values into its actions)."""
        return NumberOptions(self.low, self.high, make, after)

    def __len__(self) -> int:
        return self.width + len(self.after)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        count = self.width
        if index < 0:
            index += len(self)
        if 0 <= index < count:
            made = self._made.get(index)
            if made is None:
                made = self._made[index] = self._make(self.low + index)
            return made
        if count <= index < count + len(self.after):
            return self.after[index - count]
        raise IndexError("option index out of range")

    def __iter__(self) -> Iterator[T]:
        make = self._make
        for number in range(self.low, self.high + 1):
            yield make(number)
        yield from self.after

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """Where `value` is, found by its number rather than by reading every option."""
        found = self._place(value)
        end = len(self) if stop is None else stop
        if found is None or not start <= found < end:
            raise ValueError("not among the options")
        return found

    def _place(self, value: Any) -> int | None:
        number = number_of(value)
        if number is not None and self.low <= number <= self.high and value == self[number - self.low]:
            return number - self.low
        for at, other in enumerate(self.after):
            if value == other:
                return self.width + at
        return None

    def __contains__(self, value: object) -> bool:
        return self._place(value) is not None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, NumberOptions):
            if (self.low, self.high, self.after) != (other.low, other.high, other.after):
                return False
            return self.width == 0 or self[0] == other[0]
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by value, as a list is

    def __repr__(self) -> str:
        after = f" then {list(self.after)!r}" if self.after else ""
        return f"NumberOptions({self.low} to {self.high}{after})"

    def __reduce__(self) -> tuple:
        """Copied or pickled, the options are the plain list they read as."""
        return (list, (list(self),))
