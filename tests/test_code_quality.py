"""ruff and mypy, as configured in pyproject.toml, report nothing: a lint or type error fails
the suite like any other test, with the tool's own report as the message.

Both run as `python -m <tool>` from the project root (their settings and mypy's `files`
are read from there). The caches live in the virtual environment when there is one, so
later runs are quick: both tests take about 5 s with a cold mypy cache and well under 1 s
with a warm one. Without a virtual environment they go to pytest's tmp (always cold)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 600


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if sys.prefix != sys.base_prefix:  # a virtual environment: ours to write in, kept between runs
        return Path(sys.prefix) / "boardwalk-tool-caches"
    return tmp_path_factory.mktemp("tool-caches")


def run_tool(module: str, *args: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (it comes with the test extras: pip install -e '.[test]')")
    done = subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT
    )
    if done.returncode != 0:
        report = "\n".join(part.strip() for part in (done.stdout, done.stderr) if part.strip())
        pytest.fail(f"`{module} {' '.join(args)}` exited with {done.returncode}:\n{report}", pytrace=False)


@pytest.mark.slow
def test_ruff_finds_nothing(cache_dir: Path) -> None:
    run_tool("ruff", "check", "--no-fix", "--output-format", "concise", "--cache-dir", str(cache_dir / "ruff"))


@pytest.mark.slow
def test_mypy_finds_nothing(cache_dir: Path) -> None:
    run_tool("mypy", "--cache-dir", str(cache_dir / "mypy"), "--no-color-output")


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of `modules` a module imports when it runs: at the top or inside a
    function, leaving out what only a type checker reads (`if TYPE_CHECKING:`)."""
    import ast

    found: set[str] = set()

    def visit(body: list) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            for name in ("body", "orelse", "handlers", "finalbody"):
                inner = getattr(node, name, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found & modules


def test_no_module_of_the_engine_or_the_terminal_ui_is_in_an_import_circle():
    """Issue 27, 1 and issue 45, 5: a module of the engine or of the terminal UI never
    imports, even inside a function, one that imports it back (the kernel was held together
    by type-only and function-level imports, and so was the UI: helptext -> session -> story
    -> helptext, and session <-> targets)."""
    paths = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for package in ("engine", "tui")
        for path in (ROOT / package).rglob("*.py")
    }
    graph = {name: _imports(path, set(paths)) - {name} for name, path in paths.items()}
    circles = []
    state: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = "open"
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                circles.append(path[path.index(other):] + [name, other] if other in path else [name, other])
            elif other not in state:
                visit(other, path + [name])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert not circles, [" -> ".join(circle) for circle in circles]


def _reads_of_state(path: Path) -> list[int]:
    """The lines of `path` that read an entry "state" (`x["state"]`, `x.get("state")`)."""
    import ast

    def key(node: ast.AST) -> object:
        if isinstance(node, ast.Subscript):
            return node.slice.value if isinstance(node.slice, ast.Constant) else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
            return node.args[0].value if isinstance(node.args[0], ast.Constant) else None
        return None

    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if key(node) == "state"]


def test_screens_and_bots_never_read_the_saved_state_of_an_observation():
    """Issue 45, 4: the terminal UI and the bots read the question, the observation's other
    entries and the events, never its "state" (the machine's saved frames and counters): a
    seat across a network has only what is sent to it, and what is drawn must come from the
    seat's own view. (The observation's state is for saves and the engine's own look-ahead.)"""
    readers = [*sorted((ROOT / "tui").rglob("*.py")), *sorted((ROOT / "engine" / "bots").rglob("*.py"))]
    assert len(readers) > 20
    found = {str(path.relative_to(ROOT)): lines for path in readers if (lines := _reads_of_state(path))}
    assert not found, found


_INTERNALS = ("engine.game", "engine.words", "engine.core")
"""The engine's packages whose modules are its internals: the kernel and its words."""


def _internal_imports(path: Path) -> list[str]:
    """Every import of `path` that reaches into the engine's internals, as `line: module`:
    at the top, inside a function, and for a type checker alike (a type named from the kernel
    is a coupling to it all the same)."""
    import ast

    def internal(module: str) -> bool:
        return any(module == package or module.startswith(package + ".") for package in _INTERNALS)

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        found += [f"{node.lineno}: {module}" for module in modules if internal(module)][:1]
    return found


def test_the_terminal_ui_imports_the_engine_only_through_its_public_modules():
    """Issue 45, 4: "A test fails on any import of `engine.game` internals outside `engine/`."
    The terminal UI takes the kernel's names from `engine.api` (docs/api.md, "The front end's
    module"), never from `engine.game.*` or `engine.words.*`: a screen that imported the
    machine or a frame could draw from what its seat may not know, and a front end across a
    network will have only what the API sends."""
    screens = sorted((ROOT / "tui").rglob("*.py"))
    assert len(screens) > 20
    found = {str(path.relative_to(ROOT)): lines for path in screens if (lines := _internal_imports(path))}
    assert not found, found


def test_the_terminal_ui_never_reaches_a_games_state():
    """issue 45, 3: `Game` is a façade; the engine's own modules reach the state behind it with
    `engine.game.game.state_of` (saves, the bots' runner). The terminal UI never does, nor
    does it read the façade's private field: what a screen shows comes from the API."""
    screens = sorted((ROOT / "tui").rglob("*.py"))
    assert len(screens) > 20
    reaching = [str(path.relative_to(ROOT)) for path in screens
                if "state_of" in (text := path.read_text(encoding="utf-8")) or "._state" in text]
    assert not reaching


def _runtime_imports_of(package: str) -> dict[str, list[str]]:
    """For each module of `package` (a folder of the engine), the engine modules it imports
    when it runs (a type checker's imports left out)."""
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "engine").rglob("*.py")
    }
    return {
        str(path.relative_to(ROOT)): sorted(_imports(path, modules))
        for path in sorted((ROOT / "engine" / package).glob("*.py"))
    }


def test_the_layers_stand_one_on_another_the_language_the_core_the_words_the_kernel():
    """issue 45, 5: "engine/words does not sit between two halves of engine/game." The
    language (engine/effects) is at the bottom; the core (engine/core: frames, references,
    expressions, trials, the question) stands on it; the words on the core; the kernel
    (engine/game: the state, the machine, the API) on the words. No module imports, when it
    runs, from a layer above its own."""
    above = {"effects": ("engine.core", "engine.words", "engine.game"), "core": ("engine.words", "engine.game"),
             "words": ("engine.game",)}
    found = {}
    for package, forbidden in above.items():
        for module, imports in _runtime_imports_of(package).items():
            wrong = [name for name in imports if name.startswith(forbidden)]
            # the language's checker reads the words' table: the words say what they check
            if package == "effects":
                wrong = [name for name in wrong if not name.startswith("engine.words.table")]
            if wrong:
                found[module] = wrong
    assert not found, found


def test_the_machine_imports_no_word_family():
    """issue 45, 5: "`machine.py` imports no word family": a new word changes no line of it."""
    imports = _runtime_imports_of("game")["engine/game/machine.py"]
    assert not [name for name in imports if name.startswith("engine.words")], imports


def test_checking_the_language_loads_nothing_of_the_kernel():
    """issue 45, 5: "Checking the language (`engine/effects/check.py`) does not load the
    kernel": `boardwalk check` needs the language, the core and the words' checks, never the
    state, the machine or the API."""
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys, engine.effects.check as c; "
         "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine.game.'))))"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    # With the compiled kernel, the one library every compiled module's code is in is
    # loaded (engine/accel.py), whose modules stay unloaded until imported.
    loaded = [name for name in json.loads(done.stdout) if not name.endswith("accel__mypyc")]
    assert loaded == [], done.stdout
