"""The start screen: a bundled variant or a variant file (checked, its problems shown where
they are), the seats (a person or a bot of some level), a seed, or a saved game to resume."""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from engine.api import counted
from engine.visible import visible
from tui.screens.dialogs import attempt_asking, diagnostics_text
from tui.screens.lifecycle import torn_down
from tui.session import DEFAULT_SAVE, Session, default_bot, seat_marks, typed_seed
from tui.shown import shown_variant
from tui.widgets import PagedList, chip

if TYPE_CHECKING:
    from engine.savefile import GameRecord
    from engine.variant.load import CheckResult
    from tui.app import BoardwalkApp  # tui.app imports this module

HUMAN = "human"
_CHECK_LOCK = threading.Lock()


class Cycler(Widget, can_focus=True):
    """A one-line choice among a few values: ← → (or Space, or a click) move through them."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
        Binding("space", "step(1)", "Next", show=False),
    ]
    DEFAULT_CSS = "Cycler { height: 1; width: auto; min-width: 12; padding: 0 1; }"

    class Changed(Message):
        def __init__(self, cycler: Cycler, value: Any) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(self, options: list[tuple[str, Any]], value: Any = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.options = options
        values = [v for _, v in options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.options[self.index][1]

    def set_value(self, value: Any) -> None:
        values = [v for _, v in self.options]
        if value in values:
            self.index = values.index(value)
            self.refresh()

    def render(self) -> Text:
        return Text.assemble(("◀ ", "dim"), (self.options[self.index][0], "bold"), (" ▶", "dim"))

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: Click) -> None:
        self.action_step(-1 if event.x < 2 else 1)


class Checked(Message):
    """A variant check finished in the worker thread: a CheckResult, or a problem in words."""

    def __init__(self, key: str, result: Any) -> None:
        super().__init__()
        self.key = key
        self.result = result


class BotsListed(Message):
    """The bot names, found in the worker thread (importing the bots takes a moment)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names


class StartScreen(Screen):
    BINDINGS = [
        Binding("f2", "start", "Start"),
        Binding("f3", "load", "Resume"),
        Binding("f1", "help", "Help"),
        Binding("escape", "app.quit", "Quit"),
    ]

    def __init__(self, save_file: str | None = None, previous: GameRecord | None = None) -> None:
        """`previous`: the game just left, whose set-up (variant, number of players, who sits
        where, each bot) the screen starts with, so 'new game' is one key away from a rematch."""
        super().__init__()
        from engine.resources import DEFAULT_VARIANT, bundled_variant_names

        self.bundled = bundled_variant_names()
        self.selected = DEFAULT_VARIANT if DEFAULT_VARIANT in self.bundled else (self.bundled[0] if self.bundled else "")
        self.results: dict[str, Any] = {}
        self.bot_names: list[str] | None = None
        self.seat_choice: dict[int, str] = {}
        self.players_wanted: int | None = None
        """The number of players to show once the variant is checked (the previous game's)."""
        self.save_file = save_file or DEFAULT_SAVE
        if previous is not None:
            self.selected = previous.variant_source
            self.players_wanted = previous.players
            self.seat_choice = {i: HUMAN if seat.bot is None else seat.bot.split(":")[0] for i, seat in enumerate(previous.seats)}

    @property
    def boardwalk(self) -> BoardwalkApp:
        """The app, typed as the Boardwalk app for its own moves (Textual types `app` as App[Any])."""
        return cast("BoardwalkApp", self.app)

    # ----- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # not focusable: a click on an empty part of the screen leaves the focus where it was
        # (it took the focus, and the arrow keys then scrolled this instead of moving the list)
        with VerticalScroll(id="start", can_focus=False):
            yield Static(_banner(), id="banner")
            with Horizontal(id="start-columns"):
                with Vertical(id="variant-column", classes="start-box"):
                    yield Static("Variant", classes="section")
                    yield PagedList(*[Option(name, id=name) for name in self.bundled], id="variants")
                    yield Input("" if self.selected in self.bundled else self.selected,
                                placeholder="or a variant file, then Enter", id="variant-file", compact=True)
                    yield Static(Text("Checking…", style="italic"), id="variant-info")
                with Vertical(id="seats-column", classes="start-box"):
                    yield Static("Seats", classes="section")
                    with Horizontal(classes="row"):
                        yield Static("Players", classes="label")
                        yield Cycler([("2", 2)], id="players")
                    yield Vertical(id="seat-rows")
                    with Horizontal(classes="row"):
                        yield Static("Seed", classes="label")
                        yield Input(placeholder="random", id="seed", type="integer", compact=True)
                    yield Button(Content("Start the game [F2]"), id="start-button", variant="primary", compact=True)
                    yield Static("Resume a saved game", classes="section")
                    with Horizontal(classes="row"):
                        yield Input(self.save_file, id="save-file", compact=True)
                        yield Button(Content("Load [F3]"), id="load-button", compact=True)
                    yield Static("", id="load-error", classes="errors")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if torn_down(self):
            return  # the app closed as the screen was made (a tab closed as it opened): it has no widgets
        variants = self.query_one("#variants", OptionList)
        if self.selected in self.bundled:
            variants.highlighted = self.bundled.index(self.selected)
            variants.focus()
        else:  # the previous game's variant file: the list, focused, would choose its first
            self.query_one("#start-button", Button).focus()
        # checking the variants waits for the first frame: the screen appears at once
        self.call_after_refresh(self._check, [self.selected] + [n for n in self.bundled if n != self.selected])

    # ----- checking variants in a worker -------------------------------------------------------

    def _check(self, keys: list[str]) -> None:
        def work() -> None:
            from engine.paths import quoted
            from engine.variant.load import VariantNotFound, check_variant, find_variant

            if self.bot_names is None:
                from engine.bots import bot_names

                self.post_message(BotsListed(bot_names()))
            worker = get_current_worker()
            for key in keys:
                result: CheckResult | str
                with _CHECK_LOCK:
                    if worker.is_cancelled:
                        return  # the screen is gone (a game started or loaded, the app closed): no one reads them
                    try:
                        result = check_variant(find_variant(key))
                    except VariantNotFound as missing:
                        shown = quoted(key)
                        named = f"{shown} {missing.problem}" if missing.problem is not None else None
                        result = named or f"no variant file or bundled variant named {shown}"
                    except OSError as exc:
                        result = f"cannot read '{key}': {exc.strerror or exc}"
                    except Exception as exc:  # a checker bug must not leave the screen waiting
                        result = f"could not check '{key}': {type(exc).__name__}: {exc}"
                self.post_message(Checked(key, result))

        self.run_worker(work, thread=True, group="check", exit_on_error=False)

    async def on_bots_listed(self, message: BotsListed) -> None:
        self.bot_names = message.names
        await self._build_seats()

    async def on_checked(self, message: Checked) -> None:
        self.results[message.key] = message.result
        if message.key == self.selected:
            await self._show_selected()

    # ----- choosing a variant ------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#variants")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        assert event.option.id is not None  # every variant's option has its name as id
        if self.selected not in self.bundled and not event.option_list.has_focus:
            return  # the list lighting its first line as it is drawn: the variant file stays chosen
        self.selected = event.option.id
        await self._show_selected()

    @on(OptionList.OptionSelected, "#variants")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None  # every variant's option has its name as id
        self.selected = event.option.id
        await self._show_selected()
        self.query_one("#start-button", Button).focus()

    @on(Input.Submitted, "#variant-file")
    def _file_given(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        if not path:
            return
        self.selected = path
        self.results.pop(path, None)  # the file may have been fixed since
        self.query_one("#variant-info", Static).update(Text(visible(f"Checking {path}…"), style="italic"))
        self._check([path])

    async def _show_selected(self) -> None:
        info = self.query_one("#variant-info", Static)
        result = self.results.get(self.selected)
        if result is None:
            info.update(Text(visible(f"Checking {self.selected}…"), style="italic"))
            return
        if isinstance(result, str):
            info.update(Text(visible(result), style="bold red"))
        elif result.variant is None:
            text = Text(visible(f"{self.selected} has problems; fix them and press Enter again:\n"), style="bold")
            text.append_text(diagnostics_text(result))
            info.update(text)
        else:
            variant = shown_variant(result.variant)
            counts = variant.player_counts
            text = Text()
            text.append(variant.name + "\n", style="bold")
            text.append(variant.description + "\n", style="italic")
            text.append(f"{counts[0]}–{counts[-1]} players · {board_words(variant)} · {variant.cards_summary}", style="dim")
            info.update(text)
        await self._build_seats()

    def _variant(self):
        result = self.results.get(self.selected)
        return None if result is None or isinstance(result, str) else result.variant

    # ----- seats -------------------------------------------------------------------------------

    async def _build_seats(self) -> None:
        variant = self._variant()
        rows = self.query_one("#seat-rows", Vertical)
        players = self.query_one("#players", Cycler)
        rows.display = variant is not None
        if variant is None or self.bot_names is None:
            return
        counts = list(variant.player_counts)
        wanted, self.players_wanted = self.players_wanted, None
        keep: int = next((n for n in (wanted, players.value) if n is not None and n in counts), counts[0])
        players.options = [(str(n), n) for n in counts]
        players.set_value(keep)
        players.refresh(layout=True)
        choices = [("Person", HUMAN)] + [(f"Bot: {name}", name) for name in self.bot_names]
        await rows.remove_children()
        fallback = default_bot() if default_bot() in self.bot_names else self.bot_names[0]
        widgets = []
        shown = shown_variant(variant)
        marks = seat_marks(shown, max(counts))
        for i, seat in enumerate(shown.seats[: max(counts)]):
            chosen = self.seat_choice.get(i, HUMAN if i == 0 else fallback)
            row = Horizontal(
                Static(Text.assemble((f" {marks[i]} ", chip(seat.colour)), f" {seat.name}"), classes="label"),
                Cycler(choices, chosen, id=f"seat-{i}", classes="seat"),
                classes="row seat-row",
                id=f"seat-row-{i}",
            )
            widgets.append(row)
        await rows.mount_all(widgets)
        self._show_rows(keep)

    def _show_rows(self, count: int) -> None:
        for row in self.query(".seat-row"):
            assert row.id is not None  # seat-row-<i>
            index = int(row.id.rsplit("-", 1)[1])
            row.display = index < count

    @on(Cycler.Changed, "#players")
    def _players_changed(self, event: Cycler.Changed) -> None:
        self._show_rows(event.value)

    @on(Cycler.Changed, ".seat")
    def _seat_changed(self, event: Cycler.Changed) -> None:
        assert event.cycler.id is not None  # seat-<i>
        self.seat_choice[int(event.cycler.id.split("-")[1])] = event.value

    # ----- starting ----------------------------------------------------------------------------

    @on(Button.Pressed, "#start-button")
    async def action_start(self) -> None:
        from engine.savefile import variant_source

        if not self.query("#variant-info"):
            return  # F2 pressed before the screen's widgets were laid out (a busy machine)
        info = self.query_one("#variant-info", Static)
        result = self.results.get(self.selected)
        if result is None:
            info.update(Text("Still checking the variant; try again in a moment.", style="bold"))
            return
        variant = self._variant()
        if variant is None:
            await self._show_selected()
            self.app.bell()
            return
        count = self.query_one("#players", Cycler).value
        seats = [self.query(f"#seat-{i}").only_one(Cycler) if self.query(f"#seat-{i}") else None for i in range(count)]
        if None in seats:  # F2 pressed before the seats were laid out (the bots load in the background)
            info.update(Text("Still setting up the seats; try again in a moment.", style="bold"))
            return
        bots = [None if seat.value == HUMAN else seat.value for seat in seats if seat is not None]
        try:
            seed = typed_seed(self.query_one("#seed", Input).value)
        except ValueError as problem:
            info.update(Text(str(problem), style="bold red"))
            self.app.bell()
            return
        session = Session.start(variant, variant_source(self.selected), bots, seed)
        self.boardwalk.start_session(session, [])

    @on(Button.Pressed, "#load-button")
    @on(Input.Submitted, "#save-file")
    def action_load(self) -> None:
        if not self.query("#save-file") or not self.query("#load-error"):
            return  # F3 pressed before the screen's widgets were laid out (a busy machine): nothing to read yet
        path = self.query_one("#save-file", Input).value.strip()
        error = self.query_one("#load-error", Static)
        if not path:
            error.update(Text("Type the saved game's file name.", style="bold red"))
            return
        attempt_asking(
            self.app,
            lambda: self.boardwalk.load_session(path),
            lambda loaded: self.boardwalk.start_session(*loaded),
            error.update,
        )

    def action_help(self) -> None:
        from tui.helptext import help_markdown
        from tui.screens.dialogs import HelpScreen

        variant = self._variant()
        if variant is not None:
            self.app.push_screen(HelpScreen(help_markdown(shown_variant(variant))))


def _banner() -> Text:
    """The program's name, whatever game is chosen below it (each game's own words are in
    the panel that describes it)."""
    text = Text()
    text.append(" BOARDWALK ", style="bold reverse")
    text.append("  board games played from their rules, written as data", style="italic")
    return text


def board_words(variant) -> str:
    """What the board has, counted by the game's own nouns (issue 46, 5: Monopoly Builder's
    '48 properties' were its 32 spaces round the board and the 16 foundations of its island,
    and it has 16 deeds): a board of towers, its properties; a board tokens go round, its
    spaces, each zone off the loop by its name, and the cards that belong to a space, by the
    name of the pile they start in ('the Bank's title deeds': 16 title deeds)."""
    if not variant.loop:
        return counted(len(variant.properties), "property", "properties")
    on_loop = set(variant.loop)
    parts = [f"{counted(len(variant.loop), 'space', 'spaces')} round the board"]
    parts += [f"{zone.name}: {counted(len(zone.properties), 'space', 'spaces')}"
              for zone in variant.zones if zone.properties and not on_loop.intersection(zone.properties)]
    belonging: dict[str, int] = {}
    for card in variant.cards:
        if card.space is not None:
            belonging[card.starts_in] = belonging.get(card.starts_in, 0) + card.count
    piles = {pile.id: pile.name for pile in variant.piles}
    for pile, count in belonging.items():
        noun = re.sub(r"^the [^']+'s\s+", "", piles.get(pile, pile))  # the Bank's title deeds: title deeds
        parts.append(f"{count} {noun}")
    return " · ".join(parts)

