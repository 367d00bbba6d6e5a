"""The help screen's text, written from the variant's own data: its zones and values, dice,
track, rule switches and every card's name and text. Only the sentence frames are here; a
house rule that changes a number or a card changes the help with it."""

from __future__ import annotations

import re

from engine.api import counted, zone_words
from engine.effects import ast
from engine.variant.model import Card, Variant
from engine.visible import visible
from tui import figures
from tui.figures import seat_marks
from tui.following import has_boxes
from tui.shown import shown_variant

KEYS = """\
| key | what it does |
|---|---|
| 1 … 9, 0, then a b d e g … | take the action with that key, shown beside it and above its space on the board (or click it) |
| t or / | type a target: a zone, a value or part of a name{example}; Enter takes it |
| ↑ ↓ Enter | move through the actions and take the highlighted one |
| click a space on the board | take the action on it: build there, or choose it when you are asked for a space |
| c | your cards, with their full text |
| = | the reference card: what building costs you, what you lack, why a space cannot be raised; the board's names and marks |
| f | bots play faster (slow, normal, fast, instant, then slow again) |
| u | undo your last action (one person against bots only) |
| s / l | save the game / load a saved game |
| h, ? or F1 | this help; Esc closes it |
| [ | step through the moves since your last one (the bots' turns), → and ← |
| ▲ under a space | what stands on it, or its owner, changed since your last move; an underlined token moved |
| r | the results again, once the game is over |
| n / q | new game / quit |
"""

BOX_KEYS = """\
| Esc | in a box (an offer; a question asked in turns round the table): its options as a plain list; Esc again: the box |
| ← → ↑ ↓, Tab, Enter, Space | in a box: move between its buttons, press the one lit (or click it); [p] and so on press theirs |
"""

_REACTION = "play out of turn, as an answer"


_MARKDOWN = re.compile(r"([\\`*_\[\]()#+\-.!|<>~])")


def as_markdown_text(text: str) -> str:
    """Text from the variant as literal Markdown: visible, with every character Markdown
    would act on escaped (a card text cannot make a link, a heading or a table cell)."""
    return _MARKDOWN.sub(r"\\\1", visible(text))


def help_markdown(variant: Variant, players: int | None = None, where: list[str] | None = None) -> str:
    """The whole help: every part from the variant's own data and words, so a house rule
    that changes a number, a rule or a card changes the help with it; in a game, `where`
    each of its own pieces stands now (tui/figures.py, where_words)."""
    variant = shown_variant(variant, as_markdown_text)
    return "\n".join(
        [
            f"# {variant.name}",
            "",
            variant.description,
            "",
            *_setup(variant, players),
            *_board(variant),
            *_dice(variant),
            *_pieces(variant, players, [as_markdown_text(line) for line in where or []]),
            *_how_to_play(variant),
            *_rules(variant, players),
            *_winning(variant),
            *_cards(variant),
            "## Keys",
            "",
            keys_table(variant),
        ]
    )


def keys_table(variant: Variant) -> str:
    """The keys, with what to type for a target in this variant's own words: its most
    valuable property by name ('park'), or by zone and value ('green 8', 'g8')."""
    example = ""
    if variant.properties:
        best = max(variant.properties, key=lambda p: p.value)
        zone = next((z.name for z in variant.zones if z.id == best.zone), "")
        if best.name:
            example = f" ('{best.name.split()[0].casefold()}')"
        elif zone:
            example = f" ('{zone.casefold()} {best.value}', '{zone[:1].casefold()}{best.value}')"
    keys = KEYS if variant.cards else "".join(line for line in KEYS.splitlines(True) if not line.startswith("| c |"))
    return keys.replace("{example}", example) + (BOX_KEYS if has_boxes(variant) else "")


def _goals(variant: Variant) -> list[str]:
    """The scores whose reaching ends the game: '- A skyline length of 75 (the finishing
    mark) ends the game.'"""
    said = []
    rounds = next((c.counts for c in variant.counters if c.counts and c.each == "game"), None)
    when = f" at the end of the {rounds}" if rounds else ""
    for score in variant.scores:
        if score.goal is not None:
            mark = f" (the {score.goal_name})" if score.goal_name else ""
            said.append(f"- A {score.name} of {score.goal}{mark} or more ends the game{when}.")
    return said


def _setup(variant: Variant, players: int | None) -> list[str]:
    # a seat without a token of its own is called by its name (issue 47, 7): not "Red (Red)"
    seats = ", ".join(seat.name if seat.token == seat.name else f"{seat.name} ({seat.token})" for seat in variant.seats)
    lines = ["## Set-up", "", f"- Seats and tokens: {seats}."]
    if any(s.units for s in variant.setups):  # a game of units to build with
        counts = ", ".join(
            f"**{s.units}** each with {s.players} players" + (" (this game)" if s.players == players else "")
            for s in variant.setups
        )
        units = variant.unit.many
        lines.append(f"- {units[:1].upper()}{units[1:]} to build with: {counts}.")
    return [*lines, ""]


def _board(variant: Variant) -> list[str]:
    if not variant.zones:  # a game without a board (cards only)
        return []
    money = variant.format_money
    seated = _seated(variant)
    lines = ["## The board", "", "| zone | the values of its spaces |", "|---|---|"]
    for zone in variant.zones:
        own = [variant.properties[i] for i in zone.properties]
        if any(space.value for space in own):
            values = ", ".join(money(space.value) for space in own)
        else:  # spaces of no value (foundations to build on, corners): by their own names, not '0M' each
            names = [space.name for space in own if space.name and space.name != zone.name]
            values = "no value: " + (", ".join(names) if len(names) == len(own) else counted(len(own), "space"))
        lines.append(f"| {zone_words(zone.name, seated)} | {values} |")
    track = variant.track
    if track is not None:
        score = next((s.name for s in variant.scores if s.id == track.follows), track.follows)
        lines += ["", f"Each token stands on its player's {score}, on a track that runs to space {track.length}."]
        for mark, spaces in track.marks:
            lines += ["", f"{mark.replace('_', ' ').capitalize()} spaces: {', '.join(str(s) for s in sorted(spaces))}."]
    lines.append("")
    return lines


def _pieces(variant: Variant, players: int | None, where: list[str]) -> list[str]:
    """The variant's own pieces (`pieces:`), each by the mark the board draws it with, and
    where each stands now."""
    if not variant.pieces or not variant.seats:
        return []
    marks = figures.marks(variant)
    first = variant.seats[0].name, seat_marks(variant, players or len(variant.seats))[0]
    lines = ["## Pieces", ""]
    for piece in variant.pieces:
        mark = marks[piece.id]
        if piece.each == "player":
            lines.append(f"- **{mark}** and a player's letter: each player's {piece.name} (**{mark}{first[1]}**: "
                         f"{first[0]}'s, the letter on the player's colour)")
        else:
            lines.append(f"- **{mark}**: the {piece.name}, a piece of the table")
    lines.append(f"- **3{figures.COUNT}**: three pieces on a space, where their marks do not fit")
    if where:
        lines += ["", "Where they stand now:", "", *[f"- {line}" for line in where]]
    return [*lines, ""]


def _dice(variant: Variant) -> list[str]:
    """Each die and its faces: a zone face by the zone's name, a symbol by its own."""
    if not variant.dice:
        return []
    zones = {zone.id: zone_words(zone.name, _seated(variant)) for zone in variant.zones}
    lines = ["## Dice", ""]
    for die in variant.dice:
        faces = ", ".join(str(f) if type(f) is int else zones.get(str(f), str(f).replace("_", " ").capitalize())
                          for f in die.faces)
        dice = f"{die.count} dice" if die.count != 1 else "a die"
        lines.append(f"- {die.id.replace('_', ' ').capitalize()}: {dice}, with the faces {faces}.")
    return [*lines, ""]


_ITEM = re.compile(r"^\s*(\d+\\?\.|\\?[-*])\s+")
"""A line that starts an item of the variant's own list ('1.', '-'), after as_markdown_text."""


def _how_to_play(variant: Variant) -> list[str]:
    """The variant's own account of play, its lines kept: each numbered or dashed item of its
    text is an item of a list here, each other paragraph a paragraph."""
    if not variant.how_to_play.strip():
        return []
    items: list[str] = []
    for line in variant.how_to_play.strip().splitlines():
        found = _ITEM.match(line)
        if found:
            marker = found.group(1).replace("\\", "")
            items.append(f"{marker} {line[found.end():].strip()}")
        elif not line.strip():
            items.append("")
        elif items and items[-1]:
            items[-1] += " " + line.strip()
        else:
            items.append(line.strip())
    return ["## How to play", "", *items, ""]


def _rules(variant: Variant, players: int | None = None) -> list[str]:
    """The rules at this variant's values, as its `rule_kinds` say them: in a game, at the
    values of its number of players (a setup's `rules`); before one, those every number of
    players shares, then each other sentence with the number of players it is for."""
    setups = list(variant.setups) if any(s.rules for s in variant.setups) else []
    said = next((s.rules_said for s in setups if s.players == players), variant.rules_said)
    if players is None and setups:
        said = tuple(sentence for sentence in said if all(sentence in s.rules_said for s in setups))
        said += tuple(f"With {s.players} players: {sentence}" for s in setups for sentence in s.rules_said
                      if sentence not in said)
    if not said:
        return []
    return ["## Rules of this variant", "", *(f"- {sentence}" for sentence in said), ""]


def _winning(variant: Variant) -> list[str]:
    scores = ", then ".join(
        f"the {'fewest' if score.fewest else 'most'} {score.name}"
        for score in (next(s for s in variant.scores if s.id == key) for key in variant.ranking)
    )
    return ["## Winning", "", *_goals(variant), f"- The winner has {scores}.", ""]


def _seated(variant: Variant) -> set[str]:
    """The seats' names, as zone_words reads them: a zone named as a player is 'Red zone'."""
    return {seat.name.casefold() for seat in variant.seats}


def _kept_in(card: Card, variant: Variant) -> str | None:
    """The pile of each player a card's effect does nothing but put it on (`put this on kept
    of me`): its name, for a card that is kept, not played out; else None."""
    statements = card.effect.statements if card.effect is not None else ()
    piles = {pile.id: pile for pile in variant.piles}
    kept = None
    for statement in statements:
        target = getattr(statement, "target", None)
        if not (isinstance(statement, ast.Put) and isinstance(statement.card, ast.Name)
                and statement.card.name == "this" and isinstance(target, ast.OfPlayer)
                and target.counter in piles and piles[target.counter].each == "player"):
            return None
        kept = piles[target.counter].name
    return kept


def _offered_timings(variant: Variant) -> set[str]:
    """The timings some program or card offers (`offer cards timed T`): a card of any other
    timing, with no effect of its own, is never played, and its timing's words say nothing."""
    programs = [*variant.programs.values(), *variant.routines.values(),
                *(card.effect for card in variant.cards if card.effect is not None)]
    return {node.timing for program in programs for node in ast.walk(list(program.statements))
            if isinstance(node, ast.OfferCards)}


def _when(card: Card, variant: Variant, offered: set[str]) -> str:
    """When a card is played, from what it does: a card whose effect only keeps it says where
    it is kept (not 'played as soon as it is drawn. Keep this card'), a card never played
    (no effect, its timing offered nowhere: a title deed) says nothing (issue 46, 9)."""
    kept = _kept_in(card, variant)
    if kept is not None:
        return f"kept in your {kept} until used"
    if card.timing != "reaction" and not (card.effect is not None and card.effect.statements) and card.timing not in offered:
        return ""
    if not card.timing:  # no timing: never offered, only played by a program (`play K`), if at all
        return ""
    return dict(variant.timings).get(card.timing, _REACTION)


def _cards(variant: Variant) -> list[str]:
    if not variant.cards:  # a game without cards (a dice game) has no section of them, not "0 cards"
        return []
    title = f"The cards ({variant.cards_summary})"
    lines = [f"## {title}", ""]
    offered = _offered_timings(variant)
    for card in variant.cards:
        count = f" ×{card.count}" if card.count > 1 else ""
        when = _when(card, variant, offered)
        if not when or _says_when(card.text, when):  # no timing to say, or the card's own text says it
            lines.append(f"- **{card.name}**{count} — {card.text}")
        else:
            lines.append(f"- **{card.name}**{count} — *{when}*. {card.text}")
    lines.append("")
    return lines


def _says_when(text: str, when: str) -> bool:
    """Whether a card's text begins with its timing's words (up to their first comma): the
    help then does not say them twice.

    >>> _says_when("Play on another player's turn, when they stop.", "play on another player's turn, when asked")
    True
    """
    first = when.split(",")[0].strip().casefold()
    return bool(first) and text.casefold().lstrip().startswith(first)
