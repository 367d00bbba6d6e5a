"""`boardwalk replay FILE`: a saved game step by step, on the same board as a live game.

Every position is rebuilt by replaying the record's first k actions through the engine (a
game is a few hundred actions, so this is instant), and shown with every card named: a
replay is watched after the game, by everyone.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from engine.savefile import GameRecord
from engine.visible import visible
from tui.screens.dialogs import TypeAhead
from tui.screens.lifecycle import AnswersOnce, KeysWhereTyped
from tui.session import Session
from tui.widgets import BoardView, GameLog, PlayerPanel, Quiet, TrackView


class JumpScreen(TypeAhead, AnswersOnce[int | None], ModalScreen[int | None]):
    """Asks for a turn to jump to; dismissed with the turn's number."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#jump"

    def __init__(self, turns: int) -> None:
        super().__init__()
        self.turns = turns

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Jump to the start of turn (1 to {self.turns}), or 0 for the set-up:", classes="dialog-title")
            yield Input(placeholder="turn", id="jump", compact=True)
            yield Static("", id="jump-error", classes="errors")

    @on(Input.Submitted, "#jump")
    def _go(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit() or int(text) > self.turns:
            self.query_one("#jump-error", Static).update(f"Give a turn from 1 to {self.turns} (0 for the set-up).")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayApp(KeysWhereTyped[int]):
    """Steps through a game record: right/left one action, home/end, j to jump to a turn."""

    CSS_PATH = "boardwalk.tcss"
    TITLE = "Boardwalk replay"
    BINDINGS = [
        # priority: the log would otherwise take these keys for scrolling
        Binding("right,n", "step(1)", "Next", priority=True),
        Binding("left,p", "step(-1)", "Previous", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "go(0)", "Start", priority=True),
        Binding("end", "go(-1)", "End", priority=True),
        Binding("j", "jump", "Jump to turn", priority=True),  # so the turn typed at once goes into its box
        Binding("q,escape", "quit", "Quit"),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__(ansi_color=True)
        self.record = record
        self.position = 0
        self.turn_starts = turn_starts(record)
        """Where each turn starts: the number of actions taken before it, by turn number."""

    def compose(self) -> ComposeResult:
        yield Quiet("", id="status")
        with Vertical(id="left"):
            yield BoardView(id="board")
            yield TrackView(id="track")
            with Horizontal(id="players"):
                for i in range(self.record.players):
                    yield PlayerPanel(i, classes="player", id=f"player-{i}")
            yield GameLog(id="log")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show()

    def session_at(self, position: int) -> Session:
        shown = GameRecord(
            self.record.variant,
            self.record.variant_source,
            self.record.players,
            self.record.seed,
            self.record.seats,
            self.record.actions[:position],
        )
        session = Session(shown)
        session.viewer = None  # a replay names every card
        return session

    def show(self) -> None:
        session = self.session_at(self.position)
        view = session.view()
        self.query_one(BoardView).show(view)
        self.query_one(TrackView).show(view)
        for panel in self.query(PlayerPanel):
            panel.show(view)
        self.query_one(GameLog).show(session.events, None, session.describe_run, view.seats)
        self.query_one("#status", Quiet).put(self.status_line(session))

    def status_line(self, session: Session) -> Text:
        total = len(self.record.actions)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f" Turn {session.game.turn_number} · action {self.position} of {total} ", style="bold reverse")
        if self.position:
            player = session.deciders[-1]
            action = self.record.actions[self.position - 1]
            words = f"{self.record.seats[player].name}: {_describe(self.record, self.position - 1, action)}"
            text.append("  " + visible(words))
        else:
            text.append("  the start of the game")
        if session.game.is_over and self.position == total:
            text.append(f"  · {session.result_text()}", style="bold")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the jump box is open, the arrow keys belong to its text field."""
        return not (action in ("step", "go") and isinstance(self.screen, JumpScreen))

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_go(self, position: int) -> None:
        self.go(len(self.record.actions) if position < 0 else position)

    def go(self, position: int) -> None:
        position = max(0, min(len(self.record.actions), position))
        if position != self.position:
            self.position = position
            self.show()

    def action_jump(self) -> None:
        def jumped(turn: int | None) -> None:
            if turn is not None:
                self.go(self.turn_starts.get(turn, 0))

        self.push_screen(JumpScreen(max(self.turn_starts)), jumped)


def turn_starts(record: GameRecord) -> dict[int, int]:
    """For each turn, how many of the record's actions come before it starts (turn 0 is the
    set-up, before the first action)."""
    game = record.replay(0)
    starts = {0: 0}
    if game.turn_number:
        starts[game.turn_number] = 0
    for position, action in enumerate(record.actions, start=1):
        game.apply(action)
        starts.setdefault(game.turn_number, position)
    return starts


def _describe(record: GameRecord, index: int, action: dict) -> str:
    """The action in words, as it was offered at that point."""
    game = record.replay(index)
    for option in game.legal_actions():
        if option.kind == action["kind"] and option.arg == action.get("arg"):
            return option.describe()
    return f"{action['kind']} {action.get('arg')}"


def run_replay_viewer(record: GameRecord) -> int:
    ReplayApp(record).run()
    return 0
