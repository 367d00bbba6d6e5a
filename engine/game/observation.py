"""What one player may know of a game: the public board and piles, their own hand, the
others' hand sizes, and the pending decision (its options only if it is theirs). And what a
spectator may know, who is no seat: the same with no hand and no pile but the public ones.

`ENTRIES` declares an observation once, entry by entry, for a seat or for a spectator (None).
`observe` reads them all into a plain dict for a seat, and only for a seat: a number that is
no seat (-1, which a list would read from the end) raises ValueError (`seat`); `observe_public`
reads them for a spectator (`GameState.observation` and `GameState.public_observation`: what the
terminal, saves and tests use). `decide` hands a bot an `Observation` instead, which reads
each entry only when the bot first asks for it: a random bot reads the decision alone, and
in `boardwalk simulate` the whole snapshot built at every decision cost several times the
game itself (benchmarks/simulate_speed.py).

An `Observation` holds no reference to the game. It reads the game through `_READING`, a
table in this module, and only while `decide` waits for the bot's answer; then the entry goes.
So nothing reachable from the object as data (by its attributes, `copy.deepcopy`, pickle,
`repr`, a debugger) is more than what its player may know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from engine.core.number_options import NumberOptions
from engine.game.known import card_seen, known_game
from engine.game.state import game_to_dict

if TYPE_CHECKING:
    from engine.game.game_state import GameState

__all__ = ["ENTRIES", "Observation", "Option", "StaleObservation", "decide", "observe", "observe_public", "seat"]

T = TypeVar("T")


def _cards(game: GameState, codes: list[int]) -> list[str]:
    """Card ids of `codes`, in order."""
    cards, kinds = game.variant.cards, game.book.kinds
    return [cards[code % kinds].id for code in codes]


def _hand(game: GameState, player: int | None) -> list[str] | None:
    """The player's hand by card ids, sorted; None for a spectator, who holds none."""
    return None if player is None else sorted(_cards(game, game.hand(player)))


def _hand_sizes(game: GameState) -> list[int]:
    return [len(game.hand(p)) for p in range(game.n)]


def _draw_pile(game: GameState) -> int:
    base = game.layout.base
    return len(game.piles[base["deck"]]) if "deck" in base else 0


def _discard_pile(game: GameState) -> list[str]:
    base = game.layout.base
    return _cards(game, game.piles[base["discard"]]) if "discard" in base else []


def _piles_seen(game: GameState, player: int | None) -> list[dict]:
    """Each pile slot as `player` (None: a spectator) sees it: whose it is, how many cards,
    and which (by id, top last) only if they may see them."""
    layout = game.layout
    return [
        {
            "pile": layout.slot_pile[slot].id,
            "owner": layout.slot_owner[slot],
            "size": len(held),
            "cards": _cards(game, held) if layout.seen(slot, player) else None,
        }
        for slot, held in enumerate(game.piles)
    ]


def _face_label(game: GameState) -> str | None:
    """The last face the zone die showed this turn: a zone or a symbol."""
    die = game.book.zone_die
    faces = game.rolled.get(die) if die is not None else None
    return str(game.book.dice[die].faces[faces[0]]) if die is not None and faces else None


def _zone_built(game: GameState) -> str | None:
    """The zone being built in, while a build session is under way."""
    for frame in reversed(game.frames):
        building = frame.building()
        if building is not None:
            return building[0]
    return None


def _rolled(game: GameState) -> dict[str, list]:
    dice = game.book.dice
    return {die: [dice[die].faces[i] for i in shown] for die, shown in game.rolled.items()}


def _counters(game: GameState) -> dict[str, Any]:
    return {**game.counters, **{name: list(numbers) for name, numbers in game.player_counters.items()}}


def every_score(game: GameState, hidden: dict[str, list[bool]] | None = None) -> dict[str, list[int | None]]:
    """Every score of every player, each worked out once though others read it (a total of
    points reading four kinds of points: Table.score_memo); None where `hidden` says so."""
    hidden = hidden or {}
    kept = game.score_memo
    if kept is None:
        game.score_memo = {}
    try:
        return {name: [None if name in hidden and hidden[name][p] else game.score(name, p) for p in range(game.n)]
                for name in game.book.score_fn}
    finally:
        game.score_memo = kept


def _scores(game: GameState, player: int | None) -> dict[str, list[int | None]]:
    """Every score of every player, but None for one `player` (None: a spectator) may not be
    told, read from the cards of a pile they may not see (hidden_scores.py: For Sale's
    cheques, each player's seen by them alone), until the game is over: the result then
    tells every score (result.py)."""
    return every_score(game, None if game.over else game.book.hidden_scores(game.n, player))


def _public_state(game: GameState, player: int | None) -> dict:
    """The snapshot with everything `player` (None: a spectator) may not know taken out:
    the generator (the future dice), the cards of every pile they may not see (only its
    size stays: see `piles`), the options of a decision that is not theirs, and the game's
    work so far (`worked`, 0 here: the searches that see whether an option can be followed
    look at hidden cards, so its count does too)."""
    state = game_to_dict(game, chance=False)
    state["worked"] = 0  # the work done so far counts searches among cards the player may not see
    seen = game.layout.seen
    state["piles"] = [pile if seen(slot, player) else None for slot, pile in enumerate(state["piles"])]
    if state["pending"] is not None and state["pending"]["player"] != player:
        state["pending"]["options"] = None
    card_names, card_shown = game.book.card_names, card_seen(game, player)
    for frame in state["frames"]:
        _hide_cards_held(frame, card_names, card_shown)
    for at, kept in enumerate(game.frames):
        if kept.keeps_secrets:  # another's secret pick (engine/words/secret.py)
            hidden = kept.copy()
            hidden.conceal(player)
            state["frames"][at] = hidden.to_dict()
    return state


def _hide_cards_held(frame: dict, card_names: list[frozenset[str]], seen: Callable[[Any], bool]) -> dict:
    """A frame's plain data with the cards its variables hold that the player may not see
    (`seen`: known.card_seen) taken out (a card in an effect's variable may be a secret one;
    one lying face up is not, and a bot's look-ahead reads it: frames.strip_cards)."""
    if "env" in frame:
        names = card_names[frame["b"]]
        env = frame["env"]
        for name in names & env.keys():
            if not seen(env[name]):
                env[name] = None
        if frame["t"] == "loop" and frame["var"] in names:
            frame["items"] = [item if seen(item) else None for item in frame["items"]]
    return frame


def public_game(observation: dict, into: GameState | None = None) -> tuple[GameState, list[int | None]] | None:
    """The game as the observation's player knows it, built straight from the game it reads
    while `decide` waits (None for any other observation): what `sampling.Sampler` would
    build from the entry "state", without writing the whole game as plain data and reading
    it back (a greedy bot samples at every decision with options, and that round trip was a
    third of its time). With it, for each pile slot, its size if the player may not see it
    (the game's pile there is then empty), else None.

    Taken out, as from "state": the generator (a fresh one from seed 0), the cards of every
    pile the player may not see, the cards in effects' variables, the events, the work so far. Only the
    player who has the decision gets one (a decision not theirs would show its options).
    tests/test_sampling.py deals from both and compares the games.

    `into`, a game a bot is done with, is overwritten and returned when it is of the same
    variant, player count and format (as `GameState.copy(into=...)`): a game and its interpreter
    refer to each other, so a new game for each decision, let go after it, was freed only by
    the garbage collector, whose runs cost a greedy bot a sixth of its time in Monopoly
    Builder (the whole heap scanned about once a game)."""
    if type(observation) is not Observation:
        return None
    game = _READING.get(id(observation))
    player = dict.__getitem__(observation, "player")
    if game is None or (game.asked is not None and game.asked.player != player):
        return None
    return known_game(game, player, into)


def _question(game: GameState, player: int | None) -> dict | None:
    """The question asked now as `player` (None: a spectator) may know it (Question.seen_by);
    None when the game is over."""
    question = game.question
    return None if question is None else question.seen_by(player)


def _entries() -> dict[str, Callable[[GameState, int | None], Any]]:
    """The table below (made in a function so that mypy reads the game's fields first)."""
    return {
        "player": lambda game, player: player,
        "players": lambda game, player: game.n,
        "turn_player": lambda game, player: game.turn_player,
        "turn": lambda game, player: game.turn_number,
        "order": lambda game, player: list(game.order),
        "stacks": lambda game, player: [list(s) for s in game.stacks],
        "holders": lambda game, player: list(game.holder),
        "owners": lambda game, player: [game.owner_of(prop) for prop in range(len(game.stacks))],
        "worth": lambda game, player: list(game.worth),
        "tokens": lambda game, player: list(game.tokens),
        "positions": lambda game, player: list(game.positions),
        "pieces": lambda game, player: {name: [None if place < 0 else place for place in places]
                                        for name, places in game.pieces.items()},
        "supply": lambda game, player: list(game.supply),
        "hand": _hand,
        "hand_sizes": lambda game, player: _hand_sizes(game),
        "draw_pile": lambda game, player: _draw_pile(game),
        "discard_pile": lambda game, player: _discard_pile(game),
        "piles": _piles_seen,
        "in_play": lambda game, player: _cards(game, game.in_play),
        "dice": lambda game, player: game.dice,
        "face": lambda game, player: _face_label(game),
        "zone": lambda game, player: _zone_built(game),
        "budget": lambda game, player: game.budget_left(),
        "rolled": lambda game, player: _rolled(game),
        "counters": lambda game, player: _counters(game),
        "scores": _scores,
        "cards_played": lambda game, player: len(game.turn_plays),
        "out": lambda game, player: sorted(game.dropped),
        "decision": lambda game, player: game.decision_seen(player),
        "question": _question,
        "over": lambda game, player: game.over,
        "state": _public_state,
    }


ENTRIES = _entries()
"""Every entry of an observation, in order, and how it is read from the game for a player
(a seat, or None for a spectator). Each makes new plain data (lists, dicts, strings,
numbers), shared with nothing."""


def seat(game: GameState, player: object) -> int:
    """`player` when it is one of the game's seats, a whole number from 0 to N-1; else
    ValueError with a plain message. A list would read -1 as the last slot: the observation
    of seat -1 once showed the discard pile, the slot before the first hand, as a hand. True
    and False are no seats either, though Python counts them as 1 and 0."""
    if type(player) is not int or not 0 <= player < game.n:
        raise ValueError(
            f"{player!r} is not a seat of this {game.n}-player game: a seat is a whole number from 0 to"
            f" {game.n - 1} (what a spectator may see is public_observation())"
        )
    return player


def observe(game: GameState, player: object) -> dict:
    """`player`'s whole observation of `game` now, as a plain dict (ValueError for a number
    that is no seat: `seat`)."""
    checked = seat(game, player)
    return {name: entry(game, checked) for name, entry in ENTRIES.items()}


def observe_public(game: GameState) -> dict:
    """What a spectator may know of `game` now, as a plain dict with the entries of a seat's
    observation: "player" and "hand" None, every pile's cards only where everyone sees them,
    no decision's options, and "state" without any hidden pile. It is its own call, not a
    seat number, so that no number can stand for it by mistake."""
    return {name: entry(game, None) for name, entry in ENTRIES.items()}


class Option(dict):
    """An action as an observation offers it, {"kind", "arg"}: made once for each action (the
    engine interns them, messages.Texts.action) and shared by every observation `decide`
    makes, so read-only. Copied or pickled, it is a plain dict. (A new dict for each option
    of each decision, some 500 in a game of random bots, cost more than half of what the
    decision costs to show.)"""

    __slots__ = ()

    def _read_only(self, *_args: Any, **_kwargs: Any) -> Any:
        raise TypeError("an observation's option is read-only: copy it with dict() to change it")

    __setitem__ = __delitem__ = __ior__ = _read_only
    update = pop = popitem = clear = setdefault = _read_only

    def __reduce__(self) -> tuple:
        return (dict, (dict(self),))

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return self.__reduce__()


class StaleObservation(RuntimeError):
    """An entry of an `Observation` first asked for after its decision was over: an
    observation is open only while `decide` waits for the answer."""


_READING: dict[int, GameState] = {}
"""The game each live `Observation` reads, by the observation's id: only while `decide` runs."""


class Observation(dict):
    """`observe(game, player)` as a read-only dict whose entries are read from the game when
    first asked for: one decision's observation, made by `decide`. Whatever reads it whole
    (iterating, comparing, `json.dumps`, copying, pickling) reads every entry, so it equals the
    plain observation. It is a dict so that code written for the plain one takes it as it is."""

    __slots__ = ()

    def __missing__(self, name: str) -> Any:
        entry = ENTRIES[name]  # a KeyError for a name that is no entry, as a dict gives
        game = _READING.get(id(self))
        if game is None:
            raise StaleObservation(f"observation entry '{name}' read after its decision was over")
        value = entry(game, dict.__getitem__(self, "player"))
        dict.__setitem__(self, name, value)
        return value

    def read_all(self) -> dict:
        """The observation as a plain dict, every entry read: a number question's options
        listed, every one (`decide` gives them made when read: NumberOptions)."""
        whole = {name: self[name] for name in ENTRIES}
        decision = whole["decision"]
        if decision is not None and isinstance(decision["options"], NumberOptions):
            whole["decision"] = {**decision, "options": [dict(option) for option in decision["options"]]}
        return whole

    def get(self, name: str, default: Any = None) -> Any:  # dict.get does not call __missing__
        return self[name] if name in ENTRIES else default

    def __contains__(self, name: object) -> bool:
        return name in ENTRIES

    def __len__(self) -> int:
        return len(ENTRIES)

    def __iter__(self) -> Iterator[str]:
        return iter(self.read_all())

    def __reversed__(self) -> Iterator[str]:
        return reversed(self.read_all())

    def keys(self):  # a plain dict's views: the same entries, read
        return self.read_all().keys()

    def values(self):
        return self.read_all().values()

    def items(self):
        return self.read_all().items()

    def __eq__(self, other: object) -> bool:
        return self.read_all() == other

    def __ne__(self, other: object) -> bool:
        return self.read_all() != other

    __hash__ = None  # as a dict's

    def __repr__(self) -> str:
        return repr(self.read_all())

    def copy(self) -> dict:
        return self.read_all()

    def __or__(self, other: Any) -> dict:
        return self.read_all() | other

    def __ror__(self, other: Any) -> dict:
        return other | self.read_all()

    def __reduce__(self) -> tuple:
        """Copied or pickled, an observation is the plain dict of its entries."""
        return (dict, (self.read_all(),))

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return self.__reduce__()

    def _read_only(self, *_args: Any, **_kwargs: Any) -> Any:
        raise TypeError("an observation is read-only: copy it with dict() to change it")

    __setitem__ = __delitem__ = __ior__ = _read_only
    update = pop = popitem = clear = setdefault = _read_only


def decide(choose: Callable[[dict], T], game: GameState, player: int) -> T:
    """`choose(observation)` for `player` at the game's pending decision, with an
    `Observation` that reads only the entries `choose` asks for (the decision, which every
    bot reads, is read at once). It must answer before the game moves on.

    The rule for keeping it: the observation is open while `choose` runs, and closed once it
    answers. What was read stays readable; an entry first asked for after the answer raises
    StaleObservation, naming it. A bot that wants the whole observation later reads it whole
    while deciding (`dict(observation)`, or anything else that reads every entry). `player`
    must be a seat (`seat`), as for `observe`."""
    seat(game, player)
    observation = Observation(player=player, decision=game.decision_seen(player, True))
    key = id(observation)
    _READING[key] = game
    try:
        return choose(observation)
    finally:
        del _READING[key]
