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


Option = tuple[str, str | None, object]
"""An option as the keys know it: its kind, what it chooses and its argument."""


def _option(action: Action) -> Option:
    return (action.kind, action.what, action.arg)


class KeyBook:
    """The keys of the options of one turn's questions, kept while the same question goes on
    (issue 46, 7: a build list, a placement, the players one may offer to renumbered as their
    options went, and a person who pressed the key they had just seen took another option).

    "The same question" is one asked again, in the same turn, of the same player, by the same
    statement of the game (the question's `asked_at`): each of its options keeps the key it
    first had while it is offered, a new one takes a key none of the question's options has
    had in that turn, and a key whose option has gone is not given to another. A question of
    another statement in between (a yes or no asked after each pick) does not end it. An offer
    being put together is a new question at every change, since its options are the changes
    from the offer as it stands; a number question is keyed by `number_keys`.

    A build (the game's one-unit-at-a-time question) goes further, as issue 26 asked: from a
    turn's first build decision until its player answers another question, every question is
    one, so the cards offered when building is over take keys no tower had, and a key typed
    ahead for a tower that is gone takes nothing.
    """

    def __init__(self) -> None:
        self._turn: object = None
        self._families: dict[object, dict[Option, str]] = {}
        self._building: set[int] = set()
        """The players building now, or asked the first question after their building."""

    def keys(self, turn: object, player: int, family: object, building: bool, actions: list[Action]) -> list[str]:
        """The key of each of `actions`, the options of a question of `family` asked of
        `player` in `turn` (any value that tells one turn from the next); `building`: a build
        decision."""
        self._new_turn(turn)
        if building:
            self._building.add(player)
        kept = self._families.setdefault(("build", player) if player in self._building else (player, family), {})
        offered = [_option(action) for action in actions]
        had = set(kept.values())
        free = (key for key in OPTION_KEYS if key not in had)
        for option in offered:
            if option not in kept:
                kept[option] = next(free, "")
        return [kept[option] for option in offered]

    def answered(self, turn: object, player: int, building: bool) -> None:
        """`player` answered a question in `turn` (a build decision, or not): an answer to
        another question than a build's ends their building's keys."""
        self._new_turn(turn)
        if not building:
            self._building.discard(player)

    def _new_turn(self, turn: object) -> None:
        if turn != self._turn:
            self._turn, self._families, self._building = turn, {}, set()
