"""A space's capacity (issue 47, item 2: "The cost of a pile comes from what it can hold. A pile
may declare a capacity"; the last note on tests/data/cant-stop.yaml: "a step's stack counts
every card of the game"): with cards stacked on the spaces, `board.holds` says how many one
space holds. The check counts a collection of a space's cards as that many, and play keeps to
it: a card put or moved onto a full space stays where it was, and the log says so (ruling 87,
as a pile's `holds`, ruling 82)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine import load_variant
from engine.bots import make_bot
from engine.effects import ast
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.messages import EVERYONE
from engine.variant.load import check_variant, effect_context

DATA = Path(__file__).parent / "data"

FULL_STEPS = """\
extends: column-board.yaml
name: Full Steps (test game)
board:
  holds: 1
turn: |
  choose property P
  put top card of pegs of me on P
  if (count card K in P where owner of K is me) > 0:
    add 1 to held of me
  if (count card K in pegs of me) = 0:
    end game pegs for me
"""
"""Column Board's pegs, set on any step, full or not: a step holds one peg."""

NESTED = "choose property P where (count card K in P where (count card L in P where value of L > value of K) > 0) = 0"
"""A count of a step's cards inside another inside a choice of the 83 steps: priced at every
card of the game for each (4 x 6 pegs), 83 x 24 x 24 is past the cost limit; at one card a
step it is cheap."""


@pytest.fixture
def folder(tmp_path):
    """Column Board, and beside it the same board whose steps may hold any number of cards."""
    shutil.copy(DATA / "column-board.yaml", tmp_path / "column-board.yaml")
    board = (DATA / "column-board.yaml").read_text(encoding="utf-8")
    (tmp_path / "any-height.yaml").write_text(board.replace("  holds: 1  # a step holds one peg\n", ""), encoding="utf-8")
    return tmp_path


def _any_height(text: str) -> str:
    """The game on the board whose steps hold any number of cards."""
    return text.replace("extends: column-board.yaml", "extends: any-height.yaml").replace("board:\n  holds: 1\n", "")


def _written(folder: Path, text: str, name: str = "full.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_space_that_holds_one_card_is_priced_at_one(folder):
    with_holds = effect_context(_written(folder, FULL_STEPS), "turn").sizes
    without = effect_context(_written(folder, _any_height(FULL_STEPS), "plain.yaml"), "turn").sizes
    space = ast.Name(line=1, col=1, name="P")
    pile = ast.OfPlayer(line=1, col=1, counter="pegs", subject=ast.Name(line=1, col=1, name="me"))
    assert with_holds.in_place(space) == 1 and without.in_place(space) == without.cards == 24
    assert with_holds.in_place(pile) == with_holds.cards  # a pile is not a space


def test_the_cost_limit_counts_a_space_at_what_it_holds(folder):
    """The same nested count is refused where a step could hold every card, and passes where
    the board says a step holds one."""
    text = FULL_STEPS.replace("  choose property P\n", f"  {NESTED}\n")
    assert check_variant(_written(folder, text)).ok
    refused = check_variant(_written(folder, _any_height(text), "plain.yaml"))
    assert not refused.ok
    assert any("steps to work out" in d.message for d in refused.diagnostics), [d.message for d in refused.diagnostics]


def test_a_card_put_on_a_full_space_stays_where_it_was_and_is_told(folder):
    variant = load_variant(_written(folder, FULL_STEPS))
    game = new_state(variant, 2, seed=4)
    before = None
    rnd = random.Random(3)
    while not game.is_over:
        if game.decision == "choose" and any(game.stacks):
            taken = next((a for a in game.legal_actions() if isinstance(a.arg, int) and game.stacks[a.arg]), None)
            if taken is not None:
                me = game.current_player
                before = (list(game.stacks[taken.arg]), list(game.pile_of("pegs", me)))
                events = game.apply(taken)
                break
        game.apply(rnd.choice(list(game.legal_actions())))
    assert before is not None
    assert game.stacks[taken.arg] == before[0] and game.pile_of("pegs", me) == before[1]
    full = [e for e in events if e.kind == "space_full"]
    assert len(full) == 1 and not [e for e in events if e.kind == "put"]
    assert full[0].describe(EVERYONE) == f"{game.texts.properties[taken.arg]} is full: the card stays where it was"
    assert broken_invariants(game) == []


def test_a_card_moved_onto_a_full_space_stays_where_it_was(folder):
    text = FULL_STEPS.replace("  choose property P\n  put top card of pegs of me on P\n",
                              "  choose property P\n  put top card of pegs of me on P\n"
                              "  choose property Q where Q is not P\n  move top of P to Q\n")
    variant = load_variant(_written(folder, text))
    game = new_state(variant, 2, seed=4)
    rnd = random.Random(5)
    seen = False
    for _ in range(300):
        if game.is_over:
            break
        options = list(game.legal_actions())
        full = [a for a in options if isinstance(a.arg, int) and game.stacks[a.arg] and game.decision == "choose"]
        events = game.apply(full[0] if full and rnd.random() < 0.5 else rnd.choice(options))
        seen = seen or any(e.kind == "space_full" for e in events)
        assert all(len(stack) <= 1 for stack in game.stacks)
        assert broken_invariants(game) == []
    assert seen


def test_holds_on_a_board_of_units_is_refused(write):
    result = check_variant(write("extends: winning-moves-2016\nboard:\n  holds: 2\n"))
    assert not result.ok
    assert any("'holds' says how many cards a space holds, but this board's spaces hold units" in d.message
               for d in result.diagnostics), [d.message for d in result.diagnostics]


@pytest.mark.parametrize("bot", ["greedy", "strong:iterations=10"])
def test_the_bots_look_ahead_keeps_a_space_to_what_it_holds(folder, bot):
    """The look-ahead puts a card on a full space as play does (it stays): the bot's game never
    holds two pegs on a step."""
    variant = load_variant(_written(folder, FULL_STEPS))
    game = new_state(variant, 2, seed=7)
    players = [make_bot(bot, variant, seed=seat) for seat in range(2)]
    while not game.is_over and game.turn_number < 30:
        player = game.current_player
        game.apply(players[player].choose(game.observation(player)))
        assert all(len(stack) <= 1 for stack in game.stacks) and broken_invariants(game) == []
