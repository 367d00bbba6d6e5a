"""Variants are checked and effects parsed from any number of threads at once, each getting
what it would alone (issue 44, 5: F3 on the start screen, loading a game while the screen's
worker thread checked the variants, crashed inside Lark with an AssertionError about
`paren_level`; engine/effects/parser.py says why). The terminal UI checks in worker threads
beside its own; a served game runs in a process of its own, but the guarantee is the engine's.

Two threads start each round together (a barrier), and Python is made to switch between
them every tenth of a millisecond, not every five: two parses then overlap in every round,
as they do only now and then in the app."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from engine.effects.parser import parse_condition, parse_effect
from engine.variant.load import check_variant

ROUNDS = 40
CHECKS = 10
NESTED = """for each opponent X where (cards of X) > (1 + (2 * 3)):
    if (cards of X) > 5:
        discard 1 from X
    else:
        discard (1 + 1) from X
"""
"""Parentheses inside a block inside a block: what Lark's indenter counts as it reads."""
FLAT = """discard 1 from me
if cash of me > 3:
    discard 1 from me
"""
CONDITION = "(cards of me) > ((1 + 2) * 3)"
BASE = "winning-moves-2016"
HOOKS = """hooks:
  start_of_turn: |
    for each opponent X where (cards of X) > (1 + (2 * 3)):
      if (cards of X) > 5:
        say "rich"
"""


@pytest.fixture(autouse=True)
def switching_often() -> Iterator[None]:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def at_once(*works: Callable[[], object], rounds: int = ROUNDS) -> list[list[object]]:
    """Each work run in a thread of its own, `rounds` times, every round begun by all of them
    together: what each returned, round by round; the first exception any of them raised is
    raised here."""
    barrier = threading.Barrier(len(works))
    results: list[list[object]] = [[] for _ in works]
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            for _ in range(rounds):
                barrier.wait()
                results[index].append(works[index]())
        except threading.BrokenBarrierError:
            pass  # another thread failed: its error is the one to see
        except BaseException as error:  # noqa: BLE001 - brought back to the test's own thread
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results


def test_two_threads_parse_effects_at_once_and_each_reads_its_own_text():
    alone = [parse_effect(NESTED), parse_effect(FLAT), parse_condition(CONDITION)]
    together = at_once(lambda: parse_effect(NESTED), lambda: parse_effect(FLAT), lambda: parse_condition(CONDITION))
    for expected, got in zip(alone, together):
        assert got == [expected] * ROUNDS


def test_two_threads_check_a_variant_with_effects_at_once(write):
    """A worker checking the variants while a key loads a game: both checks as alone."""
    path = write(f"extends: {BASE}\n{HOOKS}")

    def diagnostics() -> list[str]:
        result = check_variant(path)
        assert result.variant is not None
        return [str(d) for d in result.diagnostics]

    alone = diagnostics()
    for results in at_once(diagnostics, diagnostics, rounds=CHECKS):
        assert results == [alone] * CHECKS
