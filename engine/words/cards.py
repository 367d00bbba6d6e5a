"""The words about cards: draw, discard, put, play, shuffle, offer cards, offer a reaction and
cancel the card answered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.event_text import EventText, counted
from engine.core.expressions import card_ref, held_at
from engine.core.frames import Asked, BlockFrame, CardFrame, Frame, RootFrame, register
from engine.core.refs import IN_PLAY, CardRef, PileRef, Ref
from engine.core.trial import Fail, Trial, acted, nothing
from engine.diagnostics import did_you_mean
from engine.effects import ast
from engine.effects.limits import MAX_REPEAT
from engine.words.common import fn, maybe, player_or_me
from engine.words.word import MAY_ASK, QUIET, StatementWord

if TYPE_CHECKING:
    from engine.effects.check import Checker, Scope
    from engine.game.game_state import GameState
    from engine.game.messages import Action, Texts
    from engine.game.rulebook import Rulebook
    from engine.game.snapshot_check import SnapshotChecker


def _own(game: GameState, pile: str, player: int) -> int | None:
    """The owner to look a pile up by: the player for a pile of each player, else none."""
    return player if game.layout.slot_pile[game.layout.base[pile]].each == "player" else None


# ----- draw N [for PLAYER] ------------------------------------------------------------------


def _check_draw(c: Checker, node: ast.Draw, scope: Scope) -> None:
    c.expect(node.count, "number", scope, "the number of cards")
    c.expect(node.player, "player", scope, "who draws ('for ...')")


def _run_draw(s: ast.Draw, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn, count_fn, because = player_or_me(s.player, book), fn(s.count, book), s.because or ""

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = player_fn(g, f.env, me)
        count = min(count_fn(g, f.env, me) or 0, MAX_REPEAT)
        for _ in range(count):
            g.draw(player, because)

    return op


def _look_draw(s: ast.Draw, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    count, player_fn = fn(s.count, book), player_or_me(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        for _ in range(min(count(game, env, me) or 0, MAX_REPEAT)):
            if player is None:
                break
            source = game.pile_of("deck", _own(game, "deck", player))
            if not source:  # which card is hidden: only the count shows
                refill = game.layout.slot_pile[game.layout.base["deck"]].refill_from
                source = game.pile_of(refill, _own(game, refill, player)) if refill is not None else source
            if not source:
                break
            hand = game.hand(player)
            if game.layout.hand >= 0 and game.full(game.layout.hand + player):
                break  # a full hand draws nothing, as in play (its `holds`)
            trial.touch(source)
            trial.touch(hand)
            hand.append(source.pop())

    return step


DRAW = StatementWord(
    ast.Draw, _check_draw, _run_draw, _look_draw, told="count", flow=QUIET,
    example="draw 2", events=("draw", "deck_empty", "reshuffle", "pile_full"),
)


# ----- discard N [from PLAYER] --------------------------------------------------------------


class DiscardFrame(Frame):
    """`discard N`: a player to discard `left` more cards of their choice, one question each."""

    fields = ("player", "left")
    __slots__ = fields
    kind = "discard"

    def __init__(self, player: int, left: int):
        self.player = player
        self.left = left

    def to_dict(self) -> dict[str, Any]:
        return {"t": "discard", "player": self.player, "left": self.left}

    def copy(self) -> DiscardFrame:
        return DiscardFrame(self.player, self.left)

    def step(self, g: GameState) -> None:
        player = self.player
        if self.left <= 0 or not g.hand(player):
            g.frames.pop()
            return
        asked = self.question(g)
        if asked is None:  # format 1 discarded a hand of one kind at once, telling all
            g.discard(player, g.hand(player)[0] % g.book.kinds)
            self.left -= 1
            return
        g.asked = asked

    def question(self, g: GameState) -> Asked | None:
        """The kinds of card the player may discard; None when none is left to discard, or
        format 1 would not have asked (one kind in hand)."""
        if self.left <= 0 or not g.hand(self.player):
            return None
        kinds = sorted({c % g.book.kinds for c in g.hand(self.player)})
        if len(kinds) == 1 and g.compat == 1:
            return None
        return Asked("discard", self.player, [g.texts.action("discard", g.variant.cards[c].id, "card") for c in kinds])

    def answer(self, g: GameState, player: int, action: Action) -> None:
        g.discard(player, g.book.card_index[action.arg])
        self.left -= 1

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        c.pushed_by(field, index, frames, ast.Discard)
        c.on_top(field, index, frames)
        c.player(f"{field}.player", data["player"])
        c.whole(f"{field}.left", data["left"], 0, MAX_REPEAT)


register(DiscardFrame)


def _check_discard(c: Checker, node: ast.Discard, scope: Scope) -> None:
    c.expect(node.count, "number", scope, "the number of cards")
    c.expect(node.player, "player", scope, "whose hand ('from ...')")


def _run_discard(s: ast.Discard, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The player picks the cards, one question each (DiscardFrame)."""
    player_fn, count_fn = player_or_me(s.player, book), fn(s.count, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = player_fn(g, f.env, me)
        count = min(count_fn(g, f.env, me) or 0, MAX_REPEAT)
        if player is not None and count > 0:
            g.frames.append(DiscardFrame(player, count))

    return op


def _look_discard(s: ast.Discard, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    count, player_fn = fn(s.count, book), player_or_me(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        player = player_fn(game, env, me)
        for _ in range(min(count(game, env, me) or 0, MAX_REPEAT)):
            if player is None or not game.hand(player):
                break
            hand = game.hand(player)
            discarded = game.piles[game.discard_slot(player, hand[-1])]
            trial.touch(discarded)
            trial.touch(hand)
            discarded.append(hand.pop())  # which card is the player's choice

    return step


DISCARD = StatementWord(
    ast.Discard, _check_discard, _run_discard, _look_discard, told="count", flow=MAY_ASK,
    example="draw 2\ndiscard 1",  # each card discarded is a decision of its own, told then
)


# ----- put CARD on PLACE / play CARD [for PLAYER] --------------------------------------------


def _check_put(c: Checker, node: ast.Put, scope: Scope) -> None:
    c.expect(node.card, "card", scope, "what 'put' moves")
    c.card_place(node.target, scope, "where 'put' puts it ('on ...')")


def _run_put(s: ast.Put, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    card_fn, target_fn, under = fn(s.card, book), fn(s.target, book), s.under
    named = s.card.name if isinstance(s.card, ast.Name) else None

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        card = card_fn(g, f.env, root.me)
        target = target_fn(g, f.env, root.me)
        if card is None or target is None:
            return
        mover = root.me if isinstance(root, CardFrame) else holder(g, card, root.me)
        place = g.move_card(card, target, mover, under)
        if place is not None and named is not None and named in f.env:
            _follow(g, named, card_ref(card, place), f.root)

    return op


def holder(g: GameState, card: Ref, me: int) -> int:
    """The player whose pile the card lies in, else `me`: who a move of the game's own program
    is told as made for (issue 47, 10: "Green puts Property 27" was said, in Green's turn, of
    the card the program took from Blue's hand). A card's effect is told as its player's."""
    place = g.card_place(card)
    if place is None or place < 0:
        return me
    owner = g.layout.slot_owner[place]
    return owner if owner is not None and g.layout.slot_pile[place].each == "player" else me


def _follow(g: GameState, name: str, moved: CardRef, root: int) -> None:
    """The variable naming a card that was put somewhere names it there from now on, in
    every block of the effect (a name is made once per effect), so that a later `put K`
    takes this very card and not a copy left behind."""
    for frame in g.frames[root + 1:]:
        env = getattr(frame, "env", None)
        if env is not None and name in env:
            env[name] = moved


def _look_put(s: ast.Put | ast.PlayCard, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """`put` (onto a pile or space) or `play` (into play, its own effect not looked into):
    the card the run takes (Table.card_place), and its name follows it, as in the run."""
    card = fn(s.card, book)
    target = maybe(s.target, book) if isinstance(s, ast.Put) else None
    under = isinstance(s, ast.Put) and s.under
    named = s.card.name if isinstance(s.card, ast.Name) else None

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        moved = card(game, env, me)
        place = _move_card(game, moved, None if target is None else target(game, env, me), trial, under)
        if named is not None and named in env:
            _follow_ahead(stack, env, named, card_ref(moved, place))

    return step


def _move_card(game: GameState, card: Ref, target: Ref, trial: Trial, under: bool = False) -> int:
    """`put` (onto a pile or space, or under it) or `play` (into play, its own effect not
    looked into), through the trial; where the card lies now (CardRef.place)."""
    if card is None:
        raise Fail
    place = game.card_place(card)
    if place is None:
        raise Fail
    source = held_at(game, place)
    if target is None:
        destination, now = game.in_play, IN_PLAY
    elif isinstance(target, PileRef):
        if game.full(int(target)) and place != int(target):
            return place  # a full pile takes no more: the card stays where it was, as in play
        destination, now = game.piles[target], int(target)
    else:
        if game.space_full(target) and place != -1 - target:
            return place  # a space's capacity: the card stays where it was, as in play
        destination, now = game.stacks[target], -1 - target
    trial.touch(source)
    trial.touch(destination)
    del source[len(source) - 1 - source[::-1].index(card)]
    if under:
        destination.insert(0, int(card))
    else:
        destination.append(int(card))
    return now


def _follow_ahead(stack: list, env: dict, name: str, moved: CardRef) -> None:
    """`_follow` on a look-ahead's path: the name, in its variables and in those of every
    segment still to come that holds it (a name is made once per effect)."""
    env[name] = moved
    for segment in stack:
        scoped = segment[2]
        if name in scoped:
            scoped[name] = moved


PUT = StatementWord(
    ast.Put, _check_put, _run_put, _look_put, told=1, flow=QUIET,
    example="choose card K in hand of me\nput K on deck\nchoose card L in hand of me\nput L under deck",
    events=("put", "pile_full", "space_full"),
)


def _check_play_card(c: Checker, node: ast.PlayCard, scope: Scope) -> None:
    c.expect(node.card, "card", scope, "what 'play' plays")
    c.expect(node.player, "player", scope, "who plays it ('for ...')")


def _run_play_card(s: ast.PlayCard, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """`play K`: K names the card in play from now on, and where it goes when its effect is
    done (Table.follow_card), as `put K` makes K follow the card it put."""
    card_fn, player_fn = fn(s.card, book), player_or_me(s.player, book)
    named = s.card.name if isinstance(s.card, ast.Name) else None

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        card = card_fn(g, f.env, root.me)
        player = player_fn(g, f.env, root.me)
        played = card is not None and player is not None and g.play_from_anywhere(card, player)
        if played and named is not None and named in f.env:
            _follow(g, named, card_ref(card, IN_PLAY), f.root)

    return op


PLAY_CARD = StatementWord(
    ast.PlayCard, _check_play_card, _run_play_card, _look_put, told=1, flow=MAY_ASK,
    example="choose card K in hand of me\nplay K", events=("play",),
)


# ----- shuffle PILE [of X] ------------------------------------------------------------------


def _check_shuffle(c: Checker, node: ast.Shuffle, scope: Scope) -> None:
    context = c.context
    if node.pile not in context.piles:
        c.report(node, f"there is no pile '{node.pile}'", did_you_mean(node.pile, context.piles))
        return
    each = context.pile_each.get(node.pile, "game")
    if each == "game" and node.subject is not None:
        c.report(node, f"'{node.pile}' is one pile for the whole table", f"write 'shuffle {node.pile}' without 'of'")
    elif each != "game" and node.subject is None:
        c.report(node, f"the pile '{node.pile}' is kept for each {each}", f"write 'shuffle {node.pile} of X'")
    else:
        c.expect(node.subject, "player" if each == "player" else "property", scope, f"whose {node.pile} ('of ...')")


def _shuffled_owner(g: GameState, pile: str, subject: Any, env: dict, me: int) -> tuple[bool, int | None]:
    """Whose `pile` a shuffle takes: (False, None) when its subject names nobody."""
    if subject is not None:
        owner = subject(g, env, me)
        return owner is not None, owner
    layout = g.layout  # a pile of each player, written bare by older variants: the player's own
    return True, me if layout.slot_pile[layout.base[pile]].each == "player" else None


def _run_shuffle(s: ast.Shuffle, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    subject, pile = maybe(s.subject, book), s.pile

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        found, owner = _shuffled_owner(g, pile, subject, f.env, root.me)
        if not found:
            return
        g.rng.shuffle(g.pile_of(pile, owner))
        g.emit("shuffle", {"pile": pile, "owner": owner})

    return op


def _look_shuffle(s: ast.Shuffle, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """A pile of two cards or more shuffled is a change (its order is chance's again); the
    same pile as the machine's is found."""
    subject, pile = maybe(s.subject, book), s.pile

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        found, owner = _shuffled_owner(game, pile, subject, env, me)
        if found and len(game.pile_of(pile, owner)) > 1:
            acted(trial)

    return step


SHUFFLE = StatementWord(
    ast.Shuffle, _check_shuffle, _run_shuffle, _look_shuffle, told=1, flow=QUIET,
    example="shuffle deck", events=("shuffle",),
)


# ----- offer reaction to PLAYER -------------------------------------------------------------


class ReactionOfferFrame(Frame):
    """A reaction offer: `player` asked whether to answer the card under way (`against`, at
    frame `root`) with a reaction card. The player targeted is always asked, holding an answer
    or not, so that neither the question nor a 'does not answer' tells anyone what is in
    their hand."""

    fields = ("player", "against", "root")
    __slots__ = fields
    kind = "react"

    def __init__(self, player: int, against: int, root: int):
        self.player = player
        self.against = against
        self.root = root

    def to_dict(self) -> dict[str, Any]:
        return {"t": "react", "player": self.player, "against": self.against, "root": self.root}

    def copy(self) -> ReactionOfferFrame:
        return ReactionOfferFrame(self.player, self.against, self.root)

    def step(self, g: GameState) -> None:
        g.asked = self.question(g)

    def question(self, g: GameState) -> Asked:
        answers = g.book.reactions_to[self.against]
        plays = g.texts.react_actions
        kinds = g.book.kinds
        held = sorted({c % kinds for c in g.held_to_play(self.player)})
        return Asked("react", self.player, [plays[c] for c in held if c in answers] + [g.texts.decline_action])

    def answer(self, g: GameState, player: int, action: Action) -> None:
        g.frames.pop()
        if action.kind == "react":
            g.react(player, g.book.card_index[action.arg], self.against, self.root)
        else:
            g.emit("decline", {"player": player, "against": g.variant.cards[self.against].id})

    @staticmethod
    def check_saved(c: SnapshotChecker, field: str, data: dict, index: int, frames: list) -> None:
        c.pushed_by(field, index, frames, ast.OfferReaction)
        c.on_top(field, index, frames)
        c.player(f"{field}.player", data["player"])
        root = c.root(field, data, index, frames)
        if data["against"] != frames[root]["c"] % c.book.kinds:
            c.fail(f"{field}.against", "must be the card that offered the reaction")


register(ReactionOfferFrame)


def _check_offer_reaction(c: Checker, node: ast.OfferReaction, scope: Scope) -> None:
    if c.context.in_program:
        c.report(node, "'offer reaction' only works in a card's effect: a reaction answers a card being played")
    c.expect(node.player, "player", scope, "who may react")


def _run_offer_reaction(s: ast.OfferReaction, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    player_fn = fn(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        me = root.me
        player = player_fn(g, f.env, me)
        if not isinstance(root, CardFrame):  # the checker allows it in a card's effect only
            return
        kind = root.c % g.book.kinds
        if player is not None and player != me and g.book.reactions_to[kind]:
            g.frames.append(ReactionOfferFrame(player, kind, f.root))

    return op


OFFER_REACTION = StatementWord(
    ast.OfferReaction, _check_offer_reaction, _run_offer_reaction,
    lambda s, book, bodies: nothing,  # a reaction offered is taken to be declined
    told=0, flow=MAY_ASK, example="choose property H where H is occupied\noffer reaction to top of H\nremove top of H",
)


# ----- cancel -------------------------------------------------------------------------------


def _check_cancel(c: Checker, node: ast.Cancel, scope: Scope) -> None:
    if c.context.timing != "reaction":
        c.report(node, "'cancel' only works in a reaction card (timing: reaction)")


def _run_cancel(s: ast.Cancel, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        target = root.target
        if target is not None:
            answered = g.frames[target]
            assert isinstance(answered, CardFrame)
            answered.halt = True
            # `acted`: part of the card already happened (a Hurricane of two units, answered
            # after the first), so what is cancelled is the rest of it
            g.emit("cancelled", {"card": g.book.cards[answered.c % g.book.kinds].id, "acted": g.card_acted(target)})

    return op


def _look_cancel(s: ast.Cancel, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        trial.touch(trial, "cancelled")
        trial.cancelled = True  # the card answered is stopped: that is a change

    return step


CANCEL = StatementWord(
    ast.Cancel, _check_cancel, _run_cancel, _look_cancel, told=1, flow=MAY_ASK,
    example="cancel", events=("cancelled",),
)

# ----- show CARD to PLAYER ------------------------------------------------------------------


def _check_show(c: Checker, node: ast.Show, scope: Scope) -> None:
    c.expect(node.card, "card", scope, "what 'show' shows")
    c.expect(node.player, "player", scope, "who sees it ('to ...')")


def _run_show(s: ast.Show, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """The card's identity goes to that player alone: the others are told a card was shown
    (Event.private_to keeps the card out of what they see)."""
    card_fn, player_fn = fn(s.card, book), fn(s.player, book)

    def op(g: GameState, f: BlockFrame, root: RootFrame) -> None:
        f.pc += 1
        card, player = card_fn(g, f.env, root.me), player_fn(g, f.env, root.me)
        if card is not None and player is not None:
            kind = g.variant.cards[int(card) % g.book.kinds].id
            held_by = holder(g, card, -1)  # whose card is shown, said in the line (issue 47, 10)
            data = {"player": root.me, "card": kind, "to": player, "holder": None if held_by < 0 else held_by}
            g.emit("show", data, player)

    return op


def _look_show(s: ast.Show, book: Rulebook, bodies: tuple[int, ...]) -> Any:
    """A player learning a card is a change, though no place holds it."""
    card_fn, player_fn = fn(s.card, book), fn(s.player, book)

    def step(game: GameState, env: dict, me: int, stack: list, trial: Trial) -> Any:
        if card_fn(game, env, me) is None or player_fn(game, env, me) is None:
            raise Fail
        acted(trial)

    return step


SHOW = StatementWord(
    ast.Show, _check_show, _run_show, _look_show, told=1, flow=QUIET,
    example="choose opponent O\nchoose card K in hand of me\nshow K to O", events=("show",),
)

WORDS = (DRAW, DISCARD, PUT, PLAY_CARD, SHUFFLE, OFFER_REACTION, CANCEL, SHOW)


def _tell_draw(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    card = "a card" if hidden else t.cards[d["card"]]
    why = d.get("why", "")
    return f"{t.player(d['player'])} draws {card}{' ' + why if why else ''}"


def _tell_deck_empty(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"The {t.deck} deck is empty: {t.player(d['player'])} draws nothing"


def _tell_pile_full(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    where = t.pile_place(d["pile"], d.get("owner"))
    return f"{where[:1].upper()}{where[1:]} is full: the card stays where it was"


def _tell_space_full(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """A space's capacity: a card put or moved onto a full space stays where it was."""
    return f"{t.properties[d['property']]} is full: the card stays where it was"


def _tell_reshuffle(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"The {t.deck} discard pile ({counted(d['count'], 'card')}) is shuffled into a new draw pile"


def _tell_play(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} plays {t.cards[d['card']]}"


def _tell_put(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return t.told_put(d, t.put_card(d, hidden))


def _tell_show(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """Who showed whose card to whom: 'Red shows Blue Priest', 'Red looks at Blue's Priest'
    (a program showing Red the card in Blue's hand: not "Red shows Red Priest"). The card is
    named only to the one it was shown to; the others read 'a card'."""
    shower, to, held_by = d["player"], d["to"], d.get("holder")
    card = "a card" if hidden else t.cards[d["card"]]
    if held_by is not None and held_by != shower:
        card = f"{t.player(held_by)}'s {'card' if hidden else card}"
    if shower == to:
        return f"{t.player(to)} looks at {card}"
    return f"{t.player(shower)} shows {t.player(to)} {card}"


def _tell_shuffle(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    """A pile shuffled: the table's, a space's or a player's."""
    name = t.piles.get(d["pile"], d["pile"])
    if d["owner"] is None:
        return f"The {name} is shuffled"
    if t.pile_each.get(d["pile"]) == "space":
        return f"The {name} of {t.properties[d['owner']]} are shuffled"
    return f"{t.player(d['owner'])} shuffles their {name}"


def _tell_discard(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} discards {t.cards[d['card']]}"


def _tell_react(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} answers {t.cards[d['against']]} with {t.cards[d['card']]}"


def _tell_decline(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    return f"{t.player(d['player'])} does not answer {t.cards[d['against']]}"


def _tell_cancelled(d: dict[str, Any], t: Texts, hidden: bool) -> str:
    if d.get("acted"):
        return f"The rest of {t.cards[d['card']]} is cancelled"
    return f"{t.cards[d['card']]} is cancelled"


EVENT_TEXTS = (
    EventText("draw", ("player", "card", "why"), _tell_draw),
    EventText("deck_empty", ("player", "pile"), _tell_deck_empty),
    EventText("reshuffle", ("pile", "count"), _tell_reshuffle),
    EventText("pile_full", ("player", "pile", "owner"), _tell_pile_full),
    EventText("space_full", ("player", "property"), _tell_space_full),  # a space's capacity
    EventText("play", ("player", "card"), _tell_play),
    EventText("put", ("player", "card", "from", "from_owner", "to", "to_owner", "owner", "under"), _tell_put),
    EventText("show", ("player", "card", "to", "holder"), _tell_show),
    EventText("shuffle", ("pile", "owner"), _tell_shuffle),
    EventText("discard", ("player", "card"), _tell_discard),
    EventText("react", ("player", "card", "against"), _tell_react),
    EventText("decline", ("player", "against"), _tell_decline),
    EventText("cancelled", ("card", "acted"), _tell_cancelled),
)
"""The texts of the events of cards: the words' own, and those of a card played, discarded,
answered or let stand when the game offers it (engine/core/event_text.py)."""
