"""The game being played in the terminal, outside any widget: the record (variant, seed, seats,
every action), the engine's game, the bots, the event log, whose private view is shown, undo
and saving. Screens read a `View` from it and send it actions; nothing here imports Textual,
so the rules of play (who sees what, when to hand over, what undo does) are tested directly.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.api import (
    EVERYONE,
    Action,
    Event,
    Game,
    NumberOptions,
    Viewer,
    as_known_to,
    card_ref,
    describe_run,
    fresh_seed,
    texts_for,
)
from engine.bots import Bot, bot_names, make_bot
from engine.effects import ast
from engine.savefile import GameRecord, Seat, load_game, parse_seed, save_game
from engine.variant.model import Variant
from engine.visible import visible
from tui.figures import seat_marks as seat_marks  # re-exported: tui.session.seat_marks
from tui.following import (
    Offer,
    OpenWindow,
    Window,
    has_windows,
    open_windows,
    seen_offer,
    standing_bid,
    window_said,
    windows_began,
)
from tui.keys import KeyBook, number_keys, option_key
from tui.logruns import told_runs
from tui.notices import SHOWN_LINES, Notice, loss, program_words, score_parts
from tui.shown import once_per_variant, shown
from tui.standing import NOT_AGAIN, SIT_OUT, SIT_OUT_TURNS, Standing
from tui.story import Chronicle, Story, tell

PUBLIC = -1
"""The viewer of a hot-seat game between two humans' turns: the screen is nobody's, so its view
is a spectator's (Game.public_observation): no hand, no card of a pile not everyone sees."""

PACES: dict[str, float] = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "instant": 0.0}
"""Seconds a bot waits before each of its decisions, so people can follow the game."""

DEFAULT_SAVE = "boardwalk-save.json"

_ONE_ANSWER_QUESTIONS = frozenset({"card", "discard"})

LISTED_NUMBERS = 10
"""A number question over more numbers than this is answered by typing an amount (the amount
box, tui/deals.py): its list offers only QUICK_RAISES, and what it offers beside (a pass)."""

QUICK_RAISES = (0, 10, 50, 100)
"""The amounts over the least that a wide number question's list and box offer at once: the
least bid, and 10, 50 and 100 more (issue 44: "quick keys for common raises")."""


def default_bot() -> str:
    names = bot_names()
    return "greedy" if "greedy" in names else "random"


def typed_seed(text: str) -> int | None:
    """The seed typed on the start screen, None for a random one; raises ValueError with a
    message for a number no save could hold (its magnitude must be below 2^64).

    >>> typed_seed(" 42 "), typed_seed(""), typed_seed("-7")
    (42, None, -7)
    """
    if text.strip() in ("", "-"):
        return None
    try:
        return parse_seed(text)
    except ValueError:
        raise ValueError("The seed must be a whole number below 2^64 (either way), or empty for a random game.") from None


@dataclass(frozen=True)
class SeatView:
    index: int
    name: str
    colour: str
    token: str
    mark: str
    bot: str | None
    """The bot's spec, None for a person."""


@dataclass(frozen=True)
class Piece:
    """One thing standing on a space, as the board draws it: a player's unit (a game of
    units), or a card (a game of cards: its id, and the player it belongs to, if any)."""

    owner: int | None
    """The seat whose unit or card it is; None for a card of nobody's."""
    card: str | None = None
    """The card's id; None for a unit."""


@dataclass(frozen=True)
class View:
    """Everything the board shows at one moment, read-only; built from the engine's
    observation for the viewer, so it holds only what that viewer may know."""

    variant: Variant
    seats: tuple[SeatView, ...]
    viewer: int | None
    """The player whose view is shown; None: an all-bot game watched (its log names every
    card); PUBLIC: between two humans' turns. For both, the view is a spectator's."""
    stacks: list[list[int]]
    """Each space's stack as the engine keeps it: seats (units) or card codes (cards); drawn
    only through `pieces`, which says which."""
    holders: list[int | None]
    worth: list[int]
    tokens: list[int]
    positions: list[int]
    """Where each token stands on the board's loop, as a place in `variant.loop` (a board
    without a loop: every token at 0, and nothing shows it)."""
    supply: list[int]
    hand_sizes: list[int]
    hand: list[str] | None
    """Card ids in the viewer's hand; None when no single player's view is shown."""
    turn: int
    turn_player: int
    current_player: int | None
    decision: str | None
    timing: str | None
    """The timing of the cards offered, when the decision is a card offer."""
    ends_turn: bool
    """Whether passing the card offer ends the turn."""
    dice: list[int]
    face: str | None
    zone: str | None
    budget: int | None
    in_play: list[str]
    draw_pile: int
    discard_pile: int
    actions: list[Action] = field(default_factory=list)
    """The legal actions when the viewer is the person deciding now, else empty; of a number
    question over more than LISTED_NUMBERS numbers, its quick amounts and the rest (`numbers`)."""
    over: bool = False
    scores: dict[str, list[int | None]] = field(default_factory=dict)
    """Every player's score by the variant's score names (a skyline's length); None where
    the viewer may not be told it (read from cards they may not see: observation "scores")."""
    piles: list[dict] = field(default_factory=list)
    """Every pile as the viewer sees it (observation "piles": pile, owner, size, cards)."""
    rolled: dict[str, list] = field(default_factory=dict)
    """The faces each die showed this turn, by die."""
    counters: dict[str, int | list[int]] = field(default_factory=dict)
    """The variant's counters (observation "counters"): the turn's money among them."""
    owners_now: list[int | None] = field(default_factory=list)
    """Each property's owner by its stack as it stands (Game.owner_of): during a build, before
    the roll's building is settled, it may differ from `holders`; the board shows it pending."""
    changed: frozenset[int] = frozenset()
    """The properties whose stack or owner changed since the person last acted (or, with no
    person at the table, this turn): drawn marked, so what the bots did can be followed."""
    moved: frozenset[int] = frozenset()
    """The players whose token moved in that time."""
    played: list[str] = field(default_factory=list)
    """The cards played in that time, as 'Black: Transfer'."""
    withheld: list[str] = field(default_factory=list)
    """Why options the person deciding might look for are not offered, a line each
    (Game.withheld: a card not playable now, a lot a limit of the roll keeps closed)."""
    pieces: list[list[Piece]] = field(default_factory=list)
    """Each space's stack, bottom to top, as units or cards: what every widget draws."""
    placed: dict[str, list[int | None]] = field(default_factory=dict)
    """Where each of the variant's own pieces (`pieces:`, a robber, a pawn of each player)
    stands, by the piece's key: a space for the table's piece, one for each player's, None
    off the board (the observation's "pieces"; public, so every seat sees the same)."""
    offered_cards: dict[int, Piece] = field(default_factory=dict)
    """The card behind each card code the actions choose among (a `choose` of a card)."""
    asking: dict | None = None
    """What the pending decision is about (the observation's "question": the card being
    resolved and the space it lies on; for the person deciding, the pile a card is chosen
    from and the cards and spaces the question names)."""
    fates: dict[int, str] = field(default_factory=dict)
    """For a choice of cards: the discard pile a card would go to at once if chosen, by the
    action's arg (a cash card that fits nowhere), worked out from what the person knows."""
    keys: list[str] = field(default_factory=list)
    """The key of each action ('' for none): 1-9, 0, then letters in order the first time a
    question is asked; asked again, its options keep their keys (tui/keys.py, KeyBook); a
    number question's amounts by number and its pass by letter (number_keys)."""
    offer: Offer | None = None
    """The offer the pending decision is about (put together, or answered), as it stands."""
    window: Window | None = None
    """The innermost open window the pending decision is asked in, with what was said in it
    since it opened (followed only where a person plays a game that opens windows)."""
    high_bid: tuple[int, int] | None = None
    """The standing bid of the window the pending decision is asked in, as its bidder and
    amount (the last bid told in it); None when nobody has bid there, or outside a window."""
    out: frozenset[int] = frozenset()
    """The players out of the round (observation "out", `drop X`): their turns are passed by."""
    numbers: NumberOptions[Action] | None = None
    """A number question over more than LISTED_NUMBERS numbers (a bid of any amount), asked of
    the viewer: every number it offers, each made when read, for the amount typed; `actions`
    then hold its quick amounts (QUICK_RAISES) and what it offers beside them (a pass)."""

    def key_of(self, index: int) -> str:
        """The key of the action at `index` ('' when it has none)."""
        return self.keys[index] if index < len(self.keys) else ""

    def seat(self, index: int | None) -> SeatView | None:
        """The seat of that index, None for nobody (or an index no seat has)."""
        return self.seats[index] if index is not None and 0 <= index < len(self.seats) else None

    def pile_size(self, pile: str, owner: int | None) -> int:
        return next((p["size"] for p in self.piles if p["pile"] == pile and p["owner"] == owner), 0)

    def properties_owned(self, player: int) -> int:
        return sum(1 for holder in self.holders if holder == player)

    @property
    def my_turn(self) -> bool:
        return bool(self.actions)


class Session:
    """One game at the terminal. Construct with `Session.start` or `Session.load`."""

    def __init__(self, record: GameRecord, save_path: Path | None = None):
        self.record = record
        self.variant = record.variant
        """The variant the engine and the bots play."""
        self.shown = shown(record.variant)
        """The same variant with its texts made visible: what the screens draw."""
        self.save_path = save_path
        self.game: Game
        self.events: list[Event] = []
        self.deciders: list[int] = []
        """Who took each recorded action (parallel to record.actions), for undo."""
        self.automatic: list[bool] = []
        """Whether each recorded action was an automatic answer (parallel too): undo takes
        back what the person chose, not what was answered for them."""
        self.chronicle: Chronicle
        """The scores turn by turn and the question after each action, for the story."""
        self.notices: dict[int, Notice] = {}
        """What each person lost, and whether their turn ended unasked, since they were last
        told (tui/notices.py): the game screen stops on it before the bots play on."""
        self.program_says = _program_words(record.variant)
        """What the game's own programs say: a loss after it is the game's doing (notices)."""
        self._noticing = False
        self._following = bool(self.humans) and _has_windows(record.variant)
        """Whether the windows the game opens are followed (View.window): only a person
        is shown one, and reading them costs a look at the whole state after each action."""
        self._windows: tuple[OpenWindow, ...] = ()
        self._windows_log: list[tuple[OpenWindow, ...] | None] = []
        """The windows open after each recorded action (parallel to record.actions); None
        where they were not followed (a replay)."""
        self.viewer: int | None = None if not self.humans else PUBLIC
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        self._version = 0
        """Bumped whenever the game changes (an action applied, the game replayed): what
        is worked out for one state of the game (`seen`, `options`, `view`) is kept until then."""
        self._seen: tuple[tuple[int, int | None], dict] | None = None
        self._options: tuple[int, Sequence[Action]] | None = None
        self._view: tuple[tuple[int, int | None, int], View] | None = None
        self.offers_made: list[tuple[dict, dict]] = []
        """Each offer made so far, in the open (the question's offer as it is proposed), with
        its proposer's observation then: the bots' memory of their offers is made from it."""
        self.standing = Standing()
        """What the people asked to be answered for them (tui/standing.py)."""
        self._replay(record.actions)
        self._noticing = True
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.bot, self.variant, seed=record.seed * 7 + i + 1)
            for i, seat in enumerate(record.seats)
            if seat.bot is not None
        }
        self._recall_offers()
        self.marks = seat_marks(self.shown, record.players)
        self.unsaved = False

    # ----- making one ------------------------------------------------------------------------

    @classmethod
    def start(cls, variant: Variant, source: str, bots: list[str | None], seed: int | None = None) -> Session:
        """A new game; `bots` has one entry per seat: a bot spec, or None for a person."""
        seats = [Seat(variant.seats[i].name, spec) for i, spec in enumerate(bots)]
        record = GameRecord(variant, source, len(seats), fresh_seed() if seed is None else seed, seats)
        return cls(record)

    @classmethod
    def load(
        cls, path: str | Path, variant: Variant | None = None, allowed_variant_files: Collection[Path] = ()
    ) -> tuple[Session, list[str]]:
        """A saved game; raises SaveError with located diagnostics (VariantOutsideFolders when
        the save names a variant file that the person has not allowed). Every seat's bot was
        checked while loading, so making them here cannot fail."""
        loaded = load_game(path, variant, allowed_variant_files=allowed_variant_files)
        return cls(loaded.record, Path(path)), loaded.warnings

    def _replay(self, actions: list[dict], following: bool = False) -> None:
        """Play the actions again from the start. The windows are not followed on the way (a
        look at the whole state after each action would make a long game's replay, each
        undo, seven times as slow): an undo replays the start of the same game, so what was
        followed of it holds; only a game resumed inside a window is replayed once more,
        following, to know where the window opened."""
        known = self._windows_log[: len(actions)]
        self._windows, self._windows_log = (), []
        follow = self._following
        self._following = following = following or (follow and not actions)  # nothing to replay: one look
        self.game = self.record.new_game()
        self._version += 1
        self.events = list(self.game.setup_events)
        self.since = 0
        """Where the changes shown as new begin (View.changed): the events since a person
        last acted, so the bots' turns that flew past stay marked on the board."""
        self.chronicle = Chronicle.begin(self.game, self.seen)
        self._fates_at: tuple[int, dict[int, str]] = (-1, {})
        self._keys = KeyBook()
        """The keys the options of this turn's questions have had (View.keys)."""
        self.deciders, self.automatic = [], []
        self.offers_made = []
        self.record.actions = []
        noticing, self._noticing = self._noticing, False  # what is replayed was seen already
        if following:  # a window open from the start: it opened where the engine says, among the setup's events
            self._windows = open_windows(self._windows_now(), (), windows_began(self.events, 0), len(self.events))
        for action in actions:
            self.apply(action)
        self._noticing = noticing
        self.notices = {}
        self._following = follow
        if not follow or following:
            return
        last = known[-1] if len(known) == len(actions) else None
        if last is not None:
            self._windows_log, self._windows = known, last
        elif self._windows_now():
            self._replay(actions, following=True)

    # ----- who plays -------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.record.seats) if seat.is_human]

    def is_bot(self, player: int | None) -> bool:
        return player is not None and player in self.bots

    @property
    def deciding(self) -> int | None:
        return self.game.current_player

    def needs_handover(self) -> bool:
        """Hot-seat: a person other than the one whose view is shown must decide now."""
        player = self.deciding
        return len(self.humans) > 1 and player is not None and not self.is_bot(player) and player != self.viewer

    def automatic_answer(self) -> Action | None:
        """The answer given for a person at once: what they asked to be answered for them
        (tui/standing.py: sitting out a round of deals, an offer declined for good); and their
        only option at a card question they are asked whenever they hold a card
        (docs/rulings.md, 33), only when they play alone against bots, where nobody else sees
        the screen; between people the question shows like any other, so a quick turn tells
        the table nothing."""
        standing = self._standing_answer()
        if standing is not None:
            return standing[0]
        if len(self.humans) != 1 or self.deciding != self.humans[0]:
            return None
        if self.game.decision not in _ONE_ANSWER_QUESTIONS:
            return None
        actions = self.options()
        return actions[0] if len(actions) == 1 else None

    def _standing_answer(self) -> tuple[Action, str] | None:
        """What a person asked to be answered for them now, and the line that tells it."""
        player = self.deciding
        if player is None or not self.record.seats[player].is_human or not self._said(player):
            return None
        question = self.game.question
        offer = question.seen_by(None).get("offer") if question is not None else None
        window = self._windows[-1] if self._windows else None
        return self.standing.answer(player, window, offer, self.game.decision, self.options(), len(self.record.actions),
                                    (self.game.turn_number, self.game.turn_player))

    def _said(self, player: int) -> bool:
        return (player in self.standing.sitting_out or player in self.standing.sitting_out_turns
                or bool(self.standing.refused.get(player)))

    def stand(self, what: str) -> str:
        """The person deciding says `what` (standing.SIT_OUT, NOT_AGAIN) of the question now,
        before their answer is applied; the line that tells them what follows."""
        player = self.deciding
        assert player is not None  # only a person asked has a box to say it in
        at = len(self.record.actions)
        if what == SIT_OUT and self._windows:
            self.standing.sit_out(player, self._windows[-1], at)
            return "You sit out this round: Boardwalk passes for you until it ends."
        if what == SIT_OUT_TURNS and self._windows:
            self.standing.sit_out_turns(player, self._windows[-1], self.game.turn_number, at)
            return "You sit out the deals until your turn: Boardwalk passes for you until it begins."
        question = self.game.question
        offer = question.seen_by(None).get("offer") if question is not None else None
        if what == NOT_AGAIN and offer is not None:
            self.standing.refuse(player, offer, at)
            name = self.shown.seats[offer["from"]].name
            return f"Declined; the same offer from {name} will be declined for you."
        return ""

    def handover_reason(self) -> str:
        """Why the keyboard passes, from public facts alone (whose turn, who is asked)."""
        seats = self.shown.seats
        player, turn_player = self.deciding, self.game.turn_player
        assert player is not None  # a hand-over is to the person deciding
        question = self.game.question
        asking = question.seen_by(None) if question is not None else {}  # what every seat may know of it
        offer = asking.get("offer")  # made in the open
        if offer is not None and offer["stage"] == "reply":
            return f"{seats[offer['from']].name} makes {seats[player].name} an offer."
        if player != turn_player and (self.game.decision == "react" or asking.get("card") is not None):
            return f"{seats[turn_player].name} has played a card against {seats[player].name}."
        if player != turn_player:  # a turn in a window (an auction, a round of offers), or a question put to them
            return f"{seats[player].name} is asked, in {seats[turn_player].name}'s turn."
        return f"It is {seats[player].name}'s turn."

    def take_seat(self, player: int) -> None:
        """The person at `player`'s seat confirmed the hand-over: show their view."""
        self.viewer = player

    def hide_hands(self) -> None:
        """Hot-seat: once the decision has left the person shown, show no hand until the next
        person confirms the hand-over."""
        if len(self.humans) > 1 and self.deciding != self.viewer:
            self.viewer = PUBLIC

    # ----- playing ---------------------------------------------------------------------------

    def apply(self, action: Action | dict) -> list[Event]:
        """The deciding player's action; recorded, applied, logged. An `Action` goes to the
        engine as it is (one of the options it offered: found at once), a bot's dict as a dict."""
        player = self.game.current_player
        as_dict = action.to_dict() if isinstance(action, Action) else {"kind": action["kind"], "arg": action.get("arg")}
        standing = self._standing_answer() if self._noticing else None
        automatic = standing[0] if standing is not None else self.automatic_answer()
        if player is not None:
            self._keys.answered((self.game.turn_number, self.game.turn_player), player, self.game.decision == "build")
        before = self.seen() if self._noticing and self.humans and player is not None else None
        turn_player = self.game.turn_player
        events = self.game.apply(action if isinstance(action, Action) else as_dict)
        self._version += 1
        assert player is not None  # else game.apply raised IllegalAction: no decision was pending
        self.record.actions.append(as_dict)
        self.deciders.append(player)
        self.automatic.append(automatic is not None and automatic.to_dict() == as_dict)
        if standing is not None and self.automatic[-1]:
            self.standing.told.append(standing[1])
        if self.record.seats[player].is_human:
            self.since = len(self.events)  # what changes from here on is new to this person
        self.chronicle.note(self.game, len(self.events), events, self.seen)
        start = len(self.events)
        self.events.extend(events)
        if any(event.kind == "trade_offer" for event in events):
            self._offer_made()
        if self._following:  # a window that opened in this action opened where the engine says, among its events
            self._windows = open_windows(self._windows_now(), self._windows, windows_began(events, start), start)
        self._windows_log.append(self._windows if self._following else None)
        self.unsaved = True
        if before is not None:
            # 'End the turn', chosen (not answered for them): the person ended it themselves
            ended = as_dict["kind"] == "pass" and bool((before["decision"] or {}).get("ends_turn")) and not self.automatic[-1]
            self._note(player, turn_player, ended, start, before["scores"])
        return events

    def _offer_made(self) -> None:
        """An offer was just proposed: kept with its proposer's observation (`offers_made`)."""
        question = self.game.question
        offer = question.seen_by(None).get("offer") if question is not None else None
        if offer is not None and offer["stage"] == "reply":
            self.offers_made.append((offer, self.game.observation(offer["from"])))

    def _note(self, decider: int, turn_player: int, ended_by_them: bool, start: int, scores: dict[str, list[int]]) -> None:
        """Note, for each person, what the action just applied (by `decider`, in the turn of
        `turn_player`) took from them and whether it ended their turn (tui/notices.py). What
        happens in a person's own turn is on their screen when they decide next, so it counts
        only when their turn ends with it; what happens in others' turns counts at once."""
        variant = self.variant
        lead = next((s for s in variant.scores if variant.ranking and s.id == variant.ranking[0] and not s.fewest), None)
        seen = self.seen()
        now = seen["scores"] if lead is not None else {}  # everyone's, in any seat's view
        out_now = set(seen["out"])
        events = self.events
        for person in self.humans:
            notice = Notice(person)
            whose_turn, began = turn_player, start
            game_said: int | None = None  # where the game's own words were, since the last card played
            for index in range(start, len(events)):
                event = events[index]
                if event.kind == "turn":
                    whose_turn, began, game_said = event.data["player"], index, None
                elif event.kind == "play":
                    game_said = None
                elif event.kind == "say" and event.data.get("text") in self.program_says:
                    game_said = index
                kind = loss(event, person, variant)
                if kind is not None and whose_turn == person:
                    notice.costs[kind] += 1  # told with the rest of the turn, if it is over
                elif kind is not None:
                    notice.taken[kind] += 1
                    if game_said is None:
                        notice.by.add(whose_turn)
                    else:  # the game's doing, told with its words
                        notice.by_game[kind] += 1
                        notice.said = events[game_said].data["text"]
                        if game_said not in notice.events:
                            notice.events.append(game_said)
                    notice.events.append(index)
                if event.kind == "turn_end" and event.data["player"] == person:
                    if not (decider == person and ended_by_them):  # over, unasked: all of the turn is told
                        notice.turn_over = True
                        notice.events += range(began, index + 1)
                    whose_turn = -1
            if not notice.turn_over:
                notice.costs.clear()  # the losses of their own turn going on: they see them when they decide
            if person not in out_now:  # put out and back in since (an auction's pass, then the next lot): no loss
                for counts in (notice.costs, notice.taken, notice.by_game):
                    counts.pop("out", None)
                notice.events = [i for i in notice.events if events[i].kind != "dropped"]
            # a score read from cards the viewer may not see is None in their observation: untold
            if lead is not None and None not in (now[lead.id][person], scores[lead.id][person]) \
                    and now[lead.id][person] != scores[lead.id][person]:
                notice.score = (lead.id, scores[lead.id][person], now[lead.id][person])
                for part in score_parts(variant, lead.id):
                    before, after = scores[part.id][person], now[part.id][person]
                    if before is not None and after is not None and before != after:
                        notice.parts[part.name or part.id.replace("_", " ")] = (before, after)
                if turn_player != person and now[lead.id][person] < scores[lead.id][person]:
                    notice.by.add(turn_player)
            # the cards those who took from them played meanwhile: what did it, where they saw it
            for index in range(start, len(events)):
                event = events[index]
                if notice.by and event.kind == "play" and event.data.get("player") in notice.by \
                        and not event.hidden_from(person) and "card" in event.data:
                    notice.cards.append(self.shown.card(event.data["card"]).name)
                    if index not in notice.events:
                        notice.events.append(index)
            if decider == person and not notice.turn_over:
                continue
            if notice:
                self.notices.setdefault(person, Notice(person)).add(notice)

    def take_notice(self) -> tuple[str, list[str]] | None:
        """The next notice to show (a line, and what happened in the log's words), taken
        from the pending ones; None when there is none, or the game is over (its end says it)."""
        if self.game.is_over:
            self.notices = {}
        if not self.notices:
            return None
        person, notice = next(iter(self.notices.items()))
        del self.notices[person]
        names = [seat.name for seat in self.shown.seats[: self.record.players]]
        whose = "your" if len(self.humans) == 1 else f"{names[person]}'s"
        told = [self.describe_run(run) for run in told_runs([self.events[i] for i in sorted(set(notice.events))])]
        if len(told) > SHOWN_LINES:
            told = [f"… {len(told) - SHOWN_LINES + 1} lines before these: [ shows them",
                    *told[-(SHOWN_LINES - 1):]]
        return visible(notice.headline(whose, names, self.shown)), told

    def bot_observation(self) -> tuple[Bot, dict]:
        """The bot to move and what it may know; its choice can be computed in another thread
        because the observation is plain data the game no longer shares."""
        player = self.game.current_player
        assert player is not None  # asked only while a bot decides
        return self.bots[player], self.game.observation(player)

    def random_action(self) -> Action:
        """A fallback when a bot fails: any legal action."""
        return random.Random(len(self.record.actions)).choice(self.options())

    # ----- undo ------------------------------------------------------------------------------

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person against bots: in a game between people it would let one
        of them take back what the others have seen."""
        return len(self.humans) == 1 and bool(self.bots)

    def can_undo(self) -> bool:
        return self.undo_allowed and self._last_choice() is not None

    def _last_choice(self) -> int | None:
        """The index of the person's last chosen (not automatic) action."""
        human = self.humans[0]
        for index in range(len(self.deciders) - 1, -1, -1):
            if self.deciders[index] == human and not self.automatic[index]:
                return index
        return None

    def undo(self) -> int:
        """Take back the person's last action and everything the bots did after it; returns
        how many actions were taken back."""
        last = self._last_choice() if self.undo_allowed else None
        if last is None:
            return 0
        removed = len(self.record.actions) - last
        self._replay(self.record.actions[:last])
        self.unsaved = True
        self.standing.taken_back(len(self.record.actions))
        self._recall_offers()
        return removed

    def _recall_offers(self) -> None:
        """Each bot's memory of the offers it made, made again from the game's record (a bot
        is made anew at a restore, and an undo takes back offers it remembers making): what
        every seat saw, so the same as it made while playing (engine/bots/dealing.Memory)."""
        from engine.bots.dealing import Memory, proposed_in  # with the bots that use it: not at the start screen

        memories = proposed_in(self.offers_made)
        for player, bot in self.bots.items():
            if isinstance(getattr(bot, "recent", None), Memory):
                bot.recent = memories.get(player, Memory())  # type: ignore[attr-defined]

    # ----- saving ----------------------------------------------------------------------------

    def save(self, path: str | Path | None = None) -> Path:
        """Write atomically (raises SaveError with a located message)."""
        target = Path(path) if path is not None else (self.save_path or Path(DEFAULT_SAVE))
        save_game(target, self.record, self.game)
        self.save_path = target
        self.unsaved = False
        return target

    # ----- what is shown ---------------------------------------------------------------------

    def seat_views(self) -> tuple[SeatView, ...]:
        seats = self.shown.seats
        return tuple(
            SeatView(
                i, seats[i].name, seats[i].colour, seats[i].token, self.marks[i], None if seat.bot is None else visible(seat.bot)
            )
            for i, seat in enumerate(self.record.seats)
        )

    def _shown_seat(self) -> int | None:
        """The seat whose view is shown; None for nobody's screen (between two people's
        turns, bots watched): a spectator's view, so that no widget can show what it does not hold."""
        viewer = self.viewer
        return viewer if viewer is not None and viewer >= 0 else None

    def seen(self) -> dict:
        """The observation the screen is drawn from: the shown seat's, or a spectator's.
        Built once for each state of the game and viewer: a key that answers reads it for the
        view, the notices and the story, before the answer and after, and each read built the
        whole of it again (issue 45, 4: 'one key press builds the observation once')."""
        key = (self._version, self.viewer)
        if self._seen is None or self._seen[0] != key:
            shown = self._shown_seat()
            self._seen = (key, self.game.observation(shown) if shown is not None else self.game.public_observation())
        return self._seen[1]

    def options(self) -> Sequence[Action]:
        """The legal actions now (Game.legal_actions), asked of the engine once for each
        state of the game; the caller must not change them."""
        if self._options is None or self._options[0] != self._version:
            self._options = (self._version, self.game.legal_actions())
        return self._options[1]

    def is_legal(self, action: Action | dict) -> bool:
        """Whether `action` (an `Action`, or a bot's dict of one) is among the options now."""
        options = self.options()
        if isinstance(action, Action):
            return action in options
        try:
            return any(a.kind == action.get("kind") and a.arg == action.get("arg") for a in options)
        except AttributeError:  # not a dict: a bot's mistake
            return False

    def view(self) -> View:
        """What the screen shows now (View), made once for each state of the game, viewer
        and start of what is marked new: a key press reads it two or three times."""
        key = (self._version, self.viewer, self.since)
        if self._view is None or self._view[0] != key:
            self._view = (key, self._make_view())
        return self._view[1]

    def _make_view(self) -> View:
        game = self.game
        viewer = self.viewer
        shown = self._shown_seat()
        obs = self.seen()
        offered = self.options() if shown is not None and game.current_player == shown else []
        numbers = offered if isinstance(offered, NumberOptions) and offered.width > LISTED_NUMBERS else None
        high_bid = standing_bid(self.events[self._windows[-1].opened:]) if self._windows else None
        actions = (quick_options(numbers, raised_from(numbers, high_bid)) if numbers is not None
                   else self._by_value(list(offered)))
        return View(
            variant=self.shown,
            seats=self.seat_views(),
            viewer=viewer,
            stacks=obs["stacks"],
            holders=obs["holders"],
            worth=obs["worth"],
            tokens=obs["tokens"],
            positions=obs["positions"],
            supply=obs["supply"],
            hand_sizes=obs["hand_sizes"],
            hand=obs["hand"],
            turn=obs["turn"],
            turn_player=obs["turn_player"],
            current_player=game.current_player,
            decision=game.decision,
            timing=(obs["decision"] or {}).get("timing"),
            ends_turn=bool((obs["decision"] or {}).get("ends_turn")),
            dice=obs["dice"],
            face=obs["face"],
            zone=obs["zone"],
            budget=obs["budget"],
            in_play=obs["in_play"],
            draw_pile=obs["draw_pile"],
            discard_pile=len(obs["discard_pile"]),
            actions=actions,
            over=game.is_over,
            scores=obs["scores"],
            piles=obs["piles"],
            rolled=obs["rolled"],
            counters=obs["counters"],
            withheld=self._withheld(shown) if actions and shown is not None else [],
            owners_now=obs["owners"],
            pieces=[[self._piece(thing) for thing in stack] for stack in obs["stacks"]],
            placed=obs.get("pieces", {}),
            offered_cards={a.arg: self._card(a.arg) for a in actions if a.kind == "choose" and a.what == "card"},
            keys=number_keys(actions) if isinstance(offered, NumberOptions) else self.option_keys(actions, obs["question"]),
            asking=obs["question"],
            fates=self._fates(actions),
            offer=seen_offer(obs, actions, lambda code: self._card(code).card or ""),
            window=self._window(),
            high_bid=high_bid,
            numbers=numbers,
            out=frozenset(obs["out"]),
            **self._changes(),
        )

    def _windows_now(self) -> list[dict]:
        """The windows open around the question now, outermost first, as every seat may know
        them (the question's "windows"); none when the game is over."""
        question = self.game.question
        return [] if question is None else question.seen_by(None)["windows"]

    def _window(self) -> Window | None:
        """View.window: the innermost window open, with what was said in it for the viewer."""
        if not self._windows:
            return None
        window = self._windows[-1]
        names = [seat.name for seat in self.shown.seats]
        said = window_said(self.events[window.opened:], self.describe_run, lambda player: names[player], self.shown.format_money)
        return Window(window.players, window.turns, said)

    def option_keys(self, actions: list[Action], asking: dict | None) -> list[str]:
        """The key of each option, kept while the same question goes on (KeyBook): the
        options of a question asked again keep their keys as others come and go. `asking`
        is the observation's question (its statement, its offer)."""
        game = self.game
        if not actions or asking is None:
            return [option_key(i) for i in range(len(actions))]
        offer = asking.get("offer")
        # the dice as they lie: a question asked again after another roll (Can't Stop's pairs
        # of dice) is a new one, its options another roll's, keyed from 1 again
        rolls = tuple((die, tuple(faces)) for die, faces in sorted(self.seen()["rolled"].items()))
        family = (asking["kind"], tuple(asking.get("asked_at") or ()),
                  offer["words"] if offer is not None and offer["stage"] == "compose" else None, rolls)
        turn = (game.turn_number, game.turn_player)
        return self._keys.keys(turn, asking["player"], family, game.decision == "build", actions)

    def _by_value(self, actions: list[Action]) -> list[Action]:
        """A choice among cards, listed by the cards' values (then names): the order of the
        pile they lie in is not the person's to choose by, and '$2M, $3M, $6M' reads at a glance."""
        if not actions or not all(a.kind == "choose" and a.what == "card" for a in actions):
            return actions
        cards = self.variant.card

        def value(action: Action) -> tuple[int, str]:
            card = cards(self._card(action.arg).card or "")
            return card.value or 0, card.name

        return sorted(actions, key=value)

    def _fates(self, actions: list[Action]) -> dict[int, str]:
        """View.fates: each card of a choice of cards tried on the game as the person deciding
        knows it (engine.api.as_known_to: the piles they cannot see are empty, the dice
        unknown), up to where the card goes; kept for the decision, which views are many of."""
        if not actions or not all(a.kind == "choose" and a.what == "card" for a in actions):
            return {}
        key = len(self.record.actions)
        if self._fates_at[0] != key:
            self._fates_at = (key, _straight_to_pile(self.game, actions, self.shown))
        return self._fates_at[1]

    def _piece(self, thing: int) -> Piece:
        """A stack's entry as a unit or a card, by the variant's kind of stack."""
        return self._card(thing) if self.variant.stacks == "cards" else Piece(thing)

    def _card(self, code: int) -> Piece:
        """A card code as its card and owner, read the way a save writes it (id, or [id, owner])."""
        ref = card_ref(self.variant, code)
        return Piece(None, ref) if isinstance(ref, str) else Piece(int(ref[1]), str(ref[0]))

    def _changes(self) -> dict:
        """View.changed, moved and played, from the events since the window began."""
        start = self.since if self.humans else max(
            (i for i, e in enumerate(self.events) if e.kind == "turn"), default=0)
        changed: set[int] = set()
        moved: set[int] = set()
        played: list[str] = []
        seats, cards = self.shown.seats, {card.id: card.name for card in self.shown.cards}
        for event in self.events[start:]:
            d = event.data
            if event.kind in ("build", "take", "remove", "return_card"):
                changed.add(d["property"])
            elif event.kind == "move_unit":
                changed.update((d["from"], d["to"]))
            elif event.kind == "put" and isinstance(d.get("to"), int):
                changed.add(d["to"])
            elif event.kind == "token":
                moved.add(d["player"])
            elif event.kind in ("play", "react"):
                played.append(f"{seats[d['player']].name}: {cards[d['card']]}")
        return {"changed": frozenset(changed), "moved": frozenset(moved), "played": played}

    def _withheld(self, player: int) -> list[str]:
        """Why cards and lots the person might look for are not offered; a card of a timing
        no program ever offers (a cash card, placed by the turn itself) is never played, so
        that it is not offered now is no news."""
        game = self.game
        texts = texts_for(game.variant, game.players)
        offered = _offered_timings(self.variant)
        lines = []
        for reason in game.withheld(player):
            if reason["why"] == "timing" and reason.get("timing") not in offered and reason.get("timing") != "reaction":
                continue
            what = texts.cards[reason["card"]] if "card" in reason else texts.properties[reason["property"]]
            lines.append(visible(f"{what}: {texts.why(reason)}"))
        return lines

    @property
    def told_to(self) -> Viewer:
        """Whom the log is told to: the person whose view is shown; between two people's
        turns (PUBLIC), a spectator, told no card private to anyone; with no person at the
        table (bots watched, a replay), EVERYONE, every card named."""
        viewer = self.viewer
        if viewer is None:
            return EVERYONE
        return viewer if viewer >= 0 else None

    def describe(self, event: Event) -> str:
        """An event in words for the person whose view is shown (a drawn card is named only
        to its drawer; PUBLIC names nobody's): `told_to`."""
        return visible(event.describe(self.told_to))

    def describe_run(self, run: list[Event]) -> str:
        """A run of events (messages.runs: cards put one after another on one place) in one
        line, for the person whose view is shown."""
        return visible(describe_run(run, self.told_to))

    def story(self) -> Story:
        """The story of the game so far (its end, on the game-over screen), in the words of
        the person whose view is shown."""
        return tell(self.shown, self.record.players, self.events, self.chronicle, self.describe)

    def result_text(self) -> str:
        """Who won and how, once the game is over."""
        result = self.game.result()
        return "" if result is None else visible(result.describe())


def raised_from(numbers: NumberOptions, high_bid: tuple[int, int] | None) -> int:
    """What a quick amount is counted up from: the bid standing, when the least to bid is
    above it (an auction's raise: '+10M' is 10M over the high bid, as a bidder says it); else
    the least (the first bid)."""
    if high_bid is not None and high_bid[1] < numbers.low:
        return high_bid[1]
    return numbers.low


def quick_options(numbers: NumberOptions[Action], base: int | None = None) -> list[Action]:
    """A wide number question's options at a key: the least, and its QUICK_RAISES over `base`
    (the bid standing, `raised_from`; the least when None) that it offers, then what it offers
    beside the numbers (a pass)."""
    low, high = numbers.low, numbers.high
    base = low if base is None else base
    amounts = sorted({low} | {base + raised for raised in QUICK_RAISES if low <= base + raised <= high})
    return [numbers[amount - low] for amount in amounts] + list(numbers.after)


def _straight_to_pile(game: Game, actions: list[Action], shown: Variant) -> dict[int, str]:
    """For each card the person deciding may choose that is discarded at once, before anything
    else is asked (a card that cannot be placed): the name of its discard pile, tried on the
    game as they know it."""
    player = game.current_player
    known = as_known_to(game, player) if player is not None else None
    if known is None:
        return {}
    names = {pile.id: pile.name for pile in shown.piles}
    fates: dict[int, str] = {}
    for action in actions:
        trial = known.copy()
        card = card_ref(game.variant, action.arg)
        card_id = card if isinstance(card, str) else str(card[0])
        for event in trial.apply(action.to_dict()):
            if event.kind == "put" and event.data["card"] == card_id:
                if event.data["to"] == game.variant.card(card_id).discard_to:  # discarded, not placed
                    fates[action.arg] = names.get(event.data["to"], event.data["to"])
                break
    return fates


@once_per_variant
def _offered_timings(variant: Variant) -> frozenset[str]:
    """The timings some program or card of the variant offers cards of (`offer cards timed T`)."""
    programs = [*variant.programs.values(), *variant.routines.values(), *(card.effect for card in variant.cards)]
    return frozenset(node.timing for program in programs for node in ast.walk(list(program.statements))
                     if isinstance(node, ast.OfferCards))


_program_words = once_per_variant(program_words)
_has_windows = once_per_variant(has_windows)
