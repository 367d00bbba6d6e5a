"""Variants that pass the check yet make a bot's look-ahead costly (issue 44, section 3,
items 2 and 3): each is written out by a small function, at the size the issue measured or
smaller for a quick test, and each stays within every documented limit (docs/variants.md,
section 6; engine/effects/limits.py).

- `big_state`: Advance to Boardwalk on a loop of 520 spaces, with 95 counters and 30 piles
  kept for each space and 970 cards: a copy of the game is more than a megabyte, and a card
  asks a choice among every space (item 2).
- `raising_window`: a game whose every turn opens a window in which raising scores a point,
  so every bot raises until the window's 1,000 turns are up (item 3).
- `grid_scores`: a game scored by the largest group of spaces a player holds on grids of 520
  spaces, each placement a choice among every space, a thousand of them (item 3).
"""

from __future__ import annotations

ZONE_IDS = ("red", "blue", "yellow", "green")
"""The zones of Advance to Boardwalk, kept (its colour die names them) and widened."""


def big_state(zones: int = 26, per_zone: int = 20, counters: int = 95, piles: int = 30, cards: int = 970) -> str:
    """Advance to Boardwalk on a loop of `zones` x `per_zone` spaces, with `counters`
    counters and `piles` piles kept for each space, and its deck grown to `cards` cards by
    cards that each ask a choice among every space."""
    ids = [*ZONE_IDS, *(f"zone{n}" for n in range(max(0, zones - len(ZONE_IDS))))][:zones]
    lines = ["extends: winning-moves-2016", "name: Big state", "board:", "  zones:"]
    loop: list[str] = []
    for zone in ids:
        values = ", ".join(str(1 + i % 8) for i in range(per_zone))
        lines.append(f'    - {{id: {zone}, name: Zone {zone}, colour: "#7f8c8d", values: [{values}]}}')
        loop += [zone] if per_zone == 1 else [f"{zone}_{i + 1}" for i in range(per_zone)]
    lines.append(f"  loop: [{', '.join(loop)}]")
    lines.append("counters:")
    lines += [f"  tally{n}: {{each: space, reset: never}}" for n in range(counters)]
    lines.append("piles:")
    lines += [f"  heap{n}: {{name: heap {n}, each: space, seen_by: everyone}}" for n in range(piles)]
    lines += ["deck:", "  cards:"]
    left, kind = cards - BUNDLED_CARDS, 0
    while left > 0:
        count = min(100, left)
        lines.append(
            f"    - {{id: survey{kind}, name: Survey {kind}, count: {count}, text: Mark any space., "
            'timing: end_of_turn, effect: "choose property P\\nadd 1 to tally0 of P"}'
        )
        left, kind = left - count, kind + 1
    return "\n".join(lines) + "\n"


BUNDLED_CARDS = 28
"""The cards of Advance to Boardwalk's deck, which `big_state` keeps."""


def _score_game(name: str, zones: list[str], scores: str, turn: str, counters: str = "", markers: int = 160) -> str:
    """A game of markers placed on spaces (a stack of cards, the top one's owner holding the
    space), three players at most, scored as `scores` says, each turn as `turn` says."""
    board = "".join(f"    - {zone}\n" for zone in zones)
    kinds = (markers + 99) // 100
    deck = "".join(
        f"    - {{id: marker{n}, name: Marker, count: {markers // kinds + (n < markers % kinds)}, text: A marker., "
        "timing: piece, starts_in: markers, discard_to: markers}\n"
        for n in range(kinds)
    )
    return f"""format: 1
name: {name}
description: A game written for the tests of the bots' budgets.
how_to_play: Place your markers.
players:
  setups:
    - {{players: 2, units: 0}}
    - {{players: 3, units: 0}}
  seats:
    - {{id: red, name: Red, colour: "#c0392b", token: red marker}}
    - {{id: blue, name: Blue, colour: "#2e86de", token: blue marker}}
    - {{id: green, name: Green, colour: "#27ae60", token: green marker}}
rules: {{}}
rule_kinds: {{}}
dice:
  die: {{faces: [1, 2, 3, 4, 5, 6]}}
board:
  zones:
{board}  stacks: cards
  ownership:
    rule: top_card
counters:
  points: {{each: player, reset: never}}
{counters}scores:
{scores}ends:
  placed: placed the last marker
piles:
  markers: {{name: markers, each: player, seen_by: everyone}}
timings:
  piece: a marker on the board, never played
setup: |
  start with me
turn: |
{turn}deck:
  name: Markers
  cards:
{deck}"""


def raising_window(zones: int = 26, per_zone: int = 20, most: int = 100) -> str:
    """Each turn, a marker placed on one of `zones` x `per_zone` spaces, then a window in
    which each player in turn raises by 0 (passing) to `most`, scoring what they raise: a bot
    raises every time it is asked, so every window runs its 1,000 turns, and the game its
    10,000 decisions, each a choice among `most` + 1 numbers."""
    fields = [
        f'{{id: field{n}, name: Field {n}, colour: "#27ae60", values: [{", ".join(["1"] * per_zone)}]}}'
        for n in range(zones)
    ]
    scores = "  points: {most: points of X, name: points}\n  held: {most: count property P where top of P is X}\n"
    turn = (
        "  if (count card K in markers of me) = 0:\n"
        "    end game placed for me\n"
        "  choose property P\n"
        "  put top card of markers of me on P\n"
        "  take turns Q among players from me until all pass:\n"
        f"    choose number N from 0 to {most} by Q\n"
        "    if N = 0:\n"
        "      pass\n"
        "    else:\n"
        "      add N to points of Q\n"
    )
    return _score_game("Raising window", fields, scores + "ranking: [points, held]\n", turn)


def grid_scores(zones: int = 26, per_zone: int = 20, columns: int = 5, markers: int = 333) -> str:
    """Markers placed on `zones` grids of `per_zone` spaces (rows of `columns`), each a choice
    among every space (a marker may cover another's), scored by the largest group a player
    holds over all of them: a game of `markers` decisions a player."""
    rows = [
        f'{{id: grid{n}, name: Grid {n}, colour: "#7f8c8d", values: [{", ".join(map(str, range(1, per_zone + 1)))}], '
        f"columns: {columns}}}"
        for n in range(zones)
    ]
    scores = "  group: {most: largest group property P where top of P is X, name: largest group}\n"
    turn = (
        "  if (count card K in markers of me) = 0:\n"
        "    end game placed for me\n"
        "  choose property P\n"
        "  put top card of markers of me on P\n"
    )
    return _score_game("Grid scores", rows, scores + "ranking: [group]\n", turn, markers=markers)
