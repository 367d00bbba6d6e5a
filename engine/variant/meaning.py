"""Stage 4 of the check: what the schema cannot see. Ids are unique, piles hold what they are
asked to, a die's faces name zones, a loop names spaces once, scores have goals, the deck fits
the hands; each problem at its place in the file (load.py runs the stages)."""


from __future__ import annotations

import re
from collections.abc import Sequence

from engine.diagnostics import Diagnostic, Loc, Note, clash, did_you_mean
from engine.effects import ast
from engine.effects.check import is_reserved
from engine.variant import lint
from engine.variant.contexts import MAX_CARDS
from engine.variant.find import VariantNotFound as VariantNotFound  # re-exported: engine.VariantNotFound
from engine.variant.lint import ParsedCard
from engine.variant.model import DISCARDED_TO
from engine.variant.yamlsource import LocDict


def check_meaning(document: LocDict, cards: Sequence[ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
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
    _check_setup_rules(document, diagnostics)
    _check_deck(document, cards, diagnostics, root_file)
    _check_piles(document, cards, diagnostics)
    _check_holds(document, diagnostics)
    _check_space_holds(document, diagnostics)
    _check_card_total(document, diagnostics)
    _check_conserved(document, diagnostics)
    _check_reference(document, diagnostics)


def _check_setup_rules(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A setup gives no value of its own to a rule the file reads once for every game, as
    `ranking: rule NAME` and `board.ownership.ties: rule NAME` do: the ranking and the ties are
    the same at every count of players (docs/variants.md, "Rules by the number of players")."""
    read_once = {}
    ranking, ties = document.get("ranking"), document["board"].get("ownership", {}).get("ties")
    for what, value in (("the ranking", ranking), ("the ownership ties", ties)):
        if isinstance(value, str) and value.startswith("rule "):
            read_once[value[5:]] = what
    for setup in document["players"]["setups"]:
        own = setup.get("rules")
        for name in own if isinstance(own, LocDict) else ():
            if name in read_once:
                diagnostics.append(Diagnostic(
                    own.key_locs[name],
                    f"the rule '{name}' gives {read_once[name]}, which is the same in every game: "
                    f"a setup cannot give it a value of its own",
                    f"give '{name}' its value in 'rules' alone",
                ))


def _check_reference(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """The reference card names a zone, a routine and counters the variant has: the row's and
    the costs' of the game, the ones paid from of each player. (That the routine asks nothing
    is found when the variant is compiled: engine/game/pricing.py prices nothing otherwise.)"""
    spec = document.get("reference")
    if not spec:
        return
    counters = document.get("counters") or {}
    zones = [zone["id"] for zone in document["board"]["zones"]]
    routines = list(document.get("routines") or {})

    def unknown(key: str, name: str, known: list[str], what: str, loc: Loc) -> None:
        diagnostics.append(Diagnostic(loc, f"the reference card's '{key}' names '{name}', which is not {what}",
                                      did_you_mean(name, known)))

    if spec["zone"] not in zones:
        unknown("zone", spec["zone"], zones, "a zone", spec.value_locs["zone"].loc)
    if spec["routine"] not in routines:
        unknown("routine", spec["routine"], routines, "a routine", spec.value_locs["routine"].loc)
    of_game = [name for name, c in counters.items() if c["each"] == "game"]
    of_player = [name for name, c in counters.items() if c["each"] == "player"]
    if spec["row"] not in of_game:
        unknown("row", spec["row"], of_game, "a counter of the game", spec.value_locs["row"].loc)
    costs = spec["costs"]
    for cost, paid in costs.items():
        loc = costs.value_locs[cost].loc
        if cost not in of_game:
            unknown("costs", cost, of_game, "a counter of the game", loc)
        if paid not in of_player:
            unknown("costs", paid, of_player, "a counter of each player", loc)


def _check_conserved(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """Each amount declared conserved is a sum of counters the variant has."""
    counters = document.get("counters") or {}
    for name, spec in (document.get("conserved") or {}).items():
        for counter, loc in zip(spec["counters"], spec["counters"].value_locs, strict=True):
            if counter not in counters:
                hint = did_you_mean(counter, sorted(counters)) or "name counters of the 'counters:' section"
                diagnostics.append(Diagnostic(loc.loc, f"'{name}' is conserved over '{counter}', which is not a counter", hint))


def _check_names_not_words(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A counter or zone number named after a word of the effect language (`total`) could never
    be read: the parser takes it for the word, and every use fails with a message about
    punctuation (issue 47, item 10: a pile named `properties`, then "unexpected 'on" at every
    use). Say so once, where the name is given. A pile is refused too, but for the pile the
    statement `discard` fills without naming it (a card's `discard_to` by default), which the
    bundled games call `discard`. Routines are not: `do NAME` reads any word as a name."""
    named: list[tuple[LocDict, str, str]] = []
    counters = document.get("counters")
    if isinstance(counters, LocDict):
        named.extend((counters, name, "counter") for name in counters)
    piles = document.get("piles")
    if isinstance(piles, LocDict):
        named.extend((piles, name, "pile") for name in piles if name != DISCARDED_TO)
    for zone in document["board"]["zones"]:
        numbers = zone.get("numbers")
        if isinstance(numbers, LocDict):
            named.extend((numbers, name, "number") for name in numbers)
    pieces = document.get("pieces")
    if isinstance(pieces, LocDict):  # issue 47, 5: read by name, as a counter is
        named.extend((pieces, name, "piece") for name in pieces)
        taken = {**dict.fromkeys(document.get("scores") or {}, "score"), **dict.fromkeys(document.get("piles") or {}, "pile"),
                 **dict.fromkeys(counters if isinstance(counters, LocDict) else {}, "counter"),
                 # for each piece: a piece's name is a kind of thing (`for each runner R`), `piece` every piece
                 **dict.fromkeys(document.get("kinds") or {}, "kind of space"), "piece": "kind of thing (every piece)"}
        for name in pieces:
            if name in taken:
                diagnostics.append(Diagnostic(pieces.key_locs[name], f"'{name}' is already the name of a {taken[name]}",
                                              "give the piece a name of its own"))
    for owner, name, what in named:
        if is_reserved(name):
            diagnostics.append(Diagnostic(
                owner.key_locs[name],
                f"'{name}' is reserved: it is a word of the effect language, so a {what} named '{name}' could never be read",
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


TOLD_PLACES = frozenset({"{card}", "{player}", "{owner}", "{from}"})
"""What a pile's `told` may name (messages.Texts.told_put fills them in)."""


def _check_piles(document: LocDict, cards: Sequence[ParsedCard], diagnostics: list[Diagnostic]) -> None:
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
        for key, default in (("starts_in", "deck"), ("discard_to", default_discard(piles, card.raw))):
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
        space = card.raw.get("space")
        if space is not None:
            spaces = loop_names(document["board"]["zones"])
            if space not in spaces:
                hint = did_you_mean(space, list(spaces)) or "a space is its zone's id and its place, 'brown_2'"
                diagnostics.append(Diagnostic(card.raw.value_locs["space"].loc, f"'space' names '{space}', which is not a space",
                                              hint))
            elif zone is not None:
                diagnostics.append(Diagnostic(card.raw.value_locs["space"].loc,
                                              "a card has a 'space' or a 'zone', not both: its space's zone is its zone"))
    for (key, name), ids in by_default.items():
        _check_default_pile(document, key, name, ids, diagnostics)


def _check_space_holds(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A space's capacity (`board.holds`) is of the cards on a space: a board whose spaces
    hold units counts them by the players' supplies, and play builds what the rules allow."""
    board = document["board"]
    if "holds" in board and board.get("stacks") != "cards":
        diagnostics.append(Diagnostic(
            board.value_locs["holds"].loc, "'holds' says how many cards a space holds, but this board's spaces hold units",
            "leave 'holds' out, or stack cards on the spaces ('stacks: cards')",
        ))


def _check_holds(document: LocDict, diagnostics: list[Diagnostic]) -> None:
    """A pile that says how many cards it holds (`holds`) starts with no more, and is not one
    that takes whatever comes: the pile cards are discarded to, or one refilled from another.
    Play keeps to it (a card drawn or put onto it when full stays where it was), so the check
    may count its cards as that many (effects.cost.Sizes.holds)."""
    piles = document["piles"]
    cards = document["deck"]["cards"]
    discarded_to = {card.get("discard_to") or default_discard(piles, card) for card in cards}
    for key, spec in piles.items():
        holds = spec.get("holds")
        if holds is None:
            continue
        loc = spec.value_locs["holds"].loc
        if key in discarded_to or "refill_from" in spec:
            why = "cards are discarded to it" if key in discarded_to else "it is refilled from another pile"
            diagnostics.append(Diagnostic(
                loc, f"pile '{key}' takes whatever comes ({why}), so it cannot say it holds at most {holds}",
                "leave 'holds' out of this pile",
            ))
            continue
        starting = sum(card["count"] for card in cards if card.get("starts_in", "deck") == key and "space" not in card)
        if starting > holds:
            diagnostics.append(Diagnostic(
                loc, f"pile '{key}' holds at most {holds} cards, but {starting} start in it",
                f"make it hold {starting} or more, or start fewer cards in it",
            ))
def default_discard(piles: dict, card: dict) -> str:
    """Where a card that names no `discard_to` goes once played or discarded (issue 47, 7:
    docs/variants.md, 3.6): the pile `discard`; in a game without one, back to the pile it
    started in (a game whose cards are never discarded needs no discard pile)."""
    return "discard" if "discard" in piles else card.get("starts_in", "deck")


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


def _check_deck(document: LocDict, cards: Sequence[ParsedCard], diagnostics: list[Diagnostic], root_file: str) -> None:
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
    timing, reacts_to = raw.get("timing"), raw.get("reacts_to")
    if timing is None:  # never offered (docs/variants.md, 3.6)
        if reacts_to:
            diagnostics.append(Diagnostic(raw.key_locs["reacts_to"], f"'reacts_to' only applies to cards with timing "
                                          f"'reaction'; '{raw['id']}' has no timing", "give it 'timing: reaction'"))
        return
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
    # a setup may deal its own hand (its 'rules'); the most players first: the one short of
    # cards where every setup deals the same hand
    for setup in sorted(document["players"]["setups"], key=lambda setup: -setup["players"]):
        own = setup.get("rules")
        hand, players = (own if isinstance(own, dict) and "starting_hand" in own else rules)["starting_hand"], setup["players"]
        if type(hand) is int and total < hand * players:
            message = f"the deck holds {total} cards, but {players} players with {hand} cards each need {hand * players}"
            diagnostics.append(clash(root_file, message, lint.deck_places(document)))
            return


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
