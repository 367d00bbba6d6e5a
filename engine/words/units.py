"""The words that build and take away the units standing on spaces: build, a build session,
remove the top unit or every unit, move the top unit, and settle who holds each space."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.expressions import Fn
from engine.core.frames import Asked, BlockFrame, Frame, RootFrame, register
from engine.core.trial import Fail, Trial, nothing
from engine.effects import ast
from engine.effects.limits import MAX_NUMBER, MAX_REPEAT
from engine.words.common import fn, maybe, player_or_me
from engine.words.word import INLINE, MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action, Texts
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker


def _place(trial: Trial, player: int, prop: int, count: int) -> None:
    game = trial.game
    trial.touch(game.stacks[prop])
    trial.touch(game.supply, player)
    game.stacks[prop].extend([player] * count)
    game.supply[player] -= count


# ----- build N on PROPERTY [for PLAYER] -----------------------------------------------------


def units_only(c: Checker, node: ast.Node, words: str) -> None:
    """A word of players' units on a board whose spaces stack cards (`board.stacks: cards`):
    refused where it is written. Run, it would take a card's code for a player's unit."""
    if c.context.cards_stacked:
        c.report(node, f"'{words}' works on players' units, and this board's spaces stack cards (board.stacks: cards)",
                 "move a space's top card with 'move top of P to Q', or put a card with 'put C on P'")


def _check_build_units(c: Checker, node: ast.BuildUnits, scope: Scope) -> None:
    units_only(c, node, "build")
    c.expect(node.count, "number", scope, "the number of units")
    c.expect(node.property, "property", scope, "where to build")
    c.expect(node.player, "player", scope, "whose units ('for ...')")


def _run_build_units(s: ast.BuildUnits, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    count, prop, player_fn = fn(s.count, book), fn(s.property, book), player_or_me(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        me = root.me
        f.pc += 1
        n = count(g, f.env, me) or 0
        where = prop(g, f.env, me)
        player = player_fn(g, f.env, me)
        if where is None or player is None:
            return
        g.place(player, where, min(n, MAX_REPEAT))

    return op


def _look_build_units(s: ast.BuildUnits, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    count, prop, player = fn(s.count, book), fn(s.property, book), player_or_me(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        n = min(count(game, env, me) or 0, MAX_REPEAT)
        where, who = prop(game, env, me), player(game, env, me)
        if where is None or who is None or n > game.supply[who]:
            raise Fail
        if n > 0:
            _place(trial, who, where, n)

    return step


BUILD_UNITS = StatementWord(
    ast.BuildUnits, _check_build_units, _run_build_units, _look_build_units, told=2, flow=QUIET,
    example="choose property L where L is vacant\nbuild 2 on L", events=("build", "out_of_units"),
)



# ----- build with BUDGET in ZONE [...] ------------------------------------------------------


class BuildFrame(Frame):
    """A build session, one unit a question: what is left of the budget, the new lots still
    allowed, the units placed on each lot started this session."""

    fields = ("player", "budget", "zone", "lots", "per_lot", "started", "placed", "must")
    __slots__ = fields
    kind = "build"

    def __init__(
        self,
        player: int,
        budget: int,
        zone: str | None,
        lots: int | None,
        per_lot: int | None,
        must: bool,
        started: dict[int, int] | None = None,
        placed: int = 0,
    ):
        self.player = player
        self.budget = budget
        self.zone = zone
        self.lots = lots
        self.per_lot = per_lot
        self.started: dict[int, int] = {} if started is None else started
        self.placed = placed
        self.must = must

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": "build", "player": self.player, "budget": self.budget, "zone": self.zone, "lots": self.lots,
            "per_lot": self.per_lot, "started": [[prop, count] for prop, count in sorted(self.started.items())],
            "placed": self.placed, "must": self.must,
        }

    def copy(self) -> BuildFrame:
        return BuildFrame(
            self.player, self.budget, self.zone, self.lots, self.per_lot, self.must, dict(self.started), self.placed
        )

    @classmethod
    def from_saved(cls, values: dict[str, Any]) -> Frame:
        values["started"] = {int(prop): int(count) for prop, count in values["started"] or ()}
        return cls(**values)

    def building(self) -> tuple[str | None, int] | None:
        return self.zone, self.budget

    def placements(self, g: GameState) -> list[Action]:
        """The placements the budget and the new-lot limits allow, as actions."""
        if g.supply[self.player] <= 0:
            return []
        budget = self.budget
        started = self.started
        per_lot = self.per_lot
        may_start = self.lots is None or self.lots > 0
        stacks = g.stacks
        options = []
        for prop, value, action in g.zone_build_table.get(self.zone or "", ()):
            if value > budget:
                continue
            if prop in started:
                if per_lot is None or started[prop] < per_lot:
                    options.append(action)
            elif may_start or stacks[prop]:
                options.append(action)
        return options

    def step(self, g: GameState) -> None:
        """Ask for the next unit; with only one compulsory placement, make it at once; with
        none left, say why the session ends (nothing to build with, no lot affordable, a
        limit of the roll) and close it."""
        actions = self.placements(g)
        if not actions:
            player = self.player
            if self.placed == 0:
                if g.supply[player] <= 0:
                    g.emit("out_of_units", {"player": player})
                else:
                    g.emit("cannot_build", {"player": player, "zone": self.zone, "budget": self.budget})
            elif g.supply[player] > 0:
                blocked = self.withheld(g, player)
                if blocked:  # money left and a lot it would buy: a limit of the roll stopped it
                    g.emit("build_limit", {"player": player, "budget": self.budget, **blocked[0]})
            g.frames.pop()
            return
        if self._may_stop():
            actions.append(g.texts.stop_action)
        elif len(actions) == 1:
            self._build_one(g, actions[0].arg)
            return
        g.asked = Asked("build", self.player, actions)

    def question(self, g: GameState) -> Asked | None:
        """The placements and, once stopping is allowed, stopping; None where `step` asks
        nothing (no placement left, or the one compulsory placement is made at once)."""
        actions = self.placements(g)
        if not actions or (len(actions) == 1 and not self._may_stop()):
            return None
        return Asked("build", self.player, actions + [g.texts.stop_action] if self._may_stop() else actions)

    def answer(self, g: GameState, player: int, action: Action) -> None:
        if action.kind == "build":
            self._build_one(g, action.arg)
        else:  # stop
            g.emit("stop", {"player": player})
            g.frames.pop()

    def withheld(self, g: GameState, player: int) -> list[dict]:
        """The placements the budget affords but a limit of the roll forbids: a new lot when no
        more may be started ("new_lots"), another unit on a lot started this roll that has its
        units ("per_lot"). Each as {"property", "why", "limit"}."""
        if g.supply[self.player] <= 0:
            return []
        blocked = []
        stacks = g.stacks
        for prop, value, _ in g.zone_build_table.get(self.zone or "", ()):
            if value > self.budget:
                continue
            if prop in self.started:
                if self.per_lot is not None and self.started[prop] >= self.per_lot:
                    blocked.append({"property": prop, "why": "per_lot", "limit": self.per_lot})
            elif not stacks[prop] and self.lots is not None and self.lots <= 0:
                blocked.append({"property": prop, "why": "new_lots", "limit": len(self.started) + self.lots})
        return blocked

    def answer_asks_again(self, g: GameState, action: Action) -> bool:
        """Whether answering with a unit on a property would change nothing but that stack
        and the builder's supply before this session asks for the next unit: the bots then
        judge the placement without playing it on a copy. Worked out by the steps an answer
        takes (`_count_placement`, then `question`), on a copy of this frame and with the unit
        on the stack only while asking."""
        if action.kind != "build":
            return False
        prop = action.arg
        trial = self.copy()
        stack, supply = g.stacks[prop], g.supply
        trial._count_placement(g, prop)
        stack.append(trial.player)
        supply[trial.player] -= 1
        try:
            return trial.question(g) is not None
        finally:
            stack.pop()
            supply[trial.player] += 1

    def _build_one(self, g: GameState, prop: int) -> None:
        self._count_placement(g, prop)
        g.place(self.player, prop, 1)

    def _count_placement(self, g: GameState, prop: int) -> None:
        """What one more unit on `prop` uses of the session's budget and limits."""
        started = self.started
        if prop in started:
            started[prop] += 1
        elif not g.stacks[prop]:
            started[prop] = 1
            if self.lots is not None:
                self.lots -= 1
        self.budget -= g.book.value[prop]
        self.placed += 1

    def _may_stop(self) -> bool:
        """Stopping is offered once a unit is placed, or from the start when building is optional."""
        return self.placed > 0 or not self.must

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        c.pushed_by(field, index, frames, ast.BuildSession)
        c.on_top(field, index, frames)
        c.player(f"{field}.player", data["player"])
        c.whole(f"{field}.budget", data["budget"], -MAX_NUMBER, MAX_NUMBER)
        zone = c.zone(f"{field}.zone", data["zone"])
        c.optional_whole(f"{field}.lots", data["lots"], 0, MAX_NUMBER)
        c.optional_whole(f"{field}.per_lot", data["per_lot"], 0, MAX_NUMBER)
        placed = c.whole(f"{field}.placed", data["placed"], 0, MAX_NUMBER)
        c.flag(f"{field}.must", data["must"])
        started = c.listing(f"{field}.started", data["started"], most=len(c.variant.properties))
        seen = set()
        for i, pair in enumerate(started):
            where = f"{field}.started[{i}]"
            if type(pair) is not list or len(pair) != 2:
                c.fail(where, "must be a property and a count")
            prop = c.prop(where, pair[0])
            c.whole(where, pair[1], 1, placed)
            if prop in seen or prop not in c.book.zone_props[zone]:
                c.fail(where, "must name a property of the zone being built in, once")
            seen.add(prop)
        if sum(pair[1] for pair in started) > placed:
            c.fail(f"{field}.started", "counts more units than were placed")


register(BuildFrame)




def _check_build_session(c: Checker, node: ast.BuildSession, scope: Scope) -> None:
    units_only(c, node, "build up to")
    c.expect(node.at_least_one_if, "bool", scope, "what follows 'at least one if'")
    c.expect(node.budget, "number", scope, "the amount to build with")
    c.expect(node.zone, "zone", scope, "where to build ('in ...')")
    c.expect(node.new_lots, "number", scope, "'new lots'")
    c.expect(node.units_per_new_lot, "number", scope, "'units per new lot'")


def _run_build_session(s: ast.BuildSession, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """A build session's settings, each a closure made once: the statement's own, else the
    variant's rule of that name (read when run, as the statement reads it)."""
    lots = _setting(s.new_lots_given, s.new_lots, "new_lots_per_roll", book)
    per_lot = _setting(s.units_per_new_lot_given, s.units_per_new_lot, "units_per_new_lot", book)
    zone, budget = fn(s.zone, book), fn(s.budget, book)
    at_least_one = s.at_least_one
    must_if = maybe(s.at_least_one_if, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        env, me = f.env, root.me
        f.pc += 1
        new_lots, units_per_lot, where = lots(g, env, me), per_lot(g, env, me), zone(g, env, me)
        must = at_least_one and (must_if is None or bool(must_if(g, env, me)))
        g.frames.append(BuildFrame(me, budget(g, env, me) or 0, where, new_lots, units_per_lot, must))

    return op


def _setting(given: bool, expr: ast.Expr | None, rule: str, book: Rulebook) -> Fn:
    if not given:
        return lambda g, env, me: g.variant.rules.get(rule)  # unsaid: the rule of that name, or no limit
    if expr is None:
        return lambda g, env, me: None
    return fn(expr, book)


def _look_build_session(s: ast.BuildSession, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """A build session places the units its player picks; here, the first placement it
    offers (any one shows the session can do something), or Fail when it must place one and
    cannot."""
    lots_fn = _setting(s.new_lots_given, s.new_lots, "new_lots_per_roll", book)
    per_lot_fn = _setting(s.units_per_new_lot_given, s.units_per_new_lot, "units_per_new_lot", book)
    zone, budget = fn(s.zone, book), fn(s.budget, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        lots, per_lot = lots_fn(game, env, me), per_lot_fn(game, env, me)
        frame = BuildFrame(me, budget(game, env, me) or 0, zone(game, env, me), lots, per_lot, s.at_least_one)
        options = frame.placements(game)
        if not options:
            if s.at_least_one:
                raise Fail
            return
        _place(trial, me, options[0].arg, 1)

    return step


BUILD_SESSION = StatementWord(
    ast.BuildSession, _check_build_session, _run_build_session, _look_build_session, told=0, flow=MAY_ASK,
    example="choose zone Z\nbuild up to 8 in Z, new lots any, at least one",  # its placements are moves of their own
)


# ----- remove top of PROPERTY ---------------------------------------------------------------


def _check_remove_top(c: Checker, node: ast.RemoveTop, scope: Scope) -> None:
    units_only(c, node, "remove top of")
    c.expect(node.property, "property", scope, "what follows 'remove top of'")


def _run_remove_top(s: ast.RemoveTop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    prop = fn(s.property, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        where = prop(g, f.env, root.me)
        if where is not None:
            g.remove_top(where)

    return op


def _look_remove_top(s: ast.RemoveTop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    prop = fn(s.property, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        where = prop(game, env, me)
        stacks, supply = game.stacks, game.supply
        if where is None or not stacks[where]:
            raise Fail
        unit = stacks[where][-1]
        trial.touch(stacks[where])
        trial.touch(supply, unit)
        stacks[where].pop()
        supply[unit] += 1

    return step


REMOVE_TOP = StatementWord(
    ast.RemoveTop, _check_remove_top, _run_remove_top, _look_remove_top, told=1, flow=QUIET,
    example="choose property H where H is occupied\nremove top of H", events=("remove",),
)


# ----- remove all from PROPERTY [except PLAYER] ---------------------------------------------


def _check_remove_all(c: Checker, node: ast.RemoveAll, scope: Scope) -> None:
    units_only(c, node, "remove all from")
    c.expect(node.property, "property", scope, "what follows 'remove all from'")
    c.expect(node.except_player, "player", scope, "what follows 'except'")


def _run_remove_all(s: ast.RemoveAll, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    prop, keep_fn = fn(s.property, book), maybe(s.except_player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        where = prop(g, f.env, me)
        keep = None if keep_fn is None else keep_fn(g, f.env, me)
        if where is not None:
            g.remove_all(where, keep)

    return op


def _look_remove_all(s: ast.RemoveAll, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    prop, keep_fn = fn(s.property, book), maybe(s.except_player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        where = prop(game, env, me)
        keep = None if keep_fn is None else keep_fn(game, env, me)
        stacks, supply = game.stacks, game.supply
        if where is None or all(unit == keep for unit in stacks[where]):
            raise Fail
        removed = [unit for unit in stacks[where] if unit != keep]
        trial.touch(stacks[where])
        for unit in removed:
            trial.touch(supply, unit)
            supply[unit] += 1
        stacks[where][:] = [unit for unit in stacks[where] if unit == keep]

    return step


REMOVE_ALL = StatementWord(
    ast.RemoveAll, _check_remove_all, _run_remove_all, _look_remove_all, told="stack", flow=QUIET,
    example="choose property H where H is occupied\nremove all from H except me", events=("remove",),
)


# ----- move top of PROPERTY to PROPERTY -----------------------------------------------------


def _check_move_top(c: Checker, node: ast.MoveTop, scope: Scope) -> None:
    c.expect(node.source, "property", scope, "what follows 'move top of'")
    c.expect(node.target, "property", scope, "where the unit goes ('to ...')")


def _run_move_top(s: ast.MoveTop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    source_fn, target_fn = fn(s.source, book), fn(s.target, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        source = source_fn(g, f.env, me)
        target = target_fn(g, f.env, me)
        if source is not None and target is not None and source != target:
            g.move_top(source, target)

    return op


def _look_move_top(s: ast.MoveTop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    source_fn, target_fn = fn(s.source, book), fn(s.target, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        source, target = source_fn(game, env, me), target_fn(game, env, me)
        stacks = game.stacks
        if source is None or target is None or source == target or not stacks[source]:
            raise Fail
        if game.book.cards_stacked and game.space_full(target):
            return  # a space's capacity: the card stays where it was, as in play
        trial.touch(stacks[source])
        trial.touch(stacks[target])
        stacks[target].append(stacks[source].pop())

    return step


MOVE_TOP = StatementWord(
    ast.MoveTop, _check_move_top, _run_move_top, _look_move_top, told=1, flow=QUIET,
    example="choose property From where From is occupied\nchoose property To where To is not From\nmove top of From to To",
    events=("move_unit", "space_full"),
)


# ----- settle -------------------------------------------------------------------------------


def _check_settle(c: Checker, node: ast.Settle, scope: Scope) -> None:
    c.program_only(node, "settle")


def _run_settle(s: ast.Settle, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        g.settle()

    return op


SETTLE = StatementWord(
    ast.Settle, _check_settle, _run_settle,
    lambda s, book, bodies: nothing,  # ownership follows what the other statements changed
    told="settle", flow=INLINE, example="settle", events=("take", "token"),
)

WORDS = (BUILD_UNITS, BUILD_SESSION, REMOVE_TOP, REMOVE_ALL, MOVE_TOP, SETTLE)


def _tell_build(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    units = t.unit.a if d["count"] == 1 else t.unit.counted(d["count"])
    return f"{t.player(d['player'])} builds {units} on {t.properties[d['property']]}"


def _tell_build_limit(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} stops with {t.money(d['budget'])} left: {t.why(d)}"


def _tell_cannot_build(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} cannot afford anything in {t.zones[d['zone']]} with {t.money(d['budget'])}"


def _tell_out_of_units(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} has no {t.unit.many} left to build with"


def _tell_stop(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} stops building"


def _tell_take(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if d["from"] is None and (t.cards_stacked or not t.variant.properties[d["property"]].value):
        # no property card (the top card holds it; a space of no value, a foundation): nothing
        # is taken from the board
        return f"{t.player(d['player'])} now holds {t.properties[d['property']]}"
    source = "the board" if d["from"] is None else t.player(d["from"])
    return f"{t.player(d['player'])} takes {t.properties[d['property']]} from {source}"


def _tell_remove(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    who = t.player(d["player"])
    return f"The top {t.unit.one} of {t.properties[d['property']]} ({who}) goes back to {who}"


def _tell_return_card(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if t.cards_stacked:
        return f"{t.player(d['from'])} no longer holds {t.properties[d['property']]}"
    return f"{t.properties[d['property']]} goes back to the board from {t.player(d['from'])}"


def _tell_move_unit(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])}'s {t.unit.one} moves from {t.properties[d['from']]} to {t.properties[d['to']]}"


def _tell_token(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    way = "forward" if d["to"] > d["from"] else "back"
    return f"{t.player(d['player'])} moves {way} from {d['from'] or 'START'} to {d['to'] or 'START'}"


EVENT_TEXTS = (
    EventText("build", ("player", "property", "count"), _tell_build),
    EventText("build_limit", ("player", "budget", "property", "limit", "why"), _tell_build_limit),
    EventText("cannot_build", ("player", "budget", "zone"), _tell_cannot_build),
    EventText("out_of_units", ("player",), _tell_out_of_units),
    EventText("stop", ("player",), _tell_stop),
    EventText("take", ("player", "property", "from"), _tell_take),
    EventText("remove", ("player", "property"), _tell_remove),
    EventText("return_card", ("property", "from"), _tell_return_card),
    EventText("move_unit", ("player", "from", "to"), _tell_move_unit),
    EventText("token", ("player", "from", "to"), _tell_token),
)
"""The texts of the events of units and of who holds each space: the words' own, and those of
a build session's end and of a token on the track following its player's score (`settle`)
(engine/core/event_text.py)."""
