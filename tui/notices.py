"""What a person must not miss while the bots play on: the end of their own turn when it came
without their saying so, and whatever the game takes from them.

A Bankrupt on a compulsory first flip ended a person's turn with no question asked, and the
bots' turns that followed swept it off the screen: the person learnt of two lost turns from
the replay. So after each action the session works out, from the events and the public
scores alone (no game's words), what each person lost and whether their turn ended, and the
game screen stops on it, one short notice and Enter, before the bots go on.

What counts as taken from a player: a property taken from them or sent back to the board,
one of their units removed or moved, a card of theirs discarded (a `discard`, or a card they
own put on the pile the variant names as its discard pile), a card from a pile of theirs put
on another player's (Forced Trade's swap), being put out of the round (`drop`: in a game of
rounds, that loses them the round), and a fall of their leading score (the first of the
ranking). Their turn ending is told with what it cost them; a turn that ended with nothing
taken from them does not stop the game (issue 46, 11; issue 47, 9: "Your turn is over." and
Enter after every turn, though nothing happened to the person)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from engine.api import Event
from engine.effects import ast
from engine.variant.model import Variant

SHOWN_LINES = 5
"""What happened is told in at most this many lines of the log; the rest are counted."""


def loss(event: Event, player: int, variant: Variant) -> str | None:
    """What the event takes from `player`, as a kind of loss ('card', 'given', 'property',
    'unit', 'moved', 'out': put out of the round), or None."""
    kind, d = event.kind, event.data
    if kind in ("take", "return_card") and d.get("from") == player:
        return "property"
    if kind == "remove" and d.get("player") == player:
        return "unit"
    if kind == "move_unit" and d.get("player") == player:
        return "moved"
    if kind == "discard" and d.get("player") == player:
        return "card"
    if kind == "dropped" and d.get("player") == player:
        return "out"
    if kind == "put" and d.get("owner") == player and isinstance(d.get("to"), str):
        card = next((c for c in variant.cards if c.id == d.get("card")), None)
        if card is not None and card.discard_to == d["to"]:
            return "card"
    if kind == "put" and d.get("from_owner") == player and d.get("to_owner") not in (None, player):
        each = {pile.id: pile.each for pile in variant.piles}
        if each.get(str(d.get("from"))) == "player" and each.get(d["to"]) == "player":
            return "given"
    return None


@dataclass(frozen=True)
class ProgramWords:
    """What the game's own programs say (`say` in the setup, the turn, a hook, a routine) and no
    card does: a loss that follows such words is the game's doing (a round's end clears the
    board), not the player whose turn it is. A text with values in it (`say "{X} is out"`)
    matches whatever values it was said with."""

    plain: frozenset[str]
    patterns: tuple[re.Pattern[str], ...]

    def __contains__(self, text: object) -> bool:
        if not isinstance(text, str):
            return False
        return text in self.plain or any(pattern.fullmatch(text) for pattern in self.patterns)


def program_words(variant: Variant) -> ProgramWords:
    """The game's own words (ProgramWords), read from the variant's programs."""
    def said(programs: Iterable[ast.Program]) -> set[ast.Say]:
        return {node for program in programs for node in ast.walk(list(program.statements)) if isinstance(node, ast.Say)}

    def pattern(say: ast.Say) -> str:
        if say.shown is None:
            return re.escape(say.text)
        return "".join(re.escape(part) if isinstance(part, str) else ".*?" for part in say.shown.parts)

    cards = {pattern(say) for say in said(card.effect for card in variant.cards if card.effect is not None)}
    programs = said([*variant.programs.values(), *variant.routines.values()])
    own = [say for say in programs if pattern(say) not in cards]
    return ProgramWords(frozenset(say.text for say in own if say.shown is None),
                        tuple(re.compile(pattern(say), re.S) for say in own if say.shown is not None))


@dataclass
class Notice:
    """What one person lost, and whether their turn is over, since they were last told."""

    player: int
    turn_over: bool = False
    costs: Counter[str] = field(default_factory=Counter)
    """How many of each kind of loss (see `loss`) their own turn, now over, cost them."""
    taken: Counter[str] = field(default_factory=Counter)
    """How many of each kind of loss came in others' turns."""
    by_game: Counter[str] = field(default_factory=Counter)
    """Of those, how many followed the game's own words (`said`): the game's doing, told apart
    from what a player did in the same while (a bot's card, then the round's end)."""
    score: tuple[str, int, int] | None = None
    """The leading score's id, and its value before and after, when it changed: a fall is
    a loss; a rise is told only with the losses that come with it (a round's end scores
    the buildings won, and clears the board)."""
    parts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Of the scores the leading one adds up (`score_parts`), each that changed with it, by
    name, before and after: what made the leading score move ('Billionaire Builder 3 to 0')."""
    cards: list[str] = field(default_factory=list)
    """The cards the others played while the score moved, by name, where the person saw them."""
    by: set[int] = field(default_factory=set)
    """Who acted when the losses came (other than the player): the bots, or other people."""
    said: str | None = None
    """The game's own words (program_words) the losses followed, when the game did it."""
    events: list[int] = field(default_factory=list)
    """The events to tell (indices in the session's events): the losses, and the end of the turn."""

    def add(self, other: Notice) -> None:
        self.turn_over |= other.turn_over
        self.costs.update(other.costs)
        self.taken.update(other.taken)
        self.by_game.update(other.by_game)
        if other.score is not None:
            self.score = other.score if self.score is None else (other.score[0], self.score[1], other.score[2])
        for name, (before, after) in other.parts.items():
            self.parts[name] = (self.parts.get(name, (before, after))[0], after)
        self.cards += [card for card in other.cards if card not in self.cards]
        self.by |= other.by
        self.said = other.said or self.said
        self.events += [i for i in other.events if i not in self.events]

    def __bool__(self) -> bool:
        """Whether something happened to the person: a loss, or a fall of their score. Their
        turn's end alone is no notice: the bots play on (issue 46, 11)."""
        return bool(+self.costs) or bool(+self.taken) or (self.score is not None and self.score[2] < self.score[1])

    def headline(self, whose: str, names: list[str], variant: Variant) -> str:
        """One line: 'Your turn is over: 3 of your cards discarded.', 'Blue played: one of
        your properties lost, your total value fell from $30M to $22M.' `whose` is 'your' (one
        person at the table) or a player's name with 's; `names` name the seats."""
        said = []
        score = self._score_words(whose, variant)
        # nobody else took anything, nor played while the score fell: the change is the turn's own
        own = self.turn_over and not +self.taken and not self.by - {self.player}
        if self.turn_over:
            costs = self._with_score(_cost_words(self.costs, whose, variant), score if own else [])
            start = f"{whose[:1].upper()}{whose[1:]} turn is over"
            said.append(f"{start}: {', '.join(costs)}." if costs else f"{start}.")
        game = +self.by_game if self.said else Counter()
        played = self.taken - game
        # the score's change goes with the game's words where there are any (a round's end
        # scores the buildings won), else with what was played
        taken = self._with_score(_cost_words(played, whose, variant), [] if own or game else score)
        if taken:
            by = " and ".join(names[p] for p in sorted(self.by) if p != self.player)
            cards = f" {' and '.join(self.cards)}" if self.cards else ""  # what did it, where it was seen
            said.append(f"{by} played{cards}: {', '.join(taken)}." if by else f"The game: {', '.join(taken)}.")
        if game:
            words = self._with_score(_cost_words(game, whose, variant), [] if own else score)
            said.append(f"{cast(str, self.said).rstrip('.!')}: {', '.join(words)}.")
        return " ".join(said)

    def _with_score(self, losses: list[str], score: list[str]) -> list[str]:
        """The losses with the score's change: a rise (what was won) before them, a fall
        after them (what they came to)."""
        rose = self.score is not None and self.score[2] > self.score[1]
        return score + losses if rose else losses + score

    def _score_words(self, whose: str, variant: Variant) -> list[str]:
        if self.score is None or self.score[2] == self.score[1]:
            return []
        which, before, after = self.score
        score = next((s for s in variant.scores if s.id == which), None)
        said = variant.format_money if score is not None and score.money else str
        name = score.name if score is not None and score.name else which.replace("_", " ")
        # which of the scores it adds up moved it: the Billionaire bonus lost to a richer player
        parts = [f"{part} {was} to {now}" for part, (was, now) in self.parts.items()
                 if (now - was) * (after - before) > 0]  # those that moved it the way it went
        why = f" ({', '.join(parts)})" if parts else ""
        return [f"{whose} {name} {'fell' if after < before else 'rose'} from {said(before)} to {said(after)}{why}"]


def score_parts(variant: Variant, lead: str) -> list:
    """The scores the score `lead` reads by name (`buildings of X + billionaire of X`), in
    the order of the file: what a change of the leading score is made of."""
    score = next((s for s in variant.scores if s.id == lead), None)
    if score is None:
        return []
    named = {node.counter for node in ast.walk([score.expression]) if isinstance(node, ast.OfPlayer)}
    return [s for s in variant.scores if s.id in named and s.id != lead]


def _cost_words(costs: Counter[str], whose: str, variant: Variant) -> list[str]:
    """'3 of your cards discarded', 'one of your properties lost', 'one of your blocks moved'
    (the units by the variant's name for them)."""
    words = [f"{'one' if costs[kind] == 1 else costs[kind]} of {whose} {many or variant.unit.many} {verb}"
             for kind, (many, verb) in LOSSES.items() if costs[kind]]
    if costs["out"]:  # `drop X`: their turns are passed by until `rejoin X` (the kernel's own words for it)
        who = "you are" if whose == "your" else f"{whose.removesuffix(chr(39) + 's')} is"
        words.insert(0, f"{who} out of the round")
    return words


LOSSES = {"card": ("cards", "discarded"), "given": ("cards", "gone to another player"), "property": ("properties", "lost"),
          "unit": ("", "removed"), "moved": ("", "moved")}
"""Each kind of loss (see `loss`) as a notice words it: what is lost ("": the players' units,
by the variant's name for them), and what happened to it. (A player put out of the round,
'out', is worded on its own: nothing of theirs is lost.)"""
