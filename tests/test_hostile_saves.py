"""Saved games get mailed between friends, so a save is treated as hostile: every bad one is
refused with a message at the field's line and column, with exit status 1 (replay) or 2
(play), never a traceback, a hang, unbounded memory or a Python repr.

The saves here are written by `save_game` (`indent=1`), so each top-level field has its own
line: version on 3, the variant's source, name and hash on 6-8, players on 10, seed on 11 and
the second seat's bot on 19. A test that promises a location names it exactly.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest

from engine import load_variant
from engine.cli import main
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.resources import schemas_dir, variants_dir
from engine.savefile import (
    SEED_LIMIT,
    GameRecord,
    SaveError,
    Seat,
    VariantOutsideFolders,
    load_game,
    own_folders,
    save_game,
    variant_source,
)

NAME = "winning-moves-2016"


@pytest.fixture(scope="module")
def variant():
    return load_variant(NAME)


@pytest.fixture(scope="module")
def good(variant, tmp_path_factory) -> dict:
    """A save of 40 actions between a person and the random bot, as JSON data."""
    record = GameRecord(variant, variant_source(NAME), 2, 9, [Seat("Ann"), Seat("White", "random")])
    game = record.new_game()
    rnd = random.Random(9)
    while len(record.actions) < 40:
        action = rnd.choice(game.legal_actions()).to_dict()
        record.actions.append(action)
        game.apply(action)
    path = tmp_path_factory.mktemp("good") / "good.json"
    save_game(path, record, game)
    return json.loads(path.read_text())


def saved(tmp_path: Path, data: dict, name: str = "game.json", text: str | None = None) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1) + "\n" if text is None else text, encoding="utf-8")
    return path


def edited(good: dict, edit) -> dict:
    data = json.loads(json.dumps(good))
    edit(data)
    return data


def refusal(path: Path, **kwargs) -> str:
    """The first problem, as printed: 'file:line:col: error: message (hint)'."""
    with pytest.raises(SaveError) as info:
        load_game(path, **kwargs)
    return str(info.value.diagnostics[0])


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), start=1) if text in line)


def assert_no_python_repr(message: str) -> None:
    for mark in ("{'", "['", "': ", "None", "True", "False", "Traceback", "<", "\\'"):
        assert mark not in message, (mark, message)


# ----- numbers ---------------------------------------------------------------------------------


def test_a_fractional_seed_is_refused_at_the_seed(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d.update(seed=1.5)))
    assert refusal(path) == f"{path}:11:10: error: seed should be a whole number, not 1.5"


def test_a_seed_of_thousands_of_digits_is_refused_at_the_seed_while_parsing(tmp_path, good):
    """Python's json raises a bare ValueError for more than 4300 digits; it is caught at the parse."""
    text = json.dumps(good, indent=1).replace('"seed": 9,', f'"seed": {"9" * 5000},', 1)
    path = saved(tmp_path, good, text=text)
    assert refusal(path) == f"{path}:11:10: error: seed should be a whole number, not a number 5,000 digits long"
    assert main(["replay", str(path), "--text"]) == 1


def test_seeds_are_bounded_by_2_to_the_64_either_way(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d.update(seed=2**64)))
    assert refusal(path) == (
        f"{path}:11:10: error: seed should be from -(2^64 - 1) to 2^64 - 1, not 18446744073709551616"
    )


def test_the_schema_and_the_engine_agree_on_the_seed_bounds(variant):
    schema = json.loads((schemas_dir() / "savegame.schema.json").read_text())
    seed = schema["properties"]["seed"]
    assert seed["maximum"] == SEED_LIMIT - 1 and seed["minimum"] == -(SEED_LIMIT - 1)
    for extreme in (seed["minimum"], seed["maximum"], 0):
        for compat in (1, 2):
            game = new_state(variant, 2, extreme, compat=compat)
            game.apply(game.legal_actions()[0])


def test_a_save_with_an_extreme_seed_round_trips(tmp_path, variant):
    for seed in (SEED_LIMIT - 1, -(SEED_LIMIT - 1)):
        record = GameRecord(variant, variant_source(NAME), 2, seed, [Seat("Ann"), Seat("White", "random")])
        game = record.new_game()
        path = tmp_path / "extreme.json"
        save_game(path, record, game)
        assert load_game(path).record.seed == seed


@pytest.mark.parametrize(
    "field, value, shown, where",
    [
        ("players", 2.0, "2.0", "10:13"),
        ("seed", 9.0, "9.0", "11:10"),
        ("seed", True, "true", "11:10"),
        ("players", True, "true", "10:13"),
    ],
)
def test_integers_are_json_integers_not_floats_or_booleans(tmp_path, good, field, value, shown, where):
    """Python takes 2.0 for 2 and true for 1; a save that says so would crash the game."""
    path = saved(tmp_path, edited(good, lambda d: d.update({field: value})))
    assert refusal(path) == f"{path}:{where}: error: {field} should be a whole number, not {shown}"


def test_a_version_written_as_text_or_a_float_is_not_supported(tmp_path, good):
    for value, shown in (("2", '"2"'), (2.0, "2.0")):
        path = saved(tmp_path, edited(good, lambda d, value=value: d.update(version=value)))
        assert refusal(path) == (
            f"{path}:3:13: error: save version {shown} is not supported (this program reads versions 1 and 2)"
        )


def test_nan_and_infinity_are_not_json_numbers(tmp_path, good):
    for word in ("NaN", "-Infinity"):
        text = json.dumps(good, indent=1).replace('"seed": 9,', f'"seed": {word},', 1)
        path = saved(tmp_path, good, text=text)
        assert refusal(path) == f"{path}:11:10: error: seed should be a whole number, not {word}, which JSON does not allow"


@pytest.mark.parametrize(
    "arg, message",
    [
        (10**12, "should be from -1,000,000,000 to 1,000,000,000, not 1000000000000"),
        (1.5, "should be text or a whole number or null, not 1.5"),
        (False, "should be text or a whole number or null, not false"),
        ("x" * 101, "is 101 characters long; it may have at most 100"),
    ],
)
def test_action_arguments_are_bounded_and_located(tmp_path, good, arg, message):
    path = saved(tmp_path, edited(good, lambda d: d["actions"][4].update(arg=arg)))
    line = line_of(path, '"arg": ') + 4 * 4  # each action takes four lines
    assert refusal(path) == f"{path}:{line}:11: error: actions[5].arg {message}"


def test_the_quick_action_test_never_passes_what_the_schema_refuses():
    """Actions meet jsonschema only when the quick test fails; so the quick test must be the
    stricter of the two."""
    from engine.savefile import _plain_action_test, _validators

    schema = _validators()[1]
    samples = [
        {"kind": "build", "arg": 3}, {"kind": "stop"}, {"kind": "play", "arg": "hurricane"},
        {"kind": "", "arg": 1}, {"kind": "k" * 40}, {"kind": "k" * 41}, {"kind": "a", "arg": "x" * 40},
        {"kind": "a", "arg": "x" * 41}, {"kind": "a", "arg": 10**9}, {"kind": "a", "arg": -10**9},
        {"kind": "a", "arg": 10**9 + 1}, {"kind": "a", "arg": True}, {"kind": "a", "arg": 2.0},
        {"kind": "a", "arg": None, "what": "x"}, {"arg": 1}, {"kind": 5}, [], "build", None,
        {"kind": "a", "arg": [1]}, {"kind": "a", "arg": {}},
    ]
    plain = _plain_action_test()
    for action in samples:
        if plain(action):
            assert schema.is_valid(action), action


# ----- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, message",
    [
        ("nosuch", "unknown bot 'nosuch' (known: greedy, random, strong)"),
        ("strong:iterations=-1", "bot 'strong': iterations='-1' should be at least 1"),
        ("random:speed=2", "bot 'random' takes no settings (got speed)"),
    ],
)
def test_an_unknown_bot_spec_is_refused_at_its_seat(tmp_path, good, spec, message):
    path = saved(tmp_path, edited(good, lambda d: d["seats"][1].update(bot=spec)))
    assert refusal(path) == f"{path}:19:11: error: seats[2].bot: {message}"


def test_play_load_and_replay_refuse_an_unknown_bot_without_a_traceback(tmp_path, good, capsys):
    path = saved(tmp_path, edited(good, lambda d: d["seats"][1].update(bot="nosuch")))
    assert main(["play", "--load", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:19:11: error: seats[2].bot: unknown bot 'nosuch'" in err and "Traceback" not in err
    assert main(["replay", str(path), "--text"]) == 1
    assert f"{path}:19:11: error: seats[2].bot: unknown bot 'nosuch'" in capsys.readouterr().err


# ----- refusing quickly, in bounded memory ----------------------------------------------------


def test_150000_junk_actions_are_refused_at_the_first(tmp_path, good):
    """The case that took 70 s: the schema met every action and a YAML parse of the whole
    file found positions. Now a quick test passes each action and replay stops at the first."""
    data = edited(good, lambda d: d.update(actions=[{"kind": "junk", "arg": i} for i in range(150_000)]))
    text = json.dumps(data)
    path = saved(tmp_path, data, text=text)
    column = text.index('"actions": [') + len('"actions": [') + 1
    assert refusal(path).startswith(
        f'{path}:1:{column}: error: recorded action 1 ({{"kind": "junk", "arg": 0}}) is not allowed at that point;'
    )


def test_the_schema_meets_only_the_actions_that_fail_the_quick_test(tmp_path, good, monkeypatch):
    import engine.savefile as savefile

    outline, action = savefile._validators()
    met = []

    class Counting:
        def iter_errors(self, instance):
            met.append(instance)
            return action.iter_errors(instance)

    monkeypatch.setattr(savefile, "_validators", lambda: (outline, Counting()))
    actions = [{"kind": "build", "arg": 1}] * 20_000 + [{"kind": "build", "arg": 1.5}] * 20_000
    data = edited(good, lambda d: d.update(actions=actions))
    path = saved(tmp_path, data, text=json.dumps(data))
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert len(info.value.diagnostics) == savefile.MAX_DIAGNOSTICS
    assert len(met) == savefile.MAX_DIAGNOSTICS, "the first few failing actions only"
    first = info.value.diagnostics[0]
    assert first.message == "actions[20001].arg should be text or a whole number or null, not 1.5"


def test_positions_come_from_the_json_text_not_a_yaml_parse(tmp_path, good, monkeypatch):
    import engine.variant.yamlsource as yamlsource

    path = saved(tmp_path, edited(good, lambda d: d.update(seed="x")))
    monkeypatch.setattr(yamlsource, "parse_yaml", lambda *a, **k: pytest.fail("the save was read as YAML"))
    assert refusal(path) == f'{path}:11:10: error: seed should be a whole number, not "x"'


def test_more_values_than_a_save_can_hold_are_refused_before_they_are_built(tmp_path):
    """Six million empty objects fit in 20 MB and would take a gigabyte; they are counted first."""
    path = saved(tmp_path, {}, text="[" + "0," * 700_000 + "0]")
    # the value after the 650,000th comma is the 650,001st: its comma is at offset 1,300,000
    assert refusal(path) == f"{path}:1:1300001: error: the save holds more than 650,000 values"


def test_nesting_too_deep_for_the_json_module_is_located(tmp_path):
    path = saved(tmp_path, {}, text='{"kind":\n' + "[" * 5000 + "]" * 5000 + "}")
    # the object is one level, so the 200th bracket goes deeper than 200
    assert refusal(path) == f"{path}:2:200: error: the save has lists or objects nested too deeply"


def test_a_save_too_large_is_refused_by_its_size(tmp_path, monkeypatch):
    import engine.savefile as savefile

    monkeypatch.setattr(savefile, "MAX_SAVE_BYTES", 100)
    path = saved(tmp_path, {}, text=" " * 101)
    assert refusal(path) == f"{path}:1:1: error: the save is 101 bytes; files like it are limited to 100"


# ----- located messages ------------------------------------------------------------------------


def test_an_illegal_action_is_named_as_json_at_its_line(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d["actions"].__setitem__(3, {"kind": "x", "arg": None})))
    line = line_of(path, '"kind": "x"') - 1
    message = refusal(path)
    assert message.startswith(
        f'{path}:{line}:3: error: recorded action 4 ({{"kind": "x", "arg": null}}) is not allowed at that point; '
    )
    assert_no_python_repr(message)


def test_an_action_after_the_end_of_the_game_is_located(tmp_path, variant):
    record = GameRecord(variant, variant_source(NAME), 2, 9, [Seat("Ann"), Seat("White", "random")])
    game = record.new_game()
    rnd = random.Random(9)
    while not game.is_over:
        action = rnd.choice(game.legal_actions()).to_dict()
        record.actions.append(action)
        game.apply(action)
    path = tmp_path / "over.json"
    save_game(path, record, game)
    data = json.loads(path.read_text())
    data["actions"].append({"kind": "stop", "arg": None})
    path = saved(tmp_path, data)
    number = len(data["actions"])
    line = line_of(path, '"snapshot": {') - 5
    assert refusal(path) == (
        f'{path}:{line}:3: error: recorded action {number} ({{"kind": "stop", "arg": null}}) comes after the end of the game'
    )


def test_a_snapshot_that_differs_is_pointed_at_its_first_differing_field(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d["snapshot"]["supply"].__setitem__(1, d["snapshot"]["supply"][1] + 3)))
    supply = good["snapshot"]["supply"]
    line = line_of(path, '"supply": [') + 2
    assert refusal(path) == (
        f"{path}:{line}:4: error: the recorded actions do not lead to the saved position: snapshot.supply[2] is "
        f"{supply[1] + 3}; replaying the actions gives {supply[1]} (was the file edited?)"
    )


def test_a_snapshot_number_written_as_true_differs(tmp_path, good):
    """1 and true are equal in Python, not in a save."""
    turn = good["snapshot"]["turn_number"]
    path = saved(tmp_path, edited(good, lambda d: d["snapshot"].update(turn_number=True)))
    line = line_of(path, '"turn_number": ')
    assert refusal(path) == (
        f"{path}:{line}:18: error: the recorded actions do not lead to the saved position: snapshot.turn_number is "
        f"true; replaying the actions gives {turn} (was the file edited?)"
    )


@pytest.mark.parametrize(
    "edit, where, message",
    [
        (lambda d: d.update(extra=1), None, 'the save has a field "extra" that a save does not have'),
        (lambda d: d["variant"].pop("hash"), "5:13", "variant is missing the field 'hash'"),
        (lambda d: d["variant"].update(hash="XYZ"), "8:11", 'variant.hash is "XYZ", which is not 64 lowercase'),
        (lambda d: d["seats"][0].update(name=None), "14:12", "seats[1].name should be text, not null"),
        (lambda d: d.update(seats=[]), "12:11", "seats should list at least 1 item"),
        (lambda d: d.update(kind="chess"), "2:10", 'kind should be "boardwalk-save", not "chess"'),
        (lambda d: d.update(players=9), "10:13", "players should be from 1 to 8, not 9"),
        (lambda d: d["actions"].__setitem__(0, {"kind": "build", "arg": 1, "x": 2}), None,
         'actions[1] has a field "x" that a save does not have'),
    ],
)
def test_schema_problems_are_located_and_free_of_python_reprs(tmp_path, good, edit, where, message):
    path = saved(tmp_path, edited(good, edit))
    if where is None:
        key = '"extra"' if "extra" in message else '"x"'
        line = line_of(path, key)
        where = f"{line}:{path.read_text().splitlines()[line - 1].index(key) + 1}"
    found = refusal(path)
    assert found.startswith(f"{path}:{where}: error: {message}"), found
    assert_no_python_repr(found.split(": error: ", 1)[1].split(" (its fields")[0])


def test_seats_that_do_not_match_the_players_are_located(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d.update(players=3)))
    assert refusal(path) == f"{path}:12:11: error: the save lists 2 seats for 3 players"


def test_a_binary_save_is_located_at_its_first_bad_byte(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b'{"kind":\n "ab\xff"}')
    assert refusal(path) == f"{path}:2:5: error: the save is not a text file (it may be damaged)"


# ----- another variant -------------------------------------------------------------------------


def test_a_save_loaded_with_another_variant_names_both(tmp_path, good):
    path = saved(tmp_path, good)
    message = refusal(path, variant=load_variant("parker-1985"))
    assert message.startswith(
        f"{path}:7:11: error: the game was saved with variant 'Advance to Boardwalk (Winning Moves, 2016)', "
        "but the variant given is 'Advance to Boardwalk (Parker Brothers, 1985)'"
    )
    assert "changed since" not in message


def test_a_source_that_now_holds_another_variant_names_both(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d["variant"].update(source="parker-1985")))
    message = refusal(path)
    assert message.startswith(
        f"{path}:7:11: error: the game was saved with variant 'Advance to Boardwalk (Winning Moves, 2016)', "
        "but 'parker-1985' now holds 'Advance to Boardwalk (Parker Brothers, 1985)'"
    )
    assert "changed since" not in message


def test_the_same_variant_changed_since_is_located_at_the_hash(tmp_path, good):
    def changed(data):
        data["variant"]["hash"] = "0" * 64
        data["snapshot"]["turn_number"] += 1  # and the game it plays is not the one saved

    path = saved(tmp_path, edited(good, changed))
    assert refusal(path).startswith(
        f"{path}:8:11: error: the game was saved with variant 'Advance to Boardwalk (Winning Moves, 2016)' as it "
        "was then; it has changed since"
    )


def test_replay_with_another_variant_given_says_so(tmp_path, good, capsys):
    path = saved(tmp_path, good)
    assert main(["replay", str(path), "--variant", "parker-1985", "--text"]) == 1
    assert "but the variant given is 'Advance to Boardwalk (Parker Brothers, 1985)'" in capsys.readouterr().err


# ----- variant files outside the user's folders -----------------------------------------------


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """A home folder and a working folder inside it; `outside` is neither."""
    home, outside = tmp_path / "home", tmp_path / "outside"
    (home / "work").mkdir(parents=True)
    outside.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home / "work")
    return home, outside


def copy_variant(folder: Path) -> Path:
    target = folder / "mine.yaml"
    shutil.copy(variants_dir() / f"{NAME}.yaml", target)
    return target


def test_a_variant_file_outside_the_users_folders_is_not_read(folders, good):
    home, outside = folders
    path = saved(home, edited(good, lambda d: d["variant"].update(source=str(outside / "absent.yaml"))))
    with pytest.raises(VariantOutsideFolders) as info:
        load_game(path)
    assert str(info.value.diagnostics[0]) == (
        f"{path}:6:13: error: the save names the variant file '{outside / 'absent.yaml'}', outside your home folder "
        "and the current folder, so it was not read (if you trust that file, give the variant file yourself "
        "with --variant FILE)"
    ), "refused before even looking: a missing file is not reported as missing"


def test_the_command_line_refuses_it_and_says_how_to_allow_it(folders, good, capsys):
    home, outside = folders
    mine = copy_variant(outside)
    path = saved(home, edited(good, lambda d: d["variant"].update(source=str(mine))))
    assert main(["replay", str(path), "--text"]) == 1
    assert (
        "so it was not read (if you trust that file, give the variant file yourself with --variant FILE)"
        in capsys.readouterr().err
    )
    assert main(["play", "--load", str(path)]) == 2
    assert f"{path}:6:13: error: the save names the variant file" in capsys.readouterr().err
    assert main(["replay", str(path), "--variant", str(mine), "--text"]) == 0
    assert load_game(path, allowed_variant_files=[mine]).record.variant.content_hash == good["variant"]["hash"]


def test_a_link_in_the_users_folder_to_a_file_outside_is_outside(folders, good):
    home, outside = folders
    link = home / "link.yaml"
    link.symlink_to(copy_variant(outside))
    path = saved(home, edited(good, lambda d: d["variant"].update(source=str(link))))
    assert f"'{link}' (which is '{outside / 'mine.yaml'}')" in refusal(path)


def test_variant_files_in_the_home_or_working_folder_are_read(folders, good):
    home, _ = folders
    for folder in (home, home / "work"):
        mine = copy_variant(folder)
        path = saved(home, edited(good, lambda d, mine=mine: d["variant"].update(source=str(mine))))
        assert load_game(path).record.variant_source == str(mine)


def test_the_filesystem_root_is_never_a_users_folder(folders, good, monkeypatch):
    monkeypatch.chdir("/")
    monkeypatch.setenv("HOME", "/")
    assert Path("/") not in own_folders()
    home, _ = folders
    path = saved(home, edited(good, lambda d: d["variant"].update(source="/etc/boardwalk.yaml")))
    with pytest.raises(VariantOutsideFolders):
        load_game(path)


def test_a_variant_source_that_is_neither_a_name_nor_a_full_path_is_refused(tmp_path, good):
    path = saved(tmp_path, edited(good, lambda d: d["variant"].update(source="../../etc/x.yaml")))
    assert refusal(path) == (
        f"{path}:6:13: error: the save names its variant '../../etc/x.yaml', which is neither a bundled variant "
        "nor a file's full path (give the variant file yourself with --variant FILE)"
    )


# ----- files that are not regular files ---------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_not_waited_on(folders, good, capsys):
    home, _ = folders
    fifo = home / "work" / "pipe.json"
    os.mkfifo(fifo)
    assert refusal(fifo) == (
        f"{fifo}:1:1: error: the save is not a regular file (a pipe, a socket or a device); it was not read"
    )
    assert main(["play", "--load", str(fifo)]) == 2
    assert main(["replay", str(fifo), "--text"]) == 2
    assert f"'{fifo}' is not a regular file" in capsys.readouterr().err
    variant_fifo = home / "work" / "pipe.yaml"
    os.mkfifo(variant_fifo)
    path = saved(home, edited(good, lambda d: d["variant"].update(source=str(variant_fifo))))
    assert refusal(path) == (
        f"{path}:6:13: error: the saved game's variant '{variant_fifo}' is not a regular file (a pipe, a socket "
        "or a device); it was not read"
    )


def test_a_device_or_a_folder_is_not_a_save(tmp_path):
    if Path("/dev/zero").exists():
        assert refusal(Path("/dev/zero")).startswith("/dev/zero:1:1: error: the save is not a regular file")
    assert refusal(tmp_path) == f"{tmp_path}:1:1: error: the save is a folder, not a file"


# ----- seeds a person types --------------------------------------------------------------------


def test_play_refuses_a_seed_no_save_could_hold(capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", "--seed", str(2**64)])
    assert info.value.code == 2
    assert "is not a whole number below 2^64" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["play"], ["serve"], ["simulate", "--games", "1"]])
@pytest.mark.parametrize("seed", [str(2**64), str(-(2**64)), "1" + "0" * 40, "1e3", "twelve"])
def test_every_command_that_takes_a_seed_refuses_one_no_save_could_hold(capsys, command, seed):
    """Issue 25, item 13: `simulate --seed 18446744073709551616` was taken, while `play`
    refused it; every command's --seed is now the same argument type (savefile.parse_seed)."""
    with pytest.raises(SystemExit) as info:
        main([*command, "--seed", seed])
    assert info.value.code == 2
    assert "is not a whole number below 2^64 (either way)" in capsys.readouterr().err


def test_the_largest_seeds_a_save_holds_are_taken_by_every_command():
    from engine.commands.common import seed_argument
    from engine.savefile import parse_seed

    for text in (str(SEED_LIMIT - 1), str(-(SEED_LIMIT - 1)), " 7 ", "+7"):
        assert seed_argument(text) == parse_seed(text) == int(text)


def test_the_start_screen_seed_is_bounded_too():
    from tui.session import typed_seed

    assert typed_seed(str(SEED_LIMIT - 1)) == SEED_LIMIT - 1 and typed_seed("") is None
    for text in (str(SEED_LIMIT), "9" * 5000, "--3"):
        with pytest.raises(ValueError, match="below 2\\^64"):
            typed_seed(text)


# ----- positions in JSON text ------------------------------------------------------------------


def test_positions_point_where_the_parsed_value_came_from():
    from engine.jsontext import Positions, parse

    text = '{"a": 1, "b\\u0022": [10, {"c": "Caf\u00e9"}, 30],\n "a": {"d": [1, 2]}}'
    data = parse(text, "f")
    where = Positions(text, "f")
    assert data["a"] == {"d": [1, 2]}
    assert str(where.value(["a", "d", 1])) == "f:2:17", "a repeated key: the last one, which the parse kept"
    assert str(where.key(["a"])) == "f:2:2"
    assert str(where.value(['b"', 2])) == "f:1:41", "columns count characters (é is one), not bytes"
    assert str(where.value(['b"', 1, "c"])) == "f:1:32"
    assert str(where.value(["a", "missing"])) == "f:2:7", "as far along the path as the text goes"
    assert str(where.value([])) == "f:1:1"


def test_numbers_json_does_not_have_are_values_no_field_accepts():
    from engine.jsontext import Unreadable, parse, preview

    data = parse('[NaN, Infinity, -Infinity, ' + "1" * 101 + ", " + "1" * 100 + "]", "f")
    assert all(isinstance(value, Unreadable) for value in data[:4]) and data[4] == int("1" * 100)
    assert [preview(value) for value in data[:4]] == [
        "NaN, which JSON does not allow", "Infinity, which JSON does not allow",
        "-Infinity, which JSON does not allow", "a number 101 digits long",
    ]


# ----- the terminal UI's load dialogs ---------------------------------------------------------


@pytest.mark.slow
def test_the_start_screen_shows_an_unknown_bot_at_its_seat(tmp_path, good, monkeypatch):
    pytest.importorskip("textual")
    import asyncio

    from textual.widgets import Input, Static

    from tui.app import BoardwalkApp
    from tui.screens.start import StartScreen
    from tui_helpers import wait_for

    monkeypatch.chdir(tmp_path)
    path = saved(tmp_path, edited(good, lambda d: d["seats"][1].update(bot="nosuch")))

    async def scenario():
        app = BoardwalkApp(pace="instant")
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: on(app, StartScreen))
            app.screen.query_one("#save-file", Input).value = "game.json"
            await pilot.press("f3")
            await wait_for(pilot, lambda: "error" in str(app.screen.query_one("#load-error", Static).content))
            shown = str(app.screen.query_one("#load-error", Static).content)
            assert "game.json:19:11: error: seats[2].bot: unknown bot 'nosuch'" in shown
            assert on(app, StartScreen)

    assert path.exists()
    asyncio.run(scenario())


@pytest.mark.slow
def test_the_load_dialog_asks_before_reading_a_variant_file_outside_the_users_folders(folders, good):
    """No is the default: Enter refuses, and only 'y' reads the file."""
    pytest.importorskip("textual")
    import asyncio

    from textual.widgets import Input, Static

    from tui.app import BoardwalkApp
    from tui.screens.dialogs import ChoiceScreen, PathScreen
    from tui.screens.game import GameScreen
    from tui.session import Session
    from tui_helpers import wait_for

    home, outside = folders
    mine = copy_variant(outside)
    saved(home / "work", edited(good, lambda d: d["variant"].update(source=str(mine))))
    session = Session.start(load_variant(NAME), NAME, [None, "random"], 3)

    async def scenario():
        app = BoardwalkApp(session, pace="instant")
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: on(app, GameScreen))
            game_screen = app.screen
            for answer in ("enter", "y"):
                if not on(app, PathScreen):
                    game_screen._load_now()  # what 'l' opens, whatever question the game asks first
                    await wait_for(pilot, lambda: on(app, PathScreen) and bool(app.screen.query("#path")))
                app.screen.query_one("#path", Input).value = "game.json"
                await pilot.press("enter")
                await wait_for(pilot, lambda: on(app, ChoiceScreen))
                assert str(mine) in str(app.screen.body)
                await pilot.press(answer)
                if answer == "enter":
                    await wait_for(pilot, lambda: on(app, PathScreen))
                    await pilot.pause()
                    assert f"Not loaded: '{mine}' was not read." in str(app.screen.query_one("#path-error", Static).content)
            await wait_for(pilot, lambda: on(app, GameScreen) and app.screen.session is not session)
            assert app.screen.session.record.variant_source == str(mine)

    asyncio.run(scenario())


def on(app, kind) -> bool:
    return isinstance(app.screen, kind)


def test_a_card_variable_lying_nowhere_is_refused_with_its_field():
    """A card in an effect's variable is saved as [code, where it lay]; a place that is no pile,
    space or play is damage, named by its field, not a crash later in play."""
    import json
    import random

    from engine import load_variant
    from engine.game.game_state import new_state
    from engine.game.snapshot_check import RestoreError

    variant = load_variant("monopoly-chance")
    game, rnd = new_state(variant, 3, seed=5), random.Random(1)
    while True:
        data = game.to_dict()
        held = [(f, k) for f in data["frames"] for k, v in (f.get("env") or {}).items() if isinstance(v, list)]
        if held:
            break
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    frame, name = held[0]
    for bad in (5000, -500, "x", [1], 10**30):
        frame["env"][name] = [frame["env"][name][0], bad]
        with pytest.raises(RestoreError, match=rf"env\.{name}\[1\]"):
            restore_state(variant, json.loads(json.dumps(data)))
