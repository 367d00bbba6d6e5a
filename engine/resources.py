"""Finding the bundled variants and schemas, installed or in a source checkout.

A wheel carries them inside the package (`engine/_bundled/`, see pyproject.toml); an editable
install or a plain checkout has them at the project's top level, beside `engine/`.

Every `boardwalk` command asks for these, `boardwalk check` at each start, so the folders are
found with `os.path` (pathlib alone costs half a bare Python's start); `variants_dir()` and
`schemas_dir()` still hand the rest of the engine a `Path`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # mypy reads the block below; `typing` and pathlib are not loaded for it
if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE = os.path.dirname(os.path.realpath(__file__))


def package_dir() -> Path:
    """The engine's own source folder (a compiled module's __file__ points elsewhere)."""
    from pathlib import Path

    return Path(_PACKAGE)


def _first_existing(*candidates: str) -> str:
    for candidate in candidates:
        if os.path.isdir(candidate):
            return candidate
    return candidates[-1]


def variants_folder() -> str:
    """The bundled variants' folder, as text."""
    return _first_existing(os.path.join(_PACKAGE, "_bundled", "variants"), os.path.join(os.path.dirname(_PACKAGE), "variants"))


def schemas_folder() -> str:
    """The schemas' folder, as text."""
    return _first_existing(os.path.join(_PACKAGE, "_bundled", "schemas"), os.path.join(os.path.dirname(_PACKAGE), "schemas"))


def variants_dir() -> Path:
    from pathlib import Path

    return Path(variants_folder())


def schemas_dir() -> Path:
    from pathlib import Path

    return Path(schemas_folder())


def bundled_variant_names() -> list[str]:
    """The stem of every `*.yaml` in the variants' folder (hidden ones and folders too, as
    `Path.glob` has always listed them), sorted."""
    try:
        names = os.listdir(variants_folder())
    except OSError:
        return []
    return sorted(_stem(name) for name in names if name.endswith(".yaml"))


def _stem(name: str) -> str:
    """`Path(name).stem`: the name without its last suffix; a name whose only dot comes
    first (`.yaml`) has no suffix."""
    dot = name.rfind(".")
    return name[:dot] if 0 < dot < len(name) - 1 else name


DEFAULT_VARIANT = "winning-moves-2016"
