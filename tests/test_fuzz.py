"""Property-based tests and fuzzing: no input a user can give crashes the program, every
error has a location, and the engine's invariants hold whatever is played."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bundled import bundled_variants
from engine import VariantError, load_variant
from engine.effects.check import EffectContext, check_program
from engine.effects.parser import EffectSyntaxError, parse_condition, parse_effect
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.resources import variants_dir
from engine.variant.load import check_variant
from test_engine_invariants import check_invariants

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = bundled_variants()
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40)


# ----- the engine ------------------------------------------------------------------------------


@pytest.mark.slow
@FAST
@given(
    name=st.sampled_from(sorted(VARIANTS)),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 1000), min_size=0, max_size=400),
)
def test_any_sequence_of_legal_actions_keeps_every_invariant(name, players, seed, choices):
    game = new_state(VARIANTS[name], players, seed)
    check_invariants(game)
    for choice in choices:
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[choice % len(actions)])
        check_invariants(game)


class GameMachine(RuleBasedStateMachine):
    """Mixes playing with saving, restoring and copying: whatever the order, the game that
    comes back is the same game."""

    @initialize(name=st.sampled_from(sorted(VARIANTS)), players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
    def start(self, name, players, seed):
        self.variant = VARIANTS[name]
        self.game = new_state(self.variant, players, seed)

    @rule(choice=st.integers(0, 1000), times=st.integers(1, 15))
    def play(self, choice, times):
        for _ in range(times):
            if self.game.is_over:
                return
            actions = self.game.legal_actions()
            self.game.apply(actions[(choice + _) % len(actions)])

    @rule()
    def save_and_restore(self):
        data = json.loads(json.dumps(self.game.to_dict()))
        restored = restore_state(self.variant, data)
        assert restored.to_dict() == self.game.to_dict()
        assert restored.legal_actions() == self.game.legal_actions()
        self.game = restored

    @rule()
    def copy(self):
        twin = self.game.copy()
        assert twin.to_dict() == self.game.to_dict()
        self.game = twin

    @invariant()
    def invariants_hold(self):
        if hasattr(self, "game"):
            check_invariants(self.game)


TestGameMachine = pytest.mark.slow(GameMachine.TestCase)
TestGameMachine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)


# ----- the loader and the check ------------------------------------------------------------------

BASE_TEXT = (variants_dir() / "winning-moves-2016.yaml").read_text()
HOUSE_TEXT = (variants_dir() / "house-stormy-weather.yaml").read_text()


def assert_located(result, text: str, file_name: str) -> None:
    lines = max(1, text.count("\n") + 1)
    for diagnostic in result.diagnostics:
        assert diagnostic.message
        loc = diagnostic.loc
        assert loc.line >= 1 and loc.col >= 1
        if loc.file.endswith(file_name):
            assert loc.line <= lines + 1, (diagnostic, lines)


def mutate(text: str, rnd: random.Random) -> str:
    """One of the edits a person (or a damaged disk) might make."""
    lines = text.split("\n")
    kind = rnd.randrange(8)
    i = rnd.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rnd.randrange(len(lines))])
    elif kind == 2:
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3 and lines[i]:
        k = rnd.randrange(len(lines[i]))
        inserted = rnd.choice(["\t", ":", "- ", "[", "{", "*a", "&a ", "!!python/x ", "'", '"', "#", "|", "\x00", "é"])
        lines[i] = lines[i][:k] + inserted + lines[i][k:]
    elif kind == 4 and lines[i]:
        k = rnd.randrange(len(lines[i]))
        lines[i] = lines[i][:k] + lines[i][k + 1 :]
    elif kind == 5:
        lines[i] = " " * rnd.randrange(0, 9) + lines[i].lstrip()
    elif kind == 6:
        words = re.findall(r"[a-z_]+", text)
        lines[i] = re.sub(r"[a-z_]+", lambda m: rnd.choice(words) if rnd.random() < 0.3 else m.group(0), lines[i])
    else:
        lines = lines[: rnd.randrange(len(lines))]
    return "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("source_name, source_text", [("base", BASE_TEXT), ("house", HOUSE_TEXT)])
def test_mutated_variant_files_never_crash_and_every_problem_is_located(tmp_path, source_name, source_text):
    rnd = random.Random(source_name)
    for attempt in range(120):
        text = source_text
        for _ in range(rnd.randrange(1, 4)):
            text = mutate(text, rnd)
        path = tmp_path / f"m{attempt}.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        result = check_variant(path)
        assert_located(result, text, path.name)
        assert (result.variant is None) == (not result.ok)


@pytest.mark.slow
@FAST
@given(st.text(max_size=400))
def test_arbitrary_text_as_a_variant_file_never_crashes(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "v.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = check_variant(path)
    assert_located(result, text, "v.yaml")


@pytest.mark.slow
@FAST
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_a_variant_file_never_crash(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "v.yaml"
    path.write_bytes(data)
    result = check_variant(path)
    for diagnostic in result.diagnostics:
        assert diagnostic.loc.line >= 1 and diagnostic.loc.col >= 1


# ----- the effect parser -------------------------------------------------------------------------

WORDS = [
    "choose", "property", "hotel", "vacant lot", "zone", "player", "opponent", "P", "Q", "Z", "X", "me",
    "where", "by", "in", "build", "on", "up to", "new lots", "any", "units per new lot", "at least one",
    "remove", "top", "of", "all", "from", "except", "move", "to", "draw", "discard", "add", "budget",
    "offer", "reaction", "cancel", "stop", "say", '"hi"', "if", "else", "for each", "repeat", "times",
    "let", "=", "value", "owner", "worth", "cards", "count", "is", "not", "and", "or", "vacant",
    "occupied", "leader", "last", "has units on", "units of", "<=", ">", "+", "*", "(", ")", ":",
    ",", "1", "8", "red", "green", "roll", "dice", "off", "lowest", "among", "opponents",
]
ZONES = frozenset({"red", "blue", "yellow", "green"})


@st.composite
def effect_texts(draw):
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        indent = " " * draw(st.sampled_from([0, 0, 0, 2, 4, 3]))
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
        lines.append(indent + " ".join(words))
    return "\n".join(lines)


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(st.one_of(effect_texts(), st.text(max_size=120)))
def test_effect_texts_parse_or_fail_with_a_position_inside_the_text(text):
    lines = text.split("\n")
    for timing in ("end_of_turn", "after_roll", "reaction"):
        try:
            program = parse_effect(text)
        except EffectSyntaxError as error:
            assert 1 <= error.line <= len(lines) + 1
            assert 1 <= error.col <= max(len(line) for line in lines) + 2
            assert error.message
            return
        for problem in check_program(program, EffectContext(ZONES, timing)):
            assert 1 <= problem.line <= len(lines) and problem.col >= 1 and problem.message


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(st.one_of(effect_texts(), st.text(max_size=80)))
def test_conditions_parse_or_fail_with_a_position(text):
    try:
        parse_condition(text)
    except EffectSyntaxError as error:
        assert error.line >= 1 and error.col >= 1


def test_limits_have_clear_messages():
    with pytest.raises(EffectSyntaxError, match="longer than"):
        parse_effect("draw 1\n" * 3000)
    with pytest.raises(EffectSyntaxError, match="nested more than"):
        parse_effect("".join(f"{' ' * 2 * i}repeat 2 times:\n" for i in range(14)) + " " * 28 + "draw 1\n")
    with pytest.raises(EffectSyntaxError, match="parentheses"):
        parse_effect("draw " + "(" * 40 + "1" + ")" * 40)


def test_an_effect_cannot_loop_forever(tmp_path):
    """Loops nested ten deep are refused by the check (their work could be 10^20); loops whose
    work passes it still stop at 10,000 steps of one card, with a message in the log."""
    original = "        choose property P where value of P <= 5\n        build 1 on P"
    assert original in BASE_TEXT
    path = tmp_path / "loop.yaml"
    nested = "".join(f"{'  ' * (i + 4)}repeat 1000000 times:\n" for i in range(10)) + "  " * 14 + "draw 0"
    path.write_text(BASE_TEXT.replace(original, nested.rstrip()))
    with pytest.raises(VariantError, match="statements and events, more than the 500,000 one move may"):
        load_variant(path)
    nested = "".join(f"{'  ' * (i + 4)}repeat {rounds} times:\n" for i, rounds in enumerate((100, 100, 3))) + "  " * 7 + "draw 0"
    path.write_text(BASE_TEXT.replace(original, nested.rstrip()))
    variant = load_variant(path)
    game = new_state(variant, 2, seed=1)
    player = game.turn_player
    game.hand(player).append(game.book.card_index["contract_5"])
    while game.question.timing != "end_of_turn":
        game.apply(game.legal_actions()[0])
    events = game.apply({"kind": "play", "arg": "contract_5"})
    limit = [e for e in events if e.kind == "effect_limit"]
    assert limit and "stops" in limit[0].describe()
    assert "contract_5" in [c.id for c in (variant.cards[i] for i in game.pile_of("discard"))]


# ----- security ----------------------------------------------------------------------------------


def _python_sources():
    for folder in ("engine", "tui"):
        yield from (ROOT / folder).rglob("*.py")


def test_no_eval_or_exec_anywhere():
    for path in _python_sources():
        code = path.read_text()
        assert not re.search(r"(?<![\w.])(eval|exec)\s*\(", code), path


def test_yaml_is_only_read_through_the_safe_composer():
    for path in _python_sources():
        code = path.read_text()
        assert not re.search(r"yaml\.(load|full_load|unsafe_load|load_all)\s*\(", code), path
        assert "yaml.Loader" not in code and "UnsafeLoader" not in code, path


def test_a_python_tag_is_refused_without_running_anything(tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "evil.yaml"
    path.write_text(f"format: 1\nname: !!python/object/apply:os.system ['touch {marker}']\n")
    result = check_variant(path)
    assert not marker.exists()
    assert any("not allowed" in d.message for d in result.diagnostics)


def test_extends_cannot_reach_outside_the_variants_folder(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("format: 1\nname: secret\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    for target in ("../secret.yaml", str(secret), "/etc/passwd.yaml"):
        path = inner / "v.yaml"
        path.write_text(f"format: 1\nextends: {target}\n")
        result = check_variant(path)
        assert any("leaves the variant's folder" in d.message for d in result.diagnostics), target
        assert str(secret) not in result.files
