"""Actions in, events out: the small value types of the engine's public API, and the plain
English that describes them, built from the variant's own names (`Texts`). Each kind of
event's sentence is its text record (engine/core/event_text.py), kept beside the words that
tell it in engine/words/ and looked up by kind."""

from __future__ import annotations

from enum import Enum
from typing import Any, Final

from engine.core.event_text import EventText, listed
from engine.core.event_text import counted as counted  # the screens import these two from here
from engine.core.event_text import counter_words as counter_words
from engine.game.observation import Option
from engine.variant.model import Variant


class Everyone(Enum):
    """The type of EVERYONE: a viewer that is no seat and sees every card."""

    EVERYONE = "everyone"


EVERYONE: Final = Everyone.EVERYONE
"""The viewer of an all-seeing log (the tests, `boardwalk replay`, a replay in the terminal):
`describe(EVERYONE)` names every card. A viewer of None is nobody's seat (a spectator), told
only what everyone is told; the all-seeing log has a name of its own so that a viewer left
out, or a seat that is None, never tells a secret (issue 45, 4)."""

Viewer = int | Everyone | None
"""Whom an event is told to: a seat (0 to N-1), None for a spectator, or EVERYONE."""

NOBODY: Final = -1
"""An event's `private_to` when no player may see its card (a card put face down in a pile
nobody sees): it is hidden from every seat, and told only to EVERYONE."""


class IllegalAction(ValueError):
    """The action is not among the legal actions; the game is unchanged."""


def zone_words(name: str, seated: set[str]) -> str:
    """A zone's name in a sentence: with 'zone' after it when a player has the same name."""
    return f"{name} zone" if name.casefold() in seated else name


class Texts:
    """Display names for one variant and player count; shared by every action and event."""

    def __init__(self, variant: Variant, players: int, event_texts: dict[str, EventText]):
        self.variant = variant
        self.event_texts = event_texts
        """The text record of each kind of event (engine/words/table.py's EVENT_TEXTS)."""
        self.players = [seat.name for seat in variant.seats[:players]]
        seated = {name.casefold() for name in self.players}
        self.zones = {zone.id: zone_words(zone.name, seated) for zone in variant.zones}
        """Zone names as sentences use them: 'the Yellow zone' where a player is called Yellow
        too, so that 'Yellow builds on $7M Yellow zone' says who is who."""
        self.says = {symbol: words for die in variant.dice for symbol, words in die.says}
        """What the log adds after a die's symbol, by symbol."""
        self.any_zone = {die.any_zone for die in variant.dice if die.any_zone}
        """The symbols on which the roller chooses the zone: the roll's sum still counts."""
        self.cards = {card.id: card.name for card in variant.cards}
        self.card_names = [card.name for card in variant.cards]
        self.piles = {pile.id: pile.name for pile in variant.piles}
        self.pile_each = {pile.id: pile.each for pile in variant.piles}
        """Whether each pile is the table's, each player's or each space's ("game", ...)."""
        self.pile_told = {pile.id: pile.told for pile in variant.piles if pile.told}
        self.cards_stacked = variant.stacks == "cards"
        """How the log tells a card put on a pile, where the variant says (Pile.told)."""
        self.properties = [
            p.name or (f"{variant.format_money(p.value)} {self.zones[p.zone]}" if p.value else self.zones[p.zone])
            for p in variant.properties
        ]
        """Each space by its own name, else by its value and zone ('$8M Green'), or by its zone
        alone when it is worth nothing: 'Chance', not '0M Chance', whichever of the four."""
        self.deck = variant.deck_name
        self.routines = frozenset(variant.routines)
        self.ends = dict(variant.ends)
        """How the log tells each way the game ends, after the player's name (the variant's `ends`)."""
        self.counters = {counter.id: counter for counter in variant.counters}
        self.unit = variant.unit
        """What the players' units are called (Monopoly Builder's blocks)."""
        self._actions: dict[tuple[str, Any, str | None], Action] = {}
        # the actions of every turn, made once: the hot path only indexes these
        self.build_actions = [self.action("build", i, "property") for i in range(len(variant.properties))]
        self.play_actions = [self.action("play", card.id, "card") for card in variant.cards]
        self.stop_action = self.action("stop")
        self.pass_action = self.action("pass")
        self.bare_events: dict[str, Event] = {}
        """One event of each kind with no data, shared: what a game that tells nobody what
        happened keeps (Game.telling)."""
        self.react_actions = [self.action("react", card.id, "card") for card in variant.cards]
        self.decline_action = self.action("decline")
        self.choose_actions: dict[str, dict[Any, Action]] = {
            "property": {i: self.action("choose", i, "property") for i in range(len(variant.properties))},
            "player": {i: self.action("choose", i, "player") for i in range(players)},
            "zone": {zone.id: self.action("choose", zone.id, "zone") for zone in variant.zones},
        }

    def player(self, index: int | None) -> str:
        return "nobody" if index is None else self.players[index]

    def amount(self, good: str, amount: int) -> str:
        """An amount of a counter in words, by its name: '2 dump trucks', '1 excavator'
        ($30M where the counter is money). The events keep the counter's id."""
        counter = self.counters.get(good)
        if counter is None:
            return f"{amount} {good.replace('_', ' ')}"
        if counter.money:
            return self.money(amount)
        return counter.name.counted(amount)

    def traded_card(self, key: str) -> str:
        """A card of an offer, written pile#code: its name."""
        return self.card(int(key.partition("#")[2]))

    def trade_step(self, arg: str) -> str:
        """A step of putting an offer together, as the proposer reads it."""
        if arg == "withdraw":
            return "withdraw the offer"
        if arg == "propose":
            return "propose the offer"
        verb, what = arg.split(" ", 1)
        if "#" in what:
            card = self.traded_card(what)
            return {"give": f"give {card}", "ask": f"ask for {card}"}.get(verb, f"leave {card} out")
        good, amount = what.rsplit(" ", 1)
        return f"{'give' if verb == 'give' else 'ask for'} {self.amount(good, int(amount))} in all"

    def offer(self, proposer: int, partner: int, give: dict, give_cards: list, ask: dict, ask_cards: list) -> str:
        """An offer in words: 'Red offers Blue $20M and Baltic for 1 gem'."""
        gives, asks = self.deal(give, give_cards), self.deal(ask, ask_cards)
        return f"{self.player(proposer)} offers {self.player(partner)} {gives} for {asks}"

    def deal(self, amounts: dict, cards: list) -> str:
        """One side of an offer: its amounts and cards, or nothing."""
        parts = [self.amount(good, amount) for good, amount in amounts.items()] + [self.traded_card(k) for k in cards]
        if not parts:
            return "nothing"
        return parts[0] if len(parts) == 1 else listed(parts)

    def money(self, amount: int) -> str:
        return self.variant.format_money(amount)

    def value(self, what: str | None, value: Any) -> str:
        """A chosen value in words: a property, player, zone, number or amount of money."""
        if what == "money":
            return self.money(value)
        if what == "property":
            return self.properties[value]
        if what == "player":
            return self.player(value)
        if what == "zone":
            return self.zones.get(value, str(value))
        if what == "card":
            return self.card(value)
        if what == "kind":  # a kind of card, by its id (`choose kind`)
            return self.cards.get(value, str(value))
        return str(value)

    def card(self, code: int) -> str:
        """A card by its code: its name, with whose it is when it belongs to a player."""
        owner = self.card_owner(code)
        name = self.card_name(code)
        return name if owner is None else f"{self.player(owner)}'s {name}"

    def card_owner(self, code: int) -> int | None:
        """The player a card (by its code) belongs to, None for the table's."""
        owner = int(code) // len(self.card_names)
        return None if owner == 0 else owner - 1

    def card_name(self, code: int) -> str:
        return self.card_names[int(code) % len(self.card_names)]

    def why(self, reason: dict) -> str:
        """Why an option is not offered (Game.withheld, the build_limit event), in words."""
        why = reason["why"]
        if why == "new_lots":
            lots = reason["limit"]
            if lots == 0:
                return "no new lot may be started on this roll"
            return f"only {lots} new lot{'' if lots == 1 else 's'} may be started on one roll"
        if why == "per_lot":
            return f"a lot started this roll takes only {self.unit.counted(reason['limit'])}"
        if why == "timing":
            timing = str(reason.get("timing"))
            return "only as an answer" if timing == "reaction" else dict(self.variant.timings).get(timing, timing)
        if why == "per_turn":
            times = reason["limit"]
            return f"already played {'once' if times == 1 else f'{times} times'} this turn"
        if why == "condition":
            return "what it asks for does not hold now"
        return "nothing it can do now"

    def place(self, to: Any, owner: int | None) -> str:
        """Where a card was put: a space, or a pile: the table's, a player's ('Purple's
        discards') or a space's ('the buildings of Boardwalk')."""
        if isinstance(to, int):
            return self.properties[to]
        name = self.piles.get(to, str(to))
        if owner is None:
            return name
        if self.pile_each.get(to) == "space":
            return f"the {name} of {self.properties[owner]}"
        return f"{self.player(owner)}'s {name}"

    def pile_place(self, to: Any, owner: int | None) -> str:
        """`place` as the end of a sentence: a pile of the table's with its article ('puts
        a card under the Chance deck'), unless its name has one ('the Bank's title deeds')."""
        where = self.place(to, owner)
        if owner is None and isinstance(to, str) and not where.lower().startswith("the "):
            return f"the {where}"
        return where

    def put_card(self, d: dict, hidden: bool) -> str:
        """The card of a `put`, as a viewer may know it: 'a card', 'Green's $8M', 'Gray building'
        (whose it is said when it is not the player's who puts it, or of the player's pile it
        goes to, where the pile tells it in its own words)."""
        card = "a card" if hidden else self.cards[d["card"]]
        told_of = d["player"]
        if isinstance(d["to"], str) and d["to"] in self.pile_told and self.pile_each.get(d["to"]) == "player":
            told_of = d["to_owner"]
        if not hidden and d["owner"] is not None and d["owner"] != told_of:
            card = f"{self.player(d['owner'])}'s {card}"
        return card

    def source(self, source: str) -> str:
        """A card by its name, or a game's program (Game.source_of gives a program's name when
        the block is not a card's: "setup", "turn", a hook) in words."""
        if source in self.cards:
            return self.cards[source]
        if source in ("setup", "turn"):
            return f"The {source} program"
        if source in self.routines:
            return f"The {source.replace('_', ' ')} routine"
        return f"The {source.replace('_', ' ')} hook"

    def told_put(self, d: dict, cards: str) -> str:
        """A `put` (of one card, or a run of them: `cards` listed) in the words of the pile it
        goes to, or as '... puts ... on ...'. The words come from a file: its names are filled
        in by plain replacement, never by str.format."""
        template = self.pile_told.get(d["to"]) if isinstance(d["to"], str) else None
        if d.get("under"):  # the bottom of a pile is worth saying, whatever the pile's own words
            return f"{self.player(d['player'])} puts {cards} under {self.pile_place(d['to'], d['to_owner'])}"
        if template is None:
            return f"{self.player(d['player'])} puts {cards} on {self.pile_place(d['to'], d['to_owner'])}"
        owner = d["to_owner"]
        if owner is None:
            whose = ""
        elif self.pile_each.get(d["to"]) == "space":
            whose = self.properties[owner]
        else:
            whose = self.player(owner)
        came = d.get("from")
        source = "" if came is None else self.properties[came] if isinstance(came, int) else self.place(came, d.get("from_owner"))
        if isinstance(came, str) and self.pile_each.get(came) == "space":
            source = self.properties[d["from_owner"]]
        told = template.replace("{player}", self.player(d["player"])).replace("{owner}", whose).replace("{from}", source)
        return told.replace("{card}", cards)

    def bare(self, kind: str) -> Event:
        """The shared event of this kind with no data (see `bare_events`)."""
        found = self.bare_events.get(kind)
        if found is None:
            found = self.bare_events[kind] = Event(kind, {}, self)
        return found

    def action(self, kind: str, arg: Any = None, what: str | None = None) -> Action:
        """Actions are interned: legal_actions() allocates nothing on the hot path."""
        key = (kind, arg, what)
        found = self._actions.get(key)
        if found is None:
            found = self._actions[key] = Action(kind, arg, what, self)
        return found

    def number_action(self, number: int) -> Action:
        """The action choosing `number` in a number question, made when an option is read
        (number_options.py) and not interned: a bid may be any of thousands of amounts, and
        a long run of games would keep every one it ever read."""
        return Action("choose", number, "number", self)

    def money_action(self, amount: int) -> Action:
        """The same, in a question that asks for an amount of money (Rulebook.money_choices)."""
        return Action("choose", amount, "money", self)


class Action:
    """One thing the deciding player may do. Compared by (kind, arg); `what` says how to
    read arg ("property", "player", "zone", "number", "money", "card", "word")."""

    __slots__ = ("kind", "arg", "what", "_texts", "option")

    def __init__(self, kind: str, arg: Any = None, what: str | None = None, texts: Texts | None = None):
        self.kind = kind
        self.arg = arg
        self.what = what
        self._texts = texts
        self.option = Option(kind=kind, arg=arg)
        """`to_dict()` made once and read-only, for the observations `decide` makes."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.arg == other.arg

    def __hash__(self) -> int:
        return hash((self.kind, self.arg))

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.arg!r})"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "arg": self.arg}

    def describe(self) -> str:
        t = self._texts
        kind, arg = self.kind, self.arg
        if t is None:
            return f"{kind} {arg}"
        if kind == "build":
            return f"build {t.unit.a} on {t.properties[arg]}"
        if kind == "stop":
            return "stop building"
        if kind == "play":
            return f"play {t.cards[arg]}"
        if kind == "pass":
            return "play no card now"
        if kind == "choose":
            return f"choose {t.value(self.what, arg)}"
        if kind == "react":
            return f"answer with {t.cards[arg]}"
        if kind == "decline":
            return "do not answer"
        if kind == "discard":
            return f"discard {t.cards[arg]}"
        if kind == "reply":
            return "accept the offer" if arg == "accept" else "decline the offer"
        if kind == "trade":
            return t.trade_step(str(arg))
        return f"{kind} {arg}"


class Event:
    """Something that happened. `private_to` keeps its card (a drawn card, a card chosen or
    put where not everyone sees it) to that player alone, or to nobody (NOBODY): describe(viewer)
    and to_dict(viewer) tell each viewer only what they may know (`hidden_from`). `also_to` is
    a second seat the card is not kept from: the one it came from, who held it in a pile only
    they see (a King's trade: the card a player gives is still theirs to read in the log)."""

    __slots__ = ("kind", "data", "private_to", "also_to", "_texts")

    def __init__(self, kind: str, data: dict, texts: Texts, private_to: int | None = None,
                 also_to: int | None = None):
        self.kind = kind
        self.data = data
        self.private_to = private_to
        self.also_to = also_to
        self._texts = texts

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.data, self.private_to, self.also_to) == (
            other.kind, other.data, other.private_to, other.also_to)

    def hidden_from(self, viewer: Viewer) -> bool:
        """Whether the event's card is kept from `viewer`: from every seat but the one it is
        private to (and the one it came from, `also_to`), from a spectator (None), and from
        every seat when it is NOBODY's; never from EVERYONE."""
        owner = self.private_to
        if owner is None or viewer is EVERYONE:
            return False
        return owner == NOBODY or (viewer != owner and (self.also_to is None or viewer != self.also_to))

    def to_dict(self, viewer: Viewer = None) -> dict:
        """The event as plain data for `viewer`: a card kept from them is left out."""
        data = self.data
        if self.hidden_from(viewer):
            data = {k: v for k, v in data.items() if k not in ("card", "value")}  # a drawn or chosen card
        return {"kind": self.kind, **data}

    def describe(self, viewer: Viewer = None) -> str:
        """In plain English for `viewer`: a card kept from them is 'a card' (EVERYONE, for an
        all-seeing log, is told every card)."""
        texts = self._texts
        text = texts.event_texts.get(self.kind)
        if text is None:
            return f"{self.kind}: {self.data}"
        return text.tell(self.data, texts, self.hidden_from(viewer))


MAX_LISTED = 10
"""A run of more cards than this is told by its number, not card by card."""


def runs(events: list[Event]) -> list[list[Event]]:
    """The events in order, with each stretch of one kind that comes in numbers (a round's
    scoring, decks gathered back, properties going back to the board) told by place: one run
    for each player and place, in the order the places first come up. Every other event is
    a run of its own."""
    grouped: list[list[Event]] = []
    stretch: dict[tuple, list[Event]] = {}  # the runs of the stretch under way
    kind = None
    for event in events:
        key_of = _RUN_KEYS.get(event.kind)
        if key_of is None:
            stretch, kind = {}, None
            grouped.append([event])
            continue
        if event.kind != kind:
            stretch, kind = {}, event.kind
        key = key_of(event.data)
        if event.kind == "put" and "{from}" in event._texts.pile_told.get(event.data["to"], ""):
            key = (*key, event.data.get("from"), event.data.get("from_owner"))  # its words name where from
        run = stretch.get(key)
        if run is None:
            run = stretch[key] = []
            grouped.append(run)
        run.append(event)
    return grouped


_RUN_KEYS = {
    "put": lambda d: (d["player"], d["to"], d["to_owner"], d.get("under")),
    "return_card": lambda d: d["from"],
}


def describe_run(run: list[Event], viewer: Viewer = None) -> str:
    """One line for a run (see `runs`): the event itself, or 'Blue puts Green building,
    Yellow building and Brown building on Blue's pile' (more than MAX_LISTED cards: '12
    cards'; a card `viewer` may not see is 'a card'), or 'Pacific Avenue and Ventnor Avenue
    go back to the board from Blue'."""
    if len(run) == 1:
        return run[0].describe(viewer)
    first = run[0]
    t, d = first._texts, first.data
    if first.kind == "return_card":
        what = (
            f"{len(run)} properties" if len(run) > MAX_LISTED else listed([t.properties[e.data["property"]] for e in run])
        )
        if t.cards_stacked:
            return f"{t.player(d['from'])} no longer holds {what}"
        return f"{what} go back to the board from {t.player(d['from'])}"
    if len(run) > MAX_LISTED:
        cards = f"{len(run)} cards"
    else:
        cards = listed([t.put_card(e.data, e.hidden_from(viewer)) for e in run])
    return t.told_put(d, cards)
