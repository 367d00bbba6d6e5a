"""A player's scores in the variant's own words, fitted to a panel: every score of every
player must stay readable at 80x24 with 2, 3 and 4 seats (issue 47, 9: "Score names show as
ids, cut at 80 columns": For Sale's 3-seat panel read "paid 0 · money 4 · coi…"). The
wordings go from the score's full name down the ladder of tui/holdings.py: the full name, the
name without its remark in brackets, the name's key word, that word cut, its initial; and the
fewest lines come first, so a score never takes a line the player's cards could have had
while a shorter readable wording fits."""

from __future__ import annotations

import re

from tui.holdings import wrapped_at_dots
from tui.session import View

HIDDEN_SCORE = "?"
"""A score the viewer may not be told (the observation's None: it is read from the cards of a
pile they may not see, engine/game/hidden_scores.py)."""

READABLE = 4
"""The wordings that spell every name out (the full name with the goal in words, in short,
in figures; the name without its bracketed remark); those after them shorten the names."""

LEVELS = READABLE + 3
"""... then the key word of each name (a money score bare); that word cut ('prop.'); its
initial."""


def plain_name(name: str) -> str:
    """The name without a remark in brackets: 'cheques (thousands)' -> 'cheques'."""
    return re.sub(r"\s*\([^)]*\)", "", name).strip() or name


def key_word(score) -> str:
    """The word of the score's name that says what it counts: the first word of the name that
    its id, the author's own short word for it, begins ('total property value' of `value`,
    'number of properties' of `properties`, 'height climbed' of `climb`); else the name's
    longest word, first of the longest ('cheques (thousands)' of `paid`): a name's small
    words ('number of', 'the') never say what it counts. Always a word of the name, never
    the id."""
    words = plain_name(score.name or score.id.replace("_", " ")).split()
    parts = [part for part in score.id.lower().split("_") if part]
    for word in words:
        low = word.lower()
        for part in parts:
            common = len(_common_prefix(low, part))
            if common >= max(3, min(len(low), len(part)) - 2):
                return word
    return max(words, key=len) if words else score.id


def _common_prefix(a: str, b: str) -> str:
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return a[:size]


def _distinct(words: dict[str, str], least: int, dot: bool) -> dict[str, str]:
    """Each word cut to its first `least` letters, longer only where two would read the same;
    with `dot`, a word of at most `least` + 2 letters is kept whole (a cut saves two letters
    at least) and a cut one ends in '.' ('prop.', never 'valu.')."""
    length = {key: len(word) if dot and len(word) <= least + 2 else least for key, word in words.items()}
    while True:
        cut = {key: word[: length[key]] for key, word in words.items()}
        clashing = [key for key, c in cut.items() if list(cut.values()).count(c) > 1 and length[key] < len(words[key])]
        if not clashing:
            break
        for key in clashing:
            length[key] += 1
    if dot:
        return {key: c + "." if len(c) < len(words[key]) else c for key, c in cut.items()}
    return cut


def short_words(scores: list, level: int) -> dict[str, str]:
    """Each score's name at one of the LEVELS: in full (levels below READABLE - 1), without its
    remark, its key word, that cut to 4 letters, to its initial; two scores never read alike
    (a key word shared falls back to the name without its remark)."""
    if level < READABLE - 1:
        return {s.id: s.name or s.id.replace("_", " ") for s in scores}
    plain = {s.id: plain_name(s.name or s.id.replace("_", " ")) for s in scores}
    if level == READABLE - 1:
        return plain
    keys = {s.id: key_word(s) for s in scores}
    if len(set(keys.values())) < len(keys):
        keys = plain
    if level == READABLE:
        return keys
    return _distinct(keys, 4 if level == READABLE + 1 else 1, dot=level == READABLE + 1)


def score_part(view: View, score, value: int | None, name: str, level: int, bare_money: bool) -> str:
    """One score in words: 'skyline length 12 (63 to the finishing mark, 75)', 'skyline
    length 12/75, 63 to go', 'skyline length 12/75'; money in the board's format, bare from
    the key-word level on ('$30M'). One the viewer may not be told is a '?', and so is its
    distance from the goal."""
    if value is None:
        amount = HIDDEN_SCORE
    else:
        amount = view.variant.format_money(value) if score.money else str(value)
    if score.money and bare_money and level >= READABLE:
        return amount
    if score.goal is None:
        return f"{name} {amount}"
    if value is None or level >= 2:
        return f"{name} {amount}/{score.goal}"
    to_go = max(0, score.goal - value)
    if level == 1:
        return f"{name} {amount}/{score.goal}, {to_go} to go"
    mark = f"the {score.goal_name}, {score.goal}" if score.goal_name else str(score.goal)
    return f"{name} {amount} ({to_go} to {mark})"


def score_parts(view: View, player: int, scores: list, level: int) -> list[str]:
    """The player's scores at one of the LEVELS, each a part."""
    names = short_words(scores, level)
    bare = sum(1 for s in scores if s.money) == 1  # two amounts of money bare could not be told apart
    return [score_part(view, s, _value(view, s.id, player), names[s.id], level, bare) for s in scores]


def _value(view: View, score: str, player: int) -> int | None:
    numbers = view.scores.get(score)
    return numbers[player] if numbers is not None and player < len(numbers) else 0


def score_lines(view: View, player: int, scores: list, width: int, room: int, tail: str = "") -> list[str]:
    """The player's scores in at most `room` lines of `width`, broken only between scores:
    the fewest lines in which every name is spelt out, the longest wording first; else the
    shorter names in all the room; `tail` ('holds 3') joins the last part where it fits."""
    room = max(1, room)
    for lines in range(1, room + 1):
        for level in range(READABLE):
            fitted = _fitted(view, player, scores, level, width, tail)
            if len(fitted) <= lines and all(len(line) <= width for line in fitted):
                return fitted
    fitted = []
    for level in range(READABLE, LEVELS):
        fitted = _fitted(view, player, scores, level, width, tail)
        if len(fitted) <= room and all(len(line) <= width for line in fitted):
            return fitted
    return fitted[:room]


def _fitted(view: View, player: int, scores: list, level: int, width: int, tail: str) -> list[str]:
    parts = score_parts(view, player, scores, level) + ([tail] if tail else [])
    return wrapped_at_dots(parts, width)


def score_abbreviations(scores: list) -> list[tuple[str, str]]:
    """What each shortened score name of the panels stands for, for the help: ('p., prop.,
    properties', 'number of properties')."""
    forms = [short_words(scores, level) for level in range(LEVELS - 1, READABLE - 1, -1)]
    said = []
    for s in scores:
        name = s.name or s.id.replace("_", " ")
        short = [w for w in dict.fromkeys(form[s.id] for form in forms) if w != name]
        if short:
            said.append((", ".join(short), name))
    return said


def ranked_scores(view: View) -> list:
    """The scores the ranking reads, most important first: a board game's panel shows these."""
    return [score for key in view.variant.ranking for score in view.variant.scores if score.id == key]


def panel_scores(view: View) -> list:
    """The scores a player's panel shows: every score in a game of cards, the ranked ones
    on a board game's (its panel has one line for them)."""
    return list(view.variant.scores) if view.variant.stacks == "cards" else ranked_scores(view)
