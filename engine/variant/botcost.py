"""The warning about a variant whose bot games are costly (issue 44, section 3, item 3): what
one decision of a bot may spend, worked out before any game from the variant's size, and
whether the bots' budget for a game (limits.MAX_BOT_GAME_WORK) then lasts a game.

A bot's look-ahead tries each option of a decision on a copy of the game, judges where it
leads, and pays for each copy by its size and each judging by the board's (limits.py,
LOOKAHEAD_COPY_BYTES and LOOKAHEAD_JUDGE_WORK). So a decision's cost is the options of the
widest choice the variant asks, times what one costs: the strong bot judges each at once and
then in DEFAULT_DEALS deals. This is the look-ahead's own count, from the same figures
(engine/game/footprint.py's for a copy), not a guess at the engine's speed; only the seconds
in the message are (SECONDS_PER_WORK).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.diagnostics import Diagnostic, Loc, clash
from engine.effects import ast
from engine.effects.cost import Sizes
from engine.effects.limits import (
    BOT_FALLBACK_WORK,
    LOOKAHEAD_ACTION_WORK,
    LOOKAHEAD_COPY_BYTES,
    LOOKAHEAD_COPY_FREE,
    LOOKAHEAD_JUDGE_FREE,
    LOOKAHEAD_JUDGE_WORK,
    MAX_BOT_GAME_WORK,
    MAX_LOOKAHEAD_WORK,
    MAX_REPEAT,
)
from engine.game.footprint import variant_footprint
from engine.variant.model import Variant
from engine.variant.yamlsource import LocDict, text_position

STRONG_JUDGINGS = 4
"""Times the strong bot judges an option of a decision by default: once at once, then in
each of its three deals (strong.DEFAULT_DEALS). On the grids of 520 spaces of the warning's
tests, 2,753,920 work estimated for a choice among every space, 2,768,480 spent there (and
about 2,780,000 a decision over the first 325 of a game); on Advance to Boardwalk grown to
520 spaces with big copies, 5,000,000 estimated (the decision's budget) and spent."""

DECISIONS_A_GAME = 1_000
"""The decisions a long game asks (the longest bundled games ask about as many): the
warning is given when the bots' budget for a game lasts fewer decisions at the widest
choice than this."""

SECONDS_PER_WORK = 1e-6
"""What a work of look-ahead takes at most, for the message's seconds, as measured in plain
Python on the variants of the warning's tests: 0.6 to 1.2 microseconds where copies cost
most (a copy of 1.7 MB), 0.06 to 0.4 where judging positions does (the engine remembers
scores a position shares with the one before), about 1 on the bundled games. The compiled
kernel takes less."""


@dataclass(frozen=True, slots=True)
class Widest:
    """The choice with the most options a variant asks, and where it is written."""

    options: int
    words: str
    """What it chooses among: '520 properties'."""
    loc: Loc | None


Effects = Sequence[tuple[LocDict, str, ast.Program]]
"""The variant's card effects, programs, hooks and routines, each with the mapping and the key
its text is written at (to locate a statement of it)."""


def warnings(document: LocDict, variant: Variant, effects: Effects, root_file: str) -> list[Diagnostic]:
    """The warning that one decision of the strong bot may cost so much that the bots'
    budget for a game lasts fewer than DECISIONS_A_GAME of them, if so."""
    players = max(variant.player_counts)
    spaces = len(variant.properties)
    size = variant_footprint(variant, players)
    copy = max(0, size - LOOKAHEAD_COPY_FREE) // LOOKAHEAD_COPY_BYTES
    judge = LOOKAHEAD_JUDGE_WORK * max(0, spaces * players - LOOKAHEAD_JUDGE_FREE)
    widest = widest_choice(variant, effects, root_file)
    option = copy + judge + LOOKAHEAD_ACTION_WORK
    strong = min(MAX_LOOKAHEAD_WORK, copy + widest.options * option * STRONG_JUDGINGS)
    lasting = MAX_BOT_GAME_WORK // max(1, strong)
    if lasting >= DECISIONS_A_GAME:
        return []
    copies = f"a copy of the game holds about {_bytes(size)}" + (f" ({copy:,} work)" if copy else "")
    judging = f"judging a position on {spaces} spaces for {players} players costs {judge:,} work" if judge else ""
    why = "; ".join(part for part in (copies, judging) if part)
    most = players * (MAX_BOT_GAME_WORK + BOT_FALLBACK_WORK)
    message = (
        f"bot games of this variant are costly: {why}, and a choice may be among {widest.words}, so one "
        f"decision of the strong bot may spend about {strong:,} work (up to about {_seconds(strong)}); the "
        f"bots' budget of {MAX_BOT_GAME_WORK:,} work a game lasts about {lasting:,} such decisions, after "
        f"which they play by a cheaper judgement, and a game of {players} bots may take up to about "
        f"{_seconds(most)} of their thinking"
    )
    places: list[tuple[Loc, str]] = []
    if widest.loc is not None:
        places.append((widest.loc, f"the choice among {widest.words} is here"))
    board = document["board"]
    places.append((board.key_locs["zones"], f"the board's {spaces} spaces are set here"))
    for key, what in (("piles", "piles"), ("counters", "counters")):
        if copy and key in document and any(getattr(x, "each", "") == "space" for x in _of(variant, key)):
            places.append((document.key_locs[key], f"the {what} kept for each space are listed here"))
    hint = (
        "fewer spaces, fewer piles and counters kept for each space, or fewer options in a choice "
        "('in' a zone, 'where ...') make each decision cheaper"
    )
    return [clash(root_file, message, places, hint, severity="warning")]


def widest_choice(variant: Variant, effects: Effects, root_file: str) -> Widest:
    """The choice with the most options among the variant's effects (a `choose`, `choose
    number` or `choose word`), the first in `root_file` of those with as many, or a build on
    the largest zone when none has more."""
    sizes = _sizes(variant)
    largest = max((sum(1 for p in variant.properties if p.zone == z.id) for z in variant.zones), default=0)
    best = Widest(largest + 1, f"{largest} properties of a zone" if largest != 1 else "1 property", None)
    for raw, key, program in effects:
        for node, options, words in _choices(program.statements, sizes):
            loc = text_position(raw.value_locs[key], node.line, node.col)
            mine = loc.file == root_file and (best.loc is None or best.loc.file != root_file)
            if options > best.options or (options == best.options and mine):
                best = Widest(options, words, loc)
    return best


def _choices(statements: tuple[ast.Stmt, ...], sizes: Sizes) -> Iterator[tuple[ast.Node, int, str]]:
    """Each choice of `statements` (nested ones too), with its most options and in words."""
    for node in ast.walk(list(statements)):
        if isinstance(node, ast.Choose):
            count = sizes.over(node.kind, node.zone)
            noun = _NOUNS.get(node.kind, "properties")
            yield node, count, f"{count:,} {noun}" + (" of a zone" if node.zone is not None and node.kind != "card" else "")
        elif isinstance(node, ast.ChooseNumber):
            low, high = node.low, node.high
            count = MAX_REPEAT + 1
            if isinstance(low, ast.Number) and isinstance(high, ast.Number):
                count = max(1, min(count, high.value - low.value + 1))
            yield node, count, f"{count:,} numbers"
        elif isinstance(node, ast.ChooseWord):
            yield node, len(node.words), f"{len(node.words)} words"
        elif isinstance(node, ast.ChooseKind):
            yield node, sizes.cards, f"{sizes.cards:,} kinds of card"


_NOUNS = {"card": "cards", "player": "players", "opponent": "players", "zone": "zones"}
"""What a `choose` of each kind chooses among, when not properties."""


def _sizes(variant: Variant) -> Sizes:
    """How many of each thing a choice can range over in this variant."""
    players = max(variant.player_counts)
    cards = sum(card.count * (players if _each_player(variant, card.starts_in) else 1) for card in variant.cards)
    zones = [sum(1 for p in variant.properties if p.zone == z.id) for z in variant.zones]
    return Sizes(
        properties=len(variant.properties),
        largest_zone=max(zones, default=0),
        zones=len(variant.zones),
        players=players,
        cards=max(1, cards),
    )


def _each_player(variant: Variant, pile_id: str) -> bool:
    return any(pile.id == pile_id and pile.each == "player" for pile in variant.piles)


def _of(variant: Variant, key: str) -> tuple:
    return variant.piles if key == "piles" else variant.counters


def _bytes(size: int) -> str:
    """'1.7 MB', '640 KB'."""
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} KB"


def _seconds(work: int) -> str:
    """The time `work` takes at SECONDS_PER_WORK, in words: '4 s', '25 minutes'."""
    seconds = work * SECONDS_PER_WORK
    if seconds < 90:
        return f"{seconds:.0f} s" if seconds >= 1 else f"{seconds:.1f} s"
    return f"{seconds / 60:.0f} minutes"
