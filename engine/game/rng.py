"""The game's only source of chance: a seeded SplitMix64 generator whose whole state is one
integer, so copying a game, saving it and replaying it are trivial and exact."""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        rng = cls(seed)
        rng.next()  # decorrelate small neighbouring seeds
        return rng

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in range(n); the modulo bias is below 2**-57 for any die or deck here."""
        return self.next() % n

    def choice(self, items):
        return items[self.next() % len(items)]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
