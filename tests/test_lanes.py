"""The quick lane of the suite (issue 45, 6): `bash scripts/test --quick` runs the tests not
marked `slow`, the rest of its arguments go to pytest, and the `slow` marker is registered
(docs/architecture.md, "Test lanes").

The script runs here as it is, from a copy beside a stand-in for its set-up (which would make
a virtual environment or build the compiled kernel) and for `.venv/bin/python` (this Python,
run in the project): so what is checked is the script's own mapping of its arguments, and
pytest only collects, which takes a few seconds."""

from __future__ import annotations

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
