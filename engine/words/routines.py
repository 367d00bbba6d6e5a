"""The word that runs a routine: `do NAME[(ARGUMENTS)] [for PLAYER]`, and what a routine
takes (`takes`, its first line).

A routine is a program the variant names (`routines:` in the variant file): a payment, a
bankruptcy, anything several cards or programs do alike, written once. It runs as a program
of its own on the frame stack, `me` being the player it is run for, and with no variables but
`me` and what it takes (`takes zone C` on its first line, given by `do NAME(Z)`): anything
else it needs it reads from the game (counters, piles). `stop` inside it ends the
routine, and the effect that ran it goes on. The check refuses a routine that runs itself, even
through others, and counts a routine's cost where it is run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.frames import BlockFrame, ProgramFrame, RootFrame
from engine.core.trial import Trial, nothing
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.kinds import KIND_OF_CHOICE, parameters
from engine.words.common import fn, player_or_me
from engine.words.word import MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.rulebook import Rulebook


def _check_do(c: Checker, node: ast.Do, scope: Scope) -> None:
    routines = c.context.routines
    if node.routine not in routines:
        known = ", ".join(sorted(routines)) if routines else "this variant names none (see 'routines' in docs/variants.md)"
        c.report(node, f"there is no routine '{node.routine}'", did_you_mean(node.routine, routines) or f"routines: {known}")
    c.arguments(node, f"the routine '{node.routine}'", node.args, c.context.routine_params.get(node.routine), scope)
    c.expect(node.player, "player", scope, "who it is run for ('for ...')")


def _given(s: ast.Do, book: Rulebook) -> Any:
    """lang47, parameters: the routine's first variables, from the arguments worked out where
    `do` is (each name it takes, in order, the argument at its place)."""
    names = [name for name, _ in parameters(book.variant.routines[s.routine].statements)]
    values = [fn(arg, book) for arg in s.args]

    def given(g: GameState, env: dict, me: int) -> dict:
        return {name: value(g, env, me) for name, value in zip(names, values)}

    return given


def _run_do(s: ast.Do, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    block, name, player_fn = book.program_block[s.routine], s.routine, player_or_me(s.player, book)
    given = _given(s, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        if player is None or not g.room_for_effect():
            return
        env = given(g, f.env, root.me)
        at = len(g.frames)
        g.frames.append(ProgramFrame(name, player))
        g.frames.append(BlockFrame(block, env, at))

    return op


def _look_do(s: ast.Do, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The routine's steps, next, for the player it is run for (found when looked at: the
    routine's block may be numbered before the block that runs it, its steps not made yet)."""
    block, player_fn = book.program_block[s.routine], player_or_me(s.player, book)
    given = _given(s, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        if player is not None:
            stack.append((game.book.trials[block], 0, given(game, env, me), player))

    return step


DO = StatementWord(
    ast.Do, _check_do, _run_do, _look_do, told=0, flow=MAY_ASK,
    example="for each player P:\n  do bonus for P",
)


# ----- lang47, takes (issue 47, item 1) -----------------------------------------------------


def _check_takes(c: Checker, node: ast.Takes, scope: Scope) -> None:
    """The first line of a routine (or a named test): its names are given before it (the
    checker starts the routine with them), so this checks only how they are written."""
    if node is not c.takes:
        c.report(node, "'takes' says what a routine is given, on its first line",
                 "write it as the routine's first line, and run it with 'do NAME(...)'")
    seen = type(scope)()  # the names alone, each once and none of the variant's
    for kind, name in node.params:
        if kind not in KIND_OF_CHOICE and kind not in ("number", "piece"):  # for each piece: a piece too
            hint = (did_you_mean(kind, ["number", "piece", *KIND_OF_CHOICE])
                    or "a routine takes a number, player, property, zone, card or piece")
            c.report(node, f"there is no kind of thing '{kind}'", hint)
        c.bind(node, name, "number", seen)


TAKES = StatementWord(
    ast.Takes, _check_takes, lambda s, book, bodies: _nothing_op, lambda s, book, bodies: nothing, told=0, flow=QUIET,
    example="takes number N, player X\ndraw N for X",
)


def _nothing_op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
    f.pc += 1


WORDS = (DO, TAKES)
