"""A notice of a fall of the person's leading score says what did it (issue 47, wave 2: "Green
played: your points fell" in Monopoly Builder did not say that the Billionaire Builder bonus
went to a richer player): the card the other played, where the person saw it played, and which
of the scores the leading one adds up moved ('Crown Bonus 3 to 0')."""

from __future__ import annotations

import re

from test_known_card_variables import TWO_SEATS
from tui.notices import Notice
from tui.session import Session
from tui_helpers import headless

CROWN_THIEF = """\
format: 1
name: Crown Thief (test game)
description: Draw a card and play it; a thief takes an opponent's crowns. The most points win.
""" + TWO_SEATS + """\
scores:
  gem_points: {most: gems of X, name: gems held}
  crown: {most: crowns of X, name: Crown Bonus}
  points: {most: gem_points of X + crown of X, name: points}
ranking: [points]
counters:
  gems: {each: player, reset: never}
  crowns: {each: player, reset: never}
  played_turns: {each: player, reset: never}
ends:
  done: played five turns
piles:
  deck: {name: draw pile, each: game, seen_by: nobody}
  hand: {name: hand, each: player, seen_by: owner}
  played: {name: played cards, each: player, seen_by: everyone}
timings:
  turn: played in one's turn
deck:
  name: Thief cards
  cards:
    - id: thief
      name: Thief
      count: 8
      text: Take an opponent's crowns.
      timing: turn
      starts_in: deck
      discard_to: played
      effect: |
        for each player O where O is not me:
          set crowns of O to 0
    - id: gem
      name: Gem
      count: 8
      text: Find a gem.
      timing: turn
      starts_in: deck
      discard_to: played
      effect: |
        add 1 to gems of me
setup: |
  shuffle deck
  for each player X:
    put top card of deck on hand of X
    set gems of X to 2
    set crowns of X to 3
turn: |
  draw 1
  choose card K in hand of me
  play K
  add 1 to played_turns of me
  if played_turns of me >= 5:
    end game done for me
"""


def _fell(session: Session) -> bool:
    """The person's points fell in the other's turn (not with their own turn's end)."""
    notice: Notice | None = session.notices.get(0)
    return bool(notice and notice.score and notice.score[2] < notice.score[1] and notice.by)


def test_a_fall_of_the_leading_score_names_the_card_played_and_the_score_it_moved(tmp_path):
    path = tmp_path / "crown-thief.yaml"
    path.write_text(CROWN_THIEF, encoding="utf-8")
    session = next(s for s in (headless((None, "greedy"), seed, stop=_fell, name=str(path)) for seed in range(20))
                   if _fell(s))
    headline, _told = session.take_notice()
    # the cards Blue played while it fell (all of its turns that ran without a question)
    fell = r"Blue played Thief( and Gem)?: your points fell from (\d+) to (\d+) \(Crown Bonus 3 to 0\)\."
    assert re.search(fell, headline), headline
