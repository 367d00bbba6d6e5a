"""Offers between players (issue 27, 2.6): `offer trade of GOODS to PLAYER`.

"You may buy, sell or trade property and/or resources with the other players at any time. You
can trade for money, other properties, resources, or Get Out of Jail Free cards"
(../shared/rules/monopoly-builder-2021.txt, Trading). The goods are the variant's: counters
and public piles kept for each player. The proposer puts the offer together a step at a time
and proposes or withdraws it; the other accepts or declines. A bot accepts only what leaves it
better off, so a lopsided offer does not farm it."""

from __future__ import annotations

import json

import pytest

from engine import RestoreError, VariantError, load_variant, new_game, restore
from engine.bots import make_bot
from engine.words.trades import MAX_TRADE_STEPS

GOODS = """counters:
  cash: {each: player, reset: never, money: true}
  gems: {each: player, reset: never}
piles:
  shown:
    name: cards on show
    each: player
    seen_by: everyone
"""
SETUP = """setup: |
  for each player P:
    set cash of P to 100
    set gems of P to 3
    put top card of deck on shown of P
  draw rule starting_hand for me
"""
OFFER = "hooks:\n  start_of_turn: |\n    choose opponent O\n    offer trade of cash, gems, shown to O\n"


def _game(write, base: str = "winning-moves-2016", extra: str = "", players: int = 2, setup: str = SETUP,
          offer: str = OFFER):
    variant = load_variant(write(f"extends: {base}\n{GOODS}{setup}{offer}{extra}"))
    return new_game(variant, players, seed=1)


def _pick(game, words: str):
    action = next((a for a in game.legal_actions() if a.describe() == words), None)
    assert action is not None, f"{words!r} not among {[a.describe() for a in game.legal_actions()]}"
    return game.apply(action)


def test_an_accepted_offer_moves_the_amounts_and_the_cards_both_ways(write):
    game = _game(write)
    me, other = game.current_player, 1 - game.current_player
    mine, theirs = game.pile_of("shown", me)[0], game.pile_of("shown", other)[0]
    _pick(game, "give $10M in all")
    _pick(game, "give $20M in all")
    _pick(game, "ask for 1 gems in all")
    _pick(game, f"ask for {game.texts.card(theirs)}")
    _pick(game, f"give {game.texts.card(mine)}")
    told = [e.describe() for e in _pick(game, "propose the offer")]
    assert told[-1] == (f"{game.texts.player(me)} offers {game.texts.player(other)} $20M and "
                        f"{game.texts.card(mine)} for 1 gems and {game.texts.card(theirs)}")
    assert (game.asked.kind, game.current_player) == ("reply", other)
    assert [a.describe() for a in game.legal_actions()] == ["decline the offer", "accept the offer"]
    _pick(game, "accept the offer")
    assert game.player_counters["cash"][me] == 80 and game.player_counters["cash"][other] == 120
    assert game.player_counters["gems"][me] == 4 and game.player_counters["gems"][other] == 2
    assert game.pile_of("shown", me) == [theirs] and game.pile_of("shown", other) == [mine]


def test_a_declined_or_withdrawn_offer_moves_nothing(write):
    game = _game(write)
    me = game.current_player
    _pick(game, "give $100M in all")
    _pick(game, "propose the offer")
    events = _pick(game, "decline the offer")
    assert any(e.describe().endswith("declines " + game.texts.player(me) + "'s offer") for e in events)
    assert game.player_counters["cash"] == [100, 100]
    game = _game(write)
    _pick(game, "give $1M in all")
    events = _pick(game, "withdraw the offer")
    assert any("no offer after all" in e.describe() for e in events)
    assert game.player_counters["cash"] == [100, 100]


def test_an_offer_is_put_together_in_a_bounded_number_of_steps(write):
    """"Keep it usable: no endless loop of offers": after MAX_TRADE_STEPS steps only
    proposing or withdrawing is left."""
    game = _game(write)
    for step in range(MAX_TRADE_STEPS):
        _pick(game, "give $1M in all" if step % 2 == 0 else "give $0M in all")
    assert [a.describe() for a in game.legal_actions()] == ["withdraw the offer"]
    assert [a.arg for a in game.legal_actions()] == ["withdraw"]


def test_nothing_offered_cannot_be_proposed_and_amounts_stay_within_what_is_held(write):
    game = _game(write)
    described = [a.describe() for a in game.legal_actions()]
    assert "propose the offer" not in described
    assert "give $100M in all" in described and "give $101M in all" not in described
    assert "ask for 10 gems in all" not in described  # the other holds 3


def test_a_bot_accepts_a_gift_and_declines_a_lopsided_offer(write):
    """A human must not be able to farm a bot: greedy judges the position after each answer
    by the variant's scores, and keeps what it has when neither is better."""
    scores = "scores:\n  wealth: {most: cash of X, name: cash}\nranking: [wealth]\n"
    for give, ask, expected in ((20, 0, "accept"), (0, 20, "decline")):
        paid = "    for each player P:\n      set cash of P to 100\n    choose opponent O\n"
        offer = OFFER.replace("    choose opponent O\n", paid)
        game = _game(write, "monopoly-chance", scores, setup="", offer=offer)
        me = game.current_player
        other = next(p for p in range(game.n) if p != me)
        if game.legal_actions()[0].kind == "choose":  # whom to offer to
            _pick(game, f"choose {game.texts.player(other)}")
        if give:
            _pick(game, "give $10M in all")
            _pick(game, f"give ${give}M in all")
        if ask:
            _pick(game, "ask for $10M in all")
            _pick(game, f"ask for ${ask}M in all")
        _pick(game, "propose the offer")
        bot = make_bot("greedy", game.variant, seed=1)
        answer = bot.choose(game.observation(game.current_player))
        assert answer["arg"] == expected, (give, ask)


def test_an_offer_saved_half_way_resumes_and_a_damaged_one_is_refused(write):
    game = _game(write)
    _pick(game, "give $10M in all")
    data = json.loads(json.dumps(game.to_dict()))
    again = restore(game.variant, data)
    assert [a.arg for a in again.legal_actions()] == [a.arg for a in game.legal_actions()]
    at = next(i for i, frame in enumerate(data["frames"]) if frame["t"] == "trade")
    for key, value in (("give", {"cash": 0}), ("stage", "haggle"), ("give_cards", ["cash#1"]), ("steps", 99)):
        broken = json.loads(json.dumps(data))
        broken["frames"][at][key] = value
        with pytest.raises(RestoreError, match=rf"frames\[{at}\]\.{key}"):
            restore(game.variant, broken)


def test_only_counters_and_public_piles_of_each_player_are_goods(write):
    hooks = "hooks:\n  start_of_turn: |\n    offer trade of hand, deck, cash, cash to turn_player\n"
    with pytest.raises(VariantError) as raised:
        load_variant(write(f"extends: winning-moves-2016\n{GOODS}{hooks}"))
    problems = str(raised.value)
    assert "the pile 'hand' is not seen by everyone" in problems
    assert "'deck' is not a counter nor a pile kept for each player" in problems
    assert "'cash' is named twice among the goods" in problems


def test_in_a_window_of_deals_whoever_has_the_turn_makes_the_offer(write):
    """"You may buy, sell or trade ... at any time": a window gives every player a turn to
    make an offer (`by P`), not only the player whose turn it is."""
    window = (
        "hooks:\n  start_of_turn: |\n    take turns P among players until all pass, at most 6:\n"
        "      choose word W from \"make an offer\", \"pass\" by P, every answer\n"
        "      if W is \"pass\":\n        pass\n      else:\n"
        "        choose player O where O is not P by P\n        offer trade of cash, gems to O by P\n"
    )
    game = _game(write, offer=window, players=3)
    first = game.current_player
    _pick(game, "choose pass")
    second = game.current_player
    assert second != first
    _pick(game, "choose make an offer")
    _pick(game, f"choose {game.texts.player(first)}")
    assert (game.asked.kind, game.current_player) == ("trade", second)
    _pick(game, "give 1 gems in all")
    _pick(game, "propose the offer")
    assert game.current_player == first
    _pick(game, "accept the offer")
    assert game.player_counters["gems"][first] == 4 and game.player_counters["gems"][second] == 2


def test_an_offers_steps_are_saved_and_loaded_even_for_goods_with_long_names(write, tmp_path):
    """A step names its good and amount ('give NAME 1000'): with a counter's name at the
    40 characters an id may have, it still fits what a save may hold."""
    from engine.savefile import GameRecord, Seat, load_game, save_game

    long = "a" * 40
    text = (f"extends: winning-moves-2016\n{GOODS}{SETUP}{OFFER}").replace("gems", long)
    path = write(text)
    variant = load_variant(path)
    record = GameRecord(variant, str(path), 2, 1, [Seat("Ann"), Seat("Bo")])
    game = record.new_game()
    for words in (f"give 1 {long} in all", "propose the offer", "accept the offer"):
        action = next(a for a in game.legal_actions() if a.describe() == words)
        record.actions.append(action.to_dict())
        game.apply(action)
    saved = tmp_path / "game.json"
    save_game(saved, record, game)
    loaded = load_game(saved)
    assert loaded.game.to_dict() == game.to_dict()


def test_the_offer_as_it_stands_is_told_with_the_question_and_shown_in_the_prompt(write):
    """The observation's "question" says the offer in words while it is put together and
    answered (everyone may read it: it is made in the open); the terminal's prompt shows it."""
    from dataclasses import replace

    from tui.session import Session
    from tui.widgets import decision_prompt

    game = _game(write)
    me, other = game.current_player, 1 - game.current_player
    _pick(game, "give $10M in all")
    for viewer in (me, other):
        offer = game.observation(viewer)["question"]["offer"]
        assert offer["words"] == f"{game.texts.player(me)} offers {game.texts.player(other)} $10M for nothing"
    _pick(game, "propose the offer")
    assert game.observation(other)["question"]["offer"]["stage"] == "reply"
    session = Session.start(game.variant, "house", [None, None], 1)
    view = replace(session.view(), decision="reply", asking=game.observation(other)["question"])
    assert decision_prompt(view).endswith("offers " + game.texts.player(other) + " $10M for nothing: accept?")


def _greedy_round(game, bots, decisions: int) -> list[str]:
    """`decisions` decisions of greedy bots in every seat; the kinds of the events told."""
    told: list[str] = []
    for _ in range(decisions):
        if game.is_over:
            break
        player = game.current_player
        told += [event.kind for event in game.apply(bots[player].choose(game.observation(player)))]
    return told


def test_greedy_never_opens_an_offer_only_to_withdraw_it(write):
    """Greedy puts no offer together of its own (engine/bots/greedy.py, _OFFER_ENDS), so it
    declines to make one where it may ("make an offer" or "pass"): opening one only to
    withdraw it filled the log with offers withdrawn, some twenty a game of Monopoly Builder."""
    window = (
        "hooks:\n  start_of_turn: |\n    take turns P among players until all pass, at most 6:\n"
        "      choose word W from \"pass\", \"make an offer\" by P, every answer\n"
        "      if W is \"pass\":\n        pass\n      else:\n"
        "        choose player O where O is not P by P\n        offer trade of cash, gems to O by P\n"
    )
    game = _game(write, offer=window, players=3)
    bots = [make_bot("greedy", game.variant, seed=seat) for seat in range(3)]
    told = _greedy_round(game, bots, 60)
    assert "trade_offer" not in told and "trade_withdrawn" not in told
    assert game.turn_number > 3  # whole rounds of deals were passed


def test_greedy_still_answers_when_every_option_opens_an_offer(write):
    """When every option only opens an offer, none is dropped: the bot chooses among them as
    ever, and withdraws."""
    both = (
        "hooks:\n  start_of_turn: |\n    choose word W from \"offer to one\", \"offer to another\"\n"
        "    choose opponent O\n    offer trade of cash, gems to O\n"
    )
    game = _game(write, offer=both, players=3)
    bots = [make_bot("greedy", game.variant, seed=seat) for seat in range(3)]
    told = _greedy_round(game, bots, 12)
    assert "trade_withdrawn" in told


def test_greedy_keeps_an_option_whose_last_answer_does_more_than_open_an_offer_as_it_was(write):
    """The look-ahead tries the last answer of a choice on the trial itself, not on a copy
    (greedy._withdrawn_only): when that answer does more than open an offer to withdraw, the
    option is judged from a trial made again, at the choice, not from the answer played."""
    from engine.bots.greedy import Scratch, without_withdrawn

    window = (
        "hooks:\n  start_of_turn: |\n    take turns P among players until all pass, at most 6:\n"
        "      choose word W from \"pass\", \"make an offer\" by P, every answer\n"
        "      if W is \"pass\":\n        pass\n      else:\n"
        "        choose word H from \"offer\", \"give a gem back\" by P\n"
        "        if H is \"offer\":\n          offer trade of cash, gems to turn_player by P\n"
        "        else:\n          add -1 to gems of P\n"
    )
    game = _game(write, offer=window, players=3)
    _pick(game, "choose pass")  # the turn's player; the next may offer them a deal
    me = game.current_player
    played = without_withdrawn(game, [0, 1], me, Scratch(offers=True))
    assert sorted(played) == [0, 1]
    trial = played[1]
    assert trial is not None and trial is not game
    assert [a.describe() for a in trial.legal_actions()] == ["choose offer", "choose give a gem back"]
    assert trial.current_player == me and trial.player_counters["gems"][me] == 3
    assert [a.describe() for a in game.legal_actions()] == ["choose pass", "choose make an offer"]
