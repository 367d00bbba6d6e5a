"""A game as JSON-able plain data and back, at any decision point (even mid-card).

Cards are written by id so a snapshot reads naturally; the variant is named with its content
hash, and restoring into a different variant is refused unless asked for.
"""

from __future__ import annotations

from typing import Any

from engine.game.game import Game
from engine.game.interpreter import Interpreter
from engine.game.rng import GENERATORS, generator_from_data
from engine.game.rulebook import rulebook_for
from engine.variant.model import Variant


class RestoreError(ValueError):
    """The snapshot cannot be restored: wrong format, wrong variant or damaged data."""


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
        "dice": list(game.dice),
        "face": game.face,
        "zone": game.zone,
        "bonus": game.bonus,
        "cards_played": game.cards_played,
        "frames": [_frame_out(f) for f in game.frames],
        "pending": pending,
        "over": game.over,
        "end_reason": game.end_reason,
    }


def _frame_out(frame: dict) -> dict:
    out = dict(frame)
    if "env" in frame:
        out["env"] = dict(frame["env"])
    if "started" in frame:
        out["started"] = [[prop, count] for prop, count in sorted(frame["started"].items())]
    if "items" in frame:
        out["items"] = list(frame["items"])
    return out


def _frame_in(frame: dict) -> dict:
    out = dict(frame)
    if "env" in frame:
        out["env"] = dict(frame["env"])
    if "started" in frame:
        out["started"] = {int(prop): int(count) for prop, count in frame["started"]}
    if "items" in frame:
        out["items"] = list(frame["items"])
    return out


def restore(variant: Variant, data: dict, allow_other_variant: bool = False) -> Game:
    """The game `data` describes; raises RestoreError with a reason a person can act on."""
    if not isinstance(data, dict):
        raise RestoreError("a saved game must be a JSON object")
    if data.get("format") not in GENERATORS:
        raise RestoreError(f"saved game format {data.get('format')!r} is not supported (expected one of {sorted(GENERATORS)})")
    saved = data.get("variant") or {}
    if saved.get("hash") != variant.content_hash and not allow_other_variant:
        raise RestoreError(
            f"the game was saved with variant '{saved.get('name')}' as it was then, which differs "
            f"from '{variant.name}' now"
        )
    try:
        return _build(variant, data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RestoreError(f"the saved game is damaged: {type(exc).__name__}: {exc}") from None


def _build(variant: Variant, data: dict[str, Any]) -> Game:
    index = {card.id: i for i, card in enumerate(variant.cards)}
    game = Game.__new__(Game)
    game.variant = variant
    game.book = rulebook_for(variant)
    game.n = int(data["players"])
    if game.n not in variant.player_counts:
        raise ValueError(f"{game.n} players")
    game.texts = game.book.texts(game.n)
    game.interp = Interpreter(game)
    game.compat = data["format"]
    game.seed = data["seed"]
    game.rng = generator_from_data(data["rng"], game.compat)
    game.start_units = int(data["start_units"])
    game.stacks = [[int(u) for u in s] for s in data["stacks"]]
    if len(game.stacks) != len(variant.properties):
        raise ValueError("wrong number of properties")
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
    game.dice = [int(x) for x in data["dice"]]
    game.face = data["face"]
    game.zone = data["zone"]
    game.bonus = int(data["bonus"])
    game.cards_played = int(data["cards_played"])
    game.frames = [_frame_in(f) for f in data["frames"]]
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
