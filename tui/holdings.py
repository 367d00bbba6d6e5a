"""What a player holds of the variant's own counters (cash, resources), in the longest wording
that fits a panel's lines: a player's resources must never drop off their panel (issue 46,
item 1), so when the names do not fit, the counts stay with shorter names, down to initials.
Every name comes from the variant's counters (`name`); the short forms are cut from them."""

from __future__ import annotations

from rich.text import Text

from tui.session import View

LEVELS = 5
"""The wordings, longest first: every counter by its name; those held, by name; those held by
the last word of their name, the money bare; by the first letters of that word; by initials."""


def shown_counters(view: View) -> list:
    """The counters kept for each player that the variant shows (`shown`), money first as
    the file lists them."""
    return [c for c in view.variant.counters
            if c.each == "player" and c.shown is not None and isinstance(view.counters.get(c.id), list)]


def short_names(counters: list, least: int) -> dict[str, str]:
    """Each counter's name cut to the first `least` letters of its last word ('dump truck' ->
    'tru' at 3, 't' at 1), longer where two counters would read the same."""
    words = {c.id: c.name.one.split()[-1].lower() if c.name.one.split() else c.id for c in counters}
    for length in range(least, 1 + max((len(w) for w in words.values()), default=least)):
        cut = {key: word[:length] for key, word in words.items()}
        if len(set(cut.values())) == len(cut):
            return cut
    return words


def _value(view: View, counter: str, player: int) -> int:
    """The player's number of a counter of each player (0 where the view has none)."""
    numbers = view.counters.get(counter)
    return numbers[player] if isinstance(numbers, list) else 0


def holdings_parts(view: View, player: int, level: int) -> list[str]:
    """The player's counters at one of the LEVELS of wording, each a part ('2 dump trucks')."""
    counters = shown_counters(view)
    money = view.variant.format_money
    values = [(c, _value(view, c.id, player)) for c in counters]
    if level == 0:
        return [f"{money(value)} {c.name.many}" if c.money else c.name.counted(value) for c, value in values]
    held = [(c, value) for c, value in values if c.money or value]
    if level == 1:
        return [f"{money(value)} {c.name.many}" if c.money else c.name.counted(value) for c, value in held]
    if level == 2:
        last = {c.id: c.name.one.split()[-1] if c.name.one.split() else c.id for c in counters}
        plural = {c.id: c.name.many.split()[-1] if c.name.many.split() else c.id for c in counters}
        return [money(value) if c.money else f"{value} {last[c.id] if value == 1 else plural[c.id]}" for c, value in held]
    short = short_names([c for c in counters if not c.money], 3 if level == 3 else 1)
    return [money(value) if c.money else f"{value}{'' if level == 4 else ' '}{short[c.id]}" for c, value in held]


def wrapped_at_dots(parts: list[str], width: int, joint: str = " · ") -> list[str]:
    """Parts in lines of at most `width`, broken only between the parts, so that no number is
    parted from its name; a part wider than a line has one of its own."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(joint) + len(part) <= width:
            lines[-1] += joint + part
        else:
            lines.append(part)
    return lines


def holdings_lines(view: View, player: int, width: int, room: int) -> list[Text]:
    """The player's counters in at most `room` lines of `width`: the longest wording that
    fits; the shortest (initials) when none does, cut at the edge as a last resort."""
    if not shown_counters(view):
        return []
    room = max(1, room)
    lines: list[str] = []
    for level in range(LEVELS):
        lines = wrapped_at_dots(holdings_parts(view, player, level), width, " " if level == LEVELS - 1 else " · ")
        if len(lines) <= room and all(len(line) <= width for line in lines):
            break
    return [Text(line) for line in lines[:room]]


def abbreviations(view: View) -> list[tuple[str, str]]:
    """What each short name of the panels stands for, for the help and the legend:
    ('tru', 'dump truck'), and the initials the same way."""
    counters = [c for c in shown_counters(view) if not c.money]
    three, one = short_names(counters, 3), short_names(counters, 1)
    return [(f"{one[c.id]}, {three[c.id]}", c.name.one) for c in counters]
