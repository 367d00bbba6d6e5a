"""docs/api.md lists every kind of event the engine tells and every kind of question it asks,
with each event's data: an interface, a bot or a remote seat written from the page alone meets
nothing it was not told of (issue 45, 3: the page missed 11 kinds of event, and the `trade`
and `reply` questions). And every kind of event has one text record, with the same data as
the page gives it (issue 45, 5: event texts live with their words, engine/core/event_text.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine import load_variant
from engine.game.game_state import new_state
from engine.resources import bundled_variant_names
from engine.words.table import EVENT_TEXTS, STATEMENTS, TEXT_RECORDS

ROOT = Path(__file__).resolve().parent.parent
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
ENGINE_SOURCE = {path: path.read_text(encoding="utf-8") for path in (ROOT / "engine").rglob("*.py")}

TOLD = re.compile(r"""(?:\bemit|\bEvent|\.bare)\(\s*"([a-z_]+)\"""")
"""An event made in the code: `emit("kind", ...)`, `Event("kind", ...)`, `texts.bare("kind")`."""
ASKED = re.compile(r"""(?:\bask|\bAsked)\(\s*"([a-z_]+)\"""")
"""A question asked in the code: `ask("kind", ...)`, or `Asked("kind", ...)`, the question a
frame works out (Frame.question)."""


def _documented_events() -> dict[str, set[str]]:
    """The page's table of events: kind -> the names of its data."""
    table = API.split("Every kind the engine tells", 1)[1].split("\n\n", 2)[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = set(re.findall(r"`([a-z_]+)`", cells[2]))
    return rows


def _documented_questions() -> set[str]:
    table = API.split("| decision | actions |", 1)[1].split("\n\n", 1)[0]
    return {m for m in re.findall(r"^\| `([a-z_]+)`", table, flags=re.M)}


def _in_code(pattern: re.Pattern) -> set[str]:
    return {kind for text in ENGINE_SOURCE.values() for groups in pattern.findall(text)
            for kind in ([groups] if isinstance(groups, str) else groups) if kind}


def test_every_event_kind_the_engine_tells_is_on_the_api_page_and_no_other():
    documented = set(_documented_events())
    told = _in_code(TOLD)
    assert len(told) >= 38, sorted(told)  # the scan itself still finds the engine's events
    assert told == documented, {"told but not documented": sorted(told - documented),
                                "documented but never told": sorted(documented - told)}


def test_every_event_kind_the_engine_tells_has_exactly_one_text_record():
    """`Event.describe` looks the kind up in one table (engine/words/table.py's EVENT_TEXTS,
    gathered from each family's EVENT_TEXTS): a kind told with no record would be told as
    raw data, and a second record of a kind would silently replace the first."""
    kinds = [text.kind for text in TEXT_RECORDS]
    assert sorted(kind for kind in set(kinds) if kinds.count(kind) > 1) == []
    told = _in_code(TOLD)
    assert set(kinds) == told, {"told without a text": sorted(told - set(kinds)), "a text never told": sorted(set(kinds) - told)}
    declared = {kind for word in STATEMENTS.values() for kind in word.events}  # each word's own list
    assert declared <= set(EVENT_TEXTS), sorted(declared - set(EVENT_TEXTS))


def test_the_api_pages_event_table_and_the_text_records_give_the_same_data():
    """Each text record names the data its kind carries: the page's row says the same."""
    records = {text.kind: set(text.keys) for text in TEXT_RECORDS}
    documented = _documented_events()
    assert records == documented, {kind: {"record": sorted(records.get(kind, ())), "page": sorted(documented.get(kind, ()))}
                                   for kind in records.keys() | documented.keys() if records.get(kind) != documented.get(kind)}


def test_a_counter_kept_for_each_space_is_told_with_the_space_the_api_page_gives_it(write):
    """A counter of a space the log tells (`shown`) carries the `space` it lies on besides
    the turn's `player` (Table.add_to), and is told by that space; the page's row for
    `counter` left it out. No bundled game announces such a counter: the variant of the
    general words' tests, with its `footfall` shown."""
    text = (ROOT / "tests" / "data" / "every-new-word.yaml").read_text(encoding="utf-8")
    quiet = "footfall: {each: space, reset: never}"
    shown = text.replace(quiet, quiet[:-1] + ', shown: "has had {} visitors"}')
    assert shown != text
    game = new_state(load_variant(write(shown)), players=2, seed=1)
    rng = random.Random(1)
    told = []
    while not told and not game.is_over and game.turn_number < 40:
        events = game.apply(rng.choice(list(game.legal_actions())))
        told = [event for event in events if event.kind == "counter" and "space" in event.data]
    assert told, "no visitor was counted"
    event = told[0]
    assert set(event.data) <= _documented_events()["counter"]
    space, visitors = event.data["space"], event.data["value"]
    change = " (+1)" if visitors > 1 else ""  # a counter with a name says its change (issue 46, 10)
    assert event.describe() == f"{game.texts.properties[space]} has had {visitors} visitor{'' if visitors == 1 else 's'}{change}"


def test_every_question_kind_the_engine_asks_is_on_the_api_page():
    asked = _in_code(ASKED)
    documented = _documented_questions()
    assert {"trade", "reply"} <= asked
    assert asked <= documented, sorted(asked - documented)


def test_each_event_carries_the_data_the_api_page_gives_it():
    """Random play of every bundled game: every event's data names only what its row gives,
    and every question asked is of a documented kind."""
    documented = _documented_events()
    questions = _documented_questions()
    for name in bundled_variant_names():
        variant = load_variant(name)
        game = new_state(variant, players=variant.player_counts[-1], seed=3)
        rng = random.Random(3)
        events = list(game.setup_events)
        for _ in range(1_500):
            if game.is_over:
                break
            assert game.decision in questions, (name, game.decision)
            events += game.apply(rng.choice(list(game.legal_actions())))
        for event in events:
            assert event.kind in documented, (name, event.kind)
            assert set(event.data) <= documented[event.kind], (name, event.kind, sorted(set(event.data) - documented[event.kind]))


def test_games_public_names_are_the_api_pages_list_and_no_more():
    """issue 45, 3: `Game` is a thin façade; its public names are what docs/api.md's table of
    a game lists, and no more than about 60."""
    from engine.game.game import Game

    table = API.split("## A game", 1)[1].split("\n\n")[2]
    documented = set(re.findall(r"`game\.([a-z_]+)", table))
    public = {name for name in dir(Game) if not name.startswith("_")}
    assert public == documented, {"not documented": sorted(public - documented), "not there": sorted(documented - public)}
    assert len(public) <= 60
