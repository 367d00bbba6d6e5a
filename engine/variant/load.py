"""From a variant name or file to a checked `Variant`: the four stages of `boardwalk check`.

1. YAML: read and parse each file of the `extends` chain, then merge (yamlsource, merge).
2. Schema: the merged document against the JSON Schema (schema).
3. Effects: every card's effect and condition parsed with the Lark grammar (effects.parser).
4. Meaning: names resolve, kinds fit, counts add up (this module and effects.check).

Every stage reports all it finds; later stages run as far as earlier problems allow.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from engine.diagnostics import Diagnostic, Loc, Note, VariantError, clash, did_you_mean
from engine.digest import text_sha256_hex
from engine.effects import ast
from engine.effects.check import HOOK_NAMES, EffectContext, check_condition, check_program, is_reserved
from engine.effects.cost import Sizes, program_cost, program_work
from engine.effects.cycles import circles, on_circles
from engine.effects.parser import MAX_VARIANT_EFFECT_CHARS, EffectSyntaxError, Kinds, parse_condition
from engine.effects.plays import Play, cycles, plays_of
from engine.effects.recovery import Budget, ParsedEffect, parse_effect_all
from engine.variant import lint, schema
from engine.variant.find import VariantNotFound as VariantNotFound  # re-exported: engine.VariantNotFound
from engine.variant.find import find_variant
from engine.variant.merge import Source, load_merged, shown_path
from engine.variant.model import Card, Counter, Die, Ownership, Pile, Property, Rules, Score, Seat, Setup, Track, Variant, Zone
from engine.variant.yamlsource import LocDict, LocList, ValueLoc, text_position


@dataclass
class CheckResult:
    variant: Variant | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    source: Source = field(default_factory=Source)
    """The files read and what they name: what the result may be cached by (variant/cache.py)."""

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


def check_variant(argument: str | Path) -> CheckResult:
    """Run every stage on one variant; never raises for problems in the file's content."""
    path = argument if isinstance(argument, Path) else find_variant(argument)
    diagnostics: list[Diagnostic] = []
    source = Source()
    document = load_merged(path, diagnostics, source)
    files = [shown_path(p) for p in source.files]
    if document is None:
        return CheckResult(None, _sorted(diagnostics), files, source)
    _board_and_dice_by_default(document)
    schema_problems = schema.validate(document, complete=True)
    diagnostics.extend(schema_problems)
    texts, contexts = _TextBudget(), _Contexts(document)
    routines = _parse_routines(document, diagnostics, texts, contexts)
    cards = _parse_cards(document, diagnostics, texts)
    _check_effects(cards, diagnostics, contexts)
    programs = _parse_programs(document, diagnostics, texts, contexts)
    scores = _parse_scores(document, diagnostics, texts, contexts)
    variant = None
    if not schema_problems:
        _check_meaning(document, cards, diagnostics, root_file=files[0])
        if not diagnostics:
            diagnostics.extend(lint.warnings(document, cards, root_file=files[0]))
            variant = _compiled(_build(document, cards, programs, scores, files, routines))
    return CheckResult(variant, _sorted(diagnostics), files, source)


def _board_and_dice_by_default(document: LocDict) -> None:
    """A game without a board or dice (a card game) leaves `board` and `dice` out: it gets no
    dice, and a board of no spaces whose stacks are cards owned by their top card. Written
    into the document, where the file begins, before the schema sees it."""
    if not isinstance(document, LocDict):
        return
    start = document.loc.loc if document.loc is not None else Loc(document_file(document), 1, 1)
    where = ValueLoc(start)
    if "dice" not in document:
        document["dice"] = LocDict(loc=where)
        document.key_locs["dice"], document.value_locs["dice"] = start, where
    if "board" not in document:
        ownership = LocDict({"rule": "top_card"}, loc=where)
        board = LocDict({"zones": LocList(loc=where), "stacks": "cards", "ownership": ownership}, loc=where)
        for key in board:
            board.key_locs[key], board.value_locs[key] = start, where
        ownership.key_locs["rule"], ownership.value_locs["rule"] = start, where
        document["board"] = board
        document.key_locs["board"], document.value_locs["board"] = start, where


def document_file(document: LocDict) -> str:
    """The file a document was read from, as its keys' places say ('' when it has none)."""
    return next((loc.file for loc in document.key_locs.values()), "")


def _compiled(variant: Variant) -> Variant:
    """A built variant compiled for play, once, here at load (engine/game/rulebook.py)."""
    from engine.game.rulebook import compile_variant  # the kernel: loaded only once a variant is built

    return compile_variant(variant)


def load_variant(argument: str | Path) -> Variant:
    """The checked variant; raises VariantNotFound or VariantError (with every problem)."""
    result = check_variant(argument)
    if result.variant is None:
        raise VariantError(result.diagnostics)
    return result.variant


def effect_context(argument: str | Path, timing: str, program: bool | None = None) -> EffectContext:
    """What an effect of this timing ('setup', 'turn', a hook or a card timing) may name in
    the variant: the checker's own context, for tools and the docs' examples. `program`
    says whether it is a program (default: for 'setup' and 'turn')."""
    path = argument if isinstance(argument, Path) else find_variant(argument)
    diagnostics: list[Diagnostic] = []
    document = load_merged(path, diagnostics, Source())
    if document is None:
        raise VariantError(diagnostics)
    return _context(document, timing, timing in ("setup", "turn") if program is None else program)


def _sorted(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    unique = list(dict.fromkeys(diagnostics))
    return sorted(unique, key=lambda d: (d.loc.file, d.loc.line, d.loc.col))


# ----- stage 3: parsing effects ----------------------------------------------------------------


@dataclass
class _ParsedCard:
    raw: LocDict
    effect: ast.Program | None
    condition: ast.Expr | None
    partial: ParsedEffect | None = None
    """An effect with syntax errors, as far as it parsed: its statements are still checked."""


def _parse_cards(document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget) -> list[_ParsedCard]:
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    parsed: list[_ParsedCard] = []
    budget = Budget()
    kinds = schema.space_kinds(document)
    for raw in cards if isinstance(cards, list) else []:
        if not isinstance(raw, LocDict):
            continue
        effect = _parse_effect(raw, diagnostics, budget, kinds) if texts.admit(raw, "effect", diagnostics) else None
        admitted = texts.admit(raw, "condition", diagnostics)
        condition = _parse_text(raw, "condition", lambda text: parse_condition(text, kinds), diagnostics) if admitted else None
        if effect is None and "effect" not in raw:  # a card that is never played (a cash card)
            parsed.append(_ParsedCard(raw, ast.Program((), ""), condition))
        elif effect is None or not effect.errors:
            parsed.append(_ParsedCard(raw, None if effect is None else effect.program, condition))
        else:
            parsed.append(_ParsedCard(raw, None, condition, partial=effect))
    return parsed


class _TextBudget:
    """What is left of MAX_VARIANT_EFFECT_CHARS for the effect texts still to parse, in the
    order the check parses them: cards (effect, then condition), the programs and hooks, the
    scores. Parsing is linear but not quick (a megabyte of effects took fifteen seconds), so
    the texts of a variant share one bound; the first past it is refused, the rest skipped."""

    def __init__(self) -> None:
        self.chars = MAX_VARIANT_EFFECT_CHARS

    def admit(self, raw: LocDict, key: str, diagnostics: list[Diagnostic]) -> bool:
        text = raw.get(key)
        if not isinstance(text, str):
            return True  # nothing to parse; the schema says what is wrong
        if self.chars < 0:
            return False
        self.chars -= len(text)
        if self.chars >= 0:
            return True
        where = text_position(raw.value_locs[key], 1, 1)
        message = (
            f"{_whose(raw, key)}: with it, the effects, conditions, programs and scores of this variant are longer "
            f"than {MAX_VARIANT_EFFECT_CHARS:,} characters together, so it was not read, nor any after it"
        )
        diagnostics.append(Diagnostic(where, message, "the largest bundled game needs fewer than 10,000; shorten them"))
        return False


def _parse_effect(raw: LocDict, diagnostics: list[Diagnostic], budget: Budget, kinds: Kinds) -> ParsedEffect | None:
    """The card's effect with every syntax error it has reported, or None without an effect."""
    text = raw.get("effect")
    if not isinstance(text, str):
        return None
    parsed = parse_effect_all(text, budget, kinds)
    for error in parsed.errors:
        _report_syntax(raw, "effect", error, diagnostics)
    return parsed


def _parse_text(raw: LocDict, key: str, parse, diagnostics: list[Diagnostic]):
    text = raw.get(key)
    if not isinstance(text, str):
        return None
    try:
        return parse(text)
    except EffectSyntaxError as error:
        _report_syntax(raw, key, error, diagnostics)
        return None


def _report_syntax(raw: LocDict, key: str, error: EffectSyntaxError, diagnostics: list[Diagnostic]) -> None:
    where = text_position(raw.value_locs[key], error.line, error.col)
    diagnostics.append(Diagnostic(where, f"{_whose(raw, key)}: {error.message}", error.hint))


def _whose(raw: LocDict, key: str) -> str:
    """How a message names the text it is about: a card's effect or condition, a program, a
    hook or a routine."""
    if "id" in raw:
        return f"{'effect' if key == 'effect' else 'condition'} of card '{raw.get('id')}'"
    if key in PROGRAM_KEYS:
        return f"the {key} program"
    return f"routine '{key}'" if raw.get(_ROUTINES_MARK) is True else f"the {key} hook"


# ----- the game's own programs ----------------------------------------------------------------

PROGRAM_KEYS = ("setup", "turn")

_ROUTINES_MARK = "\x00routines"
"""A key no YAML mapping of a variant can hold: set on the routines' mapping while it is
checked, so that a message names 'routine X' and not 'the X hook'."""


def _parse_routines(
    document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: _Contexts
) -> dict[str, ast.Program]:
    """The variant's routines (`do NAME`), parsed, refused where they run one another without
    end, then checked like programs, each after those it runs, so that its cost counts
    theirs; the effects checked after them know every routine's name and cost (`contexts`)."""
    raw = document.get("routines")
    if not isinstance(raw, LocDict):
        return {}
    dict.__setitem__(raw, _ROUTINES_MARK, True)
    try:
        parsed: dict[str, ast.Program] = {}
        budget = Budget()
        for name in [key for key in raw if key != _ROUTINES_MARK]:
            text = raw.get(name)
            if name in PROGRAM_KEYS or name in schema.file_schema()["properties"]["hooks"]["properties"]:
                diagnostics.append(Diagnostic(raw.key_locs[name], f"'{name}' is the name of one of the game's own programs",
                                              "name the routine otherwise"))
                continue
            if not isinstance(text, str) or not texts.admit(raw, name, diagnostics):
                continue
            result = parse_effect_all(text, budget, schema.space_kinds(document))
            for error in result.errors:
                _report_syntax(raw, name, error, diagnostics)
            if result.program is not None and not result.errors:
                parsed[name] = result.program
        contexts.routines = frozenset(key for key in raw if key != _ROUTINES_MARK)
        order = _callees_first(parsed, raw, diagnostics)
        for name in order:
            problems = check_program(parsed[name], contexts(name, program=True))
            _report(problems, raw, name, diagnostics)
            if not problems:
                sizes, statements = contexts(name, program=True).sizes, parsed[name].statements
                contexts.costs[name] = (program_cost(statements, sizes), program_work(statements, sizes))
        return {name: parsed[name] for name in order if name in contexts.costs}
    finally:
        dict.__delitem__(raw, _ROUTINES_MARK)


def _callees_first(parsed: dict[str, ast.Program], raw: LocDict, diagnostics: list[Diagnostic]) -> list[str]:
    """The routines in an order where each comes after every routine it runs; a routine that
    runs itself, even through others, is reported at the `do` that closes the circle, and
    left out with every routine that runs it."""
    runs = {
        name: [node for node in ast.walk(list(program.statements)) if isinstance(node, ast.Do) and node.routine in parsed]
        for name, program in parsed.items()
    }

    def edges(name: str) -> list[tuple[ast.Do, str]]:
        return [(do, do.routine) for do in runs[name]]

    for path in circles(parsed, edges):
        name, do = path[-1]  # the `do` that leads back to where the circle began
        circle = [node for node, _ in path] + [path[0][0]]
        where = text_position(raw.value_locs[name], do.line, do.col)
        diagnostics.append(Diagnostic(
            where, f"routine '{name}': routines run one another without end: {' -> '.join(circle)}",
            "a routine may not run itself, even through others; repeat inside it with 'repeat N times:'",
        ))
    stuck = on_circles(parsed, edges)
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name in stuck:
            return
        for do in runs[name]:
            visit(do.routine)
        order.append(name)

    for name in parsed:
        visit(name)
    return order


def _parse_programs(
    document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: _Contexts
) -> dict[str, ast.Program]:
    """The setup and the turn, parsed and checked like card effects (every problem at its line
    in the file); a program with problems is left out, and the variant does not build."""
    programs: dict[str, ast.Program] = {}
    budget = Budget()
    hooks = document.get("hooks")
    places: list[tuple[LocDict, str]] = [(document, key) for key in PROGRAM_KEYS]
    if isinstance(hooks, LocDict):
        places += [(hooks, key) for key in hooks]
    for raw, key in places:
        text = raw.get(key)
        if not isinstance(text, str) or not texts.admit(raw, key, diagnostics):
            continue
        parsed = parse_effect_all(text, budget, schema.space_kinds(document))
        for error in parsed.errors:
            _report_syntax(raw, key, error, diagnostics)
        if parsed.program is None:
            continue
        context = contexts(key, program=True)
        problems = check_program(parsed.program, context, parsed.missing_from if parsed.errors else None)
        _report(problems, raw, key, diagnostics)
        if not parsed.errors and not problems:
            programs[key] = parsed.program
    return programs


def _parse_scores(document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: _Contexts) -> dict[str, Score]:
    """Each score's expression about the player X, parsed and checked where it is written."""
    raw = document.get("scores")
    found: dict[str, Score] = {}
    if not isinstance(raw, LocDict):
        return found
    for name, spec in raw.items():
        holder: LocDict
        if isinstance(spec, LocDict):
            fewest = "fewest" in spec
            holder, key = spec, "fewest" if fewest else "most"
            words = spec.get("name", name.replace("_", " "))
        else:
            holder, key, fewest, words = raw, name, False, name.replace("_", " ")
        text = holder.get(key)
        if not isinstance(text, str) or not texts.admit(holder, key, diagnostics):
            continue
        try:
            expr = parse_condition(text, schema.space_kinds(document))
        except EffectSyntaxError as error:
            where = text_position(holder.value_locs[key], error.line, error.col)
            diagnostics.append(Diagnostic(where, f"the score '{name}': {error.message}", error.hint))
            continue
        context = contexts("score")
        context.given = {"X": "player"}
        problems = check_condition(expr, context, wanted="number")
        for problem in problems:
            where = text_position(holder.value_locs[key], problem.line, problem.col)
            diagnostics.append(Diagnostic(where, f"the score '{name}': {problem.message}", problem.hint))
        if not problems:
            money = bool(spec.get("money", False)) if isinstance(spec, LocDict) else False
            goal = spec.get("goal") if isinstance(spec, LocDict) else None
            found[name] = Score(name, expr, fewest, str(words), money, *_goal(goal, document, holder, diagnostics))
    taken = {*(document.get("counters") or ()), *(document.get("piles") or ())}  # `NAME of X` is these first
    return _scores_read_in_turn(found, raw, diagnostics, taken)


def _scores_read_in_turn(
    found: dict[str, Score], raw: LocDict, diagnostics: list[Diagnostic], taken: set[str]
) -> dict[str, Score]:
    """The scores, less those that read themselves, even through other scores (`total of X`
    inside `total`): each such score is reported at its name. A name a counter or a pile
    `taken` is read as those, not as a score."""
    reads = {
        name: sorted({node.counter for node in ast.walk([score.expression])
                      if isinstance(node, ast.OfPlayer) and node.counter in found and node.counter not in taken})
        for name, score in found.items()
    }

    def edges(name: str) -> list[tuple[str, str]]:
        return [(other, other) for other in reads[name]]

    for path in circles(found, edges):
        first = path[0][0]
        if len(path) == 1:
            message = f"the score '{first}' reads itself"
        else:
            message = f"scores read one another without end: {' -> '.join([name for name, _ in path] + [first])}"
        diagnostics.append(Diagnostic(raw.key_locs[first], message, "a score may read other scores, never itself"))
    circular = on_circles(found, edges)
    return {name: score for name, score in found.items() if name not in circular}


def _goal(goal: Any, document: LocDict, spec: LocDict, diagnostics: list[Diagnostic]) -> tuple[int | None, str]:
    """A score's goal as a number, and its words: the rule's name when read from a rule."""
    if not isinstance(goal, str):
        return (goal if isinstance(goal, int) and not isinstance(goal, bool) else None), ""
    name = goal[5:]
    rules = document.get("rules")
    value = rules.get(name) if isinstance(rules, LocDict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        diagnostics.append(Diagnostic(spec.value_locs["goal"].loc,
                                      f"'goal' names the rule '{name}', which is not a rule holding a number",
                                      did_you_mean(name, list(rules) if isinstance(rules, LocDict) else [])))
        return None, ""
    return value, name.replace("_", " ")


def _check_scoring(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """The ranking and the track name scores; a rule named for a parameter holds the right thing."""
    scores, rules = document["scores"], document["rules"]

    def problem(loc: Loc, message: str, hint: str | None = None) -> None:
        diagnostics.append(Diagnostic(loc, message, hint))

    ranking = document["ranking"]
    loc = document.value_locs["ranking"].loc
    if isinstance(ranking, str):
        name = ranking[5:]
        if name not in rules:
            problem(loc, f"'ranking' names the rule '{name}', which is not a rule", did_you_mean(name, list(rules)))
            return
        ranking, loc = rules[name], rules.value_locs[name].loc
        if not isinstance(ranking, list):
            problem(loc, f"the rule '{name}' gives the ranking, so it must be a list of score names")
            return
    for key in ranking:
        if key not in scores:
            problem(loc, f"the ranking names '{key}', which is not a score", did_you_mean(str(key), list(scores)))
    ownership = document["board"]["ownership"]
    ties = ownership.get("ties")
    if isinstance(ties, str) and ties.startswith("rule "):
        name = ties[5:]
        if name not in rules:
            problem(ownership.value_locs["ties"].loc, f"'ties' names the rule '{name}', which is not a rule",
                    did_you_mean(name, list(rules)))
        elif rules[name] not in ("lowest_unit", "keep_owner"):
            problem(rules.value_locs[name].loc,
                    f"the rule '{name}' gives the ownership ties, so it must be lowest_unit or keep_owner")
    track = document["board"].get("track")
    if isinstance(track, LocDict) and track["follows"] not in scores:
        follows = track["follows"]
        problem(track.value_locs["follows"].loc, f"the track follows '{follows}', which is not a score",
                did_you_mean(follows, list(scores)))


class _Contexts:
    """The context of each text of one variant (`_context`), what the timing does not change
    worked out once: worked out for each card, it went through every card each time, and a
    thousand cards took seconds."""

    def __init__(self, document: LocDict):
        self.document = document
        self.common: EffectContext | None = None
        self.routines: frozenset[str] = frozenset()
        """The routines the variant names (`_parse_routines`)."""
        self.costs: dict[str, tuple[int, int]] = {}
        """The worst case of each routine checked so far: (steps, work), see cost.Sizes."""

    def __call__(self, timing: str, program: bool = False) -> EffectContext:
        if self.common is None:
            self.common = _context(self.document, "end_of_turn")
        costs = tuple((name, steps, work) for name, (steps, work) in self.costs.items())
        return replace(
            self.common, timing=timing, given=HOOK_NAMES.get(timing, {}) if program else {}, program=program,
            routines=self.routines or self.common.routines, sizes=replace(self.common.sizes, routines=costs),
        )


def _context(document: LocDict, timing: str, program: bool = False) -> EffectContext:
    """What a card's effect or a program may name in this variant: its zones, the words its
    dice can show, its dice, its rules with their kinds and words, its endings."""
    board = document.get("board")
    zones_raw = board.get("zones") if isinstance(board, dict) else None
    zones = frozenset(
        z["id"]
        for z in (zones_raw if isinstance(zones_raw, list) else [])
        if isinstance(z, dict) and isinstance(z.get("id"), str)
    )
    ends = document.get("ends")
    faces, dice = _dice_words(document, zones)
    piles = document.get("piles")
    routines, scores = document.get("routines"), document.get("scores")
    space_numbers, zone_numbers = number_names(document)
    return EffectContext(
        zones=zones,
        timing=timing,
        sizes=_sizes(document),
        faces=faces,
        dice=dice,
        dice_known=isinstance(document.get("dice"), dict),
        kinds=frozenset(schema.space_kinds(document)),
        piles=frozenset(piles) if isinstance(piles, dict) else frozenset(),
        public_piles=frozenset(
            name for name, spec in (piles.items() if isinstance(piles, dict) else ())
            if isinstance(spec, dict) and spec.get("seen_by") == "everyone"
        ),
        pile_each={
            name: spec["each"] for name, spec in (piles.items() if isinstance(piles, dict) else ())
            if isinstance(spec, dict) and isinstance(spec.get("each"), str)
        },
        card_tags=_card_tags(document),
        rules=schema.rule_values(document),
        end_reasons=frozenset(ends if isinstance(ends, dict) else ()),
        counters=_counters(document),
        per_player=_per_player_counters(document),
        per_space=_per_space_counters(document),
        loop=isinstance(board, dict) and isinstance(board.get("loop"), list),
        timings=_timings(document),
        given=HOOK_NAMES.get(timing, {}) if program else {},
        routines=frozenset(routines if isinstance(routines, dict) else ()),
        space_numbers=space_numbers,
        zone_numbers=zone_numbers,
        scores=frozenset(scores if isinstance(scores, dict) else ()),
        program=program,
    )


def _counters(document: LocDict) -> dict[str, frozenset[str] | None]:
    raw = document.get("counters")
    found: dict[str, frozenset[str] | None] = {}
    for name, spec in (raw.items() if isinstance(raw, dict) else ()):
        used_by = spec.get("used_by") if isinstance(spec, dict) else None
        found[name] = frozenset(t for t in used_by if isinstance(t, str)) if isinstance(used_by, list) else None
    return found


def _card_tags(document: LocDict) -> frozenset[str]:
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    found: set[str] = set()
    for card in cards if isinstance(cards, list) else []:
        tags = card.get("tags") if isinstance(card, dict) else None
        found.update(tag for tag in (tags if isinstance(tags, list) else []) if isinstance(tag, str))
    return frozenset(found)


def _per_player_counters(document: LocDict) -> frozenset[str]:
    raw = document.get("counters")
    specs = raw.items() if isinstance(raw, dict) else ()
    return frozenset(name for name, spec in specs if isinstance(spec, dict) and spec.get("each") in ("player", "space"))


def _per_space_counters(document: LocDict) -> frozenset[str]:
    raw = document.get("counters")
    specs = raw.items() if isinstance(raw, dict) else ()
    return frozenset(name for name, spec in specs if isinstance(spec, dict) and spec.get("each") == "space")


def _timings(document: LocDict) -> frozenset[str]:
    """The moments the variant declares for playing cards: what `offer cards timed ...` may name."""
    timings = document.get("timings")
    return frozenset(timings if isinstance(timings, dict) else ())


def _dice_words(document: LocDict, zones: frozenset[str]) -> tuple[frozenset[str], dict[str, str]]:
    """The symbols the dice can show, and what each die's name stands for when rolled into
    one: "number" (all faces numbers: their sum), "zone" (zone faces and symbols) or "face"
    (numbers and symbols). Read defensively: the document may not have passed the schema."""
    raw = document.get("dice")
    faces: set[str] = set()
    kinds: dict[str, str] = {}
    for name, die in (raw.items() if isinstance(raw, dict) else ()):
        if not isinstance(die, dict):
            continue
        symbols = die.get("symbols")
        faces.update(s for s in (symbols if isinstance(symbols, list) else []) if isinstance(s, str))
        sides = die["faces"] if isinstance(die.get("faces"), list) else []
        if all(type(f) is int for f in sides):
            kinds[name] = "number"
        elif any(f in zones for f in sides) or die.get("any_zone"):
            kinds[name] = "zone"
        else:
            kinds[name] = "face"
    return frozenset(faces), kinds


# ----- stage 4: meaning ------------------------------------------------------------------------


def _check_meaning(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
    players, board = document["players"], document["board"]
    for owner, key in ((players, "seats"), (board, "zones"), (document["deck"], "cards")):
        _unique_ids(owner[key], diagnostics)
    _check_players(players, diagnostics, root_file)
    for zone in board["zones"]:
        if is_reserved(zone["id"]):
            diagnostics.append(
                Diagnostic(zone.value_locs["id"].loc, f"'{zone['id']}' is a reserved word and cannot name a zone")
            )
        if "names" in zone and len(zone["names"]) != len(zone["values"]):
            diagnostics.append(Diagnostic(
                zone.value_locs["names"].loc,
                f"the zone '{zone['id']}' has {len(zone['values'])} values but {len(zone['names'])} names",
                "give one name for each value, in the same order",
            ))
    _check_numbers(document, diagnostics)
    _check_names_not_words(document, diagnostics)
    _check_dice(document["dice"], board, diagnostics, root_file)
    if "track" in board:
        _check_marks(board["track"], diagnostics, root_file)
    if "loop" in board:
        _check_loop(board, diagnostics)
    _check_scoring(document, diagnostics)
    _check_deck(document, cards, diagnostics, root_file)
    _check_piles(document, cards, diagnostics)
    _check_card_total(document, diagnostics)


def _check_names_not_words(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A counter or zone number named after a word of the effect language (`total`) could never
    be read: the parser takes it for the word, and every use fails with a message about
    punctuation. Say so once, where the name is given. (Piles are not checked: the bundled
    games' `discard` pile is a word, used only by the statements that discard, never read by
    name. Routines are not: `do NAME` reads any word as a name.)"""
    named: list[tuple[LocDict, str, str]] = []
    counters = document.get("counters")
    if isinstance(counters, LocDict):
        named.extend((counters, name, "counter") for name in counters)
    for zone in document["board"]["zones"]:
        numbers = zone.get("numbers")
        if isinstance(numbers, LocDict):
            named.extend((numbers, name, "number") for name in numbers)
    for owner, name, what in named:
        if is_reserved(name):
            diagnostics.append(Diagnostic(
                owner.key_locs[name],
                f"'{name}' is a word of the effect language, so a {what} named '{name}' could never be read",
                f"name the {what} otherwise, such as 'my_{name}'",
            ))


def _check_numbers(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A zone's `numbers`: a list has one number for each space; a name is a number of spaces
    in every zone or of zones in every zone, never both; and it is not a counter's or a pile's
    name, which `NAME of X` would read too."""
    zones = document["board"]["zones"]
    kinds: dict[str, str] = {}
    taken = set(document.get("counters") or ()) | set(document.get("piles") or ())
    for zone in zones:
        numbers = zone.get("numbers")
        if not isinstance(numbers, LocDict):
            continue
        for key, given in numbers.items():
            kind = "space" if isinstance(given, list) else "zone"
            if isinstance(given, list) and len(given) != len(zone["values"]):
                diagnostics.append(Diagnostic(
                    numbers.value_locs[key].loc,
                    f"the zone '{zone['id']}' has {len(zone['values'])} values but {len(given)} numbers '{key}'",
                    "give one number for each value, in the same order",
                ))
            if kinds.setdefault(key, kind) != kind:
                diagnostics.append(Diagnostic(
                    numbers.key_locs[key],
                    f"'{key}' is a number of each space in one zone and of the zone itself in another",
                    "give it as a list in every zone (one for each space) or as one number in every zone",
                ))
            if key in taken:
                diagnostics.append(Diagnostic(
                    numbers.key_locs[key], f"'{key}' is already the name of a counter or a pile", "name the number otherwise",
                ))


def number_names(document: object) -> tuple[frozenset[str], frozenset[str]]:
    """The names of the numbers the zones give their spaces and themselves (`rent of P`,
    `points of Z`), as far as the document is valid: what the effects may read."""
    space: set[str] = set()
    zone: set[str] = set()
    board = document.get("board") if isinstance(document, dict) else None
    zones = board.get("zones") if isinstance(board, dict) else None
    for entry in zones if isinstance(zones, list) else ():
        numbers = entry.get("numbers") if isinstance(entry, dict) else None
        for key, given in (numbers.items() if isinstance(numbers, dict) else ()):
            (space if isinstance(given, list) else zone).add(key)
    return frozenset(space), frozenset(zone - space)


TOLD_PLACES = frozenset({"{card}", "{player}", "{owner}", "{from}"})
"""What a pile's `told` may name (messages.Texts.told_put fills them in)."""


def _check_piles(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic]) -> None:
    """Every pile a card or another pile names exists and can hold what it is asked to."""
    piles = document["piles"]
    for key, spec in piles.items():
        told = spec.get("told")
        if isinstance(told, str):
            unknown = sorted(set(re.findall(r"\{[^{}]*\}", told)) - TOLD_PLACES)
            if unknown or told.count("{") != told.count("}"):
                diagnostics.append(Diagnostic(
                    spec.value_locs["told"].loc,
                    f"pile '{key}': 'told' may name only {', '.join(sorted(TOLD_PLACES))}"
                    + (f", not {', '.join(unknown)}" if unknown else "; a brace is left open"),
                    "write the card as {card}, who put it as {player}, whose pile as {owner}, where it was as {from}",
                ))
        if spec.get("played_from") and spec["each"] != "player":
            diagnostics.append(Diagnostic(
                spec.value_locs["played_from"].loc,
                f"pile '{key}' is one per {spec['each']}, and a player plays cards only from piles of their own",
                "give it 'each: player', or leave 'played_from' out",
            ))
        source = spec.get("refill_from")
        if source is None:
            continue
        loc = spec.value_locs["refill_from"].loc
        if source not in piles:
            diagnostics.append(
                Diagnostic(loc, f"'refill_from' names '{source}', which is not a pile", did_you_mean(source, list(piles)))
            )
        elif source == key:
            diagnostics.append(Diagnostic(loc, f"pile '{key}' cannot be refilled from itself"))
        elif piles[source]["each"] != spec["each"]:
            diagnostics.append(
                Diagnostic(
                    loc,
                    f"'{key}' is one per {spec['each']} but '{source}' is one per {piles[source]['each']}",
                    "a pile is refilled from a pile owned the same way",
                )
            )
    by_default: dict[tuple[str, str], list[str]] = {}
    for card in cards:
        for key, default in (("starts_in", "deck"), ("discard_to", "discard")):
            if key not in card.raw:
                by_default.setdefault((key, default), []).append(card.raw["id"])
                continue
            name, loc = card.raw[key], card.raw.value_locs[key].loc
            if name not in piles:
                hint = did_you_mean(name, list(piles)) or f"give '{key}' one of: {', '.join(piles)}"
                diagnostics.append(Diagnostic(loc, f"'{key}' names '{name}', which is not a pile", hint))
            elif piles[name]["each"] == "space" and key == "discard_to":
                diagnostics.append(Diagnostic(
                    loc, f"'discard_to' names '{name}', a pile of each space; a card is discarded to a pile of "
                    "the game or of each player",
                ))
        zone = card.raw.get("zone")
        zones = [z["id"] for z in document["board"]["zones"]]
        if zone is not None and zone not in zones:
            diagnostics.append(Diagnostic(card.raw.value_locs["zone"].loc, f"'zone' names '{zone}', which is not a zone",
                                          did_you_mean(zone, zones)))
    for (key, name), ids in by_default.items():
        _check_default_pile(document, key, name, ids, diagnostics)


def _check_default_pile(document: LocDict, key: str, name: str, ids: list[str], diagnostics: list[Diagnostic]) -> None:
    """Cards that leave `key` out use the pile `name`: if it is missing or held by each space,
    say so once for all of them, not once a card."""
    piles = document["piles"]
    one = len(ids) == 1
    which = f"the card '{ids[0]}'" if one else f"{len(ids)} cards ('{ids[0]}', ...)"
    leave, they, are = ("leaves", "it uses", "is") if one else ("leave", "they use", "are")
    if name not in piles:
        diagnostics.append(Diagnostic(
            document["deck"].key_locs["cards"],
            f"{which} {leave} out '{key}', so {they} the pile '{name}', which the variant does not have",
            f"add a pile '{name}', or give each card a '{key}' naming one of: {', '.join(piles)}",
        ))
    elif piles[name]["each"] == "space" and key == "discard_to":
        diagnostics.append(Diagnostic(
            piles.key_locs[name],
            f"'{name}' is a pile of each space, but {which} {are} discarded to it, leaving out 'discard_to'",
            f"make '{name}' a pile of the game or of each player, or give those cards a 'discard_to'",
        ))


def _check_players(players: LocDict, diagnostics: list[Diagnostic], root_file: str) -> None:
    counts = [s["players"] for s in players["setups"]]
    for setup, count in zip(players["setups"], counts):
        if counts.count(count) > 1:
            diagnostics.append(Diagnostic(setup.key_locs["players"], f"more than one setup for {count} players"))
    seats, largest = players["seats"], lint.largest_setup(players)
    if len(seats) < largest["players"]:
        diagnostics.append(
            clash(
                root_file,
                f"{len(seats)} seats for up to {largest['players']} players; every player needs a seat",
                [
                    (players.key_locs["seats"], f"the {len(seats)} seats are listed here"),
                    (largest.value_locs["players"].loc, f"the setup for {largest['players']} players is here"),
                ],
            )
        )


def _check_dice(dice: LocDict, board: LocDict, diagnostics: list[Diagnostic], root_file: str) -> None:
    """A die's word faces are zones or its symbols; its symbols name no zone."""
    zones = board["zones"]
    zone_ids = [z["id"] for z in zones]
    for name, die in dice.items():
        symbols = die.get("symbols", [])
        for symbol, loc in zip(symbols, getattr(symbols, "value_locs", [])):
            if symbol in zone_ids:
                diagnostics.append(Diagnostic(loc.loc, f"'{symbol}' is a zone; a symbol of the {name} die must be another word"))
        any_zone = die.get("any_zone")
        if any_zone is not None and any_zone not in symbols:
            message = f"'any_zone' must be one of the {name} die's symbols"
            diagnostics.append(Diagnostic(die.value_locs["any_zone"].loc, message, f"add '{any_zone}' to its 'symbols'"))
        faces = die["faces"]
        for face, loc in zip(faces, faces.value_locs):
            if type(face) is int or face in zone_ids or face in symbols:
                continue
            places = [(loc.loc, f"the {name} die's '{face}' face is here")]
            hint: str | None
            if face in zones.removed:
                message = f"the zone '{face}' is removed, but the {name} die still has a '{face}' face"
                hint = f"give 'dice: {name}: faces:' a new list without '{face}'"
                places.insert(0, (zones.removed[face], ""))
            else:
                words = ", ".join(f"'{s}'" for s in symbols) or "none"
                message = f"{name} die face '{face}' is neither a number, a zone nor one of its symbols ({words})"
                hint = did_you_mean(face, zone_ids + list(symbols)) or f"or add '{face}' to the die's 'symbols'"
                places.append((board.key_locs["zones"], "the zones are listed here"))
            diagnostics.append(clash(root_file, message, places, hint))


def _check_marks(track: LocDict, diagnostics: list[Diagnostic], root_file: str) -> None:
    """One error per marked space beyond the end, at the space; but when a house rule
    shortens the base's track, one error at the new length, naming the base's spaces."""
    length = track["length"]
    length_loc = track.value_locs["length"].loc
    for mark, spaces in track.get("marks", {}).items():
        beyond = [(space, loc.loc) for space, loc in zip(spaces, spaces.value_locs) if space > length]
        spaces_file = track["marks"].value_locs[mark].loc.file
        what = f"{mark.replace('_', ' ').capitalize()} space"
        if beyond and length_loc.file == root_file != spaces_file:
            shown = _and([str(space) for space, _ in beyond])
            diagnostics.append(
                clash(
                    root_file,
                    f"the track ends at {length}, but the {what}{'s' if len(beyond) > 1 else ''} {shown} "
                    f"{'are' if len(beyond) > 1 else 'is'} beyond it",
                    [(length_loc, "")] + [(loc, f"the {what} {space} comes from here") for space, loc in beyond],
                    f"give 'marks: {mark}:' a new list in this file, each space at most {length}",
                )
            )
            continue
        for space, loc in beyond:
            diagnostics.append(
                clash(
                    root_file,
                    f"{what} {space} is beyond the end of the track ({length})",
                    [(loc, ""), (length_loc, f"the track's length, {length}, is set here")],
                )
            )


def loop_names(zones: list) -> dict[str, int]:
    """What a space of the board's loop may be called, with the space's index: its id (the
    zone's id and its place in the zone, `brown_2`), or the zone's id for a zone of one space
    (`go`). A space's own id wins where a zone of one space takes the same word."""
    names: dict[str, int] = {}
    index = 0
    singles: dict[str, int] = {}
    for zone in zones:
        count = len(zone["values"])
        for n in range(1, count + 1):
            names[f"{zone['id']}_{n}"] = index + n - 1
        if count == 1:
            singles[zone["id"]] = index
        index += count
    return {**singles, **names}


def _check_loop(board: LocDict, diagnostics: list[Diagnostic]) -> None:
    """Each space of the loop is on the board, and named once (two names of one space: `go`
    and `go_1`, count as the same space)."""
    names = loop_names(board["zones"])
    loop = board["loop"]
    seen: dict[int, str] = {}
    for name, loc in zip(loop, loop.value_locs):
        index = names.get(name)
        if index is None:
            several = [zone for zone in board["zones"] if zone["id"] == name]
            if several:
                count = len(several[0]["values"])
                hint = f"'{name}' has {count} spaces: name one, '{name}_1' to '{name}_{count}'"
            else:
                hint = did_you_mean(name, sorted(names)) or "name a space as ZONE_N, the Nth space of a zone ('red_2')"
            diagnostics.append(Diagnostic(loc.loc, f"the loop names '{name}', which is not a space of the board", hint))
        elif index in seen:
            diagnostics.append(Diagnostic(
                loc.loc, f"the loop passes the same space twice: '{name}' is '{seen[index]}'",
                "name each space of the loop once",
            ))
        else:
            seen[index] = name


def _and(words: list[str]) -> str:
    """'45', '45 and 50', '45, 50 and 55'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _unique_ids(items: list, diagnostics: list[Diagnostic]) -> None:
    seen: dict[str, Loc] = {}
    for item in items:
        loc = item.value_locs["id"].loc
        first = seen.get(item["id"])
        if first is None:
            seen[item["id"]] = loc
        elif first.file == loc.file:
            diagnostics.append(Diagnostic(loc, f"id '{item['id']}' is used twice (first at line {first.line})"))
        else:
            notes = (Note(first, f"'{item['id']}' is first used here"),)
            diagnostics.append(Diagnostic(loc, f"id '{item['id']}' is used twice", notes=notes))


def _check_effects(cards: list[_ParsedCard], diagnostics: list[Diagnostic], contexts: _Contexts) -> None:
    """Names and kinds in effects; runs even when the schema found problems elsewhere."""
    for card in cards:
        timing = card.raw.get("timing")
        context = contexts(timing if isinstance(timing, str) else "end_of_turn")
        if card.effect is not None and "effect" in card.raw:
            _report(check_program(card.effect, context), card.raw, "effect", diagnostics)
        elif card.partial is not None and card.partial.program is not None:
            _report(check_program(card.partial.program, context, card.partial.missing_from), card.raw, "effect", diagnostics)
        if card.condition is not None:
            _report(check_condition(card.condition, context), card.raw, "condition", diagnostics)
    _check_play_cycles(cards, diagnostics)


def _check_play_cycles(cards: list[_ParsedCard], diagnostics: list[Diagnostic]) -> None:
    """Cards that can be seen to play themselves or one another (engine/effects/plays.py),
    refused at the `play` that starts the cycle, with the others' as notes."""
    tags_of: dict[str, frozenset[str]] = {}
    raw_of: dict[str, LocDict] = {}
    for card in cards:
        card_id, tags = card.raw.get("id"), card.raw.get("tags")
        if isinstance(card_id, str):
            tags_of[card_id] = frozenset(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else frozenset()
            raw_of.setdefault(card_id, card.raw)
    found: list[Play] = []
    for card in cards:
        card_id = card.raw.get("id")
        if card.effect is not None and "effect" in card.raw and isinstance(card_id, str):
            found += plays_of(card_id, card.effect, tags_of)

    def where(play: Play) -> Loc:
        return text_position(raw_of[play.card].value_locs["effect"], play.node.line, play.node.col)

    for cycle in cycles(found):
        notes = tuple(Note(where(play), f"'{play.card}' plays the next card of the cycle here") for play in cycle.plays[1:])
        diagnostics.append(Diagnostic(where(cycle.plays[0]), cycle.describe(), cycle.hint(), notes=notes))


def _sizes(document: LocDict) -> Sizes:
    """How many properties, zones and players this variant has, for the cost of its effects;
    where the document is not yet valid, the largest the schema allows stands in."""
    largest = Sizes()
    board = document.get("board")
    zones = board.get("zones") if isinstance(board, dict) else None
    lengths = [
        min(len(z["values"]), largest.largest_zone) if isinstance(z.get("values"), list) else 0
        for z in (zones if isinstance(zones, list) else [])
        if isinstance(z, dict)
    ]
    players = document.get("players")
    setups = players.get("setups") if isinstance(players, dict) else None
    counts = [
        s["players"] for s in (setups if isinstance(setups, list) else [])
        if isinstance(s, dict) and type(s.get("players")) is int
    ]
    units = [
        s["units"] for s in (setups if isinstance(setups, list) else [])
        if isinstance(s, dict) and type(s.get("units")) is int and type(s.get("players")) is int
    ]
    if not lengths:
        return Sizes(players=min(max(counts), largest.players)) if counts else largest
    return Sizes(
        units=min(max(units) * max(counts), largest.units) if units and counts else largest.units,
        properties=min(sum(lengths), largest.properties),
        largest_zone=max(lengths),
        zones=min(len(lengths), largest.zones),
        players=min(max(counts), largest.players) if counts else largest.players,
        cards=_most_cards(document, min(max(counts), largest.players) if counts else largest.players),
    )


def _most_cards(document: LocDict, players: int) -> int:
    """Every copy of every card when each player has their own (an upper bound either way)."""
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    copies = sum(
        c["count"] for c in (cards if isinstance(cards, list) else []) if isinstance(c, dict) and type(c.get("count")) is int
    )
    return min(max(copies * players, 1), MAX_CARDS)


MAX_CARDS = 1_000
"""The most cards one game may hold, every player's own included: what a collection of
cards is measured against (effects.cost), so a where over a pile stays cheap."""


def _check_card_total(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    piles = document["piles"]
    players = max(s["players"] for s in document["players"]["setups"])
    total = sum(
        c["count"] * (players if piles.get(c.get("starts_in", "deck"), {}).get("each") == "player" else 1)
        for c in document["deck"]["cards"]
    )
    if total > MAX_CARDS:
        diagnostics.append(Diagnostic(
            document["deck"].key_locs["cards"],
            f"the game would hold {total:,} cards with {players} players, more than the {MAX_CARDS:,} allowed",
            "give fewer copies ('count'), or fewer to each player",
        ))


def _check_deck(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
    by_id = {card.raw["id"]: card for card in cards}
    offers = {
        card.raw["id"]
        for card in cards
        if card.effect is not None and any(isinstance(n, ast.OfferReaction) for n in ast.walk(list(card.effect.statements)))
    }
    all_parsed = all(c.effect is not None for c in cards)
    removed = document["deck"]["cards"].removed
    for card in cards:
        _check_timing(card.raw, diagnostics, root_file)
        reacts_to = card.raw.get("reacts_to")
        for target, loc in zip(reacts_to or [], getattr(reacts_to, "value_locs", [])):
            if target not in by_id:
                diagnostics.append(_unknown_target(card.raw, target, loc.loc, list(by_id), removed, root_file))
            elif target not in offers and all_parsed:
                diagnostics.append(
                    clash(
                        root_file,
                        f"'{target}' never offers a reaction, so '{card.raw['id']}' could never be played against it",
                        [
                            (loc.loc, f"'{card.raw['id']}' answers '{target}' here"),
                            (by_id[target].raw.value_locs["effect"].loc, f"the effect of '{target}' is here"),
                        ],
                        f"add 'offer reaction to ...' to the effect of '{target}'",
                    )
                )
    _check_deck_size(document, diagnostics, root_file)


def _check_timing(raw: LocDict, diagnostics: list[Diagnostic], root_file: str) -> None:
    timing, reacts_to = raw["timing"], raw.get("reacts_to")
    if timing == "reaction" and not reacts_to:
        diagnostics.append(
            Diagnostic(raw.key_locs["timing"], f"reaction card '{raw['id']}' needs 'reacts_to': the cards it answers")
        )
    if reacts_to and timing != "reaction":
        diagnostics.append(
            clash(
                root_file,
                f"'reacts_to' only applies to cards with timing 'reaction'; '{raw['id']}' has timing '{timing}'",
                [
                    (raw.key_locs["reacts_to"], f"the 'reacts_to' of '{raw['id']}' is here"),
                    (raw.value_locs["timing"].loc, f"the timing of '{raw['id']}' is set here"),
                ],
            )
        )


def _unknown_target(raw: LocDict, target: str, loc: Loc, card_ids: list[str], removed: dict, root_file: str) -> Diagnostic:
    """A `reacts_to` naming no card: a misspelling, or a card a house rule removed."""
    if target in removed:
        return clash(
            root_file,
            f"'{target}' is removed from the deck, but '{raw['id']}' still answers it in 'reacts_to'",
            [(removed[target], ""), (loc, f"'{raw['id']}' names '{target}' here")],
            f"to keep '{target}' out of play but known to other cards, give it 'count: 0' instead",
        )
    return Diagnostic(loc, f"'reacts_to' names '{target}', which is not a card in the deck", did_you_mean(target, card_ids))


def _check_deck_size(document: LocDict, diagnostics: list[Diagnostic], root_file: str) -> None:
    deck, rules = document["deck"], document["rules"]
    if "starting_hand" not in rules:  # a game without a dealt hand of that name
        return
    total = sum(c["count"] for c in deck["cards"])
    largest = lint.largest_setup(document["players"])
    hand, players = rules["starting_hand"], largest["players"]
    if total < hand * players:
        message = f"the deck holds {total} cards, but {players} players with {hand} cards each need {hand * players}"
        diagnostics.append(clash(root_file, message, lint.deck_places(document)))


def _report(problems, raw: LocDict, key: str, diagnostics: list[Diagnostic]) -> None:
    value_loc: ValueLoc = raw.value_locs[key]
    for problem in problems:
        where = text_position(value_loc, problem.line, problem.col)
        whose = _whose(raw, key) if "id" not in raw else f"{key} of card '{raw.get('id')}'"
        diagnostics.append(Diagnostic(where, f"{whose}: {problem.message}", problem.hint))


# ----- building the immutable model ------------------------------------------------------------


def _resolved(value: Any, rules: Any) -> Any:
    """A parameter of a named rule as written, or the value of the rule it names ('rule X')."""
    if isinstance(value, str) and value.startswith("rule "):
        return rules[value[5:]]
    return value


def _track(raw: Any) -> Track | None:
    if raw is None:
        return None
    marks = tuple((name, frozenset(spaces)) for name, spaces in raw.get("marks", {}).items())
    return Track(raw["length"], raw["follows"], marks)


def _build(
    document: LocDict,
    cards: list[_ParsedCard],
    programs: dict[str, ast.Program],
    scores: dict[str, Score],
    files: list[str],
    routines: dict[str, ast.Program],
) -> Variant:
    board, dice, rules = document["board"], document["dice"], document["rules"]
    properties: list[Property] = []
    zones: list[Zone] = []
    for zone in board["zones"]:
        indices = []
        names = zone.get("names", [])
        numbers = zone.get("numbers", {})
        lists = {key: given for key, given in numbers.items() if isinstance(given, list)}
        for n, value in enumerate(zone["values"], start=1):
            indices.append(len(properties))
            name = names[n - 1] if n <= len(names) else None
            own = tuple((key, given[n - 1]) for key, given in lists.items())
            properties.append(Property(len(properties), f"{zone['id']}_{n}", zone["id"], value, name, own))
        own_numbers = tuple((key, given) for key, given in numbers.items() if not isinstance(given, list))
        zones.append(Zone(zone["id"], zone["name"], zone["colour"], tuple(indices), own_numbers, zone.get("columns")))
    return Variant(
        name=document["name"],
        edition=document.get("edition", ""),
        source=document.get("source", ""),
        description=document.get("description", ""),
        setups=tuple(sorted((Setup(s["players"], s["units"]) for s in document["players"]["setups"]), key=lambda s: s.players)),
        seats=tuple(Seat(s["id"], s["name"], s["colour"], s["token"]) for s in document["players"]["seats"]),
        dice=tuple(
            Die(name, spec.get("count", 1), tuple(spec["faces"]), frozenset(spec.get("symbols", ())), spec.get("any_zone"),
                tuple(spec.get("says", {}).items()))
            for name, spec in dice.items()
        ),
        money=board.get("money", "{}"),
        zones=tuple(zones),
        properties=tuple(properties),
        track=_track(board.get("track")),
        loop=tuple(loop_names(board["zones"])[name] for name in board.get("loop", ())),
        kinds=tuple(schema.space_kinds(document).items()),
        rules=Rules(rules),
        deck_name=document["deck"]["name"],
        cards=tuple(
            Card(
                id=c.raw["id"],
                name=c.raw["name"],
                count=c.raw["count"],
                text=c.raw["text"],
                timing=c.raw["timing"],
                reacts_to=tuple(c.raw.get("reacts_to", ())),
                condition=c.condition,
                effect=cast(ast.Program, c.effect),  # no diagnostics: every card's effect parsed
                starts_in=c.raw.get("starts_in", "deck"),
                discard_to=c.raw.get("discard_to", "discard"),
                per_turn=c.raw.get("per_turn"),
                value=c.raw.get("value"),
                tags=tuple(c.raw.get("tags", ())),
                zone=c.raw.get("zone"),
            )
            for c in cards
        ),
        stacks=board["stacks"],
        ownership=Ownership(board["ownership"]["rule"], _resolved(board["ownership"].get("ties", "lowest_unit"), rules)),
        scores=tuple(scores.values()),
        ranking=tuple(_resolved(document["ranking"], rules)),
        counters=tuple(
            Counter(name, spec["reset"], spec.get("shown"), spec.get("money", False), spec["each"],
                    (spec["report"]["table"], spec["report"]["row"]) if "report" in spec else None,
                    spec.get("counts"))
            for name, spec in document.get("counters", {}).items()
        ),
        timings=tuple(document["timings"].items()),
        how_to_play=document.get("how_to_play", ""),
        piles=tuple(
            Pile(key, spec.get("name", key), spec["each"], spec["seen_by"], spec.get("refill_from"),
                 spec.get("played_from", False), spec.get("told"), spec.get("mark"))
            for key, spec in document["piles"].items()
        ),
        programs=programs,
        routines=routines,
        ends=tuple(document["ends"].items()),
        files=tuple(files),
        content_hash=_content_hash(document),
    )


def _content_hash(document: Any) -> str:
    return text_sha256_hex(json.dumps(document, sort_keys=True, ensure_ascii=False))
