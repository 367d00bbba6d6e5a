"""The events of the log in the runs they are told in (messages.runs), less the lines that say
twice what one move did: a word chosen that was a pass, right before its player's pass ("Red
chooses pass", then "Red passes", for each pass of a round of a window in Monopoly Builder).
The pass says it; the window's box (tui/following.py) folds the same pair the same way."""

from __future__ import annotations

from engine.api import Event, runs


def passed_by_choice(events: list[Event], index: int) -> bool:
    """Whether the event at `index` is a word chosen that its player's pass, next, tells."""
    event = events[index]
    if event.kind != "choose" or event.data.get("what") != "word" or index + 1 >= len(events):
        return False
    after = events[index + 1]
    return after.kind == "pass" and after.data.get("player") == event.data.get("player")


def told_runs(events: list[Event]) -> list[list[Event]]:
    """runs(events), each choice a pass then tells left out."""
    return runs([event for index, event in enumerate(events) if not passed_by_choice(events, index)])
