"""The dialog box of tui/deals.py, drawn in the game screen in place of the action list (and
of the log, but on a big screen): an offer put together, an offer answered, a question
inside an open window. It is
part of the game screen, not a screen of its own, so every key of the game screen (t Type,
u Undo, h Help, s Save...) works while it is open.

Keys: Tab and Shift+Tab, or the arrows, move between its buttons; Enter or Space presses the
one focused; a button's own key (shown in brackets) presses it wherever the focus is.
Mouse: a click on any button. A button whose action is not legal now is disabled."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from engine.api import Action
from tui.deals import AMOUNT_FIELD, Amount, Box, Control, neighbour, stepped_amount, typed_amount

ROOMY = 96
"""The width of a box whose counter rows fit on one line in each of two columns."""


class BoxButton(Button):
    """A button of the box: Space presses it too, and the arrows move to its neighbour."""

    BINDINGS = [
        Binding("space", "press", show=False),
        *[Binding(key, f"move('{key}')", show=False) for key in ("up", "down", "left", "right")],
    ]

    sends: Action | None = None
    """The action it was drawn for: a press sends it only if the box still has it (a
    button of the last box, not yet replaced by the new one's, sends nothing)."""

    def action_press(self) -> None:
        """Every press counts: a Button lets no press through while it shows the last one
        (a fifth of a second), and an amount stepped by Enter held down, or by quick clicks,
        lost steps."""
        self.press()

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        self.press()

    def action_move(self, direction: str) -> None:
        box = next((node for node in self.ancestors if isinstance(node, DealBox)), None)
        if box is not None:
            box.move(self, direction)


class AmountField(Input):
    """The amount box's field: digits (and a minus) type the amount, Enter takes it, ↑ and ↓
    move it by 10, Page Up and Page Down by 100, within the range. Every other key stays the
    game screen's: p passes, s saves, h helps, as anywhere in the game (an Input takes every
    printable key for itself, and the screen's letters would type into it)."""

    BINDINGS = [
        Binding("up", "step(10)", show=False),
        Binding("down", "step(-10)", show=False),
        Binding("pageup", "step(100)", show=False),
        Binding("pagedown", "step(-100)", show=False),
    ]

    amount: Amount | None = None

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character == "-")

    def action_step(self, step: int) -> None:
        if self.amount is not None:
            self.value = str(stepped_amount(self.amount, self.value, step))
            self.cursor_position = len(self.value)


class DealBox(Vertical):
    """The box shown now (DealBox.show), kept while its shape stays: stepping an amount
    changes labels and which buttons are enabled, and the focus stays where it was."""

    class Picked(Message):
        """A button of the box was pressed: the legal action it sends."""

        def __init__(self, action: Action, sets: str = "") -> None:
            super().__init__()
            self.action = action
            self.sets = sets
            """What the person says with it besides the action (deals.Control.sets)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.box: Box | None = None
        self._shape: tuple | None = None
        self._rebuilding = 0

    def compose(self) -> ComposeResult:
        return iter(())

    # ----- drawing ------------------------------------------------------------------------------

    def show(self, box: Box | None) -> None:
        """Draw `box` (None: nothing, the box is hidden by the screen)."""
        focused = self.screen.focused if self.is_mounted else None
        keep = focused.id if isinstance(focused, BoxButton) and focused.id else None
        old = self.box
        if box is not None and box.kind in ("window", "amount") and (old is None or old.title.plain != box.title.plain):
            # another question starts on its first option, not at the place of the one answered
            # ('Make an offer', the second, left 'Choose Green' focused for the partner)
            keep = None
        self.box = box
        if box is None:
            self._shape = None
            self.remove_children()
            return
        # a question longer than the border has room for: its first sentence there, and the
        # whole of it wrapped at the top of the box (For Sale's "... A pass takes the Treehouse
        # and 0 back (fr…" was cut at 80 columns, what a pass does with it)
        width = self.size.width or (self.app.size.width if self.is_mounted else 80)
        whole = len(box.title.plain) > width - 8
        self.border_title = _content(_first_sentence(box.title) if whole else box.title)
        self.border_subtitle = Content(box.hint)  # plain text: an amount box's names a word of the game
        self.set_class(box.kind == "offer", "-offer")
        # a new question of a window is a new box (its buttons' labels changed in place were
        # left at the old label's width: 'Choose Green' after 'Pass' showed as a blank)
        question = box.title.plain if box.kind in ("window", "amount") else ""  # an amount's field starts anew
        shape = (box.kind, question, tuple(c.id for c in box.controls()), tuple(len(col.rows) for col in box.columns), whole)
        if shape == self._shape:
            self._update(box)
            self._refocus(keep, old)
            return
        self._shape = shape
        self._rebuilding += 1
        self.call_next(self._rebuild, keep, old)

    @property
    def settled(self) -> bool:
        """Whether the box on screen is the one shown last, its focus set (no rebuild waits)."""
        return not self._rebuilding

    async def _rebuild(self, keep: str | None, old: Box | None) -> None:
        """The box's widgets made anew for its new shape (the old ones gone first: the new
        ones have the same ids). The box drawn is the latest shown by then."""
        try:
            await self.remove_children()
            if self.box is not None:
                widgets = self._widgets(self.box)
                if self._shape is not None and self._shape[-1]:  # the question too long for the border
                    widgets.insert(0, Static(self.box.title, id="deal-question"))
                await self.mount_all(widgets)
                self._refocus(keep, old)
        finally:
            self._rebuilding -= 1

    def _widgets(self, box: Box) -> list[Widget]:
        if box.amount is not None:
            return self._amount_widgets(box, box.amount)
        beside = box.kind == "window"  # a window's question: its history beside the options
        said = VerticalScroll(Static(_lines(box.said), id="deal-said-text"), id="deal-said",
                              classes="-beside" if beside else ("-below" if box.columns else ""))
        if beside:
            options = [_button(c) for row in box.columns[0].rows for c in row.controls]
            return [Horizontal(Vertical(*options, id="deal-options"), said, id="deal-body")]
        columns = [
            Vertical(
                Static(Text(column.heading, style="bold underline"), classes="deal-heading"),
                *(self._row(row, (i, r)) for r, row in enumerate(column.rows)),
                classes=f"deal-column deal-column-{i}",
            )
            for i, column in enumerate(box.columns)
        ]
        body = VerticalScroll(Horizontal(*columns, id="deal-columns"), said, id="deal-body")
        return [body, Horizontal(*(_button(c) for c in box.buttons), id="deal-buttons")]

    @staticmethod
    def _amount_widgets(box: Box, amount: Amount) -> list[Widget]:
        """The field, filled with the least, and beside it what was wrong with an amount
        typed; the quick amounts and the words offered beside them; what was said."""
        field = AmountField(value=str(amount.least), id=AMOUNT_FIELD, compact=True)
        field.amount = amount
        label = Static(Text("Amount ", style="bold"), classes="deal-amount-label")
        row = Horizontal(label, field, Static("", id="deal-amount-problem"), id="deal-amount-row")
        said = VerticalScroll(Static(_lines(box.said), id="deal-said-text"), id="deal-said", classes="-amount")
        return [row, Horizontal(*(_button(c) for c in box.buttons), id="deal-buttons", classes="-amount"), said]

    @staticmethod
    def _row(row, at: tuple[int, int]) -> Widget:
        label = Static(row.label, classes="deal-label", id=f"deal-label-{at[0]}-{at[1]}")
        if not row.controls:
            return Horizontal(label, classes="deal-row")
        controls = Horizontal(*(_button(c) for c in row.controls), classes="deal-controls")
        if not row.label.plain:  # a lone toggle (a card): the whole row
            return Horizontal(controls, classes="deal-row deal-toggle")
        return Horizontal(label, controls, classes="deal-row deal-counter")

    def on_resize(self) -> None:
        """Two columns of one-line counter rows need this many cells; fewer: two lines each."""
        self.set_class(self.size.width < ROOMY, "-cramped")

    def _update(self, box: Box) -> None:
        """The same shape: new labels, texts and enabled buttons in place."""
        for control in box.controls():
            for button in self.query(f"#{control.id}").results(BoxButton):
                button.label = _content(control.label)
                button.disabled = control.action is None
                button.sends = control.action
        for c, column in enumerate(box.columns):
            for r, row in enumerate(column.rows):
                for label in self.query(f"#deal-label-{c}-{r}").results(Static):
                    label.update(row.label)
        for said in self.query("#deal-said-text").results(Static):
            said.update(_lines(box.said))
        self.refresh(layout=True)  # a label of another length: the buttons' widths follow
        self._scroll_said()

    def _scroll_said(self) -> None:
        if self.box is not None and self.box.kind in ("window", "amount"):
            for scroll in self.query("#deal-said").results(VerticalScroll):
                scroll.scroll_end(animate=False)

    # ----- the focus ----------------------------------------------------------------------------

    def _refocus(self, keep: str | None, old: Box | None) -> None:
        """Focus the control focused before if it is still enabled, else its nearest enabled
        neighbour (a step that reached the most disables its own button), else the box's first."""
        box = self.box
        if box is None or not self.display:
            return
        self._scroll_said()
        wanted = keep if keep is not None and box.control(keep) is not None else None
        if wanted is not None and box.control(wanted).action is None:  # type: ignore[union-attr]
            controls = box.controls()
            wanted = next((found for direction in ("left", "right", "up", "down")
                           if (found := neighbour(controls, wanted, direction))), None)
        for candidate in (wanted, box.focus):
            if candidate is None:
                continue
            for widget in self.query(f"#{candidate}").results(Widget):
                if isinstance(widget, (BoxButton, AmountField)) and not widget.disabled:
                    widget.focus()
                    return
        for button in self.query(BoxButton):
            if not button.disabled:
                button.focus()
                return

    def move(self, button: BoxButton, direction: str) -> None:
        """The arrow key `direction` on `button`: focus its neighbour that way, if any. The
        focus moves now, not after the keys already waiting (Widget.focus waits for them):
        three Downs that came in at once each went on from the first button, and moved one."""
        if self.box is None or button.id is None:
            return
        target = neighbour(self.box.controls(), button.id, direction)
        if target is not None:
            for found in self.query(f"#{target}").results(BoxButton):
                self.screen.set_focus(found, scroll_visible=False)
                found.scroll_visible(animate=False)

    # ----- pressing -----------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        control = self.box.control(event.button.id or "") if self.box is not None else None
        sends = getattr(event.button, "sends", None)
        if control is not None and control.action is not None and control.action == sends:
            self.post_message(self.Picked(control.action, control.sets))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """An amount typed and Enter: its action, or what is wrong with it, said in the box."""
        event.stop()
        amount = self.box.amount if self.box is not None else None
        if amount is None or event.input.id != AMOUNT_FIELD:
            return
        found = typed_amount(amount, event.value)
        if isinstance(found, Action):
            self.post_message(self.Picked(found))
            return
        for line in self.query("#deal-amount-problem").results(Static):
            line.update(Text(found, style="bold red"))
        self.app.bell()

    def action_for_key(self, key: str) -> Action | None:
        """The action of the button whose key this is (None: no button has it, or it is disabled)."""
        control = self.control_for_key(key)
        return control.action if control is not None else None

    def control_for_key(self, key: str) -> Control | None:
        """The enabled button whose key this is, if any."""
        control = self.box.by_key(key) if self.box is not None else None
        return control if control is not None and control.action is not None else None


def _button(control: Control) -> BoxButton:
    button = BoxButton(_content(control.label), id=control.id, compact=True, disabled=control.action is None)
    button.sends = control.action
    return button


def _first_sentence(text: Text) -> Text:
    """The question of a long title, up to its first '?' (the rest is said in the box)."""
    end = text.plain.find("?")
    return text[: end + 1] if 0 < end < len(text.plain) - 1 else text


def _content(text: Text) -> Content:
    """A label as Textual draws it, from rich text (never read as markup: a card called
    '[b]' is that)."""
    return Content.from_rich_text(text)


def _lines(lines: tuple[Text, ...]) -> Text:
    return Text("\n").join(lines)
