"""The pieces of the game screen. Each one draws a `View` (a read-only snapshot the session
builds from the engine's observation) and keeps nothing of the game itself; clicks become
messages the screen turns into actions."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.console import Console
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from engine.api import Action, Event, counted, counter_words, zone_words
from engine.variant.model import Pile, Variant
from engine.visible import visible
from tui import figures, lanes
from tui.boardnames import legend, name_lines, short_names
from tui.dice import Face, faces, total
from tui.figures import chip
from tui.holdings import holdings_lines
from tui.logruns import told_runs
from tui.reference import REFERENCE_KEY
from tui.scorewords import panel_scores, score_lines
from tui.session import PUBLIC, Piece, View, raised_from


def key_hint(view: View, index: int) -> str:
    """The key of the option at `index` (View.keys), or a space."""
    return view.key_of(index) or " "


def money_label(view: View, value: int, width: int) -> str:
    """An amount in the board's money format, as much of it as fits: '$4M', else '$4' (the
    sign kept, so that an amount is never taken for an option's key), else the number."""
    label = view.variant.format_money(value)
    if len(label) <= width:
        return label
    short = re.sub(r"(\d)\D+$", r"\1", label)
    return short if len(short) <= width else str(value)[:width]


def selectable_properties(view: View) -> dict[int, int]:
    """Property index -> position in the action list, for the actions that name a property."""
    found: dict[int, int] = {}
    for index, action in enumerate(view.actions):
        if action.kind == "build" or (action.kind == "choose" and action.what == "property"):
            found.setdefault(action.arg, index)
    return found


class Quiet(Static):
    """A Static that skips updates changing nothing, and the layout pass when its size cannot
    change or it is not shown (a panel of the wide screen on a narrow one): a turn redraws
    every panel, and most of them stay the same. Laying the screen out again costs a few
    milliseconds; the arrow keys over the options did it at each step for a hidden panel."""

    RESIZES = True
    _last: tuple | None = None

    def put(self, text: Text) -> None:
        key = (text.plain, tuple(text.spans), str(text.style))
        if key != self._last:
            self._last = key
            self.update(text, layout=self.RESIZES and self._displayed())

    def _displayed(self) -> bool:
        """Whether it takes room on the screen (a hidden one gets its size when shown)."""
        return all(node.display for node in self.ancestors_with_self if isinstance(node, Widget))


# ----- the board: towers of units -------------------------------------------------------------


def piece_label(view: View, piece: Piece, width: int = 3) -> tuple[str, str]:
    """A unit or a card as a tower shows it, and its style: a unit by its player's letter, a
    card by its value as money (or initial), both on the owner's colour; a card of nobody's
    in bold."""
    seat = view.seat(piece.owner)
    if piece.card is None:
        label = seat.mark if seat is not None else "?"
    else:
        card = view.variant.card(piece.card)
        label = money_label(view, card.value, width) if card.value else card.name[:1]
    return label, chip(seat.colour) if seat is not None else "bold"


def piece_words(view: View, piece: Piece) -> str:
    """A unit or a card in words: 'R' (a unit, by its letter), "Red's $5M", 'Gray building'."""
    seat = view.seat(piece.owner)
    if piece.card is None:
        return seat.mark if seat is not None else "?"
    name = view.variant.card(piece.card).name
    return f"{seat.name}'s {name}" if seat is not None else name


class BoardView(Widget):
    """The zones and their properties, each a tower of units growing upward, with the value
    label coloured by its owner and the owner's letter below it."""

    class PropertyClicked(Message):
        def __init__(self, prop: int) -> None:
            super().__init__()
            self.prop = prop

    DEFAULT_CSS = "BoardView { height: 9; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: View | None = None
        self._columns: list[tuple[int, int, int]] = []
        """(first x, last x, property) of each column as last drawn, for clicks."""
        self._cells: list[tuple[int, int, int, int]] = []
        """(first x, last x, row, property) of each space of a loop board as last drawn."""
        self.short: dict[str, str] = {}
        """Each name of a loop's spaces as last drawn in one line (the reference card lists them)."""

    def show(self, view: View) -> None:
        # everything drawn: a loop's deeds (piles), what lies on a space (counters) and where the
        # tokens stand too, else a deed bought shows its owner only at the next redraw (issue 46, 12)
        key = (str(view.stacks), str(view.holders), str(selectable_properties(view)), view.changed, str(view.owners_now),
               tuple(view.keys), str(view.piles), str(view.counters), tuple(view.positions), tuple(view.moved),
               str(view.placed))
        self.view = view
        # a game without a board gives its room to the rest (by a class: a dialog box hides the
        # board too, by the stylesheet, and an inline display set here would show it again)
        self.set_class(not view.variant.properties, "-absent")
        if key != getattr(self, "_key", None):
            self._key = key
            self.refresh()

    def _geometry(self, variant: Variant, width: int) -> tuple[int, int, int]:
        """Cell width, gap between properties, gap between zones: the widest that fits."""
        props, zones = len(variant.properties), len(variant.zones)
        for cell, gap, zone_gap in ((4, 1, 3), (3, 1, 2), (3, 1, 1), (2, 1, 2), (2, 1, 1), (2, 0, 1), (1, 0, 1)):
            if props * cell + (props - zones) * gap + (zones - 1) * zone_gap <= width:
                return cell, gap, zone_gap
        return 1, 0, 0

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        width, height = self.size
        if view.variant.loop:
            return self._render_loop(view, width, height)
        cell, gap, zone_gap = self._geometry(view.variant, width)
        variant = view.variant
        # the variant's own pieces stand on the towers; a row on top says what their marks mean
        legend_row = bool(variant.pieces) and height >= 7
        height -= legend_row
        standing = figures.on_spaces(view)
        properties, zones = len(variant.properties), len(variant.zones)
        total = properties * cell + (properties - zones) * gap + (zones - 1) * zone_gap
        left = max(0, (width - total) // 2)
        selectable = selectable_properties(view)
        order = [(zone, i) for zone in variant.zones for i in zone.properties]
        self._columns = []
        x = left
        for position, (zone, prop) in enumerate(order):
            self._columns.append((x, x + cell - 1, prop))
            x += cell
            if position + 1 < len(order):
                x += zone_gap if order[position + 1][0] is not zone else gap
        marked = [pile for pile in variant.piles if pile.each == "space" and pile.mark]
        tower_rows = max(1, height - 3 - (1 if marked and height >= 6 else 0))
        lines = [Text(" " * left) for _ in range(height)]
        for position, (zone, prop) in enumerate(order):
            column = self._tower(view, prop, tower_rows, cell, selectable.get(prop), standing.get(prop, []))
            column.append(self._value_cell(view, prop, cell, prop in selectable))
            column.append(self._owner_cell(view, prop, cell))
            if marked and height >= 6:
                column.append(self._marks_cell(view, prop, cell, marked))
            for row, piece in enumerate(column[:height]):
                lines[row].append_text(piece)
            if position + 1 < len(order):
                spacer = " " * (zone_gap if order[position + 1][0] is not zone else gap)
                for row in range(min(height, len(column))):
                    lines[row].append(spacer)
        if height >= 3:
            lines[height - 1] = self._zone_row(view, left, cell, gap, zone_gap)
        if legend_row:
            lines.insert(0, Text(" " * left) + figures.legend(view, max(0, width - left)))
        return Text("\n").join(lines[: height + legend_row])

    def _tower(self, view: View, prop: int, rows: int, cell: int, hint: int | None, standing: list[Text]) -> list[Text]:
        """The space's stack, bottom up, each piece (a unit, a card) in its owner's colour;
        the pieces below the top few as '+n'; above the top, the variant's own pieces that
        stand there (tui/figures.py), and the option's key."""
        stack = view.pieces[prop]
        levels: list[Text] = []
        room = rows - bool(standing)
        shown = (stack[-(room - 1):] if room > 1 else []) if len(stack) > room else stack
        if len(stack) > len(shown):
            levels.append(Text(f"+{len(stack) - len(shown)}".center(cell)[:cell], style="dim"))
        for piece in shown:
            label, style = piece_label(view, piece, cell)
            levels.append(Text(label.center(cell)[:cell], style=style))
        if standing:
            drawn = figures.fitted(standing, cell)
            pad = cell - drawn.cell_len
            levels.append(Text(" " * (pad // 2)) + drawn + Text(" " * (pad - pad // 2)))
        if hint is not None and len(levels) < rows:
            levels.append(Text(key_hint(view, hint).center(cell)[:cell], style="bold reverse"))
        while len(levels) < rows:
            levels.append(Text(" " * cell))
        return list(reversed(levels[:rows]))

    def _value_cell(self, view: View, prop: int, cell: int, selectable: bool) -> Text:
        value = view.variant.properties[prop].value
        label = money_label(view, value, cell).center(cell)
        holder = view.holders[prop]
        style = chip(view.seats[holder].colour) if holder is not None else ""
        if selectable:
            style = (style + " underline").strip() if style else "bold underline"
        return Text(label, style=style)

    def _owner_cell(self, view: View, prop: int, cell: int) -> Text:
        """The owner's letter under the value; a property that changed since the person last
        acted is marked here ('▲' on a bright ground), so the bots' moves can be followed."""
        holder = view.holders[prop]
        mark = "·" if holder is None else view.seats[holder].mark
        now = view.owners_now[prop] if view.owners_now else holder
        if now != holder:  # building under way: the owner it will have once the roll is settled
            label = "→" + ("·" if now is None else view.seats[now].mark)
            return Text(label[: max(cell, 1)].center(cell), style="bold italic black on yellow")
        if prop in view.changed:
            return Text(f"▲{mark}"[: max(cell, 1)].center(cell), style="bold black on yellow")
        return Text(mark.center(cell), style="dim" if holder is None else "bold")

    @staticmethod
    def _marks_cell(view: View, prop: int, cell: int, marked: list) -> Text:
        """How many cards each marked pile of the space holds, by its mark ('3⌂': three
        buildings left); blank where they are empty."""
        words = "".join(
            f"{size}{pile.mark}" for pile in marked if (size := view.pile_size(pile.id, prop))
        )
        return Text(words[:cell].center(cell) if len(words) <= cell else words[-cell:], style="dim")

    def _zone_row(self, view: View, left: int, cell: int, gap: int, zone_gap: int) -> Text:
        row = Text(" " * left)
        for index, zone in enumerate(view.variant.zones):
            count = len(zone.properties)
            span = count * cell + (count - 1) * gap
            row.append(zone.name[:span].center(span), style=chip(zone.colour))
            if index + 1 < len(view.variant.zones):
                row.append(" " * zone_gap)
        return row

    def on_click(self, event: Click) -> None:
        if self._cells:  # a board of a loop and its grids: a space is a cell at a row
            for first, last, row, prop in self._cells:
                if first <= event.x <= last and event.y == row:
                    self.post_message(self.PropertyClicked(prop))
                    return
            return
        for first, last, prop in self._columns:
            if first <= event.x <= last:
                self.post_message(self.PropertyClicked(prop))
                return

    # ----- a board tokens go round (`board.loop`), with the grids inside it ------------------

    def _render_loop(self, view: View, width: int, height: int) -> Text:
        """The loop as a racetrack: its first half left to right, the rest right to left below
        it, so that the way round reads as a ring; each space a cell in its zone's colour,
        named, with its holder (or the option's key) and what lies on it beneath, and the
        tokens outside. Zones off the loop laid out as a grid (`columns`: an island of
        foundations) stand to the right, each space its stack's height in its top piece's
        colour. Everything from the variant: its loop, zones, piles and counters.

        The names take the room there is (issue 46, 5): on a tall board, up to five lines
        and wider cells, so that a wide screen reads whole names; else one line, cut so that
        no two names read the same. The last row, where there is one to spare, is the legend
        of the marks (tui/boardnames.py)."""
        variant = view.variant
        loop = list(variant.loop)
        half = (len(loop) + 1) // 2
        top, bottom = loop[:half], list(reversed(loop[half:]))
        on_loop = set(loop)
        grids = [z for z in variant.zones if z.columns and not on_loop.intersection(z.properties)]
        grid_width = sum((z.columns or 1) * 3 + 2 for z in grids)
        # lines for each name, as many as the board's rows allow (up to 5: a long word broken
        # over two of them reads whole); one row kept for the legend
        names = max(1, min(NAME_LINES, (height - 5) // 2))
        cell = next((c for c in (10, 9, 8, 7, 6, 5, 4, 3, 2) if half * (c + 1) + grid_width <= width
                     and (c <= 6 or names > 1)), 1)
        pitch = cell + 1  # a space between cells
        left = max(0, (width - half * pitch - grid_width) // 2)
        held = _holders_by_cards(view)
        lying = _lying(view)
        selectable = selectable_properties(view)
        short = self.short = short_names(view, cell)
        standing = figures.on_spaces(view)
        self._cells = []
        used = 2 * names + 4
        rows = [Text(" " * left) for _ in range(max(height, used))]
        halves = ((1, top, 0, names + 1), (names + 3, bottom, 2 * names + 3, names + 2))
        for first_name_row, spaces, tokens_row, status_row in halves:
            for index, prop in enumerate(spaces):
                x = left + index * pitch
                zone = next(z for z in variant.zones if z.id == variant.properties[prop].zone)
                lines = name_lines(view, prop, cell, names, short)
                lines += [""] * (names - len(lines))
                drawn = [(first_name_row + n, Text(lines[n].ljust(cell)[:cell], style=chip(zone.colour))) for n in range(names)]
                drawn += [(status_row, self._space_status(view, prop, cell, held, lying, selectable.get(prop))),
                          (tokens_row, self._tokens_on(view, loop.index(prop), cell, standing.get(prop, [])))]
                for at_row, piece in drawn:
                    self._cells.append((x, x + cell - 1, at_row, prop))
                    rows[at_row].append_text(piece)
                    rows[at_row].append(" ")
        x = left + half * pitch + 1
        for zone in grids:
            self._draw_grid(view, zone, x, rows, selectable, max(1, (used - (len(zone.properties) // (zone.columns or 1))) // 2))
            x += (zone.columns or 1) * 3 + 2
        if height > used:  # a row to spare: what the marks mean
            rows[height - 1] = Text(" " * left) + Text(legend(view, max(0, width - left), REFERENCE_KEY), style="dim")
        return Text("\n").join(rows[:height])

    @staticmethod
    def _space_status(view: View, prop: int, cell: int, held: dict[int, tuple[int, str]], lying: list[int],
                      hint: int | None) -> Text:
        """Under a space: the option's key when it may be chosen; else its holder's letter (a
        deed's, a stack's top), with the mark of the pile the deed lies in (a mortgaged
        deed's), and how many things lie on it (resources dropped there)."""
        if hint is not None:
            return Text(key_hint(view, hint).center(cell)[:cell], style="bold reverse")
        owner, mark = held[prop] if prop in held else (view.holders[prop], "")
        text = Text()
        if owner is not None:
            seat = view.seats[owner]
            text.append(seat.mark + mark, style=chip(seat.colour))
        else:
            text.append("·", style="dim")
        if lying[prop]:
            text.append(f"+{lying[prop]}"[: cell - 1], style="bold")
        if prop in view.changed:
            text.stylize("underline")
        text.append(" " * max(0, cell - len(text.plain)))
        return text[:cell]

    @staticmethod
    def _tokens_on(view: View, place: int, cell: int, standing: list[Text]) -> Text:
        """Beside a space of the loop: the tokens on it, then the variant's own pieces that
        stand there (tui/figures.py), their count where their marks do not fit."""
        text = Text()
        for player, at in enumerate(view.positions):
            if at == place and len(text.plain) < cell:
                text.append(view.seats[player].mark, style=_token_style(view, player))
        if standing:
            if text.plain and text.cell_len + 1 < cell:
                text.append(" ")
            text.append_text(figures.fitted(standing, cell - text.cell_len))
        text.append(" " * (cell - len(text.plain)))
        return text

    def _draw_grid(self, view: View, zone, x: int, rows: list[Text], selectable: dict[int, int], top: int = 1) -> None:
        """A zone laid out in rows of `columns`: each space its stack's height and the letter of
        the stack's top's player (in that player's colour; the letter reads without colour
        too, issue 46, 13), '*' before them where a counter of the space is set (a penthouse),
        '·' where it is empty. A space that may be chosen has the option's key before its
        height, in reverse, so that a key and a height, both digits, are not taken for each
        other (issue 46, 13)."""
        lying = _lying(view)
        standing = figures.on_spaces(view)
        columns = zone.columns or 1
        for index, prop in enumerate(zone.properties):
            row, column = top + index // columns, index % columns
            if row >= len(rows):
                break
            line = rows[row]
            at = x + column * 3
            line.append(" " * max(0, at - len(line.plain)))
            hint = selectable.get(prop)
            pieces = view.pieces[prop]
            seat = view.seat(pieces[-1].owner) if pieces else None
            if not pieces:
                built = Text("· ", style="dim")
            else:
                mark, style = (seat.mark, chip(seat.colour)) if seat is not None else (" ", "bold")
                built = Text(f"{len(pieces)}{mark}", style=style)
            # three columns: the key (else the variant's own pieces standing there, else '*' for
            # a set counter), the height, the top's letter
            first = (Text(key_hint(view, hint), style="bold reverse") if hint is not None
                     else figures.fitted(standing.get(prop, []), 1) or Text("*" if pieces and lying[prop] else " "))
            text = Text.assemble(first, built)
            if prop in view.changed:
                text.stylize("underline")
            line.append_text(text[:3])
            self._cells.append((at, at + 2, row, prop))


def _holders_by_cards(view: View) -> dict[int, tuple[int, str]]:
    """Who holds each space by a card that belongs to it (a title deed) in a pile of theirs
    that the viewer sees, and that pile's mark ('' for none; a mortgaged deed's pile)."""
    held: dict[int, tuple[int, str]] = {}
    piles = {pile.id: pile for pile in view.variant.piles}
    for seen in view.piles:
        pile = piles.get(seen["pile"])
        if pile is None or pile.each != "player" or not seen["cards"]:
            continue
        for card_id in seen["cards"]:
            space = view.variant.card(card_id).space
            if space is not None:
                held[space] = (seen["owner"], pile.mark or "")
    return held


def _lying(view: View) -> list[int]:
    """What the counters of each space add up to, space by space: the resources dropped on
    a space of the loop, a penthouse on a foundation."""
    total = [0] * len(view.variant.properties)
    for counter in view.variant.counters:
        numbers = view.counters.get(counter.id)
        if counter.each != "space" or not isinstance(numbers, list):
            continue
        for prop, value in enumerate(numbers[: len(total)]):
            total[prop] += value
    return total


# ----- the boardwalk track --------------------------------------------------------------------


class TrackView(Widget):
    """START to the last space, with the marked spaces (the first letter of the deck's name:
    landing there may draw a card) and every token (a letter on its player's colour); tokens
    sharing a space stack downward. A track longer than the widget
    is wide shows several spaces per character.

    A board too long for towers (tui/lanes.py) is drawn here instead, as lanes of any length:
    one a zone, each space a cell with what stands on it. The screen is then given the class
    `-lanes`, by which its stylesheet hides the towers (BoardView)."""

    DEFAULT_CSS = "TrackView { height: 3; }"
    START = "START "

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: View | None = None
        self._cells: list[tuple[int, int, int, int]] = []
        """(first x, last x, row, property) of each space of the lanes as last drawn, for clicks."""

    def on_click(self, event: Click) -> None:
        """A click on a space of the lanes chooses it, as a click on the towers does."""
        for first, last, row, prop in self._cells:
            if first <= event.x <= last and event.y == row:
                self.post_message(BoardView.PropertyClicked(prop))
                return

    def show(self, view: View) -> None:
        self.view = view
        as_lanes = lanes.drawn_as_lanes(view.variant)
        # a game without a track gives its room to the rest
        self.set_class(view.variant.track is None and not as_lanes, "-absent")
        if self.is_attached:
            self.screen.set_class(as_lanes, "-lanes")
        # the lanes' last row, where the variant has pieces of its own, says what their marks mean
        height = (lanes.rows(view.variant) + bool(view.variant.pieces) if as_lanes
                  else 2 + max(1, len(self._layers(view, self._per(view)))))
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        drawn = (
            (str(view.stacks), str(_lying(view)), str(selectable_properties(view)), tuple(view.keys), str(view.placed))
            if as_lanes else (list(view.tokens), view.moved)
        )
        if drawn != getattr(self, "_tokens", None):
            self._tokens = drawn
            self.refresh()

    def _per(self, view: View) -> int:
        """Spaces per character: 1 when the track fits."""
        room = max(10, (self.size.width or 80) - len(self.START) - 4)
        track = view.variant.track
        return -(-track.length // room) if track is not None else 1

    def _positions(self, view: View, cells: int) -> list[int]:
        """The column of each cell after START: one apart when the track just fits, two or
        three apart when the terminal is that much wider (evenly: a track is counted along)."""
        room = max(10, (self.size.width or 80) - len(self.START) - 4)
        apart = max(1, min(3, room // max(1, cells)))
        return [cell * apart for cell in range(cells)]

    @staticmethod
    def _layers(view: View, per: int) -> list[dict[int, int]]:
        """Rows of {cell: player}: the first token in each cell in the first row, and so on."""
        by_cell: dict[int, list[int]] = {}
        for player, space in enumerate(view.tokens):
            if space > 0:
                by_cell.setdefault((space - 1) // per, []).append(player)
        depth = max((len(p) for p in by_cell.values()), default=0)
        return [{c: ps[i] for c, ps in by_cell.items() if i < len(ps)} for i in range(depth)]

    def render(self) -> Text:
        view = self.view
        if view is not None and lanes.drawn_as_lanes(view.variant):
            return self._render_lanes(view)
        if view is None or view.variant.track is None:
            return Text("")
        track = view.variant.track
        length = track.length
        per = self._per(view)
        cells = -(-length // per)
        at = self._positions(view, cells)
        origin = len(self.START)
        marked = view.variant.deck_name[:1].upper() or "*"
        scale = [" "] * (origin + at[-1] + 5)
        end_label = str(length)
        end_at = origin + at[-1] + 1 - len(end_label)
        for space in range(10, length + 1, 10):
            label = str(space)
            end = origin + at[(space - 1) // per]
            if end >= end_at - 1:
                break  # a round number just before the end gives way to the end's
            for i, ch in enumerate(label):
                scale[end - len(label) + 1 + i] = ch
        for i, ch in enumerate(end_label):
            scale[end_at + i] = ch
        lines = [Text("".join(scale).rstrip(), style="dim")]
        row = Text(self.START, style="bold")
        for cell in range(cells):
            spaces = range(cell * per + 1, min((cell + 1) * per, length) + 1)
            row.append(" " * (origin + at[cell] - len(row)))
            if any(track.mark_at(space) is not None for space in spaces):
                row.append(marked, style="bold reverse")
            elif length in spaces:
                row.append("▌", style="bold")
            else:
                row.append("|" if any(space % 10 == 0 for space in spaces) else "·", style="dim")
        lines.append(row)
        at_start = [p for p, space in enumerate(view.tokens) if space == 0]
        player: int | None
        for depth, layer in enumerate(self._layers(view, per) or [{}]):
            row = Text()
            if depth == 0:
                for player in at_start[:origin]:
                    row.append(view.seats[player].mark, style=_token_style(view, player))
            row.append(" " * (origin - len(row)))
            for cell in range(cells):
                player = layer.get(cell)
                if player is not None:
                    row.append(" " * (origin + at[cell] - len(row)))
                    row.append(view.seats[player].mark, style=_token_style(view, player))
            lines.append(row)
        return Text("\n").join(lines)


    def _render_lanes(self, view: View) -> Text:
        """The board as lanes (tui/lanes.py), block by block: each a label in its zone's
        colour, then a cell a space, and a bar after the last."""
        variant = view.variant
        names = lanes.labels(variant)
        label = min(10, max((len(name) for name in names), default=0))
        cell = lanes.cell_width(variant, self.size.width or 80, label)
        lying, keys = _lying(view), {prop: key_hint(view, i) for prop, i in selectable_properties(view).items()}
        standing = figures.on_spaces(view)
        lines = [Text() for _ in range(lanes.rows(variant))]
        self._cells = []
        for index, zone in enumerate(variant.zones):
            row, start = lanes.place(variant, index, cell, label)
            line = lines[row]
            line.append(" " * max(0, start - line.cell_len))
            line.append(_abbreviated(names[index], label).rjust(label), style=chip(zone.colour))
            line.append(" ")
            for prop in zone.properties:
                self._cells.append((line.cell_len, line.cell_len + cell - 1, row, prop))
                line.append_text(_lane_cell(view, prop, cell, lying[prop], keys.get(prop), standing.get(prop, [])))
            line.append("|", style="dim")
        if variant.pieces:
            lines.append(figures.legend(view, self.size.width or 80))
        return Text("\n").join(lines)


def _abbreviated(name: str, width: int) -> str:
    """A lane's name in `width` characters: whole if it fits, else the first letters of its
    words ('Column Eleven' -> 'CoEl'), else its start."""
    if len(name) <= width:
        return name
    words = [w for w in re.split(r"[\s/]+", name) if w]
    each = max(1, width // max(1, len(words)))
    short = "".join(w[:each] for w in words)
    return short[:width]


def _lane_cell(view: View, prop: int, cell: int, lying: int, key: str | None, standing: list[Text]) -> Text:
    """A space of a lane in `cell` characters: the variant's own pieces standing there (a
    runner), then its stack (a player's unit by their letter on their colour, a card of
    nobody's by its initial), then what the counters of the space add up to ('●' for one,
    else how many), or '+' where more stand than fit; the option's key first where it may
    be chosen; a dot where it is empty."""
    marks: list[tuple[str, str]] = []
    for piece in view.pieces[prop]:
        seat = view.seat(piece.owner)
        if seat is not None:
            marks.append((seat.mark, chip(seat.colour)))
        elif piece.card is not None:
            marks.append((view.variant.card(piece.card).name[:1], "bold"))
    if lying:
        marks.append(("●" if lying == 1 else str(lying) if lying < 10 else "+", "bold"))
    text = Text()
    if key:
        text.append(key[:cell], style="bold reverse")
    if standing:  # the variant's own pieces first (tui/figures.py): a runner shows before a peg
        text.append_text(figures.fitted(standing, cell - text.cell_len))
    room = cell - text.cell_len
    if not marks and not key and not standing:
        text.append("·", style="dim")
    elif room > 0 and marks:
        fits = marks if len(marks) <= room else [*marks[: room - 1], ("+", "dim")]
        for mark, style in fits:
            text.append(mark, style=style)
    text.append(" " * (cell - text.cell_len))
    return text


def _token_style(view: View, player: int) -> str:
    """A token in its player's colour, underlined when it moved since the person last acted."""
    style = chip(view.seats[player].colour)
    return f"{style} underline" if player in view.moved else style


# ----- players, dice, hand, status ------------------------------------------------------------


class PlayerPanel(Quiet):
    """One player: colour, token, value, properties, units left, number of cards."""

    RESIZES = False

    def __init__(self, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.index = index
        self._colour = ""

    _view: View | None = None

    def on_resize(self) -> None:
        if self._view is not None:
            self.show(self._view)

    def _sized(self) -> None:
        """Drawn again for the size it has now (the first show came before the layout)."""
        if self._view is not None and self.size.height:
            self.show(self._view)

    def show(self, view: View) -> None:
        self._view = view
        seat = view.seats[self.index]
        i = self.index
        if self._colour != seat.colour:
            self._colour = seat.colour
            self.styles.border_left = ("tall", seat.colour)
        turn = view.turn_player == i and not view.over
        if self.has_class("-turn") != turn:
            self.set_class(turn, "-turn")
        width = self.size.width or 30
        if not self.size.height and self.is_mounted:  # not laid out yet: drawn again once it has its size
            self.call_after_refresh(self._sized)
        marker = "▶ " if turn else "  "
        who = seat.name
        if seat.bot:
            who += f" ({seat.bot.split(':')[0]})"
        elif view.viewer == i:
            who += " (you)"
        token = seat.token
        if view.variant.loop:  # the space the token stands on, on a board tokens go round
            token += " on " + property_name(view, view.variant.loop[view.positions[i]])
        elif token == seat.name:  # a game without a track, its token left out (named as the seat): no "Red · Red"
            token = ""
        out = [Text("out of the round", style="bold")] if i in view.out else []  # `drop X`: passed by
        if view.variant.stacks == "cards":
            lines = [
                Text.assemble((marker, "bold"), (seat.mark, chip(seat.colour)), (f" {who}", "bold"),
                              (f" · {token}" if token else "", "italic")),
                *out,
                *self._scores(view, i, width, max(3, (self.size.height or 4) - 1 - len(out))),
            ]
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            self.put(Text("\n").join(lines))
            return
        cards = view.hand_sizes[i]
        units = view.supply[i]
        unit = view.variant.unit
        # the units in supply, where the game has units, and the cards in hand, where it has a
        # hand: not '0 cards' in a game without one (Monopoly Builder; issue 47, 9)
        has_units = any(s.units for s in view.variant.setups)
        has_hand = any(pile.id == "hand" and pile.each == "player" for pile in view.variant.piles)
        wordings = [
            [*([unit.counted(units)] if has_units else []), *([counted(cards, "card")] if has_hand else [])],
            [*([unit.counted(units)] if has_units else []), *([f"{cards}c"] if has_hand else [])],
            [*([f"{units}{unit.one[:1]}"] if has_units else []), *([f"{cards}c"] if has_hand else [])],
        ]
        counts = _fit(width, *(" · ".join(parts) for parts in wordings[:2]), " ".join(wordings[2]))
        room = max(4, self.size.height or 4)
        # a house rule's own counters (cash, resources) on lines of their own, in the longest
        # wording that fits: never cut off the end of another line (tui/holdings.py)
        kept = holdings_lines(view, i, width, room - 4 if room >= 5 else 1)
        lines = [
            Text.assemble((marker, "bold"), (seat.mark, chip(seat.colour)), (f" {who}", "bold")),
            *([Text(token, style="italic")] if token else []),
            *out,
            *(Text(line) for line in score_lines(view, i, panel_scores(view), width, 1)),
            *([Text(counts)] if counts else []),
        ]
        if kept and room < 5 and counts:  # no line to spare: what they hold before their count of pieces
            lines[-1] = kept[0]
        else:
            lines += kept
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        self.put(Text("\n").join(lines))


    @staticmethod
    def _scores(view: View, i: int, width: int, room: int = 3) -> list[Text]:
        """A game of cards, in `room` lines: the player's scores by the variant's names (with
        the distance to a score's goal) and what they hold on the board; then each of their
        face-up piles with its cards (the flipped cards, the kept ones), wrapped rather than
        cut, and the size of the others (a deck's order is never shown)."""
        variant = view.variant
        held = view.properties_owned(i)
        names = {card.id: card.name for card in variant.cards}
        shown: list[Text] = []
        sizes: list[str] = []
        for pile in variant.piles:
            if pile.each != "player":
                continue
            seen = next((p for p in view.piles if p["pile"] == pile.id and p["owner"] == i), None)
            if seen is None or not seen["size"]:
                continue
            # face-up cards by name (flipped, kept); a deck, a discard pile by its size
            if pile.seen_by == "everyone" and seen["cards"] and seen["size"] <= SHOWN_CARDS:
                shown.append(Text(f"{pile.name}: " + _grouped(names.get(c, c) for c in seen["cards"])))
            else:
                sizes.append(f"{pile.name} {seen['size']}")
        holds = f"holds {held}" if held else ""  # a game with no spaces to hold never says so
        # every score readable, on as many lines as it takes (tui/scorewords.py)
        lines = [Text(line) for line in score_lines(view, i, panel_scores(view), width,
                                                    room - (1 if sizes else 0), holds)]
        left = room - len(lines) - (1 if sizes else 0)
        for text in shown:
            wrapped = list(text.wrap(_CONSOLE, max(8, width)))
            if len(wrapped) > left:
                break
            lines += wrapped
            left -= len(wrapped)
        if sizes:
            lines.append(Text(" · ".join(sizes), style="dim"))
        return lines[:room]


def _grouped(names: Iterable[str]) -> str:
    """Card names in the order first met, copies counted: 'Peg ×11, Guard'."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in counts.items())


NAME_LINES = 5
"""The most lines a space's name takes on a tall board (160x50: 'Roll / for / Reso- / urces')."""


_CONSOLE = Console(width=200, color_system=None)
"""What a panel's text is wrapped with (only its cell widths matter)."""


SHOWN_CARDS = 12
"""A face-up pile of a player with at most this many cards is listed by name on their panel."""


def _fit(width: int, *choices: str) -> str:
    """The first (longest) wording that fits the width."""
    for choice in choices:
        if len(choice) <= width:
            return choice
    return choices[-1]


class DiceView(Quiet):
    """The dice just rolled, and what is left of the budget."""

    def show(self, view: View) -> None:
        self.put(dice_text(view))


def face_name(view: View) -> tuple[str, str | None]:
    """The zone die's face in words, and its colour (None for a symbol): a zone, the symbol
    that lets the roller choose any zone (with the zone chosen), or another symbol."""
    face = view.face
    if face is None:
        return "", None
    for zone in view.variant.zones:
        if zone.id == face:
            return zone.name, zone.colour
    symbol = face.replace("_", " ").capitalize()
    if _any_zone_face(view):
        chosen = next((z for z in view.variant.zones if z.id == view.zone), None)
        return (f"{symbol} → {chosen.name}", chosen.colour) if chosen else (symbol, None)
    return symbol, None


def _any_zone_face(view: View) -> bool:
    die = view.variant.zone_die
    return die is not None and die.any_zone is not None and view.face == die.any_zone


def _builds_this_roll(view: View) -> bool:
    """Whether the zone die's face leads to building: a zone, or the any-zone symbol (another
    symbol, such as Fortune's, draws a card instead)."""
    return _any_zone_face(view) or any(zone.id == view.face for zone in view.variant.zones)


def turn_money(view: View) -> int | None:
    """The money the turn has to build with now: what the build session has left, else the
    turn's money counter (the roll, plus a Windfall played on it), else None. The prompt and
    the top line read it, so a card that adds to it shows at once, not after building."""
    if view.budget is not None:
        return view.budget
    for counter in view.variant.counters:
        if counter.money and counter.each == "game" and counter.reset == "turn":
            value = view.counters.get(counter.id)
            if isinstance(value, int) and value:
                return value
    return None


def dice_text(view: View) -> Text:
    """Every die as rolled (a number, a zone's name in its colour, a symbol's name), their
    total where the game sums them, and what is left of the budget."""
    shown = faces(view.variant, view.rolled, view.zone)
    if not shown:
        return Text("No roll yet", style="dim")
    text = Text()
    text.append(f"{view.seats[view.turn_player].name} rolled\n", style="bold")
    text.append_text(Text(" ").join(_face_chip(face) for face in shown))
    summed = total(view.variant, shown)
    if summed is not None:
        text.append(f"\n= {view.variant.format_money(summed) if _builds_this_roll(view) else summed}")
    money = turn_money(view)
    if view.budget is not None:
        text.append(f"  · {view.variant.format_money(view.budget)} left", style="bold")
    elif money is not None and money != sum(view.dice):
        text.append(f"  · {view.variant.format_money(money)} to build", style="bold")
    if view.played:
        text.append("\nCards played this turn:\n" if view.viewer is None else "\nPlayed since your last move:\n", style="bold")
        text.append("\n".join(view.played), style="black on yellow")
    return text


def _face_chip(face: Face) -> Text:
    """A die's face as a small box: a zone's in its colour, a number or a symbol reversed."""
    return Text(f" {face.words} ", style=chip(face.colour) if face.colour else "bold reverse")


class HandView(Quiet):
    """The viewer's own cards with their text; nothing when no single player's view is shown."""

    def show(self, view: View) -> None:
        self.put(hand_text(view, with_text=True))


def hand_text(view: View, with_text: bool, others: bool = False) -> Text:
    """The cards the viewer may look at, pile by pile, each by the variant's name of it: their
    own piles first (the one they play from even when empty), then the table's face-up piles
    that hold cards (the cards for sale, the bid standing), then, with `others`, the other players' face-up
    piles. Only what the observation shows the viewer is read: a pile it hides is never
    listed, so the text is the same whatever lies in the piles the viewer cannot see."""
    text = Text()
    if view.viewer is None or view.viewer == PUBLIC:
        hidden = "Cards are hidden until the next player takes the seat." if view.viewer == PUBLIC else (
            "Watching the bots: their cards are private.")
        text.append(hidden, style="italic")
    else:
        text.append_text(_own_piles(view, view.viewer, with_text))
    seen = seen_piles(view)
    shown = [(pile.name, cards) for owner, pile, cards in seen if owner is None and cards]
    if others:  # then each other player's, player by player
        shown += [
            (f"{view.seats[player].name}'s {pile.name}", cards)
            for player in range(len(view.seats))
            for owner, pile, cards in seen
            if owner == player != view.viewer and cards
        ]
    for heading, cards in shown:
        text.append("\n\n")
        text.append_text(_pile_cards(view, heading, cards, with_text=False))
    return text


def seen_piles(view: View) -> list[tuple[int | None, Pile, list[str]]]:
    """(owner, pile, card ids) of each pile of the table or of a player whose cards the viewer
    sees, in the variant's order of its piles (a pile of each space is the board's)."""
    slots = {(seen["pile"], seen["owner"]): seen["cards"] for seen in view.piles}
    found = []
    for pile in view.variant.piles:
        owners: list[int | None] = [None] if pile.each == "game" else [*range(len(view.seats))] if pile.each == "player" else []
        for owner in owners:
            cards = slots.get((pile.id, owner))
            if cards is not None:
                found.append((owner, pile, list(cards)))
    return found


def _own_piles(view: View, viewer: int, with_text: bool) -> Text:
    """The viewer's piles they see, by name; the pile they play from is said empty rather
    than left out ('Red holds no kept cards')."""
    owner = view.seats[viewer].name
    parts = []
    for holder, pile, cards in seen_piles(view):
        if holder != viewer:
            continue
        if cards:
            parts.append(_pile_cards(view, f"{owner}'s {pile.name}", cards, with_text))
        elif pile.id == "hand" or pile.played_from:
            parts.append(Text(f"{owner} holds no {_plural(pile.name)}.", style="italic"))
    if not parts:
        return Text(f"{owner} holds no cards.", style="italic")
    return Text("\n\n").join(parts)


def _plural(name: str) -> str:
    """A pile's name as what it holds none of: 'hand' -> 'cards in hand', 'kept cards' as it is."""
    return name if re.search(r"s\b", name) else f"cards in {name}" if name.lower() == "hand" else name


def _pile_cards(view: View, heading: str, cards: list[str], with_text: bool) -> Text:
    """A pile's heading and its cards (alike cards counted, the top card last), each with its
    value where it has one, and with `with_text` its text; a pile of the table with more cards
    than a panel lists shows how many, and its top card."""
    text = Text()
    text.append(heading[:1].upper() + heading[1:], style="bold underline")
    if not cards:
        text.append("\nnone", style="dim")
        return text
    if not with_text and len(cards) > SHOWN_CARDS:
        text.append(f"\n{counted(len(cards), 'card')}, the top one {card_label(view, cards[-1])}")
        return text
    counts: dict[str, int] = {}
    for card_id in cards:
        counts[card_id] = counts.get(card_id, 0) + 1
    for card_id, count in counts.items():
        text.append(f"\n{card_label(view, card_id)}{f' ×{count}' if count > 1 else ''}", style="bold")
        if with_text:
            text.append(f"\n{view.variant.card(card_id).text}", style="dim")
    return text


def card_label(view: View, card_id: str) -> str:
    """A card's name, with its value where it has one that the name does not already say
    ('Guard · 1'; '$2M' stays '$2M')."""
    card = view.variant.card(card_id)
    if card.value is None or re.search(rf"(?<!\d){card.value}(?!\d)", card.name):
        return card.name
    return f"{card.name} · {card.value}"


class StatusBar(Quiet):
    """One line: the turn, who decides, the roll, what is left to build, the bots' pace; the
    less important parts drop out when the terminal is narrow."""

    RESIZES = False

    def show(self, view: View, pace: str) -> None:
        width = self.size.width or 120
        parts: list[Text] = []
        if view.over:
            parts.append(Text(" Game over ", style="bold reverse"))
        else:
            seat = view.seats[view.turn_player]
            parts.append(Text.assemble((f" Turn {view.turn} ", "bold reverse"), " ", (f" {seat.name} ", chip(seat.colour))))
            if view.current_player is not None and view.current_player != view.turn_player:
                parts.append(Text(f"{view.seats[view.current_player].name} must answer", style="bold"))
            if view.variant.dice:  # a game without dice says nothing of rolls
                parts.append(roll_text(view))
            parts += [Text(words, style="bold") for words in turn_counters(view)]
            money = turn_money(view)
            if view.budget is not None:
                parts.append(Text(f"{view.variant.format_money(view.budget)} left to build", style="bold"))
            elif money is not None and money != sum(view.dice):  # a card added to the roll
                parts.append(Text(f"{view.variant.format_money(money)} to build", style="bold"))
        line = Text(" · ").join(parts)
        if any(seat.bot for seat in view.seats):
            extra = Text(f"bots: {pace} (f)", style="dim")
            if line.cell_len + 3 + extra.cell_len <= width:
                line = Text(" · ").join([line, extra])
        line.truncate(width, overflow="ellipsis")
        self.put(line)


def turn_counters(view: View) -> list[str]:
    """The turn's own counters the variant tells of (a counter of the game, reset each turn,
    with words to show it, not money), those not 0, about the turn's player: 'has 3 flips
    left', 'must flip 1 more'."""
    said = []
    for counter in view.variant.counters:
        if counter.shown and not counter.money and counter.each == "game" and counter.reset == "turn":
            value = view.counters.get(counter.id)
            if isinstance(value, int) and value > 0:
                said.append(counter_words(counter.shown, str(value)))
    return said


def roll_text(view: View) -> Text:
    """The roll on one line (the top line): every die's face, and the total where the game
    sums the dice ('5 + 6 = 11'; 'rolled 4 and 3 and 1 and 6' for dice paired, not summed)."""
    shown = faces(view.variant, view.rolled, view.zone)
    if not shown:
        return Text("no roll yet", style="dim")
    summed = total(view.variant, shown)
    numbers = [face.words for face in shown if face.number is not None]
    text = Text(" + ".join(numbers) if summed is not None else "rolled " + " and ".join(numbers))
    if summed is not None:
        text.append(f" = {view.variant.format_money(summed) if _builds_this_roll(view) else summed}")
    for face in shown:
        if face.number is None:
            text.append(" ")
            text.append_text(_face_chip(face))
    return text


# ----- the actions ----------------------------------------------------------------------------


def action_label(view: View, action: Action, index: int) -> Text:
    """An action as the list shows it: its key and the engine's words (one line)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{key_hint(view, index)} ", style="bold")
    if action.kind == "stop":
        left = f" ({view.variant.format_money(view.budget)} unspent)" if view.budget else ""
        text.append(f"Done: stop building{left}", style="bold")
        return text
    if action.kind == "pass":
        text.append("End the turn" if view.ends_turn else "Play no card now", style="bold")
        return text
    label = option_label(view, action)
    if label is not None:  # the variant's own words for it, built from values: 'Buy for 400M'
        text.append(label[:1].upper() + label[1:])
        return text
    if action.kind == "choose" and action.what == "zone":  # the question says what the zone is for
        zone = next(z for z in view.variant.zones if z.id == action.arg)
        text.append("Choose")
        text.append(f" {zone_label(view, zone.name)} ", style=chip(zone.colour))
        return text
    if action.kind == "choose" and action.what == "word":  # the prompt asks it: 'Flip or cash out?'
        word = visible(str(action.arg))
        text.append(word[:1].upper() + word[1:])
        return text
    if view.numbers is not None and action.kind == "choose" and type(action.arg) is int:  # a quick amount
        text.append(f"{number_words(view, action.arg)} ({raise_words(view, action.arg)})")
        return text
    if action.kind == "choose" and action.what == "card" and action.arg in view.offered_cards:
        piece = view.offered_cards[action.arg]
        text.append("Choose " + _about_words(view, {"card": piece.card, "owner": piece.owner}, valued=True))
        fate = view.fates.get(action.arg)
        if fate is not None:
            text.append(f" (fits nowhere: to {_pile_words(view, {'pile': '', 'owner': piece.owner}, fate)})",
                        style="italic")  # it is discarded at once: no place takes it
        return text
    words = visible(action.describe())
    text.append(words[:1].upper() + words[1:])
    return text


def option_label(view: View, action: Action) -> str | None:
    """An option's label from the question (`"buy" as "Buy for {value of S as money}"`, a
    choice's `each as "..."`), as the variant wrote it with its values shown; None where it
    gives none."""
    if action.kind != "choose":
        return None
    for labelled in (view.asking or {}).get("labels", ()):
        if labelled["option"] == action.arg:
            return visible(labelled["label"])  # the variant's words
    return None


def zone_label(view: View, name: str) -> str:
    """A zone's name as a sentence says it: 'Yellow zone' where a player is called Yellow too."""
    return zone_words(name, {seat.name.casefold() for seat in view.seats})


def action_detail(view: View, action: Action | None) -> Text:
    """More about the highlighted action: a card's text, or what stands on a space."""
    if action is None:
        return Text("")
    variant = view.variant
    if action.kind in ("play", "react", "discard"):
        card = variant.card(action.arg)
        return Text.assemble((card.name + ": ", "bold"), (card.text, "italic"))
    if action.kind == "choose" and action.what == "card" and action.arg in view.offered_cards:
        card = variant.card(view.offered_cards[action.arg].card or "")
        return Text.assemble((card.name + ": ", "bold"), (card.text, "italic"))
    if action.what == "property" or action.kind == "build":
        return Text(space_words(view, action.arg), style="italic")
    return Text("")


def space_words(view: View, prop: int) -> str:
    """What stands on a space, in words: its holder and its stack from the bottom up (units
    by letter, cards by name), then the piles of the space (its buildings) with their cards."""
    stack = view.pieces[prop]
    cards = view.variant.stacks == "cards"
    if not stack:  # in the variant's own word for an empty space, if it has one ('A vacant lot.')
        vacant = next((name for name, kernel in view.variant.kinds if kernel == "vacant property"), None)
        words = f"A {vacant}." if vacant else "Nothing on it yet."
    else:
        holder = view.seat(view.holders[prop])
        owner = holder.name if holder is not None else "nobody"
        joint = ", " if cards else " "
        kind = "cards" if cards else view.variant.unit.many
        words = f"Owner {owner}; {kind} from the bottom up: " + joint.join(piece_words(view, p) for p in stack)
    return " ".join([words, *_space_piles(view, prop)])


def _space_piles(view: View, prop: int) -> list[str]:
    """The piles of a space (each: space) as 'Buildings: Green building ×3.'; cards unseen by
    number only."""
    said = []
    names = {card.id: card.name for card in view.variant.cards}
    for pile in view.variant.piles:
        if pile.each != "space":
            continue
        seen = next((p for p in view.piles if p["pile"] == pile.id and p["owner"] == prop), None)
        if seen is None or not seen["size"]:
            continue
        cards = seen.get("cards")
        if cards:
            counts: dict[str, int] = {}
            for card in cards:
                counts[names.get(card, card)] = counts.get(names.get(card, card), 0) + 1
            listed = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())
        else:
            listed = counted(seen["size"], "card")
        said.append(f"{pile.name[:1].upper()}{pile.name[1:]}: {listed}.")
    return said


def decision_prompt(view: View) -> str:
    """What the person deciding is asked, in a few words from the view."""
    variant = view.variant
    kind = view.decision
    name, _ = face_name(view)
    money = variant.format_money
    offer = (view.asking or {}).get("offer")
    words = visible(offer["words"]) if offer else ""  # the engine's words, with the players' names from the file
    if kind == "trade":
        return f"{words} so far: change it or propose it" if words else "Put your offer together"
    if kind == "reply":
        return f"{words}: accept?" if words else "Accept the offer?"
    if kind == "secret":  # everyone chooses at once: say so, and what, not only who must answer
        return _secret_prompt(view)
    asked = (view.asking or {}).get("prompt")
    if view.numbers is not None:  # an amount to type: the range, and what it is about
        return _number_prompt(view)
    if asked:  # the variant's own question, its values shown to the person asked
        source = _source_words(view)
        return f"{source}: {visible(asked)}" if source else visible(asked)
    if variant.stacks == "cards":  # a game of cards: the words come from its data
        return _card_game_prompt(view)
    what = view.actions[0].what if view.actions else None
    if kind == "choose" and what == "word":  # a word menu of the game's programs, and what it is about
        about = subject_words(view)
        return _word_menu(view) + (f" ({', '.join(about)})" if about else "")
    to_build = turn_money(view)  # the turn's money, where the variant keeps one: never the dice as such
    if kind == "card" and not view.ends_turn:
        if view.dice and to_build is not None:  # the dice gave the turn its money
            return f"Rolled {money(sum(view.dice))}, {name}: play a card first?"
        return f"Play a {variant.deck_name} card now?"
    if kind == "build":
        zone = zone_label(view, next((z.name for z in variant.zones if z.id == view.zone), str(view.zone)))
        return f"Build in {zone}: {money(view.budget or 0)} left, then Done"
    if kind == "card":
        return f"Play a {variant.deck_name} card, or end turn"
    if kind == "choose":  # the engine's words from the question: what is chosen, for what, and who asks
        what = (view.actions[0].what if view.actions else None) or "value"
        about = subject_words(view)
        question = f"choose a {_WHAT.get(what, what)}" + (f" ({', '.join(about)})" if about else "")
        source = _source_words(view) or (variant.card(view.in_play[-1]).name if view.in_play else "")
        return f"{source}: {question}" if source else question[:1].upper() + question[1:]
    if kind == "discard":
        return f"Discard one of your {variant.deck_name} cards"
    if kind == "react":
        return "Answer the card played against you?"
    return ""


_WHAT = {"kind": "kind of card"}
"""A kind of thing chosen, as a question names it where its word alone would not do."""


def _number_prompt(view: View) -> str:
    """A wide number question as a question: 'Choose an amount from 15M to 900M, or pass
    (Harbour Row)'; the card asking it first, when one does. A question the variant words
    (`asking`) is said in its words with the range: 'Red: how many coins do you bid? (from
    1 to 18)', not with the things its effect holds, which need not be what is bid for."""
    numbers = view.numbers
    assert numbers is not None  # asked only for one
    words = f"from {number_words(view, numbers.low)} to {number_words(view, numbers.high)}"
    asked = (view.asking or {}).get("prompt")
    if asked:  # the variant's own question, and the range the field takes
        source = _source_words(view)
        return f"{source + ': ' if source else ''}{visible(asked)} ({words})"
    beside = [visible(str(a.arg)) for a in numbers.after]  # the variant's words
    asked = (view.asking or {}).get("prompt")
    if asked:  # the variant's own question, then the range it allows
        question = f"{visible(asked)} ({words}{''.join(f', or {word}' for word in beside)})"
    else:
        question = f"Choose {'an amount' if _is_money(view) else 'a number'} {words}"
        question += "".join(f", or {word}" for word in beside)
        about = subject_words(view)
        question += f" ({', '.join(about)})" if about else ""
    source = _source_words(view)
    return f"{source}: {question[:1].lower()}{question[1:]}" if source else question


def _is_money(view: View) -> bool:
    numbers = view.numbers
    return numbers is not None and numbers.width > 0 and numbers[0].what == "money"


def number_words(view: View, number: int) -> str:
    """A number of a number question as the game tells it: an amount in the variant's money
    ('15M'), or the number."""
    return view.variant.format_money(number) if _is_money(view) else str(number)


def raise_words(view: View, number: int) -> str:
    """How far a quick amount is over the bid standing (or the least, before the first bid):
    'least', '+50M' (session.raised_from)."""
    numbers = view.numbers
    if numbers is None or number == numbers.low:
        return "least"
    return "+" + number_words(view, number - raised_from(numbers, view.high_bid))


def _secret_prompt(view: View) -> str:
    """A secret choice as a question, from its options: 'Choose in secret: a number from 0
    to 9 (all revealed together)', '...: rock, paper or scissors (...)', '...: a card of your
    hand (...)'. Short enough for the two lines the prompt has at 80 columns."""
    what = view.actions[0].what if view.actions else None
    if view.numbers is not None or what in ("number", "money"):
        numbers = [int(a.arg) for a in view.actions if type(a.arg) is int]
        low, high = (view.numbers.low, view.numbers.high) if view.numbers is not None else (min(numbers), max(numbers))
        thing = f"{'an amount' if _is_money(view) else 'a number'} from {number_words(view, low)} to {number_words(view, high)}"
    elif what == "word":
        words = [visible(str(a.arg)) for a in view.actions]  # the variant's words
        thing = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    else:
        pile = (view.asking or {}).get("pile")
        thing = f"a card of {_pile_words(view, pile)}" if pile else "a card"
    return f"Choose in secret: {thing} (all revealed together)"


def _word_menu(view: View) -> str:
    """A word menu as a question: 'Make an offer or pass?'."""
    words = " or ".join(visible(str(a.arg)) for a in view.actions)  # the variant's words
    return f"{words[:1].upper()}{words[1:]}?"


def _card_game_prompt(view: View) -> str:
    """The question of a game of cards, with what it is about: the card being resolved (and
    the space it lies on), the pile a card is chosen from, the card to place: 'Grand Opening:
    choose a property', 'Choose one of your flipped cards', 'Choose a property for $4M'."""
    kind, what = view.decision, (view.actions[0].what if view.actions else None)
    asking = view.asking or {}
    about = [_about_words(view, thing) for thing in asking.get("about", [])]
    if kind == "choose" and what == "word":
        question = _word_menu(view) + (f" ({', '.join(about)})" if about else "")
    elif kind == "choose" and what == "card":
        pile = asking.get("pile")
        if pile:
            words = _pile_words(view, pile)
            question = f"Choose one of {words}" if words.endswith("s") else f"Choose a card from {words}"
        else:
            question = "Choose a card"
        question += f" ({', '.join(about)})" if about else ""
    elif kind == "choose":
        cards = [a for a, thing in zip(about, asking.get("about", [])) if "card" in thing]
        question = f"Choose a {_WHAT.get(what or 'value', what or 'value')}" + (f" for {' and '.join(cards)}" if cards else "")
    elif kind == "card":
        question = f"Play a card? ({dict(view.variant.timings).get(view.timing or '', 'now')})"
    else:
        return ""
    source = _source_words(view)
    return f"{source}: {question[:1].lower()}{question[1:]}" if source else question


def subject_words(view: View) -> list[str]:
    """What the pending question is about, a name each: the spaces and cards its effect's
    variables hold (the observation's "question", which names only what the person deciding
    may see): the deed an auction is for, 'Harbour Row'."""
    return [_about_words(view, thing) for thing in (view.asking or {}).get("about", [])]


def subject_spaces(view: View) -> list[Text]:
    """A line for each space the pending question is about, by its name on its zone's
    colour, then its zone and value in the variant's words: ' Harbour Row  Light Blue, 100M'
    (a space that is its own zone, with no value: its name alone)."""
    lines = []
    for thing in (view.asking or {}).get("about", []):
        if "space" not in thing:
            continue
        found = view.variant.properties[thing["space"]]
        zone = next((z for z in view.variant.zones if z.id == found.zone), None)
        line = Text.assemble((f" {visible(property_name(view, found.index))} ", chip(zone.colour) if zone else "bold"))
        details = [zone_label(view, zone.name)] if zone is not None and found.name else []
        if found.value and found.name:
            details.append(view.variant.format_money(found.value))
        if details:
            line.append(visible(f" {', '.join(details)}"))
        lines.append(line)
    return lines


def _source_words(view: View) -> str:
    """The card whose effect asks, and the space it lies on: 'Grand Opening', 'Token card on Go'."""
    asking = view.asking or {}
    if not asking.get("card"):
        return ""
    name = view.variant.card(asking["card"]).name
    space = asking.get("space")
    return f"{name} on {property_name(view, space)}" if space is not None else name


def _about_words(view: View, thing: dict, valued: bool = False) -> str:
    """A card or a space the question is about: '$4M' (the viewer's), "Blue's $4M", 'Boardwalk';
    `valued`, a card with its value where its name does not say it ('Igloo · 3': an option
    among cards whose worth is their value, which the name alone does not tell)."""
    if "space" in thing:
        return property_name(view, thing["space"])
    name = card_label(view, thing["card"]) if valued else view.variant.card(thing["card"]).name
    owner = view.seat(thing.get("owner"))
    return name if owner is None or owner.index == view.viewer else f"{owner.name}'s {name}"


def _pile_words(view: View, pile: dict, name: str = "") -> str:
    """A pile (or a pile of that `name`) as 'your flipped cards', "Blue's discard pile", 'the Chance deck'."""
    name = name or next((p.name for p in view.variant.piles if p.id == pile["pile"]), pile["pile"])
    owner = view.seat(pile.get("owner"))
    if owner is None:
        return f"the {name}"
    return f"your {name}" if owner.index == view.viewer else f"{owner.name}'s {name}"


def property_name(view: View, prop: int) -> str:
    """A property by its own name, else by its zone and value ('Green $8M')."""
    found = view.variant.properties[prop]
    if found.name:
        return found.name
    zone = next((z for z in view.variant.zones if z.id == found.zone), None)
    if zone is not None and not found.value:
        return zone.name  # worth nothing: 'Free Parking', not 'Free Parking $0M'; 'Chance', whichever of the four
    return f"{zone.name if zone else ''} {view.variant.format_money(found.value)}".strip()


class Line(Quiet):
    """The prompt: a line, or two where it is long (tui/boardwalk.tcss)."""


class PagedList(OptionList):
    """An option list whose page keys move the highlight only while the list has room on the
    screen. Textual's OptionList pages by the lines its options are drawn on, which it works
    out only for a list with room: before the list is first laid out, while it is hidden, or
    squeezed to no width, it knows no line of any option, and pagedown or pageup raised
    KeyError (a bug of Textual's `_move_page`, as of 8.2.8: its `scroll_to_highlight` makes
    the same look-up and returns when the line is not known). The game's list has the focus,
    hidden under a dialog box, for a moment as a game of offers opens, and the start screen's
    list of variants has no width in a very narrow terminal (issue 44, 5). Without room there
    is no page to move by: the keys do nothing."""

    @property
    def has_room(self) -> bool:
        """Whether the list has room on the screen (its options' lines are then known)."""
        return bool(self.scrollable_content_region)

    def action_page_down(self) -> None:
        if self.has_room:
            super().action_page_down()

    def action_page_up(self) -> None:
        if self.has_room:
            super().action_page_up()


class ActionList(PagedList):
    """The legal actions of the person deciding, each with its key (1-9, 0, then letters)."""

    view: View | None = None

    def show(self, view: View, notice: tuple[str, list[str]] | None = None) -> None:
        """The actions of `view`; or, during a notice (GameScreen.notice), its line, the one
        option to go on, and what happened."""
        key = ([a.to_dict() for a in view.actions], view.budget, view.decision, view.withheld, view.keys, notice)
        self.view = view
        if key == getattr(self, "_key", None):
            return
        self._key = key
        self.clear_options()
        if notice is not None:
            headline, told = notice
            self.add_options([
                Option(Text(headline, style="bold"), disabled=True),
                Option(Text("↵ Go on [Enter]", style="bold"), id="go-on"),
                *(Option(Text(line, style="dim", no_wrap=True, overflow="ellipsis"), disabled=True) for line in told),
            ])
            self.highlighted = 1
            return
        self.add_options([Option(action_label(view, a, i), id=f"a{i}") for i, a in enumerate(view.actions)])
        # what is not offered, and why (the engine's reasons): greyed, never chosen
        self.add_options([
            Option(Text(f"  · {line}", style="dim italic", no_wrap=True, overflow="ellipsis"), disabled=True)
            for line in view.withheld
        ])
        if view.actions:
            self.highlighted = 0


# ----- the log --------------------------------------------------------------------------------


class GameLog(RichLog):
    """Every event in plain English, as the shown player may know it; player names on their
    colours and each turn's first line in bold. Re-wrapped when its width changes. `describe`
    words a run of events (messages.runs) as one line."""

    MAX_LINES = 3000

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=1, max_lines=self.MAX_LINES, **kwargs)
        self.shown: list[Text] = []
        self.count = 0
        self.viewer: int | None | str = "unset"
        self._width = 0
        self._stale = False
        """Lines came while the log was hidden: all are written again when it shows."""

    def show(self, events: list[Event], viewer: int | None, describe, seats) -> None:
        if viewer != self.viewer or self.count > len(events):  # another view, or an undo
            self.clear()
            self.shown, self.count, self.viewer = [], 0, viewer
        new = [self._line(run[0], describe(run), seats) for run in told_runs(events[self.count :])]
        # (cards put one after another on one place: one line)
        self.shown.extend(new)
        self._write(new)
        self.count = len(events)

    def _write(self, lines: list[Text]) -> None:
        """The lines in one write: a resumed game's hundreds of lines, written one by one,
        took a third of a second to lay out (each measured, wrapped and scrolled to alone).
        While the log is hidden (a dialog box in its place) it has no width to wrap to: the
        lines wait, and are written when it shows again (on_resize)."""
        if lines and self._size_known and not self.scrollable_content_region.width:
            self._stale = True
        elif lines:
            self.write(Text("\n").join(lines), scroll_end=True)

    def on_resize(self, event) -> None:
        width = event.size.width
        if width and (self._stale or (width != self._width and self._width)):
            self._stale = False
            self.clear()
            self._write(self.shown[-self.MAX_LINES :])
        self._width = width or self._width

    @staticmethod
    def _line(event: Event, words: str, seats) -> Text:
        if event.kind == "turn":
            text = Text("── " + words + " ──", style="bold")
        else:
            text = Text(words, style="bold" if event.kind == "game_over" else "")
        for seat in seats:  # the player, not a zone of the same name ('Yellow zone')
            text.highlight_regex(rf"(?<![\w$]){re.escape(seat.name)}(?![\w]| zone)", style=chip(seat.colour))
        return text
