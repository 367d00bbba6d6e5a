"""Well-known games nobody here wrote for the engine, written from the docs alone (issue 47,
"Proof: games nobody here wrote for the engine"): each is played to its end by every bot at
two, three and four players, and the rules that can be checked from outside hold.

A game joins by the line MARKER among its first lines in tests/data (tests/data/love-letter.yaml,
tests/data/cant-stop.yaml, and any game another author adds)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game import new_game, state_of
from engine.simulate.play import play_game

DATA = Path(__file__).parent / "data"
MARKER = "# issue-47-proof:"
"""The line that makes a game of tests/data one of these: it must start one of its first lines."""


def marked_games() -> list[Path]:
    """The games of tests/data that carry MARKER in their first five lines."""
    found = []
    for path in sorted(DATA.glob("*.yaml")):
        head = path.read_text(encoding="utf-8").splitlines()[:5]
        if any(line.startswith(MARKER) for line in head):
            found.append(path)
    return found


GAMES = marked_games()
BOTS = ["random", "greedy", "strong:iterations=2"]
"""Every bot; the strong one with a tiny search, so that a whole game stays quick."""


def test_the_marked_games_are_found():
    assert {"love-letter", "cant-stop"} <= {path.stem for path in GAMES}


SLOW_BOTS = {"cant-stop": ("greedy", "strong:iterations=2")}
"""Games whose searching bots take long over a whole game, run in the slow lane: greedy plays
a game of Can't Stop of two in 21 s, of three in 26 s and of four in 23 s (plain Python; 50 s
of two when its markers were cards and its tests counted the cards of every step), weighing
each 'roll again' over 16 rolls of the turn program."""


def bot_games() -> list:
    return [
        pytest.param(path, bot, players, id=f"{path.stem}-{bot.split(':')[0]}-{players}",
                     marks=[pytest.mark.slow] if bot in SLOW_BOTS.get(path.stem, ()) else [])
        for path in GAMES for bot in BOTS for players in (2, 3, 4)
    ]


@pytest.mark.parametrize("path, bot, players", bot_games())
def test_every_bot_plays_the_game_to_its_end(path, bot, players):
    """The game ends by its own rule (the variant's `ends`), never by a safety limit."""
    variant = load_variant(path)
    record = play_game(variant, [bot] * players, seed=11 + players)
    assert record.reason in {end for end, _ in variant.ends}, record.reason
    assert record.winners


def _random_game(name: str, players: int, seed: int):
    """A game of tests/data played by random choices, yielding the state before each decision
    with the question's prompt (the test reaches behind the facade to the state, as only a
    test may)."""
    played = new_game(load_variant(DATA / name), players, seed=seed)
    rnd = random.Random(seed)
    while not played.is_over:
        yield state_of(played), played.question.prompt or ""
        played.apply(rnd.choice(list(played.legal_actions())))
    yield state_of(played), ""


# ----- Love Letter ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_love_letter_asks_nobody_out_of_the_round_and_chooses_nobody_protected(players):
    """A player out of the round takes no turn and is asked nothing; no card chooses a player
    out of the round, nor one behind the Handmaid (but a Prince its own player)."""
    asked = 0
    for game, prompt in _random_game("love-letter.yaml", players, seed=players):
        if game.is_over:
            break
        player = game.current_player
        assert player not in game.dropped
        if prompt.startswith(game.texts.player(player) + ":"):  # a card's choice of a player
            protected = game.player_counters["protected"]
            for option in game.legal_actions():
                if option.arg != player:
                    assert option.arg not in game.dropped and protected[option.arg] == 0, prompt
            asked += 1
    assert asked >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_guard_never_names_a_guard_and_the_countess_goes_beside_a_king_or_prince(players):
    book = None
    guesses = forced = 0
    for game, prompt in _random_game("love-letter.yaml", players, seed=20 + players):
        if game.is_over:
            break
        book = game.book
        options = list(game.legal_actions())
        if any(isinstance(option.arg, str) and option.arg in book.card_ids for option in options):
            assert "guard" not in {option.arg for option in options}
            assert len(options) == 7  # every other kind of the deck
            guesses += 1
        if prompt.endswith("which card do you play?"):
            hand = {book.card_ids[code % book.kinds] for code in game.piles[game.layout.base["hand"] + game.current_player]}
            if "countess" in hand and hand & {"king", "prince"}:
                assert [book.card_ids[_code(game, o) % book.kinds] for o in options] == ["countess"]
                forced += 1
    assert guesses > 3


def _code(game, option) -> int:
    """The card an option of `choose card` offers."""
    return option.arg if isinstance(option.arg, int) else option.arg[0]


# ----- Can't Stop ----------------------------------------------------------------------------


def _runners(game) -> list[int]:
    """The spaces the white runners stand on (the table's pieces of one name, `count: 3`)."""
    return [space for space in game.pieces["runner"] if space >= 0]


def _markers(game) -> list[tuple[int, int]]:
    """Every marker on the board (each player's eleven pieces): (its space, its player)."""
    count = game.book.piece_specs["marker"].count
    return sorted((space, place // count) for place, space in enumerate(game.pieces["marker"]) if space >= 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cant_stop_keeps_three_runners_in_three_columns_and_a_bust_keeps_the_markers(players):
    """At most three runners, never two in one column; a bust leaves every marker where it
    stood when the turn began; a claimed column holds its claimer's marker alone, and no
    runner enters it again; a player has one marker in a column at most."""
    busts = 0
    turn, start, seen_busts = -1, [], 0
    claimed: dict[str, int] = {}
    for game, _ in _random_game("cant-stop.yaml", players, seed=30 + players):
        zones = [_zone(game, space) for space in _runners(game)]
        assert len(zones) <= 3 and len(set(zones)) == len(zones)
        assert not set(zones) & set(claimed)
        columns = [(_zone(game, space), owner) for space, owner in _markers(game)]
        assert len(columns) == len(set(columns))
        if game.counters["busts"] != seen_busts:
            seen_busts = game.counters["busts"]
            assert _markers(game) == start, "a bust moved a marker"
            busts += 1
        if game.turn_number != turn:
            turn, start = game.turn_number, _markers(game)
        for zone, top in _tops(game):
            held = [owner for space, owner in _markers(game) if _zone(game, space) == zone]
            if top is not None:
                claimed[zone] = top
                assert held == [top]
        if game.is_over:
            break
    assert busts > 0 and claimed


@pytest.mark.parametrize("players", [2, 4])
def test_cant_stop_markers_own_no_step_and_nothing_changes_hands(players):
    """The markers are pieces (issue 47, 5; `for each marker M`): a step a marker stands on
    is nobody's, so no line says a player takes it. As cards placed on steps, every step
    changed hands with its top card ('Blue takes 5 Column 8')."""
    played = new_game(load_variant(DATA / "cant-stop.yaml"), players, seed=40 + players)
    rnd, events = random.Random(players), []
    while not played.is_over:
        assert all(owner is None for owner in state_of(played).holder)
        events += played.apply(rnd.choice(list(played.legal_actions())))
    assert not [event for event in events if event.kind == "take"]
    assert any(event.kind == "piece" and event.data["piece"] == "marker" for event in events)


def _zone(game, space: int) -> str:
    return _zones(game)[space]


def _zones(game) -> list[str]:
    """The zone of each space, in board order."""
    return [prop.zone for prop in game.variant.properties]


def _tops(game):
    """Each column, and whose marker stands on its top step (None: nobody's)."""
    markers = dict((space, owner) for space, owner in _markers(game))
    for zone in game.variant.zones:
        yield zone.id, markers.get(zone.properties[-1])
