"""The table of a game: its state, declared once (state.py's `STATE`), and the primitive
verbs that change it (roll, draw, place, move a card, add to a counter) and the queries that
read it (who owns a space, who leads). Nothing here steps the program: that is the machine
(machine.py), and the public API is the game (game.py), each a layer on the one below, one
object in the end (`GameState`), compiled together (engine/accel.py).
"""


from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.core.expressions import card_ref, held_at
from engine.core.frames import Asked, CardFrame, Frame, GameFrame
from engine.core.refs import IN_PLAY, PileRef, Ref
from engine.effects.limits import (
    MAX_WORK_PER_ACTION,
)
from engine.game.interpreter import Interpreter
from engine.game.messages import NOBODY, Action, Event
from engine.game.rng import GENERATORS, RandomSource
from engine.game.rulebook import Rulebook, played_variant, rulebook_for
from engine.game.score_reads import COUNTER, FIELD, GAME_COUNTER, PIECES, STACKS
from engine.variant.model import Variant

if TYPE_CHECKING:
    from engine.game.game_state import GameState

QUIET_EVENTS = frozenset({
    "play", "choose", "react", "decline", "cancelled", "say", "no_choice", "effect_limit", "window",
})
"""Events that tell of a card being played, chosen for or answered, not of a change it made."""


MAX_REMEMBERED = 4096
"""Keys a score's values are remembered by (Rulebook.score_cache) before they are forgotten:
some megabytes at most, and a game's look-aheads revisit far fewer positions."""


SAVE_FORMAT = 2
"""The snapshot format new games are written in. Format 1 (before 2026-11-23) used a
generator whose future could be read from its past rolls, and skipped a player's card
questions when they held nothing playable, which told the table about their hand. A game
made with `compat=1` plays exactly as format 1 did, so that old saves replay."""


class StacksKey:
    """Every space's stack as a tuple, with its hash worked out once: the part of a remembered
    score's key that reads the stacks (`Table.stacks_key`). A key made of it is hashed for
    each score that reads the stacks, and by every copy of the game that has not changed
    them: a tuple of 40 tuples is hashed afresh each time, this one is not."""

    __slots__ = ("stacks", "hashed")

    def __init__(self, stacks: tuple[tuple[int, ...], ...]) -> None:
        self.stacks = stacks
        self.hashed = hash(stacks)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, StacksKey) and self.hashed == other.hashed and self.stacks == other.stacks


class WorkMeter:
    """Work a bot's look-ahead may still spend, shared by every copy of the game it searches
    (`GameState.meter`): each action played on any of them spends its statements and events, and
    an action is held to what is left as well as to MAX_WORK_PER_ACTION. Once it is spent,
    the copies' next actions end their games ("work_limit") at once, so the search stops
    with what it has: the same budget as the game's own, over a whole decision of a bot."""

    __slots__ = ("left",)

    def __init__(self, left: int):
        self.left = left


class Table:
    """The state of one game and the verbs that change it (the machine and the game stand on it)."""

    def __init__(self, variant: Variant, players: int, seed: int, compat: int = SAVE_FORMAT, rng: Any = None):
        """The table of a game: the variant's rulebook, names and pile layout for this many
        players, and its random generator (`rng`, a copy's or a snapshot's, else one from the
        seed). The state comes after: `start` deals a new game, `copy` and the snapshot fill in
        theirs. (Every game is made here, never by skipping `__init__`, so that the class can
        be compiled: scripts/build_accel.py.)"""
        if players not in rulebook_for(variant).player_counts:
            raise ValueError(
                f"{variant.name} is for {', '.join(map(str, variant.player_counts))} players, not {players}"
            )
        variant = played_variant(variant, players)  # its rules for this many players
        self.book: Rulebook = rulebook_for(variant)
        self.variant = variant
        self.texts = self.book.texts(players)
        self.layout = self.book.layout(players)
        self.zone_build_table = self.book.zone_build_table(players)
        """Per zone, each space, its value and the action of building on it (Rulebook)."""
        self.interp = Interpreter(cast("GameState", self))
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
        self.last_turn = -1
        """A look-ahead's horizon: the number of the turn after which the game stops, its next
        turn not begun (-1: it never stops). Where that turn ends, `apply` returns with no
        decision pending and the game not over: between the turns, before the next one's
        roll, salary or anything else it does: a bot judges the answers to an offer there, all
        at the same point (engine/bots/greedy.py, `answer_gain`). Not part of the state: a copy
        has it from the game it was copied from, as it has `telling`."""
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
        self.score_memo: dict[str, list[Any]] | None = None
        """While one position's scores are read (`ScoreEvaluator.scores`, an observation's
        scores), each score worked out so far, by score, a value (None: not yet) for each
        player: a score that reads others (points made of four kinds of points, each reading
        the board) reads each of them once. None the rest of the time: the game changes
        between one reading and the next, so nothing else may trust it."""
        self.owned_stacks = 0
        """The stacks (a bit for each space) this game has its own list of. A copy shares
        every stack with the game it was copied from until one of them changes it
        (`own_stack`): a search bot copies a game for each option it tries, a list for each
        space, and an option changes a stack or two."""
        self.stacks_key: StacksKey | None = None
        """The stacks as they stand, as the part of a remembered score's key that reads them
        (`_read_key`), once made; None until then. A copy has it from the game it was copied
        from (copy_state), as it has its stacks, and loses it when it changes one
        (`own_stack`): an option a bot tries seldom changes the board, and making the key
        afresh for every position it judged, 40 stacks as tuples hashed for each score
        that reads them, was a tenth of the greedy bot's work in Monopoly Builder."""

    def _set_out(self) -> None:
        """The state of a new game before its setup program runs: every field of `STATE`
        (state.py) given its first value."""
        variant, players = self.variant, self.n
        units = variant.units_for(players)
        self.stacks: list[list[int]] = [[] for _ in variant.properties]
        """Each space's stack (units, or card codes), bottom first. Shared with copies of the
        game: change one in place only through `own_stack`."""
        self.owned_stacks = (1 << len(self.stacks)) - 1
        self.stacks_key = None
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
        self.pieces: dict[str, list[int]] = {
            piece.id: [-1] * (piece.count * (players if piece.each == "player" else 1)) for piece in variant.pieces
        }
        """Where each of the variant's pieces stands (engine/words/pieces.py), by name: the space,
        or -1 off the board, where each starts; one place for each of the table's pieces of
        that name, `count` for each player's, a player's together (model.Piece.owner_at)."""
        """Where each player's token stands on the board's loop (`board.loop`), as a place
        in the loop: 0 is its first space, where every token starts."""
        self.dirty: set[int] = set()
        self.order: list[int] = list(range(players))
        self.turn_pos = 0
        self.next_player: int | None = None
        """Whose turn comes next, where an effect said so (`next turn X`); None: the next
        in `order`."""
        self.turn_number = 0
        self.dropped: set[int] = set()
        """lang47, players out of the round: the players `drop X` dropped (until `rejoin X`),
        whose turns are passed by."""
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
        self.asked: Asked | None = None
        """The question asked and not yet answered (None: the game is over, or the machine is
        running between two questions)."""
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

    @property
    def turn_player(self) -> int:
        return self.order[self.turn_pos]

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

    def full(self, slot: int) -> bool:
        """Whether the pile in `slot` holds as many cards as it says it may (its `holds`): a
        card drawn or put onto it then stays where it was (issue 47, item 2)."""
        holds = self.layout.slot_pile[slot].holds
        return holds is not None and len(self.piles[slot]) >= holds

    def space_full(self, space: int) -> bool:
        """A space's capacity: whether its stack of cards holds as many as the board says one
        may (`board.holds`); a card put or moved onto it then stays where it was."""
        holds = self.variant.space_holds
        return holds is not None and len(self.stacks[space]) >= holds

    def pile_full(self, slot: int, player: int) -> None:
        """Tell that a card stays where it was, its pile being full."""
        self.emit("pile_full", {"player": player, "pile": self.layout.slot_pile[slot].id, "owner": self.layout.slot_owner[slot]})

    def pile_of(self, pile: str, owner: int | None = None) -> list[int]:
        """A pile's cards (codes, top last): the table's, or the player's or space's `owner`."""
        return self.piles[self.layout.slot(pile, owner)]

    def kind_of(self, code: int) -> int:
        return code % self.book.kinds

    def owner_of_card(self, code: int) -> int | None:
        owner = code // self.book.kinds - 1
        return None if owner < 0 else owner

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
        memo = self.score_memo
        if memo is None:
            return self.book.score_of[name](cast("GameState", self), player) or 0
        known = memo.get(name)
        if known is None:
            known = memo[name] = self._held_scores(name, memo)
        value = known[player]
        if value is None:
            value = known[player] = self.book.score_of[name](cast("GameState", self), player) or 0
        return value

    def _held_scores(self, name: str, memo: dict[str, list[Any]]) -> list[Any]:
        """A score's values for each player (None: not worked out yet) while the position
        holds still (`score_memo`): remembered across positions by what it reads
        (Rulebook.score_reads), where the variant's score allows and no look-ahead is noting
        which hidden piles it reads (`watching`: a value remembered would not note them), else
        new. Most options a bot tries change nothing most scores read."""
        book = self.book
        reads = book.score_reads.get(name)
        if reads is None or self.watching >= 0:
            return [None] * self.n
        remembered = book.score_cache[name]
        key = self._read_key(reads, memo)
        known = remembered.get(key)
        if known is None:
            if len(remembered) >= MAX_REMEMBERED:
                remembered.clear()
            known = remembered[key] = [None] * self.n
        return known

    def stacks_key_now(self) -> StacksKey:
        """`stacks_key`, made now if it is not yet."""
        key = self.stacks_key
        if key is None:
            key = self.stacks_key = StacksKey(tuple([tuple(stack) for stack in self.stacks]))
        return key

    def _read_key(self, reads: tuple[tuple[int, str, str], ...], memo: dict[str, list[Any]]) -> tuple:
        """What the position holds of everything in `reads`, as one key (score_reads.py). The
        stacks, which several scores read (buildings, groups of them), are made into a key once
        for as long as they stand (`stacks_key`)."""
        parts: list[Any] = [self.n]
        for kind, name, each in reads:
            if kind == STACKS:
                parts.append(self.stacks_key_now())
            elif kind == FIELD:  # a list of the table's: holder, worth, supply, held, positions, order
                parts.append(tuple(getattr(self, name)))
            elif kind == COUNTER:
                parts.append(tuple(self.player_counters[name]))
            elif kind == GAME_COUNTER:
                parts.append(self.counters[name])
            elif kind == PIECES:  # where the pieces of one name stand
                parts.append(tuple(self.pieces[name]))
            else:  # PILE: its every slot
                first = self.layout.base[name]
                slots = self.n if each == "player" else len(self.stacks) if each == "space" else 1
                parts.append(tuple([tuple(self.piles[slot]) for slot in range(first, first + slots)]))
        return tuple(parts)

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
        """What is left of the budget of the build session under way, if any."""
        for frame in reversed(self.frames):
            building = frame.building()
            if building is not None:
                return building[1]
        return None

    def emit(self, kind: str, data: dict, private_to: int | None = None, also_to: int | None = None) -> None:
        self._events.append(Event(kind, data, self.texts, private_to, also_to) if self.telling else self.texts.bare(kind))

    def ask(self, kind: str, player: int, options: Sequence[Action] | None) -> None:
        """Ask `player` a decision; `options` None for a card offer, whose options are worked
        out when first read (`options`)."""
        self.asked = Asked(kind, player, options)

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
        """The faces a roll-off roll shows (model.Variant.roll_off_dice): numbers, and symbols,
        which count as 0."""
        dice = self.book.roll_off_dice
        assert dice  # the checker lets `roll off` be written only then
        return [die.faces[i] for die in dice for i in self.roll(die.id)]

    def draw(self, player: int, why: str, space: int | None = None, source: str = "deck", target: str = "hand") -> None:
        """The top card of `source` (the player's own, if it is one per player) into the
        player's `target`; an empty source is first refilled from its shuffled `refill_from`."""
        layout = self.layout
        base, slot_pile = layout.base, layout.slot_pile
        source_slot = base[source]
        pile = slot_pile[source_slot]
        if pile.each == "player":
            source_slot += player
        target_slot = base[target]
        target_pile = slot_pile[target_slot]
        if target_pile.each == "player":
            target_slot += player
        if target_pile.holds is not None and self.full(target_slot):
            self.pile_full(target_slot, player)
            return
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
            private_to = NOBODY
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
        self.stacks_key = None  # the stack is about to change
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
        if self.stacks[source] and self.book.cards_stacked and self.space_full(target):  # a space's capacity
            self.emit("space_full", {"player": self.owner_of_card(self.stacks[source][-1]), "property": target})
            return
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
            self.announce(counter, None, self.counters[counter], amount)
        else:
            numbers = self.player_counters[counter]
            numbers[player] += amount
            self.announce(counter, player, numbers[player], amount)

    def announce(self, counter: str, player: int | None, value: int, by: int) -> None:
        """Tell a counter's new value, if the variant shows it: a player's counter as theirs,
        a counter of the game as the turn's player's (what the turn is doing: a Flip 2 played
        by Blue makes Red, whose turn it is, flip two more), a space's as the space's (what
        lies on it), in the turn's player's part of the log. `player` is the space there. `by`
        is the change, so that a line says what happened, not only where it ended (issue 46, 10:
        'Speeding Fine: has 1179M in cash' said nothing of the 15M paid)."""
        if counter in self.book.announced:
            if counter in self.book.space_counters:
                data = {"player": self.order[self.turn_pos], "space": player, "counter": counter, "value": value, "by": by}
                self.emit("counter", data)
                return
            whose = self.order[self.turn_pos] if player is None else player
            self.emit("counter", {"player": whose, "counter": counter, "value": value, "by": by})

    def card_place(self, code: Ref) -> int | None:
        """Where the card lies, as a CardRef.place (a pile slot, -1 - a space, IN_PLAY): where
        the effect found it (CardRef.place), if it is still there, or else the first place
        holding a copy; None if it is nowhere. What a `put` or `play` takes, and what its
        look-ahead takes too (engine/words/cards.py)."""
        place = getattr(code, "place", None)
        if place is not None and code in held_at(cast("GameState", self), place):
            return cast(int, place)
        for slot, held in enumerate(self.piles):
            if code in held:
                return slot
        if self.book.cards_stacked:
            for space, stack in enumerate(self.stacks):
                if code in stack:
                    return -1 - space
        return IN_PLAY if code in self.in_play else None

    def _take_card(self, code: Ref) -> tuple[str, int | None]:
        """Take the card out of where it lies (`card_place`). Returns where it was: ("pile",
        slot), ("space", index) or ("play", None); ("nowhere", None) if it is in none of them."""
        place = self.card_place(code)
        if place is None:
            return "nowhere", None
        if place == IN_PLAY:
            self.in_play.remove(code)
            return "play", None
        held = self.piles[place] if place >= 0 else self.own_stack(-1 - place)
        del held[len(held) - 1 - held[::-1].index(code)]
        if place >= 0:
            return "pile", place
        self.dirty.add(-1 - place)
        return "space", -1 - place

    def move_card(self, code: Ref, target: Ref, player: int, under: bool = False) -> int | None:
        """`put K on X`: the card onto a pile (X a PileRef) or a space's stack of cards (`under`:
        at its bottom). Who sees which card it is: everyone if it was or goes face up (a space,
        play, a pile seen by everyone); else the one player who may see the pile it goes to or
        came from."""
        onto_pile = isinstance(target, PileRef)
        if onto_pile and self.full(int(target)) and self.card_place(code) != int(target):
            self.pile_full(int(target), player)
            return None
        if not onto_pile and self.space_full(target) and self.card_place(code) != -1 - target:  # a space's capacity
            self.emit("space_full", {"player": player, "property": target})
            return None
        source, where = self._take_card(code)
        if source == "nowhere":
            return None
        held = self.piles[target] if onto_pile else self.own_stack(target)
        if under:
            held.insert(0, int(code))
        else:
            held.append(int(code))
        if not onto_pile:
            self.dirty.add(target)
        slots = [slot for slot in (where if source == "pile" else None, int(target) if onto_pile else None) if slot is not None]
        public = source != "pile" or not onto_pile or any(self.layout.slot_pile[s].seen_by == "everyone" for s in slots)
        private_to = also_to = None
        if not public:
            owners = [  # a pile seen by its owner: a player's (a space's is seen by nobody)
                self.layout.slot_owner[s] for s in slots
                if self.layout.slot_pile[s].seen_by == "owner" and self.layout.slot_pile[s].each == "player"
            ]
            private_to = owners[-1] if owners and owners[-1] is not None else NOBODY
            if len(owners) == 2 and owners[0] != owners[1]:  # from one player's own pile to another's:
                also_to = owners[0]  # the giver held it (a King's trade), and may still read it
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
        self.emit("put", data, private_to, also_to)
        place = int(target) if onto_pile else -1 - target  # where it now lies (CardRef.place)
        if source == "play":  # `put this on P`: a `play K` before it named it in play
            self.follow_card(int(code), IN_PLAY, place)
        return place

    def follow_card(self, code: int, was: int, now: int) -> None:
        """The card has gone from place `was` to `now` (CardRef.place) by a move that no name
        of the effects below follows: a card played by `play K` leaves play when its effect is
        done, for its discard pile, or by its own `put this on ...`. The variables of the
        effects under way that name it at `was` name it at `now`, so that `put K` after `play
        K` takes the very card played, not a copy of it from a deck; unless a copy is still at
        `was`, which they may name as well."""
        if code in held_at(cast("GameState", self), was):
            return
        moved = card_ref(code, now)
        for frame in self.frames:
            env = getattr(frame, "env", None)
            if not env:
                continue
            named = [name for name, value in env.items() if value == code and getattr(value, "place", None) == was]
            for name in named:
                env[name] = moved

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
