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
from engine.effects.limits import MAX_REPEAT, clamp
from engine.game.expressions import collection, compile_expr, each_of
from engine.game.followable import continuation_followable, segments_after
from engine.game.frames import BlockFrame, CardFrame, DiscardFrame, LoopFrame, ReactFrame, RepeatFrame

if TYPE_CHECKING:
    from engine.game.game import Game

_PROPERTY_KINDS = frozenset({"property", "hotel", "vacant lot"})
MAX_REROLLS = 100

_KIND_WHAT = {
    "property": "property", "hotel": "property", "vacant lot": "property",
    "zone": "zone", "player": "player", "opponent": "player",
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

    def execute(self, stmt: ast.Stmt, frame: BlockFrame, root: CardFrame) -> None:
        _EXEC[type(stmt)](self, stmt, frame, root)

    def _let(self, s: ast.Let, f, root):
        f.env[s.var] = self.evaluate(s.value, f.env, root.me)
        f.pc += 1

    def _choose(self, s: ast.Choose | ast.ChooseNumber, f, root):
        chooser, what, options = self.offered_choice(s, f, root)
        self.offer_choice(f, root, s.var, what, options, chooser)

    def offered_choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.RollZone, f: BlockFrame, root: CardFrame
    ) -> tuple[int | None, str, list]:
        """`choice`, keeping only the values from which the rest of the card can be followed
        and does something, where the variant offers only such (rulings.md, 17)."""
        chooser, what, options = self.choice(s, f, root)
        g = self.game
        if g.only_followable and options and id(s) in g.book.choices_to_look_at:
            options = [o for o in options if continuation_followable(g, segments_after(g, s.var, o), root.me)]
        return chooser, what, options

    def choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.RollZone, f: BlockFrame, root: CardFrame
    ) -> tuple[int | None, str, list]:
        """Who chooses, what kind of thing, and among which values, for a statement that asks
        (a roll of the zone die asks only on a wild face: then among every zone)."""
        me = root.me
        chooser = me if s.chooser is None else self.evaluate(s.chooser, f.env, me)
        if isinstance(s, ast.Choose):
            return chooser, _KIND_WHAT[s.kind], self.collection(s.kind, s.var, s.zone, s.where, f.env, me)
        if isinstance(s, ast.ChooseNumber):
            low = self.evaluate(s.low, f.env, me) or 0
            high = min(self.evaluate(s.high, f.env, me) or 0, low + MAX_REPEAT)
            return chooser, "number", list(range(low, high + 1))
        return chooser, "zone", list(self.game.book.zone_ids)

    def offer_choice(self, f: BlockFrame, root: CardFrame, var: str, what: str, options: list, chooser: int | None) -> None:
        g = self.game
        if not options or chooser is None:
            g.emit("no_choice", {"card": g.book.cards[root.c].id})
            root.halt = True
            return
        if len(options) == 1:
            self.bind(f, var, what, options[0], chooser)
            return
        g.ask("choose", chooser, self.choice_actions(what, options))

    def choice_actions(self, what: str, options: list) -> list:
        texts = self.game.texts
        table = texts.choose_actions.get(what)
        if table is not None:
            return [table[o] for o in options]
        return [texts.action("choose", o, what) for o in options]

    def bind(self, f: BlockFrame, var: str, what: str | None, value: Any, chooser: int) -> None:
        f.env[var] = value
        f.pc += 1
        self.game.emit("choose", {"player": chooser, "what": what, "value": value})

    def _roll_zone(self, s: ast.RollZone, f, root):
        g = self.game
        me = root.me
        for _ in range(MAX_REROLLS):
            face = g.roll_colour()
            label = face.zone if face.kind == "zone" else face.kind
            g.emit("roll_zone", {"player": me, "face": label})
            if face.kind == "zone":
                self.bind(f, s.var, "zone", face.zone, me)
                return
            if face.kind == "wild":
                break
        chooser, what, options = self.offered_choice(s, f, root)  # wild, or fortune a hundred times
        self.offer_choice(f, root, s.var, what, options, chooser)

    def _roll_dice(self, s: ast.RollDice, f, root):
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        dice = self.game.roll_number_dice()
        self.game.emit("roll_dice", {"player": player, "dice": dice})
        f.env[s.var] = sum(dice)
        f.pc += 1

    def _roll_off(self, s: ast.RollOff, f, root):
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
                dice = g.roll_number_dice()
                g.emit("roll_dice", {"player": player, "dice": dice})
                totals[player] = sum(dice)
            target = min(totals.values()) if s.extreme == "lowest" else max(totals.values())
            candidates = [p for p in candidates if totals[p] == target]
        winner = candidates[0] if candidates else None
        if winner is not None:
            g.emit("roll_off", {"player": winner, "extreme": s.extreme})
        f.env[s.var] = winner
        f.pc += 1

    def _build_units(self, s: ast.BuildUnits, f, root):
        me = root.me
        f.pc += 1
        count = self.evaluate(s.count, f.env, me) or 0
        prop = self.evaluate(s.property, f.env, me)
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        if prop is None or player is None:
            return
        self.game.place(player, prop, min(count, MAX_REPEAT))

    def _build_session(self, s: ast.BuildSession, f, root):
        g = self.game
        env, me = f.env, root.me
        f.pc += 1
        rules = g.variant.rules
        if s.new_lots_given:
            lots = self.evaluate(s.new_lots, env, me) if s.new_lots is not None else None
        else:
            lots = rules.new_lots_per_roll
        per_lot = (
            (self.evaluate(s.units_per_new_lot, env, me) if s.units_per_new_lot is not None else None)
            if s.units_per_new_lot_given
            else rules.units_per_new_lot
        )
        zone = self.evaluate(s.zone, env, me)
        g.push_build(me, self.evaluate(s.budget, env, me) or 0, zone, lots, per_lot, s.at_least_one)

    def _remove_top(self, s: ast.RemoveTop, f, root):
        f.pc += 1
        prop = self.evaluate(s.property, f.env, root.me)
        if prop is not None:
            self.game.remove_top(prop)

    def _remove_all(self, s: ast.RemoveAll, f, root):
        f.pc += 1
        me = root.me
        prop = self.evaluate(s.property, f.env, me)
        keep = None if s.except_player is None else self.evaluate(s.except_player, f.env, me)
        if prop is not None:
            self.game.remove_all(prop, keep)

    def _move_top(self, s: ast.MoveTop, f, root):
        f.pc += 1
        me = root.me
        source = self.evaluate(s.source, f.env, me)
        target = self.evaluate(s.target, f.env, me)
        if source is not None and target is not None and source != target:
            self.game.move_top(source, target)

    def _draw(self, s: ast.Draw, f, root):
        f.pc += 1
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        count = min(self.evaluate(s.count, f.env, me) or 0, MAX_REPEAT)
        for _ in range(count):
            self.game.draw(player, "effect")

    def _discard(self, s: ast.Discard, f, root):
        f.pc += 1
        me = root.me
        player = me if s.player is None else self.evaluate(s.player, f.env, me)
        count = min(self.evaluate(s.count, f.env, me) or 0, MAX_REPEAT)
        if player is not None and count > 0:
            self.game.frames.append(DiscardFrame(player, count))

    def _add_budget(self, s: ast.AddBudget, f, root):
        """The budget, like any number, stays within ±MAX_NUMBER: `add budget to budget`
        doubles it with no arithmetic to hold it back."""
        f.pc += 1
        budget = self.game.budget()
        amount = self.evaluate(s.amount, f.env, root.me) or 0
        self.game.add_budget(root.me, clamp(budget + amount) - budget)

    def _offer_reaction(self, s: ast.OfferReaction, f, root):
        f.pc += 1
        me = root.me
        player = self.evaluate(s.player, f.env, me)
        g = self.game
        if player is not None and player != me and g.book.reactions_to[root.c]:
            g.frames.append(ReactFrame(player, root.c, f.root))

    def _cancel(self, s: ast.Cancel, f, root):
        f.pc += 1
        target = root.target
        if target is not None:
            g = self.game
            answered = g.frames[target]
            assert isinstance(answered, CardFrame)
            answered.halt = True
            g.emit("cancelled", {"card": g.book.cards[answered.c].id})

    def _stop(self, s: ast.Stop, f, root):
        root.halt = True

    def _say(self, s: ast.Say, f, root):
        f.pc += 1
        self.game.emit("say", {"text": s.text})

    def _if(self, s: ast.If, f, root):
        f.pc += 1
        then_block, else_block = self.game.book.child_blocks[id(s)]
        chosen = then_block if self.evaluate(s.condition, f.env, root.me) else else_block
        self.game.frames.append(BlockFrame(chosen, dict(f.env), f.root))

    def _for_each(self, s: ast.ForEach, f, root):
        f.pc += 1
        items = self.collection(s.kind, s.var, s.zone, s.where, f.env, root.me)
        (body,) = self.game.book.child_blocks[id(s)]
        self.game.frames.append(LoopFrame(body, s.var, items, dict(f.env), f.root))

    def _repeat(self, s: ast.Repeat, f, root):
        f.pc += 1
        times = max(0, min(self.evaluate(s.times, f.env, root.me) or 0, MAX_REPEAT))
        (body,) = self.game.book.child_blocks[id(s)]
        self.game.frames.append(RepeatFrame(body, times, dict(f.env), f.root))


_EXEC: dict[type, Callable[[Interpreter, Any, BlockFrame, CardFrame], None]] = {
    ast.Let: Interpreter._let,
    ast.Choose: Interpreter._choose,
    ast.ChooseNumber: Interpreter._choose,
    ast.RollZone: Interpreter._roll_zone,
    ast.RollDice: Interpreter._roll_dice,
    ast.RollOff: Interpreter._roll_off,
    ast.BuildUnits: Interpreter._build_units,
    ast.BuildSession: Interpreter._build_session,
    ast.RemoveTop: Interpreter._remove_top,
    ast.RemoveAll: Interpreter._remove_all,
    ast.MoveTop: Interpreter._move_top,
    ast.Draw: Interpreter._draw,
    ast.Discard: Interpreter._discard,
    ast.AddBudget: Interpreter._add_budget,
    ast.OfferReaction: Interpreter._offer_reaction,
    ast.Cancel: Interpreter._cancel,
    ast.Stop: Interpreter._stop,
    ast.Say: Interpreter._say,
    ast.If: Interpreter._if,
    ast.ForEach: Interpreter._for_each,
    ast.Repeat: Interpreter._repeat,
}
