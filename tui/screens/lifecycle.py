"""What Textual's timing asks of the app's screens: a box answers once (`AnswersOnce`), a key
acts on the screen it was typed on or on none (`KeysWhereTyped`), and a screen removed while
it was being made does nothing when it mounts (`torn_down`).

Textual hands each key, click and widget message to a queue as it arrives and handles it
later, in another task: a key pressed twice quickly, d d on the Quit box or Enter Enter on a
button (random keys in a browser tab do it all the time), reached a box that had answered
already. Its second `dismiss` answered again and popped whatever screen was on top by then:
the game under the box or, with none left above the first screen, nothing, and raised
ScreenStackError (issue 44, 5). A key that had passed through the box before it answered
still went on to the app, whose key bindings are those of the screen on top when it gets
there: Esc Esc on a box closed it and then acted on the screen below.

And a screen can be removed before it has its widgets: when the app closes (a browser tab
closed as its game started), Textual removes every screen at once, one still being made
among them; that one is given no widgets, but its `on_mount` is still called, and a screen
that drew its board there found no board (NoMatches: issue 44, 4)."""

from __future__ import annotations

from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen

ResultType = TypeVar("ResultType")
ReturnType = TypeVar("ReturnType")


class AnswersOnce(Screen[ResultType]):
    """The base of every screen that answers whoever opened it (with `dismiss`): its first
    answer is its only one, and what the person does reaches it only while it is on top and
    has not answered. A key still on its way to a box that has answered (or that has opened
    a box of its own above it) is dropped there: taken neither by the box again nor by the
    screen below, where the same key may take an option the person never saw."""

    answered = False
    """Whether the box has answered (its first `dismiss`)."""

    @property
    def listening(self) -> bool:
        """Whether what the person does still reaches the box: it has not answered, and it is
        the screen on top (Textual's `dismiss` pops the top screen, whichever that is)."""
        return not self.answered and self.is_active

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        if not self.listening:
            return AwaitComplete()  # nothing to wait for: it has answered, or cannot now
        self.answered = True
        return super().dismiss(result)

    async def _on_message(self, message: Message) -> None:
        """Every message reaches the screen's handlers here, as it is handled: what the person
        did is dropped if the box no longer listens by then (checked as it was sent, what
        was queued before the answer would still come through)."""
        if not self.listening and by_the_person(message):
            return  # neither handled here nor passed on to the app's key bindings
        await super()._on_message(message)


class KeysWhereTyped(App[ReturnType]):
    """An app whose every key acts on the screen that was on top when it was typed, or on
    none. Textual hands a key to the focused widget, which passes it up through its screen to
    the app, where the key bindings that are not the screens' first (priority) ones are
    looked up on the screen on top by then: a key typed on a box that has answered since
    reached the screen below (Enter Enter on the cards box closed it, then took the option
    highlighted in the game's list), and Enter typed for the game's list could reach a
    hand-over opened meanwhile and show a person's cards to whoever sat at the keyboard."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._typed_on: WeakKeyDictionary[events.Key, Screen[Any]] = WeakKeyDictionary()
        """The screen on top when each key on its way was typed."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            self._typed_on[event] = self.screen  # as it arrives, before the app hands it on
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key back from the screens, before the app looks up its bindings: dropped if
        the screen it was typed on is no longer the one on top."""
        typed_on = self._typed_on.pop(event, None)
        if typed_on is not None and (not self.screen_stack or typed_on is not self.screen):
            event.prevent_default()


def by_the_person(message: Message) -> bool:
    """A key, the mouse or pasted text, or what a control says the person did with it (a
    button pressed, a field submitted or changed); not the screen's own events (it is shown,
    resumed, resized)."""
    if isinstance(message, (events.InputEvent, events.Paste)):
        return True
    return not isinstance(message, events.Event) and message.control is not None


def torn_down(node: DOMNode) -> bool:
    """Whether Textual is removing `node` (its screen popped, the app closing): it may have
    none of its widgets, and nothing is to be drawn or played on it. The app is closing once
    its own message loop has ended; a screen made after that (the start screen, still busy,
    starting a game as its tab closes) is not removed with the others, but the widgets given
    to it are closed with everything else."""
    flags: Any = node  # Textual's own flags: it offers no public test of a removal under way
    return bool(flags._pruning or flags._closing or flags._closed) or not node.app.is_running
