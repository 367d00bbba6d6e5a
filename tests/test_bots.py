"""Bots: they decide from the observation alone, answer with a legal option, replay exactly
with the same seed, and explain a bad spec. Search budgets are tiny to keep this quick."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import load_variant
from engine.bots import BotSpecError, bot_names, make_bot
from engine.bots.evaluate import Evaluator
from engine.core.number_options import NumberOptions
from engine.game.game_state import new_state
from engine.resources import variants_dir
from engine.simulate.play import play_game
from test_describe_every_event import EVERY_PILE

VARIANTS_DIR = variants_dir()

SPECS = ["random", "greedy", "strong:iterations=12"]


@pytest.fixture(scope="module")
def variant():
    return load_variant("winning-moves-2016")


def _positions(variant, players: int, count: int, seed: int = 0):
    """Games stopped at decisions with a real choice, reached by random play."""
    rnd = random.Random(seed)
    found = []
    game_seed = seed
    while len(found) < count:
        game = new_state(variant, players, seed=game_seed)
        game_seed += 1
        for _ in range(rnd.randrange(5, 120)):
            if game.is_over:
                break
            game.apply(rnd.choice(game.legal_actions()))
        if not game.is_over and len(game.legal_actions()) > 1:
            found.append(game)
    return found


def _hide_differently(game):
    """A copy differing only in hidden cards: one card of another player's hand swapped with a
    different card of the draw pile. None when no such swap exists."""
    me = game.current_player
    other = game.copy()
    for player in range(other.n):
        if player == me:
            continue
        for i, card in enumerate(other.hand(player)):
            for j, hidden in enumerate(other.pile_of("deck")):
                if hidden != card:
                    other.hand(player)[i], other.pile_of("deck")[j] = hidden, card
                    return other
    return None


def test_every_bot_is_registered():
    assert {"random", "greedy", "strong"} <= set(bot_names())


def test_a_random_bot_does_not_import_the_search_bots():
    """Each of simulate's workers is a process of its own: a run of random bots should not
    pay for importing the search bots (about 110 M instructions a process). A name not yet
    known still finds them."""
    code = (
        "import sys\n"
        "from engine import load_variant\n"
        "from engine.bots import make_bot\n"
        "make_bot('random', load_variant('winning-moves-2016'))\n"
        "assert 'engine.bots.greedy' not in sys.modules and 'engine.bots.strong' not in sys.modules\n"
        "make_bot('greedy', load_variant('winning-moves-2016'))\n"
        "assert 'engine.bots.strong' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("spec", SPECS)
def test_bots_decide_from_the_observation_only(variant, spec):
    """Two games that differ only in cards the bot cannot see give the same decision."""
    checked = 0
    for game in _positions(variant, 3, 16, seed=11):
        twin = _hide_differently(game)
        if twin is None:
            continue
        me = game.current_player
        hands = [twin.hand(p) for p in range(twin.n)], [game.hand(p) for p in range(game.n)]
        assert hands[0] != hands[1] or twin.pile_of("deck") != game.pile_of("deck")
        assert twin.observation(me) == game.observation(me)
        first = make_bot(spec, variant, seed=5).choose(game.observation(me))
        second = make_bot(spec, variant, seed=5).choose(twin.observation(me))
        assert first == second
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_only_choose_legal_options_in_whole_games(variant, spec, players):
    game = new_state(variant, players, seed=players)
    bots = [make_bot(spec, variant, seed=seat) for seat in range(players)]
    while not game.is_over:
        player = game.current_player
        action = bots[player].choose(game.observation(player))
        assert action in [a.to_dict() for a in game.legal_actions()]
        game.apply(action)
    assert game.result() is not None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["house-card-sharks", "house-stormy-weather", "house-master-builders"])
def test_greedy_and_strong_play_every_house_variant(name):
    variant = load_variant(name)
    record = play_game(variant, ["greedy", "strong:iterations=4"], seed=3)
    assert record.winners


def _no_hand() -> str:
    """Monopoly Chance with its kept cards in a pile called `kept`: a whole game with no pile
    named `hand`, which is where the engine looks for cards a player may play."""
    source = (VARIANTS_DIR / "monopoly-chance.yaml").read_text(encoding="utf-8")
    return source.replace("hand of", "kept of").replace("  hand: {name: kept cards", "  kept: {name: kept cards")


def _no_track() -> str:
    """Advance to Boardwalk without its track and the hooks of its spaces: a board of units
    that ends only when a player runs out of them."""
    source = (VARIANTS_DIR / "winning-moves-2016.yaml").read_text(encoding="utf-8")
    source = source[: source.index("  # The boardwalk: a token")] + "\n" + source[source.index("rules:\n  starting_hand"):]
    source = source[: source.index("hooks:\n")] + source[source.index("deck:\n", source.index("hooks:\n")):]
    return source.replace("end_conditions: [no_units_at_turn_start, track_end]", "end_conditions: [no_units_at_turn_start]")


def _test_game(name: str):
    """A whole game in tests/data, written from the docs by an author new to the engine."""
    return lambda: (Path(__file__).parent / "data" / name).read_text(encoding="utf-8")


WRITTEN_FOR_THE_TEST = {
    "no pile called hand": _no_hand,
    "a board of units with no track": _no_track,
    "every kind of pile": lambda: EVERY_PILE,
    "a dice race on columns": _test_game("dice-race.yaml"),
    "a hand-card game": _test_game("hand-cards.yaml"),
    "a looping board with offers": _test_game("every-new-word.yaml"),
    "a board of columns of 3 to 13 steps": _test_game("column-board.yaml"),
}


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["greedy", "strong:iterations=1"])
@pytest.mark.parametrize("shape", sorted(WRITTEN_FOR_THE_TEST))
def test_every_bot_plays_a_whole_game_of_any_variant_that_passes_the_check(spec, shape, write):
    """Whatever piles and board a valid variant has, a bot judges it (with the fallback
    evaluation from its scores where it cannot judge the board) and never crashes."""
    variant = load_variant(write(WRITTEN_FOR_THE_TEST[shape]()))
    record = play_game(variant, [spec, "random"], seed=5)
    assert record.winners and record.reason


@pytest.mark.parametrize("spec", ["greedy", "strong:iterations=8"])
def test_same_seed_same_game(variant, spec):
    first = play_game(variant, [spec, "random"], seed=21)
    second = play_game(variant, [spec, "random"], seed=21)
    assert first == second


def test_strong_time_budget_ends_the_search(variant, monkeypatch):
    """With a time budget the search stops when the clock passes it. The clock is simulated
    (each reading 10 ms later than the last), so the test does not depend on the machine's
    speed: a 0.05 s budget allows about five deals."""
    import engine.bots.strong as strong

    readings = iter(range(1000))  # a search ignoring its deadline runs out of readings and fails
    monkeypatch.setattr(strong._time, "perf_counter", lambda: next(readings) * 0.01)
    game = _positions(variant, 2, 1, seed=4)[0]
    bot = make_bot("strong:time=0.05", variant, seed=1)
    observation = game.observation(game.current_player)
    assert bot.choose(observation) in observation["decision"]["options"]
    assert next(readings) <= 12, "the search stopped at its deadline"


def test_strong_stops_early_only_when_the_whole_budget_would_choose_the_same(variant):
    """With `stop`, a search ends once the most visited option cannot be overtaken in the
    deals left: the same bot with the same seed, searching every deal, chooses the same, and
    some decisions are settled with deals to spare."""
    import engine.bots.strong as strong

    spared = 0
    for game in _positions(variant, 2, 12, seed=6):
        observation = game.observation(game.current_player)
        early = make_bot("strong:iterations=120", variant, seed=3)
        full = make_bot("strong:iterations=120,stop=0", variant, seed=3)
        assert early.choose(observation) == full.choose(observation)
        root = strong.Node(observation["player"])
        spared += make_bot("strong:iterations=120", variant, seed=3).search(observation, root).visits < 120
    assert spared > 0


def test_strong_keeps_the_chosen_subtree_for_its_next_unit(variant):
    """With `keep`, the next decision of the same turn starts from the subtree of the option
    chosen, when every option of it is already there for this bot."""
    bot = make_bot("strong:iterations=60", variant, seed=2)
    for game in _positions(variant, 2, 30, seed=9):
        if game.decision != "build":
            continue
        me = game.current_player
        observation = game.observation(me)
        action = bot.choose(observation)
        game.apply(action)
        if game.current_player == me and game.decision == "build":
            options = game.observation(me)["decision"]["options"]
            kept = bot._kept_root(game.observation(me), [(o["kind"], o["arg"]) for o in options])
            if kept is not None:
                assert kept.visits > 0
                return
    pytest.fail("no build went on to a next unit with its subtree kept")


@pytest.mark.parametrize(
    "spec, words",
    [
        ("nosuch", "unknown bot 'nosuch'"),
        ("greedy:depth=2", "bot 'greedy' has no setting 'depth' (settings: answers)"),
        ("greedy:answers=maybe", "answers='maybe' should be 'pass' or 'once'"),
        ("greedy:answers=" + "x" * 1000, "a bot spec is at most 300 characters long (this one has 1,015)"),
        ("strong:iterations=0", "iterations='0' should be at least 1"),
        ("strong:iterations=many", "iterations='many' should be a whole number"),
        ("strong:time=-1", "time='-1' should be at least"),
        ("strong:time=fast", "time='fast' should be a number"),
        ("strong:time=inf", "time='inf' should be a finite number"),
        ("strong:worth=nan", "worth='nan' should be a finite number"),
        ("strong:worth=1e999", "worth='1e999' should be a finite number"),
        ("strong:depth=3", "bot 'strong' has no setting 'depth'"),
        ("strong:iterations", "should look like name=value"),
    ],
)
def test_bad_specs_are_explained(variant, spec, words):
    with pytest.raises(BotSpecError, match=re.escape(words)):
        make_bot(spec, variant)


def test_strong_settings_parse(variant):
    bot = make_bot("strong:iterations=30,time=0.5,c=1.2,horizon=2,scale=5,prior=0", variant)
    assert (bot.iterations, bot.time, bot.c, bot.horizon, bot.scale, bot.prior) == (30, 0.5, 1.2, 2, 5.0, 0)
    assert bot.describe() == "strong:iterations=30,time=0.5"


def test_build_gain_matches_the_full_evaluation(variant):
    """The playouts' quick judgement of one unit equals the change in the evaluation."""
    evaluator = Evaluator(variant)
    for game in _positions(variant, 2, 20, seed=8):
        me = game.current_player
        for prop in range(len(game.stacks)):
            if game.supply[me] == 0:
                continue
            before = evaluator.scores(game)
            trial = game.copy()
            trial.own_stack(prop).append(me)
            trial.supply[me] -= 1
            after = evaluator.scores(trial)
            expected = (after[me] - after[1 - me]) - (before[me] - before[1 - me])
            assert evaluator.build_gain(game, me, prop) == pytest.approx(expected)


@pytest.mark.parametrize("name", ["winning-moves-2016", "house-master-builders", "parker-1985"])
def test_a_placement_judged_without_playing_it_scores_exactly_as_played(name):
    """Greedy judges a unit placed without playing it when the game would only ask for the
    next unit (Game.answer_asks_again): then the game after playing it asks the same
    build again, and the evaluation of it is the very same numbers."""
    variant = load_variant(name)
    evaluator = Evaluator(variant)
    judged = played = 0
    rnd = random.Random(2)
    for seed in range(12):
        game = new_state(variant, 3, seed=seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.decision == "build":
                me = game.current_player
                for action in actions:
                    if action.kind != "build":
                        continue
                    trial = game.copy()
                    trial.apply(action)
                    if not game.answer_asks_again(action):
                        played += 1
                        continue
                    judged += 1
                    assert (trial.decision, trial.current_player, len(trial.frames)) == ("build", me, len(game.frames))
                    assert evaluator.scores_after_placing(game, me, action.arg) == evaluator.scores(trial)
            game.apply(actions[rnd.randrange(len(actions))])
    assert judged > 50 and played > 50


def test_evaluation_knows_who_owns_and_how_safe(variant):
    evaluator = Evaluator(variant)
    prop = len(variant.properties) - 1  # the dearest lot
    owner, safe = evaluator.stack_worth(prop, [0, 0, 1], None)
    assert owner == 0
    owner, thin = evaluator.stack_worth(prop, [0, 1], None)
    assert owner == 0  # the lowest unit wins the tie
    assert safe > thin  # two units ahead are safer than a tie
    owner, _ = evaluator.stack_worth(prop, [0, 1, 1], None)
    assert owner == 1


@pytest.mark.parametrize("spec, words", [("strong:iterations=1000000000", "iterations='1000000000' should be at most 100000"),
                                         ("strong:time=99999", "time='99999' should be at most 600")])
def test_a_bot_budget_is_bounded_so_a_shared_save_cannot_make_a_bot_think_for_hours(variant, spec, words):
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec, variant)


def test_an_action_of_the_wrong_type_is_not_taken_for_another(variant):
    """true or 1.0 is not property 1: the public API matches an action's argument exactly."""
    from engine import IllegalAction

    game = new_state(variant, 2, seed=4)
    while game.decision != "build":
        game.apply(game.legal_actions()[-1])
    arg = game.legal_actions()[0].arg
    for odd in (float(arg), str(arg)):
        with pytest.raises(IllegalAction, match="is not a legal action now"):
            game.apply({"kind": "build", "arg": odd})


def test_greedy_judges_monopoly_chance_by_its_own_scores():
    """issue 12: greedy's evaluation is derived from the variant's scores where the board holds
    cards: a held property is worth its value, a skyline its length ten times over."""
    from engine.bots.evaluate import ScoreEvaluator, evaluator_for

    variant = load_variant("monopoly-chance")
    evaluator = evaluator_for(variant)
    assert isinstance(evaluator, ScoreEvaluator)
    game = new_state(variant, 2, seed=3)
    before = evaluator.scores(game)
    slot = game.layout.base["skyline"] + 1
    game.piles[slot].append(game.book.card_code("building_8"))
    assert evaluator.scores(game)[1] - before[1] == pytest.approx(10 * 8 - 1)  # skyline up 8, one more building


def test_the_takeover_model_judges_only_a_game_of_that_shape_and_the_declared_scores_any_other():
    """issue 27, 4: "the bots' evaluation starts from the variant's declared scores and
    ranking, whatever the board holds". The takeover model's odds are those of a zone die and
    its number dice, under most-units ownership; a board of units without them is judged by
    its scores."""
    from dataclasses import replace

    from engine.bots.evaluate import ScoreEvaluator, evaluator_for, takeovers

    variant = load_variant("winning-moves-2016")
    assert takeovers(variant) and isinstance(evaluator_for(variant), Evaluator)
    no_zone_die = replace(variant, dice=tuple(d for d in variant.dice if d.numeric), content_hash="no zone die")
    assert not takeovers(no_zone_die) and isinstance(evaluator_for(no_zone_die), ScoreEvaluator)
    top_card = replace(variant, ownership=replace(variant.ownership, rule="top_card"), content_hash="top card")
    assert not takeovers(top_card) and isinstance(evaluator_for(top_card), ScoreEvaluator)


@pytest.mark.slow
def test_strong_judges_a_card_game_over_deals_the_same_way_for_the_same_seed():
    """In a game judged by its scores (Monopoly Chance) the strong bot carries each option
    through greedily in several deals and keeps the best mean: exact with `iterations`."""
    chance = load_variant("monopoly-chance")
    first = play_game(chance, ["strong:iterations=3", "greedy"], seed=5)
    second = play_game(chance, ["strong:iterations=3", "greedy"], seed=5)
    assert first == second and first.winners


@pytest.mark.slow
def test_strong_in_a_card_game_carries_a_bounded_number_of_options_through_by_default(monkeypatch):
    """Without a budget, the strong bot in a game judged by its scores judges every option at
    once, then carries the best `width` through in DEFAULT_DEALS deals: a decision with many
    options costs little more than one with few (400 deals of every option took up to 39 s a
    decision), and the same seed still makes the same choice."""
    from engine.bots import strong
    from engine.bots.greedy import property_twins

    dealt: list[int] = []
    carried: list[int] = []

    class Counting:  # the compiled kernel's Sampler takes no subclass written in Python
        def __init__(self, variant, observation, into=None):
            self.sampler = sampler(variant, observation, into)
            self.known, self.observed = self.sampler.known, self.sampler.observed

        def deal(self, seed, copy=None):
            dealt[-1] += 1
            return self.sampler.deal(seed, copy)

    def counting_judge(*args):
        carried[-1] += 1
        return judge(*args)

    sampler, judge = strong.Sampler, strong.judge_carried_through
    monkeypatch.setattr(strong, "Sampler", Counting)
    monkeypatch.setattr(strong, "judge_carried_through", counting_judge)
    chance = load_variant("monopoly-chance")
    game = new_state(chance, 2, seed=5)
    bots = [make_bot("strong", chance, seed=1), make_bot("greedy", chance, seed=2)]
    checked = 0
    while not game.is_over and checked < 6:
        player, options = game.current_player, game.legal_actions()
        if player == 0 and len(options) > 1:
            dealt.append(0)
            carried.append(0)
            observation = game.observation(0)
            choice = bots[0].choose(observation)
            assert dealt[-1] == strong.DEFAULT_DEALS
            distinct = sum(1 for i, first in enumerate(property_twins(game, options)) if first == i)
            assert carried[-1] == strong.DEFAULT_DEALS * min(strong.DEFAULT_WIDTH, distinct)  # one of each twins
            if checked == 0:
                twins = [make_bot("strong", chance, seed=7).choose(observation) for _ in range(2)]
                assert twins[0] == twins[1]
            checked += 1
        else:
            choice = bots[player].choose(game.observation(player)) if len(options) > 1 else options[0]
        game.apply(choice)
    assert checked == 6
    assert bots[0].describe() == "strong"


def test_reshuffling_the_unseen_keeps_every_pile_a_player_may_see():
    """The strong bot's deals are carried on without foresight: before each of its own
    choices is carried out, the piles it may not see (its own draw deck in Monopoly Chance)
    are shuffled again. Only their order changes; every pile it may see stays as it was."""
    import random

    from engine.bots.greedy import _shuffle_unseen
    from engine.game.game_state import new_state

    chance = load_variant("monopoly-chance")
    game = new_state(chance, 3, seed=8)
    rnd = random.Random(8)
    for _ in range(40):
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])
    me = game.current_player
    before = [list(pile) for pile in game.piles]
    _shuffle_unseen(game, me)
    changed = 0
    for slot, (old, new) in enumerate(zip(before, game.piles, strict=True)):
        assert sorted(old) == sorted(new)
        if game.layout.seen(slot, me):
            assert old == new
        changed += old != new
    assert changed > 0


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["greedy", "strong:iterations=2"])
def test_bots_judge_a_flip_from_what_they_know_of_their_deck_not_its_order(spec):
    """Monopoly Chance: a player knows what is left in their draw deck, not its order. Games
    differing only in the order of every deck look the same to the player, and a bot (whose
    look-ahead works out the next card's chances from the deck's known cards) chooses the
    same in both."""
    chance = load_variant("monopoly-chance")
    rnd = random.Random(4)
    checked = 0
    game = new_state(chance, 2, seed=4)
    while not game.is_over and checked < 12:
        options = game.legal_actions()
        if [o.arg for o in options] == ["flip", "cash out"]:
            me = game.current_player
            twin = game.copy()
            for owner in range(twin.n):
                rnd.shuffle(twin.piles[twin.layout.slot("deck", owner)])
            assert twin.piles != game.piles and twin.observation(me) == game.observation(me)
            first = make_bot(spec, chance, seed=5).choose(game.observation(me))
            second = make_bot(spec, chance, seed=5).choose(twin.observation(me))
            assert first == second
            checked += 1
        game.apply(options[rnd.randrange(len(options))])
    assert checked == 12


@pytest.mark.slow
def test_twin_properties_give_games_the_evaluation_scores_the_same():
    """The look-ahead tries one of each set of twin properties (greedy.property_twins: the
    same value, zone, stack, holder and piles, named by nothing under way), taking their
    scores to be equal: played, each twin gives the same score as the first of its set, and
    carried through the rest of the turn the same game but for the two swapped. Seeded
    Monopoly Chance games, where early in a round most streets of a colour are twins."""
    from engine.bots.evaluate import evaluator_for
    from engine.bots.greedy import carry_through, property_twins
    from engine.game.observation import decide

    variant = load_variant("monopoly-chance")
    evaluator = evaluator_for(variant)
    checked = 0
    for seed in range(2):
        game = new_state(variant, 2, seed=seed)
        bots = [make_bot("greedy", variant, seed=p) for p in range(2)]
        while not game.is_over:
            actions = game.legal_actions()
            me = game.current_player
            for index, first in enumerate(property_twins(game, actions)):
                if first == index or checked > 150:
                    continue
                tried = []
                for option in (first, index):
                    trial = game.copy()
                    trial.apply(actions[option])
                    judged = evaluator.score(trial, me)
                    tried.append((judged, evaluator.score(carry_through(trial, me, evaluator), me)))
                assert tried[0] == tried[1], (seed, game.turn_number, actions[first], actions[index])
                checked += 1
            game.apply(decide(bots[me].choose, game, me))
    assert checked > 100


def test_strong_in_builder_counts_held_resources_at_a_share_of_their_worth():
    """A search that sees the end of its turn exactly judged Builder's floors, which score
    less than the resources they cost at their whole `worth`, a loss, and never built; an
    offer is still answered at the whole worth, so nobody can buy its resources cheaply."""
    from engine.bots import strong
    from engine.bots.evaluate import evaluator_for

    builder = load_variant("monopoly-builder")
    bot = make_bot("strong", builder, seed=1)
    whole = evaluator_for(builder)
    assert bot.evaluator.worth == [(c, w * strong.HELD_WORTH) for c, w in whole.worth]
    assert bot.fair is whole
    assert make_bot("strong:worth=1", builder, seed=1).evaluator.worth == whole.worth


def test_score_evaluation_weighs_the_tiebreak_and_deeds_held_by_its_shares():
    """Builder ranks by points, then money ("A tie goes to the most money"); a deed held
    counts at its space's value. The strong bot's search weighs money and deeds its own way
    (`tiebreak`, `deeds`): 100M more cash counts `tiebreak` times as much, a deed `deeds`
    times its value, and nothing else moves."""
    from engine.bots.evaluate import ScoreEvaluator

    builder = load_variant("monopoly-builder")
    game = new_state(builder, 3, seed=2)
    plain = ScoreEvaluator(builder)
    tuned = ScoreEvaluator(builder, tiebreak=0.25, deeds=2.0)
    before_plain, before_tuned = plain.scores(game), tuned.scores(game)
    game.player_counters["cash"][0] += 100
    deeds = game.layout.base["deeds"]
    card = game.piles[game.layout.base["title"] + next(s for s, p in enumerate(builder.properties) if p.value)][0]
    value = builder.properties[builder.cards[card % len(builder.cards)].space].value
    game.piles[deeds + 1].append(card)
    after_plain, after_tuned = plain.scores(game), tuned.scores(game)
    gained = [(a - b) - (c - d) for a, b, c, d in zip(after_plain, before_plain, after_tuned, before_tuned)]
    # the points moved alike for both (the most cash now Red's): what differs is the weights
    assert gained == pytest.approx([100.0 - 25.0, value - 2 * value, 0.0])


def test_strong_settings_tiebreak_and_deeds_reach_its_search_evaluation():
    from engine.bots import strong

    builder = load_variant("monopoly-builder")
    default = make_bot("strong", builder, seed=1).evaluator
    assert (default.ranking[1][1], default.deed_value) == (
        strong.TIEBREAK_SHARE, [strong.DEED_SHARE * v for v in _deed_values(builder)]
    )
    tuned = make_bot("strong:tiebreak=0.5,deeds=3", builder, seed=1).evaluator
    assert tuned.ranking[1][1] == 0.5
    assert tuned.deed_value == [3.0 * v for v in _deed_values(builder)]
    with pytest.raises(BotSpecError, match="deeds"):
        make_bot("strong:deeds=-1", builder)


def _deed_values(variant):
    from engine.bots.evaluate import ScoreEvaluator

    return ScoreEvaluator(variant).deed_value


def test_strong_tries_no_step_of_an_offer_but_withdrawing_or_proposing_it():
    """Carrying every step of an offer through, strong put offers of 1M, 2M, ... together
    and withdrew them, four fifths of its Builder decisions; like greedy, it now tries only
    the steps that end the offer."""
    from engine.game.observation import decide

    builder = load_variant("monopoly-builder")
    game = new_state(builder, 3, seed=4)
    bots = [make_bot("greedy", builder, seed=seat) for seat in range(3)]
    bot = make_bot("strong", builder, seed=2)
    while not any(a.arg == "make an offer" for a in game.legal_actions()):
        game.apply(decide(bots[game.current_player].choose, game, game.current_player))
    game.apply(next(a for a in game.legal_actions() if a.arg == "make an offer"))
    game.apply(game.legal_actions()[0])  # the partner
    assert game.decision == "trade" and len(game.legal_actions()) > 2
    chosen = decide(bot.choose, game, game.current_player)
    assert chosen["arg"] in ("withdraw", "propose")


def test_strong_judges_a_bid_in_an_open_window_only_as_far_as_greedy_follows_it(monkeypatch):
    """Carried through to the end of the turn, strong's own later bids in an auction were
    judged at once (money set aside, the deed not yet won); a choice in an open window is now
    followed as greedy follows it (the others' answers, to the window's close or back to the
    bot), unless `windows=0`."""
    from engine.bots import strong
    from engine.bots.greedy import in_window
    from engine.game.observation import decide

    scopes: list[int] = []

    def recording_judge(game, index, me, evaluator, scratch, scope=-1):
        scopes.append(scope)
        return judge(game, index, me, evaluator, scratch, scope)

    judge = strong.judge_carried_through
    monkeypatch.setattr(strong, "judge_carried_through", recording_judge)
    builder = load_variant("monopoly-builder")
    game = new_state(builder, 3, seed=4)
    bots = [make_bot("greedy", builder, seed=seat) for seat in range(3)]
    while not isinstance(game.legal_actions(), NumberOptions):  # a bid of any amount
        auction = [a for a in game.legal_actions() if a.arg == "auction"]
        game.apply(auction[0] if auction else decide(bots[game.current_player].choose, game, game.current_player))
    assert in_window(game)
    me = game.current_player
    decide(make_bot("strong", builder, seed=2).choose, game, me)
    assert scopes and all(scope == len(game.frames) for scope in scopes)
    scopes.clear()
    decide(make_bot("strong:windows=0", builder, seed=2).choose, game, me)
    assert scopes and set(scopes) == {-1}


SIDES = """counters:
  bid: {each: game, reset: never, shown: "bids {}"}
hooks:
  start_of_turn: |
    set bid to 0
    take turns P among players until all pass:
      choose word W from "left", "right" by P, every answer
      if W is "left":
        if bid = 0:
          pass
        else:
          add 1 to bid
      else:
        if bid = 0:
          add 1 to bid
        else:
          pass
"""
"""A window whose passing answer depends on the state: "left" passes while nothing is bid,
"right" once something is."""


def _window_turn(game, word: str) -> None:
    game.apply(next(a for a in game.legal_actions() if a.arg == word))


def test_greedy_foresees_another_player_in_an_open_window_passing(write):
    """The look-ahead has another player asked in an open window (a bid, a round of deals)
    pass: the option that passes is found by trying each on a copy, then remembered, and the
    same question met again is answered on the game itself, without a copy."""
    from engine.bots.greedy import Scratch, _pass_answer

    game = new_state(load_variant(write(f"extends: winning-moves-2016\n{SIDES}")), 3, seed=1)
    scratch = Scratch()
    asked = game.current_player
    answered = _pass_answer(game, scratch)
    assert answered is not None and answered is not game
    assert game.current_player == asked and game.counters["bid"] == 0  # the caller's game as it was
    assert answered.current_player != asked and answered.counters["bid"] == 0
    assert list(scratch.passes.values()) == [0]  # "left" passed
    again = _pass_answer(answered, scratch)
    assert again is answered and again.counters["bid"] == 0


def test_a_remembered_pass_that_no_longer_passes_is_tried_afresh_next_time(write):
    """Should the option that passed at a question not pass when the state has changed, the
    answer stands (the window goes on) and the question is tried on copies when next met."""
    from engine.bots.greedy import Scratch, _pass_answer

    game = new_state(load_variant(write(f"extends: winning-moves-2016\n{SIDES}")), 3, seed=1)
    scratch = Scratch()
    _pass_answer(game.copy(), scratch)  # remembers "left", which passes at bid 0
    _window_turn(game, "right")  # bid 1: now "right" passes
    played = _pass_answer(game, scratch)
    assert played is game and game.counters["bid"] == 2  # "left" raised
    assert scratch.passes == {}
    answered = _pass_answer(game, scratch)
    assert answered is not None and answered is not game and answered.counters["bid"] == 2
    assert list(scratch.passes.values()) == [1]  # "right" passes now


def test_the_passes_remembered_are_bounded(write):
    """A variant whose window questions vary without end must not grow the memory of passes
    without end: at its bound it is forgotten and starts again."""
    from engine.bots import greedy
    from engine.bots.greedy import Scratch, _pass_answer

    game = new_state(load_variant(write(f"extends: winning-moves-2016\n{SIDES}")), 3, seed=1)
    scratch = Scratch()
    scratch.passes = {("question", n): 0 for n in range(greedy._KEEP_PASSES)}
    assert _pass_answer(game, scratch) is not None
    assert len(scratch.passes) == 1


def test_greedy_answers_others_in_a_window_at_once_when_told_to():
    """`answers=once`, the other reading: another player in a window answers as the bot
    judges it at once, tried over each of their options."""
    builder = load_variant("monopoly-builder")
    assert make_bot("greedy", builder).scratch.passing
    assert not make_bot("greedy:answers=once", builder).scratch.passing


def test_greedy_passes_in_a_round_of_deals_without_playing_the_pass():
    """In a round of deals, "make an offer" only opens an offer greedy would withdraw: the one
    option left, passing, is the answer, unplayed (playing it played on into the next turn)."""
    from engine.bots.greedy import Scratch, without_withdrawn
    from engine.game.observation import decide

    builder = load_variant("monopoly-builder")
    game = new_state(builder, 3, seed=4)
    bots = [make_bot("greedy", builder, seed=seat) for seat in range(3)]
    while not any(a.arg == "make an offer" for a in game.legal_actions()):
        game.apply(decide(bots[game.current_player].choose, game, game.current_player))
    args = [a.arg for a in game.legal_actions()]
    assert args == ["pass", "make an offer"]
    played = without_withdrawn(game, [0, 1], game.current_player, Scratch(offers=True))
    assert played == {0: None}


# ----- a number question of any width (issue 44, section 1, item 3) ---------------------------


def test_every_bot_weighs_the_same_few_amounts_of_a_wide_number_question():
    """"Bots may keep a few steps": of a bid from 15M to 900M, the least, a step (the largest
    power of ten not above the least) and five steps more, and the most, then the pass; of a
    question of ten numbers or fewer, every one; of plain numbers, five spread evenly."""
    from engine.bots.base import candidate_numbers, considered, considered_in

    bid = NumberOptions(15, 900, lambda n: {"kind": "choose", "arg": n}, ({"kind": "choose", "arg": "pass"},))
    picked = [bid[i]["arg"] for i in considered_in({"options": bid, "numbers": {"from": 15, "to": 900, "money": True}})]
    assert picked == [15, 25, 65, 900, "pass"]
    assert candidate_numbers(400, 2000, True) == [400, 500, 900, 2000]
    assert candidate_numbers(400, 450, True) == [400, 450]  # steps past the most are not offered
    assert candidate_numbers(1, 101, False) == [1, 26, 51, 76, 101]
    assert list(considered(NumberOptions(1, 10, lambda n: n))) == list(range(10))
    assert list(considered([1, 2, 3])) == [0, 1, 2]  # not a number question: every option


def test_the_random_bot_picks_among_the_few_amounts_every_bot_weighs(write):
    """A random bid among 886 numbers would pass one time in 886: auctions would run until a
    bidder had nothing left. It picks, uniformly, among the amounts every bot weighs."""
    from engine.game.observation import decide

    builder = load_variant("monopoly-builder")
    game = new_state(builder, 3, seed=4)
    while not isinstance(game.legal_actions(), NumberOptions):
        auction = [a for a in game.legal_actions() if a.arg == "auction"]
        game.apply(auction[0] if auction else game.legal_actions()[0])
    options = game.legal_actions()
    low, high = options.low, options.high
    bot = make_bot("random", builder, seed=1)
    answers = {decide(bot.choose, game, game.current_player)["arg"] for _ in range(200)}
    assert answers == {low, low + 10, low + 50, high, "pass"}
