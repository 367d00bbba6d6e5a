"""The words that name values and steer an effect: let, if, for each, repeat, take turns and
pass, stop, say."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.core.expressions import Fn
from engine.core.frames import BlockFrame, Frame, LoopFrame, RepeatFrame, RootFrame, Seen, plain_env, register, stripped_env
from engine.core.question import Window
from engine.core.shown import shown_text
from engine.core.trial import LOOP_END, Trial, nothing
from engine.effects import ast
from engine.effects.kinds import given_on_both_sides
from engine.effects.limits import MAX_REPEAT, MAX_WINDOW_TURNS
from engine.words.common import fn, maybe
from engine.words.word import INLINE, MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker


# ----- let NAME = VALUE ---------------------------------------------------------------------


def _check_let(c: Checker, node: ast.Let, scope: Scope) -> None:
    kind = c.expr(node.value, scope)
    if kind == "bool":
        c.report(node.value, "'let' names a value, not a condition")
    elif kind == "pile":
        c.report(node.value, "'let' names a value, not a pile", "name the pile where it is used")
    c.bind(node, node.var, kind or "number", scope)
    if id(node.value) in c.known:
        scope.constants[node.var] = c.known[id(node.value)]


def _run_let(s: ast.Let, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    value, var = fn(s.value, book), s.var

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.env[var] = value(g, f.env, root.me)
        f.pc += 1

    return op


def _look_let(s: ast.Let, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    value, var = fn(s.value, book), s.var

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        env[var] = value(game, env, me)

    return step


LET = StatementWord(
    ast.Let, _check_let, _run_let, _look_let, told=0, flow=QUIET, example="let N = 2 * 3\ndraw N",
    binds=lambda node, kind_of, context: [(node.var, kind_of(node.value) or "number")],
)


# ----- if CONDITION: ... else: ... ----------------------------------------------------------


def _check_if(c: Checker, node: ast.If, scope: Scope) -> None:
    c.expect(node.condition, "bool", scope, "what follows 'if'")
    then, otherwise = scope.child(), scope.child()
    c.block(node.then, then)
    c.block(node.otherwise, otherwise)
    for name, kind in given_on_both_sides(scope.variables, then.variables, otherwise.variables).items():
        scope.variables[name] = kind


def _run_if(s: ast.If, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    test = fn(s.condition, book)
    then_block, else_block = bodies
    then_inline, else_inline = then_block in book.inline, else_block in book.inline
    then_empty, else_empty = not book.blocks[then_block], not book.blocks[else_block]
    then_let, else_let = _lone_let(book.blocks[then_block], book), _lone_let(book.blocks[else_block], book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        if test(g, f.env, root.me):
            chosen, inline, empty, let = then_block, then_inline, then_empty, then_let
        else:
            chosen, inline, empty, let = else_block, else_inline, else_empty, else_let
        if empty:
            return
        if let is not None:  # as GameState.run_inline would run it, without a frame for one `let`
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
    return let.var, fn(let.value, book)


def _look_if(s: ast.If, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    test = fn(s.condition, book)
    then_block, else_block = (book.trials[b] for b in bodies)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        # the side runs with its block's variables, so the names both sides give a value to
        # are known after it, as the machine hands them back (GameState._hand_back); a name is made
        # once per effect, so nothing else a side names can be read after it
        holds = test(game, env, me)
        if game.peeked:  # the path has read hidden cards: the player offered it can't tell
            return _EITHER_SIDE, _both_sides(stack, env, me, then_block, else_block)
        stack.append((then_block if holds else else_block, 0, env, me))
        return None

    return step


_EITHER_SIDE = "\x00side"
"""The name a look-ahead branches on where an `if` may go either way: no effect can name it."""


def _both_sides(stack: list, env: dict, me: int, then_block: tuple, else_block: tuple) -> Iterator[bool]:
    """Each side of an `if` in turn on the path's stack, for the explorer to follow (it copies
    the stack when a value is given, and undoes the branch before asking for the next)."""
    for side in (then_block, else_block):
        stack.append((side, 0, env, me))
        yield True
        stack.pop()


IF = StatementWord(
    ast.If, _check_if, _run_if, _look_if, told=0, flow=MAY_ASK,
    example="if me is leader:\n  draw 1\nelse:\n  draw 2",
)


# ----- for each KIND NAME [in ZONE] [where CONDITION]: ... ----------------------------------


def _check_for_each(c: Checker, node: ast.ForEach, scope: Scope) -> None:
    inner = scope.child()
    c.collection(node, node.kind, node.var, node.zone, node.where, inner)
    inner.loop = True  # lang47, stop loop
    c.block(node.body, inner)


def _run_for_each(s: ast.ForEach, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    (body,) = bodies
    kind, var, zone, where = s.kind, s.var, s.zone, s.where

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        items = g.interp.collection(kind, var, zone, where, f.env, root.me)
        g.frames.append(LoopFrame(body, var, items, dict(f.env), f.root))

    return op


def _look_for_each(s: ast.ForEach, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    (body,) = (book.trials[b] for b in bodies)
    var = s.var

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        items = game.interp.collection(s.kind, var, s.zone, s.where, env, me)
        stack.append((LOOP_END, 0, {}, me))  # lang47, stop loop: where the rounds end
        for item in items[::-1]:  # (not reversed(): mypyc cannot compile it over an untyped list)
            scoped = dict(env)
            scoped[var] = item
            stack.append((body, 0, scoped, me))

    return step


FOR_EACH = StatementWord(
    ast.ForEach, _check_for_each, _run_for_each, _look_for_each, told=0, flow=MAY_ASK,
    example="for each player P:\n  draw 1 for P",
)


# ----- repeat N times: ... / repeat while CONDITION: ... ------------------------------------


def _check_repeat(c: Checker, node: ast.Repeat, scope: Scope) -> None:
    c.expect(node.times, "number", scope, "the number of times")
    c.expect(node.test, "bool", scope, "what 'repeat while' tests")
    if node.most is not None and node.most > MAX_REPEAT:
        c.report(node, f"'at most {node.most}' is more than the {MAX_REPEAT} rounds a repeat may run",
                 f"write at most {MAX_REPEAT}")
    inner = scope.child()
    inner.loop = True  # lang47, stop loop
    c.block(node.body, inner)


def _run_repeat(s: ast.Repeat, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """`repeat N times` counts its rounds down; `repeat while` has MAX_REPEAT rounds at most
    and tests before each (RepeatFrame, with the test found by its body's block); `at most K`
    caps either at K."""
    (body,) = bodies
    times, most = maybe(s.times, book), MAX_REPEAT if s.most is None else min(s.most, MAX_REPEAT)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        rounds = most if times is None else max(0, min(times(g, f.env, root.me) or 0, most))
        g.frames.append(RepeatFrame(body, rounds, dict(f.env), f.root))

    return op


def _look_repeat(s: ast.Repeat, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    (body,) = (book.trials[b] for b in bodies)
    times, test = maybe(s.times, book), maybe(s.test, book)
    most = MAX_REPEAT if s.most is None else min(s.most, MAX_REPEAT)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        if times is None:  # `repeat while`: the first round, when its test holds now
            rounds = 1 if test is not None and test(game, env, me) and most > 0 else 0
        else:
            rounds = max(0, min(times(game, env, me) or 0, most))
        stack.append((LOOP_END, 0, {}, me))  # lang47, stop loop: where the rounds end
        stack.extend((body, 0, dict(env), me) for _ in range(rounds))

    return step


REPEAT = StatementWord(
    ast.Repeat, _check_repeat, _run_repeat, _look_repeat, told=0, flow=MAY_ASK,
    example="repeat 2 times:\n  draw 1\nchoose number N from 1 to 3\nrepeat N times, at most 3:\n  draw 1",
)


# ----- take turns P among GROUP [from X] until all pass [, at most K]: ... / pass ------------


class WindowFrame(Frame):
    """An open window, `take turns P among GROUP until all pass`: the players in the order
    they take their turns (`players`), how many turns have been taken (`i`; the next is
    players[i % n]), how many of the last turns in a row were passes, whether the turn under
    way has passed, and the turns left before the window closes anyway."""

    fields = ("b", "var", "players", "i", "passes", "passed", "left", "env", "root")
    __slots__ = fields
    kind = "win"

    def __init__(
        self, b: int, var: str, players: list[int], left: int, env: dict, root: int,
        i: int = 0, passes: int = 0, passed: bool = False,
    ):
        self.b = b
        self.var = var
        self.players = players
        self.left = left
        self.env = env
        self.root = root
        self.i = i
        self.passes = passes
        self.passed = passed

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "win", "b": self.b, "var": self.var, "players": list(self.players), "i": self.i,
            "passes": self.passes, "passed": self.passed, "left": self.left, "env": plain_env(self.env),
            "root": self.root,
        }

    def copy(self) -> WindowFrame:
        return WindowFrame(
            self.b, self.var, list(self.players), self.left, dict(self.env), self.root, self.i, self.passes, self.passed
        )

    def step(self, g: GameState) -> None:
        """After each turn at the body, count the passes in a row (a turn that did not pass
        starts the count again); once every player's last turn was a pass, or the turns run
        out, the window closes; else the next player in rotation goes."""
        if self.i > 0:
            self.passes = self.passes + 1 if self.passed else 0
            self.passed = False
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)
        self._pass_those_out(g)
        if root.halt or self.left <= 0 or self.passes >= len(self.players):
            g.frames.pop()
            return
        env = dict(self.env)
        env[self.var] = self.players[self.i % len(self.players)]
        self.i += 1
        self.left -= 1
        g.frames.append(BlockFrame(self.b, env, self.root))

    def _pass_those_out(self, g: GameState) -> None:
        """pilewords (issue 47): a player out of the round (`drop`) takes no turn in a window:
        each of their turns is a pass, taken at once and not told, so the window goes on to
        the next player still in, and closes once those still in have passed. With every
        player out, nobody is passed by, as turns are not (rulings.md, 83 and 85)."""
        dropped, players = g.dropped, self.players
        if not dropped or len(dropped) >= g.n:
            return
        n = len(players)
        while self.left > 0 and self.passes < n and players[self.i % n] in dropped:
            self.i += 1
            self.left -= 1
            self.passes += 1

    def finished(self, g: GameState) -> bool:
        return self.left <= 0 or self.passes >= len(self.players)

    def remaining(self, g: GameState) -> list[tuple]:
        """The next player's turn only: whether more come depends on play (a player out of
        the round is passed by, as `step` does)."""
        if self.finished(g) or not self.players:
            return []
        root = g.frames[self.root]
        assert isinstance(root, RootFrame)
        n, skipped, dropped = len(self.players), 0, g.dropped
        if dropped and len(dropped) < g.n:
            while skipped < n and self.players[(self.i + skipped) % n] in dropped:
                skipped += 1
            if skipped >= self.left or self.passes + skipped >= n:
                return []
        player = self.players[(self.i + skipped) % n]
        return [(g.book.trials[self.b], 0, {**self.env, self.var: player}, root.me)]

    def seen_window(self, at: int) -> Window:
        return Window(at, self.b, self.root, tuple(self.players), self.i, self.passes, self.left)

    def strip(self, card_names: list[frozenset[str]], seen: Seen) -> None:
        self.env = stripped_env(self.env, card_names[self.b], seen)

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        statement = c.pushed_by(field, index, frames, ast.TakeTurns)
        (body,) = c.bodies(frames[index - 1])
        if data["b"] != body or data["var"] != statement.var:
            c.fail(field, "is not the window of the statement below it")
        players = c.listing(f"{field}.players", data["players"], c.players)
        for i, player in enumerate(players):
            c.player(f"{field}.players[{i}]", player)
        if len(set(players)) != len(players) or not players:
            c.fail(f"{field}.players", "must name each player taking turns once")
        most = MAX_WINDOW_TURNS if statement.most is None else min(statement.most, MAX_WINDOW_TURNS)
        taken = c.whole(f"{field}.i", data["i"], 0, most)
        c.whole(f"{field}.left", data["left"], 0, most - taken)
        c.whole(f"{field}.passes", data["passes"], 0, len(players))
        c.flag(f"{field}.passed", data["passed"])
        c.root(field, data, index, frames)
        c.env(f"{field}.env", data["env"], c.parent_scope(frames[index - 1]))


register(WindowFrame)


def _check_take_turns(c: Checker, node: ast.TakeTurns, scope: Scope) -> None:
    c.expect(node.start, "player", scope, "who takes the first turn ('from ...')")
    if node.most is not None and node.most > MAX_WINDOW_TURNS:
        c.report(node, f"'at most {node.most}' is more than the {MAX_WINDOW_TURNS:,} turns a window may last",
                 f"write at most {MAX_WINDOW_TURNS}")
    inner = scope.child()
    c.bind(node, node.var, "player", inner)
    inner.window = True
    inner.loop = False  # lang47, stop loop: a window closes when all pass, not by leaving it
    c.block(node.body, inner)


def _run_take_turns(s: ast.TakeTurns, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The window's players in turn order from the first (WindowFrame, whose step gives each
    their turn at the body in rotation until all pass). That it opens is told ("window"), so
    that a log, or a screen following the window, knows where its story begins."""
    (body,) = bodies
    start_fn, var = maybe(s.start, book), s.var
    opponents, most = s.group == "opponents", MAX_WINDOW_TURNS if s.most is None else min(s.most, MAX_WINDOW_TURNS)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        players = window_players(g, root.me, start_fn, f.env, opponents)
        if players:  # (none: it closes at once, having been nothing)
            g.emit("window", {"players": list(players), "at": len(g.frames)})
        g.frames.append(WindowFrame(body, var, players, most, dict(f.env), f.root))

    return op


def window_players(g: GameState, me: int, start_fn: Fn | None, env: dict, opponents: bool) -> list[int]:
    """Who takes turns in a window, in the order they do: every player (or every player but
    `me`) in turn order from the one named (from `me`; for opponents, from the first after)."""
    start = None if start_fn is None else start_fn(g, env, me)
    if start is None:
        start = me
    return [p for p in g.players_from(start) if not (opponents and p == me)]


def _look_take_turns(s: ast.TakeTurns, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The first turn only, as for a `repeat while` (whether the others come depends on play)."""
    (body,) = (book.trials[b] for b in bodies)
    start_fn, var, opponents = maybe(s.start, book), s.var, s.group == "opponents"

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        players = window_players(game, me, start_fn, env, opponents)
        dropped = game.dropped  # pilewords: the first still in the round (WindowFrame._pass_those_out)
        if dropped and len(dropped) < game.n:
            players = [p for p in players if p not in dropped]
        if players and s.most != 0:
            scoped = dict(env)
            scoped[var] = players[0]
            stack.append((body, 0, scoped, me))

    return step


TAKE_TURNS = StatementWord(
    ast.TakeTurns, _check_take_turns, _run_take_turns, _look_take_turns, told=1, flow=MAY_ASK,
    example='take turns P among players until all pass:\n  choose word W from "raise", "pass" by P, every answer\n'
            '  if W is "pass":\n    pass',
    events=("window",), binds=None,
)


def check_said_in_window(c: Checker, node: ast.Pass | ast.ChooseNumber, scope: Scope) -> None:
    if not scope.window:
        c.report(node, "'pass' is said inside 'take turns ... until all pass', by the player whose turn it is",
                 "put it in the body of a 'take turns'")


def _run_pass(s: ast.Pass, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        pass_in_window(g, f.root)

    return op


def pass_in_window(g: GameState, root: int) -> int:
    """The player whose turn it is in the nearest open window of the effect whose frame is at
    `root` passes (`pass`, or the pass of `choose number ..., or pass`): the index of that
    window's frame, -1 when there is none."""
    frames = g.frames
    for at in range(len(frames) - 1, -1, -1):
        window = frames[at]
        if type(window) is WindowFrame and window.root == root:
            window.passed = True
            g.emit("pass", {"player": window.players[(window.i - 1) % len(window.players)]})
            return at
    return -1


PASS = StatementWord(
    ast.Pass, check_said_in_window, _run_pass, lambda s, book, bodies: nothing, told=1, flow=QUIET,
    example="take turns P among opponents until all pass:\n  pass", events=("pass",),
)


# ----- stop ---------------------------------------------------------------------------------


def _check_nothing(c: Checker, node: ast.Stmt, scope: Scope) -> None:
    """A word that names nothing and may stand anywhere: nothing to check."""


def _run_stop(s: ast.Stop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        root.halt = True

    return op


def _look_stop(s: ast.Stop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        stack.clear()  # the effect ends here: what follows is not carried out

    return step


STOP = StatementWord(
    ast.Stop, _check_nothing, _run_stop, _look_stop, told=0, flow=INLINE,
    example="if (count property L where L is vacant) = 0:\n  stop\ndraw 1",
)


# ----- lang47, stop loop (issue 47, item 1) --------------------------------------------------


def _check_stop_loop(c: Checker, node: ast.StopLoop, scope: Scope) -> None:
    if not scope.loop:
        c.report(node, "'stop loop' leaves a 'for each' or a 'repeat', and this line is in neither",
                 "write it inside the loop it leaves; 'stop' ends the whole effect")


def _run_stop_loop(s: ast.StopLoop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The innermost `for each` or `repeat` of this effect has no rounds left, and the blocks
    standing on it (its round under way, an `if` in it) are left: the statement after the
    loop is next."""

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        frames = g.frames
        at = len(frames) - 1
        while at > f.root and not isinstance(frames[at], (LoopFrame, RepeatFrame)):
            at -= 1
        loop = frames[at]
        if isinstance(loop, LoopFrame):
            loop.i = len(loop.items)
        elif isinstance(loop, RepeatFrame):
            loop.left = 0
        else:  # (the check refuses it outside a loop)
            return
        del frames[at + 1:]

    return op


def _look_stop_loop(s: ast.StopLoop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        while stack:  # down to where the loop's rounds end (LOOP_END), that too
            if stack.pop()[0] is LOOP_END:
                return

    return step


STOP_LOOP = StatementWord(
    ast.StopLoop, _check_stop_loop, _run_stop_loop, _look_stop_loop, told=0, flow=MAY_ASK,
    example="for each card K in hand of me:\n  if value of K > 3:\n    stop loop\n  draw 1",
)


# ----- say "TEXT" ---------------------------------------------------------------------------


def _check_say(c: Checker, node: ast.Say, scope: Scope) -> None:
    c.text(node.shown, scope)


def _run_say(s: ast.Say, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    text, shown = s.text, s.shown

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        if shown is None:
            g.emit("say", {"text": text})
        else:  # its values shown for every seat: the log tells everyone the same words
            g.emit("say", {"text": shown_text(g, shown, f.env, root.me, range(g.n))})

    return op


SAY = StatementWord(
    ast.Say, _check_say, _run_say, lambda s, book, bodies: nothing, told=1, flow=QUIET,
    example='say "The storm passes."', events=("say",),
)

WORDS = (LET, IF, FOR_EACH, REPEAT, TAKE_TURNS, PASS, STOP, SAY, STOP_LOOP)
