"""Running card effects one statement at a time, with every bit of progress held in plain
frames on the game's stack, so a game can be copied or saved in the middle of a card.

A block frame (engine/game/frames.py) holds the block, the next statement `pc`, the variables
`env` and the index of its card frame `root`. A statement either finishes at once (pc moves on), pushes frames
for its body or for a sub-procedure (a build session, a discard, a reaction), or leaves a
pending decision; the decision's answer binds the variable and moves pc on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from engine.effects import ast
from engine.effects.limits import MAX_NUMBER, MAX_REPEAT, MAX_REROLLS, clamp
from engine.game.expressions import Fn, collection, compile_expr, each_of
from engine.game.followable import continuation_followable, segments_after
from engine.game.frames import (
    BlockFrame,
    CardFrame,
    DiscardFrame,
    LoopFrame,
    OfferFrame,
    ReactFrame,
    RepeatFrame,
    RootFrame,
)
from engine.game.refs import CardRef

if TYPE_CHECKING:
    from engine.game.game import Game
    from engine.game.rulebook import Rulebook

_PROPERTY_KINDS = frozenset({"property", "hotel", "vacant lot"})

_KIND_WHAT = {
    "property": "property", "hotel": "property", "vacant lot": "property",
    "zone": "zone", "player": "player", "opponent": "player", "card": "card",
}


class Interpreter:
    """Evaluates expressions and executes statements against one game."""

    def __init__(self, game: Game):
        self.game = game
        self.compiled = game.book.compiled

    # ----- expressions (compiled once into closures, see expressions.py) -------------------

    def evaluate(self, expr: ast.Expr, env: dict, me: int) -> Any:
        fn = self.compiled.get(id(expr))
        if fn is None:
            fn = compile_expr(expr, self.compiled)
        return fn(self.game, env, me)

    def collection(self, kind: str, var: str, zone_expr, where, env: dict, me: int) -> list:
        zone = None if zone_expr is None else compile_expr(zone_expr, self.compiled)
        test = None if where is None else compile_expr(where, self.compiled)
        if test is not None and kind in _PROPERTY_KINDS and self.game.book.static_where(where, var):
            zone_id = None if zone is None else zone(self.game, env, me)
            key = (id(where), zone_id)
            fixed = self.game.book.static_lists.get(key)
            if fixed is None:
                fixed = collection(self.game, "property", var, zone, test, env, me)
                self.game.book.static_lists[key] = fixed
            stacks = self.game.stacks
            if kind == "hotel":
                return [p for p in fixed if stacks[p]]
            if kind == "vacant lot":
                return [p for p in fixed if not stacks[p]]
            return list(fixed)
        return collection(self.game, kind, var, zone, test, env, me)

    def each_of(self, s: ast.Choose, env: dict, me: int) -> Iterator:
        """The values a choose offers, found one at a time (a search stops at the first good
        one); the same values, in the same order, as `collection`."""
        if s.where is not None and s.kind in _PROPERTY_KINDS and self.game.book.static_where(s.where, s.var):
            return iter(self.collection(s.kind, s.var, s.zone, s.where, env, me))
        zone = None if s.zone is None else compile_expr(s.zone, self.compiled)
        test = None if s.where is None else compile_expr(s.where, self.compiled)
        return each_of(self.game, s.kind, s.var, zone, test, env, me)

    # ----- statements ------------------------------------------------------------------------


    def _choose(self, s: ast.Choose | ast.ChooseNumber | ast.ChooseWord, f: BlockFrame, root: RootFrame) -> None:
        chooser, what, options = self.offered_choice(s, f, root)
        self.offer_choice(f, root, s.var, what, options, chooser)

    def offered_choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.ChooseWord | ast.RollZone, f: BlockFrame, root: RootFrame
    ) -> tuple[int | None, str, list]:
        """`choice`, keeping only the values from which the rest of the card can be followed
        and does something, where the variant offers only such (rulings.md, 17)."""
        chooser, what, options = self.choice(s, f, root)
        g = self.game
        if g.only_followable and options and id(s) in g.book.choices_to_look_at:
            if id(s) in g.book.alike_choices:  # one answer for all
                if not continuation_followable(g, segments_after(g, s.var, options[0]), root.me):
                    options = []
            else:
                options = [o for o in options if continuation_followable(g, segments_after(g, s.var, o), root.me)]
        return chooser, what, options

    def choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.ChooseWord | ast.RollZone, f: BlockFrame, root: RootFrame
    ) -> tuple[int | None, str, list]:
        """Who chooses, what kind of thing, and among which values, for a statement that asks
        (a roll of the zone die asks only on a wild face: then among every zone)."""
        me = root.me
        chooser = me if s.chooser is None else self.evaluate(s.chooser, f.env, me)
        if isinstance(s, ast.Choose):
            found = self.collection(s.kind, s.var, s.zone, s.where, f.env, me)
            if s.kind == "card":  # copies of one card are one choice
                found = list(dict.fromkeys(found))
                if found and chooser is not None and self._order_unseen(found[0], chooser):
                    found.sort(key=int)  # the pile's order is not the chooser's to know
            return chooser, _KIND_WHAT[s.kind], found
        if isinstance(s, ast.ChooseWord):
            return chooser, "word", list(s.words)
        if isinstance(s, ast.ChooseNumber):
            low = self.evaluate(s.low, f.env, me) or 0
            high = min(self.evaluate(s.high, f.env, me) or 0, low + MAX_REPEAT)
            return chooser, "number", list(range(low, high + 1))
        return chooser, "zone", list(self.game.book.zone_ids)

    def _order_unseen(self, card: Any, chooser: int) -> bool:
        """Whether the cards offered lie in a pile whose order `chooser` may not know (their
        own face-down deck, another's hand): then they are offered in the order of the cards'
        codes, not as they lie (a choice from one's deck would otherwise tell its order)."""
        place = getattr(card, "place", None)
        return place is not None and place >= 0 and not self.game.layout.seen(place, chooser)

    def offer_choice(self, f: BlockFrame, root: RootFrame, var: str, what: str, options: list, chooser: int | None) -> None:
        g = self.game
        if not options or chooser is None:
            g.emit("no_choice", {"card": g.source_of(root)})
            root.halt = True
            return
        if len(options) == 1:
            self.bind(f, var, what, options[0], chooser)
            return
        g.ask("choose", chooser, self.choice_actions(what, options))

    def choice_actions(self, what: str, options: list) -> list:
        texts = self.game.texts
        if what == "card":  # actions hold plain codes; the CardRef (with its place) is found again on answer
            return [texts.action("choose", int(o), "card") for o in options]
        table = texts.choose_actions.get(what)
        if table is not None:
            return [table[o] for o in options]
        return [texts.action("choose", o, what) for o in options]

    def bind(self, f: BlockFrame, var: str, what: str | None, value: Any, chooser: int) -> None:
        f.env[var] = value
        f.pc += 1
        # a card from a pile not face up is chosen in secret; where it goes next says, to those
        # who may know, which it was
        self.game.emit("choose", {"player": chooser, "what": what, "value": value}, self._secret(what, value, chooser))

    def _roll_zone(self, s: ast.RollZone, f: BlockFrame, root: RootFrame) -> None:
        g = self.game
        me = root.me
        die = g.book.dice[g.book.zone_die]  # type: ignore[index]  # the checker asks for one
        zones = g.book.zone_props
        for _ in range(MAX_REROLLS):
            face = die.faces[g.roll(die.id)[0]]
            g.emit("roll_zone", {"player": me, "face": face})
            if face in zones:
                self.bind(f, s.var, "zone", face, me)
                return
            if face == die.any_zone:
                break
        chooser, what, options = self.offered_choice(s, f, root)  # wild, or fortune a hundred times
        self.offer_choice(f, root, s.var, what, options, chooser)

    def _roll_dice(self, s: ast.RollDice, f: BlockFrame, root: RootFrame) -> None:
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        dice = self.game.roll_number_dice()
        self.game.emit("roll_dice", {"player": player, "dice": dice})
        f.env[s.var] = sum(dice)
        f.pc += 1

    def _roll_off(self, s: ast.RollOff, f: BlockFrame, root: RootFrame) -> None:
        g = self.game
        me = root.me
        candidates = g.players_from(me)
        if s.group == "opponents":
            candidates = [p for p in candidates if p != me]
        for _ in range(MAX_REROLLS):
            if len(candidates) <= 1:
                break
            totals = {}
            for player in candidates:
                faces = g.roll_off_dice()
                dice = [face if type(face) is int else 0 for face in faces]
                data: dict = {"player": player, "dice": dice}
                if dice != faces:
                    data["faces"] = faces  # a symbol, counted as 0: the log names it
                g.emit("roll_dice", data)
                totals[player] = sum(dice)
            target = min(totals.values()) if s.extreme == "lowest" else max(totals.values())
            candidates = [p for p in candidates if totals[p] == target]
        winner = candidates[0] if candidates else None
        if winner is not None:
            g.emit("roll_off", {"player": winner, "extreme": s.extreme})
        f.env[s.var] = winner
        f.pc += 1

    def _build_units(self, s: ast.BuildUnits, f: BlockFrame, root: RootFrame) -> None:
        me = root.me
        f.pc += 1
        count = self.evaluate(s.count, f.env, me) or 0
        prop = self.evaluate(s.property, f.env, me)
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        if prop is None or player is None:
            return
        self.game.place(player, prop, min(count, MAX_REPEAT))

    def _remove_top(self, s: ast.RemoveTop, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        prop = self.evaluate(s.property, f.env, root.me)
        if prop is not None:
            self.game.remove_top(prop)

    def _remove_all(self, s: ast.RemoveAll, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        prop = self.evaluate(s.property, f.env, me)
        keep = None if s.except_player is None else self.evaluate(s.except_player, f.env, me)
        if prop is not None:
            self.game.remove_all(prop, keep)

    def _move_top(self, s: ast.MoveTop, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        source = self.evaluate(s.source, f.env, me)
        target = self.evaluate(s.target, f.env, me)
        if source is not None and target is not None and source != target:
            self.game.move_top(source, target)

    def _draw(self, s: ast.Draw, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        count = min(self.evaluate(s.count, f.env, me) or 0, MAX_REPEAT)
        for _ in range(count):
            self.game.draw(player, s.because or "")

    def _discard(self, s: ast.Discard, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        count = min(self.evaluate(s.count, f.env, me) or 0, MAX_REPEAT)
        if player is not None and count > 0:
            self.game.frames.append(DiscardFrame(player, count))

    def _add_to(self, s: ast.AddTo, f: BlockFrame, root: RootFrame) -> None:
        """The budget, like any number, stays within ±MAX_NUMBER: `add budget to budget`
        doubles it with no arithmetic to hold it back."""
        f.pc += 1
        g, me = self.game, root.me
        whose = me if s.subject is None else self.evaluate(s.subject, f.env, me)
        if whose is None:
            return
        current = g.counters[s.counter] if s.subject is None else g.player_counters[s.counter][whose]
        amount = self.evaluate(s.amount, f.env, me) or 0
        g.add_to(s.counter, whose, clamp(current + amount) - current)

    def _offer_reaction(self, s: ast.OfferReaction, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = self.evaluate(s.player, f.env, me)
        g = self.game
        if not isinstance(root, CardFrame):  # the checker allows it in a card's effect only
            return
        kind = root.c % g.book.kinds
        if player is not None and player != me and g.book.reactions_to[kind]:
            g.frames.append(ReactFrame(player, kind, f.root))

    def _cancel(self, s: ast.Cancel, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        target = root.target
        if target is not None:
            g = self.game
            answered = g.frames[target]
            assert isinstance(answered, CardFrame)
            answered.halt = True
            # `acted`: part of the card already happened (a Hurricane of two units, answered
            # after the first), so what is cancelled is the rest of it
            g.emit("cancelled", {"card": g.book.cards[answered.c % g.book.kinds].id, "acted": g.card_acted(target)})

    def _stop(self, s: ast.Stop, f: BlockFrame, root: RootFrame) -> None:
        root.halt = True

    def _say(self, s: ast.Say, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        self.game.emit("say", {"text": s.text})

    # -- the game's own words: used by its setup and turn programs

    def _end_game(self, s: ast.EndGame, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = None if s.player is None else self.evaluate(s.player, f.env, root.me)
        self.game._finish(s.reason, player)

    def _start_with(self, s: ast.StartWith, f: BlockFrame, root: RootFrame) -> None:
        """Turn order starts at the player and goes round the seats; `me` of the setup is them."""
        f.pc += 1
        g = self.game
        first = self.evaluate(s.player, f.env, root.me)
        first = root.me if first is None else first
        g.order = [(first + i) % g.n for i in range(g.n)]
        g.turn_pos = 0
        root.me = first
        g.emit("first_player", {"player": first})

    def _secret(self, what: str | None, value: Any, chooser: int) -> int | None:
        """Who alone may know the value chosen: the chooser, for a card that lay where not
        everyone sees it (on a space or face up: everyone may)."""
        if what != "card":
            return None
        place = getattr(value, "place", None)
        layout = self.game.layout
        if place is not None and (place < 0 or layout.slot_pile[place].seen_by == "everyone"):
            return None
        return chooser

    def _shuffle(self, s: ast.Shuffle, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        g = self.game
        layout = g.layout
        if s.subject is not None:
            owner = self.evaluate(s.subject, f.env, root.me)
            if owner is None:
                return
        else:  # a pile of each player, written bare by older variants: the player's own
            owner = root.me if layout.slot_pile[layout.base[s.pile]].each == "player" else None
        g.rng.shuffle(g.pile_of(s.pile, owner))
        g.emit("shuffle", {"pile": s.pile, "owner": owner})

    def _put(self, s: ast.Put, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        card = self.evaluate(s.card, f.env, root.me)
        target = self.evaluate(s.target, f.env, root.me)
        if card is None or target is None:
            return
        place = self.game.move_card(card, target, root.me)
        if place is not None and isinstance(s.card, ast.Name) and s.card.name in f.env:
            self._follow(s.card.name, CardRef(card, place), f.root)

    def _follow(self, name: str, moved: CardRef, root: int) -> None:
        """The variable naming a card that was put somewhere names it there from now on, in
        every block of the effect (a name is made once per effect), so that a later `put K`
        takes this very card and not a copy left behind."""
        for frame in self.game.frames[root + 1:]:
            env = getattr(frame, "env", None)
            if env is not None and name in env:
                env[name] = moved

    def _play_card(self, s: ast.PlayCard, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        card = self.evaluate(s.card, f.env, root.me)
        player = root.me if s.player is None else self.evaluate(s.player, f.env, root.me)
        if card is not None and player is not None:
            self.game.play_from_anywhere(card, player)


INLINE_STATEMENTS: frozenset[type] = frozenset({
    ast.Let, ast.RollDice, ast.RollOff, ast.BuildUnits, ast.RemoveTop, ast.RemoveAll, ast.MoveTop, ast.Draw,
    ast.AddTo, ast.Stop, ast.Say, ast.RollFaces, ast.SetCounter, ast.Settle, ast.EndGame, ast.Shuffle, ast.Put,
})
"""Statements that never ask a question nor push a frame: a block of only these runs to its
end in one step."""

QUIET_STATEMENTS: frozenset[type] = frozenset({
    ast.Let, ast.RollDice, ast.RollOff, ast.BuildUnits, ast.RemoveTop, ast.RemoveAll, ast.MoveTop, ast.Draw,
    ast.AddTo, ast.Say, ast.RollFaces, ast.SetCounter, ast.Shuffle, ast.Put,
})
"""Statements that, besides never asking nor pushing a frame, never stop the effect nor end
the game (no settling, so no hook): after one, the machine runs the next without looking."""


_EXEC: dict[type, Callable[[Interpreter, Any, BlockFrame, RootFrame], None]] = {
    ast.Choose: Interpreter._choose,
    ast.ChooseNumber: Interpreter._choose,
    ast.ChooseWord: Interpreter._choose,
    ast.RollZone: Interpreter._roll_zone,
    ast.RollDice: Interpreter._roll_dice,
    ast.RollOff: Interpreter._roll_off,
    ast.BuildUnits: Interpreter._build_units,
    ast.RemoveTop: Interpreter._remove_top,
    ast.RemoveAll: Interpreter._remove_all,
    ast.MoveTop: Interpreter._move_top,
    ast.Draw: Interpreter._draw,
    ast.EndGame: Interpreter._end_game,
    ast.StartWith: Interpreter._start_with,
    ast.Shuffle: Interpreter._shuffle,
    ast.Put: Interpreter._put,
    ast.PlayCard: Interpreter._play_card,
    ast.Discard: Interpreter._discard,
    ast.AddTo: Interpreter._add_to,
    ast.OfferReaction: Interpreter._offer_reaction,
    ast.Cancel: Interpreter._cancel,
    ast.Stop: Interpreter._stop,
    ast.Say: Interpreter._say,
}


# ----- statements compiled once per variant -------------------------------------------------------

Op = Callable[["Game", BlockFrame, RootFrame], None]
"""A statement made ready to run: `op(game, frame, root)` does what `Interpreter.execute` does
for it, with its expressions already compiled and its blocks already looked up."""


def compile_block(b: int, book: Rulebook) -> tuple[Op, ...]:
    """The ops of block `b`, in order (the machine runs `ops[frame.pc]`)."""
    return tuple(_compile_statement(s, book, bodies) for s, bodies in zip(book.blocks[b], book.bodies[b], strict=True))


def _compile_statement(s: ast.Stmt, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    maker = _OP_MAKERS.get(type(s))
    if maker is not None:
        return maker(s, book, bodies)
    method = _EXEC[type(s)]
    return lambda g, f, root: method(g.interp, s, f, root)


def _op_if(s: ast.If, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    test = compile_expr(s.condition, book.compiled)
    then_block, else_block = bodies
    then_inline, else_inline = then_block in book.inline, else_block in book.inline
    then_empty, else_empty = not book.blocks[then_block], not book.blocks[else_block]
    then_let, else_let = _lone_let(book.blocks[then_block], book), _lone_let(book.blocks[else_block], book)

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        if test(g, f.env, root.me):
            chosen, inline, empty, let = then_block, then_inline, then_empty, then_let
        else:
            chosen, inline, empty, let = else_block, else_inline, else_empty, else_let
        if empty:
            return
        if let is not None:  # as Game.run_inline would run it, without a frame for one `let`
            if not g.spend(root):
                return
            var, value = let
            env = f.env
            result = value(g, env, root.me)
            if var not in env and var in g.book.given_after[f.b][f.pc]:  # the hand-back
                env[var] = result
        elif inline:
            g.run_inline(chosen, f, root)
        else:
            g.frames.append(BlockFrame(chosen, dict(f.env), f.root))

    return op


def _lone_let(statements: tuple[ast.Stmt, ...], book: Rulebook) -> tuple[str, Fn] | None:
    """The variable and value of a side of an `if` that is one `let` and nothing else."""
    if len(statements) != 1 or type(statements[0]) is not ast.Let:
        return None
    let = statements[0]
    assert isinstance(let, ast.Let)
    return let.var, compile_expr(let.value, book.compiled)


def _op_let(s: ast.Let, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    value, var = compile_expr(s.value, book.compiled), s.var

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.env[var] = value(g, f.env, root.me)
        f.pc += 1

    return op


def _op_set_counter(s: ast.SetCounter, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    value, counter = compile_expr(s.value, book.compiled), s.counter
    low, high = -MAX_NUMBER, MAX_NUMBER
    if s.subject is not None:
        subject = compile_expr(s.subject, book.compiled)

        def set_players(g: Game, f: BlockFrame, root: RootFrame) -> None:
            f.pc += 1
            whose = subject(g, f.env, root.me)
            if whose is not None:
                g.player_counters[counter][whose] = clamp(value(g, f.env, root.me) or 0)

        return set_players

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        number = value(g, f.env, root.me) or 0
        g.counters[counter] = number if low <= number <= high else clamp(number)  # as _arith: no call in bounds

    return op


def _op_offer_cards(s: ast.OfferCards, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    limit, timing = (None if s.limit is None else compile_expr(s.limit, book.compiled)), s.timing
    to = None if s.player is None else compile_expr(s.player, book.compiled)

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = root.me if to is None else to(g, f.env, root.me)
        if player is not None:
            most = None if limit is None else max(0, limit(g, f.env, root.me) or 0)
            if most is not None and len(g.turn_plays) >= most:
                return  # not asked (Game._offer_question): no frame to push and pop
            frame = OfferFrame(player, timing, most)
            if g.compat > 1 and not g.book.open_hands:  # Game._asks_for_cards: public facts only
                timed = g.book.timed.get(timing)
                if not timed or not g.hand(player):
                    return  # not asked: no frame to push and pop
                # asked: what the machine would do with the frame next (Game._step_offer)
                g.frames.append(frame)
                frame.asked = True
                g.ask("card", player, None)  # its options worked out when first read (Game.options)
                return
            # what the machine would do with the frame next (Game._step_offer), done at once
            g.frames.append(frame)
            options = g._offer_question(frame)
            if options is None:
                g.frames.pop()
                return
            frame.asked = True
            g.ask("card", player, options)

    return op


def _op_settle(s: ast.Settle, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        g.settle()

    return op



def _op_roll_faces(s: ast.RollFaces, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    """Roll the named dice in the order written, one announcement for all of them. Which dice
    show only numbers, or are one die of only words, is known now: they skip sorting words
    from numbers."""
    faces_of = {die.id: die.faces for die in book.variant.dice}  # ops are made before book.dice
    counts = {die.id: die.count for die in book.variant.dice}
    rolls = tuple(
        (die_id, var, faces, _face_kinds(faces, counts[die_id]), _one_draw(faces, counts[die_id]))
        for die_id, var in s.rolls
        for faces in (faces_of[die_id],)
    )

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        env, rolled = f.env, g.rolled
        numbers: list[int] = []
        face = None
        for die_id, var, faces, kinds, draw in rolls:
            if draw == 1:  # one die: Game.roll's draw, without the call
                shown = rolled[die_id] = [g.rng.below(len(faces))]
            elif draw:  # two dice from one draw, as Game.roll makes them
                second, first = divmod(g.rng.below(draw), len(faces))
                shown = rolled[die_id] = [first, second]
            else:
                shown = rolled[die_id] = g.roll(die_id)
            if kinds == "numbers":
                values: list[int] = [faces[i] for i in shown]  # type: ignore[misc]  # a die of numbers only
                numbers += values
                env[var] = sum(values)
            elif kinds == "a word":
                env[var] = word = faces[shown[0]]
                if face is None:
                    face = word
            else:
                mixed = [faces[i] for i in shown]
                words = [v for v in mixed if type(v) is not int]
                if words and face is None:
                    face = words[0]
                counted = [v for v in mixed if isinstance(v, int)]
                numbers.extend(counted)
                env[var] = words[0] if words and len(mixed) == 1 else sum(counted)
        g.emit("roll", {"player": root.me, "dice": numbers, "face": face})

    return op


def _one_draw(faces: tuple, count: int) -> int:
    """How Game.roll rolls these dice when it is simple: 1 for one die, the combinations of
    two dice drawn at once (below 2**32), else 0 (left to Game.roll)."""
    if count == 1:
        return 1
    combinations = len(faces) ** 2
    return combinations if count == 2 and combinations < 2**32 else 0


def _face_kinds(faces: tuple, count: int) -> str:
    """"numbers" for dice of numbers only, "a word" for one die of words only, else "mixed"."""
    if all(type(v) is int for v in faces):
        return "numbers"
    if count == 1 and not any(isinstance(v, int) for v in faces):
        return "a word"
    return "mixed"


def _op_build_session(s: ast.BuildSession, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    """A build session's settings, each a closure made once: the statement's own, else the
    variant's rule of that name (read when run, as the statement reads it)."""
    lots = _setting(s.new_lots_given, s.new_lots, "new_lots_per_roll", book)
    per_lot = _setting(s.units_per_new_lot_given, s.units_per_new_lot, "units_per_new_lot", book)
    zone, budget = compile_expr(s.zone, book.compiled), compile_expr(s.budget, book.compiled)
    at_least_one = s.at_least_one
    must_if = None if s.at_least_one_if is None else compile_expr(s.at_least_one_if, book.compiled)

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        env, me = f.env, root.me
        f.pc += 1
        new_lots, units_per_lot, where = lots(g, env, me), per_lot(g, env, me), zone(g, env, me)
        must = at_least_one and (must_if is None or bool(must_if(g, env, me)))
        g.push_build(me, budget(g, env, me) or 0, where, new_lots, units_per_lot, must)

    return op


def _setting(given: bool, expr: ast.Expr | None, rule: str, book: Rulebook) -> Fn:
    if not given:
        return lambda g, env, me: g.variant.rules.get(rule)  # unsaid: the rule of that name, or no limit
    if expr is None:
        return lambda g, env, me: None
    return compile_expr(expr, book.compiled)


def _op_for_each(s: ast.ForEach, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    (body,) = bodies
    kind, var, zone, where = s.kind, s.var, s.zone, s.where

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        items = g.interp.collection(kind, var, zone, where, f.env, root.me)
        g.frames.append(LoopFrame(body, var, items, dict(f.env), f.root))

    return op


def _op_repeat(s: ast.Repeat, book: Rulebook, bodies: tuple[int, ...]) -> Op:
    """`repeat N times` counts its rounds down; `repeat while` has MAX_REPEAT rounds at most
    and tests before each (RepeatFrame, with the test found by its body's block)."""
    (body,) = bodies
    times = None if s.times is None else compile_expr(s.times, book.compiled)

    def op(g: Game, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        rounds = MAX_REPEAT if times is None else max(0, min(times(g, f.env, root.me) or 0, MAX_REPEAT))
        g.frames.append(RepeatFrame(body, rounds, dict(f.env), f.root))

    return op


_OP_MAKERS: dict[type, Callable[[Any, Rulebook, tuple[int, ...]], Op]] = {
    ast.If: _op_if,
    ast.ForEach: _op_for_each,
    ast.Repeat: _op_repeat,
    ast.Let: _op_let,
    ast.SetCounter: _op_set_counter,
    ast.OfferCards: _op_offer_cards,
    ast.Settle: _op_settle,
    ast.RollFaces: _op_roll_faces,
    ast.BuildSession: _op_build_session,
}
