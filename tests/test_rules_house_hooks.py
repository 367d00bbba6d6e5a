"""The two bundled house rules that the procedure-as-data made possible: a start-of-turn
hook (variants/house-last-place-draws.yaml) and a per-card limit
(variants/house-double-windfall.yaml). Each test quotes the house rule's own description."""

from __future__ import annotations

from scenario import events_of, position, prop, roll, seat
from test_rules_cards import build_options, card_options, discards, hand, of_kind, play

LAST_DRAWS = "house-last-place-draws"
DOUBLE = "house-double-windfall"


def test_the_player_in_last_place_draws_before_rolling():
    """house-last-place-draws: 'if your token is behind everyone else's ..., draw a Fortune
    card before you roll.' Purple owns nothing while White owns a lot."""
    game = position(LAST_DRAWS, players=2, stacks={("red", 5): ["white"]}, turn="purple", pile=["hurricane", "switch"],
                    script=roll(1, 1, "green", LAST_DRAWS))
    events = events_of(game)
    kinds = [e.kind for e in events]
    draws = of_kind(events, "draw")
    assert draws == [{"player": seat(game, "purple"), "card": "switch", "why": "for being in last place"}]
    assert kinds.index("draw") < kinds.index("roll")
    assert hand(game, "purple") == ["switch"]


def test_nobody_draws_while_every_token_stands_together():
    """house-last-place-draws: '... not tied with the leader, so nobody draws while all tokens
    stand together' (at the start, everyone is both last and leader)."""
    game = position(LAST_DRAWS, players=2, turn="purple", pile=["hurricane", "switch"],
                    script=roll(1, 1, "green", LAST_DRAWS))
    assert of_kind(events_of(game), "draw") == []


def test_the_leader_draws_nothing_and_the_player_behind_draws_on_their_own_turn():
    """Purple leads and cannot build with a 2 in green: the turn passes, and White, behind,
    draws before rolling."""
    game = position(LAST_DRAWS, players=2, stacks={("red", 5): ["purple"]}, turn="purple", pile=["switch"],
                    script=roll(1, 1, "green", LAST_DRAWS))
    draws = of_kind(events_of(game), "draw")
    assert [d["player"] for d in draws] == [seat(game, "white")]
    turns = [e for e in events_of(game) if e.kind in ("turn", "draw")]
    assert [e.kind for e in turns] == ["turn", "turn", "draw"]


def test_without_the_house_rule_last_place_draws_nothing():
    game = position(players=2, stacks={("red", 5): ["white"]}, turn="purple", pile=["switch"], script=roll(1, 1, "green"))
    assert of_kind(events_of(game), "draw") == []


def test_both_windfalls_may_be_played_after_one_roll():
    """house-double-windfall: 'A player holding both Windfalls may play them one after the other
    right after the roll, adding $10 million to it.' A 2 and green becomes $12M."""
    game = position(DOUBLE, players=4, hands={"purple": ["windfall", "windfall"]}, turn="purple", pile=["switch"],
                    script=roll(1, 1, "green", DOUBLE))
    play(game, "windfall")
    assert game.question.timing == "after_roll" and card_options(game) == ["windfall"]
    events = play(game, "windfall")
    assert of_kind(events, "counter")[-1]["value"] == 12
    assert game.decision == "build" and game.budget_left() == 12
    assert discards(game) == ["windfall", "windfall"]


def test_after_both_windfalls_no_card_follows_at_the_end_of_the_turn():
    """house-double-windfall: 'They are still the turn's Fortune card plays, so no card follows
    at the end of that turn.'"""
    game = position(DOUBLE, players=4, hands={"purple": ["windfall", "windfall", "hurricane"]}, turn="purple",
                    stacks={("red", 1): ["white"]}, pile=["switch"],
                    script=roll(1, 1, "green", DOUBLE) + roll(1, 1, "fortune", DOUBLE))
    play(game, "windfall")
    play(game, "windfall")
    while game.decision == "build":
        options = build_options(game)
        game.apply({"kind": "build", "arg": options[-1]} if options else {"kind": "stop"})
    assert game.turn_player == seat(game, "white") and hand(game, "purple") == ["hurricane"]


def test_one_windfall_may_be_kept_for_later():
    """The second offer can be passed: the card stays in the hand."""
    game = position(DOUBLE, players=4, hands={"purple": ["windfall", "windfall"]}, turn="purple", pile=["switch"],
                    script=roll(1, 1, "green", DOUBLE))
    play(game, "windfall")
    game.apply({"kind": "pass"})
    assert game.decision == "build" and game.budget_left() == 7 and hand(game, "purple") == ["windfall"]


def test_the_per_turn_limit_holds_at_two():
    """A third copy (added here) is not offered after two plays."""
    game = position(DOUBLE, players=4, hands={"purple": ["windfall", "windfall"]}, turn="purple", pile=["switch"],
                    script=roll(1, 1, "green", DOUBLE))
    play(game, "windfall")
    play(game, "windfall")
    assert game.decision == "build"
    assert prop(game, "green", 8) in build_options(game)


def test_the_help_comes_three_times_a_game_at_most():
    """house-last-place-draws: 'Each player gets this help three times a game at most' (a
    counter kept for each player, `helped of me`)."""
    game = position(LAST_DRAWS, players=2, stacks={("red", 5): ["white"]}, turn="purple", pile=["hurricane", "switch"],
                    script=roll(1, 1, "green", LAST_DRAWS))
    purple = seat(game, "purple")
    assert game.player_counters["helped"] == [1 if p == purple else 0 for p in range(2)]
    assert of_kind(events_of(game), "counter") == [{"player": purple, "counter": "helped", "value": 1, "by": 1}]


def test_once_the_help_is_used_up_the_last_player_draws_no_more():
    """The limit is the rule most_help (3); with it at 0, a player in last place draws nothing."""
    game = position(LAST_DRAWS, players=2, stacks={("red", 5): ["white"]}, turn="purple", pile=["hurricane", "switch"],
                    script=roll(1, 1, "green", LAST_DRAWS), rules={"most_help": 0})
    assert of_kind(events_of(game), "draw") == [] and game.player_counters["helped"] == [0, 0]
