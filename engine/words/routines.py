"""The word that runs a routine: `do NAME [for PLAYER]`.

A routine is a program the variant names (`routines:` in the variant file): a payment, a
bankruptcy, anything several cards or programs do alike, written once. It runs as a program
of its own on the frame stack, `me` being the player it is run for, and with no variables but
`me`: what it needs it reads from the game (counters, piles). `stop` inside it ends the
routine, and the effect that ran it goes on. The check refuses a routine that runs itself, even
through others, and counts a routine's cost where it is run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.frames import BlockFrame, ProgramFrame, RootFrame
from engine.core.trial import Trial
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.words.common import player_or_me
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.rulebook import Rulebook


def _check_do(c: Checker, node: ast.Do, scope: Scope) -> None:
    routines = c.context.routines
    if node.routine not in routines:
        known = ", ".join(sorted(routines)) if routines else "this variant names none (see 'routines' in docs/variants.md)"
        c.report(node, f"there is no routine '{node.routine}'", did_you_mean(node.routine, routines) or f"routines: {known}")
    c.expect(node.player, "player", scope, "who it is run for ('for ...')")


def _run_do(s: ast.Do, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    block, name, player_fn = book.program_block[s.routine], s.routine, player_or_me(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        if player is None or not g.room_for_effect():
            return
        at = len(g.frames)
        g.frames.append(ProgramFrame(name, player))
        g.frames.append(BlockFrame(block, {}, at))

    return op


def _look_do(s: ast.Do, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The routine's steps, next, for the player it is run for (found when looked at: the
    routine's block may be numbered before the block that runs it, its steps not made yet)."""
    block, player_fn = book.program_block[s.routine], player_or_me(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        if player is not None:
            stack.append((game.book.trials[block], 0, {}, player))

    return step


DO = StatementWord(
    ast.Do, _check_do, _run_do, _look_do, told=0, flow=MAY_ASK,
    example="for each player P:\n  do bonus for P",
)

WORDS = (DO,)
