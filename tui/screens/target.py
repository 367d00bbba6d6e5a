"""Typing a target: the options that match what is typed are listed as it is typed (each
with its key), and Enter takes the one it names."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine.api import Action, counted
from engine.visible import visible
from tui.screens.dialogs import TypeAhead
from tui.screens.lifecycle import AnswersOnce, torn_down
from tui.session import View
from tui.targets import example, matches
from tui.widgets import action_label

SHOWN = 8
"""Matching options listed at most; the rest are counted."""


class TargetScreen(TypeAhead, AnswersOnce[Action | None], ModalScreen[Action | None]):
    """Asks for a target by its words; dismissed with the action, or None (Esc)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, view: View) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        hint = example(self.view)
        with Vertical(classes="dialog", id="target-dialog"):
            yield Static(Text("Type a target", style="bold"), classes="dialog-title")
            yield Static(Text("A zone, a value or part of a name; Enter takes it, Esc closes."), classes="dialog-body")
            yield Input(placeholder="e.g. " + visible(hint) if hint else "what to choose", id="target", compact=True)
            yield Static("", id="target-matches", classes="dialog-body")

    AUTO_FOCUS = "#target"

    def on_mount(self) -> None:
        if torn_down(self):
            return  # the app closed as the box was made: it has no widgets
        self._show(self.query_one("#target", Input).value)

    @on(Input.Changed, "#target")
    def _changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _show(self, typed: str) -> None:
        found = matches(self.view, typed)
        shown = self.query_one("#target-matches", Static)
        if not typed.strip():
            shown.update(Text(f"{counted(len(self.view.actions), 'option')} on offer", style="dim"))
            return
        if not found:
            shown.update(Text(visible(f"Nothing on offer matches '{typed.strip()}'."), style="bold red"))
            return
        lines = Text()
        if len(found) > 1:
            lines.append(f"{len(found)} options match: type more, or press Esc and the option's key.\n", style="bold")
        else:
            lines.append("Enter takes:\n", style="bold")
        for index in found[:SHOWN]:
            lines.append_text(action_label(self.view, self.view.actions[index], index))
            lines.append("\n")
        if len(found) > SHOWN:
            lines.append(f"…and {len(found) - SHOWN} more", style="dim")
        lines.rstrip()
        shown.update(lines)

    @on(Input.Submitted, "#target")
    def _submitted(self, event: Input.Submitted) -> None:
        found = matches(self.view, event.value)
        if len(found) == 1:
            self.dismiss(self.view.actions[found[0]])
            return
        self._show(event.value)
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
