"""From a variant name or file to a checked `Variant`: the four stages of `boardwalk check`.

1. YAML: read and parse each file of the `extends` chain, then merge (yamlsource, merge).
2. Schema: the merged document against the JSON Schema (schema).
3. Effects: every card's effect and condition parsed with the Lark grammar (effects.parser).
4. Meaning: names resolve, kinds fit, counts add up (this module and effects.check).

Every stage reports all it finds; later stages run as far as earlier problems allow.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.diagnostics import Diagnostic, Loc, Note, VariantError, did_you_mean
from engine.effects import ast
from engine.effects.check import EffectContext, Problem, check_condition, check_program
from engine.effects.cost import measure, program_cost, program_work
from engine.effects.cycles import circles, on_circles
from engine.effects.kinds import KIND_OF_CHOICE, parameters
from engine.effects.parser import MAX_VARIANT_EFFECT_CHARS, EffectSyntaxError, Kinds, parse_condition, parse_effect
from engine.effects.plays import Play, cycles, plays_of
from engine.effects.recovery import Budget, ParsedEffect, parse_effect_all
from engine.variant import conserved, lint, overrides, schema
from engine.variant.build import build_variant
from engine.variant.contexts import Contexts, context_of
from engine.variant.find import VariantNotFound as VariantNotFound  # re-exported: engine.VariantNotFound
from engine.variant.find import find_variant
from engine.variant.meaning import check_meaning
from engine.variant.merge import Source, load_merged, shown_path
from engine.variant.model import NamedTestDef, Score, Variant
from engine.variant.overrides import Setting
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


def check_variant(argument: str | Path, settings: tuple[Setting, ...] = ()) -> CheckResult:
    """Run every stage on one variant, with `settings` (rules or card counts set from
    outside: overrides.py) set in it first; never raises for problems in the file's content."""
    path = argument if isinstance(argument, Path) else find_variant(argument)
    diagnostics: list[Diagnostic] = []
    source = Source()
    document = load_merged(path, diagnostics, source)
    files = [shown_path(p) for p in source.files]
    if document is not None:
        _board_and_dice_by_default(document)  # before a setting: a game without rules has none to set
    unset = overrides.apply(document, settings) if document is not None and settings else []
    if document is None or unset:
        return CheckResult(None, _sorted(diagnostics + unset), files, source)
    schema_problems = schema.validate(document, complete=True)
    diagnostics.extend(schema_problems)
    texts, contexts = _TextBudget(), Contexts(document)
    tests = _parse_tests(document, diagnostics, texts, contexts)  # lang47, named tests
    routines = _parse_routines(document, diagnostics, texts, contexts)
    cards = _parse_cards(document, diagnostics, texts)
    _check_effects(cards, diagnostics, contexts)
    programs = _parse_programs(document, diagnostics, texts, contexts)
    scores = _parse_scores(document, diagnostics, texts, contexts)
    variant = None
    if not schema_problems:
        check_meaning(document, cards, diagnostics, root_file=files[0])
        if not diagnostics:
            diagnostics.extend(lint.warnings(document, cards, root_file=files[0]))
            written = _written(document, cards, programs, routines)
            diagnostics.extend(conserved.warnings(document, written, frozenset(routines), root_file=files[0]))
            variant = _compiled(build_variant(document, cards, programs, scores, files, routines, tests))
            diagnostics.extend(_bot_cost(document, variant, cards, programs, routines, files[0]))
    return CheckResult(variant, _sorted(diagnostics), files, source)


def _bot_cost(
    document: LocDict,
    variant: Variant,
    cards: list[_ParsedCard],
    programs: dict[str, ast.Program],
    routines: dict[str, ast.Program],
    root_file: str,
) -> list[Diagnostic]:
    """The warning that the variant's bot games are costly (engine/variant/botcost.py), each
    effect with the mapping and key it is written at, to locate the widest choice."""
    from engine.variant import botcost  # counts a copy as the kernel's state declares it: after the build

    hooks = document.get("hooks")
    effects: list[tuple[LocDict, str, ast.Program]] = [
        (card.raw, "effect", card.effect) for card in cards if card.effect is not None
    ]
    for key, program in programs.items():
        effects.append((document if key in PROGRAM_KEYS or not isinstance(hooks, LocDict) else hooks, key, program))
    effects += [(document["routines"], name, program) for name, program in routines.items()]
    return botcost.warnings(document, variant, effects, root_file)


DECK_NAME = "Cards"
"""The name of the deck of a game that leaves `deck` out (it has no cards, so no screen says it)."""


def _board_and_dice_by_default(document: LocDict) -> None:
    """A game without a board or dice (a card game) leaves `board` and `dice` out: it gets no
    dice, and a board of no spaces whose stacks are cards owned by their top card; a board
    that says nothing of stacks has the same `stacks` and `ownership`. A game
    without cards (a dice game) leaves `deck` and `piles` out, and one without rules `rules`
    and `rule_kinds` (issue 47, 7): it gets a deck of no cards, no piles, and no rules.
    Written into the document, where the file begins, before the schema sees it."""
    if not isinstance(document, LocDict):
        return
    start = document.loc.loc if document.loc is not None else Loc(document_file(document), 1, 1)
    where = ValueLoc(start)

    def written(key: str, value: LocDict) -> None:
        for inner in value:
            value.key_locs[inner], value.value_locs[inner] = start, where
        document[key] = value
        document.key_locs[key], document.value_locs[key] = start, where

    for key in ("dice", "piles", "rules", "rule_kinds"):
        if key not in document:
            written(key, LocDict(loc=where))
    if "deck" not in document:
        written("deck", LocDict({"name": DECK_NAME, "cards": LocList(loc=where)}, loc=where))
    ownership = LocDict({"rule": "top_card"}, loc=where)
    ownership.key_locs["rule"], ownership.value_locs["rule"] = start, where
    board = document.get("board")
    if "board" not in document:
        written("board", LocDict({"zones": LocList(loc=where), "stacks": "cards", "ownership": ownership}, loc=where))
    elif isinstance(board, LocDict):  # a board of spaces nothing stacks on (Can't Stop's columns of steps)
        at, value_at = board.loc.loc if board.loc is not None else start, board.loc or where
        for key, value in (("stacks", "cards"), ("ownership", ownership)):
            if key not in board:
                board[key] = value
                board.key_locs[key], board.value_locs[key] = at, value_at


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
    document = merged_document(argument)
    return context_of(document, timing, timing in ("setup", "turn") if program is None else program)


def merged_document(argument: str | Path) -> LocDict:
    """The variant's files merged into one document, as the check's later stages read it
    (what a setting's domain is read from: overrides.py); raises VariantError when the
    files cannot be read or merged."""
    path = argument if isinstance(argument, Path) else find_variant(argument)
    diagnostics: list[Diagnostic] = []
    document = load_merged(path, diagnostics, Source())
    if document is None:
        raise VariantError(diagnostics)
    _board_and_dice_by_default(document)
    return document


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
    if raw.get(_TESTS_MARK) is True:
        return f"test '{key}'"
    return f"routine '{key}'" if raw.get(_ROUTINES_MARK) is True else f"the {key} hook"


def _written(
    document: LocDict, cards: list[_ParsedCard], programs: dict[str, ast.Program], routines: dict[str, ast.Program]
) -> list[conserved.Written]:
    """Every effect of a variant that checks, named and placed as its problems are."""
    found = [
        conserved.Written(f"routine '{name}'", document["routines"].value_locs[name], program, name)
        for name, program in routines.items()
    ]
    for name, program in programs.items():
        raw: LocDict = document if name in PROGRAM_KEYS else document["hooks"]
        found.append(conserved.Written(_whose(raw, name), raw.value_locs[name], program, name))
    found += [
        conserved.Written(_whose(card.raw, "effect"), card.raw.value_locs["effect"], card.effect)
        for card in cards if card.effect is not None and "effect" in card.raw
    ]
    return found


# ----- the game's own programs ----------------------------------------------------------------


PROGRAM_KEYS = ("setup", "turn")


_ROUTINES_MARK = "\x00routines"
"""A key no YAML mapping of a variant can hold: set on the routines' mapping while it is
checked, so that a message names 'routine X' and not 'the X hook'."""


def _parse_routines(
    document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: Contexts
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
        contexts.params = {name: parameters(program.statements) for name, program in parsed.items()}  # lang47
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


# ----- lang47, named tests (issue 47, item 1) -------------------------------------------------


_TESTS_MARK = "\x00tests"
"""As _ROUTINES_MARK, for the named tests: a message names 'test X'."""


def _parse_tests(
    document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: Contexts
) -> tuple[NamedTestDef, ...]:
    """The variant's named tests (`tests:`), each a first line `takes ...` (if any) and one
    condition, parsed, refused where they use one another without end (which would never
    finish), then checked each after those it uses, so that its cost counts theirs; the
    effects checked after them know every test's name, what it takes and its cost."""
    raw = document.get("tests")
    if not isinstance(raw, LocDict):
        return ()
    dict.__setitem__(raw, _TESTS_MARK, True)
    try:
        parsed: dict[str, tuple[ast.Takes | None, ast.Expr]] = {}
        kinds = schema.space_kinds(document)
        for name in [key for key in raw if key != _TESTS_MARK]:
            text = raw.get(name)
            if not isinstance(text, str) or not texts.admit(raw, name, diagnostics):
                continue
            try:
                parsed[name] = _test_text(text, kinds)
            except EffectSyntaxError as error:
                _report_syntax(raw, name, error, diagnostics)
        contexts.tests = {
            key: () if key not in parsed or parsed[key][0] is None else parameters((parsed[key][0],))  # type: ignore[arg-type]
            for key in raw if key != _TESTS_MARK
        }
        uses: dict[str, list[tuple[ast.Node, str]]] = {
            name: [(node, node.name) for node in ast.walk([expr]) if isinstance(node, ast.NamedTest) and node.name in parsed]
            for name, (_, expr) in parsed.items()
        }
        order = _used_first(uses, raw, diagnostics, "test '{}': tests use one another without end: {}",
                            "a test may not use itself, even through others")
        found: list[NamedTestDef] = []
        for name in order:
            takes, expr = parsed[name]
            params = contexts.tests[name]
            known = {*KIND_OF_CHOICE.values(), "number"}  # (a kind the language has not is refused at `takes`)
            context = replace(contexts(name, program=True), given={n: kind for n, kind in params if kind in known})
            problems = [] if takes is None else _takes_problems(takes)
            if not problems:  # (a name of a kind refused would be called unknown at each use)
                problems = check_condition(expr, context)
            _report(problems, raw, name, diagnostics)
            if not problems:
                contexts.test_costs[name] = measure(expr, context.sizes).steps
                found.append(NamedTestDef(name, params, expr))
        return tuple(found)
    finally:
        dict.__delitem__(raw, _TESTS_MARK)


def _test_text(text: str, kinds: Kinds) -> tuple[ast.Takes | None, ast.Expr]:
    """A named test's text: its `takes` line, if its first line is one, and its condition,
    each parsed where it stands in the text (so a mistake is placed on its own line)."""
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip() and not line.strip().startswith("#")), None)
    if first is None or lines[first].split()[0] != "takes":
        return None, parse_condition(text, kinds)
    (takes,) = parse_effect("\n" * first + lines[first] + "\n", kinds).statements
    assert isinstance(takes, ast.Takes)
    return takes, parse_condition("\n" * (first + 1) + "\n".join(lines[first + 1:]), kinds)


def _takes_problems(takes: ast.Takes) -> list[Problem]:
    """What a named test's `takes` line gets wrong: a kind the language has not, a name twice."""
    problems, seen = [], set()
    for kind, name in takes.params:
        if kind not in KIND_OF_CHOICE and kind != "number":
            hint = did_you_mean(kind, ["number", *KIND_OF_CHOICE]) or "a test takes a number, player, property, zone or card"
            problems.append(Problem(f"there is no kind of thing '{kind}'", takes.line, takes.col, hint))
        if name in seen:
            problems.append(Problem(f"'{name}' is already in use in this test", takes.line, takes.col, "choose a new name"))
        seen.add(name)
    return problems


def _callees_first(parsed: dict[str, ast.Program], raw: LocDict, diagnostics: list[Diagnostic]) -> list[str]:
    """The routines in an order where each comes after every routine it runs; a routine that
    runs itself, even through others, is reported at the `do` that closes the circle, and
    left out with every routine that runs it."""
    runs: dict[str, list[tuple[ast.Node, str]]] = {
        name: [(node, node.routine) for node in ast.walk(list(program.statements))
               if isinstance(node, ast.Do) and node.routine in parsed]
        for name, program in parsed.items()
    }
    return _used_first(runs, raw, diagnostics, "routine '{}': routines run one another without end: {}",
                       "a routine may not run itself, even through others; repeat inside it with 'repeat N times:'")


def _used_first(
    uses: dict[str, list[tuple[ast.Node, str]]], raw: LocDict, diagnostics: list[Diagnostic], message: str, hint: str
) -> list[str]:
    """The names in an order where each comes after every name it uses (`uses`: each name's
    uses, as the node that uses and the name used); one that uses itself, even through others,
    is reported (`message`, given the name and the way round) at the use that closes the
    circle, and left out with every name that uses it."""

    def edges(name: str) -> list[tuple[ast.Node, str]]:
        return uses[name]

    for path in circles(uses, edges):
        name, use = path[-1]  # the use that leads back to where the circle began
        circle = [node for node, _ in path] + [path[0][0]]
        where = text_position(raw.value_locs[name], use.line, use.col)
        diagnostics.append(Diagnostic(where, message.format(name, " -> ".join(circle)), hint))
    stuck = on_circles(uses, edges)
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name in stuck:
            return
        for _, used in uses[name]:
            visit(used)
        order.append(name)

    for name in uses:
        visit(name)
    return order


def _parse_programs(
    document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: Contexts
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


def _parse_scores(document: LocDict, diagnostics: list[Diagnostic], texts: _TextBudget, contexts: Contexts) -> dict[str, Score]:
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


def _check_effects(cards: list[_ParsedCard], diagnostics: list[Diagnostic], contexts: Contexts) -> None:
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


def _report(problems, raw: LocDict, key: str, diagnostics: list[Diagnostic]) -> None:
    value_loc: ValueLoc = raw.value_locs[key]
    for problem in problems:
        where = text_position(value_loc, problem.line, problem.col)
        whose = _whose(raw, key) if "id" not in raw else f"{key} of card '{raw.get('id')}'"
        diagnostics.append(Diagnostic(where, f"{whose}: {problem.message}", problem.hint))
