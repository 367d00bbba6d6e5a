"""What must hold at every decision of every game (docs/architecture.md, "Invariants"), as one
function the tests call after every action and `restore` calls on every snapshot it accepts.

Each broken invariant is a sentence naming the snapshot field it concerns, so a refused
snapshot says where it is damaged.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.effects.limits import SAFETY_ENDS
from engine.game.state import written_options
from engine.words.turns import end_reasons

if TYPE_CHECKING:
    from engine.game.game_state import GameState


def broken_invariants(game: GameState) -> list[str]:
    """Every invariant the game breaks (an empty list for a sound game)."""
    problems = _units(game) + _cards(game) + _conserved(game)
    if not problems:
        problems += _ownership(game) + _ending(game)
    return problems


def _units(game: GameState) -> list[str]:
    """Each player's units on the board plus in supply equal their starting units (in a game
    whose spaces hold units)."""
    if game.book.cards_stacked:
        return []
    on_board = [0] * game.n
    for stack in game.stacks:
        for unit in stack:
            on_board[unit] += 1
    return [
        f"supply[{player}]: {game.supply[player]} units in supply and {on_board[player]} on the board "
        f"make {game.supply[player] + on_board[player]}, not the {game.start_units} the player started with"
        for player in range(game.n)
        if on_board[player] + game.supply[player] != game.start_units
    ]


def _conserved(game: GameState) -> list[str]:
    """Each amount the variant declares conserved (`conserved:`) adds up to its number: a
    program that makes or loses some, or a snapshot with one of its counters changed, shows
    here, by the amount's name and its counters."""
    problems = []
    for amount in game.variant.conserved:
        parts = []
        for counter in amount.counters:
            value = game.counters[counter] if counter in game.counters else sum(game.player_counters[counter])
            parts.append((counter, value))
        total = sum(value for _, value in parts)
        if total != amount.total:
            held = ", ".join(f"{counter} {value}" for counter, value in parts)
            problems.append(f"counters: {amount.name} ({held}) add up to {total}, not the {amount.total} the game is "
                            f"declared to keep ('conserved: {amount.id}')")
    return problems


def _cards(game: GameState) -> list[str]:
    """Every card the game started with is in one pile, on a space (in a game whose spaces
    hold cards) or in play, once; none other is."""
    dealt: Counter = Counter()
    for cards in game.layout.initial:
        dealt.update(cards)
    found = Counter(game.in_play)
    for pile in game.piles:
        found.update(pile)
    if game.book.cards_stacked:
        for stack in game.stacks:
            found.update(stack)
    if found == dealt:
        return []
    ref = game.book.card_ref
    extra = sorted(str(ref(c)) for c in (found - dealt).elements())
    missing = sorted(str(ref(c)) for c in (dealt - found).elements())
    parts = ([f"{', '.join(extra)} more than the game holds"] if extra else []) + (
        [f"{', '.join(missing)} missing"] if missing else []
    )
    return [f"piles and in_play: {'; '.join(parts)}"]


def _ownership(game: GameState) -> list[str]:
    """Property cards follow the stacks (except properties not yet settled), and worth, the
    count of properties and the tokens follow the property cards."""
    problems = []
    value = game.book.value
    for prop in range(len(game.stacks)):
        if prop in game.dirty:
            continue
        if game.holder[prop] != game.owner_of(prop):
            problems.append(
                f"holder[{prop}]: the property card is with {game.holder[prop]}, but the stack gives it to {game.owner_of(prop)}"
            )
    for player in range(game.n):
        held = [p for p, h in enumerate(game.holder) if h == player]
        if game.worth[player] != sum(value[p] for p in held):
            problems.append(f"worth[{player}]: {game.worth[player]} is not the value of the properties held")
        if game.held[player] != len(held):
            problems.append(f"held[{player}]: {game.held[player]} is not the number of properties held")
        track = game.book.track
        if track is not None and game.tokens[player] != min(track.length, game.score(track.follows, player)):
            problems.append(
                f"tokens[{player}]: the token stands on {game.tokens[player]}, not where the player's {track.follows} puts it"
            )
    return problems


def _ending(game: GameState) -> list[str]:
    """A finished game has a reason that holds and no decision; a game in progress has one."""
    if game.over:
        problems = [] if game.asked is None else ["pending: a finished game has no decision"]
        reason = (game.end_reason or {}).get("reason")
        if reason not in end_reasons(game.book) and reason not in SAFETY_ENDS:
            problems.append(f"end_reason: '{reason}' is not one of the ways this game ends")
        return problems
    if game.asked is None:
        return ["pending: a game in progress always has a decision"]
    return _pending(game)


def _pending(game: GameState) -> list[str]:
    """The pending decision is the one the frames stand at, with exactly its options."""
    expected = game.question_at_top()
    pending = game.asked
    assert pending is not None  # _ending looks here only while a decision is pending
    if expected is None:
        return [f"pending: the game is not at a '{pending.kind}' decision"]
    kind, player, options = expected.kind, expected.player, expected.options
    if (pending.kind, pending.player) != (kind, player):
        return [f"pending: the decision is '{kind}' for player {player}, not '{pending.kind}' for player {pending.player}"]
    if written_options(game.options()) != written_options(options):  # a number question by its range
        return ["pending.options: they are not the options of this decision"]
    return []
