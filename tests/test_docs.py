"""The docs' examples run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
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


# ----- docs/effects.md: the cards it shows do what it says, in a real game ------------------------

EFFECTS_MD = ROOT / "docs" / "effects.md"
TIMINGS = ("end_of_turn", "after_roll", "reaction")


@dataclass(frozen=True)
class Example:
    """A fenced block of docs/effects.md: its kind (```effect after_roll: kind 'effect', timing
    'after_roll'), its text, and the quoted message after it (for 'effect-error')."""

    kind: str
    timing: str
    text: str
    message: str
    line: int

    def __str__(self) -> str:
        return f"docs/effects.md:{self.line}: {self.text.splitlines()[0] if self.text.strip() else ''}"


def effect_examples() -> list[Example]:
    doc = EFFECTS_MD.read_text()
    found = []
    for match in re.finditer(r"^```(\S+)[ ]*(\S*)\n(.*?)^```\n(?:\n> ([^\n]*)\n)?", doc, re.S | re.M):
        kind, timing, text, message = match.group(1), match.group(2) or "end_of_turn", match.group(3), match.group(4) or ""
        found.append(Example(kind, timing, text, message, doc.count("\n", 0, match.start()) + 1))
    return found


def card_variant(cards_yaml: str) -> str:
    """A variant extending the default with the cards of a ```yaml example."""
    from engine.resources import DEFAULT_VARIANT

    body = "".join(f"    {line}\n" if line.strip() else "\n" for line in cards_yaml.splitlines())
    return f"extends: {DEFAULT_VARIANT}\ndeck:\n  cards:\n{body}"


def doc_cards(write, *wanted: tuple[str, str]) -> str:
    """A variant file extending the default with cards of the page's ```yaml examples, each
    named by its id and a piece of its effect (two examples may show one id); its path."""
    import yaml

    chosen = []
    for card_id, piece in wanted:
        for example in (e for e in effect_examples() if e.kind == "yaml"):
            chosen += [c for c in yaml.safe_load(example.text) if c["id"] == card_id and piece in c["effect"]]
    assert len(chosen) == len(wanted), chosen
    return str(write(card_variant(yaml.safe_dump(chosen, sort_keys=False))))


def test_a_cancel_stops_the_card_it_answers_and_the_reaction_goes_on(write):
    """docs/effects.md, 'What cancel does': the Hurricane stops where it offered the reaction
    (no removal, no second round), the Insurance's `draw 1` after `cancel` happens, and the
    reaction is put away before the card it cancelled."""
    from test_rules_cards import at_card_step, choose_prop, discards, kinds, of_kind, play, seat, units

    variant = doc_cards(write, ("hurricane", "repeat 2 times"), ("insurance", "draw 1"))
    game = at_card_step(stacks={("red", 1): ["black", "white"], ("blue", 2): ["gray"]},
                        hands={"purple": ["hurricane"], "white": ["insurance"]}, pile=["switch", "windfall"],
                        variant_name=variant)
    play(game, "hurricane")
    choose_prop(game, "red", 1)
    events = game.apply({"kind": "react", "arg": "insurance"})
    assert units(game, "red", 1) == ["black", "white"] and units(game, "blue", 2) == ["gray"]
    assert "remove" not in kinds(events) and "choose" not in kinds(events)
    drawn = [e for e in events if e.kind == "draw" and e.data["why"] == "effect"]
    assert [e.data["player"] for e in drawn] == [seat(game, "white")]
    assert events.index(drawn[0]) > kinds(events).index("cancelled")
    assert of_kind(events, "cancelled") == [{"card": "hurricane"}]
    assert discards(game) == ["insurance", "hurricane"]
