"""What a cluster's worker is sent and what it does with it (issue 48, Architecture and
Security): a spec carries the variant's texts, not paths; a worker checks every spec as
hostile input (its shape, its limits, the texts as a variant file, what it read against what
was sent) and answers with plain data; the run's side checks the shape of what comes back.
No cluster here: the functions a worker runs, called as it calls them."""

from __future__ import annotations

import copy

import pytest

import engine.simulate.work as work
from engine import load_variant
from engine.simulate.backend import Batch, Work
from engine.simulate.spec import BadSpec, check_spec, compile_texts, identity, source_digest
from engine.simulate.work import FIELD_NAMES, SpecMismatch, answer_batch, make_spec, play_batch


@pytest.fixture
def fresh(monkeypatch):
    """A worker that has seen no spec: every spec is checked and compiled from its texts."""
    monkeypatch.setattr(work, "_compiled", work.OrderedDict())
    monkeypatch.setattr(work, "_accepted", {})


@pytest.fixture
def spec(write):
    path = write("extends: winning-moves-2016\nname: Mine\n", "rules/mine.yaml")
    made = make_spec(load_variant(str(path)), 2, ["random"], seed=5)
    return copy.deepcopy(made)  # another object: as a worker receives it


def test_a_spec_carries_the_texts_of_the_variant_and_of_what_it_extends(spec, default_text):
    """Issue 48: "spec is plain data (variant texts, overrides, bots, players, seed, engine
    version and source hash)"."""
    files = spec["variant"]["files"]
    assert files[0] == ["mine.yaml", "extends: winning-moves-2016\nname: Mine\n"]
    assert files[1] == ["", default_text]  # a bundled variant, reached by its name: compared, not written
    assert spec["source"] == source_digest() == identity()["source"]
    assert set(spec) == {"engine", "source", "variant", "players", "bots", "seed"}


def test_a_file_extended_beside_the_variant_is_sent_by_its_name_below_the_variant_folder(write, fresh):
    write("extends: winning-moves-2016\nname: Base\n", "house/base/base.yaml")
    path = write("extends: base/base.yaml\nname: Top\n", "house/top.yaml")
    made = make_spec(load_variant(str(path)), 2, ["random"], seed=2)
    assert [name for name, _ in made["variant"]["files"]] == ["top.yaml", "base/base.yaml", ""]
    expected = play_batch(made, 0, 2)
    work._compiled.clear()
    work._accepted.clear()
    path.unlink()
    assert play_batch(copy.deepcopy(made), 0, 2) == expected


def _broken(spec: dict, change) -> dict:
    broken = copy.deepcopy(spec)
    change(broken)
    return broken


BAD = [
    ("not a mapping", lambda s: s.clear(), "a spec is a mapping"),
    ("an extra key", lambda s: s.update(code="import os"), "a spec is a mapping"),
    ("players a string", lambda s: s.update(players="2"), "its players"),
    ("players True", lambda s: s.update(players=True), "its players"),
    ("a negative seed", lambda s: s.update(seed=-1), "its seed"),
    ("a seed past 2^64", lambda s: s.update(seed=2**64), "its seed"),
    ("no bots", lambda s: s.update(bots=[]), "its bots"),
    ("a bot of 10,000 characters", lambda s: s.update(bots=["g" * 10_000]), "a bot spec"),
    ("a source that is no digest", lambda s: s.update(source="x"), "source digest"),
    ("an absolute file name", lambda s: s["variant"]["files"][0].__setitem__(0, "/etc/passwd.yaml"), "plain path"),
    ("a name climbing out", lambda s: s["variant"]["files"][0].__setitem__(0, "../up.yaml"), "plain path"),
    ("a name that is no yaml", lambda s: s["variant"]["files"][0].__setitem__(0, "x.py"), "plain path"),
    ("a file named twice", lambda s: s["variant"]["files"].append(list(s["variant"]["files"][0])), "twice"),
    ("texts past a variant's limit", lambda s: s["variant"]["files"][0].__setitem__(1, "#" * 1_000_001), "limit"),
    ("a text that is bytes", lambda s: s["variant"]["files"][0].__setitem__(1, b"x"), "pair of texts"),
    ("seventeen files", lambda s: s["variant"].update(files=[[f"f{k}.yaml", ""] for k in range(17)]), "1 to 16"),
    ("a setting of a mapping", lambda s: s["variant"].update(settings=[["rules.x", {"a": 1}]]), "setting's word"),
    ("a setting's huge number", lambda s: s["variant"].update(settings=[["rules.x", 10**30]]), "too large"),
]


@pytest.mark.parametrize("what, change, words", BAD, ids=[b[0] for b in BAD])
def test_a_worker_refuses_a_spec_of_another_shape(spec, fresh, what, change, words):
    """Issue 48: "a worker must not trust a spec" (the brief): each field's type and limits."""
    broken = _broken(spec, change)
    with pytest.raises(BadSpec, match=words):
        check_spec(broken)
    answer = answer_batch(broken, 0, 1)
    assert answer[0] == "mismatch" and words in answer[1]


def test_a_worker_refuses_texts_that_do_not_check_and_names_no_folder_of_its_own(spec, fresh):
    broken = _broken(spec, lambda s: s["variant"]["files"][0].__setitem__(1, "extends: winning-moves-2016\nrules: 7\n"))
    with pytest.raises(SpecMismatch, match=r"the variant does not check: mine.yaml:2:\d+") as refused:
        play_batch(broken, 0, 1)
    assert "boardwalk-spec-" not in str(refused.value)


def test_a_worker_refuses_texts_whose_base_differs_from_its_own_bundled_variant(spec, fresh):
    """A bundled variant is read from the worker's own install: its text must be the run's."""
    broken = _broken(spec, lambda s: s["variant"]["files"][1].__setitem__(1, "name: another\n"))
    with pytest.raises(SpecMismatch, match="not the run's"):
        play_batch(broken, 0, 1)


def test_an_extends_out_of_the_folder_is_refused_as_in_a_file(spec, fresh):
    broken = _broken(spec, lambda s: s["variant"]["files"][0].__setitem__(1, "extends: ../../etc/x.yaml\nname: X\n"))
    with pytest.raises(SpecMismatch, match="leaves the variant's folder"):
        play_batch(broken, 0, 1)


def test_a_worker_refuses_bots_or_players_the_variant_does_not_take(spec, fresh):
    with pytest.raises(SpecMismatch, match="not for 9 players"):
        play_batch(_broken(spec, lambda s: s.update(players=9)), 0, 1)
    with pytest.raises(SpecMismatch, match="nobody"):
        play_batch(_broken(spec, lambda s: s.update(bots=["nobody"])), 0, 1)


@pytest.mark.parametrize("first, count", [(-1, 1), (0, 0), (0, 10**9), ("0", 1), (0, 1.5)])
def test_a_worker_refuses_a_batch_out_of_range(spec, fresh, first, count):
    assert answer_batch(spec, first, count)[0] == "mismatch"


def test_a_workers_answer_is_plain_data(spec, fresh):
    """Issue 48: results come back as plain tuples, no object of ours or a user's pickled."""
    status, records, seconds = answer_batch(spec, 3, 2)
    assert status == "done" and isinstance(seconds, float)
    plain = (int, str, float, bool, type(None))

    def is_plain(value) -> bool:
        if isinstance(value, (tuple, list)):
            return all(is_plain(item) for item in value)
        return isinstance(value, plain)

    assert [r[0] for r in records] == [3, 4] and all(len(r) == len(FIELD_NAMES) and is_plain(r) for r in records)


def test_the_texts_are_checked_in_a_folder_of_their_own_removed_afterwards(tmp_path, monkeypatch, default_text):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(BadSpec):
        compile_texts([["x.yaml", "name: x\n"]], ())
    assert compile_texts([["x.yaml", default_text]], ()).name == load_variant("winning-moves-2016").name
    assert list(tmp_path.iterdir()) == []


def test_the_run_side_refuses_records_of_another_shape(spec):
    """Issue 48: "Results are shape-checked: against bugs, not a hostile cluster"."""
    from engine.simulate.cluster import ClusterProblem, _shaped

    work_ = Work([spec], 4)
    batch = Batch(0, 2, 2)
    good = answer_batch(spec, 2, 2)
    assert _shaped(good, batch, work_) == (good[1], good[2])
    wrong = [
        ("done", good[1][:1], 0.1),
        ("done", [good[1][1], good[1][0]], 0.1),
        ("done", [good[1][0][:-1], good[1][1]], 0.1),
        ("done", [(2, 0, *good[1][0][2:]), good[1][1]], 0.1),
        ("done", good[1], "0.1"),
        ["done", good[1], 0.1],
    ]
    for answer in wrong:
        with pytest.raises(ClusterProblem, match="records of another shape") as refused:
            _shaped(answer, batch, work_)
        assert refused.value.status == 1
