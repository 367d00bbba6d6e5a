"""Text built from values (issue 47, 3), and questions that say what they are about (issue 46,
3, 4, 5 and 9; issue 47, 9).

"`say` cannot name a player, a card or a number ... Option labels and prompts cannot be built
from values ... The prompt then falls back to the engine's words" (issue 47, 3). A text in the
effect language shows values in braces, `say "{me} rolled {T}"`; a question may carry the
author's words (`, asking "..."`), and its options labels (`"buy" as "..."`, `, each as
"..."`). The values are the language's own expressions, checked before play with their place;
a card the reader may not see is shown as 'a card' (docs/rulings.md).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine import load_variant
from engine.game.game_state import new_state
from test_check_bad_input import EXTENDS, assert_at, only
from tui.session import Session
from tui.widgets import action_label, decision_prompt

SAYING = EXTENDS + """hooks:
  start_of_turn: |
    let T = 3 + 4
    say "{me} rolled {T}, worth {T as money}; {name of me} goes on"
    choose property S where value of S >= 7, asking "Which space for {me}?", each as "{S}, worth {value of S as money}"
    choose word W from "take" as "Take {S} for {value of S as money}", "leave", asking "Take {S}?"
    say "{me} chose to {W} {S}"
"""


def _first(game, kind: str = "choose"):
    while game.decision != kind:
        game.apply(game.legal_actions()[0])
    return game.question


def test_say_shows_a_player_a_number_money_and_a_space_by_their_names(write):
    """Issue 47, 3: 'say cannot name a player, a card or a number'."""
    variant = load_variant(write(SAYING))
    game = new_state(variant, 3, seed=1)
    me = game.texts.player(game.turn_player)
    said = [e.describe() for e in game.setup_events if e.kind == "say"]
    assert f"{me} rolled 7, worth $7M; {me} goes on" in said
    question = _first(game)
    game.apply(next(a for a in game.legal_actions() if a.arg == question.options[0].arg))
    word = _first(game).options[0].arg
    events = game.apply(next(a for a in game.legal_actions() if a.arg == word))
    assert any(re.fullmatch(f"{me} chose to take .+", e.describe()) for e in events if e.kind == "say")


def test_a_question_carries_the_authors_words_and_labels_for_the_asked_seat_alone(write):
    """Issue 47, 3: prompts and option labels built from values; the question value gives them
    (engine/core/question.py) and each seat's observation only to the seat asked."""
    variant = load_variant(write(SAYING))
    game = new_state(variant, 3, seed=1)
    question = _first(game)
    me = game.texts.player(question.player)
    assert question.prompt == f"Which space for {me}?"
    labels = dict(question.labels)
    assert {option.arg for option in question.options} == set(labels)
    for space, label in labels.items():
        assert label == f"{game.texts.properties[space]}, worth ${variant.properties[space].value}M"
    other = (question.player + 1) % 3
    assert game.observation(question.player)["question"]["prompt"] == question.prompt
    assert game.observation(other)["question"]["prompt"] is None and game.observation(other)["question"]["labels"] == []
    game.apply(question.options[0])
    menu = game.question
    space = game.texts.properties[question.options[0].arg]
    assert menu.prompt == f"Take {space}?"
    assert dict(menu.labels) == {"take": f"Take {space} for ${variant.properties[question.options[0].arg].value}M"}


def test_the_screen_reads_the_question_prompt_and_labels_first(write):
    """Issue 47, 9: 'prompts and option labels from the variant or the question'."""
    path = write(SAYING)
    session = Session.start(load_variant(path), str(path), [None, "random", "random"], 1)
    while session.game.decision != "choose" or session.deciding != 0:
        session.apply(session.game.legal_actions()[0])
    view = session.view()
    assert decision_prompt(view) == f"Which space for {view.seats[0].name}?"
    label = action_label(view, view.actions[0], 0).plain
    assert label.endswith(f"worth ${view.variant.properties[view.actions[0].arg].value}M")


def test_a_value_in_a_text_is_checked_where_it_stands(write):
    """Issue 47, 3: embedded values are checked at `check` time with located errors."""
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    say "Round over for {nobodyy}"\n')
    assert_at(only(path), "v.yaml", 4, 26, "unknown name 'nobodyy'")
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    say "ok: {1 < 2}"\n')
    assert_at(only(path), "v.yaml", 4, 15, "a text shows a player", "a condition")
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    choose player P, asking "who, {me as dollars}?"\n')
    assert_at(only(path), "v.yaml", 4, 42, "as money")


def test_a_card_the_asked_seat_cannot_see_is_shown_as_a_card(write):
    """The ruling 'A text names only the cards its reader may see' (docs/rulings.md): the top
    card of the face-down Fortune deck, named in a prompt and a `say`, is 'a card'."""
    path = write(EXTENDS + """hooks:
  start_of_turn: |
    say "The deck's top: {top card of deck}"
    choose word W from "yes", "no", asking "Draw {top card of deck}?"
""")
    game = new_state(load_variant(path), 3, seed=1)
    assert "The deck's top: a card" in [e.describe() for e in game.setup_events]
    assert _first(game).prompt == "Draw a card?"


# ----- issue 46: Monopoly Builder's questions say what they are about ------------------------


def _builder_prompts(seeds: int = 6, steps: int = 2500) -> list[tuple[str, tuple]]:
    variant = load_variant("monopoly-builder")
    seen = []
    for seed in range(seeds):
        game = new_state(variant, 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over:
                break
            question = game.question
            if question.prompt:
                seen.append((question.prompt, question.labels))
            game.apply(rng.choice(list(game.legal_actions())))
    return seen


def test_builder_discards_say_how_many_are_left_to_give_up():
    """Issue 46, 3: "The start-of-turn discard never says 'discard' or how many are left to
    discard." At the start of a turn each question says how many resources are left to give
    up, this one included: what the player holds over the limit (the routine is given the
    count, `do drop_one(N)`); Storm Warning's two say 2, then 1."""
    variant = load_variant("monopoly-builder")
    checked = {"turn": 0, "card": 0}
    for seed in range(6):
        game = new_state(variant, 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(2500):
            if game.is_over:
                break
            question = game.question
            found = re.search(r"(\d+) to give up", question.prompt or "")
            if found:
                me = question.player
                held = sum(game.player_counters[r][me] for r in ("truck", "crane", "excavator", "boat"))
                if question.card is None:
                    assert int(found.group(1)) == held - 6, (question.prompt, held)
                    checked["turn"] += 1
                else:
                    assert int(found.group(1)) in (1, 2)
                    checked["card"] += 1
            game.apply(rng.choice(list(game.legal_actions())))
    assert checked["turn"] > 10 and checked["card"] > 0, checked


def test_builder_questions_give_the_price_the_rent_give_or_get_and_the_debt():
    """Issue 46, 3, 4, 5, 9: 'Buy or auction?' gives the price; the rent question the amount;
    the resource choices say give or get and for what; the mortgage gives each deed's value;
    the island foundation and Steal 1 Resource say what they choose."""
    prompts = _builder_prompts()
    said = [prompt for prompt, _ in prompts]

    def some(pattern: str) -> bool:
        return any(re.search(pattern, prompt) for prompt in said)

    assert some(r"^Buy .+ for \d+M \(you hold \d+M\), or auction it\?$")
    assert some(r"landed on your .+: ask for \d+M rent, or let it go\?$")
    assert some(r"^Free Parking: give the Bank two of your resources for one of another kind\?$")
    assert some(r"^Get which resource from the Bank\?$") or some(r"^Bank trade: the Bank took \d+ \w+")
    assert some(r"^Give up which resource, onto .+\? \d+ to give up\.$")
    assert some(r"^Build a floor on which foundation of the island\?$")
    assert some(r"^Steal a resource from whom\?$")
    mortgages = [labels for prompt, labels in prompts if prompt.startswith(("Mortgage which deed?", "You owe"))]
    assert mortgages and all(re.fullmatch(r".+: mortgage for \d+M \(rent \d+M\)", label)
                             for labels in mortgages for _, label in labels)
    buys = [labels for prompt, labels in prompts if prompt.startswith("Buy ")]
    assert any(dict(labels).get("buy", "").startswith("Buy for ") for labels in buys)


# ----- issue 47, 9: a dice game's prompt uses none of another game's nouns --------------------

DICE_RACE = Path(__file__).parent / "data" / "dice-race.yaml"
BUNDLED_NOUNS = ("budget", "build", "Build", "zone for", "Fortune", "hotel", "deed", "resource", "M)", "$")


def test_a_dice_game_zone_question_speaks_no_other_games_nouns(write):
    """Issue 47, 9: "A dice game's prompt read ': choose a zone for 4', with options 'Build in
    Column 4': the first die treated as a building budget." A dice race (no budget, no build)
    asks for a column after its roll: the prompt and options come from the question."""
    text = DICE_RACE.read_text(encoding="utf-8").replace(
        '      choose word G from "roll again", "stop", every answer\n',
        '      choose zone Q\n      choose word G from "roll again", "stop", every answer\n')
    path = write(text)
    session = Session.start(load_variant(path), str(path), [None, "random"], 2)
    for _ in range(400):
        if session.game.decision == "choose" and session.deciding == 0 and session.view().actions[0].what == "zone":
            break
        session.apply(session.game.legal_actions()[0])
    view = session.view()
    assert view.actions[0].what == "zone" and view.dice
    prompt = decision_prompt(view)
    labels = [action_label(view, action, i).plain for i, action in enumerate(view.actions)]
    assert prompt == "Choose a zone"
    for words in (prompt, *labels):
        assert not any(noun in words for noun in BUNDLED_NOUNS), words


# ----- issue 47, 3: a player can name a kind of card (a guess) ---------------------------------

GUESSING = EXTENDS + """hooks:
  start_of_turn: |
    choose kind K of deck where K is not "windfall", asking "{me}, name the top card of the Fortune deck"
    choose word W from "say it" as "Say {K}", "keep quiet", asking "Say {K} aloud?"
    if kind of top card of deck is K:
      say "{me} named the top card: {K}"
    else:
      say "{me} named {K}, and missed"
"""


def test_a_guess_names_a_kind_of_card_of_a_pile_and_compares_with_a_card(write):
    """Issue 47, 3: "A player cannot name a kind of card (a guess). It was done with 7 fixed
    words, each mapped to a value by hand." `choose kind K of deck` offers one of each card
    the deck starts with (Windfall left out by its `where`); `kind of C is K` compares."""
    from engine.game.snapshot import restore_state

    variant = load_variant(write(GUESSING))
    game = new_state(variant, 3, seed=1)
    question = _first(game)
    kinds = [card.id for card in variant.cards if card.starts_in == "deck" and card.id != "windfall"]
    assert [option.arg for option in question.options] == kinds
    assert {option.what for option in question.options} == {"kind"}
    assert question.prompt == f"{game.texts.player(question.player)}, name the top card of the Fortune deck"
    deck = game.piles[game.layout.slot("deck")]
    top = game.texts.card_name(deck[-1]) if deck else None
    guess = next((option for option in question.options if game.texts.cards[option.arg] == top), question.options[0])
    events = game.apply(guess)
    name = game.texts.cards[guess.arg]
    assert any(e.describe().endswith(f"chooses {name}") for e in events if e.kind == "choose")
    menu = game.question
    assert menu.prompt == f"Say {name} aloud?" and dict(menu.labels)["say it"] == f"Say {name}"
    again = restore_state(variant, game.to_dict())  # the kind chosen is kept in a saved game
    assert again.question.prompt == menu.prompt
    events = game.apply(menu.options[0])
    said = [e.describe() for e in events if e.kind == "say"]
    assert said and said[0].endswith(f"named the top card: {name}" if name == top else "and missed")


def test_a_guess_of_another_kind_of_thing_is_refused_where_it_stands(write):
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    choose kind K of dek\n')
    assert_at(only(path), "v.yaml", 4, 5, "there is no pile 'dek'")
    path = write(EXTENDS + 'hooks:\n  start_of_turn: |\n    choose kind K of deck\n    if K is 3:\n      stop\n')
    assert_at(only(path), "v.yaml", 5, 8, "'is' compares things of one kind", "a kind of card")


def test_the_builder_screen_asks_buy_or_auction_with_the_price_and_labels_the_buy():
    """Issue 46, 5: '"Buy or auction? (Blossom Court)" has no price.' The screen's prompt is
    the variant's, with the deed, its price and the person's cash; the option says the price."""
    from tui_helpers import headless

    def buying(session) -> bool:
        return session.deciding == 0 and ((session.view().asking or {}).get("prompt") or "").startswith("Buy ")

    session = headless((None, "random", "random"), 7, stop=buying, limit=600, name="monopoly-builder")
    assert buying(session)
    view = session.view()
    prompt = decision_prompt(view)
    # (a card that moved the token there is named first)
    assert re.fullmatch(r"(.+: )?Buy .+ for \d+M \(you hold \d+M\), or auction it\?", prompt), prompt
    labels = [action_label(view, action, i).plain for i, action in enumerate(view.actions)]
    assert any(re.search(r"Buy for \d+M$", label) for label in labels) or not any(a.arg == "buy" for a in view.actions)


def test_advance_to_boardwalks_wild_roll_keeps_its_words_from_its_own_file():
    """Issue 47, 9: the dice and zone words come from the variant, not the screen: Advance to
    Boardwalk's Wild asks in its file's words ('Wild: choose a zone for $6M', 'Build in
    Yellow'), where the screen once made them up for every game."""
    from tui_helpers import headless

    def wild(session) -> bool:
        return session.deciding == 0 and session.game.decision == "choose" and session.view().face == "wild"

    session = headless((None, "random"), 1, stop=wild, limit=2000)
    assert wild(session)
    view = session.view()
    assert re.fullmatch(r"Wild: choose a zone for \$\d+M", decision_prompt(view))
    labels = [action_label(view, action, i).plain for i, action in enumerate(view.actions)]
    assert all(re.search(r"Build in \w+", label) for label in labels), labels


ROLL_AND_PICK = EXTENDS + """turn: |
  roll number into N and colour into C
  choose zone Z
  say "{me} rolled {N} and picks {Z}"
"""


def test_a_zone_question_after_a_roll_does_not_take_the_dice_for_a_budget(write):
    """Issue 47, 9: ': choose a zone for 4' -- the screen took the dice for money to build
    with. A turn that only rolls and picks a zone (no budget, no build) is asked for a zone,
    with nothing said of money or building."""
    path = write(ROLL_AND_PICK)
    session = Session.start(load_variant(path), str(path), [None, "random"], 3)
    for _ in range(200):
        if session.game.decision == "choose" and session.deciding == 0:
            break
        session.apply(session.game.legal_actions()[0])
    view = session.view()
    assert view.dice and view.actions[0].what == "zone"
    prompt = decision_prompt(view)
    labels = [action_label(view, action, i).plain for i, action in enumerate(view.actions)]
    assert prompt == "Choose a zone"
    assert not any(word in text for text in (prompt, *labels) for word in ("$", "for ", "Build"))


def test_a_number_question_and_a_guess_show_the_authors_words(write):
    """Issue 47, 3: every kind of `choose` may carry the author's prompt; a number question
    shows it with the range it allows, and a guess without one is 'a kind of card'."""
    path = write(EXTENDS + """hooks:
  start_of_turn: |
    choose number N from 1 to 3, asking "How many Fortune cards does {me} draw?"
    draw N
    choose kind K of deck
    say "{K}"
""")
    session = Session.start(load_variant(path), str(path), [None, "random"], 1)
    while not (session.game.decision == "choose" and session.deciding == 0):
        session.apply(session.game.legal_actions()[0])
    view = session.view()
    assert decision_prompt(view) == f"How many Fortune cards does {view.seats[0].name} draw?"  # its numbers are its options
    session.apply(view.actions[0])
    while not (session.game.decision == "choose" and session.deciding == 0):
        session.apply(session.game.legal_actions()[0])
    assert decision_prompt(session.view()) == "Choose a kind of card"


def test_a_word_chosen_is_told_by_its_label(write):
    """Can't Stop of tests/data (issue 47's proof): its pairings are words labelled by their
    sums ('"ab" as "{A + B} and {C + D}"'), and the log told 'Red chooses ab', the word the
    author wrote for the program, where the player had read '7 and 8'. A word without a
    label is told as itself ('Red chooses leave')."""
    variant = load_variant(write(SAYING))
    game = new_state(variant, 3, seed=1)
    question = _first(game)
    space = game.texts.properties[question.options[0].arg]
    game.apply(question.options[0])
    me = game.texts.player(game.current_player)
    take = next(a for a in game.legal_actions() if a.arg == "take")
    taken = [e.describe() for e in game.copy().apply(take) if e.kind == "choose"]
    assert taken == [f"{me} chooses Take {space} for ${variant.properties[question.options[0].arg].value}M"]
    left = [e.describe() for e in game.apply(next(a for a in game.legal_actions() if a.arg == "leave")) if e.kind == "choose"]
    assert left == [f"{me} chooses leave"]
