"""A game as the world sees it: the public API of the engine (`new_game`, `legal_actions`,
`apply`, `observation`, `result`, `copy`, `to_dict`) over the machine (machine.py) and the
table (table.py). The whole state is plain data (lists, ints, small dicts); the pending
decision says who must choose among which actions, and `apply` answers it and runs on until
the next decision.
"""


from __future__ import annotations

from collections.abc import Sequence

from engine.effects.limits import (
    LOOKAHEAD_ACTION_WORK,
)
from engine.game.machine import Machine
from engine.game.messages import Action, Event, IllegalAction
from engine.game.number_options import NumberOptions
from engine.game.observation import Option, observe, observe_public
from engine.game.question import Question, passing_ends_turn, question_of
from engine.game.result import Result, rank_players
from engine.game.rng import fresh_seed
from engine.game.state import copy_state, game_to_dict
from engine.game.table import QUIET_EVENTS as QUIET_EVENTS
from engine.game.table import SAVE_FORMAT as SAVE_FORMAT
from engine.game.table import WorkMeter as WorkMeter
from engine.variant.model import Variant


class Game(Machine):
    """One game in progress. Use `new_game` or `restore` to make one."""

    def start(self) -> None:
        """Set out a new game and play its setup program and first turn up to the first
        decision (new_game calls it once)."""
        self._set_out()
        self._set_work_cap(None)
        self._advance()  # the setup program, then the first turn up to its first decision
        self.setup_events = self._events
        self.told = len(self._events)
        self.worked = self.work + self.told
        self._note_cards_acted()

    @property
    def current_player(self) -> int | None:
        """Whose decision is pending: usually the turn's player, an opponent for a reaction."""
        return None if self.asked is None else self.asked.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def decision(self) -> str | None:
        """The kind of the pending decision: "build", "zone", "after_roll", "card",
        "choose", "react" or "discard"."""
        return None if self.asked is None else self.asked.kind

    @property
    def question(self) -> Question | None:
        """The question asked now, as one value (question.py): who, what kind, about what,
        where it stands; None when the game is over."""
        return question_of(self)

    def legal_actions(self) -> Sequence[Action]:
        """The pending decision's options: a list of its own to the caller; a number question's
        the question's own NumberOptions, which cannot be changed and makes each option only
        when it is read (a bid of any amount up to thousands costs no more than a yes or no)."""
        if self.asked is None:
            return []
        options = self.options()
        return options if isinstance(options, NumberOptions) else list(options)

    def options(self) -> Sequence[Action]:
        """The pending decision's options (the game's own list: not to be changed). A card
        offer's are worked out when first read, since asking depends only on public facts
        (`_asks_for_cards`): a search bot that judges a game standing at someone's card offer
        never needs them, and checking that each card in a hand can be followed is most of
        what an offer costs."""
        pending = self.asked
        if pending is None:
            return []
        options: Sequence[Action] | None = pending.options
        if options is None:  # asked without them (a card offer): the frame that asked works them out
            pending.options = options = self.frames[-1].options(self)
        return options

    def apply(self, action: Action | dict) -> list[Event]:
        """Answer the pending decision; returns what happened. An illegal action raises
        IllegalAction and leaves the game exactly as it was."""
        pending = self.asked
        if pending is None:
            raise IllegalAction("the game is over" if self.over else "no decision is pending")
        if pending.options is None and action is self.texts.pass_action:
            chosen = action  # passing is always one of a card offer's options
        else:
            chosen = self._find(action, self.options())
        events: list[Event] = []
        self._events = events
        self.asked = None
        meter = self.meter
        self._set_work_cap(meter)
        self._resolve(pending, chosen)
        self._advance()
        self._note_cards_acted()
        self._count_decision()
        if meter is not None:
            meter.left -= self.work + len(events) + LOOKAHEAD_ACTION_WORK
        return events

    def result(self) -> Result | None:
        """The final ranking once the game is over (None before)."""
        if not self.over:
            return None
        return rank_players(self)

    def observation(self, player: object) -> dict:
        """What `player` may know, as plain data: observation.ENTRIES says what that is.
        ValueError for anything but a seat, 0 to N-1 (not -1: see observation.seat). Typed
        `object`: compiled, a parameter typed int would turn True into 1 before the check,
        and refuse None with a TypeError."""
        return observe(self, player)

    def public_observation(self) -> dict:
        """What a spectator, who is no seat, may know: an observation with no hand, no
        pile's cards but those everyone sees, and no decision's options."""
        return observe_public(self)

    def decision_seen(self, player: int | None, shared: bool = False) -> dict | None:
        """The pending decision as `player` (None: a spectator) sees it, the entry "decision"
        of an observation (its options only if it is theirs; `shared`: each the action's read-only `option`
        rather than a new dict). For a number question, to the player asked, also "numbers":
        {"from", "to", "money"}: every whole number between is offered (an amount of money,
        with "money"); `shared`, its options are made only when read (NumberOptions), as a
        bot reads a few of them (`decide`; Observation.read_all lists them).
        Here rather than in observation.py because every bot reads it at every decision, and
        the compiled kernel makes it with a third fewer instructions."""
        pending = self.asked
        if pending is None:
            return None
        top = self.frames[-1]
        options = self.options()
        seen: Sequence[dict] | None = None
        numbers: dict | None = None
        if pending.player == player and isinstance(options, NumberOptions):
            money = options.width > 0 and options[0].what == "money"
            numbers = {"from": options.low, "to": options.high, "money": money}
            if shared:  # made when read, as the actions are: a bot asked for a bid up to 900M reads a few
                seen = options.remade(_shared_option, tuple(a.option for a in options.after))
            else:  # plain data, every option listed (a screen, a test)
                seen = [a.to_dict() for a in options]
        elif pending.player == player:
            seen = [a.option for a in options] if shared else [a.to_dict() for a in options]
        seen_decision = {
            "kind": pending.kind,
            "player": pending.player,
            "options": seen,
            "timing": top.card_timing(),
            "ends_turn": passing_ends_turn(self),
        }
        if numbers is not None:
            seen_decision["numbers"] = numbers
        return seen_decision

    def copy(self, into: Game | None = None) -> Game:
        """An independent game in the same state, with its own generator at the same point.
        `into`, a game of the same variant, player count and format, is overwritten and
        returned instead of a new game: the search bots try each option on a copy and reuse
        the games they are done with. A game and its interpreter refer to each other, so a
        game let go is freed only by a run of the garbage collector, which then costs them
        about a tenth of their time."""
        if into is None:
            other = Game(self.variant, self.n, self.seed, self.compat, self.rng.copy())
        elif into.variant is not self.variant or into.n != self.n or into.compat != self.compat:
            raise ValueError("a game is copied only into a game of the same variant, players and format")
        else:
            other = into
            other.seed = self.seed
            other.rng = self.rng.copy()
        if self.book.stacks_scored:
            self.stacks_key_now()  # made once here, not in each copy judged (Table.stacks_key)
        copy_state(self, other)
        other.asked = None if self.asked is None else self.asked.copy()
        other._events = []
        other.setup_events = list(self.setup_events)
        other.telling = self.telling
        other.meter = self.meter
        other.last_turn = self.last_turn
        other.card_began = {}
        other.cards_unacted = self.cards_unacted
        return other

    def to_dict(self) -> dict:
        return game_to_dict(self)

    def withheld(self, player: int) -> list[dict]:
        """What the pending decision of `player` does not offer, and why: for a card offer,
        each card of their hand not offered ({"card", "why"}: "timing" with the card's timing,
        "per_turn", "condition", "nothing" when playing it would change nothing or cannot be
        followed); for a build, each lot the budget affords that a limit of the roll forbids
        ({"property", "why", "limit"}). Empty for other decisions and for other players: what
        a player is told depends only on their own hand and the public board."""
        pending = self.asked
        if pending is None or pending.player != player:
            return []
        return self.frames[-1].withheld(self, player)

    def answer_asks_again(self, action: Action) -> bool:
        """Whether answering the question with `action` (one of its options) would change
        nothing but what the answer itself places before the same question is asked again (a
        unit placed in a build session, Frame.answer_asks_again): the bots then judge the
        answer without playing it on a copy."""
        return self.asked is not None and self.frames[-1].answer_asks_again(self, action)


def _shared_option(number: int) -> dict:
    """A number question's option as `decide` shows it, read-only as each action's is
    (Action.option)."""
    return Option(kind="choose", arg=number)


def new_game(variant: Variant, players: int, seed: int | None = None, compat: int = SAVE_FORMAT) -> Game:
    """A new game: shuffled deck, starting hands dealt, first player found, and the first
    turn's roll made; `game.setup_events` says what happened. Without a seed, one is drawn
    from the operating system's entropy (`game.seed` tells which, to replay the game)."""
    game = Game(variant, players, fresh_seed() if seed is None else seed, compat)
    game.start()
    return game
