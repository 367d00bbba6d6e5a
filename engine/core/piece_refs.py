"""for each piece (issue 47, 5): a piece as an effect's value, `R` of `for each runner R`.

A variable that holds a piece must say which piece, not where it stands (the space of a piece
name, `robber`, is a space), so that `move R to P` moves that very one. The value is a text,
"NAME#N", the N-th place of the game's list of that piece (state `pieces`: a player's copies
together, model.Piece.owner_at): a text is saved and restored as it is, so a saved loop over
pieces needs no marking (a card in a variable needs refs.CardRef), and no int of a space or
a player is ever taken for a piece. Not compiled (engine/accel.py DEPENDS).
"""

from __future__ import annotations

from typing import Any

MARK = "#"
"""Between a piece's name and its place in the list: no name has it (names are ids)."""


def piece_ref(name: str, place: int) -> str:
    """The value an effect holds for the place-th piece of the name."""
    return f"{name}{MARK}{place}"


def split_ref(ref: str) -> tuple[str, int]:
    """(name, place) of a piece's value."""
    name, _, place = ref.rpartition(MARK)
    return name, int(place)


def is_piece(value: Any) -> bool:
    """Whether an effect's value is a piece (a zone's id or a word has no MARK)."""
    return type(value) is str and MARK in value


def pieces_of(pieces: dict[str, list[int]], kind: str, zone_of: Any, where: Any) -> list[str]:
    """The pieces a collection ranges over: every piece (`piece`) or those of one name, in the
    variant's order of names and then their places; with `where` (a zone's id or a space)
    only those standing in that zone or on that space."""
    found = []
    for name, places in pieces.items():
        if kind != "piece" and kind != name:
            continue
        for i, place in enumerate(places):
            if where is None or (place >= 0 and (place == where if type(where) is int else zone_of[place] == where)):
                found.append(piece_ref(name, i))
    return found
