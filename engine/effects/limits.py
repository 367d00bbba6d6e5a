"""The bounds that keep every effect cheap and every number printable, in one place.

A variant file may come from anyone. Python's integers grow without end and its conversion of
a long integer to text fails (past 4,300 digits), so a number that may be shown in a message or
the game log must stay small; and an expression checked once but evaluated at every decision
must have a cost the check can see. docs/variants.md, "Limits", lists these for authors.
"""

from __future__ import annotations

MAX_NUMBER = 1_000_000_000
"""No number in an effect is larger than this, or smaller than its negative: a number written
in an effect above it is refused, so is arithmetic on known values that goes past it, and any
other arithmetic stops at it during play."""

MAX_EXPRESSION_DEPTH = 50
"""How many parts of an expression may sit inside one another (a chain `1 + 2 + 3` puts each
`+` inside the next). Checking, compiling and evaluating an expression recurse over its parts,
so this bound is what keeps them clear of Python's recursion limit."""

MAX_EXPRESSION_COST = 20_000
"""The most steps one expression may take to evaluate in the worst case, as `cost.py` counts
them from the size of the board. A `where` over every property of the largest board the
schema allows (520) may take up to 37 steps per property; on a 20-property board, a count
may nest inside another, but a third inside those (at least 33,000 steps) is refused."""


MAX_REPEAT = 100
"""Rounds of one `repeat`, units of one `build`, cards of one `draw` or `discard`, and choices
of one `choose number`, at most."""

MAX_EFFECT_STEPS = 10_000
"""Statements one card may carry out. Loops nest, so the whole card has a budget too: past it
the card stops, and the log says so."""

MAX_CARD_COST = 2_000_000
"""The most steps playing one card may take in the worst case: each statement's cost times
how often the loops around it can run it (a tenth of a second or so). Without it, loops around
an expression just under MAX_EXPRESSION_COST made one card take thirteen seconds."""


MAX_PROGRAM_COST = 10_000_000
"""The same for one run of a game's program (a turn, a hook): it runs once a turn, not at
every decision the way a card's condition and followability are looked at, and it does the
whole game's bookkeeping (a round's scoring moves every card of the table)."""


def clamp(value: int) -> int:
    """`value`, held between -MAX_NUMBER and MAX_NUMBER."""
    if value > MAX_NUMBER:
        return MAX_NUMBER
    if value < -MAX_NUMBER:
        return -MAX_NUMBER
    return value
