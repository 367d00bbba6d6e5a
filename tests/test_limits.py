"""Hostile variant files meet a limit, never a traceback, a hang or unbounded memory: each limit
is refused with a message at the file, line and column to fix, or (at play time) keeps the
game going. The limits are listed in docs/variants.md, "Limits"."""

from __future__ import annotations

import ast as pyast
import tempfile
from pathlib import Path

import pytest

from engine import load_variant
from engine.effects import parser as effect_parser
from engine.effects.cost import Sizes, measure, measured_parts
from engine.effects.limits import MAX_EXPRESSION_COST, MAX_EXPRESSION_DEPTH, MAX_NUMBER
from engine.effects.parser import EffectSyntaxError, parse_condition, parse_effect
from engine.game.game_state import new_state
from engine.resources import bundled_variant_names
from engine.variant import yamlsource
from engine.variant.load import check_variant
from test_check_bad_input import EXTENDS, assert_at, line_of, new_card, only, problems

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


# ----- numbers too large to mean anything ------------------------------------------------------------


def test_a_number_too_long_for_python_is_refused_at_its_column(write):
    # line 10 is `        draw 999...9`: the number starts at column 14
    d = only(write(new_card("      effect: |\n        draw " + "9" * 5000 + "\n")))
    assert_at(d, "v.yaml", 10, 14, "effect of card 'new_card'", "5,000 digits", "too large", hint="no larger than")
    assert "9999" not in str(d)


def test_a_number_in_a_condition_above_the_bound_is_refused_at_its_column(write):
    # line 9 is `      condition: cards of me < 1000000001`: the number is column 32
    d = only(write(new_card("      condition: cards of me < 1000000001\n      effect: draw 1\n")))
    assert_at(d, "v.yaml", 9, 32, "condition of card 'new_card'", "1000000001", f"{MAX_NUMBER:,}")


def test_the_largest_number_an_effect_may_write_is_the_documented_bound():
    (draw,) = parse_effect(f"draw {MAX_NUMBER}").statements
    assert draw.count.value == MAX_NUMBER
    assert parse_effect("draw 000000000001").statements[0].count.value == 1
    with pytest.raises(EffectSyntaxError, match="too large"):
        parse_effect(f"draw {MAX_NUMBER + 1}")


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 5000, "1" + ":59" * 5000])
def test_a_whole_number_too_long_for_a_variant_file_is_refused_at_its_place(write, number):
    # decimal, hexadecimal and base-60 integers alike: line 3, column 18 after `  starting_hand: `
    d = only(write(EXTENDS + "rules:\n  starting_hand: " + number + "\n"))
    assert_at(d, "v.yaml", 3, 18, "digits", "at most 20", hint="quotes")


def test_a_twenty_digit_number_still_gets_the_schema_message(write):
    d = only(write(EXTENDS + "rules:\n  starting_hand: 99999999999999999999\n"))
    assert_at(d, "v.yaml", 3, 18, "rules.starting_hand must be at most 20")


# ----- expressions too deep to check -------------------------------------------------------------


def test_a_long_chain_of_arithmetic_is_refused_at_its_start_instead_of_crashing(write):
    # 2,000 terms (under the 10,000 characters), each '+' inside the next: far past what the
    # check could recurse through
    chain = "+".join(["1"] * 2000)
    d = only(write(new_card(f"      effect: |\n        draw 1\n        let A = {chain}\n")))
    assert_at(d, "v.yaml", 11, 17, f"more than {MAX_EXPRESSION_DEPTH} parts", hint="'let'")


def test_expressions_up_to_the_depth_limit_parse_and_one_more_part_is_refused():
    parse_effect("let A = " + " * ".join(["1"] * MAX_EXPRESSION_DEPTH))
    with pytest.raises(EffectSyntaxError, match="inside one another") as info:
        parse_condition("not " * MAX_EXPRESSION_DEPTH + "me is last")
    assert (info.value.line, info.value.col) == (1, 1)


# ----- integers that grow during play --------------------------------------------------------------

# 99999 to the 4th is past the bound already; each line multiplies the last by itself 4 times
GROWING = "let A = 99999 * 99999 * 99999 * 99999\nlet B = A * A * A * A\nlet C = B * B * B * B\n"


def _card_text(effect: str) -> str:
    return "      effect: |\n" + "".join(f"        {line}\n" for line in effect.splitlines())


def test_arithmetic_on_known_values_past_the_bound_is_refused_where_it_first_goes_past(write):
    # line 10 is `        let A = 99999 * ...`: 99999 * 99999 (column 17) is the first result past the bound
    d = only(write(new_card(_card_text(GROWING + "choose number N from C to C + 3"))))
    assert_at(d, "v.yaml", 10, 17, "9,999,800,001", f"{MAX_NUMBER:,}", hint="between")


def test_arithmetic_on_known_values_within_the_bound_passes(write):
    effect = f"let A = 30000 * 30000\nlet B = A + {MAX_NUMBER - 900_000_000}\nlet C = 0 - B\ndraw B + C"
    assert check_variant(write(new_card(_card_text(effect)))).ok


def _play_new_card(path: Path, timing: str) -> tuple:
    """A two-player game in which the first player plays 'new_card' at its first chance."""
    game = new_state(load_variant(path), 2, seed=1)
    game.hand(game.turn_player).append(game.book.card_index["new_card"])
    for _ in range(200):  # (the card's first chance: a decision worked out after it was dealt)
        question = game.question
        if question is not None and question.timing == timing and any(a.arg == "new_card" for a in question.options):
            break
        game.apply(game.legal_actions()[0])
    return game, game.apply({"kind": "play", "arg": "new_card"})


def test_arithmetic_during_play_stops_at_the_bound_and_every_event_can_be_told(write):
    # the dice make D unknown to the check, so the growth happens during play
    effect = "roll dice D\n" + GROWING.replace("99999 * 99999", "D * 99999", 1) + (
        "let E = C * C * C * C * C * C * C * C * C * C * C * C * C\n"
        "choose number N from E - 1 to E + 3\n"
        "repeat E times: draw 1"
    )
    path = write(new_card(_card_text(effect)))
    assert check_variant(path).ok
    game, events = _play_new_card(path, "end_of_turn")
    options = [action.arg for action in game.legal_actions()]
    assert options == [MAX_NUMBER - 1, MAX_NUMBER]
    events += game.apply(game.legal_actions()[-1])
    told = [event.describe() for event in events]
    assert any(f"chooses {MAX_NUMBER}" in line for line in told), told


def test_the_budget_stops_at_the_bound_however_often_it_grows(write):
    effect = "repeat 100 times: add budget * budget to budget\nrepeat 100 times: add budget to budget"
    path = write(new_card(_card_text(effect), timing="after_roll"))
    game, events = _play_new_card(path, "after_roll")
    assert game.counters["budget"] == MAX_NUMBER
    told = [event.describe() for event in events if event.kind == "counter"]
    assert len(told) == 200 and str(MAX_NUMBER) in told[-1]


# ----- conditions that cost too much ---------------------------------------------------------------

THREE_COUNTS = (
    "(count property P where (count property Q where (count property R where height of R > height of Q)"
    " > height of P) > 1) > 0"
)


def test_a_condition_nesting_three_counts_of_properties_is_refused_naming_the_nesting(write):
    # line 9 is `      condition: "(count ...`: the outermost count is column 20, after '"('
    d = only(write(new_card(f'      condition: "{THREE_COUNTS}"\n      effect: draw 1\n')))
    assert_at(d, "v.yaml", 9, 20, "condition of card 'new_card'", "50,083 steps", f"{MAX_EXPRESSION_COST:,}",
              hint="fewer 'count ... where'")
    assert "a count over 20 properties inside a count over 20 properties inside a count over 20 properties" in d.message


def test_a_where_filter_nesting_counts_is_refused_at_its_statement(write):
    # line 11 is the choose; its where holds two more counts of properties
    effect = "draw 1\nchoose property P where (count property Q where (count property R where R is Q) > 0) > 0\n"
    d = only(write(new_card(_card_text(effect))))
    assert_at(d, "v.yaml", 11, 9, "33,681 steps", "inside a choice among 20 properties")


def test_the_same_nesting_over_players_is_cheap_and_passes(write):
    cheap = THREE_COUNTS.replace("property", "player").replace("height", "worth")
    assert check_variant(write(new_card(f'      condition: "{cheap}"\n      effect: draw 1\n'))).ok


def test_the_cost_of_an_expression_follows_the_size_of_the_board():
    two_counts = parse_condition("(count property P where (count property Q where value of Q > value of P) > 3) > 0")
    assert measure(two_counts, Sizes(properties=20, largest_zone=5, zones=4, players=4)).steps == 2483
    assert measure(two_counts, Sizes()).steps > MAX_EXPRESSION_COST  # 520 properties, the schema's largest board


@pytest.mark.slow
def test_every_bundled_variant_stays_below_the_cost_limit_even_on_the_largest_board():
    """A house rule may grow the board to the schema's largest (520 properties) and still be
    accepted; the cards of the game are its own (a collection of cards is measured against
    every card the variant has). Monopoly Chance's placement test, a count of properties a
    cash card beats, comes nearest: about 10,900 of the 20,000 steps."""
    for name in bundled_variant_names():
        variant = load_variant(name)
        cards = sum(card.count for card in variant.cards) * max(variant.player_counts)
        for card in variant.cards:
            roots = [card.condition] if card.condition is not None else []
            for part in measured_parts(roots) + measured_parts(list(card.effect.statements)):
                assert measure(part, Sizes(cards=cards)).steps < MAX_EXPRESSION_COST, (name, card.id)


# ----- a huge YAML file is refused quickly ------------------------------------------------------------

HUGE_YAML = {
    "flow list": "deck: {cards: [" + ", ".join(["1"] * 3000) + "]}\n",
    "flow mapping": "deck: {" + ", ".join(f"k{i}: 1" for i in range(2000)) + "}\n",
    "block list": "deck:\n  cards:\n" + "    - 1\n" * 3000,
    "nested flow lists": "deck: {cards: [" + ", ".join(["[1, [2]]"] * 1000) + "]}\n",
}


def _refusal(text: str, max_nodes: int) -> str:
    with pytest.raises(yamlsource.YamlProblem) as info:
        yamlsource.parse_yaml(text, "v.yaml", max_nodes=max_nodes)
    return str(info.value.diagnostic)


@pytest.mark.parametrize("shape", sorted(HUGE_YAML))
def test_the_fast_node_count_refuses_where_the_composer_would(shape, monkeypatch):
    text = EXTENDS + HUGE_YAML[shape]
    fast = _refusal(text, max_nodes=2000)
    monkeypatch.setattr(yamlsource, "_CParser", None)  # the pure-Python composer's own count
    assert fast == _refusal(text, max_nodes=2000)
    assert "more than 2000 YAML nodes" in fast


def test_a_file_past_the_node_limit_is_refused_before_the_composer_reads_a_node(monkeypatch):
    if yamlsource._CParser is None:
        pytest.skip("PyYAML without libyaml: the composer counts, slowly but correctly")

    def no_composing(self, parent, index):
        raise AssertionError("the composer ran")

    monkeypatch.setattr(yamlsource._StrictComposer, "compose_node", no_composing)
    text = EXTENDS + "deck: {cards: [" + ", ".join(["1"] * (yamlsource.MAX_NODES + 10)) + "]}\n"
    assert len(text) < yamlsource.MAX_FILE_BYTES
    # 7 nodes come before the items (the top mapping, extends and its value, deck, its mapping,
    # cards, the list), so node 50,001 is item 49,994 of `deck: {cards: [1, 1, ...` on line 2
    assert _refusal(text, yamlsource.MAX_NODES) == (
        f"v.yaml:2:{16 + 3 * 49993}: error: file has more than 50000 YAML nodes; variant files are limited to that"
    )


@pytest.mark.parametrize(
    "text, words",
    [
        ("name: &x A\nedition: *x\n" + "list: [" + ", ".join(["1"] * 3000) + "]\n", "alias '*x'"),
        ("deep: " + "[" * 70 + "]" * 70 + "\nlist: [" + ", ".join(["1"] * 3000) + "]\n", "nested more than 64"),
        ("list: [1, 2\nname: x\n" + "more: [" + ", ".join(["1"] * 3000) + "]\n", "'[' that starts this list is never closed"),
    ],
)
def test_a_problem_before_the_node_limit_is_still_the_one_reported(text, words):
    assert words in _refusal(EXTENDS + text, max_nodes=2000)


def test_a_card_whose_loops_multiply_a_costly_expression_is_refused_at_the_loop(write):
    """Each expression is under the limit, but two repeats of a hundred around one made a
    single card take thirteen seconds: the card as a whole has a budget too."""
    from engine.effects.limits import MAX_CARD_COST

    effect = (
        "repeat 100 times:\n"
        "  repeat 100 times:\n"
        "    let X = count property P where (count property Q where height of Q > height of P) > 0\n"
    )
    d = only(write(new_card(_card_text(effect))))
    assert_at(d, "v.yaml", 10, 9, "playing this card could take", f"{MAX_CARD_COST:,}")
    assert "repeat fewer times" in d.hint


# ----- long keys: YAML's own limit, said as such, in linear time ---------------------------------


@pytest.mark.parametrize(
    "text, line",
    [
        ("format: 1\n" + "a" * 100_000 + ": 1\n", 2),  # issue 25, item 4: a key where one is required
        ("a" * 100_000 + ": 1\n", 1),  # the file's first key: YAML says the ':' stands where a value is read
        ("format: 1\n" + "k" * 2_000 + ": 1\n", 2),
        ('format: 1\n"' + "q" * 2_000 + '": 1\n', 2),  # quoted keys have the same limit
        ("format: 1\nrules:\n  " + "r" * 5_000 + ": 1\n", 3),
    ],
)
def test_a_key_longer_than_yaml_reads_is_refused_as_too_long_at_its_start(write, text, line):
    """YAML looks for a key's ':' only 1,024 characters far; past that it said "no ':' after
    its key" of a key that has one. The check says what is wrong: the key's length."""
    d = only(write(text))
    key = text.splitlines()[line - 1]
    length = len(key.rsplit(": ", 1)[0].strip())
    column = len(key) - len(key.lstrip()) + 1
    assert_at(d, "v.yaml", line, column, f"this key is {length:,} characters long", f"at most {yamlsource.MAX_KEY_CHARS:,}")


def test_a_key_written_after_a_question_mark_has_the_same_length_limit(write):
    """YAML's long form of a key (`? key`) has no limit of its own; a variant's keys all do."""
    d = only(write("format: 1\n? " + "a" * 5_000 + "\n: 1\n"))
    assert_at(d, "v.yaml", 2, 3, "this key is 5,000 characters long", "at most 1,024")


def test_a_key_at_the_limit_is_an_ordinary_unknown_key(write):
    d = [d for d in problems(write(EXTENDS + "k" * yamlsource.MAX_KEY_CHARS + ": 1\n")) if d.loc.line == 2]
    assert len(d) == 1 and d[0].message.startswith("unknown key 'kkk")


def test_a_message_quotes_only_the_start_of_a_megabyte_line(write):
    """A hint that shows the line to write, or a value that is wrong, is cut short."""
    d = only(write("format: 1\n" + "word " * 150_000 + "\n"))
    assert d.message == "this line has no ':' after its key" and len(d.hint) < 100
    d = only(write(EXTENDS + "rules:\n  turn_order: " + "x" * 500_000 + "\n"))
    assert "(500,000 characters)" in d.message and len(d.message) < 200


HUGE_LINES = {
    "key": "format: 1\n" + "a" * 990_000 + ": 1\n",
    "first key": "a" * 990_000 + ": 1\n",
    "line without a colon": "format: 1\n" + "a " * 495_000 + "\n",
    "glued colon": "format: 1\n" + "b" * 990_000 + ":c\n",
    "colons in a value": "format: 1\nx: " + "a: " * 330_000 + "\n",
    "quote never closed": 'format: 1\nx: "' + "x" * 990_000 + "\n",
    "many long keys": "format: 1\n" + ("k" * 1_500 + ": 1\n") * 650,
}


@pytest.mark.slow
def test_every_megabyte_file_of_long_lines_is_checked_in_seconds(tmp_path):
    """Issue 25, item 4: a file of one 100,000-character key took 29 seconds to check, and one
    of 1 MB (the file limit) would have taken hours: explaining YAML's error tried a regular
    expression from every letter of the key. Run in a child process with a generous timeout,
    so that a quadratic step coming back fails here instead of hanging the suite."""
    import subprocess
    import sys

    for name, text in HUGE_LINES.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    code = (
        "import sys, pathlib\n"
        "from engine.variant.load import check_variant\n"
        "for path in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml')):\n"
        "    result = check_variant(path)\n"
        "    print(path.stem, '|', result.diagnostics[0].message[:60])\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(" | ") for line in done.stdout.splitlines())
    assert set(said) == set(HUGE_LINES)
    assert said["key"].startswith("this key is 990,000 characters long")
    assert said["first key"].startswith("this key is 990,000 characters long")


# ----- expressions nested past Python's recursion ------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("levels", [400, 600, 900, 2000])
@pytest.mark.parametrize("part", ["supply of ", "X of ", "top card of ", "not ", "count player P where "])
def test_an_expression_nested_past_pythons_recursion_is_refused_like_a_shallow_one(write, part, levels):
    """Issue 25, item 5: 400 `supply of` were refused at the 50-part limit, but 600 ended in a
    RecursionError inside Lark, which built its tree recursively before the limit was looked
    at. The tree is now built without recursion, so any depth the 10,000 characters allow
    meets the same limit, at the expression's start."""
    atom = {"not ": "me is leader"}.get(part, "me")
    expression = part * min(levels, (9_900 - len(atom)) // len(part)) + atom
    d = only(write(new_card(f"      condition: '{expression}'\n      effect: stop\n")))
    assert_at(d, "v.yaml", 9, 19, f"more than {MAX_EXPRESSION_DEPTH} parts inside one another")
    d = only(write(new_card(f"      effect: |\n        let A = {expression}\n")))
    assert_at(d, "v.yaml", 10, 17, f"more than {MAX_EXPRESSION_DEPTH} parts inside one another")


# ----- an extends chain shares the limits of one file --------------------------------------------


def test_the_files_of_an_extends_chain_share_the_size_limit_of_one_file(write):
    """Sixteen files of 600 KB, each extending the next, took 40 seconds and a third of a
    gigabyte to check: every file met the limit alone. Together they meet it now."""
    junk = "junk: [" + ", ".join(["1"] * 10) + "]\n" + "# " + "x" * 599_000 + "\n"
    write("extends: c.yaml\n" + junk, "b.yaml")
    write("extends: winning-moves-2016\n" + junk, "c.yaml")
    d = only(write("extends: b.yaml\n" + junk, "a.yaml"))
    assert_at(d, "a.yaml", 1, 10, "with 'b.yaml', which 'extends' names", "1,000,000 bytes in all")


@pytest.mark.slow
def test_the_files_of_an_extends_chain_share_the_node_limit_of_one_file(write):
    many = "[" + ",".join(["1"] * 20_000) + "]"
    write(f"extends: c.yaml\nb: {many}\n", "b.yaml")
    write(f"extends: winning-moves-2016\nc: {many}\n", "c.yaml")
    d = only(write(f"extends: b.yaml\na: {many}\n", "a.yaml"))
    assert_at(d, "b.yaml", 1, 10, "with 'c.yaml'", f"{yamlsource.MAX_NODES:,} YAML nodes")
    [note] = d.notes
    assert note.loc.file == "c.yaml" and note.loc.line == 2


# ----- the effect texts of a variant share one length --------------------------------------------


@pytest.mark.slow
def test_the_effect_texts_of_a_variant_share_one_length_limit(write):
    """A megabyte of valid effects took fifteen seconds to parse and check: each effect met
    its own 10,000-character limit. Together they meet MAX_VARIANT_EFFECT_CHARS, and the first
    one past it is refused at its start (those after it are not read)."""
    statements = "\n".join(['say "hello"'] * 800)  # 9,599 characters
    block = "".join("        " + line + "\n" for line in statements.split("\n"))
    cards = "".join(
        f"    - id: c{i}\n      name: C{i}\n      count: 1\n      text: T.\n      timing: end_of_turn\n      effect: |\n{block}"
        for i in range(30)
    )
    text = EXTENDS + "deck:\n  cards:\n" + cards
    path = write(text)
    refused = [d for d in problems(path) if "together" in d.message]
    first_past = effect_parser.MAX_VARIANT_EFFECT_CHARS // (len(statements) + 1)  # the card that goes past
    assert len(refused) == 1
    assert refused[0].message.startswith(f"effect of card 'c{first_past}': with it, the effects")
    assert refused[0].loc.line == line_of(text, f"    - id: c{first_past}") + 6
