"""Options found by typing: "green 8", "g8", "$8M green", or part of a street's name (the
key of each option is tui/keys.py's). Every word matched comes from the variant (its zones, values, property
and card names) and the engine's own description of the action; nothing here names a game.
No Textual: the game screen and the tests use it alike."""

from __future__ import annotations

import re

from engine.api import Action
from engine.visible import visible
from tui.session import View

_WORD = re.compile(r"[^\W\d_]+|\d+")


def words(text: str) -> list[str]:
    """Text as lowercase words and numbers: '$8M Green' -> ['8', 'm', 'green'], 'g8' ->
    ['g', '8'], 'St. James Place' -> ['st', 'james', 'place']."""
    return _WORD.findall(text.casefold())


def target_names(view: View, action: Action) -> list[str]:
    """The names of what an option acts on: a property by its own name (if it has one) and
    by its zone and value; a zone, player or card by its name; other actions by their own
    words, leaving out the verb (so 'b' means Blue, not 'build')."""
    variant = view.variant
    if action.kind == "build" or (action.kind == "choose" and action.what == "property"):
        prop = variant.properties[action.arg]
        zone = next((z.name for z in variant.zones if z.id == prop.zone), "")
        by_place = f"{zone} {variant.format_money(prop.value)}".strip()
        return [prop.name, by_place] if prop.name else [by_place]
    if action.kind == "choose" and action.what == "zone":
        return [next((z.name for z in variant.zones if z.id == action.arg), str(action.arg))]
    if action.kind in ("play", "react", "discard"):
        return [variant.card(action.arg).name]
    if action.kind == "stop":
        return ["done", "stop"]
    if action.kind == "pass":
        return ["end the turn"] if view.ends_turn else ["no card", "pass"]
    if action.kind == "decline":
        return ["do not answer"]
    return [visible(action.describe()).removeprefix("choose ")]


def matches(view: View, typed: str) -> list[int]:
    """The positions in the action list of the options `typed` names. Every word typed must
    match one of the option's words: a number exactly, letters as the start of a word ('g'
    Green, 'park pl' Park Place). When nothing matches so, letters may match inside a word
    ('walk' Boardwalk). Of the options found, one whose name was typed in full wins over
    those of which some words were not ('go' is Go, not Go to Jail; 'go 0' is Go's space of
    0M, whose money's 'M' need not be typed)."""
    wanted = words(typed)
    if not wanted:
        return []
    unit = {w for w in words(view.variant.format_money(0)) if not w.isdigit()}
    names = [[[w for w in words(name) if w not in unit or w in wanted] for name in target_names(view, action)]
             for action in view.actions]
    options = [[w for name in option for w in name] for option in names]
    for inside in (False, True):
        found = [i for i, have in enumerate(options) if all(_matches(w, have, inside) for w in wanted)]
        if found:
            whole = [i for i in found if any(all(_matches(w, wanted, inside, typed=False) for w in name) for name in names[i])]
            return whole if len(whole) == 1 else found
    return []


def _matches(word: str, have: list[str], inside: bool, typed: bool = True) -> bool:
    """Whether a typed word matches one of the words an option has (typed=False: whether a
    word the option has is matched by one of the words typed)."""
    if not typed:
        return any(_matches(w, [word], inside) for w in have)
    if word.isdigit():
        return word in have
    if inside:
        return any(word in h for h in have)
    return any(h.startswith(word) for h in have)


def example(view: View) -> str:
    """What to type for one of the options on offer, from the variant's own names: 'green 8
    or g8', 'park' (part of a name), 'blue'."""
    for action in reversed(view.actions):
        if action.kind == "build" or (action.kind == "choose" and action.what == "property"):
            prop = view.variant.properties[action.arg]
            if prop.name:
                first = words(prop.name)
                return f"'{first[0]}'" if first else ""
            zone = next((z.name for z in view.variant.zones if z.id == prop.zone), "")
            short = f"{words(zone)[0][:1]}{prop.value}" if words(zone) else ""
            return f"'{zone.casefold()} {prop.value}' or '{short}'" if short else f"'{prop.value}'"
    for action in view.actions:
        found = words(target_names(view, action)[0])
        if found:
            return f"'{found[0]}'"
    return ""
