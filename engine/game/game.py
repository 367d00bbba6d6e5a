"""A game of Advance to Boardwalk as a machine of decisions: the whole state is plain data
(lists, ints, small dicts), the pending decision says who must choose among which actions,
and `apply` answers it and runs on until the next decision.

The turn (wiki, "Steps for Quick Reference"): roll all three dice; on a colour or W build in
one zone within the number dice's sum; take property cards and move tokens; play up to the
variant's number of Fortune cards; end the turn. On F: draw a card, skip building, and the
card phase follows. Card effects run on the same frame stack (see interpreter.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.effects import ast
from engine.effects.limits import (
    FRAMES_PER_EFFECT,
    LOOKAHEAD_ACTION_WORK,
    MAX_DECISIONS,
    MAX_EFFECT_STEPS,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_INLINE_HOOKS,
    MAX_TURNS,
    MAX_WORK_PER_ACTION,
    MAX_WORK_PER_GAME,
)
from engine.game.expressions import held_at
from engine.game.followable import card_is_followable
from engine.game.frames import (
    BlockFrame,
    BuildFrame,
    CardFrame,
    DiscardFrame,
    Frame,
    GameFrame,
    LoopFrame,
    OfferFrame,
    ProgramFrame,
    ReactFrame,
    RepeatFrame,
    RootFrame,
    TradeFrame,
    WindowFrame,
)
from engine.game.interpreter import Interpreter
from engine.game.messages import Action, Event, IllegalAction
from engine.game.observation import observe
from engine.game.refs import IN_PLAY, CardRef, PileRef, Ref
from engine.game.result import Result, rank_players
from engine.game.rng import GENERATORS, RandomSource, fresh_seed
from engine.game.rulebook import Rulebook, rulebook_for
from engine.game.state import copy_state, game_to_dict
from engine.variant.model import Variant
from engine.words.trades import resolve_trade, trade_question

QUIET_EVENTS = frozenset({"play", "choose", "react", "decline", "cancelled", "say", "no_choice", "effect_limit"})
"""Events that tell of a card being played, chosen for or answered, not of a change it made."""

SAVE_FORMAT = 2
"""The snapshot format new games are written in. Format 1 (before 2026-11-23) used a
generator whose future could be read from its past rolls, and skipped a player's card
questions when they held nothing playable, which told the table about their hand. A game
made with `compat=1` plays exactly as format 1 did, so that old saves replay."""



class WorkMeter:
    """Work a bot's look-ahead may still spend, shared by every copy of the game it searches
    (`Game.meter`): each action played on any of them spends its statements and events, and
    an action is held to what is left as well as to MAX_WORK_PER_ACTION. Once it is spent,
    the copies' next actions end their games ("work_limit") at once, so the search stops
    with what it has: the same budget as the game's own, over a whole decision of a bot."""

    __slots__ = ("left",)

    def __init__(self, left: int):
        self.left = left


class Game:
    """One game in progress. Use `new_game` or `restore` to make one."""

    # ----- construction ----------------------------------------------------------------------

    def __init__(self, variant: Variant, players: int, seed: int, compat: int = SAVE_FORMAT, rng: Any = None):
        """The table of a game: the variant's rulebook, names and pile layout for this many
        players, and its random generator (`rng`, a copy's or a snapshot's, else one from the
        seed). The state comes after: `start` deals a new game, `copy` and the snapshot fill in
        theirs. (Every game is made here, never by skipping `__init__`, so that the class can
        be compiled: scripts/build_accel.py.)"""
        self.book: Rulebook = rulebook_for(variant)
        if players not in self.book.player_counts:
            raise ValueError(
                f"{variant.name} is for {', '.join(map(str, variant.player_counts))} players, not {players}"
            )
        self.variant = variant
        self.texts = self.book.texts(players)
        self.layout = self.book.layout(players)
        self.zone_build_table = self.book.zone_build_table(players)
        """Per zone, each space, its value and the action of building on it (Rulebook)."""
        self.interp = Interpreter(self)
        self.n = players
        if compat not in GENERATORS:
            raise ValueError(f"snapshot format {compat} is not one this engine plays")
        self.compat = compat
        self.only_followable = self.book.only_followable and compat > 1
        """Offer a card only when it can be followed and does something (rulings.md, 17);
        format 1 games offered it whenever its condition held, and still do."""
        self.seed = seed
        self.rng: RandomSource = GENERATORS[compat].from_seed(seed) if rng is None else rng
        self.telling = True
        """Whether the events of play are told in full (what `apply` returns). A search bot's
        look-ahead reads none of them: its copies keep each event's kind alone, a shared
        event with no data (Texts.bare), which is all the game itself reads of them
        (`card_acted_since`), and play exactly the same."""
        self.watching = -1
        """The player a look-ahead of followability works for (-1: none): what it reads of
        cards they may not see makes `peeked` true (engine/game/followable.py)."""
        self.peeked = False
        self.work = 0
        """Statements carried out during the action under way (`apply`, or `start` up to the
        first decision): with the events it has told, held to `work_cap` (`spend`)."""
        self.work_cap = MAX_WORK_PER_ACTION
        """The most work the action under way may do (`_set_work_cap`)."""
        self.work_cap_reason = "work_limit"
        """Why the game ends past `work_cap`: "work_limit", or "event_limit" where the events
        the game may still tell are what is short."""
        self.inline_hooks = 0
        """Hooks being run at once inside one another (`run_hook`), up to MAX_INLINE_HOOKS."""
        self.meter: WorkMeter | None = None
        """A bot's look-ahead budget, shared with every copy of this game (None: the game is
        not a look-ahead's)."""
        self.owned_stacks = 0
        """The stacks (a bit for each space) this game has its own list of. A copy shares
        every stack with the game it was copied from until one of them changes it
        (`own_stack`): a search bot copies a game for each option it tries, a list for each
        space, and an option changes a stack or two."""

    def start(self) -> None:
        """Set out a new game and play its setup program and first turn up to the first
        decision (new_game calls it once)."""
        variant, players = self.variant, self.n
        units = variant.units_for(players)
        self.stacks: list[list[int]] = [[] for _ in variant.properties]
        """Each space's stack (units, or card codes), bottom first. Shared with copies of the
        game: change one in place only through `own_stack`."""
        self.owned_stacks = (1 << len(self.stacks)) - 1
        self.supply: list[int] = [units] * players
        self.start_units = units
        self.piles: list[list[int]] = [list(cards) for cards in self.layout.initial]
        """Every pile's cards (as codes, see state.py), slot by slot (piles.py)."""
        self.in_play: list[int] = []
        self.holder: list[int | None] = [None] * len(variant.properties)
        self.worth: list[int] = [0] * players
        self.held: list[int] = [0] * players
        self.tokens = [0] * players
        self.positions: list[int] = [0] * players
        """Where each player's token stands on the board's loop (`board.loop`), as a place
        in the loop: 0 is its first space, where every token starts."""
        self.dirty: set[int] = set()
        self.order: list[int] = list(range(players))
        self.turn_pos = 0
        self.next_player: int | None = None
        """Whose turn comes next, where an effect said so (`next turn X`); None: the next
        in `order`."""
        self.turn_number = 0
        self.rolled: dict[str, list[int]] = {}
        """The last roll of each die (by id): the faces' positions, for the board to show."""
        self.counters: dict[str, int] = {counter.id: 0 for counter in variant.counters if counter.each == "game"}
        """The game's counters by name (the turn's budget)."""
        self.player_counters: dict[str, list[int]] = {
            counter.id: [0] * (players if counter.each == "player" else len(variant.properties))
            for counter in variant.counters if counter.each != "game"
        }
        """The counters kept for each player or each space, by name: one number a player (a
        space)."""
        self.turn_plays: list[int] = []
        """The kinds of the cards the turn's player has played this turn, in order (answers
        played out of turn aside)."""
        self.frames: list[Frame] = [GameFrame()]
        self.decisions = 0
        """Decisions answered so far: the game ends at MAX_DECISIONS."""
        self.told = 0
        """Events told so far, setup included: the game ends past MAX_EVENTS."""
        self.worked = 0
        """Work done so far, statements and events, setup included: the game ends past
        MAX_WORK_PER_GAME."""
        self.pending: dict | None = None
        self.over = False
        self.end_reason: dict | None = None
        self._events: list[Event] = []
        self.setup_events: list[Event] = []
        self.card_began: dict[int, int] = {}
        """Where the events of each card begun during the current decision begin, by the index
        of its frame (see CardFrame.acted); emptied at each decision."""
        self.cards_unacted = False
        """Whether a card frame on the stack had not yet changed the game at the last decision:
        with `card_began` empty, nothing needs noting, and most decisions cost nothing here."""
        self._set_work_cap(None)
        self._advance()  # the setup program, then the first turn up to its first decision
        self.setup_events = self._events
        self.told = len(self._events)
        self.worked = self.work + self.told
        self._note_cards_acted()

    # ----- the public API --------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """Whose decision is pending: usually the turn's player, an opponent for a reaction."""
        return None if self.pending is None else self.pending["player"]

    @property
    def turn_player(self) -> int:
        return self.order[self.turn_pos]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def decision(self) -> str | None:
        """The kind of the pending decision: "build", "zone", "after_roll", "card",
        "choose", "react" or "discard"."""
        return None if self.pending is None else self.pending["kind"]

    @property
    def offer_timing(self) -> str | None:
        """While a card offer is pending, the timing of the cards it is about ("after_roll",
        "end_of_turn"); None otherwise."""
        frame = self.frames[-1] if self.pending is not None else None
        return frame.timing if isinstance(frame, OfferFrame) else None

    def passing_ends_turn(self) -> bool:
        """Whether passing the card offer now asked is the turn's last step: nothing of the turn
        program is left after it (its blocks at their ends, its loops done). Interfaces say
        "end the turn" then, whatever the program's shape."""
        frames = self.frames
        if self.pending is None or not isinstance(frames[-1], OfferFrame):
            return False
        blocks = self.book.blocks
        for frame in reversed(frames[:-1]):
            if isinstance(frame, ProgramFrame):
                return frame.program == "turn"
            if isinstance(frame, BlockFrame) and frame.pc < len(blocks[frame.b]):
                return False
            if isinstance(frame, LoopFrame) and frame.i < len(frame.items):
                return False
            if isinstance(frame, WindowFrame) and frame.left > 0 and frame.passes < len(frame.players):
                return False
            if isinstance(frame, RepeatFrame) and frame.left > 0:
                test = self.book.repeat_tests.get(frame.b)
                root = cast(RootFrame, frames[frame.root])
                if test is None or test(self, frame.env, root.me):
                    return False
            if isinstance(frame, CardFrame):
                return False
        return False

    def legal_actions(self) -> list[Action]:
        return [] if self.pending is None else list(self.options())

    def options(self) -> list[Action]:
        """The pending decision's options (the game's own list: not to be changed). A card
        offer's are worked out when first read, since asking depends only on public facts
        (`_asks_for_cards`): a search bot that judges a game standing at someone's card offer
        never needs them, and checking that each card in a hand can be followed is most of
        what an offer costs."""
        pending = self.pending
        if pending is None:
            return []
        options: list[Action] | None = pending["options"]
        if options is None:
            frame = cast(OfferFrame, self.frames[-1])  # only an offer is asked without its options
            options = self._playable(frame.player, self.book.timed.get(frame.timing, frozenset()))
            options.append(self.texts.pass_action)
            pending["options"] = options
        return options

    def apply(self, action: Action | dict) -> list[Event]:
        """Answer the pending decision; returns what happened. An illegal action raises
        IllegalAction and leaves the game exactly as it was."""
        pending = self.pending
        if pending is None:
            raise IllegalAction("the game is over" if self.over else "no decision is pending")
        if pending["options"] is None and action is self.texts.pass_action:
            chosen = action  # passing is always one of a card offer's options
        else:
            chosen = self._find(action, self.options())
        events: list[Event] = []
        self._events = events
        self.pending = None
        meter = self.meter
        self._set_work_cap(meter)
        self._resolve(pending, chosen)
        self._advance()
        self._note_cards_acted()
        self._count_decision()
        if meter is not None:
            meter.left -= self.work + len(events) + LOOKAHEAD_ACTION_WORK
        return events

    def _set_work_cap(self, meter: WorkMeter | None) -> None:
        """The most work the action about to be done may do (`spend`), and the reason the game
        ends with past it: MAX_WORK_PER_ACTION, or the events the game may still tell, or the
        work it may still do, or what a look-ahead's `meter` has left, whichever is least."""
        cap, why = MAX_WORK_PER_ACTION, "work_limit"
        room = MAX_EVENTS - self.told
        if room < cap:
            cap, why = max(0, room), "event_limit"
        room = MAX_WORK_PER_GAME - self.worked
        if room < cap:
            cap, why = max(0, room), "game_work_limit"
        if meter is not None and meter.left < cap:
            cap, why = max(0, meter.left), "work_limit"
        self.work, self.work_cap, self.work_cap_reason = 0, cap, why

    def _count_decision(self) -> None:
        """A decision is answered and its action done: the game ends at MAX_DECISIONS."""
        self.decisions += 1
        self.told += len(self._events)
        self.worked += self.work + len(self._events)
        if not self.over and self.decisions >= MAX_DECISIONS:
            self._finish("decision_limit", None)
            self.told += 1

    def _note_cards_acted(self) -> None:
        """At a decision: each card still being played notes whether it has changed the game
        (its events began where `card_began` says, or at the start of this decision's).

        Only a card begun during this decision, or one that had not acted at the last, can
        change its note, so a decision with neither skips the scan of the frames."""
        began = self.card_began
        if not began and not self.cards_unacted:
            return
        unacted = False
        for index, frame in enumerate(self.frames):
            if isinstance(frame, CardFrame) and not frame.acted:
                frame.acted = self.card_acted_since(began.get(index, 0))
                unacted = unacted or not frame.acted
        began.clear()
        self.cards_unacted = unacted

    def card_acted(self, root: int) -> bool:
        """Whether the card whose frame is at `root` has changed the game yet (a unit removed,
        a card drawn, a die rolled), beyond being played, choosing and being answered."""
        frame = self.frames[root]
        return (isinstance(frame, CardFrame) and frame.acted) or self.card_acted_since(self.card_began.get(root, 0))

    def card_acted_since(self, start: int) -> bool:
        """Whether an event from `start` on tells of a change. Looked at by index, not through
        a slice: a card that plays another, a thousand times in one action, notes each of
        them, and copying the rest of the events for each would take time squared."""
        events = self._events
        return any(events[index].kind not in QUIET_EVENTS for index in range(start, len(events)))

    def result(self) -> Result | None:
        """The final ranking once the game is over (None before)."""
        if not self.over:
            return None
        return rank_players(self)

    def observation(self, player: int) -> dict:
        """What `player` may know, as plain data: observation.ENTRIES says what that is."""
        return observe(self, player)

    def decision_seen(self, player: int, shared: bool = False) -> dict | None:
        """The pending decision as `player` sees it, the entry "decision" of an observation
        (its options only if it is theirs; `shared`: each the action's read-only `option`
        rather than a new dict). Here rather than in observation.py because every bot reads
        it at every decision, and the compiled kernel makes it with a third fewer
        instructions."""
        pending = self.pending
        if pending is None:
            return None
        top = self.frames[-1]
        options = self.options()
        seen: list[dict] | None = None
        if pending["player"] == player:
            seen = [a.option for a in options] if shared else [a.to_dict() for a in options]
        return {
            "kind": pending["kind"],
            "player": pending["player"],
            "options": seen,
            "timing": top.timing if isinstance(top, OfferFrame) else None,
            "ends_turn": self.passing_ends_turn(),
        }

    def hand(self, player: int) -> list[int]:
        """The player's `hand` pile (card codes): the cards they may play. A variant without
        one (each player's) gives everyone an empty hand, a new list each time."""
        first = self.layout.hand
        return self.piles[first + player] if first >= 0 else []

    def held_to_play(self, player: int) -> list[int]:
        """The cards the player may play (or answer with): their hand, and their piles marked
        `played_from`, in the variant's order. The hand itself when it is the only one."""
        played = self.layout.played
        if len(played) == 1:
            return self.piles[played[0] + player]
        return [code for first in played for code in self.piles[first + player]]

    def pile_of(self, pile: str, owner: int | None = None) -> list[int]:
        """A pile's cards (codes, top last): the table's, or the player's or space's `owner`."""
        return self.piles[self.layout.slot(pile, owner)]

    def kind_of(self, code: int) -> int:
        return code % self.book.kinds

    def owner_of_card(self, code: int) -> int | None:
        owner = code // self.book.kinds - 1
        return None if owner < 0 else owner

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
        copy_state(self, other)
        other.pending = None if self.pending is None else dict(self.pending)
        other._events = []
        other.setup_events = list(self.setup_events)
        other.telling = self.telling
        other.meter = self.meter
        other.card_began = {}
        other.cards_unacted = self.cards_unacted
        return other

    def to_dict(self) -> dict:
        return game_to_dict(self)

    # ----- queries used by the interpreter and the result ------------------------------------

    def players_from(self, player: int) -> list[int]:
        """All players in turn order, starting with `player`."""
        start = self.order.index(player)
        return self.order[start:] + self.order[:start]

    def owner_of(self, prop: int) -> int | None:
        """Ownership from the stack alone, by the variant's named rule. "most_units" (Advance to
        Boardwalk, wiki, Step 3): the most units; among tied players, the one whose unit is
        lowest (or, with keep_owner, the current holder if tied). "top_card": the owner of
        the top card."""
        stack = self.stacks[prop]
        if not stack:
            return None
        if self.book.top_card_owns:
            return self.owner_of_card(stack[-1])
        first = stack[0]
        if len(stack) == 1 or stack.count(first) * 2 > len(stack):
            return first  # a majority, or the only unit
        counts: dict[int, int] = {}
        for unit in stack:
            counts[unit] = counts.get(unit, 0) + 1
        best = max(counts.values())
        if self.book.keep_owner:
            holder = self.holder[prop]
            if holder is not None and counts.get(holder) == best:
                return holder
        for unit, count in counts.items():  # insertion order: lowest first appearance first
            if count == best:
                return unit
        return None  # unreachable

    def standing(self) -> list[int]:
        """What `leader` and `last` compare: the tokens on the track, or else the first score
        of the ranking."""
        if self.book.track is not None:
            return self.tokens
        return [self.score(self.book.ranking[0], p) for p in range(self.n)] if self.book.ranking else [0] * self.n

    def score(self, name: str, player: int) -> int:
        """A score of the variant (`scores`) for one player."""
        return self.book.score_of[name](self, player) or 0

    def is_leader(self, player: int) -> bool:
        standing = self.standing()
        best = max(standing)
        if standing[player] != best:
            return False
        return self.book.leader_includes_ties or standing.count(best) == 1

    def is_last(self, player: int) -> bool:
        standing = self.standing()
        worst = min(standing)
        if standing[player] != worst:
            return False
        return self.book.last_includes_ties or standing.count(worst) == 1

    @property
    def dice(self) -> list[int]:
        """The last roll of the number dice (the die `roll dice` uses), this turn."""
        die = self.book.number_die
        if die is None:
            return []
        faces = self.book.dice[die].faces
        return [cast(int, faces[i]) for i in self.rolled.get(die, ())]

    def budget_left(self) -> int | None:
        for frame in reversed(self.frames):
            if isinstance(frame, BuildFrame):
                return frame.budget
        return None

    # ----- primitives: dice, cards, units ----------------------------------------------------

    def emit(self, kind: str, data: dict, private_to: int | None = None) -> None:
        self._events.append(Event(kind, data, self.texts, private_to) if self.telling else self.texts.bare(kind))

    def ask(self, kind: str, player: int, options: list[Action] | None) -> None:
        """Ask `player` a decision; `options` None for a card offer, whose options are worked
        out when first read (`options`)."""
        self.pending = {"kind": kind, "player": player, "options": options}

    def roll(self, die_id: str) -> list[int]:
        """Roll every die of a kind: the positions of the faces they show. Several dice come
        from one 64-bit draw when their combinations fit in 32 bits (two six-sided dice need
        36), so the bias stays below 2**-32 and one draw does."""
        die = self.book.dice[die_id]
        sides, count = len(die.faces), die.count
        if count == 1:
            return [self.rng.below(sides)]
        combinations = sides**count
        if combinations < 2**32:
            r = self.rng.below(combinations)
            if count == 2:
                second, first = divmod(r, sides)
                return [first, second]
            shown = []
            for _ in range(count):
                r, face = divmod(r, sides)
                shown.append(face)
            return shown
        return [self.rng.below(sides) for _ in range(count)]

    def roll_number_dice(self) -> list[int]:
        """The numbers the dice of `roll dice` and `roll off` show."""
        die = self.book.number_die
        assert die is not None  # the checker lets these statements be written only then
        faces = self.book.dice[die].faces
        return [cast(int, faces[i]) for i in self.roll(die)]

    def roll_off_dice(self) -> list[int | str]:
        """The faces a roll-off roll shows (model.Variant.roll_off_die): numbers, and symbols,
        which count as 0."""
        die = self.book.roll_off_die
        assert die is not None  # the checker lets `roll off` be written only then
        return [die.faces[i] for i in self.roll(die.id)]

    def draw(self, player: int, why: str, space: int | None = None, source: str = "deck", target: str = "hand") -> None:
        """The top card of `source` (the player's own, if it is one per player) into the
        player's `target`; an empty source is first refilled from its shuffled `refill_from`."""
        layout = self.layout
        base, slot_pile = layout.base, layout.slot_pile
        source_slot = base[source]
        pile = slot_pile[source_slot]
        if pile.each == "player":
            source_slot += player
        drawn_from = self.piles[source_slot]
        if not drawn_from:
            refill = pile.refill_from
            refill_slot = None if refill is None else layout.base[refill] + (player if pile.each == "player" else 0)
            if refill_slot is None or not self.piles[refill_slot]:
                self.emit("deck_empty", {"player": player, "pile": source})
                return
            drawn_from.extend(self.piles[refill_slot])
            self.piles[refill_slot].clear()
            self.rng.shuffle(drawn_from)
            self.emit("reshuffle", {"count": len(drawn_from), "pile": source})
        card = drawn_from.pop()
        target_slot = base[target]
        target_pile = slot_pile[target_slot]
        if target_pile.each == "player":
            target_slot += player
        self.piles[target_slot].append(card)
        data = {"player": player, "card": self.variant.cards[card % self.book.kinds].id, "why": why}
        if space is not None:
            data["space"] = space
        if target != "hand":
            data["pile"] = target
        seen_by = target_pile.seen_by  # as _seen_only_by(target_slot), without the call
        if seen_by == "everyone":
            private_to = None
        elif seen_by == "owner" and target_pile.each == "player":
            private_to = layout.slot_owner[target_slot]
        else:
            private_to = -1
        self._events.append(Event("draw", data, self.texts, private_to) if self.telling else self.texts.bare("draw"))

    def discard_slot(self, player: int, code: int) -> int:
        """Where a card goes when played or discarded: its `discard_to` pile, its owner's one
        (or the player's who held it) if that pile is one per player."""
        layout = self.layout
        name = self.book.discard_to[code % self.book.kinds]
        base = layout.base[name]
        if layout.slot_pile[base].each != "player":
            return base
        owner = self.owner_of_card(code)
        return base + (player if owner is None else owner)

    def own_stack(self, prop: int) -> list[int]:
        """The stack of `prop`, as this game's own list, to change in place (a copy of the
        game shares it until then: see `owned_stacks`). A change made and undone before
        anything else runs (the explorer's trials, `placement_asks_again`) needs none."""
        if not (self.owned_stacks >> prop) & 1:
            self.stacks[prop] = self.stacks[prop].copy()
            self.owned_stacks |= 1 << prop
        return self.stacks[prop]

    def place(self, player: int, prop: int, count: int) -> int:
        """Put up to `count` of the player's units on top of the stack; returns how many."""
        placed = min(count, self.supply[player])
        if placed <= 0:
            if count > 0:
                self.emit("out_of_units", {"player": player})
            return 0
        self.supply[player] -= placed
        if placed == 1:
            self.own_stack(prop).append(player)
        else:
            self.own_stack(prop).extend([player] * placed)
        self.dirty.add(prop)
        self._events.append(
            Event("build", {"player": player, "property": prop, "count": placed}, self.texts)
            if self.telling else self.texts.bare("build")
        )
        return placed

    def remove_top(self, prop: int) -> None:
        stack = self.own_stack(prop)
        if stack:
            unit = stack.pop()
            self.supply[unit] += 1
            self.dirty.add(prop)
            self.emit("remove", {"player": unit, "property": prop})

    def remove_all(self, prop: int, keep: int | None) -> None:
        stack = self.own_stack(prop)
        while any(unit != keep for unit in stack):
            for position in range(len(stack) - 1, -1, -1):
                if stack[position] != keep:
                    unit = stack.pop(position)
                    self.supply[unit] += 1
                    self.emit("remove", {"player": unit, "property": prop})
                    break
        self.dirty.add(prop)

    def move_top(self, source: int, target: int) -> None:
        if self.stacks[source]:
            unit = self.own_stack(source).pop()
            self.own_stack(target).append(unit)
            self.dirty.update((source, target))
            self.emit("move_unit", {"player": unit, "from": source, "to": target})

    def add_to(self, counter: str, player: int, amount: int) -> None:
        """Add to a counter of the game or, when the counter is kept for each player, to
        `player`'s."""
        if counter in self.counters:
            self.counters[counter] += amount
            self.announce(counter, None, self.counters[counter])
        else:
            numbers = self.player_counters[counter]
            numbers[player] += amount
            self.announce(counter, player, numbers[player])

    def announce(self, counter: str, player: int | None, value: int) -> None:
        """Tell a counter's new value, if the variant shows it: a player's counter as theirs,
        a counter of the game as the turn's player's (what the turn is doing: a Flip 2 played
        by Blue makes Red, whose turn it is, flip two more), a space's as the space's (what
        lies on it), in the turn's player's part of the log. `player` is the space there."""
        if counter in self.book.announced:
            if counter in self.book.space_counters:
                data = {"player": self.order[self.turn_pos], "space": player, "counter": counter, "value": value}
                self.emit("counter", data)
                return
            whose = self.order[self.turn_pos] if player is None else player
            self.emit("counter", {"player": whose, "counter": counter, "value": value})

    def push_build(self, player: int, budget: int, zone: str | None, lots: int | None, per_lot: int | None, must: bool) -> None:
        self.frames.append(BuildFrame(player, budget, zone, lots, per_lot, must))

    # ----- settling ownership and tokens -------------------------------------------------------

    def settle(self) -> None:
        """Steps 3 and 4, once per roll and once per card: property cards follow ownership,
        then every token moves to its player's total value (capped at the track's end)."""
        if not self.dirty:
            return
        value = self.book.value
        changed = set()
        dirty = self.dirty
        for prop in sorted(dirty) if len(dirty) > 1 else dirty:
            new = self.owner_of(prop)
            old = self.holder[prop]
            if new == old:
                continue
            self.holder[prop] = new
            if old is not None:
                self.worth[old] -= value[prop]
                self.held[old] -= 1
                changed.add(old)
            if new is not None:
                self.worth[new] += value[prop]
                self.held[new] += 1
                changed.add(new)
                self._events.append(
                    Event("take", {"player": new, "property": prop, "from": old}, self.texts)
                    if self.telling else self.texts.bare("take")
                )
            else:
                self.emit("return_card", {"property": prop, "from": old})
        self.dirty.clear()
        if changed:
            self._move_tokens(sorted(changed))

    def _move_tokens(self, players: list[int]) -> None:
        """Each token to its player's score on the track, capped at the last space; a token
        moving forward onto a marked space runs the `token_on_mark` hook, and once all have
        moved, each token on the last space (the turn's player first) `token_at_end`."""
        book = self.book
        if book.track is None:
            return
        length, marks = book.track_length, book.track_marks
        follows = book.score_of[book.track_follows]
        for player in players:
            target = min(length, follows(self, player) or 0)
            start = self.tokens[player]
            if target == start:
                continue
            self.tokens[player] = target
            self._events.append(
                Event("token", {"player": player, "from": start, "to": target}, self.texts)
                if self.telling else self.texts.bare("token")
            )
            if target > start:
                mark = marks[target] if target >= 0 else None  # a score may be below the track
                if mark is not None:
                    self.run_hook("token_on_mark", player, {"mark": mark})
        tokens = self.tokens
        if not self.over and max([tokens[p] for p in players]) >= length:
            for player in self.players_from(self.turn_player):  # the turn's player first
                if self.tokens[player] >= length:
                    self.run_hook("token_at_end", player, {})
                    if self.over:
                        return

    def run_hook(self, name: str, me: int, env: dict) -> None:
        """Run one of the variant's hooks for `me`, if it has it: at once when it cannot ask
        anything (its events fall where the moment is), else as a program on the stack."""
        block = self.book.program_block.get(name)
        if block is None or not self.room_for_effect():
            return
        if block in self.book.inline:
            if self.inline_hooks >= MAX_INLINE_HOOKS:
                self._finish("depth_limit", None)
                return
            root = ProgramFrame(name, me)
            frame = BlockFrame(block, dict(env), -1)
            self.inline_hooks += 1
            try:
                self.run_inline_frame(frame, root)
            finally:
                self.inline_hooks -= 1
            return
        self.push_hook(name, me, env)

    def push_hook(self, name: str, me: int, env: dict) -> bool:
        """Put one of the variant's hooks on the stack of frames, to run next (it must have
        it); False, and the game ends, when the stack has no room (room_for_effect)."""
        if not self.room_for_effect():
            return False
        root_index = len(self.frames)
        self.frames.append(ProgramFrame(name, me))
        self.frames.append(BlockFrame(self.book.program_block[name], dict(env), root_index))
        return True

    def room_for_effect(self) -> bool:
        """Whether another card's or hook's effect fits on the stack of frames (MAX_FRAMES);
        if not, the game ends ("depth_limit") and nothing more is started."""
        if len(self.frames) + FRAMES_PER_EFFECT <= MAX_FRAMES:
            return True
        if not self.over:
            self._finish("depth_limit", None)
        return False

    def source_of(self, root: RootFrame) -> str:
        """The card (by id) or program (by name) a block belongs to, for the log."""
        if isinstance(root, CardFrame):
            return self.variant.cards[root.c % self.book.kinds].id
        return cast(ProgramFrame, root).program

    def _finish(self, reason: str, player: int | None) -> None:
        self.over = True
        self.pending = None
        self.end_reason = {"reason": reason, "player": player}
        self.emit("game_over", {"reason": reason, "player": player})

    # ----- the machine -------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run frames until a decision is pending or the game is over: the machine's one step
        loop. Blocks, the common case, run here without a call per frame: a block's statements
        one after another, into a block one of them pushed and back out to the block it
        stands in, for as long as nothing is asked; every other frame takes its step from
        _STEP. Each statement passes `spend`, the one budget. (A block that cannot ask, run at
        once inside a statement, `run_inline_frame`, passes it too.)"""
        frames = self.frames
        steps = _STEP
        all_ops, all_quiet, given_after = self.book.ops, self.book.quiet, self.book.given_after
        while self.pending is None and not self.over:
            frame = frames[-1]
            if type(frame) is not BlockFrame:
                steps[type(frame)](self, frame)
                continue
            root: RootFrame = frames[frame.root]  # type: ignore[assignment]  # a block's root is one
            ops, quiet = all_ops[frame.b], all_quiet[frame.b]
            while True:
                pc = frame.pc
                if root.halt or pc >= len(ops):
                    frames.pop()
                    if root.halt:
                        break
                    parent = frames[-1]
                    if type(parent) is not BlockFrame:
                        if type(parent) is ProgramFrame:  # the program is done (as _step_program)
                            frames.pop()
                        break
                    if given_after[parent.b][parent.pc]:
                        self._hand_back(parent, frame.env)
                    frame = parent
                    root = frames[frame.root]  # type: ignore[assignment]
                    ops, quiet = all_ops[frame.b], all_quiet[frame.b]
                    continue
                if not self.spend(root):  # the one budget every statement is held to
                    break
                ops[pc](self, frame, root)
                if quiet[pc]:
                    continue
                if self._stopped():
                    break
                top = frames[-1]
                if top is not frame:
                    if type(top) is not BlockFrame:
                        break
                    frame = top
                    root = frames[frame.root]  # type: ignore[assignment]
                    ops, quiet = all_ops[frame.b], all_quiet[frame.b]

    def spend(self, root: RootFrame) -> bool:
        """Count one statement about to be carried out for `root`'s card or program: False,
        and it is not, past the effect's own MAX_EFFECT_STEPS (the effect stops, and the log
        says so), or past the action's `work_cap`, statements and events together (the game
        ends: a card that plays itself restarts its own count, not this one). Every statement
        of every block goes through here, so nothing one action sets off escapes the budget."""
        root.steps = count = root.steps + 1
        if count > MAX_EFFECT_STEPS:
            root.halt = True
            self.emit("effect_limit", {"card": self.source_of(root), "steps": MAX_EFFECT_STEPS})
            return False
        self.work = work = self.work + 1
        if work + len(self._events) > self.work_cap:
            self._finish(self.work_cap_reason, None)
            return False
        return True

    def _stopped(self) -> bool:
        """Whether the machine must stop: a decision is asked, or the game is over. (A call,
        not the test written out, where an op just run may have set either: a type checker,
        and mypyc after it, would take `pending` to be still None there.)"""
        return self.pending is not None or self.over

    def question_at_top(self) -> tuple[str, int, list[Action]] | None:
        """The decision the frame stack stands at, worked out from the state alone, as the
        step that asked it worked it out: (kind, player, options), or None where the machine
        would run on without asking. `restore` checks a snapshot's pending decision with it."""
        frame = self.frames[-1]
        if isinstance(frame, OfferFrame):
            return _asked("card", frame.player, self._offer_question(frame))
        if isinstance(frame, BuildFrame):
            return _asked("build", frame.player, self._build_question(frame))
        if isinstance(frame, ReactFrame):
            return "react", frame.player, self._react_question(frame)
        if isinstance(frame, DiscardFrame) and frame.left > 0 and self.hand(frame.player):
            return _asked("discard", frame.player, self._discard_question(frame))
        if isinstance(frame, TradeFrame):
            return trade_question(self, frame)
        if isinstance(frame, BlockFrame):
            block = self.book.blocks[frame.b]
            statement = block[frame.pc] if frame.pc < len(block) else None
            if isinstance(statement, (ast.Choose, ast.ChooseNumber, ast.ChooseWord, ast.RollZone)):
                root = cast(RootFrame, self.frames[frame.root])
                chooser, what, values = self.interp.offered_choice(statement, frame, root)
                if chooser is not None and len(values) > 1:
                    return "choose", chooser, self.interp.choice_actions(what, values)
        return None

    def _find(self, action: Action | dict, options: list[Action]) -> Action:
        for option in options:
            if option is action or option.option is action:  # an action, or the dict a bot was shown of it
                return option
        if isinstance(action, dict):
            kind, arg = action.get("kind"), action.get("arg")
            for option in options:
                # the same type too: 1.0 or true is not property 1
                if option.kind == kind and option.arg == arg and type(option.arg) is type(arg):
                    return option
        else:
            for option in options:
                if option == action and type(option.arg) is type(action.arg):
                    return option
        raise IllegalAction(f"{_words(action)} is not a legal action now")

    def _resolve(self, pending: dict, action: Action) -> None:
        kind = action.kind
        player = pending["player"]
        frame = self.frames[-1]
        if kind == "build":
            self._build_one(frame, action.arg)  # type: ignore[arg-type]  # a build is answered on its frame
        elif kind == "stop":
            self.emit("stop", {"player": player})
            self.frames.pop()
        elif kind == "play":
            self._play(player, self.book.card_index[action.arg])
        elif kind == "pass":
            self.frames.pop()  # the offer: no card now
        elif kind == "choose":
            assert isinstance(frame, BlockFrame)
            statement = self.book.blocks[frame.b][frame.pc]
            value = action.arg
            if action.what == "card":  # the very card offered, where it lies, not a twin elsewhere
                root = cast(RootFrame, self.frames[frame.root])
                _, _, offered = self.interp.offered_choice(cast(ast.Choose, statement), frame, root)
                # (a game a bot sampled may hold other hidden cards than the options it was
                # given: the card is then looked for wherever it is)
                value = next((o for o in offered if o == value), CardRef(value))
            self.interp.bind(frame, statement.var, action.what, value, player)  # type: ignore[union-attr]
        elif kind == "react":
            assert isinstance(frame, ReactFrame)
            self.frames.pop()
            self._react(player, self.book.card_index[action.arg], frame)
        elif kind == "decline":
            assert isinstance(frame, ReactFrame)
            self.frames.pop()
            self.emit("decline", {"player": player, "against": self.variant.cards[frame.against].id})
        elif kind == "discard":
            assert isinstance(frame, DiscardFrame)
            self._discard(player, self.book.card_index[action.arg])
            frame.left -= 1
        elif kind in ("trade", "reply"):
            assert isinstance(frame, TradeFrame)
            resolve_trade(self, frame, action)

    # -- the game's own programs: the setup, then one turn after another

    def _step_game(self, frame: GameFrame) -> None:
        """The bottom of the stack: run the setup, then start turn after turn."""
        if frame.phase == "setup":
            frame.phase = "turns"
            self._run_program("setup", 0)
            return
        if frame.begun:
            self._events.append(
                Event("turn_end", {"player": self.order[self.turn_pos]}, self.texts)
                if self.telling else self.texts.bare("turn_end")
            )
            self.turn_pos = (self.turn_pos + 1) % self.n
        if self.next_player is not None:  # `next turn X`: from X on, in order
            self.turn_pos = self.order.index(self.next_player)
            self.next_player = None
        frame.begun = True
        self._begin_turn()

    def _begin_turn(self) -> None:
        player = self.order[self.turn_pos]
        self.turn_number += 1
        if self.turn_number > MAX_TURNS:
            self._finish("turn_limit", None)
            return
        self._events.append(
            Event("turn", {"player": player, "number": self.turn_number}, self.texts)
            if self.telling else self.texts.bare("turn")
        )
        self.turn_plays = []
        for counter in self.book.turn_counters:
            self.counters[counter] = 0
        for counter, size in self.book.turn_player_counters:
            self.player_counters[counter] = [0] * (self.n if size is None else size)
        self.rolled = {}
        # the stack runs these in turn: the start_of_turn hook, the turn, the end_of_turn hook
        frames, blocks = self.frames, self.book.program_block
        for name in self.book.turn_programs:  # as _run_program, without a call each
            root = len(frames)
            frames.append(ProgramFrame(name, player))
            frames.append(BlockFrame(blocks[name], {}, root))

    def _run_program(self, name: str, me: int) -> None:
        root = len(self.frames)
        self.frames.append(ProgramFrame(name, me))
        self.frames.append(BlockFrame(self.book.program_block[name], {}, root))

    def _step_program(self, frame: ProgramFrame) -> None:
        """A program is done: the game's own frame below starts what comes next."""
        self.frames.pop()

    # -- offering cards

    def _step_offer(self, frame: OfferFrame) -> None:
        """Ask; back here after a card played from the offer, ask again only with a limit the
        turn's plays are still under. The options are worked out when first read (`options`),
        unless whether to ask depends on them."""
        if frame.asked and frame.limit is None and not self._plays_again():
            self.frames.pop()
            return
        if self.compat == 1 or self.book.open_hands:
            options = self._offer_question(frame)
            if options is None:
                self.frames.pop()
                return
            frame.asked = True
            self.ask("card", frame.player, options)
            return
        if not self._offer_asked(frame):
            self.frames.pop()
            return
        frame.asked = True
        self.ask("card", frame.player, None)

    def _plays_again(self) -> bool:
        """After a card played from an offer without a limit: the card allows another play
        this turn (`per_turn`). Only public facts decide: which card was played, how often."""
        plays = self.turn_plays
        if not plays:
            return False
        limit = self.book.per_turn[plays[-1]]
        return limit is not None and plays.count(plays[-1]) < limit

    def _offer_question(self, frame: OfferFrame) -> list[Action] | None:
        """The options of a card offer (the cards playable now, and passing), or None when it
        is not asked: the turn's plays reached the limit, or (rulings.md, 33) the hand is
        empty or the deck has no card of that timing."""
        if not self._offer_asked(frame):
            return None
        return self._playable(frame.player, self.book.timed.get(frame.timing, frozenset())) + [self.texts.pass_action]

    def _offer_asked(self, frame: OfferFrame) -> bool:
        """Whether a card offer is asked at all (see `_offer_question`)."""
        if frame.limit is not None and len(self.turn_plays) >= frame.limit:
            return False
        return self._asks_for_cards(frame.player, self.book.timed.get(frame.timing, frozenset()))

    def _asks_for_cards(self, player: int, timing: frozenset[int]) -> bool:
        """Whether the player is asked about cards of this timing. Only public facts decide
        (the deck has such cards, the hand is not empty): were the question skipped when the
        hand holds nothing playable, everyone would learn that from the skip. Format 1 games
        skipped it, and still do, so that their saves replay. A hand everyone sees (Monopoly
        Chance's kept cards) hides nothing, so there the question comes only with a card to play."""
        if self.compat == 1 or self.book.open_hands:
            return bool(self._playable(player, timing))
        return bool(timing) and bool(self.held_to_play(player))

    def _playable(self, player: int, timing: frozenset[int]) -> list[Action]:
        hand = self.held_to_play(player)
        if not hand:
            return []
        kinds = self.book.kinds
        held = {c % kinds for c in hand} if kinds <= max(hand) else set(hand)
        if timing.isdisjoint(held):
            return []
        cards = self.variant.cards
        plays = self.texts.play_actions
        seen: list[Action] = []
        for card_index in sorted(held):
            if card_index not in timing:
                continue
            limit = self.book.per_turn[card_index]
            if limit is not None and self.turn_plays.count(card_index) >= limit:
                continue
            condition = cards[card_index].condition
            if condition is not None and not self.interp.evaluate(condition, {}, player):
                continue
            if self.only_followable and not card_is_followable(self, card_index, player):
                continue
            seen.append(plays[card_index])
        return seen

    # -- building, one unit at a time

    def _build_options(self, frame: BuildFrame) -> list[Action]:
        """The placements the budget and the new-lot limits allow, as actions."""
        if self.supply[frame.player] <= 0:
            return []
        budget = frame.budget
        started = frame.started
        per_lot = frame.per_lot
        may_start = frame.lots is None or frame.lots > 0
        stacks = self.stacks
        options = []
        for prop, value, action in self.zone_build_table.get(frame.zone or "", ()):
            if value > budget:
                continue
            if prop in started:
                if per_lot is None or started[prop] < per_lot:
                    options.append(action)
            elif may_start or stacks[prop]:
                options.append(action)
        return options

    def _step_build(self, frame: BuildFrame) -> None:
        actions = self._build_options(frame)
        if not actions:
            player = frame.player
            if frame.placed == 0:
                if self.supply[player] <= 0:
                    self.emit("out_of_units", {"player": player})
                else:
                    self.emit("cannot_build", {"player": player, "zone": frame.zone, "budget": frame.budget})
            elif self.supply[player] > 0:
                blocked = self._blocked_lots(frame)
                if blocked:  # money left and a lot it would buy: a limit of the roll stopped it
                    self.emit("build_limit", {"player": player, "budget": frame.budget, **blocked[0]})
            self.frames.pop()
            return
        if _may_stop(frame):
            actions.append(self.texts.stop_action)
        elif len(actions) == 1:
            self._build_one(frame, actions[0].arg)
            return
        self.pending = {"kind": "build", "player": frame.player, "options": actions}

    def _blocked_lots(self, frame: BuildFrame) -> list[dict]:
        """The placements the budget affords but a limit of the roll forbids: a new lot when no
        more may be started ("new_lots"), another unit on a lot started this roll that has its
        units ("per_lot"). Each as {"property", "why", "limit"}."""
        if self.supply[frame.player] <= 0:
            return []
        blocked = []
        stacks = self.stacks
        for prop, value, _ in self.zone_build_table.get(frame.zone or "", ()):
            if value > frame.budget:
                continue
            if prop in frame.started:
                if frame.per_lot is not None and frame.started[prop] >= frame.per_lot:
                    blocked.append({"property": prop, "why": "per_lot", "limit": frame.per_lot})
            elif not stacks[prop] and frame.lots is not None and frame.lots <= 0:
                blocked.append({"property": prop, "why": "new_lots", "limit": len(frame.started) + frame.lots})
        return blocked

    def withheld(self, player: int) -> list[dict]:
        """What the pending decision of `player` does not offer, and why: for a card offer,
        each card of their hand not offered ({"card", "why"}: "timing" with the card's timing,
        "per_turn", "condition", "nothing" when playing it would change nothing or cannot be
        followed); for a build, each lot the budget affords that a limit of the roll forbids
        ({"property", "why", "limit"}). Empty for other decisions and for other players: what
        a player is told depends only on their own hand and the public board."""
        pending = self.pending
        if pending is None or pending["player"] != player:
            return []
        frame = self.frames[-1]
        if pending["kind"] == "build" and isinstance(frame, BuildFrame):
            return self._blocked_lots(frame)
        if pending["kind"] != "card" or not isinstance(frame, OfferFrame):
            return []
        offered = {a.arg for a in self.options() if a.kind == "play"}
        timing = self.book.timed.get(frame.timing, frozenset())
        cards, kinds = self.variant.cards, self.book.kinds
        reasons: list[dict] = []
        for kind in sorted({code % kinds for code in self.held_to_play(player)}):
            card = cards[kind]
            if card.id in offered:
                continue
            if kind not in timing:
                reasons.append({"card": card.id, "why": "timing", "timing": card.timing})
            elif (limit := self.book.per_turn[kind]) is not None and self.turn_plays.count(kind) >= limit:
                reasons.append({"card": card.id, "why": "per_turn", "limit": limit})
            elif card.condition is not None and not self.interp.evaluate(card.condition, {}, player):
                reasons.append({"card": card.id, "why": "condition"})
            else:
                reasons.append({"card": card.id, "why": "nothing"})
        return reasons

    def _build_question(self, frame: BuildFrame) -> list[Action] | None:
        """The options of the build decision, or None where `_step_build` asks nothing (no
        placement left, or the one compulsory placement is made at once)."""
        actions = self._build_options(frame)
        if not actions or (len(actions) == 1 and not _may_stop(frame)):
            return None
        return actions + [self.texts.stop_action] if _may_stop(frame) else actions

    def placement_asks_again(self, prop: int) -> bool:
        """Whether answering the pending build with a unit on `prop` would change nothing but
        that stack and the builder's supply before the same build asks for the next unit:
        the bots then judge the placement without playing it on a copy. Worked out by the
        steps `apply` takes (`_build_one`, then `_step_build`'s question), on a copy of the
        build's frame and with the unit on the stack only while asking."""
        frame = self.frames[-1]
        if self.pending is None or self.pending["kind"] != "build" or not isinstance(frame, BuildFrame):
            return False
        trial = cast(BuildFrame, frame.copy())
        stack, supply = self.stacks[prop], self.supply
        self._count_placement(trial, prop)
        stack.append(trial.player)
        supply[trial.player] -= 1
        try:
            return self._build_question(trial) is not None
        finally:
            stack.pop()
            supply[trial.player] += 1

    def _build_one(self, frame: BuildFrame, prop: int) -> None:
        self._count_placement(frame, prop)
        self.place(frame.player, prop, 1)

    def _count_placement(self, frame: BuildFrame, prop: int) -> None:
        """What one more unit on `prop` uses of the build's budget and limits."""
        started = frame.started
        if prop in started:
            started[prop] += 1
        elif not self.stacks[prop]:
            started[prop] = 1
            if frame.lots is not None:
                frame.lots -= 1
        frame.budget -= self.book.value[prop]
        frame.placed += 1

    # -- cards

    def _take_from_hand(self, player: int, kind: int) -> int:
        """Take a card of this kind out of the pile the player plays it from; returns its code."""
        held = self.pile_to_play_from(player, kind)
        kinds = self.book.kinds
        for code in held:
            if code % kinds == kind:
                held.remove(code)
                return code
        raise AssertionError("a card offered from the hand is in it")  # the options come from the hand

    def pile_to_play_from(self, player: int, kind: int) -> list[int]:
        """The first of the player's piles to play from (the variant's order) that holds a card
        of this kind: the hand, or one marked `played_from` (empty if none does)."""
        kinds = self.book.kinds
        for first in self.layout.played:
            held = self.piles[first + player]
            for code in held:
                if code % kinds == kind:
                    return held
        return []

    def _play(self, player: int, kind: int) -> None:
        if not self.room_for_effect():
            return
        code = self._take_from_hand(player, kind)
        self.in_play.append(code)
        if player == self.turn_player:  # a card played out of turn is not one of the turn's
            self.turn_plays.append(kind)
        self.emit("play", {"player": player, "card": self.variant.cards[kind].id})
        self._push_card(code, player, target=None)

    def _react(self, player: int, kind: int, react_frame: ReactFrame) -> None:
        if not self.room_for_effect():
            return
        code = self._take_from_hand(player, kind)
        self.in_play.append(code)
        self.emit(
            "react",
            {"player": player, "card": self.variant.cards[kind].id, "against": self.variant.cards[react_frame.against].id},
        )
        self._push_card(code, player, target=react_frame.root)

    def _push_card(self, code: int, player: int, target: int | None) -> None:
        root = len(self.frames)
        self.card_began[root] = len(self._events)
        self.frames.append(CardFrame(code, player, target))
        self.frames.append(BlockFrame(self.book.card_block[code % self.book.kinds], {}, root))

    def _step_card(self, frame: CardFrame) -> None:
        """A card's effect is done (or stopped): discard it and settle (Step 5). A card its
        own effect put somewhere (`put this on P`) stays there."""
        self.frames.pop()
        if frame.c in self.in_play:
            self.in_play.remove(frame.c)
            self.piles[self.discard_slot(frame.me, frame.c)].append(frame.c)
        self.settle()

    # -- cards moved by effects: `put` and `play`

    def _take_card(self, code: Ref) -> tuple[str, int | None]:
        """Take the card out of where it is: where the effect found it (CardRef.place), or
        else the first place holding a copy. Returns where it was: ("pile", slot), ("space",
        index) or ("play", None); ("nowhere", None) if it is in none of them."""
        place = getattr(code, "place", None)
        if place is not None:
            held = held_at(self, place) if place >= 0 or place == IN_PLAY else self.own_stack(-1 - place)
            if code in held:
                del held[len(held) - 1 - held[::-1].index(code)]
                if place == IN_PLAY:
                    return "play", None
                if place >= 0:
                    return "pile", place
                self.dirty.add(-1 - place)
                return "space", -1 - place
        for slot, held in enumerate(self.piles):
            if code in held:
                del held[len(held) - 1 - held[::-1].index(code)]
                return "pile", slot
        if self.book.cards_stacked:
            for space, stack in enumerate(self.stacks):
                if code in stack:
                    stack = self.own_stack(space)
                    del stack[len(stack) - 1 - stack[::-1].index(code)]
                    self.dirty.add(space)
                    return "space", space
        if code in self.in_play:
            self.in_play.remove(code)
            return "play", None
        return "nowhere", None

    def move_card(self, code: Ref, target: Ref, player: int, under: bool = False) -> int | None:
        """`put K on X`: the card onto a pile (X a PileRef) or a space's stack of cards (`under`:
        at its bottom). Who sees which card it is: everyone if it was or goes face up (a space,
        play, a pile seen by everyone); else the one player who may see the pile it goes to or
        came from."""
        source, where = self._take_card(code)
        if source == "nowhere":
            return None
        onto_pile = isinstance(target, PileRef)
        held = self.piles[target] if onto_pile else self.own_stack(target)
        if under:
            held.insert(0, int(code))
        else:
            held.append(int(code))
        if not onto_pile:
            self.dirty.add(target)
        slots = [slot for slot in (where if source == "pile" else None, int(target) if onto_pile else None) if slot is not None]
        public = source != "pile" or not onto_pile or any(self.layout.slot_pile[s].seen_by == "everyone" for s in slots)
        private_to = None
        if not public:
            owners = [  # a pile seen by its owner: a player's (a space's is seen by nobody)
                self.layout.slot_owner[s] for s in slots
                if self.layout.slot_pile[s].seen_by == "owner" and self.layout.slot_pile[s].each == "player"
            ]
            private_to = owners[-1] if owners and owners[-1] is not None else -1
        data = {
            "player": player,
            "card": self.variant.cards[code % self.book.kinds].id,
            "owner": self.owner_of_card(code),
            "to": self.layout.slot_pile[target].id if onto_pile else target,
            "to_owner": self.layout.slot_owner[target] if onto_pile else None,
            "from": self.layout.slot_pile[where].id if source == "pile" else (where if source == "space" else None),  # type: ignore[index]
            "from_owner": self.layout.slot_owner[where] if source == "pile" else None,  # type: ignore[index]
        }
        if under:
            data["under"] = True
        self.emit("put", data, private_to)
        return int(target) if onto_pile else -1 - target  # where it now lies (CardRef.place)

    def play_from_anywhere(self, code: Ref, player: int) -> None:
        """`play K`: the card is played by `player` from where it is, as from a hand; it does
        not count as one of the turn's plays (the program decided it, not the player)."""
        if not self.room_for_effect() or self._take_card(code)[0] == "nowhere":
            return
        code = int(code)
        self.in_play.append(code)
        self.emit("play", {"player": player, "card": self.variant.cards[code % self.book.kinds].id})
        self._push_card(code, player, target=None)

    def _hand_back(self, parent: BlockFrame, env: dict) -> None:
        """A side of an `if ... else` is done: the names both sides give a value to are known
        after it (the rulebook says which), so they go to the block it stands in."""
        parent_env = parent.env
        for name in self.book.given_after[parent.b][parent.pc]:
            if name not in parent_env and name in env:
                parent_env[name] = env[name]

    def run_inline(self, b: int, parent: BlockFrame, root: RootFrame) -> None:
        """Run block `b`, one that cannot ask anything, to its end now, as a side of the `if`
        just passed in `parent`; the same steps, limits and hand-back as in a frame of its own."""
        branch = BlockFrame(b, dict(parent.env), parent.root)
        if self.run_inline_frame(branch, root):
            self._hand_back(parent, branch.env)

    def run_inline_frame(self, branch: BlockFrame, root: RootFrame) -> bool:
        """Run a block that cannot ask anything to its end now; False if it stopped (a `stop`,
        the effect's step limit, the end of the game)."""
        ops = self.book.ops[branch.b]
        while branch.pc < len(ops):
            if not self.spend(root):
                return False
            ops[branch.pc](self, branch, root)
            if root.halt or self.over:
                return False
        return True

    def _step_loop(self, frame: LoopFrame) -> None:
        if cast(RootFrame, self.frames[frame.root]).halt or frame.i >= len(frame.items):
            self.frames.pop()
            return
        env = dict(frame.env)
        env[frame.var] = frame.items[frame.i]
        frame.i += 1
        self.frames.append(BlockFrame(frame.b, env, frame.root))

    def _step_repeat(self, frame: RepeatFrame) -> None:
        root = cast(RootFrame, self.frames[frame.root])
        test = self.book.repeat_tests.get(frame.b)
        if root.halt or frame.left <= 0 or (test is not None and not test(self, frame.env, root.me)):
            self.frames.pop()
            return
        frame.left -= 1
        self.frames.append(BlockFrame(frame.b, dict(frame.env), frame.root))

    def _step_window(self, frame: WindowFrame) -> None:
        """An open window: after each turn at the body, count the passes in a row (a turn
        that did not pass starts the count again); once every player's last turn was a pass,
        or the turns run out, the window closes; else the next player in rotation goes."""
        if frame.i > 0:
            frame.passes = frame.passes + 1 if frame.passed else 0
            frame.passed = False
        root = cast(RootFrame, self.frames[frame.root])
        if root.halt or frame.left <= 0 or frame.passes >= len(frame.players):
            self.frames.pop()
            return
        env = dict(frame.env)
        env[frame.var] = frame.players[frame.i % len(frame.players)]
        frame.i += 1
        frame.left -= 1
        self.frames.append(BlockFrame(frame.b, env, frame.root))

    def _step_trade(self, frame: TradeFrame) -> None:
        """An offer between players: its proposer puts it together, then its partner answers
        (engine/words/trades.py)."""
        self.ask(*trade_question(self, frame))

    def _step_react(self, frame: ReactFrame) -> None:
        self.ask("react", frame.player, self._react_question(frame))

    def _react_question(self, frame: ReactFrame) -> list[Action]:
        """The targeted player is always asked, holding an answer or not, so that neither the
        question nor a 'does not answer' tells anyone what is in their hand."""
        answers = self.book.reactions_to[frame.against]
        plays = self.texts.react_actions
        kinds = self.book.kinds
        held = sorted({c % kinds for c in self.held_to_play(frame.player)})
        return [plays[c] for c in held if c in answers] + [self.texts.decline_action]

    def _step_discard(self, frame: DiscardFrame) -> None:
        player = frame.player
        if frame.left <= 0 or not self.hand(player):
            self.frames.pop()
            return
        options = self._discard_question(frame)
        if options is None:  # format 1 discarded a hand of one kind at once, telling all
            self._discard(player, self.hand(player)[0] % self.book.kinds)
            frame.left -= 1
            return
        self.ask("discard", player, options)

    def _discard_question(self, frame: DiscardFrame) -> list[Action] | None:
        """The cards the player may discard, or None when format 1 would not have asked."""
        kinds = sorted({c % self.book.kinds for c in self.hand(frame.player)})
        if len(kinds) == 1 and self.compat == 1:
            return None
        return [self.texts.action("discard", self.variant.cards[c].id, "card") for c in kinds]

    def _discard(self, player: int, kind: int) -> None:
        code = self._take_from_hand(player, kind)
        self.piles[self.discard_slot(player, code)].append(code)
        self.emit("discard", {"player": player, "card": self.variant.cards[kind].id})


def _words(action: object) -> str:
    """An action someone asked for, in words, however odd it is (it may come from a file)."""
    if isinstance(action, Action):
        return f"'{action.kind}' with {action.arg}"
    if isinstance(action, dict):
        kind, arg = str(action.get("kind"))[:40], str(action.get("arg"))[:40]
        return f"'{kind}' with {arg}"
    return "that action"


def _asked(kind: str, player: int, options: list[Action] | None) -> tuple[str, int, list[Action]] | None:
    return None if options is None else (kind, player, options)


def _may_stop(frame: BuildFrame) -> bool:
    """Stopping is offered once a unit is placed, or from the start when building is optional."""
    return frame.placed > 0 or not frame.must


_STEP: dict[type[Frame], Callable] = {
    GameFrame: Game._step_game,
    ProgramFrame: Game._step_program,
    OfferFrame: Game._step_offer,
    BuildFrame: Game._step_build,
    CardFrame: Game._step_card,
    LoopFrame: Game._step_loop,
    RepeatFrame: Game._step_repeat,
    WindowFrame: Game._step_window,
    TradeFrame: Game._step_trade,
    ReactFrame: Game._step_react,
    DiscardFrame: Game._step_discard,
}



def new_game(variant: Variant, players: int, seed: int | None = None, compat: int = SAVE_FORMAT) -> Game:
    """A new game: shuffled deck, starting hands dealt, first player found, and the first
    turn's roll made; `game.setup_events` says what happened. Without a seed, one is drawn
    from the operating system's entropy (`game.seed` tells which, to replay the game)."""
    game = Game(variant, players, fresh_seed() if seed is None else seed, compat)
    game.start()
    return game
