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

from collections.abc import Sequence
from typing import Any

from engine.core.frames import Asked
from engine.core.number_options import NumberOptions
from engine.game.game import Game
from engine.game.game_state import GameState
from engine.game.invariants import broken_invariants
from engine.game.messages import Action, Texts
from engine.game.rng import GENERATORS, generator_from_data
from engine.game.rulebook import played_variant, rulebook_for
from engine.game.snapshot_check import RestoreError, SnapshotChecker, damaged
from engine.game.state import FIELDS, game_to_dict, read_state, written_options
from engine.variant.model import Variant

__all__ = ["FIELDS", "RestoreError", "game_to_dict", "restore", "restore_state"]

def restore(variant: Variant, data: Any, allow_other_variant: bool = False) -> Game:
    """The game `data` describes; raises RestoreError with a reason a person can act on,
    naming the damaged field."""
    return Game(restore_state(variant, data, allow_other_variant))


def restore_state(variant: Variant, data: Any, allow_other_variant: bool = False) -> GameState:
    """The game's state `data` describes, checked as `restore` checks it (the engine's own
    tests and tools set positions up on the state itself)."""
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
    played = played_variant(variant, players)  # the rules a game of this many players reads
    SnapshotChecker(played, rulebook_for(played), data).check(FIELDS)
    try:
        rng = generator_from_data(data["rng"], data["format"])
    except ValueError as problem:
        raise damaged("rng", f"must be {problem}") from None
    game = _build(variant, {**data, "pending": None}, rng)
    game.asked = _pending(game, data["pending"])
    problems = broken_invariants(game)
    if problems:
        raise RestoreError(f"the saved game is damaged: {problems[0]}")
    return game


def _pending(game: GameState, saved: Any) -> Asked | None:
    """The saved decision, if it is the one the game stands at: its options are then the
    engine's own, never actions made from the file's data."""
    if saved is None:
        return None
    expected = game.question_at_top()
    if expected is None:
        raise damaged("pending", "the game is not at a decision here")
    kind, player, options = expected.kind, expected.player, expected.options
    if (saved["kind"], saved["player"]) != (kind, player):
        raise damaged("pending", f"the game asks player {player} a '{kind}' question here")
    if [(o["kind"], o["arg"], o["what"]) for o in saved["options"]] != [
        (o["kind"], o["arg"], o["what"]) for o in written_options(options)
    ]:
        raise damaged("pending.options", "they are not the options of this decision")
    return Asked(kind, player, options)


def read_options(texts: Texts, written: list[dict]) -> Sequence[Action]:
    """A decision's options from a snapshot (state.written_options), as the game asked them: a
    number question's, written as its range or number by number, made when read again
    (NumberOptions), so that a game a bot samples from its observation asks as the real one."""
    if written and written[0].get("what") in ("numbers", "amounts"):
        low, high = written[0]["arg"]
        after = tuple(texts.action(o["kind"], o["arg"], o.get("what")) for o in written[1:])
        make = texts.money_action if written[0]["what"] == "amounts" else texts.number_action
        return NumberOptions(int(low), int(high), make, after)
    options = [texts.action(o["kind"], o["arg"], o.get("what")) for o in written]
    what = options[0].what if options else None
    if what in ("number", "money"):
        width = next((i for i, o in enumerate(options) if o.what != what), len(options))
        low = options[0].arg
        if all(o.kind == "choose" and o.arg == low + i for i, o in enumerate(options[:width])) and all(
            o.what == "word" for o in options[width:]
        ):
            make = texts.money_action if what == "money" else texts.number_action
            return NumberOptions(low, low + width - 1, make, tuple(options[width:]))
    return options


def _build(variant: Variant, data: dict[str, Any], rng: Any = None) -> GameState:
    """A game from snapshot data this program made or checked (restore checks first; the
    bots' sampling builds from the observation of a live game)."""
    game = GameState(
        variant,
        int(data["players"]),
        data["seed"],
        data["format"],
        rng if rng is not None else generator_from_data(data["rng"], data["format"]),
    )
    read_state(game, data)
    pending = data["pending"]
    game.asked = None
    if pending is not None:
        options = read_options(game.texts, pending["options"])
        game.asked = Asked(pending["kind"], int(pending["player"]), options)
    game._events = []
    game.setup_events = []
    game.card_began = {}
    game.cards_unacted = True  # the first decision after loading looks at every card frame
    return game
