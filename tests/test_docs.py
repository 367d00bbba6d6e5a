"""The docs' examples run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_api_docs_random_game_example_runs_to_a_result():
    text = (ROOT / "docs" / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    assert len(code.strip().splitlines()) <= 13
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    last = run.stdout.strip().splitlines()[-1]
    assert "wins" in last or "share the win" in last


def test_every_bundled_variant_is_in_the_readme_table():
    from engine.resources import bundled_variant_names

    readme = (ROOT / "README.md").read_text()
    for name in bundled_variant_names():
        assert f"`{name}`" in readme, name


def test_the_limits_section_gives_the_value_of_every_limit():
    """Each limit's value, as the code has it, stands in the Value column of docs/variants.md."""
    from engine.effects import limits, parser
    from engine.game import game, interpreter
    from engine.variant import merge, yamlsource

    text = (ROOT / "docs" / "variants.md").read_text()
    section = text[text.index("## 6. Limits") : text.index("## 7.")]
    values = {
        "file size": yamlsource.MAX_FILE_BYTES,
        "YAML nodes": yamlsource.MAX_NODES,
        "YAML nesting": yamlsource.MAX_DEPTH,
        "digits": yamlsource.MAX_NUMBER_DIGITS,
        "extends": merge.MAX_EXTENDS_DEPTH,
        "effect length": parser.MAX_EFFECT_CHARS,
        "blocks": parser.MAX_NESTING,
        "parentheses": parser.MAX_PARENTHESES,
        "expression parts": limits.MAX_EXPRESSION_DEPTH,
        "numbers": limits.MAX_NUMBER,
        "cost": limits.MAX_EXPRESSION_COST,
        "card cost": limits.MAX_CARD_COST,
        "repeat": limits.MAX_REPEAT,
        "re-rolls": interpreter.MAX_REROLLS,
        "card steps": limits.MAX_EFFECT_STEPS,
        "turns": game.MAX_TURNS,
    }
    value_cells = " | ".join(
        line.split("|")[2] for line in section.splitlines() if line.startswith("| ") and line.count("|") >= 4
    )
    for what, value in values.items():
        assert re.search(rf"(?<![\d,]){value:,}(?![\d,])", value_cells), (what, value)


def test_the_security_page_states_the_limits_the_code_enforces():
    import json

    from engine.bots import strong
    from engine.effects import limits
    from engine.resources import schemas_dir
    from engine.savefile import MAX_SAVE_BYTES

    text = " ".join((ROOT / "docs" / "security.md").read_text().split())
    schema = json.loads((schemas_dir() / "savegame.schema.json").read_text())
    assert f"{strong.MAX_ITERATIONS:,} iterations or {strong.MAX_SECONDS:g} seconds" in text
    assert f"up to {schema['properties']['actions']['maxItems']:,} actions" in text
    assert f"a save over {MAX_SAVE_BYTES // 1_000_000} MB" in text
    assert f"every expression ({limits.MAX_EXPRESSION_COST:,} steps)" in text
    assert f"every card ({limits.MAX_CARD_COST:,} steps)" in text
    assert "docs/security.md" in (ROOT / "README.md").read_text()
