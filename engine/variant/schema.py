"""Checking a variant document against `schemas/variant.schema.json`, with located messages.

The schema file is written for editors, which see one file at a time: a house rule that
extends another variant is partial, so the file schema requires almost nothing. After
`extends` is merged, the document must be complete; `complete_schema` derives that stricter
schema from the same file, so there is one source of truth for keys, types and descriptions.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Collection, Iterator, Mapping
from functools import lru_cache
from itertools import islice
from typing import Any

from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError

from engine.core.event_text import counter_words
from engine.diagnostics import Diagnostic, Loc, did_you_mean
from engine.effects.parser import SPACE_KINDS, Kinds
from engine.resources import schemas_dir
from engine.variant.yamlsource import LocDict, LocList

# Keys a complete variant may leave out; every other key of the schema must be present. An
# object of the schema may name more of its own keys in "x-optional" (editors ignore it).
OPTIONAL_KEYS = frozenset(
    {
        "extends", "edition", "source", "description", "remove", "reacts_to", "condition", "money", "offer_cards",
        "hooks", "counters", "routines", "conserved",
        "tests",  # lang47, named tests
        "starts_in", "discard_to", "per_turn", "value", "tags", "names", "effect", "zone", "space", "how_to_play", "says",
        "numbers", "kinds", "worth",
        # issue 47, 7: the boilerplate with a default (docs/variants.md): a seat's token (its name),
        # the card timings and a card's timing (never offered), the ways a game ends (`end game`)
        "token", "timings", "timing", "ends",
        "pieces",  # issue 47, 5: a game without pieces leaves the key out
    }
)


@lru_cache(maxsize=1)
def file_schema() -> dict:
    return json.loads((schemas_dir() / "variant.schema.json").read_text(encoding="utf-8"))


def rule_spec(kind: Any) -> dict | None:
    """The JSON Schema a rule's value must meet, from its declared kind (None if malformed).
    A kind with a wrong key beside its own ('sayz') still gives its values' schema: the
    schema names that key, and the rule's value is judged all the same, not called unknown."""
    if kind == "yes_no" or (isinstance(kind, dict) and "yes_no" in kind):
        return {"type": "boolean"}
    if not isinstance(kind, dict):
        return None
    detail = kind.get("number")
    if isinstance(detail, list) and len(detail) == 2 and all(type(n) is int for n in detail):
        return {"type": "integer", "minimum": detail[0], "maximum": detail[1]}
    detail = kind.get("one_of")
    if isinstance(detail, list):
        return {"enum": list(detail)}
    detail = kind.get("some_of")
    if isinstance(detail, list):
        return {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(detail)}}
    return None


def rule_sentences(kinds: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[str, ...]:
    """What each rule says, for the help, at the value it has: the sentence its kind gives
    for that value (a number in its {}, a plural noun after a 1 made singular; for a list,
    one for each word it holds), in the order the kinds are declared. A rule whose kind says
    nothing is not told."""
    said: list[str] = []
    for name, kind in kinds.items():
        if not isinstance(kind, dict) or name not in rules:
            continue
        value = rules[name]
        if "yes_no" in kind:
            said.append(kind["yes_no"]["yes" if value else "no"])
        elif "number" in kind and "says" in kind:  # 'propose {} offers' at 1: 'propose 1 offer'
            said.append(counter_words(kind["says"], str(value)))
        elif "says" in kind:
            words = value if isinstance(value, (list, tuple)) else [value]
            said += [kind["says"][word] for word in words if word in kind["says"]]
    return tuple(said)


def _says_errors(document: LocDict) -> Iterator[ValidationError]:
    """A rule kind's sentences name only the words the rule may be: `says: {rol: ...}` for
    `one_of: [roll, seat]` is refused where it is written, with the right word suggested."""
    kinds = document.get("rule_kinds")
    if not isinstance(kinds, dict):
        return iter(())
    properties = {}
    for name, kind in kinds.items():
        if isinstance(kind, dict) and isinstance(kind.get("says"), dict):
            words = kind.get("one_of", kind.get("some_of"))
            if isinstance(words, list):
                properties[name] = {"properties": {"says": {"propertyNames": {"enum": list(words)}}}}
    schema = {"properties": {"rule_kinds": {"properties": properties}}}
    return Draft7Validator(schema).iter_errors(document)


def rule_values(document: Any) -> dict:
    """What `rule NAME` is in the effect language, for every rule the document declares in
    `rule_kinds`: a number, true or false, a word (with the words it may be) or a list of
    words. Read defensively: the document may not have passed the schema."""
    from engine.effects.check import RuleValue

    kinds = document.get("rule_kinds") if isinstance(document, dict) else None
    found = {}
    for name, kind in (kinds.items() if isinstance(kinds, dict) else ()):
        spec = rule_spec(kind)
        if spec is None:
            continue
        if spec.get("type") == "integer":
            found[name] = RuleValue("number")
        elif spec.get("type") == "boolean":
            found[name] = RuleValue("bool")
        elif "enum" in spec:
            found[name] = RuleValue("word", frozenset(spec["enum"]))
        else:
            found[name] = RuleValue("words", frozenset(spec["items"]["enum"]))
    return found


def _rules_errors(document: LocDict, complete: bool) -> Iterator[ValidationError]:
    """Each rule's value against the kind `rule_kinds` declares for it, as schema errors, so
    they read like the others ('rules.turn_order: ... did you mean 'roll'?'); a rule with no
    declared kind is an unknown key."""
    kinds = document.get("rule_kinds")
    if not isinstance(kinds, dict) or not isinstance(document.get("rules"), dict):
        return iter(())
    properties = {name: spec for name, kind in kinds.items() if (spec := rule_spec(kind)) is not None}
    rules: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
    if complete:
        rules["required"] = sorted(properties)
    return Draft7Validator({"type": "object", "properties": {"rules": rules}}).iter_errors(document)


def _setup_rule_path(path: Any, declared: set[str]) -> bool:
    """Whether a schema error is about a declared rule's value in a setup's `rules`, which
    `_setup_rules_errors` judges by the rule's kind."""
    return len(path) > 4 and path[0] == "players" and path[1] == "setups" and path[3] == "rules" and path[4] in declared


def _setup_rules_errors(document: LocDict) -> Iterator[ValidationError]:
    """Each value a setup gives a rule (`players.setups[].rules`) against the rule's kind, as
    `_rules_errors` judges the variant's own; a name that is not a rule of the variant is an
    unknown key, with the rule it may mean."""
    kinds = document.get("rule_kinds")
    players = document.get("players")
    if not isinstance(kinds, dict) or not isinstance(players, dict) or not isinstance(players.get("setups"), list):
        return iter(())
    properties = {name: spec for name, kind in kinds.items() if (spec := rule_spec(kind)) is not None}
    rules = {"type": "object", "additionalProperties": False, "properties": properties,
             "x-hint": f"a setup gives values only to the variant's rules ({', '.join(properties)})" if properties
             else "a setup gives values only to the variant's rules, and it declares none ('rules' and 'rule_kinds')"}
    setups = {"items": {"properties": {"rules": rules}}}
    return Draft7Validator({"properties": {"players": {"properties": {"setups": setups}}}}).iter_errors(document)


def _timing_errors(document: LocDict) -> Iterator[ValidationError]:
    """Each card's timing against the moments the variant declares in `timings` (and the
    kernel's own 'reaction'), as schema errors, so a misspelt one reads like any other wrong
    value, with its location and a 'did you mean'. Only for the complete variant: a house
    rule may add a card timed by a moment its base declares."""
    timings = document.get("timings")
    deck = document.get("deck")
    if not isinstance(timings, dict) or not isinstance(deck, dict):
        return iter(())
    card = {"type": "object", "properties": {"timing": {"enum": sorted(timings) + ["reaction"]}}}
    return Draft7Validator({"properties": {"deck": {"properties": {"cards": {"items": card}}}}}).iter_errors(document)


@lru_cache(maxsize=1)
def complete_schema() -> dict:
    schema = copy.deepcopy(file_schema())
    _require_all(schema)
    return schema


def _require_all(node: Any) -> None:
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            optional = OPTIONAL_KEYS | set(node.get("x-optional", ()))
            node["required"] = sorted(k for k in properties if k not in optional)
        for value in node.values():
            _require_all(value)
    elif isinstance(node, list):
        for value in node:
            _require_all(value)


@lru_cache(maxsize=2)
def _validator(complete: bool) -> Draft7Validator:
    return Draft7Validator(complete_schema() if complete else file_schema())


MAX_SCHEMA_PROBLEMS = 200
"""A file with more problems than this is not a draft to fix line by line; the first ones
are shown, and the validator stops (a 50,000-item list of wrong values took seconds)."""


def validate(document: LocDict, complete: bool = True) -> list[Diagnostic]:
    """Every problem against the schema, and (when the rules are otherwise sound) each rule's
    value against the kind `rule_kinds` declares for it, at most MAX_SCHEMA_PROBLEMS."""
    errors = list(islice(_validator(complete).iter_errors(document), MAX_SCHEMA_PROBLEMS + 1))
    declared = set(rule_values(document))
    # a declared rule's value is judged by its own kind, which says more than the schema can
    errors = [e for e in errors if not (len(path := e.absolute_path) > 1 and path[0] == "rules" and path[1] in declared)]
    errors = [e for e in errors if not _setup_rule_path(e.absolute_path, declared)]
    errors += list(islice(_rules_errors(document, complete), MAX_SCHEMA_PROBLEMS + 1 - len(errors)))
    errors += list(islice(_setup_rules_errors(document), MAX_SCHEMA_PROBLEMS + 1 - len(errors)))
    errors += list(islice(_says_errors(document), MAX_SCHEMA_PROBLEMS + 1 - len(errors)))
    if complete:
        errors += list(islice(_timing_errors(document), MAX_SCHEMA_PROBLEMS + 1 - len(errors)))
    more = len(errors) > MAX_SCHEMA_PROBLEMS
    errors = errors[:MAX_SCHEMA_PROBLEMS]
    suggested = _suggested_keys(errors)
    diagnostics: list[Diagnostic] = []
    for error in errors:
        diagnostics.extend(_explain(error, document, suggested))
    if more:
        where = document.loc.loc if document.loc else Loc("?")
        diagnostics.append(
            Diagnostic(where, f"more than {MAX_SCHEMA_PROBLEMS} problems against the schema; only the first are listed",
                       "fix these, then check again")
        )
    return diagnostics


def _suggested_keys(errors: list[ValidationError]) -> set[tuple]:
    """(path, key) pairs that a misspelt key already points to: 'starting_hnd' explains the
    missing 'starting_hand', so that is not reported a second time."""
    suggested = set()
    for error in errors:
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = error.schema.get("properties", {})
            for extra in error.instance:
                if extra not in allowed:
                    hint = did_you_mean(str(extra), allowed)
                    if hint:
                        suggested.add((tuple(error.absolute_path), hint.split("'")[1]))
    return suggested


# ----- turning jsonschema errors into located messages -----------------------------------------


def _container_and_key(document: Any, path: list) -> tuple[Any, Any]:
    """The container holding the value at `path`, and its key (None for the document)."""
    container, key = None, None
    node = document
    for step in path:
        container, key = node, step
        node = node[step]
    return container, key


def _value_loc(document: LocDict, path: list) -> Loc:
    container, key = _container_and_key(document, path)
    if container is None:
        return document.loc.loc if document.loc else Loc("?")
    if isinstance(container, LocDict):
        return container.value_locs[key].loc
    if isinstance(container, LocList):
        return container.value_locs[key].loc
    return Loc("?")


def _key_loc(document: LocDict, path: list) -> Loc:
    """Where the key naming the value at `path` is; a list item's own start otherwise."""
    container, key = _container_and_key(document, path)
    if isinstance(container, LocDict):
        return container.key_locs[key]
    return _value_loc(document, path)


def _where(document: Any, path: list) -> str:
    """A path as an author reads it: `deck.cards[hurricane].count`, items named by their id."""
    parts = []
    node = document
    for step in path:
        node = node[step]
        if isinstance(step, int):
            named = isinstance(node, dict) and isinstance(node.get("id"), str)
            parts.append(f"[{node['id']}]" if named else f"[{step + 1}]")
        else:
            parts.append(f".{step}")
    return "".join(parts).lstrip(".") or "the top level"


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}' (true/false)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        if len(value) > 80:  # a value may be a megabyte long: the message quotes its start
            return f"the text '{value[:79]}…' ({len(value):,} characters)"
        return f"the text '{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return repr(value)


_TYPE_WORDS = {
    "integer": "a whole number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys to values",
    "number": "a number",
}


def _explain(error: ValidationError, document: LocDict, suggested: Collection[tuple] = frozenset()) -> Iterator[Diagnostic]:
    path = list(error.absolute_path)
    where = _where(document, path)
    validator = error.validator
    value = error.instance
    if validator == "additionalProperties":
        allowed = error.schema.get("properties", {})
        for extra in sorted(k for k in value if k not in allowed):
            yield Diagnostic(
                _key_loc(document, path + [extra]),
                f"unknown key '{extra}' in {where}",
                did_you_mean(str(extra), allowed) or error.schema.get("x-hint") or f"allowed keys: {', '.join(sorted(allowed))}",
            )
        return
    if validator == "required":
        missing = [k for k in error.validator_value if k not in value and (tuple(path), k) not in suggested]
        for key in missing:
            yield Diagnostic(
                _key_loc(document, path) if path else _value_loc(document, path),
                f"{where} is missing the key '{key}'",
            )
        return
    if validator in ("anyOf", "oneOf"):
        inner = _fitting_branch(error)
        if inner:
            for sub in inner:
                yield from _explain(sub, document, suggested)
            return
        forms = [key for key in _required_keys(error) if isinstance(value, dict) and key in value]
        if len(forms) > 1:  # {number: ..., one_of: ...}: two forms at once
            shown = " and ".join(f"'{key}'" for key in forms)
            yield Diagnostic(_value_loc(document, path), f"{where} has both {shown}; it takes one of them",
                             "a house rule's mapping merges with its base's, key by key: see docs/variants.md, section 4")
            return
        wanted = _types_wanted(error)
        if wanted:
            yield Diagnostic(_value_loc(document, path), f"{where} must be {' or '.join(wanted)}, not {_describe(value)}")
            return
    loc = _value_loc(document, path)
    if validator == "type":
        expected = error.validator_value
        expected_words = _TYPE_WORDS.get(expected, expected) if isinstance(expected, str) else expected
        comment = _comment_instead(document, path, where) if value is None else None
        if comment is not None:
            yield comment
        else:
            yield Diagnostic(loc, f"{where} must be {expected_words}, not {_describe(value)}", _type_hint(value, expected))
    elif validator in ("enum", "const"):
        options = error.validator_value if validator == "enum" else [error.validator_value]
        shown = ", ".join(f"'{o}'" if isinstance(o, str) else str(o) for o in options)
        hint = did_you_mean(value, [o for o in options if isinstance(o, str)]) if isinstance(value, str) else None
        yield Diagnostic(loc, f"{where} is {_describe(value)}; it must be one of: {shown}", hint)
    elif validator == "minimum":
        yield Diagnostic(loc, f"{where} must be at least {error.validator_value}, not {value}")
    elif validator == "maximum":
        yield Diagnostic(loc, f"{where} must be at most {error.validator_value}, not {value}")
    elif validator == "minItems":
        yield Diagnostic(loc, f"{where} needs at least {error.validator_value} item(s)", error.schema.get("x-hint"))
    elif validator == "maxItems":
        yield Diagnostic(loc, f"{where} may have at most {error.validator_value} items", error.schema.get("x-hint"))
    elif validator == "maxProperties":
        count = len(value) if isinstance(value, dict) else "more"
        yield Diagnostic(loc, f"{where} has {count} entries, more than the {error.validator_value} allowed",
                         "see the limits in docs/variants.md, section 6")
    elif validator == "minProperties":
        entries = "an entry" if error.validator_value == 1 else f"{error.validator_value} entries"
        yield Diagnostic(loc, f"{where} needs at least {entries}")
    elif validator == "minLength":
        yield Diagnostic(loc, f"{where} must not be empty")
    elif validator == "maxLength":
        yield Diagnostic(loc, f"{where} is longer than {error.validator_value} characters")
    elif validator == "uniqueItems":
        yield Diagnostic(loc, f"{where} lists the same item twice")
    elif validator == "pattern":
        yield Diagnostic(loc, f"{where} is {_describe(value)}, which is not of the right form", _pattern_hint(error))
    else:  # jsonschema's own words quote the whole value, which may be a megabyte long
        message = error.message if len(error.message) <= 200 else error.message[:199] + "…"
        yield Diagnostic(loc, f"{where}: {message}")


def _fitting_branch(error: ValidationError) -> list[ValidationError]:
    """The problems of the one alternative of an anyOf/oneOf that the value is of the type
    of (a score written as a mapping, a goal as a number), so that the message says what is
    wrong inside it ('goal must be at least 0') rather than that no alternative fits; empty
    when none or more than one alternative is of the value's type."""
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context or ():
        branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    fitting = [
        errors for errors in branches.values()
        if not any(sub.validator == "type" and not sub.relative_path for sub in errors)
    ]
    if len(fitting) > 1:  # mappings told apart by the key each requires (a rule's kind: 'number', 'one_of')
        fitting = [errors for errors in fitting if not any(sub.validator == "required" and not sub.relative_path
                                                           for sub in errors)]
    return fitting[0] if len(fitting) == 1 else []


def _required_keys(error: ValidationError) -> list[str]:
    """The keys an anyOf/oneOf's mapping alternatives each require, in order: the forms the
    value may take (a rule's kind: 'yes_no', 'number', 'one_of', 'some_of')."""
    keys: list[str] = []
    for branch in error.validator_value if isinstance(error.validator_value, list) else ():
        for key in branch.get("required", ()) if isinstance(branch, dict) else ():
            if key not in keys:
                keys.append(key)
    return keys


def _types_wanted(error: ValidationError) -> list[str]:
    """The types an anyOf/oneOf's alternatives take, in words, when the value is of none of
    them (every alternative refused its type); empty otherwise."""
    wanted: list[str] = []
    branches = {int(sub.relative_schema_path[0]) for sub in error.context or ()}
    refused = {
        int(sub.relative_schema_path[0]): sub.validator_value
        for sub in error.context or () if sub.validator == "type" and not sub.relative_path
    }
    if not branches or set(refused) != branches:
        return []
    for expected in refused.values():
        words = _TYPE_WORDS.get(expected, str(expected)) if isinstance(expected, str) else str(expected)
        if words not in wanted:
            wanted.append(words)
    return wanted


def _comment_instead(document: LocDict, path: list, where: str) -> Diagnostic | None:
    """`colour: #c0392b`: the value was read as a comment, leaving nothing."""
    container, key = _container_and_key(document, path)
    value_loc = container.value_locs[key] if isinstance(container, LocDict) else None
    if value_loc is None or value_loc.comment is None:
        return None
    comment_loc, text = value_loc.comment
    if re.fullmatch(r"#[^\s\"]+", text):
        hint = f'put it in quotes: {key}: "{text}"'
    else:
        hint = "a value that starts with '#' must be in quotes; otherwise give the key a value or leave it out"
    message = f"{where} is empty: in YAML, '#' starts a comment, so '{text}' was not read as its value"
    return Diagnostic(comment_loc, message, hint)


def _type_hint(value: Any, expected: Any) -> str | None:
    """`starting_hand:3` or `starting_hand 3` where a mapping belongs: a key without ': '."""
    if expected != "object" or not isinstance(value, str):
        return None
    match = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)(?::|\s+)(\S.*)", value)
    if match is None:
        return None
    return f"a key needs ': ' before its value: write '{match.group(1)}: {match.group(2)}'"


def _pattern_hint(error: ValidationError) -> str | None:
    description = error.schema.get("description")
    return description.rstrip(".") if description else None


def space_kinds(document: object) -> Kinds:
    """The kinds of space the variant names (`kinds: {stack: occupied}`), each to the kernel's
    kind it stands for, as far as the document is valid."""
    kinds = document.get("kinds") if isinstance(document, dict) else None
    return {
        name: SPACE_KINDS[word]
        for name, word in (kinds.items() if isinstance(kinds, dict) else ())
        if isinstance(name, str) and isinstance(word, str) and word in SPACE_KINDS
    }
