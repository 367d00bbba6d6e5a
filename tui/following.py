"""An offer being made and an open window (`take turns P among ... until all pass`), as the
person whose view is shown may know them: read from the observation's plain data (its
"question"), never from the engine's objects or its saved frames. No Textual: the
session builds these into its View, and the dialogs of tui/dealbox.py draw them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.api import Action, Event, runs
from engine.effects import ast
from engine.variant.model import Variant
from engine.visible import visible


@dataclass(frozen=True)
class Offer:
    """An offer between two players as it stands (`offer trade of GOODS to X by P`): everyone
    may read it, as the engine says (the observation's "question")."""

    proposer: int
    partner: int
    stage: str
    """"compose" while the proposer puts it together, "reply" while the partner answers."""
    goods: tuple[str, ...]
    """The counters and piles it may hold, in the variant's order of the statement."""
    give: dict[str, int]
    """What the proposer gives so far, by counter."""
    ask: dict[str, int]
    """What the proposer asks for so far, by counter."""
    give_cards: tuple[str, ...]
    ask_cards: tuple[str, ...]
    """The cards given and asked for, each as the engine writes it: 'pile#code'."""
    cards: dict[str, str]
    """The card id behind every 'pile#code' of the offer and of the actions (for its name)."""
    words: str
    """The offer in the engine's words ('Red offers Green 10M for nothing'), not yet made visible."""


def seen_offer(observation: dict, actions: Iterable[Action], card_id: Callable[[int], str]) -> Offer | None:
    """The offer the pending decision is about, None when it is about none. `card_id` names
    the card behind a code (Session._card)."""
    told = (observation.get("question") or {}).get("offer")
    if not told:
        return None
    keys = [*told["give_cards"], *told["ask_cards"]]
    keys += [str(a.arg).split(" ", 1)[1] for a in actions if a.kind == "trade" and "#" in str(a.arg)]
    return Offer(
        proposer=told["from"], partner=told["to"], stage=told["stage"], goods=tuple(told["goods"]),
        give=dict(told["give"]), ask=dict(told["ask"]), give_cards=tuple(told["give_cards"]),
        ask_cards=tuple(told["ask_cards"]), cards={key: card_id(int(key.partition("#")[2])) for key in keys},
        words=str(told["words"]),
    )


@dataclass(frozen=True)
class Window:
    """The innermost open window the pending decision is asked in, and what was said in it."""

    players: tuple[int, ...]
    """Who takes turns in it, in their order."""
    turns: int
    """The turns begun in it so far, the one under way among them."""
    said: tuple[tuple[int | None, str], ...]
    """What happened since it opened, a line each: (the player, the word they chose) for a
    word or a player chosen, (None, the engine's words) for anything else."""


@dataclass(frozen=True)
class OpenWindow:
    """One window frame of the game's stack as the session follows it."""

    at: int
    """Its place in the machine's stack (the question's window "at")."""
    body: int
    root: int
    players: tuple[int, ...]
    turns: int
    opened: int
    """The index in the session's events from which it was open: where the engine told that
    it opened (the event "window"), so that what was said in the step before it (the answer
    that led to it, 'go on') is not its history."""

    def same(self, window: dict) -> bool:
        """Whether a window of the question, seen after an action, is this window gone on."""
        return (self.body, self.root, self.players) == (window["body"], window["root"], tuple(window["players"])) and \
            self.turns <= window["turns"]


def open_windows(windows: list[dict], before: Iterable[OpenWindow], began: Mapping[int, int],
                 start: int) -> tuple[OpenWindow, ...]:
    """The windows open around the question (its "windows", outermost first), each with
    where it opened: as before when it is the same window gone on (and so are the ones
    around it), else where `began` says, by its place in the stack (`windows_began`, as an
    index of the session's events), else at `start`."""
    known = {window.at: window for window in before}
    found = []
    same = True
    for window in windows:
        at = window["at"]
        old = known.get(at)
        same = same and old is not None and old.same(window)
        opened = old.opened if same and old is not None else began.get(at, start)
        found.append(OpenWindow(at, window["body"], window["root"], tuple(window["players"]), window["turns"], opened))
    return tuple(found)


def windows_began(events: Sequence[Event], start: int) -> dict[int, int]:
    """Where each window that opened among `events` (the events of one action, the first of
    them at index `start` of the session's) opened, by its place in the stack: the last
    window told opening at a place is the one there now."""
    return {event.data["at"]: start + index for index, event in enumerate(events) if event.kind == "window"}


def has_windows(variant: Variant, also: tuple[type, ...] = ()) -> bool:
    """Whether any program, routine or card of the variant opens a window (or has a
    statement of the kinds `also`)."""
    kinds = (ast.TakeTurns, *also)
    programs = [*variant.programs.values(), *variant.routines.values(), *(card.effect for card in variant.cards)]
    return any(isinstance(node, kinds) for program in programs for node in ast.walk(list(program.statements)))


def has_boxes(variant: Variant) -> bool:
    """Whether the variant asks anything in a dialog box: it opens windows or makes offers."""
    return has_windows(variant, (ast.OfferTrade,))


def window_said(events: list[Event], describe_run: Callable[[list[Event]], str],
                names: Callable[[int], str], money: Callable[[int], str] = str) -> tuple[tuple[int | None, str], ...]:
    """Window.said from the events since it opened. A word, a player or a number chosen is
    the chooser's line ('Purple: bid', 'Purple: 4'; the word made visible, `names` gives
    visible names, `money` an amount in the variant's visible words); a pass right after its
    player's own choice adds nothing (they chose to pass), nor its opening (the box says
    whose turns they are); a bid, and anything else, is told in the
    engine's words for the viewer (`describe_run`, which keeps what they may not know hidden
    and makes its words visible)."""
    lines: list[tuple[int | None, str]] = []
    for run in runs(events):
        event, data = run[0], run[0].data
        if event.kind == "window":
            continue  # its opening: the box it is shown in says what it is and who takes turns
        what = data.get("what") if event.kind == "choose" else None
        if data.get("bid") and event.kind == "choose":
            lines.append((None, describe_run(run)))  # 'Green bids 60M', as the log tells it (issue 46, 6)
        elif what in ("number", "money") and len(run) == 1:
            lines.append((data["player"], money(data["value"]) if what == "money" else str(data["value"])))
        elif what in ("word", "player") and len(run) == 1:
            value = data["value"]
            lines.append((data["player"], names(value) if data["what"] == "player" else visible(str(value))))
        elif event.kind == "pass" and lines and lines[-1][0] == data.get("player"):
            continue
        else:
            lines.append((None, describe_run(run)))
    return tuple(lines)


def standing_bid(events: Sequence[Event]) -> tuple[int, int] | None:
    """The high bid among `events` (those of a window since it opened), as its bidder and
    amount: the last bid told (a `choose` event marked `bid`), which every later one raised;
    None when nobody has bid."""
    return next(((e.data["player"], e.data["value"]) for e in reversed(events)
                 if e.kind == "choose" and e.data.get("bid")), None)
