"""Variant files read through libyaml (yamlsource._FastComposer) come out exactly as the
pure-Python reader makes them: every value, every key's and value's line and column, every
scalar's style, and for a file with a problem the very message and place (a problem sends the
file to the pure reader). Compared on every bundled variant, on YAML of every shape the
variants use, on random edits of real files and on random text."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.resources import bundled_variant_names, variants_dir
from engine.variant import yamlsource
from engine.variant.yamlsource import LocDict, LocList, YamlProblem, parse_yaml
from test_fuzz import mutate

pytestmark = pytest.mark.skipif(yamlsource._FastComposer is None, reason="PyYAML without libyaml: one reader only")

TEXTS = {name: (variants_dir() / f"{name}.yaml").read_text(encoding="utf-8") for name in bundled_variant_names()}
SHAPES = {
    "accents and other scripts": "name: Café Бульвар 🎲\nk: 'é''x'\nq: \"tab\\there \\u00e9\"\n",
    "block scalars": "a: |\n  one\n   two\n\n  three\nb: >-\n  folded\n  text\nc: |2\n    indented\nd: |+\n  kept\n\n",
    "flow collections": "l: [1, 'two', \"three\", [4, 5], {six: 6}]\nm: {a: 1, b: [x, y]}\n",
    "empty values and comments": "a:\nb: # a comment\nc: ~\nd: ''\ne: \"\"\n# end\n",
    "numbers and words": "a: 0x1F\nb: 1_000\nc: 1:30\nd: 2024-01-01\ne: yes\nf: true\ng: .5\nh: -7\n",
    "nested lists": "deck:\n  cards:\n    - id: a\n      tags: [x]\n    -\n      id: b\n    - - 1\n      - 2\n",
    "windows line ends": "a: 1\r\nb:\r\n  - x\r\n  - y\r\n",
    "document markers": "---\na: 1\n...\n",
}


def shape(value: object) -> object:
    """A value with every position it carries, for comparing two readings."""
    if isinstance(value, LocDict):
        return ("map", value.loc, [(k, value.key_locs[k], value.value_locs[k], shape(v)) for k, v in value.items()])
    if isinstance(value, LocList):
        return ("list", value.loc, value.value_locs, [shape(v) for v in value])
    return (type(value).__name__, value)


def reading(text: str, pure: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patch:
        if pure:
            patch.setattr(yamlsource, "_CParser", None)
        try:
            return shape(parse_yaml(text, "v.yaml"))
        except YamlProblem as problem:
            return ("problem", str(problem.diagnostic))


def assert_same_reading(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert reading(text, False, monkeypatch) == reading(text, True, monkeypatch), text


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_a_bundled_variant_reads_the_same_and_through_libyaml(name, monkeypatch):
    read_purely: list[str] = []
    real = yamlsource._StrictComposer.__init__

    def noted(self, *args, **kwargs):
        read_purely.append(name)
        real(self, *args, **kwargs)

    monkeypatch.setattr(yamlsource._StrictComposer, "__init__", noted)
    fast = reading(TEXTS[name], False, monkeypatch)
    assert read_purely == [], "a well-formed variant went to the pure reader"
    assert fast == reading(TEXTS[name], True, monkeypatch)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_yaml_of_every_shape_reads_the_same(name, monkeypatch):
    assert_same_reading(SHAPES[name], monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TEXTS))
def test_random_edits_of_a_variant_read_the_same(name, monkeypatch):
    rnd = random.Random(name)
    for _ in range(60):
        text = TEXTS[name]
        for _ in range(rnd.randrange(1, 4)):
            text = mutate(text, rnd)
        assert_same_reading(text, monkeypatch)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], max_examples=200)
@given(text=st.text(alphabet=st.sampled_from(list("ab:- \n\t[]{},'\"#|>&*!?%@`é\r\x85\u2028\ufeff0")), max_size=60))
def test_random_yaml_reads_the_same(text, monkeypatch):
    assert_same_reading(text, monkeypatch)
