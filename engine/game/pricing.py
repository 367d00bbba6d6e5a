"""A variant's reference card priced for one player (issue 46, 2): what each row (a floor)
costs them, by the variant's own routine, so that a screen shows the costs and what the player
lacks without knowing the game. The routine runs on the game as the player knows it (no
hidden card read), once a row, with the row's number in the game counter the card names; what
it leaves in the costs' counters is the row's price. Nothing of the game itself changes."""

from __future__ import annotations

from engine.core.frames import BlockFrame, Frame, ProgramFrame
from engine.game.game import Game, state_of
from engine.game.known import known_game


def reference_costs(game: Game, player: int) -> list[dict[str, int]]:
    """Each row of the variant's reference card, in order, as {the player's counter paid
    from: amount} for `player`; [] when the variant has no reference card, or its routine
    could ask something or did not run to its end (a game over, a step limit)."""
    state = state_of(game)
    card = state.variant.reference
    if card is None:
        return []
    block = state.book.program_block.get(card.routine)
    if block is None:
        return []
    known, _ = known_game(state, player)
    known.telling = False  # what the routine does is not told to anyone
    rows: list[dict[str, int]] = []
    for number in range(1, len(card.rows) + 1):
        known.counters[card.row] = number
        for cost, _paid in card.costs:
            known.counters[cost] = 0
        if not _ran(known, block, card.routine, player):
            return []
        rows.append({paid: known.counters[cost] for cost, paid in card.costs})
    return rows


class _Done(Frame):
    """The frame under the routine: reached when the routine is done, it stops the machine."""

    kind = "done"

    def step(self, game) -> None:
        game.over = True


def _ran(known, block: int, routine: str, player: int) -> bool:
    """Run the routine on `known` as `player`, by the machine's own loop, to its end: False if
    it asked something, ended the game or stopped short."""
    done = _Done()
    known.frames = [done, ProgramFrame(routine, player), BlockFrame(block, {}, 1)]
    known.asked, known.over = None, False
    known._advance()
    finished = known.frames == [done] and known.asked is None
    known.over = False
    return finished
