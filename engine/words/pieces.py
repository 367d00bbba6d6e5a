"""Pieces that are neither a player's units nor cards (issue 47, 5): `move PIECE [of X] to SPACE`
and `move PIECE [of X] off`.

A variant declares its pieces under `pieces:` (docs/variants.md, 3.16): a neutral piece, one
for the table (`each: game`: a robber, a marker every player moves), or one piece for each
player (`each: player`: a pawn on a space other players' pawns may share). Each stands on one
space of the board, or off it (where every piece starts). Effects read where a piece stands as
a space, by its name (`robber`, `pawn of X`: nothing when it is off the board), so the
language's own words count them and test them: `count player X where pawn of X is P`,
`if robber is P`. Authors had faked them as cards placed on spaces, or as a trail of units on
every step below a marker.

Where the pieces stand is the game's field `pieces` (state.py), by name: a list of spaces, one
for the table's piece, one for each player's, -1 off the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import BlockFrame, RootFrame
from engine.core.piece_refs import is_piece, split_ref
from engine.core.trial import Trial
from engine.effects import ast
from engine.words.common import maybe
from engine.words.word import QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook

OFF = -1
"""Where a piece off the board stands, in the game's field `pieces`."""


def check_piece(c: Checker, node: ast.Node, piece: str, subject: ast.Expr | None, scope: Scope) -> None:
    """`PIECE` names the table's piece, `PIECE of X` player X's."""
    pieces = c.context.pieces
    each = pieces.get(piece)
    if each is None:
        c.report(node, f"there is no piece '{piece}'", f"pieces: {', '.join(sorted(pieces))}" if pieces else
                 "declare it under 'pieces:' (docs/variants.md, 3.16)")
        c.expect(subject, "player", scope, f"whose {piece} ('of ...')")
        return
    if each == "game" and subject is not None:
        c.report(node, f"'{piece}' is one piece for the whole table", f"write '{piece}' without 'of'")
    elif each == "player" and subject is None:
        c.report(node, f"each player has a '{piece}'", f"write '{piece} of X', X being the player")
    c.expect(subject, "player", scope, f"whose {piece} ('of ...')")


def where_piece(g: GameState, piece: str, owner: int | None) -> int | None:
    """The space a piece stands on (the table's where `owner` is None), None off the board:
    the first of a player's when they have several (for each piece)."""
    places = g.pieces[piece]
    place = places[0 if owner is None or len(places) == 1 else owner * g.book.piece_specs[piece].count]
    return None if place == OFF else place


def _check_move_piece(c: Checker, node: ast.MovePiece, scope: Scope) -> None:
    if scope.variables.get(node.piece) == "piece":  # for each piece: `move R to P`, R one piece
        if node.subject is not None:
            c.report(node, f"'{node.piece}' is one piece already", f"write 'move {node.piece} ...' without 'of'")
    else:
        check_piece(c, node, node.piece, node.subject, scope)
        if node.piece in c.context.pieces:
            c.several(node, node.piece)
    if node.target is not None:
        c.expect(node.target, "property", scope, "where the piece goes ('to ...')")


def _which(g: GameState, piece: str, subject_fn: Any, env: dict, me: int) -> tuple[str, int, int | None] | None:
    """The piece a `move` names, as (name, its place in the game's list, its owner): the
    table's `NAME`, player X's `NAME of X`, or the piece a variable holds (for each piece:
    `move R ...`); None for nobody's piece or a variable that holds none."""
    if piece not in g.pieces:  # for each piece: a variable (the check allows no other name)
        held = env.get(piece)
        if held is None or not is_piece(held):
            return None
        name, at = split_ref(held)
        return name, at, g.book.piece_specs[name].owner_at(at)
    owner = None if subject_fn is None else subject_fn(g, env, me)
    if subject_fn is not None and owner is None:
        return None
    return piece, 0 if owner is None else owner * g.book.piece_specs[piece].count, owner


def _run_move_piece(s: ast.MovePiece, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    subject_fn, target_fn, piece = maybe(s.subject, book), maybe(s.target, book), s.piece

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        which = _which(g, piece, subject_fn, f.env, me)
        target = OFF if target_fn is None else target_fn(g, f.env, me)
        if which is None or target is None:
            return  # nobody's piece, or nowhere to go: nothing moves
        name, at, owner = which
        places = g.pieces[name]
        if places[at] == target:
            return
        start = places[at]
        places[at] = target
        g.emit("piece", {"player": me, "piece": name, "owner": owner,
                         "from": None if start == OFF else start, "to": None if target == OFF else target})

    return op


def _look_move_piece(s: ast.MovePiece, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    subject_fn, target_fn, piece = maybe(s.subject, book), maybe(s.target, book), s.piece

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        which = _which(game, piece, subject_fn, env, me)
        target = OFF if target_fn is None else target_fn(game, env, me)
        if which is None or target is None:
            return
        name, at, _ = which
        places = game.pieces[name]
        trial.touch(places, at)
        places[at] = target

    return step


MOVE_PIECE = StatementWord(
    ast.MovePiece, _check_move_piece, _run_move_piece, _look_move_piece, told=1, flow=QUIET,
    example="move robber to space 1 of red\nmove pawn of me to robber\nmove robber off", events=("piece",),
)

WORDS = (MOVE_PIECE,)


def _tell_piece(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    names = {piece.id: piece.name for piece in t.variant.pieces}
    name = names.get(d["piece"], d["piece"])
    owner, mover = d["owner"], t.player(d["player"])
    whose = "the" if owner is None else ("their" if owner == d["player"] else f"{t.player(owner)}'s")
    if d["to"] is None:
        return f"{mover} takes {whose} {name} off the board"
    return f"{mover} moves {whose} {name} to {t.properties[d['to']]}"


EVENT_TEXTS = (EventText("piece", ("player", "piece", "owner", "from", "to"), _tell_piece),)
"""The text of a piece moved (engine/core/event_text.py)."""
