"""The words that roll: roll zone, roll dice, roll off, and rolling named dice."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import BlockFrame, RootFrame
from engine.core.trial import Trial
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.limits import MAX_REROLLS
from engine.words.common import player_or_me
from engine.words.word import MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook


# ----- roll zone Z [by PLAYER] --------------------------------------------------------------


def _check_roll_zone(c: Checker, node: ast.RollZone, scope: Scope) -> None:
    c.has_die(node, "zone", "with zone faces for 'roll zone'")
    c.expect(node.chooser, "player", scope, "who chooses on the any-zone face ('by ...')")
    c.bind(node, node.var, "zone", scope)


def _run_roll_zone(s: ast.RollZone, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Roll the zone die until it shows a zone (bound at once) or the any-zone face (a choice
    of every zone); a face of neither kind is rolled again, MAX_REROLLS times at most."""
    var = s.var

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        interp = g.interp
        me = root.me
        die = g.book.dice[g.book.zone_die]  # type: ignore[index]  # the checker asks for one
        zones = g.book.zone_props
        for _ in range(MAX_REROLLS):
            face = die.faces[g.roll(die.id)[0]]
            g.emit("roll_zone", {"player": me, "face": face})
            if face in zones:
                interp.bind(f, var, "zone", face, me)
                return
            if face == die.any_zone:
                break
        chooser, what, options = interp.offered_choice(s, f, root)  # the any-zone face, or a hundred of neither kind
        interp.offer_choice(f, root, var, what, options, chooser)

    return op


def _look_roll_zone(s: ast.RollZone, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    return lambda game, env, me, stack, trial: (s.var, _zone_outcomes(game))


def _zone_outcomes(game: GameState) -> list[str]:
    """Every zone the zone die can give (the any-zone face: any zone)."""
    die = game.book.dice[game.book.zone_die]  # type: ignore[index]  # the checker asks for one
    if die.any_zone is not None and die.any_zone in die.faces:
        return list(game.book.zone_ids)
    zones = game.book.zone_ids
    return sorted({str(face) for face in die.faces if face in zones}, key=zones.index)


ROLL_ZONE = StatementWord(
    ast.RollZone, _check_roll_zone, _run_roll_zone, _look_roll_zone, told="rerolls", flow=MAY_ASK,
    example="roll zone Z\nchoose property L in Z where L is vacant\nbuild 1 on L", events=("roll_zone", "choose", "no_choice"),
    binds=lambda node, kind_of, context: [(node.var, "zone")],
)


# ----- roll dice N [for PLAYER] -------------------------------------------------------------


def _check_roll_dice(c: Checker, node: ast.RollDice, scope: Scope) -> None:
    c.has_die(node, "number", "with only numbers for 'roll dice'")
    c.expect(node.player, "player", scope, "who rolls ('for ...')")
    c.bind(node, node.var, "number", scope)


def _run_roll_dice(s: ast.RollDice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, var = player_or_me(s.player, book), s.var

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        player = player_fn(g, f.env, root.me)
        dice = g.roll_number_dice()
        g.emit("roll_dice", {"player": player, "dice": dice})
        f.env[var] = sum(dice)
        f.pc += 1

    return op


def _look_roll_dice(s: ast.RollDice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    return lambda game, env, me, stack, trial: (s.var, _dice_sums(game))


def _dice_sums(game: GameState) -> list[int]:
    return sorted({sum(roll) for roll in product(game.book.number_faces, repeat=game.book.number_count)})


ROLL_DICE = StatementWord(
    ast.RollDice, _check_roll_dice, _run_roll_dice, _look_roll_dice, told=1, flow=QUIET,
    example="roll dice N\ndraw N", events=("roll_dice",),
    binds=lambda node, kind_of, context: [(node.var, "number")],
)


# ----- roll off P [among opponents] [lowest] ------------------------------------------------


def _check_roll_off(c: Checker, node: ast.RollOff, scope: Scope) -> None:
    if "face" not in c.context.dice.values():
        c.has_die(node, "number", "with numbers for 'roll off'")
    c.bind(node, node.var, "player", scope)


def _run_roll_off(s: ast.RollOff, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Every candidate rolls; the highest (or lowest) total wins, the tied roll again."""
    var, group, extreme = s.var, s.group, s.extreme

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        me = root.me
        candidates = g.players_from(me)
        if group == "opponents":
            candidates = [p for p in candidates if p != me]
        for _ in range(MAX_REROLLS):
            if len(candidates) <= 1:
                break
            totals = {}
            for player in candidates:
                faces = g.roll_off_dice()
                dice = [face if type(face) is int else 0 for face in faces]
                data: dict = {"player": player, "dice": dice}
                if dice != faces:
                    data["faces"] = faces  # a symbol, counted as 0: the log names it
                g.emit("roll_dice", data)
                totals[player] = sum(dice)
            target = min(totals.values()) if extreme == "lowest" else max(totals.values())
            candidates = [p for p in candidates if totals[p] == target]
        winner = candidates[0] if candidates else None
        if winner is not None:
            g.emit("roll_off", {"player": winner, "extreme": extreme})
        f.env[var] = winner
        f.pc += 1

    return op


def _look_roll_off(s: ast.RollOff, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        candidates: list[int | None] = list(game.players_from(me))
        if s.group == "opponents":
            candidates = [p for p in candidates if p != me]
        return s.var, candidates or [None]

    return step


ROLL_OFF = StatementWord(
    ast.RollOff, _check_roll_off, _run_roll_off, _look_roll_off, told="roll off", flow=QUIET,
    example="roll off lowest P among opponents\ndraw 1 for P", events=("roll_dice", "roll_off"),
    binds=lambda node, kind_of, context: [(node.var, "player")],
)


# ----- roll DIE into NAME [and DIE into NAME ...] --------------------------------------------


def _check_roll_faces(c: Checker, node: ast.RollFaces, scope: Scope) -> None:
    for die, var in node.rolls:
        kind = c.context.dice.get(die)
        if kind is None:
            c.report(node, f"there is no die '{die}'", did_you_mean(die, c.context.dice))
        c.bind(node, var, kind or "number", scope)


def _run_roll_faces(s: ast.RollFaces, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Roll the named dice in the order written, one announcement for all of them. Which dice
    show only numbers, or are one die of only words, is known now: they skip sorting words
    from numbers."""
    faces_of = {die.id: die.faces for die in book.variant.dice}  # ops are made before book.dice
    counts = {die.id: die.count for die in book.variant.dice}
    rolls = tuple(
        (die_id, var, faces, _face_kinds(faces, counts[die_id]), _one_draw(faces, counts[die_id]))
        for die_id, var in s.rolls
        for faces in (faces_of[die_id],)
    )

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        env, rolled = f.env, g.rolled
        numbers: list[int] = []
        face = None
        for die_id, var, faces, kinds, draw in rolls:
            if draw == 1:  # one die: GameState.roll's draw, without the call
                shown = rolled[die_id] = [g.rng.below(len(faces))]
            elif draw:  # two dice from one draw, as GameState.roll makes them
                second, first = divmod(g.rng.below(draw), len(faces))
                shown = rolled[die_id] = [first, second]
            else:
                shown = rolled[die_id] = g.roll(die_id)
            if kinds == "numbers":
                values: list[int] = [faces[i] for i in shown]  # type: ignore[misc]  # a die of numbers only
                numbers += values
                env[var] = sum(values)
            elif kinds == "a word":
                env[var] = word = faces[shown[0]]
                if face is None:
                    face = word
            else:
                mixed = [faces[i] for i in shown]
                words = [v for v in mixed if type(v) is not int]
                if words and face is None:
                    face = words[0]
                counted = [v for v in mixed if isinstance(v, int)]
                numbers.extend(counted)
                env[var] = words[0] if words and len(mixed) == 1 else sum(counted)
        g.emit("roll", {"player": root.me, "dice": numbers, "face": face})

    return op


def _one_draw(faces: tuple, count: int) -> int:
    """How GameState.roll rolls these dice when it is simple: 1 for one die, the combinations of
    two dice drawn at once (below 2**32), else 0 (left to GameState.roll)."""
    if count == 1:
        return 1
    combinations = len(faces) ** 2
    return combinations if count == 2 and combinations < 2**32 else 0


def _face_kinds(faces: tuple, count: int) -> str:
    """"numbers" for dice of numbers only, "a word" for one die of words only, else "mixed"."""
    if all(type(v) is int for v in faces):
        return "numbers"
    if count == 1 and not any(isinstance(v, int) for v in faces):
        return "a word"
    return "mixed"


def _look_roll_faces(s: ast.RollFaces, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Each die named branches over the values its variable may take, one die after another
    (the rest of the roll a statement of its own, pushed to run next)."""
    (die_id, var), rest = s.rolls[0], s.rolls[1:]
    die = next(d for d in book.variant.dice if d.id == die_id)
    values = _face_values(die.faces, die.count)
    after = (_look_roll_faces(ast.RollFaces(line=s.line, col=s.col, rolls=rest), book, ()),) if rest else None

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        if after is not None:
            stack.append((after, 0, env, me))
        return var, values

    return step


def _face_values(faces: tuple, count: int) -> list[Any]:
    """Every value a roll of `count` dice of these faces gives its variable, as the machine
    gives it (`_run_roll_faces`): the sum of the numbers, or the word of a die that shows only
    a word."""
    found: dict[Any, None] = {}
    for roll in product(faces, repeat=count):
        words = [v for v in roll if type(v) is not int]
        found[words[0] if words and len(roll) == 1 else sum(v for v in roll if type(v) is int)] = None
    return list(found)


ROLL_FACES = StatementWord(
    ast.RollFaces, _check_roll_faces, _run_roll_faces, _look_roll_faces, told=1, flow=QUIET,
    example="roll number into N and colour into C", events=("roll",),
    binds=lambda node, kind_of, context: [(var, context.dice.get(die, "number")) for die, var in node.rolls],
)

WORDS = (ROLL_ZONE, ROLL_DICE, ROLL_OFF, ROLL_FACES)


def _symbol(face: Any) -> str:
    """A die's symbol as the log names it: 'double' is 'Double', 'free_move' 'Free move'."""
    return str(face).replace("_", " ").capitalize()


def _tell_roll(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """The turn's roll: its numbers and the zone die's face (a zone, a symbol with the words the
    die gives it, or a symbol on which the roller chooses the zone)."""
    who, dice, face = t.player(d["player"]), " + ".join(str(x) for x in d["dice"]), d["face"]
    if face in t.any_zone:
        return f"{who} rolls {dice} = {t.money(sum(d['dice']))} and {_symbol(face)}"
    if face in t.says and d["dice"]:
        return f"{who} rolls {dice} and {_symbol(face)}: {t.says[face]}"
    if face in t.zones:
        return f"{who} rolls {dice} = {t.money(sum(d['dice']))} and {t.zones[face]}"
    # a die of numbers and symbols: the number, or the symbol
    faces = [str(x) for x in d["dice"]] + ([_symbol(face)] if face is not None else [])
    return f"{who} rolls {' and '.join(faces)}"


def _tell_roll_dice(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """`roll dice`, or one roll of a roll-off: a symbol among the numbers counts as 0."""
    faces = [str(x) if type(x) is int else f"{_symbol(x)} (counts as 0)" for x in d.get("faces", d["dice"])]
    if len(faces) == 1:
        return f"{t.player(d['player'])} rolls {faces[0]}"
    return f"{t.player(d['player'])} rolls {' + '.join(faces)} = {sum(d['dice'])}"


def _tell_roll_zone(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    face = d["face"]
    shown = t.zones[face] if face in t.zones else _symbol(face)
    again = ", rolls again" if face not in t.zones and face not in t.any_zone else ""  # `roll zone` rolls again
    return f"{t.player(d['player'])} rolls the colour die: {shown}{again}"


def _tell_roll_off(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} has the {d['extreme']} roll"


EVENT_TEXTS = (
    EventText("roll", ("player", "dice", "face"), _tell_roll),
    EventText("roll_dice", ("player", "dice", "faces"), _tell_roll_dice),
    EventText("roll_zone", ("player", "face"), _tell_roll_zone),
    EventText("roll_off", ("player", "extreme"), _tell_roll_off),
)
"""The texts of the events the dice tell (engine/core/event_text.py)."""
