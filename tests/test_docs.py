"""The docs' examples run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

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


def test_the_readme_layout_table_names_every_package():
    """Issue 45, 5: the README's "Project layout" names every folder of Python modules under
    engine/ and tui/ (`engine/words/` was missing), so a newcomer sees every layer."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Project layout") :]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    folders = {
        path.parent.relative_to(ROOT).as_posix()
        for top in ("engine", "tui")
        for path in (ROOT / top).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert {"engine", "engine/words", "tui", "tui/screens"} <= folders
    assert sorted(folder for folder in folders if f"`{folder}/`" not in table) == []


def _tracked_files() -> list[Path]:
    """The repository's files as git tracks them; without git (an unpacked copy), every file
    but those git ignores here (the virtual environment, the compiled kernel, caches)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, timeout=60, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        skipped = {".git", ".venv", ".accel", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
        return [p for p in ROOT.rglob("*") if p.is_file() and not skipped & set(p.relative_to(ROOT).parts)]
    return [ROOT / name for name in listed.decode().split("\0") if name]


OUTSIDE_DOCUMENTS = ("DESIGN.md", "STYLE.md", "../shared")
"""Documents a clone of the repository does not have: the design notes beside it, and anything
else in the folder beside it."""
RULES_TEXTS = "../shared/rules/"
"""The one outside place a file may name: the rulebooks' texts, which the repository cannot
carry (they are the publishers'), cited by file and section as the source of a rule."""


def test_no_file_cites_a_document_outside_the_repository():
    """Issue 45, 5: what a file cites, a clone has (engine/game/invariants.py and its test
    cited DESIGN.md, "Invariants", now docs/architecture.md's). This test names the
    documents it looks for, so it is the one file left out."""
    citing = []
    for path in _tracked_files():
        if path == Path(__file__).resolve() or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a picture
            continue
        for number, line in enumerate(text.splitlines(), 1):
            rest = line.replace(RULES_TEXTS, "")
            citing += [f"{path.relative_to(ROOT)}:{number}: {name}" for name in OUTSIDE_DOCUMENTS if name in rest]
    assert citing == []


def test_the_architecture_page_lists_what_the_invariants_check():
    """docs/architecture.md's "Invariants" has an item for each check of
    engine/game/invariants.py, which cites it."""
    import inspect

    from engine.game import invariants

    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text[text.index("## 5. Invariants") : text.index("## 6.")]
    assert "State is plain data at every decision point" in section
    checks = [name for name, value in vars(invariants).items()
              if inspect.isfunction(value) and value.__module__ == invariants.__name__ and name != "broken_invariants"]
    items = {"_units": "Units", "_cards": "Cards", "_conserved": "Conserved amounts", "_ownership": "Ownership",
             "_ending": "The ending", "_pending": "The ending"}
    assert sorted(checks) == sorted(items)
    assert [item for item in items.values() if f"- **{item}**" not in section] == []
    assert 'docs/architecture.md, "Invariants"' in (ROOT / "engine" / "game" / "invariants.py").read_text()


def test_the_limits_section_gives_the_value_of_every_limit():
    """Each limit's value, as the code has it, stands in the Value column of docs/variants.md."""
    from engine import paths
    from engine.effects import limits, parser, recovery
    from engine.variant import lint, merge, yamlsource

    text = (ROOT / "docs" / "variants.md").read_text()
    section = text[text.index("## 6. Limits") : text.index("## 7.")]
    values = {
        "file size": yamlsource.MAX_FILE_BYTES,
        "YAML nodes": yamlsource.MAX_NODES,
        "YAML nesting": yamlsource.MAX_DEPTH,
        "digits": yamlsource.MAX_NUMBER_DIGITS,
        "key length": yamlsource.MAX_KEY_CHARS,
        "path length": paths.MAX_PATH_BYTES,
        "name length": paths.MAX_NAME_BYTES,
        "effects of a variant": parser.MAX_VARIANT_EFFECT_CHARS,
        "steps of the warnings": lint.MAX_LINT_STEPS,
        "extends": merge.MAX_EXTENDS_DEPTH,
        "effect length": parser.MAX_EFFECT_CHARS,
        "blocks": parser.MAX_NESTING,
        "parentheses": parser.MAX_PARENTHESES,
        "expression parts": limits.MAX_EXPRESSION_DEPTH,
        "numbers": limits.MAX_NUMBER,
        "cost": limits.MAX_EXPRESSION_COST,
        "card cost": limits.MAX_CARD_COST,
        "syntax errors": recovery.MAX_SYNTAX_ERRORS,
        "recovery budget": recovery.MAX_RECOVERY_CHARS,
        "repeat": limits.MAX_REPEAT,
        "re-rolls": limits.MAX_REROLLS,
        "card steps": limits.MAX_EFFECT_STEPS,
        "turns": limits.MAX_TURNS,
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
    assert f"{limits.MAX_LOOKAHEAD_BYTES:,} bytes" in text
    assert f"| {limits.MAX_BOT_GAME_WORK:,} of the same work;" in text
    assert f"for {limits.BOT_FALLBACK_WORK:,} more" in text
    assert f"bigger than {limits.LOOKAHEAD_COPY_FREE:,} bytes one more for every {limits.LOOKAHEAD_COPY_BYTES} bytes" in text
    assert f"more than {limits.LOOKAHEAD_JUDGE_FREE} spaces times players" in text
    assert "docs/security.md" in (ROOT / "README.md").read_text()


def test_the_security_page_states_the_limits_of_serving_to_a_browser():
    from engine.commands import serve
    from tui import web

    text = " ".join((ROOT / "docs" / "security.md").read_text().split())
    assert f"{web.WIDTH[0]} to {web.WIDTH[1]} columns and {web.HEIGHT[0]} to {web.HEIGHT[1]} rows" in text
    assert f"starts at {web.DEFAULT_SIZE[0]} by {web.DEFAULT_SIZE[1]}" in text
    assert f"at most `--max-games` games ({serve.DEFAULT_MAX_GAMES} unless told otherwise)" in text
    assert f"killed if it has not within {web.GAME_EXIT_WAIT:g} seconds" in text


# ----- docs/effects.md and whole-game.md: every example parses and checks; every form of the grammar has one

EFFECTS_MD = ROOT / "docs" / "effects.md"
WHOLE_GAME_MD = ROOT / "docs" / "whole-game.md"
TIMINGS = ("end_of_turn", "after_roll", "reaction", "setup", "turn")


@dataclass(frozen=True)
class Example:
    """A fenced block of a page of docs/ (docs/effects.md unless told): its kind (```effect
    after_roll: kind 'effect', timing 'after_roll'), its text, and the quoted message after it
    (for 'effect-error'). A timing may name the bundled variant it is written for
    (`start_of_turn@house-last-place-draws`); without, the default variant."""

    kind: str
    timing: str
    text: str
    message: str
    line: int
    page: str = "effects.md"

    def __str__(self) -> str:
        return f"docs/{self.page}:{self.line}: {self.text.splitlines()[0] if self.text.strip() else ''}"


def effect_examples(page: Path = EFFECTS_MD) -> list[Example]:
    doc = page.read_text()
    found = []
    for match in re.finditer(r"^```(\S+)[ ]*(\S*)\n(.*?)^```\n(?:\n> ([^\n]*)\n)?", doc, re.S | re.M):
        kind, timing, text, message = match.group(1), match.group(2) or "end_of_turn", match.group(3), match.group(4) or ""
        found.append(Example(kind, timing, text, message, doc.count("\n", 0, match.start()) + 1, page.name))
    return found


def checked_examples(*kinds: str) -> list[Example]:
    """The examples of these kinds on every page whose examples are checked: effects.md, the
    reference, and whole-game.md, whose walkthrough of Monopoly Builder shows the words of an
    economic game at work. (Only effects.md has ```yaml cards: whole-game.md's ```yaml blocks
    are pieces of the bundled variants it walks through, cut short with `...`.)"""
    return [e for page in (EFFECTS_MD, WHOLE_GAME_MD) for e in effect_examples(page) if e.kind in kinds]


PROGRAMS = ("setup", "turn", "start_of_turn", "token_on_mark", "token_at_end")
"""The timings of the page's examples that are programs of the game, not cards."""


@cache
def default_context(timing: str):
    """What an example may refer to: the default variant's (or the named one's) zones, dice,
    rules, counters and endings, as the checker sees them for a card or program of that
    timing."""
    from engine.resources import DEFAULT_VARIANT
    from engine.variant.load import effect_context

    timing, _, variant = timing.partition("@")
    return effect_context(variant or DEFAULT_VARIANT, timing, timing in PROGRAMS)


@cache
def kinds_of(timing: str = "") -> dict[str, str]:
    """The kinds of space the examples' variant names (`hotel`, `vacant lot` in the default
    one), which its effects are parsed with."""
    from engine import load_variant
    from engine.resources import DEFAULT_VARIANT

    return dict(load_variant(timing.partition("@")[2] or DEFAULT_VARIANT).kinds)


def card_variant(cards_yaml: str) -> str:
    """A variant extending the default with the cards of a ```yaml example."""
    from engine.resources import DEFAULT_VARIANT

    body = "".join(f"    {line}\n" if line.strip() else "\n" for line in cards_yaml.splitlines())
    return f"extends: {DEFAULT_VARIANT}\ndeck:\n  cards:\n{body}"


def effect_example_texts() -> list[tuple[str, str]]:
    """(start, text) of every effect and condition the page shows, cards' included."""
    import yaml

    texts = []
    for example in effect_examples():
        if example.kind in ("effect", "condition"):
            texts.append(("start" if example.kind == "effect" else "condition", example.text))
        elif example.kind == "yaml":
            for card in yaml.safe_load(example.text):
                texts.append(("start", card["effect"]))
                if "condition" in card:
                    texts.append(("condition", card["condition"]))
        elif example.kind == "variant":
            document = yaml.safe_load(example.text)
            programs = [document.get(key) for key in ("setup", "turn")]
            programs += list(document.get("routines", {}).values()) + list(document.get("hooks", {}).values())
            texts += [("start", text) for text in programs if text]
    return texts


def test_the_effect_page_has_only_the_kinds_of_example_its_tests_read():
    examples = effect_examples()
    assert {e.kind for e in examples} == {"effect", "effect-error", "condition", "yaml", "variant", "text"}
    assert {e.timing.partition("@")[0] for e in examples} <= set(TIMINGS) | set(PROGRAMS)
    from engine.resources import bundled_variant_names

    assert {e.timing.partition("@")[2] for e in examples} - {""} <= set(bundled_variant_names())
    assert all(e.message for e in examples if e.kind == "effect-error")
    assert len(examples) == EFFECTS_MD.read_text().count("\n```\n"), "a block the pattern above does not read"


def test_the_whole_game_page_has_only_the_kinds_of_example_its_tests_read():
    examples = effect_examples(WHOLE_GAME_MD)
    assert {e.kind for e in examples} <= {"effect", "effect-error", "condition", "variant", "yaml", "console"}
    effects = [e for e in examples if e.kind in ("effect", "effect-error", "condition")]
    assert {e.timing.partition("@")[0] for e in effects} <= set(TIMINGS) | set(PROGRAMS)
    assert all(e.message for e in examples if e.kind == "effect-error")
    assert len(examples) == WHOLE_GAME_MD.read_text().count("\n```\n"), "a block the pattern above does not read"


ECONOMIC_WORDS = (
    r"each: player", r"money: true", r"shown: ", r"loop: \[", r"advance \w+ \w+ spaces", r"advance \w+ to \w+",
    r"place \w+ on ", r"token_passes: \|", r"token_lands: \|", r"\bhere\b", r"position of \w+", r"numbers: \{",
    r"rent of \w+", r"routines:", r"do \w+ for \w+", r'choose word \w+ from "[^"]+" if [^,]+, "', r", every answer",
    r"take turns \w+ among players from me until all pass, at most \d+:", r"^ *pass$", r"offer trade of \w+, \w+ to \w+",
    r"transfer \w+ from \w+ to \w+", r"^conserved:",
)
"""The words whole-game.md's walkthrough of Monopoly Builder teaches in small examples, as they are written."""


def test_the_whole_game_page_shows_every_word_of_an_economic_game_in_a_checked_example():
    examples = [e for e in checked_examples("effect", "variant") if e.page == WHOLE_GAME_MD.name]
    shown = "\n".join(e.text for e in examples)
    assert [word for word in ECONOMIC_WORDS if not re.search(word, shown, re.M)] == []


def is_excerpt_of(excerpt: list[str], lines: list[str]) -> bool:
    """Whether the excerpt's lines are lines of the file, in order: a line of `...` alone
    stands for lines left out, `...` within a line for a part of it left out, and every other
    line is the line after the one before it."""

    def pattern(line: str) -> re.Pattern[str] | None:
        return None if line.strip() == "..." else re.compile(".*?".join(map(re.escape, line.rstrip().split("..."))))

    patterns = [pattern(line) for line in excerpt]

    def match(at: int, start: int, gap: bool) -> bool:
        if at == len(patterns):
            return True
        wanted = patterns[at]
        if wanted is None:
            return match(at + 1, start, True)
        candidates = range(start, len(lines) if gap else min(start + 1, len(lines)))
        return any(wanted.fullmatch(lines[i].rstrip()) and match(at + 1, i + 1, False) for i in candidates)

    return match(0, 0, True)


def test_the_monopoly_builder_walkthrough_quotes_the_bundled_files_as_they_are():
    """docs/whole-game.md, from section 6 on: every ```yaml block is a piece of a bundled
    variant file (variants/monopoly-builder.yaml or one of its house rules), cut short only
    where it says `...`, so a change to the file that the page does not follow fails here."""
    text = WHOLE_GAME_MD.read_text()
    part = text.index("\n## 6. Monopoly Builder")
    files = {path.name: path.read_text().splitlines() for path in (ROOT / "variants").glob("*.yaml")}
    excerpts = [e for e in effect_examples(WHOLE_GAME_MD) if e.kind == "yaml" and e.line > text.count("\n", 0, part)]
    assert len(excerpts) > 20
    assert [str(e) for e in excerpts if not any(is_excerpt_of(e.text.splitlines(), f) for f in files.values())] == []


@pytest.mark.parametrize("example", checked_examples("effect", "condition"), ids=str)
def test_every_effect_and_condition_example_parses_and_checks_clean(example):
    from engine.effects.check import check_condition, check_program
    from engine.effects.parser import parse_condition, parse_effect

    context, kinds = default_context(example.timing), kinds_of(example.timing)
    if example.kind == "effect":
        assert check_program(parse_effect(example.text, kinds), context) == []
    else:
        assert check_condition(parse_condition(example.text, kinds), context) == []


@pytest.mark.parametrize("example", [e for e in effect_examples() if e.kind == "yaml"], ids=str)
def test_every_card_example_checks_clean_in_a_variant(example, write):
    from engine.variant.load import check_variant

    result = check_variant(write(card_variant(example.text)))
    assert result.ok, "\n".join(map(str, result.diagnostics))


@pytest.mark.parametrize("example", checked_examples("variant"), ids=str)
def test_every_variant_example_checks_clean_and_plays(example, write):
    """A ```variant example is part of a variant file, which extends the default variant: it
    checks clean, and random players play it for a while."""
    import random

    from engine.game.game_state import new_state
    from engine.resources import DEFAULT_VARIANT
    from engine.variant.load import check_variant

    result = check_variant(write(f"extends: {DEFAULT_VARIANT}\n{example.text}"))
    assert result.ok, "\n".join(map(str, result.diagnostics))
    game, choose = new_state(result.variant, 3, seed=1), random.Random(1)
    for _ in range(100):
        if game.is_over:
            break
        options = game.legal_actions()
        game.apply(options[choose.randrange(len(options))])


@pytest.mark.parametrize("example", checked_examples("effect-error"), ids=str)
def test_every_wrong_example_gets_the_message_the_page_gives(example):
    from engine.effects.check import check_program
    from engine.effects.recovery import parse_effect_all

    parsed = parse_effect_all(example.text, kinds=kinds_of(example.timing))
    messages = [e.message for e in parsed.errors]
    if parsed.program is not None:
        messages += [p.message for p in check_program(parsed.program, default_context(example.timing), parsed.missing_from)]
    assert len(messages) == 1 and messages[0].startswith(example.message), messages


def test_the_names_section_lists_every_reserved_word():
    """docs/effects.md, section 3: the list of reserved words is exactly the words of the
    language and the three fixed names, so a word added to the grammar fails here until listed."""
    from engine.effects.check import is_reserved
    from engine.effects.parser import reserved_words

    text = EFFECTS_MD.read_text()
    section = text[text.index("## 3. Names") : text.index("## 4. Instructions")]
    listing = re.search(r"^\*\*Reserved words\.\*\*.*?\n\n(.*?)\n\n", section, re.S | re.M).group(1)
    words = re.findall(r"`([^`]*)`", listing)
    assert len(words) == len(set(words)) and words == sorted(words)
    assert set(words) == reserved_words() | {"me", "turn_player", "this"}
    assert all(is_reserved(word) for word in words)


def _trees():
    from engine.effects.parser import _parser, joined_kinds, prepared

    for start, text in effect_example_texts():
        yield _parser().parse(joined_kinds(prepared(text), kinds_of()), start=start)


def _tokens():
    from engine.effects.parser import _parser, joined_kinds, prepared

    for start, text in effect_example_texts():
        yield from _parser().parse_interactive(joined_kinds(prepared(text), kinds_of()), start=start).iter_parse()


def test_every_statement_and_expression_form_of_the_grammar_has_an_example():
    """Every node the grammar can build (a statement rule, an expression form such as
    `compare` or `units_on`, an option such as `where` or `by`) appears in some example, and
    so does every kind of node of the syntax tree: a new rule fails here until documented."""
    from engine.effects import ast
    from engine.effects.parser import _parser, parse_condition, parse_effect

    # a `?rule` without an alias (`?atom: "(" expr ")"`) and Lark's own `__helper` rules are
    # inlined into their parent, so never show as a node of their own
    forms = {rule.alias or rule.origin.name for rule in _parser().rules if rule.alias or not rule.options.expand1}
    forms = {str(form) for form in forms if not str(form).startswith("_")}
    shown = {str(tree.data) for tree in _trees() for tree in tree.iter_subtrees()}
    assert forms - shown == set()

    nodes = set()
    for start, text in effect_example_texts():
        parsed = parse_effect(text, kinds_of()).statements if start == "start" else (parse_condition(text, kinds_of()),)
        nodes |= {type(node) for node in ast.walk(list(parsed))}
    assert {t.__name__ for t in ast.STATEMENT_TYPES + ast.EXPRESSION_TYPES} - {t.__name__ for t in nodes} == set()


def test_every_word_and_operator_of_the_language_has_an_example():
    """Every terminal of the grammar (each keyword, kind, fact, adjective, punctuation) is
    met in some example, and so is each spelling of a terminal written as alternatives in
    effects.lark, such as each of the six comparisons."""
    from engine.effects.parser import GRAMMAR_PATH, _parser

    layout = {"_NL", "_INDENT", "_DEDENT", *_parser().ignore_tokens}
    terminals = {t.name: t.pattern.value for t in _parser().terminals if t.name not in layout}
    tokens = list(_tokens())
    seen = {token.type for token in tokens}
    assert {f"{name} ({pattern})" for name, pattern in terminals.items() if name not in seen} == set()

    grammar = GRAMMAR_PATH.read_text()
    spellings = {
        name: re.findall(r'"([^"]*)"', body)
        for name, body in re.findall(r"^([A-Z][A-Z_]*):\s*(.*)$", grammar, re.M)
        if re.fullmatch(r'"[^"]*"(\s*\|\s*"[^"]*")*\s*', body)
    }
    written = {(token.type, str(token)) for token in tokens}
    assert {(name, s) for name, alternatives in spellings.items() for s in alternatives} - written == set()


# ----- docs/effects.md: the cards it shows do what it says, in a real game ------------------------


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
    drawn = [e for e in events if e.kind == "draw" and e.data["why"] == ""]
    assert [e.data["player"] for e in drawn] == [seat(game, "white")]
    assert events.index(drawn[0]) > kinds(events).index("cancelled")
    assert of_kind(events, "cancelled") == [{"card": "hurricane", "acted": False}]
    assert discards(game) == ["insurance", "hurricane"]


def test_the_house_rule_hurricane_removes_two_units(write):
    """docs/effects.md, section 8: 'Two units go, one at a time; each top player may answer'."""
    from test_rules_cards import at_card_step, choose_prop, decline, discards, play, units

    variant = doc_cards(write, ("hurricane", "repeat 2 times"))
    game = at_card_step(stacks={("red", 1): ["black", "white"], ("blue", 2): ["gray"]},
                        hands={"purple": ["hurricane"]}, pile=["switch"], variant_name=variant)
    play(game, "hurricane")
    choose_prop(game, "red", 1)
    decline(game, "white")
    choose_prop(game, "blue", 2)
    decline(game, "gray")
    assert units(game, "red", 1) == ["black"] and units(game, "blue", 2) == []
    assert discards(game) == ["hurricane"]


def test_the_house_rule_earthquake_hits_the_top_of_every_hotel_in_the_rolled_zone(write):
    """docs/effects.md, section 8: 'then the top unit of every hotel in that zone goes back
    to its owner's supply. Nobody chooses anything after the roll.'"""
    from scenario import colour
    from test_rules_cards import at_card_step, of_kind, play, units

    variant = doc_cards(write, ("earthquake", "roll zone Z"))
    game = at_card_step(stacks={("blue", 2): ["white", "black"], ("blue", 4): ["gray"], ("red", 1): ["white"]},
                        hands={"purple": ["earthquake"]}, pile=["switch"], variant_name=variant,
                        between=colour("fortune") + colour("blue"))
    events = play(game, "earthquake")
    assert of_kind(events, "say") == [{"text": "The ground shakes!"}]
    assert units(game, "blue", 2) == ["white"] and units(game, "blue", 4) == [] and units(game, "red", 1) == ["white"]
    assert [d["what"] for d in of_kind(events, "choose")] == ["zone"]  # the roll's zone, nothing else


def test_the_house_rule_audit_makes_each_opponent_with_more_than_three_cards_discard_one(write):
    """docs/effects.md, section 8: 'Every opponent holding more than three Fortune cards
    discards one, of their own choice', and it is not offered when nobody qualifies."""
    from test_rules_cards import at_card_step, card_options, hand, of_kind, play, seat

    variant = doc_cards(write, ("audit", "discard 1 from O"))
    four = ["windfall", "switch", "hurricane", "demolition"]
    game = at_card_step(hands={"purple": ["audit"], "white": four, "black": four[:3]}, pile=["switch"],
                        variant_name=variant)
    play(game, "audit")
    assert game.decision == "discard" and game.current_player == seat(game, "white")
    events = game.apply({"kind": "discard", "arg": "switch"})
    assert of_kind(events, "discard") == [{"player": seat(game, "white"), "card": "switch"}]
    assert len(hand(game, "black")) == 3

    nobody = at_card_step(hands={"purple": ["audit", "windfall"], "white": four[:3]}, pile=["switch"],
                          variant_name=variant)
    assert "audit" not in card_options(nobody)


def test_the_rules_by_players_example_deals_each_count_its_own_hand(write):
    """docs/variants.md, "Rules by the number of players": the house rule there checks clean,
    and a game of two deals 4 Fortune cards each where a game of three deals the 2016 rules' 2."""
    from engine.game.game_state import new_state
    from engine.variant.load import check_variant

    text = (ROOT / "docs" / "variants.md").read_text()
    section = text[text.index("#### Rules by the number of players"):]
    example = re.search(r"^```yaml\n(.*?)^```\n", section, re.S | re.M)
    assert example is not None
    result = check_variant(write(example.group(1)))
    assert result.ok and result.variant is not None, "\n".join(map(str, result.diagnostics))
    for players, hand in ((2, 4), (3, 2)):
        game = new_state(result.variant, players, seed=1)
        assert game.variant.rules["starting_hand"] == hand
        assert [len(game.hand(player)) for player in range(players)] == [hand] * players
