"""The dice and the shuffles: seeds nobody can guess, a generator whose past rolls do not give
its future away, exact replays from a given seed, and old saves that still replay exactly
with the generator of their day (issue 10, "Seeds that can't be guessed")."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game import state_of
from engine.game.game_state import new_state
from engine.game.rng import SEED_BITS, Lcg64, Rng, fresh_seed, generator_from_data
from engine.game.snapshot import restore_state
from engine.savefile import SaveError, load_game, save_game

DATA = Path(__file__).parent / "data"


def test_a_new_games_seed_is_64_bits_of_os_entropy(monkeypatch):
    import secrets

    asked = []
    monkeypatch.setattr(secrets, "randbits", lambda bits: asked.append(bits) or (1 << 63) + 12345)
    game = new_state(load_variant("winning-moves-2016"), 2)
    assert asked == [SEED_BITS] and SEED_BITS >= 64
    assert game.seed == (1 << 63) + 12345


def test_fresh_seeds_differ_and_use_the_whole_range():
    seeds = {fresh_seed() for _ in range(64)}
    assert len(seeds) == 64
    assert max(seeds) >= 2**56  # 1 in 2**8 per seed to miss this; 64 seeds never all do


def test_the_generators_state_is_a_256_bit_key_and_a_position():
    rng = Rng.from_seed(2026)
    data = rng.to_data()
    assert data["kind"] == "blake2b" and len(bytes.fromhex(data["key"])) * 8 == 256 and data["position"] == 0
    rng.below(6)
    assert rng.to_data()["position"] == 1


def test_the_generator_is_keyed_blake2b_in_counter_mode_as_documented():
    """The stream, computed here from its definition: key = BLAKE2b-256 of the seed's bytes
    (personalised), block k = BLAKE2b-512(k, key), eight little-endian words a block, and a
    draw below n is word * n >> 64. Saves depend on this never changing."""
    key = hashlib.blake2b((7).to_bytes(1, "little"), digest_size=32, person=b"boardwalk-seed").digest()
    words = []
    for block in range(2):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key, digest_size=64).digest()
        words += [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 64, 8)]
    rng = Rng.from_seed(7)
    assert [rng.below(36) for _ in range(12)] == [(w * 36) >> 64 for w in words[:12]] == PINNED_SEED_7


PINNED_SEED_7 = [18, 15, 30, 4, 26, 10, 35, 3, 6, 32, 21, 7]


def test_a_generator_restored_mid_block_continues_exactly():
    rng = Rng.from_seed(99)
    for _ in range(13):
        rng.below(1000)
    twin = generator_from_data(json.loads(json.dumps(rng.to_data())), 2)
    copy = rng.copy()
    assert [twin.below(1000) for _ in range(30)] == [rng.below(1000) for _ in range(30)] == [copy.below(1000) for _ in range(30)]


def test_a_shuffle_draws_each_swap_as_below_would():
    """Rng.shuffle is written out for speed: it must stay the Fisher-Yates of `below`, draw
    for draw, across block boundaries, or every deal a bot samples would change."""
    for seed in range(60):
        fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
        for size in (0, 1, 2, 7, 13, 40):
            fast.below(5), slow.below(5)
            shuffled, expected = list(range(size)), list(range(size))
            fast.shuffle(shuffled)
            for i in range(size - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert shuffled == expected and fast.to_data() == slow.to_data()
            assert fast.below(1000) == slow.below(1000)


def test_draws_are_uniform_enough_for_dice():
    rng = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


@pytest.mark.parametrize("bad", [None, "12", {"kind": "lcg64"}, {"kind": "blake2b", "key": "zz" * 32, "position": 0},
                                 {"kind": "blake2b", "key": "00" * 32, "position": -1},
                                 {"kind": "blake2b", "key": "00" * 32, "position": 1.5}])
def test_a_damaged_generator_state_is_refused(bad):
    with pytest.raises(ValueError):
        generator_from_data(bad, 2)


def test_a_seed_given_explicitly_replays_exactly():
    variant = load_variant("winning-moves-2016")
    first, second = new_state(variant, 4, seed=31337), new_state(variant, 4, seed=31337)
    assert first.to_dict() == second.to_dict()
    for _ in range(200):
        if first.is_over:
            break
        action = first.legal_actions()[-1]
        assert [e.to_dict() for e in first.apply(action)] == [e.to_dict() for e in second.apply(action)]


@pytest.mark.parametrize("name", ["save-format-1-finished.json", "save-format-1-unfinished.json"])
def test_a_save_made_before_the_new_generator_replays_exactly_with_the_old_one(tmp_path, name):
    """Both saves were written by the commit before the change (e615d16); loading replays
    every action and compares the result with the saved snapshot, which would fail on the
    first roll had the new generator been used."""
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    loaded = load_game(path)
    assert loaded.record.compat == 1 and isinstance(state_of(loaded.game).rng, Lcg64)
    saved = json.loads(path.read_text())["snapshot"]
    game = state_of(loaded.game)
    ref = game.book.card_ref
    now = {
        **game.to_dict(),
        "hands": [[ref(c) for c in game.hand(p)] for p in range(game.n)],
        "pile": [ref(c) for c in game.pile_of("deck")],
        "discard": [ref(c) for c in game.pile_of("discard")],
    }
    lasting = ["stacks", "supply", "hands", "pile", "discard", "holder", "worth", "tokens", "order", "turn_number", "rng"]
    assert {key: now[key] for key in lasting} == {key: saved[key] for key in lasting}


def test_the_last_moves_viewer_replays_an_old_game_with_the_generator_of_its_day(tmp_path):
    """'[' rebuilds each position by replaying the record cut short, and made the cut record
    anew with the newest format: an old game's replay rolled other dice than were played, and
    its first build was refused (IllegalAction, out of the app)."""
    pytest.importorskip("textual")
    from tui.screens.lastmoves import LastMovesScreen
    from tui.session import Session

    path = tmp_path / "old.json"
    shutil.copy(DATA / "save-format-1-unfinished.json", path)
    session, _ = Session.load(path)
    viewer = LastMovesScreen(session)
    for position in range(viewer.first, viewer.end + 1):
        then = viewer.at(position)
        assert then.record.compat == 1
        assert then.game.to_dict() == session.record.replay(position).to_dict()


def test_an_old_unfinished_game_goes_on_and_is_saved_in_its_own_format(tmp_path):
    path = tmp_path / "old.json"
    shutil.copy(DATA / "save-format-1-unfinished.json", path)
    loaded = load_game(path)
    game, record = loaded.game, loaded.record
    for _ in range(40):
        if game.is_over:
            break
        action = game.legal_actions()[0].to_dict()
        game.apply(action)
        record.actions.append(action)
    save_game(path, record, game)
    assert json.loads(path.read_text())["version"] == 1
    again = load_game(path)
    assert again.game.to_dict() == game.to_dict()
    assert restore_state(record.variant, json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()


def test_a_save_of_an_unknown_version_is_refused_with_a_message(tmp_path):
    path = tmp_path / "future.json"
    data = json.loads((DATA / "save-format-1-finished.json").read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="save version 99 is not supported"):
        load_game(path)
