"""The one worker function and the work of a run (issue 48, Architecture): `play_batch(spec,
first, count)` plays games from plain data, a game's seed depends on the base seed and its
index only, a worker compiles a spec's variant itself from the texts the spec carries when it
has none, plays those texts whatever the files hold since, and refuses a spec of another
engine; `Work` hands out batches with the specs advancing together."""

from __future__ import annotations

import doctest

import pytest

import engine.simulate.backend
import engine.simulate.work
from engine import load_variant
from engine.simulate.backend import KEPT, ROUND_GAMES, Work
from engine.simulate.work import SpecMismatch, make_spec, play_batch
from engine.variant.overrides import Setting


@pytest.mark.parametrize("module", [engine.simulate.work, engine.simulate.backend])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


@pytest.fixture
def forgetful(monkeypatch):
    """This process keeps no compiled variant and knows no spec: every spec is checked and
    compiled from its texts."""
    monkeypatch.setattr(engine.simulate.work, "_compiled", engine.simulate.work.OrderedDict())
    monkeypatch.setattr(engine.simulate.work, "_accepted", {})


def test_a_games_record_does_not_depend_on_the_batch_it_is_played_in():
    spec = make_spec(load_variant("winning-moves-2016"), 2, ["random"], seed=4)
    whole = play_batch(spec, 0, 4)
    assert play_batch(spec, 0, 1) + play_batch(spec, 1, 3) == whole
    assert play_batch(spec, 2, 2) == whole[2:]
    assert [values[0] for values in whole] == [0, 1, 2, 3]


def test_a_worker_without_the_variant_compiles_it_from_the_spec_with_its_settings(write, forgetful):
    variant = load_variant("winning-moves-2016")
    spec = make_spec(variant, 3, ["random"], seed=8)
    settings = (Setting("rules.starting_hand", 4),)
    from engine.variant.load import check_variant

    changed = check_variant("winning-moves-2016", settings).variant
    assert changed is not None
    other = make_spec(changed, 3, ["random"], seed=8, settings=settings)
    expected, expected_other = play_batch(spec, 0, 3), play_batch(other, 0, 3)
    engine.simulate.work._compiled.clear()
    engine.simulate.work._accepted.clear()
    assert play_batch(spec, 0, 3) == expected
    assert play_batch(other, 0, 3) == expected_other != expected
    assert engine.simulate.work.compiled(other).rules["starting_hand"] == 4


def test_a_worker_refuses_another_engine_or_other_sources(write, forgetful):
    path = write("extends: winning-moves-2016\nname: Mine\n")
    spec = make_spec(load_variant(str(path)), 2, ["random"], seed=1)
    engine.simulate.work._compiled.clear()
    engine.simulate.work._accepted.clear()
    with pytest.raises(SpecMismatch, match="this worker runs Boardwalk .*, the run Boardwalk 0.0.0"):
        play_batch({**spec, "engine": "0.0.0"}, 0, 1)
    with pytest.raises(SpecMismatch, match="other sources than the run's"):
        play_batch({**spec, "source": "0" * 64}, 0, 1)


def test_a_worker_plays_the_texts_the_run_checked_not_the_file_as_edited_since(write, forgetful):
    """Issue 48: the spec carries "variant texts", not paths: a worker elsewhere has no such file,
    and one here plays what the run checked even when the file is edited during the run."""
    path = write("extends: winning-moves-2016\nname: Mine\n")
    spec = make_spec(load_variant(str(path)), 2, ["random"], seed=1)
    expected = play_batch(spec, 0, 2)
    path.unlink()
    engine.simulate.work._compiled.clear()
    engine.simulate.work._accepted.clear()
    assert play_batch(spec, 0, 2) == expected
    assert engine.simulate.work.compiled(spec).name == "Mine"


def _handed_out(work: Work, size: int) -> list[tuple[int, int, int]]:
    found = []
    while (batch := work.take(size)) is not None:
        found.append(tuple(batch))
    return found


def test_work_advances_every_spec_together_game_by_game():
    work = Work([{}, {}, {}], games=5)
    batches = _handed_out(work, 1)
    assert batches[:6] == [(0, 0, 1), (1, 0, 1), (2, 0, 1), (0, 1, 1), (1, 1, 1), (2, 1, 1)]
    assert sorted(batches) == [(slot, i, 1) for slot in range(3) for i in range(5)]
    assert work.left == 0


def test_work_in_batches_covers_every_game_once_and_the_specs_stay_a_batch_apart():
    work = Work([{}, {}], games=10)
    batches = _handed_out(work, 4)
    assert batches == [(0, 0, 4), (1, 0, 4), (0, 4, 4), (1, 4, 4), (0, 8, 2), (1, 8, 2)]


def test_more_specs_than_a_worker_keeps_go_in_rounds_a_window_at_a_time():
    specs = [{} for _ in range(KEPT + 2)]
    work = Work(specs, games=ROUND_GAMES + 1)
    batches = _handed_out(work, ROUND_GAMES)
    first_round = batches[: len(specs)]
    assert [b[0] for b in first_round] == list(range(len(specs)))
    assert all(b[1:] == (0, ROUND_GAMES) for b in first_round)
    assert all(b[1:] == (ROUND_GAMES, 1) for b in batches[len(specs):]) and len(batches) == 2 * len(specs)
