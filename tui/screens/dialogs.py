"""Small screens over the board: a choice (confirmations, an answer to a card), the hand-over
between people, saving and loading, the help and the player's own cards."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Static

from engine.savefile import SaveError
from engine.visible import visible
from tui.screens.lifecycle import AnswersOnce
from tui.session import PUBLIC, View
from tui.widgets import chip, hand_text


def _text(value: Text | str) -> Text:
    """Game words shown as they are: a card called '[Joker]' is not markup."""
    return value if isinstance(value, Text) else Text(value)


def diagnostics_text(error: Any) -> Text:
    """Located problems (file:line:col: message), one a line, in the error colour."""
    lines = [str(d) for d in getattr(error, "diagnostics", [])] or [str(error)]
    return Text(visible("\n".join(lines)), style="bold red")


class TypeAhead:
    """For a screen that asks for text: keys pressed before its field has the focus (typed
    right after the key that opened it, before it was drawn) go to the field, in order,
    instead of to the screen, which has nothing to do with them."""

    AUTO_FOCUS: ClassVar[str | None]

    def on_key(self, event: events.Key) -> None:
        screen = cast(Screen, self)
        if screen.focused is not None or not self.AUTO_FOCUS:
            return
        field = next((widget for widget in screen.query(self.AUTO_FOCUS) if widget.focusable), None)
        if field is None:
            return
        event.stop()
        event.prevent_default()
        screen.set_focus(field)
        field.post_message(events.Key(event.key, event.character))


class ChoiceScreen(AnswersOnce[Any], ModalScreen[Any]):
    """A question with a few answers, each with its own key; Esc cancels when allowed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(
        self,
        title: str,
        body: Text | str,
        options: list[tuple[str, Any, str]],
        cancel: Any = None,
        allow_cancel: bool = True,
        classes: str = "",
    ) -> None:
        super().__init__(classes=classes)
        self.title_text = title
        self.body = body
        self.options = options
        """(label, value, key) per answer; the first is the default for Enter."""
        self.cancel_value = cancel
        self.allow_cancel = allow_cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_text(self.title_text), classes="dialog-title")
            yield Static(_text(self.body), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for index, (label, _, key) in enumerate(self.options):
                    hint = f"{label} [{key}]" if key else (f"{label} [Enter]" if index == 0 else label)
                    yield Button(
                        Content(hint), id=f"choice-{index}", variant="primary" if index == 0 else "default", compact=True
                    )

    AUTO_FOCUS = "#choice-0"

    def on_key(self, event) -> None:
        for _, value, key in self.options:
            if key and event.key == key:
                event.stop()
                self.dismiss(value)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None  # choice-<i>
        index = int(event.button.id.split("-")[1])
        self.dismiss(self.options[index][1])

    def action_cancel(self) -> None:
        if self.allow_cancel:
            self.dismiss(self.cancel_value)


def confirm(title: str, body: Text | str, yes: str = "Yes", no: str = "No") -> ChoiceScreen:
    return ChoiceScreen(title, body, [(yes, True, "y"), (no, False, "n")], cancel=False)


class AskFirst(Exception):
    """An attempt that goes on only after the person says yes (a save naming a variant file
    outside their folders): the question, what to show after a no, and the attempt to run
    again after a yes (which returns a result or raises SaveError)."""

    def __init__(self, title: str, body: str, yes: str, no: str, refused: str, then: Callable[[], Any]) -> None:
        super().__init__(title)
        self.title, self.body, self.yes, self.no = title, body, yes, no
        self.refused = refused
        self.then = then

    def dialog(self) -> ChoiceScreen:
        """No is the default (Enter and Esc): only a deliberate 'y' goes on."""
        return ChoiceScreen(self.title, self.body, [(self.no, False, "n"), (self.yes, True, "y")], cancel=False)


def attempt_asking(app: Any, attempt: Callable[[], Any], done: Callable[[Any], object], failed: Callable[[Text], None]) -> None:
    """Run `attempt`, then `done` with its result, or `failed` with the located problems to
    show; if it asks first, ask, and after a yes run what it gives to run instead."""
    try:
        result = attempt()
    except AskFirst as asking:
        _ask(app, asking, done, failed)
        return
    except SaveError as problem:
        failed(diagnostics_text(problem))
        return
    done(result)


def _ask(app: Any, ask: AskFirst, done: Callable[[Any], object], failed: Callable[[Text], None]) -> None:
    def answered(yes: bool) -> None:
        if not yes:
            failed(Text(ask.refused, style="bold red"))
            return
        attempt_asking(app, ask.then, done, failed)

    app.push_screen(ask.dialog(), answered)


class HandOverScreen(AnswersOnce[bool]):
    """Hot-seat privacy: covers the whole board until the named person is at the keyboard."""

    BINDINGS = [Binding("enter", "ready", "I am ready")]

    def __init__(self, name: str, colour: str, reason: str) -> None:
        super().__init__()
        self.player_name = name
        self.colour = colour
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(classes="handover"):
            banner = Text()
            banner.append(f"  {self.player_name}  ", style=chip(self.colour))
            yield Static(Text.assemble("Pass the keyboard to ", banner), classes="dialog-title")
            yield Static(_text(self.reason), classes="dialog-body")
            yield Static(
                Text(
                    f"Everyone else: look away. {self.player_name}, press Enter when you are ready; "
                    "your cards appear only then."
                ),
                classes="dialog-body",
            )
            yield Button(Content(f"I am {self.player_name}: show my cards [Enter]"), id="ready", variant="primary", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        self.dismiss(True)


class PathScreen(TypeAhead, AnswersOnce[Any], ModalScreen[Any]):
    """Asks for a file and tries `attempt(path)`; a failure shows its located message and
    the question stays open, a success closes it with attempt's result. An attempt that
    raises AskFirst asks its question first."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: str, button: str, attempt: Callable[[str], Any], note: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.button = button
        self.attempt = attempt
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_text(self.title_text), classes="dialog-title")
            if self.note:
                yield Static(_text(self.note), classes="dialog-body")
            yield Input(self.default, placeholder="file name", id="path", compact=True)
            yield Static("", id="path-error", classes="errors")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content(f"{self.button} [Enter]"), id="go", variant="primary", compact=True)
                yield Button(Content("Cancel [Esc]"), id="cancel", compact=True)

    AUTO_FOCUS = "#path"

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#go")
    def _go(self) -> None:
        path = self.query_one("#path", Input).value.strip()
        error = self.query_one("#path-error", Static)
        if not path:
            error.update(Text("Type a file name first.", style="bold red"))
            return
        attempt_asking(self.app, lambda: self.attempt(path), self.dismiss, error.update)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class HelpScreen(AnswersOnce[None], ModalScreen[None]):
    """The variant's rules summary, every card's text, and the keys.

    The Markdown is drawn by Rich as one widget: Textual's Markdown widget makes a widget of
    every paragraph, list item and table cell (some 1,700 for a variant's help) and took
    1.5 s to open."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("h", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown
        self.drawn_at: float | None = None
        """time.perf_counter() when the text had been drawn (for benchmarks/tui_startup.py)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="help", id="help-scroll"):
            yield Static(help_renderable(self.markdown), id="help-text")
        yield Footer(compact=True, show_command_palette=False)

    AUTO_FOCUS = "#help-scroll"

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        if self.drawn_at is None:
            self.drawn_at = time.perf_counter()

    def action_close(self) -> None:
        self.dismiss(None)


def help_renderable(markdown: str) -> Any:
    """The help's Markdown as Rich draws it: parsed by `help_parser`, links never made
    clickable (the variant's texts in it are escaped anyway)."""
    from rich.markdown import Markdown  # markdown-it loads only for the help

    rendered = Markdown(markdown, hyperlinks=False)
    rendered.parsed = help_parser().parse(markdown)
    return rendered


def help_parser():
    """Markdown as GitHub reads it, without turning bare addresses into links: a card text
    naming a web address shows it as text."""
    from markdown_it import MarkdownIt

    return MarkdownIt("gfm-like").disable("linkify")


class TextScreen(AnswersOnce[None], ModalScreen[None]):
    """A text to read (the player's own cards), closed with Esc or Enter."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("enter", "close", show=False), Binding("c", "close", show=False)]

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_text(self.title_text), classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(_text(self.body), classes="dialog-body")
            yield Button(Content("Close [Esc]"), id="close", compact=True)

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


def cards_screen(view: View) -> TextScreen:
    """The cards dialog (key c): every pile the viewer may look at, by the variant's names of
    them (their own, the table's face-up piles, the other players' face-up piles), each card
    with its text; never a pile the viewer's observation hides."""
    seat = view.seat(view.viewer) if view.viewer != PUBLIC else None
    title = f"The cards {seat.name} can see" if seat is not None else "The cards everyone can see"
    return TextScreen(title, hand_text(view, with_text=True, others=True))


class CrashScreen(Screen[None]):
    """After an error of the app's own: where the game was saved and how to resume it
    (tui/rescue.py). The whole screen, so that nothing of the board it hides is drawn again;
    Enter, q or Esc quits. Given `save` (a served game, which wrote nothing), s saves the game
    where the person says: `save(path)` saves it and gives the message to show then."""

    BINDINGS = [
        Binding("enter", "quit", "Quit"),
        Binding("q", "quit", show=False),
        Binding("escape", "quit", show=False),
        Binding("s", "save", "Save"),
    ]

    def __init__(self, message: str, save: Callable[[str], str] | None = None, default: str = "") -> None:
        super().__init__()
        self.message = message
        self.save = save
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog crash"):
            yield Static(Text("Boardwalk has to stop", style="bold"), classes="dialog-title")
            yield Static(Text(self.message), id="crash-message", classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content("Quit [Enter]"), id="quit", variant="primary", compact=True)
                if self.save is not None:
                    yield Button(Content("Save the game [s]"), id="save", compact=True)

    AUTO_FOCUS = "#quit"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "save" or self.save is not None

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        self.app.exit(return_code=1)

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        if self.save is not None:
            self.app.push_screen(PathScreen("Save the game", self.default, "Save", self.save), self._saved)

    def _saved(self, message: str | None) -> None:
        if message is not None:
            self.message = message
            self.query_one("#crash-message", Static).update(Text(message))


def save_path_default(current: Path | None, fallback: str) -> str:
    return str(current) if current is not None else fallback
