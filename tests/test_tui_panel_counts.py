"""A player's panel counts what the game has: the units in supply where it has units, the
cards in hand where it has a hand (issue 47, 9: "Panels show '0 cards'"; Monopoly Builder's
panels read "12 blocks · 0 cards", and it has no hand)."""

from __future__ import annotations

import asyncio

import pytest

from tui_helpers import headless

pytest.importorskip("textual")

from tui.app import BoardwalkApp  # noqa: E402
from tui.widgets import PlayerPanel  # noqa: E402


def panels(name: str) -> list[str]:
    session = headless((None, "greedy", "greedy"), 3, limit=40, name=name)

    async def scenario() -> list[str]:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return [app.screen.query_one(f"#player-{seat}", PlayerPanel).content.plain for seat in range(3)]

    return asyncio.run(scenario())


def test_a_game_without_a_hand_counts_no_cards_on_its_panels():
    for shown in panels("monopoly-builder"):
        assert "card" not in shown and "12 blocks" in shown, shown


def test_a_game_with_a_hand_still_counts_its_cards():
    for shown in panels("winning-moves-2016"):
        assert "card" in shown, shown


def test_a_token_left_out_is_not_named_beside_the_seat():
    """docs/variants.md: without `seats[].token` (a game without a track) the token is the
    seat's `name`; the panel's first line read "Red (you) · Red", the name twice. A game with
    a board its tokens go round still says where each stands."""
    from pathlib import Path

    for shown in panels(str(Path(__file__).parent / "data" / "love-letter.yaml")):
        first = shown.splitlines()[0]
        assert " · " not in first, first
    for shown in panels("monopoly-builder"):
        assert " on " in shown, shown



def test_a_player_out_of_the_round_says_so_on_their_panel():
    """Ruling 83: `drop X` puts a player out of the round, their turns passed by; their panel
    showed nothing of it (in the Love Letter test game, only their hand's line went)."""
    from pathlib import Path

    def someone_out(session) -> bool:
        return bool(session.game.observation(0)["out"]) and session.deciding == 0  # the app waits for the person

    game = str(Path(__file__).parent / "data" / "love-letter.yaml")
    session = headless((None, "random", "greedy"), 1, stop=someone_out, limit=400, name=game)
    out = session.view().out
    assert out

    async def scenario() -> list[str]:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return [app.screen.query_one(f"#player-{seat}", PlayerPanel).content.plain for seat in range(3)]

    shown = asyncio.run(scenario())
    assert [seat for seat in range(3) if "out of the round" in shown[seat]] == sorted(out), shown
