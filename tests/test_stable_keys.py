"""An option keeps its key while the same question goes on (issue 46, 7: "Keep a key for an
option as long as the option exists, in every game, as Advance to Boardwalk's build already
does"): Monopoly Builder's build list (B2 went from 2 to 1), Monopoly Chance's placements
(Boardwalk went from 2 to 1), the players one may offer to, and a small game written for the
test; and a bid's pass keeps its key through an auction (issue 46, 6: 3 went from "50M more"
to "Pass"). docs/playing.md, "Keys", says what the same question is."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import load_variant
from engine.core.frames import BlockFrame
from engine.game.game import state_of
from test_number_questions import _auction
from test_tui_deals import play_to
from tui.session import Session, View
from tui_helpers import variant

Option = tuple[str, object]


def _statement(session: Session) -> tuple[int, int]:
    """The statement asking now, read from the frames as only a test may: the innermost
    block and its step."""
    block = next(f for f in reversed(state_of(session.game).frames) if isinstance(f, BlockFrame))
    return block.b, block.pc


def _random_person(seed: int) -> Callable[[View], object]:
    """A person who answers at random, but passes in windows, auctions and offers nothing."""
    rnd = random.Random(seed)

    def choose(view: View):
        for word in ("pass", "withdraw", "auction", "decline"):
            found = next((a for a in view.actions if str(a.arg) == word), None)
            if found is not None:
                return found
        return view.actions[rnd.randrange(len(view.actions))]

    return choose


def asked_again(session: Session, choose: Callable[[View], object], limit: int = 1500):
    """Plays `session` (its bots as the app does, its person by `choose`) and returns, for each
    question the person is asked again in the same turn by the same statement: the keys the
    options had the time before, every key the question gave before in that turn, and the
    keys they have now (each by option), and the options in order then and now."""
    seen: dict[tuple, tuple[dict[Option, str], set[str], list[Option]]] = {}
    found = []

    def note(session: Session, view: View) -> bool:
        game = session.game
        if view.decision == "choose" and view.numbers is None:
            family = (game.turn_number, game.turn_player, view.viewer, _statement(session))
            options = [(a.kind, a.arg) for a in view.actions]
            now = dict(zip(options, view.keys, strict=True))
            if family in seen:
                before, had, order = seen[family]
                found.append((before, set(had), now, order, options))
                seen[family] = ({**before, **now}, had | set(now.values()), options)
            else:
                seen[family] = (now, set(now.values()), options)
        return False  # never stops: every decision is looked at

    play_to(session, note, choose, limit)
    return found


def check_kept(found) -> int:
    """Each option offered again has the key it had; each new one a key the question has not
    given before in the turn. Returns how many times an option offered again moved in the
    list (where keys by place would have changed)."""
    moved = 0
    for before, had, now, order, options in found:
        for option, key in now.items():
            if option in before:
                assert key == before[option], (option, before, now)
            else:
                assert key not in had, (option, key, had, now)
        moved += any(option in order and order.index(option) != options.index(option) for option in options)
    return moved


def test_monopoly_builders_build_list_keeps_each_buildings_key_through_a_turn():
    """Issue 46, 7: "Builder's build list (B2 went from 2 to 1)". "Each turn you may build one
    floor" on a building of yours or a foundation (the rules' building step): the list is asked
    again after each floor, without the ones that can no longer take one."""
    moved = 0
    for seed in range(1, 6):
        session = Session.start(variant("monopoly-builder"), "monopoly-builder", [None, "greedy"], seed)
        moved += check_kept(asked_again(session, _random_person(seed)))
        if moved:
            break
    assert moved, "no list was asked again with an option moved: the test saw nothing"


def test_monopoly_chances_placements_keep_each_spaces_key_through_a_turn():
    """Issue 46, 7: "Chance's placements (Boardwalk went from 2 to 1)"."""
    moved = 0
    for seed in range(1, 8):
        session = Session.start(variant("monopoly-chance"), "monopoly-chance", [None, "greedy"], seed)
        moved += check_kept(asked_again(session, _random_person(seed), limit=600))
        if moved:
            break
    assert moved, "no placement was asked again with an option moved: the test saw nothing"


KEYS_KEPT = """extends: winning-moves-2016
name: Keys kept
counters:
  tagged: {each: player, reset: turn}
turn: |
  repeat 3 times:
    choose word W from "claim a lot", "go on"
    if W is "claim a lot":
      choose vacant lot P
      build 1 on P
  repeat 2 times:
    choose player X where X is not me and tagged of X = 0
    set tagged of X to 1
"""


def test_a_list_asked_again_keeps_its_options_keys_with_another_question_between(write):
    """The same question asked again in a turn (a lot to claim after each claim, with a yes
    or no between; a player to name, each named once) keeps each option's key; a lot or a
    player gone leaves its key unused (issue 46, 7, in a small game written for the test)."""
    house = load_variant(write(KEYS_KEPT))
    session = Session.start(house, "v.yaml", [None, "random", "random", "random"], 3)

    def first(view: View):
        return next((a for a in view.actions if a.arg == "claim a lot"), view.actions[0])

    found = asked_again(session, first, limit=80)
    assert check_kept(found) >= 2  # the lots, and the players


def test_a_bids_pass_keeps_its_key_when_the_amounts_left_are_few(write):
    """"You must raise the bid by at least 5M though": a bid from the least up to all one's
    cash, or a pass. Over a few amounts, each is listed; the pass was then the key after them
    (Builder: 3 was "50M more", then "Pass"). It keeps its letter through the auction, and
    the amounts keep the digits (issue 46, 6)."""
    session = Session.start(_auction(write, gain=30), "v.yaml", [None, None], 1)  # 30 each to bid
    session.viewer = session.deciding
    wide = session.view()
    assert wide.numbers is not None and wide.keys[-1] == "p" and wide.actions[-1].arg == "pass"
    session.apply(wide.numbers[22 - wide.numbers.low])  # a bid of 22: 27 is the least next
    session.viewer = session.deciding
    narrow = session.view()  # 27 to 30: four amounts, each listed
    assert [a.arg for a in narrow.actions] == [27, 28, 29, 30, "pass"]
    assert narrow.keys == ["1", "2", "3", "4", "p"]


def test_a_question_asked_again_after_another_roll_numbers_its_options_from_1():
    """The Can't Stop test game (tests/data/cant-stop.yaml) asks which pairs of dice the
    runners climb after every roll, by the same statement: its options kept their keys from
    the roll before, so a new roll's pairs read "1 5 and 5 / 4 8 / 5 2 / 3 5 and 5". Another
    roll is another question (docs/playing.md, "Keys"): its options are keyed from 1."""
    from pathlib import Path

    game = str(Path(__file__).parent / "data" / "cant-stop.yaml")
    session = Session.start(load_variant(game), game, [None, "random"], 4)
    asked = 0
    for _ in range(200):
        if session.game.is_over:
            break
        session.viewer = session.deciding
        view = session.view()
        if session.is_bot(session.deciding):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
            continue
        if view.actions and all(a.what == "word" for a in view.actions) and "roll" not in [a.arg for a in view.actions]:
            assert view.keys == [str(i + 1) for i in range(len(view.actions))], view.keys
            asked += 1
        roll = next((a for a in view.actions if a.arg == "roll"), None)
        session.apply(roll if roll is not None else view.actions[0])
    assert asked >= 5
