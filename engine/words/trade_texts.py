"""The texts of the events of an offer between players (trades.py's `offer trade`): an offer
made, answered, or withdrawn before it was made (engine/core/event_text.py).

They belong with the word in trades.py, and sit beside it in a module of their own only
because they were written while trades.py was being changed for other work; moving
EVENT_TEXTS into trades.py (and the family's name in engine/words/table.py) changes nothing
else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText

if TYPE_CHECKING:
    from engine.game.messages import Texts


def _tell_offer(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return t.offer(d["player"], d["to"], d["give"], d["give_cards"], d["ask"], d["ask_cards"])


def _tell_answer(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} {'accepts' if d['accepted'] else 'declines'} {t.player(d['to'])}'s offer"


def _tell_trade_withdrawn(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} makes {t.player(d['to'])} no offer after all"


EVENT_TEXTS = (
    EventText("trade_offer", ("player", "to", "give", "give_cards", "ask", "ask_cards"), _tell_offer),
    EventText("trade_answer", ("player", "to", "accepted"), _tell_answer),
    EventText("trade_withdrawn", ("player", "to"), _tell_trade_withdrawn),
)
