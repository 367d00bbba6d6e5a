"""The end of a game tells its story (issue 13, point 8): the game-over screen charts every
player's leading score turn by turn, tells the longest lead, the takeovers and the cards
played, saves the record and writes the story to a file, at 80x24 and at 160x50.

The story is checked against the events and the engine's own ranking, worked out here
another way (a fresh game replayed action by action, ranked by `rank_players`), for a seeded
bot game of each of the three games; the screen is driven through Textual's pilot."""

from __future__ import annotations

import asyncio
import dataclasses
import doctest
import json
from functools import cache

import pytest

import tui.story
from engine.game.result import rank_players
from engine.savefile import GameRecord, load_game
from tui.session import Session
from tui.story import Lead, card_lines, round_lines, story_lines, summary_lines
from tui_helpers import headless, short_game_seed, variant, wait_for

pytest.importorskip("textual_plotext")

from textual.geometry import Region  # noqa: E402
from textual.widgets import Input, Static  # noqa: E402

import tui.screens.gameover  # noqa: E402
from engine.game.game import state_of
from tui.app import BoardwalkApp  # noqa: E402
from tui.screens.dialogs import PathScreen  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.screens.gameover import GameOverScreen, StoryText  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): games played to the game-over screen in the headless app
pytestmark = pytest.mark.slow

GAMES = ["winning-moves-2016", "parker-1985", "monopoly-chance"]
BOTS = ("greedy", "greedy", "greedy")
QUICK_BOTS = {"monopoly-chance": ("random", "random", "random"), "monopoly-builder": ("random", "random", "random")}
"""Greedy bots take seconds over a game of Monopoly Chance or Monopoly Builder; random ones
play a long game (191 turns) at once."""


def run(coroutine):
    return asyncio.run(coroutine)


@cache
def _finished_record(name: str, seats: tuple, seed: int) -> GameRecord:
    session = headless(seats, seed, limit=100_000, name=name)
    assert session.game.is_over
    return session.record


def finished(name: str, seed: int = 1) -> Session:
    """A seeded bot game played to its end (played once, then replayed from its record)."""
    record = _finished_record(name, QUICK_BOTS.get(name, BOTS), seed)
    return Session(dataclasses.replace(record, actions=list(record.actions)))


def over_app(session: Session, pace: str = "instant") -> BoardwalkApp:
    return BoardwalkApp(session, pace=pace)


async def reach_game_over(pilot) -> GameOverScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=60)
    await pilot.pause()
    return app.screen


# ----- what the story says ---------------------------------------------------------------------


def leaders_after_each_turn(session: Session) -> dict[int, int | None]:
    """Who was ahead after each turn, by the engine's own ranking of a fresh game replayed
    action by action (the state at the first decision after the turn, or at the end)."""
    record = session.record
    game = record.new_game()
    turn = max(e.data["number"] for e in game.setup_events if e.kind == "turn")
    after: dict[int, int | None] = {}

    def ahead() -> int | None:
        firsts = [s.player for s in rank_players(state_of(game)).standings if s.place == 1]
        return firsts[0] if len(firsts) == 1 else None

    for action in record.actions:
        for event in game.apply(action):
            if event.kind == "turn":
                for ended in range(turn, event.data["number"]):
                    after[ended] = ahead()
                turn = event.data["number"]
            elif event.kind == "game_over":
                after[turn] = ahead()
    return after


def longest_run(after: dict[int, int | None]) -> Lead | None:
    best, run = None, None
    for turn in sorted(after):
        player = after[turn]
        run = None if player is None else Lead(player, run.first if run and run.player == player else turn, turn)
        if run and (best is None or run.turns > best.turns):
            best = run
    return best


@pytest.mark.parametrize("name", GAMES)
def test_the_story_of_a_seeded_bot_game_agrees_with_its_events_and_ranking(name):
    session = finished(name)
    story = session.story()
    players = session.record.players
    result = session.game.result()
    # the chart: one series a player, from the first turn's (or round's) start to the end,
    # ending on the final score
    assert len(story.series) == players
    rounds = session.chronicle.rounds
    points = story.turns + 1 if rounds is None else state_of(session.game).counters[rounds] + 1
    assert all(len(values) == points for values in story.series)
    assert story.turns == session.game.turn_number
    final = {s.player: s.scores[story.score.id] for s in result.standings}
    assert [values[-1] for values in story.series] == [final[p] for p in range(players)]
    # the longest lead, by the engine's ranking of the replayed game (a game of rounds: by
    # the story's own scores after each round, which the chart checks above end right)
    if rounds is None:
        assert story.lead == longest_run(leaders_after_each_turn(session))
    else:
        assert story.step == "round" and [r.number for r in story.rounds] == list(range(1, points))
        assert [[r.scores[p] for r in story.rounds] for p in range(players)] == [v[1:] for v in story.series]
    # takeovers: properties taken from another player
    taken = [0] * players
    for e in session.events:
        if e.kind == "take" and e.data["from"] not in (None, e.data["player"]):
            taken[e.data["player"]] += 1
    assert story.takeovers == (taken if any(taken) else [])
    # the cards: every card played, in order, each with words the log used after it that turn
    plays = [(i, e) for i, e in enumerate(session.events) if e.kind in ("play", "react")]
    assert [(c.player, c.card) for c in story.cards] == [
        (e.data["player"], session.shown.card(e.data["card"]).name) for _, e in plays
    ]
    for card, (index, _) in zip(story.cards, plays):
        following = []
        for e in session.events[index + 1 :]:
            if e.kind == "turn":
                break
            following.append(session.describe(e))
        said = card.did.split(" (and ")[0]
        if said.startswith("answered by "):  # another player's card came next: "Red plays Nope"
            who, what = said.removeprefix("answered by ").split("'s ", 1)
            said = next((words for words in following if words.startswith(who) and words.endswith(what)), said)
        told = said == "no visible effect" or any(said in words for words in following)
        chose = all(any(part in words for words in following) for part in said.split("; "))  # what was chosen
        assert told or chose, (card, following)
    # in words: what the game had, and nothing it did not
    lines = story_lines(story, session.shown)
    assert any(line.startswith(("Longest lead: ", "Ahead all the way: ")) for line in lines) == (story.lead is not None)
    assert any(line.startswith("Properties taken from another player: ") for line in lines) == bool(story.takeovers)
    assert any(line.startswith("Cards played: ") for line in lines) == bool(story.cards)
    assert len(lines) == len(summary_lines(story, session.shown)) + len(round_lines(story, session.shown)) + len(story.cards)


def test_a_loaded_game_tells_the_same_story_as_the_game_played():
    """The chronicle is kept by Session.apply, so a game replayed from its record (a load,
    an undo) has it too."""
    played = headless(BOTS, 1, limit=100_000, name="parker-1985")
    loaded = Session(dataclasses.replace(played.record, actions=list(played.record.actions)))
    assert played.game.is_over and loaded.story() == played.story()


def test_the_story_module_examples():
    assert doctest.testmod(tui.story).failed == 0
    assert doctest.testmod(tui.screens.gameover).failed == 0


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize("name", [*GAMES, "monopoly-builder"])
def test_the_ranking_names_every_score_whole_and_at_160x50_each_on_one_line(name, size):
    """Monopoly Builder's seven scores ('Billionaire Builder', 'largest group of buildings')
    were cut to 'B…' and 'la…' at 80 columns, and its money to '164…'. A score's name may wrap
    between its words, never inside one, or the table is turned (a row for each score); at
    160 columns every name is on one line; every value is whole."""
    session = finished(name)
    result = session.game.result()
    scores = session.shown.scores

    async def scenario():
        app = over_app(session)
        async with app.run_test(size=size) as pilot:
            screen = await reach_game_over(pilot)
            ranking = screen.query_one("#ranking", Static)
            drawn = [strip.text for strip in ranking.render_lines(Region(0, 0, ranking.size.width, ranking.size.height))]
            words = {word for line in drawn for word in line.split()}
            assert "…" not in "".join(drawn)
            for score in scores:
                assert set(score.name.split()) <= words, score.name
                if size == (160, 50):
                    assert any(score.name in line for line in drawn), score.name
            for standing in result.standings:
                values = [session.shown.format_money(v) if s.money else str(v)
                          for s, v in ((s, standing.scores[s.id]) for s in scores)]
                assert set(values) <= words and standing.name in "".join(drawn)

    run(scenario())


# ----- the screen ------------------------------------------------------------------------------


def test_the_story_on_the_game_over_screen_of_a_seeded_bot_game():
    """Bots play a seeded game to the end at instant pace; the screen's story is the lead,
    takeovers and cards of that game, each card with what it did."""
    seats = ("greedy", "greedy")
    seed = short_game_seed(seats)

    async def scenario():
        session = Session.start(variant(), "winning-moves-2016", list(seats), seed)
        app = over_app(session)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await reach_game_over(pilot)
            shown = [line.plain for line in screen.query_one(StoryText).lines(200)]
            story = session.story()
            assert shown[0] == "The story of the game"
            assert shown[1 : 1 + len(summary_lines(story, session.shown))] == summary_lines(story, session.shown)
            lead = longest_run(leaders_after_each_turn(session))
            names = [seat.name for seat in session.shown.seats]
            said = (f"Longest lead: {names[lead.player]}, {lead.turns} turns in a row (turns {lead.first} to {lead.last})"
                    if lead.turns > 1 else f"Longest lead: {names[lead.player]}, ahead after turn {lead.first} only")
            assert shown[1] == said
            cards = card_lines(story, session.shown)
            assert cards, "the seeded game has cards played"
            assert [line.split(maxsplit=2)[2] for line in shown[-len(cards) :]] == [words for _, words in cards]

    run(scenario())


def test_the_chart_has_one_line_per_player_in_their_colour():
    async def scenario():
        session = finished("winning-moves-2016")
        app = over_app(session)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await reach_game_over(pilot)
            story = screen.story
            assert len(story.series) == 3
            assert len({tuple(values) for values in story.series}) == 3  # no line hidden under another
            chart = screen.query_one("#chart")
            assert chart.size.width > 40 and chart.size.height >= 10
            drawn = chart.render()
            colours = {str(span.style.color.triplet.hex) for span in drawn.spans
                       if not isinstance(span.style, str) and span.style.color and span.style.color.triplet}
            assert {seat.colour for seat in session.shown.seats[:3]} <= colours
            assert "$0M" in drawn.plain  # the y axis in the variant's money
            legend = screen.query_one("#chart-legend").content.plain
            for seat, values in zip(session.shown.seats, story.series):
                assert f"{seat.name} {session.shown.format_money(values[-1])}" in legend

    run(scenario())


def test_export_writes_the_story_as_markdown_and_a_bad_folder_is_explained(tmp_path):
    session = finished("winning-moves-2016")
    target = tmp_path / "story.md"

    async def scenario():
        app = over_app(session)
        async with app.run_test(size=(100, 30)) as pilot:
            await reach_game_over(pilot)
            await pilot.press("e")
            await wait_for(pilot, lambda: isinstance(app.screen, PathScreen))
            app.screen.query_one(Input).value = str(tmp_path / "missing" / "story.md")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PathScreen)
            error = str(app.screen.query_one("#path-error").content)
            assert "missing/story.md" in error and "error: could not write the story: No such file" in error
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))

    run(scenario())
    text = target.read_text(encoding="utf-8")
    story = session.story()
    assert text.startswith("# The story of a game of Advance to Boardwalk")
    assert session.result_text() in text
    for line in story_lines(story, session.shown):
        assert line in text
    assert "## Total property value after each turn" in text
    chart = text.split("## Total property value after each turn")[1]
    assert all(f"{seat.mark} {seat.name}" in chart for seat in session.seat_views())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["story.md"]  # written atomically: no temporary left


def test_variant_text_in_the_story_is_made_visible_on_screen_and_in_the_file():
    base = variant()
    hostile = dataclasses.replace(
        base, seats=(dataclasses.replace(base.seats[0], name="Evil\x1b]0;owned\x07"), *base.seats[1:])
    )
    session = Session.start(hostile, "winning-moves-2016", list(BOTS[:2]), 1)
    while not session.game.is_over:
        bot, observation = session.bot_observation()
        session.apply(bot.choose(observation))

    async def scenario():
        app = over_app(session)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await reach_game_over(pilot)
            on_screen = "\n".join(line.plain for line in screen.query_one(StoryText).lines(120))
            on_screen += screen.query_one("#chart-legend").content.plain
            written = screen.markdown()
            for text in (on_screen, written):
                assert "\x1b" not in text and "\x07" not in text
                assert "Evil\\x1b]0;owned\\x07" in text

    run(scenario())


def test_save_from_the_game_over_screen_writes_the_whole_record(tmp_path):
    session = finished("winning-moves-2016")
    target = tmp_path / "game.json"

    async def scenario():
        app = over_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await reach_game_over(pilot)
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, PathScreen))
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))  # back to the story

    run(scenario())
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved["actions"] == session.record.actions and saved["seed"] == session.record.seed
    loaded = load_game(target)
    assert loaded.game.is_over and loaded.game.result() == session.game.result()


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize("name", GAMES)
def test_the_game_over_screen_lays_out_at_80x24_and_160x50(name, size):
    session = finished(name)
    width, height = size

    async def scenario():
        app = over_app(session)
        async with app.run_test(size=size) as pilot:
            screen = await reach_game_over(pilot)
            await pilot.pause()
            chart, story = screen.query_one("#chart"), screen.query_one("#over-story")
            ranking, body = screen.query_one("#ranking"), screen.query_one("#over-body")
            for button in screen.query("Button"):  # every button in sight, whole
                assert button.region.right <= width and 0 <= button.region.y < height - 1, button.id
            assert chart.size.width >= 40 and chart.size.height >= 10
            if size == (80, 24):  # one column: the chart below the ranking, the story below it, scrolled
                assert chart.region.y > ranking.region.y and story.region.y > chart.region.y
                assert body.max_scroll_y > 0
                await pilot.press("pagedown")
                assert body.scroll_y > 0
            else:  # side by side: the chart in the left column, the story in the right
                assert story.region.x >= chart.region.right and chart.region.y < story.region.bottom
                assert chart.size.height >= 20 and body.max_scroll_y == 0
                assert screen.query_one(".gameover").size.width >= 150
            await pilot.press("b")
            assert isinstance(app.screen, GameScreen)

    run(scenario())
