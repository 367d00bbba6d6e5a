"""Saved games: atomic writes, exact reloads, and a located message for every damaged file."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine import load_variant
from engine.game.game import state_of
from engine.savefile import GameRecord, SaveError, Seat, load_game, save_game, variant_source


@pytest.fixture(scope="module")
def variant():
    return load_variant("winning-moves-2016")


def played(variant, steps=60, seed=4, name="winning-moves-2016", moves=None):
    """A record and its game after `steps` random moves (from `moves`, a seeded Random)."""
    record = GameRecord(variant, variant_source(name), 3, seed, [Seat("Ann"), Seat("Bot", "random"), Seat("Cy")])
    game = record.new_game()
    rnd = moves or random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        action = rnd.choice(game.legal_actions()).to_dict()
        record.actions.append(action)
        game.apply(action)
    return record, game


def test_a_saved_game_loads_to_the_same_position_and_goes_on_identically(tmp_path, variant):
    record, game = played(variant)
    path = tmp_path / "game.json"
    save_game(path, record, game)
    loaded = load_game(path)
    assert loaded.warnings == []
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.record.actions == record.actions and loaded.record.seats == record.seats
    for _ in range(20):
        if game.is_over:
            break
        action = game.legal_actions()[0]
        assert [e.to_dict() for e in loaded.game.apply(action)] == [e.to_dict() for e in game.apply(action)]


def test_a_failed_write_leaves_the_previous_save_whole(tmp_path, variant, monkeypatch):
    record, game = played(variant, steps=10)
    path = tmp_path / "game.json"
    save_game(path, record, game)
    before = path.read_bytes()
    more, later = played(variant, steps=40)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(SaveError, match="No space left on device.*previous save is unchanged"):
        save_game(path, more, later)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"


def test_a_save_gets_ordinary_permissions_and_keeps_an_existing_files(tmp_path, variant):
    record, game = played(variant, steps=5)
    path = tmp_path / "game.json"
    umask = os.umask(0o022)
    try:
        save_game(path, record, game)
        assert path.stat().st_mode & 0o777 == 0o644  # not the temporary file's private 0600
        path.chmod(0o640)
        save_game(path, record, game)
        assert path.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(umask)


def test_saving_into_a_missing_folder_is_a_clear_error(tmp_path, variant):
    record, game = played(variant, steps=5)
    with pytest.raises(SaveError, match="cannot save here"):
        save_game(tmp_path / "no" / "such" / "game.json", record, game)


def write(tmp_path, text, name="game.json"):
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    return path


def saved_json(tmp_path, variant, steps=30):
    record, game = played(variant, steps=steps)
    path = tmp_path / "good.json"
    save_game(path, record, game)
    return json.loads(path.read_text())


def only_error(path, **kwargs):
    with pytest.raises(SaveError) as info:
        load_game(path, **kwargs)
    return info.value.diagnostics[0]


def test_a_truncated_save_is_reported_with_its_position(tmp_path, variant):
    text = json.dumps(saved_json(tmp_path, variant), indent=1)
    cut = text[: len(text) // 2]
    error = only_error(write(tmp_path, cut))
    assert "not valid JSON" in error.message and "cut short" in error.message
    assert error.loc.line == cut.count("\n") + 1


def test_empty_and_binary_saves(tmp_path):
    assert "empty" in only_error(write(tmp_path, "")).message
    assert "not a text file" in only_error(write(tmp_path, b"\xff\xfe\x00junk", "bin.json")).message


def test_a_hand_edited_field_of_the_wrong_type_is_located(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["seed"] = "forty-two"
    path = write(tmp_path, json.dumps(data, indent=1))
    error = only_error(path)
    assert error.message == 'seed should be a whole number, not "forty-two"'
    line = path.read_text().splitlines()[error.loc.line - 1]
    assert '"seed": "forty-two"' in line


def test_a_save_of_another_version_is_refused_plainly(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["version"] = 7
    assert "version 7 is not supported" in only_error(write(tmp_path, json.dumps(data))).message


def test_an_illegal_recorded_action_is_named(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["actions"][5] = {"kind": "build", "arg": 999}
    error = only_error(write(tmp_path, json.dumps(data)))
    assert error.message.startswith('recorded action 6 ({"kind": "build", "arg": 999}) is not allowed at that point;')


def test_a_snapshot_that_does_not_follow_from_the_actions_is_caught(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["snapshot"]["supply"][0] += 3
    assert "do not lead to the saved position" in only_error(write(tmp_path, json.dumps(data))).message


def test_a_changed_variant_that_still_plays_the_recorded_game_loads_and_says_so(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["variant"]["hash"] = "0" * 64
    loaded = load_game(write(tmp_path, json.dumps(data)))
    assert loaded.warnings and "has changed since" in loaded.warnings[0] and "replays the same way" in loaded.warnings[0]


def test_a_changed_variant_that_plays_the_game_otherwise_is_refused_unless_asked_to_try(tmp_path, variant):
    data = saved_json(tmp_path, variant)
    data["variant"]["hash"] = "0" * 64
    data["snapshot"]["turn_number"] += 1  # the variant as it is now leads elsewhere
    path = write(tmp_path, json.dumps(data))
    assert "has changed since" in only_error(path).message
    loaded = load_game(path, allow_other_variant=True)
    assert loaded.warnings and "has changed since" in loaded.warnings[0]


def test_a_missing_variant_is_named(tmp_path, variant, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the user's own folder: a file there may be named
    data = saved_json(tmp_path, variant)
    data["variant"]["source"] = str(tmp_path / "gone.yaml")
    assert "cannot be found" in only_error(write(tmp_path, json.dumps(data))).message


def test_a_json_list_is_not_a_save(tmp_path):
    error = only_error(write(tmp_path, "[1, 2]"))
    assert error.message == "the save should be an object, not a list"


@pytest.mark.parametrize("steps", [40, 400, 2000])
def test_a_game_of_monopoly_chance_saves_loads_and_goes_on_identically(tmp_path, steps):
    """issue 12: a Monopoly Chance game, saved at any point (in the middle of a round, after
    one, at the end), loads to the same position (its cards in variables, its piles, its
    counters) and goes on identically."""
    record, game = played(load_variant("monopoly-chance"), steps, 9, "monopoly-chance", random.Random(steps))
    path = tmp_path / "chance.json"
    save_game(path, record, game)
    loaded = load_game(path)
    assert loaded.warnings == [] and loaded.game.to_dict() == game.to_dict()
    for _ in range(30):
        if game.is_over:
            break
        action = game.legal_actions()[-1]
        assert [e.to_dict() for e in loaded.game.apply(action)] == [e.to_dict() for e in game.apply(action)]


def test_a_save_from_before_cards_noted_what_they_had_done_still_loads(tmp_path):
    """A card half-way through its effect notes whether it has changed the game yet (so a
    cancel says 'the rest of Hurricane'); a save written before that was kept has no such
    field, and loads all the same, going on as it would have."""
    from engine import load_variant
    from engine.core.frames import CardFrame
    from tui.session import Session

    name = "house-stormy-weather"
    variant = load_variant(name)
    for seed in range(200):
        session = Session.start(variant, name, ["greedy", "greedy", "greedy"], seed)
        while not session.game.is_over and not any(isinstance(f, CardFrame) and f.acted for f in state_of(session.game).frames):
            bot, observation = session.bot_observation()
            session.apply(bot.choose(observation))
        if not session.game.is_over:
            break
    else:
        pytest.fail("no game among the seeds stopped half-way through a card that had acted")
    path = session.save(tmp_path / "now.json")
    data = json.loads(path.read_text())
    assert [f for f in data["snapshot"]["frames"] if f.get("acted")]
    for frame in data["snapshot"]["frames"]:
        frame.pop("acted", None)
    older = tmp_path / "older.json"
    older.write_text(json.dumps(data, indent=1))
    loaded = load_game(older)
    assert loaded.game.to_dict() == session.game.to_dict() and loaded.record.actions == session.record.actions
