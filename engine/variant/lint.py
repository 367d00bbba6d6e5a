"""Warnings: what leaves a variant playable, but almost surely not as its author meant.

An error stops a variant from being played; a warning does not (`boardwalk check` exits 0
unless `--strict`). They are looked for once a variant has no errors, on the merged document,
and located like errors: in the file being checked when one of the values at fault is there
(`diagnostics.clash`). Each check is static and holds on every board of the variant; whether
a card can be followed in one position of a game is engine/game/followable.py's question.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from engine.diagnostics import Diagnostic, Loc, clash
from engine.effects import ast
from engine.effects.limits import MAX_REPEAT
from engine.variant.bounds import (
    Board,
    Facts,
    OutOfSteps,
    Props,
    Span,
    Steps,
    Value,
    Zones,
    bindings,
    candidates,
    evaluate,
    finds_nothing,
)
from engine.variant.schema import space_kinds
from engine.variant.yamlsource import LocDict, text_position


class ParsedCard(Protocol):
    raw: LocDict
    effect: ast.Program | None
    condition: ast.Expr | None


MAX_LINT_STEPS = 500_000
"""Parts of expressions worked out while looking for the warnings about cards, over a whole
variant: about a second (the bundled variants take under 3,000). Past it, the cards not yet
looked at are left unjudged, and a warning says so."""


def warnings(document: LocDict, cards: Sequence[ParsedCard], root_file: str) -> list[Diagnostic]:
    board = board_facts(document)
    found = [*_deck_nearly_emptied(document, root_file), *_empty_deck(document, root_file)]
    found += _unaffordable_faces(document, cards, root_file)
    steps = Steps(MAX_LINT_STEPS)
    card: ParsedCard | None = None
    try:
        names = {}
        for card in cards:
            if card.effect is not None:
                names[card.raw["id"]] = bindings(card.effect.statements, board, Facts(steps=steps))
        card = None
        found += _unreachable_zones(document, cards, names, board, root_file, steps)
        for card in cards:
            if card.effect is not None:
                found += _unplayable(card, names[card.raw["id"]], document, board, root_file, steps)
    except OutOfSteps:
        found.append(_too_much_work(document, card, root_file))
    return found


def _too_much_work(document: LocDict, card: ParsedCard | None, root_file: str) -> Diagnostic:
    where = card.raw.value_locs["id"].loc if card is not None else document["deck"].key_locs["cards"]
    return _warning(
        root_file,
        f"the cards were not all looked at for warnings: working out what they can do on every board "
        f"took more than {MAX_LINT_STEPS:,} steps" + (f", and stopped at the card '{card.raw['id']}'" if card else ""),
        [(where, "the search stopped here")],
        "a variant with fewer or simpler card conditions and choices is looked at in full",
    )


def number_die(document: LocDict) -> tuple[str, LocDict] | None:
    """The die `roll dice` rolls, with its name: the first whose faces are all numbers."""
    return next(((name, die) for name, die in document["dice"].items() if all(type(f) is int for f in die["faces"])), None)


def zone_die(document: LocDict) -> tuple[str, LocDict] | None:
    """The die `roll zone` rolls, with its name: the first with a zone face."""
    zones = {z["id"] for z in document["board"]["zones"]}
    return next(
        ((name, die) for name, die in document["dice"].items() if die.get("any_zone") or zones & set(die["faces"])),
        None,
    )


def _die_zones(document: LocDict, zone_ids: tuple[str, ...]) -> frozenset[str]:
    found = zone_die(document)
    if found is None:
        return frozenset()
    die = found[1]
    if die.get("any_zone") in die["faces"]:
        return frozenset(zone_ids)
    return frozenset(f for f in die["faces"] if f in zone_ids)


def board_facts(document: LocDict) -> Board:
    zones = document["board"]["zones"]
    numbers = number_die(document)
    count, faces = (numbers[1].get("count", 1), numbers[1]["faces"]) if numbers is not None else (1, [0])
    setups = document["players"]["setups"]
    zone_ids = tuple(z["id"] for z in zones)
    return Board(
        values=tuple(v for z in zones for v in z["values"]),
        zone_of=tuple(z["id"] for z in zones for _ in z["values"]),
        zone_ids=zone_ids,
        die_zones=_die_zones(document, zone_ids),
        dice=Span(count * min(faces), count * max(faces)),
        max_units=max(s["units"] for s in setups),
        max_units_in_play=max(s["units"] * s["players"] for s in setups),
        max_players=max(s["players"] for s in setups),
        deck_size=sum(c["count"] for c in document["deck"]["cards"]),
        counters=frozenset(document.get("counters", {})),
    )


def _warning(root_file: str, message: str, places: list[tuple[Loc, str]], hint: str | None = None) -> Diagnostic:
    return clash(root_file, message, places, hint, severity="warning")


# ----- the deck --------------------------------------------------------------------------------


def largest_setup(players: LocDict) -> LocDict:
    return max(players["setups"], key=lambda setup: setup["players"])


def deck_places(document: LocDict) -> list[tuple[Loc, str]]:
    """The three values that decide whether the deck is big enough for the starting hands,
    for `clash`: the deck's cards, the starting hand and the largest player count."""
    deck, rules, players = document["deck"], document["rules"], document["players"]
    largest = largest_setup(players)
    total = sum(c["count"] for c in deck["cards"])
    return [
        (deck.key_locs["cards"], f"the deck's {total} cards are listed here"),
        (rules.key_locs["starting_hand"], f"the starting hand of {rules['starting_hand']} cards is set here"),
        (largest.value_locs["players"].loc, f"the setup for {largest['players']} players is here"),
    ]


def _deck_nearly_emptied(document: LocDict, root_file: str) -> Iterator[Diagnostic]:
    """Fewer cards left after the deal than there are players: the first draws (a marked space's,
    a die symbol's) find nothing until cards are played and the discard pile is shuffled in. (Fewer
    cards than the hands need is an error, in load.py.)"""
    if "starting_hand" not in document["rules"]:
        return
    total = sum(c["count"] for c in document["deck"]["cards"])
    players = max(s["players"] for s in document["players"]["setups"])
    hand = document["rules"]["starting_hand"]
    left = total - hand * players
    if hand * players == 0 or not 0 <= left < players:
        return
    dealt = f"{players} players with {hand} cards each"
    message = (
        f"the starting hands take the whole deck of {total} cards ({dealt}), leaving none to draw"
        if left == 0
        else f"the starting hands take {hand * players} of the deck's {total} cards ({dealt}), leaving {left} to draw"
    )
    yield _warning(
        root_file, message, deck_places(document), "nothing is drawn until played cards are shuffled back in"
    )


def _empty_deck(document: LocDict, root_file: str) -> Iterator[Diagnostic]:
    """No cards at all (allowed with no starting hand), while the turn or a hook draws."""
    if sum(c["count"] for c in document["deck"]["cards"]) > 0:
        return
    drawers = []
    turn = document.get("turn")
    if isinstance(turn, str) and "draw" in turn:
        drawers.append(("the turn program", document.key_locs["turn"]))
    hooks = document.get("hooks", {})
    for name, text in hooks.items():
        if isinstance(text, str) and "draw" in text:
            drawers.append((f"the {name} hook", hooks.key_locs[name]))
    if drawers:
        what = " and ".join(name for name, _ in drawers)
        places = [(document["deck"].key_locs["cards"], "the deck's cards are listed here")]
        places += [(loc, f"{name} is here") for name, loc in drawers]
        yield _warning(root_file, f"the deck is empty, so {what} draw nothing", places)


# ----- the colour die and the zones ------------------------------------------------------------


def _unaffordable_faces(document: LocDict, cards: Sequence[ParsedCard], root_file: str) -> Iterator[Diagnostic]:
    """A zone face whose cheapest lot costs more than any roll gives to build with: rolling it
    never builds. Money a card may add counts; when that cannot be known, nothing is said."""
    most = _most_to_build_with(document, cards)
    if most is None:
        return
    numbers, zoned = number_die(document), zone_die(document)
    if numbers is None or zoned is None:
        return
    dice = numbers[1]
    extra = ", after-roll cards included" if most > dice.get("count", 1) * max(dice["faces"]) else ""
    zones = {z["id"]: z for z in document["board"]["zones"]}
    faces = zoned[1]["faces"]
    seen = set()
    for face, loc in zip(faces, faces.value_locs):
        zone = zones.get(face)
        if zone is None or face in seen or min(zone["values"]) <= most:
            continue
        seen.add(face)
        yield _warning(
            root_file,
            f"the {zoned[0]} die's '{face}' face can never build: the cheapest lot in {zone['name']} costs "
            f"{min(zone['values'])}, but a roll gives at most {most} to build with{extra}",
            [
                (loc.loc, f"the '{face}' face is here"),
                (zone.value_locs["values"].loc, f"the values of {zone['name']} are set here"),
                (document["dice"].key_locs[numbers[0]], f"the {numbers[0]} dice are set here"),
            ],
            f"lower the zone's values, or raise the {numbers[0]} dice's faces",
        )


def _most_to_build_with(document: LocDict, cards: Sequence[ParsedCard]) -> int | None:
    """The largest budget a roll can give: the number dice at their highest, plus what the
    after-roll cards a player may play in one turn can add. None when a card adds an amount
    not known before play, or adds it in a loop."""
    numbers = number_die(document)
    if numbers is None:
        return None
    dice = numbers[1]
    added = [0]
    for card in cards:
        if card.raw.get("timing") != "after_roll" or card.raw["count"] == 0 or card.effect is None:
            continue
        amount = _added_by(card.effect.statements)
        if amount is None:
            return None
        added.append(amount)
    return dice.get("count", 1) * max(dice["faces"]) + document["rules"].get("cards_per_turn", 1) * max(added)


def _added_by(statements: tuple[ast.Stmt, ...]) -> int | None:
    total = 0
    for node in ast.walk(list(statements)):
        if isinstance(node, ast.Repeat | ast.ForEach | ast.TakeTurns) and any(isinstance(n, ast.AddTo) for n in ast.walk([node])):
            return None
        if isinstance(node, ast.Transfer):
            return None  # how much it moves depends on what the first counter holds
        if isinstance(node, ast.AddTo):
            if not isinstance(node.amount, ast.Number):
                return None
            total += max(node.amount.value, 0)
    return total


def _unreachable_zones(
    document: LocDict,
    cards: Sequence[ParsedCard],
    names: dict[str, dict[str, Value]],
    board: Board,
    root_file: str,
    steps: Steps,
) -> list[Diagnostic]:
    """A zone no roll gives (no face of its own, no any-zone face) and no card builds in: its lots
    stay vacant all game."""
    reached = set(board.die_zones)
    for card in cards:
        if card.raw["count"] > 0 and card.effect is not None:
            reached |= _zones_built_in(card.effect.statements, names[card.raw["id"]], board, steps)
    zoned = zone_die(document)
    if zoned is None:
        return []
    return list(_unreached(document, zoned, reached, root_file))


def _unreached(document: LocDict, zoned: tuple[str, LocDict], reached: set[str], root_file: str) -> Iterator[Diagnostic]:
    name, die = zoned
    any_zone = die.get("any_zone")
    either = f"'{{zone}}' or '{any_zone}'" if any_zone else "'{zone}'"
    for zone in document["board"]["zones"]:
        if zone["id"] in reached:
            continue
        faces = either.format(zone=zone["id"])
        yield _warning(
            root_file,
            f"nothing can ever build in the zone '{zone['id']}': the {name} die has no {faces} face, and no card builds there",
            [
                (zone.value_locs["id"].loc, f"the zone '{zone['id']}' is here"),
                (die.key_locs["faces"], f"the {name} die's faces are here"),
                (document["deck"].key_locs["cards"], "the cards are listed here"),
            ],
            f"add {faces} to the {name} die's faces, or a card that builds there",
        )


def _zones_built_in(statements: tuple[ast.Stmt, ...], env: dict[str, Value], board: Board, steps: Steps) -> set[str]:
    """The zones an effect may place a unit in: wherever its `build` and `move ... to` can
    point, as far as the board decides; every zone when that is beyond this analysis."""
    zones: set[str] = set()
    for node in ast.walk(list(statements)):
        target = _build_target(node)
        if target is None:
            continue
        where = evaluate(target, env, board, Facts(steps=steps))
        zones |= _zones_of(where, board)
    return zones


def _build_target(node: ast.Node) -> ast.Expr | None:
    if isinstance(node, ast.BuildUnits):
        return node.property
    if isinstance(node, ast.MoveTop):
        return node.target
    if isinstance(node, ast.BuildSession):
        return node.zone
    return None


def _zones_of(value: Value | bool | None, board: Board) -> set[str]:
    if isinstance(value, Props):
        return {board.zone_of[i] for i in value.items}
    if isinstance(value, Zones):
        return set(value.items)
    return set(board.zone_ids)


# ----- cards that can never be played ----------------------------------------------------------


def _unplayable(
    card: ParsedCard, env: dict[str, Value], document: LocDict, board: Board, root_file: str, steps: Steps
) -> list[Diagnostic]:
    """The warnings about one card, worked out whole before any is given (OutOfSteps leaves
    none of them half-judged)."""
    return list(_unplayable_warnings(card, env, document, board, root_file, steps))


def _unplayable_warnings(
    card: ParsedCard, env: dict[str, Value], document: LocDict, board: Board, root_file: str, steps: Steps
) -> Iterator[Diagnostic]:
    raw = card.raw
    assert card.effect is not None
    followable = document["rules"].get("offer_cards", "when_followable") == "when_followable"
    if card.condition is not None:
        facts = Facts(steps=steps)
        if evaluate(card.condition, {}, board, facts) is False:
            where = text_position(raw.value_locs["condition"], card.condition.line, card.condition.col)
            message = f"card '{raw['id']}' can never be played: its condition is never true"
            yield _card_warning(document, board, facts, root_file, raw, where, message)
            return
    stuck = _choose_finding_nothing(card.effect.statements, env, board, steps)
    if stuck is not None:
        facts = Facts(steps=steps)
        finds_nothing(stuck, env, board, facts)  # again, to learn which facts decide it
        where = text_position(raw.value_locs["effect"], stuck.line, stuck.col)
        written = {kernel: name for name, kernel in space_kinds(document).items()}  # the author's word
        shown = f"'choose {written.get(stuck.kind, stuck.kind)} {stuck.var}'"
        message = (
            f"card '{raw['id']}' can never be played: its {shown} finds nothing on any board of this variant"
            if followable
            else f"card '{raw['id']}' never gets past its {shown}, which finds nothing on any board of this variant"
        )
        yield _card_warning(document, board, facts, root_file, raw, where, message, _looked_at(stuck, board, steps))
    yield from _builds_too_many(card, env, document, board, root_file, followable, steps)


def main_line(statements: tuple[ast.Stmt, ...]) -> tuple[ast.Stmt, ...]:
    """The statements every way through a card carries out: those outside any block, up to
    the first that may `stop` the card."""
    for i, statement in enumerate(statements):
        if any(isinstance(node, ast.Stop) for node in ast.walk([statement])):
            return statements[:i]
    return statements


def _choose_finding_nothing(
    statements: tuple[ast.Stmt, ...], env: dict[str, Value], board: Board, steps: Steps
) -> ast.Choose | None:
    """The first `choose` of the card's main line that finds nothing on every board: no
    way through the card gets past it. (`env` holds what each name can stand for; names
    are made once per effect, so what a `choose` made is there under its name.)"""
    for statement in main_line(statements):
        if not isinstance(statement, ast.Choose):
            continue
        found = env.get(statement.var)
        if isinstance(found, Props | Zones) and not found.items:
            return statement
        if statement.kind in ("player", "opponent") and finds_nothing(statement, env, board, Facts(steps=steps)):
            return statement
    return None


def _looked_at(choose: ast.Choose, board: Board, steps: Steps) -> str | None:
    """What a `choose` of properties looks at, in a hint: 'the 5 properties it looks at are
    worth 1 to 5'; None for other kinds (the facts the test used are hint enough)."""
    if choose.kind not in ("property", "occupied property", "vacant property"):
        return None
    looked_at = [int(i) for i in candidates(choose.kind, choose.zone, {}, board, Facts(steps=steps))]
    if not looked_at:
        return None
    values = [board.values[i] for i in looked_at]
    which = f"the {len(values)} properties it looks at are" if len(values) > 1 else "the property it looks at is"
    return f"{which} worth {min(values)}" + (f" to {max(values)}" if max(values) > min(values) else "")


def _builds_too_many(
    card: ParsedCard, env: dict[str, Value], document: LocDict, board: Board, root_file: str, followable: bool, steps: Steps
) -> Iterator[Diagnostic]:
    """`build N on P` with N more than any player ever has: a direction that can never be
    followed in full (so the card is never offered, when that is its only line)."""
    assert card.effect is not None
    statements = card.effect.statements
    for node in ast.walk(list(statements)):
        if not isinstance(node, ast.BuildUnits):
            continue
        count = evaluate(node.count, env, board, Facts(steps=steps))
        if not isinstance(count, Span) or min(count.lo, MAX_REPEAT) <= board.max_units:
            continue
        if not followable:
            hint = "it stops when the player's units run out"
        elif any(node is statement for statement in main_line(statements)):
            hint = "its directions can never be followed, so it is never offered"
        else:
            hint = "that part of it can never be followed"
        where = text_position(card.raw.value_locs["effect"], node.count.line, node.count.col)
        shown = int(min(count.lo, MAX_REPEAT))
        message = f"card '{card.raw['id']}' builds {shown} units at once, but no player ever has more than {board.max_units}"
        yield _card_warning(document, board, Facts({"units"}), root_file, card.raw, where, message, hint)


def _card_warning(
    document: LocDict,
    board: Board,
    facts: Facts,
    root_file: str,
    raw: LocDict,
    where: Loc,
    message: str,
    hint: str | None = None,
) -> Diagnostic:
    """A warning at a card, or, when the card is in a base file and the board facts that
    decide it are in the file being checked, at those facts."""
    places = [(where, f"the card '{raw['id']}' is here")]
    sources = {
        "values": (document["board"].key_locs["zones"], "the zones and their values are set here"),
        "units": (document["players"].key_locs["setups"], "the units per player are set here"),
        "deck": (document["deck"].key_locs["cards"], "the deck's cards are listed here"),
    }
    places += [sources[fact] for fact in sorted(facts.used)]
    return _warning(root_file, message, places, hint or _facts_hint(board, facts))


def _facts_hint(board: Board, facts: Facts) -> str | None:
    said = {
        "values": (f"property values run from {min(board.values)} to {max(board.values)}" if board.values
                   else "the board has no properties"),
        "units": f"a player has at most {board.max_units} units",
        "deck": f"the deck holds {board.deck_size} cards",
    }
    return "; ".join(said[fact] for fact in sorted(facts.used)) or None
