"""A score read from the cards of a pile a viewer may not see is not told to them (issue 47,
"Proof: games nobody here wrote for the engine": in For Sale each player's cheques lie in a
pile only its owner sees, and the score `paid` totalling them was on every seat's panel and
in every observation's scores).

What a seat is told must not depend on cards it cannot see (docs/rulings.md, hidden
information): the observation's `scores` gives None for such a score of a player whose pile
the viewer may not see, the panels show '?', and the twin test holds: two games differing only
in another player's cheques tell a seat the same. How many cards a pile holds is public (the
observation's `piles` gives every size), so a score that only counts them is told to all. Once
the game is over every score is told, as the result tells them (result.py).
"""

from __future__ import annotations

from engine import load_variant
from engine.game.game import state_of
from engine.game.game_state import new_state
from engine.game.observation import observe, observe_public
from test_known_card_variables import TWO_SEATS
from tui.scorewords import panel_scores, score_lines
from tui.session import Session
from tui.widgets import PlayerPanel

CHEQUES = """\
format: 1
name: Cheques (test)
description: Each turn a cheque goes into the turn player's bank, face down, and a card face up before them.
how_to_play: Everyone names a number each turn; the most money wins.
""" + TWO_SEATS + """\
scores:
  paid: {most: total value of K for each card K in bank of X, name: cheques}
  money: {most: paid of X + coins of X, name: money}
  held: {most: count card K in bank of X, name: cheques held}
  shown: {most: total value of K for each card K in table of X, name: on the table}
  rivals: {most: total shown of Y for each player Y, name: rivals}
  pot: {most: total paid of Y for each player Y, name: all cheques}
ranking: [money]
counters:
  coins: {each: player, reset: never}
ends:
  sold_out: the last cheque is taken
piles:
  cheque_deck: {name: cheque deck, each: game, seen_by: nobody}
  bank: {name: cheques, each: player, seen_by: owner}
  table: {name: cards shown, each: player, seen_by: everyone}
setup: |
  shuffle cheque_deck
turn: |
  put top card of cheque_deck on bank of turn_player
  put top card of cheque_deck on table of turn_player
  in secret, each player X chooses number from 1 to 2 into coins
  if (count card C in cheque_deck) = 0:
    end game sold_out
deck:
  name: Cheques
  cards:
""" + "".join(
    f'    - {{id: c{v}, name: "Cheque {v}", count: 1, value: {v}, text: "Worth {v}.", starts_in: cheque_deck}}\n'
    for v in range(1, 13)
)
"""Red's and Blue's cheques lie in banks only their owners see; `paid` totals them and
`money` reads `paid`; `pot` reads everyone's; `held` only counts them; `shown` and `rivals`
read face-up cards."""


def _variant(write):
    return load_variant(str(write(CHEQUES)))


def _play(game, turns: int) -> None:
    """Each seat names 1, until `turns` turns have begun."""
    while not game.is_over and game.turn_number <= turns:
        game.apply(game.legal_actions()[0])


def test_the_scores_read_from_a_pile_are_found_from_their_expressions(write):
    """Worked out when the variant is read: `paid` reads the player's own bank, `money`
    through `paid`; counting a pile's cards reads only its size, which is public."""
    from engine.game.hidden_scores import score_piles  # here: without it, the other tests still run
    found = score_piles(_variant(write))
    assert found["paid"] == {("bank", True)}
    assert found["money"] == {("bank", True)}
    assert found["held"] == frozenset()
    assert found["shown"] == {("table", True)}
    assert found["rivals"] == {("table", False)}
    assert found["pot"] == {("bank", False)}, "every player's bank"


def test_a_score_read_from_a_pile_its_owner_alone_sees_is_told_to_its_owner_alone(write):
    game = new_state(_variant(write), 2, seed=1)
    _play(game, 3)
    truth = {name: [game.score(name, p) for p in range(2)] for name in ("paid", "money", "held", "shown", "rivals")}
    for seat in range(2):
        scores = observe(game, seat)["scores"]
        other = 1 - seat
        for name in ("paid", "money"):
            assert scores[name][seat] == truth[name][seat], "their own cheques: they see them"
            assert scores[name][other] is None, "another's cheques: they may not see them"
        assert scores["pot"] == [None, None], "it reads the other's cheques too"
        for name in ("held", "shown", "rivals"):
            assert scores[name] == truth[name], "sizes and face-up cards are everyone's"
    public = observe_public(game)["scores"]
    assert public["paid"] == [None, None] and public["money"] == [None, None]
    assert public["held"] == truth["held"]


def test_twin_games_differing_only_in_anothers_cheques_tell_a_seat_the_same(write):
    """The observation and the panels' scores of seat 0 are the same in two games that
    differ only in Blue's cheques (swapped for cheques of the deck, which nobody sees)."""
    variant = _variant(write)
    one, twin = (Session.start(variant, "cheques.yaml", [None, None], seed=5) for _ in range(2))
    for session in (one, twin):
        for _ in range(4):
            session.apply(session.game.legal_actions()[0])
    game = state_of(twin.game)
    bank, deck = game.layout.slot("bank", 1), game.layout.slot("cheque_deck")
    game.piles[bank][:], game.piles[deck][: len(game.piles[bank])] = (
        game.piles[deck][: len(game.piles[bank])], list(game.piles[bank]))
    assert state_of(one.game).score("paid", 1) != game.score("paid", 1), "the twins' cheques differ"
    for session in (one, twin):
        session.apply(session.game.legal_actions()[0])
    assert one.game.observation(0) == twin.game.observation(0)
    assert one.game.public_observation() == twin.game.public_observation()
    for session in (one, twin):
        session.viewer = 0
    views = [session.view() for session in (one, twin)]
    assert views[0].scores["paid"][1] is None
    for i in range(2):
        ranked = [score_lines(view, i, panel_scores(view), 80, 1) for view in views]
        panels = [[str(line) for line in PlayerPanel._scores(view, i, 80)] for view in views]
        assert ranked[0] == ranked[1] and panels[0] == panels[1]
    assert "?" in score_lines(views[0], 1, panel_scores(views[0]), 80, 1)[0]


def test_every_score_is_told_once_the_game_is_over(write):
    """The game over, the result tells every score: so does the observation."""
    game = new_state(_variant(write), 2, seed=2)
    _play(game, 99)
    assert game.is_over
    scores = observe(game, 0)["scores"]
    assert scores["paid"] == [game.score("paid", p) for p in range(2)]
