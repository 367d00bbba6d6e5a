"""Can a card's directions be followed, and would following them change anything?

The rulebooks say "To play a Fortune card, simply follow the directions on the card". A card
whose directions cannot be followed (a Hurricane on an empty board, a Contract with no unit
left to build) or would change nothing (a Switch on a hotel already topped by your own unit) is
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
onto itself, removing "all but" from a hotel that holds nothing else. Directions that just do
nothing (drawing from an empty deck, a `for each` over nothing) do not. An opponent offered a
reaction is taken to let the card happen. Only what every player may know is used: hands count
by their size, and chance is enumerated, never rolled.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice, product
from typing import TYPE_CHECKING, Any

from engine.effects import ast
from engine.effects.limits import MAX_REPEAT
from engine.game.expressions import Fn, compile_expr
from engine.game.frames import BlockFrame, BuildFrame, CardFrame, LoopFrame, ProgramFrame, RepeatFrame
from engine.game.refs import PileRef, Ref

if TYPE_CHECKING:
    from engine.game.game import Game
    from engine.game.rulebook import Rulebook

MAX_PATHS = 2_000
"""Branches explored at most for one question; past it the card is taken to be followable (a
card the check let through costs little, and the answer errs on the side of today's offer)."""
MAX_EXPLORE_STEPS = 20_000
"""Statements carried out at most for one question, over all branches; past it, the same."""


class _Fail(Exception):
    """This path cannot be followed to its end."""


class _Trial:
    """The changes a path has made to the game, each with the value it replaced: undone to a
    mark when a branch is done, and compared with the first values to see if anything changed.

    A place is a list and an index into it (a supply), a whole list (a stack, a hand, a pile)
    with index None, a dict and a key (a counter), or an object and an attribute name. The work budget of one
    question lives here too."""

    __slots__ = ("game", "log", "first", "paths", "steps", "cancelled", "acted")

    def __init__(self, game: Game):
        self.game = game
        self.log: list[tuple[Any, Any, Any]] = []
        self.first: dict[tuple[int, Any], tuple[Any, Any, Any]] = {}
        self.paths = MAX_PATHS
        self.steps = MAX_EXPLORE_STEPS
        self.cancelled = False
        self.acted = 0
        """What the path did that no place holds to compare: piles shuffled, the game ended."""

    def touch(self, where: Any, key: Any = None) -> None:
        """Note the value of a place before it changes."""
        if key is None:
            value: Any = tuple(where)
        elif isinstance(where, (list, dict)):
            value = where[key]
        else:
            value = getattr(where, key)
        entry = (where, key, value)
        self.log.append(entry)
        self.first.setdefault((id(where), key), entry)

    def mark(self) -> int:
        return len(self.log)

    def undo(self, mark: int) -> None:
        log = self.log
        while len(log) > mark:
            where, key, value = log.pop()
            if key is None:
                where[:] = value
            elif isinstance(where, (list, dict)):
                where[key] = value
            else:
                setattr(where, key, value)
        if mark == 0:
            self.first.clear()

    def changed(self) -> bool:
        """Whether any place differs from what it was before the path began."""
        for where, key, value in self.first.values():
            if key is None:
                if tuple(where) != value:
                    return True
            elif isinstance(where, (list, dict)):
                if where[key] != value:
                    return True
            elif getattr(where, key) != value:
                return True
        return False


def card_is_followable(game: Game, card: int, me: int) -> bool:
    """Whether playing `card` now, as `me`, has a path that can be followed and does something."""
    quick = game.book.quick_answers[card]
    if quick is not None:
        return quick(game, me)
    segments: list = [(game.book.trials[game.book.card_block[card]], 0, {})]
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


def continuation_followable(game: Game, segments: list, me: int) -> bool:
    """Whether the rest of a card under way (as segments, see `segments_after`) has a path
    that can be followed and changes something from the game as it is now."""
    return _search(game, segments, me)


def _search(game: Game, segments: list, me: int) -> bool:
    """The search, its statements and branches spent from the game's work (`Game.work`): a
    choice offers each option only after a search of its own, and a move that offers many
    is held to the one budget of everything it sets off, as are the bots trying it."""
    trial = _Trial(game)
    try:
        return _explore(game, segments, me, trial)
    finally:
        trial.undo(0)
        game.work += (MAX_EXPLORE_STEPS - max(trial.steps, 0)) + (MAX_PATHS - max(trial.paths, 0))


def segments_after(game: Game, var: str, value: Any) -> list:
    """What remains of the card whose choice is pending, once `var` is bound to `value`: the
    rest of each block on the frame stack, the remaining rounds of loops, as a stack (the
    innermost, next to run, last). A segment is (a block's trial steps, the next step, variables)."""
    segments: list = []
    frames = game.frames
    top = frame_above = frames[-1]
    for index in range(len(frames) - 1, -1, -1):
        frame = frames[index]
        if isinstance(frame, (CardFrame, ProgramFrame)):
            break
        if isinstance(frame, BlockFrame):
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
            segments.append((game.book.trials[frame.b], pc, env))
        elif isinstance(frame, LoopFrame):
            body = game.book.trials[frame.b]
            for item in frame.items[frame.i :]:
                segments.append((body, 0, {**frame.env, frame.var: item}))
        elif isinstance(frame, RepeatFrame):
            body = game.book.trials[frame.b]
            # `repeat while`: its next round only, as for a `repeat while` not yet begun
            rounds = frame.left if frame.b not in game.book.repeat_tests else min(frame.left, 1)
            segments.extend((body, 0, dict(frame.env)) for _ in range(rounds))
        frame_above = frame
    segments.reverse()  # a stack: the next segment last
    return segments


def _explore(game: Game, segments: list, me: int, trial: _Trial) -> bool:
    """Depth first over the remaining segments; True at the first path that can be followed
    to its end and leaves the game different. Only choices and chance branch; everything else
    goes on in this loop, so nested loops do not nest calls."""
    trial.paths -= 1
    if trial.paths < 0:
        return True
    while segments:
        steps, pc, env = segments[-1]
        if pc >= len(steps):
            segments.pop()
            continue
        trial.steps -= 1
        if trial.steps < 0:
            return True
        segments[-1] = (steps, pc + 1, env)  # the path's own stack: the step may push onto it
        step = steps[pc]
        try:
            outcome = step(game, env, me, segments, trial)
        except _Fail:
            return False
        if outcome is not None:
            var, values = outcome
            for value in values:  # may be a generator over the live game: each branch is undone before the next
                mark = trial.mark()
                # each branch its own variables; a side of an `if` keeps sharing its block's
                copies: dict[int, dict] = {}
                following = [(s, p, copies.setdefault(id(e), dict(e))) for s, p, e in segments]
                following[-1][2][var] = value
                found = _explore(game, following, me, trial)
                trial.undo(mark)
                if found:
                    return True
            return False
    return trial.changed()


TrialStep = Callable[["Game", dict, int, list, "_Trial"], Any]
"""A statement made ready to look ahead with: `step(game, env, me, stack, trial)` carries it
out through the trial and returns None when the path goes on with the stack of segments (the
next one last; a step that opens a block or a loop pushes its rounds onto it), or (variable,
values) to branch on; _Fail if it cannot be carried out. Nothing is announced and nothing is
settled: this is only a look ahead."""


def trial_block(book: Rulebook, b: int) -> tuple[TrialStep, ...]:
    """The trial steps of block `b`, in order; its bodies' blocks' steps (numbered after it)
    made already (Rulebook makes every block's, the last first)."""
    return tuple(_TRIAL_MAKERS[type(s)](s, book, bodies) for s, bodies in zip(book.blocks[b], book.bodies[b], strict=True))


def _nothing(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> None:
    """Offer reaction, say, stop: a reaction offered is taken to be declined; nothing to do."""


def _fn(expr: ast.Expr | None, book: Rulebook) -> Fn | None:
    return None if expr is None else compile_expr(expr, book.compiled)


def _player(expr: ast.Expr | None, book: Rulebook) -> Fn:
    """The player a statement names, or `me` where it names none."""
    if expr is None:
        return lambda g, env, me: me
    return compile_expr(expr, book.compiled)


# -- statements that bind, branch or go on with other segments

def _t_let(s: ast.Let, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    value, var = compile_expr(s.value, book.compiled), s.var

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        env[var] = value(game, env, me)

    return step


def _t_roll_zone(s: ast.RollZone, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    return lambda game, env, me, stack, trial: (s.var, _zone_outcomes(game))


def _t_choose(s: ast.Choose, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    chooser, var, alike = _fn(s.chooser, book), s.var, id(s) in book.alike_choices

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        if chooser is not None and chooser(game, env, me) is None:
            raise _Fail
        found = game.interp.each_of(s, env, me)  # nothing to choose: no branch succeeds
        return var, islice(found, 1) if alike else found

    return step


def _t_choose_value(s: ast.ChooseNumber | ast.ChooseWord, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        chooser, _, options = game.interp.choice(s, BlockFrame(0, env, 0), CardFrame(0, me))
        if chooser is None or not options:
            raise _Fail
        return s.var, options

    return step


def _t_roll_dice(s: ast.RollDice, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    return lambda game, env, me, stack, trial: (s.var, _dice_sums(game))


def _t_roll_off(s: ast.RollOff, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        candidates: list[int | None] = list(game.players_from(me))
        if s.group == "opponents":
            candidates = [p for p in candidates if p != me]
        return s.var, candidates or [None]

    return step


def _t_if(s: ast.If, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    test = compile_expr(s.condition, book.compiled)
    then_block, else_block = (book.trials[b] for b in bodies)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        # the side runs with its block's variables, so the names both sides give a value to
        # are known after it, as the machine hands them back (Game._hand_back); a name is made
        # once per effect, so nothing else a side names can be read after it
        stack.append((then_block if test(game, env, me) else else_block, 0, env))

    return step


def _t_for_each(s: ast.ForEach, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    (body,) = (book.trials[b] for b in bodies)
    var = s.var

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        items = game.interp.collection(s.kind, var, s.zone, s.where, env, me)
        for item in items[::-1]:  # (not reversed(): mypyc cannot compile it over an untyped list)
            scoped = dict(env)
            scoped[var] = item
            stack.append((body, 0, scoped))

    return step


def _t_repeat(s: ast.Repeat, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    (body,) = (book.trials[b] for b in bodies)
    times, test = _fn(s.times, book), _fn(s.test, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        if times is None:  # `repeat while`: the first round, when its test holds now
            rounds = 1 if test is not None and test(game, env, me) else 0
        else:
            rounds = max(0, min(times(game, env, me) or 0, MAX_REPEAT))
        stack.extend((body, 0, dict(env)) for _ in range(rounds))

    return step


# -- directions that change the game

def _t_build_units(s: ast.BuildUnits, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    count, prop, player = compile_expr(s.count, book.compiled), compile_expr(s.property, book.compiled), _player(s.player, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        n = min(count(game, env, me) or 0, MAX_REPEAT)
        where, who = prop(game, env, me), player(game, env, me)
        if where is None or who is None or n > game.supply[who]:
            raise _Fail
        if n > 0:
            _place(trial, who, where, n)

    return step


def _t_build_session(s: ast.BuildSession, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        _build_session(game, s, lambda expr: game.interp.evaluate(expr, env, me), me, trial)

    return step


def _t_remove_top(s: ast.RemoveTop, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    prop = compile_expr(s.property, book.compiled)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        where = prop(game, env, me)
        stacks, supply = game.stacks, game.supply
        if where is None or not stacks[where]:
            raise _Fail
        unit = stacks[where][-1]
        trial.touch(stacks[where])
        trial.touch(supply, unit)
        stacks[where].pop()
        supply[unit] += 1

    return step


def _t_remove_all(s: ast.RemoveAll, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    prop, keep_fn = compile_expr(s.property, book.compiled), _fn(s.except_player, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        where = prop(game, env, me)
        keep = None if keep_fn is None else keep_fn(game, env, me)
        stacks, supply = game.stacks, game.supply
        if where is None or all(unit == keep for unit in stacks[where]):
            raise _Fail
        removed = [unit for unit in stacks[where] if unit != keep]
        trial.touch(stacks[where])
        for unit in removed:
            trial.touch(supply, unit)
            supply[unit] += 1
        stacks[where][:] = [unit for unit in stacks[where] if unit == keep]

    return step


def _t_move_top(s: ast.MoveTop, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    source_fn, target_fn = compile_expr(s.source, book.compiled), compile_expr(s.target, book.compiled)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        source, target = source_fn(game, env, me), target_fn(game, env, me)
        stacks = game.stacks
        if source is None or target is None or source == target or not stacks[source]:
            raise _Fail
        trial.touch(stacks[source])
        trial.touch(stacks[target])
        stacks[target].append(stacks[source].pop())

    return step


def _t_draw(s: ast.Draw, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    count, player_fn = compile_expr(s.count, book.compiled), _player(s.player, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        player = player_fn(game, env, me)
        for _ in range(min(count(game, env, me) or 0, MAX_REPEAT)):
            if player is None:
                break
            source = game.pile_of("deck", _own(game, "deck", player))
            if not source:  # which card is hidden: only the count shows
                refill = game.layout.slot_pile[game.layout.base["deck"]].refill_from
                source = game.pile_of(refill, _own(game, refill, player)) if refill is not None else source
            if not source:
                break
            hand = game.hand(player)
            trial.touch(source)
            trial.touch(hand)
            hand.append(source.pop())

    return step


def _t_discard(s: ast.Discard, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    count, player_fn = compile_expr(s.count, book.compiled), _player(s.player, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        player = player_fn(game, env, me)
        for _ in range(min(count(game, env, me) or 0, MAX_REPEAT)):
            if player is None or not game.hand(player):
                break
            hand = game.hand(player)
            discarded = game.piles[game.discard_slot(player, hand[-1])]
            trial.touch(discarded)
            trial.touch(hand)
            discarded.append(hand.pop())  # which card is the player's choice

    return step


def _t_add_to(s: ast.AddTo, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    amount, subject, counter = compile_expr(s.amount, book.compiled), _fn(s.subject, book), s.counter

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        if subject is None:
            trial.touch(game.counters, counter)
            game.counters[counter] += amount(game, env, me) or 0
            return
        whose = subject(game, env, me)
        if whose is not None:
            kept = game.player_counters[counter]
            trial.touch(kept, whose)
            kept[whose] += amount(game, env, me) or 0

    return step


def _t_set_counter(s: ast.SetCounter, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    value, subject, counter = compile_expr(s.value, book.compiled), _fn(s.subject, book), s.counter

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        numbers: Any = game.counters
        key: Any = counter
        if subject is not None:
            numbers, key = game.player_counters[counter], subject(game, env, me)
        if key is not None:
            trial.touch(numbers, key)
            numbers[key] = value(game, env, me) or 0

    return step


def _t_put(s: ast.Put | ast.PlayCard, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    """`put` (onto a pile or space) or `play` (into play, its own effect not looked into)."""
    card = compile_expr(s.card, book.compiled)
    target = _fn(s.target, book) if isinstance(s, ast.Put) else None

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        _move_card(game, card(game, env, me), None if target is None else target(game, env, me), trial)

    return step


def _t_cancel(s: ast.Cancel, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        trial.touch(trial, "cancelled")
        trial.cancelled = True  # the card answered is stopped: that is a change

    return step


def _t_stop(s: ast.Stop, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        stack.clear()  # the effect ends here: what follows is not carried out

    return step


def _t_end_game(s: ast.EndGame, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        _acted(trial)  # the game ends: that is a change
        stack.clear()

    return step


def _t_shuffle(s: ast.Shuffle, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    """A pile of two cards or more shuffled is a change (its order is chance's again); the
    same pile as the machine's (Interpreter._shuffle) is found."""
    subject = _fn(s.subject, book)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        layout = game.layout
        if subject is not None:
            owner = subject(game, env, me)
            if owner is None:
                return
        else:
            owner = me if layout.slot_pile[layout.base[s.pile]].each == "player" else None
        if len(game.pile_of(s.pile, owner)) > 1:
            _acted(trial)

    return step


def _t_start_with(s: ast.StartWith, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    player = compile_expr(s.player, book.compiled)

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        first = player(game, env, me)
        first = me if first is None else first
        order = [(first + i) % game.n for i in range(game.n)]
        if order != game.order or game.turn_pos != 0:
            trial.touch(game, "order")
            trial.touch(game, "turn_pos")
            game.order, game.turn_pos = order, 0

    return step


def _t_roll_faces(s: ast.RollFaces, book: Rulebook, bodies: tuple[int, ...]) -> TrialStep:
    """Each die named branches over the values its variable may take, one die after another
    (the rest of the roll a statement of its own, pushed to run next)."""
    (die_id, var), rest = s.rolls[0], s.rolls[1:]
    die = next(d for d in book.variant.dice if d.id == die_id)
    values = _face_values(die.faces, die.count)
    after = (_t_roll_faces(ast.RollFaces(line=s.line, col=s.col, rolls=rest), book, ()),) if rest else None

    def step(game: Game, env: dict, me: int, stack: list, trial: _Trial) -> Any:
        if after is not None:
            stack.append((after, 0, env))
        return var, values

    return step


def _face_values(faces: tuple, count: int) -> list[Any]:
    """Every value a roll of `count` dice of these faces gives its variable, as the machine
    gives it (interpreter._op_roll_faces): the sum of the numbers, or the word of a die that
    shows only a word."""
    found: dict[Any, None] = {}
    for roll in product(faces, repeat=count):
        words = [v for v in roll if type(v) is not int]
        found[words[0] if words and len(roll) == 1 else sum(v for v in roll if type(v) is int)] = None
    return list(found)


def _acted(trial: _Trial) -> None:
    trial.touch(trial, "acted")
    trial.acted += 1


_TRIAL_MAKERS: dict[type, Callable[[Any, Rulebook, tuple[int, ...]], TrialStep]] = {
    ast.Let: _t_let,
    ast.RollZone: _t_roll_zone,
    ast.Choose: _t_choose,
    ast.ChooseNumber: _t_choose_value,
    ast.ChooseWord: _t_choose_value,
    ast.RollDice: _t_roll_dice,
    ast.RollOff: _t_roll_off,
    ast.If: _t_if,
    ast.ForEach: _t_for_each,
    ast.Repeat: _t_repeat,
    ast.BuildUnits: _t_build_units,
    ast.BuildSession: _t_build_session,
    ast.RemoveTop: _t_remove_top,
    ast.RemoveAll: _t_remove_all,
    ast.MoveTop: _t_move_top,
    ast.Draw: _t_draw,
    ast.Discard: _t_discard,
    ast.AddTo: _t_add_to,
    ast.SetCounter: _t_set_counter,
    ast.Put: _t_put,
    ast.PlayCard: _t_put,
    ast.Cancel: _t_cancel,
    ast.Stop: _t_stop,
    ast.EndGame: _t_end_game,
    ast.Shuffle: _t_shuffle,
    ast.StartWith: _t_start_with,
    ast.RollFaces: _t_roll_faces,
    # changes nothing when looked ahead, said here rather than left to a default:
    ast.Say: lambda s, book, bodies: _nothing,
    ast.OfferReaction: lambda s, book, bodies: _nothing,  # a reaction offered is taken to be declined
    ast.OfferCards: lambda s, book, bodies: _nothing,  # and cards offered, to be passed
    ast.Settle: lambda s, book, bodies: _nothing,  # ownership follows what the other statements changed
}
"""How each statement is looked ahead with: every statement of the language has an entry
(tests/test_rules_followable.py checks it), one that changes nothing says so with `_nothing`.
A card whose effect is `shuffle deck` or `end game ...` was never offered while shuffling
and ending were left to a default of changing nothing."""


def _move_card(game: Game, card: Ref, target: Ref, trial: _Trial) -> None:
    """`put` (onto a pile or space) or `play` (into play, its own effect not looked into)."""
    if card is None:
        raise _Fail
    places = [*game.piles, *(game.stacks if game.book.cards_stacked else ()), game.in_play]
    source = next((held for held in places if card in held), None)
    if source is None:
        raise _Fail
    if target is None:
        destination = game.in_play
    else:
        destination = game.piles[target] if isinstance(target, PileRef) else game.stacks[target]
    trial.touch(source)
    trial.touch(destination)
    del source[len(source) - 1 - source[::-1].index(card)]
    destination.append(int(card))


def _own(game: Game, pile: str, player: int) -> int | None:
    """The owner to look a pile up by: the player for a pile of each player, else none."""
    return player if game.layout.slot_pile[game.layout.base[pile]].each == "player" else None


def _place(trial: _Trial, player: int, prop: int, count: int) -> None:
    game = trial.game
    trial.touch(game.stacks[prop])
    trial.touch(game.supply, player)
    game.stacks[prop].extend([player] * count)
    game.supply[player] -= count


def _build_session(game: Game, s: ast.BuildSession, value, me: int, trial: _Trial) -> None:
    """A build session places the units its player picks; here, the first placement it
    offers (any one shows the session can do something), or _Fail when it must place one and
    cannot."""
    rules = game.variant.rules
    lots = (value(s.new_lots) if s.new_lots is not None else None) if s.new_lots_given else rules.get("new_lots_per_roll")
    per_lot = (
        (value(s.units_per_new_lot) if s.units_per_new_lot is not None else None)
        if s.units_per_new_lot_given
        else rules.get("units_per_new_lot")
    )
    options = game._build_options(BuildFrame(me, value(s.budget) or 0, value(s.zone), lots, per_lot, s.at_least_one))
    if not options:
        if s.at_least_one:
            raise _Fail
        return
    _place(trial, me, options[0].arg, 1)


def _zone_outcomes(game: Game) -> list[str]:
    """Every zone the colour die can give (a wild face: any zone)."""
    die = game.book.dice[game.book.zone_die]  # type: ignore[index]  # the checker asks for one
    if die.any_zone is not None and die.any_zone in die.faces:
        return list(game.book.zone_ids)
    zones = game.book.zone_ids
    return sorted({str(face) for face in die.faces if face in zones}, key=zones.index)


def _dice_sums(game: Game) -> list[int]:
    return sorted({sum(roll) for roll in product(game.book.number_faces, repeat=game.book.number_count)})


_HARMLESS = (
    ast.Let, ast.Say, ast.OfferReaction, ast.Draw, ast.Discard, ast.AddTo, ast.Cancel, ast.Stop, ast.Choose, ast.RollOff,
    ast.RollDice,
)
_ASKS = (ast.Choose, ast.ChooseNumber, ast.ChooseWord, ast.RollZone)


def choices_to_look_at(statements: tuple[ast.Stmt, ...]) -> set[int]:
    """The choices of an effect (by `id`) whose options may not all do something, so each
    must be looked at before it is offered; worked out once per variant.

    An effect with one choice, whose other statements only build a written number of units on
    the chosen property, or remove the top unit (or every unit) of a chosen hotel, does the
    same for every option: building depends on the supply alone, and a hotel always has a top
    unit. Every contract, Hurricane, Trust Bust or Start Construction is such an effect, and
    looking at each of their options would cost most of a game's time. Anything else (two
    choices, loops, a removal and a build on one property, which can cancel out as Switch does
    on your own unit) has its options looked at."""
    found = [node for node in ast.walk(list(statements)) if isinstance(node, ast.STATEMENT_TYPES)]
    asks = [node for node in found if isinstance(node, _ASKS)]
    if not asks:
        return set()
    hotels = {node.var for node in found if isinstance(node, ast.Choose) and node.kind == "hotel"}
    touched: list[str] = []
    for node in found:
        if isinstance(node, _HARMLESS):
            continue
        target = _variable(getattr(node, "property", None))
        builds = isinstance(node, ast.BuildUnits) and node.player is None and isinstance(node.count, ast.Number)
        removes = isinstance(node, (ast.RemoveTop, ast.RemoveAll)) and getattr(node, "except_player", None) is None
        if target is None or not (builds or (removes and target in hotels)):
            return {id(node) for node in asks}
        touched.append(target)
    if len(asks) > 1 or len(touched) != len(set(touched)):
        return {id(node) for node in asks}
    return set()


_SPACES = frozenset({"property", "hotel", "vacant lot"})


def choices_alike(statements: tuple[ast.Stmt, ...]) -> set[int]:
    """The choices of an effect (by `id`) whose options all lead to one answer, so that
    looking at the first option tells the answer for every one; worked out once per variant.

    Transfer ("choose hotel From, choose property To where To is not From, move top of From to
    To") is the shape: whichever hotel and whichever other property, the move can be made and
    changes the game, and a build after it depends on the supply alone. Looking at each of the
    twenty-odd options of such a choice cost most of the time spent looking ahead. A choice is
    alike when it is a choice of spaces at the top of the effect and everything after it is
    one of: a choice of any property (none, or all but one chosen space, to choose from: as
    many for every option); a written number of units built on a chosen space; at most one
    move of the top unit of a hotel chosen earlier and not taken from since, onto a space a
    `where ... is not ...` keeps apart from it; a reaction offered; a message. Anything else
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
    untouched_hotels: set[str] = set()  # chosen as hotels, no unit taken from them since
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
                if moves > 1 or source not in untouched_hotels or target not in chosen:
                    return False
                if not _apart(chosen[source], target) and not _apart(chosen[target], source):
                    return False
                untouched_hotels.discard(source)
            elif not isinstance(s, (ast.Say, ast.OfferReaction)):
                return False
        elif not isinstance(s, (ast.Choose, ast.Say, ast.OfferReaction, ast.BuildUnits)):
            untouched_hotels.clear()  # before the choice: anything else may take units away
        if isinstance(s, ast.Choose):
            chosen[s.var] = s
            if s.kind == "hotel":
                untouched_hotels.add(s.var)
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
    hotel (each of which always changes the game, and never fails on a hotel), with reactions
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
            and choice.kind == "hotel"
            and getattr(s, "except_player", None) is None
        ):
            acts += 1
        else:
            return None
    if acts == 0 or choices_to_look_at(statements):
        return None

    def answer(game: Game, me: int) -> bool:
        if units > game.supply[me]:
            return False
        return next(game.interp.each_of(choice, {}, me), None) is not None

    return answer
