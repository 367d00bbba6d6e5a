"""Boardwalk's version: the package's, as pyproject.toml gives it to the installed metadata."""

from __future__ import annotations

from pathlib import Path

PACKAGE = "boardwalk"


def version() -> str:
    """The installed package's version; in a source folder that was never installed, the
    version pyproject.toml beside the package states; else 'unknown'."""
    from importlib import metadata

    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return _pyproject_version(Path(__file__).resolve().parents[1] / "pyproject.toml") or "unknown"


def _pyproject_version(path: Path) -> str | None:
    import tomllib

    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return None
    found = project.get("version") if isinstance(project, dict) else None
    return found if isinstance(found, str) else None
