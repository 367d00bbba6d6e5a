"""The table's face-up piles on the game screen of a game with no board and no track: the
cards for sale, the bid standing (issue 47, 9: "The cards for sale and the current high bid
(piles of the table) appear nowhere"). A game with a board has no rows to spare at 80x24: its
table's piles are in the cards dialog (c) and the side panel of a wide screen."""

from __future__ import annotations

from rich.text import Text

from tui.session import View
from tui.widgets import Quiet, card_label, seen_piles


class TableView(Quiet):
    """A line a face-up pile of the table that holds cards: its name, then its cards with
    their values. Discard piles (where cards go once played, or which refill a deck) are left
    out: they are the log's, not what the players decide on."""

    DEFAULT_CSS = "TableView { height: auto; margin: 0 1; }"

    def show(self, view: View) -> None:
        text = table_text(view)
        self.set_class(not text.plain, "-absent")
        self.put(text)


def table_text(view: View) -> Text:
    variant = view.variant
    if variant.properties or variant.track is not None:
        return Text("")
    discards = {card.discard_to for card in variant.cards} | {p.refill_from for p in variant.piles if p.refill_from}
    lines = []
    for owner, pile, cards in seen_piles(view):
        if owner is None and cards and pile.id not in discards:
            line = Text.assemble((f"{pile.name[:1].upper()}{pile.name[1:]}: ", "bold"))
            counts: dict[str, int] = {}
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
            line.append(", ".join(f"{card_label(view, card)}{f' ×{n}' if n > 1 else ''}" for card, n in counts.items()))
            lines.append(line)
    return Text("\n").join(lines)
