"""The card an effect names is the very card it named, and a `repeat while` is looked ahead
round by round as it runs (issue 44, 2: three departures of Monopoly Chance, whose causes are
the kernel's, shown here in a small game written for these tests).

A card a name holds remembers where it lay, "because copies of a card are alike but not in
one place: `put K on P` takes the very card chosen from the row, not its twin in the deck"
(engine/core/refs.py, CardRef); and a choice offers only the answers from which the rest of
the card can be followed and changes something (docs/rulings.md, 17). The ways they came apart:

- the look-ahead of a `repeat while` carried out its next round without its test, so a loop
  that ends after one choice lost that choice's only answer (Back in Business, Grand Opening);
- the look-ahead of `put K` took the first copy of K on the table, not the one K names, so
  moving a card beside its own twin looked like no change (the Just Visiting corner);
- after `play K`, K still named the card where it had been, so `put K` took a copy of it
  from elsewhere, such as a face-down deck (a Nope protecting a property).
"""

from __future__ import annotations

import pytest

from engine import load_variant
from engine.game.game_state import new_state
from scenario import start_turn_of

GAME = """\
format: 1
name: Named Cards (test game)
description: A test game of cards an effect names and moves about.
how_to_play: |
  On your turn play a card from your hand, or pass.
players:
  setups:
    - {players: 2, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b", token: red token}
    - {id: blue, name: Blue, colour: "#2e86de", token: blue token}
board:
  zones:
    - {id: ledge, name: Ledge, colour: "#7f8c8d", values: [1]}
  stacks: cards
  ownership:
    rule: top_card
rules: {}
rule_kinds: {}
scores:
  shelved: {most: count card K in shelf of X, name: cards on the shelf}
ranking: [shelved]
counters:
  placing: {each: game, reset: turn}
ends:
  done: said so
# the draw deck comes first, the row before the discard pile: the first place that holds a
# copy of a card is not always the place of the card named
piles:
  deck: {name: draw deck, each: player, seen_by: nobody}
  row: {name: row, each: player, seen_by: everyone}
  hand: {name: hand, each: player, seen_by: everyone}
  discards: {name: discard pile, each: player, seen_by: everyone}
  shelf: {name: shelf, each: player, seen_by: everyone}
timings:
  now: played from your hand on your turn
  gem: a gem, never played
setup: |
  start with me
turn: |
  offer cards timed now
  choose word W from "next", "done"
  if W is "done":
    end game done for me
deck:
  name: Cards
  cards:
    - {id: gem, name: Gem, count: 2, text: A gem., timing: gem, value: 2, tags: [gem], discard_to: discards}
    - {id: pearl, name: Pearl, count: 2, text: A pearl., timing: gem, value: 1, tags: [gem], discard_to: discards}
    - {id: nope, name: Nope, count: 2, text: Says no., timing: gem, tags: [nope], discard_to: discards, effect: "say \\"Nope!\\""}
    - id: recall
      name: Recall
      count: 1
      text: Put a gem from your discard pile in your row.
      timing: now
      discard_to: discards
      effect: |
        choose card V in discards of me where V has "gem"
        put V on row of me
    - id: shelve
      name: Shelve
      count: 1
      text: Put a gem from your discard pile on your shelf.
      timing: now
      discard_to: discards
      effect: |
        set placing to 1
        repeat while placing = 1 and (count card K in discards of me where K has "gem") > 0:
          choose card K in discards of me where K has "gem"
          put K on shelf of me
          set placing to 0
    - id: shelve_nope
      name: Shelve a Nope
      count: 1
      text: Play a Nope from your hand, then put it on your shelf.
      timing: now
      discard_to: discards
      effect: |
        choose card N in hand of me where N has "nope"
        play N
        put N on shelf of me
"""

PILES = ("deck", "row", "hand", "discards", "shelf")


@pytest.fixture
def variant(write):
    return load_variant(write(GAME, "named-cards.yaml"))


def position(variant, piles: dict[str, list[str]]):
    """Red's turn, Red's piles holding `piles` (card ids, top last), every other pile empty."""
    game = new_state(variant, 2, seed=1)
    for player in range(2):
        for pile in PILES:
            game.pile_of(pile, player).clear()
    for pile, cards in piles.items():
        game.pile_of(pile, 0)[:] = [game.book.card_code([card, 0]) for card in cards]
    return start_turn_of(game, 0)


def lying(game) -> dict[str, list[str]]:
    return {pile: [game.variant.cards[c % game.book.kinds].id for c in game.pile_of(pile, 0)] for pile in PILES}


def test_a_choice_in_a_repeat_while_that_ends_after_it_keeps_its_only_answer(variant):
    """The loop's next round comes only if its test holds once this round is done: here it
    does not (placing is 0), so the gem, the only card to choose, is offered and shelved;
    the look-ahead went round again without the test, found nothing, and said "nothing to
    choose" (issue 44, 2.1)."""
    game = position(variant, {"hand": ["shelve"], "discards": ["gem"]})
    told = [e.describe() for e in game.apply({"kind": "play", "arg": "shelve"})]
    assert "Red puts Gem on Red's shelf" in told and not any("nothing to choose" in line for line in told)
    assert lying(game)["shelf"] == ["gem"]


def test_a_card_is_offered_beside_its_twin_where_it_goes(variant):
    """Recall's gem may be the discard pile's, though the row holds a gem too: the card moved
    is the one chosen, from the discard pile, and the move changes the game. The look-ahead
    took the row's gem, put it back on the row, saw no change and left the choice to the
    pearl alone (issue 44, 2.2)."""
    game = position(variant, {"hand": ["recall"], "row": ["gem"], "discards": ["gem", "pearl"]})
    game.apply({"kind": "play", "arg": "recall"})
    offered = sorted(game.variant.cards[a.arg % game.book.kinds].id for a in game.legal_actions())
    assert offered == ["gem", "pearl"]
    game.apply(next(a for a in game.legal_actions() if game.variant.cards[a.arg % game.book.kinds].id == "gem"))
    assert lying(game)["row"] == ["gem", "gem"] and lying(game)["discards"] == ["pearl", "recall"]


def test_a_card_played_by_name_is_the_card_put_after_it(variant):
    """`play N` then `put N on shelf of me`: the Nope played (gone to the discard pile when
    its effect was done) goes on the shelf; the Nope in the draw deck stays there. N named the
    card in the hand, where it no longer was, and `put` took the deck's copy (issue 44, 2.3)."""
    game = position(variant, {"hand": ["shelve_nope", "nope"], "deck": ["nope"]})
    game.apply({"kind": "play", "arg": "shelve_nope"})
    assert lying(game) == {"deck": ["nope"], "row": [], "hand": [], "discards": ["shelve_nope"], "shelf": ["nope"]}


def test_a_card_played_by_name_follows_it_to_where_its_effect_put_it(write):
    """A played card whose own effect puts it somewhere (`put this on ...`) is found there by
    the name that played it."""
    text = GAME.replace('effect: "say \\"Nope!\\""', 'effect: "put this on row of me"')
    assert text != GAME
    game = position(load_variant(write(text, "named-cards.yaml")), {"hand": ["shelve_nope", "nope"], "deck": ["nope"]})
    game.apply({"kind": "play", "arg": "shelve_nope"})
    assert lying(game) == {"deck": ["nope"], "row": [], "hand": [], "discards": ["shelve_nope"], "shelf": ["nope"]}
