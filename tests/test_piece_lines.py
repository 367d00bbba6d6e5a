"""Issue 47, 5 and 9: the help and the side panel say where every piece stands. Several
pieces of one name and owner (Can't Stop's eleven markers a player, tests/data/cant-stop.yaml)
were a line each, 47 lines at four players, most of them "off the board": they are one line
for each name and owner, the spaces listed and those off the board counted."""

from __future__ import annotations

from pathlib import Path

from engine import load_variant
from tui.figures import where_words
from tui.session import Session

GAME = str(Path(__file__).parent / "data" / "cant-stop.yaml")


def test_several_pieces_of_one_name_and_owner_are_one_line():
    session = Session.start(load_variant(GAME), GAME, [None, "random", "random", "random"], 2)
    for _ in range(60):  # some markers and runners on the board
        if session.game.is_over:
            break
        session.apply(session.game.legal_actions()[0])
    view = session.view()
    lines = where_words(view)
    assert len(lines) == 1 + 4, lines  # the table's runners, and each player's markers
    assert lines[0].startswith("white runners: ")
    assert [line.split(":")[0] for line in lines[1:]] == [f"{seat.name}'s markers" for seat in view.seats]
    placed = view.placed["marker"]
    for seat, line in enumerate(lines[1:]):
        mine = placed[seat * 11:(seat + 1) * 11]
        off = sum(1 for space in mine if space is None)
        assert (f"{off} off the board" in line) == (off > 0), line
        assert line.count("Column") == 11 - off, line
