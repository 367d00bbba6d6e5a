"""The Boardwalk terminal app: the start screen or a game, and the moves between them (new
game, load, game over, quit) that several screens share."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.notifications import SeverityLevel
from textual.screen import Screen

from engine.savefile import VariantOutsideFolders
from engine.visible import visible
from tui.rescue import KeptNothing, Rescue, kept_nothing, rescue
from tui.screens.dialogs import AskFirst, ChoiceScreen, CrashScreen, PathScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.lifecycle import KeysWhereTyped
from tui.screens.start import StartScreen
from tui.session import DEFAULT_SAVE, Session

DEFAULT_THEME = "ansi-dark"
"""The terminal's own colours and background; TEXTUAL_THEME or --theme choose another."""


class BoardwalkApp(KeysWhereTyped[int]):
    CSS_PATH = "boardwalk.tcss"
    TITLE = "Boardwalk"

    def __init__(
        self,
        session: Session | None = None,
        warnings: list[str] | None = None,
        pace: str = "normal",
        theme: str | None = None,
    ) -> None:
        chosen = theme or os.environ.get("TEXTUAL_THEME") or DEFAULT_THEME
        # an ANSI theme draws with the terminal's own palette, and NO_COLOR then drops colour
        # altogether instead of turning the palette into unreadable greys
        super().__init__(ansi_color=True if chosen.startswith("ansi") else None)
        self.first_frame_at: float | None = None
        """time.perf_counter() when the first screen had been drawn (for benchmarks/tui_startup.py)."""
        self.initial = session
        self.crash: Rescue | KeptNothing | None = None
        """What was saved and logged after an error of the app's own (None: none yet); in a
        served game, what was not (tui/rescue.py)."""
        self.initial_warnings = warnings or []
        self.pace = pace
        if chosen in self.available_themes:
            self.theme = chosen  # before the first frame: changing it later restyles everything

    def get_default_screen(self) -> Screen:
        """The first screen is the start screen, or the game given on the command line."""
        screen: Screen
        if self.initial is not None:
            screen = GameScreen(self.initial, self.pace)
        else:
            screen = StartScreen()
        screen.call_after_refresh(self._first_frame)
        return screen

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Every notice shown as plain text through `engine.visible`: they quote paths and
        messages about files, and neither markup nor control characters in those may act."""
        super().notify(visible(message), title=visible(title), severity=severity, timeout=timeout, markup=False)

    # ----- an error of the app's own ------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Textual hands here any exception that escaped a handler, a timer or a worker, and
        would end the app with a traceback of thousands of lines (the variant's texts among
        its locals), the game lost. Instead the game is saved, the error logged, and a short
        message says where both are and how to resume; Enter quits (tui/rescue.py). A game
        served to a web browser writes nothing, and offers to save the game where the person
        says."""
        if self._exception is None:  # as Textual does: a pilot test raises it when it ends
            self._exception = error
            self._exception_event.set()
        if self.crash is not None:
            if not isinstance(self.screen, CrashScreen):  # the message could not be shown: leave
                self.exit(return_code=1)
            return  # something still running under the message failed too: it is said already
        session = self._session_in_play()
        try:
            self.crash = kept_nothing(session, error) if self.is_web else rescue(session, error)
        except Exception as failure:  # the rescue's own failure: say so, still no traceback
            self.crash = Rescue(type(error).__name__, None, None, f"saving failed too ({type(failure).__name__})")
        try:
            self.push_screen(CrashScreen(self.crash.message(), *self._save_after_crash(self.crash)))
        except Exception:
            self.exit(return_code=1)

    @staticmethod
    def _save_after_crash(crash: Rescue | KeptNothing) -> tuple[Callable[[str], str] | None, str]:
        """What s does on the crash screen of a served game with a game to save: save it
        where the person says, and tell them where it is then; and the file it proposes."""
        if not isinstance(crash, KeptNothing) or crash.game is None:
            return None, ""
        return (lambda path: crash.message(saved=crash.save(path))), str(crash.last_save or DEFAULT_SAVE)

    async def run_action(self, action: Any, default_namespace: Any = None, namespaces: Any = None) -> bool:
        """Every key binding's action runs here, in the app's own message loop, which Textual
        ends after an exception (and the app with it, before any message could be read): an
        error of an action is rescued here, and the app lives on to say so."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            self._handle_exception(error)
            return True

    def _session_in_play(self) -> Session | None:
        """The game on screen (a game screen under whatever box is open), if any."""
        return next((s.session for s in reversed(self.screen_stack) if isinstance(s, (GameScreen, GameOverScreen))), None)

    def action_help_quit(self) -> None:
        """Ctrl-C: the key that quits, said in plain words (Textual's own reminder is markup,
        which `notify` shows as it is: 'Press [b]q[/b] to quit')."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {self.get_key_display(active.binding)} to quit.", title="Do you want to quit?")
                return

    def on_mount(self) -> None:
        for warning in self.initial_warnings:
            self.notify(warning, severity="warning", timeout=8)

    # ----- the main screen ---------------------------------------------------------------------

    def _set_main(self, screen) -> None:
        """Show a new start or game screen. The first one is the default screen, which cannot
        be switched away, so later ones replace each other just above it."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, (StartScreen, GameScreen)):
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _first_frame(self) -> None:
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def show_start(self, previous: Session | None = None) -> None:
        """The start screen; after a game, set up as that game was (variant, seats, bots)."""
        self._set_main(StartScreen(previous=previous.record if previous is not None else None))

    def start_session(self, session: Session, warnings: list[str] | None = None, pace: str | None = None) -> None:
        self._set_main(GameScreen(session, pace or self.pace))
        for warning in warnings or []:
            self.notify(warning, severity="warning", timeout=8)

    def load_session(self, path: str) -> tuple[Session, list[str]]:
        """Raises SaveError with located diagnostics, or AskFirst when the save names a
        variant file outside the person's home and working folders: a save from someone else
        can name any file, so it is read only after they see which and say yes."""
        try:
            return Session.load(path)
        except VariantOutsideFolders as outside:
            raise _ask_to_read(path, outside.path) from None

    # ----- shared questions    # ----- shared questions --------------------------------------------------------------------

    def show_game_over(self, session: Session, on_close: Callable[[Any], object]) -> None:
        def closed(what: str | None) -> None:
            if what == "new":
                self.show_start(session)
            elif what == "quit":
                self.exit(0)
            elif what == "save":
                self.ask_save(session, lambda _: self.show_game_over(session, on_close))
            else:
                on_close(what)

        self.push_screen(GameOverScreen(session), closed)

    def ask_save(self, session: Session, then: Callable[[Any], object]) -> None:
        default = str(session.save_path) if session.save_path else DEFAULT_SAVE
        self.push_screen(PathScreen("Save the game", default, "Save", session.save), lambda path: self._saved(path, then))

    def _saved(self, path: Path | None, then: Callable[[Any], object]) -> None:
        if path is not None:
            self.notify(f"Saved to {path}", timeout=3)
        then(path)

    def ask_unsaved(self, session: Session, question: str, then: Callable[[], None]) -> None:
        """Run `then`, after offering to save a game in progress with unsaved moves."""
        if not session.unsaved or session.game.is_over:
            then()
            return

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.ask_save(session, lambda path: then() if path is not None else None)
            elif choice == "discard":
                then()

        self.push_screen(
            ChoiceScreen(
                question,
                "This game has moves that are not saved yet.",
                [("Save first", "save", "s"), ("Don't save", "discard", "d"), ("Cancel [Esc]", None, "")],
            ),
            answered,
        )


def _ask_to_read(path: str, variant_file: Path) -> AskFirst:
    """The question before reading a variant file outside the person's folders; after a
    yes, the save is loaded again with that one file allowed."""
    shown = visible(str(variant_file))
    return AskFirst(
        "Read a file outside your folders?",
        f"The saved game '{visible(path)}' is played with the variant file\n\n  {shown}\n\n"
        "which is outside your home folder and the current folder. A saved game can name any "
        "file; read this one only if you know it is the game's variant.",
        yes="Read it",
        no="Don't read it",
        refused=f"Not loaded: '{shown}' was not read.",
        then=lambda: Session.load(path, allowed_variant_files=[variant_file]),
    )


def theme_names() -> list[str]:
    from textual.theme import BUILTIN_THEMES

    return sorted(BUILTIN_THEMES)


def run(session: Session | None = None, warnings: list[str] | None = None, pace: str = "normal", theme: str | None = None) -> int:
    app = BoardwalkApp(session, warnings, pace, theme)
    app.run()
    if app.crash is not None:  # said on the screen; said again where the terminal (or the server) keeps it
        print(app.crash.error_output(), file=sys.stderr)
        return 1
    return app.return_code or 0
