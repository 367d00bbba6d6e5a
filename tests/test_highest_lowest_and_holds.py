"""Highest, lowest, and what a pile holds (issue 47, items 2 and 10).

"The lowest and highest card of a pile, by value, were found with counter loops. The direct
form was refused by the cost limit. That limit counts every card of the game (60) for a pile
that never holds more than 6. A round's winner was found by counting whether anyone beats
them, since there is no max. `highest value of C ...` gets "unexpected 'value' (expected end
of line)"" (issue 47, 2). "A name reserved by the language (`properties`) is accepted as a pile
name, and every use then fails ... 'narrow them with 'in' a zone' is offered for a pile of
cards" (issue 47, 10).

Each test writes its own small card game (RANKS): no board, no dice, three kinds of card by
value, a hand that holds at most 3.
"""

from __future__ import annotations

from engine.core.expressions import compile_expr
from engine.effects.parser import parse_condition
from engine.game.game_state import new_state
from engine.variant.load import check_variant
from test_check_bad_input import assert_at, only

RANKS = """format: 1
name: Ranks (test)
description: Cards ranked by value.
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b", token: red token}
    - {id: blue, name: Blue, colour: "#2e86de", token: blue token}
    - {id: green, name: Green, colour: "#27ae60", token: green token}
rules: {}
rule_kinds: {}
scores:
  wins: {most: wins of X, name: rounds won}
ranking: [wins]
counters:
  best: {each: game, reset: never}
  worst: {each: game, reset: never}
  wins: {each: player, reset: never, shown: "has won {} rounds"}
ends:
  done: finished
piles:
  deck: {name: draw pile, each: game, seen_by: nobody}
  hand: {name: hand, each: player, seen_by: owner%(holds)s}
  table: {name: table, each: game, seen_by: everyone}
timings:
  hand: played from your hand
deck:
  name: ranks
  cards:
    - {id: one, name: One, count: %(count)d, text: A one., timing: hand, value: 1, effect: "draw 1", discard_to: table}
    - {id: five, name: Five, count: %(count)d, text: A five., timing: hand, value: 5, effect: "draw 1", discard_to: table}
    - {id: nine, name: Nine, count: %(count)d, text: A nine., timing: hand, value: 9, effect: "draw 1", discard_to: table}
setup: |
  shuffle deck
  for each player X:
    draw 3 for X because "in the deal"
turn: |
%(turn)s
"""

TURN = """  set best to highest value of K for each card K in hand of me
  set worst to lowest value of K for each card K in hand of me
  put (highest card K in hand of me by value of K) on table
  draw 1
  if (count card K in deck) = 0:
    end game done
"""


def ranks(write, turn: str = TURN, holds: int | None = 3, count: int = 3, extra: str = ""):
    text = RANKS % {"holds": "" if holds is None else f", holds: {holds}", "count": count, "turn": turn.rstrip("\n")}
    return write(text + extra)


def checked(path):
    result = check_variant(path)
    assert result.ok, "\n".join(map(str, result.diagnostics))
    return result.variant


def value_of(game, text: str, me: int = 0):
    return compile_expr(parse_condition(text), {})(game, {}, me)


# ----- highest / lowest ---------------------------------------------------------------------


def test_highest_value_of_a_card_of_a_pile_is_a_word(write):
    """Issue 47, 2: "`highest value of C ...` gets 'unexpected 'value'" (on main: refused)."""
    game = new_state(checked(ranks(write, turn="  end game done")), 2, seed=3)
    hand = [game.variant.cards[code % game.book.kinds].value for code in game.hand(0)]
    assert value_of(game, "highest value of C for each card C in hand of me") == max(hand)
    assert value_of(game, "lowest value of C for each card C in hand of me") == min(hand)
    assert value_of(game, "highest value of C for each card C in hand of me where value of C < 0") == 0  # over nothing


def test_the_highest_card_of_a_hand_by_value_is_the_card_itself(write):
    game = new_state(checked(ranks(write, turn="  end game done")), 2, seed=3)
    top = value_of(game, "highest card C in hand of me by value of C")
    low = value_of(game, "lowest card C in hand of me by value of C")
    values = [game.variant.cards[code % game.book.kinds].value for code in game.hand(0)]
    assert game.variant.cards[top % game.book.kinds].value == max(values)
    assert game.variant.cards[low % game.book.kinds].value == min(values)
    assert value_of(game, "highest card C in hand of me where value of C > 100 by value of C") is None


def test_a_program_puts_the_highest_card_of_the_hand_on_the_table(write):
    game = new_state(checked(ranks(write)), 2, seed=5)
    assert game.counters["best"] >= game.counters["worst"] >= 1
    laid = [game.variant.cards[code % game.book.kinds].value for code in game.pile_of("table")]
    assert laid, "each turn lays its highest card"


def test_the_player_with_the_most_is_the_first_in_turn_order_among_those_tied(write):
    """docs/rulings.md, 81: a tie goes to the first in the order `for each` takes, or to
    nobody `unless tied`."""
    game = new_state(checked(ranks(write, turn="  end game done")), 3, seed=1)
    assert [len(game.hand(p)) for p in range(3)] == [3, 3, 3]
    assert value_of(game, "highest player X by cards of X", me=1) == 1
    assert value_of(game, "highest player X by cards of X unless tied", me=1) is None
    game.hand(2).pop()
    assert value_of(game, "lowest player X by cards of X unless tied", me=0) == 2
    assert value_of(game, "highest cards of X for each player X") == 3


def test_highest_wants_a_number_to_rank_by_located(write):
    turn = "  let W = highest player X by X\n  end game done"
    diagnostics = check_variant(ranks(write, turn=turn)).diagnostics
    assert any("what 'highest' ranks by must be a number, but this is a player" in d.message for d in diagnostics)


# ----- what a pile holds: the cost and play -------------------------------------------------


NESTED = """  if (count card A in hand of me where (count card B in hand of me where
      (count card C in hand of me where value of C > value of B) > value of A) > 0) > 0:
    say "nested"
  end game done
"""


def test_a_pile_that_holds_three_costs_three_not_every_card_of_the_game(write):
    """Issue 47, 2: the cost limit counted every card of the game (here 60) for a hand that
    never holds more than 3; the hint then offered zones (issue 47, 10)."""
    refused = only(ranks(write, turn=NESTED, holds=None, count=20))
    assert "more than the 20,000 allowed" in refused.message and "60 cards" in refused.message
    assert "holds" in (refused.hint or "") and "zone" not in (refused.hint or "")
    checked(ranks(write, turn=NESTED, holds=3, count=20))


def test_a_full_hand_draws_nothing_and_the_log_says_so(write):
    game = new_state(checked(ranks(write, turn="  draw 2\n  end game done")), 2, seed=1)
    assert [len(game.hand(p)) for p in range(2)] == [3, 3]
    told = [e.describe() for e in game.setup_events if e.kind == "pile_full"]
    assert told and told[0] == "Red's hand is full: the card stays where it was"


def test_a_card_put_onto_a_full_pile_stays_where_it_was(write):
    turn = "  put top card of deck on hand of me\n  end game done"
    game = new_state(checked(ranks(write, turn=turn)), 2, seed=1)
    assert len(game.hand(0)) == 3 and len(game.pile_of("deck")) == 9 - 6
    assert any(e.kind == "pile_full" for e in game.setup_events)


def test_more_cards_starting_in_a_pile_than_it_holds_is_refused_where_holds_is(write):
    path = ranks(write, turn="  end game done", extra="")
    text = path.read_text().replace("seen_by: nobody}", "seen_by: nobody, holds: 5}", 1)
    assert_at(only(write(text)), "v.yaml", 24, 63, "pile 'deck' holds at most 5 cards, but 9 start in it")


def test_a_pile_cards_are_discarded_to_cannot_say_what_it_holds(write):
    path = ranks(write, turn="  end game done")
    text = path.read_text().replace("seen_by: everyone}", "seen_by: everyone, holds: 4}", 1)
    assert_at(only(write(text)), "v.yaml", 26, 62, "pile 'table' takes whatever comes (cards are discarded to it)")


# ----- a reserved word as a pile's name (issue 47, 10) ---------------------------------------


def test_a_pile_named_after_a_reserved_word_is_refused_where_it_is_named(write):
    """Before: accepted, and every `properties of me` then failed with "unexpected 'on'
    (expected 'of')"."""
    path = ranks(write, turn="  end game done")
    text = path.read_text().replace("  table: {name: table", "  properties: {name: table")
    text = text.replace("discard_to: table", "discard_to: properties")
    assert_at(only(write(text)), "v.yaml", 26, 3, "'properties' is reserved",
              "a pile named 'properties' could never be read", hint="my_properties")


def test_the_pile_the_discard_statement_fills_may_keep_its_name(write):
    """`discard` is a word, and the pile cards go to by default: the bundled games' name."""
    path = ranks(write, turn="  end game done")
    text = path.read_text().replace("  table: {name: table", "  discard: {name: table").replace(", discard_to: table", "")
    checked(write(text))
