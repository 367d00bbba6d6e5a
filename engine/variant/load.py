"""From a variant name or file to a checked `Variant`: the four stages of `boardwalk check`.

1. YAML: read and parse each file of the `extends` chain, then merge (yamlsource, merge).
2. Schema: the merged document against the JSON Schema (schema).
3. Effects: every card's effect and condition parsed with the Lark grammar (effects.parser).
4. Meaning: names resolve, kinds fit, counts add up (this module and effects.check).

Every stage reports all it finds; later stages run as far as earlier problems allow.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from engine.diagnostics import Diagnostic, Loc, VariantError, did_you_mean
from engine.effects import ast
from engine.effects.check import EffectContext, check_condition, check_program, is_reserved
from engine.effects.cost import Sizes
from engine.effects.parser import EffectSyntaxError, parse_condition
from engine.effects.recovery import Budget, ParsedEffect, parse_effect_all
from engine.variant import schema
from engine.variant.merge import Source, load_merged, resolve_variant_argument, shown_path
from engine.variant.model import Card, Dice, Face, Property, Rules, Seat, Setup, Track, Variant, Zone
from engine.variant.yamlsource import LocDict, ValueLoc, text_position

SPECIAL_FACES = ("wild", "fortune")


class VariantNotFound(Exception):
    """The argument names neither a bundled variant nor an existing file."""


@dataclass
class CheckResult:
    variant: Variant | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


def find_variant(argument: str) -> Path:
    path = resolve_variant_argument(argument)
    if path is None or not path.is_file():
        raise VariantNotFound(argument)
    return path


def check_variant(argument: str | Path) -> CheckResult:
    """Run every stage on one variant; never raises for problems in the file's content."""
    path = argument if isinstance(argument, Path) else find_variant(argument)
    diagnostics: list[Diagnostic] = []
    source = Source()
    document = load_merged(path, diagnostics, source)
    files = [shown_path(p) for p in source.files]
    if document is None:
        return CheckResult(None, _sorted(diagnostics), files)
    schema_problems = schema.validate(document, complete=True)
    diagnostics.extend(schema_problems)
    cards = _parse_cards(document, diagnostics)
    _check_effects(document, cards, diagnostics)
    variant = None
    if not schema_problems:
        _check_meaning(document, cards, diagnostics, root_file=files[0])
        if not diagnostics:
            variant = _build(document, cards, files)
    return CheckResult(variant, _sorted(diagnostics), files)


def load_variant(argument: str | Path) -> Variant:
    """The checked variant; raises VariantNotFound or VariantError (with every problem)."""
    result = check_variant(argument)
    if result.variant is None:
        raise VariantError(result.diagnostics)
    return result.variant


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


def _parse_cards(document: LocDict, diagnostics: list[Diagnostic]) -> list[_ParsedCard]:
    deck = document.get("deck")
    cards = deck.get("cards") if isinstance(deck, dict) else None
    parsed: list[_ParsedCard] = []
    budget = Budget()
    for raw in cards if isinstance(cards, list) else []:
        if not isinstance(raw, LocDict):
            continue
        effect = _parse_effect(raw, diagnostics, budget)
        condition = _parse_text(raw, "condition", parse_condition, diagnostics)
        if effect is None or not effect.errors:
            parsed.append(_ParsedCard(raw, None if effect is None else effect.program, condition))
        else:
            parsed.append(_ParsedCard(raw, None, condition, partial=effect))
    return parsed


def _parse_effect(raw: LocDict, diagnostics: list[Diagnostic], budget: Budget) -> ParsedEffect | None:
    """The card's effect with every syntax error it has reported, or None without an effect."""
    text = raw.get("effect")
    if not isinstance(text, str):
        return None
    parsed = parse_effect_all(text, budget)
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
    what = "effect" if key == "effect" else "condition"
    diagnostics.append(Diagnostic(where, f"{what} of card '{raw.get('id')}': {error.message}", error.hint))


# ----- stage 4: meaning ------------------------------------------------------------------------


def _prefer_root(root_file: str, *locs: Loc) -> Loc:
    """Of the places that together cause a problem, the one in the file being checked: a
    house rule's author should be pointed at their own file, not at the bundled base."""
    return next((loc for loc in locs if loc.file == root_file), locs[0])


def _check_meaning(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
    players, board, dice = document["players"], document["board"], document["dice"]
    for owner, key in ((players, "seats"), (board, "zones"), (document["deck"], "cards")):
        _unique_ids(owner[key], diagnostics)

    counts = [s["players"] for s in players["setups"]]
    for setup, count in zip(players["setups"], counts):
        if counts.count(count) > 1:
            diagnostics.append(Diagnostic(setup.key_locs["players"], f"more than one setup for {count} players"))
    if len(players["seats"]) < max(counts):
        diagnostics.append(
            Diagnostic(
                _prefer_root(root_file, players.key_locs["seats"], players.key_locs["setups"]),
                f"{len(players['seats'])} seats for up to {max(counts)} players; every player needs a seat",
            )
        )

    zone_ids = [z["id"] for z in board["zones"]]
    for zone in board["zones"]:
        if zone["id"] in SPECIAL_FACES or is_reserved(zone["id"]):
            diagnostics.append(
                Diagnostic(zone.value_locs["id"].loc, f"'{zone['id']}' is a reserved word and cannot name a zone")
            )

    faces = dice["colour_die"]["faces"]
    for face, loc in zip(faces, dice["colour_die"]["faces"].value_locs):
        if face not in zone_ids and face not in SPECIAL_FACES:
            where = _prefer_root(root_file, loc.loc, board.key_locs["zones"])
            origin = f" (given at {loc.loc})" if where != loc.loc else ""
            diagnostics.append(
                Diagnostic(
                    where,
                    f"colour die face '{face}'{origin} is neither a zone nor 'wild' or 'fortune'",
                    did_you_mean(face, zone_ids + list(SPECIAL_FACES)),
                )
            )
    if all(face == "fortune" for face in faces):
        diagnostics.append(
            Diagnostic(dice["colour_die"].key_locs["faces"], "the colour die needs at least one zone or 'wild' face")
        )

    track = board["track"]
    for space, loc in zip(track["fortune_spaces"], track["fortune_spaces"].value_locs):
        if space > track["length"]:
            diagnostics.append(
                Diagnostic(loc.loc, f"Fortune space {space} is beyond the end of the track ({track['length']})")
            )

    _check_deck(document, cards, diagnostics, root_file)


def _unique_ids(items: list, diagnostics: list[Diagnostic]) -> None:
    seen: dict[str, Loc] = {}
    for item in items:
        loc = item.value_locs["id"].loc
        if item["id"] in seen:
            diagnostics.append(Diagnostic(loc, f"id '{item['id']}' is used twice (first at line {seen[item['id']].line})"))
        else:
            seen[item["id"]] = loc


def _check_effects(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic]) -> None:
    """Names and kinds in effects; runs even when the schema found problems elsewhere."""
    board = document.get("board")
    zones_raw = board.get("zones") if isinstance(board, dict) else None
    zones = frozenset(
        z["id"]
        for z in (zones_raw if isinstance(zones_raw, list) else [])
        if isinstance(z, dict) and isinstance(z.get("id"), str)
    )
    sizes = _sizes(document)
    for card in cards:
        timing = card.raw.get("timing")
        context = EffectContext(zones=zones, timing=timing if isinstance(timing, str) else "end_of_turn", sizes=sizes)
        if card.effect is not None:
            _report(check_program(card.effect, context), card.raw, "effect", diagnostics)
        elif card.partial is not None and card.partial.program is not None:
            _report(check_program(card.partial.program, context, card.partial.missing_from), card.raw, "effect", diagnostics)
        if card.condition is not None:
            _report(check_condition(card.condition, context), card.raw, "condition", diagnostics)


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
    if not lengths:
        return Sizes(players=min(max(counts), largest.players)) if counts else largest
    return Sizes(
        properties=min(sum(lengths), largest.properties),
        largest_zone=max(lengths),
        zones=min(len(lengths), largest.zones),
        players=min(max(counts), largest.players) if counts else largest.players,
    )


def _check_deck(document: LocDict, cards: list[_ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
    deck = document["deck"]
    card_ids = [c["id"] for c in deck["cards"]]
    offers = {
        card.raw["id"]
        for card in cards
        if card.effect is not None and any(isinstance(n, ast.OfferReaction) for n in ast.walk(list(card.effect.statements)))
    }
    for card in cards:
        raw = card.raw
        timing = raw["timing"]
        reacts_to = raw.get("reacts_to")
        if timing == "reaction" and not reacts_to:
            diagnostics.append(
                Diagnostic(raw.key_locs["timing"], f"reaction card '{raw['id']}' needs 'reacts_to': the cards it answers")
            )
        if reacts_to and timing != "reaction":
            diagnostics.append(
                Diagnostic(raw.key_locs["reacts_to"], "'reacts_to' only applies to cards with timing 'reaction'")
            )
        for target, loc in zip(reacts_to or [], getattr(reacts_to, "value_locs", [])):
            if target not in card_ids:
                diagnostics.append(
                    Diagnostic(
                        loc.loc, f"'reacts_to' names '{target}', which is not a card in the deck", did_you_mean(target, card_ids)
                    )
                )
            elif target not in offers and all(c.effect is not None for c in cards):
                diagnostics.append(
                    Diagnostic(
                        loc.loc,
                        f"'{target}' never offers a reaction, so '{raw['id']}' could never be played against it",
                        f"add 'offer reaction to ...' to the effect of '{target}'",
                    )
                )

    total = sum(c["count"] for c in deck["cards"])
    counts = [s["players"] for s in document["players"]["setups"]]
    needed = document["rules"]["starting_hand"] * max(counts)
    if total < needed:
        diagnostics.append(
            Diagnostic(
                _prefer_root(
                    root_file,
                    document["deck"].key_locs["cards"],
                    document["rules"].key_locs["starting_hand"],
                    document["players"].key_locs["setups"],
                ),
                f"the deck holds {total} cards, but {max(counts)} players with {document['rules']['starting_hand']} "
                f"cards each need {needed}",
            )
        )


def _report(problems, raw: LocDict, key: str, diagnostics: list[Diagnostic]) -> None:
    value_loc: ValueLoc = raw.value_locs[key]
    for problem in problems:
        where = text_position(value_loc, problem.line, problem.col)
        diagnostics.append(Diagnostic(where, f"{key} of card '{raw['id']}': {problem.message}", problem.hint))


# ----- building the immutable model ------------------------------------------------------------


def _build(document: LocDict, cards: list[_ParsedCard], files: list[str]) -> Variant:
    board, dice, rules = document["board"], document["dice"], document["rules"]
    properties: list[Property] = []
    zones: list[Zone] = []
    for zone in board["zones"]:
        indices = []
        for n, value in enumerate(zone["values"], start=1):
            indices.append(len(properties))
            properties.append(Property(len(properties), f"{zone['id']}_{n}", zone["id"], value))
        zones.append(Zone(zone["id"], zone["name"], zone["colour"], tuple(indices)))
    faces = tuple(Face(f, None) if f in SPECIAL_FACES else Face("zone", f) for f in dice["colour_die"]["faces"])
    return Variant(
        name=document["name"],
        edition=document.get("edition", ""),
        source=document.get("source", ""),
        description=document.get("description", ""),
        setups=tuple(sorted((Setup(s["players"], s["units"]) for s in document["players"]["setups"]), key=lambda s: s.players)),
        seats=tuple(Seat(s["id"], s["name"], s["colour"], s["token"]) for s in document["players"]["seats"]),
        dice=Dice(dice["number_dice"]["count"], tuple(dice["number_dice"]["faces"]), faces),
        money=board.get("money", "{}"),
        zones=tuple(zones),
        properties=tuple(properties),
        track=Track(board["track"]["length"], frozenset(board["track"]["fortune_spaces"])),
        rules=Rules(
            starting_hand=rules["starting_hand"],
            cards_per_turn=rules["cards_per_turn"],
            new_lots_per_roll=rules["new_lots_per_roll"],
            units_per_new_lot=rules["units_per_new_lot"],
            build_compulsory=rules["build_compulsory"],
            turn_order=rules["turn_order"],
            ownership_tie_break=rules["ownership_tie_break"],
            fortune_space_draw=rules["fortune_space_draw"],
            last_place_includes_ties=rules["last_place_includes_ties"],
            leader_includes_ties=rules["leader_includes_ties"],
            offer_cards=rules.get("offer_cards", "when_followable"),
            end_conditions=tuple(rules["end_conditions"]),
            ranking=tuple(rules["ranking"]),
        ),
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
            )
            for c in cards
        ),
        files=tuple(files),
        content_hash=_content_hash(document),
    )


def _content_hash(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
