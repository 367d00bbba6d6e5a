"""Shared fixtures: variant files written into a fresh folder that is also the working folder,
so every message names a file the way a person would type it (`v.yaml`); and for every test
a check cache of its own (engine/variant/cache.py), empty when the test starts, so the suite
never writes to the real home folder and no test is answered from what another one cached."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.resources import variants_dir
from engine.variant.cache import ENV as CACHE_ENV

os.environ[CACHE_ENV] = "0"  # outside a test (a fixture of a whole module or session): no cache


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's cache folder, not yet made: the first check that stores an entry makes it,
    as on a new machine. Child processes the test starts inherit it."""
    folder = tmp_path_factory.mktemp("cache") / "boardwalk"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    return folder


@pytest.fixture
def write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """write(text_or_bytes, name="v.yaml") -> Path, with tmp_path as the working folder."""
    monkeypatch.chdir(tmp_path)

    def _write(content: str | bytes, name: str = "v.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return _write


@pytest.fixture(scope="session")
def default_text() -> str:
    """The text of the bundled default variant: a complete variant to copy and break."""
    return (variants_dir() / "winning-moves-2016.yaml").read_text(encoding="utf-8")
