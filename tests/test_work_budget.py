"""Every game ends, and no move runs away (issue 25, "Unbounded work"; docs/security.md).

One action and everything it sets off (cards playing cards, hooks, the turn program and the
turns after it) shares one work budget, statements and events together; a game asks at most
MAX_DECISIONS decisions and tells at most MAX_EVENTS events; a bot's look-ahead for one
decision shares a budget with every copy it plays. Past any of them the game ends with a
reason, as at the turn limit: never a crash, never a lost game. The check refuses what it
can see before play: a card that plays itself, cards that play one another, a program whose
one run could do more than one move may."""

from __future__ import annotations

import pytest

from engine import load_variant
from engine.bots.base import make_bot
from engine.effects import ast
from engine.effects.cost import Sizes, program_work
from engine.effects.limits import (
    FRAMES_PER_EFFECT,
    MAX_DECISIONS,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_WORK_PER_ACTION,
    MAX_WORK_PER_GAME,
    SAFETY_ENDS,
)
from engine.effects.parser import parse_effect
from engine.game.game_state import WorkMeter, new_state
from engine.game.observation import decide
from engine.game.snapshot import restore_state
from engine.savefile import GameRecord, Seat, load_game, save_game
from engine.variant.load import check_variant
from engine.words.table import STATEMENTS
from test_check_bad_input import EXTENDS, assert_at, only, problems


def _cards(*cards: tuple[str, str, str]) -> str:
    """A variant adding cards (id, tags, effect), each played at the end of a turn."""
    text = EXTENDS + "deck:\n  cards:\n"
    for card_id, tags, effect in cards:
        text += (
            f"    - id: {card_id}\n      name: {card_id.title()}\n      count: 4\n      text: Does something.\n"
            f"      timing: end_of_turn\n      tags: [{tags}]\n      effect: |\n"
            + "".join(f"        {line}\n" for line in effect.splitlines())
        )
    return text


def _play_first_chance(game, card: str) -> list:
    """Play the game with the first option until `card` can be played, then play it."""
    game.hand(game.turn_player).append(game.book.card_index[card])
    for _ in range(500):
        if {"kind": "play", "arg": card} in [a.to_dict() for a in game.legal_actions()]:
            return game.apply({"kind": "play", "arg": card})
        game.apply(game.legal_actions()[0])
    raise AssertionError(f"{card} was never playable")


# ----- what the check can see ------------------------------------------------------------------


def test_a_card_that_plays_itself_is_refused_at_its_play(write):
    # line 12 is `        play this` (the effect starts at line 11)
    d = only(write(_cards(("echo", "echo", "draw 1\nplay this"))))
    assert_at(d, "v.yaml", 12, 9, "card 'echo' plays itself", hint="repeat")


def test_two_cards_that_play_each_other_are_refused_with_both_places(write):
    ping = 'draw 1\nchoose card K in hand of me where K has "pong"\nplay K'
    pong = 'draw 1\nchoose card K in hand of me where K has "ping"\nplay K'
    d = only(write(_cards(("ping", "ping", ping), ("pong", "pong", pong))))
    assert_at(d, "v.yaml", 13, 9, "'ping' plays 'pong'", "'pong' plays 'ping'")
    assert [(n.loc.line, n.loc.col) for n in d.notes] == [(23, 9)]


def test_a_card_that_plays_a_tag_it_carries_is_refused(write):
    effect = 'choose card K in hand of me where K has "loud" and K has "echo"\nplay K'
    d = only(write(_cards(("echo", "loud, echo", effect))))
    assert "can play itself" in d.message and '"echo"' in d.message and '"loud"' in d.message


def test_playing_a_card_of_another_tag_that_plays_nothing_passes(write):
    first = 'choose card K in hand of me where K has "quiet"\nplay K'
    assert check_variant(write(_cards(("echo", "echo", first), ("hush", "quiet", "draw 1")))).ok


def test_a_program_whose_one_run_could_tell_millions_of_lines_is_refused_at_its_loop(write):
    turn = "turn: |\n  repeat 100 times:\n    repeat 100 times:\n      repeat 100 times:\n        say \"x\"\n"
    d = only(write(EXTENDS + turn))
    assert_at(d, "v.yaml", 3, 3, "2,010,101 statements and events", f"{MAX_WORK_PER_ACTION:,}", hint="repeat fewer")


def test_three_nested_repeat_whiles_are_refused_like_three_hundred_rounds(write):
    turn = "turn: |\n  repeat while 1 = 1:\n    repeat while 1 = 1:\n      repeat while 1 = 1:\n        draw 1\n"
    d = only(write(EXTENDS + turn))
    assert "statements and events" in d.message and (d.loc.line, d.loc.col) == (3, 3)


def test_draw_counts_each_card_it_tells_of():
    """`draw 5` is one statement but five cards drawn (and a reshuffle each, at most)."""
    one, five = (program_work(parse_effect(f"draw {n}").statements, Sizes()) for n in (1, 5))
    assert (one, five) == (3, 11)


def test_every_statement_says_how_many_events_it_tells():
    assert set(STATEMENTS) == set(ast.STATEMENT_TYPES)


# ----- what only play can show -------------------------------------------------------------------

UNSEEN_LOOP = "draw 1\nput this on deck\nplay top card of deck"
"""A card that plays itself by a road the check cannot follow: it goes on the deck, and the
top of the deck is played. It draws a card first, so that playing it does something the
look-ahead sees (which does not look into the card played: put on the deck and played
again, the card alone would end where it began, and is not offered)."""


def test_a_card_that_plays_itself_unseen_ends_the_game_before_the_stack_is_too_deep(write):
    variant = load_variant(write(_cards(("echo", "echo", UNSEEN_LOOP))))
    game = new_state(variant, 2, seed=1)
    events = _play_first_chance(game, "echo")
    assert game.is_over and game.end_reason == {"reason": "depth_limit", "player": None}
    assert len(game.frames) + FRAMES_PER_EFFECT > MAX_FRAMES >= len(game.frames)
    assert events[-1].describe() == f"Game over: {SAFETY_ENDS['depth_limit']}"
    result = game.result()
    assert result is not None and result.reason == "depth_limit"


@pytest.mark.slow
def test_turns_that_never_ask_after_an_answer_end_that_action_at_the_work_budget(write):
    """The first turn asks once; every later turn runs inside that one answer."""
    turn = (
        "counters:\n  asked: {each: game, reset: never}\n"
        "turn: |\n  if asked = 0:\n    set asked to 1\n    choose word W from \"a\", \"b\"\n"
        "  repeat 99 times:\n    repeat 99 times:\n      say \"x\"\n"
    )
    game = new_state(load_variant(write(EXTENDS + turn)), 2, seed=1)
    assert not game.is_over
    events = game.apply(game.legal_actions()[0])
    assert game.is_over and game.end_reason == {"reason": "work_limit", "player": None}
    assert game.work + len(events) <= MAX_WORK_PER_ACTION + 3  # the statement past it, its event, game over
    assert events[-1].describe() == f"Game over: {SAFETY_ENDS['work_limit']}"


def test_a_game_stopped_by_the_budget_saves_loads_and_restores(write, tmp_path):
    """Never a lost game: the position it stopped in is a position like any other. (Three
    cards each from a deck of mostly Echoes: the first player holds one at once.)"""
    path = write(_cards(("echo", "echo", UNSEEN_LOOP)).replace("count: 4", "count: 40") + "rules:\n  starting_hand: 3\n")
    variant = load_variant(path)
    record = GameRecord(variant, str(path), 2, 1, [Seat("A"), Seat("B")])
    game = record.new_game()
    while not game.is_over:
        actions = [a.to_dict() for a in game.legal_actions()]
        action = {"kind": "play", "arg": "echo"} if {"kind": "play", "arg": "echo"} in actions else actions[0]
        game.apply(action)
        record.actions.append(action)
    assert game.result().reason == "depth_limit"
    save_game(tmp_path / "save.json", record, game)
    loaded = load_game(tmp_path / "save.json")
    assert loaded.game.to_dict() == game.to_dict()
    assert restore_state(variant, game.to_dict()).to_dict() == game.to_dict()


def test_a_turn_that_asks_forever_ends_at_the_decision_limit(write):
    variant = load_variant(write(EXTENDS + "turn: |\n  repeat while 1 = 1:\n    draw 1\n    discard 1\n"))
    game = new_state(variant, 2, seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.end_reason["reason"] == "decision_limit" and game.decisions == MAX_DECISIONS
    assert game.told <= MAX_EVENTS


@pytest.mark.slow
def test_a_setup_that_never_asks_ends_within_the_budget_of_new_game(write):
    """A turn with no decision in it: every turn would be played inside `new_game`."""
    variant = load_variant(write(EXTENDS + "turn: |\n  repeat 99 times:\n    repeat 99 times:\n      say \"x\"\n"))
    game = new_state(variant, 2, seed=3)
    assert game.is_over and game.end_reason["reason"] == "work_limit"
    assert len(game.setup_events) <= MAX_WORK_PER_ACTION


def test_the_events_a_game_tells_are_bounded(write, monkeypatch):
    variant = load_variant(write(EXTENDS + "turn: |\n  repeat 99 times:\n    say \"x\"\n  discard 1\n"))
    game = new_state(variant, 2, seed=3)
    game.told = MAX_EVENTS - 150  # as if a long game had told nearly all it may
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.end_reason["reason"] == "event_limit" and game.told <= MAX_EVENTS + 2  # the say past it, game over


def test_the_work_of_a_whole_game_is_bounded(write):
    """Ten thousand decisions each setting off just under a move's budget would be hours of
    play: a game does at most MAX_WORK_PER_GAME, and ends with its own reason past it."""
    turn = "turn: |\n  repeat 100 times:\n    repeat 50 times:\n      let X = 1\n  choose word W from \"on\", \"stop\"\n"
    variant = load_variant(write(EXTENDS + turn))
    game = new_state(variant, 2, seed=3)
    assert 5_000 < game.worked < 10_000  # a turn's work
    game.worked = MAX_WORK_PER_GAME - 30_000  # as if a long game had done nearly all it may
    decisions, events = game.decisions, []
    while not game.is_over:
        events = game.apply(game.legal_actions()[0])
    assert game.end_reason["reason"] == "game_work_limit" and game.worked <= MAX_WORK_PER_GAME + 2
    assert 3 <= game.decisions - decisions <= 6
    assert SAFETY_ENDS["game_work_limit"] in events[-1].describe()
    assert restore_state(variant, game.to_dict()).to_dict() == game.to_dict()


def test_a_program_past_its_step_limit_is_named_in_the_log(write):
    """The log names the turn program (not a card) when it stops at MAX_EFFECT_STEPS, and a
    hook by its name when it has nothing to choose."""
    turn = "turn: |\n  repeat 100 times:\n    repeat 100 times:\n      let X = 1\n  choose word W from \"on\", \"stop\"\n"
    hook = "hooks:\n  start_of_turn: |\n    choose player P where P is not me and P is me\n"
    game = new_state(load_variant(write(EXTENDS + turn + hook)), 2, seed=3)
    told = [event.describe() for event in game.setup_events]
    assert "The turn program stops: it tried to do more than 10,000 things" in told
    assert "The start of turn hook: there is nothing to choose, so it has no further effect" in told


# ----- the bots' look-ahead --------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_a_bots_look_ahead_stops_when_its_budget_is_spent(bot, write):
    """Every action here does close to the most one may: a look-ahead bounded only by its
    options and steps would try dozens of them for each decision."""
    heavy = (
        "rules:\n  starting_hand: 6\n"
        "turn: |\n  repeat while 1 = 1:\n    repeat 40 times:\n      repeat 40 times:\n        say \"x\"\n"
        "    draw 1\n    discard 1\n"
    )
    variant = load_variant(write(EXTENDS + heavy))
    game = new_state(variant, 2, seed=5)
    player = game.current_player
    chooser = make_bot(bot, variant, seed=1)
    chooser.lookahead = 200_000  # the mechanism, not the figure: a fortieth of the real one
    action = decide(chooser.choose, game, player)
    assert action in [a.to_dict() for a in game.legal_actions()]
    assert chooser.meter.left <= 0  # the budget, not the options, ended the search


def test_a_copy_shares_the_look_ahead_budget_of_its_game():
    game = new_state(load_variant("winning-moves-2016"), 2, seed=1)
    game.meter = meter = WorkMeter(0)
    trial = game.copy()
    trial.apply(trial.legal_actions()[0])
    assert trial.meter is meter and trial.is_over and trial.end_reason["reason"] == "work_limit"
    assert not game.is_over


def test_a_game_without_look_ahead_has_no_meter():
    assert new_state(load_variant("winning-moves-2016"), 2, seed=1).meter is None


__all__ = ["problems"]
