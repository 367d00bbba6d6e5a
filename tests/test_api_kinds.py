"""docs/api.md lists every kind of event the engine tells and every kind of question it asks,
with each event's data: an interface, a bot or a remote seat written from the page alone meets
nothing it was not told of (issue 45, 3: the page missed 11 kinds of event, and the `trade`
and `reply` questions)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine import load_variant, new_game
from engine.resources import bundled_variant_names

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
        game = new_game(variant, players=variant.player_counts[-1], seed=3)
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
