"""The docs' examples run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_api_docs_random_game_example_runs_to_a_result():
    text = (ROOT / "docs" / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    assert len(code.strip().splitlines()) <= 13
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    last = run.stdout.strip().splitlines()[-1]
    assert "wins" in last or "share the win" in last


def test_every_bundled_variant_is_in_the_readme_table():
    from engine.resources import bundled_variant_names

    readme = (ROOT / "README.md").read_text()
    for name in bundled_variant_names():
        assert f"`{name}`" in readme, name
