"""The game's only source of chance: a seeded generator held in the state, so copying a game,
saving it and replaying it are exact.

The dice are public and the deck order is secret, so the generator must not give its future
away to someone who watches its past: with the seed or the state, a player would know every
opponent's hand, the deck order and every roll to come. `Rng` is BLAKE2b keyed with a 256-bit
key derived from the seed, in counter mode: block k of output is BLAKE2b(key, k), eight 64-bit
words a block. Knowing every past roll tells nothing of the key, and a new game's seed is 64
bits of OS entropy (`fresh_seed`), far beyond a brute-force search. Its whole state is the key
and the number of words used, and the hash runs in C, one call per eight draws.

`Lcg64`, the generator of save format 1, stays only so that games saved before it was
replaced still replay exactly.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from engine.game.native import mypyc_attr

T = TypeVar("T")

SEED_BITS = 64
"""Bits of OS entropy in a new game's seed."""

_WORDS = struct.Struct("<8Q").unpack
_BLOCK_WORDS = 8


def fresh_seed() -> int:
    """A new game's seed from the operating system's entropy: 64 bits, not 1 in 10**6."""
    return secrets.randbits(SEED_BITS)


@mypyc_attr(allow_interpreted_subclasses=True)  # tests script the dice with a subclass
class Rng:
    """BLAKE2b in counter mode. Draws are uniform with a bias below n / 2**64."""

    __slots__ = ("key", "position", "_hasher", "_words", "_index")

    kind: ClassVar[str] = "blake2b"
    """How a snapshot names this generator."""

    def __init__(self, key: bytes, position: int = 0, _drawn: tuple[Any, tuple[int, ...], int] | None = None):
        """`_drawn` is a twin's hasher, block of words and place in it (`copy`): the same
        generator without hashing its block again."""
        if len(key) != 32:
            raise ValueError("the generator's key is 32 bytes")
        if position < 0:
            raise ValueError("the generator's position cannot be negative")
        self.key = key
        self.position = position
        """Words drawn so far; with the key, the whole state."""
        self._hasher: Any
        self._words: tuple[int, ...]
        self._index: int
        if _drawn is not None:
            self._hasher, self._words, self._index = _drawn
            return
        self._hasher = hashlib.blake2b(key=key, digest_size=64)
        self._words = ()
        self._index = _BLOCK_WORDS
        if position % _BLOCK_WORDS:
            self._fill(position // _BLOCK_WORDS)
            self._index = position % _BLOCK_WORDS

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Every seed gives its own key; neighbouring seeds give unrelated games."""
        data = seed.to_bytes((seed.bit_length() + 8) // 8, "little", signed=True)
        return cls(hashlib.blake2b(data, digest_size=32, person=b"boardwalk-seed").digest())

    def _fill(self, block: int) -> None:
        hasher = self._hasher.copy()
        hasher.update(block.to_bytes(8, "little"))
        self._words = _WORDS(hasher.digest())

    def below(self, n: int) -> int:
        """Uniform in range(n)."""
        index = self._index
        if index == _BLOCK_WORDS:
            self._fill(self.position // _BLOCK_WORDS)
            index = 0
        self._index = index + 1
        self.position += 1
        return (self._words[index] * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, each swap drawn as `below` draws it (written out here: the search
        bots shuffle the cards they cannot see for every deal they try)."""
        words, index, position = self._words, self._index, self.position
        for i in range(len(items) - 1, 0, -1):
            if index == _BLOCK_WORDS:
                self._fill(position // _BLOCK_WORDS)
                words, index = self._words, 0
            j = (words[index] * (i + 1)) >> 64
            index += 1
            position += 1
            items[i], items[j] = items[j], items[i]
        self._index, self.position = index, position

    def copy(self) -> Rng:
        # the hasher is never updated in place (_fill works on a copy of it), so twins share it
        return Rng(self.key, self.position, (self._hasher, self._words, self._index))

    def to_data(self) -> dict:
        return {"kind": self.kind, "key": self.key.hex(), "position": self.position}


_MASK = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


@mypyc_attr(allow_interpreted_subclasses=True)
class Lcg64:
    """Save format 1's generator, kept so that old saves replay exactly: a 64-bit linear
    congruential step (Knuth's MMIX constants) whose high 32 bits are mapped to a range. Its
    future follows from enough of its past outputs, which is why new games use `Rng`."""

    __slots__ = ("state",)

    kind: ClassVar[str] = "lcg64"

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Lcg64:
        z = (seed + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return cls(z ^ (z >> 31))

    def below(self, n: int) -> int:
        self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        return ((state >> 32) * n) >> 32

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Lcg64:
        return Lcg64(self.state)

    def to_data(self) -> str:
        return format(self.state, "x")


Generator = Rng | Lcg64


class RandomSource(Protocol):
    """What a game asks of its generator. A game's `rng` is typed by this, not by a class,
    so that a test's scripted generator stands in for it in the compiled kernel too."""

    def below(self, n: int) -> int: ...
    def shuffle(self, items: MutableSequence[Any]) -> None: ...
    def copy(self) -> RandomSource: ...
    def to_data(self) -> Any: ...


GENERATORS: dict[int, type[Rng] | type[Lcg64]] = {1: Lcg64, 2: Rng}
"""The generator of each snapshot format."""


def generator_from_data(data: Any, format_version: int) -> Generator:
    """A generator from a snapshot's `rng` field; raises ValueError naming what is wrong."""
    if format_version == 1:
        if not isinstance(data, str) or not 0 < len(data) <= 16:
            raise ValueError("a hexadecimal number of at most 16 digits")
        return Lcg64(int(data, 16))
    if not isinstance(data, dict) or data.get("kind") != Rng.kind:
        raise ValueError(f"an object with kind '{Rng.kind}', a key and a position")
    key, position = data.get("key"), data.get("position")
    if not isinstance(key, str) or len(key) != 64:
        raise ValueError("a key of 64 hexadecimal digits")
    if type(position) is not int or not 0 <= position < 2**62:
        raise ValueError("a position that is a whole number from 0")
    return Rng(bytes.fromhex(key), position)
