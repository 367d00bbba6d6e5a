"""The words that move tokens round the board's loop: `advance` and `place`.

A board may list the spaces its tokens go round (`board: loop:` in the variant), GO first, where
every token starts. `advance X N spaces` moves X's token forward, running the variant's
`token_passes` hook for each space it goes past and `token_lands` for the one it stops on (a
bonus for passing GO, resources picked up on the way, the space's own action);
`advance X back N spaces` moves it back, running `token_passes_back` for each space it goes
back past (a variant without that hook passes nothing going back: no bonus for going back past
GO) and `token_lands` where it stops; `advance X to P` moves it forward to
the space P, or to the nearest space ahead of the zone P (a card's "advance to the nearest
railroad"); `place X on P` sets it there straight, passing nothing and landing nowhere (go to
jail). The token stands where it stops before any hook runs: `position of me` inside one is the
space landed on, and the hook's `here` the space passed or landed on.

The hooks run in the order a token meets the spaces: at once, where neither can ask anything;
otherwise as programs on the frame stack, the landing first pushed so that it runs last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText, counted
from engine.core.frames import BlockFrame, RootFrame
from engine.core.trial import Fail, Trial
from engine.effects import ast
from engine.effects.limits import MAX_FRAMES
from engine.words.common import fn, maybe
from engine.words.word import MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Texts
    from engine.game.rulebook import Rulebook


def _check_target(c: Checker, target: ast.Expr, scope: Scope, what: str) -> None:
    """A space, or a zone (its nearest space ahead)."""
    c.expect_one_of(target, ("property", "zone"), scope, what)


def destination(g: GameState, target: Any, start: int, exclusive: bool) -> int | None:
    """The place on the loop a target names, seen from the place `start`: a space's own place,
    or the first place of a zone's spaces ahead of `start` (after it, where `exclusive`, else
    from it). None: the target is not on the loop."""
    if type(target) is str:  # a zone
        places = g.book.loop_zones.get(target, ())
        if not places:
            return None
        ahead = [place for place in places if place > start or (place == start and not exclusive)]
        return ahead[0] if ahead else places[0]
    return g.book.loop_place.get(target)


# ----- advance X N spaces / advance X back N spaces / advance X to P ----------------------------


def _check_advance(c: Checker, node: ast.Advance, scope: Scope) -> None:
    c.needs_loop(node, "advance")
    c.expect(node.player, "player", scope, "whose token moves")
    if node.count is not None:
        c.expect(node.count, "number", scope, "how many spaces")
    if node.target is not None:
        _check_target(c, node.target, scope, "where the token goes ('to ...')")


def _run_advance(s: ast.Advance, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, count_fn, target_fn, back = fn(s.player, book), maybe(s.count, book), maybe(s.target, book), s.back

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        spaces = None if player is None else _spaces(g, player, count_fn, target_fn, back, f.env, root.me)
        if player is not None and spaces is not None:
            move_token(g, player, spaces)

    return op


def _spaces(g: GameState, player: int, count_fn: Any, target_fn: Any, back: bool, env: dict, me: int) -> int | None:
    """How far an `advance` moves the player's token (back: less than 0); None: its target
    is not on the loop. To the space it stands on, it goes once round."""
    if target_fn is None:
        spaces = count_fn(g, env, me) or 0
        return -spaces if back else spaces
    start, size = g.positions[player], len(g.book.loop)
    place = destination(g, target_fn(g, env, me), start, exclusive=True)
    return None if place is None else (place - start) % size or size


def move_token(g: GameState, player: int, spaces: int) -> None:
    """Move the token `spaces` forward (back, where negative), tell it, and run the hooks."""
    loop, start = g.book.loop, g.positions[player]
    end = (start + spaces) % len(loop)
    g.positions[player] = end
    g.emit("advance", {"player": player, "from": loop[start], "to": loop[end], "spaces": spaces})
    if spaces != 0:
        _run_hooks(g, player, start, spaces, loop[end])


def _run_hooks(g: GameState, player: int, start: int, spaces: int, landed: int) -> None:
    """The passing hook for each space between, in the order the token meets them
    (`token_passes` going forward, `token_passes_back` going back), then the landing hook. The
    spaces passed are listed only for a variant with that passing hook, and at most MAX_FRAMES
    of them: a move of a billion spaces would run out the action's work budget long before,
    and the frame stack holds fewer runs still (each takes two)."""
    book, loop = g.book, g.book.loop
    passing = "token_passes" if spaces > 0 else "token_passes_back"
    step = 1 if spaces > 0 else -1
    passes, lands = book.program_block.get(passing), book.program_block.get("token_lands")
    passed = [loop[(start + step * n) % len(loop)] for n in range(1, abs(spaces))[:MAX_FRAMES]] if passes is not None else []
    calls = [(passing, space) for space in passed]
    if lands is not None:
        calls.append(("token_lands", landed))
    if not calls:
        return
    if {passes if passed else None, lands} - {None} <= book.inline:
        for name, space in calls:  # none can ask: each at once, in order
            g.run_hook(name, player, {"here": space})
            if g.over:
                return
        return
    for name, space in reversed(calls):  # the stack runs the last pushed first
        if not g.push_hook(name, player, {"here": space}):
            return


def _look_advance(s: ast.Advance, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The token's new place (the hooks, like settling, are the game's, not looked into)."""
    player_fn, count_fn, target_fn, back = fn(s.player, book), maybe(s.count, book), maybe(s.target, book), s.back

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        spaces = None if player is None else _spaces(game, player, count_fn, target_fn, back, env, me)
        if player is None or spaces is None:
            raise Fail
        trial.touch(game.positions, player)
        game.positions[player] = (game.positions[player] + spaces) % len(game.book.loop)

    return step


ADVANCE = StatementWord(
    ast.Advance, _check_advance, _run_advance, _look_advance, told=1, flow=MAY_ASK,
    example="advance me 3 spaces\nadvance me back 1 spaces\nadvance me to space 1 of red", events=("advance",),
)


# ----- place X on P ------------------------------------------------------------------------------


def _check_place(c: Checker, node: ast.Place, scope: Scope) -> None:
    c.needs_loop(node, "place")
    c.expect(node.player, "player", scope, "whose token is placed")
    _check_target(c, node.target, scope, "where the token goes ('on ...')")


def _run_place(s: ast.Place, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, target_fn = fn(s.player, book), fn(s.target, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        player = player_fn(g, f.env, root.me)
        if player is None:
            return
        start = g.positions[player]
        place = destination(g, target_fn(g, f.env, root.me), start, exclusive=False)
        if place is None:
            return
        g.positions[player] = place
        loop = g.book.loop
        g.emit("advance", {"player": player, "from": loop[start], "to": loop[place], "spaces": None})

    return op


def _look_place(s: ast.Place, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, target_fn = fn(s.player, book), fn(s.target, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        place = None if player is None else destination(game, target_fn(game, env, me), game.positions[player], False)
        if player is None or place is None:
            raise Fail
        trial.touch(game.positions, player)
        game.positions[player] = place

    return step


PLACE = StatementWord(
    ast.Place, _check_place, _run_place, _look_place, told=1, flow=QUIET,
    example="place me on space 2 of red", events=("advance",),
)

WORDS = (ADVANCE, PLACE)


def _tell_advance(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    spaces, to = d["spaces"], t.properties[d["to"]]
    if spaces is None:
        return f"{t.player(d['player'])} goes straight to {to}"
    way = "back " if spaces < 0 else ""
    return f"{t.player(d['player'])} moves {way}{counted(abs(spaces), 'space')} to {to}"


EVENT_TEXTS = (EventText("advance", ("player", "from", "to", "spaces"), _tell_advance),)
"""The text of a token moved round the loop (engine/core/event_text.py)."""
