"""Everyone chooses at once, in secret, then all reveal (issue 47, 4): `in secret, each player X
[where TEST] chooses number from LOW to HIGH into COUNTER` (or `chooses word from "A", "B", ...`).

A sealed bid, rock-paper-scissors, a card-value guess made by all at once: the players asked
answer one after another (the machine asks one question at a time), but no answer is known to
anyone else until the last is in, and then all are revealed together, in one event, each into
the chooser's own counter. So the frame (`SecretChoiceFrame`) keeps the picks made so far, and
a copy of the game made for a player (their observation's "state", the game a bot samples,
`as_known_to`) forgets every pick but theirs (`conceal`): nothing a seat reads shows another's
pick before the reveal. *Whether* a player has picked is no secret and depends on nothing
hidden: the players asked, their order (turn order from `me`) and each one's options are fixed
when the statement runs, everyone with an option is asked (a single option too: taking it at
once would tell the others that X's options were one), and each pick is told as "X has chosen in
secret", its value private to the chooser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import Asked, BlockFrame, Frame, RootFrame, register
from engine.core.number_options import NumberOptions
from engine.core.trial import Trial
from engine.effects import ast
from engine.effects.limits import MAX_CHOICES, MAX_NUMBER
from engine.words.common import maybe
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action, Texts
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker

MAX_CHOOSERS = 8
"""At most this many players choose (a game's seats): the events one statement tells."""


def _statement(g: GameState) -> ast.SecretChoice:
    """The statement whose frame stands on top: the one the block below it ran last."""
    below = g.frames[-2]
    assert isinstance(below, BlockFrame)
    statement = g.book.blocks[below.b][below.pc - 1]
    assert isinstance(statement, ast.SecretChoice)
    return statement


class SecretChoiceFrame(Frame):
    """The secret choice under way: the `players` asked, in the order they are asked, each
    one's options (`lows` to `highs`: numbers, or for words the places 1 to N of the words),
    and the `picks` made so far, one for each of the first players."""

    fields = ("players", "lows", "highs", "picks")
    __slots__ = fields
    kind = "secret"
    keeps_secrets = True

    def __init__(self, players: list[int], lows: list[int], highs: list[int], picks: list[int]):
        self.players = players
        self.lows = lows
        self.highs = highs
        self.picks = picks

    def to_dict(self) -> dict[str, Any]:
        return {"t": "secret", "players": list(self.players), "lows": list(self.lows), "highs": list(self.highs),
                "picks": list(self.picks)}

    def copy(self) -> SecretChoiceFrame:
        return SecretChoiceFrame(list(self.players), list(self.lows), list(self.highs), list(self.picks))

    def step(self, g: GameState) -> None:
        """Ask the next player; once all have picked, reveal every pick together, each into
        its chooser's counter (no `counter` event: the reveal tells them), and pop."""
        if len(self.picks) < len(self.players):
            g.asked = self.question(g)
            return
        statement = _statement(g)
        kept = g.player_counters[statement.counter]
        for player, pick in zip(self.players, self.picks):
            kept[player] = pick
        words = statement.words
        shown = [words[pick - 1] if words else pick for pick in self.picks]
        g.emit("reveal", {"players": list(self.players), "picks": shown, "counter": statement.counter})
        g.frames.pop()

    def question(self, g: GameState) -> Asked | None:
        at = len(self.picks)
        if at >= len(self.players):
            return None
        words, texts = _statement(g).words, g.texts
        if words:
            low, high = self.lows[at], self.highs[at]
            return Asked("secret", self.players[at], [texts.action("choose", w, "word") for w in words[low - 1 : high]])
        return Asked("secret", self.players[at], NumberOptions(self.lows[at], self.highs[at], texts.number_action))

    def answer(self, g: GameState, player: int, action: Action) -> None:
        """The pick kept; told to everyone as made, its `value` private to the chooser (the
        last-moves viewer, for one, tells another's move by that event, not by the action)."""
        words = _statement(g).words
        self.picks.append(words.index(action.arg) + 1 if words else int(action.arg))
        g.emit("secret_pick", {"player": player, "value": action.arg}, player)

    def conceal(self, player: int | None) -> None:
        """Forget every pick but `player`'s (None: a spectator's, every pick): each reads as
        its chooser's lowest option, a pick as good as any to a game that goes on from here
        (a bot's search), and the same whatever was picked."""
        self.picks = [pick if chooser == player else self.lows[i]
                      for i, (chooser, pick) in enumerate(zip(self.players, self.picks))]

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        statement = c.pushed_by(field, index, frames, ast.SecretChoice)
        c.on_top(field, index, frames)
        players = c.listing(f"{field}.players", data["players"], most=c.players)
        for i, player in enumerate(players):
            c.player(f"{field}.players[{i}]", player)
        if len(set(players)) != len(players) or not players:
            c.fail(f"{field}.players", "must name each player who chooses once")
        count = len(players)
        lows = c.listing(f"{field}.lows", data["lows"], length=count)
        highs = c.listing(f"{field}.highs", data["highs"], length=count)
        top = len(statement.words) if statement.words else MAX_NUMBER
        bottom = 1 if statement.words else -MAX_NUMBER
        for i, (low, high) in enumerate(zip(lows, highs)):
            c.whole(f"{field}.lows[{i}]", low, bottom, top)
            c.whole(f"{field}.highs[{i}]", high, low, min(top, low + MAX_CHOICES - 1))
        picks = c.listing(f"{field}.picks", data["picks"], most=count)
        if len(picks) == count:
            c.fail(f"{field}.picks", "holds every pick, but the picks are revealed once the last is made")
        for i, pick in enumerate(picks):
            c.whole(f"{field}.picks[{i}]", pick, lows[i], highs[i])


register(SecretChoiceFrame)


def _check_secret_choice(c: Checker, node: ast.SecretChoice, scope: Scope) -> None:
    context = c.context
    if node.counter not in context.per_player or node.counter in context.per_space:
        known = sorted(set(context.per_player) - set(context.per_space))
        c.report(node, f"the picks go into a counter of each player, and '{node.counter}' is not one",
                 f"counters of each player: {', '.join(known)}" if known else
                 "declare one under 'counters:' with 'each: player' (docs/variants.md, 3.10)")
    if node.words and len(set(node.words)) < len(node.words):
        c.report(node, "the same word is offered twice", "offer each word once")
    inner = scope.child()
    c.bind(node, node.var, "player", inner)
    c.expect(node.where, "bool", inner, "what follows 'where'")
    c.expect(node.low, "number", inner, "the lowest choice")
    c.expect(node.high, "number", inner, "the highest choice")


def _choosers(s: ast.SecretChoice, book: Rulebook) -> Any:
    """`choosers(g, env, me)`: each player who chooses, in turn order from `me`, with their
    options as a range (numbers, or the places of the words); a player with none is not asked."""
    low_fn, high_fn, var, where = maybe(s.low, book), maybe(s.high, book), s.var, s.where
    count = len(s.words)

    def choosers(g: GameState, env: dict, me: int) -> list[tuple[int, int, int]]:
        chosen = set(g.interp.collection("player", var, None, where, env, me))
        found = []
        for player in g.players_from(me):
            if player not in chosen:
                continue
            if low_fn is None or high_fn is None:
                low, high = 1, count
            else:
                scoped = dict(env)
                scoped[var] = player
                low = max(-MAX_NUMBER, min(low_fn(g, scoped, me) or 0, MAX_NUMBER))
                high = min(high_fn(g, scoped, me) or 0, low + MAX_CHOICES - 1, MAX_NUMBER)
            if high >= low:
                found.append((player, low, high))
        return found

    return choosers


def _run_secret_choice(s: ast.SecretChoice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The players and their options, fixed now (SecretChoiceFrame asks them in turn)."""
    choosers = _choosers(s, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        found = choosers(g, f.env, root.me)
        if found:
            g.frames.append(SecretChoiceFrame([p for p, _, _ in found], [lo for _, lo, _ in found],
                                              [hi for _, _, hi in found], []))

    return op


def _look_secret_choice(s: ast.SecretChoice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Each chooser's counter set to their lowest option: a pick is a change (the look-ahead
    follows one of them, as for any counter set from a choice)."""
    choosers, counter = _choosers(s, book), s.counter

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        kept = game.player_counters[counter]
        for player, low, _ in choosers(game, env, me):
            trial.touch(kept, player)
            kept[player] = low

    return step


SECRET_CHOICE = StatementWord(
    ast.SecretChoice, _check_secret_choice, _run_secret_choice, _look_secret_choice,
    told=MAX_CHOOSERS + 1, flow=MAY_ASK,  # each pick told, then the reveal
    example="in secret, each player X chooses number from 0 to 3 into helped\nif helped of me > 1:\n  draw 1",
    events=("secret_pick", "reveal"),
)

WORDS = (SECRET_CHOICE,)


def _tell_secret_pick(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if hidden or "value" not in d:
        return f"{t.player(d['player'])} has chosen in secret"
    return f"{t.player(d['player'])} chooses {d['value']} in secret"


def _tell_reveal(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    picks = ", ".join(f"{t.player(player)} {pick}" for player, pick in zip(d["players"], d["picks"]))
    return f"The secret choices are revealed: {picks}"


EVENT_TEXTS = (
    EventText("secret_pick", ("player", "value"), _tell_secret_pick),
    EventText("reveal", ("players", "picks", "counter"), _tell_reveal),
)
"""The texts of the secret choice's events (engine/core/event_text.py)."""
