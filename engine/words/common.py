"""What the words' modules share: expressions compiled into closures once per variant."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.expressions import Fn, compile_expr
from engine.effects import ast

if TYPE_CHECKING:
    from engine.game.rulebook import Rulebook


def fn(expr: ast.Expr, book: Rulebook) -> Fn:
    """The expression's closure: `fn(game, env, me)`."""
    return compile_expr(expr, book.compiled)


def maybe(expr: ast.Expr | None, book: Rulebook) -> Fn | None:
    """The closure of an expression a statement may leave out, or None."""
    return None if expr is None else compile_expr(expr, book.compiled)


def player_or_me(expr: ast.Expr | None, book: Rulebook) -> Fn:
    """The player a statement names, or `me` where it names none."""
    if expr is None:
        return lambda g, env, me: me
    return compile_expr(expr, book.compiled)
