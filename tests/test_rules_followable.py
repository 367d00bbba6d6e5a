"""A card is offered only when it can be followed and would change something; inside a card,
only the targets where it does something (docs/rulings.md, 17; rules.offer_cards).

Both rulebooks: "To play a Fortune card, simply follow the directions on the card" (1985 and
2016, FORTUNE CARDS). A card whose directions cannot be followed, or would do nothing, is not a
card a careful player plays; offering it mostly lets a player throw it away by mistake. The
other reading, every card offered whenever its condition holds, is `offer_cards: always`.
"""

from __future__ import annotations

import pytest

from scenario import seat
from test_rules_cards import ALL, at_card_step, card_options, choices, discards, hand, play, props, supply, units


def offered(stacks=None, hand_cards=(), supply=None, rules=None, players=4):
    """The cards offered to Purple at the card step. A player out of units would end the game
    at the start of their turn, so where a test empties a supply, only the track ends it."""
    if supply and 0 in supply.values():
        rules = {**(rules or {}), "end_conditions": ("track_end",)}
    game = at_card_step(stacks=stacks, hands={"purple": list(hand_cards)}, pile=["windfall"], supply=supply,
                        rules=rules, players=players)
    return card_options(game), game


@pytest.mark.parametrize("card", ["hurricane", "transfer", "demolition", "switch", "trust_bust"])
def test_a_card_that_acts_on_a_hotel_is_not_offered_on_an_empty_board(card):
    """Hurricane: 'Remove the top unit from any one hotel'; Transfer: 'Remove any unit from the
    top of one hotel'; Demolition: 'Destroy any one hotel'; Switch: 'Remove the top unit of any
    hotel'; Trust Bust: 'Remove the top unit from any hotel owned by the player in the lead'.
    With no hotel, none of them can be followed."""
    options, _ = offered(hand_cards=[card])
    assert options == []
    options, _ = offered(hand_cards=[card], rules={"offer_cards": "always"})
    assert options == [card]


def test_switch_is_not_offered_when_its_player_has_no_unit_left():
    """Switch: 'Remove the top unit of any hotel and replace it with 1 unit of your own.' Without
    a unit of your own it cannot be followed; today's engine used to remove the unit anyway and
    put nothing in its place, half a card (issue 11)."""
    stacks = {("green", 8): ["black"]}
    options, _ = offered(stacks, ["switch"], supply={"purple": 0})
    assert options == []
    options, game = offered(stacks, ["switch"], supply={"purple": 1})
    assert options == ["switch"]


def test_switch_is_not_offered_on_a_hotel_topped_by_its_players_own_unit():
    """Replacing your own top unit with one of your own changes nothing: such a hotel is not a
    target, and a board of only such hotels does not offer the card."""
    options, _ = offered({("red", 3): ["white", "purple"]}, ["switch"])
    assert options == []
    options, game = offered({("red", 3): ["white", "purple"], ("blue", 4): ["purple", "white"]}, ["switch"])
    assert options == ["switch"]
    play(game, "switch")  # one target left: taken at once
    assert units(game, "blue", 4) == ["purple", "purple"] and units(game, "red", 3) == ["white", "purple"]


def test_switch_offers_only_the_hotels_where_it_changes_something():
    options, game = offered({("red", 3): ["white", "purple"], ("blue", 4): ["purple", "white"],
                             ("green", 8): ["black"]}, ["switch"])
    play(game, "switch")
    assert choices(game) == props(game, [("blue", 4), ("green", 8)])


def test_renovation_is_offered_only_with_a_hotel_shared_with_an_opponent_and_targets_only_those():
    """Renovation: 'Choose any hotel that has at least one of your units. Remove all the other
    players' units from it.' A hotel of yours alone has no other units to remove."""
    options, _ = offered({("red", 2): ["purple"], ("blue", 3): ["white", "gray"]}, ["renovation"])
    assert options == []
    options, game = offered({("red", 2): ["purple"], ("blue", 3): ["white", "purple"], ("green", 4): ["purple", "black"]},
                            ["renovation"])
    assert options == ["renovation"]
    play(game, "renovation")
    assert choices(game) == props(game, [("blue", 3), ("green", 4)])


def test_transfer_and_build_needs_one_of_its_players_units_on_top_and_a_unit_to_build():
    """Transfer & Build: 'Remove one of your units from the top of one hotel ... Then build 1
    more unit onto the unit you just transferred.'"""
    mine = {("red", 1): ["white", "purple"]}
    assert offered(mine, ["transfer_and_build"])[0] == ["transfer_and_build"]
    assert offered({("red", 1): ["purple", "white"]}, ["transfer_and_build"])[0] == []
    assert offered(mine, ["transfer_and_build"], supply={"purple": 0})[0] == []


def test_start_construction_needs_a_vacant_lot():
    """Start Construction: 'Build a new hotel of 1 unit on any vacant lot'."""
    full = {(zone, value): ["white"] for zone, value in ALL}
    assert offered(full, ["start_construction"])[0] == []
    some = dict(full)
    del some[("yellow", 5)]
    options, game = offered(some, ["start_construction"])
    assert options == ["start_construction"]


def test_trust_bust_needs_a_leaders_own_unit_on_top_of_a_hotel_the_leader_owns():
    """Trust Bust: 'Remove the top unit from any hotel owned by the player in the lead and return
    that unit to that player' (rulings.md, 21)."""
    # White leads with the $8M green, but Black's unit tops it: nothing to take
    assert offered({("green", 8): ["white", "white", "black"]}, ["trust_bust"])[0] == []
    assert offered({("green", 8): ["white", "black", "white"]}, ["trust_bust"])[0] == ["trust_bust"]


@pytest.mark.parametrize("card", ["contract_5", "contract_8", "big_bonus_contract", "zone_permit", "start_construction"])
def test_a_card_that_builds_is_not_offered_without_a_unit_to_build(card):
    """Contracts, Big Bonus Contract, Zone Permit, Start Construction: 'Build 1 unit' (or more)
    needs a unit in the player's supply."""
    assert offered({("red", 1): ["white"]}, [card], supply={"purple": 0})[0] == []
    assert offered({("red", 1): ["white"]}, [card])[0] == [card]


@pytest.mark.parametrize("card", ["profit_boost", "double_profit_boost"])
def test_profit_boosts_need_last_place_and_the_units_they_build(card):
    """Profit Boost builds 1 unit, Double Profit Boost 2, 'if your token is in last place'."""
    behind = {("green", 8): ["white"]}  # Purple is last (tied with Black and Gray)
    assert offered(behind, [card])[0] == [card]
    assert offered(behind, [card], supply={"purple": 0})[0] == []
    if card == "double_profit_boost":
        assert offered(behind, [card], supply={"purple": 1})[0] == []  # two units, one left


def test_a_card_offered_is_played_to_a_real_effect():
    """Every card the default rule offers changes the board, the hands or the budget when
    played with its first offered target, over many random positions."""
    import random

    from engine import load_variant
    from engine.game.game_state import new_state

    variant = load_variant("winning-moves-2016")
    rnd = random.Random(11)
    played = 0
    for seed in range(30):
        game = new_state(variant, 4, seed=seed)
        while not game.is_over and played < 150:
            actions = game.legal_actions()
            plays = [a for a in actions if a.kind == "play"]
            if plays and game.decision == "card":
                before = ([list(s) for s in game.stacks], list(game.supply), [len(game.hand(p)) for p in range(game.n)])
                player = game.current_player
                game.apply(plays[0])
                while game.current_player == player and game.decision == "choose":
                    game.apply(game.legal_actions()[0])
                while game.decision == "react":
                    game.apply({"kind": "decline"})
                after = ([list(s) for s in game.stacks], list(game.supply), [len(game.hand(p)) for p in range(game.n)])
                assert after != before or game.is_over
                played += 1
                continue
            game.apply(actions[rnd.randrange(len(actions))])
    assert played >= 100


def test_the_old_reading_is_kept_for_games_saved_before_the_rule():
    """A format 1 game (saved before this ruling) offers a card whenever its condition holds,
    so that its save replays exactly."""
    from engine import load_variant
    from engine.game.game_state import new_state

    game = new_state(load_variant("winning-moves-2016"), 2, seed=3, compat=1)
    assert game.only_followable is False
    assert new_state(load_variant("winning-moves-2016"), 2, seed=3).only_followable is True


def test_discards_and_supplies_are_untouched_by_looking_ahead():
    """Working out what a card could do happens on a copy: the game itself does not change."""
    options, game = offered({("blue", 4): ["white"]}, ["switch", "hurricane"])
    assert options == ["hurricane", "switch"]
    assert supply(game, "purple") == game.start_units and discards(game) == []
    assert units(game, "blue", 4) == ["white"] and hand(game, "purple") == ["hurricane", "switch"]
    assert game.current_player == seat(game, "purple")


@pytest.mark.slow
def test_the_quick_answers_agree_with_exploring_and_looking_ahead_changes_nothing():
    """The shapes answered without exploring (followable.quick_answer) give the explorer's
    answer, and neither leaves a trace on the game, at many positions of every bundled variant."""
    import json
    import random

    from engine import load_variant
    from engine.game.followable import _search
    from engine.game.game_state import new_state
    from engine.resources import bundled_variant_names

    compared = 0
    for name in bundled_variant_names():
        variant = load_variant(name)
        rnd = random.Random(name)
        for seed in range(6):
            game = new_state(variant, rnd.choice([2, 3, 4]), seed=seed)
            for _ in range(rnd.randrange(20, 200)):
                if game.is_over:
                    break
                actions = game.legal_actions()
                game.apply(actions[rnd.randrange(len(actions))])
            if game.is_over:
                continue
            before = json.dumps(game.to_dict(), sort_keys=True)
            for card, quick in enumerate(game.book.quick_answers):
                for me in range(game.n):
                    explored = _search(game, [(game.book.trials[game.book.card_block[card]], 0, {}, me)], me)
                    if quick is not None:
                        assert quick(game, me) == explored, (name, variant.cards[card].id, me)
                        compared += 1
            assert json.dumps(game.to_dict(), sort_keys=True) == before
    assert compared > 500


@pytest.mark.slow
def test_choices_alike_offer_what_looking_at_every_option_offers():
    """A choice whose options all lead to one answer (followable.choices_alike: Transfer's two,
    the contracts') has only its first option looked at. Two games with the same seeds, one
    looking at every option, offer the same options at every decision, to the end."""
    import random

    from engine import load_variant
    from engine.game.game_state import new_state
    from engine.resources import bundled_variant_names

    decisions = 0
    for name in bundled_variant_names():
        variant = load_variant(name)
        for seed in range(8):
            players = 2 + seed % 3
            fast, full = new_state(variant, players, seed=seed), new_state(variant, players, seed=seed)
            full.book = copy_of_book_without_alike(full.book)
            rnd = random.Random(seed)
            while not fast.is_over:
                actions = fast.legal_actions()
                assert [a.to_dict() for a in actions] == [a.to_dict() for a in full.legal_actions()], (name, seed, decisions)
                pick = rnd.randrange(len(actions))
                fast.apply(actions[pick])
                full.apply(full.legal_actions()[pick])
                decisions += 1
            assert full.is_over
    assert decisions > 5_000


def copy_of_book_without_alike(book):
    from engine.game.followable import trial_block
    from engine.game.rulebook import Rulebook

    other = Rulebook(book.variant)  # a rulebook of its own (a compiled one cannot be copy.copy'd)
    other._texts = book._texts  # the game's own actions, interned by its texts
    other.alike_choices = frozenset()
    for b in reversed(range(len(other.blocks))):  # the look-ahead made afresh, without the shortcut
        other.trials[b] = trial_block(other, b)
    return other


def test_a_name_given_on_both_sides_of_an_if_is_known_to_the_look_ahead_after_it(write):
    """The machine hands the names both sides of an `if ... else` give a value to back to the
    block it stands in (Game._hand_back); looking ahead must too, or a card whose `play`,
    `build` or `put` uses such a name after the `if` is taken to be unfollowable and never
    offered (a Monopoly Chance Flip 2 answered with a Nope from the kept or the flipped cards
    was never asked)."""
    from engine import load_variant
    from engine.game.followable import card_is_followable
    from engine.game.game_state import new_state

    effect = "if me is leader:\n  choose vacant lot P\nelse:\n  choose vacant lot P\nbuild 1 on P"
    text = (
        "extends: winning-moves-2016\ndeck:\n  cards:\n    - id: either\n      name: Either\n      count: 1\n"
        "      text: Build on a vacant lot.\n      timing: end_of_turn\n      effect: |\n"
        + "".join(f"        {line}\n" for line in effect.splitlines())
    )
    variant = load_variant(write(text))
    game = new_state(variant, 2, seed=1)
    me = game.turn_player
    game.hand(me).append(game.book.card_index["either"])
    assert card_is_followable(game, game.book.card_index["either"], me)


def _card_with(write, effect: str):
    """A game of Winning Moves with a card of `effect` in the turn player's hand: (game, card
    index, player)."""
    from engine import load_variant
    from engine.game.game_state import new_state

    text = (
        "extends: winning-moves-2016\ndeck:\n  cards:\n    - id: probe\n      name: Probe\n      count: 1\n"
        "      text: A card for the test.\n      timing: end_of_turn\n      effect: |\n"
        + "".join(f"        {line}\n" for line in effect.splitlines())
    )
    game = new_state(load_variant(write(text)), 2, seed=1)
    me = game.turn_player
    card = game.book.card_index["probe"]
    game.hand(me).append(card)
    return game, card, me


def test_a_card_that_shuffles_a_pile_of_cards_does_something(write):
    from engine.game.followable import card_is_followable

    game, card, me = _card_with(write, "shuffle deck")
    assert len(game.pile_of("deck", None)) > 1
    assert card_is_followable(game, card, me)


def test_a_card_that_ends_the_game_does_something(write):
    from engine.game.followable import card_is_followable

    game, card, me = _card_with(write, "end game track_end for me")
    assert card_is_followable(game, card, me)


def test_nothing_after_stop_is_looked_ahead(write):
    """`stop` ends the effect: a card that stops before it builds does nothing."""
    from engine.game.followable import card_is_followable

    game, card, me = _card_with(write, "if 1 = 1:\n  stop\nchoose vacant lot P\nbuild 1 on P")
    assert not card_is_followable(game, card, me)
    game, card, me = _card_with(write, "if 1 = 2:\n  stop\nchoose vacant lot P\nbuild 1 on P")
    assert card_is_followable(game, card, me)


def test_a_roll_of_several_dice_is_looked_ahead_over_every_value(write):
    """`roll number into N and colour into C`: each die's variable takes every value it can,
    so a card that builds only on a sum of 12 in a green roll can be followed."""
    from engine.game.followable import card_is_followable

    effect = 'roll number into N and colour into C\nif N = 12 and C is green:\n  choose vacant lot P\n  build 1 on P'
    game, card, me = _card_with(write, effect)
    assert card_is_followable(game, card, me)
    game, card, me = _card_with(write, effect.replace("N = 12", "N = 13"))
    assert not card_is_followable(game, card, me)


def test_a_choice_of_every_answer_offers_the_answers_that_change_nothing_too(write):
    """Issue 27, 2.4: the look-ahead drops an answer after which the card does nothing; a
    choice the rules give (ask for rent, or say nothing) says `, every answer` and keeps all."""
    from engine.core.frames import BlockFrame, CardFrame

    def offered(every: str) -> list:
        effect = f'choose word Ask from "ask", "say nothing"{every}\nif Ask is "ask":\n  draw 1'
        game, card, me = _card_with(write, effect)
        block = game.book.card_block[card]
        root = CardFrame(card, me)
        game.frames.append(root)
        frame = BlockFrame(block, {}, len(game.frames) - 1)
        game.frames.append(frame)
        _, _, options = game.interp.offered_choice(game.book.blocks[block][0], frame, root)
        return options

    assert offered("") == ["ask"]  # saying nothing does nothing: not offered
    assert offered(", every answer") == ["ask", "say nothing"]
