"""The terminal UI, driven headless through Textual's pilot: complete games to the game-over
screen (bots alone, a person by key presses, two people at one keyboard), an answer out of
turn, saving and loading, a broken variant on the start screen; and the session rules under
the UI (who sees what, undo) tested directly."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from engine.commands.common import UsageError
from engine.commands.play import plan_seats
from engine.resources import bundled_variant_names
from tui.helptext import as_markdown_text, help_markdown
from tui.session import PUBLIC, Session
from tui_helpers import headless, many_options, reaction_seed, short_game_seed, variant, wait_for

pytest.importorskip("textual")

from textual.geometry import Region  # noqa: E402
from textual.widgets import Input, Static  # noqa: E402

from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.dialogs import ChoiceScreen, HandOverScreen, PathScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.screens.gameover import GameOverScreen  # noqa: E402
from tui.screens.start import StartScreen  # noqa: E402
from tui.widgets import BoardView, GameLog, HandView  # noqa: E402

NAME = "winning-moves-2016"


def run(coroutine):
    return asyncio.run(coroutine)


def game_app(seats: tuple, seed: int, pace: str = "instant") -> tuple[BoardwalkApp, Session]:
    session = Session.start(variant(NAME), NAME, list(seats), seed)
    return BoardwalkApp(session, pace=pace), session


def text_of(app, selector: str) -> str:
    """What a Static shows, as plain text (its text, or its rendered lines for a table)."""
    widget = app.screen.query_one(selector, Static)
    content = widget.content
    if hasattr(content, "plain"):
        return content.plain
    if isinstance(content, str):
        return content
    lines = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return "\n".join(strip.text for strip in lines)


async def press_through(pilot, until, keys: str = "1", timeout: float = 30.0) -> None:
    """Play as a person would: the first action (key 1) on their turn, Enter on every question
    (confirm, answer, hand-over), until `until()` holds."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not until():
        assert loop.time() < deadline, f"stuck on {type(app.screen).__name__}"
        screen = app.screen
        if isinstance(screen, (ChoiceScreen, HandOverScreen)):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.session.view().actions:
            await pilot.press(keys)
        else:
            await pilot.pause(0.005)
        await pilot.pause()


def on(app, kind) -> bool:
    return isinstance(app.screen, kind)


# ----- complete games -------------------------------------------------------------------------


def test_an_all_bot_game_plays_to_the_game_over_screen_with_the_ranking():
    seats = ("random", "random")
    seed = short_game_seed(seats)
    expected = headless(seats, seed)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: on(app, GameOverScreen))
            await pilot.pause()
            assert session.record.actions == expected.record.actions
            result = session.game.result()
            assert text_of(app, "#gameover-result") == result.describe()
            assert result.standings[0].name in text_of(app, "#ranking")
            log = app.screen_stack[-2].query_one(GameLog)
            assert log.count == len(session.events)  # every event reached the log
            await pilot.press("b")  # back to the final board
            assert on(app, GameScreen)

    run(scenario())


def test_a_person_plays_a_whole_game_against_a_bot_with_key_presses():
    seats = (None, "random")
    seed = short_game_seed(seats)
    expected = headless(seats, seed)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_through(pilot, lambda: on(app, GameOverScreen))
            # the keys sent exactly the actions a person taking the first choice takes
            assert session.record.actions == expected.record.actions
            assert session.game.result().describe() in text_of(app, "#gameover-result")

    run(scenario())


def test_undo_takes_back_the_persons_last_action_and_the_bots_replies():
    seats = (None, "random")
    seed = short_game_seed(seats)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: bool(session.view().actions))
            before = list(session.record.actions)
            await pilot.press("1")
            await pilot.press("enter") if on(app, ChoiceScreen) else None
            await wait_for(pilot, lambda: bool(session.view().actions) or session.game.is_over)
            assert len(session.record.actions) > len(before)
            await pilot.press("u")
            await wait_for(pilot, lambda: session.record.actions == before)
            assert session.view().actions  # the person is asked again, at the same point

    run(scenario())


def test_clicking_a_property_on_the_board_builds_there():
    seats = (None, "random")
    seed = short_game_seed(seats)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(120, 40)) as pilot:
            await press_through(pilot, lambda: session.game.decision == "build" and bool(session.view().actions))
            board = app.screen.query_one(BoardView)
            target = next(a for a in session.view().actions if a.kind == "build")
            first, _, _ = next(column for column in board._columns if column[2] == target.arg)
            before = len(session.record.actions)
            await pilot.click(BoardView, offset=(first, board.size.height - 2))
            await wait_for(pilot, lambda: len(session.record.actions) > before)
            assert session.record.actions[before] == target.to_dict()

    run(scenario())


def test_hot_seat_hides_each_hand_until_the_next_person_confirms_the_hand_over():
    seats = (None, None)
    seed = short_game_seed(seats)

    async def scenario():
        app, session = game_app(seats, seed)
        seated = []
        async with app.run_test(size=(120, 40)) as pilot:
            while len(seated) < 4:  # four hand-overs: each person takes the seat twice
                await wait_for(pilot, lambda: on(app, HandOverScreen) or bool(session.view().actions))
                if not on(app, HandOverScreen):
                    await press_through(pilot, lambda: on(app, HandOverScreen) or not session.view().actions)
                    continue
                game_screen = app.screen_stack[-2]
                assert session.viewer == PUBLIC  # nobody's cards behind the hand-over screen
                assert "hidden" in game_screen.query_one(HandView).content.plain
                await pilot.press("enter")
                viewer = session.viewer
                assert viewer == session.deciding
                seated.append(viewer)
                assert game_screen.query_one(HandView).content.plain.startswith(session.variant.seats[viewer].name)
                # the log names no card the other person drew
                log = game_screen.query_one(GameLog)
                hidden = [line.plain for event, line in zip(session.events, log.shown)
                          if event.kind == "draw" and event.private_to != viewer]
                assert hidden and all("draws a card" in line for line in hidden)
            assert set(seated) == {0, 1}


# ----- answering out of turn ------------------------------------------------------------------


@pytest.mark.parametrize("holds_answer", [True, False], ids=["answers-with-insurance", "notice-without-answer"])
def test_a_card_played_against_a_person_asks_them_at_once(holds_answer):
    seats = (None, "random")
    seed = reaction_seed(seats, holds_answer)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(80, 24)) as pilot:
            def asked() -> bool:
                return on(app, ChoiceScreen) and app.screen.has_class("reaction")

            await press_through(pilot, asked)
            assert session.game.decision == "react" and session.deciding == 0
            question = app.screen
            assert "Hurricane" in question.title_text
            labels = [label for label, _, _ in question.options]
            assert (labels[0] == "Play Insurance") == holds_answer
            if not holds_answer:
                assert labels == ["OK"]
            answered = len(session.events)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(session.events) > answered)
            kinds = [e.kind for e in session.events[answered:]]
            assert ("react" if holds_answer else "decline") in kinds

    run(scenario())


# ----- saving and loading ---------------------------------------------------------------------


def test_save_then_load_resumes_the_same_game_and_a_damaged_save_is_explained(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seats = (None, "random")
    seed = short_game_seed(seats)
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "boardwalk-save",\n "version": 1,\n "players": }\n', encoding="utf-8")

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(120, 40)) as pilot:
            await press_through(  # a few moves, then the person's turn on the game screen
                pilot, lambda: len(session.record.actions) >= 3 and on(app, GameScreen) and bool(session.view().actions)
            )
            await pilot.press("s")
            await wait_for(pilot, lambda: on(app, PathScreen))
            app.screen.query_one(Input).value = "game.json"
            await pilot.press("enter")
            await wait_for(pilot, lambda: on(app, GameScreen))
            saved = json.loads((tmp_path / "game.json").read_text())
            assert saved["actions"] == session.record.actions and not session.unsaved
            await press_through(pilot, lambda: session.unsaved)  # one more move, then load the save back
            await pilot.press("l")
            await wait_for(pilot, lambda: on(app, ChoiceScreen))  # unsaved moves: save first?
            await pilot.press("d")
            await wait_for(pilot, lambda: on(app, PathScreen))
            app.screen.query_one(Input).value = "broken.json"
            await pilot.press("enter")
            await pilot.pause()
            error = text_of(app, "#path-error")
            assert "broken.json:3:13" in error and "not valid JSON" in error
            app.screen.query_one(Input).value = "game.json"
            await pilot.press("enter")
            await wait_for(pilot, lambda: on(app, GameScreen) and app.screen.session is not session)
            resumed = app.screen.session
            assert resumed.record.actions == saved["actions"]
            assert resumed.game.to_dict() == saved["snapshot"]
            await press_through(pilot, lambda: len(resumed.record.actions) > len(saved["actions"]) + 2)

    run(scenario())


# ----- the start screen -----------------------------------------------------------------------


def test_a_broken_variant_file_on_the_start_screen_shows_its_located_errors(tmp_path, monkeypatch, default_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text(default_text.replace("starting_hand: 2", "starting_hnad: 2"), encoding="utf-8")
    line = default_text.splitlines().index("  starting_hand: 2") + 1

    async def scenario():
        app = BoardwalkApp(pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: on(app, StartScreen) and NAME in app.screen.results)
            app.screen.query_one("#variant-file", Input).focus()
            await pilot.press(*"mine.yaml", "enter")
            await wait_for(pilot, lambda: "mine.yaml" in app.screen.results)
            await pilot.pause()
            info = text_of(app, "#variant-info")
            assert f"mine.yaml:{line}:3: error: unknown key 'starting_hnad'" in info
            await pilot.press("f2")  # starting is refused, nothing crashes
            assert on(app, StartScreen)
            # fix the file, check it again, seat a bot and start
            (tmp_path / "mine.yaml").write_text(default_text, encoding="utf-8")
            app.screen.query_one("#variant-file", Input).focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen.results.get("mine.yaml") is not None
                           and getattr(app.screen.results["mine.yaml"], "variant", None) is not None)
            await wait_for(pilot, lambda: bool(app.screen.query("#seat-1")))
            app.screen.query_one("#seed", Input).value = "5"
            await pilot.press("f2")
            await wait_for(pilot, lambda: on(app, GameScreen))
            session = app.screen.session
            assert session.record.seed == 5 and session.record.seats[0].is_human and not session.record.seats[1].is_human
            assert session.record.variant_source.endswith("mine.yaml")

    run(scenario())


# ----- the session beneath the screens --------------------------------------------------------


def test_undo_is_only_for_one_person_against_bots():
    assert not headless((None, None), 1, limit=5).undo_allowed
    assert not headless(("random", "random"), 1, limit=5).undo_allowed
    session = headless((None, "random"), 1, limit=30)
    taken = session.undo()
    assert taken >= 1 and session.deciding == 0
    assert session.record.actions == headless((None, "random"), 1, limit=30).record.actions[: len(session.record.actions)]


def test_the_help_names_every_card_with_its_text_for_every_bundled_variant():
    for name in bundled_variant_names():
        v = variant(name)
        text = help_markdown(v, 2)
        for card in v.cards:  # as literal Markdown: its punctuation escaped
            assert as_markdown_text(card.name) in text and as_markdown_text(card.text) in text
        for zone in v.zones:
            assert as_markdown_text(zone.name) in text


def test_play_arguments_are_checked_before_the_ui_starts(tmp_path, capsys):
    assert plan_seats("greedy,random", None, (2, 3, 4), "greedy") == [None, "greedy", "random"]
    assert plan_seats("human,random", None, (2, 3, 4), "greedy") == [None, "random"]
    assert plan_seats(None, 3, (2, 3, 4), "random") == [None, "random", "random"]
    with pytest.raises(UsageError):
        plan_seats("random,random,random,random", None, (2, 3, 4), "random")
    from engine.cli import main

    assert main(["play", "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    damaged = tmp_path / "save.json"
    damaged.write_text("[1, 2", encoding="utf-8")
    assert main(["play", "--load", str(damaged)]) == 2
    assert f"{damaged}:1:6: error:" in capsys.readouterr().err


def test_check_and_simulate_do_not_import_textual():
    code = (
        "import sys\nfrom engine.cli import main\n"
        "main(['check', 'winning-moves-2016'])\n"
        "main(['simulate', '--games', '2', '--bots', 'random', '--jobs', '1'])\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_game_of_monopoly_chance_is_drawn_from_its_components_and_played_to_the_end():
    """issue 12: the TUI draws any bundled game from its components: Chance shows each
    property's top cash card, each player's skyline and flipped and kept cards, and the
    flip-or-cash-out question; a bots' game reaches the end screen."""
    chance = variant("monopoly-chance")

    async def scenario():
        session = Session.start(chance, "monopoly-chance", [None, "random"], 8)
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            assert "Choose: flip or cash out" in text_of(app, "#prompt")
            players = " ".join(text_of(app, f"#player-{i}") for i in range(2))
            assert "skyline 0" in players and "flipped cards:" in players
            await pilot.press("2")  # cash out
            await pilot.pause(0.3)
            assert session.game.turn_number >= 1
        watched = Session.start(chance, "monopoly-chance", ["random", "random"], 8)
        app = BoardwalkApp(watched, pace="instant")
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):
                await pilot.pause(0.05)
                if isinstance(app.screen, GameOverScreen):
                    break
            assert isinstance(app.screen, GameOverScreen)
            await pilot.pause(0.5)  # the end screen lays its table out
            assert "skyline length" in text_of(app, "#ranking")

    run(scenario())


# ----- a key for every option, and typing a target (issue 13) -----------------------------------


def test_every_option_has_a_key_in_the_action_list_and_on_its_tower_and_the_key_takes_it():
    from tui.targets import option_key
    from tui.widgets import ActionList

    session = many_options()
    actions = session.view().actions
    assert len(actions) > 10

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            listed = app.screen.query_one(ActionList)
            labels = [listed.get_option_at_index(i).prompt.plain for i in range(listed.option_count)]
            assert [label.split(" ", 1)[0] for label in labels] == [option_key(i) for i in range(len(actions))]
            board = app.screen.query_one(BoardView)
            drawn = board.render().plain.splitlines()
            for index, action in enumerate(actions):  # the key stands above the tower it takes
                first, last, _ = next(column for column in board._columns if column[2] == action.arg)
                assert any(line[first : last + 1].strip() == option_key(index) for line in drawn), option_key(index)
            before = len(session.record.actions)
            await pilot.press(option_key(13))  # a letter: the fourteenth option
            await wait_for(pilot, lambda: len(session.record.actions) > before)
            assert session.record.actions[before] == actions[13].to_dict()

    run(scenario())


def test_typing_a_target_lists_what_matches_and_enter_takes_the_one_it_names():
    session = many_options()
    actions = session.view().actions
    green_8 = next(i for i, a in enumerate(actions) if a.describe() == "choose $8M Green")

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("t", *"zz", "enter")
            assert "Nothing on offer matches 'zz'" in text_of(app, "#target-matches")
            assert session.record.actions[-1:] != [actions[green_8].to_dict()]
            app.screen.query_one("#target", Input).value = ""
            await pilot.press("g", "enter")  # five greens: Enter takes none of them
            assert "5 options match" in text_of(app, "#target-matches")
            before = len(session.record.actions)
            await pilot.press("8", "enter")  # 'g8'
            await wait_for(pilot, lambda: len(session.record.actions) > before)
            assert session.record.actions[before] == actions[green_8].to_dict()

    run(scenario())


def test_a_typed_target_names_one_option_by_zone_value_or_part_of_a_name_in_every_bundled_variant():
    from types import SimpleNamespace

    from tui.session import shown_variant
    from tui.targets import matches

    for name in bundled_variant_names():
        v = variant(name)
        game = Session.start(v, name, [None, "random"], 1).game
        view = SimpleNamespace(variant=shown_variant(v), actions=list(game.texts.choose_actions["property"].values()),
                               ends_turn=False)
        places = [(p.zone, p.value) for p in v.properties]
        for index, prop in enumerate(v.properties):
            zone = next(z.name for z in v.zones if z.id == prop.zone)
            if prop.name:
                assert matches(view, prop.name) == [index], (name, prop.name)
            if places.count((prop.zone, prop.value)) == 1:
                for typed in (f"{zone} {prop.value}", f"{v.format_money(prop.value)} {zone}"):
                    assert matches(view, typed) == [index], (name, typed)
                if not prop.name and len({z.name[:1] for z in v.zones}) == len(v.zones):  # 'g8'
                    assert matches(view, f"{zone[:1]}{prop.value}") == [index], (name, zone, prop.value)
        assert matches(view, "no such place") == []
    wm = SimpleNamespace(variant=variant(NAME), actions=list(Session.start(variant(NAME), NAME, [None, "random"], 1)
                                                            .game.texts.choose_actions["property"].values()), ends_turn=False)
    named = lambda view, typed: [view.actions[i].describe() for i in matches(view, typed)]  # noqa: E731
    assert named(wm, "g8") == named(wm, "green 8") == named(wm, "$8M green") == named(wm, "8G") == ["choose $8M Green"]
    assert len(named(wm, "5")) == 4 and len(named(wm, "red")) == 5
    chance = variant("monopoly-chance")
    game = Session.start(chance, "monopoly-chance", [None, "random"], 1).game
    view = SimpleNamespace(variant=chance, actions=list(game.texts.choose_actions["property"].values()), ends_turn=False)
    assert named(view, "walk") == ["choose Boardwalk"]  # inside a word, when no word starts so
    assert named(view, "park pl") == ["choose Park Place"]
    assert named(view, "go") == ["choose Go"]  # exactly its name, before Go to Jail
    assert len(named(view, "avenue")) > 5


def test_text_typed_right_after_a_file_box_opens_goes_into_it():
    """Keys that arrive together (typed fast, or pasted by the terminal) right after s: the
    save box opens and the name typed goes into it, none lost to the board behind."""
    from textual import events

    seats = (None, "random")
    seed = short_game_seed(seats)

    async def scenario():
        app, session = game_app(seats, seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(session.view().actions))
            for key in ["s", *"xyz", "full_stop", *"json"]:  # all queued before any is handled
                app.post_message(events.Key(key, "." if key == "full_stop" else key))
            await wait_for(pilot, lambda: on(app, PathScreen) and app.screen.query_one(Input).value == "xyz.json")
            await pilot.press("escape")
            for key in ["t", "g"]:  # the same for the box that takes a target
                app.post_message(events.Key(key, key))
            await wait_for(pilot, lambda: app.screen.query("#target") and app.screen.query_one("#target", Input).value == "g")

    run(scenario())


def test_one_unit_one_card_and_one_property_are_said_in_the_singular():
    """issue 13: a panel read '18 units · 1 card' and, near the end, '1 units'."""
    from dataclasses import replace

    from engine.game.messages import Event, counted
    from tui.widgets import PlayerPanel

    assert (counted(1, "unit"), counted(18, "unit"), counted(1, "property", "properties")) == ("1 unit", "18 units", "1 property")
    session = Session.start(variant(NAME), NAME, [None, "random"], 1)
    reshuffle = Event("reshuffle", {"count": 1}, session.game.texts)
    assert "(1 card)" in reshuffle.describe()

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            view = replace(session.view(), supply=[1, 2], hand_sizes=[1, 0], holders=[0] + [None] * 19)
            panel = app.screen.query_one("#player-0", PlayerPanel)
            panel.show(view)
            shown = panel.content.plain
            assert "1 unit · 1 card" in shown and "1 property" in shown and "1 units" not in shown

    run(scenario())


def test_n_opens_the_start_screen_set_up_as_the_game_just_left():
    """issue 13: a new game started from the variant, seats and bots of the last one."""
    from textual.widgets import OptionList

    from tui.screens.start import Cycler

    session = Session.start(variant("parker-1985"), "parker-1985", [None, "random", "greedy"], 3)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(100, 34)) as pilot:
            await wait_for(pilot, lambda: bool(session.view().actions))
            await pilot.press("n")
            if on(app, ChoiceScreen):  # unsaved moves: don't save
                await pilot.press("d")
            await wait_for(pilot, lambda: on(app, StartScreen) and bool(app.screen.query("#seat-2")))
            start = app.screen
            await pilot.pause()
            assert start.selected == "parker-1985"
            variants = start.query_one("#variants", OptionList)
            assert variants.get_option_at_index(variants.highlighted).id == "parker-1985"
            assert start.query_one("#players", Cycler).value == 3
            assert [start.query_one(f"#seat-{i}", Cycler).value for i in range(3)] == ["human", "random", "greedy"]
            await pilot.press("f2")
            await wait_for(pilot, lambda: on(app, GameScreen) and app.screen.session is not session)
            again = app.screen.session.record
            assert (again.variant_source, again.players) == ("parker-1985", 3)
            assert [s.bot for s in again.seats] == [None, "random", "greedy"]

    run(scenario())
