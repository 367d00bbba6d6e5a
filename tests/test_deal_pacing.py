"""The pacing of rounds of deals (issue 46, 14): "Pass or make an offer?" came on every
player's turn and again whenever someone offered, and the strong bot asked a person for
Harbour Row for 110M six times, once every fourth turn, each time stopping the game for them.

- The strong bot does not ask a partner again for what it asked before while nothing of
  theirs or its own, nor the board, has changed (engine/bots/dealing.Memory); its memory is
  made from what every seat sees, so a restored game's bots have it too.
- A person may say "no deals from me this round" (the seat then passes for the rest of the
  window, tui/standing.py), and "not again" to a bot's offer they decline (the same offer
  from the same bot is then declined for them, and they are told)."""

from __future__ import annotations

from engine.bots import make_bot
from engine.bots.dealing import REPEAT_TURNS, asked_goods, holdings, offer_key, proposed_in
from engine.game.game_state import GameState
from engine.game.messages import Action
from test_rules_builder import VARIANT, midgame, seat, strong_offer
from test_tui_deals import answered, asked, box_is, box_of, play_to, quietly, run, seek, small_game
from tui.app import BoardwalkApp
from tui.deals import Control
from tui.session import Session, View
from tui.standing import SIT_OUT, SIT_OUT_TURNS, Standing, offer_identity, passing, window_identity
from tui_helpers import variant, wait_for


def offers(bot, game: GameState) -> list[str]:
    return [line for line in strong_offer(bot, game) if line.startswith("Red offers ")]


def later(game: GameState) -> GameState:
    """The same position, REPEAT_TURNS + 1 turns on (as if the turns between changed nothing)."""
    game.turn_number += REPEAT_TURNS + 1
    return game


def test_issue_46_item_14_strong_does_not_ask_again_what_was_declined_while_nothing_changed():
    """The offer declined is not made again REPEAT_TURNS turns later while the partner holds
    what they held of what it asks for (on main it was made again then, and every fourth turn
    after), though their cash and the board have changed, as they do every turn; once what
    they hold of it has changed (another deed beside the one asked for), it may be."""
    bot = make_bot("strong", VARIANT, seed=1)
    first = offers(bot, midgame())
    assert len(first) == 1, first
    (key,) = bot.recent.proposed
    again = offers(bot, later(midgame()))
    assert first[0] not in again, again
    partner = next(p for p in range(3) if p != seat("red") and f"Red offers {VARIANT.seats[p].name}" in first[0])
    richer = later(midgame())
    richer.player_counters["cash"][partner] += 50
    assert first[0] not in offers(bot, richer)
    changed = later(midgame())
    (asked,) = asked_goods(key)
    slot = changed.layout.slot(asked, partner)
    spare = next(slot_ for slot_, held in enumerate(changed.piles) if held and changed.layout.slot_pile[slot_].id == "title")
    changed.piles[slot].append(changed.piles[spare].pop())
    assert first[0] in offers(bot, changed)


def test_issue_46_item_14_the_memory_of_offers_is_made_again_from_what_every_seat_sees():
    """A restored game's bots start anew (tui/session.py makes them after the replay): the
    memory made from the game's record, each offer made in the open with the proposer's
    observation then (dealing.proposed_in), is the one the bot made as it played."""
    bot = make_bot("strong", VARIANT, seed=1)
    game = midgame()
    assert offers(bot, game)
    offer = game.question.seen_by(None)["offer"]
    assert offer["stage"] == "reply"
    made = proposed_in([(offer, game.observation(seat("red")))])[seat("red")]
    assert made.proposed == bot.recent.proposed
    key = offer_key(offer["to"], offer["ask"], offer["ask_cards"])
    (_, goods, then), = made.proposed.values()
    assert then == holdings(game.observation(seat("red")), goods, (offer["to"],))
    assert not made.allows(key, later(game).observation(seat("red")))


# ----- the person: sitting out a round, an offer declined for good -----------------------------


def at_a_round(seed: int) -> Session | None:
    """The small test game (a round of offers at every turn's end, random bots who make
    offers) of `seed`, at the person's first "pass or make an offer" in a round."""
    session = small_game([None, "random", "random"], seed)
    return session if play_to(session, in_a_round, quietly, limit=200) is not None else None


def returning_round(seed: int) -> int:
    """How many times the round of `at_a_round` asks the person again when they pass there."""
    trial = at_a_round(seed)
    if trial is None:
        return 0
    window = window_identity(trial._windows[-1])
    trial.apply(next(a for a in trial.view().actions if a.arg == "pass"))
    return round_played(trial, window)


def round_played(session: Session, window: tuple) -> int:
    """Play on past the end of `window`, to the person's first decision after it: the bots as
    in the app, what the person asked for answered for them, the rest `quietly`; how many
    times the person is asked in it a question that passes (an offer made to them aside)."""
    asked_again = 0

    def over(session: Session, view: View) -> bool:
        nonlocal asked_again
        if not in_window(session, window):
            return True
        asked_again += passing(view.actions) is not None and view.decision != "reply"
        return False

    play_to(session, over, quietly, limit=300)
    return asked_again


def in_a_round(session: Session, view: View) -> bool:
    return view.window is not None and asked("make an offer")(session, view)


def test_issue_46_item_14_a_person_who_sits_out_a_round_is_passed_for_until_it_ends():
    """"No deals from me this round": once said, each "pass or make an offer" of theirs in that
    round is answered with the pass for them, and told; the game's record is the one their
    own passes would have made; the next round asks them again."""
    seed, again = next((seed, again) for seed in range(40) if (again := returning_round(seed)))
    session, plain = at_a_round(seed), at_a_round(seed)
    assert session is not None and plain is not None
    window = window_identity(session._windows[-1])
    assert session.stand(SIT_OUT).startswith("You sit out this round")
    for game in (session, plain):
        game.apply(next(a for a in game.view().actions if a.arg == "pass"))
    assert round_played(session, window) == 0
    assert round_played(plain, window) == again
    assert session.standing.told == ["You sit out this round: passed for you."] * again
    assert session.record.actions == plain.record.actions
    assert play_to(session, in_a_round, quietly, limit=200) is not None  # the next round asks them


def test_issue_46_item_14_an_offer_declined_for_good_is_declined_for_the_person_when_it_comes_back():
    """"Not again" to a bot's offer: the same offer from the same player (to the last unit)
    is declined for them, with a line that says so; any other offer is theirs to answer."""
    standing = Standing()
    offer = {"from": 1, "to": 0, "stage": "reply", "give": {"cash": 110}, "ask": {}, "give_cards": [],
             "ask_cards": ["deeds#7"], "words": "Purple offers Red 110M for Harbour Row"}
    replies = [Action("reply", "decline"), Action("reply", "accept")]
    standing.refuse(0, offer, 40)
    assert standing.answer(0, None, dict(offer), "reply", replies, 41) == (
        replies[0], "Declined for you, as you said: Purple offers Red 110M for Harbour Row")
    assert standing.answer(0, None, {**offer, "give": {"cash": 120}}, "reply", replies, 41) is None
    assert standing.answer(0, None, {**offer, "from": 2}, "reply", replies, 41) is None
    standing.taken_back(40)  # an undo to before it was said
    assert standing.answer(0, None, dict(offer), "reply", replies, 41) is None


def test_issue_46_item_14_a_restored_games_strong_bot_remembers_the_offers_it_made(tmp_path):
    """A saved game's bots are made anew when it is loaded; the memory of the offers the
    strong bot made is made again from the game's record, the same as it had."""
    session = Session.start(variant("monopoly-builder"), "monopoly-builder", [None, "strong", "greedy"], 5)
    assert play_to(session, lambda s, v: any(offer["from"] == 1 for offer, _ in s.offers_made), quietly, limit=600)
    remembered = session.bots[1].recent.proposed
    assert remembered
    path = session.save(tmp_path / "save.json")
    loaded, _ = Session.load(path)
    assert loaded.bots[1].recent.proposed == remembered


# ----- the same, through the app's boxes -------------------------------------------------------


def in_window(session: Session, window: tuple) -> bool:
    return bool(session._windows) and window_identity(session._windows[-1]) == window


async def shown_control(app, pilot, kind: str, control_id: str, label: str) -> Control:
    """The control of the box of that kind, once the box is on screen; it has that label."""
    await wait_for(pilot, lambda: box_is(app, kind))
    control = box_of(app).control(control_id)
    assert control is not None and control.label.plain == label
    return control


def notices(app) -> list[str]:
    return [notification.message for notification in app._notifications]


def test_issue_46_item_14_the_window_box_offers_sitting_out_the_round_by_its_key():
    """The round's box has "Sit out this round [o]": o passes, says so, and the round passes
    the person by from then on."""
    seed = next(seed for seed in range(40) if returning_round(seed))
    session = at_a_round(seed)
    assert session is not None
    window = window_identity(session._windows[-1])
    start = len(session.record.actions)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            control = await shown_control(app, pilot, "window", "deal-sit-out", "Sit out this round [o]")
            assert control.action is not None and control.action.arg == "pass"
            await pilot.press("o")
            for _ in range(20):  # the round goes on: offers made to the person are declined, as quietly does
                await wait_for(pilot, lambda: "You sit out this round: passed for you." in notices(app)
                               or box_is(app, "answer") or not in_window(session, window))
                if not box_is(app, "answer"):
                    break
                await pilot.press("d")
                await pilot.pause()
            assert any(line.startswith("You sit out this round: Boardwalk passes") for line in notices(app)), notices(app)
            assert any(line == "You sit out this round: passed for you." for line in notices(app)), notices(app)
            assert session.record.actions[start] == {"kind": "choose", "arg": "pass"}

    run(scenario())


def test_issue_46_item_14_a_bots_offer_is_declined_for_good_with_x():
    """The box of a bot's offer has "Decline, not again [x]": x declines it, and the same offer
    from the same bot will be declined for the person (told as the box closes)."""
    session, view = seek(lambda seed: small_game([None, "random"], seed), lambda s, v: v.decision == "reply",
                         range(0, 60))
    offer = session.game.question.seen_by(None)["offer"]

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await shown_control(app, pilot, "answer", "deal-not-again", "Decline, not again [x]")
            assert (await answered(pilot, session, pilot.press("x")))["accepted"] is False
            await pilot.pause()
            name = session.shown.seats[offer["from"]].name
            assert f"Declined; the same offer from {name} will be declined for you." in notices(app)
            assert offer_identity(offer) in session.standing.refused[0]

    run(scenario())


def test_issue_46_item_14_a_person_who_sits_out_until_their_turn_is_passed_for_in_every_round_till_then():
    """"Sit out until my turn": every round of deals until a turn of the person's own begins
    passes them by, not the game's auctions (the next test). In Monopoly Builder two rounds a
    turn, on every player's turn, asked them some six times a round of the table; their own
    turn asks them again."""
    session = next(s for seed in range(40) if (s := at_a_round(seed)) is not None)
    said_in = session.game.turn_number
    assert session.stand(SIT_OUT_TURNS).startswith("You sit out the deals until your turn")
    session.apply(next(a for a in session.view().actions if a.arg == "pass"))
    asked_before_own_turn = 0

    def next_own_turn(session: Session, view: View) -> bool:
        nonlocal asked_before_own_turn
        if session.game.turn_player == 0 and session.game.turn_number != said_in:
            return True
        asked_before_own_turn += asked("make an offer")(session, view)  # an auction's bid is still theirs
        return False

    assert play_to(session, next_own_turn, quietly, limit=600) is not None
    passed_for = session.standing.told.count("You sit out the deals until your turn: passed for you.")
    assert asked_before_own_turn == 0 and passed_for >= 2, session.standing.told  # the others' rounds went by
    assert play_to(session, in_a_round, quietly, limit=200) is not None  # asked again in their own turn
    assert session.game.turn_player == 0 and 0 not in session.standing.sitting_out_turns


def test_issue_46_item_14_sitting_out_the_deals_is_no_pass_in_an_auction():
    """"Sit out until my turn" passes the rounds of deals, the windows of the statement it was
    said in, and no other: an auction in the same turn still asks the person for a bid (it was
    passed for them, the deed lost without a word)."""
    from tui_helpers import variant

    def in_deals(session: Session, view: View) -> bool:
        return session.game.turn_player == 0 and asked("make an offer")(session, view)

    def bidding(session: Session, view: View) -> bool:
        return view.numbers is not None

    for seed in range(30):
        session = Session.start(variant("monopoly-builder"), "monopoly-builder", [None, "greedy", "greedy"], seed)
        if play_to(session, in_deals, quietly, limit=300) is None:
            continue
        turn = session.game.turn_number
        session.stand(SIT_OUT_TURNS)
        session.apply(next(a for a in session.view().actions if a.arg == "pass"))
        view = play_to(session, lambda s, v, turn=turn: bidding(s, v) or s.game.turn_number != turn, quietly, limit=300)
        if view is not None and view.numbers is not None and session.game.turn_number == turn:
            assert passing(view.actions) is not None  # asked, with the pass among the answers
            return
    raise AssertionError("no seed put a deed of the person's landing up for auction in the turn they sat out in")
