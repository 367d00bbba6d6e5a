"""The end of the game: the ranking, why the game ended and the tie-break that decided it,
then its story: every player's leading score turn by turn as a chart, the longest lead, the
takeovers and the cards played (tui/story.py). The record can be saved from here, and the
story written to a Markdown file."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

from engine.diagnostics import Diagnostic, Loc
from engine.files import WriteFailed, write_atomically
from engine.savefile import SaveError
from tui.screens.dialogs import PathScreen
from tui.screens.lifecycle import AnswersOnce
from tui.session import SeatView, Session
from tui.story import Story, card_lines, draw_chart, round_lines, story_markdown, summary_lines
from tui.widgets import chip

if TYPE_CHECKING:
    from textual_plotext import PlotextPlot

DEFAULT_STORY = "boardwalk-story.md"


def rgb(colour: str) -> tuple[int, int, int]:
    """A seat's #rrggbb colour as plotext takes it (grey for anything else)."""
    try:
        return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
    except ValueError:
        return 128, 128, 128


Money = Callable[[int], str] | None
"""How the charted score is written: the variant's money format, or None for a plain number."""


def score_chart(story: Story, seats: tuple[SeatView, ...], money: Money) -> PlotextPlot:
    """The chart widget: textual-plotext's, imported only when a game ends (plotext takes a
    while to load, and the game screen has no need of it)."""
    from textual_plotext import PlotextPlot

    class ScoreChart(PlotextPlot):
        """One line a player, in the player's colour; its ticks fit the size it is drawn at.
        A chart is drawn once for each size (plotext takes tens of milliseconds)."""

        drawn: tuple[Size, Any] = (Size(-1, -1), None)

        def render(self):
            if self.drawn[0] != self.size:
                width, height = self.size
                draw_chart(self.plt, story, width, height, money, colours=[rgb(seat.colour) for seat in seats])
                self.drawn = (self.size, super().render())
            return self.drawn[1]

    chart = ScoreChart(id="chart")
    chart.theme = "clear"  # the terminal's own colours, as the rest of the app (an ANSI theme has no RGB to copy)
    return chart


class StoryText(Widget):
    """Lines of text, each entry's words wrapping under themselves after its label (a hanging
    indent), laid out once for each width; only the lines in sight are drawn, so a long game's
    hundreds of cards cost little."""

    DEFAULT_CSS = "StoryText { height: auto; }"

    def __init__(self, entries: list[tuple[Text, Text]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries = entries
        """(label, words) a line; a label of "" for a line of its own."""
        self._laid: tuple[int, list[Text]] = (-1, [])

    def lines(self, width: int) -> list[Text]:
        if self._laid[0] != width:
            console = self.app.console
            laid: list[Text] = []
            for label, words in self.entries:
                indent = label.cell_len + 1 if label else 0
                wrapped = words.wrap(console, max(8, width - indent)) if words else [Text("")]
                for index, line in enumerate(wrapped):
                    lead = (label + Text(" ")) if index == 0 and label else Text(" " * indent)
                    laid.append(lead + line)
            self._laid = (width, laid)
        return self._laid[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.lines(width)
        if y >= len(lines):
            return Strip.blank(width, self.rich_style)
        line = lines[y]
        return Strip(list(line.render(self.app.console, end="")), line.cell_len).extend_cell_length(width).apply_style(
            self.rich_style)


@dataclass(frozen=True)
class RankedRow:
    """A player in the final ranking: place, name (on their colour), bot and scores in words."""

    place: int
    name: Text
    bot: str | None
    values: list[str]


class RankingTable:
    """The final ranking as a table that fits the width it is drawn at (drawn anew at each
    width, and so in a story file at its own). A row for each player and a column for each
    score, the scores' names on one line where there is room, else wrapped onto two lines
    at most; where even that is too wide (seven scores with long names at 80 columns),
    turned: a row for each score, by its whole name, and a column for each player. A name
    is never cut."""

    GAPS = (2, 1)
    """The room each side of a column, the roomier tried first."""

    def __init__(self, scores: list[str], rows: list[RankedRow]) -> None:
        self.scores = scores
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table(options.max_width))

    def table(self, width: int) -> Table:
        """The roomiest layout that fits `width`: names on one line, then on two; gaps of
        two, then of one; else turned."""
        for lines in (1, 2):
            widths = self._widths(lines)
            for gap in self.GAPS:
                if sum(widths) + 2 * gap * (len(widths) - 1) <= width:
                    return self._wide(widths, gap)
        widths = self._turned_widths()
        gap = next((gap for gap in self.GAPS if sum(widths) + 2 * gap * (len(widths) - 1) <= width), self.GAPS[-1])
        return self._turned(gap)

    def _widths(self, lines: int) -> list[int]:
        """Each column's width with the scores' names on at most `lines` lines."""
        places = max([len("place"), *(len(str(row.place)) for row in self.rows)])
        players = max([len("player"), *(self._player(row).cell_len for row in self.rows)])
        return [places, players, *(max([header_width(name, lines), *(cell_len(row.values[i]) for row in self.rows)])
                                   for i, name in enumerate(self.scores))]

    @staticmethod
    def _player(row: RankedRow) -> Text:
        name = row.name.copy()
        if row.bot:
            name.append(f" ({row.bot})", style="dim")
        return name

    def _wide(self, widths: list[int], gap: int) -> Table:
        table = Table(expand=False, box=None, pad_edge=False, padding=(0, gap))
        table.add_column("place", justify="right", width=widths[0])
        table.add_column("player", no_wrap=True, width=widths[1])
        for name, width in zip(self.scores, widths[2:]):
            table.add_column(Text(name, justify="right"), justify="right", width=width)
        for row in self.rows:
            table.add_row(str(row.place), self._player(row), *row.values, style="bold" if row.place == 1 else "")
        return table

    def _turned_widths(self) -> list[int]:
        label = max([len("place"), *(cell_len(name) for name in self.scores)])
        return [label, *(max([row.name.cell_len, cell_len(f"({row.bot})") if row.bot else 0, *map(cell_len, row.values)])
                         for row in self.rows)]

    def _turned(self, gap: int) -> Table:
        table = Table(expand=False, box=None, pad_edge=False, padding=(0, gap))
        table.add_column("")
        for row in self.rows:
            header = row.name.copy()
            if row.bot:
                header.append(f"\n({row.bot})", style="dim")
            table.add_column(header, justify="right", style="bold" if row.place == 1 else "")
        table.add_row("place", *(str(row.place) for row in self.rows))
        for i, name in enumerate(self.scores):
            table.add_row(name, *(row.values[i] for row in self.rows))
        return table


def header_width(name: str, lines: int) -> int:
    """The narrowest width at which `name` wraps, between words, onto at most `lines` lines.

    >>> header_width("largest group of buildings", 1), header_width("largest group of buildings", 2)
    (26, 13)
    """
    words = [cell_len(word) for word in name.split()]
    for width in range(max(words, default=0), cell_len(name) + 1):
        count, line = 1, -1
        for word in words:
            if line + 1 + word > width:
                count, line = count + 1, word
            else:
                line += 1 + word
        if count <= lines:
            return width
    return cell_len(name)


class GameOverScreen(AnswersOnce[str]):
    """Dismissed with what to do next: "board" (look at the final board), "new", "save", "quit"."""

    BINDINGS = [
        Binding("b", "close('board')", "Look at the board"),
        Binding("escape", "close('board')", show=False),
        Binding("n", "close('new')", "New game"),
        Binding("s", "close('save')", "Save"),
        Binding("e", "export", "Export the story"),
        Binding("q", "close('quit')", "Quit"),
        Binding("down", "scroll(1)", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
    ]

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    AUTO_FOCUS = "#over-board"
    """Enter on this screen goes back to the final board, which keeps everything (r there
    comes back): a player still pressing Enter from the last move of the game, as a key
    script did, pressed "New game" and lost the result before reading it."""

    def __init__(self, session: Session) -> None:
        self.opened_at = time.perf_counter()
        self.drawn_at: float | None = None
        """time.perf_counter() when the screen was made and first drawn (benchmarks/gameover_open.py)."""
        super().__init__(classes=self._breakpoint_classes())
        self.session = session
        self.story = session.story()

    def _breakpoint_classes(self) -> str:
        """The classes the breakpoints give the app's size, from the start: the first layout
        is then the one shown (Textual sets them after laying out once at the first resize)."""
        width, height = self.app.size
        return " ".join(
            [name for least, name in self.HORIZONTAL_BREAKPOINTS or [] if width >= least][-1:]
            + [name for least, name in self.VERTICAL_BREAKPOINTS or [] if height >= least][-1:]
        )

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.drawn_at = self.drawn_at or time.perf_counter()

    def compose(self) -> ComposeResult:
        session = self.session
        ended = next((e for e in reversed(session.events) if e.kind == "game_over"), None)
        variant = session.shown
        seats = session.seat_views()
        story = self.story
        with Vertical(classes="gameover"):
            title = session.describe(ended) if ended is not None else "Game over"
            yield Static(Text(title, style="bold"), classes="dialog-title", id="gameover-reason")
            yield Static(Text(session.result_text(), style="bold"), id="gameover-result")
            with VerticalScroll(id="over-body"):
                yield Static(self._table(), id="ranking")
                yield Static(
                    Text(f"{variant.name} · seed {session.record.seed} · {story.turns} turns", style="dim"),
                    id="gameover-game",
                )
                with Container(id="over-columns"):
                    with Vertical(id="over-left"):
                        if story.score is not None and story.turns:
                            money = variant.format_money if story.score.money else None
                            name = story.score.name or story.score.id
                            yield Static(Text(f"{name[:1].upper()}{name[1:]} after each {story.step}", style="bold"),
                                         id="chart-title")
                            yield score_chart(story, seats, money)
                            yield Static(self._legend(seats, money), id="chart-legend")
                    with VerticalScroll(id="over-story"):
                        yield StoryText(self._story(seats), id="story")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content("New game [n]"), id="over-new", variant="primary", compact=True)
                yield Button(Content("Board [b]"), id="over-board", compact=True)
                yield Button(Content("Save [s]"), id="over-save", compact=True)
                yield Button(Content("Export story [e]"), id="over-export", compact=True)
                yield Button(Content("Quit [q]"), id="over-quit", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def _table(self) -> RankingTable:
        result = self.session.game.result()
        assert result is not None  # this screen comes once the game is over
        seats = self.session.seat_views()
        money = self.session.shown.format_money
        scores = self.session.shown.scores
        rows = []
        for standing in result.standings:
            seat = seats[standing.player]
            name = Text.assemble((f" {seat.mark} ", chip(seat.colour)), f" {seat.name}")
            values = [money(standing.scores[s.id]) if s.money else str(standing.scores[s.id]) for s in scores]
            rows.append(RankedRow(standing.place, name, seat.bot, values))
        return RankingTable([score.name for score in scores], rows)

    def _legend(self, seats: tuple[SeatView, ...], money: Money) -> Text:
        """Which line is whose: each player's letter on their colour, name and final score."""
        legend = Text()
        for seat, values in zip(seats, self.story.series):
            last = money(values[-1]) if money else str(values[-1])
            legend.append_text(Text.assemble((f" {seat.mark} ", chip(seat.colour)), f" {seat.name} {last}   "))
        legend.rstrip()
        return legend

    def _story(self, seats: tuple[SeatView, ...]) -> list[tuple[Text, Text]]:
        """The story with each player's name on their colour: the summary, each line's label
        in bold, then the cards with their turns."""
        story, shown = self.story, self.session.shown

        def coloured(words: str) -> Text:
            text = Text(words)
            for seat in seats:
                text.highlight_words([seat.name], style=chip(seat.colour))
            return text

        entries = [(Text(""), Text("The story of the game", style="bold underline"))]
        summary = summary_lines(story, shown)
        if not summary:
            entries.append((Text(""), Text("Nobody led, took a property from another player or played a card.", style="italic")))
        for line in summary:
            text = coloured(line)
            text.stylize("bold", 0, line.find(":") + 1)
            entries.append((Text(""), text))
        rounds = round_lines(story, shown)
        width = max((len(label) for label, _ in rounds), default=0)
        for label, words in rounds:  # a game told round by round: what each one brought
            entries.append((Text(label.rjust(width), style="bold"), coloured(words)))
        cards = card_lines(story, shown)
        width = len(f"turn {cards[-1][0]}") if cards else 0
        for turn, words in cards:
            entries.append((Text(f"turn {turn}".rjust(width), style="dim"), coloured(words)))
        return entries

    # ----- what next ---------------------------------------------------------------------------

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None  # over-<what>
        what = event.button.id.removeprefix("over-")
        if what == "export":
            self.action_export()
        else:
            self.dismiss(what)

    def action_close(self, what: str) -> None:
        self.dismiss(what)

    def action_scroll(self, lines: int) -> None:
        """The arrows and page keys scroll the story (or the whole screen, where it is one column)."""
        story = self.query_one("#over-story", VerticalScroll)
        scrolled = story if story.max_scroll_y > 0 else self.query_one("#over-body", VerticalScroll)
        scrolled.scroll_relative(y=lines, animate=False)

    def action_export(self) -> None:
        self.app.push_screen(
            PathScreen("Export the story of the game", DEFAULT_STORY, "Export", self.export,
                       note="A Markdown file: the ranking, the chart in letters, and the story."),
            self._exported,
        )

    def export(self, path: str) -> str:
        """Write the story as Markdown, atomically; raises SaveError with the reason."""
        try:
            write_atomically(Path(path).expanduser(), self.markdown())
        except WriteFailed as failure:
            raise SaveError([Diagnostic(Loc(path), f"could not write the story: {failure.reason}")]) from None
        return path

    def markdown(self) -> str:
        """The story file: the screen's words, with the chart drawn in the players' letters."""
        session, story = self.session, self.story
        variant = session.shown
        seats = session.seat_views()
        ended = next((e for e in reversed(session.events) if e.kind == "game_over"), None)
        facts = [
            session.describe(ended) if ended is not None else "Game over",
            session.result_text(),
            f"{variant.name} · seed {session.record.seed} · {len(seats)} players · {story.turns} turns",
        ]
        written = io.StringIO()
        Console(file=written, width=120, color_system=None).print(self._table())
        ranking = "\n".join(line.rstrip() for line in written.getvalue().splitlines())
        return story_markdown(story, variant, f"The story of a game of {variant.name}", facts, ranking, self._chart_text(seats))

    def _chart_text(self, seats: tuple[SeatView, ...]) -> str:
        """The chart for a file: each player's line drawn with their letter, and who is which."""
        story = self.story
        if story.score is None or not story.turns:
            return ""
        from textual_plotext import Plot

        plt = Plot()
        plt.theme("clear")
        plt.plotsize(78, 20)
        draw_chart(plt, story, 78, 20, self.session.shown.format_money if story.score.money else None,
                   markers=[seat.mark for seat in seats])
        key = "   ".join(f"{seat.mark} {seat.name}" for seat in seats)
        return "\n".join(line.rstrip() for line in plt.uncolorize(plt.build()).splitlines()) + "\n" + key

    def _exported(self, path: Any) -> None:
        if path is not None:
            self.notify(f"The story is in {path}", timeout=4)
