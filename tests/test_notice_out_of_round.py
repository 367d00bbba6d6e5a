"""Issue 47, 9: "a turn's end pauses only when something happened to the person". Being put
out of the round (`drop X`, ruling 83) is such a thing: in the Love Letter test game
(tests/data/love-letter.yaml: "Guard (1): ... if they hold it, they are out of the round") a
bot's Guard put the person out, the round ended and a new one was dealt, and the screen never
stopped: the person learnt of it from the log."""

from __future__ import annotations

from pathlib import Path

from tui.session import Session
from tui_helpers import headless

GAME = str(Path(__file__).parent / "data" / "love-letter.yaml")


def _put_out(session: Session) -> bool:
    notice = session.notices.get(0)
    return bool(notice and notice.taken["out"])


def test_a_person_put_out_of_the_round_by_a_bot_is_stopped_and_told():
    seats = (None, "random", "greedy")
    session = next(found for found in (headless(seats, seed, stop=_put_out, limit=400, name=GAME) for seed in range(12))
                   if _put_out(found))
    headline, told = session.take_notice()
    assert " played: you are out of the round" in headline, headline
    assert any("You are out of the round" in line or "Red is out of the round" in line for line in told), told


def test_a_person_out_and_back_in_within_the_while_is_not_stopped_for_it():
    """The For Sale test game (tests/data/for-sale.yaml) drops a bidder who passes until the
    next property goes up ("a pass takes the cheapest ... and drops the player out of the
    auction"): every auction ended on "Your turn is over: you are out of the round", though by
    then everyone was back in. Only a person still out when the notice is made is told so."""
    game = str(Path(__file__).parent / "data" / "for-sale.yaml")
    wrong: list[str] = []
    dropped = [False]  # whether the person was ever put out: the test means something

    def look(session: Session) -> bool:
        notice = session.notices.get(0)
        if notice is not None and (notice.costs["out"] or notice.taken["out"]) and 0 not in session.game.observation(0)["out"]:
            wrong.append(notice.headline("your", ["Red", "Blue", "Green"], session.shown))
        dropped[0] = dropped[0] or any(e.kind == "dropped" and e.data["player"] == 0 for e in session.events)
        return False

    for seed in range(3):
        headless((None, "greedy", "random"), seed, stop=look, limit=300, name=game)
    assert dropped[0] and not wrong, wrong
