"""A bot judges the answers to an offer at the same points (issue 44, section 3, item 1: "Bots
give everything away for 1M").

"Players can make any deal that they want ... The trade is finalized when both players agree
to it" (shared/rules/monopoly-builder-2021.txt, Trading), and a bot agrees only to what leaves
it better off: a person must not be able to farm it. In Monopoly Builder, on a turn with
doubles, a bot refused 1M for one excavator and gave 6 excavators and 4 boats for 1M: declining
was judged in the middle of the turn, with the resources still to build with; accepting left
nothing to build, so its look-ahead ran into the extra turn and counted the 200M salary. The
answers are now judged at points the same for both: right after the answer, and where the
turn ends, before the next one begins (engine/bots/greedy.py, answer_gain; Game.last_turn).

So the bots' answers climb a ladder of offers: a bot that declines 1M for one resource declines
1M for two, three, ... all its resources, for a card of its (a deed), for all its cards, for
its money and for everything it has, unless, with more, the proposer ends the game in the turn
and the bot wins it. Offers are put together on a copy of a real position: an
offer box opened where the game lets a player open one (dealing.boxes), 1M given and proposed,
and what is asked then set as the test needs (`offer`), which is what putting it together step
by step would make, only without the box's limit on steps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import load_variant, new_game
from engine.bots import make_bot
from engine.bots.dealing import boxes
from engine.bots.evaluate import evaluator_for
from engine.bots.greedy import Scratch, in_window, makes_offers
from engine.game.game import Game
from engine.game.invariants import broken_invariants
from engine.game.observation import decide
from engine.resources import bundled_variant_names
from engine.variant.model import Variant
from engine.words.trades import TradeOfferFrame, cards_of, held

# slow (docs/architecture.md, "Test lanes"): whole games of bots making and answering offers
pytestmark = pytest.mark.slow

BOTS = ("greedy", "strong")

GEMS = """extends: monopoly-chance
name: Gem traders
counters:
  cash: {each: player, reset: never, money: true}
  gems: {each: player, reset: never}
  again: {each: player, reset: never}
scores:
  treasure: {most: gems of X + (count card C in shown of X), name: treasure}
  wealth: {most: cash of X, name: cash}
ranking: [treasure, wealth]
ends:
  rich: " is rich"
piles:
  shown: {name: cards on show, each: player, seen_by: everyone}
setup: |
  for each player P:
    set cash of P to 100
    set gems of P to 4
    put top card of chance_deck on shown of P
turn: |
  add 200 to cash of me
  take turns P among opponents until all pass, at most 12:
    choose word D from "pass", "make an offer" by P, every answer
    if D is "pass":
      pass
    else:
      choose player O where O is not P by P
      offer trade of cash, gems, shown to O by P
  if gems of me > 0:
    choose word W from "polish a gem", "rest", every answer
    if W is "polish a gem":
      add -1 to gems of me
      add 5 to cash of me
  if cash of me >= 2000:
    end game rich for me
hooks:
  end_of_turn: |
    if again of me = 0:
      set again of me to 1
      next turn me
    else:
      set again of me to 0
"""
"""A game written for the test, of no bundled game's shape: each turn pays 200 and opens a round
of deals among the other players (money, gems, and the cards each player has on show), after
which the player may polish a gem; every player takes two turns in a row. The gems and the
cards on show are the first score, money the second."""


def offering_variants() -> list[str]:
    """The bundled variants whose programs put offers between players together."""
    return [name for name in bundled_variant_names() if makes_offers(load_variant(name))]


def money_of(variant: Variant) -> str:
    return next(counter.id for counter in variant.counters if counter.money)


def proposed(box: Game, money: str) -> Game | None:
    """A copy of `box` (an offer box open, its proposer putting it together) with 1 of `money`
    given and proposed, the partner's answer pending; None when the proposer has none."""
    game = box.copy()
    step = next((a for a in game.legal_actions() if a.arg == f"give {money} 1"), None)
    if step is None:
        return None
    game.apply(step)
    game.apply(next(a for a in game.legal_actions() if a.arg == "propose"))
    assert game.decision == "reply"
    return game


def offer(reply: Game, ask: dict[str, int], cards: list[str]) -> Game:
    """A copy of `reply` (an offer awaiting its answer) asking for `ask` and `cards` instead."""
    game = reply.copy()
    frame = game.frames[-1]
    assert type(frame) is TradeOfferFrame and frame.stage == "reply"
    frame.ask, frame.ask_cards = dict(ask), list(cards)
    return game


def ladder(reply: Game, money: str) -> list[tuple[str, dict[str, int], list[str]]]:
    """The offers asked of the partner of `reply`, each for the 1M given, smallest first: one of
    the counter they hold most of (a resource), two, ... all of it; every counter but money;
    one card of theirs (a deed), all their cards (those worth more than the 1M to them: `worth`);
    half and all of their money; everything. Empty when they hold no counter but money."""
    frame = reply.frames[-1]
    assert type(frame) is TradeOfferFrame
    partner = frame.partner
    counted = {good: held(reply, good, partner) for good in frame.goods if good in reply.player_counters}
    every = [f"{good}#{code}" for good in frame.goods if good not in reply.player_counters
             for code in cards_of(reply, good, partner)]
    cards = [card for card in every if worth(reply, card) > 0]
    things = {good: count for good, count in counted.items() if good != money and count > 0}
    if not things:
        return []
    most = max(things, key=things.__getitem__)
    rungs = [(f"{count} {most}", {most: count}, []) for count in range(1, things[most] + 1)]
    rungs.append(("every counter but money", things, []))
    if cards:
        rungs += [("a card", {}, cards[:1]), ("every card", {}, cards)]
    cash = counted.get(money, 0)
    if cash >= 4:
        rungs += [("half their money", {money: cash // 2}, []), ("all their money", {money: cash}, [])]
    rungs.append(("everything", {good: count for good, count in counted.items() if count > 0}, every))
    return rungs


def worth(reply: Game, card: str) -> float:
    """What giving `card` for the 1M of `reply` costs its partner, as their own score (the
    variant's evaluation) stands at once: a deed its value less the 1M. Monopoly Builder's
    evaluation counts a Get Out of Jail Free card as nothing, so that 1M for one is a gain,
    taken by a bot that declines 1M for a resource."""
    partner = reply.current_player
    assert partner is not None
    evaluator = evaluator_for(reply.variant)
    taken = offer(reply, {}, [card])
    before = evaluator.scores(taken)[partner]
    taken.apply(next(a for a in taken.legal_actions() if a.arg == "accept"))
    return before - evaluator.scores(taken)[partner]


def climb(reply: Game, spec: str, seed: int, money: str) -> list[tuple[str, str]]:
    """Each rung of the ladder at `reply` with the answer the bot `spec` gives it (a bot made
    afresh for each, with `seed`: the same deals for every rung), up to the first rung if
    that is taken."""
    variant = reply.variant
    partner = reply.current_player
    assert partner is not None
    answered = []
    for name, ask, cards in ladder(reply, money):
        game = offer(reply, ask, cards)
        bot = make_bot(spec, variant, seed=seed)
        answered.append((name, decide(bot.choose, game, partner)["arg"]))
        assert broken_invariants(game) == []
        if answered[0][1] == "accept":
            break  # 1M for one taken: nothing above it is ruled out
    return answered


def monotone(reply: Game, answered: list[tuple[str, str]], money: str) -> bool:
    """Whether the ladder climbed at `reply` is monotone: declining its first rung, every rung is
    declined, but one whose offer taken lets the game end in the turn with the bot winning
    (its proposer builds the penthouse with the goods, and the bot has the most points):
    giving more then gains more (`won_with`)."""
    if not answered or answered[0][1] == "accept":
        return True
    rungs = {name: (ask, cards) for name, ask, cards in ladder(reply, money)}
    return all(answer == "decline" or won_with(offer(reply, *rungs[name])) for name, answer in answered)


def won_with(reply: Game) -> bool:
    """Whether, the offer of `reply` taken, the game ends in the turn with its partner winning,
    every choice after it made by a greedy bot."""
    partner = reply.current_player
    game = reply.copy()
    game.apply(next(a for a in game.legal_actions() if a.arg == "accept"))
    bots = [make_bot("greedy", game.variant, seed=player) for player in range(game.n)]
    turn = game.turn_number
    while not game.is_over and game.turn_number == turn:
        player = game.current_player
        assert player is not None
        game.apply(decide(bots[player].choose, game, player))
    result = game.result()
    return result is not None and partner in result.winners


# ----- where a turn ends ----------------------------------------------------------------------------


def test_a_look_ahead_stops_where_its_turn_ends_before_the_next_one_begins(write):
    """Game.last_turn: a copy told to stop after its turn stands, once the turn's last choice is
    made, with no decision pending and the game not over, before the next turn (the same
    player's, here) pays its 200; copies of it stop there too. The game itself goes on."""
    game = new_game(load_variant(write(GEMS)), 3, seed=1)
    player, turn = game.turn_player, game.turn_number
    trial = game.copy()
    trial.last_turn = turn
    assert trial.copy().last_turn == turn and game.last_turn == -1
    for played in (trial, game):
        while played.turn_number == turn and played.asked is not None:
            played.apply(played.legal_actions()[0])  # pass in the round of deals, then polish a gem
    assert trial.asked is None and not trial.is_over and trial.turn_number == turn
    assert game.turn_number == turn + 1 and game.turn_player == player and game.asked is not None
    assert game.player_counters["cash"][player] == trial.player_counters["cash"][player] + 200
    assert trial.legal_actions() == []


# ----- the ladder, in every game with offers -----------------------------------------------------


def rounds_of_deals(variant: Variant, players: int, seed: int, specs: list[str]) -> Iterator[tuple[Game, int]]:
    """A seeded game played by the bots `specs`, seat by seat, yielding each decision asked in
    an open window (a round of deals, where a player may open an offer box; an auction) as a
    copy, with the turn's number; the game is played on after."""
    game = new_game(variant, players, seed=seed)
    bots = [make_bot(specs[p % len(specs)], variant, seed=seed + p) for p in range(players)]
    while not game.is_over:
        player = game.current_player
        assert player is not None
        if in_window(game) and game.decision == "choose":
            yield game.copy(), game.turn_number
        game.apply(decide(bots[player].choose, game, player))


def offers_at(position: Game, partners: set[int]) -> list[Game]:
    """The offers of 1M the player deciding at `position` may make to any of `partners`,
    proposed, each awaiting its answer."""
    player = position.current_player
    assert player is not None
    money = money_of(position.variant)
    found = []
    for _, box in boxes(position, list(range(len(position.legal_actions()))), player, Scratch()):
        frame = box.frames[-1]
        assert type(frame) is TradeOfferFrame
        if frame.partner in partners:
            reply = proposed(box, money)
            if reply is not None:
                found.append(reply)
    return found


def continuing_turns(variant: Variant, seed: int, specs: tuple[str, ...]) -> list[Game]:
    """Offers of 1M to the player whose turn it is, in the turns of a seeded three-player game
    that the same player's next turn follows (doubles, in Monopoly Builder), each awaiting its
    answer: where the answers' look-aheads parted, one running on into that next turn. Those
    of the first player in the turn who may make one: the others' find the partner holding
    the same."""
    kept: list[Game] = []
    positions: list[Game] = []  # the turn's under way
    turn_now = player_now = -1
    for position, turn in rounds_of_deals(variant, 3, seed, list(specs)):
        if turn != turn_now:
            if turn == turn_now + 1 and position.turn_player == player_now:
                kept += next((found for earlier in positions if (found := offers_at(earlier, {player_now}))), [])
            positions, turn_now, player_now = [], turn, position.turn_player
        if position.current_player != position.turn_player:
            positions.append(position)
    return kept


GAMES = [("monopoly-builder", 1), ("house-builder-automatic-rent", 3), ("house-builder-deals-once", 1), ("gem traders", 1)]
"""The games the ladder is climbed in, each with the seed of its game: every bundled game whose
programs make offers (`test_the_ladder_is_climbed_in_every_bundled_game_with_offers`), and
one written for the test."""


@pytest.mark.parametrize("name, seed", GAMES)
def test_a_bot_that_declines_1m_for_one_resource_declines_1m_for_more(name, seed, write):
    """Where the player whose turn it is will have the next turn too, each bot, offered 1M for
    one of what it holds most of, then two, ... all of it, its cards, its money, everything,
    never takes a larger offer having declined the smallest. The positions come from a game
    of random bots, which make offers of their own (a player who has made theirs is not asked
    again in Monopoly Builder's round of deals, and the answer's look-ahead went on past it)."""
    variant = load_variant(write(GEMS)) if name == "gem traders" else load_variant(name)
    money = money_of(variant)
    replies = continuing_turns(variant, seed, ("random",))
    assert replies, name
    for spec, every in (("greedy", 1), ("strong", 3)):
        climbed = 0
        for reply in replies[::every]:
            answered = climb(reply, spec, seed, money)
            assert monotone(reply, answered, money), (spec, reply.turn_number, answered)
            climbed += bool(answered)
        assert climbed, spec


def test_the_ladder_is_climbed_in_every_bundled_game_with_offers():
    """Advance to Boardwalk and Monopoly Chance make no offers; of Monopoly Builder's house
    rules, one turns the round of deals off: its program names offers, and no game of it opens
    one (random bots, who would make one wherever they may, play one for 2,000 decisions)."""
    climbed = {name for name, _ in GAMES}
    for name in offering_variants():
        if name not in climbed:
            game = new_game(load_variant(name), 3, seed=1)
            bots = [make_bot("random", game.variant, seed=p) for p in range(3)]
            for _ in range(2_000):
                if game.is_over:
                    break
                assert not any(type(frame) is TradeOfferFrame for frame in game.frames), name
                player = game.current_player
                assert player is not None
                game.apply(decide(bots[player].choose, game, player))
    assert climbed - {"gem traders"} <= set(offering_variants())


# ----- a whole game's rounds of deals ------------------------------------------------------------


SCAN_SEATS = ("greedy", "random", "random")
"""The bots of the games scanned: random bots make offers of their own, and greedy answers
theirs, so the rounds of deals reach the positions a person's offers would."""
SCAN_EVERY = 25
"""Of the decisions asked in an open window (a round of deals, an auction), those scanned: one
in so many, to keep the test to seconds."""


@pytest.mark.parametrize("seed", [1, 6])
def test_at_a_whole_games_rounds_of_deals_no_bot_takes_1m_for_more_having_declined_it_for_less(seed):
    """A seeded game of Monopoly Builder, and at its decisions in a round of deals (one in
    SCAN_EVERY), the offers of 1M the player deciding may make to each other player, climbed as
    the ladder above by each bot (as if that player were the bot): never a larger offer taken
    once the smallest was declined."""
    variant = load_variant("monopoly-builder")
    money = money_of(variant)
    climbed = 0
    for index, (position, _) in enumerate(rounds_of_deals(variant, 3, seed, list(SCAN_SEATS))):
        if index % SCAN_EVERY:
            continue
        for reply in offers_at(position, set(range(3)) - {position.current_player}):
            for spec in BOTS:
                answered = climb(reply, spec, seed, money)
                assert monotone(reply, answered, money), (spec, reply.turn_number, reply.current_player, answered)
                climbed += bool(answered)
    assert climbed >= 20
