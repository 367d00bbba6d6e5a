"""The log is told from the variant's data, so that every game gains (issue 26, 3): a pile
says in its own words what a card put on it means ('Red flips $5M', 'Blue keeps Flip 2'), a
counter of the game is told as the turn's player's, a shuffle is told, a symbol rolled is
named, a card stack's holder 'now holds' a street; and `boardwalk simulate` reports what a
variant counts (a counter's `report`), such as how Monopoly Chance's rounds end."""

from __future__ import annotations

from engine import load_variant
from engine.game.game_state import new_state
from engine.simulate.runner import run_games
from engine.simulate.summary import summarize
from engine.variant.load import check_variant
from test_rules_chance import position, roll, say

CHANCE = load_variant("monopoly-chance")


def _told(events) -> list[str]:
    return [event.describe() for event in events]


def test_a_pile_tells_a_card_put_on_it_in_its_own_words():
    """`told: "{player} flips {card}"` on the flipped cards, `"{owner} keeps {card}"` on the
    kept ones: not 'Red puts $5M on Red's flipped cards'."""
    game = position(decks={"red": ["flip_2", "cash_5"], "blue": ["cash_2"]}, script=roll(2) + roll(1))
    told = _told(game._events) + _told(say(game, "flip"))
    assert "Red flips $5M" in told and "Red flips Flip 2" in told
    told = _told(game.apply(game.legal_actions()[0]))  # where the $5M goes: then the turn ends
    assert "Red keeps Flip 2" in told


def test_a_counter_of_the_game_is_told_as_the_turn_players():
    """A Flip 2 is played by Blue on Red's turn: Red must flip two more, not Blue."""
    game = position(decks={"red": ["cash_2", "cash_3", "cash_5"]}, kept={"blue": ["flip_2"]}, script=roll(1))
    told = _told(game.apply({"kind": "play", "arg": "flip_2"}))
    assert "Blue plays Flip 2" in told and "Red must flip 2 more" in told
    assert not any(line.startswith("Blue must") for line in told)


def test_a_shuffle_and_a_symbol_rolled_are_told():
    """The setup shuffles every deck and rolls for the first player: the Chance icon counts as
    0, and the log says it was the icon, not '0 = 0'."""
    told = []
    for seed in range(40):
        game = new_state(CHANCE, 2, seed=seed)
        told += _told(game.setup_events)
    assert "Red shuffles their draw deck" in told and "The Chance deck is shuffled" in told
    assert any(line.endswith("rolls Chance (counts as 0)") for line in told)
    assert not any("= 0" in line for line in told)


def test_the_holder_of_a_stack_of_cards_now_holds_it():
    """No property card goes from the board to anyone: the top card holds the street."""
    game = position(decks={"red": ["cash_3"], "blue": ["cash_2"]}, script=roll(1) + roll(1))
    assert any(line.startswith("Red now holds ") for line in _told(game.apply(game.legal_actions()[0])))


def test_told_may_name_only_the_card_the_player_the_owner_and_where_from(write):
    told = '"{player.__class__} flips {card}"'
    variant = f"extends: monopoly-chance\npiles:\n  row: {{name: flipped, each: player, seen_by: everyone, told: {told}}}\n"
    result = check_variant(write(variant))
    message = next(str(d) for d in result.diagnostics)
    assert "'told' may name only {card}, {from}, {owner}, {player}, not {player.__class__}" in message
    assert ":3:" in message


def test_only_a_players_own_pile_may_be_played_from(write):
    greys = "{name: gray buildings, each: game, seen_by: everyone, played_from: true}"
    result = check_variant(write(f"extends: monopoly-chance\npiles:\n  greys: {greys}\n"))
    assert any("a player plays cards only from piles of their own" in str(d) for d in result.diagnostics)


def test_simulate_reports_what_the_variant_counts():
    """Monopoly Chance counts how each round ended (`report: {table: how rounds end, ...}`):
    the report has that table, each row with its share of all the rounds."""
    run = run_games([CHANCE], 2, ["random"], games=6, seed=2, jobs=1)
    summary = summarize(CHANCE, run.records[0], 2, ["random"], 6)
    table = next(t for t in summary["tallies"] if t["table"] == "how rounds end")
    rounds = sum(row["count"] for row in table["rows"])
    assert rounds == table["total"] >= 6 and all(0 <= row["share"] <= 1 for row in table["rows"])
    assert sum(r.tallies[0][1] + r.tallies[1][1] for r in run.records[0]) == rounds


def test_a_player_choosing_their_own_card_is_told_so():
    """Red picks which of their flipped cash cards to place first: 'Red chooses their $5M',
    not 'Red chooses Red's $5M'."""
    game = position(decks={"red": ["cash_3", "cash_5"], "blue": ["cash_2"]}, script=roll(2) + roll(1))
    say(game, "flip")
    assert game.decision == "choose"
    five = next(a for a in game.legal_actions() if game.texts.card_name(a.arg) == "$5M")
    told = _told(game.apply(five))
    assert "Red chooses their $5M" in told
    assert not any("chooses Red's" in line for line in told)


def test_a_variant_names_its_units_and_the_log_and_the_options_say_its_word(write):
    """`players: {unit: ...}` names the players' pieces (Monopoly Builder's blocks): a word
    whose plural adds 's', or the two forms. Every sentence of the engine that counts or
    names a unit says it; a variant that names none says 'unit', as before."""
    from engine.game.messages import Event

    def texts(unit: str):
        variant = load_variant(write(f"extends: winning-moves-2016\nplayers:\n  unit: {unit}\n"))
        return new_state(variant, 2, seed=1).texts

    t = texts("[mouse, mice]")
    assert t.build_actions[0].describe().startswith("build a mouse on ")
    told = [Event(kind, data, t).describe() for kind, data in (
        ("build", {"player": 0, "property": 0, "count": 1}), ("build", {"player": 0, "property": 0, "count": 2}),
        ("out_of_units", {"player": 0}), ("remove", {"player": 0, "property": 0}),
        ("move_unit", {"player": 0, "from": 0, "to": 1}))]
    red, first, second = t.player(0), t.properties[0], t.properties[1]
    assert told == [f"{red} builds a mouse on {first}", f"{red} builds 2 mice on {first}",
                    f"{red} has no mice left to build with", f"The top mouse of {first} ({red}) goes back to {red}",
                    f"{red}'s mouse moves from {first} to {second}"]
    assert t.why({"why": "per_lot", "limit": 1}).endswith("takes only 1 mouse")
    assert texts("egg").build_actions[0].describe().startswith("build an egg on ")
    assert new_state(load_variant("winning-moves-2016"), 2, seed=1).texts.build_actions[0].describe().startswith(
        "build a unit on ")
