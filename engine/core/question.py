"""The question the game is asking now, as one value: who is asked, what kind of answer, what
it is about, and where it stands (the windows open around it, the offer it belongs to).

Everything that shows or plays a game needs this, and each part of the code that did once
worked it out again by walking the machine's frames (issue 45). Here it is worked out once,
from the pending decision and the frames, and read by everyone as plain data:
`GameState.question` for the engine's own use, and `Question.seen_by(seat)` for what one seat may
know of it (the observation's "question"). Read only, never written back: the frames stay the
one state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.core.expressions import compile_expr
from engine.core.frames import BlockFrame, CardFrame, Frame, ProgramFrame, RootFrame
from engine.core.refs import PileRef
from engine.core.shown import card_in_sight, shown_text
from engine.effects import ast

if TYPE_CHECKING:
    from engine.game.game_state import GameState
    from engine.game.messages import Action


@dataclass(frozen=True)
class Window:
    """An open window (`take turns P among GROUP until all pass`) around the question."""

    at: int
    """Its place in the machine's stack, outermost first: with `body` and `players`, what
    tells one window gone on from a new one opened in its place."""
    body: int
    """The block its turns run."""
    root: int
    """The place in the stack of the card or program that opened it."""
    players: tuple[int, ...]
    """Who takes turns in it, in their order."""
    turns: int
    """The turns begun in it so far, the one under way among them."""
    passes: int
    """How many of the last turns in a row were passes (it closes when every player's was)."""
    left: int
    """The turns left before it closes anyway."""

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "body": self.body, "root": self.root, "players": list(self.players), "turns": self.turns,
                "passes": self.passes, "left": self.left}


@dataclass(frozen=True)
class Trade:
    """An offer between two players as it stands (`offer trade of GOODS to X by P`), made in
    the open: every seat may read it."""

    proposer: int
    partner: int
    stage: str
    """"compose" while the proposer puts it together, "reply" while the partner answers."""
    goods: tuple[str, ...]
    give: tuple[tuple[str, int], ...]
    """What the proposer gives so far, by counter, in the order added."""
    ask: tuple[tuple[str, int], ...]
    give_cards: tuple[str, ...]
    """The cards given, each as the engine writes it: 'pile#code'."""
    ask_cards: tuple[str, ...]
    words: str
    """The offer in the engine's words ('Red offers Green 10M for nothing')."""

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.proposer, "to": self.partner, "stage": self.stage, "goods": list(self.goods),
                "give": dict(self.give), "ask": dict(self.ask), "give_cards": list(self.give_cards),
                "ask_cards": list(self.ask_cards), "words": self.words}


@dataclass(frozen=True)
class Question:
    """What the game asks now. The public part (everything but `options`) depends only on
    what every seat may know; the options are the asked player's alone."""

    kind: str
    """"build", "card", "choose", "react", "discard", "trade" or "reply" (docs/api.md)."""
    player: int
    """Who is asked."""
    options: Sequence[Action]
    """The answers, the game's own read-only sequence (a number question's made when read)."""
    card: str | None
    """The card whose effect asks, if one does."""
    space: int | None
    """The space that card lies on (a corner a card was put on), if any."""
    timing: str | None
    """For a card offer, the timing of the cards it is about ("after_roll", "end_of_turn")."""
    ends_turn: bool
    """Whether passing this card offer is the turn's last step (interfaces say "end the turn")."""
    windows: tuple[Window, ...]
    """The windows open around the question, outermost first."""
    trade: Trade | None
    """The offer the question belongs to, if it is one."""
    pile: tuple[str, int | None] | None
    """The pile a card is chosen from (its id and owner), for the asked player alone."""
    about: tuple[tuple[str, Any, int | None], ...]
    """What the asking statement names, for the asked player alone: ("space", index, None)
    and ("card", id, owner) for each card they may see (the cash card to place, the
    property it would go on; a card still in a face-down deck is left out)."""
    prompt: str | None = None
    """The author's question (`, asking "Buy {S} for {value of S as money}?"`), its values
    shown to the asked player (a card they may not see is 'a card'); None where the variant
    gives none, and an interface then says it in its own words from `kind` and `about`."""
    labels: tuple[tuple[Any, str], ...] = ()
    """The options' labels built from values (`"buy" as "Buy for {value of S as money}"`),
    each as (the option's value, its label), for the asked player alone; an option without
    one is shown as itself."""
    asked_at: tuple[int, int] | None = None
    """The statement that asks, as the innermost block running and its step there (None for
    a question no block asks): a question asked again by the same statement (a list asked
    after each pick, a window's turns) is the same question, whose options an interface
    keeps under the same keys (docs/playing.md, "Keys")."""

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may know of the question, as plain data: who is
        asked, what kind, about which card and space, the windows and the offer, for every
        seat; the pile and the statement's subjects only for the seat asked. (Its options
        are the observation's "decision".)"""
        mine = seat == self.player
        return {
            "kind": self.kind, "player": self.player, "card": self.card, "space": self.space,
            "timing": self.timing, "ends_turn": self.ends_turn,
            "windows": [window.to_dict() for window in self.windows],
            "offer": None if self.trade is None else self.trade.to_dict(),
            "pile": None if not mine or self.pile is None else {"pile": self.pile[0], "owner": self.pile[1]},
            "about": [] if not mine else [{"space": value} if what == "space" else {"card": value, "owner": owner}
                                          for what, value, owner in self.about],
            "prompt": self.prompt if mine else None,
            "labels": [] if not mine else [{"option": value, "label": label} for value, label in self.labels],
            "asked_at": None if self.asked_at is None else list(self.asked_at),
        }

    @property
    def window(self) -> Window | None:
        """The innermost open window, the one the question is asked in."""
        return self.windows[-1] if self.windows else None


def question_of(game: GameState) -> Question | None:
    """The question `game` asks now, None when the game is over."""
    pending = game.asked
    if pending is None:
        return None
    frames = game.frames
    resolving = next((f for f in reversed(frames) if isinstance(f, CardFrame)), None)
    card = space = None
    if resolving is not None:
        card = game.variant.cards[resolving.c % game.book.kinds].id
        space = next((i for i, stack in enumerate(game.stacks) if resolving.c in stack), None)
    top = frames[-1]
    pile, about = _subjects(game, pending.player)
    prompt, labels = _words(game, pending.player)
    return Question(
        kind=pending.kind,
        player=pending.player,
        options=game.options(),
        card=card,
        space=space,
        timing=top.card_timing(),
        ends_turn=passing_ends_turn(game),
        windows=open_windows(frames),
        trade=top.seen_trade(game),
        pile=pile,
        about=about,
        prompt=prompt,
        labels=labels,
        asked_at=_asking_statement(frames),
    )


def _words(game: GameState, player: int) -> tuple[str | None, tuple[tuple[Any, str], ...]]:
    """The asking statement's own words and its options' labels, with their values shown to
    `player`, the one asked (engine/core/shown.py)."""
    top = game.frames[-1]
    if not isinstance(top, BlockFrame):
        return None, ()
    block = game.book.blocks[top.b]
    statement = block[top.pc] if top.pc < len(block) else None
    asking = getattr(statement, "asking", None)
    labels = getattr(statement, "labels", ())
    each = getattr(statement, "each", None)
    if asking is None and not labels and each is None:
        return None, ()
    root = game.frames[top.root]
    me = getattr(root, "me", player)
    prompt = None if asking is None else shown_text(game, asking, top.env, me, (player,))
    if not labels and each is None:
        return prompt, ()
    offered = {option.arg for option in game.options()}
    if isinstance(statement, ast.ChooseWord):  # the words offered now, each with its label
        return prompt, tuple((word, shown_text(game, label, top.env, me, (player,)))
                             for word, label in zip(statement.words, labels) if label is not None and word in offered)
    if not isinstance(statement, ast.Choose) or each is None:
        return prompt, ()
    # each option's label, the chosen name standing for it (a card as the choice holds it: with where it lies)
    _, _, values = game.interp.choice(statement, top, cast(RootFrame, root))
    named: dict[Any, str] = {}
    for value in values:
        key = int(value) if statement.kind == "card" else value
        if key in offered and key not in named:
            named[key] = shown_text(game, each, {**top.env, statement.var: value}, me, (player,))
    return prompt, tuple(named.items())


def _asking_statement(frames: Sequence[Frame]) -> tuple[int, int] | None:
    """Question.asked_at: the innermost block frame's block and step (a frame above it, a
    build or a card offer, was started by that step)."""
    block = next((frame for frame in reversed(frames) if isinstance(frame, BlockFrame)), None)
    return None if block is None else (block.b, block.pc)


_NAMED_KINDS = ("card", "property")


def _subjects(game: GameState, player: int) -> tuple[tuple[str, int | None] | None, tuple[tuple[str, Any, int | None], ...]]:
    """The pile a card is chosen from and what the asking statement names, as `player`, the
    one asked, may know them (Question.pile and Question.about)."""
    frames = game.frames
    top = frames[-1]
    sources = getattr(top, "sources", None)  # a card chosen in secret (engine/words/secret.py): its pile
    if sources:
        slot = sources[min(len(getattr(top, "picks", ())), len(sources) - 1)]
        return (game.layout.slot_pile[slot].id, game.layout.slot_owner[slot]), ()
    if not isinstance(top, BlockFrame):
        return None, ()
    book = game.book
    block = book.blocks[top.b]
    statement = block[top.pc] if top.pc < len(block) else None
    if statement is None:
        return None, ()
    root = frames[top.root]
    me = getattr(root, "me", player)
    pile: tuple[str, int | None] | None = None
    if isinstance(statement, ast.Choose) and statement.kind == "card" and statement.zone is not None:
        place = compile_expr(statement.zone, book.compiled)(game, top.env, me)
        if type(place) is PileRef:
            pile = (game.layout.slot_pile[place].id, game.layout.slot_owner[place])
    kinds = {name: kind for scope in book.scopes[top.b] for name, kind in scope.items()}
    chosen = getattr(statement, "var", None)
    # a word or a number names nothing it is about: a menu's subject, or a bid's, is all the effect holds
    named = set(top.env) if isinstance(statement, (ast.ChooseWord, ast.ChooseNumber, ast.ChooseKind)) else _names_in(statement)
    about: list[tuple[str, Any, int | None]] = []
    for name, value in top.env.items():
        kind = kinds.get(name)
        if name == chosen or name not in named or kind not in _NAMED_KINDS or value is None:
            continue
        if kind == "property":
            about.append(("space", int(value), None))
        elif card_in_sight(game, value, player):
            about.append(("card", game.variant.cards[int(value) % book.kinds].id, game.owner_of_card(int(value))))
    return pile, tuple(about)


def _names_in(statement: ast.Node) -> set[str]:
    """The variables a statement reads (a choice's `where`, its place)."""
    return {node.name for node in ast.walk([statement]) if isinstance(node, ast.Name)}


def open_windows(frames: Sequence[Frame]) -> tuple[Window, ...]:
    """The windows open on the stack of frames, outermost first (Frame.seen_window)."""
    return tuple(window for at, frame in enumerate(frames) if (window := frame.seen_window(at)) is not None)


def passing_ends_turn(game: GameState) -> bool:
    """Whether passing the card offer now asked is the turn's last step: nothing of the turn
    program is left after it (each frame between the offer and the turn's program finished:
    Frame.finished). Interfaces say "end the turn" then, whatever the program's shape."""
    frames = game.frames
    if game.asked is None or frames[-1].card_timing() is None:
        return False
    for frame in reversed(frames[:-1]):
        if isinstance(frame, ProgramFrame):
            return frame.program == "turn"
        if not frame.finished(game):
            return False
    return False
