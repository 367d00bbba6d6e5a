"""Rules by the number of players (issue 47, "Proof: games nobody here wrote for the engine"):
a setup may give rules their values for its number of players, `players.setups[].rules`.

Love Letter's rulebook: "Seven tokens win a game of two, five of three, four of four" (the test
game tests/data/love-letter.yaml wrote it as a counter set by three `if`s on the player count:
a hack). A game of N players reads the N-player value wherever it reads the rule (docs/
variants.md, "Rules by the number of players"); the check's analyses before play allow for
every setup's value; a save restores to the same values; a value set from outside
(`--vary`, `--set`) is the rule's at every count (docs/rulings.md, 89). The variants are house
rules of the 2016 rules written for these tests."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import VariantError, load_variant
from engine.game.game_state import new_state
from engine.game.rulebook import rulebook_for
from engine.game.snapshot import game_to_dict, restore_state
from engine.sweep.vary import parse_vary
from engine.variant.load import check_variant, merged_document
from engine.variant.model import Rules
from engine.variant.overrides import Setting
from tui.helptext import help_markdown

SETUPS = """\
extends: winning-moves-2016
name: Goal by players
players:
  setups:
    - {players: 2, units: 20, rules: {goal: 7}}
    - {players: 3, units: 16, rules: {goal: 5}}
    - {players: 4, units: 14}
rules:
  goal: 4
rule_kinds:
  goal: {number: [1, 20], says: "The goal is {} points."}
counters:
  target: {each: game, reset: never}
hooks:
  start_of_turn: |
    set target to rule goal
"""


def _target(game) -> int:
    return game_to_dict(game)["counters"]["target"]


def _started(variant, players: int, seed: int = 1):
    game = new_state(variant, players, seed=seed)
    assert not game.is_over
    return game


def test_a_game_reads_the_value_its_number_of_players_gives_a_rule(write):
    variant = load_variant(write(SETUPS))
    assert variant.rules["goal"] == 4  # the variant's own value, for a count whose setup gives none
    for players, goal in ((2, 7), (3, 5), (4, 4)):
        game = _started(variant, players)
        assert game.variant.rules["goal"] == goal
        assert _target(game) == goal  # `rule goal` in an effect


def test_every_game_of_one_count_plays_the_same_compiled_copy(write):
    """A simulation's thousands of games compile nothing: the copy is made once per count."""
    variant = load_variant(write(SETUPS))
    first, second = _started(variant, 2, seed=1), _started(variant, 2, seed=2)
    assert first.variant is second.variant and first.book is second.book
    assert first.variant.content_hash == variant.content_hash  # a save names the file's variant
    assert _started(variant, 4).variant is variant  # a count with nothing of its own plays the variant


def test_a_variant_changed_in_code_plays_its_own_rules_beside_the_setups_values(write):
    """A tool or test that changes a variant's rules (`dataclasses.replace`, as the benchmarks
    do) changes them for every count; a setup's own values still win for the rules it names."""
    variant = load_variant(write(SETUPS))
    changed = replace(variant, rules=Rules({**variant.rules, "starting_hand": 4, "goal": 3}))
    assert _started(changed, 2).variant.rules["starting_hand"] == 4
    assert _started(changed, 2).variant.rules["goal"] == 7 and _started(changed, 4).variant.rules["goal"] == 3


def test_a_restored_game_reads_the_values_of_its_number_of_players(write):
    """The analysis of what a counter can hold allows for every setup's value: the restored
    2-player game holds 7, which the variant's own value (4) alone would refuse."""
    variant = load_variant(write(SETUPS))
    game = _started(variant, 2)
    restored = restore_state(variant, game_to_dict(game))
    assert restored.variant.rules["goal"] == 7 and _target(restored) == 7
    assert game_to_dict(restored) == game_to_dict(game)
    assert 7 in restored.book.counter_bounds.only["target"]
    assert rulebook_for(variant).counter_bounds.only["target"] == {0, 4, 5, 7}


def test_a_value_set_from_outside_wins_over_the_setups_values(write):
    """rulings.md, 89: `sweep --vary rules.goal=...` sets the rule for every game; the
    setups' own values of it are taken out."""
    path = write(SETUPS)
    variant = check_variant(str(path), (Setting("rules.goal", 2),)).variant
    assert variant is not None
    for players in (2, 3, 4):
        assert _started(variant, players).variant.rules["goal"] == 2


def test_a_sweeps_baseline_is_the_value_of_its_number_of_players(write):
    """`boardwalk sweep` names the variant's own value, and takes it for its baseline, at the
    number of players it plays."""
    document = merged_document(write(SETUPS))
    assert parse_vary("rules.goal=1..3", document, 2).domain.current == 7
    assert parse_vary("rules.goal=1..3", document, 4).domain.current == 4
    assert parse_vary("rules.goal=1..3", document).domain.current == 4


def test_a_setup_gives_values_only_to_the_variants_rules_each_of_its_kind(write):
    """Every mistake is reported at once, where it is written, with the rule it may mean."""
    text = SETUPS.replace("rules: {goal: 7}", "rules: {gaol: 7}").replace("rules: {goal: 5}", "rules: {goal: 50}")
    with pytest.raises(VariantError) as raised:
        load_variant(write(text))
    messages = [(d.loc.line, d.message, d.hint) for d in raised.value.diagnostics]
    assert any(line == 5 and "unknown key 'gaol'" in message and "goal" in (hint or "")
               for line, message, hint in messages), messages
    assert any(line == 6 and "50" in message for line, message, _ in messages), messages


def test_a_setup_gives_no_value_to_a_rule_every_game_reads_once(write):
    """`ranking: rule ranking` is read once for the variant: a setup cannot change it."""
    text = SETUPS.replace("rules: {goal: 5}", "rules: {goal: 5, ranking: [properties, value]}")
    with pytest.raises(VariantError) as raised:
        load_variant(write(text))
    [problem] = [d for d in raised.value.diagnostics if "ranking" in d.message]
    assert problem.loc.line == 6 and "same in every game" in problem.message


def test_the_help_says_the_rules_at_the_games_number_of_players(write):
    variant = load_variant(write(SETUPS))
    assert "- The goal is 7 points" in help_markdown(variant, 2)
    assert "- The goal is 4 points" in help_markdown(variant, 4)
    before = help_markdown(variant)  # the start screen: no count chosen yet
    assert "- With 2 players: The goal is 7 points" in before and "- With 4 players: The goal is 4 points" in before


def test_a_house_rule_that_sets_the_rule_sets_it_at_every_number_of_players(write):
    """docs/rulings.md, 89: a value set from outside the base is the rule's in every game. A
    house rule over SETUPS saying `goal: 2` in its `rules` changed nothing at two or three
    players, whose setups give 7 and 5; a house rule that gives `players.setups` itself keeps
    its own setups' values."""
    write(SETUPS, "base.yaml")
    house = load_variant(write("extends: base.yaml\nname: Short goal\nrules:\n  goal: 2\n", "house.yaml"))
    assert [_target(_started(house, players)) for players in (2, 3, 4)] == [2, 2, 2]
    own = load_variant(write(
        "extends: base.yaml\nname: Own setups\nrules:\n  goal: 2\nplayers:\n  setups:\n"
        "    - {players: 2, units: 20, rules: {goal: 9}}\n    - {players: 3, units: 16}\n", "own.yaml"))
    assert [_target(_started(own, players)) for players in (2, 3)] == [9, 2]
    base = load_variant("base.yaml")
    assert [_target(_started(base, players)) for players in (2, 3, 4)] == [7, 5, 4]  # the base as it was
