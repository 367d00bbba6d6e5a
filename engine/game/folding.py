"""What a program's tests come to before the game starts.

A game's programs read its rule switches (`if rule turn_order is "roll"`), which never change
during a game. Working such a test out once per variant, and keeping only the side of the `if`
it picks, leaves the turn as short as if it had been written for those rules alone: the
switches cost nothing in play. Only values that are fixed for the whole game fold: numbers,
quoted words, `rule NAME`, and the tests made of nothing else.
"""

from __future__ import annotations

import operator
from typing import Any

from engine.effects import ast

_COMPARE = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt, "=": operator.eq, "!=": operator.ne}


class Fixed:
    """A value known before play."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


def fold(expr: ast.Expr, rules: Any) -> Fixed | ast.Expr:
    """`expr` with everything fixed worked out: a Fixed value, or the expression left to
    evaluate in play (with `and`/`or` operands that are already decided taken out)."""
    if isinstance(expr, ast.Number):
        return Fixed(expr.value)
    if isinstance(expr, ast.Word):
        return Fixed(expr.text)
    if isinstance(expr, ast.Rule):
        return Fixed(rules[expr.name])
    if isinstance(expr, ast.HasWord):
        subject = fold(expr.subject, rules)
        if isinstance(subject, Fixed):
            return Fixed(expr.word in (subject.value or ()))
        return ast.replace(expr, subject=subject)
    if isinstance(expr, ast.IsSame):
        left, right = fold(expr.left, rules), fold(expr.right, rules)
        if isinstance(left, Fixed) and isinstance(right, Fixed):
            return Fixed((left.value == right.value) != expr.negated)
        return expr
    if isinstance(expr, ast.Compare):
        left, right = fold(expr.left, rules), fold(expr.right, rules)
        if isinstance(left, Fixed) and isinstance(right, Fixed):
            return Fixed(_COMPARE[expr.op](left.value or 0, right.value or 0))
        return expr
    if isinstance(expr, ast.Not):
        operand = fold(expr.operand, rules)
        if isinstance(operand, Fixed):
            return Fixed(not operand.value)
        return ast.replace(expr, operand=operand)
    if isinstance(expr, ast.Logic):
        return _fold_logic(expr, rules)
    return expr


def _fold_logic(expr: ast.Logic, rules: Any) -> Fixed | ast.Expr:
    deciding = expr.op == "or"  # the operand value that decides the whole: true for or, false for and
    left: list[ast.Expr] = []
    for operand in expr.operands:
        folded = fold(operand, rules)
        if isinstance(folded, Fixed):
            if bool(folded.value) == deciding:
                return Fixed(deciding)
            continue  # neutral: true in an and, false in an or
        left.append(folded)
    if not left:
        return Fixed(not deciding)
    if len(left) == 1:
        return left[0]
    return ast.replace(expr, operands=tuple(left))


def fold_program(statements: tuple[ast.Stmt, ...], rules: Any) -> tuple[ast.Stmt, ...]:
    """The statements with every `if` whose test is fixed replaced by the side it picks, and
    the other tests shortened; bodies of loops are folded too."""
    out: list[ast.Stmt] = []
    for statement in statements:
        if isinstance(statement, ast.If):
            condition = fold(statement.condition, rules)
            if isinstance(condition, Fixed):
                out.extend(fold_program(statement.then if condition.value else statement.otherwise, rules))
                continue
            statement = ast.replace(
                statement,
                condition=condition,
                then=fold_program(statement.then, rules),
                otherwise=fold_program(statement.otherwise, rules),
            )
        elif isinstance(statement, (ast.ForEach, ast.Repeat, ast.TakeTurns)):
            statement = ast.replace(statement, body=fold_program(statement.body, rules))
        elif isinstance(statement, ast.ChooseNumber) and statement.on_pass:  # pilewords: what a pass runs
            statement = ast.replace(statement, on_pass=fold_program(statement.on_pass, rules))
        out.append(statement)
    return tuple(out)
