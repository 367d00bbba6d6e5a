"""Reshaping the kernel changes no game (issue 27, 1): seeded games of every bundled variant
give the same events, options and final snapshots as the code before the reshaping did.

The fixture tests/data/kernel_pins.json was made by the code of commit f4692c6 (before the
kernel was split), with
    PYTHONPATH=. python tests/test_kernel_unchanged.py --write
It holds, per bundled variant and table, a SHA-256 over every decision's options (kind, arg
and the words each is shown with) and what the deciding player observes, every event (its
kind, data, who it is private to, and how the table and its player are told it) and the
snapshot the game ends in. Random choices from a seeded generator reach rare corners (every
card, every question) that greedy's avoid. Only regenerate it for a change meant to change games, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from engine import load_variant, new_game
from engine.game.messages import EVERYONE
from engine.resources import bundled_variant_names

PINS = Path(__file__).parent / "data" / "kernel_pins.json"
MAX_DECISIONS = 600
"""Decisions played a game: whole games of Boardwalk, most of a Monopoly Chance one."""

SEEDS = (1, 2)

ADDED_SINCE = ("positions", "next_player", "worked", "variant", "owners", "pieces", "out")
"""State added after the pins were made, by the words of issue 27, section 2 (tokens on a
board's loop): it is in every snapshot and observation now, and was in none then. Left out
of what is digested, so that the pins still say that nothing else changed.

And `worked`, the work the game has done, look-aheads included: since a look-ahead that has
read cards its player may not see tries each `if` both ways (tests/test_hidden_lookahead.py),
Monopoly Chance's look-aheads, which read the face-down decks, do a little more of it (9,395
against 10,274 in a 2-player game). Its options, observations and events are the same.

And `variant`, the name and hash of the variant file: Advance to Boardwalk's file gained its
`kinds:` (its hotels and vacant lots, once words of the engine), which changes its hash and
nothing it plays.

And `owners`, each space's owner by its stack as it stands: an observation entry since the
terminal UI reads the game only through the API (issue 45, 3); it says what `stacks` and the
variant's rule of ownership said already.

And `pieces`, where the variant's pieces stand (issue 47, 5): an observation entry, empty in
every bundled game, which has none (a snapshot leaves the field out while it is empty).

And `out`, the players out of the round (`drop X`, ruling 83): an observation entry, empty in
every bundled game, which never drops a player, so that a panel can say who is out."""


def _without_added(data):
    """The snapshot or observation (and the snapshot an observation holds as its `state`)
    without the fields of ADDED_SINCE, and an observation's "question" in the shape of the
    "asking" it replaced (`_as_asked`)."""
    if not isinstance(data, dict):
        return data
    kept = {key: _without_added(value) if key == "state" else value for key, value in data.items() if key not in ADDED_SINCE}
    if "question" in kept:
        kept["asking"] = _as_asked(kept.pop("question"))
    return kept


def _as_asked(question: dict | None) -> dict | None:
    """The observation's "question" as the pins saw it, its "asking" (issue 45, 1: the
    question as a value replaced it): the card and space, the pile and what the statement
    names, and an offer's proposer, partner, stage and words. What the question adds (the
    windows, the offer's goods, the timing) is read from the state, which is digested too."""
    if question is None:
        return None
    asked = {key: question[key] for key in ("card", "space", "pile", "about")}
    offer = question["offer"]
    if offer is not None:
        asked["offer"] = {key: offer[key] for key in ("from", "to", "stage", "words")}
    return asked


def _event_text(event, viewer: int | None) -> list:
    return [event.kind, event.data, event.private_to, event.describe(EVERYONE), event.describe(viewer)]


def game_digest(name: str, players: int, seed: int) -> dict:
    """Plays one seeded game with seeded random choices and digests all that it showed."""
    variant = load_variant(name)
    game = new_game(variant, players, seed=seed)
    choose = random.Random(seed * 1009 + players)
    digest = hashlib.sha256()
    decisions = 0
    while not game.is_over and decisions < MAX_DECISIONS:
        player = game.current_player
        options = game.legal_actions()
        seen = _without_added(game.observation(player)) if player is not None else None
        shown = [[o.kind, o.arg, o.describe()] for o in options]
        digest.update(json.dumps([player, shown, seen], sort_keys=True, default=str).encode())
        events = game.apply(options[choose.randrange(len(options))])
        digest.update(json.dumps([_event_text(e, player) for e in events], default=str).encode())
        decisions += 1
    digest.update(json.dumps(_without_added(game.to_dict()), sort_keys=True, default=str).encode())
    return {"decisions": decisions, "over": game.is_over, "sha256": digest.hexdigest()}


def _tables(name: str) -> list[tuple[int, int]]:
    counts = load_variant(name).player_counts
    return [(players, seed) for players in (min(counts), max(counts)) for seed in SEEDS]


def variant_digests(name: str) -> dict:
    return {f"{players}p seed {seed}": game_digest(name, players, seed) for players, seed in _tables(name)}


def _pins() -> dict:
    return json.loads(PINS.read_text(encoding="utf-8"))


PINNED = sorted(json.loads(PINS.read_text(encoding="utf-8")))
"""The variants bundled when the pins were made; one bundled later (Monopoly Builder, issue 28)
has no games from before to be the same as."""


@pytest.mark.slow
@pytest.mark.parametrize("name", PINNED)
def test_seeded_games_show_the_same_events_options_and_end_as_before(name):
    assert variant_digests(name) == _pins()[name]


def test_every_pinned_variant_is_still_bundled():
    assert set(PINNED) <= set(bundled_variant_names())


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: PYTHONPATH=. python tests/test_kernel_unchanged.py --write")
    PINS.write_text(
        json.dumps({n: variant_digests(n) for n in bundled_variant_names()}, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {PINS}")
