"""Compile the kernel's hot modules with mypyc into .accel/ (see engine/accel.py).

    .venv/bin/python scripts/build_accel.py

scripts/setup runs this when the build is missing or stale. It needs a C compiler and
Python's headers; without them it says so and exits 1, and Boardwalk runs as plain Python.
The manifest is written last, so an interrupted build is never used.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import accel  # noqa: E402

ACCEL_DIR, MANIFEST = Path(accel.ACCEL_DIR), Path(accel.MANIFEST)


def main() -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as missing:
        print(f"cannot build the compiled kernel: {missing.name} is not installed", file=sys.stderr)
        return 1
    if MANIFEST.exists():
        MANIFEST.unlink()
    shutil.rmtree(ACCEL_DIR / "engine", ignore_errors=True)
    ACCEL_DIR.mkdir(exist_ok=True)
    digests, depends = accel.sources(), accel.depends()
    os.chdir(ROOT)  # mypyc names modules by their paths from here, and reads pyproject's mypy settings
    with tempfile.TemporaryDirectory(dir=ACCEL_DIR, prefix="build-") as build:
        try:
            modules = mypycify(list(digests), opt_level="3", group_name="engine.game.accel", target_dir=build)
            setup(
                name="boardwalk-accel",
                packages=[],
                py_modules=[],
                ext_modules=modules,
                script_args=["-q", "build_ext", "--build-lib", str(ACCEL_DIR), "--build-temp", build, "--parallel", "2"],
            )
        except (SystemExit, Exception) as failed:  # noqa: BLE001 - any failure leaves plain Python in use
            print(f"cannot build the compiled kernel ({failed}); Boardwalk runs as plain Python", file=sys.stderr)
            return 1
    manifest = {"python": accel.built_for(), "sources": digests, "depends": depends}
    temporary = MANIFEST.with_suffix(".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, MANIFEST)
    print(f"compiled kernel built in {ACCEL_DIR.relative_to(ROOT)}/ ({len(digests)} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
