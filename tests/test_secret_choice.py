"""Everyone chooses at once, in secret, then all reveal (issue 47, 4): "Simultaneous secret
choice is a general question kind. All chosen players are asked; no seat's screen, log,
observation or bot input shows another's pick until the reveal." The word is
`in secret, each player X chooses ... into COUNTER` (docs/effects.md, engine/words/secret.py);
the screens are compared in tests/test_tui_twins.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import RestoreError, load_variant
from engine.bots import make_bot
from engine.game.game import as_known_to
from engine.game.game_state import GameState, new_state
from engine.game.invariants import broken_invariants
from engine.game.messages import EVERYONE
from engine.game.snapshot import restore_state
from engine.variant.load import check_variant

PLAYERS = """\
players:
  setups:
    - {players: 2, units: 0}
    - {players: 3, units: 0}
    - {players: 4, units: 0}
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
    - {id: green, name: Green, colour: "#27ae60"}
    - {id: orange, name: Orange, colour: "#e67e22"}
rules: {}
rule_kinds: {}
"""
"""Two to four seats, and no rules: what the test games of secret choices share."""

SEALED_BIDS = """\
format: 1
name: Sealed Bids (test game)
description: >-
  Each round everyone bids coins in secret and shows a sign; the highest bids score the round,
  and a sign that beats the turn player's scores too.
""" + PLAYERS + """\
scores:
  points: {most: points of X, name: points}
  coins: {most: coins of X, name: coins left}
ranking: [points, coins]
counters:
  coins: {each: player, reset: never, shown: "has {} coins"}
  bid: {each: player, reset: never}
  sign: {each: player, reset: never}
  points: {each: player, reset: never, shown: "has {} points"}
  rounds: {each: game, reset: never}
piles:
  deck: {each: game, seen_by: nobody}
setup: |
  for each player X:
    set coins of X to 6
turn: |
  in secret, each player X chooses number from 0 to coins of X into bid
  for each player X:
    add 0 - bid of X to coins of X
    if (count player Y where bid of Y > bid of X) = 0:
      add 1 to points of X
  in secret, each player X chooses word from "rock", "paper", "scissors" into sign
  for each player X where sign of X = sign of me + 1 or sign of X = sign of me - 2:
    add 1 to points of X
  add 1 to rounds
  if rounds >= 8:
    end game
deck:
  name: Nothing
  cards: []
"""
"""A sealed bid of the coins left, then rock-paper-scissors against the turn's player: a game of
nothing but secret choices, of numbers and of words."""

SEALED_CARDS = """\
format: 1
name: Sealed Cards (test game)
description: >-
  Each round everyone plays a card of their hand face down at once; the highest card alone
  scores a point. Red starts a card short, so Red's hand runs out first.
""" + PLAYERS + """\
scores:
  points: {most: points of X, name: points}
ranking: [points]
counters:
  points: {each: player, reset: never, shown: "has {} points"}
piles:
  hand: {name: hand, each: player, seen_by: owner}
  played: {name: cards played, each: player, seen_by: everyone}
  spent: {name: cards set aside, each: game, seen_by: nobody}
setup: |
  put top card of hand of me on spent
turn: |
  in secret, each player X chooses card from hand of X into played of X
  let High = highest value of top card of played of X for each player X
  if (count player Y where value of top card of played of Y = High) = 1:
    for each player X where value of top card of played of X = High:
      add 1 to points of X
  if (count player X where (count card C in hand of X) > 0) = 0:
    end game
deck:
  name: Cards
  cards:
    - {id: one, name: One, count: 1, value: 1, text: One., starts_in: hand}
    - {id: two, name: Two, count: 1, value: 2, text: Two., starts_in: hand}
    - {id: three, name: Three, count: 1, value: 3, text: Three., starts_in: hand}
    - {id: four, name: Four, count: 1, value: 4, text: Four., starts_in: hand}
"""
"""Everyone plays a card face down at once (`in secret, each player X chooses card from hand
of X into played of X`), the highest alone scoring: Goofspiel's bid, small. Red is dealt a card
short, so Red's hand is empty in the last round."""

WATCHER = 0


@pytest.fixture(scope="module")
def variant(tmp_path_factory):
    path = tmp_path_factory.mktemp("sealed") / "sealed-bids.yaml"
    path.write_text(SEALED_BIDS, encoding="utf-8")
    return load_variant(path)


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("sealed") / "sealed-cards.yaml"
    path.write_text(SEALED_CARDS, encoding="utf-8")
    return load_variant(path)


def other_pick(game: GameState, index: int) -> int:
    """Another pick than the one of `index`: the twin's other seats choose differently."""
    return (index + 1) % len(game.legal_actions())


def twins(variant, seed: int):
    """The same game twice, every seat but the watcher choosing differently in the second."""
    return new_state(variant, 3, seed=seed), new_state(variant, 3, seed=seed)


def test_the_check_refuses_picks_into_anything_but_a_counter_of_each_player(write, capsys):
    """The picks are revealed into a counter of each player; `rounds` is one for the game."""
    result = check_variant(write(SEALED_BIDS.replace("chooses number from 0 to coins of X into bid",
                                                     "chooses number from 0 to coins of X into rounds")))
    assert not result.ok
    assert any("the picks go into a counter of each player, and 'rounds' is not one" in d.message
               for d in result.diagnostics)


@pytest.mark.parametrize("game_of", ["variant", "cards"])
def test_no_seat_learns_anothers_pick_before_the_reveal(request, game_of):
    """Two games alike but for the other seats' picks (numbers and words; or cards of the
    hand): until the reveal, the watcher's observation (its "state" included), every event as
    told to them and the game as they know it (what a bot searches) are the same in both."""
    variant = request.getfixturevalue(game_of)
    compared = 0
    for seed in range(6):
        one, other = twins(variant, seed)
        rnd = random.Random(seed)
        for _ in range(40):
            if one.is_over:
                break
            assert one.decision == other.decision
            index = rnd.randrange(len(one.legal_actions()))
            secret = one.decision == "secret" and one.current_player != WATCHER
            told = one.apply(one.legal_actions()[index]), other.apply(
                other.legal_actions()[other_pick(other, index) if secret else index])
            if any(event.kind == "reveal" for events in told for event in events):
                break  # from here on the picks are known: the games are told apart
            assert [e.describe(WATCHER) for e in told[0]] == [e.describe(WATCHER) for e in told[1]]
            assert [e.to_dict(WATCHER) for e in told[0]] == [e.to_dict(WATCHER) for e in told[1]]
            assert one.observation(WATCHER) == other.observation(WATCHER)
            assert one.public_observation() == other.public_observation()
            if one.current_player == WATCHER:
                known = [as_known_to(game, WATCHER) for game in (_game(one), _game(other))]
                assert known[0] is not None and known[1] is not None
                assert known[0].to_dict() == known[1].to_dict()
            compared += 1
        assert one.to_dict() != other.to_dict(), "the twins differ in a pick"
    assert compared >= 6


def _game(state: GameState):
    from engine.game.game import Game

    return Game(state)


def test_every_chooser_is_asked_and_the_picks_are_revealed_together_into_their_counters(variant):
    game = new_state(variant, 3, seed=5)
    asked, events = [], []
    for _ in range(3):
        assert game.decision == "secret"
        asked.append(game.current_player)
        events = game.apply(game.legal_actions()[-1])  # every seat bids all its coins
    assert asked == [0, 1, 2]  # in turn order from the turn's player
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].data == {"players": [0, 1, 2], "picks": [6, 6, 6], "counter": "bid"}
    assert reveal[0].describe(WATCHER) == "The secret choices are revealed: Red 6, Blue 6, Green 6"
    assert events[0].describe(WATCHER) == "Green has chosen in secret"
    assert events[0].describe(2) == "Green chooses 6 in secret"  # the chooser is told their own pick
    assert events[0].to_dict(WATCHER) == {"kind": "secret_pick", "player": 2}
    assert game.player_counters["coins"] == [0, 0, 0]


def test_a_player_with_one_option_is_asked_too(variant):
    """Taking a single option at once would tell everyone that the player had one: Blue, with
    no coins left after the first round, is still asked their bid (0), first, as the turn's
    player."""
    game = new_state(variant, 2, seed=1)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[-1])  # Blue bids all six coins
    for _ in range(2):
        game.apply(game.legal_actions()[0])  # the signs
    assert game.turn_player == 1
    assert game.decision == "secret" and game.current_player == 1
    assert [a.arg for a in game.legal_actions()] == [0]


def test_a_game_saved_in_the_middle_of_a_secret_choice_restores_and_plays_on_alike(variant):
    game = new_state(variant, 3, seed=2)
    game.apply(game.legal_actions()[3])
    data = json.loads(json.dumps(game.to_dict()))
    assert data["frames"][-1]["t"] == "secret" and data["frames"][-1]["picks"] == [3]
    again = restore_state(variant, data)
    for _ in range(6):
        ours, theirs = game.apply(game.legal_actions()[1]), again.apply(again.legal_actions()[1])
        assert [e.describe(EVERYONE) for e in ours] == [e.describe(EVERYONE) for e in theirs]
    assert broken_invariants(again) == []


@pytest.mark.parametrize("game_of, field, value, message", [
    ("variant", "picks", [3, 2, 1], "holds every pick"),
    ("variant", "picks", [9], "picks[0]: must be a whole number from 0 to 6"),
    ("variant", "players", [0, 0, 2], "must name each player who chooses once"),
    ("variant", "highs", [6, 6], "must have 3 entries"),
    ("variant", "lows", [0, "0", 0], "lows[1]: must be a whole number"),
    ("cards", "picks", [99], "picks[0]: must be a whole number from -1 to"),
    ("cards", "targets", [1, 2], "must have 3 entries"),
    ("cards", "sources", [0, 1, 99], "sources[2]: must be a whole number from 0 to"),
])
def test_a_damaged_secret_choice_in_a_save_is_refused_naming_the_field(request, game_of, field, value, message):
    """Of numbers (sealed bids), or of cards (sealed cards: the piles each card is chosen from
    and goes onto, and a pick that is a card's code)."""
    variant = request.getfixturevalue(game_of)
    game = new_state(variant, 3, seed=2)
    game.apply(game.legal_actions()[3 if game_of == "variant" else 0])
    data = json.loads(json.dumps(game.to_dict()))
    data["frames"][-1][field] = value
    with pytest.raises(RestoreError) as refused:
        restore_state(variant, data)
    assert f"frames[{len(data['frames']) - 1}]" in str(refused.value) and message in str(refused.value), str(refused.value)


@pytest.mark.parametrize("bots", [("random", "greedy", "strong:iterations=20"), ("greedy", "greedy", "random", "random")])
def test_every_bot_answers_a_secret_choice_and_plays_the_game_to_its_end(variant, bots):
    game = new_state(variant, len(bots), seed=3)
    players = [make_bot(spec, variant, seed=seat) for seat, spec in enumerate(bots)]
    while not game.is_over:
        player = game.current_player
        choice = players[player].choose(game.observation(player))
        game.apply(choice)
        assert broken_invariants(game) == []
    assert game.result() is not None


def test_the_word_is_documented_with_its_question_and_events():
    api = (Path(__file__).parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    assert "| `secret` (" in api and "| `secret_pick` |" in api and "| `reveal` |" in api


def test_the_secret_choices_frame_declares_copies_and_saves_all_its_fields(variant):
    """As tests/test_engine_invariants.py holds the frames of the bundled games: its fields
    declared once, a copy shares no list, a save round trip gives the same frame."""
    from engine.core.frames import frame_from_dict

    game = new_state(variant, 3, seed=2)
    game.apply(game.legal_actions()[3])
    frame = game.frames[-1]
    assert frame.kind == "secret" and frame.keeps_secrets
    held = {attr for attr in dir(frame) if not attr.startswith("_") and not callable(getattr(frame, attr))}
    assert held - {"fields", "kind", "optional", "keeps_secrets"} == set(frame.fields)
    copy = frame.copy()
    assert copy.to_dict() == frame.to_dict()
    assert all(getattr(copy, name) is not getattr(frame, name) for name in frame.fields)
    assert frame_from_dict(frame.to_dict()).to_dict() == frame.to_dict()


# ----- a card chosen in secret ----------------------------------------------------------------


def test_the_cards_chosen_in_secret_are_revealed_together_onto_their_piles(cards):
    """`chooses card from hand of X into played of X`: each card stays in its hand, unseen,
    until the last is chosen; then every one goes onto its chooser's pile, face up, told in one
    `reveal` event naming each card (no `put` events), and is gone from the hand."""
    game = new_state(cards, 3, seed=4)
    layout = game.layout
    hands = [layout.slot("hand", p) for p in range(3)]
    held = [len(game.piles[slot]) for slot in hands]
    assert held == [3, 4, 4]  # Red was dealt a card short
    chosen, events = [], []
    for player in (0, 1, 2):
        assert game.decision == "secret" and game.current_player == player
        options = game.legal_actions()
        assert [a.what for a in options] == ["card"] * held[player]
        chosen.append(int(options[-1].arg))
        events = game.apply(options[-1])
        if player < 2:
            assert [len(game.piles[slot]) for slot in hands] == held  # still in the hand
            assert events[0].to_dict(WATCHER if player else 1) == {"kind": "secret_pick", "player": player}
            assert events[0].describe(1 if player == 0 else 0) == f"{game.texts.player(player)} has chosen in secret"
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].data == {"players": [0, 1, 2], "cards": chosen, "pile": "played"}
    assert reveal[0].describe(WATCHER) == "The cards chosen in secret are revealed: Red Three, Blue Four, Green Four"
    assert not any(e.kind == "put" for e in events)
    assert [len(game.piles[slot]) for slot in hands] == [h - 1 for h in held]
    assert [game.piles[layout.slot("played", p)] for p in range(3)] == [[c] for c in chosen]
    assert broken_invariants(game) == []


def test_a_player_whose_hand_is_empty_is_not_asked(cards):
    """Red, dealt a card short, has none left in the fourth round: only Blue and Green choose."""
    game = new_state(cards, 3, seed=4)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    assert game.turn_player == 0 and game.decision == "secret" and game.current_player == 1
    frame = game.frames[-1]
    assert frame.players == [1, 2]  # type: ignore[attr-defined]


def test_a_game_saved_in_the_middle_of_a_secret_choice_of_cards_restores_and_plays_on_alike(cards):
    game = new_state(cards, 3, seed=2)
    game.apply(game.legal_actions()[1])
    data = json.loads(json.dumps(game.to_dict()))
    assert data["frames"][-1]["t"] == "secret" and data["frames"][-1]["targets"]
    again = restore_state(cards, data)
    while not game.is_over:
        ours, theirs = game.apply(game.legal_actions()[0]), again.apply(again.legal_actions()[0])
        assert [e.describe(EVERYONE) for e in ours] == [e.describe(EVERYONE) for e in theirs]
    assert broken_invariants(again) == []


def test_the_check_refuses_a_card_chosen_from_anything_but_a_pile(write):
    result = check_variant(write(SEALED_CARDS.replace("chooses card from hand of X", "chooses card from points of X")))
    assert not result.ok
    assert any("where the card is chosen from ('from ...') must be a pile" in d.message for d in result.diagnostics)


@pytest.mark.parametrize("bots", [("random", "greedy", "strong:iterations=20"), ("greedy", "strong:iterations=20")])
def test_every_bot_chooses_a_card_in_secret_and_plays_the_game_to_its_end(cards, bots):
    game = new_state(cards, len(bots), seed=3)
    players = [make_bot(spec, cards, seed=seat) for seat, spec in enumerate(bots)]
    while not game.is_over:
        player = game.current_player
        game.apply(players[player].choose(game.observation(player)))
        assert broken_invariants(game) == []
    assert game.result() is not None
