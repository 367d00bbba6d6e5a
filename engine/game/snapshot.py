"""A game as JSON-able plain data and back, at any decision point (even mid-card).

Cards are written by id so a snapshot reads naturally; the variant is named with its content
hash, and restoring into a different variant is refused unless asked for. `FIELDS` declares
the snapshot once: writing follows it, and `restore` refuses a snapshot with a field missing
or one it does not know.

`restore` is a boundary: a snapshot may come from a file someone else wrote. It is checked
field by field (`snapshot_check`), the game is built, and the built game must keep every
invariant (`invariants`), its pending decision included, before it is handed out. Anything
else is a `RestoreError` that names the field.
"""

from __future__ import annotations

from typing import Any

from engine.game.frames import frame_from_dict
from engine.game.game import Game
from engine.game.interpreter import Interpreter
from engine.game.invariants import broken_invariants
from engine.game.rng import GENERATORS, generator_from_data
from engine.game.rulebook import rulebook_for
from engine.game.snapshot_check import RestoreError, SnapshotChecker, damaged
from engine.variant.model import Variant

__all__ = ["FIELDS", "RestoreError", "game_to_dict", "restore"]

FIELDS = (
    "format", "variant", "players", "seed", "rng", "start_units", "stacks", "supply", "hands", "pile",
    "discard", "in_play", "holder", "worth", "held", "tokens", "dirty", "order", "turn_pos", "turn_number",
    "rolled", "counters", "cards_played", "frames", "pending", "over", "end_reason",
)
"""Every field of a snapshot, in the order written."""


def game_to_dict(game: Game) -> dict:
    ids = [card.id for card in game.variant.cards]
    pending = None
    if game.pending is not None:
        pending = {
            "kind": game.pending["kind"],
            "player": game.pending["player"],
            "options": [{"kind": a.kind, "arg": a.arg, "what": a.what} for a in game.pending["options"]],
        }
    return {
        "format": game.compat,
        "variant": {"name": game.variant.name, "hash": game.variant.content_hash},
        "players": game.n,
        "seed": game.seed,
        "rng": game.rng.to_data(),
        "start_units": game.start_units,
        "stacks": [list(s) for s in game.stacks],
        "supply": list(game.supply),
        "hands": [[ids[c] for c in hand] for hand in game.hands],
        "pile": [ids[c] for c in game.pile],
        "discard": [ids[c] for c in game.discard],
        "in_play": [ids[c] for c in game.in_play],
        "holder": list(game.holder),
        "worth": list(game.worth),
        "held": list(game.held),
        "tokens": list(game.tokens),
        "dirty": sorted(game.dirty),
        "order": list(game.order),
        "turn_pos": game.turn_pos,
        "turn_number": game.turn_number,
        "rolled": {die: list(faces) for die, faces in game.rolled.items()},
        "counters": dict(game.counters),
        "cards_played": game.cards_played,
        "frames": [f.to_dict() for f in game.frames],
        "pending": pending,
        "over": game.over,
        "end_reason": game.end_reason,
    }


def restore(variant: Variant, data: Any, allow_other_variant: bool = False) -> Game:
    """The game `data` describes; raises RestoreError with a reason a person can act on,
    naming the damaged field."""
    if not isinstance(data, dict):
        raise RestoreError("a saved game must be a JSON object")
    version = data.get("format")
    if type(version) is not int or version not in GENERATORS:
        shown = version if type(version) is int and abs(version) < 10**6 else "of this kind"
        raise RestoreError(
            f"saved game format {shown} is not supported (this program reads formats {' and '.join(map(str, GENERATORS))})"
        )
    saved = data.get("variant")
    if not isinstance(saved, dict) or set(saved) != {"name", "hash"}:
        raise damaged("variant", "must name the variant and its content hash")
    if saved.get("hash") != variant.content_hash and not allow_other_variant:
        raise RestoreError(
            f"the game was saved with variant '{saved.get('name')}' as it was then, which differs "
            f"from '{variant.name}' now"
        )
    players = data.get("players")
    if type(players) is not int or players not in variant.player_counts:
        raise damaged("players", f"'{variant.name}' is for {', '.join(map(str, variant.player_counts))} players")
    book = rulebook_for(variant)
    SnapshotChecker(variant, book, data).check(FIELDS)
    try:
        rng = generator_from_data(data["rng"], data["format"])
    except ValueError as problem:
        raise damaged("rng", f"must be {problem}") from None
    game = _build(variant, {**data, "pending": None}, rng)
    game.pending = _pending(game, data["pending"])
    problems = broken_invariants(game)
    if problems:
        raise RestoreError(f"the saved game is damaged: {problems[0]}")
    return game


def _pending(game: Game, saved: Any) -> dict | None:
    """The saved decision, if it is the one the game stands at: its options are then the
    engine's own, never actions made from the file's data."""
    if saved is None:
        return None
    expected = game.question_at_top()
    if expected is None:
        raise damaged("pending", "the game is not at a decision here")
    kind, player, options = expected
    if (saved["kind"], saved["player"]) != (kind, player):
        raise damaged("pending", f"the game asks player {player} a '{kind}' question here")
    if [(o["kind"], o["arg"], o["what"]) for o in saved["options"]] != [(a.kind, a.arg, a.what) for a in options]:
        raise damaged("pending.options", "they are not the options of this decision")
    return {"kind": kind, "player": player, "options": options}


def _build(variant: Variant, data: dict[str, Any], rng: Any = None) -> Game:
    """A game from snapshot data this program made or checked (restore checks first; the
    bots' sampling builds from the observation of a live game)."""
    index = {card.id: i for i, card in enumerate(variant.cards)}
    game = Game.__new__(Game)
    game.variant = variant
    game.book = rulebook_for(variant)
    game.n = int(data["players"])
    game.texts = game.book.texts(game.n)
    game.interp = Interpreter(game)
    game.compat = data["format"]
    game.only_followable = game.book.only_followable and game.compat > 1
    game.seed = data["seed"]
    game.rng = rng if rng is not None else generator_from_data(data["rng"], game.compat)
    game.start_units = int(data["start_units"])
    game.stacks = [[int(u) for u in s] for s in data["stacks"]]
    game.supply = [int(x) for x in data["supply"]]
    game.hands = [[index[c] for c in hand] for hand in data["hands"]]
    game.pile = [index[c] for c in data["pile"]]
    game.discard = [index[c] for c in data["discard"]]
    game.in_play = [index[c] for c in data["in_play"]]
    game.holder = [None if h is None else int(h) for h in data["holder"]]
    game.worth = [int(x) for x in data["worth"]]
    game.held = [int(x) for x in data["held"]]
    game.tokens = [int(x) for x in data["tokens"]]
    game.dirty = {int(x) for x in data["dirty"]}
    game.order = [int(x) for x in data["order"]]
    game.turn_pos = int(data["turn_pos"])
    game.turn_number = int(data["turn_number"])
    game.rolled = {die: [int(i) for i in faces] for die, faces in data["rolled"].items()}
    game.counters = {name: int(value) for name, value in data["counters"].items()}
    game.cards_played = int(data["cards_played"])
    game.frames = [frame_from_dict(f) for f in data["frames"]]
    pending = data["pending"]
    game.pending = None
    if pending is not None:
        options = [game.texts.action(o["kind"], o["arg"], o.get("what")) for o in pending["options"]]
        game.pending = {"kind": pending["kind"], "player": int(pending["player"]), "options": options}
    game.over = bool(data["over"])
    game.end_reason = data["end_reason"]
    game._events = []
    game.setup_events = []
    return game
