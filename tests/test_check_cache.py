"""The check cache (engine/variant/cache.py): `boardwalk check` answered from the cache prints
exactly what a fresh check prints, with the same exit status; a variant read back from the
cache equals the checked one and plays the same games, event for event; an edit to any file
of the `extends` chain, or to the engine, is a fresh check; a broken, cut short or foreign
entry is ignored and written anew; a cache folder that cannot be written changes nothing but
speed.

Every test has its own empty cache folder (conftest.py, `own_cache`)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine.variant.load as load
from engine import new_game, restore
from engine.cli import main
from engine.diagnostics import Loc
from engine.digest import sha256_hex
from engine.resources import DEFAULT_VARIANT, bundled_variant_names, variants_dir
from engine.variant import cache, merge, yamlsource
from engine.variant.checked import checked_variant
from engine.variant.find import find_variant_file
from test_check_bad_input import EXTENDS

ROOT = Path(__file__).resolve().parents[1]
WITH_ERRORS = EXTENDS + "rulez: 1\nrules:\n  starting_hnd: 3\n"
WITH_A_WARNING = EXTENDS + "rules:\n  starting_hand: 7\n"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["check", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def fresh_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files `check_variant` really checked, in order (a run answered from the cache adds none)."""
    checked: list[str] = []
    real = load.check_variant

    def counting(argument):
        checked.append(str(argument))
        return real(argument)

    monkeypatch.setattr(load, "check_variant", counting)
    return checked


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("variant-*.json")) if folder.is_dir() else []


# ----- the same answer, from the cache ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, argv_tail, status",
    [
        (None, [], 0),
        (WITH_ERRORS, [], 1),
        (WITH_A_WARNING, [], 0),
        (WITH_A_WARNING, ["--strict"], 1),
        (None, ["--format", "json"], 0),
        (WITH_ERRORS, ["--format", "json"], 1),
        (WITH_A_WARNING, ["--format", "json", "--strict"], 1),
    ],
    ids=["clean", "errors", "warning", "warning-strict", "clean-json", "errors-json", "warning-json-strict"],
)
def test_a_cached_check_prints_the_same_bytes_and_exits_the_same(
    write, capsys, fresh_checks, own_cache, monkeypatch, text, argv_tail, status
):
    argument = DEFAULT_VARIANT if text is None else str(write(text).name)
    cold = run([argument, *argv_tail], capsys)
    assert len(fresh_checks) == 1 and len(entries(own_cache)) == 1
    warm = run([argument, *argv_tail], capsys)
    assert len(fresh_checks) == 1, "the second check was not answered from the cache"
    assert warm == cold
    assert cold[0] == status
    monkeypatch.setenv(cache.ENV, "0")
    assert run([argument, *argv_tail], capsys) == cold, "the cache off prints the same too"


def test_warnings_are_kept_with_their_places_and_notes(write, capsys, fresh_checks):
    path = write(WITH_A_WARNING)
    cold = run([path.name], capsys)
    assert "v.yaml:3:3: warning: the starting hands take the whole deck" in cold[1]
    assert "winning-moves-2016.yaml" in cold[1] and ": note: " in cold[1]
    assert run([path.name], capsys) == cold and len(fresh_checks) == 1


def test_several_variants_at_once_each_from_its_own_entry(write, capsys, fresh_checks, own_cache):
    write(WITH_ERRORS, "a.yaml")
    write(EXTENDS, "b.yaml")
    cold = run(["a.yaml", "b.yaml", DEFAULT_VARIANT], capsys)
    assert len(entries(own_cache)) == 3
    assert run(["a.yaml", "b.yaml", DEFAULT_VARIANT], capsys) == cold and len(fresh_checks) == 3
    assert run(["b.yaml"], capsys)[0] == 0 and len(fresh_checks) == 3


def test_a_variant_file_checked_from_another_folder_is_named_from_there(write, capsys, fresh_checks, tmp_path, monkeypatch):
    write(WITH_ERRORS, "sub/v.yaml")
    here = run(["sub/v.yaml"], capsys)
    monkeypatch.chdir(tmp_path / "sub")
    there = run(["v.yaml"], capsys)
    assert "sub/v.yaml:2:1: error:" in here[1] and "\nv.yaml:2:1: error:" in "\n" + there[1]
    assert len(fresh_checks) == 2


def test_a_warm_check_loads_neither_the_checker_nor_yaml_jsonschema_or_lark(own_cache):
    child = (
        "import sys\n"
        "from engine.cli import main\n"
        f"status = main(['check', {DEFAULT_VARIANT!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('yaml', 'jsonschema', 'lark', 'textual', 'tui', 'typing')\n"
        "               or m.startswith(('engine.variant.load', 'engine.effects', 'engine.game', 'engine.diagnostics')))\n"
        "print(status, heavy)\n"
    )
    command = [sys.executable, "-c", child]
    runs = [subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr + runs[1].stderr
    assert "engine.variant.load" in runs[0].stdout, "the first run checks"
    assert runs[1].stdout.splitlines()[-1] == "0 []", "the second is answered from the cache alone"


def test_importing_engine_loads_no_checker_and_no_ui():
    child = (
        "import sys, engine\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('yaml', 'jsonschema', 'lark', 'textual', 'tui', 'typing')))\n"
    )
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


# ----- the variant from the cache, for play and simulate ----------------------------------------


def events_of(variant, players: int, seed: int) -> list:
    """Every option offered and every event of a game with seeded random choices, through a
    save and restore halfway: what must not differ between two variants that are equal."""
    import random

    rnd = random.Random(seed)
    game = new_game(variant, players, seed=seed)
    seen: list = []
    while not game.is_over:
        actions = game.legal_actions()
        seen.append([(a.kind, repr(a.arg), a.what) for a in actions])
        for event in game.apply(actions[rnd.randrange(len(actions))]):
            seen.append((event.kind, sorted(event.data.items(), key=str), event.private_to, event.describe()))
        if len(seen) == 200:
            game = restore(variant, json.loads(json.dumps(game.to_dict())))
    seen.append(json.dumps(game.to_dict(), sort_keys=True))
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_variant_names())
def test_a_variant_from_the_cache_equals_the_checked_one_and_plays_the_same_games(name, fresh_checks):
    path = find_variant_file(name)
    cold, outcome = checked_variant(path)
    warm, kept = checked_variant(path)
    assert len(fresh_checks) == 1, "the second was not read from the cache"
    assert cold is not None and warm is not None and warm is not cold
    assert warm == cold and kept == outcome
    assert warm.content_hash == cold.content_hash and warm.files == cold.files
    for players in cold.player_counts:
        assert events_of(warm, players, seed=players) == events_of(cold, players, seed=players)


@pytest.mark.slow
def test_the_checked_variant_shares_no_node_between_two_places():
    """The engine numbers statements by identity (rulebook.py): a node object at two places of
    the checked variant would be two objects once read back. The checker makes none."""
    from engine.effects import ast
    from engine.variant.load import load_variant

    for name in bundled_variant_names():
        variant = load_variant(name)
        trees = [card.effect.statements for card in variant.cards] + [p.statements for p in variant.programs.values()]
        roots = [card.condition for card in variant.cards if card.condition] + [s.expression for s in variant.scores]
        nodes = [id(node) for tree in trees for node in ast.walk(list(tree))] + [id(n) for n in ast.walk(roots)]
        assert len(nodes) == len(set(nodes)), name


def _first(value, name: str) -> list:
    """The first record named `name` inside a plain variant (depth first)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list) and item[:1] == [name]:
            return item
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
    raise AssertionError(f"no {name} in the variant")


def _deep(depth: int) -> list:
    value: list = ["Number", 1, 1, 1]
    for _ in range(depth):
        value = ["Not", 1, 1, value]
    return value


VARIANT_DAMAGE = {
    "an unknown record": lambda v: v.__setitem__(0, "Player"),
    "a field too many": lambda v: v.append(1),
    "a field too few": lambda v: _first(v, "Compare").pop(),
    "a number as text": lambda v: _first(v, "Number").__setitem__(3, "5"),
    "true as a number": lambda v: _first(v, "Number").__setitem__(3, True),
    "a statement where an expression is due": lambda v: _first(v, "Compare").__setitem__(4, ["Stop", 1, 1]),
    "a tuple as a mapping": lambda v: v.__setitem__(5, {}),
    "a rule as a mapping": lambda v: next(x for x in v if isinstance(x, dict)).update(cards_per_turn={}),
    "nested too deeply": lambda v: _first(v, "Compare").__setitem__(4, _deep(900)),
}


@pytest.mark.parametrize("damage", sorted(VARIANT_DAMAGE))
def test_a_damaged_variant_in_an_entry_is_a_fresh_check(own_cache, fresh_checks, damage):
    path = find_variant_file(DEFAULT_VARIANT)
    cold, _ = checked_variant(path)
    [entry] = entries(own_cache)
    data = json.loads(entry.read_text(encoding="utf-8"))
    VARIANT_DAMAGE[damage](data["payload"]["variant"])
    entry.write_text(json.dumps(data), encoding="utf-8")
    again, _ = checked_variant(path)
    assert len(fresh_checks) == 2 and again == cold


def test_an_entry_without_its_variant_is_a_fresh_check(own_cache, fresh_checks):
    path = find_variant_file(DEFAULT_VARIANT)
    cold, _ = checked_variant(path)
    [entry] = entries(own_cache)
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["payload"]["variant"] = None
    entry.write_text(json.dumps(data), encoding="utf-8")
    assert checked_variant(path)[0] == cold and len(fresh_checks) == 2


def test_play_and_simulate_take_the_variant_from_the_cache(write, capsys, fresh_checks):
    path = write(WITH_ERRORS)
    for command in (["play", path.name], ["simulate", path.name, "--games", "1"]):
        assert main(command) == 2
        first = capsys.readouterr()
        assert main(command) == 2
        assert capsys.readouterr() == first and "v.yaml:2:1: error:" in first.err
    assert len(fresh_checks) == 1, "simulate and play both used the entry play made"
    reports = []
    for _ in range(2):
        assert main(["simulate", DEFAULT_VARIANT, "--games", "2", "--jobs", "1", "--seed", "5"]) == 0
        reports.append([line for line in capsys.readouterr().out.splitlines() if "games/s" not in line])  # no timing
    assert reports[0] == reports[1] and len(fresh_checks) == 2


# ----- what the key covers --------------------------------------------------------------------


@pytest.fixture
def house_on_a_copied_base(write, default_text) -> tuple[Path, Path]:
    """house.yaml extends base.yaml, a copy of the bundled default, both in the working folder."""
    base = write(default_text, "base.yaml")
    house = write("extends: base.yaml\nname: House\n", "house.yaml")
    return house, base


def test_editing_the_base_a_house_rule_extends_is_a_fresh_check(house_on_a_copied_base, capsys, fresh_checks):
    house, base = house_on_a_copied_base
    first = run([house.name], capsys)
    assert first[0] == 0 and "house.yaml: ok: House;" in first[1]
    assert run([house.name], capsys) == first and len(fresh_checks) == 1
    base.write_text(base.read_text(encoding="utf-8").replace("    - players: 4\n", "    - players: 4x\n", 1), encoding="utf-8")
    second = run([house.name], capsys)
    assert len(fresh_checks) == 2
    assert second[0] == 1 and "base.yaml:" in second[1] and "error" in second[1]
    assert run([house.name], capsys) == second and len(fresh_checks) == 2, "and the new answer is kept"


def test_editing_the_house_rule_itself_is_a_fresh_check(house_on_a_copied_base, capsys, fresh_checks):
    house, _ = house_on_a_copied_base
    run([house.name], capsys)
    house.write_text("extends: base.yaml\nname: Another House\n", encoding="utf-8")
    assert "house.yaml: ok: Another House;" in run([house.name], capsys)[1]
    assert len(fresh_checks) == 2


def test_a_house_rule_pointed_at_another_base_is_a_fresh_check(house_on_a_copied_base, capsys, fresh_checks, default_text, write):
    """The same bytes in house.yaml, but base.yaml is now a link to another file: the chain
    is followed again and each file is known by where it really is."""
    house, base = house_on_a_copied_base
    run([house.name], capsys)
    other = write(default_text.replace("name: ", "name: Other ", 1), "other.yaml")
    base.unlink()
    base.symlink_to(other)
    assert "house.yaml: ok: House;" in run([house.name], capsys)[1]
    assert len(fresh_checks) == 2


def test_a_base_that_vanished_is_a_fresh_check_with_its_error(house_on_a_copied_base, capsys, fresh_checks):
    house, base = house_on_a_copied_base
    run([house.name], capsys)
    base.unlink()
    status, out, _ = run([house.name], capsys)
    assert status == 1 and "'extends' names 'base.yaml', but there is no such file" in out
    assert len(fresh_checks) == 2
    run([house.name], capsys)
    assert len(fresh_checks) == 3, "a result that depends on a missing file is never kept"


def test_the_engine_stamp_follows_every_file_of_the_package(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "m.py").write_text("x = 1\n")
    before = cache._file_stamps(str(tmp_path))
    (tmp_path / "a" / "m.py").write_text("x = 22\n")
    assert cache._file_stamps(str(tmp_path)) != before
    (tmp_path / "a" / "__pycache__").mkdir()
    (tmp_path / "a" / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"\0")
    after = cache._file_stamps(str(tmp_path))
    assert not any("pycache" in line for line in after)


def test_another_engine_is_a_fresh_check(write, capsys, fresh_checks, monkeypatch):
    path = write(EXTENDS)
    run([path.name], capsys)
    monkeypatch.setattr(cache, "_stamp", "an engine edited since")
    run([path.name], capsys)
    assert len(fresh_checks) == 2


def test_the_stamp_names_the_installed_yaml_jsonschema_and_lark():
    found = "\n".join(cache._distributions())
    for name in ("pyyaml-", "jsonschema-", "lark-"):
        assert name in found.lower()


# ----- entries that are not what they should be ----------------------------------------------


def _valid_entry(write, capsys, own_cache) -> tuple[Path, tuple[int, str, str]]:
    path = write(WITH_ERRORS)
    first = run([path.name], capsys)
    [entry] = entries(own_cache)
    return entry, first


HOSTILE = {
    "not json": lambda text: "{not json",
    "empty": lambda text: "",
    "cut short": lambda text: text[: len(text) // 2],
    "a list": lambda text: "[]",
    "wrong format": lambda text: text.replace('"format":1', '"format":99'),
    "wrong key": lambda text: text.replace('"key":"', '"key":"0'),
    "line as text": lambda text: text.replace('"line":2', '"line":"2"', 1),
    "line as true": lambda text: text.replace('"line":2', '"line":true', 1),
    "unknown severity": lambda text: text.replace('"severity":"error"', '"severity":"fatal"', 1),
    "extra key": lambda text: text[:-1] + ',"more":1}',
    "summary a number": lambda text: text.replace('"summary":null', '"summary":1'),
    "a long chain": lambda text: text.replace('"extends":[', '"extends":[' + '"x",' * 40),
    "deeply nested": lambda text: "[" * 100_000 + "]" * 100_000,
    "a huge number": lambda text: text.replace('"line":2', '"line":' + "9" * 5000, 1),
    "not utf-8": lambda text: "\udcff" + text,
}


@pytest.mark.parametrize("damage", sorted(HOSTILE))
def test_a_damaged_entry_is_ignored_and_written_anew(write, capsys, own_cache, fresh_checks, damage):
    entry, first = _valid_entry(write, capsys, own_cache)
    good = entry.read_text(encoding="utf-8")
    damaged = HOSTILE[damage](good)
    entry.write_bytes(damaged.encode("utf-8", "surrogateescape"))
    assert run(["v.yaml"], capsys) == first
    assert len(fresh_checks) == 2, "the damaged entry was used"
    assert entry.read_text(encoding="utf-8") == good, "and it was written anew"


def test_an_entry_for_other_content_is_not_used(write, capsys, own_cache, fresh_checks):
    """A well-formed entry whose key was made for another file's bytes: someone else's answer."""
    path = write(EXTENDS)
    clean = run([path.name], capsys)
    [entry] = entries(own_cache)
    kept = entry.read_bytes()
    path.write_text(WITH_ERRORS, encoding="utf-8")
    broken = run([path.name], capsys)
    entry.write_bytes(kept)  # the clean file's answer, under the broken file's name
    assert run([path.name], capsys) == broken != clean
    assert len(fresh_checks) == 3


@pytest.mark.parametrize("kind", ["link to /dev/zero", "fifo", "folder", "too large", "link to an entry"])
def test_an_entry_that_is_not_a_regular_file_of_ours_is_ignored(write, capsys, own_cache, fresh_checks, kind):
    entry, first = _valid_entry(write, capsys, own_cache)
    good = entry.read_bytes()
    entry.unlink()
    if kind == "link to /dev/zero":
        entry.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(entry)
    elif kind == "folder":
        entry.mkdir()
    elif kind == "too large":
        entry.write_bytes(good[:-1] + b" " * cache.MAX_ENTRY_BYTES + b"}")
    else:
        copy = entry.with_name("elsewhere.json")
        copy.write_bytes(good)
        entry.symlink_to(copy)
    assert run(["v.yaml"], capsys) == first
    assert len(fresh_checks) == 2


def test_a_folder_others_may_write_is_not_read_nor_written(write, capsys, own_cache, fresh_checks):
    path = write(EXTENDS)
    first = run([path.name], capsys)
    own_cache.chmod(0o777)
    assert run([path.name], capsys) == first and len(fresh_checks) == 2
    own_cache.chmod(0o700)
    assert run([path.name], capsys) == first and len(fresh_checks) == 2


# ----- a cache that cannot be used --------------------------------------------------------------


def test_a_cache_folder_that_cannot_be_made_changes_nothing(write, capsys, tmp_path, monkeypatch, fresh_checks):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV, str(blocker / "boardwalk"))
    path = write(WITH_ERRORS)
    first = run([path.name], capsys)
    assert first[0] == 1 and first[2] == ""
    assert run([path.name], capsys) == first and len(fresh_checks) == 2


def test_a_cache_folder_that_refuses_new_files_changes_nothing(write, capsys, own_cache, monkeypatch, fresh_checks):
    """As a read-only folder does (root writes into a read-only folder regardless, so the
    refusal is staged): the entries already there are still used."""
    path = write(EXTENDS)
    first = run([path.name], capsys)
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert run([path.name], capsys) == first and len(fresh_checks) == 1
    other = write(WITH_ERRORS, "w.yaml")
    status, out, err = run([other.name], capsys)
    assert status == 1 and err == "" and "w.yaml:2:1: error:" in out
    assert len(entries(own_cache)) == 1


def test_the_cache_off_writes_nothing(write, capsys, own_cache, monkeypatch, fresh_checks):
    monkeypatch.setenv(cache.ENV, "off")
    path = write(EXTENDS)
    run([path.name], capsys)
    run([path.name], capsys)
    assert len(fresh_checks) == 2 and not own_cache.exists()


def test_where_the_cache_lives(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == str(tmp_path / "xdg" / "boardwalk")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.folder() == str(tmp_path / "home" / ".cache" / "boardwalk")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.folder() == str(tmp_path / "home" / ".cache" / "boardwalk")
    monkeypatch.setenv(cache.ENV, str(tmp_path / "mine"))
    assert cache.folder() == str(tmp_path / "mine")
    for off in ("0", "off", "OFF", "no", "false"):
        monkeypatch.setenv(cache.ENV, off)
        assert cache.folder() is None


def test_old_entries_go_past_the_limit(write, capsys, own_cache, monkeypatch, fresh_checks):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for n in range(5):
        run([write(EXTENDS + f"name: V{n}\n", f"v{n}.yaml").name], capsys)
        for entry in entries(own_cache):  # the newest entry last, a second apart
            if entry.stat().st_mtime > 1000:
                os.utime(entry, (n + 1, n + 1))
    assert len(entries(own_cache)) == 3
    for n in (2, 3, 4):
        run([f"v{n}.yaml"], capsys)
    assert len(fresh_checks) == 5, "the three newest were kept"


def test_a_temporary_file_left_by_a_killed_writer_is_removed_later(write, capsys, own_cache):
    run([write(EXTENDS).name], capsys)
    stale, fresh = own_cache / ".old.tmp", own_cache / ".new.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (1, 1))
    run([write(EXTENDS, "w.yaml").name], capsys)
    assert not stale.exists() and fresh.exists()


# ----- the light pieces agree with the checker's own ------------------------------------------


def test_the_small_sha256_is_sha256():
    for data in (b"", b"abc", bytes(range(256)) * 1000):
        assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_bundled_variant_names_are_the_yaml_files_as_pathlib_globs_them():
    assert bundled_variant_names() == sorted(p.stem for p in variants_dir().glob("*.yaml"))


def test_the_light_limits_are_the_checkers():
    assert cache.MAX_FILE_BYTES == yamlsource.MAX_FILE_BYTES
    assert cache.MAX_CHAIN == merge.MAX_EXTENDS_DEPTH


BUNDLED_BY_PATH = "the bundled parker-1985 by a relative path"


@pytest.mark.parametrize(
    "name",
    ["winning-moves-2016", "no-such-variant", "base.yaml", "sub/base.yaml", "../outside.yaml", "missing.yaml", "sub",
     "sub/", "./base.yaml", "sub/../base.yaml", "link.yaml", BUNDLED_BY_PATH],
)
def test_the_cache_follows_an_extends_only_where_the_checker_does(write, tmp_path, default_text, name):
    write(default_text, "base.yaml")
    write(default_text, "sub/base.yaml")
    (tmp_path.parent / "outside.yaml").write_text(default_text)
    (tmp_path / "link.yaml").symlink_to(tmp_path.parent / "outside.yaml")
    if name == BUNDLED_BY_PATH:
        name = os.path.relpath(variants_dir() / "parker-1985.yaml", tmp_path)
    for child in ("child.yaml", "sub/child.yaml"):
        write(f"extends: {name}\n", child)
        found = merge._resolve_extends(name, Path(child), Loc(child, 1, 10), [])
        light = cache._base_file(name, child)
        if found is None:
            assert light is None, (name, child)
        else:
            assert light is not None and os.path.realpath(light) == os.path.realpath(found), (name, child)


def test_find_variant_file_is_what_find_variant_was(write, tmp_path):
    write(EXTENDS, "v.yaml")
    write(EXTENDS, "plain")
    (tmp_path / "folder.yaml").mkdir()
    for argument in (DEFAULT_VARIANT, "v.yaml", "./v.yaml", "plain", "folder.yaml", ".yaml", "nothing", ""):
        try:
            found: str | None = find_variant_file(argument)
        except load.VariantNotFound:
            found = None
        old = Path(argument)
        if old.suffix in (".yaml", ".yml") or "/" in argument:
            expected = old if old.is_file() else None
        elif argument in bundled_variant_names():
            expected = variants_dir() / f"{argument}.yaml"
        else:
            expected = old if old.exists() and old.is_file() else None
        assert (None if found is None else Path(found)) == expected, argument


def test_an_entry_holds_plain_json_only(write, capsys, own_cache):
    run([write(WITH_ERRORS).name], capsys)
    [entry] = entries(own_cache)
    data = json.loads(entry.read_text(encoding="utf-8"))
    assert set(data) == {"format", "kind", "key", "extends", "payload"}
    assert data["extends"] == ["winning-moves-2016", None]
    assert oct(entry.stat().st_mode & 0o777) == "0o600"
    assert oct(own_cache.stat().st_mode & 0o777) == "0o700"
    shutil.rmtree(own_cache)
