"""Warnings: statements that change an amount the variant declares conserved (`conserved:`).

An amount declared conserved is a sum of counters that is the same number at every decision;
the tests check it and `restore` refuses a position that breaks it. Only `transfer`, which
takes from one counter what it gives to another, keeps such a sum, and only between counters
of the same amounts. So each of these breaks the declaration wherever it runs, and is warned
about at its line:

- `add N to C` and `set C to N`, C a counter of a conserved amount;
- `transfer N from A to B`, where A and B are not counters of the same amounts;
- `reset: turn` on a counter of a conserved amount (back to 0 at each turn, whatever it held).

Not warned about: whatever the setup does, since it is what makes the sum to begin with (a
Bank given its money with `set bank to 13700`), and the routines only the setup runs; and a
change whose net effect is nothing: `add 0 to C`, `set C to C`, and two statements next to
one another that are one move between counters of the same amounts, `add -N to A` beside
`add N to B` (N reading neither), or `add C to B` followed by `set C to 0`.

A warning, not an error: the game plays as its statements say. Which of the two the author
meant, the statement or the declaration, the check cannot tell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.diagnostics import Diagnostic, Loc, clash
from engine.effects import ast
from engine.variant.yamlsource import LocDict, ValueLoc, text_position

SETUP = "setup"


@dataclass(frozen=True)
class Written:
    """One effect of the variant, as the check names and places it."""

    whose: str
    """How a message names it: 'the turn program', 'effect of card 'flood''."""
    text: ValueLoc
    """Where its text is written in the file."""
    program: ast.Program
    name: str | None = None
    """The program's or routine's name; None for a card's effect."""


def warnings(document: LocDict, effects: Sequence[Written], routines: frozenset[str], root_file: str) -> list[Diagnostic]:
    """Every statement (and `reset: turn`) that changes an amount declared conserved."""
    amounts = _amounts(document)
    if not amounts:
        return []
    declared = document["conserved"]
    setup_only = _setup_only(effects, routines)
    found = _reset_each_turn(document, amounts, root_file)
    for effect in effects:
        if effect.name == SETUP or effect.name in setup_only:
            continue
        for node, names in _changes(effect.program.statements, amounts):
            places = [(text_position(effect.text, node.line, node.col), "the statement is here")]
            places += [(declared.key_locs[name], f"'conserved: {name}' is declared here") for name in names]
            kept = " and ".join(_called(declared, name) for name in names)
            found.append(clash(
                root_file,
                f"{effect.whose}: '{_word(node)}' changes the {kept} the game is declared to keep "
                f"({_declarations(names)}), which only a 'transfer' between the counters of one amount keeps",
                places,
                "move it with 'transfer N from A to B', A and B counters of the amount, or leave the counter out of it",
                severity="warning",
            ))
    return found


def _amounts(document: LocDict) -> dict[str, frozenset[str]]:
    """The amounts declared conserved, each with its counters."""
    declared = document.get("conserved")
    return {name: frozenset(spec["counters"]) for name, spec in declared.items()} if isinstance(declared, LocDict) else {}


def _called(declared: LocDict, name: str) -> str:
    return str(declared[name].get("name", name.replace("_", " ")))


def _declarations(names: list[str]) -> str:
    return ", ".join(f"'conserved: {name}'" for name in names)


def _word(node: ast.Stmt) -> str:
    if isinstance(node, ast.AddTo):
        return f"add ... to {node.counter}"
    if isinstance(node, ast.SetCounter):
        return f"set {node.counter} to ..."
    assert isinstance(node, ast.Transfer)
    return f"transfer ... from {node.source} to {node.target}"


def _setup_only(effects: Sequence[Written], routines: frozenset[str]) -> frozenset[str]:
    """The routines the setup runs (itself or through others) and nothing else does."""
    runs = {effect.name: _runs(effect) for effect in effects if effect.name in routines}
    from_setup = _reached([routine for effect in effects if effect.name == SETUP for routine in _runs(effect)], runs)
    others = [routine for effect in effects if effect.name != SETUP and effect.name not in routines for routine in _runs(effect)]
    return from_setup - _reached(others, runs)


def _runs(effect: Written) -> set[str]:
    return {node.routine for node in ast.walk(list(effect.program.statements)) if isinstance(node, ast.Do)}


def _reached(todo: list[str], runs: dict[str, set[str]]) -> frozenset[str]:
    """The routines those named run, with those they run in turn."""
    reached: set[str] = set()
    while todo:
        routine = todo.pop()
        if routine not in reached:
            reached.add(routine)
            todo.extend(runs.get(routine, ()))
    return frozenset(reached)


def _reset_each_turn(document: LocDict, amounts: dict[str, frozenset[str]], root_file: str) -> list[Diagnostic]:
    counters, declared = document.get("counters") or {}, document["conserved"]
    found = []
    for name, members in amounts.items():
        for counter in sorted(members):
            spec = counters.get(counter)
            if isinstance(spec, LocDict) and spec.get("reset") == "turn":
                places: list[tuple[Loc, str]] = [
                    (spec.value_locs["reset"].loc, f"'{counter}' is reset here"),
                    (declared.key_locs[name], f"'conserved: {name}' is declared here"),
                ]
                found.append(clash(
                    root_file,
                    f"'{counter}' goes back to 0 at each turn ('reset: turn'), which changes the "
                    f"{_called(declared, name)} the game is declared to keep ({_declarations([name])})",
                    places, "give it 'reset: never'", severity="warning",
                ))
    return found


def _changes(statements: tuple[ast.Stmt, ...], amounts: dict[str, frozenset[str]]) -> Iterator[tuple[ast.Stmt, list[str]]]:
    """Each statement of the effect that changes conserved amounts, with their names."""
    for block in _blocks(statements):
        for i, node in enumerate(block):
            names = _changed(node, amounts)
            if names and not _net_nothing(block, i, amounts):
                yield node, names


def _blocks(statements: tuple[ast.Stmt, ...]) -> Iterator[tuple[ast.Stmt, ...]]:
    """The statements and every body inside them, each a run of statements of its own."""
    yield statements
    for node in statements:
        bodies = (node.then, node.otherwise) if isinstance(node, ast.If) else (
            (node.body,) if isinstance(node, (ast.ForEach, ast.Repeat, ast.TakeTurns)) else
            (node.on_pass,) if isinstance(node, ast.ChooseNumber) else ())  # pilewords: what a pass runs
        for body in bodies:
            yield from _blocks(body)


def _of(counter: str, amounts: dict[str, frozenset[str]]) -> frozenset[str]:
    """The conserved amounts a counter is part of."""
    return frozenset(name for name, members in amounts.items() if counter in members)


def _changed(node: ast.Stmt, amounts: dict[str, frozenset[str]]) -> list[str]:
    if isinstance(node, (ast.AddTo, ast.SetCounter)):
        return sorted(_of(node.counter, amounts))
    if isinstance(node, ast.Transfer):
        return sorted(_of(node.source, amounts) ^ _of(node.target, amounts))
    return []


def _net_nothing(block: tuple[ast.Stmt, ...], i: int, amounts: dict[str, frozenset[str]]) -> bool:
    """Whether statement i of the block, with the one beside it, changes no amount."""
    node = block[i]
    if isinstance(node, ast.AddTo) and isinstance(node.amount, ast.Number) and node.amount.value == 0:
        return True
    if isinstance(node, ast.SetCounter) and ast.shape(node.value) == ast.shape(_counter(node.counter, node.subject)):
        return True
    before, after = block[i - 1] if i else None, block[i + 1] if i + 1 < len(block) else None
    return any(
        _one_move(first, second, amounts)
        for first, second in ((before, node), (node, after))
        if first is not None and second is not None
    )


def _one_move(first: ast.Stmt, second: ast.Stmt, amounts: dict[str, frozenset[str]]) -> bool:
    """`add -N to A` and `add N to B` (either first), or `add C to B` then `set C to 0`: one
    move between counters of the same amounts, which adds nothing to any."""
    if not isinstance(first, ast.AddTo) or _of(first.counter, amounts) != _of(_target(second), amounts):
        return False
    if isinstance(second, ast.AddTo):
        touched = {first.counter, second.counter}
        if _reads(first.amount, touched) or _reads(second.amount, touched):
            return False
        return ast.shape(first.amount) == ast.shape(_negated(second.amount)) or ast.shape(second.amount) == ast.shape(
            _negated(first.amount))
    return (
        isinstance(second, ast.SetCounter) and second.counter != first.counter
        and isinstance(second.value, ast.Number) and second.value.value == 0
        and ast.shape(first.amount) == ast.shape(_counter(second.counter, second.subject))
    )


def _target(node: ast.Stmt) -> str:
    return node.counter if isinstance(node, (ast.AddTo, ast.SetCounter)) else ""


def _counter(counter: str, subject: ast.Expr | None) -> ast.Expr:
    """A counter read as a statement names it: `C`, or `C of X`."""
    return ast.Name(0, 0, counter) if subject is None else ast.OfPlayer(0, 0, counter, subject)


def _negated(expr: ast.Expr) -> ast.Expr:
    """`-expr`, as the parser writes it."""
    return ast.Arith(0, 0, "-", ast.Number(0, 0, 0), expr)


def _reads(expr: ast.Expr, counters: set[str]) -> bool:
    return any(
        (isinstance(node, ast.Name) and node.name in counters) or (isinstance(node, ast.OfPlayer) and node.counter in counters)
        for node in ast.walk([expr])
    )
