"""What a player sees must not depend on cards they cannot see (issue 10, 4): not their
observation, not the events, not the prompts, not even whether someone is being asked.

The test of it: twin games that differ only in cards hidden from a watcher, played forward
with the same actions, must look identical to the watcher at every step. docs/rulings.md, 33:
whoever holds a card is asked at the card questions, playable or not.
"""

from __future__ import annotations

import random

import pytest

from bundled import bundled_variants
from engine import load_variant
from engine.game.game import state_of
from engine.game.game_state import new_state
from tui.session import PUBLIC, Session

VARIANTS = bundled_variants()


def hide_differently(game, watcher: int, rnd: random.Random, own_first: bool = False):
    """A copy in which a card the watcher cannot see is swapped for a different one, and the
    pile slot to watch (the twins may rightly part once it runs low): between two other
    players' hands, between another hand and the bottom of the draw pile, or (a game whose
    hands are face up) the bottom two cards of a pile hidden from the watcher; with
    `own_first`, of a pile of the watcher's own whose order they may not know (their deck),
    so that a choice among its cards would show the order if it followed it. None when no
    such card is found."""
    twin = game.copy()
    layout = game.layout
    # not the player deciding now: their pending options were worked out from their hand
    others = [p for p in range(game.n) if p not in (watcher, game.current_player)]
    if not others:
        return None
    rnd.shuffle(others)
    hand, deck = layout.base.get("hand"), layout.base.get("deck")
    if hand is not None and deck is not None and not layout.seen(hand + others[0], watcher):
        for a in others:
            for b in others:
                if a == b:
                    continue
                for i, card in enumerate(twin.hand(a)):
                    for j, other in enumerate(twin.hand(b)):
                        if card != other:
                            twin.hand(a)[i], twin.hand(b)[j] = other, card
                            return twin, deck
        if layout.slot_pile[deck].each == "game" and len(twin.pile_of("deck")) > 1:
            for i, card in enumerate(twin.hand(others[0])):
                if card != twin.pile_of("deck")[0]:
                    twin.hand(others[0])[i], twin.pile_of("deck")[0] = twin.pile_of("deck")[0], card
                    return twin, deck
        return None
    hidden = [slot for slot in range(layout.slots) if not layout.seen(slot, watcher) and len(twin.piles[slot]) > 3]
    rnd.shuffle(hidden)
    # a pile of the table first: a player's own deck may be shuffled in the middle of a move
    # (when it runs out), which would bring the swapped card up at once
    hidden.sort(key=lambda slot: layout.slot_pile[slot].each != "game")
    if own_first:
        hidden.sort(key=lambda slot: layout.slot_owner[slot] != watcher or layout.slot_pile[slot].each != "player")
    for slot in hidden:
        pile = twin.piles[slot]
        if pile[0] != pile[1]:
            pile[0], pile[1] = pile[1], pile[0]
            return twin, slot
    return None


def seen(game, watcher: int, events) -> tuple:
    """Everything the watcher is shown: their observation, the events as told to them, and
    why options are withheld from them (Game.withheld: the UI says it in one line)."""
    return game.observation(watcher), [(e.to_dict(watcher), e.describe(watcher)) for e in events], game.withheld(watcher)


def common_action(game, twin, rnd: random.Random):
    """An action legal in both games (the hidden cards may give a player different options)."""
    theirs = {(a.kind, a.arg) for a in twin.legal_actions()}
    shared = [a for a in game.legal_actions() if (a.kind, a.arg) in theirs]
    return rnd.choice(shared) if shared else None


def _shuffled(game, slot: int, events) -> bool:
    """Whether the pile at `slot` was shuffled during these events (a shuffle is told)."""
    pile, owner = game.layout.slot_pile[slot].id, game.layout.slot_owner[slot]
    return any(e.kind == "shuffle" and (e.data["pile"], e.data["owner"]) == (pile, owner) for e in events)


REVEALED_AT_ONCE = 8
"""Cards one action may turn over from a pile: a Chance icon rolled again and again, a roll's
flips and a Flip 2's. Once the swapped cards are this near the top, the twins may part."""

CASES = [(name, players) for name in sorted(VARIANTS) for players in (2, 3, 4)]


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CASES)
def test_twin_games_differing_in_hidden_cards_look_the_same_to_the_watcher(name, players):
    rnd = random.Random(f"{name}-{players}")
    compared = 0
    for seed in range(16):
        game = new_state(VARIANTS[name], players, seed=seed)
        for _ in range(rnd.randrange(0, 60)):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        watcher = rnd.randrange(players)
        hidden = hide_differently(game, watcher, rnd, own_first=seed % 2 == 1)
        if hidden is None or game.is_over:
            continue
        twin, slot = hidden
        assert seen(game, watcher, []) == seen(twin, watcher, [])
        for _ in range(150):
            if game.is_over or min(len(game.piles[slot]), len(twin.piles[slot])) <= REVEALED_AT_ONCE:
                break  # the swapped bottom card could be drawn now: the twins may rightly part
            if game.piles[slot][-3:] != twin.piles[slot][-3:]:
                break  # a shuffle brought a swapped card up: the next cards turned over show it
            action = common_action(game, twin, rnd)
            if action is None:
                break  # e.g. a discard among different hidden cards: the choice itself is seen
            events, twin_events = game.apply(action), twin.apply(action)
            if _shuffled(game, slot, events):
                break  # the watched pile was shuffled in the move (a Go token): its next card may be either
            assert seen(game, watcher, events) == seen(twin, watcher, twin_events)
            assert twin.is_over == game.is_over
            compared += 1
    assert compared >= 150, "the twins were compared over enough decisions"


def test_cards_chosen_from_a_pile_whose_order_the_chooser_cannot_see_come_in_one_order(write):
    """Choosing among the cards of a face-down pile (looking through one's own deck, say)
    must not show the order they lie in: the options come in the cards' own order."""
    scout = (
        "extends: winning-moves-2016\nrules:\n  starting_hand: 1\ndeck:\n  cards:\n    - id: scout\n      name: Scout\n"
        "      count: 28\n      text: Take any card of the deck.\n      timing: end_of_turn\n      effect: |\n"
        "        choose card K in deck\n        put K on hand of me\n"
    )
    variant = load_variant(write(scout))
    game = new_state(variant, 2, seed=4)
    while game.decision != "card" or {"kind": "play", "arg": "scout"} not in [a.to_dict() for a in game.legal_actions()]:
        game.apply(game.legal_actions()[0])
    twin = game.copy()
    deck = twin.pile_of("deck")
    deck.reverse()
    assert deck != game.pile_of("deck") and sorted(deck) == sorted(game.pile_of("deck"))
    player = game.current_player
    for playing in (game, twin):
        playing.apply({"kind": "play", "arg": "scout"})
    assert game.decision == twin.decision == "choose"
    assert game.observation(player) == twin.observation(player)
    options = [a.arg for a in game.legal_actions()]
    assert options == sorted(options)  # card codes: each kind in the order of the deck list


def test_a_player_with_nothing_playable_is_asked_all_the_same():
    """The table cannot tell a hand with a playable card from one without: both are asked."""
    variant = VARIANTS["winning-moves-2016"]
    game = new_state(variant, 3, seed=2)
    asked_with_nothing = 0
    rnd = random.Random(4)
    while not game.is_over and asked_with_nothing < 5:
        if game.decision in ("after_roll", "card") and len(game.legal_actions()) == 1:
            asked_with_nothing += 1
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    assert asked_with_nothing == 5


def test_hot_seat_hand_overs_do_not_depend_on_hidden_cards():
    """Two people at one keyboard: the hand-over screens and who is asked what come in the
    same order whatever the other person holds."""
    variant = VARIANTS["winning-moves-2016"]
    checked = 0
    for seed in range(6):
        first = Session.start(variant, "winning-moves-2016", [None, None], seed)
        second = Session.start(variant, "winning-moves-2016", [None, None], seed)
        other = 1 - first.game.current_player
        twin = state_of(second.game)
        swapped = next((j for j, c in enumerate(twin.pile_of("deck")) if c not in twin.hand(other)), None)
        if swapped is None or not twin.hand(other):
            continue
        hand = twin.hand(other)
        hand[0], twin.pile_of("deck")[swapped] = twin.pile_of("deck")[swapped], hand[0]
        # both play only actions that do not depend on the swapped card: pass, end, build...
        rnd_a, rnd_b = random.Random(seed), random.Random(seed)
        trace_a, trace_b = [], []
        for _ in range(40):
            if first.game.is_over or len(state_of(first.game).pile_of("deck")) <= swapped + 1:
                break
            for session, trace in ((first, trace_a), (second, trace_b)):
                session.hide_hands()
                if session.needs_handover():
                    trace.append(("hand over", session.deciding, session.handover_reason()))
                    session.take_seat(session.deciding)
                trace.append(("asked", session.deciding, session.game.decision))
            action = common_action(first.game, second.game, rnd_a)
            rnd_b.random()
            if action is None:
                break
            first.apply(action)
            second.apply(action)
            checked += 1
        assert trace_a == trace_b
        assert first.viewer in (PUBLIC, 0, 1)
    assert checked >= 40


def test_one_person_against_bots_is_not_asked_a_question_with_one_answer():
    """Alone against bots nobody else watches, so the one-answer card questions are answered
    at once; undo takes back what the person chose, not those answers."""
    variant = VARIANTS["winning-moves-2016"]
    session = Session.start(variant, "winning-moves-2016", [None, "random"], seed=3)
    answered = 0
    for _ in range(300):
        if session.game.is_over:
            break
        answer = session.automatic_answer()
        if answer is not None:
            assert session.deciding == 0 and session.game.decision in ("after_roll", "card", "discard")
            assert session.game.legal_actions() == [answer]
            session.apply(answer)
            answered += 1
            continue
        if session.is_bot(session.deciding):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
        else:
            session.apply(session.game.legal_actions()[0])
    assert answered > 0
    chosen = [i for i, (who, auto) in enumerate(zip(session.deciders, session.automatic)) if who == 0 and not auto]
    before = len(session.record.actions)
    taken = session.undo()
    assert len(session.record.actions) == chosen[-1] == before - taken


def test_between_people_a_one_answer_question_is_shown():
    variant = VARIANTS["winning-moves-2016"]
    session = Session.start(variant, "winning-moves-2016", [None, None], seed=3)
    assert session.automatic_answer() is None
    for _ in range(200):
        if session.game.is_over:
            break
        assert session.automatic_answer() is None
        session.apply(session.game.legal_actions()[-1])
