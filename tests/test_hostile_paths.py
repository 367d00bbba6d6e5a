"""A path someone else chose meets one check (engine.paths) before the file system sees it:
a variant or a save named on the command line, an `extends:` in a variant file, the variant a
save names, a file to write. Whatever it holds, the answer is a located message and the
documented exit status (2 for an argument or a file that cannot be read, 1 for a problem
inside a file), never a traceback. (Issue 25, items 5, 6 and 13.)"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.cli import main
from engine.files import WriteFailed, write_atomically
from engine.paths import MAX_NAME_BYTES, MAX_PATH_BYTES, file_problem, path_problem
from engine.savefile import SaveError, load_game
from test_check_bad_input import EXTENDS, assert_at, only

LONG_NAME = "a" * 300
LONG_PATH = "a/" * 3_000 + "x.yaml"


def bad_places(tmp_path: Path) -> dict[str, str]:
    """Paths that each name no file to read, made in `tmp_path` (the working folder)."""
    (tmp_path / "self.yaml").symlink_to("self.yaml")
    (tmp_path / "loop").symlink_to("loop/")
    (tmp_path / "dangling.yaml").symlink_to("nothing-there.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo.yaml")
    return {
        "a name of 300 characters": LONG_NAME,
        "a name of 300 characters ending in .yaml": LONG_NAME + ".yaml",
        "a path of 3,000 folders": LONG_PATH,
        "a link to itself": "self.yaml",
        "a loop of folders": "loop/x.yaml",
        "a link to nothing": "dangling.yaml",
        "a link to a device": "zero.yaml",
        "a FIFO": "fifo.yaml",
        "a folder": ".",
        "nothing at all": "",
    }


COMMANDS = {
    "check": ["check"],
    "simulate": ["simulate", "--games", "1", "--jobs", "1"],
    "play": ["play"],
    "serve": ["serve"],
    "play --variant": ["play", "--load", "save.json", "--variant"],
    "replay": ["replay"],
    "play --load": ["play", "--load"],
    "replay --variant": ["replay", "save.json", "--variant"],
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_answers_a_path_that_names_no_file_with_a_message_and_status_2(write, tmp_path, capsys, command):
    """`check NAME` with a NAME of 300 characters ended in `OSError: File name too long`, and
    so did simulate, play and serve; replay and play --load said what was wrong. All of them
    now ask engine.paths, the one function every path goes through."""
    write(EXTENDS, "save.json")  # not a save, but a regular file: --variant is looked at first
    for what, place in bad_places(tmp_path).items():
        status = main([*COMMANDS[command], place])
        err = capsys.readouterr().err
        assert status == 2, (what, err)
        assert "Traceback" not in err and err.strip(), what
        assert len(err) < 2_000, (what, err)  # a path of 6,000 characters is shown cut short


def test_a_name_too_long_for_the_file_system_says_so(capsys):
    assert main(["check", LONG_NAME]) == 2
    assert f"has a name of 300 bytes; a file or folder name may have at most {MAX_NAME_BYTES}" in capsys.readouterr().err
    assert main(["simulate", LONG_PATH]) == 2
    assert f"is 6,006 bytes long; a path may have at most {MAX_PATH_BYTES:,}" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("command", ["check", "simulate", "replay"])
def test_a_file_that_refuses_to_be_read_is_an_io_error_exit_2(capsys, command):
    """Issue 25, item 13: `check /proc/self/mem` exited 1 (a problem in the file) where the
    docs say 2 for a file that cannot be read: a regular file of size 0 that refuses every read.
    The command line's file is now opened and its first byte read before it is checked."""
    assert main([command, "/proc/self/mem"]) == 2
    assert "'/proc/self/mem' cannot be read: Input/output error" in capsys.readouterr().err


def test_a_file_name_with_bytes_that_are_not_utf8_is_checked_and_shown_visibly(write, tmp_path, capsys):
    """A name from the command line is bytes; Python gives the ones that are not UTF-8 as lone
    surrogates, which no terminal can print and no UTF-8 text can hold."""
    name = os.fsdecode(b"odd\xff\xfe.yaml")
    write(EXTENDS, name)
    assert main(["check", name]) == 0
    assert "odd\\udcff\\udcfe.yaml: ok:" in capsys.readouterr().out
    assert main(["check", "--format", "json", name]) == 0
    assert json.loads(capsys.readouterr().out)[0]["variant"] == name


def test_a_file_name_with_a_line_break_stays_on_its_line(write, capsys):
    write(EXTENDS + "rulez: 1\n", "two\nlines.yaml")
    assert main(["check", "two\nlines.yaml"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("two\\nlines.yaml:2:1: error: unknown key 'rulez'")


def test_simulate_with_an_empty_variant_says_it_names_nothing(capsys):
    """`simulate ''` left out the empty name and ended in an IndexError."""
    assert main(["simulate", ""]) == 2
    assert "no variant file or bundled variant named ''" in capsys.readouterr().err


# ----- `extends:` in a file ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "extends, words",
    [
        ('"a\\0b.yaml"', "'extends' path 'a\x00b.yaml' holds a NUL character; no file name can"),
        (json.dumps(LONG_PATH), "is 6,006 bytes long; a path may have at most 4,096"),
        (LONG_NAME + ".yaml", "has a name of 305 bytes"),
        ("self.yaml", "'extends' names 'self.yaml', which is a loop of symbolic links"),
        ("loop/x.yaml", "'extends' names 'loop/x.yaml', which is a loop of symbolic links"),
        ("dangling.yaml", "'extends' names 'dangling.yaml', but there is no such file"),
        ("zero.yaml", "'extends' path 'zero.yaml' leaves the variant's folder"),
        ("/dev/zero", "'extends' path '/dev/zero' leaves the variant's folder"),
        ("fifo.yaml", "'extends' names 'fifo.yaml', which is not a regular file"),
    ],
)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
def test_extends_naming_no_file_to_read_is_a_problem_at_the_extends(write, tmp_path, extends, words):
    """A NUL ended in ValueError, a link to itself in RuntimeError (a symlink loop), a path of
    3,000 folders in OSError (name too long): each is now a problem at the `extends` value."""
    bad_places(tmp_path)
    d = only(write(f"extends: {extends}\nname: Mine\n"))
    assert_at(d, "v.yaml", 1, 10, words)


def test_extends_through_a_loop_of_folders_that_stays_inside_is_followed(write, tmp_path):
    """A path through a link back to its own folder is a path like any other: followed, and
    allowed while it stays in the variant's folder."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to("..")
    write(EXTENDS, "base.yaml")
    path = write("extends: " + "sub/up/" * 100 + "base.yaml\nname: Mine\n")
    from engine.variant.load import check_variant

    assert check_variant(path).ok


# ----- the variant a save names ------------------------------------------------------------------


@pytest.fixture
def save_text(tmp_path: Path) -> str:
    from engine.savefile import GameRecord, Seat, save_game
    from engine.variant.load import load_variant

    record = GameRecord(load_variant("winning-moves-2016"), "winning-moves-2016", 2, 5, [Seat("a"), Seat("b", "greedy")])
    save_game(tmp_path / "base.json", record, record.new_game())
    return (tmp_path / "base.json").read_text()


@pytest.mark.parametrize(
    "source, words",
    [
        ("/a\x00b.yaml", "holds a NUL character; no file name can"),
        ("/a\ud800.yaml", "holds the character U+D800; no file name can"),
        ("/" + LONG_NAME + ".yaml", "has a name of 305 bytes"),
        ("self.yaml", "is a loop of symbolic links"),
    ],
)
def test_a_save_naming_a_variant_path_no_file_can_have_is_refused_at_its_field(tmp_path, monkeypatch, save_text, source, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "self.yaml").symlink_to("self.yaml")
    if not source.startswith("/"):
        source = str(tmp_path / source)
    data = json.loads(save_text)
    data["variant"]["source"] = source
    (tmp_path / "save.json").write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load_game(tmp_path / "save.json")
    [d] = refused.value.diagnostics
    assert words in d.message and (d.loc.line, d.loc.col) == (1, 105)


# ----- the one check itself ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, words",
    [
        ("a\x00b", "holds a NUL character"),
        ("a\ud800b", "holds the character U+D800"),
        ("x" * 256, "has a name of 256 bytes"),
        ("é" * 128, "has a name of 256 bytes"),  # bytes, as the file system counts them
        ("d/" * 2_049, "is 4,098 bytes long"),
        ("", "is empty"),
    ],
)
def test_a_path_no_file_can_have_is_refused_before_the_file_system_is_asked(path, words):
    problem = path_problem(path)
    assert problem is not None and words in problem
    assert file_problem(path) == problem


@pytest.mark.parametrize("path", ["x" * 255, "d/" * 2_000 + "x.yaml", os.fsdecode(b"\xff.yaml"), "new\nline", "\x1b[2J"])
def test_a_path_any_file_could_have_passes(path):
    assert path_problem(path) is None


@pytest.mark.parametrize("path", ["a\x00b.json", "x" * 300 + ".json"])
def test_writing_to_a_path_no_file_can_have_is_refused_and_writes_nothing(tmp_path, monkeypatch, path):
    """A save or a report to such a path raised ValueError or OSError from a call that was
    not expected to fail (`Path.is_dir`); it is refused before the file system is asked."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(WriteFailed) as refused:
        write_atomically(Path(path), "text")
    assert not refused.value.started and "the path" in refused.value.reason
    assert list(tmp_path.iterdir()) == []
