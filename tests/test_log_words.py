"""The words of the log, the help and the story say what happened, and who did it (issue 46,
items 9 and 10; issue 47, item 10): a choice nobody was asked is not said to be chosen, a
player who plays again is said to, the help's numbers and timings come from what the cards
do, and a move made by a program is told as the player's whose card it is."""

from __future__ import annotations

from engine import load_variant
from engine.game.game_state import new_state
from tui.helptext import help_markdown

BASE = "winning-moves-2016"


def _first_turn_events(variant, players: int = 3, seed: int = 2) -> list:
    game = new_state(variant, players, seed=seed)
    events = []
    number = game.turn_number
    while game.turn_number == number and not game.is_over:
        events += game.apply(game.legal_actions()[0])
    return events


def test_issue_46_9_a_choice_the_game_made_alone_is_not_said_to_be_chosen(write):
    """"The log says 'Red chooses crane' for choices the game made alone": one option, nobody
    asked, the line says it was the only choice."""
    text = f'extends: {BASE}\nhooks:\n  start_of_turn: |\n    choose word W from "crane", "boat" if 1 = 2\n'
    variant = load_variant(write(text))
    chosen = [e for e in _first_turn_events(variant) if e.kind == "choose" and e.data["value"] == "crane"]
    assert chosen, "the hook's choice is told"
    player = new_state(variant, 3, seed=2).texts.player(chosen[0].data["player"])
    assert chosen[0].describe() == f"The only choice for {player}: crane"


def test_issue_46_9_a_player_named_to_play_next_in_their_own_turn_plays_again(write):
    """'"doubles" never appears, the log says only "Red plays next"': `next turn me` is told
    as playing again."""
    text = f"extends: {BASE}\nhooks:\n  end_of_turn: |\n    next turn me\n"
    events = _first_turn_events(load_variant(write(text)))
    told = [e.describe() for e in events if e.kind == "next_turn"]
    assert told and told[0].endswith(" plays again")


def test_issue_46_9_builder_says_doubles_before_the_player_plays_again():
    """Monopoly Builder's words for why: 'Doubles: another turn', then 'Red plays again'."""
    source = load_variant("monopoly-builder").programs["turn"].source
    at = source.index("next turn me")
    assert source[:at].rstrip().endswith('say "Doubles: another turn"')


def test_issue_46_9_the_help_says_a_rule_number_with_its_noun_agreeing():
    """Help said 'a player may propose 1 offer(s)'."""
    said = help_markdown(load_variant("monopoly-builder"), 3)
    assert "(s)" not in said and "propose 1 offer," in said


def test_issue_46_9_a_card_its_effect_keeps_is_not_said_to_be_played_when_drawn():
    """Get Out of Jail Free: '*played as soon as it is drawn*. Keep this card until you need
    it': the help says where the card is kept, from the effect that keeps it."""
    said = help_markdown(load_variant("monopoly-builder"), 3)
    line = next(line for line in said.splitlines() if "Get Out of Jail Free" in line)
    assert "played as soon as it is drawn" not in line and "*kept in your kept Chance cards until used*" in line


def test_issue_46_9_a_card_never_played_has_no_timing_in_the_help():
    """Every deed was 'kept in front of you, used when the game asks': a card with no effect,
    of a timing nothing offers, is never played, and the help gives it no timing."""
    said = help_markdown(load_variant("monopoly-builder"), 3)
    deeds = [line for line in said.splitlines() if "Title deed" in line]
    assert len(deeds) == 16 and not any("used when the game asks" in line for line in deeds)
    assert "- **Mud Flats** — Title deed" in said


def test_issue_46_9_spaces_of_no_value_are_named_not_priced_at_0():
    """'0M for each of the 16 island foundations'."""
    said = help_markdown(load_variant("monopoly-builder"), 3)
    island = next(line for line in said.splitlines() if line.startswith("| Monopoly Island"))
    assert "0M" not in island and "A1, A2" in island and "D4" in island
    assert "| 0M |" not in said and " 0M," not in said


def test_issue_46_9_a_zone_named_as_a_player_is_called_a_zone_in_the_help():
    """'The Red zone and the Red player share a name': the help's board and dice say 'Red
    zone', as the log does (zone_words)."""
    said = help_markdown(load_variant("monopoly-builder"), 3)
    assert "| Red zone | 220M, 240M |" in said and "| Red |" not in said


def test_issue_46_10_a_space_a_program_built_on_is_told_taken_in_that_turn(write):
    """'After some Chance cards: "Green takes A1 from the board", though nothing moved': the
    floors a turn's program built were settled only at the next card played. A turn's end
    settles them, so the take is told in the turn that built, before its end."""
    text = f"extends: {BASE}\nhooks:\n  end_of_turn: |\n    build 1 on space 5 of green\n"
    events = _first_turn_events(load_variant(write(text)))
    kinds = [e.kind for e in events]
    built = max(i for i, e in enumerate(events) if e.kind == "build")
    assert "take" in kinds[built:] and kinds.index("take", built) < kinds.index("turn_end", built)


def test_issue_46_10_a_space_of_no_value_is_held_not_taken_from_the_board():
    """'Green takes A1 from the board': an island foundation has no card to take."""
    from engine.api import Event, texts_for

    variant = load_variant("monopoly-builder")
    texts = texts_for(variant, 3)
    island = next(p.index for p in variant.properties if not p.value and p.name == "A1")
    said = Event("take", {"player": 0, "property": island, "from": None}, texts).describe()
    assert said == f"{texts.player(0)} now holds A1"


def test_issue_46_10_a_card_that_changed_a_counter_is_told_in_the_story_with_its_subject_and_change():
    """'turn 36 Green's Speeding Fine: has 1179M in cash' has no subject and a figure that
    isn't the fine: the story's line keeps the player's name and says the change."""
    from engine.api import Event, texts_for
    from tui.story import what_it_did

    variant = load_variant("monopoly-builder")
    texts = texts_for(variant, 3)
    green = texts.player(0)
    paid = Event("counter", {"player": 0, "counter": "cash", "value": 1179, "by": -15}, texts)
    assert paid.describe() == f"{green} has 1179M in cash (-15M)"
    assert what_it_did([paid], lambda e: e.describe(), green, "Speeding Fine") == f"{green} has 1179M in cash (-15M)"


def test_issue_46_10_a_counter_says_its_change_where_it_did_not_start_from_nothing():
    """'The first six's bonus shows as "Green has excavators: 6" with no reason': the line
    says the 2 taken, and Builder's gather says why first."""
    from engine.api import Event, texts_for

    variant = load_variant("monopoly-builder")
    texts = texts_for(variant, 3)
    took = Event("counter", {"player": 1, "counter": "excavator", "value": 6, "by": 2}, texts)
    assert took.describe() == f"{texts.player(1)} has 6 excavators (+2)"
    first = Event("counter", {"player": 1, "counter": "excavator", "value": 2, "by": 2}, texts)
    assert first.describe() == f"{texts.player(1)} has 2 excavators"
    gather = variant.routines["gather"].source
    assert gather.index('say "A roll of six') < gather.index("for each player X")


_HAND_HOOK = (
    f"extends: {BASE}\nhooks:\n  start_of_turn: |\n"
    "    for each opponent O:\n      {line}\n"
)


def test_issue_47_10_a_programs_move_is_told_as_the_player_whose_card_it_moves(write):
    """'"Green puts Property 27" for Blue's card': the turn's program puts each opponent's
    top card of their hand on the deck; each line names the opponent, not the turn's
    player."""
    variant = load_variant(write(_HAND_HOOK.replace("{line}", "put top card of hand of O on deck")))
    game = new_state(variant, 3, seed=2)
    puts = [e for e in game._events if e.kind == "put" and e.data["to"] == "deck"]
    turn = game.turn_player
    assert len(puts) == 2 and {e.data["player"] for e in puts} == set(range(3)) - {turn}
    for event in puts:
        assert event.describe().startswith(f"{game.texts.player(event.data['player'])} puts ")


def test_issue_47_10_a_card_shown_says_whose_it_is_and_names_it_only_to_whom_it_was_shown(write):
    """'"Red shows Red Priest" means Red was shown Blue's card': the turn's program shows the
    turn's player each opponent's top card; the line says Red looks at Blue's card, named to
    Red alone."""
    variant = load_variant(write(_HAND_HOOK.replace("{line}", "show top card of hand of O to me")))
    game = new_state(variant, 3, seed=2)
    turn = game.turn_player
    shown = [e for e in game._events if e.kind == "show"]
    assert len(shown) == 2
    me = game.texts.player(turn)
    opponents = [game.texts.player(p) for p in range(3) if p != turn]
    names = {card.id: card.name for card in variant.cards}
    for event, them in zip(shown, [game.texts.player(p) for p in game.players_from(turn)[1:]], strict=True):
        assert them in opponents
        assert event.describe(turn) == f"{me} looks at {them}'s {names[event.data['card']]}"
        for viewer in set(range(3)) - {turn}:
            assert event.describe(viewer) == f"{me} looks at {them}'s card"


# ----- a turn's end stops the game only when something happened to the person (issue 46, 11) ----


def test_issue_46_11_a_turn_that_ended_with_nothing_taken_is_no_notice():
    """'"Your turn is over." needs Enter after every turn, even where nothing happened to you'
    (issue 47, 9): a Monopoly Builder game of a person against two bots, the person taking the
    first option, never stops on a bare 'Your turn is over.'."""
    from tui.session import Session
    from tui_helpers import variant as bundled

    session = Session.start(bundled("monopoly-builder"), "monopoly-builder", [None, "random", "random"], 3)
    headlines = []
    for _ in range(400):
        if session.game.is_over:
            break
        answer = session.automatic_answer()
        if answer is None:
            while (notice := session.take_notice()) is not None:
                headlines.append(notice[0])
            if session.is_bot(session.deciding):
                bot, observation = session.bot_observation()
                answer = bot.choose(observation)
            else:
                shown = session.view().actions
                answer = shown[0] if shown else session.game.legal_actions()[0]
        session.apply(answer)
    assert "Your turn is over." not in headlines


def test_issue_46_11_a_card_of_the_persons_put_on_another_players_pile_is_told():
    """'Forced Trade swapped the person's deed, and the screen said only "Your turn is over."':
    a card from a pile of the person's put on another player's is a loss, and the notice says
    what became of it."""
    from collections import Counter

    from engine.api import Event, texts_for
    from tui.notices import Notice, loss

    variant = load_variant("monopoly-builder")
    swapped = Event("put", {"player": 0, "card": "deed_brown_1", "owner": None, "from": "deeds", "from_owner": 0,
                            "to": "deeds", "to_owner": 1}, texts_for(variant, 3))
    assert loss(swapped, 0, variant) == "given" and loss(swapped, 1, variant) is None
    headline = Notice(0, turn_over=True, costs=Counter(given=1)).headline("your", ["Green", "Red", "Purple"], variant)
    assert headline == "Your turn is over: one of your cards gone to another player."
    assert not Notice(0, turn_over=True)  # the end alone is no notice


def test_issue_46_9_going_to_jail_is_told_as_jail_not_only_as_the_spaces_two_names():
    """'Purple goes straight to Jail / Just Visiting': the space has both names; Builder's
    go_to_jail says first that it is jail (rulebook: "you will immediately move your token to
    the Jail space. You will not receive money for passing GO")."""
    from test_rules_builder import dice, position, told

    game = position(at={"red": "yellow_set_1"}, resources={"red": {"truck": 4, "crane": 2}}, script=dice((1, 2)))
    said = told(game._events)
    went = next(i for i, line in enumerate(said) if "goes straight to" in line)
    assert said[went - 1] == "Go to jail: straight there, not passing GO"


def test_a_counter_of_things_held_reads_as_a_count_of_them_with_one_in_the_singular():
    """Builder's resources were told "Red has dump trucks: 5 (-1)"; they read as things held,
    a noun of two words made singular at 1 as one word is ("has 1 dump truck")."""
    from engine.api import Event, counter_words, texts_for

    texts = texts_for(load_variant("monopoly-builder"), 3)
    paid = Event("counter", {"player": 0, "counter": "truck", "value": 5, "by": -1}, texts)
    assert paid.describe() == f"{texts.player(0)} has 5 dump trucks (-1)"
    assert counter_words("has {} dump trucks", "1") == "has 1 dump truck"
    assert counter_words("has {} flips left", "1") == "has 1 flip left"
    assert counter_words("has {} cards in hand", "1") == "has 1 card in hand"
