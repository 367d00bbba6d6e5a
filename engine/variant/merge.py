"""`extends:`: reading a chain of variant files and merging each child over its base.

Mappings merge key by key. Lists whose items all carry an `id` (zones, seats, cards) merge
item by item on that id, new ids being appended and `remove: true` deleting one; any other
list is replaced whole. Every merged value keeps the position of the file that gave it, so a
message about a merged variant still points at the line an author wrote.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.diagnostics import Diagnostic, Loc, Note, did_you_mean
from engine.digest import sha256_hex
from engine.paths import FOLDER, MISSING, NOT_REGULAR, quoted, real_path, within
from engine.resources import bundled_variant_names
from engine.variant.find import BaseNotFound, extends_file
from engine.variant.yamlsource import (
    MAX_FILE_BYTES,
    MAX_NODES,
    LocDict,
    LocList,
    TooManyNodes,
    YamlProblem,
    decode_text,
    parse_yaml,
    read_bytes,
)

MAX_EXTENDS_DEPTH = 16


@dataclass
class Source:
    """The files a variant was read from, child first, for messages and for hashing."""

    files: list[Path] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    read: list[tuple[Path, str, str | None]] = field(default_factory=list)
    """Every file whose bytes were read, child first: its path, the SHA-256 of those bytes, and
    the `extends` it names that was followed to the next (None for the last). What a cached
    check is keyed by (engine/variant/cache.py)."""
    size: int = 0
    """The bytes of the files read so far; with `nodes`, what the chain has used of the limits
    of one file."""
    nodes: int = 0
    complete: bool = True
    """False when the result depends on more than the bytes in `read`: a file that could not be
    read, or an `extends` that led nowhere (no such file, a folder, a cycle, too deep), whose
    message depends on the file system. Such a result is never cached."""


def shown_path(path: Path) -> str:
    """A path as a person would type it: relative to the working folder when inside it."""
    try:
        here = real_path(os.getcwd())
    except OSError:  # the working folder was removed
        return str(path)
    real = real_path(str(path))
    return os.path.relpath(real, here) if real != here and within(real, here) else str(path)


def load_merged(path: Path, diagnostics: list[Diagnostic], source: Source) -> LocDict | None:
    """The variant at `path` with its `extends` chain merged in; problems go to diagnostics."""
    return _load(path, diagnostics, source, chain=[])


def _load(path: Path, diagnostics: list[Diagnostic], source: Source, chain: list[Path], via: Loc | None = None) -> LocDict | None:
    """The file at `path` merged over its bases; `via` is the `extends` that named it. The
    files of a chain share the limits of one file (yamlsource.MAX_FILE_BYTES and MAX_NODES):
    sixteen files at the limit each took forty seconds and a third of a gigabyte to check."""
    shown = shown_path(path)
    try:
        data = read_bytes(path, shown)
    except YamlProblem as problem:
        diagnostics.append(problem.diagnostic)
        source.complete = False
        return None
    link = len(source.read)
    source.read.append((path, sha256_hex(data), None))
    if via is not None and source.size + len(data) > MAX_FILE_BYTES:
        diagnostics.append(_chain_too_large(via, shown, f"{source.size + len(data):,} bytes", f"{MAX_FILE_BYTES:,} bytes"))
        return None
    source.size += len(data)
    try:
        text = decode_text(data, shown)
        document = parse_yaml(text, shown, max_nodes=MAX_NODES - source.nodes)
    except TooManyNodes as problem:
        if via is None:
            diagnostics.append(problem.diagnostic)
        else:
            note = Note(problem.diagnostic.loc, "the chain's YAML node past the limit is here")
            diagnostics.append(_chain_too_large(via, shown, f"more than {MAX_NODES:,} YAML nodes", f"{MAX_NODES:,}", note))
        return None
    except YamlProblem as problem:
        diagnostics.append(problem.diagnostic)
        return None
    source.nodes += _node_count(document)
    source.files.append(path)
    source.texts[shown] = text
    base_name = document.get("extends")
    if base_name is None:
        _leftover_removals(document, diagnostics)
        return document
    if not isinstance(base_name, str) or not base_name:
        return document  # the schema check reports the wrong type
    loc = document.value_locs["extends"].loc
    base_path = _resolve_extends(base_name, path, loc, diagnostics)
    if base_path is None:
        source.complete = False
        return None
    resolved_chain = [real_path(str(p)) for p in chain + [path]]
    if real_path(str(base_path)) in resolved_chain:
        cycle = " -> ".join(shown_path(p) for p in chain + [path, base_path])
        diagnostics.append(Diagnostic(loc, f"'extends' makes a cycle: {cycle}"))
        source.complete = False
        return None
    if len(chain) + 2 > MAX_EXTENDS_DEPTH:
        diagnostics.append(Diagnostic(loc, f"'extends' chain is deeper than {MAX_EXTENDS_DEPTH} files"))
        source.complete = False
        return None
    source.read[link] = (path, source.read[link][1], base_name)
    base = _load(base_path, diagnostics, source, chain + [path], via=loc)
    if base is None:
        return None
    merged = _merge_mapping(base, document, [], diagnostics)
    _rules_over_inherited_setups(document, merged)
    return merged


def _rules_over_inherited_setups(child: LocDict, merged: LocDict) -> None:
    """A file that sets a rule in its `rules` sets it at every number of players: the values a
    base's setups give that rule (`players.setups[].rules`) are taken out, as for a value set
    from outside (docs/rulings.md, 89). A house rule 'tokens_to_win: 3' over a game whose
    setups say 7, 5 and 4 otherwise changed nothing. A file that gives `players.setups`
    itself keeps its own setups' values."""
    rules, players = child.get("rules"), child.get("players")
    if not isinstance(rules, LocDict) or not rules or (isinstance(players, LocDict) and "setups" in players):
        return
    inherited = merged.get("players")
    setups = inherited.get("setups") if isinstance(inherited, LocDict) else None
    if not isinstance(inherited, LocDict) or not isinstance(setups, LocList):
        return
    kept = LocList((_without_rules(setup, rules) for setup in setups), loc=setups.loc)
    kept.value_locs, kept.removed = list(setups.value_locs), dict(setups.removed)
    players = _copied(inherited)  # new mappings on the way down: the base's document is left as read
    players["setups"] = kept
    merged["players"] = players


def _without_rules(setup: Any, rules: LocDict) -> Any:
    given = setup.get("rules") if isinstance(setup, LocDict) else None
    if not isinstance(given, LocDict) or not any(name in rules for name in given):
        return setup
    left = LocDict({name: value for name, value in given.items() if name not in rules}, loc=given.loc)
    left.key_locs = {name: at for name, at in given.key_locs.items() if name not in rules}
    left.value_locs = {name: at for name, at in given.value_locs.items() if name not in rules}
    copy = _copied(setup)
    copy["rules"] = left
    return copy


def _copied(mapping: LocDict) -> LocDict:
    copy = LocDict(mapping, loc=mapping.loc)
    copy.key_locs, copy.value_locs = dict(mapping.key_locs), dict(mapping.value_locs)
    return copy


def _chain_too_large(via: Loc, shown: str, held: str, limit: str, note: Note | None = None) -> Diagnostic:
    return Diagnostic(
        via,
        f"with {quoted(shown)}, which 'extends' names, this variant's files hold {held} together; "
        f"a variant and the files it extends may hold {limit} in all",
        "extend a smaller file, or write the variant in fewer files",
        notes=(note,) if note is not None else (),
    )


def _node_count(document: LocDict) -> int:
    """The YAML nodes of a document as the composer counts them: each mapping, list and
    scalar, and each key."""
    count, waiting = 0, [document]
    while waiting:
        value = waiting.pop()
        count += 1
        if isinstance(value, dict):
            count += len(value)
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
    return count


def _resolve_extends(name: str, child: Path, loc: Loc, diagnostics: list[Diagnostic]) -> Path | None:
    """A bundled name, or a path relative to the child that stays in its folder or the bundle's
    (find.extends_file); otherwise None, and the reason at `loc`: whatever the path holds (a
    NUL, a loop of links, 3,000 folders), a problem in the file, never an exception."""
    try:
        return Path(extends_file(name, str(child)))
    except BaseNotFound as refusal:
        diagnostics.append(_base_not_found(name, refusal, loc))
        return None


def _base_not_found(name: str, refusal: BaseNotFound, loc: Loc) -> Diagnostic:
    shown = quoted(name)
    if refusal.kind == "name":
        hint = did_you_mean(name, bundled_variant_names())
        listed = f"bundled variants: {', '.join(bundled_variant_names())}; or give a path ending in .yaml"
        return Diagnostic(loc, f"'extends' names {shown}, which is not a bundled variant", hint or listed)
    if refusal.kind == "folder" or refusal.problem == FOLDER:
        return _folder(name, loc)
    if refusal.kind == "path":
        hint = "give a bundled variant's name or a file beside this one"
        return Diagnostic(loc, f"'extends' path {shown} {refusal.problem}", hint)
    if refusal.kind == "outside":
        hint = "a variant may extend files in its own folder (or below) and the bundled variants"
        return Diagnostic(loc, f"'extends' path {shown} leaves the variant's folder", hint)
    if refusal.problem == NOT_REGULAR:
        return Diagnostic(loc, f"'extends' names {shown}, which is not a regular file (a pipe or a device?)")
    if refusal.problem == MISSING:
        stem = Path(name).stem
        hint = f"did you mean the bundled variant '{stem}'?" if stem in bundled_variant_names() else None
        return Diagnostic(loc, f"'extends' names {shown}, but there is no such file", hint)
    return Diagnostic(loc, f"'extends' names {shown}, which {refusal.problem}")


def _folder(name: str, loc: Loc) -> Diagnostic:
    return Diagnostic(loc, f"'extends' names {quoted(name)}, which is a folder", "give a variant file in it, ending in .yaml")


def _is_named_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, dict) and "id" in item for item in value)


def _merge_mapping(base: LocDict, child: LocDict, path: list, diagnostics: list[Diagnostic]) -> LocDict:
    merged = LocDict(base, loc=child.loc or base.loc)
    merged.key_locs.update(base.key_locs)
    merged.value_locs.update(base.value_locs)
    for key, value in child.items():
        if key in base and isinstance(base[key], LocDict) and isinstance(value, LocDict):
            merged[key] = _merge_mapping(base[key], value, path + [key], diagnostics)
        elif (
            key in base
            and isinstance(base[key], LocList)
            and isinstance(value, LocList)
            and value  # an empty list replaces: 'cards: []' empties the deck
            and _is_named_list(base[key])
            and _is_named_list(value)
        ):
            merged[key] = _merge_named_list(key, base[key], value, diagnostics)
        else:
            merged[key] = value
            if isinstance(value, list):
                _leftover_removals_in(value, child.value_locs[key], diagnostics)
        merged.key_locs[key] = child.key_locs[key]
        merged.value_locs[key] = child.value_locs[key]
    merged.pop("extends", None)
    return merged


def _merge_named_list(key: str, base: LocList, child: LocList, diagnostics: list[Diagnostic]) -> LocList:
    items = _items_by_id(base)
    removed = dict(base.removed)
    seen_in_child: dict[str, Any] = {}
    for item, loc in zip(child, child.value_locs):
        item_id = item["id"]
        if not isinstance(item_id, str):
            items[("not an id", len(items))] = (item, loc)  # kept whole: the schema reports the id
            continue
        if item_id in seen_in_child and not _adds_back(item_id, item, removed):
            first = seen_in_child[item_id]
            diagnostics.append(
                Diagnostic(item.value_locs["id"].loc, f"id '{item_id}' is used twice (first at line {first.line})")
            )
            continue
        seen_in_child[item_id] = item.value_locs["id"].loc
        if item.get("remove") is True:
            if _remove(key, item_id, item, loc, items, base, diagnostics):
                removed[item_id] = item.key_locs["remove"]
            continue
        removed.pop(item_id, None)
        if item_id in items and isinstance(items[item_id][0], LocDict):
            items[item_id] = (_merge_mapping(items[item_id][0], item, [], diagnostics), loc)
        else:
            items[item_id] = (item, loc)
    merged = LocList((item for item, _ in items.values()), loc=child.loc)
    merged.value_locs = [loc for _, loc in items.values()]
    merged.removed = removed
    return merged


def _items_by_id(base: LocList) -> dict[Any, tuple[Any, Any]]:
    """The base's items by id, in order. An id the base repeats keeps both items, under a key
    of their own, so the check of the merged list reports the repeat instead of one item
    silently replacing the other."""
    items: dict[Any, tuple[Any, Any]] = {}
    for i, (item, loc) in enumerate(zip(base, base.value_locs)):
        key = item["id"] if isinstance(item["id"], str) else ("not an id", i)
        items[key if key not in items else ("again", i)] = (item, loc)
    return items


def _adds_back(item_id: str, item: LocDict, removed: dict[Any, Loc]) -> bool:
    """An id given twice is fine once: removed, then added again in full, which moves the
    item to the end of the list (docs/variants.md, section 4)."""
    return item_id in removed and item.get("remove") is not True


def _remove(key: str, item_id: str, item: LocDict, loc: Any, items: dict, base: LocList, diagnostics: list[Diagnostic]) -> bool:
    """Take the base's item out; False, and a problem naming the base's list, when it has none."""
    if item_id in items:
        del items[item_id]
        return True
    base_loc = base.loc.loc if base.loc is not None else loc.loc
    notes = (Note(base_loc, f"the base's {key} are listed here"),) if base_loc.file != loc.loc.file else ()
    diagnostics.append(
        Diagnostic(
            item.key_locs.get("remove", loc.loc),
            f"cannot remove '{item_id}': the base variant has no item with that id",
            did_you_mean(item_id, [k for k in items if isinstance(k, str)]),
            notes=notes,
        )
    )
    return False


def _leftover_removals(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """`remove: true` only means something in a file that extends another."""
    for key, value in document.items():
        if isinstance(value, LocDict):
            _leftover_removals(value, diagnostics)
        elif isinstance(value, list):
            _leftover_removals_in(value, document.value_locs[key], diagnostics)


def _leftover_removals_in(items: list, _loc: Any, diagnostics: list[Diagnostic]) -> None:
    for item in items:
        if isinstance(item, LocDict):
            if item.get("remove") is True:
                diagnostics.append(
                    Diagnostic(
                        item.key_locs["remove"],
                        f"'remove: true' on '{item.get('id')}' only works in a variant that extends another",
                    )
                )
            _leftover_removals(item, diagnostics)
