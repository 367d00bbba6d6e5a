"""A look-ahead's trial: the journal of the changes a path of the explorer made to the game
(engine/game/followable.py), and what a word's look-ahead step works with (engine/words/).

A step changes the game through the trial, which notes each place's value before it changes,
so the game is exactly as it was once the branch is undone; `Fail` ends a path that cannot be
followed; `acted` notes a change no place holds (a pile shuffled, the game ended).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game.game_state import GameState

MAX_PATHS = 2_000
"""Branches explored at most for one question; past it the card is taken to be followable (a
card the check let through costs little, and the answer errs on the side of today's offer)."""
MAX_EXPLORE_STEPS = 20_000
"""Statements carried out at most for one question, over all branches; past it, the same."""


class Fail(Exception):
    """This path cannot be followed to its end."""


class Trial:
    """The changes a path has made to the game, each with the value it replaced: undone to a
    mark when a branch is done, and compared with the first values to see if anything changed.

    A place is a list and an index into it (a supply), a whole list (a stack, a hand, a pile)
    with index None, a dict and a key (a counter), or an object and an attribute name. The work budget of one
    question lives here too."""

    __slots__ = ("game", "log", "first", "paths", "steps", "cancelled", "acted")

    def __init__(self, game: GameState):
        self.game = game
        self.log: list[tuple[Any, Any, Any]] = []
        self.first: dict[tuple[int, Any], tuple[Any, Any, Any]] = {}
        self.paths = MAX_PATHS
        self.steps = MAX_EXPLORE_STEPS
        self.cancelled = False
        self.acted = 0
        """What the path did that no place holds to compare: piles shuffled, the game ended."""

    def touch(self, where: Any, key: Any = None) -> None:
        """Note the value of a place before it changes."""
        if key is None:
            value: Any = tuple(where)
        elif isinstance(where, (list, dict)):
            value = where[key]
        else:
            value = getattr(where, key)
        entry = (where, key, value)
        self.log.append(entry)
        self.first.setdefault((id(where), key), entry)

    def mark(self) -> int:
        return len(self.log)

    def undo(self, mark: int) -> None:
        log = self.log
        while len(log) > mark:
            where, key, value = log.pop()
            if key is None:
                where[:] = value
            elif isinstance(where, (list, dict)):
                where[key] = value
            else:
                setattr(where, key, value)
        if mark == 0:
            self.first.clear()

    def changed(self) -> bool:
        """Whether any place differs from what it was before the path began."""
        for where, key, value in self.first.values():
            if key is None:
                if tuple(where) != value:
                    return True
            elif isinstance(where, (list, dict)):
                if where[key] != value:
                    return True
            elif getattr(where, key) != value:
                return True
        return False


TrialStep = Callable[["GameState", dict, int, list, Trial], Any]
"""A statement made ready to look ahead with: `step(game, env, me, stack, trial)` carries it
out through the trial and returns None when the path goes on with the stack of segments (the
next one last; a step that opens a block or a loop pushes its rounds onto it, each segment
(trial steps, next step, variables, `me`)), or (variable,
values) to branch on; Fail if it cannot be carried out. Nothing is announced and nothing is
settled: this is only a look ahead."""


def nothing(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> None:
    """The step of a statement that changes nothing looked ahead (a reaction offered is taken
    to be declined, cards offered to be passed, a message changes nothing)."""


LOOP_END: list = []
"""lang47, stop loop: the steps of the segment a look-ahead puts under the rounds of a `for
each` or a `repeat`, so that `stop loop` knows where the loop's rounds end: it drops every
segment down to this one (engine/words/flow.py). None at all, so the look-ahead passes it
without counting a step (its step budget, and so every look-ahead without `stop loop`, is as
before); a list, never changed, for it to be this very one (an empty tuple is every one)."""


def acted(trial: Trial) -> None:
    """Note a change that no place holds: a pile shuffled, the game ended."""
    trial.touch(trial, "acted")
    trial.acted += 1
