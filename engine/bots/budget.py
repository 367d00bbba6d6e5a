"""What a bot may think over one game (issue 44, section 3, item 3): each decision's
look-ahead has its budget (limits.MAX_LOOKAHEAD_WORK), and the whole game's too, so that a
game of thousands of costly decisions is not hours of thinking.

A bot is made for one game (simulate makes one a seat a game, the terminal UI one a seat
when a game starts or is loaded), and `Thinking` is what it has left of that game's budget,
in stages: its own judgement while its budget lasts, then a cheaper one (the strong bot
judges as the greedy bot does) while a smaller budget lasts, then an option its own seeded
generator picks, which costs nothing. Everything is counted in work, never in seconds: the
same seed gives the same game on every machine.
"""

from __future__ import annotations

from engine.game.table import WorkMeter

OWN, CHEAPER, AT_RANDOM = "own", "cheaper", "random"
"""The stages of a bot's thinking over a game, dearest first."""


class Thinking:
    """The look-ahead work a bot has left for the rest of its game: `own` for its own
    judgement, then `cheaper` for the cheaper one; then nothing (AT_RANDOM)."""

    __slots__ = ("own", "cheaper", "_given")

    def __init__(self, own: int, cheaper: int = 0):
        self.own = own
        """Work left for the bot's own judgement."""
        self.cheaper = cheaper
        """Work left for the cheaper judgement, once `own` is spent."""
        self._given = 0

    @property
    def stage(self) -> str:
        """How the bot judges its next decision: OWN, CHEAPER or AT_RANDOM."""
        if self.own > 0:
            return OWN
        return CHEAPER if self.cheaper > 0 else AT_RANDOM

    def meter(self, per_decision: int) -> WorkMeter:
        """The meter of the next decision: `per_decision`, or what is left of the stage's
        budget when that is less. Hand it back to `spend` once the decision is made."""
        self._given = min(per_decision, self.own if self.own > 0 else self.cheaper)
        return WorkMeter(self._given)

    def spend(self, meter: WorkMeter) -> None:
        """Take what the decision metered by `meter` spent from the stage it was given from
        (its last action may have gone past it: that is spent too)."""
        spent = self._given - meter.left
        if self.own > 0:
            self.own -= spent
        else:
            self.cheaper -= spent
        self._given = 0
