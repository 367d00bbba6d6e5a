"""The help screen speaks the variant's own words (issue 27, 4: "nothing in tui/ names a game's
word"). Every part of it comes from the file: its seats, board, dice, `how_to_play`, the
sentences its `rule_kinds` give each rule's value (docs/variants.md, 3.5), its scores and its
cards. A house rule that changes a value changes the help with it.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from engine import load_variant
from test_check_bad_input import EXTENDS, assert_at, only
from tui.helptext import help_markdown

ROOT = Path(__file__).resolve().parent.parent


def _help(path: Path | str, players: int = 2) -> str:
    return help_markdown(load_variant(path), players)


def test_the_help_lists_each_rule_in_the_sentence_its_kind_gives_for_the_value_it_has(write):
    base = _help(ROOT / "variants" / "winning-moves-2016.yaml")
    assert "Fortune cards each player draws at the start: 2\\." in base
    assert "Everyone rolls the number dice, and the highest roll starts\\." in base
    assert "If you can afford a unit in the zone rolled, you must place at least one\\." in base
    # a list rule is told once for each word it holds
    assert "no units left to build with" in base and "last space of the boardwalk" in base
    house = write(EXTENDS + "name: Seat order\nrules:\n  starting_hand: 3\n  turn_order: seat\n"
                  "  build_compulsory: false\n  end_conditions: [track_end]\n")
    changed = _help(house)
    assert "Fortune cards each player draws at the start: 3\\." in changed
    assert "The first seat starts, and play follows the seats\\." in changed
    assert "Building is optional\\." in changed and "you must place at least one" not in changed
    assert "no units left to build with" not in changed and "last space of the boardwalk" in changed


def test_a_rule_whose_kind_says_nothing_is_left_out_and_a_house_rule_can_tell_its_own(write):
    house = write(EXTENDS + "name: Own words\nrules:\n  bonus: 4\n  quiet: 7\nrule_kinds:\n"
                  "  bonus: {number: [0, 9], says: \"Bonus cards for a full zone: {}.\"}\n"
                  "  quiet: {number: [0, 9]}\n"
                  "  turn_order: {says: {roll: The youngest rolls first; the highest roll starts.}}\n")
    text = _help(house)
    assert "Bonus cards for a full zone: 4\\." in text
    assert ": 7\\." not in text  # 'quiet' says nothing
    # a kind merges key by key, as every mapping of a base does (docs/variants.md, 4)
    assert "The youngest rolls first; the highest roll starts\\." in text and "Everyone rolls" not in text


def test_a_sentence_for_a_word_the_rule_cannot_be_is_refused_where_it_is_written(write):
    path = write(EXTENDS + "rule_kinds:\n  turn_order:\n    one_of: [roll, seat]\n    says:\n      rol: Everyone rolls.\n")
    assert_at(only(path), "v.yaml", 6, 7, "rol", hint="roll")


def test_a_number_rule_sentence_says_where_its_number_goes(write):
    path = write(EXTENDS + "rule_kinds:\n  starting_hand: {number: [0, 20], says: Cards at the start.}\n")
    problem = only(path)
    assert problem.loc.line == 3 and "{}" in str(problem)


def test_the_help_keeps_the_lines_of_a_variants_own_list():
    text = _help(ROOT / "variants" / "monopoly-chance.yaml", 4)
    steps = re.findall(r"^(\d+)\. ", text.split("## How to play")[1].split("##")[0], re.MULTILINE)
    assert steps == ["1", "2", "3", "4", "5", "6", "7"][: len(steps)] and len(steps) >= 5


GAME_WORDS = re.compile(r"hotel|vacant[ _]lot|fortune|wild|monopoly|parker|skyline|advance to boardwalk", re.IGNORECASE)
"""Words of the bundled games. 'Boardwalk' alone is the program's own name."""


def _code_words(path: Path) -> list[tuple[int, str]]:
    """The names and string literals of a module that are not its docstrings or comments:
    what it does, rather than what it explains."""
    found = []
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
              if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT)]
    for i, token in enumerate(tokens):
        if token.type == tokenize.STRING:
            alone = (i == 0 or tokens[i - 1].type == tokenize.NEWLINE) and tokens[i + 1].type == tokenize.NEWLINE
            if alone:  # a docstring, or a string standing as a statement
                continue
        elif token.type != tokenize.NAME:
            continue
        found.append((token.start[0], token.string))
    return found


def test_no_code_of_the_engine_or_the_screens_names_a_bundled_games_word():
    """The command line's help is left out: it names the bundled games, as examples to play."""
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text[:80]}"
        for folder in ("engine", "tui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "cli.py" and path.parent.name != "commands"
        for line, text in _code_words(path)
        if GAME_WORDS.search(text)
    ]
    assert named == []
