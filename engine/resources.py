"""Finding the bundled variants and schemas, installed or in a source checkout.

A wheel carries them inside the package (`engine/_bundled/`, see pyproject.toml); an editable
install or a plain checkout has them at the project's top level, beside `engine/`.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[-1]


def variants_dir() -> Path:
    return _first_existing(_PACKAGE / "_bundled" / "variants", _PACKAGE.parent / "variants")


def schemas_dir() -> Path:
    return _first_existing(_PACKAGE / "_bundled" / "schemas", _PACKAGE.parent / "schemas")


def bundled_variant_names() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


DEFAULT_VARIANT = "winning-moves-2016"
