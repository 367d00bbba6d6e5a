"""What a screen shows comes only from that seat's view (issue 45, 4): "A twin test over the
screens: two games that differ only in cards a seat cannot see draw the same text for that
seat. This covers the board, panels, prompts, last moves (`[`), the story, help and notices.
It runs on every bundled game and on the test variants."

The twins: one game as it is set out, and the same game with cards the watching person cannot
see swapped once the setup has dealt them (another player's whole hand for cards at the
bottom of a pile no one sees; else two cards at the bottom of a pile hidden from them).
While the twin is played and shown, every game a record sets out is the twin
(`twin_games`), its replays too (an undo, the last-moves viewer's positions). Both are
played the same way, every seat choosing by the same draw from a generator seeded with the
game and the move's number (the bots let everything pass, so what differs stays hidden as
long as it can), and the engine is the judge of what the person may know: at every action,
their observation, the events as told to them and what is withheld from them must agree in
both games. A case is compared only up to where they do.

The app opens the game, then the twin (as a game loaded after another), at a decision of the
person; the person answers by key, the bots play on until the person is asked again (each
notice read and gone on from), and the text drawn is taken of every screen: the board with
its panels, prompt and list, the whole log, the highlight moved, every step of the last
moves (`[`), the cards (`c`), the help (`h`), the confirmation of a card played, the
notices, the story (and, at a game's end, the game-over screen). The two games must draw
the same text, screen for screen.

The secret choice of issue 45 is one of the test variants: each player puts a card of their
hand into a vault only they see, at the start of their turn. The last-moves viewer told
another player's move in the words of the action itself ("Blue: choose Transfer"), naming a
card the person had only been told was "a card"."""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import io
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bundled import bundled_variants
from engine import load_variant
from engine.api import Game
from engine.game.game import state_of
from engine.savefile import GameRecord, Seat
from test_seat_views import EVERY_HIDING
from test_secret_choice import SEALED_BIDS, SEALED_CARDS
from test_tui_any_game import FOR_SALE
from tui.session import Session
from tui_helpers import wait_for

pytest.importorskip("textual")

from rich.console import Console  # noqa: E402
from textual import events  # noqa: E402

from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.dialogs import ChoiceScreen, HelpScreen, TextScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.screens.gameover import GameOverScreen  # noqa: E402
from tui.screens.lastmoves import LastMovesScreen, moves_to_step  # noqa: E402
from tui.story import story_markdown  # noqa: E402
from tui.widgets import GameLog  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the whole app driven headless, twice a game
pytestmark = pytest.mark.slow

WATCHER = 0
"""The seat of the person, whose screens are compared; the others are bots."""

SIZE = (100, 32)
"""Big enough for the log and the last moves' lines to show; the twins are drawn alike at any size."""

DEEP = 12
"""Swapped cards lie at least this deep in their pile (in a pile of fewer than twice as many,
its lower half): the draws of a short stretch of play do not reach them (the engine's own
comparison says when they would)."""

SECRET_CHOICE = """\
extends: winning-moves-2016
piles:
  vault: {name: vault, each: player, seen_by: owner}
board:
  track: {length: 16, follows: value, marks: {fortune: [5, 10]}}
hooks:
  start_of_turn: |
    choose card K in hand of me
    put K on vault of me
"""
"""Each player, at the start of their turn, puts a card of their hand face down into a vault
only they see: a choice made in secret. A short boardwalk, so that its games end soon (the
story and the game-over screen are compared too)."""

WRITTEN = {"secret-choice": SECRET_CHOICE, "every-hiding": EVERY_HIDING, "sealed-bids": SEALED_BIDS,
           "cards-for-sale": FOR_SALE}
"""The variants written here, and tests/test_seat_views.py's, whose piles are of every kind a
card can lie in unseen: hands and a vault only their owner sees, a box no one sees;
tests/test_secret_choice.py's sealed bids, where everyone bids at once in secret (issue 47, 4),
asked in turn order from the turn's player: on Blue's and Green's turns the person bids after
a bot has; and tests/test_tui_any_game.py's game of cards for sale, whose face-up piles of the
table the cards dialog and the side panel list by name beside a stock no one sees (issue 47, 9)."""


DATA_GAMES = ("love-letter",)
"""Games of tests/data whose hands are hidden: Love Letter's one-card hands (issue 47's proof)."""


@pytest.fixture(scope="module")
def variants(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, str]]:
    """Every variant the test plays, with the source a record names it by."""
    folder = tmp_path_factory.mktemp("variants")
    found = {name: (variant, name) for name, variant in bundled_variants().items()}
    for name, text in WRITTEN.items():
        path = folder / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        found[name] = (load_variant(path), str(path))
    for name in DATA_GAMES:  # whole games of tests/data, written from the docs (issue 47's proof)
        path = Path(__file__).parent / "data" / f"{name}.yaml"
        found[name] = (load_variant(path), str(path))
    return found


# ----- the twins ---------------------------------------------------------------------------


def swap_hidden(played: Game, watcher: int) -> bool:
    """Swap, in place, cards `watcher` cannot see, of different kinds: another player's whole
    hand (not the player asked now, whose options were made from it) for cards at the bottom
    of a pile of the table hidden from the watcher; else two cards at the bottom of a pile
    hidden from them (the table's first). False when the game has no such cards. (The test
    reaches behind the façade to the game's state, as only a test may.)"""
    game = state_of(played)
    layout, piles, kinds = game.layout, game.piles, game.book.kinds

    def kinds_of(codes: list[int]) -> set[int]:
        return {code % kinds for code in codes}

    hidden = [slot for slot in range(layout.slots) if not layout.seen(slot, watcher)]
    hidden.sort(key=lambda slot: layout.slot_pile[slot].each != "game")
    hand = layout.base.get("hand")
    others = [p for p in range(game.n) if p not in (watcher, game.current_player)]
    for player in others if hand is not None else []:
        held = piles[hand + player]
        if not held or hand + player not in hidden:
            continue
        for slot in (s for s in hidden if layout.slot_pile[s].each == "game"):
            pile = piles[slot]
            bottom = pile[: len(held)]
            if len(pile) >= len(held) + DEEP and not kinds_of(bottom) & kinds_of(held):
                held[:], pile[: len(held)] = bottom, list(held)
                return True
    for slot in hidden:
        pile = piles[slot]
        deep = min(DEEP, len(pile) // 2)  # a small deck (Love Letter's 12 after the deal): its lower half
        other = next((i for i in range(1, len(pile) - deep) if pile[i] % kinds != pile[0] % kinds), None)
        if other is not None:
            pile[0], pile[other] = pile[other], pile[0]
            return True
    return False


@contextlib.contextmanager
def twin_games() -> Iterator[None]:
    """While it lasts, every game a record sets out is the twin: cards the watcher cannot see
    swapped as soon as it is set out (`swap_hidden`). So the session's game, an undo's
    replay and each position the last-moves viewer replays are all the same twin."""
    set_out = GameRecord.new_game

    def twin(record: GameRecord) -> Game:
        game = set_out(record)
        assert swap_hidden(game, WATCHER), "the cases are chosen where cards can be swapped"
        return game

    GameRecord.new_game = twin  # type: ignore[method-assign]
    try:
        yield
    finally:
        GameRecord.new_game = set_out  # type: ignore[method-assign]


def draw(seed: int, moves: int, count: int) -> int:
    """The choice among `count` options at the move numbered `moves`: the same in both twins."""
    return random.Random(f"{seed}/{moves}").randrange(count)


LETTING_PASS = {"pass", "decline", "withdraw", "auction"}
"""What a bot answers whenever it may: nothing it does then shows a card the twins differ in."""


def bot_answer(observation: dict, seed: int, moves: int) -> dict:
    options = observation["decision"]["options"]
    passing = next((o for o in options if o["kind"] in LETTING_PASS or str(o.get("arg")) in LETTING_PASS), None)
    return passing if passing is not None else options[draw(seed, moves, len(options))]


class DrawingBot:
    """A bot of the app choosing as `bot_answer` does (it reads the number of moves so far
    from the session, which stands still while a bot thinks)."""

    def __init__(self, session: Session, seed: int) -> None:
        self.session, self.seed = session, seed

    def choose(self, observation: dict) -> dict:
        return bot_answer(observation, self.seed, len(self.session.record.actions))


def person_answer(session: Session, seed: int) -> int:
    """The index, in the person's list, of their answer (one with a key)."""
    view = session.view()
    keyed = [i for i, key in enumerate(view.keys) if key]
    return keyed[draw(seed, len(session.record.actions), len(keyed))]


def run_bots(session: Session, seed: int) -> None:
    """One action as the app takes it, unless the person is asked: an answer that is theirs
    alone (Session.automatic_answer), or a bot's."""
    answer = session.automatic_answer()
    if answer is not None:
        session.apply(answer)
    elif session.is_bot(session.deciding):
        bot, observation = session.bot_observation()
        session.apply(bot_answer(observation, seed, len(session.record.actions)))


def person_asked(session: Session) -> bool:
    return (not session.game.is_over and not session.is_bot(session.deciding)
            and session.automatic_answer() is None)


def told(session: Session, start: int) -> tuple:
    """What the engine lets the watcher know: their observation, the events from `start` on
    as told to them, and why options are withheld from them."""
    game = session.game
    events = [(e.to_dict(WATCHER), e.describe(WATCHER)) for e in session.events[start:]]
    return game.observation(WATCHER), events, game.withheld(WATCHER)


@dataclass
class Case:
    name: str
    players: int
    seed: int
    opened: int
    """The person's decision the app opens at (a number of actions)."""
    asked: int | None
    """The person's next decision, where the screens are compared (None: the game's end)."""


def sessions(variant, source: str, players: int, seed: int) -> tuple[Session, Session]:
    """The game, and its twin: the person in the first seat, bots in the others."""
    seats = [Seat(variant.seats[i].name, None if i == WATCHER else "random") for i in range(players)]
    one = Session(GameRecord(variant, source, players, seed, seats))
    with twin_games():
        other = Session(GameRecord(variant, source, players, seed, list(seats)))
    return one, other


def play_on(session: Session, seed: int) -> None:
    """One action, as the app takes it and as the person answers in `seen_by_the_person`."""
    if person_asked(session):
        session.apply(session.view().actions[person_answer(session, seed)])
    else:
        run_bots(session, seed)


def find_case(name: str, variant, source: str, players: int, wanted: Callable[[Session, int, int | None], bool],
              seeds: range = range(40)) -> Case:
    """The first seed whose twins, played headless as the app plays them, look the same to
    the person (`told`, at every action) from the start to a decision of theirs (or the
    game's end) that `wanted(session, opened, asked)` accepts, `opened` being the person's
    decision before it, where the app opens. Neither may be a reaction, which the app asks
    in a box of its own."""
    for seed in seeds:
        seats = [Seat(variant.seats[i].name, None) for i in range(players)]
        if not swap_hidden(GameRecord(variant, source, players, seed, seats).new_game(), WATCHER):
            continue
        one, other = sessions(variant, source, players, seed)
        opened: int | None = None
        compared = 0
        for _ in range(600):
            over = one.game.is_over
            if over or person_asked(one):
                if one.game.decision == "react":
                    break
                at = None if over else len(one.record.actions)
                if opened is not None and wanted(one, opened, at):
                    return Case(name, players, seed, opened, at)
                if over:
                    break
                opened = len(one.record.actions)
            play_on(one, seed)
            play_on(other, seed)
            if told(one, compared) != told(other, compared) or len(one.events) != len(other.events):
                break  # the person may know the games apart from here on: no case
            compared = len(one.events)
    raise AssertionError(f"no seed of {seeds} gives {name} a case")


# ----- the screens -------------------------------------------------------------------------


def screen_text(app) -> str:
    """The text the screen on top draws, with the screens under it, as a terminal shows it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()).rstrip()


CHARACTERS = {"enter": "\r", "escape": "\x1b", "left_square_bracket": "["}


async def seen_by_the_person(twins: tuple[Session, Session], case: Case) -> list[list[tuple[str, str]]]:
    """For the game and its twin (one app plays them one after the other, as it plays a game
    loaded after another), every screen the person sees, opened at the case's first
    decision, as (what it is, its text)."""
    for session in twins:
        session.bots = {i: DrawingBot(session, case.seed) for i in session.bots}  # type: ignore[misc]
    one, other = twins
    app = BoardwalkApp(one, pace="instant")
    app.animation_level = "none"  # a scroll drawn part of the way is no difference between the twins
    async with app.run_test(size=SIZE) as pilot:
        seen = [await tour(app, pilot, one, case)]
        with twin_games():
            app.start_session(other)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.session is other)
            seen.append(await tour(app, pilot, other, case))
    return seen


async def tour(app: BoardwalkApp, pilot, session: Session, case: Case) -> list[tuple[str, str]]:
    """Every screen the person sees of this session, its game screen on top."""
    seed = case.seed
    drawn: list[tuple[str, str]] = []
    game_screen = app.screen
    assert isinstance(game_screen, GameScreen)

    async def press(key: str, then: Callable[[], bool] | None = None) -> None:
        """The key, handled and drawn (the pilot's own press waits for the process to
        be idle twice, a twentieth of a second at least, which hundreds of keys add up)."""
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
        if then is not None:
            await wait_for(pilot, then)
        await pilot.pause(0)

    async def take(what: str, still: int = 2) -> None:
        """The screen's text once the app is idle and it holds still for `still` looks more:
        the footer's keys, for one, are laid out again a moment after the screen that changed
        them, and the log and the box's history scroll to their ends after their lines are
        laid out (the box's, after a refresh or more: the twins were seen drawn either side
        of it). A step of the last moves (`still` 1) changes the viewer's own widgets at once."""
        await (pilot.pause() if still > 1 else pilot.pause(0))
        text, same = screen_text(app), 0
        for _ in range(40):
            await pilot.pause(0)
            again = screen_text(app)
            same = same + 1 if again == text else 0
            if same == still:
                break
            text = again
        drawn.append((what, text))

    def asked() -> bool:
        return (app.screen is game_screen and not game_screen._thinking and game_screen.notice is None
                and session.deciding == WATCHER and bool(session.view().actions))

    await wait_for(pilot, asked)
    await take("the board, asked")
    view = session.view()
    action = view.actions[person_answer(session, seed)]
    if game_screen.box_shown:
        await press("escape", lambda: not game_screen.box_shown)  # the plain list, where every option has its key
    confirmed = game_screen._confirmation(action) is not None
    await press(view.keys[view.actions.index(action)], (lambda: isinstance(app.screen, ChoiceScreen)) if confirmed else None)
    if confirmed:  # a card played, or building stopped: asked first
        await take("the confirmation")
        await press("y", lambda: not isinstance(app.screen, ChoiceScreen))
    for _ in range(400):  # the bots play on; each notice is read
        await wait_for(pilot, lambda: asked() or isinstance(app.screen, GameOverScreen) or game_screen.notice is not None)
        if game_screen.notice is None:
            break
        notice = game_screen.notice
        await take("a notice")
        await press("enter", lambda notice=notice: game_screen.notice is not notice)
    await pilot.pause()
    if isinstance(app.screen, GameOverScreen):
        await take("the game over")
        drawn.append(("the story, exported", app.screen.markdown().split("\n", 1)[1]))
        await press("b", lambda: app.screen is game_screen)
    assert len(session.record.actions) == (case.asked or len(session.record.actions))
    await take("the board, asked again")
    drawn.append(("the whole log", "\n".join(line.plain for line in game_screen.query_one(GameLog).shown)))
    drawn.append(("the story", story_markdown(session.story(), session.shown, "story", [], "", "")))
    if session.view().actions and not game_screen.box_shown:
        await press("down")
        await take("the highlight moved")
    await press("left_square_bracket", lambda: isinstance(app.screen, LastMovesScreen))
    moves = app.screen
    assert isinstance(moves, LastMovesScreen)
    opened_at = moves.position
    await take(f"last moves at {opened_at}")
    while moves.position < moves.end:  # on to what the bots did since
        await press("right")
        await take(f"last moves at {moves.position}", still=1)  # the viewer's own widgets, changed at once
    while moves.position > moves.first + 1:  # then back into the person's own last turn
        await press("left")
        if moves.position < opened_at:
            await take(f"last moves at {moves.position}", still=1)
    await press("escape", lambda: app.screen is game_screen)
    for key, kind in (("c", TextScreen), ("h", HelpScreen)):
        if key == "c" and not session.variant.cards:  # a game without cards has no cards to look at
            continue
        await press(key, lambda kind=kind: isinstance(app.screen, kind))
        await take(f"the screen of {key}")
        await press("escape", lambda: app.screen is game_screen)
    return drawn


def compare(case: Case, variants: dict) -> list[tuple[str, str]]:
    """Both twins in the app, screen by screen; returns what one of them drew."""
    variant, source = variants[case.name]
    twins = sessions(variant, source, case.players, case.seed)
    for session in twins:
        while len(session.record.actions) < case.opened:  # played headless to where the app opens
            play_on(session, case.seed)
    one, other = asyncio.run(seen_by_the_person(twins, case))
    assert twins[0].game.to_dict() != twins[1].game.to_dict(), "the twins are two games"
    assert [what for what, _ in one] == [what for what, _ in other]
    for (what, text), (_, twin_text) in zip(one, other):
        if text != twin_text:
            diff = difflib.unified_diff(text.splitlines(), twin_text.splitlines(), "one twin", "the other", lineterm="")
            pytest.fail(f"{case}: {what} differs between the twins:\n" + "\n".join(diff), pytrace=False)
    return one


# ----- the cases ---------------------------------------------------------------------------


def players_for(variant) -> int:
    """Three players where the variant allows it: two others to hide cards from the person."""
    counts = variant.player_counts
    return 3 if 3 in counts else max(counts)


def some_way_in(session: Session, opened: int, asked: int | None) -> bool:
    """The person has answered a few times, and the bots have moved since, a few times (each
    move is drawn: a second of the app's time, for some Builder's rounds of deals)."""
    return opened >= 6 and 1 <= sum(player != WATCHER for player in session.deciders[opened:asked]) <= 4


def after_a_secret_choice(session: Session, opened: int, asked: int | None) -> bool:
    """Among the moves the last-moves viewer steps through, another player chose a card in
    secret: the engine told the person only that they chose "a card"."""
    first, _, end = moves_to_step(session)
    for index in range(first, end):
        action, player = session.record.actions[index], session.deciders[index]
        if player != WATCHER and action["kind"] == "choose":
            events = session.events[session.chronicle.starts[index]:]
            if events and events[0].kind == "choose" and events[0].hidden_from(WATCHER):
                return True
    return False


NAMES = [*sorted(bundled_variants()), "every-hiding", "cards-for-sale", "love-letter"]


@pytest.mark.parametrize("name", NAMES)
def test_twin_games_differing_in_cards_the_person_cannot_see_draw_the_same_screens(variants, name):
    variant, source = variants[name]
    case = find_case(name, variant, source, players_for(variant), some_way_in)
    drawn = [what for what, _ in compare(case, variants)]
    assert {"the board, asked again", "the whole log", "the story", "the screen of c", "the screen of h"} <= set(drawn)
    assert sum(what.startswith("last moves") for what in drawn) >= 2


def test_a_card_another_player_chooses_in_secret_is_not_named_in_the_last_moves(variants):
    """Issue 45, 4: "a choice another player makes in secret (a card put into a pile only
    they can see) must not appear in the last-moves viewer before it is revealed". The case
    is a game's last move, so that its end is compared too: the game-over screen and the
    story told there."""
    variant, source = variants["secret-choice"]
    case = find_case("secret-choice", variant, source, 3,
                     lambda session, opened, asked: asked is None and after_a_secret_choice(session, opened, asked))
    drawn = dict(compare(case, variants))
    assert "the game over" in drawn and "the story, exported" in drawn
    told = [text for what, text in drawn.items() if what.startswith("last moves")]
    assert any(re.search(r"^ *\w+ chooses a card$", text, re.MULTILINE) for text in told)  # the move, as the person was told it


# ----- a pick made in secret (issue 47, 4) --------------------------------------------------


def play_picking(session: Session, seed: int, differ: bool) -> None:
    """One action, as `play_on` takes it, but where `differ` a bot's secret pick is the next
    option after the one drawn, once the turn is another's than the person's (who then picks
    after the bots): the twins of a secret choice differ in the others' picks."""
    if person_asked(session):
        session.apply(session.view().actions[person_answer(session, seed)])
        return
    answer = session.automatic_answer()
    if answer is not None:
        session.apply(answer)
        return
    _, observation = session.bot_observation()
    options = observation["decision"]["options"]
    index = draw(seed, len(session.record.actions), len(options))
    if differ and observation["decision"]["kind"] == "secret" and session.game.turn_player != WATCHER:
        index = (index + 1) % len(options)
    session.apply(options[index])


def picked_apart(one: Session, other: Session) -> bool:
    """The person is asked their secret pick after a bot has picked otherwise in the twin."""
    if one.game.is_over or not person_asked(one) or one.game.decision != "secret":
        return False
    frames = state_of(one.game).frames[-1], state_of(other.game).frames[-1]
    return frames[0].picks != frames[1].picks  # type: ignore[attr-defined]


async def settled_text(app: BoardwalkApp, pilot) -> str:
    """The screen's text once two reads a pause apart agree: on a loaded machine one twin's
    screen was read before its footer was drawn, and the twins differed by that line alone."""
    text = screen_text(app)
    for _ in range(50):
        await pilot.pause(0.02)
        again = screen_text(app)
        if again == text:
            return text
        text = again
    return text


async def looked_at(app: BoardwalkApp, pilot, session: Session) -> list[tuple[str, str]]:
    """What the person sees while asked, without answering: the board with its prompt, the
    whole log, the story, every step of the last moves, the cards and the help."""
    drawn: list[tuple[str, str]] = []
    game_screen = app.screen
    assert isinstance(game_screen, GameScreen)

    async def press(key: str, then: Callable[[], bool]) -> None:
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
        await wait_for(pilot, then)
        await pilot.pause()

    await wait_for(pilot, lambda: app.screen is game_screen and not game_screen._thinking and bool(session.view().actions))
    await pilot.pause()
    drawn.append(("the board, asked", await settled_text(app, pilot)))
    drawn.append(("the whole log", "\n".join(line.plain for line in game_screen.query_one(GameLog).shown)))
    drawn.append(("the story", story_markdown(session.story(), session.shown, "story", [], "", "")))
    await press("left_square_bracket", lambda: isinstance(app.screen, LastMovesScreen))
    moves = app.screen
    assert isinstance(moves, LastMovesScreen)
    drawn.append((f"last moves at {moves.position}", await settled_text(app, pilot)))
    while moves.position > moves.first + 1:
        at = moves.position
        await press("left", lambda at=at: moves.position != at)
        drawn.append((f"last moves at {moves.position}", await settled_text(app, pilot)))
    await press("escape", lambda: app.screen is game_screen)
    for key, kind in (("c", TextScreen), ("h", HelpScreen)):
        if key == "c" and not session.variant.cards:  # a game without cards has no cards to look at
            continue
        await press(key, lambda kind=kind: isinstance(app.screen, kind))
        drawn.append((f"the screen of {key}", await settled_text(app, pilot)))
        await press("escape", lambda: app.screen is game_screen)
    return drawn


async def seen_picking(twins: tuple[Session, Session]) -> list[list[tuple[str, str]]]:
    one, other = twins
    app = BoardwalkApp(one, pace="instant")
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        seen = [await looked_at(app, pilot, one)]
        app.start_session(other)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.session is other)
        seen.append(await looked_at(app, pilot, other))
    return seen


@pytest.mark.parametrize("name", ["sealed-bids", "sealed-cards"])
def test_a_pick_another_player_makes_in_secret_is_not_shown_before_the_reveal(variants, name, tmp_path):
    """Issue 47, 4: "no seat's screen, log, observation or bot input shows another's pick until
    the reveal". Twins of a sealed bid (of numbers; or of cards of the hand, played face down
    at once: tests/test_secret_choice.py's sealed cards) whose bots pick differently: at every
    action up to the person's own pick, the engine tells the person the same (`told`), and
    asked then, every screen they can open draws the same text, though a bot has already
    picked otherwise."""
    if name in variants:
        variant, source = variants[name]
    else:
        path = tmp_path / f"{name}.yaml"
        path.write_text(SEALED_CARDS, encoding="utf-8")
        variant, source = load_variant(path), str(path)
    seats = [Seat(variant.seats[i].name, None if i == WATCHER else "random") for i in range(3)]
    for seed in range(10):
        twins = tuple(Session(GameRecord(variant, source, 3, seed, list(seats))) for _ in range(2))
        one, other = twins
        compared = 0
        for _ in range(60):
            if one.game.is_over or picked_apart(one, other):
                break
            play_picking(one, seed, differ=False)
            play_picking(other, seed, differ=True)
            if told(one, compared) != told(other, compared):
                assert any(e.kind == "reveal" for e in one.events[compared:]), "told apart before a reveal"
                break
            compared = len(one.events)
        if picked_apart(one, other):
            break
    else:
        raise AssertionError("no seed has the person pick after a bot")
    assert twins[0].game.to_dict() != twins[1].game.to_dict(), "the twins are two games"
    first, second = asyncio.run(seen_picking(twins))
    assert [what for what, _ in first] == [what for what, _ in second]
    assert sum(what.startswith("last moves") for what, _ in first) >= 2
    for (what, text), (_, twin_text) in zip(first, second):
        if text != twin_text:
            diff = difflib.unified_diff(text.splitlines(), twin_text.splitlines(), "one twin", "the other", lineterm="")
            pytest.fail(f"seed {seed}: {what} differs between the twins:\n" + "\n".join(diff), pytrace=False)
    assert "has chosen in secret" in dict(first)["the whole log"]
