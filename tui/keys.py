"""Which key picks which option: the first ten by number, then letters, then capitals; and
the keys of a wide number question, whose amounts are typed. The game screen binds them, the
session gives each option its key, and the tests press them; no Textual here."""

from __future__ import annotations

from engine.api import Action

DIGIT_KEYS = "1234567890"
LETTER_KEYS = "abdegijkmopvwxyz"
"""The lowercase letters the game screen leaves free (c cards, f faster, h help, l load,
n new, q quit, r results, s save, t type, u undo are its own)."""
CAPITAL_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
OPTION_KEYS = DIGIT_KEYS + LETTER_KEYS + CAPITAL_KEYS
"""The keys of the options in order: the first ten by number, then letters, then capitals
(Shift and the letter): 52 in all. A longer list is reached by typing or the arrows."""


def option_key(index: int) -> str:
    """The key of the option at `index` in the action list, or '' when it has none."""
    return OPTION_KEYS[index] if 0 <= index < len(OPTION_KEYS) else ""


def number_keys(actions: list[Action]) -> list[str]:
    """The keys of a wide number question's options (session.quick_options): its amounts by number,
    1 to 4; each word beside them (a pass) by its first letter where that letter is an
    option key and free, so that it is the same key in the list and in the amount box,
    where the digits type the amount."""
    keys: list[str] = []
    digits = iter(DIGIT_KEYS)
    for action in actions:
        if action.what == "word":
            free = [key for key in LETTER_KEYS if key not in keys]
            first = str(action.arg)[:1].casefold()
            keys.append(first if first in free else next(iter(free), ""))
        else:
            keys.append(next(digits, ""))
    return keys
