"""A bot's observation read lazily (engine/game/observation.py, issue 14 row 3) is the plain
observation, entry for entry, and holds nothing of the game: no reference to it, its
generator, its frames or the lists of its piles."""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random

import pytest

from bundled import bundled_variants
from engine.game.game_state import new_state
from engine.game.observation import ENTRIES, Observation, StaleObservation, decide
from long_games import worth_checking

VARIANTS = bundled_variants()
CASES = [(name, players) for name, variant in VARIANTS.items() for players in variant.player_counts]

PLAIN = (dict, list, tuple, str, int, float, bool, type(None))
"""What an observation is made of, all the way down."""


def decisions(variant, players: int, seed: int):
    """The decisions of a seeded random game worth checking (all of a short one: long_games.py)
    and its end, as the game standing there."""
    game = new_state(variant, players, seed=seed)
    rnd = random.Random(seed)
    step = 0
    while not game.is_over:
        if worth_checking(step, full=100, every=100):  # each is every player's observation, twice
            yield game
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
        step += 1
    yield game


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CASES)
def test_a_lazy_observation_read_whole_is_the_plain_one(name, players):
    """For every player at every decision of seeded random games: the entries read one by one
    in a random order while the bot decides, and then the whole of it read (the bot keeps it,
    as the rule of `decide` says to: read whole while deciding), give the plain observation,
    with its keys in the same order."""
    rnd = random.Random(players)
    for seed in range(2):
        for game in decisions(VARIANTS[name], players, seed):
            for player in range(players):
                plain = game.observation(player)
                asked = rnd.sample(list(ENTRIES), rnd.randrange(len(ENTRIES)))

                def choose(observation, asked=asked, plain=plain):
                    for entry in asked:
                        assert observation[entry] == plain[entry], entry
                    observation.read_all()
                    return observation

                kept = decide(choose, game, player)
                assert kept == plain and plain == kept
                assert json.dumps(kept) == json.dumps(plain)


def test_an_observation_holds_no_reference_to_the_game():
    """Walked as data, before and after it is read whole, the observation reaches plain values
    only: never the game, its generator or frames, and none of the game's own lists (a hidden
    pile, a hand), even while the bot decides and the game is being read."""
    variant = VARIANTS["winning-moves-2016"]
    for game in list(decisions(variant, 3, seed=4))[:60]:
        if game.is_over:
            break
        own = {id(game), id(game.rng), id(game.piles), *map(id, game.piles), id(game.frames), *map(id, game.frames)}

        def check(observation, own=own):
            for stage in ("unread", "read"):
                reached = _reachable(observation)
                assert not own & set(reached), stage
                strange = {type(value).__name__ for value in reached.values() if not isinstance(value, PLAIN)}
                assert not strange, stage
                observation.read_all()
            return observation

        for player in range(3):
            decide(check, game, player)


def _reachable(root) -> dict[int, object]:
    """Every object reachable from `root` through the references the garbage collector sees,
    its class aside (a class reaches its module, which reaches anything; it is code, not data)."""
    found: dict[int, object] = {}
    todo = [root]
    while todo:
        value = todo.pop()
        if id(value) in found:
            continue
        found[id(value)] = value
        todo.extend(ref for ref in gc.get_referents(value) if not isinstance(ref, type))
    return found


def test_an_observation_read_whole_while_deciding_and_kept_is_that_decisions():
    """The rule for keeping one (observation.decide): read whole while deciding, it stays
    what its decision showed, whatever the game does after."""
    variant = VARIANTS["winning-moves-2016"]
    game = new_state(variant, 4, seed=11)
    rnd = random.Random(3)
    kept = []
    for _ in range(40):
        player = game.current_player
        kept.append((decide(lambda observation: dict(observation), game, player), game.observation(player)))
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    assert all(view == plain for view, plain in kept)
    assert len({json.dumps(plain) for _, plain in kept}) > 30


def test_an_observation_kept_unread_names_the_entry_read_after_its_decision():
    """Closed once its bot answers: what was read stays, an entry first asked for after
    raises StaleObservation, naming it, never a value of a later moment of the game."""
    variant = VARIANTS["winning-moves-2016"]
    game = new_state(variant, 2, seed=1)
    held = []

    def hold(observation):
        held.append(observation)
        observation["hand"]
        return observation["decision"]["options"][0]

    plain = game.observation(0)
    game.apply(decide(hold, game, 0))
    kept = held[0]
    assert kept["hand"] == plain["hand"] and kept["decision"] == plain["decision"]
    with pytest.raises(StaleObservation, match="'stacks' read after its decision was over"):
        kept["stacks"]


def test_an_observation_reads_no_game_outside_its_decision():
    with pytest.raises(StaleObservation, match="'stacks' read after its decision was over"):
        Observation(player=0)["stacks"]


def test_an_observation_is_a_read_only_dict_that_copies_as_a_plain_one():
    game = new_state(VARIANTS["monopoly-chance"], 3, seed=2)
    plain = game.observation(game.current_player)

    def check(observation):
        assert isinstance(observation, dict) and len(observation) == len(plain)
        assert "hand" in observation and "nothing" not in observation
        assert observation.get("nothing", 7) == 7 and observation.get("hand") == plain["hand"]
        assert list(observation) == list(plain) and list(observation.items()) == list(plain.items())
        for change in (
            lambda: observation.__setitem__("hand", []),
            lambda: observation.update(hand=[]),
            lambda: observation.pop("hand"),
            lambda: observation.clear(),
        ):
            with pytest.raises(TypeError, match="read-only"):
                change()
        for twin in (dict(observation), {**observation}, observation.copy(), copy.copy(observation),
                     copy.deepcopy(observation), pickle.loads(pickle.dumps(observation))):
            assert type(twin) is dict and twin == plain
        assert json.loads(json.dumps(observation)) == json.loads(json.dumps(plain))
        return observation["decision"]["options"][0]

    decide(check, game, game.current_player)


def test_the_options_a_bot_is_shown_are_the_actions_own_read_only_dicts():
    """Made once with each (interned) action, not at every decision: a bot may read them,
    answer with one and copy them, but not change them for the observations to come."""
    game = new_state(VARIANTS["winning-moves-2016"], 2, seed=3)
    player = game.current_player
    options = decide(lambda observation: observation["decision"]["options"], game, player)
    assert options == game.observation(player)["decision"]["options"]
    assert all(a is b for a, b in zip(options, decide(lambda o: o["decision"]["options"], game, player)))
    with pytest.raises(TypeError, match="read-only"):
        options[0]["arg"] = None
    for twin in (dict(options[0]), copy.deepcopy(options[0]), pickle.loads(pickle.dumps(options[0]))):
        assert type(twin) is dict and twin == options[0]
    assert json.dumps(options) == json.dumps(game.observation(player)["decision"]["options"])
    game.apply(options[-1])
