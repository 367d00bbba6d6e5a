"""The words that ask a player: choose a thing, a number or a word."""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import BlockFrame, CardFrame, RootFrame
from engine.core.number_options import NumberOptions
from engine.core.trial import Fail, Trial
from engine.effects import ast
from engine.effects.kinds import KIND_OF_CHOICE, thing_kind
from engine.words.common import maybe
from engine.words.flow import check_said_in_window
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook


Asking = ast.Choose | ast.ChooseNumber | ast.ChooseWord | ast.ChooseKind
"""The statements that ask a question of a player."""


def _run_choice(s: Asking, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Ask, among the options from which the rest of the effect can be followed (Interpreter's
    `offered_choice`); one option is taken at once, none stops the effect."""
    var = s.var

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        interp = g.interp
        chooser, what, options = interp.offered_choice(s, f, root)
        interp.offer_choice(f, root, var, what, options, chooser)

    return op


def _look_choice_of_value(s: ast.ChooseNumber | ast.ChooseWord | ast.ChooseKind, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Each value in turn; a number question's numbers only (its pass does nothing, so no
    path goes on that way), as a range the look-ahead reads one number at a time."""

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        chooser, _, options = game.interp.choice(s, BlockFrame(0, env, 0), CardFrame(0, me))
        if isinstance(options, NumberOptions):
            options = options.numbers
        if chooser is None or not options:
            raise Fail
        return s.var, options

    return step


# ----- choose KIND NAME [in ZONE] [where CONDITION] [by PLAYER] -------------------------------


def _check_choose(c: Checker, node: ast.Choose, scope: Scope) -> None:
    c.expect(node.chooser, "player", scope, "who chooses ('by ...')")
    c.text(node.asking, scope)  # asked before the choice binds its name
    if thing_kind(node.kind, c.context.pieces) == "piece":  # for each piece: gone through, not chosen
        c.report(node, "a piece is not chosen: a player chooses where it goes",
                 "choose the space (choose property P where ...), then move the piece with 'for each'")
    c.collection(node, node.kind, node.var, node.zone, node.where, scope)
    c.text(node.each, scope)  # each option's label: the name stands for that option


def _look_choose(s: ast.Choose, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    chooser, var, alike = maybe(s.chooser, book), s.var, id(s) in book.alike_choices

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        if chooser is not None and chooser(game, env, me) is None:
            raise Fail
        found = game.interp.each_of(s, env, me)  # nothing to choose: no branch succeeds
        return var, islice(found, 1) if alike else found

    return step


CHOOSE = StatementWord(
    ast.Choose, _check_choose, _run_choice, _look_choose, told=1, flow=MAY_ASK,
    example="choose property L where L is vacant and value of L <= 4\nbuild 1 on L", events=("choose", "no_choice"),
    binds=lambda node, kind_of, context: [(node.var, KIND_OF_CHOICE.get(node.kind, "property"))],
)


# ----- choose number N from LOW to HIGH [by PLAYER] -----------------------------------------


def _check_choose_number(c: Checker, node: ast.ChooseNumber, scope: Scope) -> None:
    c.expect(node.low, "number", scope, "the lowest choice")
    c.expect(node.high, "number", scope, "the highest choice")
    c.expect(node.chooser, "player", scope, "who chooses ('by ...')")
    c.text(node.asking, scope)
    if node.or_pass:  # the window's own pass: where `pass` may be said
        check_said_in_window(c, node, scope)
    if node.on_pass:  # pilewords: what the pass runs, in place of the rest of the window's turn
        passing = scope.child()
        passing.loop = False  # the turn's loops are left behind: the block stands on the window
        c.block(node.on_pass, passing)
    c.bind(node, node.var, "number", scope)


CHOOSE_NUMBER = StatementWord(
    ast.ChooseNumber, _check_choose_number, _run_choice, _look_choice_of_value, told=1, flow=MAY_ASK,
    example="choose number N from 1 to 3\ndraw N", events=("choose", "no_choice", "pass"),
    binds=lambda node, kind_of, context: [(node.var, "number")],
)


# ----- choose word W from "A", "B" [by PLAYER] ----------------------------------------------


def _check_choose_word(c: Checker, node: ast.ChooseWord, scope: Scope) -> None:
    c.expect(node.chooser, "player", scope, "who chooses ('by ...')")
    for word, test in zip(node.words, node.tests):
        c.expect(test, "bool", scope, f"what follows '\"{word}\" if'")
    c.text(node.asking, scope)
    for label in node.labels:
        c.text(label, scope)
    if len(node.words) < 2:
        c.report(node, f"a word menu offers at least two words, and this one offers only \"{node.words[0]}\"",
                 'add the other answer, such as \', "pass"\'; a menu of one word asks nothing')
    elif len(set(node.words)) < len(node.words):
        c.report(node, "the same word is offered twice", "offer each word once")
    c.bind(node, node.var, "word", scope)


CHOOSE_WORD = StatementWord(
    ast.ChooseWord, _check_choose_word, _run_choice, _look_choice_of_value, told=1, flow=MAY_ASK,
    example='choose word W from "draw" if cards of me < 5, "pass"\nif W is "draw":\n  draw 1', events=("choose", "no_choice"),
    binds=lambda node, kind_of, context: [(node.var, "word")],
)

# ----- choose kind K of PILE [where TEST] [by PLAYER] (ask46) ---------------------------------


def _check_choose_kind(c: Checker, node: ast.ChooseKind, scope: Scope) -> None:
    c.expect(node.chooser, "player", scope, "who chooses ('by ...')")
    c.text(node.asking, scope)
    piles = c.context.pile_each
    if piles and node.pile not in piles:
        c.report(node, f"there is no pile '{node.pile}' whose kinds of card could be chosen",
                 "piles: " + ", ".join(sorted(piles)))
    c.bind(node, node.var, "kind", scope)
    c.expect(node.where, "bool", scope, "what follows 'where'")


CHOOSE_KIND = StatementWord(
    ast.ChooseKind, _check_choose_kind, _run_choice, _look_choice_of_value, told=1, flow=MAY_ASK,
    example='choose kind K of deck, asking "Name a card"\nsay "{K} is named"', events=("choose", "no_choice"),
    binds=lambda node, kind_of, context: [(node.var, "kind")],
)

WORDS = (CHOOSE, CHOOSE_NUMBER, CHOOSE_WORD, CHOOSE_KIND)


def _tell_choose(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """A choice made: a card kept from the viewer is 'a card', a card of the chooser's own is
    'their ...' (not "Red chooses Red's $3M"); the one option, taken with nobody asked, is
    not said to be chosen."""
    who = t.player(d["player"])
    if d.get("only"):  # nobody was asked: the game took the one option (issue 46, 9)
        return f"The only choice for {who}: {'a card' if hidden else d.get('label') or t.value(d['what'], d['value'])}"
    if hidden:
        return f"{who} chooses a card"
    if d["what"] == "card" and t.card_owner(d["value"]) == d["player"]:
        return f"{who} chooses their {t.card_name(d['value'])}"
    if d.get("bid"):  # an amount chosen with a pass beside it (issue 46, 6)
        return f"{who} bids {t.value(d['what'], d['value'])}"
    if d.get("label"):  # a word the author labelled: told as the player read it ('7 and 8', not 'ab')
        return f"{who} chooses {d['label']}"
    return f"{who} chooses {t.value(d['what'], d['value'])}"


def _tell_no_choice(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.source(d['card'])}: there is nothing to choose, so it has no further effect"


EVENT_TEXTS = (
    EventText("choose", ("player", "what", "value", "bid", "only", "label"), _tell_choose),
    EventText("no_choice", ("card",), _tell_no_choice),
)
"""The texts of the events of choices (engine/core/event_text.py)."""
