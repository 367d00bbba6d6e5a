"""The words of the game's own order: end the game, who starts, and who plays next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import BlockFrame, RootFrame
from engine.core.trial import Trial, acted
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.limits import SAFETY_ENDS
from engine.words.common import fn, maybe
from engine.words.word import INLINE, MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook


# ----- end game REASON [for PLAYER] ---------------------------------------------------------


def _check_end_game(c: Checker, node: ast.EndGame, scope: Scope) -> None:
    reasons = c.context.end_reasons
    if node.reason and reasons and node.reason not in reasons:
        c.report(node, f"'{node.reason}' is not one of the ways this game ends",
                 did_you_mean(node.reason, reasons) or "ways: " + ", ".join(sorted(reasons)))
    c.expect(node.player, "player", scope, "whose it is ('for ...')")


def end_reasons(book: Rulebook) -> list[str]:
    """The reasons a game of this rulebook may end for, besides the safety limits: the
    variant's `ends`, and "" where a program says `end game` naming none (issue 47, 7), what
    restore and the invariants hold a finished game's reason to."""
    named = [reason for reason, _ in book.variant.ends]
    unnamed = any(type(node) is ast.EndGame and not node.reason for block in book.blocks for node in block)
    return [*named, ""] if unnamed else named


def _run_end_game(s: ast.EndGame, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, reason = maybe(s.player, book), s.reason

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = None if player_fn is None else player_fn(g, f.env, root.me)
        g._finish(reason, player)

    return op


def _look_end_game(s: ast.EndGame, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        acted(trial)  # the game ends: that is a change
        stack.clear()

    return step


END_GAME = StatementWord(
    ast.EndGame, _check_end_game, _run_end_game, _look_end_game, told=1, flow=INLINE,
    example="end game track_end for me", events=("game_over",),
)


# ----- start with PLAYER --------------------------------------------------------------------


def _check_start_with(c: Checker, node: ast.StartWith, scope: Scope) -> None:
    if c.context.timing != "setup":
        c.report(node, "'start with' belongs to the game's setup")
    c.expect(node.player, "player", scope, "who starts")


def _run_start_with(s: ast.StartWith, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Turn order starts at the player and goes round the seats; `me` of the setup is them."""
    player_fn = fn(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        first = player_fn(g, f.env, root.me)
        first = root.me if first is None else first
        g.order = [(first + i) % g.n for i in range(g.n)]
        g.turn_pos = 0
        root.me = first
        g.emit("first_player", {"player": first})

    return op


def _look_start_with(s: ast.StartWith, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player = fn(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        first = player(game, env, me)
        first = me if first is None else first
        order = [(first + i) % game.n for i in range(game.n)]
        if order != game.order or game.turn_pos != 0:
            trial.touch(game, "order")
            trial.touch(game, "turn_pos")
            game.order, game.turn_pos = order, 0

    return step


START_WITH = StatementWord(
    ast.StartWith, _check_start_with, _run_start_with, _look_start_with, told=1, flow=MAY_ASK,
    example="roll off highest P among players\nstart with P", events=("first_player",),
)


# ----- next turn PLAYER ---------------------------------------------------------------------


def _check_next_turn(c: Checker, node: ast.NextTurn, scope: Scope) -> None:
    c.expect(node.player, "player", scope, "whose turn is next")


def _run_next_turn(s: ast.NextTurn, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Kept until the turn ends (GameState.next_player): the turn's player stays who they are
    until then. Said again, the last one said wins."""
    player_fn = fn(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        if player is not None:
            g.next_player = player
            data = {"player": player}
            if player == g.order[g.turn_pos]:  # the same player again: the log says so (issue 46, 9)
                data["again"] = True
            g.emit("next_turn", data)

    return op


def _look_next_turn(s: ast.NextTurn, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn = fn(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        if player is not None:
            trial.touch(game, "next_player")
            game.next_player = player

    return step


NEXT_TURN = StatementWord(
    ast.NextTurn, _check_next_turn, _run_next_turn, _look_next_turn, told=1, flow=QUIET,
    example="next turn me", events=("next_turn",),
)

# ----- lang47, drop PLAYER / rejoin PLAYER (issue 47, item 6) ---------------------------------


def _check_drop(c: Checker, node: ast.Drop, scope: Scope) -> None:
    c.expect(node.player, "player", scope, "who rejoins" if node.rejoin else "who drops out")


def _run_drop(s: ast.Drop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The player is out of the round (GameState.dropped): the turns pass them by, from the
    next turn on, until `rejoin`; the turn under way stays its player's. Told when it changes."""
    player_fn, rejoin = fn(s.player, book), s.rejoin

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        if player is None or (player in g.dropped) != rejoin:
            return
        if rejoin:
            g.dropped = g.dropped - {player}
            g.emit("rejoined", {"player": player})
        else:
            g.dropped = g.dropped | {player}
            g.emit("dropped", {"player": player})

    return op


def _look_drop(s: ast.Drop, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, rejoin = fn(s.player, book), s.rejoin

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        if player is not None and (player in game.dropped) == rejoin:
            trial.touch(game, "dropped")
            game.dropped = game.dropped - {player} if rejoin else game.dropped | {player}

    return step


DROP = StatementWord(
    ast.Drop, _check_drop, _run_drop, _look_drop, told=1, flow=QUIET,
    example="drop me\nif me is not playing:\n  rejoin me", events=("dropped", "rejoined"),
)

WORDS = (END_GAME, START_WITH, NEXT_TURN, DROP)


def _tell_first_player(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} goes first"


def _tell_turn(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"Turn {d['number']}: {t.player(d['player'])}"


def _tell_turn_end(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])}'s turn is over"


def _tell_next_turn(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """Who plays next; 'plays again' when it is the turn's own player (a roll of doubles),
    which 'plays next' left for the reader to work out."""
    return f"{t.player(d['player'])} plays {'again' if d.get('again') else 'next'}"


def _tell_dropped(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} is out of the round: their turns are passed by"


def _tell_rejoined(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """Back in the round: not 'plays again', the words of another turn for doubles."""
    return f"{t.player(d['player'])} is back in the round"


def _tell_game_over(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """Why the game ended, in the variant's own words (its `ends`) after the player's name,
    or the engine's when a safety limit ended it or a token reached the end of the track."""
    reason = d["reason"]
    if not reason:  # `end game` naming no way (issue 47, 7)
        return "Game over" if d.get("player") is None else f"Game over: {t.player(d['player'])} ended it"
    if reason in SAFETY_ENDS and reason not in t.ends:
        return f"Game over: {SAFETY_ENDS[reason]}"
    if reason == "track_end" and reason not in t.ends:
        return f"Game over: {t.player(d.get('player'))} reached the end of the track"
    told = t.ends.get(reason, reason)
    if d.get("player") is None:
        return f"Game over: {told}"
    joint = "" if told.startswith("'") else " "  # "'s score reached ...": no space before it
    return f"Game over: {t.player(d.get('player'))}{joint}{told}"


EVENT_TEXTS = (
    EventText("first_player", ("player",), _tell_first_player),
    EventText("turn", ("player", "number"), _tell_turn),
    EventText("turn_end", ("player",), _tell_turn_end),
    EventText("next_turn", ("player", "again"), _tell_next_turn),
    EventText("dropped", ("player",), _tell_dropped),  # lang47
    EventText("rejoined", ("player",), _tell_rejoined),  # lang47
    EventText("game_over", ("player", "reason"), _tell_game_over),
)
"""The texts of the events of the game's order: the words' own, and a turn begun and ended
(engine/core/event_text.py)."""
