"""A board of lanes: a board whose spaces do not fit side by side as towers at 80 columns
(a dice race of eleven columns, 58 to 83 steps) is drawn as one lane a zone, its spaces
left to right from the first, each with what stands on it.

BoardView draws a board without a loop as towers, one column of characters a space: that is
legible while each space has two characters. A board of eleven columns of three to thirteen
steps had one, and was "one wrapped strip of digits, and its pieces are invisible at 80x24"
(issue 47, 9). Laid as lanes in two blocks, the same board takes six rows and shows every
piece by its owner's letter. The choice depends on the variant alone, not on the terminal's
width, so that a board does not change shape when the window is resized."""

from __future__ import annotations

from engine.variant.model import Variant

NARROWEST = 80
"""The terminal width the screens are made for: a board whose towers do not fit in it at two
characters a space is drawn as lanes."""

MOST_ROWS = 8
"""The rows the lanes may take (the board's rows at 80x24): more lanes than this go in blocks
side by side."""

GAP = 2
"""Columns between two blocks of lanes."""


def drawn_as_lanes(variant: Variant) -> bool:
    """Whether the board is drawn as lanes: it has zones, no loop tokens go round and no
    track, and its spaces as towers two characters wide (no gap but between zones) are wider
    than the narrowest screen."""
    spaces, zones = len(variant.properties), len(variant.zones)
    return bool(zones) and not variant.loop and variant.track is None and 2 * spaces + zones - 1 > NARROWEST


def blocks(variant: Variant) -> int:
    """How many blocks of lanes stand side by side: as few as keep each within MOST_ROWS."""
    return max(1, -(-len(variant.zones) // MOST_ROWS))


def rows(variant: Variant) -> int:
    """The rows the lanes take."""
    return -(-len(variant.zones) // blocks(variant)) if variant.zones else 0


def labels(variant: Variant) -> list[str]:
    """Each zone's name without the words every zone's name begins with ('Column 2' ..
    'Column 12': '2' .. '12'), so that the lanes' labels are short and still each its own."""
    names = [zone.name for zone in variant.zones]
    words = [name.split() for name in names]
    common = 0
    while all(len(w) > common + 1 for w in words) and len({w[common] for w in words}) == 1:
        common += 1
    return [" ".join(w[common:]) for w in words]


def cell_width(variant: Variant, width: int, label: int) -> int:
    """Characters a space takes: three where the blocks fit `width` so, else two, else one."""
    count = blocks(variant)
    return next((c for c in (3, 2) if count * block_width(variant, c, label) + (count - 1) * GAP <= width), 1)


def block_width(variant: Variant, cell: int, label: int) -> int:
    """A block's width: the label, a space, the longest lane's cells and its bar."""
    longest = max((len(zone.properties) for zone in variant.zones), default=0)
    return label + 1 + longest * cell + 1


def place(variant: Variant, index: int, cell: int, label: int) -> tuple[int, int]:
    """The row and the first column of the zone `index`'s lane: down the first block, then
    the next."""
    block, row = divmod(index, rows(variant))
    return row, block * (block_width(variant, cell, label) + GAP)
