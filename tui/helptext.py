"""The help screen's text, written from the variant's own data: its zones and values, dice,
track, rule switches and every card's name and text. Only the sentence frames are here; a
house rule that changes a number or a card changes the help with it."""

from __future__ import annotations

import re

from engine.variant.model import Variant
from engine.visible import visible

KEYS = """\
| key | what it does |
|---|---|
| 1 … 9, 0, then a b d e g … | take the action with that key, shown beside it and above its space on the board (or click it) |
| t or / | type a target: a zone, a value or part of a name{example}; Enter takes it |
| ↑ ↓ Enter | move through the actions and take the highlighted one |
| click a space on the board | take the action on it: build there, or choose it when you are asked for a space |
| c | your cards, with their full text |
| f | bots play faster (slow, normal, fast, instant, then slow again) |
| u | undo your last action (one person against bots only) |
| s / l | save the game / load a saved game |
| h, ? or F1 | this help; Esc closes it |
| [ | step through the moves since your last one (the bots' turns), → and ← |
| ▲ under a space | what stands on it, or its owner, changed since your last move; an underlined token moved |
| r | the results again, once the game is over |
| n / q | new game / quit |
"""

_END = {
    "no_units_at_turn_start": "a player starts their turn with no units left to build with",
    "track_end": "a token reaches the last space of the boardwalk (the game ends at once)",
}
_RANK = {
    "value": "the highest total property value",
    "properties": "the most properties",
    "units_on_board": "the most units on the board",
}
_REACTION = "play out of turn, as an answer"


_MARKDOWN = re.compile(r"([\\`*_\[\]()#+\-.!|<>~])")


def as_markdown_text(text: str) -> str:
    """Text from the variant as literal Markdown: visible, with every character Markdown
    would act on escaped (a card text cannot make a link, a heading or a table cell)."""
    return _MARKDOWN.sub(r"\\\1", visible(text))


def help_markdown(variant: Variant, players: int | None = None) -> str:
    from tui.session import shown_variant

    variant = shown_variant(variant, as_markdown_text)
    return "\n".join(
        [
            f"# {variant.name}",
            "",
            variant.description,
            "",
            *(_own_rules(variant) if variant.how_to_play else
              [*_setup(variant, players), *_board(variant), *_turn(variant), *_switches(variant)]),
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
    return KEYS.replace("{example}", example)


def _own_rules(variant: Variant) -> list[str]:
    """A game that says how it is played: its seats, board and scoring from the data, its own
    words for the rest."""
    seats = ", ".join(f"{seat.name} ({seat.token})" for seat in variant.seats)
    scores = ", then ".join(
        f"the {'fewest' if score.fewest else 'most'} {score.name}"
        for score in (next(s for s in variant.scores if s.id == key) for key in variant.ranking)
    )
    return [
        "## Set-up", "", f"- Seats and tokens: {seats}.", "",
        *_board(variant),
        "## How to play", "", variant.how_to_play.strip(), "",
        "## Winning", "", *_goals(variant), f"- The winner has {scores}.", "",
    ]


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
    counts = ", ".join(
        f"**{s.units}** unit{'s' if s.units != 1 else ''} each with {s.players} players"
        + (" (this game)" if s.players == players else "")
        for s in variant.setups
    )
    seats = ", ".join(f"{seat.name} ({seat.token})" for seat in variant.seats)
    return ["## Set-up", "", f"- Hotel units: {counts}.", f"- Seats and tokens: {seats}.",
            f"- Everyone starts with {_cards_count(variant, variant.rules.starting_hand)}.", ""]


def _board(variant: Variant) -> list[str]:
    if not variant.zones:  # a game without a board (cards only)
        return []
    money = variant.format_money
    lines = ["## The board", "", "| zone | the values of its spaces |", "|---|---|"]
    for zone in variant.zones:
        values = ", ".join(money(variant.properties[i].value) for i in zone.properties)
        lines.append(f"| {zone.name} | {values} |")
    track = variant.track
    if track is not None:
        marked = frozenset().union(*(spaces for _, spaces in track.marks))
        spaces = ", ".join(str(s) for s in sorted(marked)) or "none"
        lines += [
            "",
            f"The boardwalk runs from START to space {track.length}; your token stands on the total "
            f"value of the properties you own. {variant.deck_name} spaces: {spaces}.",
        ]
    lines.append("")
    return lines


def _turn(variant: Variant) -> list[str]:
    rules = variant.rules
    zone_die, number_die = variant.zone_die, variant.number_die
    zone_names = {zone.id: zone.name for zone in variant.zones}
    faces = []
    for face in zone_die.faces if zone_die is not None else ():
        if face in zone_names:
            faces.append(zone_names[str(face)])
        elif face == zone_die.any_zone:  # type: ignore[union-attr]
            faces.append(f"{str(face).capitalize()} (choose a zone)")
        else:
            faces.append(f"{variant.deck_name} (draw a card, no building)")
    numbers = [f for f in number_die.faces if type(f) is int] if number_die is not None else [0]
    count = number_die.count if number_die is not None else 0
    number = f"{count} number dice ({min(numbers)}–{max(numbers)})"
    lots = (
        "only cards start new hotels"
        if rules.new_lots_per_roll == 0
        else f"you may start at most {rules.new_lots_per_roll} new hotel{'s' if rules.new_lots_per_roll != 1 else ''} a roll, "
        f"{rules.units_per_new_lot} unit{'s' if rules.units_per_new_lot != 1 else ''} on each"
    )
    must = "you must place at least one unit if you can afford one" if rules.build_compulsory else "building is optional"
    cards = _cards_count(variant, rules.cards_per_turn)
    return [
        "## A turn",
        "",
        f"1. **Roll** the {number} and the colour die ({', '.join(faces)}). The number dice are your budget.",
        f"2. **Build** in the zone rolled, one unit at a time, on properties whose values add up to no more "
        f"than the budget: {lots}; {must}. Choose **Done** when you have finished.",
        "3. **Owners** change: the player with the most units on a hotel owns it "
        + (
            "(on a tie, the owner keeps it)."
            if rules.ownership_tie_break == "keep_owner"
            else "(on a tie, the lowest unit wins)."
        ),
        "4. **Tokens** move to each player's total property value.",
        f"5. **Cards**: play up to {cards} this turn, then end your turn.",
        "",
    ]


def _switches(variant: Variant) -> list[str]:
    rules = variant.rules
    draw = {
        "forward_on_own_turn": f"a token moving forward onto a {variant.deck_name} space on its own turn draws a card",
        "forward": f"any token moving forward onto a {variant.deck_name} space draws a card, even on another player's turn",
        "never": f"{variant.deck_name} spaces do nothing",
    }[rules.fortune_space_draw]
    order = "everyone rolls the number dice and the highest starts" if rules.turn_order == "roll" else "the first seat starts"
    ends = "; or ".join(_END.get(e, e) for e in rules.end_conditions)
    ranking = ", then ".join(_RANK.get(k, k) for k in rules.ranking)
    return [
        "## Rules of this variant",
        "",
        f"- Who starts: {order}.",
        f"- Landing: {draw}.",
        f"- Last place {'includes' if rules.last_place_includes_ties else 'excludes'} players tied for last; "
        f"the lead {'includes' if rules.leader_includes_ties else 'excludes'} players tied for it.",
        f"- The game ends when {ends}.",
        "- A card is offered "
        + ("only when following it would change something." if rules.offer_cards == "when_followable"
           else "whenever its condition holds, even if it would do nothing."),
        f"- The winner has {ranking}.",
        "",
    ]


def _cards(variant: Variant) -> list[str]:
    title = f"The {variant.deck_name} cards ({variant.deck_size})"
    if variant.how_to_play:  # a game of its own: its cards lie in many piles
        title = f"The cards ({variant.cards_summary})"
    lines = [f"## {title}", ""]
    timings = dict(variant.timings)
    for card in variant.cards:
        count = f" ×{card.count}" if card.count > 1 else ""
        when = timings.get(card.timing, _REACTION)
        if _says_when(card.text, when):  # the card's own text says when it is played
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


def _cards_count(variant: Variant, count: int) -> str:
    return f"{count} {variant.deck_name} card{'s' if count != 1 else ''}"
