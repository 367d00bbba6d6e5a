"""Every statement of the effect language, by its record in the syntax tree: the one table the
checker, the machine, the look-ahead and the check's budget read (engine/words/word.py); and
every kind of event, by its text record (engine/core/event_text.py), the one table the
events are told from."""

from __future__ import annotations

from engine.core.event_text import EventText
from engine.words import (
    card_offer,
    cards,
    choices,
    counters,
    dice,
    flow,
    flow_texts,
    pieces,
    pile_moves,
    routines,
    secret,
    tokens,
    trade_texts,
    trades,
    turns,
    units,
)
from engine.words.word import INLINE, QUIET, StatementWord

STATEMENTS: dict[type, StatementWord] = {
    word.node: word
    for family in (flow, choices, dice, units, cards, card_offer, counters, turns, routines, tokens, trades, secret, pieces,
                   pile_moves)  # pilewords: put every card of PILE on PILE
    for word in family.WORDS
}
"""Each statement's word, by its node type."""

INLINE_STATEMENTS: frozenset[type] = frozenset(t for t, word in STATEMENTS.items() if word.flow in (QUIET, INLINE))
"""Statements that never ask a question nor push a frame: a block of only these runs to its
end in one step."""

QUIET_STATEMENTS: frozenset[type] = frozenset(t for t, word in STATEMENTS.items() if word.flow == QUIET)
"""Statements that, besides never asking nor pushing a frame, never stop the effect nor end
the game (no settling, so no hook): after one, the machine runs the next without looking."""

TEXT_RECORDS: tuple[EventText, ...] = tuple(
    text
    for family in (flow_texts, choices, dice, units, cards, counters, turns, tokens, trade_texts, secret, pieces)
    for text in family.EVENT_TEXTS
)
"""Every event text record of every family, in order (flow's and trades' kept beside their
words, in flow_texts.py and trade_texts.py); a test holds it to one record per kind."""

EVENT_TEXTS: dict[str, EventText] = {text.kind: text for text in TEXT_RECORDS}
"""The text record of each kind of event, by kind: what `Event.describe` tells an event by
(messages.Texts is given it)."""
