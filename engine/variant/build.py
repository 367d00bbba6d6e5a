"""The last step of a check: the immutable `Variant` built from a document that passed every
stage, and its content hash."""


from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from engine.digest import text_sha256_hex
from engine.effects import ast
from engine.variant import schema
from engine.variant.find import VariantNotFound as VariantNotFound  # re-exported: engine.VariantNotFound
from engine.variant.lint import ParsedCard
from engine.variant.meaning import default_discard, loop_names
from engine.variant.model import (
    UNIT,
    Card,
    Conserved,
    Counter,
    Die,
    NamedTestDef,
    Noun,
    Ownership,
    Piece,
    Pile,
    Property,
    Reference,
    Rules,
    Score,
    Seat,
    Setup,
    Track,
    Variant,
    Zone,
)
from engine.variant.yamlsource import LocDict


def _resolved(value: Any, rules: Any) -> Any:
    """A parameter of a named rule as written, or the value of the rule it names ('rule X')."""
    if isinstance(value, str) and value.startswith("rule "):
        return rules[value[5:]]
    return value


def noun(raw: Any, default: Noun) -> Noun:
    """A name as the file gives it: a word or a few for one, whose plural adds 's'
    ('dump truck'), or the two forms ([die, dice]); `default` where it gives none."""
    if raw is None:
        return default
    if isinstance(raw, str):
        return Noun(raw, raw + "s")
    return Noun(raw[0], raw[1])


def _track(raw: Any) -> Track | None:
    if raw is None:
        return None
    marks = tuple((name, frozenset(spaces)) for name, spaces in raw.get("marks", {}).items())
    return Track(raw["length"], raw["follows"], marks)


def _setups(document: LocDict, rules: Any) -> tuple[Setup, ...]:
    """The setups, by number of players, each with the values it gives rules; where any of
    them gives some, each with the help's sentences of the rules its games play by."""
    raw = document["players"]["setups"]
    kinds = document.get("rule_kinds", {})
    given = any(s.get("rules") for s in raw)
    setups = []
    for s in raw:
        own = dict(s.get("rules") or {})
        said = schema.rule_sentences(kinds, {**rules, **own}) if given else ()
        setups.append(Setup(s["players"], s["units"], Rules(own), said))
    return tuple(sorted(setups, key=lambda s: s.players))


def build_variant(
    document: LocDict,
    cards: Sequence[ParsedCard],
    programs: dict[str, ast.Program],
    scores: dict[str, Score],
    files: list[str],
    routines: dict[str, ast.Program],
    tests: tuple[NamedTestDef, ...] = (),
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
        setups=_setups(document, rules),
        seats=tuple(Seat(s["id"], s["name"], s["colour"], s.get("token", s["name"])) for s in document["players"]["seats"]),
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
                timing=c.raw.get("timing", ""),
                reacts_to=tuple(c.raw.get("reacts_to", ())),
                condition=c.condition,
                effect=cast(ast.Program, c.effect),  # no diagnostics: every card's effect parsed
                starts_in=c.raw.get("starts_in", "deck"),
                discard_to=c.raw.get("discard_to", default_discard(document["piles"], c.raw)),
                per_turn=c.raw.get("per_turn"),
                value=c.raw.get("value"),
                tags=tuple(c.raw.get("tags", ())),
                zone=c.raw.get("zone"),
                space=loop_names(board["zones"]).get(c.raw["space"]) if "space" in c.raw else None,
                worth=float(c.raw.get("worth", 0)),
            )
            for c in cards
        ),
        stacks=board["stacks"],
        space_holds=board.get("holds"),
        unit=noun(document["players"].get("unit"), UNIT),
        ownership=Ownership(board["ownership"]["rule"], _resolved(board["ownership"].get("ties", "lowest_unit"), rules)),
        scores=tuple(scores.values()),
        ranking=tuple(_resolved(document["ranking"], rules)),
        counters=tuple(
            Counter(name, spec["reset"], spec.get("shown"), spec.get("money", False), spec["each"],
                    (spec["report"]["table"], spec["report"]["row"]) if "report" in spec else None,
                    spec.get("counts"), float(spec.get("worth", 0)), noun(spec.get("name"), Noun("", "")))
            for name, spec in document.get("counters", {}).items()
        ),
        pieces=tuple(
            Piece(name, spec.get("name", name.replace("_", " ")), spec["each"], spec.get("count", 1))
            for name, spec in document.get("pieces", {}).items()
        ),
        conserved=tuple(
            Conserved(name, spec.get("name", name.replace("_", " ")), tuple(spec["counters"]), spec["is"])
            for name, spec in document.get("conserved", {}).items()
        ),
        timings=tuple(document.get("timings", {}).items()),
        how_to_play=document.get("how_to_play", ""),
        rules_said=schema.rule_sentences(document.get("rule_kinds", {}), rules),
        piles=tuple(
            Pile(key, spec.get("name", key), spec["each"], spec["seen_by"], spec.get("refill_from"),
                 spec.get("played_from", False), spec.get("told"), spec.get("mark"), float(spec.get("worth", 1.0)),
                 spec.get("holds"))
            for key, spec in document["piles"].items()
        ),
        programs=programs,
        routines=routines,
        tests=tests,
        ends=tuple(document.get("ends", {}).items()),
        reference=_reference(document.get("reference")),
        files=tuple(files),
        content_hash=_content_hash(document),
    )


def _reference(spec: Any) -> Reference | None:
    """The `reference:` section, or None."""
    if not spec:
        return None
    return Reference(spec["name"], spec["zone"], tuple(spec["rows"]), spec["routine"], spec["row"],
                     tuple((str(k), str(v)) for k, v in spec["costs"].items()))


PRESENTATION_ONLY = ("reference",)
"""Sections that change what the screen shows and nothing of the game: left out of the content
hash, so that a save made before a variant gained its reference card still loads."""


def _content_hash(document: Any) -> str:
    played = {key: value for key, value in document.items() if key not in PRESENTATION_ONLY}
    return text_sha256_hex(json.dumps(played, sort_keys=True, ensure_ascii=False))
