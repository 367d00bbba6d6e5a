"""The game's only source of chance: a seeded generator whose whole state is one integer,
so copying a game, saving it and replaying it are trivial and exact.

A 64-bit linear congruential step (Knuth's MMIX constants) with only the high 32 bits used,
mapped to a range by multiply-and-shift: one multiplication per draw, which matters because
dice are rolled on every turn of every simulated game. The bias of a draw below n is under
n / 2**32, far below anything a game could show.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """Neighbouring seeds give unrelated games: the seed is scrambled (SplitMix64's
        finaliser) before it becomes the state."""
        z = (seed + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return cls(z ^ (z >> 31))

    def below(self, n: int) -> int:
        """Uniform in range(n) for any n up to 2**32."""
        self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        return ((state >> 32) * n) >> 32

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
