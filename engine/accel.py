"""The optional compiled kernel: whether this process uses it.

`scripts/build_accel.py` compiles the hot modules of the engine (COMPILED) with mypyc into `.accel/` beside the package, with
a manifest naming the Python it was built for and the SHA-256 of each source it was built from,
and of each module whose types and constants it was compiled against (DEPENDS: a compiled
module may have a constant of one built in). `engine/__init__.py` calls `activate()` before any
of the kernel is imported: when the manifest matches this Python and every source as it is now,
`.accel/engine` goes first on the package's path, so `engine.game.game` and the others load
compiled; the rest of `engine.game` still loads from its source. A source edited since the
build, another Python, a missing or unreadable manifest, or BOARDWALK_PURE=1 in the
environment: the plain Python modules run, with the same games (tests/test_accel.py plays both
and compares every event). Nothing here is downloaded or shared between users: the files are
built on this machine into the project folder, like `.venv`.
"""

from __future__ import annotations

import os
import sys

from engine.digest import sha256_hex

COMPILED = (
    "core/frames", "game/table", "game/machine", "game/game_state", "game/game", "game/interpreter", "core/expressions",
    "game/piles",
    "game/state", "game/state_copy", "game/messages",
    "game/followable", "game/rulebook", "game/rng", "game/sampling", "game/snapshot", "core/trial", "bots/evaluate",
    "bots/greedy", "words/flow", "words/choices", "words/dice", "words/units", "words/cards", "words/counters",
    "words/turns", "words/routines", "words/tokens", "words/trades", "words/card_offer", "game/known", "core/question",
    "words/secret",  # issue 47, 4: its frame is a subclass of the compiled Frame
    "game/pricing",  # issue 46, 2: its frame under the priced routine is a subclass of the compiled Frame too
)
"""The modules compiled (paths in the engine): the random-playout hot path and what it calls
(the words' runs and look-ahead steps among it, and the questions of an offer, which greedy's
look-ahead opens at every round of deals in Monopoly Builder: 5% of its time there), and the
greedy bot: its look-ahead, and the sampling and evaluation it runs at every option. (The
generators of rng.py allow subclasses written in Python: tests script dice with one.) A
package with compiled modules other than the namespace packages `engine.game` and
`engine.words` puts them first on its path with `extend` (engine/bots/__init__.py)."""

DEPENDS = (
    "effects/ast.py", "effects/limits.py", "effects/check.py", "variant/model.py",
    "core/refs.py", "game/native.py", "game/result.py", "game/folding.py", "game/snapshot_check.py", "game/invariants.py",
    "bots/base.py", "game/homes.py", "game/counter_bounds.py", "effects/plays.py", "effects/kinds.py", "words/word.py",
    "words/common.py", "words/table.py", "resources.py", "game/score_reads.py", "core/number_options.py",
    "game/footprint.py", "bots/budget.py", "core/event_text.py",
    "core/piece_refs.py",  # for each piece: a piece as a value, read by the compiled expressions
)
"""The modules of the engine, not compiled, that the compiled ones import names from: a build
is stale when one of these changes too."""

PACKAGE = os.path.dirname(os.path.realpath(__file__))
ACCEL_DIR = os.path.join(os.path.dirname(PACKAGE), ".accel")
MANIFEST = os.path.join(ACCEL_DIR, "manifest.json")
"""Paths as text: this module runs at every start, before anything else of the engine, and
pathlib alone would cost it half a bare Python's start."""
PURE_ENV = "BOARDWALK_PURE"

ACTIVE = False
"""Whether this process runs the compiled kernel (set by `activate`)."""


def sources() -> dict[str, str]:
    """Each compiled module's source path (relative to the project) and its SHA-256."""
    digests = {}
    for name in COMPILED:
        with open(os.path.join(PACKAGE, *f"{name}.py".split("/")), "rb") as source:
            digests[f"engine/{name}.py"] = sha256_hex(source.read())
    return digests


def depends() -> dict[str, str]:
    """Each module of DEPENDS (path relative to the project) and its SHA-256."""
    digests = {}
    for name in DEPENDS:
        with open(os.path.join(PACKAGE, *name.split("/")), "rb") as source:
            digests[f"engine/{name}"] = sha256_hex(source.read())
    return digests


def built_for() -> str:
    """The Python a build is good for: its version, build and extension suffix."""
    import importlib.machinery

    return f"{sys.version} {importlib.machinery.EXTENSION_SUFFIXES[0]}"


def up_to_date() -> bool:
    """Whether `.accel/` holds a build of the sources as they are now, for this Python."""
    try:
        with open(MANIFEST, encoding="utf-8") as file:
            text = file.read()
        import json  # only when there is a build to check: most starts have none

        manifest = json.loads(text)
        return bool(
            manifest.get("python") == built_for()
            and manifest.get("sources") == sources()
            and manifest.get("depends") == depends()
        )
    except (OSError, ValueError, AttributeError):
        return False


def activate(package_path: list[str]) -> bool:
    """Put the compiled kernel first on `engine`'s path when it is up to date and wanted."""
    global ACTIVE
    if os.environ.get(PURE_ENV) == "1" or not up_to_date():
        return False
    package_path.insert(0, os.path.join(ACCEL_DIR, "engine"))
    ACTIVE = True
    return True


def extend(package_path: list[str], package: str) -> None:
    """Put the compiled modules of the engine's subpackage `package` first on its path, when
    `activate` put the kernel in use (a regular package's path is its own folder alone)."""
    if ACTIVE:
        package_path.insert(0, os.path.join(ACCEL_DIR, "engine", package))

