"""Every statement of the effect language, by its record in the syntax tree: the one table the
checker, the machine, the look-ahead and the check's budget read (engine/words/word.py)."""

from __future__ import annotations

from engine.words import card_offer, cards, choices, counters, dice, flow, routines, tokens, trades, turns, units
from engine.words.word import INLINE, QUIET, StatementWord

STATEMENTS: dict[type, StatementWord] = {
    word.node: word
    for family in (flow, choices, dice, units, cards, card_offer, counters, turns, routines, tokens, trades)
    for word in family.WORDS
}
"""Each statement's word, by its node type."""

INLINE_STATEMENTS: frozenset[type] = frozenset(t for t, word in STATEMENTS.items() if word.flow in (QUIET, INLINE))
"""Statements that never ask a question nor push a frame: a block of only these runs to its
end in one step."""

QUIET_STATEMENTS: frozenset[type] = frozenset(t for t, word in STATEMENTS.items() if word.flow == QUIET)
"""Statements that, besides never asking nor pushing a frame, never stop the effect nor end
the game (no settling, so no hook): after one, the machine runs the next without looking."""
