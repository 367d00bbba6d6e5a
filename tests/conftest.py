"""Shared fixtures: variant files written into a fresh folder that is also the working folder,
so every message names a file the way a person would type it (`v.yaml`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.resources import variants_dir


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
