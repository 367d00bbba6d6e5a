"""A game as the world sees it: the engine's public API, a thin façade over the game's state
and machine (game_state.py). An interface, a bot runner or a remote seat asks it the
question (`question`, `legal_actions`), answers it (`apply`), and reads what happened (the
events `apply` returns) and what a seat may know (`observation`). Nothing else of the engine
shows through: every public name here is in docs/api.md, and a test holds the two equal.

The state stays plain data at every question (`to_dict`, `restore`); the façade adds nothing
to it, so a game is the same game whether reached through here or by the engine itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from engine.core.question import Question
from engine.game.game_state import GameState, new_state
from engine.game.known import known_game
from engine.game.messages import Action, Event
from engine.game.observation import decide as observation_decide
from engine.game.observation import every_score
from engine.game.result import Result
from engine.game.table import SAVE_FORMAT as SAVE_FORMAT
from engine.variant.model import Variant

T = TypeVar("T")


class Game:
    """One game in progress. Use `new_game` or `restore` to make one."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state
        """The game itself: the engine's, never to be read through here (game_state.py)."""

    # -- what the game is

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._state.variant

    @property
    def players(self) -> int:
        """How many seats play, 0 to players - 1."""
        return self._state.n

    @property
    def seed(self) -> int:
        """The seed its chance came from: the same seed and answers replay the same game."""
        return self._state.seed

    @property
    def setup_events(self) -> list[Event]:
        """What the setup told, up to the first question."""
        return self._state.setup_events

    # -- where it stands

    @property
    def turn_number(self) -> int:
        """The turn under way, counted from 1."""
        return self._state.turn_number

    @property
    def turn_player(self) -> int:
        """Whose turn it is."""
        return self._state.turn_player

    @property
    def current_player(self) -> int | None:
        """Who is asked now: usually the turn's player, an opponent for a reaction offer or in
        a window; None when the game is over."""
        return self._state.current_player

    @property
    def decision(self) -> str | None:
        """The kind of the question asked now (docs/api.md, "Decisions and actions")."""
        return self._state.decision

    @property
    def question(self) -> Question | None:
        """The question asked now, as one value (question.py); None when the game is over."""
        return self._state.question

    @property
    def is_over(self) -> bool:
        return self._state.over

    # -- asking and answering

    def legal_actions(self) -> Sequence[Action]:
        """The question's options (GameState.legal_actions)."""
        return self._state.legal_actions()

    def apply(self, action: Action | dict) -> list[Event]:
        """Answer the question with one of its options; returns what happened. Anything else
        raises IllegalAction and leaves the game exactly as it was."""
        return self._state.apply(action)

    def withheld(self, player: int) -> list[dict]:
        """What the question asked of `player` does not offer them, and why (GameState.withheld)."""
        return self._state.withheld(player)

    # -- what may be known

    def observation(self, player: object) -> dict:
        """What seat `player` may know, as plain data (observation.ENTRIES); ValueError for
        anything but a seat, 0 to players - 1."""
        return self._state.observation(player)

    def public_observation(self) -> dict:
        """What a spectator, who is no seat, may know."""
        return self._state.public_observation()

    def result(self) -> Result | None:
        """The final ranking once the game is over (None before)."""
        return self._state.result()

    def every_score(self) -> dict[str, list[int]]:
        """Every player's every score, those read from cards some player may not see included
        (an observation's "scores" leaves those out: hidden_scores.py): for what is told only
        once the game is over, as the result is (the story's chart, tui/story.py), never for a
        screen while it is played."""
        return cast("dict[str, list[int]]", every_score(self._state))

    # -- keeping it

    def to_dict(self) -> dict:
        """The whole game as plain data, at any question (`restore` reads it back)."""
        return self._state.to_dict()

    def copy(self) -> Game:
        """An independent game in the same state, with its own chance at the same point."""
        return Game(self._state.copy())


def as_known_to(game: Game, player: int) -> Game | None:
    """The game as seat `player`, the one asked now, knows it: a game of its own, with the
    cards of every pile they may not see taken out and the dice to come unknown (known.py),
    on which an interface may try an answer to see what follows. None for anyone not asked
    now: an observation gives them no options to try."""
    state = game._state
    if state.asked is None or state.asked.player != player:
        return None
    return Game(known_game(state, player)[0])


def decide(choose: Callable[[dict], T], game: Game, player: int) -> T:
    """`choose(observation)` for seat `player`, the one asked, with an observation that
    reads only the entries `choose` asks for (observation.decide): a bot runner's way to
    ask a bot, without building every entry of the observation at every decision."""
    return observation_decide(choose, game._state, player)


def state_of(game: Game) -> GameState:
    """The engine's own way to a game's state, for the engine's modules that check or replay
    it (saves, the bots' runner): interfaces never take it (tests/test_code_quality.py holds
    tui/ off it), and it is no name of `Game`'s."""
    return game._state


def new_game(variant: Variant, players: int, seed: int | None = None, compat: int = SAVE_FORMAT) -> Game:
    """A new game: shuffled deck, starting hands dealt, first player found, and the first
    turn's roll made; `game.setup_events` says what happened. Without a seed, one is drawn
    from the operating system's entropy (`game.seed` tells which, to replay the game)."""
    return Game(new_state(variant, players, seed, compat))
