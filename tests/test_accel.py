"""The compiled kernel (engine/accel.py, built by scripts/build_accel.py) plays exactly the
games plain Python plays: issue 14 allows an accelerator only with a pure-Python fallback that
gives identical games, and a test that compares the two.

Two child processes, one with BOARDWALK_PURE=1, play the same seeded games of every bundled
variant at every player count, with random choices, with the greedy bot (which copies and
samples games), and through a save and restore in mid-game; each hashes every event, every
option offered and the final snapshot. The hashes must be equal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import accel

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import hashlib, json, random, sys
from engine import accel, load_variant, new_game, restore
from engine.bots import make_bot
from engine.resources import bundled_variant_names

digest = hashlib.sha256()

def note(*parts):
    digest.update(repr(parts).encode())

def play(variant, players, seed, greedy):
    rnd = random.Random(seed)
    game = new_game(variant, players, seed=seed)
    bot = make_bot("greedy", variant, seed=seed) if greedy else None
    decisions = 0
    while not game.is_over:
        actions = game.legal_actions()
        note([(a.kind, repr(a.arg), a.what) for a in actions])
        if bot is not None and game.current_player == 0:
            action = bot.choose(game.observation(0))
        else:
            action = actions[rnd.randrange(len(actions))]
        for event in game.apply(action):
            note(event.kind, sorted(event.data.items(), key=str), event.private_to)
        decisions += 1
        if decisions == 40:  # on through a save and restore
            game = restore(variant, json.loads(json.dumps(game.to_dict())))
    note(json.dumps(game.to_dict(), sort_keys=True))

for name in bundled_variant_names():
    variant = load_variant(name)
    for players in variant.player_counts:
        for seed in range(int(sys.argv[1])):
            play(variant, players, seed, greedy=False)
    play(variant, max(variant.player_counts), 99, greedy=True)
print(json.dumps({"compiled": accel.ACTIVE, "hash": digest.hexdigest()}))
"""


def _played(pure: bool, seeds: int) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop(accel.PURE_ENV, None)
    if pure:
        env[accel.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(seeds)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


NOT_BUILT = "the compiled kernel is not built here (scripts/build_accel.py needs a C compiler)"


@pytest.mark.slow
@pytest.mark.skipif(not accel.up_to_date(), reason=NOT_BUILT)
def test_compiled_kernel_plays_the_same_games_as_plain_python():
    compiled, pure = _played(pure=False, seeds=3), _played(pure=True, seeds=3)
    assert compiled["compiled"] is True
    assert pure["compiled"] is False
    assert compiled["hash"] == pure["hash"]


def test_a_kernel_source_edited_after_the_build_is_run_as_plain_python(tmp_path, monkeypatch):
    """A stale build is never loaded: the manifest names the SHA-256 of every source, and of
    every module the sources were compiled against (the syntax tree's classes, the limits)."""
    manifest = tmp_path / "manifest.json"
    fresh = {"python": accel.built_for(), "sources": accel.sources(), "depends": accel.depends()}
    manifest.write_text(json.dumps(fresh))
    monkeypatch.setattr(accel, "MANIFEST", manifest)
    assert accel.up_to_date()
    stale = dict(accel.sources(), **{"engine/game/game.py": "0" * 64})
    manifest.write_text(json.dumps(dict(fresh, sources=stale)))
    assert not accel.up_to_date()
    stale_ast = dict(accel.depends(), **{"engine/effects/ast.py": "0" * 64})
    manifest.write_text(json.dumps(dict(fresh, depends=stale_ast)))
    assert not accel.up_to_date()
    manifest.write_text(json.dumps(dict(fresh, python="2.7")))
    assert not accel.up_to_date()
    manifest.write_text("{not json")
    assert not accel.up_to_date()
    path: list[str] = []
    assert accel.activate(path) is False and path == []
