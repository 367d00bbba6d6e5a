"""A monkey at the keyboard and the mouse: every bundled variant (house rules included) played
through the real app, at 80x24 and at 160x50, a person against a bot, the person's every
decision taken by a seeded monkey.

Issue 26: four games of Monopoly Chance crashed before the first round ended, at a moment
no pilot test reached (the highlight on a street that already held cash). The pilot tests
play one path through a game; this one walks the highlight over every option of every
decision (so the detail panel is drawn for each), takes options by their key, by a click on
the list and by a click on the board, answers every question at random, and opens and closes
each box a key reaches (help, cards, last moves, save, load, typing a target, new game, quit,
undo, the bots' pace) now and then, and the end screen's own; it goes on from every notice
(issue 26, 5) by Enter or a click. A box's key is pressed once, twice or three times quickly
(issue 44, 5: q then d d crashed the app), and so is a click on its button. The page keys
come at once where a list may not be laid out yet or be hidden under a dialog box (as the
game opens, as a box closes), and now and then at a decision; after a whole game, the start
screen it leaves for loads the monkey's save with F3 while it checks the variants in its
worker thread (issue 44, 5: pagedown on an option list with no room, and Lark's parser used
by two threads at once, crashed the app). Nothing may escape: Textual's pilot raises, when
the test ends, any exception a handler or worker let out (the app's rescue lets it through
to the pilot). Each key or click must take the option it was aimed at.

The bot is the random one and the pace instant. The games are whole for Advance to
Boardwalk and Monopoly Chance at 80x24 (every box opened a few times, the end screen's keys
tried, then the start screen's); the others stop after five decisions of the person, with
the boxes whose content comes from the variant (help, cards, last moves, typing a target)
opened once: the house rules draw from the same widgets, and the whole run stays near a
minute.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from engine.resources import bundled_variant_names
from tui.session import Session
from tui_helpers import variant

pytest.importorskip("textual")

from textual import events  # noqa: E402
from textual.widgets import Input  # noqa: E402

from tui.app import BoardwalkApp  # noqa: E402
from tui.dealbox import DealBox  # noqa: E402
from tui.deals import AMOUNT_FIELD, box_for  # noqa: E402
from tui.screens.dialogs import ChoiceScreen, HandOverScreen, HelpScreen, PathScreen, TextScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.screens.gameover import GameOverScreen  # noqa: E402
from tui.screens.lastmoves import LastMovesScreen  # noqa: E402
from tui.screens.start import StartScreen  # noqa: E402
from tui.screens.target import TargetScreen  # noqa: E402
from tui.widgets import ActionList, BoardView  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): random keys through the whole app, every variant at two sizes
pytestmark = pytest.mark.slow

SMALL, BIG = (80, 24), (160, 50)
TEST_GAMES = tuple(
    str(Path(__file__).parent / "data" / name)
    for name in ("dice-race.yaml", "hand-cards.yaml", "every-new-word.yaml", "column-board.yaml",
                 "goofspiel.yaml", "for-sale.yaml", "love-letter.yaml", "cant-stop.yaml")
)
"""Whole games written from the docs for the tests: a dice race on columns, a hand-card game,
a board tokens go round, with auctions and offers, a board of columns of 3 to 13 steps
drawn as lanes (issue 47, 9), and Goofspiel and For Sale, whose cards are bid in secret (the
second for 3 or 4 players: the person and as many bots as the fewest players it takes). The screens must speak them as well as
the bundled games (issue 27, 4; the ring board of issue 28)."""
WHOLE = {("winning-moves-2016", SMALL), ("monopoly-chance", SMALL), (TEST_GAMES[0], SMALL)}
"""The games played to their end. The hand-card game is too short for a box to open every
BOX_EVERY decisions, so it is played as the others are, a box at each decision."""
"""The games played to their end; the others stop after CUT decisions of the person."""
BOXES = ("help", "cards", "last_moves", "target", "save", "load", "faster", "new", "quit", "undo")
"""The boxes and keys tried now and then, in turn, at the person's decisions: in a whole
game all of them, each a few times; in a game cut short, the first four, whose content comes
from the variant (the others are the same in every game, and opening a box costs a tenth of
a second or more)."""
OWN_BOXES = 4
CUT = 5
"""The person's decisions in a game cut short: a box at each of the first four."""
BOX_EVERY = (3, 10)
"""In a whole game, a box every this many decisions until each has been opened, then every
this many (in a game cut short, a box at each decision until each has been opened)."""
STEPS = 40_000
"""The monkey's patience, in looks at the screen: far more than a whole game needs."""

WAYS = ("key", "list", "board", "enter")
"""How the person's options are taken, in turn: by key, by a click on the list, by a click
on the board (when the option has a tower there, else by Enter), by the arrows and Enter."""

BOXED = ("monopoly-builder", "every-new-word")
"""The games whose person works a dialog box (tui/dealbox.py) within the decisions played:
a round of offers at each turn's end, an auction on the first turn."""
BOX_WAYS = ("key", "click", "enter")
"""How a dialog box's buttons are pressed, in turn: a button's own key, a click, the focus and Enter."""

PAGE_EVERY = 4
"""The page keys go through the list at every this many decisions (each highlight moved
draws the option's detail again)."""
MONKEY_SAVE = "monkey.json"
"""Where the monkey saves its game (once, in the save box), and what it loads from the start
screen after a whole game."""
KEY_CHARACTERS = {"enter": "\r", "escape": "\x1b", "backspace": "\x08", "left_square_bracket": "["}
REPEATS = (1, 2, 3)
"""How many times a box's key (or its button) is pressed at once, in turn: a box answers once
(issue 44, 5). In turn, not at random: the monkey's choices, and so its games, stay the same."""


def cases() -> list:
    bundled = [(name, size) for name in bundled_variant_names() for size in (SMALL, BIG)]
    tests = [(name, SMALL) for name in TEST_GAMES]  # at the smaller size, the harder to fit
    return [pytest.param(name, size, id=f"{Path(name).stem}-{size[0]}x{size[1]}") for name, size in bundled + tests]


@pytest.mark.parametrize("name, size", cases())
def test_a_monkey_plays_every_variant_through_the_app_and_nothing_escapes(name, size, tmp_path, monkeypatch):
    """Every component of every bundled game is drawn, every option of every decision is
    highlighted and every box opens and closes, with no exception at any size."""
    monkeypatch.chdir(tmp_path)  # saves and exported stories land here
    whole = (name, size) in WHOLE
    seed = sum(map(ord, Path(name).stem)) + size[0]  # the test games' names are paths: not the checkout's
    played = variant(name)
    session = Session.start(played, name, [None] + ["random"] * (min(played.player_counts) - 1), seed)

    boxes = BOXES if whole else BOXES[:OWN_BOXES]

    async def scenario() -> Monkey:
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=size) as pilot:
            monkey = Monkey(pilot, app, random.Random(seed), boxes, box_every=BOX_EVERY if whole else (1, 0))
            await monkey.play(decisions=None if whole else CUT)
        return monkey

    monkey = asyncio.run(scenario())
    assert monkey.decisions > 0 and monkey.highlighted > monkey.decisions
    assert set(+monkey.ways) == {"key", "list", "enter"} | ({"board"} if monkey.board_options else set())
    assert monkey.opened >= set(boxes) - {"undo"}
    if Path(name).stem in BOXED:  # an auction or a round of offers came, and its box was worked
        assert monkey.boxed >= 3 and set(+monkey.box_ways) >= {"click", "enter"}
    if whole:
        assert monkey.finished and "game over" in monkey.opened, f"the game did not end within {STEPS} looks"
        assert "resumed" in monkey.opened
        assert set(monkey.repeats) == set(REPEATS), monkey.repeats
    else:
        assert session.game.is_over or monkey.decisions == CUT


class Monkey:
    """Plays the person's seat at random through keys and clicks, and counts what it did."""

    def __init__(self, pilot, app: BoardwalkApp, rng: random.Random, boxes: tuple[str, ...],
                 box_every: tuple[int, int]) -> None:
        self.pilot, self.app, self.rng = pilot, app, rng
        self.boxes = boxes
        self.box_every = box_every
        """A box at every this many decisions until each box has been opened, then at every
        this many (0: no more)."""
        self.decisions = 0
        self.highlighted = 0
        self.ways: Counter[str] = Counter()
        """How many options were taken each way (WAYS)."""
        self.board_options = False
        """Whether a decision ever offered an option with a tower on the board."""
        self.opened: set[str] = set()
        self.notices = 0
        """How many notices were shown (and gone on from)."""
        self.finished = False
        self.boxed = 0
        """How many options were taken in a dialog box (an offer, a window: tui/dealbox.py)."""
        self.box_ways: Counter[str] = Counter()
        """How they were taken (BOX_WAYS), and how often the box was left for the list."""
        self._box = 0
        self._saved = False
        self.repeats: Counter[int] = Counter()
        """How many times a box's keys and buttons were pressed at once, by the number of presses."""
        self._repeat = itertools.cycle(REPEATS)

    async def press(self, *keys: str) -> None:
        """Keys as the terminal sends them, each handled before the next; without the pilot's
        wait for an idle processor after each (tens of milliseconds a key, minutes a game)."""
        for key in keys:
            self.app.post_message(events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None)))
            await self.pilot.pause(0)

    async def click(self, widget, offset: tuple[int, int], times: int = 1) -> None:
        """A click as the terminal sends it: the button pressed and released over a point of
        the widget (the app makes the Click of them), without the pilot's waits; `times`
        clicks, all sent before the first is handled."""
        x, y = widget.region.offset + offset
        assert widget.region.contains(x, y), f"({x}, {y}) is outside {widget}"
        for _ in range(times):
            for kind in (events.MouseDown, events.MouseUp):
                self.app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await self.pilot.pause(0)

    async def press_box_key(self, key: str) -> None:
        """A box's key, pressed once, twice or three times at once: it answers once."""
        times = self.repeat()
        for _ in range(times):
            self.app.post_message(events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None)))
        await self.pilot.pause(0)

    def repeat(self) -> int:
        times = next(self._repeat)
        self.repeats[times] += 1
        return times

    @property
    def game_screen(self) -> GameScreen:
        return next(s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen))

    async def play(self, decisions: int | None) -> None:
        app = self.app
        await self.press("pagedown")  # at once: the list may still be hidden under the first box
        for _ in range(STEPS):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                await self.game_over()
                self.finished = True
                return
            if decisions is not None and self.decisions >= decisions:
                return
            if isinstance(screen, ChoiceScreen):
                await self.answer(screen)
            elif isinstance(screen, HandOverScreen):
                await self.press_box_key("enter")
            elif isinstance(screen, GameScreen) and screen.notice is not None:
                await self.go_on(screen)
            elif isinstance(screen, GameScreen) and _asked(screen) and screen.box_shown:
                await self.work_box(screen)
            elif isinstance(screen, GameScreen) and _asked(screen) and _box_coming(screen):
                await asyncio.sleep(0.005)  # the list is drawn, its box not yet (a loaded machine)
            elif isinstance(screen, GameScreen) and _asked(screen):
                await self.decide(screen)
            else:
                await asyncio.sleep(0.005)  # a bot thinks
        raise AssertionError(f"the monkey gave up after {STEPS} looks at {type(app.screen).__name__}")

    # ----- the person's decisions -----------------------------------------------------------

    async def decide(self, screen: GameScreen) -> None:
        pilot, session = self.pilot, screen.session
        view = session.view()
        count = len(view.actions)
        self.decisions += 1
        listed = screen.query_one(ActionList)
        listed.focus()
        # the highlight over every option, so the detail of each is worked out and drawn
        # (the keys are handled one after another; the screen is drawn once they are)
        paged = ["pagedown", "pageup"] if self.decisions % PAGE_EVERY == 0 else []
        for key in paged + ["home"] + ["down"] * (count - 1):
            self.app.post_message(events.Key(key, None))
        await until(lambda: listed.highlighted == count - 1)
        await pilot.pause(0)
        self.highlighted += count
        every = self.box_every[self._box >= len(self.boxes)]
        if every and self.decisions % every == 0:
            await self.box(screen)
            if self.app.screen is not screen or session.view().actions != view.actions:
                return  # a box changed the game (undo) or left it open: look again
        columns = {i: _board_column(screen, a) for i, a in enumerate(view.actions)}
        on_board = [i for i, x in columns.items() if x is not None]
        self.board_options |= bool(on_board)
        index = self.rng.randrange(count)
        feasible = [w for w in WAYS if w != "board" or on_board]
        way = min(feasible, key=lambda w: (self.ways[w], WAYS.index(w)))  # the least used way
        if way == "board":
            index = self.rng.choice(on_board)
        key = _key_of(listed, index)
        if way == "key" and not key:
            way = "enter"
        self.ways[way] += 1
        taken = len(session.record.actions)
        if way == "key":
            await self.press(key)
        elif way == "enter":
            await self.press(*["up"] * (count - 1 - index), "enter")
        elif way == "list":
            listed.highlighted = index  # scrolled into view, then clicked where it is drawn
            await pilot.pause(0)
            await self.click(listed, (2, _line_of(listed, index)))
        else:
            board = screen.query_one(BoardView)
            await self.click(board, (columns[index], board.size.height - 2))
        # taken, or a question about it: the list may not be read again before that
        await until(lambda: len(session.record.actions) > taken or self.app.screen is not screen)
        if len(session.record.actions) > taken:
            assert session.record.actions[taken] == view.actions[index].to_dict(), f"{way} took another option"

    async def work_box(self, screen: GameScreen) -> None:
        """A dialog box in place of the list: now and then Esc, for the plain list (the
        decision is then taken there, as any other); else any enabled button, by its key,
        a click, or the focus and Enter, the least used way first. An offer's Propose and
        Withdraw come often enough that offers end. Box decisions do not count among the
        person's decisions: a game cut short still takes its decisions from the list."""
        session, box = screen.session, screen.box
        assert box is not None
        await until(lambda: screen.query_one(DealBox).settled)  # drawn, its focus set (DealBox._rebuild)
        if self.rng.random() < 0.2:
            self.box_ways["escape"] += 1
            await self.press("escape", "pagedown")  # the list, shown again, paged at once
            await until(lambda: not screen.box_shown)
            return
        enabled = [c for c in box.controls() if c.action is not None]
        ends = [c for c in enabled if c.key in ("p", "w")]
        control = self.rng.choice(ends if ends and self.rng.random() < 0.3 else enabled)
        way = min((w for w in BOX_WAYS if w != "key" or control.key), key=lambda w: (self.box_ways[w], BOX_WAYS.index(w)))
        self.box_ways[way] += 1
        self.boxed += 1
        taken = len(session.record.actions)
        button = screen.query_one(f"#{control.id}")
        if way == "key":
            await self.press(control.key)
        elif way == "click":
            button.scroll_visible(animate=False)
            await until(lambda: button.region.area > 0 and screen.query_one("#deal").region.contains_region(button.region))
            await self.click(button, (1, 0))
        else:
            button.focus()
            await self.pilot.pause(0)
            await self.press("enter")
        await until(lambda: len(session.record.actions) > taken or self.app.screen is not screen)
        if len(session.record.actions) > taken:
            assert session.record.actions[taken] == control.action.to_dict(), f"{way} took another option"

    async def go_on(self, screen: GameScreen) -> None:
        """A notice (the person's turn ended unasked, or they lost something): Enter, or a
        click on its one option."""
        self.notices += 1
        shown = screen.notice
        listed = screen.query_one(ActionList)
        # where the option is drawn is known only once the list is laid out (not yet, now and then)
        await until(lambda: listed.option_count > 1 and listed.highlighted == 1 and 1 in listed._index_to_line)
        if self.notices % 2:
            listed.focus()
            await self.press("enter")
        else:
            await self.click(listed, (2, _line_of(listed, 1)))
        await until(lambda: screen.notice is not shown or self.app.screen is not screen)  # (another may follow)

    async def answer(self, screen: ChoiceScreen) -> None:
        """A question (confirm, answer a card, save first): any answer, mostly the first."""
        index = 0 if self.rng.random() < 0.7 else self.rng.randrange(len(screen.options))
        _, _, key = screen.options[index]
        if self.rng.random() < 0.5 and key:
            await self.press_box_key(key)
        else:
            await until(lambda: bool(screen.query(f"#choice-{index}")) and screen.query_one(f"#choice-{index}").region.area > 0)
            await self.click(screen.query_one(f"#choice-{index}"), (1, 0), self.repeat())
        await self.pilot.pause(0)

    # ----- the boxes ------------------------------------------------------------------------

    async def box(self, screen: GameScreen) -> None:
        what = self.boxes[self._box % len(self.boxes)]
        self._box += 1
        await getattr(self, f"_{what}")(screen)

    async def _open(self, key: str, kind: type, name: str) -> None:
        await self.press(key)
        await until(lambda: isinstance(self.app.screen, kind))
        self.opened.add(name)

    async def _close(self, screen: GameScreen, key: str = "escape") -> None:
        await self.press_box_key(key)
        await until(lambda: self.app.screen is screen)

    async def _help(self, screen: GameScreen) -> None:
        await self._open("h", HelpScreen, "help")
        await self.press("pagedown")
        await self._close(screen)

    async def _cards(self, screen: GameScreen) -> None:
        if not screen.session.variant.cards:  # a game without cards (Can't Stop's) has no cards box, nor the key
            self.opened.add("cards")
            return
        await self._open("c", TextScreen, "cards")
        await self._close(screen)

    async def _last_moves(self, screen: GameScreen) -> None:
        await self._open("left_square_bracket", LastMovesScreen, "last_moves")
        await self.press("left", "right", "right")
        await self._close(screen)

    async def _save(self, screen: GameScreen) -> None:
        await self._open("s", PathScreen, "save")
        if self._saved:
            await self._close(screen)
            return
        self._saved = True
        self.app.screen.query_one(Input).value = MONKEY_SAVE
        await self._close(screen, "enter")

    async def _load(self, screen: GameScreen) -> None:
        await self.press("l")
        await until(lambda: isinstance(self.app.screen, (ChoiceScreen, PathScreen)))
        self.opened.add("load")
        await self._close(screen)

    async def _target(self, screen: GameScreen) -> None:
        """t types a target; where the decision is an amount (its box hidden for the list), it
        shows the box with its field focused instead, and Esc hides it again."""
        box = screen.box
        if box is not None and box.amount is not None:
            await self.press("t")
            await until(lambda: screen.box_shown and getattr(self.app.focused, "id", None) == AMOUNT_FIELD)
            self.opened.add("target")
            await self.press("1", "backspace", "escape")
            await until(lambda: not screen.box_shown)
            return
        await self._open("t", TargetScreen, "target")
        await self.press("a", "backspace", "1")
        await self._close(screen)

    async def _faster(self, screen: GameScreen) -> None:
        for _ in range(4):  # once round the paces, back to instant
            await self.press("f")
        assert screen.pace == "instant"
        self.opened.add("faster")

    async def _new(self, screen: GameScreen) -> None:
        if screen.session.unsaved:  # else n leaves for the start screen at once
            await self._open("n", ChoiceScreen, "new")
            await self._close(screen)

    async def _quit(self, screen: GameScreen) -> None:
        if screen.session.unsaved:  # else q quits at once
            await self._open("q", ChoiceScreen, "quit")
            await self._close(screen)

    async def _undo(self, screen: GameScreen) -> None:
        if screen.session.can_undo():
            await self.press("u")
            await self.pilot.pause(0)
            self.opened.add("undo")

    async def game_over(self) -> None:
        """The end screen's keys: scroll, export the story, save, the board and back."""
        pilot, app = self.pilot, self.app
        await pilot.pause(0)
        await self.press("down", "pagedown", "pageup")
        await self.press("e")
        await until(lambda: isinstance(app.screen, PathScreen))
        await self.press_box_key("enter")  # the story, written
        await until(lambda: isinstance(app.screen, GameOverScreen))
        await self.press_box_key("s")
        await until(lambda: isinstance(app.screen, PathScreen))
        await self.press_box_key("escape")
        await until(lambda: isinstance(app.screen, GameOverScreen))
        await self.press_box_key("b")
        await until(lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await self._last_moves(screen)
        await self._help(screen)
        await self.press("r")
        await until(lambda: isinstance(app.screen, GameOverScreen))
        self.opened.add("game over")
        if self._saved:
            await self.start_again()

    async def start_again(self) -> None:
        """n on the end screen: the start screen, paged at once; then F3, which loads the
        monkey's save while the screen checks the variants in its worker thread (a save of a
        variant file outside the person's folders asks first: y)."""
        app = self.app
        await self.press_box_key("n")
        await until(lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        await self.press("pagedown")
        await until(lambda: any(worker.group == "check" for worker in start.workers))
        start.query_one("#save-file", Input).value = MONKEY_SAVE
        await self.press("f3")

        def resumed() -> bool:
            return any(isinstance(s, GameScreen) and s.session.save_path == Path(MONKEY_SAVE) for s in app.screen_stack)

        await until(lambda: resumed() or isinstance(app.screen, ChoiceScreen))
        if not resumed():
            await self.press_box_key("y")
            await until(resumed)
        self.opened.add("resumed")


async def until(condition, looks: int = 4000) -> None:
    """Let the app run (bots think in threads, messages are handled) until the condition
    holds; sleeping, not the pilot's pause, which draws the whole screen at each look."""
    for _ in range(looks):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the app never got there")


def _asked(screen: GameScreen) -> bool:
    """The person is asked, and the list on screen shows the question's options."""
    actions = screen.session.view().actions
    listed = screen.query_one(ActionList)
    return (bool(actions) and not screen._asking and listed.view is not None and listed.view.actions == actions
            and listed.option_count >= len(actions))


def _box_coming(screen: GameScreen) -> bool:
    """The person's question has a box (tui/deals.py) that the screen does not show yet, and
    not because the person chose the plain list: the monkey waits for it rather than take
    the list's way, which on a busy machine made fewer boxes worked than the test asks."""
    if screen.notice is not None:
        return False
    box = box_for(screen.session.view())
    return box is not None and box.kind != screen._plain_kind and not screen.box_shown


def _line_of(listed: ActionList, index: int) -> int:
    """The row of the list (as scrolled) where an option is drawn (a long one wraps)."""
    return listed._index_to_line[index] - round(listed.scroll_offset.y)


def _key_of(listed: ActionList, index: int) -> str:
    """The key shown beside an option in the list ('' when it has none)."""
    label = listed.get_option_at_index(index).prompt
    first = str(getattr(label, "plain", label)).split(" ", 1)[0]
    return first if len(first) == 1 else ""


def _board_column(screen: GameScreen, action) -> int | None:
    """The x of the action's tower on the board, when it names a property."""
    if not (action.kind == "build" or (action.kind == "choose" and action.what == "property")):
        return None
    board = screen.query_one(BoardView)
    return next((first for first, _, prop in board._columns if prop == action.arg), None)
