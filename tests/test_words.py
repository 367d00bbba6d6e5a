"""One record per word (issue 27, 1): every statement of the language is one StatementWord in
engine/words/, holding its check, its run, its look-ahead step, the events it tells, how it
flows through the machine and an example. These tests fail for a statement without a whole
record, and run every word's example in a real game.

Before the records, a word lived in seven to nine files and six tables keyed by node type
that nothing held together: the look-ahead had no step for `shuffle` or `end game`, so a card
doing only that passed the check and was never offered."""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from engine import load_variant
from engine.effects import ast
from engine.effects.check import check_program
from engine.effects.kinds import parameters
from engine.effects.parser import parse_effect
from engine.game.game_state import new_state
from engine.game.messages import Event
from engine.variant.load import effect_context
from engine.words.table import INLINE_STATEMENTS, QUIET_STATEMENTS, STATEMENTS
from engine.words.word import FLOWS, INLINE, MAY_ASK, QUIET

WORDS = sorted(STATEMENTS.values(), key=lambda word: word.node.__name__)
TOLD_RULES = {"count", "stack", "settle", "rerolls", "roll off", "pile"}
"""The ways cost.py works out what a statement tells when it is not a fixed number."""

HOSTS = (
    ("winning-moves-2016", "start_of_turn", "hook"),
    ("winning-moves-2016", "setup", "setup"),
    ("monopoly-chance", "start_of_turn", "hook"),
    ("winning-moves-2016", "end_of_turn", "card"),
    ("winning-moves-2016", "reaction", "card"),
    ("winning-moves-2016", "example", "routine"),
    ("house-last-place-draws", "start_of_turn", "hook"),  # a counter of each player: the secret choice's
)
"""Where a word's example runs, the first place of these whose checker accepts it: a program
of a bundled variant (a hook at the start of each turn, or the set-up), else a card of that
timing (a reaction answering a Hurricane), twelve of them in the deck, else a routine the
start of each turn runs (`takes`, a routine's first line: issue 47, item 1)."""

ARGUMENT = {"number": "1", "player": "me", "zone": "red", "property": "space 1 of red"}
"""What the start of each turn gives a routine that is a word's example, by the kind it takes."""


ROUTINE = "routines:\n  bonus: |\n    draw 1\n"
"""A routine every host has, for the examples of `do`."""

PIECES = "pieces:\n  robber: {each: game}\n  pawn: {each: player}\n"
"""A piece of the table and one of each player's, on every host, for the examples of `move PIECE`."""

LOOPS = {"winning-moves-2016": "board:\n  loop: [red_1, red_2, blue_1, blue_2]\n"}
"""A loop of spaces on the hosts that have one, for the examples of `advance`."""


def _hosted(word, base: str, timing: str, place: str) -> str:
    """A variant file whose `place` (of `timing`) is the word's example."""
    lines = word.example.splitlines()
    extra = ROUTINE + PIECES + LOOPS.get(base, "")
    if place == "hook":
        return f"extends: {base}\n{extra}hooks:\n  {timing}: |\n" + "".join(f"    {line}\n" for line in lines)
    if place == "routine":
        given = ", ".join(ARGUMENT[kind] for _, kind in parameters(parse_effect(word.example).statements))
        return (f"extends: {base}\n{ROUTINE}  {timing}: |\n" + "".join(f"    {line}\n" for line in lines)
                + LOOPS.get(base, "") + f"hooks:\n  start_of_turn: |\n    do {timing}({given})\n")
    if place == "setup":
        return f"extends: {base}\n{extra}setup: |\n" + "".join(f"  {line}\n" for line in lines)
    reacts = "      reacts_to: [hurricane]\n" if timing == "reaction" else ""
    return (
        f"extends: {base}\n{extra}deck:\n  cards:\n    - id: example\n      name: Example\n      count: 12\n"
        f"      text: The word's example.\n      timing: {timing}\n{reacts}      effect: |\n"
        + "".join(f"        {line}\n" for line in lines)
    )


def test_every_statement_of_the_grammar_is_one_word_with_every_part():
    statements = set(typing.get_args(ast.Stmt))
    assert set(STATEMENTS) == statements, "a statement without a word, or a word of no statement"
    for word in WORDS:
        name = word.node.__name__
        assert callable(word.check) and callable(word.run) and callable(word.look_ahead), name
        assert word.flow in FLOWS, name
        assert (isinstance(word.told, int) and word.told >= 0) or word.told in TOLD_RULES, name
        assert word.example.strip(), f"{name} has no example"
        assert word.binds is None or callable(word.binds), name


def test_the_machines_tables_are_the_words_flows():
    """Which statements run a block to its end in one step, and after which the machine goes
    on without looking, come from the words alone."""
    assert {t for t, w in STATEMENTS.items() if w.flow in (QUIET, INLINE)} == INLINE_STATEMENTS
    assert {t for t, w in STATEMENTS.items() if w.flow == QUIET} == QUIET_STATEMENTS
    assert {ast.If, ast.ForEach, ast.Repeat, ast.Choose} <= {t for t, w in STATEMENTS.items() if w.flow == MAY_ASK}


def test_every_event_a_word_tells_is_told_in_words():
    """An event kind a word says it tells has a sentence of its own, not the log's fallback
    ("kind: data"): told with no data, a kind with words reads a field it lacks."""
    game = new_state(load_variant("winning-moves-2016"), 2, seed=1)
    for word in WORDS:
        for kind in word.events:
            try:
                told = Event(kind, {}, game.texts).describe()
            except (KeyError, TypeError, IndexError):
                continue
            assert told != f"{kind}: {{}}", f"{word.node.__name__} tells '{kind}', which has no words"


def _context(base: str, timing: str, program: bool):
    loop = base in LOOPS
    return dataclasses.replace(effect_context(base, timing, program=program), routines=frozenset({"bonus", "example"}),
                               loop=loop, pieces={"robber": "game", "pawn": "player"})  # as PIECES declares them


def _host(word) -> tuple[str, str, str]:
    """The first host whose checker accepts the word's example."""
    program = parse_effect(word.example)
    for base, timing, place in HOSTS:
        if not check_program(program, _context(base, timing, place != "card")):
            return base, timing, place
    problems = check_program(program, _context(HOSTS[0][0], HOSTS[0][1], True))
    raise AssertionError(f"{word.node.__name__}'s example checks nowhere: {[p.message for p in problems]}")


@pytest.mark.parametrize("word", WORDS, ids=lambda word: word.node.__name__)
def test_every_words_example_uses_it_checks_and_runs(word, write):
    """The example is played: as a program it runs at every turn's start (or at the set-up);
    as a card, seeded games are played until one is played."""
    program = parse_effect(word.example)
    assert any(type(node) is word.node for node in ast.walk(list(program.statements))), "the example uses its word"
    base, timing, place = _host(word)
    variant = load_variant(write(_hosted(word, base, timing, place)))
    played = 0
    for seed in range(1, 21):
        game = new_state(variant, 2, seed=seed)
        choose = random.Random(seed)
        for _ in range(150):
            if game.is_over:
                break
            options = game.legal_actions()
            events = game.apply(options[choose.randrange(len(options))])
            played += sum(1 for e in events if e.kind in ("play", "react") and e.data.get("card") == "example")
        if place != "card" or played:
            break
    assert place != "card" or played, "the example card was never played"


@pytest.mark.parametrize("name", ["winning-moves-2016", "monopoly-chance", "house-card-sharks"])
def test_play_compiles_nothing_the_variant_was_compiled_at_load(name):
    """Compile once, at load (issue 27, 1): every closure play asks for was made when the
    variant was loaded; a game, and the look-ahead inside it, only look them up."""
    variant = load_variant(name)
    book = variant.program
    before = len(book.compiled)
    for seed in (1, 2):
        game = new_state(variant, max(variant.player_counts), seed=seed)
        choose = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            game.apply(options[choose.randrange(len(options))])
    assert len(book.compiled) == before
