"""Issue 47, 7 ("boilerplate every game paid for"): a board of spaces on which nothing is
stacked (the Can't Stop test game's columns of steps, its markers pieces) had to say
`stacks: cards` and `ownership: {rule: top_card}`, "the two keys the board requires".
Left out, they are what a game without a board gets (docs/variants.md, the board's table)."""

from __future__ import annotations

from engine.variant.load import check_variant, load_variant

BOARD = """\
format: 1
name: Steps
board:
  zones:
    - {id: left, name: Left, colour: "#7f8c8d", values: [1, 2]}
players:
  setups: [{players: 2, units: 0}]
  seats:
    - {id: red, name: Red, colour: "#c0392b"}
    - {id: blue, name: Blue, colour: "#2e86de"}
scores:
  steps: {most: count property P where P is occupied, name: steps}
ranking: [steps]
setup: |
  say "Go"
turn: |
  end game done for me
ends:
  done: the game is done
"""


def test_a_board_that_says_nothing_of_stacks_stacks_cards_owned_by_the_top_card(write):
    path = write(BOARD)
    assert check_variant(path).diagnostics == []
    variant = load_variant(path)
    assert variant.stacks == "cards" and variant.ownership.rule == "top_card"


def test_a_board_that_says_how_it_stacks_keeps_it(write):
    variant = load_variant(write(BOARD.replace("board:\n", "board:\n  stacks: units\n  ownership: {rule: most_units}\n")
                                 .replace("units: 0", "units: 5")))
    assert variant.stacks == "units" and variant.ownership.rule == "most_units"
