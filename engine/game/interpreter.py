"""Running card effects one statement at a time, with every bit of progress held in plain
frames on the game's stack, so a game can be copied or saved in the middle of a card.

A block frame (engine/core/frames.py) holds the block, the next statement `pc`, the variables
`env` and the index of its card frame `root`. A statement either finishes at once (pc moves on), pushes frames
for its body or for a sub-procedure (a build session, a discard, a reaction), or leaves a
pending decision; the decision's answer binds the variable and moves pc on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.expressions import collection, compile_expr, each_of
from engine.core.frames import (
    BlockFrame,
    RootFrame,
)
from engine.core.number_options import NumberOptions
from engine.core.shown import shown_text
from engine.effects import ast
from engine.effects.limits import MAX_CHOICES, MAX_REPEAT
from engine.game.followable import continuation_followable, segments_after
from engine.words.flow import pass_in_window
from engine.words.table import STATEMENTS

if TYPE_CHECKING:
    from engine.game.game_state import GameState
    from engine.game.messages import Action
    from engine.game.rulebook import Rulebook

_PROPERTY_KINDS = frozenset({"property", "occupied property", "vacant property"})

_KIND_WHAT = {
    "property": "property", "occupied property": "property", "vacant property": "property",
    "zone": "zone", "player": "player", "opponent": "player", "card": "card",
}


class Interpreter:
    """Evaluates expressions and executes statements against one game."""

    def __init__(self, game: GameState):
        self.game = game
        self.compiled = game.book.compiled

    # ----- expressions (compiled once into closures, see expressions.py) -------------------

    def evaluate(self, expr: ast.Expr, env: dict, me: int) -> Any:
        return compile_expr(expr, self.compiled)(self.game, env, me)

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
            if kind == "occupied property":
                return [p for p in fixed if stacks[p]]
            if kind == "vacant property":
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

    # ----- what the words that ask share (engine/words/choices.py, dice.py) ------------------

    def offered_choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.ChooseWord | ast.ChooseKind | ast.RollZone, f: BlockFrame, root: RootFrame
    ) -> tuple[int | None, str, Sequence]:
        """`choice`, keeping only the values from which the rest of the card can be followed
        and does something, where the variant offers only such (rulings.md, 17). A number
        question over more than MAX_REPEAT + 1 numbers offers every one (looking ahead from
        each of thousands would cost seconds), and its pass always."""
        chooser, what, options = self.choice(s, f, root)
        g = self.game
        viewer = root.me if chooser is None else chooser
        if g.only_followable and options and id(s) in g.book.choices_to_look_at:
            if id(s) in g.book.alike_choices:  # one answer for all
                if not continuation_followable(g, segments_after(g, s.var, options[0]), root.me, viewer):
                    options = []
            elif isinstance(options, NumberOptions):
                if options.width <= MAX_REPEAT + 1:
                    numbers, after = options.numbers, list(options.after)
                    options = [n for n in numbers if continuation_followable(g, segments_after(g, s.var, n), root.me, viewer)]
                    options += after
            else:
                options = [o for o in options if continuation_followable(g, segments_after(g, s.var, o), root.me, viewer)]
        return chooser, what, options

    def choice(
        self, s: ast.Choose | ast.ChooseNumber | ast.ChooseWord | ast.ChooseKind | ast.RollZone, f: BlockFrame, root: RootFrame
    ) -> tuple[int | None, str, Sequence]:
        """Who chooses, what kind of thing, and among which values, for a statement that asks
        (a roll of the zone die asks only on the any-zone face: then among every zone). A
        number question's values are a NumberOptions of its numbers, then the word "pass" of
        `, or pass`."""
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
            if not s.tests:
                return chooser, "word", list(s.words)
            env = f.env
            return chooser, "word", [w for w, t in zip(s.words, s.tests) if t is None or self.evaluate(t, env, me)]
        if isinstance(s, ast.ChooseKind):  # the kinds of card the pile starts with, in the variant's order
            kinds = self.game.book.kinds_in.get(s.pile, ())
            where, var, env = s.where, s.var, f.env
            return chooser, "kind", [k for k in kinds if where is None or self.evaluate(where, {**env, var: k}, me)]
        if isinstance(s, ast.ChooseNumber):
            low = self.evaluate(s.low, f.env, me) or 0
            high = min(self.evaluate(s.high, f.env, me) or 0, low + MAX_CHOICES - 1)
            what = "money" if id(s) in self.game.book.money_choices else "number"
            return chooser, what, NumberOptions(low, high, _itself, _PASSING if s.or_pass else ())
        return chooser, "zone", list(self.game.book.zone_ids)

    def _order_unseen(self, card: Any, chooser: int) -> bool:
        """Whether the cards offered lie in a pile whose order `chooser` may not know (their
        own face-down deck, another's hand): then they are offered in the order of the cards'
        codes, not as they lie (a choice from one's deck would otherwise tell its order)."""
        place = getattr(card, "place", None)
        return place is not None and place >= 0 and not self.game.layout.seen(place, chooser)

    def offer_choice(self, f: BlockFrame, root: RootFrame, var: str, what: str, options: Sequence, chooser: int | None) -> None:
        g = self.game
        if not options or chooser is None:
            g.emit("no_choice", {"card": g.source_of(root)})
            root.halt = True
            return
        if len(options) == 1:  # nobody is asked: the event says the game took the only one
            self.answer(f, var, what, options[0], chooser, asked=False)
            return
        g.ask("choose", chooser, self.choice_actions(what, options))

    def choice_actions(self, what: str, options: Sequence) -> Sequence[Action]:
        """The actions of a question among `options`, the values `choice` gives: a number
        question's made only when read (NumberOptions), its pass the word "pass"."""
        texts = self.game.texts
        if isinstance(options, NumberOptions):
            make = texts.money_action if what == "money" else texts.number_action
            return options.remade(make, tuple(texts.action("choose", w, "word") for w in options.after))
        if what == "card":  # actions hold plain codes; the CardRef (with its place) is found again on answer
            return [texts.action("choose", int(o), "card") for o in options]
        table = texts.choose_actions.get(what)
        if table is not None:
            return [table[o] for o in options]
        if what in ("number", "money"):  # numbers looked at one by one (offered_choice), and the pass
            return [texts.action("choose", o, what if type(o) is int else "word") for o in options]
        return [texts.action("choose", o, what) for o in options]

    def answer(self, f: BlockFrame, var: str, what: str | None, value: Any, chooser: int, asked: bool = True) -> None:
        """The value chosen bound to the variable; or, for the pass of `choose number ..., or
        pass` (the one word a number question offers), the chooser passes in the window, and
        their turn there ends: the frames of its body are done with."""
        g = self.game
        if type(value) is str and type(g.book.blocks[f.b][f.pc]) is ast.ChooseNumber:
            at = pass_in_window(g, f.root)  # the check lets `, or pass` be said only in a window
            if at >= 0:
                passing = g.book.bodies[f.b][f.pc]  # pilewords: `, or pass:` and the block it runs
                env = f.env
                del g.frames[at + 1 :]
                if passing:  # in place of the rest of the turn, on the window, with the turn's names
                    g.frames.append(BlockFrame(passing[0], dict(env), f.root))
                return
        self.bind(f, var, what, value, chooser, asked)

    def bind(self, f: BlockFrame, var: str, what: str | None, value: Any, chooser: int, asked: bool = True) -> None:
        """The value bound; told as a `choose` event, with `only` when it was the one option and
        nobody was asked (the log then does not say the player chose it: issue 46, 9), `bid`
        for an amount chosen with a pass beside it, in a window's turns: told 'Green bids 60M'
        (issue 46, 6), and `label` for a word the author labelled, shown to every seat alike:
        told as the player read it ('Red chooses 7 and 8', not the program's 'ab')."""
        statement = self.game.book.blocks[f.b][f.pc] if what in ("money", "word") else None
        label = None
        if type(statement) is ast.ChooseWord and value in statement.words:  # told by its label, read by all
            text = statement.labels[statement.words.index(value)] if statement.labels else None
            if text is not None:
                label = shown_text(self.game, text, f.env, getattr(self.game.frames[f.root], "me", chooser), range(self.game.n))
        f.env[var] = value
        f.pc += 1
        data = {"player": chooser, "what": what, "value": value}
        if not asked:
            data["only"] = True
        if what == "money" and type(statement) is ast.ChooseNumber and statement.or_pass:
            data["bid"] = True
        if label is not None:
            data["label"] = label
        # a card from a pile not face up is chosen in secret; where it goes next says, to those
        # who may know, which it was
        self.game.emit("choose", data, self._secret(what, value, chooser))

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


PASS = "pass"
"""The word a number question offers beside its numbers (`choose number ..., or pass`)."""
_PASSING = (PASS,)


def _itself(number: int) -> int:
    """A number question's value: the number."""
    return number


# ----- statements compiled once per variant -------------------------------------------------------

Op = Callable[["GameState", BlockFrame, RootFrame], None]
"""A statement made ready to run: `op(game, frame, root)` carries it out, with its expressions
already compiled and its bodies' blocks already looked up (a word's `run`, engine/words/)."""


def compile_block(b: int, book: Rulebook) -> tuple[Op, ...]:
    """The ops of block `b`, in order (the machine runs `ops[frame.pc]`): each statement made
    ready to run by its word (engine/words/)."""
    return tuple(STATEMENTS[type(s)].run(s, book, bodies) for s, bodies in zip(book.blocks[b], book.bodies[b], strict=True))
