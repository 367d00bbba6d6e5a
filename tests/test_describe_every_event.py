"""Every event of every valid variant can be told, to every viewer (issue 25, 12).

A log line is built from the event's data and the variant's names; an event about a pile of
a space ("the buildings of Boardwalk") once read the space's number as a player's and failed.
Random games of every bundled variant, and of a variant written for this test whose cards
move cards between piles of every kind (the table's, each player's seen by the owner, by
everyone or by nobody, each space's) and the spaces themselves, are told event by event and
run by run, as the log and the story tell them, from every seat and from the all-seeing log.
"""

from __future__ import annotations

import random

import pytest

from engine import load_variant
from engine.game.game_state import new_state
from engine.game.messages import describe_run, runs
from engine.resources import bundled_variant_names

EVERY_PILE = """\
extends: monopoly-chance
piles:
  dropped: {name: dropped cards, each: space, seen_by: everyone}
  hidden_here: {name: hidden cards, each: space, seen_by: owner}
  vault: {name: vault, each: player, seen_by: owner}
  box: {name: box, each: game, seen_by: nobody}
deck:
  cards:
    - id: shuffler
      name: Shuffler
      count: 2
      text: Moves cards about.
      timing: after_flip
      discard_to: discards
      effect: |
        choose property P where value of P > 0
        if (count card K in row of me) > 0:
          choose card K in row of me
          put K on dropped of P
        if (count card K in dropped of P) > 0:
          choose card K in dropped of P
          put K on hidden_here of P
        if (count card K in hidden_here of P) > 0:
          choose card K in hidden_here of P
          put K on vault of me
        if (count card K in vault of me) > 0:
          choose card K in vault of me
          put K on box
        if (count card K in box) > 0:
          put top card of box on P
        for each card K in dropped of P:
          put K on deck of me
"""


def _tell_everything(game, events) -> None:
    viewers = [None, *range(game.n)]
    for viewer in viewers:
        for event in events:
            assert event.describe(viewer)
            assert event.to_dict(viewer)
        for run in runs(events):
            assert describe_run(run, viewer)


def _play(variant, players: int, seed: int, most: int = 2_000) -> int:
    rnd = random.Random(seed)
    game = new_state(variant, players, seed=seed)
    told = len(game.setup_events)
    _tell_everything(game, game.setup_events)
    for _ in range(most):
        if game.is_over:
            break
        actions = game.legal_actions()
        events = game.apply(actions[rnd.randrange(len(actions))])
        _tell_everything(game, events)
        told += len(events)
    return told


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(bundled_variant_names()))
def test_every_event_of_random_games_of_each_bundled_variant_can_be_told(name):
    variant = load_variant(name)
    assert sum(_play(variant, players, seed) for players in (2, 4) for seed in range(2)) > 200


def test_every_event_of_a_game_moving_cards_through_every_kind_of_pile_can_be_told(write):
    variant = load_variant(write(EVERY_PILE))
    assert {pile.each for pile in variant.piles} == {"game", "player", "space"}
    assert {pile.seen_by for pile in variant.piles} == {"everyone", "owner", "nobody"}
    put_on = set()
    for seed in range(6):
        game = new_state(variant, 3, seed=seed)
        rnd = random.Random(seed)
        while not game.is_over and game.turn_number < 80:
            actions = game.legal_actions()
            played = [a for a in actions if a.arg == "shuffler"]
            events = game.apply(played[0] if played else actions[rnd.randrange(len(actions))])
            _tell_everything(game, events)
            put_on |= {e.data["to"] for e in events if e.kind == "put" and isinstance(e.data["to"], str)}
    assert {"dropped", "hidden_here", "vault", "box"} <= put_on


def test_a_card_put_on_a_spaces_pile_is_told_by_the_spaces_name(write):
    variant = load_variant(write(EVERY_PILE))
    game = new_state(variant, 2, seed=1)
    texts = game.texts
    assert texts.place("dropped", 0) == f"the dropped cards of {texts.properties[0]}"
    assert texts.place("vault", 1) == f"{texts.players[1]}'s vault"
    assert texts.place("box", None) == "box"
