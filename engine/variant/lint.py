"""Warnings: what leaves a variant playable, but almost surely not as its author meant.

An error stops a variant from being played; a warning does not (`boardwalk check` exits 0
unless `--strict`). They are looked for once a variant has no errors, on the merged document,
and located like errors: in the file being checked when one of the values at fault is there
(`diagnostics.clash`). Each check is static and holds on every board of the variant; whether
a card can be followed in one position of a game is engine/game/followable.py's question.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from engine.diagnostics import Diagnostic, Loc, clash
from engine.effects import ast
from engine.variant.yamlsource import LocDict


class ParsedCard(Protocol):
    raw: LocDict
    effect: ast.Program | None
    condition: ast.Expr | None


def warnings(document: LocDict, cards: Sequence[ParsedCard], root_file: str) -> list[Diagnostic]:
    return [*_deck_nearly_emptied(document, root_file), *_empty_deck(document, root_file)]


def _warning(root_file: str, message: str, places: list[tuple[Loc, str]], hint: str | None = None) -> Diagnostic:
    return clash(root_file, message, places, hint, severity="warning")


# ----- the deck --------------------------------------------------------------------------------


def _deck_places(document: LocDict) -> list[tuple[Loc, str]]:
    deck, rules, players = document["deck"], document["rules"], document["players"]
    largest = max(players["setups"], key=lambda setup: setup["players"])
    total = sum(c["count"] for c in deck["cards"])
    return [
        (deck.key_locs["cards"], f"the deck's {total} cards are listed here"),
        (rules.key_locs["starting_hand"], f"the starting hand of {rules['starting_hand']} cards is set here"),
        (largest.value_locs["players"].loc, f"the setup for {largest['players']} players is here"),
    ]


def _deck_nearly_emptied(document: LocDict, root_file: str) -> Iterator[Diagnostic]:
    """Fewer cards left after the deal than there are players: the first Fortune spaces and F
    faces draw nothing until cards are played and the discard pile is shuffled in. (Fewer
    cards than the hands need is an error, in load.py.)"""
    total = sum(c["count"] for c in document["deck"]["cards"])
    players = max(s["players"] for s in document["players"]["setups"])
    hand = document["rules"]["starting_hand"]
    left = total - hand * players
    if hand * players == 0 or not 0 <= left < players:
        return
    dealt = f"{players} players with {hand} cards each"
    message = (
        f"the starting hands take the whole deck of {total} cards ({dealt}), leaving none to draw"
        if left == 0
        else f"the starting hands take {hand * players} of the deck's {total} cards ({dealt}), leaving {left} to draw"
    )
    yield _warning(
        root_file, message, _deck_places(document), "nothing is drawn until played cards are shuffled back in"
    )


def _empty_deck(document: LocDict, root_file: str) -> Iterator[Diagnostic]:
    """No cards at all (allowed with no starting hand), while a die face or the track draws."""
    if sum(c["count"] for c in document["deck"]["cards"]) > 0:
        return
    colour_die, track = document["dice"]["colour_die"], document["board"]["track"]
    drawers = []
    if "fortune" in colour_die["faces"]:
        drawers.append(("the colour die's 'fortune' face", colour_die.key_locs["faces"]))
    if track["fortune_spaces"]:
        drawers.append(("the Fortune spaces", track.key_locs["fortune_spaces"]))
    if drawers:
        what = " and ".join(name for name, _ in drawers)
        places = [(document["deck"].key_locs["cards"], "the deck's cards are listed here")]
        places += [(loc, f"{name} {'is' if 'face' in name else 'are'} here") for name, loc in drawers]
        yield _warning(root_file, f"the deck is empty, so {what} draw nothing", places)
