"""Each pass in a round of a window is one line of the log (issue 47, wave 2: Monopoly Builder's
log at 80x24 read "Red chooses pass" then "Red passes" for every pass). The word chosen that
was a pass is told by the pass; the last moves' list and the notices tell it the same way."""

from __future__ import annotations

import pytest

from tui_helpers import headless, shown_at

pytest.importorskip("textual")

from tui.widgets import GameLog  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the app driven headless
pytestmark = pytest.mark.slow


def test_a_pass_in_a_window_is_one_line_of_the_log():
    session = headless((None, "greedy", "greedy"), 2, limit=40, name="monopoly-builder")
    passes = [event for event in session.events if event.kind == "pass"]
    assert len(passes) >= 3

    async def look(app, pilot):
        return {"log": [line.plain for line in app.screen.query_one(GameLog).shown]}

    lines = shown_at(session, look, asked=False)["log"]
    told = [line for line in lines if line.endswith(" passes")]
    assert len(told) == len(passes), lines
    assert not [line for line in lines if line.endswith(" chooses pass")], lines
