"""From what a person types to a variant file: a bundled variant's name or a path.

Apart from the checker (`engine.variant.load`), and with `os.path` rather than pathlib, so
that a `boardwalk check` answered from the cache finds its file without loading either.
"""

from __future__ import annotations

import os

from engine.resources import bundled_variant_names, variants_folder

TYPE_CHECKING = False  # mypy reads the block below; pathlib is loaded only by `find_variant`
if TYPE_CHECKING:
    from pathlib import Path


class VariantNotFound(Exception):
    """The argument names neither a bundled variant nor an existing file."""


def variant_file(argument: str) -> str | None:
    """A bundled variant name or a file path, as given on the command line: a name ending in
    .yaml or .yml, or with a slash, is a path; otherwise a bundled name, then a file."""
    if _suffix(argument) in (".yaml", ".yml") or "/" in argument or "\\" in argument:
        return argument
    if argument in bundled_variant_names():
        return os.path.join(variants_folder(), f"{argument}.yaml")
    if os.path.exists(argument):
        return argument
    return None


def find_variant_file(argument: str) -> str:
    """The file the argument names; raises VariantNotFound when it is not a regular file."""
    path = variant_file(argument)
    if path is None or not os.path.isfile(path):
        raise VariantNotFound(argument)
    return path


def find_variant(argument: str) -> Path:
    from pathlib import Path

    return Path(find_variant_file(argument))


def _suffix(name: str) -> str:
    """`Path(name).suffix` for a name without slashes: from its last dot, unless that dot
    comes first (`.yaml` is a hidden file's whole name) or last."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""
