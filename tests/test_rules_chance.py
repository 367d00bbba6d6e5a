"""Monopoly Chance, as variants/monopoly-chance.yaml writes it: each test quotes the rules
summary (shared/rules/monopoly-chance.txt) or the ruling (docs/rulings.md, 34-50) it checks.

Positions are set up directly: each player's deck (top last), kept cards, the cash on the
properties; the die is scripted. Everything else comes from the variant file."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine import load_variant
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.resources import variants_dir
from scenario import start_turn_of

NAME = "monopoly-chance"
VARIANT = load_variant(NAME)
FACES = list(VARIANT.die("die").faces)
SEATS = [s.id for s in VARIANT.seats]
DATA = Path(__file__).parent / "data"


def roll(face) -> list[int]:
    return [FACES.index(face)]


def street(name: str) -> int:
    return next(p.index for p in VARIANT.properties if p.name == name)


def position(players=2, turn="red", decks=None, kept=None, stacks=None, script=(), rules=None, bare=(), discards=None,
             chance=None):
    """A game at the start of `turn`'s turn. decks: {"red": ["cash_5", "bankrupt"]} (top
    last); kept: {"red": ["nope"]}; stacks: {"Boardwalk": [("blue", "cash_5")]}; bare: the
    streets whose buildings are gone (to the gray ones in the middle); discards: {"red":
    ["cash_2"]}; chance: the Chance deck, top last (else as dealt). Players not named get an
    empty deck, no kept cards and an empty discard pile."""
    variant = VARIANT
    if rules:
        from dataclasses import replace

        from engine.variant.model import Rules
        variant = replace(VARIANT, rules=Rules({**VARIANT.rules, **rules}), content_hash="changed")
    game = new_state(variant, players, seed=1)
    kinds = {c.id: i for i, c in enumerate(variant.cards)}
    code = lambda card, owner: kinds[card] + len(variant.cards) * (owner + 1)  # noqa: E731
    for p in range(players):
        for pile in ("deck", "row", "hand", "discards", "won", "skyline"):
            game.pile_of(pile, p).clear()
    for name, cards in (decks or {}).items():
        game.pile_of("deck", SEATS.index(name))[:] = [code(c, SEATS.index(name)) for c in cards]
    for name, cards in (kept or {}).items():
        game.pile_of("hand", SEATS.index(name))[:] = [code(c, SEATS.index(name)) for c in cards]
    for name, cards in (discards or {}).items():
        game.pile_of("discards", SEATS.index(name))[:] = [code(c, SEATS.index(name)) for c in cards]
    if chance is not None:
        game.pile_of("chance_deck")[:] = [kinds[c] for c in chance]  # the table's cards have no owner
    game.stacks = [[] for _ in game.stacks]
    for street_name, cards in (stacks or {}).items():
        game.stacks[street(street_name)] = [code(c, SEATS.index(owner)) for owner, c in cards]
    for name in bare:
        game.pile_of("greys").extend(game.pile_of("buildings", street(name)))
        game.pile_of("buildings", street(name)).clear()
    game.holder = [game.owner_of(i) for i in range(len(game.stacks))]
    game.worth, game.held, game.dirty = [0] * players, [0] * players, set()
    game.settle()
    return start_turn_of(game, SEATS.index(turn), script)


def kinds(game, pile, name):
    return [game.variant.cards[c % game.book.kinds].id for c in game.pile_of(pile, SEATS.index(name))]


def say(game, word):
    return game.apply({"kind": "choose", "arg": word})


def events_of(game):
    return list(game._events)


def choose_card(game, card_id):
    """Pick the card among the offered ones; with one card to place there is no question (the
    game takes it), and this does nothing."""
    options = [a for a in game.legal_actions() if a.what == "card"]
    if not options:
        return []
    option = next(a for a in options if game.variant.cards[a.arg % game.book.kinds].id == card_id)
    return game.apply(option)


def choose_street(game, name):
    return game.apply({"kind": "choose", "arg": street(name)})


def streets_offered(game):
    return sorted(game.texts.properties[a.arg] for a in game.legal_actions())


# ----- the roll and the flips ---------------------------------------------------------------


def test_a_roll_flips_the_first_card_and_then_asks_flip_or_cash_out():
    """"If you rolled a number, then flip over up to that many cards from the top of your deck
    face up one at a time ... You can choose to stop flipping at any time by saying cash out"
    (rulings 40: the first flip is compulsory)."""
    game = position(decks={"red": ["cash_3", "cash_4", "cash_5"]}, script=roll(3))
    assert kinds(game, "row", "red") == ["cash_5"]
    assert [a.arg for a in game.legal_actions()] == ["flip", "cash out"]
    say(game, "flip")
    assert kinds(game, "row", "red") == ["cash_5", "cash_4"]
    say(game, "flip")  # the third and last of the roll: no more question
    assert kinds(game, "row", "red") == ["cash_5", "cash_4", "cash_3"]
    assert game.decision == "choose" and game.legal_actions()[0].what == "card"  # placing begins


def test_the_first_flip_may_be_optional_by_rule():
    """rulings 40, the other reading: `first_flip_compulsory: false`."""
    game = position(decks={"red": ["cash_3", "cash_5"]}, script=roll(2), rules={"first_flip_compulsory": False})
    assert kinds(game, "row", "red") == [] and [a.arg for a in game.legal_actions()] == ["flip", "cash out"]


def test_a_bankrupt_ends_the_turn_and_discards_every_card_flipped():
    """"If you flip a bankrupt card, then your turn ends immediately. Put all the cards you
    flipped this turn into a discard pile.\""""
    game = position(decks={"red": ["cash_6", "bankrupt", "cash_5"], "blue": ["cash_2"]}, script=roll(3) + roll(1))
    say(game, "flip")  # the Bankrupt
    assert sorted(kinds(game, "discards", "red")) == ["bankrupt", "cash_5"]
    assert kinds(game, "row", "red") == [] and kinds(game, "deck", "red") == ["cash_6"]
    assert game.turn_player == SEATS.index("blue")


def test_a_lucky_break_kept_covers_a_bankrupt():
    """"The Lucky break protects you from a flipped bankrupt card ... Discard the lucky break
    and the bankrupt to your discard pile" (rulings 43: used at once)."""
    game = position(decks={"red": ["cash_6", "bankrupt"]}, kept={"red": ["lucky_break"]}, script=roll(2))
    events = events_of(game)
    assert [e.data["card"] for e in events if e.kind == "play"] == ["lucky_break"]
    assert sorted(kinds(game, "discards", "red")) == ["bankrupt", "lucky_break"]
    assert game.turn_player == SEATS.index("red") and [a.arg for a in game.legal_actions()] == ["flip", "cash out"]


# ----- placing cash ---------------------------------------------------------------------------


def test_cash_must_beat_the_property_value_or_its_top_cash_card():
    """"Each cash card must have a higher value than the value of the property or the topmost
    cash card already on that property. You are allowed to place on top of your own cash
    cards.\""""
    stacks = {name: [("blue", "cash_6")] for name in (p.name for p in VARIANT.properties if p.value > 0)}
    stacks["Baltic Avenue"] = [("red", "cash_3")]      # Red's own, value 1: a 4 beats the 3
    stacks["Oriental Avenue"] = [("blue", "cash_5")]   # value 1: a 4 does not beat Blue's 5
    stacks["Vermont Avenue"] = []                      # value 1, empty: a 4 beats it
    stacks["Kentucky Avenue"] = []                     # value 2, empty: a 4 beats it, a 2 does not
    game = position(decks={"red": ["cash_4"]}, stacks=stacks, script=roll(1))
    choose_card(game, "cash_4")
    assert streets_offered(game) == ["Baltic Avenue", "Kentucky Avenue", "Vermont Avenue"]
    game = position(decks={"red": ["cash_2"]}, stacks=stacks, script=roll(1))  # one street for it: placed at once
    assert game.stacks[street("Vermont Avenue")] == [game.book.card_code(["cash_2", SEATS.index("red")])]


def test_a_cash_card_that_fits_nowhere_is_discarded():
    """"If it is impossible to place a cash card, then discard it to your discard pile.\""""
    stacks = {p.name: [("blue", "cash_6")] for p in VARIANT.properties if p.value > 0}
    game = position(decks={"red": ["cash_2"], "blue": ["cash_3"]}, stacks=stacks, script=roll(1) + roll(1))
    assert kinds(game, "discards", "red") == ["cash_2"] and game.turn_player == SEATS.index("blue")


def test_the_top_card_decides_who_holds_a_property():
    game = position(decks={"red": ["cash_6"], "blue": ["cash_2", "cash_2"]}, stacks={"Baltic Avenue": [("blue", "cash_3")]},
                    script=roll(1) + roll(2))
    choose_card(game, "cash_6")
    events = choose_street(game, "Baltic Avenue")
    assert "Red takes Baltic Avenue from Blue" in [e.describe() for e in events]
    assert game.holder[street("Baltic Avenue")] == SEATS.index("red")


def nope_position(blue_deck=(), **rules):
    """Blue holds Baltic Avenue with a $3M and keeps a Nope; Red has flipped a $5M and a $6M,
    and every other street but Mediterranean Avenue is Blue's with a $6M. Blue's draw deck
    holds `blue_deck`."""
    board = full_board(owner="blue", but="Mediterranean Avenue")
    board["Baltic Avenue"] = [("blue", "cash_3")]
    return position(decks={"red": ["cash_6", "cash_5"], "blue": list(blue_deck)}, kept={"blue": ["nope"]}, stacks=board,
                    script=roll(2), rules=rules or None)


def test_a_nope_protects_a_property_from_the_current_player_for_the_rest_of_the_turn():
    """"Nope can also be used to protect a property that you have the highest value cash card
    on from being played on by the current player" (rulings 42): the Nope lies on the property
    until the turn ends, the blocked card is placed elsewhere if it can be, and no other card of
    this player's may go there this turn."""
    game = nope_position()
    say(game, "flip")
    choose_card(game, "cash_5")
    choose_street(game, "Baltic Avenue")
    assert game.current_player == SEATS.index("blue")
    assert [a.arg for a in game.legal_actions()] == ["nope", "let it be"]
    say(game, "nope")
    assert sorted(kinds(game, "row", "red")) == ["cash_5", "cash_6"]  # not placed, not discarded
    assert [game.variant.cards[c % game.book.kinds].id for c in game.pile_of("nopes", street("Baltic Avenue"))] == ["nope"]
    told = [e.describe() for e in choose_card(game, "cash_6")]  # Baltic is protected from the $6M too
    assert told[told.index("Red puts $6M on Mediterranean Avenue") + 2] == "Red discards $5M"
    assert told.index("Blue discards Nope") < told.index("Red's turn is over")


def test_the_nope_that_protects_a_property_is_the_one_played_not_one_from_the_draw_deck():
    """"Nope can also be used to protect a property that you have the highest value cash card
    on ... Then you discard the nope" (rulings 42): the Nope played lies on the property until
    the turn ends, then goes to the discard pile; a Nope in its player's draw deck stays there.
    The Nope played went to the discard pile at once, and a second one was taken from the draw
    deck to lie on the property (issue 44, 2.3)."""
    game = nope_position(blue_deck=["nope"])
    say(game, "flip")
    choose_card(game, "cash_5")
    choose_street(game, "Baltic Avenue")
    say(game, "nope")
    assert kinds(game, "deck", "blue") == ["nope"]
    assert kinds(game, "hand", "blue") == [] and kinds(game, "discards", "blue") == []
    assert [game.variant.cards[c % game.book.kinds].id for c in game.pile_of("nopes", street("Baltic Avenue"))] == ["nope"]
    told = [e.describe() for e in choose_card(game, "cash_6")]  # the $6M goes on Mediterranean: the turn ends
    assert "Blue discards Nope" in told and kinds(game, "deck", "blue")[-1:] == ["nope"]


def test_by_rule_a_card_blocked_by_a_nope_is_discarded():
    """rulings 42, the other reading: `nope_blocked_card: discard`."""
    game = nope_position(nope_blocked_card="discard")
    say(game, "flip")
    choose_card(game, "cash_5")
    choose_street(game, "Baltic Avenue")
    told = [e.describe() for e in say(game, "nope")]
    assert "Red discards $5M" in told
    assert game.stacks[street("Mediterranean Avenue")] == [game.book.card_code(["cash_6", SEATS.index("red")])]


def test_a_nope_is_asked_for_a_placement_by_free_parking_too():
    """The protection is "from being played on by the current player", whatever places the
    card: a token card on Free Parking places a flipped cash card "on any 1 property"."""
    board = full_board(owner="blue", but="Mediterranean Avenue")
    game = position(decks={"red": ["token", "cash_2"]}, kept={"blue": ["nope"]}, stacks=board, script=roll(2))
    say(game, "flip")
    game.apply({"kind": "play", "arg": "token"})
    game.apply({"kind": "choose", "arg": street("Free Parking")})
    choose_street(game, "Boardwalk")
    assert game.current_player == SEATS.index("blue") and [a.arg for a in game.legal_actions()] == ["nope", "let it be"]
    say(game, "nope")
    assert street("Boardwalk") not in [a.arg for a in game.legal_actions()]


def test_other_flipped_cards_are_kept_in_front_of_the_player():
    """"If you flipped any non-cash, non-bankrupt cards, then you save them in front of you.\""""
    game = position(decks={"red": ["flip_2", "cash_5"], "blue": ["cash_2"]}, script=roll(2) + roll(1))
    say(game, "flip")
    choose_card(game, "cash_5")
    events = choose_street(game, "Kentucky Avenue")
    assert "Red keeps Flip 2" in [e.describe() for e in events]


def test_cash_may_go_on_a_street_without_buildings():
    """"If a property doesn't have any buildings on it, then no player needs to play cash on it
    in order for the round to end": it is still a property, and cash may go there (rulings
    52); `cash_on_bare_streets: false` is the other reading."""
    board = full_board(owner="blue", but="Baltic Avenue")
    for rules, placed in (({}, True), ({"cash_on_bare_streets": False}, False)):
        game = position(decks={"red": ["cash_2"], "blue": ["cash_2"]}, stacks=board, script=roll(1) + roll(1),
                        rules=rules or None, bare=["Baltic Avenue"])
        on_baltic = game.stacks[street("Baltic Avenue")] == [game.book.card_code(["cash_2", SEATS.index("red")])]
        assert on_baltic is placed, rules
        assert (kinds(game, "discards", "red") == ["cash_2"]) is not placed  # else it fits nowhere


# ----- the Chance cards and the corners of the token card -------------------------------------


@pytest.mark.parametrize("card", ["back_in_business", "grand_opening"])
def test_a_chance_card_places_a_cash_card_that_fits_exactly_one_street(card):
    """"If you roll the chance icon, draw the top chance card from the deck and do what it
    says": Back in Business, "Place a cash card from your discard pile on a property where it
    beats what is there"; Grand Opening, "Look through your draw deck and place one cash card
    from it" (rulings 39, 44). A $2M that beats only Mediterranean Avenue (vacant, value 1)
    goes there. It used to end with "nothing to choose" (issue 44, 2.1)."""
    board = full_board(owner="blue", but="Mediterranean Avenue")
    if card == "back_in_business":
        game = position(decks={"red": ["cash_3", "cash_3"]}, discards={"red": ["cash_2"]}, stacks=board, chance=[card],
                        script=roll("chance") + roll(2))
    else:  # the deck's $2M, chosen from its $2M and $3M; the deck shuffled after (one draw)
        game = position(decks={"red": ["cash_3", "cash_3", "cash_2"]}, stacks=board, chance=[card],
                        script=roll("chance") + [0] + roll(2))
        choose_card(game, "cash_2")
    assert game.stacks[street("Mediterranean Avenue")] == [game.book.card_code(["cash_2", SEATS.index("red")])]
    assert not [e for e in events_of(game) if e.kind == "no_choice"]
    assert [a.arg for a in game.legal_actions()] == ["flip", "cash out"]  # Red rolls again and flips


def _repro(name):
    """A position that showed a departure (issue 44, 2), read with the public API."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    return restore_state(VARIANT, data["state"]), data


def test_the_position_of_the_issue_places_its_cash_card_on_the_only_street_it_fits():
    """Issue 44, 2.1: "A $2M that fits only Mediterranean Avenue ends with 'nothing to choose'"
    (a Grand Opening); the $2M goes on Mediterranean Avenue."""
    game, data = _repro("chance-exact-fit.json")
    told = [e.describe() for e in game.apply(data["action"])]
    assert "Red puts $2M on Mediterranean Avenue" in told
    assert not any("nothing to choose" in line for line in told)


def test_just_visiting_offers_every_cash_card_of_the_discard_pile_one_like_a_flipped_card_too():
    """"Just visiting. Play one cash card from your discard pile" (rulings 44): any cash card of
    the pile, a $6M too when a $6M was flipped this turn. Only the $2M was offered, and taken
    at once (issue 44, 2.2)."""
    game = position(decks={"red": ["cash_3", "cash_6", "token"]}, discards={"red": ["cash_6", "cash_2"]}, script=roll(2))
    say(game, "flip")  # the $6M, after the token card (the $3M is left in the deck)
    game.apply({"kind": "play", "arg": "token"})
    game.apply({"kind": "choose", "arg": street("Just Visiting")})
    offered = sorted(game.variant.cards[a.arg % game.book.kinds].id for a in game.legal_actions())
    assert offered == ["cash_2", "cash_6"]
    choose_card(game, "cash_6")
    assert kinds(game, "row", "red") == ["cash_6", "cash_6"] and kinds(game, "discards", "red") == ["cash_2"]


def test_the_position_of_the_issue_offers_the_discard_piles_6m_on_just_visiting():
    """Issue 44, 2.2: "The row holds a $6M, and the discard pile holds a $6M and a $2M. The
    game takes the $2M by itself and never offers the $6M.\""""
    game, _ = _repro("chance-token-same-value.json")
    game.apply({"kind": "play", "arg": "token"})
    game.apply({"kind": "choose", "arg": street("Just Visiting")})
    offered = sorted(game.variant.cards[a.arg % game.book.kinds].id for a in game.legal_actions())
    assert offered == ["cash_2", "cash_6"]


def test_the_variant_file_gives_each_deck_the_number_of_cards_it_holds():
    """Rulings 35 and 39: each player's deck holds 37 cards, the Chance deck 16. The headings
    of the file's card lists say so; one said 22, the deck of an earlier ruling (issue 44, 2.4)."""
    text = (variants_dir() / f"{NAME}.yaml").read_text(encoding="utf-8")
    said = {what: int(number) for what, number in re.findall(r"# ----- (.+?): (\d+) cards", text)}
    held = {pile: sum(c.count for c in VARIANT.cards if c.starts_in == pile) for pile in ("deck", "chance_deck")}
    assert said == {"each player's own deck": held["deck"], "the shared Chance deck": held["chance_deck"]}
    assert held == {"deck": 37, "chance_deck": 16}


# ----- cards kept "to use this turn or a future turn" ------------------------------------------


def test_a_token_card_flipped_this_turn_may_be_placed_this_turn():
    """"If you flipped any non-cash, non-bankrupt cards, then you save them in front of you to
    use this turn or a future turn" (rulings 51): the cards flipped this turn may be played
    from where they lie."""
    game = position(decks={"red": ["cash_3", "token"]}, script=roll(2))
    say(game, "flip")
    assert game.decision == "card" and {"kind": "play", "arg": "token"} in [a.to_dict() for a in game.legal_actions()]


def test_a_nope_flipped_this_turn_answers_a_flip_2_this_turn():
    """rulings 51: "to use this turn" holds for a Nope against a Flip 2 too."""
    game = position(decks={"red": ["cash_2", "cash_3", "nope"]}, kept={"blue": ["flip_2"]}, script=roll(1))
    assert kinds(game, "row", "red") == ["nope"]
    game.apply({"kind": "play", "arg": "flip_2"})
    assert game.current_player == SEATS.index("red") and [a.arg for a in game.legal_actions()] == ["nope", "flip two"]
    say(game, "nope")
    assert kinds(game, "discards", "red") == ["nope"] and kinds(game, "hand", "blue") == ["flip_2"]


# ----- Flip 2 and Nope --------------------------------------------------------------------------


def test_flip_2_makes_the_current_player_flip_two_more():
    """"Flip 2 is played on another player's turn and forces the current player to flip two
    more cards. Then the flip 2 is discarded" (rulings 41: when the flipping stops)."""
    game = position(decks={"red": ["cash_2", "cash_3", "cash_6"]}, kept={"blue": ["flip_2"]}, script=roll(1))
    assert game.current_player == SEATS.index("blue") and game.decision == "card"
    game.apply({"kind": "play", "arg": "flip_2"})
    assert sorted(kinds(game, "row", "red")) == ["cash_2", "cash_3", "cash_6"]
    assert kinds(game, "discards", "blue") == ["flip_2"]


def test_nope_sends_a_flip_2_back_to_its_player():
    """"Nope is played in response to a flip 2 played against you. That player takes back their
    flip 2 and cannot play it against you this turn. You then discard the nope.\""""
    game = position(decks={"red": ["cash_2", "cash_3", "cash_6"]}, kept={"blue": ["flip_2"], "red": ["nope"]},
                    script=roll(1))
    game.apply({"kind": "play", "arg": "flip_2"})
    assert game.current_player == SEATS.index("red")
    told = [e.describe() for e in say(game, "nope")]
    assert "Blue keeps Flip 2" in told and "Red plays Nope" in told
    assert kinds(game, "hand", "blue") == ["flip_2"] and kinds(game, "discards", "red") == ["nope"]
    assert kinds(game, "row", "red") == ["cash_6"]  # no more flips: Red places the $6M
    assert game.current_player == SEATS.index("red") and game.legal_actions()[0].what == "property"


# ----- the round and the end --------------------------------------------------------------------


def full_board(owner="blue", but=None):
    return {p.name: [(owner, "cash_6")] for p in VARIANT.properties if p.value > 0 and p.name != but}


def round_end_game():
    """Every street but Baltic Avenue held by Blue's $10M, Mediterranean Avenue (Brown, like
    Baltic) by Red's $5M; Red covers Baltic with a $3M, Blue's final turn places nothing. With
    one card to place and one place for it, nobody is asked anything: the game runs on."""
    board = full_board(owner="blue", but="Baltic Avenue")
    board["Mediterranean Avenue"] = [("red", "cash_5")]
    return position(decks={"red": ["cash_3"], "blue": ["cash_2"]}, stacks=board, script=roll(1) + roll(1))


def test_covering_the_last_property_gives_every_other_player_one_final_turn_then_the_round_ends():
    """"Once all properties on the board have at least one cash card on them, then the player
    who placed the last cash card finishes their turn. Now, every other player gets one final
    turn then the round ends."
    """
    told = [e.describe() for e in events_of(round_end_game())]
    covered = told.index("Every property is covered: each other player has one final turn.")
    assert told[covered - 2:covered] == ["Red puts $3M on Baltic Avenue", "Red now holds Baltic Avenue"]
    assert told[covered + 1:covered + 3] == ["Red's turn is over", "Turn 3: Blue"]
    assert told.index("The round ends.") > told.index("Blue discards $2M")


def test_the_top_card_on_each_property_wins_a_building_and_pairs_win_a_gray_one():
    """"At the end of the round, each player with the highest value top card on a property,
    collects 1 building from that property and adds it to their skyline ... If any player has
    a pair of matching colored buildings, then they collect 1 gray building from the middle for
    each pair" (rulings 48: pairs won this round; 3 of a colour make one pair)."""
    game = round_end_game()
    assert sorted(kinds(game, "skyline", "red")) == ["building_1", "building_1", "grey_building"]
    blue = kinds(game, "skyline", "blue")
    assert len(blue) == 20 + 7 and blue.count("grey_building") == 7  # a pair in each of the other seven sets
    assert game.score("skyline", SEATS.index("red")) == 1 + 1 + 2


def test_the_game_ends_when_a_skyline_reaches_the_finishing_mark():
    """"Play rounds until at least one player's skyline reaches or exceeds the finishing mark,
    then the game ends and the player with the longest skyline wins" (rulings 38: 45)."""
    game = round_end_game()
    assert game.is_over and game.end_reason == {"reason": "finished", "player": SEATS.index("blue")}
    assert game.result().winners == (SEATS.index("blue"),)


def test_a_new_round_shuffles_everyones_cards_into_new_decks():
    """"All the players collect all their cards and shuffle them into a new draw deck and a new
    round is played." A mark no one reaches in one round lets the round end and a new one
    begin."""
    board = full_board(owner="blue", but="Baltic Avenue")
    game = position(decks={"red": ["cash_3"], "blue": ["cash_2"]}, stacks=board, script=roll(1) + roll(1),
                    rules={"finishing_mark": 1000})
    told = [e.describe() for e in events_of(game)]
    assert "A new round begins." in told and not game.is_over
    assert sorted(kinds(game, "deck", "red") + kinds(game, "row", "red")) == ["cash_3"]
    assert all(stack == [] for stack in game.stacks[:22]) or game.turn_number > 3


def test_the_longest_skyline_wins_and_a_tie_goes_to_the_fewest_buildings():
    """"The player with the longest skyline wins. If there is a tie, then the tied player with
    the fewest buildings wins.\""""
    assert VARIANT.ranking == ("skyline", "buildings")
    fewest = {s.id: s.fewest for s in VARIANT.scores}
    assert fewest == {"skyline": False, "buildings": True}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_at_the_finishing_mark(players):
    """"Play rounds until at least one player's skyline reaches or exceeds the finishing mark,
    then the game ends" (rulings 38, 47, 50)."""
    for seed in range(3):
        game, rnd = new_state(VARIANT, players, seed=seed), random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
        assert game.end_reason["reason"] in ("finished", "no_buildings")
        if game.end_reason["reason"] == "finished":
            assert max(game.score("skyline", p) for p in range(players)) >= VARIANT.rules.finishing_mark


def test_a_rounds_scoring_is_told_street_by_street_with_each_skyline():
    """"At the end of the round, each player with the highest value top card on a property,
    collects 1 building from that property and adds it to their skyline rack": the log says
    who won which street's building, one line a street (a pile's own words, `told`), then each
    skyline's length; cards put one after another on one place are one line (messages.runs),
    named while there are few, counted when many; a card its viewer may not see stays 'a card'."""
    from engine.game.messages import MAX_LISTED, describe_run, runs

    rnd = random.Random(4)
    game = new_state(VARIANT, 3, seed=4)
    events: list = []
    while not game.is_over and not any(e.kind == "say" and "round ends" in e.describe() for e in events):
        actions = game.legal_actions()
        events = game.apply(actions[rnd.randrange(len(actions))])
    grouped = runs(events)
    assert sum(len(run) for run in grouped) == len(events)
    lines = [describe_run(run, None) for run in grouped]
    won = [line for line in lines if " wins " in line]
    streets = {p.name for p in VARIANT.properties if p.value > 0}
    assert len(won) == len({line.rsplit(" on ", 1)[1] for line in won}) and {line.rsplit(" on ", 1)[1] for line in won} <= streets
    assert len(won) >= 20  # nearly every street had its top card and a building
    assert sum("has a skyline of" in line for line in lines) == 3
    gathered = [run for run in grouped if run[0].kind == "put" and run[0].data["to"] == "deck"]
    assert any(len(run) > MAX_LISTED and f"gathers {len(run)} cards into their draw deck" in describe_run(run)
               for run in gathered)
    secret = [e for e in events if e.kind == "put" and e.private_to is not None]
    for event in secret:
        other = next(p for p in range(game.n) if p != event.private_to)
        assert "a card" in describe_run([event, event], other)
