"""The reference card (issue 46, 2 and 5): a view, on the key `=`, of what each row of the
variant's reference card costs the person and what they lack for it, which of the zone's
spaces they can raise and why not the others; then what the board's short names and marks
stand for. And the one line under a build question: the cost of the option highlighted, and
what is lacking. The costs come from the variant (`reference:`, priced by the engine); no
game is named here."""

from __future__ import annotations

from rich.text import Text

from engine.api import Game, reference_costs
from tui.boardnames import legend, space_name
from tui.holdings import abbreviations
from tui.scorewords import panel_scores, score_abbreviations
from tui.session import View

REFERENCE_KEY = "="
"""The key of the reference card: free on the game screen (tui/keys.py's letters, digits and
capitals are the options'; c f h l n q r s t u [ are the screen's own)."""
REFERENCE_BINDING = "equals_sign"
"""The same key as Textual names it."""


def _paid(view: View) -> dict[str, object]:
    """The player's counters the costs are paid from, by id."""
    return {c.id: c for c in view.variant.counters if c.each == "player"}


def cost_words(view: View, cost: dict[str, int]) -> str:
    """'1 dump truck, 1 crane' (only what the cost asks for), or 'nothing'."""
    counters = _paid(view)
    said = [counters[key].name.counted(amount) if key in counters else f"{amount} {key}"  # type: ignore[attr-defined]
            for key, amount in cost.items() if amount]
    return ", ".join(said) or "nothing"


def lacking(view: View, player: int, cost: dict[str, int]) -> dict[str, int]:
    """What `player` lacks of a cost, by counter: only what is short."""
    lack: dict[str, int] = {}
    for key, amount in cost.items():
        numbers = view.counters.get(key)
        have = numbers[player] if isinstance(numbers, list) else 0
        if amount > have:
            lack[key] = amount - have
    return lack


def next_row(view: View, prop: int, player: int) -> tuple[int | None, str]:
    """The row of the reference card raising the space would be (0 for the first), and why
    not when it cannot be raised by `player` at all: another player's stack, or a stack
    with every row built."""
    card = view.variant.reference
    assert card is not None
    pieces = view.pieces[prop]
    if pieces and pieces[-1].owner != player:
        seat = view.seat(pieces[-1].owner)
        return None, f"{seat.name}'s" if seat is not None else "not yours"
    if len(pieces) >= len(card.rows):
        return None, "every row built"
    return len(pieces), ""


def cost_line(view: View, game: Game, prop: int | None) -> Text:
    """Under a build question: what raising the space highlighted costs, and what is lacking
    ('B2, third floor: 2 dump trucks, 1 crane, 1 excavator; you lack 1 excavator'). Empty
    when the variant has no reference card or the space is not of its zone."""
    card = view.variant.reference
    viewer = view.viewer
    if card is None or prop is None or viewer is None or view.variant.properties[prop].zone != card.zone:
        return Text("")
    costs = reference_costs(game, viewer)
    row, why = next_row(view, prop, viewer)
    if row is None or row >= len(costs):
        return Text(f"{space_name(view, prop)}: {why}", style="dim")
    cost = costs[row]
    lack = lacking(view, viewer, cost)
    text = Text(f"{space_name(view, prop)}, {card.rows[row]}: {cost_words(view, cost)}")
    text.append(f"; you lack {cost_words(view, lack)}" if lack else "; you have it", style="bold" if lack else "green")
    return text


def reference_text(view: View, game: Game, short: dict[str, str]) -> Text:
    """The whole card for the person: each row's cost and what they lack; the zone's spaces
    they can raise, grouped by what raising them takes, and why not the others; then the
    board's short names (as last drawn) and its marks, and the panels' short names."""
    text = Text()
    card = view.variant.reference
    viewer = view.viewer
    if card is not None and viewer is not None:
        costs = reference_costs(game, viewer)
        text.append(f"{card.name[:1].upper()}{card.name[1:]}, on your card\n", style="bold")
        for name, cost in zip(card.rows, costs, strict=False):
            lack = lacking(view, viewer, cost)
            text.append(f"  {name}: {cost_words(view, cost)}")
            said = f"  (you lack {cost_words(view, lack)})\n" if lack else "  (you have it)\n"
            text.append(said, style="bold" if lack else "green")
        units = view.supply[viewer] if viewer < len(view.supply) else 0
        unit = view.variant.unit
        text.append(f"  You have {unit.counted(units)} left to build with.\n", style="bold" if not units else "")
        zone = next((z for z in view.variant.zones if z.id == card.zone), None)
        if zone is not None and costs:
            text.append(f"\n{zone.name}\n", style="bold")
            groups: dict[str, list[str]] = {}
            for prop in zone.properties:
                row, why = next_row(view, prop, viewer)
                if row is None or row >= len(costs):
                    reason = f"not yours to raise: {why}" if why != "every row built" else why
                    groups.setdefault(reason, []).append(space_name(view, prop))
                    continue
                lack = lacking(view, viewer, costs[row])
                said = f"{card.rows[row]}: " + (f"you lack {cost_words(view, lack)}" if lack else "you can")
                groups.setdefault(said, []).append(space_name(view, prop))
            for said, names in groups.items():
                text.append(f"  {' '.join(names)}  ", style="bold")
                text.append(f"{said}\n")
    if short:
        text.append("\nThe board's short names\n", style="bold")
        text.append("  " + " · ".join(f"{cut} {name}" for name, cut in short.items() if cut != name) + "\n")
    text.append("\nThe board's marks\n", style="bold")
    text.append("  " + legend(view, 10_000) + "\n")
    panels = abbreviations(view) + score_abbreviations(panel_scores(view))
    if panels:
        text.append("\nThe panels' short names, where a panel is narrow\n", style="bold")
        text.append("  " + " · ".join(f"{cut}: {name}" for cut, name in panels) + "\n")
    return text
