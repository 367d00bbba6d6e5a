"""What the pending decision is about, as one player may know it: the card whose effect asks
(and the space it lies on, such as a corner a card was put on), the pile a card is chosen
from, and the cards and spaces the asking statement names (the cash card to place, the
property it would go on). The observation's entry "asking"; an interface words its prompts
with it ("Grand Opening: choose a property"). Read from the frames, never written to them:
a game-neutral view of where the machine stands, with no game's names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.effects import ast
from engine.game.expressions import compile_expr
from engine.game.frames import BlockFrame, CardFrame, TradeFrame
from engine.game.refs import IN_PLAY, PileRef

if TYPE_CHECKING:
    from engine.game.game import Game

_NAMED_KINDS = ("card", "property")


def asking(game: Game, player: int | None) -> dict[str, Any] | None:
    """The pending decision's subject for `player` (None: a spectator, told what everyone
    is), None when nothing is pending:
    {"card": the id of the card being resolved or None, "space": the space that card lies on
    or None, "pile": {"pile", "owner"} a card is chosen from or None, "about": [{"card",
    "owner"} or {"space"}, ...], and, while an offer is put together or answered, "offer":
    {"from", "to", "stage", "words": the offer as it stands, in words}}. "pile" and "about" are filled only for the player who
    decides, and "about" names only cards they may see (a card still in a face-down deck is
    left out)."""
    pending = game.pending
    if pending is None:
        return None
    frames = game.frames
    book = game.book
    resolving = next((f for f in reversed(frames) if isinstance(f, CardFrame)), None)
    card = space = None
    if resolving is not None:
        card = game.variant.cards[resolving.c % book.kinds].id
        space = next((i for i, stack in enumerate(game.stacks) if resolving.c in stack), None)
    seen: dict[str, Any] = {"card": card, "space": space, "pile": None, "about": []}
    top = frames[-1]
    if isinstance(top, TradeFrame):  # an offer is made in the open: everyone may read it
        words = game.texts.offer(top.proposer, top.partner, top.give, top.give_cards, top.ask, top.ask_cards)
        seen["offer"] = {"from": top.proposer, "to": top.partner, "stage": top.stage, "words": words}
    if player is None or pending["player"] != player or not isinstance(top, BlockFrame):
        return seen
    block = book.blocks[top.b]
    statement = block[top.pc] if top.pc < len(block) else None
    if statement is None:
        return seen
    root = frames[top.root]
    me = getattr(root, "me", player)
    if isinstance(statement, ast.Choose) and statement.kind == "card" and statement.zone is not None:
        place = compile_expr(statement.zone, book.compiled)(game, top.env, me)
        if type(place) is PileRef:
            seen["pile"] = {"pile": game.layout.slot_pile[place].id, "owner": game.layout.slot_owner[place]}
    kinds = {name: kind for scope in book.scopes[top.b] for name, kind in scope.items()}
    chosen = getattr(statement, "var", None)
    # a word or a number names nothing it is about: a menu's subject, or a bid's, is all the effect holds
    named = set(top.env) if isinstance(statement, (ast.ChooseWord, ast.ChooseNumber)) else _names_in(statement)
    for name, value in top.env.items():
        kind = kinds.get(name)
        if name == chosen or name not in named or kind not in _NAMED_KINDS or value is None:
            continue
        if kind == "property":
            seen["about"].append({"space": int(value)})
        elif _visible_card(game, value, player):
            seen["about"].append({"card": game.variant.cards[int(value) % book.kinds].id,
                                  "owner": game.owner_of_card(int(value))})
    return seen


def _names_in(statement: ast.Node) -> set[str]:
    """The variables a statement reads (a choice's `where`, its place)."""
    return {node.name for node in ast.walk([statement]) if isinstance(node, ast.Name)}


def _visible_card(game: Game, card: Any, player: int) -> bool:
    """Whether the card lies where `player` sees it: on a space, in play, or in a pile they
    see. A variable's card remembers where it lies (CardRef.place): a copy of it elsewhere,
    face up, tells nothing of it."""
    place = getattr(card, "place", None)
    if place is None:
        return False
    if place == IN_PLAY or place < 0:
        return True
    return game.layout.seen(place, player)
