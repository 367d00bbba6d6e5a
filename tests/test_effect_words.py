"""The general words the language grew so that a whole game's procedure can be data (issue
12): counters kept for each player (`NAME of X`), division, `choose word` (yes-or-no and
"flip or cash out?" questions) and `repeat while`. What the checker says of each, and what
each does in a real game (a house rule of the 2016 game whose start-of-turn hook uses them)."""

from __future__ import annotations

import json

from atb_words import parse_condition, parse_effect
from engine import load_variant
from engine.effects.check import EffectContext, check_program
from engine.game.game_state import new_state
from engine.game.snapshot import restore_state
from engine.resources import DEFAULT_VARIANT

ZONES = frozenset({"red", "blue", "yellow", "green"})
CONTEXT = EffectContext(
    ZONES, "end_of_turn", counters={"budget": frozenset({"after_roll"}), "tally": None}, per_player=frozenset({"tally"})
)


def messages(text: str, program: bool = False) -> list[str]:
    context = CONTEXT
    if program:
        context = EffectContext(ZONES, "turn", counters=CONTEXT.counters, per_player=CONTEXT.per_player, program=True)
    return [p.message for p in check_program(parse_effect(text), context)]


# ----- the checker ----------------------------------------------------------------------------


def test_a_counter_kept_for_each_player_is_named_with_its_player():
    assert messages("add 1 to tally of me\nif tally of me > 2: draw 1") == []
    assert messages("set tally of me to tally of me / 2", program=True) == []
    assert messages("if tally > 2: draw 1") == ["'tally' is kept for each player"]
    assert messages("add 1 to tally") == ["'tally' is kept for each player"]


def test_a_counter_of_the_whole_game_goes_without_of():
    assert messages("set budget of me to 3", program=True) == ["'budget' is one number for the whole game"]


def test_an_unknown_counter_is_named_once_with_the_known_ones():
    assert messages("add 1 to talley of me") == ["there is no counter 'talley'"]


def test_the_player_of_a_counter_must_be_a_player():
    assert messages("choose hotel P\nadd 1 to tally of P") == ["whose tally ('of ...') must be a player, but this is a property"]


def test_a_written_division_by_zero_is_refused():
    assert messages("draw 4 / 0") == ["this divides by 0"]
    assert messages("draw 4 / 2") == []


def test_choose_word_offers_each_word_once():
    assert messages('choose word W from "yes", "no"\nif W is "yes": draw 1') == []
    assert messages('choose word W from "yes", "yes"') == ["the same word is offered twice"]


def test_repeat_while_needs_a_test():
    assert messages("repeat while cards of me > 0:\n  discard 1") == []
    assert messages("repeat while cards of me:\n  discard 1") == [
        "what 'repeat while' tests must be a condition, but this is a number"
    ]


CARDS = EffectContext(
    ZONES, "end_of_turn", piles=frozenset({"deck", "hand", "row"}), pile_each={"deck": "game", "hand": "player", "row": "space"},
    card_tags=frozenset({"cash"}),
)


def card_messages(text: str) -> list[str]:
    return [p.message for p in check_program(parse_effect(text), CARDS)]


def test_card_words_check_clean():
    text = 'choose card K in hand of me where K has "cash" and value of K > 2\nput K on deck\nput top card of deck on hand of me'
    assert card_messages(text) == []
    assert card_messages("choose hotel P\nput top card of row of P on deck\nplay this") == []


def test_a_card_must_say_which_pile_it_is_in():
    assert card_messages("choose card K") == ["'card' needs 'in' and the pile or space the cards are in"]


def test_a_pile_of_each_player_is_named_with_its_player():
    assert card_messages("choose card K in hand\nput K on deck") == ["the pile 'hand' is kept for each player"]
    assert card_messages("put top card of deck of me on deck") == ["'deck' is one pile for the whole table"]


def test_put_needs_a_card_and_a_place():
    assert card_messages("choose player X\nput top card of deck on X") == [
        "where 'put' puts it ('on ...') must be a pile or a space, but this is a player"
    ]
    assert card_messages("choose hotel P\nput P on deck") == ["what 'put' moves must be a card, but this is a property"]


def test_an_unknown_tag_is_named_with_the_known_ones():
    assert card_messages('choose card K in deck where K has "cahs"') == ["no card has the tag 'cahs'"]


def test_a_pile_cannot_be_named_by_let_and_this_is_only_in_cards():
    assert card_messages("let D = deck") == ["'let' names a value, not a pile"]
    program = EffectContext(ZONES, "turn", piles=CARDS.piles, pile_each=CARDS.pile_each, program=True)
    assert [p.message for p in check_program(parse_effect("play this"), program)] == [
        "'this' is the card being played, and a program is not a card"
    ]


def test_a_program_cannot_offer_a_reaction_since_no_card_is_being_played():
    # a reaction answers a card (rules texts: "played in response to"); in the turn there is none
    assert messages("offer reaction to me", program=True) == [
        "'offer reaction' only works in a card's effect: a reaction answers a card being played"
    ]
    assert messages("offer reaction to me") == []


# ----- in play ----------------------------------------------------------------------------------

HOUSE_RULE = f"""
extends: {DEFAULT_VARIANT}
name: Tally
counters:
  tally: {{each: player, reset: never, shown: "has a tally of {{}}"}}
hooks:
  start_of_turn: |
    repeat while tally of me < 3:
      choose word W from "more", "enough"
      if W is "enough": stop
      add 7 / 2 to tally of me
"""


def game_with_tally(write):
    variant = load_variant(str(write(HOUSE_RULE)))
    game = new_state(variant, 2, seed=5)
    assert game.decision == "choose"
    return game


def words(game) -> list:
    return [action.arg for action in game.legal_actions()]


def test_choose_word_asks_for_one_of_its_words(write):
    game = game_with_tally(write)
    assert words(game) == ["more", "enough"] and game.current_player == game.turn_player


def test_repeat_while_stops_when_its_test_fails(write):
    """7 / 2 is 3 (division rounds down): after one 'more' the tally is 3, and the loop ends
    without asking again."""
    game = game_with_tally(write)
    player = game.turn_player
    events = game.apply({"kind": "choose", "arg": "more"})
    assert game.player_counters["tally"][player] == 3
    assert [e.data for e in events if e.kind == "counter"] == [{"player": player, "counter": "tally", "value": 3, "by": 3}]
    assert game.decision != "choose" or game.turn_player != player


def test_the_chosen_word_decides_what_follows(write):
    game = game_with_tally(write)
    player = game.turn_player
    game.apply({"kind": "choose", "arg": "enough"})
    assert game.player_counters["tally"][player] == 0 and game.decision != "choose"


def test_a_counter_of_each_player_survives_a_save(write):

    game = game_with_tally(write)
    player = game.turn_player
    game.apply({"kind": "choose", "arg": "more"})
    again = restore_state(game.variant, game.to_dict())
    assert again.player_counters["tally"][player] == 3 and again.to_dict() == game.to_dict()


# ----- cards and piles (docs/effects.md, "Cards and piles") ------------------------------------

CARD_RULE = f"""
extends: {DEFAULT_VARIANT}
name: Card words
deck:
  cards:
    - id: recycle
      name: Recycle
      count: 1
      text: Put a card of your hand back into the deck, and shuffle it.
      timing: end_of_turn
      effect: |
        choose card K in hand of me
        put K on deck
        shuffle deck
    - id: lucky_dip
      name: Lucky Dip
      count: 1
      text: Play the top card of the deck at once.
      timing: end_of_turn
      effect: |
        play top card of deck
    - id: boomerang
      name: Boomerang
      count: 1
      text: Comes back to your hand.
      timing: end_of_turn
      effect: |
        say "Back it comes."
        put this on hand of me
    - id: gift
      name: Gift
      count: 2
      text: Give a card of your hand to an opponent.
      timing: end_of_turn
      effect: |
        choose card K in hand of me
        choose opponent X
        if value of K = 0: say "A gift of no value."
        put K on hand of X
    - id: cheer
      name: Cheer
      count: 1
      text: Cheer.
      timing: end_of_turn
      effect: |
        say "Hooray!"
"""


def card_game(write, hand, pile):
    from test_rules_cards import at_card_step

    return at_card_step(hands={"purple": hand}, pile=pile, variant_name=str(write(CARD_RULE)))


def test_a_card_chosen_from_the_hand_is_put_on_the_deck_in_secret(write):
    from scenario import seat
    from test_rules_cards import hand, play

    game = card_game(write, ["recycle", "hurricane", "switch"], ["cheer"])
    play(game, "recycle")
    assert game.decision == "choose"
    assert [game.texts.card(a.arg) for a in game.legal_actions()] == ["Hurricane", "Switch"]
    hurricane = next(a for a in game.legal_actions() if game.texts.card(a.arg) == "Hurricane")
    events = game.apply(hurricane)
    assert hand(game, "purple") == ["switch"]
    assert sorted(game.variant.cards[c].id for c in game.pile_of("deck")) == ["cheer", "hurricane"]
    put = next(e for e in events if e.kind == "put")
    purple, white = seat(game, "purple"), seat(game, "white")
    assert put.describe(purple) == "Purple puts Hurricane on the Fortune deck"
    assert put.describe(white) == "Purple puts a card on the Fortune deck"
    assert "card" not in put.to_dict(white)
    chosen = next(e for e in events if e.kind == "choose")
    assert chosen.describe(white) == "Purple chooses a card"


def test_play_plays_the_top_card_of_the_deck_at_once(write):
    from test_rules_cards import discards, play

    game = card_game(write, ["lucky_dip"], ["cheer"])
    events = play(game, "lucky_dip")
    said = [e.data["text"] for e in events if e.kind == "say"]
    plays = [e.data["card"] for e in events if e.kind == "play"]
    assert plays == ["lucky_dip", "cheer"] and said == ["Hooray!"]
    # both went to the discards, which the next player's F draw shuffled back into the deck
    assert events.index(next(e for e in events if e.kind == "reshuffle")) > plays.index("cheer")
    held = [*game.pile_of("deck"), *(c for h in range(game.n) for c in game.hand(h))]
    assert {"cheer", "lucky_dip"} <= set(discards(game)) | {game.variant.cards[c % game.book.kinds].id for c in held}


def test_a_card_that_puts_itself_somewhere_is_not_discarded(write):
    from test_rules_cards import discards, hand, play

    game = card_game(write, ["boomerang"], ["cheer"])
    play(game, "boomerang")
    assert "boomerang" not in discards(game) and hand(game, "purple") == ["boomerang"]


def test_a_card_in_a_variable_is_hidden_from_observations_and_survives_a_save(write):
    """Random games of the card words until a Gift, its card chosen, asks for the opponent:
    no other player's observation shows the card (its giver, who holds it in their own hand,
    sees it there), and the snapshot restores to the same game, the variable still a card
    (`value of K` reads the card's 0, not property K's value)."""
    import random

    from engine.game.game_state import new_state

    variant = load_variant(str(write(CARD_RULE)))
    found = 0
    for seed in range(60):
        game, rnd = new_state(variant, 3, seed=seed), random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            holding = [f.env for f in game.frames if getattr(f, "env", None) and "K" in f.env]
            if game.decision == "choose" and options[0].what == "player" and holding:
                found += 1
                giver = game.asked.player
                for player in range(game.n):
                    frames = game.observation(player)["state"]["frames"]
                    named = [f["env"]["K"] for f in frames if "K" in f.get("env", {})]
                    if player == giver:
                        assert len(named) == 1 and named[0] is not None and named[0][0] in game.hand(giver)
                    else:
                        assert named == [None]
                again = restore_state(variant, game.to_dict())
                assert again.legal_actions() == options and again.to_dict() == game.to_dict()
                said = [e.describe() for e in again.apply(options[0]) if e.kind == "say"]
                assert said == [e.describe() for e in game.apply(options[0]) if e.kind == "say"] == ["A gift of no value."]
                continue
            game.apply(options[rnd.randrange(len(options))])
    assert found > 0


def test_a_game_of_more_than_a_thousand_cards_is_refused(write):
    """docs/variants.md, Limits: a game holds at most 1,000 cards, every player's own
    included, so that looking through a pile stays cheap."""
    from engine.variant.load import check_variant

    cards = "".join(
        f"    - id: filler_{i}\n      name: Filler\n      count: 100\n      text: Nothing.\n      timing: end_of_turn\n"
        "      effect: say \"-\"\n"
        for i in range(10)
    )
    result = check_variant(write(f"extends: {DEFAULT_VARIANT}\nname: Heavy\ndeck:\n  cards:\n{cards}"))
    assert [d.message for d in result.diagnostics] == [
        "the game would hold 1,028 cards with 4 players, more than the 1,000 allowed"
    ]
    assert (result.diagnostics[0].loc.file, result.diagnostics[0].loc.line) == ("v.yaml", 4)


# ----- repeat ..., at most K (issue 27, 2.13) -----------------------------------------------------


def test_at_most_tells_the_check_the_bound_of_a_loop_whose_count_is_set_in_play():
    """A count worked out in play is costed as 100 rounds; inside another loop over the board
    that is refused as too costly, and `at most 3` tells the check the real bound."""
    from engine.effects.cost import Sizes, program_cost

    sizes = Sizes(properties=30, largest_zone=6, zones=6, players=4)
    free = parse_effect("choose number N from 1 to 3\nrepeat N times:\n  draw 1")
    capped = parse_effect("choose number N from 1 to 3\nrepeat N times, at most 3:\n  draw 1")
    assert program_cost(capped.statements, sizes) < program_cost(free.statements, sizes)
    nested = "for each property P:\n  repeat value of P times{}:\n    for each player X:\n      draw 1 for X"
    assert any("could carry out and tell" in m for m in messages(nested.format("")))
    assert messages(nested.format(", at most 3")) == []


def test_at_most_is_a_written_number_no_more_than_a_repeat_may_run():
    assert messages("repeat while cards of me > 0, at most 5:\n  discard 1") == []
    assert messages("repeat 3 times, at most 101:\n  draw 1") == [
        "'at most 101' is more than the 100 rounds a repeat may run"
    ]


def test_a_repeat_runs_no_more_rounds_than_at_most_says(write):
    variant = load_variant(str(write(
        f"extends: {DEFAULT_VARIANT}\nhooks:\n  start_of_turn: |\n    repeat 10 times, at most 2:\n      draw 1\n"
    )))
    game = new_state(variant, 2, seed=1)
    assert len(game.hand(game.turn_player)) == variant.rules["starting_hand"] + 2


# ----- put ... under (issue 27, 2.7) ------------------------------------------------------------


def test_a_card_put_under_a_pile_comes_up_last_and_the_log_says_under(write):
    """At each turn's start the top card of the deck goes under it: the card that was on top
    lies at the bottom, the rest in order above it, and the log says 'under'."""
    plain = new_state(load_variant(DEFAULT_VARIANT), 2, seed=1)
    variant = load_variant(str(write(
        f"extends: {DEFAULT_VARIANT}\nhooks:\n  start_of_turn: |\n    put top card of deck under deck\n"
    )))
    game = new_state(variant, 2, seed=1)
    deck = plain.pile_of("deck")
    assert game.pile_of("deck") == [deck[-1], *deck[:-1]]
    (put,) = [event for event in game._events if event.kind == "put"]
    assert put.data["under"] is True
    assert put.describe(0).endswith(" puts a card under the Fortune deck"), put.describe(0)  # which card: nobody sees


def test_a_pile_of_the_tables_is_named_with_its_article_once():
    """'Red puts Bank Pays You a Dividend under the Chance deck', not 'under Chance deck'; a
    pile whose name has its article already keeps the one ('the Bank's title deeds')."""
    texts = new_state(load_variant("monopoly-builder"), 3, seed=1).texts
    assert texts.pile_place("chance_deck", None) == "the Chance deck"
    assert texts.pile_place("title", None) == "the Bank's title deeds"
    assert texts.pile_place("deeds", 0) == "Red's title deeds"


# ----- numbers of spaces and zones (issue 27, 2.2) -------------------------------------------------

NUMBERS = f"""
extends: {DEFAULT_VARIANT}
board:
  zones:
    - id: red
      numbers: {{rent: [1, 1, 2, 2, 3], bonus: 4}}
    - id: blue
      numbers: {{rent: [5, 5, 6, 6, 7]}}
"""


def test_a_spaces_number_and_a_zones_number_are_read_by_name(write):
    variant = load_variant(str(write(NUMBERS)))
    game = new_state(variant, 2, seed=1)
    red = [p.index for p in variant.properties if p.zone == "red"]
    green = [p.index for p in variant.properties if p.zone == "green"]
    rent = game.interp.evaluate
    assert [rent(parse_condition("rent of P"), {"P": p}, 0) for p in red] == [1, 1, 2, 2, 3]
    assert [rent(parse_condition("rent of P"), {"P": p}, 0) for p in green] == [0] * 5  # not given: 0
    assert rent(parse_condition("bonus of Z"), {"Z": "red"}, 0) == 4
    assert rent(parse_condition("bonus of Z"), {"Z": "blue"}, 0) == 0
    assert rent(parse_condition("count property P where rent of P >= 5"), {}, 0) == 5


def test_numbers_are_checked_where_they_are_written(write):
    from engine import VariantError

    def problems(zones: str, hook: str = 'say "hi"') -> list[str]:
        text = f"extends: {DEFAULT_VARIANT}\nboard:\n  zones:\n{zones}hooks:\n  start_of_turn: |\n    {hook}\n"
        try:
            load_variant(str(write(text)))
        except VariantError as error:
            return [d.message for d in error.diagnostics]
        return []

    red = "    - id: red\n      numbers: {{rent: {}}}\n"
    assert problems(red.format("[1, 2, 3, 4, 5]"), "let R = rent of me") == [
        "the start_of_turn hook: whose rent ('of ...') must be a property, but this is a player"
    ]
    assert problems(red.format("[1, 2]")) == ["the zone 'red' has 5 values but 2 numbers 'rent'"]
    both = red.format("[1, 2, 3, 4, 5]") + "    - id: blue\n      numbers: {rent: 3}\n"
    assert problems(both) == ["'rent' is a number of each space in one zone and of the zone itself in another"]
    assert problems("    - id: red\n      numbers: {budget: 3}\n") == ["'budget' is already the name of a counter or a pile"]


def test_a_variant_with_numbers_reads_back_from_the_check_cache_as_it_was_built(write):
    from engine.variant.load import check_variant
    from engine.variant.plain import plain, variant_from_plain

    built = check_variant(write(NUMBERS)).variant
    assert variant_from_plain(json.loads(json.dumps(plain(built)))) == built


def test_an_expression_made_for_a_moment_is_evaluated_as_itself():
    """The closures are kept by the identity of their node: a node parsed for a moment (by a
    tool, a test) once got the closure of an earlier node freed with the same id."""
    game = new_state(load_variant(DEFAULT_VARIANT), 2, seed=1)
    for n in range(300):
        assert game.interp.evaluate(parse_condition(f"{n} + 1"), {}, 0) == n + 1


# ----- show CARD to PLAYER (issue 27, 2.11) ----------------------------------------------------------


def test_a_card_shown_to_one_player_is_named_to_them_alone(write):
    """At each turn's start the turn's player shows the top card of the deck to the next
    player: that player's log names it, the others' (and the one who shows) say 'a card', and
    what the others are sent of the event holds no card."""
    variant = load_variant(str(write(
        f"extends: {DEFAULT_VARIANT}\nhooks:\n  start_of_turn: |\n"
        "    choose opponent O\n    show top card of deck to O\n"
    )))
    game = new_state(variant, 3, seed=2)
    if game.decision == "choose":  # three players: the turn's player picks whom to show it to
        game.apply(game.legal_actions()[0])
    (shown,) = [event for event in game._events if event.kind == "show"]
    to, card = shown.data["to"], variant.cards[game.pile_of("deck")[-1] % game.book.kinds]
    assert shown.describe(to).endswith(f" {card.name}"), shown.describe(to)
    for viewer in range(3):
        if viewer != to:
            assert shown.describe(viewer).endswith(" a card")
            assert "card" not in shown.to_dict(viewer)


# ----- a word offered only while its test holds (issue 27, 2.12) --------------------------------------


def test_a_word_with_a_test_is_offered_only_while_the_test_holds(write):
    variant = load_variant(str(write(
        f"extends: {DEFAULT_VARIANT}\nhooks:\n  start_of_turn: |\n"
        '    choose word W from "rich" if cards of me > 9, "poor" if cards of me < 10, "either"\n'
    )))
    game = new_state(variant, 2, seed=1)
    assert game.decision == "choose"
    assert [action.arg for action in game.legal_actions()] == ["poor", "either"]
    assert messages('choose word W from "a" if 3, "b"') == ["what follows '\"a\" if' must be a condition, but this is a number"]


# ----- scores made of other scores (issue 27, 2.9) ---------------------------------------------------

PARTS = f"""
extends: {DEFAULT_VARIANT}
scores:
  buildings: {{most: total height of P for each property P where owner of P is X, name: building points}}
  sets: {{most: count zone Z where (count property P in Z where owner of P is not X) = 0, name: full zones}}
  total: {{most: buildings of X + 2 * sets of X, name: total points}}
ranking: [total, buildings]
"""


def test_a_score_reads_the_scores_it_is_made_of(write):
    variant = load_variant(str(write(PARTS)))
    game = new_state(variant, 2, seed=3)
    rnd = __import__("random").Random(3)
    for _ in range(60):
        if game.is_over:
            break
        options = game.legal_actions()
        game.apply(options[rnd.randrange(len(options))])
    for player in range(2):
        assert game.score("total", player) == game.score("buildings", player) + 2 * game.score("sets", player)
    assert any(game.score("buildings", player) > 0 for player in range(2))


def test_a_score_that_reads_itself_or_a_score_read_elsewhere_is_refused(write):
    from engine import VariantError

    def problems(text: str) -> list[str]:
        try:
            load_variant(str(write(text)))
        except VariantError as error:
            return [d.message for d in error.diagnostics]
        return []

    circle = f"extends: {DEFAULT_VARIANT}\nscores:\n  a: {{most: b of X + 1}}\n  b: {{most: a of X}}\nranking: [a]\n"
    assert problems(circle) == ["scores read one another without end: a -> b -> a"]
    alone = f"extends: {DEFAULT_VARIANT}\nscores:\n  a: {{most: a of X + 1}}\nranking: [a]\n"
    assert problems(alone) == ["the score 'a' reads itself"]
    from engine.variant.load import check_variant

    worded = (
        f"extends: {DEFAULT_VARIANT}\nscores:\n  value: {{most: worth of X}}\n  total: {{most: value of X}}\nranking: [total]\n"
    )
    (found,) = check_variant(write(worded)).diagnostics
    assert found.hint is not None and "'value' is a word of the language" in found.hint
    in_a_hook = PARTS + "hooks:\n  start_of_turn: |\n    if buildings of me > 3:\n      draw 1\n"
    assert problems(in_a_hook) == ["the start_of_turn hook: 'buildings' is a score: only another score may read it"]
