"""The names of a loop board's spaces in the room a cell has, and the legend of the board's
marks (issue 46, 5). A short name must name one space only ('FP' was both Forest Park and Free
Parking); a wide screen has room for the whole name over a few lines; and what the marks under a
space mean (an owner's letter, a pile's mark, '+4') is said on the board, from the variant's
own names, not left to be guessed."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from itertools import combinations, islice

from tui import figures
from tui.session import View


def space_name(view: View, prop: int) -> str:
    """A space's own name, else its zone's ('Chance')."""
    found = view.variant.properties[prop]
    zone = next(z for z in view.variant.zones if z.id == found.zone)
    return found.name or zone.name


def _cuts(name: str, width: int) -> Iterator[str]:
    """A name's short forms of at most `width` letters, the most even first: the first
    letters of each of its words ('Free Parking' at 4: 'FrPa', at 3: 'FrP', then 'FPa'), then
    its start."""
    words = [w for w in re.split(r"[\s/]+", name) if w]
    if not words:
        yield name[:width]
        return
    if len(words) > width:  # more words than letters: the initials of some of them, in order
        for chosen in combinations(words, width):
            yield "".join(w[0] for w in chosen)
    else:
        seen: set[str] = set()
        for total in range(width, len(words) - 1, -1):
            shares = sorted(_shares(total, [len(w) for w in words]), key=lambda s: (max(s) - min(s), [-x for x in s]))
            for share in shares:
                cut = "".join(w[:n] for w, n in zip(words, share))
                if cut not in seen:
                    seen.add(cut)
                    yield cut
    yield name[:width]
    letters = [c for c in name if not c.isspace()]  # at the last, any letters of it in order
    for picked in islice(combinations(letters, width), 2000):
        yield "".join(picked)


def _shares(total: int, lengths: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to give `total` letters to words of these lengths, at least one each."""
    if len(lengths) == 1:
        if 1 <= total <= lengths[0]:
            yield (total,)
        return
    for first in range(1, min(lengths[0], total - len(lengths) + 1) + 1):
        for rest in _shares(total - first, lengths[1:]):
            yield (first, *rest)


def short_names(view: View, width: int) -> dict[str, str]:
    """Each name of a loop's spaces in one line of `width`: whole where it fits, else cut so
    that no two names read the same (spaces of one name share it), in the loop's order."""
    names: dict[str, str] = {}
    taken: set[str] = set()
    for prop in view.variant.loop:
        name = space_name(view, prop)
        if name in names:
            continue
        if len(name) <= width:
            names[name] = name
        else:
            names[name] = next((cut for cut in _cuts(name, width) if cut not in taken), name[:width])
        taken.add(names[name])
    return names


def name_lines(view: View, prop: int, width: int, lines: int, short: dict[str, str]) -> list[str]:
    """A space's name in at most `lines` lines of `width`: whole, wrapped at its words, where
    it fits; else its one-line short form."""
    name = space_name(view, prop)
    if lines > 1:
        wrapped = textwrap.wrap(name, width, break_long_words=False)
        if len(wrapped) <= lines and all(len(line) <= width for line in wrapped):
            return wrapped
        # whole still, a word too long for the cell broken with a hyphen: 'Harb- / our / Row'
        broken = hyphenated(name, width)
        if width >= 4 and len(broken) <= lines:
            return broken
        # its words cut to the cell, on lines of their own where need be: 'Colle / 2 Dump'
        if width >= 4:
            cut = textwrap.wrap(" ".join(w[:width] for w in re.split(r"[\s/]+", name) if w), width)
            if len(cut) <= lines:
                return cut
    return [short.get(name, name[:width])]


def hyphenated(name: str, width: int) -> list[str]:
    """A name in lines of `width`, its words whole where they fit and the words longer than a
    line broken with a hyphen, each piece on a line of its own ('Harbour Row' at 5: 'Harb-',
    'our', 'Row'). Only for a width of 4 or more (a piece and its hyphen)."""
    lines: list[str] = []
    joinable = False  # whether the last line may take the next word after a space
    for word in (w for w in re.split(r"\s+", name) if w):
        if len(word) <= width:
            if joinable and len(lines[-1]) + 1 + len(word) <= width:
                lines[-1] += " " + word
            else:
                lines.append(word)
            joinable = True
            continue
        lines += _pieces(word, width)
        joinable = True
    return lines


def _pieces(word: str, width: int) -> list[str]:
    """A word too long for a line in the fewest pieces, as even as they can be ('Cha-', 'nce',
    not 'Chan-', 'ce'), each but the last ending in a hyphen."""
    count = 2
    while (count - 1) * (width - 1) + width < len(word):
        count += 1
    sizes = [len(word) // count + (1 if i < len(word) % count else 0) for i in range(count)]
    for i in range(count - 1):  # a piece and its hyphen in a line: the excess goes on to the next
        if sizes[i] > width - 1:
            sizes[i + 1] += sizes[i] - (width - 1)
            sizes[i] = width - 1
    pieces, at = [], 0
    for size in sizes:
        pieces.append(word[at:at + size])
        at += size
    return [piece + "-" for piece in pieces[:-1]] + [pieces[-1]]


def legend(view: View, width: int, key: str = "") -> str:
    """What the marks under a loop's spaces and on its grids mean, in the variant's words, as
    many as fit `width`: the players' letters, a pile's mark on a deed ('Rm mortgaged
    deeds'), the variant's own pieces (tui/figures.py), a count lying on a space ('+4 lying
    there'), a grid's height and letter; and the key of the reference card, where every short name is given whole."""
    first = view.seats[0]
    parts = [" ".join(seat.mark for seat in view.seats) + " owners", *figures.legend_parts(view)]
    parts += [f"{first.mark}{pile.mark} {pile.name}" for pile in view.variant.piles if pile.each == "player" and pile.mark]
    if any(c.each == "space" for c in view.variant.counters):
        parts.append("+4 lying there")
    on_loop = set(view.variant.loop)
    for zone in view.variant.zones:
        if zone.columns and not on_loop.intersection(zone.properties):
            parts.append(f"{zone.name} 2{first.mark}: 2 high, {first.name}'s")
    if key:
        parts.insert(0, f"{key} names, costs")
    return figures.joined(parts, width)
