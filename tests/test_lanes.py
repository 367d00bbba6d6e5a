"""The quick lane of the suite (issue 45, 6): `bash scripts/test --quick` runs the tests not
marked `slow`, the rest of its arguments go to pytest, and the `slow` marker is registered
(docs/architecture.md, "Test lanes"). Both lanes run in two worker processes, each test file on
one of them; a failure a worker found is printed whole, and CI (`.ci/run`) fails it, as it fails
a run that collected no test (pytest's exit status 5).

The script runs here as it is, from a copy beside a stand-in for its set-up (which would make
a virtual environment or build the compiled kernel) and for `.venv/bin/python` (this Python,
run in the project): so what is checked is the script's own mapping of its arguments, and
pytest only collects, which takes a few seconds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SLOW = "tests/test_packaging.py::test_wheel_carries_bundled_variants_and_checks_from_any_folder"
"""A test of a wholly slow file (its module's `pytestmark`)."""
SLOW_IN_QUICK_FILE = "tests/test_code_quality.py::test_mypy_finds_nothing"
"""A slow test in a file whose other tests are quick."""
QUICK = "tests/test_code_quality.py::test_no_module_of_the_engine_or_the_terminal_ui_is_in_an_import_circle"


def _scripts_test(tmp_path: Path, *args: str) -> list[str]:
    """The test ids `bash scripts/test ARGS --collect-only` lists (one a line: pyproject.toml adds -q)."""
    (tmp_path / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "test", tmp_path / "scripts" / "test")
    (tmp_path / "scripts" / "setup").write_text("#!/usr/bin/env bash\n# set up already: this test's stand-in\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\ncd "{ROOT}" && exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    run = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "test"), *args, "--collect-only", "-p", "no:cacheprovider"],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return [line for line in run.stdout.splitlines() if "::" in line]


def test_the_slow_marker_is_registered_and_marks_must_be():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in options["markers"])
    assert "--strict-markers" in options["addopts"].split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="scripts/test is a bash script")
def test_quick_leaves_out_the_slow_tests_and_passes_the_rest_to_pytest(tmp_path: Path):
    files = [SLOW.partition("::")[0], QUICK.partition("::")[0]]  # the slow test in a quick file is in the second
    quick = _scripts_test(tmp_path / "quick", "--quick", *files)
    assert QUICK in quick
    assert not [test for test in quick if test.startswith((SLOW, SLOW_IN_QUICK_FILE))]
    everything = _scripts_test(tmp_path / "all", *files)
    assert QUICK in everything
    assert [test for test in everything if test.startswith(SLOW)]
    assert [test for test in everything if test.startswith(SLOW_IN_QUICK_FILE)]


def _stand_in_project(folder: Path, python: str) -> Path:
    """A copy of scripts/test and .ci/run in `folder`, beside a stand-in for the set-up and for
    `.venv/bin/python` (a shell script given as `python`)."""
    (folder / "scripts").mkdir(parents=True)
    (folder / ".ci").mkdir()
    shutil.copy(ROOT / "scripts" / "test", folder / "scripts" / "test")
    shutil.copy(ROOT / ".ci" / "run", folder / ".ci" / "run")
    (folder / "scripts" / "setup").write_text("#!/usr/bin/env bash\n# set up already: this test's stand-in\n")
    stand_in = folder / ".venv" / "bin" / "python"
    stand_in.parent.mkdir(parents=True)
    stand_in.write_text(python)
    stand_in.chmod(0o755)
    return folder


def _bash(script: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`bash script ARGS`, outside any pytest worker this test may run in."""
    outside = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "BOARDWALK_TEST_"))}
    return subprocess.run(["bash", str(script), *args], capture_output=True, text=True, timeout=300, env={**outside, **env})


@pytest.mark.skipif(shutil.which("bash") is None, reason="scripts/test is a bash script")
def test_both_lanes_run_in_two_workers_each_file_on_one_and_zero_runs_them_here(tmp_path: Path):
    """The stand-in Python prints what pytest would be given, one argument a line."""
    project = _stand_in_project(tmp_path, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n")
    whole = _bash(project / "scripts" / "test", "tests/test_words.py")
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.splitlines() == ["-m", "pytest", "-n", "2", "--dist", "loadfile", "tests/test_words.py"]
    quick = _bash(project / "scripts" / "test", "--quick")
    assert quick.stdout.splitlines() == ["-m", "pytest", "-n", "2", "--dist", "loadfile", "-m", "not slow"]
    here = _bash(project / "scripts" / "test", "-x", BOARDWALK_TEST_WORKERS="0")
    assert here.stdout.splitlines() == ["-m", "pytest", "-n", "0", "--dist", "loadfile", "-x"]


@pytest.mark.slow  # two pytest runs of two workers each: a few seconds
@pytest.mark.skipif(shutil.which("bash") is None, reason="scripts/test is a bash script")
def test_ci_prints_a_workers_failure_whole_and_fails_as_it_fails_a_run_of_no_test(tmp_path: Path):
    """`.ci/run` on a project of two tests, one failing, run by scripts/test in two workers:
    the failure's assertion and its test's id are printed, and CI exits 1; on a project with no
    test pytest exits 5, which CI turns into 1 with a line that says why."""
    python = f'#!/bin/sh\nexec "{sys.executable}" "$@"\n'
    failing = _stand_in_project(tmp_path / "failing", python)
    (failing / "test_sums.py").write_text(
        "def test_two_and_two_are_four():\n    assert 2 + 2 == 4\n\n\n"
        "def test_two_and_two_are_five():\n    sums = {'two and two': 4}\n    assert sums['two and two'] == 5\n"
    )
    run = _bash(failing / ".ci" / "run")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAILED test_sums.py::test_two_and_two_are_five" in run.stdout
    assert "assert 4 == 5" in run.stdout and "1 failed, 1 passed" in run.stdout
    empty = _stand_in_project(tmp_path / "empty", python)
    run = _bash(empty / ".ci" / "run")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "no tests ran" in run.stdout and "CI: pytest collected no tests" in run.stderr
