"""From what a person types, or what a variant file's `extends:` says, to a variant file: a
bundled variant's name or a path.

Every such text goes through `engine.paths` before the file system sees it, so a bad one (a
NUL, a name of 300 characters, a loop of symbolic links) is a sentence for a message, never
an exception. Apart from the checker (`engine.variant.load`), and with `os.path` rather than
pathlib, so that a `boardwalk check` answered from the cache finds its files without loading
either: the cache follows an `extends` chain through `extends_file` like the checker does.
"""

from __future__ import annotations

import os

from engine.paths import MISSING, file_problem, path_problem, real_path, within
from engine.reading import ReadProblem, readable
from engine.resources import bundled_variant_names, variants_folder

TYPE_CHECKING = False  # mypy reads the block below; pathlib is loaded only by `find_variant`
if TYPE_CHECKING:
    from pathlib import Path


class VariantNotFound(Exception):
    """The argument names neither a bundled variant nor a file that can be read."""

    def __init__(self, argument: str, problem: str | None = None):
        super().__init__(argument)
        self.argument = argument
        self.problem = problem
        """What is wrong with the file the argument names, in words that follow it ("is a
        folder, not a file"); None when it names nothing at all."""


def variant_file(argument: str) -> str | None:
    """A bundled variant name or a file path, as given on the command line: a name ending in
    .yaml or .yml, or with a slash, is a path; otherwise a bundled name, then a file."""
    if _suffix(argument) in (".yaml", ".yml") or "/" in argument or "\\" in argument:
        return argument
    if argument in bundled_variant_names():
        return os.path.join(variants_folder(), f"{argument}.yaml")
    if os.path.lexists(argument):
        return argument
    return None


def find_variant_file(argument: str) -> str:
    """The file the argument names; raises VariantNotFound unless it is a regular file whose
    reading starts (a file that cannot be read is the command line's problem, exit status 2,
    like one that is not there: what its text holds is the check's)."""
    problem = path_problem(argument) if argument else None
    if problem is not None:
        raise VariantNotFound(argument, problem)
    path = variant_file(argument)
    if path is None:
        raise VariantNotFound(argument)
    problem = file_problem(path)
    if problem == MISSING:
        raise VariantNotFound(argument)
    if problem is None:
        try:
            readable(path)
        except ReadProblem as refusal:
            problem = str(refusal)
    if problem is not None:
        raise VariantNotFound(argument, problem)
    return path


def find_variant(argument: str) -> Path:
    from pathlib import Path

    return Path(find_variant_file(argument))


class BaseNotFound(Exception):
    """An `extends:` that names no file to read; `kind` says how, for the message."""

    def __init__(self, kind: str, problem: str | None = None):
        super().__init__(kind)
        self.kind = kind
        """"path": not a path at all; "name": no bundled variant of that name; "folder": a
        name that is a folder beside the file; "outside": a path that leaves the folder;
        "file": a path to something that is not a regular file (`problem` says what)."""
        self.problem = problem


def extends_file(name: str, child: str) -> str:
    """The file an `extends: name` in the file `child` names: a bundled variant, or a file in
    the child's folder (or below) or the bundled variants' folder, links followed. Raises
    BaseNotFound otherwise; never looks outside those folders."""
    problem = path_problem(name)
    if problem is not None:
        raise BaseNotFound("path", problem)
    folder = real_path(os.path.dirname(child) or ".")
    if "/" not in name and "\\" not in name and not name.endswith((".yaml", ".yml")):
        if name in bundled_variant_names():
            return os.path.join(variants_folder(), f"{name}.yaml")
        raise BaseNotFound("folder" if os.path.isdir(os.path.join(folder, name)) else "name")
    target = real_path(os.path.join(folder, name))
    if not any(within(target, root) for root in (folder, real_path(variants_folder()))):
        raise BaseNotFound("outside")
    problem = file_problem(target)
    if problem is not None:
        raise BaseNotFound("file", problem)
    return target


def _suffix(name: str) -> str:
    """`Path(name).suffix` for a name without slashes: from its last dot, unless that dot
    comes first (`.yaml` is a hidden file's whole name) or last."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""
