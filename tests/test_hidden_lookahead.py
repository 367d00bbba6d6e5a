"""The answers a choice offers must not tell its chooser the cards they cannot see.

A choice inside an effect offers only the answers after which something happens (rulings.md,
17). Worked out on the real cards, that filter told secrets: in a hand-card game whose Guard
names a card an opponent may hold (`choose number N` then `if (count card C in hand of O where
value of C = N) > 0`), only the right number was left, so the guess was made for the player;
an opponent whose hand made the card do nothing was left out of the opponents offered. Now
the look-ahead, once it has read cards the chooser may not see, tries each `if` both ways.

The game is tests/data/hand-cards.yaml, a Love Letter-like test game, with `, every answer`
(which made every answer stay) taken off its choices.
"""

from __future__ import annotations

import random
from pathlib import Path

from engine import load_variant
from engine.game.game_state import new_state
from test_hidden_information import common_action, hide_differently, seen

DATA = Path(__file__).parent / "data"


def filtered_hand_cards(write):
    text = (DATA / "hand-cards.yaml").read_text(encoding="utf-8").replace(", every answer", "")
    return load_variant(str(write(text, "hand-cards-filtered.yaml")))


def test_a_guess_at_a_hidden_card_offers_every_number(write):
    variant = filtered_hand_cards(write)
    asked = 0
    for seed in range(12):
        game, rnd = new_state(variant, 3, seed=seed), random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if actions[0].kind == "choose" and actions[0].what == "number":
                assert [a.arg for a in actions] == list(range(2, 9))  # "Name a card other than Guard"
                asked += 1
            game.apply(rnd.choice(actions))
    assert asked >= 100


def test_the_options_a_player_is_offered_do_not_depend_on_cards_they_cannot_see(write):
    """Twin games differing only in cards hidden from the next player to decide offer them
    the same answers, as long as nothing they were shown told the cards apart (a Guard's
    right guess rightly does)."""
    variant = filtered_hand_cards(write)
    rnd = random.Random("hidden look-ahead")
    compared = 0
    for seed in range(80):
        game = new_state(variant, 4, seed=seed)
        for _ in range(rnd.randrange(0, 30)):
            if game.is_over:
                break
            game.apply(rnd.choice(game.legal_actions()))
        if game.is_over:
            continue
        watcher = rnd.randrange(4)
        hidden = hide_differently(game, watcher, rnd)
        if hidden is None:
            continue
        twin, _ = hidden
        for _ in range(20):
            action = common_action(game, twin, rnd)
            if action is None or game.is_over or twin.is_over:
                break
            events, twin_events = game.apply(action), twin.apply(action)
            if seen(game, watcher, events)[1] != seen(twin, watcher, twin_events)[1]:
                break  # told apart in the open: from here the twins may part
            if game.current_player == watcher and twin.current_player == watcher:
                assert [a.to_dict() for a in game.legal_actions()] == [a.to_dict() for a in twin.legal_actions()]
                compared += 1
    assert compared >= 30
