"""A non-editable install finds the bundled variants and schemas from any folder.

Builds the real wheel (hatchling, as `pip install .` does), unpacks it into a temporary
folder, and runs the check from another folder with that copy first on the path.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# slow (docs/architecture.md, "Test lanes"): the wheel built, unpacked and checked from another folder
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_carries_bundled_variants_and_checks_from_any_folder(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("boardwalk-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert "engine/_bundled/variants/winning-moves-2016.yaml" in names
    assert "engine/_bundled/schemas/variant.schema.json" in names
    # the served page's own font and its licence (issue 46, 15: no request to fonts.googleapis.com)
    assert {"tui/served/templates/app_index.html", "tui/served/fonts/RobotoMono-VariableFont_wght.ttf",
            "tui/served/fonts/LICENSE-Apache-2.0.txt"} <= set(names)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import engine, engine.resources as r;"
        "assert engine.__file__.startswith(sys.argv[1]), engine.__file__;"
        "assert '_bundled' in str(r.variants_dir());"
        "from engine.cli import main; sys.exit(main(['check', 'winning-moves-2016', 'house-stormy-weather']))"
    )
    run = subprocess.run([sys.executable, "-c", code, str(site)], cwd=elsewhere, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "checked 2 variants: no problems" in run.stdout
