"""The texts of the events of flow.py's words: a window opened and a pass in it, a program's
own words, and an effect stopped at its step budget (engine/core/event_text.py).

They belong with the words in flow.py, and sit beside it in a module of their own only
because they were written while flow.py was being changed for other work; moving
EVENT_TEXTS into flow.py (and the family's name in engine/words/table.py) changes nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText, listed

if TYPE_CHECKING:
    from engine.game.messages import Texts


def _tell_window(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """Who takes turns in the window, the first of them first."""
    players = d["players"]
    if len(players) == 1:
        return f"{t.player(players[0])} takes turns until passing"
    return f"{listed([t.player(player) for player in players])} take turns, {t.player(players[0])} first, until all pass"


def _tell_pass(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} passes"


def _tell_say(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return d["text"]


def _tell_effect_limit(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.source(d['card'])} stops: it tried to do more than {d['steps']:,} things"


EVENT_TEXTS = (
    EventText("window", ("players", "at"), _tell_window),
    EventText("pass", ("player",), _tell_pass),
    EventText("say", ("text",), _tell_say),
    EventText("effect_limit", ("card", "steps"), _tell_effect_limit),
)
