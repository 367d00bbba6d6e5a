"""The machine of a game: the stack of frames the variant's programs and cards run on,
stepped until a decision is needed (`_advance`, with `spend` its one work budget), the
questions it asks (a card offer, a build, a choice, a reaction, a discard, a window's turn, an
offer between players) and how an answer is carried out (`_resolve`). It stands on the table
(table.py) and under the public API (game.py).
"""


from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from engine.core.frames import Asked, BlockFrame, CardFrame, GameFrame, ProgramFrame, RootFrame
from engine.core.number_options import NumberOptions, number_of
from engine.core.refs import IN_PLAY, Ref
from engine.effects.limits import (
    FRAMES_PER_EFFECT,
    MAX_DECISIONS,
    MAX_EFFECT_STEPS,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_INLINE_HOOKS,
    MAX_TURNS,
    MAX_WORK_PER_ACTION,
    MAX_WORK_PER_GAME,
)
from engine.game.followable import card_is_followable
from engine.game.messages import Action, Event, IllegalAction
from engine.game.table import Table, WorkMeter

if TYPE_CHECKING:
    from engine.game.game_state import GameState


class Machine(Table):
    """The frames of a game stepped to its next decision, and the decisions' answers carried out."""

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
            target = min(length, follows(cast("GameState", self), player) or 0)
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
        self.asked = None
        self.end_reason = {"reason": reason, "player": player}
        self.emit("game_over", {"reason": reason, "player": player})

    def _advance(self) -> None:
        """Run frames until a decision is pending or the game is over: the machine's one step
        loop. Blocks, the common case, run here without a call per frame: a block's statements
        one after another, into a block one of them pushed and back out to the block it
        stands in, for as long as nothing is asked; every other frame takes its step from
        its own `step`. Each statement passes `spend`, the one budget. (A block that cannot ask, run at
        once inside a statement, `run_inline_frame`, passes it too.)"""
        frames = self.frames
        all_ops, all_quiet, given_after = self.book.ops, self.book.quiet, self.book.given_after
        while self.asked is None and not self.over:
            frame = frames[-1]
            if type(frame) is not BlockFrame:
                if type(frame) is GameFrame and frame.begun and self.turn_number == self.last_turn:
                    break  # a look-ahead's horizon: its last turn is over, the next not begun
                frame.step(cast("GameState", self))
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
                ops[pc](cast("GameState", self), frame, root)
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
        return self.asked is not None or self.over

    def question_at_top(self) -> Asked | None:
        """The question the frame stack stands at, worked out from the state alone by the
        frame on top (`Frame.question`), as its step asked it; None where the machine would
        run on without asking. `restore` checks a snapshot's question with it."""
        return self.frames[-1].question(cast("GameState", self))

    def _find(self, action: Action | dict, options: Sequence[Action]) -> Action:
        if isinstance(options, NumberOptions):  # the number by its value, not by reading every option
            number = number_of(action)
            if number is not None and options.low <= number <= options.high:
                found: Action = options[number - options.low]
                return found
            options = cast("tuple[Action, ...]", options.after)
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

    def _resolve(self, asked: Asked, action: Action) -> None:
        """Carry out the answer to the question asked, by the frame that asked it."""
        self.frames[-1].answer(cast("GameState", self), asked.player, action)

    # -- the game's own programs: the setup, then one turn after another

    def turn_ended(self) -> None:
        """The turn under way is over: told, and the turn passes to the next player in order.
        What the turn's own program changed on the board is settled first, in this turn: a
        program settles nothing itself, and its floors were told taken at the next card
        played, in a later turn, as the card's doing (issue 46, 10)."""
        self.settle()
        self._events.append(
            Event("turn_end", {"player": self.order[self.turn_pos]}, self.texts)
            if self.telling else self.texts.bare("turn_end")
        )
        self.turn_pos = (self.turn_pos + 1) % self.n

    def begin_turn(self) -> None:
        """Start the next turn (from the player `next turn X` named, if any): told, the turn's
        counters reset, and its programs pushed to run in turn."""
        if self.next_player is not None:  # `next turn X`: from X on, in order
            self.turn_pos = self.order.index(self.next_player)
            self.next_player = None
        dropped = self.dropped
        if dropped and len(dropped) < self.n:  # lang47: a player out of the round is passed by
            while self.order[self.turn_pos] in dropped:
                self.turn_pos = (self.turn_pos + 1) % self.n
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

    def run_program(self, name: str, me: int) -> None:
        root = len(self.frames)
        self.frames.append(ProgramFrame(name, me))
        self.frames.append(BlockFrame(self.book.program_block[name], {}, root))

    # -- what a player may play now

    def playable(self, player: int, timing: frozenset[int]) -> list[Action]:
        """The cards of these timings `player` may play now, as actions: held (in a pile they
        play from), under the card's limit per turn, its condition met, and (with
        `only_followable`) something it would do."""
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
            if self.only_followable and not card_is_followable(cast("GameState", self), card_index, player):
                continue
            seen.append(plays[card_index])
        return seen

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

    def play(self, player: int, kind: int) -> None:
        """`player` plays a card of this kind from their hand, as the turn's own play."""
        if not self.room_for_effect():
            return
        code = self._take_from_hand(player, kind)
        self.in_play.append(code)
        if player == self.turn_player:  # a card played out of turn is not one of the turn's
            self.turn_plays.append(kind)
        self.emit("play", {"player": player, "card": self.variant.cards[kind].id})
        self._push_card(code, player, target=None)

    def react(self, player: int, kind: int, against: int, target: int) -> None:
        """`player` answers the card of kind `against`, under way at frame `target`, with a
        reaction card of kind `kind`."""
        if not self.room_for_effect():
            return
        code = self._take_from_hand(player, kind)
        self.in_play.append(code)
        self.emit(
            "react",
            {"player": player, "card": self.variant.cards[kind].id, "against": self.variant.cards[against].id},
        )
        self._push_card(code, player, target=target)

    def _push_card(self, code: int, player: int, target: int | None) -> None:
        root = len(self.frames)
        self.card_began[root] = len(self._events)
        self.frames.append(CardFrame(code, player, target))
        self.frames.append(BlockFrame(self.book.card_block[code % self.book.kinds], {}, root))

    def card_done(self, frame: CardFrame) -> None:
        """A card's effect is done (or stopped), its frame popped: discard it and settle (Step
        5). A card its own effect put somewhere (`put this on P`) stays there."""
        if frame.c in self.in_play:
            self.in_play.remove(frame.c)
            slot = self.discard_slot(frame.me, frame.c)
            self.piles[slot].append(frame.c)
            self.follow_card(frame.c, IN_PLAY, slot)
        self.settle()

    # -- cards moved by effects: `put` and `play`

    def play_from_anywhere(self, code: Ref, player: int) -> bool:
        """`play K`: the card is played by `player` from where it is, as from a hand; it does
        not count as one of the turn's plays (the program decided it, not the player). Whether
        it was played (it is in play now)."""
        if not self.room_for_effect() or self._take_card(code)[0] == "nowhere":
            return False
        code = int(code)
        self.in_play.append(code)
        self.emit("play", {"player": player, "card": self.variant.cards[code % self.book.kinds].id})
        self._push_card(code, player, target=None)
        return True

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
            ops[branch.pc](cast("GameState", self), branch, root)
            if root.halt or self.over:
                return False
        return True

    def discard(self, player: int, kind: int) -> None:
        """`player` discards a card of this kind from their hand, to its discard pile."""
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
