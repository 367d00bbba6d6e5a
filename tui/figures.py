"""The variant's own pieces on the board's spaces (`pieces:`, issue 47, 5): "Neutral pieces
(markers that several players move) and one player's piece on a shared space" were moved by
the game, but no screen drew them. Every board view (towers, the loop and its grids, the
lanes) draws what stands on a space from here, so that a robber reads the same everywhere:

- a piece of the table by its mark, a lower-case letter of its name ('r' for the robber),
  one of its own among the variant's pieces; lower case, so that it is never taken for a
  player's letter (upper case); an option's key, a digit or a letter too, is in reverse;
- a player's piece by its mark and then the player's letter in their colour ('pR': Red's
  pawn), so that it reads without colour (NO_COLOR) and is not taken for one of Red's units;
- where the cell has no room for them all, their count ('3#').

The legend says what each mark means, by the piece's name, and which pieces are off the
board. Nothing here is hidden from anyone: where the pieces stand is public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.variant.model import Variant

if TYPE_CHECKING:  # the session builds its views with these marks: no import at run time
    from tui.session import View

COUNT = "#"
"""After a number of pieces where their marks do not fit: '3#'."""


def seat_marks(variant: Variant, players: int) -> list[str]:
    """One letter per seat for units and tokens (readable without colour): the seat name's
    initial, or its number where two seats share an initial."""
    names = [seat.name for seat in variant.seats[:players]]
    initials = [name[:1].upper() or "?" for name in names]
    return [mark if initials.count(mark) == 1 else str(i + 1) for i, mark in enumerate(initials)]


def marks(variant: Variant) -> dict[str, str]:
    """Each piece's mark by its key: the first letter of its name not already another's
    (the first letters of its words first), lower case; else any free letter."""
    found: dict[str, str] = {}
    for piece in variant.pieces:
        words = [w for w in piece.name.lower().split() if w]
        letters = [w[0] for w in words] + [c for w in words for c in w[1:]] + list(piece.id)
        free = [c for c in letters if c.isalpha() and c.isascii() and c not in found.values()]
        found[piece.id] = free[0] if free else next(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in found.values())
    return found


def contrast(colour: str) -> str:
    """Black or white text, whichever reads better on the colour (#rrggbb)."""
    try:
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "default"
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def chip(colour: str) -> str:
    """The style of a unit or token: its player's colour, with a readable letter on it."""
    return f"bold {contrast(colour)} on {colour}"


def on_spaces(view: View) -> dict[int, list[Text]]:
    """What stands on each space, by space: each piece as it is drawn, in the variant's order
    of pieces and then the players'."""
    found: dict[int, list[Text]] = {}
    mark = marks(view.variant)
    for piece in view.variant.pieces:
        for place, space in enumerate(view.placed.get(piece.id, [])):
            if space is None:
                continue
            drawn = Text(mark[piece.id], style="bold")
            owner = piece.owner_at(place)  # a player's several pieces stand together (model.Piece)
            seat = view.seat(owner) if owner is not None else None
            if seat is not None:
                drawn.append(seat.mark, style=chip(seat.colour))
            found.setdefault(space, []).append(drawn)
    return found


def fitted(drawn: list[Text], room: int) -> Text:
    """The pieces of one space in `room` characters: each mark where they all fit; one
    piece cut to its mark, in its player's colour; else their count ('3#', or the digit
    alone in one character)."""
    if not drawn or room <= 0:
        return Text()
    whole = Text().join(drawn)
    if whole.cell_len <= room:
        return whole
    if len(drawn) == 1:  # a player's piece in one character: its mark on the player's colour
        one = drawn[0]
        return Text(one.plain[:room], style=one.spans[-1].style if one.spans else one.style)
    count = f"{len(drawn)}{COUNT}" if room > len(str(len(drawn))) else str(len(drawn))
    return Text(count[:room], style="bold underline")


def legend_parts(view: View) -> list[str]:
    """What the marks mean, by the pieces' names ('r robber', 'pR Red's pawn'), the count
    where several share a space, and the pieces off the board ('off: robber, pB')."""
    if not view.variant.pieces:
        return []
    mark = marks(view.variant)
    first = view.seats[0] if view.seats else None
    parts, off = [], []
    for piece in view.variant.pieces:
        places = view.placed.get(piece.id, [])
        if piece.each == "player" and first is not None:
            parts.append(f"{mark[piece.id]}{first.mark} {first.name}'s {piece.name}")
            owners = [piece.owner_at(i) for i, at in enumerate(places) if at is None]
            off += [f"{mark[piece.id]}{view.seats[i].mark}" for i in dict.fromkeys(owners)
                    if i is not None and i < len(view.seats)]
        else:
            parts.append(f"{mark[piece.id]} {piece.name}")
            off += [piece.name] if any(at is None for at in places) else []
    most = max((len(drawn) for drawn in on_spaces(view).values()), default=0)
    if most > 1:
        parts.append(f"{most}{COUNT} {most} pieces")
    if off:
        parts.append("off: " + ", ".join(off))
    return parts


def legend(view: View, width: int) -> Text:
    """The legend of the pieces in one line of `width`, as much as fits."""
    return Text(joined(legend_parts(view), width), style="dim")


def joined(parts: list[str], width: int) -> str:
    """Parts of a legend in one line of `width`, ' · ' between them, as many as fit."""
    said = ""
    for part in parts:
        if said and len(said) + 3 + len(part) > width:
            break
        said = f"{said} · {part}" if said else part
    return said[:width]


def where_words(view: View) -> list[str]:
    """Where each piece stands, a line for each piece's name and owner, for the help and the
    side panel: 'robber: on Boardwalk', "Red's pawn: off the board"; several of one name
    and owner together, those off the board counted: "Red's markers: on Column 8, space 5;
    Column 10, space 4; 9 off the board" (Can't Stop's eleven markers a player were a line
    each, 47 lines at four players)."""
    found: dict[tuple[str, int | None], tuple[str, list[str], list[int]]] = {}
    for piece in view.variant.pieces:
        for place, space in enumerate(view.placed.get(piece.id, [])):
            owner = piece.owner_at(place)
            owner = owner if owner is not None and owner < len(view.seats) else None
            _, on, off = found.setdefault((piece.id, owner), (piece.name, [], [0]))
            if space is None:
                off[0] += 1
            else:
                on.append(_space_name(view, space))
    lines = []
    for (_, owner), (name, on, off) in found.items():
        several = len(on) + off[0] > 1
        named = f"{name}s" if several and not name.endswith("s") else name
        who = f"{view.seats[owner].name}'s {named}" if owner is not None else named
        where = [f"on {'; '.join(on)}"] if on else []
        if off[0]:
            where.append(f"{off[0]} off the board" if several else "off the board")
        lines.append(f"{who}: {', '.join(where)}")
    return lines


def _space_name(view: View, space: int) -> str:
    """A space's own name, else its zone's and its place in the zone ('Column 7, step 3')."""
    found = view.variant.properties[space]
    zone = next((z for z in view.variant.zones if z.id == found.zone), None)
    if found.name:
        return found.name
    if zone is None:
        return f"space {space + 1}"
    return f"{zone.name}, space {zone.properties.index(space) + 1}" if len(zone.properties) > 1 else zone.name
