"""Issue 47, 7 ("boilerplate every game paid for"): a board of spaces on which nothing is
stacked (the Can't Stop test game's columns of steps, its markers pieces) had to say
`stacks: cards` and `ownership: {rule: top_card}`, "the two keys the board requires".
Left out, they are what a game without a board gets (docs/variants.md, the board's table)."""

from __future__ import annotations

from engine.variant.load import check_variant, load_variant


def small_game(zones: str, setup: str = 'say "Go"') -> str:
    """A variant of two seats around `zones` (lines of `board.zones`), with `setup` as its
    set-up program, that ends at its first turn: what a test of a word or a default needs."""
    program = "".join(f"  {line}\n" for line in setup.splitlines())
    return (
        f"format: 1\nname: Small game\nboard:\n  zones:\n{zones}"
        "players:\n  setups: [{players: 2, units: 0}]\n  seats:\n"
        '    - {id: red, name: Red, colour: "#c0392b"}\n    - {id: blue, name: Blue, colour: "#2e86de"}\n'
        "scores:\n  steps: {most: count property P where P is occupied, name: steps}\nranking: [steps]\n"
        f"setup: |\n{program}turn: |\n  end game done for me\nends:\n  done: the game is done\n"
    )


BOARD = small_game('    - {id: left, name: Left, colour: "#7f8c8d", values: [1, 2]}\n')


def test_a_board_that_says_nothing_of_stacks_stacks_cards_owned_by_the_top_card(write):
    path = write(BOARD)
    assert check_variant(path).diagnostics == []
    variant = load_variant(path)
    assert variant.stacks == "cards" and variant.ownership.rule == "top_card"


def test_a_board_that_says_how_it_stacks_keeps_it(write):
    variant = load_variant(write(BOARD.replace("board:\n", "board:\n  stacks: units\n  ownership: {rule: most_units}\n")
                                 .replace("units: 0", "units: 5")))
    assert variant.stacks == "units" and variant.ownership.rule == "most_units"
