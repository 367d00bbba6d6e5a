"""What a game neither makes nor destroys (`conserved:`), and `transfer`, the word that keeps it so.

"80 resource chips", "the rest of the money is put in the money tray as the Bank's money"
(../shared/rules/monopoly-builder-2021.txt, Components and Setup): a game declares the sum of
some counters that never changes, the engine checks it at every decision its tests play and
refuses a saved game that breaks it, naming the amount; `transfer` moves an amount from one
counter to another and never more than the first holds ("take two ... from the Bank": a Bank
with one left gives one)."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, VariantError, load_variant
from engine.bots import make_bot
from engine.bots.evaluate import evaluator_for
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.observation import decide
from engine.game.snapshot import restore_state

CHIPS = """extends: monopoly-chance
counters:
  chips: {each: player, reset: never, shown: "has {} chips"}
  chips_bank: {each: game, reset: never}
conserved:
  chips: {counters: [chips, chips_bank], is: 5, name: poker chips}
"""


def _game(write, turn_start: str, extra: str = ""):
    setup_hook = "hooks:\n  start_of_turn: |\n" + "".join(f"    {line}\n" for line in turn_start.split("\n"))
    variant = load_variant(write(CHIPS + extra + setup_hook))
    game = new_state(variant, 2, seed=3)
    return variant, game


def test_a_transfer_moves_no_more_than_the_first_counter_holds(write):
    variant, game = _game(write, "if chips_bank = 0 and chips of me = 0:\n  set chips_bank to 5\n"
                                 "transfer 3 from chips_bank to chips of me")
    first, second = game.order[0], game.order[1]
    assert game.player_counters["chips"][first] == 3 and game.counters["chips_bank"] == 2
    assert broken_invariants(game) == []
    while game.turn_number == 1:  # the next turn: the Bank gives its last two of three
        game.apply(game.legal_actions()[0])
    assert game.player_counters["chips"][second] == 2 and game.counters["chips_bank"] == 0
    assert broken_invariants(game) == []


def test_a_program_that_makes_chips_breaks_the_declared_amount_and_is_named(write):
    variant, game = _game(write, "set chips_bank to 5\nadd 1 to chips of me")
    (problem,) = broken_invariants(game)
    assert "poker chips" in problem and "add up to 6, not the 5" in problem and "conserved: chips" in problem


def test_a_saved_game_with_a_conserved_counter_changed_is_refused_naming_it(write):
    variant, game = _game(write, "if chips_bank + chips of me = 0:\n  set chips_bank to 5\n"
                                 "transfer 1 from chips_bank to chips of me")
    data = json.loads(json.dumps(game.to_dict()))
    restore_state(variant, data)  # as saved: accepted
    data["player_counters"]["chips"][game.order[0]] += 10
    with pytest.raises(RestoreError, match="poker chips"):
        restore_state(variant, data)


def test_the_check_names_a_conserved_counter_that_is_not_there(write):
    path = write(CHIPS.replace("[chips, chips_bank]", "[chips, chip_bank]"))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    (problem,) = info.value.diagnostics
    assert "'chip_bank', which is not a counter" in problem.message and "chips_bank" in (problem.hint or "")


def test_monopoly_builder_keeps_its_chips_and_its_money_through_random_games():
    """The bundled game declares four kinds of twenty chips and the money with the Bank; the
    random-play invariant test checks them at every decision (test_engine_invariants), and
    here at the end of whole games, with the Bank run dry of some kind on the way."""
    variant = load_variant("monopoly-builder")
    names = {amount.id for amount in variant.conserved}
    assert names == {"trucks", "cranes", "excavators", "boats", "money"}
    import random

    for seed in range(3):
        game = new_state(variant, 3, seed=seed)
        rnd = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        assert broken_invariants(game) == []


def test_a_resource_with_a_worth_is_not_given_away_for_less(write):
    """'A bot accepts only deals that improve its own position': with `worth`, a resource no
    score counts yet is something greedy will not give up for a token payment."""
    offer = """    for each player P:
      set cash of P to 100
      set chips of P to 2
    set chips_bank to 1
    choose opponent O
    offer trade of cash, chips to O
"""
    scores = "scores:\n  wealth: {most: cash of X, name: cash}\nranking: [wealth]\n"
    for worth, expected in ((0, "accept"), (2, "decline")):
        text = CHIPS.replace('shown: "has {} chips"}', f'shown: "has {{}} chips", worth: {worth}}}')
        text = text.replace("counters:\n", "counters:\n  cash: {each: player, reset: never, money: true}\n")
        variant = load_variant(write(text + scores + "hooks:\n  start_of_turn: |\n" + offer))
        game = new_state(variant, 2, seed=1)
        me = game.current_player
        for words in ("give $1M in all", "ask for 1 chips in all", "propose the offer"):
            action = next((a for a in game.legal_actions() if a.describe() == words), None)
            assert action is not None, "; ".join(a.describe() for a in game.legal_actions())
            game.apply(action)
        partner = game.current_player
        assert partner != me
        answer = decide(make_bot("greedy", variant, seed=1).choose, game, partner)
        assert answer["arg"] == expected, worth
        assert evaluator_for(variant).worth == ([("chips", 20.0)] if worth else [])
