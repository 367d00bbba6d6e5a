"""The story of a game, told at its end from its events and the engine's public API alone:
every player's leading score turn by turn, the longest lead, the takeovers, and the cards
played with what each one did. Nothing here names a game: the same words serve every
variant, and what a game does not have (no card played, no property taken from a player)
is left out of its story.

A `Chronicle` is kept while the game is played (by `Session.apply`, so a loaded or undone
game has one too): the scores as each turn ends and the question asked after each action,
which the events alone do not tell. `tell` reads it with the events into a `Story`;
`story_lines` and `story_markdown` put that in words.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.api import Event, Game
from engine.variant.model import Score, Variant
from tui.helptext import as_markdown_text

CARD_QUESTIONS = frozenset({"choose", "react", "discard"})
"""The questions a card may ask in the middle of its effect (asked while it is in play)."""

AFTER_A_CARD = frozenset({"turn", "play", "roll", "game_over"})
"""Events that begin what comes after a card (the next turn, another card, the turn's own
roll): a card's effect ends before the first of them."""


@dataclass
class Chronicle:
    """What the story needs beyond the events, noted action by action as the game is played."""

    scores: list[dict[str, list[int]]] = field(default_factory=list)
    """Every player's scores by score id: [0] when the first turn begins, [t] when turn t is
    over (read at the first decision after it, or at the end of the game)."""
    starts: list[int] = field(default_factory=list)
    """Where each action's events begin in the game's list of events (setup events first)."""
    in_card: list[bool] = field(default_factory=list)
    """Whether the question asked after each action is a card's, asked while it is in play:
    what follows the answer is still that card's doing. (Looked at only after a card is
    played and while its questions go on: an observation costs a fraction of a millisecond.)"""
    turn: int = 0
    """The last turn begun."""
    rounds: str | None = None
    """The counter that counts the game's rounds (a counter with `counts`), None for a game
    told turn by turn."""
    after_rounds: list[dict[str, list[int]]] = field(default_factory=list)
    """With `rounds`: the scores when the first round begins, then when each round is over."""
    round_ends: list[tuple[int, int, int]] = field(default_factory=list)
    """With `rounds`: each round's end as (the turn it ended in, the first and the last but
    one index of the events of the action that ended it)."""

    @classmethod
    def begin(cls, game: Game, seen: Callable[[], dict]) -> Chronicle:
        """A new game's chronicle, after its setup. `seen()` is an observation of the game
        now, any seat's or a spectator's (the cards in play and the counters are everyone's):
        the session's own, built once for each state (Session.seen). The scores are read
        whole (Game.every_score), those from cards a seat may not see included: the story is
        told once the game is over, as the result tells them all."""
        chronicle = cls()
        chronicle.scores.append(game.every_score())
        chronicle.turn = max((e.data["number"] for e in game.setup_events if e.kind == "turn"), default=0)
        chronicle.rounds = next((c.id for c in game.variant.counters if c.counts and c.each == "game"), None)
        if chronicle.rounds is not None:
            chronicle.after_rounds.append(chronicle.scores[0])
        return chronicle

    def note(self, game: Game, start: int, events: list[Event], seen: Callable[[], dict]) -> None:
        """One action applied: `events` are what it caused, from index `start` on; `seen()`
        an observation of the game after it (see `begin`)."""
        self.starts.append(start)
        if self.rounds is not None:
            self._round(game, seen, start, events)
        card_going = any(e.kind in ("play", "react") for e in events) or (bool(self.in_card) and self.in_card[-1])
        asks = card_going and game.decision in CARD_QUESTIONS
        self.in_card.append(asks and bool(seen()["in_play"]))
        now: dict[str, list[int]] | None = None
        for event in events:
            if event.kind == "turn":
                now = now or game.every_score()
                self._until(event.data["number"] - 1, now)
                self.turn = event.data["number"]
            elif event.kind == "game_over":
                now = now or game.every_score()
                self._until(self.turn, now)

    def _round(self, game: Game, seen: Callable[[], dict], start: int, events: list[Event]) -> None:
        """A round counted by this action is over: its scores, and where it ended. (The
        counter is read from the observation: a counter's change is an event only when it is told.)"""
        counted = seen()["counters"].get(self.rounds or "", 0)
        if isinstance(counted, int) and counted > len(self.round_ends):
            self.after_rounds.append(game.every_score())
            self.round_ends.append((self.turn, start, start + len(events)))

    def _until(self, turn: int, scores: dict[str, list[int]]) -> None:
        """Turns up to `turn` are over: the ones not noted yet ended with `scores`."""
        while len(self.scores) <= turn:
            self.scores.append(scores)

    def action_at(self, event_index: int) -> int:
        """The action whose events include this one (-1 for the setup's)."""
        return bisect.bisect_right(self.starts, event_index) - 1


# ----- the story ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardPlayed:
    turn: int
    player: int
    card: str
    """The card's name, as shown."""
    did: str
    """What it did, in the words of the event that tells the most of it."""
    answer: bool = False
    """Played out of turn, in answer to another card."""


@dataclass(frozen=True)
class Lead:
    """A player ahead of everyone after each of the turns `first` to `last`."""

    player: int
    first: int
    last: int

    @property
    def turns(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class RoundTold:
    """One round of a game told round by round: when it ended and what it brought each player."""

    number: int
    turn: int
    """The turn it ended in."""
    won: list[list[str]]
    """Per player, the spaces from whose piles they took a card (the properties won)."""
    won_what: str
    """The name of those piles ('buildings')."""
    repeated: list[list[str]]
    """Per player, the cards so taken more than once, as 'Yellow building ×2'."""
    taken: list[str]
    """Per player, what they took from the table's piles in the pile's own words ('Red adds
    Gray building ×2 to their skyline'), '' for nothing."""
    scores: list[int]
    """The charted score of each player when it was over."""


@dataclass(frozen=True)
class Story:
    players: int
    turns: int
    score: Score | None
    """The score charted: the ranking's first (None for a variant with no scores)."""
    series: list[list[int]]
    """One list per player: the charted score when the first turn begins, then after each turn."""
    lead: Lead | None
    """The longest time one player was ahead (None if nobody ever was)."""
    takeovers: list[int]
    """Per player, the properties they took from another player; empty if nobody did."""
    cards: list[CardPlayed]
    step: str = "turn"
    """What the chart and the lead count by: 'turn', or what a round is called ('round')."""
    rounds: list[RoundTold] = field(default_factory=list)
    """A game told round by round: what each round brought."""

    def cards_by_player(self) -> list[int]:
        counts = [0] * self.players
        for card in self.cards:
            counts[card.player] += 1
        return counts


def charted_score(variant: Variant) -> Score | None:
    """The score a game is followed by: the first of its ranking (the one a track follows)."""
    first = variant.ranking[0] if variant.ranking else None
    return next((s for s in variant.scores if s.id == first), variant.scores[0] if variant.scores else None)


def tell(variant: Variant, players: int, events: Sequence[Event], chronicle: Chronicle,
         describe: Callable[[Event], str]) -> Story:
    """The story of the game so far. `describe` words an event for the person reading (it
    hides what they may not see, and makes the variant's text safe to show)."""
    score = charted_score(variant)
    points = chronicle.after_rounds if chronicle.rounds is not None else chronicle.scores
    series = [[turn[score.id][p] for turn in points] for p in range(players)] if score else []
    step = next((c.counts for c in variant.counters if c.id == chronicle.rounds and c.counts), "turn")
    return Story(
        players=players,
        turns=len(chronicle.scores) - 1,
        score=score,
        series=series,
        lead=longest_lead(variant, points),
        takeovers=takeovers(events, players),
        cards=cards_played(variant, events, chronicle, describe),
        step=step,
        rounds=rounds_told(variant, players, events, chronicle, score),
    )


def rounds_told(variant: Variant, players: int, events: Sequence[Event], chronicle: Chronicle,
                score: Score | None) -> list[RoundTold]:
    """What each round brought: the cards each player took, in the action that ended it, from
    a supply (a pile cards start in) of a space (the properties they won, by name) or of the
    table (in the words of the pile they went to). Cards moved between a player's own piles,
    or gathered from the board into their piles, are not told. `variant` is the one shown."""
    piles = {pile.id: pile for pile in variant.piles}
    supplies = {card.starts_in for card in variant.cards}
    cards = {card.id: card.name for card in variant.cards}
    names = [seat.name for seat in variant.seats]
    told: list[RoundTold] = []
    for number, (turn, first, last) in enumerate(chronicle.round_ends, start=1):
        won: list[list[str]] = [[] for _ in range(players)]
        by_card: list[dict[str, int]] = [{} for _ in range(players)]
        table: list[dict[tuple[str, str], int]] = [{} for _ in range(players)]
        for event in events[first:last]:
            d = event.data
            came = d.get("from") if event.kind == "put" else None
            source = piles.get(came) if isinstance(came, str) else None
            owner = d.get("to_owner")
            if (source is None or source.each == "player" or source.id not in supplies or not isinstance(owner, int)
                    or not isinstance(d["to"], str)):
                continue  # (a pile no card starts in, such as a space's Nope, is no supply)
            name = cards.get(d["card"], d["card"])
            if source.each == "space":
                won[owner].append(_property_name(variant, d["from_owner"]))
                by_card[owner][name] = by_card[owner].get(name, 0) + 1
            else:
                table[owner][(d["to"], name)] = table[owner].get((d["to"], name), 0) + 1
        scores = chronicle.after_rounds[number][score.id] if score is not None else [0] * players
        what = next((pile.name for pile in variant.piles if pile.each == "space" and pile.id in supplies), "cards")
        told.append(RoundTold(
            number, turn, won, what,
            [[f"{name} ×{n}" for name, n in counts.items() if n > 1] for counts in by_card],
            [_taken_words(piles, names[p], table[p]) for p in range(players)],
            list(scores),
        ))
    return told


def _property_name(variant: Variant, index: int) -> str:
    prop = variant.properties[index]
    return prop.name or f"{next((z.name for z in variant.zones if z.id == prop.zone), '')} {variant.format_money(prop.value)}"


def _taken_words(piles: dict, player: str, taken: dict[tuple[str, str], int]) -> str:
    """What a player took from the table's piles, in the words of the pile each went to
    ('Red adds Gray building ×2 to their skyline'), or as 'Red takes ...'."""
    said = []
    for pile_id in dict.fromkeys(pile for pile, _ in taken):
        what = ", ".join(f"{name} ×{n}" if n > 1 else name for (pile, name), n in taken.items() if pile == pile_id)
        template = piles[pile_id].told if pile_id in piles else None
        if template and "{from}" not in template:
            said.append(template.replace("{owner}", player).replace("{player}", player).replace("{card}", what))
        else:
            said.append(f"{player} takes {what}")
    return "; ".join(said)


def leader(variant: Variant, scores: dict[str, list[int]]) -> int | None:
    """The one player ahead on the ranking (its later scores breaking ties), or None."""
    fewest = {s.id: s.fewest for s in variant.scores}
    players = len(scores[variant.ranking[0]])
    keys = [tuple(-scores[r][p] if fewest[r] else scores[r][p] for r in variant.ranking) for p in range(players)]
    best = max(keys)
    return keys.index(best) if keys.count(best) == 1 else None


def longest_lead(variant: Variant, after_turns: list[dict[str, list[int]]]) -> Lead | None:
    """The longest run of turns after each of which the same player was ahead (the first
    such run on a tie)."""
    if not variant.ranking:
        return None
    best: Lead | None = None
    run: Lead | None = None
    for turn, scores in enumerate(after_turns[1:], start=1):
        ahead = leader(variant, scores)
        if ahead is None:
            run = None
            continue
        run = Lead(ahead, run.first if run is not None and run.player == ahead else turn, turn)
        if best is None or run.turns > best.turns:
            best = run
    return best


def takeovers(events: Sequence[Event], players: int) -> list[int]:
    """Per player, the `take` events in which they took a property from another player;
    empty when the game had none."""
    counts = [0] * players
    for event in events:
        if _took_from_a_player(event):
            counts[event.data["player"]] += 1
    return counts if any(counts) else []


def _took_from_a_player(event: Event) -> bool:
    return event.kind == "take" and event.data["from"] is not None and event.data["from"] != event.data["player"]


def _put_on_a_space(event: Event) -> bool:
    return event.kind == "put" and isinstance(event.data["to"], int)


_TELLS_MOST: list[Callable[[Event], bool]] = [
    lambda e: e.kind in ("cancelled", "no_choice", "effect_limit"),  # it did nothing after all
    lambda e: e.kind == "say",  # the card's own words
    _took_from_a_player,
    lambda e: e.kind == "remove",
    lambda e: e.kind == "move_unit",
    lambda e: e.kind == "return_card",
    lambda e: e.kind == "take",
    lambda e: e.kind == "build",
    _put_on_a_space,
    lambda e: e.kind == "counter",
    lambda e: e.kind in ("discard", "draw", "roll_off"),
    lambda e: e.kind == "put",
]
"""What tells most of what a card did, most telling first. A card with none of these, cut
short by another player's card, was answered by it; else its choices tell what it did."""


def card_effect(events: Sequence[Event], index: int, chronicle: Chronicle) -> tuple[list[Event], Event | None]:
    """The events a card played at `events[index]` caused: the rest of its action's events,
    and those of the answers to the questions it asked, up to whatever comes after it; and
    the event that came after it, if one did. (An action's events may go on past the card's
    end into the turn's next steps: those are told apart by the kinds in AFTER_A_CARD, and
    the most telling event is looked for first.)"""
    action = chronicle.action_at(index)
    effect: list[Event] = []
    position = index + 1
    while True:
        end = chronicle.starts[action + 1] if action + 1 < len(chronicle.starts) else len(events)
        for event in events[position:end]:
            if event.kind in AFTER_A_CARD:
                return effect, event
            effect.append(event)
        if action < 0 or action >= len(chronicle.in_card) or not chronicle.in_card[action]:
            return effect, None
        action, position = action + 1, end


def what_it_did(effect: Sequence[Event], describe: Callable[[Event], str], player: str, card: str,
                answered_by: str | None = None) -> str:
    """The card's effect in one phrase: the most telling of its events in the log's words
    (without the player's name or the card's in front), and how many more of that kind; or
    else the card another player answered it with (`answered_by`: "Red's Nope"), or else
    what was chosen.

    >>> from engine import load_variant
    >>> from engine.api import Event, texts_for
    >>> texts = texts_for(load_variant("winning-moves-2016"), 2)
    >>> said = lambda e: "Blue takes Boardwalk from Red" if e.kind == "take" else "Blue rolls 3"
    >>> took = Event("take", {"player": 1, "property": 0, "from": 0}, texts)
    >>> what_it_did([Event("roll", {}, texts), took, took], said, "Blue", "Raid")
    'takes Boardwalk from Red (and 1 more)'
    """
    for telling in _TELLS_MOST:
        found = [event for event in effect if telling(event)]
        if found:
            words = describe(found[0])
            # a counter's line is a state ('Green has 1179M in cash (-15M)'): it keeps its
            # subject, which 'has 1179M in cash' after the card's name lacked (issue 46, 10)
            for name in (f"{player} ", f"{card}: ") if found[0].kind != "counter" else (f"{card}: ",):
                words = words.removeprefix(name)
            return words + (f" (and {len(found) - 1} more)" if len(found) > 1 and found[0].kind != "say" else "")
    if answered_by is not None:
        return f"answered by {answered_by}"
    chosen = [event for event in effect if event.kind == "choose"]
    if chosen:
        return "; ".join(describe(event).removeprefix(f"{player} ") for event in chosen)
    return "no visible effect"


def cards_played(variant: Variant, events: Sequence[Event], chronicle: Chronicle,
                 describe: Callable[[Event], str]) -> list[CardPlayed]:
    """Every card played in turn or in answer, in order, with what it did."""
    names = {card.id: card.name for card in variant.cards}
    seats = variant.seats
    played: list[CardPlayed] = []
    turn = 0
    for index, event in enumerate(events):
        if event.kind == "turn":
            turn = event.data["number"]
        elif event.kind in ("play", "react"):
            player = event.data["player"]
            effect, after = card_effect(events, index, chronicle)
            answered_by = None
            if after is not None and after.kind in ("play", "react") and after.data["player"] != player:
                answered_by = f"{seats[after.data['player']].name}'s {names.get(after.data['card'], after.data['card'])}"
            name = names.get(event.data["card"], event.data["card"])
            did = what_it_did(effect, describe, seats[player].name, name, answered_by)
            played.append(CardPlayed(turn, player, name, did, answer=event.kind == "react"))
    return played


# ----- in words ----------------------------------------------------------------------------------


def summary_lines(story: Story, variant: Variant) -> list[str]:
    """The story's first lines: the longest lead, the takeovers, the cards played by each
    player (each only if the game had any). `variant` is the one shown."""
    names = [seat.name for seat in variant.seats]
    lines: list[str] = []
    if story.lead is not None:
        lines.append(lead_words(story, names[story.lead.player]))
    if story.takeovers:
        each = " · ".join(f"{names[p]} {n}" for p, n in enumerate(story.takeovers))
        lines.append(f"Properties taken from another player: {each}")
    if story.cards:
        each = " · ".join(f"{names[p]} {n}" for p, n in enumerate(story.cards_by_player()))
        lines.append(f"Cards played: {each}")
    return lines


def lead_words(story: Story, name: str) -> str:
    """The longest lead in words, counted by the story's step: 'Longest lead: Red,
    6 turns in a row (turns 4 to 9)', 'Ahead all the way: Red, after every round (1 to 3)',
    'Longest lead: Red, ahead after round 2 only'."""
    lead, step = story.lead, story.step
    assert lead is not None  # asked only of a story with a lead
    steps = len(story.series[0]) - 1 if story.series else 0
    if lead.first == 1 and lead.last == steps and steps > 1:
        return f"Ahead all the way: {name}, after every {step} (1 to {steps})"
    if lead.turns == 1:
        return f"Longest lead: {name}, ahead after {step} {lead.first} only"
    return f"Longest lead: {name}, {lead.turns} {step}s in a row ({step}s {lead.first} to {lead.last})"


def round_lines(story: Story, variant: Variant) -> list[tuple[str, str]]:
    """Each round told: a label ('round 1') and its lines, the first with the scores after it."""
    names = [seat.name for seat in variant.seats]
    score = story.score.name if story.score is not None else ""
    lines: list[tuple[str, str]] = []
    for told in story.rounds:
        scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(told.scores))
        lines.append((f"{story.step} {told.number}", f"over in turn {told.turn}; {score}: {scores}"))
        for p in range(story.players):
            if told.won[p]:
                twice = f" (same kind: {', '.join(told.repeated[p])})" if told.repeated[p] else ""
                lines.append(("", f"{names[p]} takes {told.won_what} from {_counted_places(len(told.won[p]))}: "
                                  f"{', '.join(told.won[p])}{twice}"))
            if told.taken[p]:
                lines.append(("", told.taken[p]))
    return lines


def _counted_places(n: int) -> str:
    return "1 property" if n == 1 else f"{n} properties"


def card_lines(story: Story, variant: Variant) -> list[tuple[int, str]]:
    """Each card played: its turn, and whose it was and what it did in words."""
    names = [seat.name for seat in variant.seats]
    return [
        (card.turn, f"{names[card.player]}'s {card.card}{' in answer' if card.answer else ''}: {card.did}")
        for card in story.cards
    ]


def story_lines(story: Story, variant: Variant) -> list[str]:
    """The whole story in plain lines: the summary, then the cards one a line."""
    cards = card_lines(story, variant)
    width = len(str(cards[-1][0])) if cards else 0
    rounds = [f"  {label}  {words}" if label else f"    {words}" for label, words in round_lines(story, variant)]
    return summary_lines(story, variant) + rounds + [f"  turn {turn:>{width}}  {words}" for turn, words in cards]


# ----- the chart ---------------------------------------------------------------------------------


def nice_ticks(low: int, high: int, most: int) -> list[int]:
    """Round numbers from `low` (or below) to `high` (or above), at most `most` of them (2 or
    more), one, two or five times a power of ten apart.

    >>> nice_ticks(0, 46, 6), nice_ticks(0, 46, 4), nice_ticks(3, 3, 5), nice_ticks(-7, 12, 5)
    ([0, 10, 20, 30, 40, 50], [0, 20, 40, 60], [3, 4], [-10, 0, 10, 20])
    """
    step, scale = 1, 1
    while True:
        for factor in (1, 2, 5):
            step = factor * scale
            first, last = (low // step) * step, -(-high // step) * step
            if last == first:
                last += step
            if (last - first) // step + 1 <= max(2, most):
                return list(range(first, last + 1, step))
        scale *= 10


def draw_chart(plt: Any, story: Story, width: int, height: int, money: Callable[[int], str] | None,
               colours: Sequence[tuple[int, int, int]] | None = None, markers: Sequence[str] | None = None) -> None:
    """Put the story's series on a plotext figure (textual-plotext's `Plot`, whose size is
    `width` x `height` cells): x the turn, y the charted score (labelled as money when it
    is money), one line a player in their colour, or drawn with their letter."""
    plt.clear_data()
    turns = list(range(len(story.series[0]))) if story.series else []
    for player, values in enumerate(story.series):
        style: dict[str, Any] = {"marker": markers[player] if markers else "braille"}
        if colours:
            style["color"] = colours[player]
        plt.plot(turns, values, **style)
    if not turns:
        return
    x = nice_ticks(0, turns[-1], max(2, width // 10))
    plt.xticks([t for t in x if t <= turns[-1]])
    plt.xlim(0, max(1, turns[-1]))
    low, high = min(min(values) for values in story.series), max(max(values) for values in story.series)
    y = nice_ticks(low, high, max(2, height // 2))
    plt.yticks(y, [money(v) if money else str(v) for v in y])
    plt.ylim(y[0], y[-1])


# ----- the file ----------------------------------------------------------------------------------


def story_markdown(story: Story, variant: Variant, heading: str, facts: Sequence[str], ranking: str, chart: str) -> str:
    """The story as a Markdown file: under the heading, the facts (how it ended, who won)
    with the ranking, then the chart, then the story, each as preformatted text. `variant`
    is the one shown (its texts already made visible); a heading escapes what Markdown would
    act on, and a block's fence is longer than any run of backquotes in it, so that no name
    can end it early."""
    parts = [f"# {as_markdown_text(heading)}", "", "## The result", "", _block("\n".join([*facts, "", ranking])), ""]
    if chart and story.score is not None:
        name = story.score.name or story.score.id
        parts += [f"## {as_markdown_text(name[:1].upper() + name[1:])} after each {story.step}", "", _block(chart), ""]
    lines = story_lines(story, variant)
    if lines:
        parts += ["## The story", "", _block("\n".join(lines)), ""]
    return "\n".join(parts)


def _block(text: str) -> str:
    """Preformatted text in a fence longer than any run of backquotes in it.

    >>> _block("a ``` b")
    '````text\\na ``` b\\n````'
    """
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"
