"""Random games of every bundled variant and player count, checked after every action
(docs/architecture.md, "Invariants"), plus determinism, copy and save/restore round trips."""

from __future__ import annotations

import json
import random

import pytest

from bundled import bundled_variants
from engine import IllegalAction
from engine.bots.evaluate import winners
from engine.effects.limits import MAX_DECISIONS
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.resources import bundled_variant_names
from long_games import worth_checking

GAMES_PER_CASE = 6
CASES = [(name, players) for name in bundled_variant_names() for players in (2, 3, 4)]


@pytest.fixture(scope="module")
def variants():
    return bundled_variants()


_DECKS: dict = {}


def _deck(variant) -> list[int]:
    key = variant.content_hash
    if key not in _DECKS:
        _DECKS[key] = sorted(i for i, card in enumerate(variant.cards) for _ in range(card.count))
    return _DECKS[key]


def check_invariants(game) -> None:
    from engine.game.invariants import broken_invariants

    assert broken_invariants(game) == []
    variant = game.variant
    if variant.stacks != "units":  # the kernel's checks above are the whole of it
        _generic_ending(game)
        return
    on_board = [0] * game.n
    for stack in game.stacks:
        for unit in stack:
            on_board[unit] += 1
    for player in range(game.n):
        assert on_board[player] + game.supply[player] == game.start_units, "units on board + supply"
        assert game.supply[player] >= 0
    everywhere = [game.kind_of(code) for pile in game.piles for code in pile] + [game.kind_of(c) for c in game.in_play]
    assert sorted(everywhere) == _deck(variant), "every card is in a pile (a house rule's own too) or in play"
    if variant.track is None:  # no track to follow ownership and no end rules of its own: the kernel's checks
        _generic_ending(game)
        return
    if not game.dirty:  # between a build and its settlement, property cards lag the stacks
        for prop, stack in enumerate(game.stacks):
            assert game.holder[prop] == game.owner_of(prop), f"holder of property {prop}"
            if not stack:
                assert game.holder[prop] is None
        for player in range(game.n):
            held = [p for p, h in enumerate(game.holder) if h == player]
            assert game.worth[player] == sum(variant.properties[p].value for p in held)
            assert game.held[player] == len(held)
            assert game.tokens[player] == min(variant.track.length, game.worth[player])
    if game.is_over:
        reason = game.end_reason["reason"]
        if reason == "no_units":
            assert game.supply[game.end_reason["player"]] == 0
        elif reason == "track_end":
            assert game.tokens[game.end_reason["player"]] == variant.track.length
        assert game.legal_actions() == [] and game.current_player is None
    else:
        assert game.legal_actions(), "a game that is not over always has a decision"
        if "track_end" in variant.rules.end_conditions and not game.dirty:
            assert max(game.tokens) < variant.track.length


SAFETY_NETS = ("turn_limit", "decision_limit")
"""The engine's own ends, beside a variant's: a game of random players that deals a lot (every
Monopoly Builder turn has two rounds of deals, and a random offer is a dialogue of ten steps
or so) may run to the limit of decisions before anyone builds the penthouse."""


def _generic_ending(game) -> None:
    if game.is_over:
        assert game.end_reason["reason"] in dict(game.variant.ends) or game.end_reason["reason"] in SAFETY_NETS
        assert game.legal_actions() == [] and game.current_player is None
    else:
        assert game.legal_actions(), "a game that is not over always has a decision"


def play_random(game, rnd, check=True, limit=MAX_DECISIONS):
    """Play the game with random choices to its end, checking the invariants after every
    action; an economic game's deals make a random game thousands of decisions long, and the
    game itself ends at the engine's limit of decisions, which is all `limit` asks."""
    log = []
    steps = 0
    while not game.is_over and steps < limit:
        actions = game.legal_actions()
        action = actions[rnd.randrange(len(actions))]
        log.append(action.to_dict())
        game.apply(action)
        if check and (worth_checking(steps) or game.is_over):
            check_invariants(game)
        steps += 1
    assert game.is_over, "random games end"
    return log


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CASES)
def test_invariants_hold_after_every_action_of_random_games(variants, name, players):
    nets = 0
    for seed in range(GAMES_PER_CASE):
        game = new_state(variants[name], players, seed=seed)
        check_invariants(game)
        play_random(game, random.Random(seed))
        result = game.result()
        assert result.winners and result.standings[0].player in result.winners
        assert winners(game) == result.winners, "the winners alone (for the bots) are the ranking's"
        nets += game.end_reason["reason"] in SAFETY_NETS
    assert nets <= GAMES_PER_CASE // 3, "most random games end by the variant's own ends"


@pytest.mark.parametrize("name", ["winning-moves-2016", "house-card-sharks"])
def test_same_seed_and_actions_give_the_same_game_event_for_event(variants, name):
    first = new_state(variants[name], 3, seed=42)
    log = play_random(first, random.Random(7), check=False)
    second = new_state(variants[name], 3, seed=42)
    assert [e.describe() for e in second.setup_events] == [e.describe() for e in first.setup_events]
    replay = new_state(variants[name], 3, seed=42)
    first_events, replay_events = [], []
    again = new_state(variants[name], 3, seed=42)
    for action in log:
        first_events += [e.to_dict() for e in replay.apply(action)]
        replay_events += [e.to_dict() for e in again.apply(action)]
    assert first_events == replay_events
    assert replay.result() == again.result() == first.result()


@pytest.mark.parametrize("name", ["winning-moves-2016", "parker-1985", "house-card-sharks"])
def test_passing_a_card_offer_whose_options_were_never_read_plays_as_passing_after_reading_them(variants, name):
    """rulings.md 33: whether a card offer is asked depends only on public facts, so its
    options are worked out when first read (Game.options); passing is always one of them."""
    game = new_state(variants[name], 3, seed=11)
    rnd = random.Random(4)
    passed = 0
    while not game.is_over and passed < 25:
        if game.decision == "card" and game.asked.options is None:
            unread, read = game.copy(), game.copy()
            pass_action = game.texts.pass_action
            events = [e.to_dict() for e in unread.apply(pass_action)]
            assert pass_action in read.legal_actions()
            assert events == [e.to_dict() for e in read.apply(pass_action)]
            assert json.dumps(unread.to_dict()) == json.dumps(read.to_dict())
            passed += 1
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    assert passed > 0


@pytest.mark.parametrize("name", ["winning-moves-2016", "monopoly-chance", "house-card-sharks", "house-stormy-weather"])
def test_a_game_that_tells_no_events_plays_exactly_as_one_that_does(variants, name):
    """Game.telling: a search bot's copies keep each event's kind alone; a card still notes
    whether it changed the game (card_acted_since), so every decision and state is the same."""
    told = new_state(variants[name], 4, seed=8)
    quiet = told.copy()
    quiet.telling = False
    rnd = random.Random(8)
    while not told.is_over:
        assert quiet.legal_actions() == told.legal_actions()
        actions = told.legal_actions()
        action = actions[rnd.randrange(len(actions))]
        full, bare = told.apply(action), quiet.apply(action)
        assert [e.kind for e in bare] == [e.kind for e in full]
        assert all(e.data == {} for e in bare)
        assert quiet.to_dict() == told.to_dict()
    assert quiet.is_over and quiet.result() == told.result()


def test_different_seeds_give_different_games(variants):
    a = new_state(variants["winning-moves-2016"], 4, seed=1)
    b = new_state(variants["winning-moves-2016"], 4, seed=2)
    assert (a.pile_of("deck"), a.dice) != (b.pile_of("deck"), b.dice)


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_variant_names())
def test_restore_of_to_dict_gives_the_same_legal_actions_and_the_same_future(variants, name):
    variant = variants[name]
    rnd = random.Random(3)
    game = new_state(variant, 4, seed=11)
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        action = actions[rnd.randrange(len(actions))]
        if worth_checking(step):
            snapshot = json.loads(json.dumps(game.to_dict()))
            restored = restore_state(variant, snapshot)
            assert restored.legal_actions() == actions
            assert restored.current_player == game.current_player
            assert restored.to_dict() == game.to_dict()
            assert [e.to_dict() for e in restored.apply(action)] == [e.to_dict() for e in game.apply(action)]
        else:
            game.apply(action)
        step += 1


def test_copy_is_independent_and_plays_the_same_future(variants):
    game = new_state(variants["house-stormy-weather"], 4, seed=5)
    rnd = random.Random(5)
    for _ in range(40):
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    before = game.to_dict()
    twin = game.copy()
    play_random(twin, random.Random(9), check=False)
    assert game.to_dict() == before, "playing the copy does not touch the original"
    again = game.copy()
    log_a = play_random(game, random.Random(9), check=False)
    log_b = play_random(again, random.Random(9), check=False)
    assert log_a == log_b and game.result() == again.result()


def test_the_generated_copy_is_made_from_the_state_declared():
    """engine/game/state_copy.py is written from STATE (a field is declared in one place);
    after a change to STATE, `python -m engine.game.state` writes it again."""
    from engine.game.state import copy_path, copy_source

    assert copy_path().read_text(encoding="utf-8") == copy_source(), (
        "STATE changed: run 'python -m engine.game.state' to write engine/game/state_copy.py again"
    )


@pytest.mark.parametrize("name", ["winning-moves-2016", "monopoly-chance"])
def test_copy_sets_every_field_the_state_declares_to_a_value_of_its_own(variants, name):
    """state.copy_state is written out field by field (for speed), generated from STATE.
    Copied into a game that has no state yet, any field it forgot is missing."""
    from engine.game.game_state import GameState
    from engine.game.state import STATE, copy_state, write_state

    variant = variants[name]
    game = new_state(variant, 3, seed=4)
    rnd = random.Random(4)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    bare = GameState(variant, 3, seed=4)
    copy_state(game, bare)
    for field in STATE:
        assert hasattr(bare, field.name), f"copy_state forgot {field.name}"
    assert write_state(bare) == write_state(game)
    for field in STATE:
        mine, theirs = getattr(bare, field.name), getattr(game, field.name)
        if field.shape != "value":
            assert mine is not theirs, f"{field.name} is shared"
        inner = list(mine.values()) if isinstance(mine, dict) else mine
        outer = list(theirs.values()) if isinstance(theirs, dict) else theirs
        if field.name == "stacks":
            continue  # shared until changed: the next test
        if field.shape in ("lists", "card_lists", "dict_lists", "frames"):
            assert all(a is not b for a, b in zip(inner, outer, strict=True)), f"{field.name} shares its items"


@pytest.mark.parametrize("name", ["winning-moves-2016", "monopoly-chance", "house-stormy-weather"])
def test_a_stack_a_copy_shares_is_copied_before_either_game_changes_it(variants, name):
    """Game.own_stack: a copy shares the stacks of the game it was copied from, and whichever
    of them changes a stack first gets its own list; the other game keeps its stack as it was,
    in whole random games played from copies of copies."""
    variant = variants[name]
    game = new_state(variant, 4, seed=6)
    rnd = random.Random(6)
    for round_ in range(12):
        for _ in range(15):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        if game.is_over:
            break
        stacks = [list(stack) for stack in game.stacks]
        twin = game.copy()
        assert game.owned_stacks == twin.owned_stacks == 0
        play_random(twin, random.Random(round_), check=False)
        assert [list(stack) for stack in game.stacks] == stacks, "the copy's play changed a stack of the original"
        twin = game.copy()
        twin_stacks = [list(stack) for stack in twin.stacks]
        for _ in range(30):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        assert [list(stack) for stack in twin.stacks] == twin_stacks, "the original's play changed a stack of the copy"


def test_a_copy_into_a_used_game_is_the_same_as_a_new_copy(variants):
    """Game.copy(into=...) overwrites a game of the same table (the bots reuse them): the
    result plays exactly as a fresh copy, and a game of another table is refused."""
    variant = variants["house-stormy-weather"]
    game = new_state(variant, 4, seed=6)
    used = new_state(variant, 4, seed=7)
    play_random(used, random.Random(7), check=False)
    rnd = random.Random(6)
    for _ in range(35):
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    fresh, reused = game.copy(), game.copy(into=used)
    assert reused is used and reused.to_dict() == fresh.to_dict() == game.to_dict()
    assert play_random(reused, random.Random(9), check=False) == play_random(fresh, random.Random(9), check=False)
    assert reused.to_dict() == fresh.to_dict()
    with pytest.raises(ValueError, match="same variant, players and format"):
        game.copy(into=new_state(variant, 3, seed=1))


def test_an_illegal_action_is_refused_and_changes_nothing(variants):
    game = new_state(variants["winning-moves-2016"], 2, seed=3)
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply({"kind": "build", "arg": 999})
    with pytest.raises(IllegalAction):
        game.apply({"kind": "no such thing"})
    assert game.to_dict() == before


def test_restore_refuses_another_variant_and_damaged_data(variants):
    from engine import RestoreError

    game = new_state(variants["winning-moves-2016"], 2, seed=3)
    data = game.to_dict()
    with pytest.raises(RestoreError, match="differs"):
        restore_state(variants["house-card-sharks"], data)
    broken = dict(data, piles=[["no_such_card"], *data["piles"][1:]])
    with pytest.raises(RestoreError, match="damaged"):
        restore_state(variants["winning-moves-2016"], broken)
    with pytest.raises(RestoreError, match="format"):
        restore_state(variants["winning-moves-2016"], dict(data, format=99))


def test_observation_shows_only_the_players_own_hand(variants):
    game = new_state(variants["winning-moves-2016"], 3, seed=8)
    for player in range(3):
        seen = game.observation(player)
        assert seen["hand"] == sorted(game.variant.cards[c].id for c in game.hand(player))
        assert seen["hand_sizes"] == [len(h) for h in [game.hand(p) for p in range(game.n)]]
        decision = seen["decision"]
        assert (decision["options"] is not None) == (decision["player"] == player)


def test_hidden_cards_do_not_change_what_a_player_observes(variants):
    """Swap a card of another player's hand with one deep in the draw pile: player 0's view
    is the same, so nothing deciding from it can depend on hidden cards."""
    game = new_state(variants["winning-moves-2016"], 3, seed=8)
    other = game.copy()
    swap_with = next(i for i, c in enumerate(other.pile_of("deck")) if c != other.hand(1)[0])
    other.hand(1)[0], other.pile_of("deck")[swap_with] = other.pile_of("deck")[swap_with], other.hand(1)[0]
    assert other.hand(1) != game.hand(1)
    assert other.observation(0) == game.observation(0)
    assert other.observation(1) != game.observation(1)


def test_drawn_cards_are_named_only_to_their_drawer(variants):
    game = new_state(variants["winning-moves-2016"], 2, seed=8)
    draws = [e for e in game.setup_events if e.kind == "draw"]
    assert draws
    for event in draws:
        owner = event.private_to
        name = game.variant.card(event.data["card"]).name
        assert name in event.describe(owner)
        assert name not in event.describe(1 - owner) and "draws a card" in event.describe(1 - owner)
        assert "card" not in event.to_dict(1 - owner)


def test_observation_state_hides_the_generator_pile_and_other_hands(variants):
    game = new_state(variants["winning-moves-2016"], 3, seed=8)
    player = game.current_player
    observation = game.observation(player)
    state = observation["state"]
    assert "rng" not in state and "seed" not in state
    hidden = {(pile["pile"], pile["owner"]) for pile in observation["piles"] if pile["cards"] is None}
    assert hidden == {("deck", None)} | {("hand", other) for other in range(3) if other != player}
    assert [cards is None for cards in state["piles"]] == [pile["cards"] is None for pile in observation["piles"]]
    assert state["pending"]["options"] is not None
    other = (player + 1) % 3
    assert game.observation(other)["state"]["pending"]["options"] is None


def test_sampled_games_agree_with_the_observation_and_differ_only_in_hidden_cards(variants):
    from engine.game.sampling import sample_game

    variant = variants["winning-moves-2016"]
    game = new_state(variant, 4, seed=21)
    rnd = random.Random(2)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    player = game.current_player
    seen = game.observation(player)
    samples = [sample_game(variant, seen, seed) for seed in range(5)]
    for sample in samples:
        check_invariants(sample)
        mine = sample.observation(player)
        assert {k: v for k, v in mine.items() if k != "state"} == {k: v for k, v in seen.items() if k != "state"}
        assert sample.legal_actions() == game.legal_actions()
    hidden = {(tuple(map(tuple, [s.hand(p) for p in range(s.n)])), tuple(s.pile_of("deck"))) for s in samples}
    assert len(hidden) > 1, "different seeds deal the unseen cards differently"
    play_random(samples[0], random.Random(3))


def test_every_frame_declares_its_fields_once_and_copies_and_saves_them_all(variants):
    """docs/architecture.md, "State is plain data at every decision point": a frame's `fields` are all it
    holds, `__init__` takes each by that name (copy and restore go through it), and a copy or a
    save round trip gives the same frame. Frames met in random games of every variant."""
    from engine.core.frames import FRAME_KINDS, frame_from_dict

    seen: set[str] = set()
    for name in bundled_variant_names():
        game = new_state(variants[name], 3, seed=11)
        rnd = random.Random(11)
        while not game.is_over and game.turn_number < 30:
            for frame in game.frames:
                seen.add(frame.kind)
                held = {attr for attr in dir(frame) if not attr.startswith("_") and not callable(getattr(frame, attr))}
                assert held - {"fields", "kind", "optional", "keeps_secrets"} == set(frame.fields), type(frame).__name__
                _assert_copied(frame)
                assert frame_from_dict(frame.to_dict()).to_dict() == frame.to_dict()
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
    assert {"game", "run", "blk", "offer", "build"} <= seen <= set(FRAME_KINDS)


_SAMPLE_FIELDS = {
    "phase": "turn", "begun": True, "program": "turn", "me": 2, "halt": True, "target": 3, "steps": 17, "c": 41,
    "acted": True, "player": 1, "timing": "end_of_turn", "limit": 2, "asked": True, "b": 5, "pc": 4,
    "env": {"P": 7, "Z": "red"}, "root": 1, "var": "X", "items": [3, 1, 2], "i": 1, "left": 2, "budget": 9,
    "zone": "green", "lots": 1, "per_lot": 2, "started": {4: 2}, "placed": 3, "must": True, "against": 6,
    "players": [2, 0, 1], "passes": 2, "passed": True, "proposer": 0, "partner": 2, "goods": ["cash", "deeds"],
    "give": {"cash": 5}, "ask": {"cash": 1}, "give_cards": ["deeds#3"], "ask_cards": ["deeds#9"], "stage": "reply",
    "lows": [0, 1, 0], "highs": [5, 3, 9], "picks": [4],  # the secret choice's (issue 47, 4)
    "sources": [3, 4, 5], "targets": [6, 7, 8],  # a card chosen in secret: the piles it is chosen from and goes onto
}
"""A value for every field of every kind of frame, none of them a default."""


def _assert_copied(frame) -> None:
    from engine.core.frames import CardFrame, Frame

    by_fields = Frame.to_dict(frame)  # the saved form written from `fields`, name by name
    if isinstance(frame, CardFrame) and not frame.acted:
        del by_fields["acted"]
    assert frame.to_dict() == by_fields, type(frame).__name__
    twin = frame.copy()
    assert type(twin) is type(frame) and twin.to_dict() == frame.to_dict(), type(frame).__name__
    for name in frame.fields:
        value = getattr(frame, name)
        if isinstance(value, (list, dict)):
            assert getattr(twin, name) is not value, f"{type(frame).__name__}.{name} shared by a copy"


def test_each_kind_of_frame_copies_every_field_it_declares():
    """Each kind writes its own copy out (frames.Frame.copy): every field of `fields` comes
    through, lists and dicts as new ones, for kinds random games seldom reach as well."""
    from engine.core.frames import FRAME_KINDS

    for cls in FRAME_KINDS.values():
        frame = cls(**{name: _SAMPLE_FIELDS[name] for name in cls.fields})
        _assert_copied(frame)
        twin = frame.copy()
        assert {name: getattr(twin, name) for name in cls.fields} == {name: _SAMPLE_FIELDS[name] for name in cls.fields}
