"""The turn, building, ownership, tokens and the end, each test citing its rulebook passage.

1985 = advance-to-boardwalk-1985-parker.txt, 2016 = advance-to-boardwalk-2016-winning-moves.txt,
wiki = advance-to-boardwalk-wiki.txt, all in ../shared/rules/.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from scenario import events_of, position, prop, roll, seat


def kinds(events):
    return [e.kind for e in events]


def build(game, zone, value):
    return game.apply({"kind": "build", "arg": prop(game, zone, value)})


def stop(game):
    return game.apply({"kind": "stop"})


def place_options(game):
    return sorted(a.arg for a in game.legal_actions() if a.kind == "build")


# ----- Step 4 example (wiki): Gray's 12 and red -------------------------------------------------


def gray_twelve_and_red():
    """wiki, Step 4 EXAMPLE: Gray 11, White 25, Black 12, Purple 19 before Gray's turn."""
    return position(
        stacks={
            ("blue", 6): ["gray"], ("blue", 5): ["gray"],                              # Gray 11
            ("red", 5): ["gray", "white", "white"], ("green", 8): ["white"],
            ("yellow", 7): ["white"], ("yellow", 5): ["white"],                       # White 25
            ("green", 7): ["black"], ("green", 5): ["black"],                         # Black 12
            ("red", 1): ["purple"], ("green", 6): ["purple"], ("yellow", 6): ["purple"],
            ("blue", 2): ["purple"], ("yellow", 4): ["purple"],                       # Purple 19
        },
        hands={},
        turn="gray",
        script=roll_script(),
    )


def roll_script():
    return roll(6, 6, "red")


def test_gray_builds_on_three_red_hotels_and_takes_three_cards_moving_three_tokens():
    """wiki, Step 4: 'you take a $5 red property card from White, a $3 red card from a board,
    and a $1 red card from Purple ... you have $20 million, White has $20 million, and Purple
    has $18 million. Black does not have to count and move its token.'"""
    game = gray_twelve_and_red()
    gray, white, black, purple = (seat(game, s) for s in ("gray", "white", "black", "purple"))
    assert game.tokens[gray] == 11 and game.tokens[white] == 25 and game.tokens[black] == 12
    assert game.budget_left() == 12 and game.observation(gray)["zone"] == "red"
    build(game, "red", 5)
    build(game, "red", 3)
    build(game, "red", 1)
    events = build(game, "red", 1)
    events += stop(game)
    takes = {(e.data["property"], e.data["from"]) for e in events if e.kind == "take"}
    assert takes == {(prop(game, "red", 5), white), (prop(game, "red", 3), None), (prop(game, "red", 1), purple)}
    assert [game.tokens[p] for p in (gray, white, black, purple)] == [20, 20, 12, 18]
    moved = [e.data["player"] for e in events if e.kind == "token"]
    assert sorted(moved) == sorted([gray, white, purple])  # Black's token does not move


def test_only_the_turn_player_moving_forward_onto_an_f_space_draws():
    """wiki, Step 4: 'Both you and White have landed on a $20 space that has an F. Only you have
    to pick up a Fortune card ... White moves backwards and it is not White's turn.'"""
    game = gray_twelve_and_red()
    gray, white = seat(game, "gray"), seat(game, "white")
    for value in (5, 3, 1, 1):
        build(game, "red", value)
    events = stop(game)
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.data["player"], e.data["why"]) for e in draws] == [(gray, "for landing on a Fortune space")]
    assert game.tokens[gray] == 20
    assert len(game.hand(gray)) == 1 and len(game.hand(white)) == 0


def test_tokens_move_once_per_roll_not_per_property():
    """wiki, Step 4 NOTE: 'If you take multiple property cards in one dice roll, you cannot move
    per each property card taken.'"""
    game = gray_twelve_and_red()
    for value in (5, 3, 1, 1):
        events = build(game, "red", value)
        assert "token" not in kinds(events) and "take" not in kinds(events)
    events = stop(game)
    gray_moves = [e.data for e in events if e.kind == "token" and e.data["player"] == seat(game, "gray")]
    assert gray_moves == [{"player": seat(game, "gray"), "from": 11, "to": 20}]


# ----- building ---------------------------------------------------------------------------------


def test_only_one_vacant_lot_per_roll_and_one_unit_on_it():
    """wiki, Step 2 B: 'You can build only 1 new hotel in only 1 vacant lot ... If you build a
    new hotel, you place only 1 unit.' (1985/2016, Conditions a.)"""
    game = position(players=2, hands={}, turn="purple", pile=["switch"],
                    script=roll(6, 6, "red") + roll(1, 1, "fortune"))
    assert place_options(game) == sorted(prop(game, "red", v) for v in (1, 2, 3, 4, 5))
    build(game, "red", 3)
    # $9M is left, but the new lot takes no second unit and no other lot may be started,
    # so the building ends by itself and White's turn begins
    assert [len(s) for s in game.stacks] == [1 if i == prop(game, "red", 3) else 0 for i in range(20)]
    assert game.turn_player == seat(game, "white") and game.decision == "card"


def test_a_vacant_lot_started_this_roll_is_not_an_occupied_hotel_until_the_roll_ends():
    """The limit holds for the whole roll: Purple's new $1M red lot cannot take a second unit."""
    game = position(players=2, stacks={("red", 5): ["white"]}, hands={}, turn="purple", script=roll(6, 6, "red"))
    build(game, "red", 1)
    assert place_options(game) == [prop(game, "red", 5)]


def test_occupied_hotels_take_any_number_of_units_within_the_budget():
    """1985/2016, Conditions b-d: 'You may build more than one unit on an occupied property',
    atop opponents' units, within the sum of the dice (example: two units on $5M with 6-4)."""
    game = position(players=2, stacks={("blue", 5): ["white"]}, hands={}, turn="purple", script=roll(6, 4, "blue"))
    purple, white = seat(game, "purple"), seat(game, "white")
    build(game, "blue", 5)
    build(game, "blue", 5)
    assert game.stacks[prop(game, "blue", 5)] == [white, purple, purple]
    # the $10M is spent, so the building ends by itself and the turn passes
    assert game.turn_player == white


def test_budget_is_the_sum_of_the_number_dice_and_may_be_underspent():
    """1985/2016, Step 1: 'If you roll a 3 and a 7, you have a total of $10 million'; Condition d:
    build on properties worth less than the sum; wiki E: 'at the total sum ... or less'."""
    game = position(players=2, stacks={("blue", 6): ["white"]}, hands={}, turn="purple", script=roll(3, 6, "blue"))
    assert game.budget_left() == 9
    assert place_options(game) == sorted(prop(game, "blue", v) for v in (2, 3, 4, 5, 6))
    build(game, "blue", 6)
    assert game.budget_left() == 3
    assert place_options(game) == [prop(game, "blue", v) for v in (2, 3)]
    stop(game)
    assert game.stacks[prop(game, "blue", 6)] == [seat(game, "white"), seat(game, "purple")]


def test_at_least_one_unit_must_be_built_when_affordable():
    """1985/2016, Condition e: 'You must build at least one unit on a turn'; wiki A: even a
    4 and green must place its unit on the $4M property."""
    game = position(players=2, hands={}, turn="purple", script=roll(2, 2, "green"))
    # the only affordable placement was made for the player: a single legal option
    assert game.stacks[prop(game, "green", 4)] == [seat(game, "purple")]
    assert [e.kind for e in events_of(game)][:3] == ["turn", "roll", "build"]


def test_stopping_is_only_offered_after_the_first_unit():
    game = position(players=2, stacks={("red", 5): ["white"]}, hands={}, turn="purple", script=roll(6, 6, "red"))
    assert {a.kind for a in game.legal_actions()} == {"build"}
    with pytest.raises(IllegalAction):
        stop(game)
    build(game, "red", 5)
    assert "stop" in {a.kind for a in game.legal_actions()}


def test_a_roll_that_affords_nothing_builds_nothing_but_a_card_may_be_played():
    """2016, Step 1 NOTE: 'If a player rolls ... 3 and green, he has no play to make. However,
    if the player has a Fortune card, he can play one on his turn.'"""
    game = position(players=2, hands={"purple": ["hurricane"]}, turn="purple", script=roll(1, 2, "green"),
                    stacks={("blue", 2): ["white"]})
    # asked after the roll, as anyone holding a card is: Hurricane is not played then
    assert game.question.timing == "after_roll" and [a.kind for a in game.legal_actions()] == ["pass"]
    events = game.apply({"kind": "pass"})
    assert "cannot_build" in kinds(events)
    assert game.decision == "card"
    assert game.question.timing == "end_of_turn"
    assert {a.kind for a in game.legal_actions()} == {"play", "pass"}


def test_wild_lets_the_player_choose_the_zone():
    """1985/2016, 'The W': 'you may choose any one color zone on which to build.'"""
    game = position(players=2, hands={}, turn="purple", script=roll(2, 1, "wild"))
    assert game.decision == "choose" and {a.what for a in game.legal_actions()} == {"zone"}
    assert [a.arg for a in game.legal_actions()] == ["red", "blue", "yellow", "green"]
    events = game.apply({"kind": "choose", "arg": "yellow"})
    # $3M affords only the $3M yellow lot, so that single option is taken
    assert [e.data for e in events if e.kind == "build"] == [
        {"player": seat(game, "purple"), "property": prop(game, "yellow", 3), "count": 1}
    ]


def test_fortune_face_ignores_the_dice_draws_a_card_and_goes_to_the_card_step():
    """1985/2016, 'The F': 'DISREGARD YOUR ROLL OF THE NUMBERED DICE ... take one Fortune card
    ... You may play any Fortune card on this turn ... but you must end your turn directly after.'"""
    game = position(players=2, hands={}, turn="purple", script=roll(6, 6, "fortune"), pile=["demolition", "switch"])
    purple = seat(game, "purple")
    events = events_of(game)
    assert "build" not in kinds(events) and game.stacks == [[] for _ in game.stacks]
    assert [e.data["card"] for e in events if e.kind == "draw"] == ["switch"]
    assert game.decision == "card" and game.current_player == purple


def test_doubles_do_not_give_another_turn():
    """wiki, Step 1 NOTE: 'Rolling doubles is irrelevant to this game.'"""
    game = position(players=2, hands={}, turn="purple", pile=["switch"],
                    script=roll(1, 1, "red") + roll(3, 3, "fortune"))
    build(game, "red", 2)
    assert game.turn_player == seat(game, "white")


# ----- ownership ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stack, owner",
    [
        (["gray", "orange", "yellow", "orange", "yellow"], "orange"),  # 1985, first picture
        (["orange", "burgundy", "gray", "yellow"], "orange"),  # 1985, second picture
    ],
)
def test_tie_for_ownership_goes_to_the_unit_closest_to_the_bottom_1985_pictures(stack, owner):
    """1985, 'Tie for property ownership': 'because the orange unit is closest to the bottom of
    the hotel, orange becomes the owner.'"""
    game = position("parker-1985", players=4, stacks={("red", 3): stack}, hands={})
    assert game.holder[prop(game, "red", 3)] == seat(game, owner)


def test_tie_goes_to_the_lowest_unit_2016_black_pictures():
    """2016, 'Tie for property ownership': 'the black unit is closest to the bottom'."""
    game = position(stacks={("red", 3): ["black", "purple", "purple", "black"]}, hands={})
    assert game.holder[prop(game, "red", 3)] == seat(game, "black")


def test_white_takes_the_8m_green_from_black_by_building_one_unit():
    """wiki, Tiebreaker, left picture: 1 black and 1 white on the $8M green, Black owns; White
    rolls 8 and green and builds 1 unit: White has the most units and takes the card."""
    game = position(stacks={("green", 8): ["black", "white"]}, hands={}, turn="white", script=roll(4, 4, "green"))
    black, white = seat(game, "black"), seat(game, "white")
    assert game.holder[prop(game, "green", 8)] == black
    events = build(game, "green", 8)  # $8M spent: the roll's building ends and settles
    assert game.holder[prop(game, "green", 8)] == white
    assert any(e.kind == "take" and e.data == {"player": white, "property": prop(game, "green", 8), "from": black}
               for e in events)


def test_three_players_tied_on_three_units_the_earliest_builder_owns():
    """wiki, Tiebreaker, right picture: Purple, White and Gray each have 3 units on the $3M red;
    'Since Purple is built earlier than White and Gray, Purple is the current owner.'"""
    stack = ["purple", "white", "gray", "white", "purple", "gray", "gray", "purple", "white"]
    game = position(stacks={("red", 3): stack}, hands={})
    assert game.holder[prop(game, "red", 3)] == seat(game, "purple")


def test_taking_over_a_5m_property_moves_both_tokens_five_spaces():
    """1985/2016, Step 4 example: you at $10M, your opponent at $15M; you build 2 units on top of
    their 1 unit on the $5M property: you move ahead to 15, they move back to 10."""
    game = position(
        players=2,
        stacks={("red", 5): ["white"], ("blue", 6): ["white"], ("blue", 4): ["white"],
                ("red", 4): ["purple"], ("blue", 3): ["purple"], ("red", 3): ["purple"]},
        hands={},
        turn="purple",
        script=roll(6, 4, "red"),
    )
    purple, white = seat(game, "purple"), seat(game, "white")
    assert (game.tokens[purple], game.tokens[white]) == (10, 15)
    build(game, "red", 5)
    events = build(game, "red", 5)
    assert (game.tokens[purple], game.tokens[white]) == (15, 10)
    assert {(e.data["from"], e.data["to"]) for e in events if e.kind == "token"} == {(10, 15), (15, 10)}


# ----- the end and the winner -------------------------------------------------------------------


def test_reaching_the_last_space_ends_the_game_immediately():
    """wiki, Ending the Game: 'You are in the $58 million space ... taken the $4 million blue ...
    move your token ... to the $61 million space because there is no $62 million space ... the
    game ends there immediately.'"""
    green = {("green", v): ["purple"] for v in (4, 5, 6, 7, 8)}
    yellow = {("yellow", v): ["purple"] for v in (3, 4, 5, 6, 7)}
    game = position(players=2, stacks={**green, **yellow, ("red", 3): ["purple"]},
                    hands={"purple": ["hurricane"]}, turn="purple", script=roll(2, 2, "blue"))
    purple = seat(game, "purple")
    assert game.tokens[purple] == 58
    game.apply({"kind": "pass"})  # no card to play after the roll
    build(game, "blue", 4)
    game.apply({"kind": "stop"}) if game.decision == "build" else None
    assert game.is_over and game.tokens[purple] == 61 and game.worth[purple] == 62
    assert game.end_reason == {"reason": "track_end", "player": purple}
    assert game.legal_actions() == []  # no Fortune card step after the end
    assert game.result().winners == (purple,)


def test_a_player_without_units_at_the_start_of_their_turn_ends_the_game():
    """1985/2016, END OF GAME: 'when one player has no hotels with which to build at the start
    of his or her turn'."""
    game = position(players=2, stacks={("red", 2): ["purple"]}, supply={"purple": 0}, hands={}, turn="purple")
    assert game.is_over and game.end_reason == {"reason": "no_units", "player": seat(game, "purple")}


def test_a_player_whose_units_were_returned_plays_on():
    """wiki, Ending the Game, OPPOSING EXAMPLE: another player's card replenished your supply,
    so the game does not end at your next turn."""
    game = position(players=2, stacks={("red", 2): ["purple"]}, supply={"purple": 0, "white": 5},
                    hands={"white": ["hurricane"]}, turn="white", script=roll(1, 1, "fortune"))
    assert game.decision == "card"
    game.apply({"kind": "play", "arg": "hurricane"})  # the only hotel: Purple's unit
    assert game.decision == "react" and game.current_player == seat(game, "purple")
    game.apply({"kind": "decline"})  # Purple holds no Insurance but is asked all the same
    assert game.supply[seat(game, "purple")] == 1
    assert game.turn_player == seat(game, "purple") and not game.is_over


def test_highest_value_wins_and_a_tie_goes_to_most_properties():
    """1985/2016, WINNING: 'In the case of a tie, the winner is the player who owns the most
    properties.'"""
    game = position(players=2, stacks={("red", 5): ["purple"], ("red", 2): ["white"], ("red", 3): ["white"]},
                    supply={"purple": 0}, hands={}, turn="purple")
    result = game.result()
    assert result.winners == (seat(game, "white"),) and result.decided_by == "properties"
    assert "ahead on number of properties" in result.describe()


def test_a_tie_after_every_tie_break_is_reported_as_shared():
    game = position(players=2, stacks={("red", 5): ["purple"], ("blue", 5): ["white"]},
                    supply={"purple": 0}, hands={}, turn="purple")
    result = game.result()
    assert result.tied and result.decided_by is None and "share the win" in result.describe()
