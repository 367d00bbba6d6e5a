"""The end of the game: the ranking, why the game ended, and the tie-break that decided it."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui.session import Session
from tui.widgets import chip


class GameOverScreen(Screen[str]):
    """Dismissed with what to do next: "board" (look at the final board), "new", "save", "quit"."""

    BINDINGS = [
        Binding("b", "close('board')", "Look at the board"),
        Binding("escape", "close('board')", show=False),
        Binding("n", "close('new')", "New game"),
        Binding("s", "close('save')", "Save"),
        Binding("q", "close('quit')", "Quit"),
    ]

    AUTO_FOCUS = "#over-new"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        ended = next((e for e in reversed(session.events) if e.kind == "game_over"), None)
        variant = session.shown
        with Vertical(classes="gameover"):
            title = session.describe(ended) if ended is not None else "Game over"
            yield Static(Text(title, style="bold"), classes="dialog-title", id="gameover-reason")
            yield Static(Text(session.result_text(), style="bold"), classes="dialog-body", id="gameover-result")
            yield Static(self._table(), id="ranking")
            yield Static(
                Text(f"{variant.name} · seed {session.record.seed} · {session.game.observation(0)['turn']} turns", style="dim"),
                classes="dialog-body",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content("New game [n]"), id="over-new", variant="primary", compact=True)
                yield Button(Content("Look at the board [b]"), id="over-board", compact=True)
                yield Button(Content("Save [s]"), id="over-save", compact=True)
                yield Button(Content("Quit [q]"), id="over-quit", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def _table(self) -> Table:
        result = self.session.game.result()
        assert result is not None  # this screen comes once the game is over
        seats = self.session.seat_views()
        money = self.session.shown.format_money
        table = Table(expand=False, box=None, pad_edge=False, padding=(0, 2))
        table.add_column("place", justify="right")
        table.add_column("player")
        scores = self.session.shown.scores
        for score in scores:
            table.add_column(score.name, justify="right")
        for standing in result.standings:
            seat = seats[standing.player]
            name = Text.assemble((f" {seat.mark} ", chip(seat.colour)), f" {seat.name}")
            if seat.bot:
                name.append(f" ({seat.bot})", style="dim")
            style = "bold" if standing.place == 1 else ""
            table.add_row(
                str(standing.place),
                name,
                *(money(standing.scores[s.id]) if s.money else str(standing.scores[s.id]) for s in scores),
                style=style,
            )
        return table

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None  # over-<what>
        self.dismiss(event.button.id.removeprefix("over-"))

    def action_close(self, what: str) -> None:
        self.dismiss(what)
