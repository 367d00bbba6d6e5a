"""The check warns at each statement that breaks an amount the variant declares conserved
(issue 44, 3.7).

"A variant can break its own `conserved` declaration with `add` or `set`, and `check` says
nothing. Its positions are then refused by `restore()`, though the save loads. `check`
reports it at the line." Only `transfer` between counters of one amount keeps its sum; the
setup, which makes the sum, and a change whose net effect is nothing are not warned about.
A warning, not an error: the game plays as written (docs/variants.md, 5.5).
"""

from __future__ import annotations

from engine.cli import main
from engine.diagnostics import Loc
from engine.resources import variants_dir
from engine.variant.load import check_variant, load_variant
from engine.variant.merge import shown_path
from test_check_warnings import assert_warning, warnings

CHIPS = (
    "extends: winning-moves-2016\n"  # 1
    "counters:\n"  # 2
    "  chips: {each: player, reset: never}\n"  # 3
    "  chips_bank: {each: game, reset: never}\n"  # 4
    "  pot: {each: game, reset: never}\n"  # 5
    "  tokens: {each: player, reset: never}\n"  # 6
    "  tokens_bank: {each: game, reset: never}\n"  # 7
    "conserved:\n"  # 8
    "  chips: {counters: [chips, chips_bank], is: 10, name: poker chips}\n"  # 9
    "  tokens: {counters: [tokens, tokens_bank], is: 4}\n"  # 10
    "setup: |\n"  # 11
    "  set chips_bank to 10\n"  # 12
    "  add 4 to tokens_bank\n"  # 13
    "  do deal\n"  # 14
    "  draw rule starting_hand for me\n"  # 15
    "  for each opponent O:\n"  # 16
    "    draw rule starting_hand for O\n"  # 17
    "routines:\n"  # 18
    "  deal: |\n"  # 19
    "    for each player P:\n"  # 20
    "      set chips of P to 1\n"  # 21
    "    set chips_bank to 10 - (count player P)\n"  # 22
    "hooks:\n"  # 23
    "  start_of_turn: |\n"  # 24
)
"""A variant declaring two amounts, whose setup (and the routine only the setup runs) makes
them with `set` and `add`; the hook's lines start at line 25, four spaces in."""


def _hook(*lines: str) -> str:
    return CHIPS + "".join(f"    {line}\n" for line in lines)


def test_an_add_or_a_set_of_a_conserved_counter_is_warned_at_its_line(write):
    path = write(_hook(
        "transfer 1 from chips_bank to chips of me",  # 25: keeps the sum
        "add 1 to chips of me",  # 26
        "if chips_bank > 5:",  # 27
        "  set chips_bank to 5",  # 28
    ))
    first, second = warnings(path)
    assert_warning(first, "v.yaml", 26, 5, "the start_of_turn hook: 'add ... to chips' changes the poker chips",
                   "declared to keep ('conserved: chips')", "only a 'transfer'", hint="transfer N from A to B")
    assert_warning(second, "v.yaml", 28, 7, "'set chips_bank to ...' changes the poker chips")
    assert load_variant(path) is not None, "a warning leaves the variant playable"


def test_the_setup_and_the_routines_only_the_setup_runs_make_the_sum_and_are_not_warned_about(write):
    assert check_variant(write(_hook("transfer 1 from chips_bank to chips of me"))).diagnostics == []


def test_a_routine_run_from_the_turn_too_is_warned_about(write):
    first, second = warnings(write(_hook("do deal")))
    assert_warning(first, "v.yaml", 21, 7, "routine 'deal': 'set chips to ...' changes the poker chips")
    assert_warning(second, "v.yaml", 22, 5, "routine 'deal': 'set chips_bank to ...' changes the poker chips")


def test_a_card_that_sets_a_conserved_counter_is_warned_at_its_effect(write):
    text = CHIPS.replace("hooks:\n  start_of_turn: |\n", "") + (
        "deck:\n"  # 23
        "  cards:\n"  # 24
        "    - id: windfall\n"  # 25
        "      effect: |\n"  # 26
        "        add 5 to budget\n"  # 27
        "        add 2 to tokens of me\n"  # 28
    )
    d, = warnings(write(text))
    assert_warning(d, "v.yaml", 28, 9, "effect of card 'windfall': 'add ... to tokens' changes the tokens",
                   "('conserved: tokens')")


def test_a_transfer_between_amounts_or_from_another_counter_changes_them_and_is_warned(write):
    found = warnings(write(_hook(
        "transfer 1 from chips of me to tokens of me",  # 25: one amount to another
        "transfer 1 from pot to chips_bank",  # 26: from a counter of no amount
        "transfer 1 from chips_bank to chips of turn_player",  # 27: within one: fine
    )))
    assert [(d.loc.line, d.loc.col) for d in found] == [(25, 5), (26, 5)]
    assert_warning(found[0], "v.yaml", 25, 5, "changes the poker chips and tokens",
                   "('conserved: chips', 'conserved: tokens')")
    assert_warning(found[1], "v.yaml", 26, 5, "'transfer ... from pot to chips_bank' changes the poker chips")


def test_a_change_whose_net_effect_is_nothing_is_not_warned_about(write):
    path = write(_hook(
        "add -2 to chips of me",  # one move, written as its two sides
        "add 2 to chips_bank",
        "add 3 to tokens_bank",
        "add -3 to tokens of me",
        "add pot to chips_bank",  # 29: pot is no amount's, so this adds to the chips

        "set pot to 0",
        "add chips_bank to chips of me",  # all of the Bank's to the player, then the Bank emptied
        "set chips_bank to 0",
        "add 0 to chips of me",
        "set tokens_bank to tokens_bank",
    ))
    d, = warnings(path)
    assert_warning(d, "v.yaml", 29, 5, "'add ... to chips_bank' changes the poker chips")


def test_two_sides_of_a_move_apart_or_reading_what_they_change_are_warned_about(write):
    found = warnings(write(_hook(
        "add -2 to chips of me",  # 25
        "say \"between\"",  # 26
        "add 2 to chips_bank",  # 27
        "add -chips_bank to chips of me",  # 28: the second side reads what the first changed
        "add chips_bank to chips_bank",  # 29
    )))
    assert [(d.loc.line, d.loc.col) for d in found] == [(25, 5), (27, 5), (28, 5), (29, 5)]


def test_a_conserved_counter_reset_each_turn_is_warned_at_its_reset(write):
    line = "  pot: {each: game, reset: turn}\n"
    text = CHIPS.replace("  pot: {each: game, reset: never}\n", line).replace("[chips, chips_bank]", "[chips, chips_bank, pot]")
    d, = warnings(write(text + "    transfer 1 from chips_bank to pot\n"))
    assert_warning(d, "v.yaml", 5, line.index("turn") + 1, "'pot' goes back to 0 at each turn ('reset: turn')",
                   "changes the poker chips the game is declared to keep ('conserved: chips')", hint="reset: never")


def test_a_house_rule_that_breaks_the_bases_amount_is_warned_in_its_own_file(write):
    """Located in the file being checked, the base's declaration as a note."""
    base = variants_dir() / "monopoly-builder.yaml"
    lines = base.read_text(encoding="utf-8").splitlines()
    declared = next(i for i, line in enumerate(lines) if line.startswith("  trucks: {counters:")) + 1
    d, = warnings(write(
        "extends: monopoly-builder\n"
        "hooks:\n"
        "  end_of_turn: |\n"
        "    add 1 to truck of me\n"
    ))
    assert_warning(d, "v.yaml", 4, 5, "'add ... to truck' changes the dump trucks", "('conserved: trucks')")
    assert [(n.loc, n.message) for n in d.notes] == [
        (Loc(shown_path(base), declared, 3), "'conserved: trucks' is declared here")]


def test_a_house_rule_that_declares_an_amount_the_base_changes_is_warned_at_its_declaration(write):
    """The base's cards add to their budget, and it is reset each turn: declared kept by the
    house rule, each is warned about at the declaration, the base's statement as a note."""
    found = warnings(write(
        "extends: winning-moves-2016\n"
        "conserved:\n"
        "  budget: {counters: [budget], is: 0}\n"
    ))
    assert {(d.loc.file, d.loc.line, d.loc.col) for d in found} == {("v.yaml", 3, 3)}
    added = [d for d in found if "'add ... to budget' changes the budget" in d.message]
    assert added and any("'budget' goes back to 0 at each turn" in d.message for d in found)
    (note,) = added[0].notes
    assert (note.loc.file, note.message) == (shown_path(variants_dir() / "winning-moves-2016.yaml"), "the statement is here")


def test_check_prints_the_warning_at_the_line_and_strict_counts_it(write, capsys):
    write(_hook("add 1 to chips of me"))
    assert main(["check", "v.yaml"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("v.yaml:25:5: warning: the start_of_turn hook: 'add ... to chips' changes the poker chips")
    assert main(["check", "--strict", "v.yaml"]) == 1
