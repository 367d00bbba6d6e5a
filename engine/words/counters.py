"""The words that change counters: add to a counter, transfer between counters, set a
counter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText, counter_words
from engine.core.frames import BlockFrame, RootFrame
from engine.core.trial import Trial
from engine.effects import ast
from engine.effects.kinds import either_of
from engine.effects.limits import MAX_NUMBER, clamp
from engine.words.common import fn, maybe
from engine.words.word import QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook


# ----- add AMOUNT to COUNTER [of X] ---------------------------------------------------------


def _check_add_to(c: Checker, node: ast.AddTo, scope: Scope) -> None:
    counter, context = node.counter, c.context
    c.counter_of(node, counter, node.subject, scope)
    if counter in context.counters:
        timings = context.counters[counter]
        if timings is not None and context.timing not in timings and not context.in_program:
            c.report(node, f"'add ... to {counter}' only works for cards with timing {either_of(timings)}")
    c.expect(node.amount, "number", scope, "the amount")


def _run_add_to(s: ast.AddTo, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The budget, like any number, stays within ±MAX_NUMBER: `add budget to budget`
    doubles it with no arithmetic to hold it back."""
    subject, amount_fn, counter = maybe(s.subject, book), fn(s.amount, book), s.counter

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        whose = me if subject is None else subject(g, f.env, me)
        if whose is None:
            return
        current = g.counters[counter] if subject is None else g.player_counters[counter][whose]
        amount = amount_fn(g, f.env, me) or 0
        g.add_to(counter, whose, clamp(current + amount) - current)

    return op


def _look_add_to(s: ast.AddTo, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    amount, subject, counter = fn(s.amount, book), maybe(s.subject, book), s.counter

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
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


ADD_TO = StatementWord(
    ast.AddTo, _check_add_to, _run_add_to, _look_add_to, told=1, flow=QUIET,
    example="add 5 to budget", events=("counter",),
)


# ----- transfer AMOUNT from COUNTER [of X] to COUNTER [of Y] --------------------------------


def _check_transfer(c: Checker, node: ast.Transfer, scope: Scope) -> None:
    c.counter_of(node, node.source, node.source_subject, scope)
    c.counter_of(node, node.target, node.target_subject, scope)
    c.expect(node.amount, "number", scope, "the amount")
    context = c.context
    for counter in (node.source, node.target):
        timings = context.counters.get(counter)
        if timings is not None and context.timing not in timings and not context.in_program:
            c.report(node, f"'transfer' changes '{counter}', which only cards with timing {either_of(timings)} may change")


def _moved(current: int, amount: int) -> int:
    """How much of `amount` a counter holding `current` can give: none of a negative amount,
    and no more than it holds."""
    return max(0, min(amount, current))


def _run_transfer(s: ast.Transfer, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    amount_fn = fn(s.amount, book)
    source, target = s.source, s.target
    source_of, target_of = maybe(s.source_subject, book), maybe(s.target_subject, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        giver = me if source_of is None else source_of(g, f.env, me)
        taker = me if target_of is None else target_of(g, f.env, me)
        if giver is None or taker is None:
            return
        held = g.counters[source] if source_of is None else g.player_counters[source][giver]
        moved = _moved(held, amount_fn(g, f.env, me) or 0)
        if moved:
            current = g.counters[target] if target_of is None else g.player_counters[target][taker]
            moved = clamp(current + moved) - current  # a counter at the largest number takes no more
            g.add_to(source, giver, -moved)
            g.add_to(target, taker, moved)

    return op


def _look_transfer(s: ast.Transfer, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    amount_fn = fn(s.amount, book)
    source, target = s.source, s.target
    source_of, target_of = maybe(s.source_subject, book), maybe(s.target_subject, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        giver = me if source_of is None else source_of(game, env, me)
        taker = me if target_of is None else target_of(game, env, me)
        if giver is None or taker is None:
            return
        numbers: Any = game.counters if source_of is None else game.player_counters[source]
        key: Any = source if source_of is None else giver
        moved = _moved(numbers[key], amount_fn(game, env, me) or 0)
        if moved:
            trial.touch(numbers, key)
            numbers[key] -= moved
            into: Any = game.counters if target_of is None else game.player_counters[target]
            where: Any = target if target_of is None else taker
            trial.touch(into, where)
            into[where] += moved

    return step


TRANSFER = StatementWord(
    ast.Transfer, _check_transfer, _run_transfer, _look_transfer, told=2, flow=QUIET,
    example="add 2 to bonus\ntransfer 1 from bonus to flips", events=("counter",),
)


# ----- set COUNTER [of X] to VALUE ----------------------------------------------------------


def _check_set_counter(c: Checker, node: ast.SetCounter, scope: Scope) -> None:
    c.counter_of(node, node.counter, node.subject, scope)
    c.expect(node.value, "number", scope, "the value")


def _run_set_counter(s: ast.SetCounter, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    value, counter = fn(s.value, book), s.counter
    low, high = -MAX_NUMBER, MAX_NUMBER
    if s.subject is not None:
        subject = fn(s.subject, book)

        def set_players(g: GameState, f: BlockFrame, root: RootFrame) -> None:
            f.pc += 1
            whose = subject(g, f.env, root.me)
            if whose is not None:
                g.player_counters[counter][whose] = clamp(value(g, f.env, root.me) or 0)

        return set_players

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        number = value(g, f.env, root.me) or 0
        g.counters[counter] = number if low <= number <= high else clamp(number)  # as _arith: no call in bounds

    return op


def _look_set_counter(s: ast.SetCounter, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    value, subject, counter = fn(s.value, book), maybe(s.subject, book), s.counter

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        numbers: Any = game.counters
        key: Any = counter
        if subject is not None:
            numbers, key = game.player_counters[counter], subject(game, env, me)
        if key is not None:
            trial.touch(numbers, key)
            numbers[key] = value(game, env, me) or 0

    return step


SET_COUNTER = StatementWord(
    ast.SetCounter, _check_set_counter, _run_set_counter, _look_set_counter, told=0, flow=QUIET,
    example="set budget to 0",
)

WORDS = (ADD_TO, TRANSFER, SET_COUNTER)


def _tell_counter(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """A counter's new value, in its own words ('has 3 flips left'), of a player or a space,
    and, for money and the things a player holds (a counter with a `name`), the change that
    brought it there where it did not start from nothing ('has 1179M in cash (-15M)')."""
    counter = t.counters[d["counter"]]
    value = t.money(d["value"]) if counter.money else str(d["value"])
    whose = t.properties[d["space"]] if "space" in d else t.player(d["player"])
    by = d.get("by")
    change = ""
    if by and by != d["value"] and (counter.money or counter.name.one):  # money and holdings, not from nothing
        change = f" ({'+' if by > 0 else '-'}{t.money(abs(by)) if counter.money else abs(by)})"
    return f"{whose} {counter_words(counter.shown or 'now has {}', value)}{change}"


EVENT_TEXTS = (EventText("counter", ("player", "counter", "value", "space", "by"), _tell_counter),)
"""The text of a counter's change (engine/core/event_text.py): a counter of a space is told
by the space, its `player` the turn's."""
