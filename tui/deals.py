"""The dialogs for offers and open windows, as data: what each box says, and which action
each of its controls sends. Every action is looked up among the view's legal actions by
its kind and arg, so a control never sends anything else, and a control whose action is not
legal now is there but disabled. Every word comes from the variant (counters, piles, cards,
players, a window's words) or from the engine, made visible by the session. tui/dealbox.py
draws a box; the arrow keys move by `neighbour`.

Four boxes, each for the person deciding (View.viewer, so they hold only what that
person's observation shows):
- the offer, while they put one together: what they give and what they ask for;
- the answer, when an offer is made to them: Accept or Decline, and for a bot's offer,
  Decline, not again (tui/standing.py);
- the window, when they are asked a short question inside an open window (an auction, a
  round of deals): the options, and what was said in the window since it opened; where one
  passes, Sit out this round (tui/standing.py);
- the amount, when they are asked for a number of a wide range (a bid of any amount up to
  their cash): a field to type it in, the quick amounts, what else is offered (a pass), and
  what was said in the window, if the question is asked in one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.text import Text

from engine.api import Action, NumberOptions, counter_words
from engine.variant.model import Counter, Noun
from engine.visible import visible
from tui.following import Offer
from tui.session import View
from tui.standing import NOT_AGAIN, SIT_OUT, SIT_OUT_TURNS, passing
from tui.widgets import action_label, chip, decision_prompt, number_words, raise_words, subject_spaces

BUTTONS = 1_000
"""The row of a box's buttons (Propose, Withdraw; Accept, Decline): below every column."""

OPTIONS_IN_A_WINDOW = 10
"""The most options a window's question may have for its box: one key each, 1 to 0."""
SIT_OUT_KEY = "o"
"""The key of 'Sit out this round' in a window's box (a letter no option of the box has:
they have 1 to 0)."""
SIT_OUT_TURNS_KEY = "m"
"""The key of 'Sit out until my turn' (every round of deals until the person's own turn)."""
NOT_AGAIN_KEY = "x"
"""The key of 'Decline, not again' in the box of an offer a bot made."""


@dataclass(frozen=True)
class Control:
    """A button of a box."""

    id: str
    """The widget's id, unique in the box."""
    label: Text
    action: Action | None
    """The legal action it sends; None: not legal now, so disabled."""
    place: tuple[int, int, int]
    """(column, row, position in the row): where the arrow keys find it."""
    key: str = ""
    """A key that presses it, wherever the focus is ('' for none)."""
    sets: str = ""
    """What the person says with it besides its action (tui/standing.py: SIT_OUT, NOT_AGAIN),
    '' for nothing: the screen tells the session before it sends the action."""


@dataclass(frozen=True)
class Row:
    label: Text
    """What the row is: 'cash 10M of 900M', a pile's name, or nothing for a lone button."""
    controls: tuple[Control, ...] = ()


@dataclass(frozen=True)
class Column:
    heading: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Amount:
    """The field of an amount box: the numbers it takes, and how the game writes them."""

    numbers: NumberOptions[Action]
    """Every number offered, each the action choosing it (made when read)."""
    money: str
    """The variant's money format ('{}M'), when the numbers are amounts of money; else '{}'."""

    @property
    def least(self) -> int:
        return self.numbers.low

    def words(self, number: int) -> str:
        return self.money.replace("{}", str(number))


@dataclass(frozen=True)
class Box:
    kind: str
    """"offer", "answer", "window" or "amount"."""
    title: Text
    columns: tuple[Column, ...]
    said: tuple[Text, ...]
    """Lines beside or below the columns: the offer in words, what was said in a window."""
    buttons: tuple[Control, ...]
    hint: str
    """The keys, in a few words, for the box's frame."""
    focus: str
    """The control focused when the box opens."""
    amount: Amount | None = None
    """The field of an amount box, None for the others."""

    def controls(self) -> list[Control]:
        return [c for column in self.columns for row in column.rows for c in row.controls] + list(self.buttons)

    def control(self, control_id: str) -> Control | None:
        return next((c for c in self.controls() if c.id == control_id), None)

    def by_key(self, key: str) -> Control | None:
        """The control a key presses, if any."""
        return next((c for c in self.controls() if c.key == key), None) if key else None


def box_for(view: View) -> Box | None:
    """The box for the person deciding now, None where the plain list is the question's."""
    if not view.actions or view.viewer is None or view.viewer < 0 or view.over:
        return None
    if view.numbers is not None:
        return amount_box(view, view.numbers)
    offer = view.offer
    if offer is not None and view.decision == "trade" and offer.stage == "compose" and offer.proposer == view.viewer:
        return offer_box(view, offer)
    if offer is not None and view.decision == "reply" and offer.stage == "reply" and offer.partner == view.viewer:
        return answer_box(view, offer)
    if view.window is not None and _short_question(view):
        return window_box(view)
    return None


def _short_question(view: View) -> bool:
    """A question for a window's box: a choice with an option for each key 1 to 0."""
    return (view.decision == "choose" and len(view.actions) <= OPTIONS_IN_A_WINDOW
            and all(a.kind == "choose" for a in view.actions) and all(view.keys[: len(view.actions)]))


# ----- the offer --------------------------------------------------------------------------------


def offer_box(view: View, offer: Offer) -> Box:
    """'Red offers Green': what Red gives in one column, what Red asks for in the other; a
    row for each counter of the offer with steps down and up, a toggle for each card; then
    Propose and Withdraw."""
    by_arg = {str(a.arg): a for a in view.actions if a.kind == "trade"}
    steps = _steps(offer, by_arg)
    columns = (
        Column("You give", _side(view, offer, "give", 0, steps, by_arg)),
        Column("You ask for", _side(view, offer, "ask", 1, steps, by_arg)),
    )
    buttons = (
        Control("deal-propose", Text("Propose [p]"), by_arg.get("propose"), (0, BUTTONS, 0), "p"),
        Control("deal-withdraw", Text("Withdraw [w]"), by_arg.get("withdraw"), (0, BUTTONS, 1), "w"),
    )
    said = Text(visible(offer.words))
    if not steps and not any("#" in arg for arg in by_arg):  # the engine's limit of steps is reached
        said.append(" (no more changes: propose it or withdraw it)", style="italic")
    box = Box("offer", _title(view, offer), columns, (said,), buttons,
              "arrows/Tab move · Enter presses · p propose · w withdraw · Esc list", "")
    first = next((c.id for c in box.controls() if c.action is not None), "deal-withdraw")
    return Box(box.kind, box.title, box.columns, box.said, box.buttons, box.hint, first)


def _title(view: View, offer: Offer) -> Text:
    proposer, partner = view.seats[offer.proposer], view.seats[offer.partner]
    return Text.assemble((f" {proposer.name} ", chip(proposer.colour)), " offers ",
                         (f" {partner.name} ", chip(partner.colour)))


def _steps(offer: Offer, by_arg: dict[str, Action]) -> tuple[int, ...]:
    """The steps an amount goes up or down by, as the engine offers them now: the distances
    from each amount to the targets of its actions ('give cash 20' while 10 are given: 10)."""
    found = set()
    for arg in by_arg:
        verb, _, rest = arg.partition(" ")
        good, _, amount = rest.rpartition(" ")
        if verb in ("give", "ask") and amount.isdigit() and "#" not in rest:
            now = (offer.give if verb == "give" else offer.ask).get(good, 0)
            if int(amount) != now:
                found.add(abs(int(amount) - now))
    return tuple(sorted(found))


def _side(view: View, offer: Offer, side: str, column: int, steps: tuple[int, ...],
          by_arg: dict[str, Action]) -> tuple[Row, ...]:
    """One side of the offer: the proposer's goods for "give", the partner's for "ask"."""
    owner = offer.proposer if side == "give" else offer.partner
    amounts = offer.give if side == "give" else offer.ask
    chosen = offer.give_cards if side == "give" else offer.ask_cards
    rows: list[Row] = []
    for good in offer.goods:
        numbers = view.counters.get(good)
        if isinstance(numbers, list):
            now, held = amounts.get(good, 0), max(0, numbers[owner])
            if held or now:
                rows.append(_counter_row(view, side, good, now, held, steps, by_arg, (column, len(rows))))
            continue
        keys = [key for key in _cards_of(offer, side, good, by_arg)]
        if keys:
            rows.append(Row(Text(_pile_name(view, good), style="italic")))
        for key in keys:
            on = key in chosen
            action = by_arg.get(f"{'drop' if on else side} {key}")
            toggle = Control(f"deal-{side}-card-{key.replace('#', '-')}", _card_label(view, offer, key, on), action,
                             (column, len(rows), 0))
            rows.append(Row(Text(""), (toggle,)))
    if not rows:
        rows.append(Row(Text("nothing they could take" if side == "ask" else "nothing to give", style="dim")))
    return tuple(rows)


def _counter_row(view: View, side: str, good: str, now: int, held: int, steps: tuple[int, ...],
                 by_arg: dict[str, Action], at: tuple[int, int]) -> Row:
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(_name(view, good).many, style="bold")
    label.append(f" {_amount(view, good, now)}")
    label.append(f" of {_amount(view, good, held)}", style="dim")
    controls = []
    steps = tuple(s for s in steps if s <= max(held, now))  # a bigger step is never legal for this good
    for position, step in enumerate([-s for s in reversed(steps)] + list(steps)):
        sign = "−" if step < 0 else "+"
        name = "minus" if step < 0 else "plus"
        controls.append(Control(f"deal-{side}-{good}-{name}-{abs(step)}", Text(f"{sign}{abs(step)}"),
                                by_arg.get(f"{side} {good} {now + step}"), (at[0], at[1], position)))
    return Row(label, tuple(controls))


def _cards_of(offer: Offer, side: str, pile: str, by_arg: dict[str, Action]) -> list[str]:
    """The cards of a pile on one side: those chosen, and those the actions would add."""
    chosen = offer.give_cards if side == "give" else offer.ask_cards
    keys = [key for key in chosen if key.startswith(f"{pile}#")]
    for arg in by_arg:
        verb, _, key = arg.partition(" ")
        if verb == side and key.startswith(f"{pile}#") and key not in keys:
            keys.append(key)
    return keys


def _counter(view: View, good: str) -> Counter | None:
    return next((c for c in view.variant.counters if c.id == good), None)


def _amount(view: View, good: str, amount: int) -> str:
    counter = _counter(view, good)
    return view.variant.format_money(amount) if counter is not None and counter.money else str(amount)


def _name(view: View, good: str) -> Noun:
    """What a counter of the offer is called, by the variant ('dump truck', 'dump trucks')."""
    counter = _counter(view, good)
    words = good.replace("_", " ")
    return counter.name if counter is not None else Noun(words, words)


def _counted(view: View, good: str, amount: int) -> str:
    """An amount of a counter in words: '2 dump trucks', '1 excavator', '10M cash'."""
    counter = _counter(view, good)
    if counter is not None and counter.money:
        return f"{view.variant.format_money(amount)} {counter.name.many}"
    return _name(view, good).counted(amount)


def _pile_name(view: View, pile: str) -> str:
    return next((p.name for p in view.variant.piles if p.id == pile), pile.replace("_", " "))


def _card_label(view: View, offer: Offer, key: str, on: bool) -> Text:
    """A card's toggle: checked when it is in the offer; its name in its zone's colour."""
    label = Text("☑ " if on else "☐ ", style="bold" if on else "")
    label.append_text(card_name(view, offer, key))
    return label


def card_name(view: View, offer: Offer, key: str) -> Text:
    """A card of the offer by its name, in the colour of the zone of the space it belongs to."""
    card = view.variant.card(offer.cards.get(key, ""))
    space = card.space
    zone = next((z for z in view.variant.zones if space is not None and z.id == view.variant.properties[space].zone), None)
    return Text(card.name, style=f"bold {zone.colour}" if zone is not None else "")


# ----- the answer -------------------------------------------------------------------------------


def answer_box(view: View, offer: Offer) -> Box:
    """An offer made to the person: what they would get and give, in the variant's words,
    and Accept or Decline (a and d; 'n' stays the key of a new game)."""
    replies = {str(a.arg): a for a in view.actions if a.kind == "reply"}
    said = (
        Text.assemble(("You get:  ", "bold"), _deal_words(view, offer, offer.give, offer.give_cards)),
        Text.assemble(("You give: ", "bold"), _deal_words(view, offer, offer.ask, offer.ask_cards)),
    )
    buttons: tuple[Control, ...] = (
        Control("deal-accept", Text("Accept [a]"), replies.get("accept"), (0, BUTTONS, 0), "a"),
        Control("deal-decline", Text("Decline [d]"), replies.get("decline"), (0, BUTTONS, 1), "d"),
    )
    hint = "a accept · d decline · arrows/Tab move · Esc list"
    if view.seats[offer.proposer].bot:  # a bot makes the same offer again when something changed
        buttons += (Control("deal-not-again", Text(f"Decline, not again [{NOT_AGAIN_KEY}]"), replies.get("decline"),
                            (0, BUTTONS, 2), NOT_AGAIN_KEY, NOT_AGAIN),)
        hint = f"a accept · d decline · {NOT_AGAIN_KEY} decline it for good · arrows/Tab move · Esc list"
    return Box("answer", _title(view, offer), (), said, buttons, hint, "deal-decline")


def _deal_words(view: View, offer: Offer, amounts: dict[str, int], cards: tuple[str, ...]) -> Text:
    """One side of an offer: '10M cash, 2 dump trucks, Mud Flats', or nothing."""
    parts = [Text(_counted(view, good, n)) for good, n in amounts.items() if n]
    parts += [card_name(view, offer, key) for key in cards]
    return Text(", ").join(parts) if parts else Text("nothing", style="italic")


# ----- a window ---------------------------------------------------------------------------------


def window_box(view: View) -> Box:
    """A question inside an open window: its options as buttons with their keys (as in the
    list), beside what was said in the window since it opened and the counters the variant
    shows of the game and of the person."""
    window = view.window
    assert window is not None  # box_for asks only inside a window
    rows = tuple(
        Row(Text(""), (Control(f"deal-option-{i}", action_label(view, action, i), action, (0, i, 0), view.keys[i]),))
        for i, action in enumerate(view.actions)
    )
    hint = "keys or Enter choose · arrows/Tab move · Esc list"
    pass_ = passing(view.actions)
    if pass_ is not None:  # "no deals from me this round": this pass, and each one of the window's after it
        rows += (Row(Text(""), (Control("deal-sit-out", Text(f"Sit out this round [{SIT_OUT_KEY}]"), pass_,
                                        (0, len(rows), 0), SIT_OUT_KEY, SIT_OUT),)),
                 Row(Text(""), (Control("deal-sit-out-turns", Text(f"Sit out until my turn [{SIT_OUT_TURNS_KEY}]"), pass_,
                                        (0, len(rows) + 1, 0), SIT_OUT_TURNS_KEY, SIT_OUT_TURNS),)))
        hint = (f"keys or Enter choose · {SIT_OUT_KEY} pass this round · {SIT_OUT_TURNS_KEY} until your turn · "
                "arrows/Tab move · Esc list")
    # first the spaces the question is about (the deed up for auction), with their zone and
    # value; what stands now (the least bid, the person's money) last: the box scrolls to its end
    said = [*subject_spaces(view), *(_said_line(view, player, words) for player, words in window.said),
            *_shown_counters(view)]
    title = Text(visible(decision_prompt(view)), style="bold")  # the author's words first, as in the list
    return Box("window", title, (Column("", rows),), tuple(said), (), hint, "deal-option-0")


# ----- an amount -------------------------------------------------------------------------------


AMOUNT_FIELD = "deal-amount"
"""The id of the amount box's field, focused when it opens."""


def amount_box(view: View, numbers: NumberOptions[Action]) -> Box:
    """A number of a wide range to type (a bid from the least up to all one's cash): the
    field, filled with the least; the quick amounts and what else is offered (a pass) as
    buttons; beside them what was said in the window the question is asked in, if any, and
    the counters the variant shows. A digit types (the field has the focus); a word's key (p
    for pass) presses its button."""
    money = numbers.width > 0 and numbers[0].what == "money"
    buttons = tuple(
        Control(f"deal-option-{i}", _amount_label(view, action, view.keys[i]), action, (0, BUTTONS, i),
                view.keys[i] if action.what == "word" else "")
        for i, action in enumerate(view.actions)
    )
    pass_ = passing(view.actions)
    sit_out = []
    if pass_ is not None and view.window is not None:  # out of the bidding till it closes: asked at each raise
        buttons += (Control("deal-sit-out", Text(f"Sit out [{SIT_OUT_KEY}]"), pass_, (0, BUTTONS, len(buttons)),
                            SIT_OUT_KEY, SIT_OUT),)
        sit_out = [f"{SIT_OUT_KEY} sit out"]
    history = view.window.said if view.window is not None else ()
    said = [*subject_spaces(view), *(_said_line(view, player, words) for player, words in history), *_shown_counters(view)]
    title = Text(visible(decision_prompt(view)), style="bold")
    words = [f"{view.keys[i]} {visible(str(a.arg))}" for i, a in enumerate(view.actions) if a.what == "word" and view.keys[i]]
    hint = " · ".join(["Enter takes it", "↑↓ ±10", *words, *sit_out, "Esc list"])
    field = Amount(numbers, view.variant.money if money else "{}")
    return Box("amount", title, (), tuple(said), buttons, hint, AMOUNT_FIELD, field)


def _amount_label(view: View, action: Action, key: str) -> Text:
    """A button of the amount box: a quick amount ('30M +10M'), or a word with its key ('Pass [p]')."""
    if action.what == "word":
        word = visible(str(action.arg))
        return Text(f"{word[:1].upper()}{word[1:]} [{key}]" if key else word)
    return Text.assemble((number_words(view, action.arg), "bold"), f" {raise_words(view, action.arg)}")


def typed_amount(amount: Amount, typed: str) -> Action | str:
    """The action choosing the number typed, or why none is taken, in a sentence: a whole
    number from the least to the most, written bare or as the game writes amounts ('40',
    '40M', '1,200')."""
    numbers = amount.numbers
    text = typed.strip()
    before, _, after = amount.money.partition("{}")
    if before and text.casefold().startswith(before.strip().casefold()):
        text = text[len(before.strip()):].strip()
    if after and text.casefold().endswith(after.strip().casefold()):
        text = text[: len(text) - len(after.strip())].strip()
    text = text.replace(",", "").replace("_", "").replace(" ", "")
    bounds = f"{amount.words(numbers.low)} to {amount.words(numbers.high)}"
    if not text:
        return f"Type an amount from {bounds}."
    if re.fullmatch(r"\d{13,}", text):  # a whole number, only far too big to read as one
        return f"{visible(typed.strip()[:20])}... is more than the most, {amount.words(numbers.high)}."
    if not re.fullmatch(r"-?\d{1,12}", text):
        return f"'{visible(typed.strip()[:20])}' is not a whole number: type one from {bounds}."
    number = int(text)
    if number < numbers.low:
        return f"{amount.words(number)} is less than the least, {amount.words(numbers.low)}."
    if number > numbers.high:
        return f"{amount.words(number)} is more than the most, {amount.words(numbers.high)}."
    return numbers[number - numbers.low]


def stepped_amount(amount: Amount, typed: str, step: int) -> int:
    """The number in the field moved by `step` (↑ and ↓), held within the range; from the
    least when the field holds no number offered."""
    found = typed_amount(amount, typed)
    now = found.arg if isinstance(found, Action) else amount.least
    return max(amount.numbers.low, min(amount.numbers.high, now + step))


def _said_line(view: View, player: int | None, words: str) -> Text:
    if player is None:
        return Text(words, style="dim")
    seat = view.seats[player]
    return Text.assemble((f" {seat.name}", chip(seat.colour)), f": {words}")


def _shown_counters(view: View) -> list[Text]:
    """Who holds the high bid and how much it is (issue 46, 6: each bid was worked out from
    the money lines), the game's counters the variant shows, and the person's own money, in
    its words."""
    lines = []
    if view.high_bid is not None:
        bidder, bid = view.high_bid
        holder = view.seats[bidder]
        lines.append(Text.assemble((f" {holder.name}", chip(holder.colour)),
                                   f" holds the high bid: {view.variant.format_money(bid)}"))
    for counter in view.variant.counters:
        value = view.counters.get(counter.id)
        if counter.shown is None:
            continue
        if counter.each == "game" and isinstance(value, int) and value:
            # as the log tells it: after the name of the player whose it is, the turn's
            amount = view.variant.format_money(value) if counter.money else str(value)
            seat = view.seats[view.turn_player]
            lines.append(Text.assemble((f" {seat.name}", chip(seat.colour)), f" {counter_words(counter.shown, amount)}"))
        elif counter.each == "player" and counter.money and isinstance(value, list) and view.viewer is not None:
            seat = view.seats[view.viewer]
            words = counter_words(counter.shown, view.variant.format_money(value[view.viewer]))
            lines.append(Text.assemble((f" {seat.name}", chip(seat.colour)), f" {words}"))
    return lines


# ----- the arrow keys ---------------------------------------------------------------------------


def neighbour(controls: list[Control], current: str, direction: str) -> str | None:
    """The enabled control the arrow key moves to from `current`: left and right along its
    row, then to the next column; up and down to the nearest row of its column (the row of
    buttons is below every column)."""
    here = next((c for c in controls if c.id == current), None)
    if here is None:
        return None
    col, row, pos = here.place
    others = [c for c in controls if c.action is not None and c.id != current]
    if direction in ("left", "right"):
        sign = 1 if direction == "right" else -1
        along = [c for c in others if c.place[:2] == (col, row) and sign * (c.place[2] - pos) > 0]
        if along:
            return min(along, key=lambda c: abs(c.place[2] - pos)).id
        across = [c for c in others if c.place[0] == col + sign and BUTTONS not in (row, c.place[1])]
        if across:
            return min(across, key=lambda c: (abs(c.place[1] - row), sign * c.place[2])).id
        return None
    sign = 1 if direction == "down" else -1
    moves = [c for c in others if sign * (c.place[1] - row) > 0 and (c.place[0] == col or BUTTONS in (row, c.place[1]))]
    if not moves:
        return None
    return min(moves, key=lambda c: (abs(c.place[1] - row), c.place[0] != col, abs(c.place[2] - pos), c.place[0])).id
