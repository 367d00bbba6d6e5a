"""Three words of issue 47 the test games still wrote around (pilewords), each with small
variants written for the test:

- `put every card of PILE on|under PLACE`: Love Letter gathered its cards back for each round
  with a `for each card C in PILE: put C on deck` per pile, inside a loop over the players
  ("there is no 'put every card of PILE'"); rulings.md, 86.
- tests for nobody: `no KIND NAME [where ...]` and `X is nobody`. Goofspiel counted whether
  exactly one bid was the highest, "as there is no test for 'nobody'"; For Sale counted the
  players still bidding.
- `choose number ..., or pass:` and a block the pass runs: For Sale's raise was two questions
  "because `, or pass` runs nothing of its own", and a flag counter marked who was out of the
  auction, whose players "must still pass"; a player out of the round now takes no turn in a
  window (rulings.md, 85).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import RestoreError, VariantError, load_variant
from engine.effects.check import check_condition, check_program
from engine.effects.parser import parse_condition, parse_effect
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.variant.load import effect_context

BASE = "winning-moves-2016"
DATA = Path(__file__).parent / "data"


def _variant(write, text: str):
    return load_variant(write(f"extends: {BASE}\n{text}"))


def _pile(game, name: str, owner: int | None = None) -> list[int]:
    return list(game.piles[game.layout.slot(name, owner)])


def _answer(game, arg) -> list:
    action = next(a for a in game.legal_actions() if a.arg == arg)
    return game.apply(action)


# ----- put every card of PILE on PILE -------------------------------------------------------------

GATHER = """piles:
  stash: {name: stash, each: game, seen_by: nobody}
  shelf: {name: shelf, each: game, seen_by: everyone, holds: 1}
hooks:
  start_of_turn: |
    put every card of hand of me WHERE
"""


def test_put_every_card_of_a_hand_moves_it_whole_in_the_order_it_lay(write):
    """rulings.md, 86: the pile lies on the other as it lay (bottom first), each card told as a
    `put`, named only to the one who could see it."""
    dealt = new_state(load_variant(BASE), 3, seed=1)
    hand = _pile(dealt, "hand", dealt.turn_player)
    assert len(hand) >= 2
    game = new_state(_variant(write, GATHER.replace("WHERE", "on stash")), 3, seed=1)
    me = game.turn_player
    assert _pile(game, "stash") == hand and _pile(game, "hand", me) == []
    puts = [e for e in game.setup_events if e.kind == "put"]
    assert len(puts) == len(hand)
    other = (me + 1) % 3
    assert all("a card" in e.describe(other) for e in puts)
    assert not any("a card" in e.describe(me) for e in puts)  # the hand's owner saw them


def test_put_every_card_under_a_pile_slips_it_under_in_its_order(write):
    dealt = new_state(load_variant(BASE), 3, seed=1)
    hand, deck = _pile(dealt, "hand", dealt.turn_player), _pile(dealt, "deck")
    game = new_state(_variant(write, GATHER.replace("WHERE", "under deck")), 3, seed=1)
    assert _pile(game, "deck")[: len(hand)] == hand
    assert len(_pile(game, "deck")) == len(deck) + len(hand)


def test_put_every_card_onto_a_full_pile_leaves_the_cards_that_do_not_fit(write):
    """As `put` (rulings.md, 82): the shelf holds one card; the rest stay in the hand."""
    dealt = new_state(load_variant(BASE), 3, seed=1)
    hand = _pile(dealt, "hand", dealt.turn_player)
    game = new_state(_variant(write, GATHER.replace("WHERE", "on shelf")), 3, seed=1)
    assert _pile(game, "shelf") == hand[:1]
    assert _pile(game, "hand", game.turn_player) == hand[1:]
    assert [e.kind for e in game.setup_events].count("pile_full") == len(hand) - 1


def test_put_every_card_of_a_pile_on_itself_is_refused_where_it_is_written():
    program = parse_effect("draw 1\nput every card of hand of me on hand of me")
    problems = check_program(program, effect_context(BASE, "end_of_turn"))
    assert [(p.line, p.col) for p in problems] == [(2, 1)]
    assert "on the pile they are in" in problems[0].message and problems[0].hint


def test_put_every_card_of_a_number_is_refused_with_a_plain_hint():
    problems = check_program(parse_effect("put every card of 3 on deck"), effect_context(BASE, "end_of_turn"))
    assert problems and "must be a pile or a space" in problems[0].message


def test_the_checks_budget_counts_one_event_for_each_card_the_pile_can_hold():
    """cost.told_by: a pile that says what it holds is counted as that many moves."""
    from engine.effects.cost import Sizes, told_by

    (statement,) = parse_effect("put every card of hand of me on deck").statements
    assert told_by(statement, Sizes(holds=(("hand", 6),))) == 6
    assert told_by(statement, Sizes()) == Sizes().cards


# ----- tests for nobody -----------------------------------------------------------------------------


@pytest.mark.parametrize("condition, expected", [
    ("no player X where X is me", False),
    ("no player X where cards of X > 1000", True),
    ("no card K in hand of me where value of K > 1000", True),
    ("(highest player X by 0 unless tied) is nobody", True),
    ("(highest player X by 0) is not nobody", True),
    ("me is nobody", False),
    ("top card of discard_pile is nobody", True),
])
def test_no_and_is_nobody_are_true_exactly_when_nothing_matches(write, condition, expected):
    from engine.core.expressions import compile_expr

    path = write(f"extends: {BASE}\npiles:\n  discard_pile: {{name: spent cards, each: game, seen_by: everyone}}\n")
    variant = load_variant(path)
    parsed = parse_condition(condition)
    assert check_condition(parsed, effect_context(path, "end_of_turn")) == []
    game = new_state(variant, 3, seed=2)
    assert compile_expr(parsed, {})(game, {}, game.turn_player) is expected


@pytest.mark.parametrize("condition", ["cards of me is nobody", "(count player X) is not nobody"])
def test_is_nobody_of_a_number_is_refused_with_a_plain_hint(condition):
    problems = check_condition(parse_condition(condition), effect_context(BASE, "end_of_turn"))
    assert len(problems) == 1 and "'is nobody'" in problems[0].message and "a number" in problems[0].message
    assert problems[0].hint and problems[0].line == 1


# ----- choose number ..., or pass: and players out of an auction ----------------------------------

AUCTION = """counters: {high: {each: game, reset: never}, coins: {each: player, reset: never}, bid: {each: player,
  reset: never}, won: {each: player, reset: never}, taken: {each: player, reset: never}}
hooks:
  start_of_turn: |
    for each player X:
      set coins of X to 10
      set bid of X to 0
    set high to 0
    take turns P among players from me until all pass, at most 40:
      if no player X where X is playing and X is not P:
        add 1 to won of P
        pass
      else:
        choose number B from high + 1 to coins of P by P, asking "{P}: bid", or pass:
          add 1 to taken of P
          choose word W from "keep", "give" by P
          drop P
        set bid of P to B
        set high to B
    for each player X:
      rejoin X
"""


def test_a_pass_runs_its_block_and_the_player_out_of_the_auction_is_not_asked_again(write):
    """For Sale: a raise is one question; a pass takes its lot (the block) and puts the player
    out of the auction (rulings.md, 85); the last one left wins it, and the window closes."""
    game = new_state(_variant(write, AUCTION), 3, seed=1)
    first = game.turn_player
    a, b, c = game.players_from(first)
    assert game.current_player == a
    _answer(game, 3)  # a raises: one question
    assert game.current_player == b
    told = _answer(game, "pass")  # b passes: its block runs, and asks b
    assert any(e.kind == "pass" for e in told)
    assert game.current_player == b and game.player_counters["taken"][b] == 1
    assert game.player_counters["bid"][b] == 0  # the rest of b's turn did not run
    _answer(game, "keep")
    assert game.current_player == c
    _answer(game, 4)  # c raises over a
    assert game.current_player == a
    _answer(game, "pass")
    _answer(game, "give")
    # b and a are out: c, the last one left, wins without being asked to bid against itself
    assert game.player_counters["won"] == [1 if p == c else 0 for p in range(3)]
    assert game.player_counters["taken"] == [0 if p == c else 1 for p in range(3)]
    assert not game.dropped  # all rejoined after the window


def test_with_no_number_left_the_pass_is_taken_at_once_and_its_block_runs(write):
    text = AUCTION.replace("set coins of X to 10", "set coins of X to 0")
    game = new_state(_variant(write, text), 3, seed=1)
    a = game.turn_player
    assert game.current_player == a and {x.arg for x in game.legal_actions()} == {"keep", "give"}
    assert game.player_counters["taken"][a] == 1


def test_a_game_saved_inside_a_pass_block_resumes_there_and_refuses_damage(write):
    game = new_state(_variant(write, AUCTION), 3, seed=1)
    _answer(game, 3)
    _answer(game, "pass")  # now inside the block, asked keep or give
    data = json.loads(json.dumps(game.to_dict()))
    again = restore_state(game.variant, data)
    assert again.current_player == game.current_player
    assert [x.arg for x in again.legal_actions()] == [x.arg for x in game.legal_actions()] == ["keep", "give"]
    _answer(again, "keep")
    assert again.dropped == {game.current_player}
    top = len(data["frames"]) - 1
    assert data["frames"][top - 1]["t"] == "win"
    broken = json.loads(json.dumps(data))
    broken["frames"][top]["b"] = 0  # a block that is neither the window's body nor a pass's
    with pytest.raises(RestoreError, match=rf"frames\[{top}\]"):
        restore_state(game.variant, broken)


def test_stop_loop_in_a_pass_block_is_refused_though_the_turn_is_in_a_loop(write):
    """The block stands on the window: the turn's loops are left with the rest of the turn."""
    text = """counters: {coins: {each: player, reset: never}}
hooks:
  start_of_turn: |
    take turns P among players until all pass, at most 9:
      repeat 2 times:
        choose number B from 1 to coins of P by P, or pass:
          stop loop
        stop loop
"""
    with pytest.raises(VariantError) as refused:
        _variant(write, text)
    (problem,) = str(refused.value).splitlines()
    assert ":8:11: " in problem and "'stop loop' leaves a 'for each' or a 'repeat'" in problem


def test_a_window_with_every_player_dropped_passes_nobody_by(write):
    """rulings.md, 85 and 83: with every player out, nobody is passed by."""
    text = AUCTION.replace("    set high to 0\n", "    set high to 0\n    for each player X:\n      drop X\n")
    assert text != AUCTION
    game = new_state(_variant(write, text), 3, seed=1)
    assert game.current_player == game.turn_player  # asked, though dropped: everyone is


# ----- the test games ---------------------------------------------------------------------------------


def test_love_letter_the_countess_without_an_effect_is_played_when_a_king_or_prince_is_held():
    """Love Letter: "you must play her if you also hold the King or a Prince"; her card has no
    effect line at all, and is still played, to the played pile."""
    variant = load_variant(DATA / "love-letter.yaml")
    assert not next(card for card in variant.cards if card.id == "countess").effect.statements
    forced = 0
    for seed in range(80):  # before the first question, only a play nobody was asked for was made
        game = new_state(variant, 2, seed=seed)
        for player in range(2):
            played = {game.book.card_ids[code % game.book.kinds] for code in _pile(game, "played", player)}
            held = {game.book.card_ids[code % game.book.kinds] for code in _pile(game, "hand", player)}
            forced += "countess" in played and bool(held & {"king", "prince"})
    assert forced > 0
