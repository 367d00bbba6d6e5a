"""Hostile variant files meet a limit, never a traceback, a hang or unbounded memory: each limit
is refused with a message at the file, line and column to fix, or (at play time) keeps the
game going. The limits are listed in docs/variants.md, "Limits"."""

from __future__ import annotations

import ast as pyast
import tempfile
from pathlib import Path

from engine.effects import parser as effect_parser

ROOT = Path(__file__).resolve().parents[1]


def _python_sources():
    for folder in ("engine", "tui"):
        yield from (ROOT / folder).rglob("*.py")


# ----- no pickle from a shared folder ------------------------------------------------------------


def test_building_and_using_the_effect_parser_writes_no_cache_file(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where Lark would put its cache
    effect_parser._parser.cache_clear()
    try:
        effect_parser.parse_effect("choose property P where value of P <= 5\nbuild 1 on P")
        effect_parser.parse_condition("me is last")
    finally:
        effect_parser._parser.cache_clear()
    assert tempfile.gettempdir() == str(tmp_path)
    assert list(tmp_path.iterdir()) == []


def _lark_cache_arguments(tree: pyast.AST) -> list[pyast.keyword]:
    """`cache=` keywords given to a call of Lark (or Lark.open) that could turn a cache on."""
    found = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Call) and "Lark" in pyast.unparse(node.func):
            for keyword in node.keywords:
                off = isinstance(keyword.value, pyast.Constant) and keyword.value.value is False
                if keyword.arg in ("cache", None) and not off:
                    found.append(keyword)
    return found


def _pickle_imports(tree: pyast.AST) -> list[str]:
    modules = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, pyast.ImportFrom) and node.module:
            modules.append(node.module)
    return [m for m in modules if m.split(".")[0] in ("pickle", "_pickle", "cPickle", "shelve", "dill")]


def test_no_source_file_turns_on_a_lark_cache_or_imports_pickle():
    for path in _python_sources():
        tree = pyast.parse(path.read_text(encoding="utf-8"), str(path))
        assert not _lark_cache_arguments(tree), path
        assert not _pickle_imports(tree), path
