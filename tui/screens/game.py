"""The game screen: the board, the track, the players, the dice, the hand, the actions and the
log; it runs the flow of play (bots in a worker thread at a watchable pace, people choosing
with keys or the mouse, hand-overs between people, answers out of turn)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, OptionList

from engine.api import Action
from tui import figures
from tui.dealbox import DealBox
from tui.deals import AMOUNT_FIELD, Box, box_for
from tui.helptext import help_markdown
from tui.keys import OPTION_KEYS
from tui.reference import REFERENCE_BINDING, cost_line, reference_text
from tui.screens.dialogs import ChoiceScreen, HandOverScreen, HelpScreen, PathScreen, TextScreen, cards_screen, confirm
from tui.screens.lifecycle import torn_down
from tui.screens.target import TargetScreen
from tui.session import DEFAULT_SAVE, PACES, Session, View
from tui.table import TableView
from tui.widgets import (
    ActionList,
    BoardView,
    DiceView,
    GameLog,
    HandView,
    Line,
    PlayerPanel,
    Quiet,
    StatusBar,
    TrackView,
    action_detail,
    chip,
    decision_prompt,
)

if TYPE_CHECKING:
    from tui.app import BoardwalkApp  # tui.app imports this module

PACE_ORDER = list(PACES)


class BotMoved(Message):
    """Posted from the bot's thread with its choice (or the error it raised)."""

    def __init__(self, token: int, action: dict | None, error: str | None) -> None:
        super().__init__()
        self.token = token
        self.action = action
        self.error = error


class GameScreen(Screen):
    # Priority: each key acts in the order it was typed. Otherwise a key goes to the focused
    # action list first and acts only on its way back, and keys typed right after one that
    # opens a box (s, then a file name) were lost: they came back when the box had the focus.
    BINDINGS = [
        *[Binding(key, f"pick({i})", show=False, priority=True) for i, key in enumerate(OPTION_KEYS)],
        Binding("t", "type_target", "Type", priority=True),
        Binding("slash", "type_target", "Type", show=False, priority=True),
        Binding("c", "cards", "Cards", priority=True),
        Binding("f", "faster", "Faster", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("s", "save", "Save", priority=True),
        Binding("l", "load", "Load", priority=True),
        Binding("h", "help", "Help", priority=True),
        Binding("question_mark", "help", "Help", show=False, priority=True),
        Binding("f1", "help", "Help", show=False, priority=True),
        Binding("r", "results", "Results", priority=True),
        Binding("left_square_bracket", "last_moves", "Last moves", priority=True),
        Binding(REFERENCE_BINDING, "reference", "Reference", show=False, priority=True),
        Binding("n", "new_game", "New", priority=True),
        Binding("q", "quit", "Quit", priority=True),
        Binding("enter", "go_on", show=False),  # a notice, wherever the focus is (the list takes Enter first)
        Binding("escape", "plain_list", show=False),  # the box of an offer or a window, and back (_box)
        Binding("escape", "open_box", show=False),
    ]

    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    def __init__(self, session: Session, pace: str = "normal") -> None:
        super().__init__()
        self.session = session
        self.pace = pace if pace in PACES else "normal"
        self._token = 0
        """Bumped whenever a pending bot move must be forgotten (undo, load, leaving)."""
        self._thinking = False
        self._apply_timer: Timer | None = None
        self._waiting: tuple[int, dict | None, str | None] | None = None
        self._started = 0.0
        self._asking = False
        """A question (hand-over, answer, game over, a notice) is on screen for the current decision."""
        self.notice: tuple[str, list[str]] | None = None
        """What the person must see before the game goes on (Session.take_notice): its line
        is the prompt, what happened fills the list, and Enter goes on."""
        self.box: Box | None = None
        """The dialog box for the question now (tui/deals.py), whether shown or not."""
        self._plain_kind: str | None = None
        """The kind of box the person closed with Esc for the plain list: it stays closed for
        the questions of that kind that follow (the steps of one offer, the turns of one
        window), until a question of another kind."""

    @property
    def boardwalk(self) -> BoardwalkApp:
        """The app, typed as the Boardwalk app for its own moves (Textual types `app` as App[Any])."""
        return cast("BoardwalkApp", self.app)

    # ----- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield BoardView(id="board")
                yield TrackView(id="track")
                yield TableView(id="table")
                with Horizontal(id="players"):
                    for i in range(self.session.record.players):
                        yield PlayerPanel(i, classes="player", id=f"player-{i}")
                with Horizontal(id="bottom"):
                    with Vertical(id="decide"):
                        yield Line("", id="prompt")
                        yield Quiet("", id="cost")
                        yield ActionList(id="actions")
                        yield Quiet("", id="detail")
                    yield DealBox(id="deal")
                    yield GameLog(id="log")
            with VerticalScroll(id="side"):
                yield DiceView(id="dice")
                yield HandView(id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if torn_down(self):
            return  # the app closed as the screen was made (a tab closed as its game started): no board to draw
        self.set_class(self.session.variant.track is None, "-no-track")
        self.session.notices.clear()  # a game opened here starts from where it stands
        self.advance()

    def on_screen_resume(self) -> None:
        if self._waiting is not None and self._apply_timer is None:
            self._bot_apply()

    # ----- drawing -----------------------------------------------------------------------------

    def redraw(self) -> View:
        session = self.session
        view = session.view()
        # during a notice the options wait: no key shown above a tower
        self.query_one(BoardView).show(replace(view, actions=[], keys=[]) if self.notice is not None else view)
        self.query_one(TrackView).show(view)
        self.query_one(TableView).show(view)
        for panel in self.query(PlayerPanel):
            panel.show(view)
        self.query_one(DiceView).show(view)
        self.query_one(HandView).show(view)
        self.query_one(StatusBar).show(view, self.pace)
        self.query_one(GameLog).show(session.events, session.viewer, session.describe_run, view.seats)
        self.query_one(ActionList).show(view, self.notice)
        if not view.actions or self.notice is not None:
            self.query_one("#detail", Quiet).put(Text(""))
        self._box(view)
        self.query_one("#prompt", Line).put(self._prompt(view))
        self._cost(view, self.query_one(ActionList).highlighted)
        return view

    def _cost(self, view: View, index: int | None) -> None:
        """The line under a build question: what the highlighted space costs on the variant's
        reference card, and what is lacking (tui/reference.py); hidden otherwise."""
        action = view.actions[index] if index is not None and index < len(view.actions) else None
        prop = action.arg if action is not None and self.notice is None and action.what == "property" else None
        line = cost_line(view, self.session.game, prop)
        cost = self.query_one("#cost", Quiet)
        cost.display = bool(line.plain)
        cost.put(line)

    def _box(self, view: View) -> None:
        """The dialog box in place of the list (and of the log, but on a big screen), for an
        offer or a question in an open window (tui/deals.py); or the plain list, where the
        person chose it with Esc."""
        box = box_for(view) if self.notice is None else None
        if view.actions and self.notice is None and (box is None or box.kind != self._plain_kind):
            self._plain_kind = None  # another kind of question: its box opens again
        self.box = box
        shown = box if box is not None and box.kind != self._plain_kind else None
        self.set_class(shown is not None, "-deal")
        self.set_class(shown is not None and shown.kind == "offer", "-offer")
        self.query_one(DealBox).show(shown)

    @property
    def box_shown(self) -> bool:
        """Whether the dialog box is on screen in place of the list."""
        return self.box is not None and self.has_class("-deal")

    def action_plain_list(self) -> None:
        """Esc in the box: the plain list of the same options, with their keys. Esc does not
        withdraw an offer: a player who presses it by reflex to close a box expects nothing
        to happen in the game, and withdrawing cannot be taken back between people; the
        list, where 'Withdraw the offer' is an option like the others, is one key away, and
        Esc there opens the box again."""
        if self.box is not None:
            self._plain_kind = self.box.kind
            self.redraw()
            self.query_one(ActionList).focus()

    def action_open_box(self) -> None:
        """Esc in the plain list, where a box was closed: the box again."""
        self._plain_kind = None
        self.redraw()

    def _prompt(self, view: View) -> Text:
        text = Text(overflow="ellipsis")  # two lines at most: what the question resolves is never cut
        if self.notice is not None:
            text.append(" Notice ", style="bold reverse")
            text.append(" Enter goes on", style="bold")
            return text
        if view.over:
            text.append("The game is over: r shows the results.", style="bold")
            return text
        if view.actions:
            assert view.viewer is not None  # there are actions only for the person deciding, who is shown
            you = view.seats[view.viewer]
            if len(self.session.humans) > 1:
                text.append(f" {you.name} ", style=chip(you.colour))
                text.append(" ")
            text.append(decision_prompt(view), style="bold")
            if self.box is not None and not self.box_shown:
                text.append("  Esc: the box", style="dim")
            return text
        player = view.current_player
        if player is None:
            return text
        seat = view.seats[player]
        if seat.bot:
            text.append(f"{seat.name} ({seat.bot}) is playing…", style="italic")
        else:
            text.append(f"Waiting for {seat.name}…", style="italic")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.session.undo_allowed
        if action == "faster":
            return bool(self.session.bots)
        if action == "results":
            return self.session.game.is_over
        if action == "cards":  # a game without cards has none to look at (issue 47, 7)
            return bool(self.session.variant.cards)
        if action == "go_on":
            return self.notice is not None
        if action == "plain_list":
            return self.box_shown
        if action == "open_box":
            return self.box is not None and not self.box_shown
        return True

    # ----- the flow of play --------------------------------------------------------------------

    def advance(self) -> None:
        """After every change: redraw, then let whoever decides next decide."""
        session = self.session
        answer = session.automatic_answer()
        while answer is not None:
            session.apply(answer)
            answer = session.automatic_answer()
        for line in session.standing.told:  # answers a person asked for: never given unseen
            self.app.notify(line, timeout=4)
        session.standing.told.clear()
        session.hide_hands()
        view = self.redraw()
        if self._asking:
            return
        if view.over:
            self._asking = True
            self.boardwalk.show_game_over(session, on_close=self._after_game_over)
            return
        notice = session.take_notice()
        if notice is not None:  # a person's turn ended unasked, or they lost something: before the bots go on
            self._asking = True
            self.notice = notice
            self.redraw()
            self.query_one(ActionList).focus()
            return
        player = session.deciding
        if session.is_bot(player):
            self._start_bot()
        elif session.needs_handover():
            assert player is not None  # needs_handover() says a person decides
            self._asking = True
            seat = view.seats[player]
            self.app.push_screen(HandOverScreen(seat.name, seat.colour, session.handover_reason()), self._handed_over)
        elif session.game.decision == "react":
            self._ask_reaction(view)
        elif not self.box_shown:  # the box focuses its own buttons (DealBox.show)
            self.query_one(ActionList).focus()

    def action_go_on(self) -> None:
        if self.notice is not None:
            self._noticed()

    def _noticed(self) -> None:
        """Enter (or a click) on the notice: the game goes on."""
        self.notice = None
        self._asking = False
        self.advance()

    def _handed_over(self, _: Any) -> None:
        self._asking = False
        player = self.session.deciding
        assert player is not None  # the seat was handed to the person deciding
        self.session.take_seat(player)
        self.advance()

    def _after_game_over(self, _: Any) -> None:
        self._asking = False
        self.redraw()
        self.refresh_bindings()

    def action_results(self) -> None:
        if self.session.game.is_over and not self._asking:
            self._asking = True
            self.boardwalk.show_game_over(self.session, on_close=self._after_game_over)

    # ----- people ------------------------------------------------------------------------------

    def action_pick(self, index: int) -> None:
        """The option whose key is the index-th of OPTION_KEYS (the key shown beside it)."""
        view = self.session.view()
        key = OPTION_KEYS[index]
        if self.notice is None and self.box_shown:
            self._pick_in_box(key)
        elif self.notice is None and key in view.keys:
            self.take(view.actions[view.keys.index(key)])
        elif self.notice is None and view.actions:  # typed ahead for an option that is gone
            self.app.notify(f"No option has the key {key} now.", timeout=2)

    def _pick_in_box(self, key: str) -> None:
        """A key while the box is shown: its buttons' keys are the only ones (the list's are
        not on screen, and 1 in an offer's list would withdraw it unseen)."""
        deal = self.query_one(DealBox)
        control = deal.control_for_key(key)
        if control is not None and control.action is not None:
            self._stand(control.sets)
            self.take(control.action)
        elif self.box is not None and self.box.by_key(key) is None:
            self.app.notify(f"No button here has the key {key}; Esc shows the list with its keys.", timeout=2)

    def on_deal_box_picked(self, message: DealBox.Picked) -> None:
        if self.notice is None and self.box_shown:
            self._stand(message.sets)
            self.take(message.action)

    def _stand(self, what: str) -> None:
        """What the person says with a button besides its action (tui/standing.py), told."""
        if what and self.session.deciding is not None:
            line = self.session.stand(what)
            if line:
                self.app.notify(line, timeout=4)

    def _pick_listed(self, index: int) -> None:
        """The option at that place in the list (chosen with Enter or a click); during a
        notice, the one option is to go on."""
        if self.notice is not None:
            self._noticed()
            return
        view = self.session.view()
        if index < len(view.actions):
            self.take(view.actions[index])

    def action_type_target(self) -> None:
        """Choose an option by typing its zone, value or name ('green 8', 'g8', 'park'); in
        the amount box, type the amount (its field takes the focus)."""
        view = self.session.view()
        if not view.actions or self._asking:
            self.app.notify("There is nothing for you to choose right now.", severity="warning", timeout=2)
            return
        if self.box is not None and self.box.amount is not None:  # an amount: typed in its box's field
            if not self.box_shown:
                self.action_open_box()  # the box focuses its field
            for field in self.query(f"#{AMOUNT_FIELD}").results(Input):
                field.focus()
            return
        self.app.push_screen(TargetScreen(view), lambda action: self.take(action) if action is not None else None)

    @on(OptionList.OptionHighlighted, "#actions")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.notice is not None:
            return
        view = self.query_one(ActionList).view
        action = view.actions[event.option_index] if view and event.option_index < len(view.actions) else None
        self.query_one("#detail", Quiet).put(action_detail(view, action) if view else Text(""))
        if view is not None:
            self._cost(view, event.option_index)

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._pick_listed(event.option_index)

    @on(BoardView.PropertyClicked)
    def _clicked(self, event: BoardView.PropertyClicked) -> None:
        if self.notice is not None:
            return
        for action in self.session.view().actions:
            if action.arg == event.prop and (action.kind == "build" or (action.kind == "choose" and action.what == "property")):
                self.take(action)
                return

    def take(self, action: Action) -> None:
        """A person's choice: confirmed first when it cannot be taken back."""
        question = self._confirmation(action)
        if question is None:
            self._apply(action)
            return
        title, body = question
        self.app.push_screen(confirm(title, body), lambda yes: self._apply(action) if yes else None)

    def _confirmation(self, action: Action) -> tuple[str, Text] | None:
        view = self.session.view()
        undo = " (You can undo it with u.)" if self.session.undo_allowed else " It cannot be taken back."
        if action.kind == "play":
            card = view.variant.card(action.arg)
            face_up = any(pile.id == "hand" and pile.seen_by == "everyone" for pile in view.variant.piles)
            shows = "" if face_up else "Playing a card shows it to everyone. "  # a face-up hand: everyone has seen it
            return f"Play {card.name}?", Text.assemble((card.text, "italic"), f"\n\n{shows}{undo.lstrip()}")
        if action.kind == "stop" and any(a.kind == "build" for a in view.actions):
            left = view.variant.format_money(view.budget or 0)
            return "Stop building?", Text(f"You could still build with {left}; stopping ends your building for this roll.{undo}")
        return None

    def _apply(self, action: Action | dict) -> None:
        session = self.session
        if session.game.is_over or not session.is_legal(action):
            return  # the question outlived its decision (e.g. after an undo)
        session.apply(action)
        self.advance()

    def _ask_reaction(self, view: View) -> None:
        """An opponent's card targets this person now, out of turn: ask them at once."""
        self._asking = True
        session = self.session
        player = session.deciding
        assert player is not None  # the person asked to answer
        variant = view.variant
        played = next((e for e in reversed(session.events) if e.kind == "play"), None)
        target = next((e for e in reversed(session.events) if e.kind == "choose"), None)
        card = variant.card(played.data["card"]) if played else None
        who = view.seats[played.data["player"]].name if played else "An opponent"
        body = Text()
        if card:
            body.append(f"{card.name}: ", style="bold")
            body.append(card.text + "\n", style="italic")
        if target is not None:
            body.append(session.describe(target) + ".\n")
        answers = [a for a in view.actions if a.kind == "react"]
        options: list[tuple[str, Any, str]] = []
        for i, action in enumerate(answers):
            answer = variant.card(action.arg)
            body.append(f"\nYou may answer with {answer.name}: ", style="bold")
            body.append(answer.text + "\n", style="italic")
            options.append((f"Play {answer.name}", action, str(i + 1)))
        decline = next(a for a in view.actions if a.kind == "decline")
        if answers:
            options.append(("Let it happen", decline, "n"))
        else:
            body.append("\nYou hold no card that answers it.", style="bold")
            options.append(("OK", decline, ""))
        title = f"{who} plays {card.name if card else 'a card'} against {view.seats[player].name}"
        self.app.push_screen(ChoiceScreen(title, body, options, allow_cancel=False, classes="reaction"), self._answered)

    def _answered(self, action: Action | None) -> None:
        self._asking = False
        assert action is not None  # the question cannot be cancelled
        self._apply(action)

    # ----- bots --------------------------------------------------------------------------------

    def _start_bot(self) -> None:
        if self._thinking:
            return
        self._thinking = True
        self._token += 1
        token = self._token
        bot, observation = self.session.bot_observation()
        self._started = time.monotonic()

        def think() -> None:  # runs in a worker thread: touches no widget and no game
            try:
                action, error = bot.choose(observation), None
            except Exception as exc:  # a bot's bug must not end the family's game
                action, error = None, f"{type(exc).__name__}: {exc}"
            self.post_message(BotMoved(token, action, error))

        self.run_worker(think, thread=True, group="bot", exit_on_error=False)

    def on_bot_moved(self, message: BotMoved) -> None:
        if message.token != self._token:
            return
        wait = PACES[self.pace] - (time.monotonic() - self._started)
        self._waiting = (message.token, message.action, message.error)
        if wait > 0:
            self._apply_timer = self.set_timer(wait, self._bot_apply)
        else:
            self._bot_apply()

    def _bot_apply(self) -> None:
        self._apply_timer = None
        if self.app.screen is not self:
            return  # someone is reading the help or saving: the move waits (see on_screen_resume)
        waiting, self._waiting = self._waiting, None
        if waiting is None or waiting[0] != self._token:
            return
        action: Action | dict | None
        _, action, error = waiting
        self._thinking = False
        session = self.session
        if action is None or not session.is_legal(action):
            deciding = session.deciding
            assert deciding is not None  # the bot was asked to decide
            name = session.shown.seats[deciding].name
            self.app.notify(f"{name}'s bot failed ({error or 'illegal choice'}); it plays a random move.", severity="error")
            action = session.random_action()
        session.apply(action)
        self.advance()

    def _forget_bot(self) -> None:
        self._token += 1
        self._thinking = False
        self._waiting = None
        if self._apply_timer is not None:
            self._apply_timer.stop()
            self._apply_timer = None

    # ----- keys --------------------------------------------------------------------------------

    def action_faster(self) -> None:
        self.pace = PACE_ORDER[(PACE_ORDER.index(self.pace) + 1) % len(PACE_ORDER)]
        self.app.notify(f"Bots play at {self.pace} pace", timeout=1.5)
        if self._apply_timer is not None:  # a bot's move is waiting: wait by the new pace
            self._apply_timer.stop()
            self._apply_timer = None
            wait = PACES[self.pace] - (time.monotonic() - self._started)
            if wait <= 0:
                self._bot_apply()
                return
            self._apply_timer = self.set_timer(wait, self._bot_apply)
        self.redraw()

    def action_undo(self) -> None:
        session = self.session
        if not session.undo_allowed:
            self.app.notify("Undo is only for one person playing against bots.", severity="warning")
            return
        if not session.can_undo():
            self.app.notify("You have not made a move to undo yet.", severity="warning")
            return
        self._forget_bot()
        taken = session.undo()
        self.app.notify(f"Took back your last move ({taken} action{'s' if taken != 1 else ''} undone).", timeout=2)
        self.advance()
        self.refresh_bindings()

    def action_cards(self) -> None:
        view = self.session.view()
        self.app.push_screen(cards_screen(view))

    def action_reference(self) -> None:
        """The variant's reference card: costs, what you lack, the board's short names and marks."""
        view = self.session.view()
        card = view.variant.reference
        title = f"Reference card: {card.name}" if card is not None else "Reference card"
        self.app.push_screen(TextScreen(title, reference_text(view, self.session.game, self.query_one(BoardView).short)))

    def action_last_moves(self) -> None:
        """Step through what happened since the person last moved (the bots' turns)."""
        from tui.screens.lastmoves import LastMovesScreen

        self.app.push_screen(LastMovesScreen(self.session))

    def action_help(self) -> None:
        session = self.session
        where = figures.where_words(session.view())
        self.app.push_screen(HelpScreen(help_markdown(session.shown, session.record.players, where)))

    def action_save(self) -> None:
        self.boardwalk.ask_save(self.session, lambda _: self.redraw())

    def action_load(self) -> None:
        self.boardwalk.ask_unsaved(self.session, "Load another game?", self._load_now)

    def _load_now(self) -> None:
        self.app.push_screen(PathScreen("Load a saved game", DEFAULT_SAVE, "Load", self.boardwalk.load_session), self._loaded)

    def _loaded(self, loaded: tuple[Session, list[str]] | None) -> None:
        if loaded is not None:
            self._forget_bot()
            self.boardwalk.start_session(*loaded, pace=self.pace)

    def action_new_game(self) -> None:
        self.boardwalk.ask_unsaved(self.session, "Start a new game?", self._leave_for_start)

    def _leave_for_start(self) -> None:
        self._forget_bot()
        self.boardwalk.show_start(self.session)

    def action_quit(self) -> None:
        self.boardwalk.ask_unsaved(self.session, "Quit Boardwalk?", self._quit)

    def _quit(self) -> None:
        self._forget_bot()
        self.app.exit(0)
