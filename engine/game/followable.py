"""Can a card's directions be followed, and would following them change anything?

The rulebooks say that to play a card, you "simply follow the directions on the card". A card
whose directions cannot be followed (a Hurricane on an empty board, a Contract with no unit
left to build) or would change nothing (a Switch on a stack already topped by your own unit) is
not offered, and inside a card only the targets from which it does something are (rulings.md,
17). Nothing here is written for one card: the effect itself is explored.

The explorer walks the effect's statements on the game itself, trying every value a `choose`
offers and every outcome a roll can give, until it finds one *path* on which every direction
can be carried out and the game ends up different. Each change it makes goes into a journal
with what it replaced, and is taken back when a branch is done, so the game is exactly as it
was afterwards; it stops at the first good path, so a playable card usually costs a handful of
statements and no copy of the game.

A direction that cannot be carried out ends a path: a choice with nothing to choose, building
more units than the player has left, removing or moving the top unit of an empty property or
onto itself, removing "all but" from a stack that holds nothing else. Directions that just do
nothing (drawing from an empty deck, a `for each` over nothing) do not. An opponent offered a
reaction is taken to let the card happen. Only what the player offered the choice may know is
used: hands count by their size, chance is enumerated, never rolled, and once a path has read
which cards a pile holds that this player may not see (an opponent's hand, a face-down deck),
every `if` after it on that path is tried both ways. Otherwise the answers offered would tell
them the hidden cards: a guess at an opponent's card offered only where it is right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.core.frames import BlockFrame, CardFrame, LoopFrame, ProgramFrame, RepeatFrame, RootFrame
from engine.core.trial import LOOP_END, MAX_EXPLORE_STEPS, MAX_PATHS, Fail, Trial, TrialStep
from engine.effects import ast
from engine.effects.limits import MAX_REPEAT
from engine.words.table import STATEMENTS

if TYPE_CHECKING:
    from engine.game.game_state import GameState
    from engine.game.rulebook import Rulebook

def card_is_followable(game: GameState, card: int, me: int) -> bool:
    """Whether playing `card` now, as `me`, has a path that can be followed and does something."""
    quick = game.book.quick_answers[card]
    if quick is not None:
        return quick(game, me)
    segments: list = [(game.book.trials[game.book.card_block[card]], 0, {}, me)]
    if not game.book.uses_this[card]:
        return _search(game, segments, me)
    # as in play: the card out of the hand and on the stack, for `this` to find
    hand = game.pile_to_play_from(me, card)
    at = next(i for i, c in enumerate(hand) if c % game.book.kinds == card)
    code = hand.pop(at)
    game.in_play.append(code)
    game.frames.append(CardFrame(code, me))
    try:
        return _search(game, segments, me)
    finally:
        game.frames.pop()
        game.in_play.pop()
        hand.insert(at, code)


def continuation_followable(game: GameState, segments: list, me: int, viewer: int) -> bool:
    """Whether the rest of a card under way (as segments, see `segments_after`) has a path
    that can be followed and changes something from the game as it is now, as far as
    `viewer`, who is offered the choice, may know."""
    return _search(game, segments, me, viewer)


def _search(game: GameState, segments: list, me: int, viewer: int = -1) -> bool:
    """The search, its statements and branches spent from the game's work (`GameState.work`): a
    choice offers each option only after a search of its own, and a move that offers many
    is held to the one budget of everything it sets off, as are the bots trying it. It
    watches what it reads for `viewer` (`me` when not given: the card's holder)."""
    trial = Trial(game)
    watching, peeked = game.watching, game.peeked
    game.watching, game.peeked = (viewer if viewer >= 0 else me), False
    try:
        return _explore(game, segments, me, trial)
    finally:
        trial.undo(0)
        game.watching, game.peeked = watching, peeked
        game.work += (MAX_EXPLORE_STEPS - max(trial.steps, 0)) + (MAX_PATHS - max(trial.paths, 0))


def segments_after(game: GameState, var: str, value: Any) -> list:
    """What remains of the card whose choice is pending, once `var` is bound to `value`: the
    rest of each block on the frame stack, the remaining rounds of loops, as a stack (the
    innermost, next to run, last). A segment is (a block's trial steps, the next step,
    variables, `me`). A routine (`do NAME`) is part of the effect that called it, which goes on
    after it, with its own `me`."""
    segments: list = []
    frames = game.frames
    routines = game.book.routines
    top = frame_above = frames[-1]
    for index in range(len(frames) - 1, -1, -1):
        frame = frames[index]
        if isinstance(frame, ProgramFrame) and frame.program in routines and index and isinstance(frames[index - 1], BlockFrame):
            frame_above = frame
            continue
        if isinstance(frame, (CardFrame, ProgramFrame)):
            break
        if isinstance(frame, BlockFrame):
            me = cast(RootFrame, frames[frame.root]).me
            pc = frame.pc
            if frame is not top and isinstance(frame_above, BlockFrame):
                # a side of an `if` stands on this block: one variables for both, as the
                # machine hands the names back when the side is done (the side's hold them all)
                env = segments[-1][2]
            else:
                env = dict(frame.env)
            if frame is top:
                env[var] = value
                pc += 1
            segments.append((game.book.trials[frame.b], pc, env, me))
        elif isinstance(frame, LoopFrame):
            body = game.book.trials[frame.b]
            owner = cast(RootFrame, frames[frame.root]).me
            for item in frame.items[frame.i :]:
                segments.append((body, 0, {**frame.env, frame.var: item}, owner))
            segments.append((LOOP_END, 0, {}, owner))  # lang47, stop loop: where its rounds end
        elif isinstance(frame, RepeatFrame):
            owner = cast(RootFrame, frames[frame.root]).me
            again = game.book.repeat_rounds.get(frame.b)
            if again is None:  # `repeat N times`: the rounds left
                body = game.book.trials[frame.b]
                segments.extend((body, 0, dict(frame.env), owner) for _ in range(frame.left))
            elif frame.left > 0:
                # `repeat while`: its test, once the round under way is done, and its next round
                # if the test holds then, as for a `repeat while` not yet begun
                segments.append((again, 0, dict(frame.env), owner))
            segments.append((LOOP_END, 0, {}, owner))  # lang47, stop loop: where its rounds end
        else:  # a frame that runs a body again (a window's next turn) says what of it is left
            segments.extend(frame.remaining(game))
        frame_above = frame
    segments.reverse()  # a stack: the next segment last
    return segments


def _explore(game: GameState, segments: list, me: int, trial: Trial) -> bool:
    """Depth first over the remaining segments; True at the first path that can be followed
    to its end and leaves the game different. Only choices and chance branch; everything else
    goes on in this loop, so nested loops do not nest calls."""
    trial.paths -= 1
    if trial.paths < 0:
        return True
    while segments:
        steps, pc, env, who = segments[-1]
        if pc >= len(steps):
            segments.pop()
            continue
        trial.steps -= 1
        if trial.steps < 0:
            return True
        segments[-1] = (steps, pc + 1, env, who)  # the path's own stack: the step may push onto it
        step = steps[pc]
        peeked = game.peeked
        try:
            outcome = step(game, env, who, segments, trial)
        except Fail:
            return False
        finally:
            if game.peeked and not peeked:  # this path has seen a hidden card: undone with it
                trial.log.append((game, "peeked", False))
        if outcome is not None:
            var, values = outcome
            for value in values:  # may be a generator over the live game: each branch is undone before the next
                mark = trial.mark()
                # each branch its own variables; a side of an `if` keeps sharing its block's
                copies: dict[int, dict] = {}
                following = [(s, p, copies.setdefault(id(e), dict(e)), w) for s, p, e, w in segments]
                following[-1][2][var] = value
                found = _explore(game, following, me, trial)
                trial.undo(mark)
                if found:
                    return True
            return False
    return trial.changed()


def trial_block(book: Rulebook, b: int) -> tuple[TrialStep, ...]:
    """The trial steps of block `b`, in order; its bodies' blocks' steps (numbered after it)
    made already (Rulebook makes every block's, the last first)."""
    return tuple(
        STATEMENTS[type(s)].look_ahead(s, book, bodies) for s, bodies in zip(book.blocks[b], book.bodies[b], strict=True)
    )


_HARMLESS = (
    ast.Let, ast.Say, ast.OfferReaction, ast.Draw, ast.Discard, ast.AddTo, ast.Transfer, ast.Cancel, ast.Stop, ast.Choose,
    ast.RollOff, ast.RollDice,
)
_ASKS = (ast.Choose, ast.ChooseNumber, ast.ChooseWord, ast.ChooseKind, ast.RollZone)


def choices_to_look_at(statements: tuple[ast.Stmt, ...]) -> set[int]:
    """The choices of an effect (by `id`) whose options may not all do something, so each
    must be looked at before it is offered; worked out once per variant.

    An effect with one choice, whose other statements only build a written number of units on
    the chosen property, or remove the top unit (or every unit) of a chosen occupied space, does
    the same for every option: building depends on the supply alone, and a stack always has a top
    unit. Every contract, Hurricane, Trust Bust or Start Construction is such an effect, and
    looking at each of their options would cost most of a game's time. Anything else (two
    choices, loops, a removal and a build on one property, which can cancel out as Switch does
    on your own unit) has its options looked at."""
    found = [node for node in ast.walk(list(statements)) if isinstance(node, ast.STATEMENT_TYPES)]
    asks = [node for node in found if isinstance(node, _ASKS) and not getattr(node, "every", False)]  # `, every answer`: all stay
    if not asks:
        return set()
    occupied = {node.var for node in found if isinstance(node, ast.Choose) and node.kind == "occupied property"}
    touched: list[str] = []
    for node in found:
        if isinstance(node, _HARMLESS):
            continue
        target = _variable(getattr(node, "property", None))
        builds = isinstance(node, ast.BuildUnits) and node.player is None and isinstance(node.count, ast.Number)
        removes = isinstance(node, (ast.RemoveTop, ast.RemoveAll)) and getattr(node, "except_player", None) is None
        if target is None or not (builds or (removes and target in occupied)):
            return {id(node) for node in asks}
        touched.append(target)
    if len(asks) > 1 or len(touched) != len(set(touched)):
        return {id(node) for node in asks}
    return set()


_SPACES = frozenset({"property", "occupied property", "vacant property"})


def choices_alike(statements: tuple[ast.Stmt, ...]) -> set[int]:
    """The choices of an effect (by `id`) whose options all lead to one answer, so that
    looking at the first option tells the answer for every one; worked out once per variant.

    Transfer ("choose occupied property From, choose property To where To is not From, move top
    of From to To") is the shape: whichever occupied space and whichever other property, the
    move can be made and changes the game, and a build after it depends on the supply alone.
    Looking at each of the twenty-odd options of such a choice cost most of the time spent
    looking ahead. A choice is alike when it is a choice of spaces at the top of the effect
    and everything after it is one of: a choice of any property (none, or all but one chosen
    space, to choose from: as many for every option); a written number of units built on a
    chosen space; at most one move of the top unit of an occupied space chosen earlier and not
    taken from since, onto a space a `where ... is not ...` keeps apart from it; a reaction offered; a message. Anything else
    (a removal, a loop, an `if`, a second move) makes the options looked at one by one."""
    top = list(statements)
    alike: set[int] = set()
    for index, statement in enumerate(top):
        if (
            isinstance(statement, ast.Choose)
            and statement.kind in _SPACES
            and statement.chooser is None
            and _rest_alike(top, index)
        ):
            alike.add(id(statement))
    return alike


def _rest_alike(top: list[ast.Stmt], index: int) -> bool:
    chosen: dict[str, ast.Choose] = {}
    untouched_stacks: set[str] = set()  # chosen as occupied spaces, no unit taken from them since
    moves = 0
    for position, s in enumerate(top):
        if position > index:
            if isinstance(s, ast.Choose):
                if s.kind != "property" or s.chooser is not None or s.zone is not None:
                    return False
                if s.where is not None and _kept_apart(s.where, s.var) not in chosen:
                    return False
            elif isinstance(s, ast.BuildUnits):
                if not (isinstance(s.count, ast.Number) and s.player is None and _variable(s.property) in chosen):
                    return False
            elif isinstance(s, ast.MoveTop):
                source, target = _variable(s.source), _variable(s.target)
                moves += 1
                if moves > 1 or source not in untouched_stacks or target not in chosen:
                    return False
                if not _apart(chosen[source], target) and not _apart(chosen[target], source):
                    return False
                untouched_stacks.discard(source)
            elif not isinstance(s, (ast.Say, ast.OfferReaction)):
                return False
        elif not isinstance(s, (ast.Choose, ast.Say, ast.OfferReaction, ast.BuildUnits)):
            untouched_stacks.clear()  # before the choice: anything else may take units away
        if isinstance(s, ast.Choose):
            chosen[s.var] = s
            if s.kind == "occupied property":
                untouched_stacks.add(s.var)
    return True


def _kept_apart(where: ast.Expr, var: str) -> str | None:
    """For `where V is not X` (or `X is not V`): X, a name; else None."""
    if not (isinstance(where, ast.IsSame) and where.negated):
        return None
    left, right = _variable(where.left), _variable(where.right)
    if left == var:
        return right
    return left if right == var else None


def _apart(choice: ast.Choose, other: str | None) -> bool:
    """Whether the choice's `where` keeps its space apart from `other`'s."""
    return choice.where is not None and other is not None and _kept_apart(choice.where, choice.var) == other


def _variable(expr: Any) -> str | None:
    return expr.name if isinstance(expr, ast.Name) else None


def quick_answer(statements: tuple[ast.Stmt, ...]):
    """For the commonest shape of effect, the explorer's answer without exploring: one
    `choose`, then only a written number of units built on the choice and removals from a chosen
    occupied space (each of which always changes the game, and never fails on one), with reactions
    offered in between; or no choice and only a written amount added to the budget. Returns a
    function (game, card holder) -> bool, or None for any other effect, which is explored. A
    test checks the two answers agree over many positions."""
    amounts = [s.amount.value for s in statements if isinstance(s, ast.AddTo) and isinstance(s.amount, ast.Number)]
    if statements and len(amounts) == len(statements):
        changes = any(amount != 0 for amount in amounts)
        return lambda game, me: changes
    if not statements or not isinstance(statements[0], ast.Choose) or statements[0].chooser is not None:
        return None
    choice = statements[0]
    units = 0
    acts = 0
    for s in statements[1:]:
        target = _variable(getattr(s, "property", None))
        if isinstance(s, ast.OfferReaction):
            continue
        if isinstance(s, ast.BuildUnits) and target == choice.var and s.player is None and isinstance(s.count, ast.Number):
            units += max(0, min(s.count.value, MAX_REPEAT))
            acts += s.count.value > 0
        elif (
            isinstance(s, (ast.RemoveTop, ast.RemoveAll))
            and target == choice.var
            and choice.kind == "occupied property"
            and getattr(s, "except_player", None) is None
        ):
            acts += 1
        else:
            return None
    if acts == 0 or choices_to_look_at(statements):
        return None

    def answer(game: GameState, me: int) -> bool:
        if units > game.supply[me]:
            return False
        return next(game.interp.each_of(choice, {}, me), None) is not None

    return answer
