"""Checking a snapshot field by field before a game is built from it.

A snapshot comes from a file someone else may have written, so `restore` treats it as
hostile: every field must have the type, range and shape the engine gives it, the frame stack
must be one the machine could have built (a card's effect frames above its card, a build
session where a roll or a card starts one, each frame's variables exactly those in scope at
its statement), every card where a rule can put it (homes.py) and every counter at a value a
statement can give it (counter_bounds.py), and no key may be unknown. The first problem raises `RestoreError` naming the
field (`frames[3].env.P`); what the fields must mean together (units and cards conserved,
property cards following the stacks, the pending decision being the one the frames stand at)
is checked on the built game by `engine.game.invariants`.
"""

from __future__ import annotations

from typing import Any, NoReturn

from engine.core.frames import FRAME_KINDS
from engine.effects import ast
from engine.effects.limits import (
    LISTED_OPTIONS,
    MAX_CHOICES,
    MAX_DECISIONS,
    MAX_EFFECT_STEPS,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_REPEAT,
    MAX_TURNS,
    MAX_WORK_PER_ACTION,
    MAX_WORK_PER_GAME,
    SAFETY_ENDS,
)
from engine.game.rulebook import Rulebook
from engine.game.state import LEFT_OUT_EMPTY
from engine.variant.model import Variant
from engine.words.turns import end_reasons

MAX_NUMBER = 10**9
"""Largest magnitude of a number in a snapshot (budgets, counts, effect variables)."""
MAX_SEED = 2**128

ACTION_KINDS = ("build", "stop", "play", "pass", "choose", "react", "decline", "discard", "trade", "reply")


class RestoreError(ValueError):
    """The snapshot cannot be restored: wrong format, wrong variant or damaged data."""


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        text = str(value) if abs(value) < 10**12 else "a number that large"
        return text
    if isinstance(value, str):
        return f"the text '{value[:40]}'" + ("..." if len(value) > 40 else "")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "something else"


def damaged(field: str, message: str) -> RestoreError:
    return RestoreError(f"the saved game is damaged: {field}: {message}")


class SnapshotChecker:
    """Checks one snapshot against one variant; `check()` raises RestoreError or returns."""

    def __init__(self, variant: Variant, book: Rulebook, data: dict):
        self.variant = variant
        self.book = book
        self.data = data
        self.players = 0
        self.card_ids = {card.id for card in variant.cards}
        self.zone_ids = set(book.zone_ids)
        self.faces = frozenset(symbol for die in variant.dice for symbol in die.symbols)
        self.total_cards = 0
        self._words: frozenset[str] | None = None

    @property
    def words(self) -> frozenset[str]:
        """Every word a variable of a word may hold: the words of each `choose word`, and the
        track's marks (the `mark` of the `token_on_mark` hook)."""
        if self._words is None:
            said = {word for block in self.book.blocks for node in block  # every body is a block of its own
                    if isinstance(node, ast.ChooseWord) for word in node.words}
            marks = self.variant.track.marks if self.variant.track is not None else ()
            self._words = frozenset(said) | frozenset(mark for mark, _ in marks)
        return self._words

    # ----- primitive checks ------------------------------------------------------------------

    def whole(self, field: str, value: Any, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise damaged(field, f"must be a whole number from {low} to {high}, not {_describe(value)}")
        return value

    def optional_whole(self, field: str, value: Any, low: int, high: int) -> int | None:
        return None if value is None else self.whole(field, value, low, high)

    def flag(self, field: str, value: Any) -> bool:
        if type(value) is not bool:
            raise damaged(field, f"must be true or false, not {_describe(value)}")
        return value

    def listing(self, field: str, value: Any, length: int | None = None, most: int = 10_000) -> list:
        if type(value) is not list:
            raise damaged(field, f"must be a list, not {_describe(value)}")
        if length is not None and len(value) != length:
            raise damaged(field, f"must have {length} entries, not {len(value)}")
        if len(value) > most:
            raise damaged(field, f"has {len(value)} entries; at most {most} make sense")
        return value

    def mapping(self, field: str, value: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
        if type(value) is not dict:
            raise damaged(field, f"must be an object, not {_describe(value)}")
        for key in value:
            if key not in required and key not in optional:
                raise damaged(f"{field}.{key}" if field else str(key), "is not a field of a saved game here")
        for key in required:
            if key not in value:
                raise damaged(field or "the top level", f"the field '{key}' is missing")
        return value

    def player(self, field: str, value: Any) -> int:
        return self.whole(field, value, 0, self.players - 1)

    def optional_player(self, field: str, value: Any) -> int | None:
        return None if value is None else self.player(field, value)

    def prop(self, field: str, value: Any) -> int:
        return self.whole(field, value, 0, len(self.variant.properties) - 1)

    def zone(self, field: str, value: Any) -> str:
        if type(value) is not str or value not in self.zone_ids:
            raise damaged(field, f"must be one of the zones ({', '.join(sorted(self.zone_ids))}), not {_describe(value)}")
        return value

    def card(self, field: str, value: Any) -> str:
        """A card as a snapshot writes it: its id, or [id, owner] for a player's own card."""
        if type(value) is list and len(value) == 2:
            self.player(f"{field}[1]", value[1])
            value = value[0]
        if type(value) is not str or value not in self.card_ids:
            raise damaged(field, f"must be a card of the deck, not {_describe(value)}")
        return value

    def card_index(self, field: str, value: Any) -> int:
        return self.whole(field, value, 0, len(self.variant.cards) - 1)

    def cards(self, field: str, value: Any) -> None:
        for i, card in enumerate(self.listing(field, value, most=self.total_cards)):
            self.card(f"{field}[{i}]", card)

    # ----- the snapshot ----------------------------------------------------------------------

    def check(self, fields: tuple[str, ...]) -> None:
        data = self.mapping("", self.data, tuple(f for f in fields if f not in LEFT_OUT_EMPTY), LEFT_OUT_EMPTY)
        self.players = data["players"]  # checked against the variant by the caller
        self.total_cards = sum(len(cards) for cards in self.book.layout(self.players).initial)
        for name in fields:
            if name in data:
                getattr(self, f"field_{name}")(name, data[name])
        self.frames(data["frames"])
        self.homes()

    def homes(self) -> None:
        """Every card lies where some rule of the game can put it (engine/game/homes.py): a
        card in a pile it can never reach, or a player's card in another player's pile that
        only its owner's cards reach, was put there by hand."""
        book = self.book
        homes, layout, kinds, cards = book.homes, book.layout(self.players), book.kinds, self.variant.cards
        seats = [seat.name for seat in self.variant.seats]
        nowhere = "where no rule of the game puts it"
        for slot, pile in enumerate(self.data["piles"]):
            spec, whose = layout.slot_pile[slot], layout.slot_owner[slot]
            shown = spec.name if whose is None or spec.each != "player" else f"{seats[whose]}'s {spec.name}"
            for i, ref in enumerate(pile):
                code = book.card_code(ref)
                kind, owner = code % kinds, code // kinds - 1
                if spec.id not in homes.piles[kind]:
                    raise damaged(f"piles[{slot}][{i}]", f"{cards[kind].name} is in the {shown}, {nowhere}")
                if owner >= 0 and spec.id in homes.owner_bound and whose != owner:
                    own = f"which holds only {seats[whose]}'s own cards"  # type: ignore[index]  # a player's pile
                    raise damaged(f"piles[{slot}][{i}]", f"{seats[owner]}'s {cards[kind].name} is in the {shown}, {own}")
        for i, ref in enumerate(self.data["in_play"]):
            kind = book.card_code(ref) % kinds
            if not homes.in_play[kind]:
                raise damaged(f"in_play[{i}]", f"{cards[kind].name} is never played")
        if book.cards_stacked:
            for space, stack in enumerate(self.data["stacks"]):
                for i, code in enumerate(stack):
                    if not homes.stacks[code % kinds]:
                        where = self.variant.properties[space].name or f"space {space}"
                        raise damaged(f"stacks[{space}][{i}]", f"{cards[code % kinds].name} is on {where}, {nowhere}")

    def field_format(self, field: str, value: Any) -> None:
        pass  # checked first, by restore

    field_variant = field_players = field_rng = field_frames = field_pending = field_format

    def field_seed(self, field: str, value: Any) -> None:
        self.whole(field, value, -MAX_SEED, MAX_SEED)

    def field_start_units(self, field: str, value: Any) -> None:
        units = self.variant.units_for(self.players)
        if value != units or type(value) is not int:
            raise damaged(field, f"must be {units}, the units each of {self.players} players starts with")

    def field_stacks(self, field: str, value: Any) -> None:
        if self.book.cards_stacked:  # card codes; that each card is there once is an invariant
            codes = self.book.kinds * (self.players + 1) - 1
            for p, stack in enumerate(self.listing(field, value, len(self.variant.properties))):
                for i, code in enumerate(self.listing(f"{field}[{p}]", stack, most=self.total_cards)):
                    self.whole(f"{field}[{p}][{i}]", code, 0, codes)
            return
        units = self.variant.units_for(self.players) * self.players
        for p, stack in enumerate(self.listing(field, value, len(self.variant.properties))):
            for i, unit in enumerate(self.listing(f"{field}[{p}]", stack, most=units)):
                self.player(f"{field}[{p}][{i}]", unit)

    def _per_player(self, field: str, value: Any, high: int) -> None:
        for i, number in enumerate(self.listing(field, value, self.players)):
            self.whole(f"{field}[{i}]", number, 0, high)

    def field_supply(self, field: str, value: Any) -> None:
        self._per_player(field, value, self.variant.units_for(self.players))

    def field_worth(self, field: str, value: Any) -> None:
        self._per_player(field, value, sum(self.book.value))

    def field_held(self, field: str, value: Any) -> None:
        self._per_player(field, value, len(self.variant.properties))

    def field_tokens(self, field: str, value: Any) -> None:
        self._per_player(field, value, self.book.track_length)

    def field_positions(self, field: str, value: Any) -> None:
        self._per_player(field, value, max(0, len(self.book.loop) - 1))

    def field_piles(self, field: str, value: Any) -> None:
        layout = self.book.layout(self.players)
        for slot, pile in enumerate(self.listing(field, value, layout.slots)):
            self.cards(f"{field}[{slot}]", pile)

    field_in_play = cards

    def field_holder(self, field: str, value: Any) -> None:
        for p, holder in enumerate(self.listing(field, value, len(self.variant.properties))):
            self.optional_player(f"{field}[{p}]", holder)

    def field_dirty(self, field: str, value: Any) -> None:
        props = [
            self.prop(f"{field}[{i}]", p) for i, p in enumerate(self.listing(field, value, most=len(self.variant.properties)))
        ]
        if len(set(props)) != len(props):
            raise damaged(field, "names a property twice")

    def field_order(self, field: str, value: Any) -> None:
        order = self.listing(field, value, self.players)
        if any(type(p) is not int for p in order) or sorted(order) != list(range(self.players)):
            raise damaged(field, f"must list each player from 0 to {self.players - 1} once")

    def field_turn_pos(self, field: str, value: Any) -> None:
        self.whole(field, value, 0, self.players - 1)

    def field_next_player(self, field: str, value: Any) -> None:
        self.optional_player(field, value)

    def field_dropped(self, field: str, value: Any) -> None:
        """lang47, players out of the round: players, each once."""
        players = [self.player(f"{field}[{i}]", p) for i, p in enumerate(self.listing(field, value, most=self.players))]
        if len(set(players)) != len(players):
            raise damaged(field, "names a player twice")

    def field_turn_number(self, field: str, value: Any) -> None:
        self.whole(field, value, 0, MAX_TURNS + 1)

    def field_decisions(self, field: str, value: Any) -> None:
        self.whole(field, value, 0, MAX_DECISIONS)

    def field_told(self, field: str, value: Any) -> None:
        self.whole(field, value, 0, MAX_EVENTS + MAX_WORK_PER_ACTION)

    def field_worked(self, field: str, value: Any) -> None:
        self.whole(field, value, 0, MAX_WORK_PER_GAME + MAX_WORK_PER_ACTION)

    def field_rolled(self, field: str, value: Any) -> None:
        dice = self.book.dice
        self.mapping(field, value, (), tuple(dice))
        for die, faces in value.items():
            rolled = self.listing(f"{field}.{die}", faces, dice[die].count)
            for i, face in enumerate(rolled):
                self.whole(f"{field}.{die}[{i}]", face, 0, len(dice[die].faces) - 1)

    def field_counters(self, field: str, value: Any) -> None:
        self.mapping(field, value, tuple(counter.id for counter in self.variant.counters if counter.each == "game"))
        for name, number in value.items():
            self.counter_value(f"{field}.{name}", name, number)

    def field_pieces(self, field: str, value: Any) -> None:
        """Where each piece stands (issue 47, 5): `count` places for the table's, `count` for
        each player's, a space or -1 off the board; left out of a game without pieces."""
        kept = {piece.id: piece for piece in self.variant.pieces}
        self.mapping(field, value, tuple(kept))
        for name, places in value.items():
            size = kept[name].count * (self.players if kept[name].each == "player" else 1)
            for i, place in enumerate(self.listing(f"{field}.{name}", places, size)):
                self.whole(f"{field}.{name}[{i}]", place, -1, len(self.variant.properties) - 1)

    def field_player_counters(self, field: str, value: Any) -> None:
        kept = {counter.id: counter.each for counter in self.variant.counters if counter.each != "game"}
        self.mapping(field, value, tuple(kept))
        for name, numbers in value.items():
            size = self.players if kept[name] == "player" else len(self.variant.properties)
            for place, number in enumerate(self.listing(f"{field}.{name}", numbers, size)):
                self.counter_value(f"{field}.{name}[{place}]", name, number)

    def counter_value(self, field: str, counter: str, number: Any) -> None:
        """A counter's value, one the game's statements can give it (counter_bounds.py): 0 or
        more where nothing makes it negative, one of the values it is set to where it is only
        ever set to a few."""
        bounds = self.book.counter_bounds
        self.whole(field, number, -MAX_NUMBER, MAX_NUMBER)
        if number < 0 and counter in bounds.never_negative:
            raise damaged(field, f"must be 0 or more (nothing in the game takes it below 0), not {number}")
        only = bounds.only.get(counter)
        if only is not None and number not in only:
            values = sorted(only)
            shown = f"{', '.join(map(str, values[:-1]))} or {values[-1]}" if len(values) > 1 else str(values[0])
            raise damaged(field, f"must be {shown} (the values the game ever gives it), not {number}")

    def field_turn_plays(self, field: str, value: Any) -> None:
        kinds = len(self.variant.cards)
        for i, kind in enumerate(self.listing(field, value, most=self.total_cards)):
            self.whole(f"{field}[{i}]", kind, 0, kinds - 1)

    def field_over(self, field: str, value: Any) -> None:
        self.flag(field, value)

    def field_end_reason(self, field: str, value: Any) -> None:
        if (value is None) != (self.data["over"] is False):
            raise damaged(field, "a finished game has a reason, and a game in progress none")
        if value is not None:
            self.mapping(field, value, ("reason", "player"))
            reasons = end_reasons(self.book) + list(SAFETY_ENDS)
            if type(value["reason"]) is not str or value["reason"] not in reasons:
                raise damaged(f"{field}.reason", f"must be one of {', '.join(reasons)}, not {_describe(value['reason'])}")
            self.optional_player(f"{field}.player", value["player"])

    def pending(self, value: Any) -> None:
        """The pending decision's shape; that it is the right decision is an invariant."""
        if value is None:
            return
        self.mapping("pending", value, ("kind", "player", "options"))
        self.player("pending.player", value["player"])
        for i, option in enumerate(self.listing("pending.options", value["options"], most=LISTED_OPTIONS)):
            self.mapping(f"pending.options[{i}]", option, ("kind", "arg", "what"))
            if option["kind"] not in ACTION_KINDS:
                raise damaged(f"pending.options[{i}].kind", f"is not an action, but {_describe(option['kind'])}")
            if option["what"] in ("numbers", "amounts"):
                self._numbers(f"pending.options[{i}]", option, i)

    def _numbers(self, field: str, option: dict, index: int) -> None:
        """A number question's range, as state.written_options writes one: the first option,
        {"kind": "choose", "arg": [low, high], "what": "numbers" or "amounts"}, at most
        MAX_CHOICES wide."""
        if index != 0 or option["kind"] != "choose":
            raise damaged(field, "a range of numbers is the first option of a choice")
        low, high = self.listing(f"{field}.arg", option["arg"], length=2)
        self.whole(f"{field}.arg[0]", low, -MAX_NUMBER, MAX_NUMBER)
        self.whole(f"{field}.arg[1]", high, low, min(MAX_NUMBER, low + MAX_CHOICES - 1))

    # ----- the frame stack -------------------------------------------------------------------

    def frames(self, value: Any) -> None:
        frames = self.listing("frames", value, most=MAX_FRAMES)
        if not frames:
            raise damaged("frames", "must start with the game")
        for index, frame in enumerate(frames):  # first the shape of every frame,
            field = f"frames[{index}]"
            if type(frame) is not dict or type(frame.get("t")) is not str or frame["t"] not in FRAME_KINDS:
                raise damaged(field, "must be one of the engine's frames")
            kind = FRAME_KINDS[frame["t"]]
            optional = kind.optional
            required = ("t", *(name for name in kind.fields if name not in optional))
            self.mapping(field, frame, required, optional)
            if (index == 0) != (frame["t"] == "game"):
                raise damaged(field, "the game must be the first frame, and only the first")
        for index, frame in enumerate(frames):  # then how each stands on the one below
            FRAME_KINDS[frame["t"]].check_saved(self, f"frames[{index}]", frame, index, frames)
        self.pending(self.data["pending"])
        self._cards_in_play(frames)

    def flow_frame(self, field: str, frame: dict, index: int, frames: list) -> None:
        """Check a frame of the program's flow (engine/core/frames.py), by its kind."""
        getattr(self, f"frame_{frame['t']}")(field, frame, index, frames)

    def fail(self, field: str, message: str) -> NoReturn:
        """Refuse the snapshot: `field` is damaged, as `message` says."""
        raise damaged(field, message)

    def frame_game(self, field: str, frame: dict, index: int, frames: list) -> None:
        if frame["phase"] not in ("setup", "turns"):
            raise damaged(f"{field}.phase", f"must be 'setup' or 'turns', not {_describe(frame['phase'])}")
        self.flag(f"{field}.begun", frame["begun"])
        above = frames[1]["t"] if len(frames) > 1 else None
        if above not in ("run", None):
            raise damaged("frames[1]", "only the setup or a turn stands on the game")

    def frame_run(self, field: str, frame: dict, index: int, frames: list) -> None:
        program = frame["program"]
        if type(program) is not str or program not in self.book.program_block:
            raise damaged(f"{field}.program", "is not one of the game's programs")
        below = frames[index - 1]["t"]
        if program in self.book.routines:
            statement = self.pushed_by(field, index, frames, ast.Do)
            if statement.routine != program:
                raise damaged(f"{field}.program", f"the statement below it runs '{statement.routine}', not '{program}'")
        elif program in _TURN_PROGRAMS:
            wanted = _TURN_PROGRAMS if frames[0]["phase"] == "turns" else ("setup",)
            if program not in wanted:
                raise damaged(f"{field}.program", f"the game is at its {frames[0]['phase']}, not running '{program}'")
            if below not in ("game", "blk") or (below == "blk" and frames[index - 2]["t"] != "run"):
                raise damaged(field, "a turn's programs stand on the game, one on another")
        me = self.player(f"{field}.me", frame["me"])
        if frame["program"] in _TURN_PROGRAMS[1:] and me != self._turn_player():
            raise damaged(f"{field}.me", "a turn is the turn player's")
        self.flag(f"{field}.halt", frame["halt"])
        if frame["target"] is not None:
            raise damaged(f"{field}.target", "a program answers no card")
        self.whole(f"{field}.steps", frame["steps"], 0, MAX_EFFECT_STEPS + 1)

    def frame_card(self, field: str, frame: dict, index: int, frames: list) -> None:
        code = self.whole(f"{field}.c", frame["c"], 0, self.book.kinds * (self.players + 1) - 1)
        card = code % self.book.kinds
        self.player(f"{field}.me", frame["me"])
        self.flag(f"{field}.halt", frame["halt"])
        self.whole(f"{field}.steps", frame.get("steps", 0), 0, MAX_EFFECT_STEPS + 1)
        self.flag(f"{field}.acted", frame.get("acted", False))
        below = frames[index - 1]
        timing = self.variant.cards[card].timing
        if below["t"] == "offer":
            if timing != below["timing"] or frame["target"] is not None or frame["me"] != below["player"]:
                raise damaged(field, "is not a card its player could be playing from this offer")
            return
        if below["t"] == "blk" and frame["target"] is None:  # `play K`, from wherever the card was
            if not isinstance(self._statement(below), ast.PlayCard):
                raise damaged(field, "is not a card played by the statement below it")
            return
        target = self.whole(f"{field}.target", frame["target"], 0, index - 1)
        if below["t"] != "blk" or timing != "reaction" or frames[target]["t"] != "card" or below["root"] != target:
            raise damaged(field, "is not an answer to the card that offered it")
        if self.variant.cards[frames[target]["c"] % self.book.kinds].id not in self.variant.cards[card].reacts_to:
            raise damaged(f"{field}.c", "does not answer that card")

    def frame_blk(self, field: str, frame: dict, index: int, frames: list) -> None:
        block = self.whole(f"{field}.b", frame["b"], 0, len(self.book.blocks) - 1)
        pc = self.whole(f"{field}.pc", frame["pc"], 0, len(self.book.blocks[block]))
        root = self.root(field, frame, index, frames)
        below = frames[index - 1]
        if below["t"] == "card":
            fits = root == index - 1 and block == self.book.card_block[below["c"] % self.book.kinds]
        elif below["t"] == "run":
            fits = root == index - 1 and block == self.book.program_block[below["program"]]
        elif below["t"] == "win":  # its turn at the body, or what a pass of that turn runs (pilewords)
            fits = below["root"] == root and (block == below["b"] or block in self._passing_blocks(below["b"]))
        elif below["t"] in ("loop", "rep"):
            fits = below["root"] == root and block == below["b"]
        elif below["t"] == "blk":
            parent = self._statement(below)
            fits = below["root"] == root and isinstance(parent, ast.If) and block in self.bodies(below)
        else:
            fits = False
        if not fits:
            raise damaged(field, "is not a part of the effect below it")
        # while a side of its `if ... else` runs, the names both sides give are not here yet
        branch_above = index + 1 < len(frames) and frames[index + 1]["t"] == "blk"
        self.env(f"{field}.env", frame["env"], self.book.scopes[block][pc - 1 if branch_above and pc else pc])

    def frame_loop(self, field: str, frame: dict, index: int, frames: list) -> None:
        statement = self.pushed_by(field, index, frames, ast.ForEach)
        (body,) = self.bodies(frames[index - 1])
        if frame["b"] != body or frame["var"] != statement.var:
            raise damaged(field, "is not the loop of the statement below it")
        kind = self.book.scopes[body][0][statement.var]
        items = self.listing(f"{field}.items", frame["items"], most=1000)
        for i, item in enumerate(items):
            self._value(f"{field}.items[{i}]", item, kind)
        self.whole(f"{field}.i", frame["i"], 0, len(items))
        self.root(field, frame, index, frames)
        self.env(f"{field}.env", frame["env"], self.parent_scope(frames[index - 1]))

    def frame_rep(self, field: str, frame: dict, index: int, frames: list) -> None:
        statement = self.pushed_by(field, index, frames, ast.Repeat)
        if frame["b"] != self.bodies(frames[index - 1])[0]:
            raise damaged(f"{field}.b", "is not the body of the statement below it")
        self.whole(f"{field}.left", frame["left"], 0, MAX_REPEAT if statement.most is None else statement.most)
        self.root(field, frame, index, frames)
        self.env(f"{field}.env", frame["env"], self.parent_scope(frames[index - 1]))

    # ----- helpers for frames ----------------------------------------------------------------

    def _turn_player(self) -> int:
        return self.data["order"][self.data["turn_pos"]]

    def root(self, field: str, frame: dict, index: int, frames: list) -> int:
        root = self.whole(f"{field}.root", frame["root"], 0, index - 1)
        if frames[root]["t"] not in ("card", "run"):
            raise damaged(f"{field}.root", "must be the card or program whose statements these are")
        return root

    def _statement(self, frame: dict) -> ast.Stmt | None:
        """The statement a block frame ran last (the one that pushed what stands on it)."""
        block = self.book.blocks[frame["b"]]
        return block[frame["pc"] - 1] if 0 < frame["pc"] <= len(block) else None

    def _passing_blocks(self, body: int) -> set[int]:
        """pilewords (issue 47): the blocks a pass runs (`choose number ..., or pass:`) in a
        window's body, at any depth but inside another window (whose own pass it would be)."""
        found: set[int] = set()
        blocks = [body]
        while blocks:
            b = blocks.pop()
            for statement, inner in zip(self.book.blocks[b], self.book.bodies[b]):
                if isinstance(statement, ast.ChooseNumber) and inner:
                    found.add(inner[0])
                if not isinstance(statement, ast.TakeTurns):
                    blocks.extend(inner)
        return found

    def bodies(self, frame: dict) -> tuple[int, ...]:
        """The bodies' blocks of the statement a block frame ran last (`_statement`)."""
        return self.book.bodies[frame["b"]][frame["pc"] - 1]

    def pushed_by(self, field: str, index: int, frames: list, kind: type) -> Any:
        below = frames[index - 1]
        statement = self._statement(below) if below["t"] == "blk" else None
        if not isinstance(statement, kind):
            raise damaged(field, "is not what the statement below it starts")
        return statement

    def on_top(self, field: str, index: int, frames: list) -> None:
        if index != len(frames) - 1:
            raise damaged(field, "nothing stands on a decision's frame")

    def parent_scope(self, below: dict) -> dict[str, str]:
        """The variables the block below had when it started its loop or repeat."""
        return self.book.scopes[below["b"]][below["pc"] - 1]

    def env(self, field: str, env: Any, scope: dict[str, str]) -> None:
        if type(env) is not dict or set(env) != set(scope):
            raise damaged(field, f"must hold exactly the variables {', '.join(sorted(scope)) or '(none)'} here")
        for name, kind in scope.items():
            self._value(f"{field}.{name}", env[name], kind)

    def _value(self, field: str, value: Any, kind: str) -> None:
        if value is None:
            return  # "nobody": an owner of a vacant space, a roll-off with no one left
        if kind == "player":
            self.player(field, value)
        elif kind == "card":  # [code, where it was] (refs.CardRef), or a bare code
            if type(value) is list:
                if len(value) != 2:
                    raise damaged(field, "a card is [code, place]")
                self._card_place(f"{field}[1]", value[1])
                value = value[0]
            self.whole(field, value, 0, len(self.variant.cards) * (self.players + 1) - 1)
        elif kind == "property":
            self.prop(field, value)
        elif kind == "kind":  # a kind of card, by its id (`choose kind`)
            if not (type(value) is str and value in self.book.card_index):
                raise damaged(field, f"must be the id of a card of the game, not {_describe(value)}")
        elif kind == "piece":  # for each piece: "NAME#N", a place of the game's list of that piece
            self._piece(field, value)
        elif kind == "word":
            if not (type(value) is str and value in self.words):
                raise damaged(field, f"must be one of the words the game's choices offer, not {_describe(value)}")
        elif kind in ("zone", "face"):
            if not (type(value) is str and value in self.faces):  # a die's symbol, such as the any-zone face
                if kind == "face" and type(value) is int:
                    self.whole(field, value, -MAX_NUMBER, MAX_NUMBER)
                else:
                    self.zone(field, value)
        else:
            self.whole(field, value, -MAX_NUMBER, MAX_NUMBER)

    def _piece(self, field: str, value: Any) -> None:
        """for each piece: a piece an effect holds (core/piece_refs.py), one the game has."""
        from engine.core.piece_refs import is_piece, split_ref

        kept = {piece.id: piece for piece in self.variant.pieces}
        digits = value.rpartition("#")[2] if is_piece(value) else ""
        name, at = split_ref(value) if digits.isascii() and digits.isdigit() else ("", -1)
        piece = kept.get(name)
        if piece is None or not 0 <= at < piece.count * (self.players if piece.each == "player" else 1):
            raise damaged(field, f"must be one of the game's pieces, not {_describe(value)}")

    def _card_place(self, field: str, place: Any) -> None:
        """Where a card in a variable lay (refs.CardRef.place): a pile slot, a space
        (-1 - its index), or in play."""
        from engine.core.refs import IN_PLAY

        if place == IN_PLAY and type(place) is int:
            return
        self.whole(field, place, -len(self.variant.properties), self.book.layout(self.players).slots - 1)

    def _cards_in_play(self, frames: list) -> None:
        """The cards in play are cards whose effects are on the stack: all of them, but for a
        card whose own effect has already put it somewhere (`put this on P`)."""
        from collections import Counter

        playing = Counter(f["c"] for f in frames if f["t"] == "card")
        in_play = Counter(self.book.card_code(ref) for ref in self.data["in_play"])
        if not in_play <= playing or (in_play != playing and not any(self.book.uses_this)):
            raise damaged("in_play", "must be the cards whose effects are under way")


_TURN_PROGRAMS = ("setup", "turn", "start_of_turn", "end_of_turn")
"""The programs that stand on the game's own frame; the hooks of the track stand on anything."""
