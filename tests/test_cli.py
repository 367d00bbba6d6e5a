"""`boardwalk check` as a person runs it: exit status, text and JSON output, usage errors.

In-process through `engine.cli.main` where possible; a subprocess only to watch what the real
command imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.resources import DEFAULT_VARIANT, bundled_variant_names

PROJECT = Path(__file__).resolve().parent.parent
EXTENDS = "extends: winning-moves-2016\n"


def test_check_without_argument_checks_default_variant(capsys):
    assert main(["check"]) == 0
    out, err = capsys.readouterr()
    assert f"{DEFAULT_VARIANT}: ok:" in out
    assert out.rstrip().splitlines()[-1] == "checked 1 variant: no problems"
    assert err == ""


def test_text_output_is_path_line_col_error_message_hint(write, capsys):
    write(EXTENDS + "rulez: 1\n")
    assert main(["check", "v.yaml"]) == 1
    out, _ = capsys.readouterr()
    assert out.splitlines() == [
        "v.yaml:2:1: error: unknown key 'rulez' in the top level (did you mean 'rules'?)",
        "checked 1 variant: 1 with problems, 1 error",
    ]


def test_json_format_for_bad_file(write, capsys):
    write(EXTENDS + "rules:\n  turn_order: rol\n")
    assert main(["check", "v.yaml", "--format", "json"]) == 1
    out, _ = capsys.readouterr()
    report = json.loads(out)
    assert len(report) == 1
    assert report[0]["variant"] == "v.yaml"
    assert report[0]["ok"] is False
    [problem] = report[0]["problems"]
    assert (problem["file"], problem["line"], problem["column"]) == ("v.yaml", 3, 15)
    assert "rules.turn_order" in problem["message"]
    assert problem["hint"] == "did you mean 'roll'?"


def test_json_format_for_clean_variant(capsys):
    assert main(["check", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report[0]["ok"] is True and report[0]["problems"] == []


def test_unknown_variant_name_exits_2(capsys):
    assert main(["check", "no-such-variant"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "no variant file or bundled variant named 'no-such-variant'" in err
    assert DEFAULT_VARIANT in err


def test_missing_file_exits_2(write, capsys):
    write(EXTENDS)  # the folder exists, the named file does not
    assert main(["check", "missing.yaml"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "'missing.yaml'" in err


def test_unreadable_path_is_an_io_error_exit_2(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == 2


@pytest.mark.parametrize("command", ["check", "play", "simulate"])
def test_a_folder_or_a_fifo_as_the_variant_says_what_it_is(write, tmp_path, capsys, command):
    import os

    (tmp_path / "rules").mkdir()
    assert main([command, "rules"]) == 2
    assert "'rules' is a folder; give a variant file or a bundled variant's name" in capsys.readouterr().err
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.yaml")
        assert main([command, "pipe.yaml"]) == 2
        assert "'pipe.yaml' is not a regular file (a pipe or a device?)" in capsys.readouterr().err


def test_unknown_option_exits_2(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["check", "--bogus"])
    assert exit.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_no_command_exits_2(capsys):
    with pytest.raises(SystemExit) as exit:
        main([])
    assert exit.value.code == 2
    assert "usage: boardwalk" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"]], ids=["boardwalk", "boardwalk-check"])
def test_help_exits_0(argv, capsys):
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: boardwalk")
    if argv[0] == "check":
        assert "PATH_OR_NAME" in out and "--format" in out and "--list" in out


def test_version_is_the_packages_version_from_pyproject(capsys):
    """Issue 26: `boardwalk --version` was missing. It prints the version the package was
    installed with, which is pyproject.toml's (and the same read from pyproject.toml when the
    package metadata is missing, as in a source folder never installed)."""
    import tomllib

    from engine.version import _pyproject_version

    stated = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == f"boardwalk {stated}\n"
    assert _pyproject_version(PROJECT / "pyproject.toml") == stated


def test_two_files_both_reported(write, capsys):
    write(EXTENDS + "rulez: 1\n", "a.yaml")
    write(EXTENDS + "rules:\n  starting_hnd: 3\n", "b.yaml")
    assert main(["check", "a.yaml", "b.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("a.yaml:2:1: error: unknown key 'rulez'")
    assert lines[1].startswith("b.yaml:3:3: error: unknown key 'starting_hnd'")
    assert lines[2] == "checked 2 variants: 2 with problems, 2 errors"


def test_bad_file_and_good_variant_exit_1(write, capsys):
    write(EXTENDS + "rulez: 1\n")
    assert main(["check", DEFAULT_VARIANT, "v.yaml"]) == 1
    out = capsys.readouterr().out
    assert f"{DEFAULT_VARIANT}: ok:" in out
    assert "v.yaml:2:1: error:" in out
    assert out.splitlines()[-1] == "checked 2 variants: 1 with problems, 1 error"


def test_list_lists_bundled_variants(capsys):
    assert main(["check", "--list"]) == 0
    names = capsys.readouterr().out.split()
    assert names == bundled_variant_names()
    assert DEFAULT_VARIANT in names


def test_check_never_imports_textual():
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "engine.cli", "check"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "checked 1 variant: no problems" in completed.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in completed.stderr.splitlines() if line.startswith("import time:")]
    assert "engine.cli" in imported or "engine.variant.load" in imported  # importtime really reported
    top_level = {name.split(".")[0] for name in imported}
    assert "textual" not in top_level
    assert "tui" not in top_level
