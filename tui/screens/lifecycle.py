"""What Textual's timing asks of the app's screens: a screen removed while it was being made
does nothing when it mounts (`torn_down`).

A screen can be removed before it has its widgets: when the app closes (a browser tab closed
as its game started), Textual removes every screen at once, one still being made among
them; that one is given no widgets, but its `on_mount` is still called, and a screen that
drew its board there found no board (NoMatches: issue 44, 4)."""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode


def torn_down(node: DOMNode) -> bool:
    """Whether Textual is removing `node` (the app closing, its screen popped): it may have
    none of its widgets, and nothing is to be drawn or played on it."""
    flags: Any = node  # Textual's own flags: it offers no public test of a removal under way
    return bool(flags._pruning or flags._closing or flags._closed)
