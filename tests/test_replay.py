"""`boardwalk replay`: a saved game told again, action by action, or a located refusal."""

from __future__ import annotations

import json
import random

import pytest

from engine import load_variant
from engine.cli import main
from engine.commands.replay import transcript_lines
from engine.savefile import GameRecord, Seat, save_game, variant_source


def saved_game(tmp_path, finish=True):
    variant = load_variant("winning-moves-2016")
    record = GameRecord(variant, variant_source("winning-moves-2016"), 2, 9, [Seat("Ann"), Seat("White", "random")])
    game = record.new_game()
    rnd = random.Random(9)
    while not game.is_over and (finish or len(record.actions) < 25):
        action = rnd.choice(game.legal_actions()).to_dict()
        record.actions.append(action)
        game.apply(action)
    path = tmp_path / "saved.json"
    save_game(path, record, game)
    return path, record, game


def test_transcript_numbers_every_action_and_ends_with_the_result(tmp_path, capsys):
    path, record, game = saved_game(tmp_path)
    assert main(["replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    numbered = [line for line in out if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(record.actions)
    assert out[0].startswith("Advance to Boardwalk (Winning Moves, 2016): 2 players, seed 9")
    assert out[-1] == game.result().describe()
    assert any(line.split(". ", 1)[1].startswith("Ann (Purple):") for line in numbered)


def test_transcript_of_an_unfinished_game_says_who_is_to_decide(tmp_path):
    path, record, game = saved_game(tmp_path, finish=False)
    lines = transcript_lines(record)
    assert lines[-1].startswith("(saved before the end;") and "to decide" in lines[-1]


def test_a_damaged_save_is_refused_with_its_location_and_exit_1(tmp_path, capsys):
    path, record, game = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][3]["arg"] = "no such thing"
    path.write_text(json.dumps(data, indent=1))
    assert main(["replay", str(path), "--text"]) == 1
    err = capsys.readouterr().err
    line = path.read_text().splitlines().index('   "arg": "no such thing"') - 1  # the action's opening brace
    assert f"{path}:{line}:3: error: recorded action 4 (" in err


def test_a_missing_file_is_a_usage_error(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json"), "--text"]) == 2
    assert "no saved game" in capsys.readouterr().err


@pytest.mark.slow
def test_the_replay_viewer_steps_forward_back_and_jumps(tmp_path):
    import asyncio

    asyncio.run(_step_through(tmp_path))


async def _step_through(tmp_path):
    from engine.savefile import load_game
    from tui.replay import ReplayApp

    path, record, game = saved_game(tmp_path)
    app = ReplayApp(load_game(path).record)
    async with app.run_test(size=(100, 32)) as pilot:
        status = lambda: app.query_one("#status").content.plain  # noqa: E731
        assert "action 0 of" in status()
        for _ in range(3):
            await pilot.press("right")
        assert app.position == 3 and "action 3 of" in status()
        await pilot.press("left")
        assert app.position == 2
        await pilot.press("j", "3", "enter")  # j jumps by turn: to where turn 3 starts
        start = app.turn_starts[3]
        assert app.position == start and "Turn 3 · action" in status()
        assert record.replay(start - 1).turn_number == 2 and record.replay(start).turn_number == 3
        await pilot.press("j", *"999", "enter")  # no such turn: said so, and the box stays
        assert "Give a turn from 1 to" in str(app.screen.query_one("#jump-error").content)
        await pilot.press("escape")
        await pilot.press("end")
        assert app.position == len(record.actions)
        assert game.result().describe() in status()
        await pilot.press("home")
        assert app.position == 0


def test_the_turn_typed_right_after_j_goes_into_the_jump_box(tmp_path):
    import asyncio

    from textual import events

    from engine.savefile import load_game
    from tui.replay import ReplayApp

    path, record, _ = saved_game(tmp_path)

    async def scenario():
        app = ReplayApp(load_game(path).record)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for key in ("j", "4", "enter"):  # queued together, as a quick typist's keys arrive
                app.post_message(events.Key(key, "\r" if key == "enter" else key))
            for _ in range(100):
                await pilot.pause(0.01)
                if app.position:
                    break
            assert app.position == app.turn_starts[4]

    asyncio.run(scenario())
