"""Stepping through what happened since the person's last turn began: their own moves, then
the bots' turns, one action at a time, on the board as the person saw it then.

At the fast paces a bot's turn flies past. This screen rebuilds the position before and after
each action since the person's last one (a session replayed to that point, with the same view
as the live game: no card the person may not see is named) and tells what each action did.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.api import Event, Viewer
from engine.visible import visible
from tui.logruns import told_runs
from tui.screens.lifecycle import AnswersOnce, torn_down
from tui.session import Session
from tui.widgets import BoardView, PlayerPanel, TrackView


def moves_to_step(session: Session) -> tuple[int, int, int]:
    """The actions to step through, as record indices (first, new, end): from the start of
    the last turn of a person that is over (their own moves included: a Bankrupt that ended
    it is seen there), to now; `new` is the first action after the person's last one, where
    stepping begins. With no person at the table: the turn under way."""
    end = len(session.record.actions)
    people = set(session.humans)
    if not people:
        turn_player = session.game.turn_player
        first = end
        while first > 0 and session.deciders[first - 1] == turn_player:
            first -= 1
        return first, first, end
    new = next((i + 1 for i in range(end - 1, -1, -1) if session.deciders[i] in people), 0)
    events = session.events
    ended = next((i for i in range(len(events) - 1, -1, -1)
                  if events[i].kind == "turn_end" and events[i].data["player"] in people), None)
    if ended is None:
        return 0, new, end
    began = next((i for i in range(ended, -1, -1)
                  if events[i].kind == "turn" and events[i].data["player"] == events[ended].data["player"]), 0)
    first = max(0, session.chronicle.action_at(began))  # the action its first events came with
    return min(first, new), new, end


def told_move(before: Session, action: dict, events: list[Event], viewer: Viewer) -> tuple[str, int]:
    """A move as `viewer` was told it, and how many of its `events` that told (they are not
    told again below it): 'Blue: choose Transfer', in the action's own words, unless the
    event that tells the move (its first, by the player who moved) keeps its card from the
    viewer; then as that event tells it to them: 'Blue chooses a card'. The action is what
    the mover chose, which a card chosen in secret (into a pile only they see) is not to
    anyone else (issue 45, 4); a move with no event of its own (a step of an offer put
    together, a card offer passed) answered a question everyone saw asked. `before` is the
    game just before the move."""
    mover = before.game.current_player
    first = events[0] if events else None
    if first is not None and first.data.get("player") == mover and first.hidden_from(viewer):
        return visible(first.describe(viewer)), 1
    chosen = next((o for o in before.options() if o.kind == action["kind"] and o.arg == action.get("arg")), None)
    name = before.shown.seats[mover].name if mover is not None else ""
    return f"{name}: {visible(chosen.describe()) if chosen else visible(str(action['kind']))}", 0


class LastMovesScreen(AnswersOnce[None], ModalScreen[None]):
    """Right (or n) steps forward, left (or p) back; Esc closes."""

    BINDINGS = [
        Binding("right,n", "step(1)", "Next", priority=True),
        Binding("left,p", "step(-1)", "Back", priority=True),
        Binding("escape,q,left_square_bracket", "close", "Close"),
        Binding("down,j", "scroll_said(1)", "More", priority=True),
        Binding("up,k", "scroll_said(-1)", "Up", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.first, new, self.end = moves_to_step(session)
        self.position = min(new + 1, self.end) if self.end > self.first else self.first
        """The action shown: the position after it is drawn, and what it did is told. It
        begins at the first move since the person's last; ← goes back into their own turn."""
        self._games: dict[int, Session] = {}
        """The games last shown, by their number of actions: a step shows the game before
        and after one action, and the next step's game before is this one's after."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="last-moves"):
            yield Static("", id="moves-title", classes="dialog-title")
            yield BoardView(id="moves-board")
            yield TrackView(id="moves-track")
            with Horizontal(id="moves-players"):
                for i in range(self.session.record.players):
                    yield PlayerPanel(i, classes="player", id=f"moves-player-{i}")
            with VerticalScroll(id="moves-said-scroll"):  # a round's end tells more than fits at 80x24
                yield Static("", id="moves-said", classes="dialog-body")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if not torn_down(self):  # the app closed as the box was made: it has no widgets
            self.show()

    def at(self, position: int) -> Session:
        """The game after `position` actions, seen as the live game shows it."""
        then = self._games.get(position)
        if then is None:
            record = self.session.record
            then = Session(replace(record, actions=record.actions[:position]))  # the same record, cut short
            then.viewer = self.session.viewer
        return then

    def show(self) -> None:
        title = self.query_one("#moves-title", Static)
        said = self.query_one("#moves-said", Static)
        if self.end == self.first:
            title.update(Text("Nothing has happened since your last move.", style="bold"))
            said.update("")
            return
        before, after = self.at(self.position - 1), self.at(self.position)
        self._games = {self.position - 1: before, self.position: after}
        after.since = len(before.events)  # this move's changes marked on the board
        view = after.view()
        self.query_one(BoardView).show(view)
        self.query_one(TrackView).show(view)
        for panel in self.query(PlayerPanel):
            panel.show(view)
        player = after.deciders[-1]
        step = self.position - self.first
        title.update(Text.assemble(
            (f" {step} of {self.end - self.first} ", "bold reverse"),
            f"  {view.seats[player].name}'s move · → next, ← back, Esc closes",
        ))
        new = after.events[len(before.events):]
        move, told = told_move(before, self.session.record.actions[self.position - 1], new, after.told_to)
        lines = [Text(move, style="bold")]
        lines += [Text(after.describe_run(run)) for run in told_runs(new[told:])]
        said.update(Text("\n").join(lines))
        self.query_one("#moves-said-scroll", VerticalScroll).scroll_home(animate=False)

    def action_scroll_said(self, lines: int) -> None:
        """What one move did can be longer than the room under the board (a round's end, at
        80x24): the arrow keys scroll it."""
        self.query_one("#moves-said-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_step(self, delta: int) -> None:
        position = max(self.first + 1, min(self.end, self.position + delta))
        if position != self.position and self.end > self.first:
            self.position = position
            self.show()

    def action_close(self) -> None:
        self.dismiss(None)
