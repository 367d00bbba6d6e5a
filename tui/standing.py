"""Standing answers: what a person asked, in a round of deals, to be answered for them from
then on (issue 46, 14: "Pass or make an offer?" came on every player's turn and again
whenever someone offered, and a bot's offer declined came back every few turns).

- "Sit out this round": in the window they said it in, each question of theirs that offers
  a pass is answered with that pass, until the window closes. An offer made to them is still
  theirs to answer.
- "Sit out until my turn": the same in every window of the kind they said it in (the rounds
  of deals a program holds, not an auction), until a turn of their own begins (in Monopoly
  Builder, two rounds of deals a turn, on every player's turn, asked them some six times a
  round of the table).
- "Decline, not again": the same offer from the same player (what is given and asked, to the
  last unit) is declined for them whenever it comes back.

A seat's setting of the interface, not a rule: the answer given is one of the legal options
the engine offers, chosen through the session as a person's choice would be, and the game's
record is the same as if the person had pressed it. Each answer given is told (`told`): the
screen shows it, so nothing passes unseen. An undo takes back what was said with what it
undoes (`taken_back`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.api import Action

SIT_OUT = "sit-out"
SIT_OUT_TURNS = "sit-out-turns"
NOT_AGAIN = "not-again"
"""What a control of a box sets (tui/deals.py's Control.sets), besides sending its action."""


def window_identity(window: object) -> tuple:
    """What tells one window from another, however far it has gone on (an OpenWindow's turns
    grow; where it opened does not)."""
    return (getattr(window, "at", None), getattr(window, "body", None), getattr(window, "root", None),
            getattr(window, "players", None), getattr(window, "opened", None))


def offer_identity(offer: dict) -> tuple:
    """An offer as a question shows it in the open (Question.trade.to_dict): who offers it, and
    everything given and asked."""
    return (offer["from"], tuple(sorted(offer["give"].items())), tuple(sorted(offer["ask"].items())),
            tuple(sorted(offer["give_cards"])), tuple(sorted(offer["ask_cards"])))


def passing(actions: Sequence[Action]) -> Action | None:
    """The option that passes, if the question offers one: a pass, or the word "pass"."""
    return next((a for a in actions if a.kind == "pass" or (a.what == "word" and a.arg == "pass")), None)


@dataclass
class Standing:
    sitting_out: dict[int, tuple[tuple, int]] = field(default_factory=dict)
    """Each person sitting out a window: the window, and how many actions the game had when
    they said so."""
    sitting_out_turns: dict[int, tuple[int, int, object]] = field(default_factory=dict)
    """Each person sitting out every window of a kind until their own turn: the turn they
    said so in, how many actions the game had then, and the block the windows run (one
    statement's rounds: `Window.body`)."""
    refused: dict[int, dict[tuple, int]] = field(default_factory=dict)
    """Each person's offers declined for good, with how many actions the game had then."""
    told: list[str] = field(default_factory=list)
    """What was answered for a person since the screen last showed it."""

    def sit_out(self, person: int, window: object, actions: int) -> None:
        self.sitting_out[person] = (window_identity(window), actions)

    def sit_out_turns(self, person: int, window: object, turn: int, actions: int) -> None:
        self.sitting_out_turns[person] = (turn, actions, getattr(window, "body", None))

    def refuse(self, person: int, offer: dict, actions: int) -> None:
        self.refused.setdefault(person, {})[offer_identity(offer)] = actions

    def answer(self, person: int, window: object | None, offer: dict | None, decision: str | None,
               actions: Sequence[Action], now: int, turn: tuple[int, int] = (0, -1)) -> tuple[Action, str] | None:
        """The answer given for `person` now, the game having `now` actions, and the line that
        tells it; None: theirs to give. What they said holds from the action after the one
        they said it with (that one is their own). `turn` is the turn under way: its number
        and whose it is."""
        if decision == "reply" and offer is not None and offer["stage"] == "reply" and offer["to"] == person:
            if self.refused.get(person, {}).get(offer_identity(offer), now) < now:
                decline = next((a for a in actions if a.kind == "reply" and a.arg == "decline"), None)
                if decline is not None:
                    return decline, f"Declined for you, as you said: {offer['words']}"
            return None
        turns = self.sitting_out_turns.get(person)
        if turns is not None and turn[1] == person and turn[0] != turns[0]:
            del self.sitting_out_turns[person]  # their own turn has come: theirs to answer again
            turns = None
        if turns is not None and window is not None and turns[1] < now and getattr(window, "body", None) == turns[2]:
            action = passing(actions)
            if action is not None:
                return action, "You sit out the deals until your turn: passed for you."
        sitting = self.sitting_out.get(person)
        if sitting is None or window is None or sitting[1] >= now:
            return None
        if sitting[0] != window_identity(window):
            return None
        action = passing(actions)
        return (action, "You sit out this round: passed for you.") if action is not None else None

    def taken_back(self, actions: int) -> None:
        """An undo left the game with `actions` actions: what was said after that is unsaid."""
        self.sitting_out = {p: said for p, said in self.sitting_out.items() if said[1] < actions}
        self.sitting_out_turns = {p: said for p, said in self.sitting_out_turns.items() if said[1] < actions}
        self.refused = {p: {k: at for k, at in offers.items() if at < actions} for p, offers in self.refused.items()}
