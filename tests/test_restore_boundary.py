"""`restore_state()` is a boundary (issue 10, 5): a snapshot from a file someone else wrote is either
refused with RestoreError naming the field, or it restores a game whose invariants hold and
that plays to its end. Checked by mutating real snapshots of every bundled variant."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from bundled import bundled_variants
from engine import RestoreError, load_variant
from engine.effects.limits import MAX_DECISIONS
from engine.game.game_state import new_state
from engine.game.invariants import broken_invariants
from engine.game.snapshot import FIELDS, restore_state
from engine.game.state import LEFT_OUT_EMPTY
from long_games import worth_checking
from test_engine_invariants import check_invariants

VARIANTS = bundled_variants()

ODD_VALUES = [None, True, False, 0, 1, -1, 2, 3, 7, 99, 10**30, -(10**30), 1.5, float("nan"), "", "x", "red",
              "hurricane", "turn", "blk", [], {}, [0], [None], {"t": "turn"}, [[0, 1]]]


def snapshots(count: int, seed: int) -> list[tuple[str, dict]]:
    """Snapshots of random games at random decisions (mid-card ones included), as JSON."""
    rnd = random.Random(seed)
    found = []
    names = sorted(VARIANTS)
    while len(found) < count:
        name = rnd.choice(names)
        game = new_state(VARIANTS[name], rnd.choice([2, 3, 4]), seed=rnd.randrange(10**6))
        for _ in range(rnd.randrange(0, 150)):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        found.append((name, json.loads(json.dumps(game.to_dict()))))
    return found


def paths(node, prefix=()):
    """Every place in a JSON tree: (path to the container, key or index)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix, key
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield prefix, index
            yield from paths(value, prefix + (index,))


def at(node, path):
    for step in path:
        node = node[step]
    return node


def mutate(data: dict, rnd: random.Random) -> dict:
    """One edit a damaged disk or a hostile hand might make, anywhere in the snapshot."""
    data = copy.deepcopy(data)
    places = list(paths(data))
    container_path, key = rnd.choice(places)
    container = at(data, container_path)
    kind = rnd.randrange(7)
    if kind == 0:
        container[key] = rnd.choice(ODD_VALUES)
    elif kind == 1 and isinstance(container[key], int) and not isinstance(container[key], bool):
        container[key] += rnd.choice([-2, -1, 1, 2, 5])
    elif kind == 2:
        del container[key]
    elif kind == 3 and isinstance(container, list) and len(container) > 1:
        other = rnd.randrange(len(container))
        container[key], container[other] = container[other], container[key]
    elif kind == 4 and isinstance(container, list):
        container.insert(key, copy.deepcopy(container[key]))
    elif kind == 5 and isinstance(container, dict):
        container["surplus"] = 1
    else:
        _, donor_key = rnd.choice(places)
        container[key] = copy.deepcopy(at(data, _)[donor_key])
    return data


def play_to_the_end(game, rnd: random.Random, limit: int = MAX_DECISIONS) -> None:
    """Random play to the end (a Monopoly Builder game may take thousands of decisions, and
    ends by the engine's limit at the latest), checking the invariants (long_games.py)."""
    for step in range(limit):
        if game.is_over:
            return
        if worth_checking(step):
            check_invariants(game)
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    assert game.is_over, "a restored game plays to its end"


def try_mutations(count: int, seed: int) -> Counter:
    """Mutate and restore `count` times; tally what happened. Anything but RestoreError or
    a sound game that plays to its end fails the test."""
    rnd = random.Random(seed)
    pool = snapshots(40, seed)
    tally: Counter = Counter()
    for _ in range(count):
        name, original = rnd.choice(pool)
        damaged = mutate(original, rnd)
        try:
            game = restore_state(VARIANTS[name], damaged)
        except RestoreError as error:
            assert str(error), "a refusal says why"
            tally["refused"] += 1
            continue
        assert broken_invariants(game) == []
        play_to_the_end(game, rnd)
        tally["played on"] += 1
    return tally


@pytest.mark.slow
def test_mutated_snapshots_are_refused_or_play_to_their_end_with_every_invariant():
    tally = try_mutations(1500, seed=10)
    assert tally["refused"] + tally["played on"] == 1500
    assert tally["refused"] > 1000  # almost every edit of a snapshot damages it


def test_a_refusal_names_the_damaged_field():
    name, data = snapshots(1, seed=3)[0]
    variant = VARIANTS[name]
    cases = {
        "stacks[0][0]": lambda d: d["stacks"].__setitem__(0, [9]),
        "supply[1]": lambda d: d["supply"].__setitem__(1, -4),
        "piles[0][0]": lambda d: d["piles"].__setitem__(0, ["no_such_card"]),
        "frames[0].step": lambda d: d["frames"][0].__setitem__("step", "dance"),
        "surplus": lambda d: d.__setitem__("surplus", 1),
        "turn_pos": lambda d: d.__setitem__("turn_pos", 1.5),
        "the field 'order' is missing": lambda d: d.pop("order"),
        "rng": lambda d: d.__setitem__("rng", {"kind": "blake2b", "key": "00", "position": 0}),
    }
    for field, damage in cases.items():
        broken = copy.deepcopy(data)
        damage(broken)
        with pytest.raises(RestoreError, match=field.replace("[", r"\[").replace("]", r"\]")):
            restore_state(variant, broken)


def test_units_and_cards_must_add_up():
    variant = VARIANTS["winning-moves-2016"]
    game = new_state(variant, 3, seed=5)
    data = json.loads(json.dumps(game.to_dict()))
    more_units = copy.deepcopy(data)
    more_units["supply"][0] -= 1  # a unit vanished
    with pytest.raises(RestoreError, match=r"supply\[0\]"):
        restore_state(variant, more_units)
    extra_card = copy.deepcopy(data)
    extra_card["piles"][-1].append("hurricane")  # a fifth Hurricane, in the last player's hand
    with pytest.raises(RestoreError, match="more than the game holds"):
        restore_state(variant, extra_card)


def test_a_pending_decision_must_be_the_one_the_game_stands_at():
    variant = VARIANTS["winning-moves-2016"]
    game = new_state(variant, 2, seed=8)
    data = json.loads(json.dumps(game.to_dict()))
    forged = copy.deepcopy(data)
    forged["pending"]["options"].insert(0, {"kind": "build", "arg": 0, "what": "property"})
    with pytest.raises(RestoreError, match="pending"):
        restore_state(variant, forged)
    other = copy.deepcopy(data)
    other["pending"]["player"] = 1 - other["pending"]["player"]
    with pytest.raises(RestoreError, match="pending"):
        restore_state(variant, other)


def test_every_field_is_written_and_checked():
    """Every field, but those a game leaves out while they hold nothing (a game without pieces
    has no `pieces`: tests/test_pieces.py; nobody out of the round, no `dropped`: issue 47,
    item 6)."""
    game = new_state(VARIANTS["winning-moves-2016"], 2, seed=1)
    written = tuple(field for field in FIELDS if field not in LEFT_OUT_EMPTY)
    assert tuple(game.to_dict()) == written
    for field in written:
        data = json.loads(json.dumps(game.to_dict()))
        del data[field]
        with pytest.raises(RestoreError):
            restore_state(game.variant, data)


# ----- every card where the rules can put it (issue 25, 10) --------------------------------------


def _chance_snapshot(players: int = 2) -> tuple[object, dict]:
    variant = VARIANTS["monopoly-chance"]
    game = new_state(variant, players, seed=11)
    return variant, json.loads(json.dumps(game.to_dict()))


def _slot(variant, players: int, pile: str, owner: int | None = None) -> int:
    from engine.game.piles import layout_for

    return layout_for(variant, players).slot(pile, owner)


def _swap_into(data: dict, source: int, target: int) -> None:
    """Move the top card of slot `source` onto slot `target`, keeping every count."""
    data["piles"][target].append(data["piles"][source].pop())


def test_a_players_card_in_another_players_deck_is_refused_naming_both():
    variant, data = _chance_snapshot()
    _swap_into(data, _slot(variant, 2, "deck", 0), _slot(variant, 2, "deck", 1))
    words = r"piles\[\d+\]\[\d+\]: Red's .* is in the Blue's draw deck, which holds only Blue's own"
    with pytest.raises(RestoreError, match=words):
        restore_state(variant, data)


def test_a_chance_card_in_a_players_own_deck_is_refused():
    variant, data = _chance_snapshot()
    _swap_into(data, _slot(variant, 2, "chance_deck"), _slot(variant, 2, "deck", 0))
    with pytest.raises(RestoreError, match="is in the Red's draw deck, where no rule of the game puts it"):
        restore_state(variant, data)


def test_a_cash_card_in_the_chance_deck_is_refused():
    variant, data = _chance_snapshot()
    _swap_into(data, _slot(variant, 2, "deck", 1), _slot(variant, 2, "chance_deck"))
    with pytest.raises(RestoreError, match="is in the Chance deck, where no rule of the game puts it"):
        restore_state(variant, data)


def test_two_players_decks_swapped_are_refused():
    variant, data = _chance_snapshot()
    first, second = _slot(variant, 2, "deck", 0), _slot(variant, 2, "deck", 1)
    data["piles"][first], data["piles"][second] = data["piles"][second], data["piles"][first]
    with pytest.raises(RestoreError, match="which holds only"):
        restore_state(variant, data)


def test_a_building_in_a_players_hand_is_refused():
    variant, data = _chance_snapshot(3)
    buildings = next(slot for slot, pile in enumerate(data["piles"]) if pile and "building" in str(pile[-1]))
    _swap_into(data, buildings, _slot(variant, 3, "hand", 2))
    with pytest.raises(RestoreError, match="where no rule of the game puts it"):
        restore_state(variant, data)


def _restored_equal(variant, game) -> None:
    """The game restored from its snapshot is the same game: the same state, the same question."""
    restored = restore_state(variant, json.loads(json.dumps(game.to_dict())))
    assert restored.to_dict() == game.to_dict()
    assert restored.legal_actions() == game.legal_actions()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_position_play_reaches_restores(name):
    """The homes and the counters' bounds err towards more, never fewer: what play reaches is
    always restored (issue 44, 3.6 and 3.8), as the same game."""
    rnd = random.Random(name)
    steps = 0
    for seed in range(8):
        if steps > 6000:  # a long game's seeds (thousands of decisions each) have shown it
            break
        game = new_state(VARIANTS[name], rnd.choice([2, 3, 4]), seed=seed)
        step = 0
        while not game.is_over:
            steps += 1
            if rnd.random() < 0.3 and worth_checking(step):
                _restored_equal(VARIANTS[name], game)
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
            step += 1


TRADED_CARDS = """extends: monopoly-chance
name: Cards on show, traded
piles:
  shown: {name: cards on show, each: player, seen_by: everyone}
hooks:
  start_of_turn: |
    for each card K in shown of me:
      put K on discards of me
    if (count card K in deck of me) > 0:
      put top card of deck of me on shown of me
    take turns P among players from me until all pass, at most 4:
      choose word W from "make an offer", "pass" by P, every answer
      if W is "pass":
        pass
      else:
        choose player O where O is not P by P
        offer trade of shown to O by P
"""


def test_every_position_play_reaches_restores_after_players_trade_their_own_cards(write):
    """Issue 44, 3.6: after an accepted `offer trade` of a player's own cards (each player's
    cash cards start in their own deck), another player's card lies in a pile of theirs, and
    from there goes on to their discards and their deck. Every position of random games, in
    the window of offers and in the offers themselves, restores as the same game."""
    variant = load_variant(write(TRADED_CARDS))
    rnd = random.Random(44)
    foreign = 0
    for seed in range(3):
        game = new_state(variant, 3, seed=seed)
        for _ in range(150):
            if game.is_over:
                break
            _restored_equal(variant, game)
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
            foreign += any(
                game.owner_of_card(code) not in (None, player)
                for player in range(game.n) for code in game.pile_of("shown", player)
            )
    assert foreign, "an accepted offer put a player's card in another's pile"


# ----- every counter at a value the game's statements can give it (issue 44, 3.8) ----------------


def _builder_snapshot() -> tuple[object, dict]:
    variant = VARIANTS["monopoly-builder"]
    game = new_state(variant, 3, seed=2)
    return variant, json.loads(json.dumps(game.to_dict()))


def test_a_bank_far_below_nothing_is_refused_even_when_the_money_still_adds_up():
    """Monopoly Builder moves money only with `transfer`, which never takes more than is
    there: no position of play has the Bank below 0, whatever a player holds."""
    variant, data = _builder_snapshot()
    shortfall = data["counters"]["bank"] + 999_000_000
    data["counters"]["bank"] -= shortfall
    data["player_counters"]["cash"][0] += shortfall  # the conserved sum still holds
    with pytest.raises(RestoreError, match=r"counters\.bank: must be 0 or more .*, not -999000000"):
        restore_state(variant, data)


def test_a_flag_the_game_only_sets_to_0_or_1_is_refused_at_2():
    variant, data = _builder_snapshot()
    data["player_counters"]["bankrupt"][1] = 2
    with pytest.raises(RestoreError, match=r"player_counters\.bankrupt\[1\]: must be 0 or 1 "):
        restore_state(variant, data)


BOUNDS = """extends: winning-moves-2016
counters:
  chips: {each: player, reset: never}
  chips_bank: {each: game, reset: never}
  debt: {each: player, reset: never}
  flag: {each: game, reset: never}
conserved:
  chips: {counters: [chips, chips_bank], is: 10}
setup: |
  set chips_bank to 10
  shuffle deck
  draw rule starting_hand for me
  for each opponent O:
    draw rule starting_hand for O
hooks:
  start_of_turn: |
    transfer 2 from chips_bank to chips of me
    add -3 to debt of me
    set flag to 5
"""


def test_only_what_the_statements_make_impossible_is_refused(write):
    """The bounds come from the variant's own statements, for any variant: a counter only
    `transfer` changes is never negative, one only `set` to numbers holds only those, and one
    an `add` of anything may lower may be negative."""
    variant = load_variant(write(BOUNDS))
    game = new_state(variant, 2, seed=1)
    data = json.loads(json.dumps(game.to_dict()))
    first = game.order[0]
    assert data["player_counters"]["debt"][first] == -3 and data["counters"]["flag"] == 5
    restore_state(variant, data)
    cases = {
        r"player_counters\.chips\[\d\]: must be 0 or more": lambda d: (
            d["player_counters"]["chips"].__setitem__(first, -1), d["counters"].__setitem__("chips_bank", 11)),
        r"counters\.flag: must be 0 or 5 \(the values the game ever gives it\), not 3": lambda d: (
            d["counters"].__setitem__("flag", 3)),
    }
    for words, damage in cases.items():
        broken = copy.deepcopy(data)
        damage(broken)
        with pytest.raises(RestoreError, match=words):
            restore_state(variant, broken)
    deeper = copy.deepcopy(data)
    deeper["player_counters"]["debt"][first] = -900  # an `add` may take it anywhere
    assert restore_state(variant, deeper).player_counters["debt"][first] == -900
