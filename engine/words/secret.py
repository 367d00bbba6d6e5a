"""Everyone chooses at once, in secret, then all reveal (issue 47, 4): `in secret, each player X
[where TEST] chooses number from LOW to HIGH into COUNTER` (or `chooses word from "A", "B", ...`),
and `... chooses card from PILE into PILE`, a card played face down by all at once.

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

A card chosen in secret stays in the pile it is chosen from (a hand the others do not see) until
the reveal, when every chosen card goes onto its pile together: the piles keep who sees them,
not whether a card is face down, and a card kept in the frame alone would be missing from the
game a bot deals again from what it may know. A concealed pick of a card is CONCEALED: whichever
card of the chooser's pile comes first, as a game dealt again from what one seat knows cannot
know which card it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText
from engine.core.frames import Asked, BlockFrame, Frame, RootFrame, register
from engine.core.number_options import NumberOptions
from engine.core.refs import PileRef
from engine.core.trial import Trial
from engine.effects import ast
from engine.effects.limits import MAX_CHOICES, MAX_NUMBER
from engine.words.common import maybe
from engine.words.word import MAY_ASK, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action, Texts
    from engine.game.rng import RandomSource
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker

MAX_CHOOSERS = 8
"""At most this many players choose (a game's seats): the events one statement tells."""

CONCEALED = -1
"""A card picked by another, as a seat that may not know it reads the frame: at the reveal, the
first card (by its code) of the pile it was chosen from."""


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
    and the `picks` made so far, one for each of the first players. For a choice of a card,
    `sources` and `targets` are each chooser's pile slots (chosen from, revealed onto), the
    picks are card codes, and `lows` and `highs` are unused (0): the options are the cards of
    the source pile. Empty for numbers and words, and then left out of the save."""

    fields = ("players", "lows", "highs", "picks", "sources", "targets")
    optional = ("sources", "targets")
    __slots__ = fields
    kind = "secret"
    keeps_secrets = True

    def __init__(self, players: list[int], lows: list[int], highs: list[int], picks: list[int],
                 sources: list[int] | None = None, targets: list[int] | None = None):
        self.players = players
        self.lows = lows
        self.highs = highs
        self.picks = picks
        self.sources: list[int] = [] if sources is None else sources
        self.targets: list[int] = [] if targets is None else targets

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": "secret", "players": list(self.players), "lows": list(self.lows),
                                "highs": list(self.highs), "picks": list(self.picks)}
        if self.targets:
            data["sources"] = list(self.sources)
            data["targets"] = list(self.targets)
        return data

    def copy(self) -> SecretChoiceFrame:
        return SecretChoiceFrame(list(self.players), list(self.lows), list(self.highs), list(self.picks),
                                 list(self.sources), list(self.targets))

    def step(self, g: GameState) -> None:
        """Ask the next player; once all have picked, reveal every pick together, each into
        its chooser's counter (no `counter` event: the reveal tells them), and pop."""
        if len(self.picks) < len(self.players):
            g.asked = self.question(g)
            return
        statement = _statement(g)
        if self.targets:
            self._reveal_cards(g)
            g.frames.pop()
            return
        kept = g.player_counters[statement.counter]
        for player, pick in zip(self.players, self.picks):
            kept[player] = pick
        words = statement.words
        shown = [words[pick - 1] if words else pick for pick in self.picks]
        g.emit("reveal", {"players": list(self.players), "picks": shown, "counter": statement.counter})
        g.frames.pop()

    def _reveal_cards(self, g: GameState) -> None:
        """Every chosen card onto its chooser's pile at once, told in one `reveal` event that
        names each card (no `put` events: the reveal tells them). A card no longer in its pile
        (a game dealt again from what one seat knows) is that pile's first card; a chooser whose
        pile is empty by then, or whose target is full, reveals nothing."""
        players, cards = [], []
        for player, pick, source, target in zip(self.players, self.picks, self.sources, self.targets):
            held = g.piles[source]
            if not held or (g.full(target) and target != source):
                continue
            card = pick if pick in held else min(held)
            del held[len(held) - 1 - held[::-1].index(card)]
            g.piles[target].append(card)
            players.append(player)
            cards.append(card)
        pile = g.layout.slot_pile[self.targets[0]].id
        g.emit("reveal", {"players": players, "cards": cards, "pile": pile})

    def _cards(self, g: GameState, at: int) -> list[int]:
        """The cards the chooser at `at` may choose from: one of each card, by its code (the
        pile's order is not for the others, nor the chooser, to learn from the options)."""
        return sorted(set(g.piles[self.sources[at]]))

    def question(self, g: GameState) -> Asked | None:
        at = len(self.picks)
        if at >= len(self.players):
            return None
        words, texts = _statement(g).words, g.texts
        if self.targets:
            return Asked("secret", self.players[at], [texts.action("choose", code, "card") for code in self._cards(g, at)])
        if words:
            low, high = self.lows[at], self.highs[at]
            return Asked("secret", self.players[at], [texts.action("choose", w, "word") for w in words[low - 1 : high]])
        return Asked("secret", self.players[at], NumberOptions(self.lows[at], self.highs[at], texts.number_action))

    def answer(self, g: GameState, player: int, action: Action) -> None:
        """The pick kept; told to everyone as made, its `value` private to the chooser (the
        last-moves viewer, for one, tells another's move by that event, not by the action)."""
        if self.targets:  # the card's code: private to the chooser as `card`
            self.picks.append(int(action.arg))
            g.emit("secret_pick", {"player": player, "card": int(action.arg)}, player)
            return
        words = _statement(g).words
        self.picks.append(words.index(action.arg) + 1 if words else int(action.arg))
        g.emit("secret_pick", {"player": player, "value": action.arg}, player)

    def conceal(self, player: int | None) -> None:
        """Forget every pick but `player`'s (None: a spectator's, every pick): each reads as
        its chooser's lowest option, a pick as good as any to a game that goes on from here
        (a bot's search), and the same whatever was picked; a card as CONCEALED, whichever
        card comes first in the pile the game as known holds."""
        cards = bool(self.targets)
        self.picks = [pick if chooser == player else CONCEALED if cards else self.lows[i]
                      for i, (chooser, pick) in enumerate(zip(self.players, self.picks))]

    def guess(self, g: GameState, player: int | None, rng: RandomSource) -> None:
        """Every pick but `player`'s, one of its chooser's options drawn at random (a card of
        the pile they choose from, in the game dealt): the others' picks as a bot's deal may
        have them (engine/game/sampling.py). Read by the look-ahead as a stand-in each time,
        the lowest option was the pick every rival made, and a bot bid just above it."""
        for i, chooser in enumerate(self.players[: len(self.picks)]):
            if chooser == player:
                continue
            if self.targets:
                cards = self._cards(g, i)
                if cards:
                    self.picks[i] = cards[rng.below(len(cards))]
            else:
                self.picks[i] = self.lows[i] + rng.below(self.highs[i] - self.lows[i] + 1)

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
        if statement.target is not None:
            _check_saved_cards(c, field, data, count)
            return
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


def _check_saved_cards(c: SnapshotChecker, field: str, data: dict, count: int) -> None:
    """A choice of a card: each chooser's two piles, and each pick a card or CONCEALED."""
    if "sources" not in data or "targets" not in data:
        c.fail(field, "a choice of a card names the piles each card is chosen from and goes onto ('sources', 'targets')")
    slots = c.book.layout(c.players).slots
    for name in ("sources", "targets"):
        for i, slot in enumerate(c.listing(f"{field}.{name}", data[name], length=count)):
            c.whole(f"{field}.{name}[{i}]", slot, 0, slots - 1)
    picks = c.listing(f"{field}.picks", data["picks"], most=count)
    if len(picks) == count:
        c.fail(f"{field}.picks", "holds every pick, but the picks are revealed once the last is made")
    codes = c.book.kinds * (c.players + 1)
    for i, pick in enumerate(picks):
        c.whole(f"{field}.picks[{i}]", pick, CONCEALED, codes - 1)


register(SecretChoiceFrame)


def _check_secret_choice(c: Checker, node: ast.SecretChoice, scope: Scope) -> None:
    context = c.context
    if node.target is not None:
        inner = scope.child()
        c.bind(node, node.var, "player", inner)
        c.expect(node.where, "bool", inner, "what follows 'where'")
        c.expect(node.source, "pile", inner, "where the card is chosen from ('from ...')")
        c.expect(node.target, "pile", inner, "where the card goes at the reveal ('into ...')")
        return
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


def _card_choosers(s: ast.SecretChoice, book: Rulebook) -> Any:
    """`choosers(g, env, me)` for a choice of a card: each player who chooses, in turn order
    from `me`, with the slots of the pile they choose from and of the pile it goes onto; a
    player whose pile is empty is not asked (how many cards a pile holds everyone sees)."""
    source_fn, target_fn, var, where = maybe(s.source, book), maybe(s.target, book), s.var, s.where

    def choosers(g: GameState, env: dict, me: int) -> list[tuple[int, int, int]]:
        chosen = set(g.interp.collection("player", var, None, where, env, me))
        found = []
        for player in g.players_from(me):
            if player not in chosen or source_fn is None or target_fn is None:
                continue
            scoped = dict(env)
            scoped[var] = player
            source, target = source_fn(g, scoped, me), target_fn(g, scoped, me)
            if isinstance(source, PileRef) and isinstance(target, PileRef) and g.piles[int(source)]:
                found.append((player, int(source), int(target)))
        return found

    return choosers


def _run_secret_choice(s: ast.SecretChoice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The players and their options, fixed now (SecretChoiceFrame asks them in turn)."""
    if s.target is not None:
        return _run_secret_cards(s, book)
    choosers = _choosers(s, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        found = choosers(g, f.env, root.me)
        if found:
            g.frames.append(SecretChoiceFrame([p for p, _, _ in found], [lo for _, lo, _ in found],
                                              [hi for _, _, hi in found], []))

    return op


def _run_secret_cards(s: ast.SecretChoice, book: Rulebook) -> Any:
    choosers = _card_choosers(s, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        found = choosers(g, f.env, root.me)
        if found:
            count = len(found)
            g.frames.append(SecretChoiceFrame([p for p, _, _ in found], [0] * count, [0] * count, [],
                                              [source for _, source, _ in found], [target for _, _, target in found]))

    return op


def _look_secret_choice(s: ast.SecretChoice, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """Each chooser's counter set to their lowest option: a pick is a change (the look-ahead
    follows one of them, as for any counter set from a choice); for cards, each chooser's
    first card (by its code) onto their pile."""
    if s.target is not None:
        return _look_secret_cards(s, book)
    choosers, counter = _choosers(s, book), s.counter

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        kept = game.player_counters[counter]
        for player, low, _ in choosers(game, env, me):
            trial.touch(kept, player)
            kept[player] = low

    return step


def _look_secret_cards(s: ast.SecretChoice, book: Rulebook) -> Any:
    choosers = _card_choosers(s, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        for _, source, target in choosers(game, env, me):
            held, onto = game.piles[source], game.piles[target]
            if not held or (game.full(target) and target != source):
                continue
            trial.touch(held)
            trial.touch(onto)
            card = min(held)
            del held[len(held) - 1 - held[::-1].index(card)]
            onto.append(card)

    return step


SECRET_CHOICE = StatementWord(
    ast.SecretChoice, _check_secret_choice, _run_secret_choice, _look_secret_choice,
    told=MAX_CHOOSERS + 1, flow=MAY_ASK,  # each pick told, then the reveal
    example="in secret, each player X chooses number from 0 to 3 into helped\nif helped of me > 1:\n  draw 1",
    events=("secret_pick", "reveal"),
)

WORDS = (SECRET_CHOICE,)


def _tell_secret_pick(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if hidden or ("value" not in d and "card" not in d):
        return f"{t.player(d['player'])} has chosen in secret"
    if "card" in d:
        return f"{t.player(d['player'])} chooses their {t.card_name(d['card'])} in secret"
    return f"{t.player(d['player'])} chooses {d['value']} in secret"


def _tell_reveal(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if "cards" in d:
        picks = ", ".join(f"{t.player(player)} {t.card_name(card)}" for player, card in zip(d["players"], d["cards"]))
        return f"The cards chosen in secret are revealed: {picks}" if picks else "No card was chosen in secret"
    picks = ", ".join(f"{t.player(player)} {pick}" for player, pick in zip(d["players"], d["picks"]))
    return f"The secret choices are revealed: {picks}"


EVENT_TEXTS = (
    EventText("secret_pick", ("player", "value", "card"), _tell_secret_pick),
    EventText("reveal", ("players", "picks", "counter", "cards", "pile"), _tell_reveal),
)
"""The texts of the secret choice's events (engine/core/event_text.py)."""
