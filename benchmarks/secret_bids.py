"""How a bot plays a secret choice (`in secret, each player X chooses card ...`, issue 47, 8):
a match of HERO against RIVAL in every other seat, in a game whose rounds are won by the highest
card bid in secret (the test games tests/data/goofspiel.yaml and for-sale.yaml), the hero's seat
moving on one every game, and
how the hero's bids stand to what is at stake.

Prints the hero's win share (a shared win counts as a share) with its 95% Wilson interval, and
the distribution of the hero's bid value minus the stake: the value of the top card of the pile
`--stake` (Goofspiel's prize on offer), or, with `--stake` naming a pile of several cards (For
Sale's cheques on offer), the highest card's value there. Game `i` is dealt from the seed
simulate gives it (`game_seed`), so a run on two trees compares the same deals. Plain
figures, no verdict. Run:

    .venv/bin/python benchmarks/secret_bids.py --games 200 --players 2
    .venv/bin/python benchmarks/secret_bids.py --variant tests/data/for-sale.yaml --stake cheques_up --players 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's engine, not the installed one

from engine import load_variant  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.game.game_state import GameState, new_state  # noqa: E402
from engine.game.observation import decide  # noqa: E402
from engine.simulate.play import derive_seed  # noqa: E402
from engine.simulate.stats import wilson  # noqa: E402
from engine.simulate.work import game_seed  # noqa: E402

_ARGS: list[argparse.Namespace] = []


def play(index: int) -> tuple[float, list[tuple[int, int]], list[str], float]:
    """Game `index`: the hero's share of the win, each of its secret bids' value with the
    stake, where each bid stood among the values it could bid (lowest, highest, between; a
    choice of one value left out), and the CPU seconds the game took."""
    args = _ARGS[0]
    variant = load_variant(args.variant)
    book_values = [card.value or 0 for card in variant.cards]
    kinds = len(variant.cards)
    seats = _seats(args, index)
    seed = game_seed(args.seed, index)
    game = new_state(variant, args.players, seed=seed)
    bots = [make_bot(spec, variant, seed=derive_seed(seed, seat)) for seat, spec in enumerate(seats)]
    stake_slot = game.layout.slot(args.stake)
    margins: list[tuple[int, int]] = []
    places: list[str] = []
    started = time.process_time()
    while not game.is_over:
        player = game.current_player
        assert player is not None  # a game in progress always has a decision
        action = decide(bots[player].choose, game, player)
        if seats[player] == args.hero and game.decision == "secret" and type(action["arg"]) is int:
            bid = book_values[action["arg"] % kinds]
            margins.append((bid, _stake(game, stake_slot, book_values, kinds)))
            held = sorted({book_values[option.arg % kinds] for option in game.legal_actions()})
            if len(held) > 1:
                places.append("lowest" if bid == held[0] else "highest" if bid == held[-1] else "between")
        game.apply(action)
    seconds = time.process_time() - started
    result = game.result()
    assert result is not None
    won = [seat for seat in result.winners if seats[seat] == args.hero]
    return len(won) / len(result.winners), margins, places, seconds


def _seats(args: argparse.Namespace, index: int) -> list[str]:
    """The bot in each seat of game `index`: the hero and a rival in every other seat, the
    hero one seat on each game."""
    seats = [args.rival] * args.players
    seats[index % args.players] = args.hero
    return seats


def _stake(game: GameState, slot: int, values: list[int], kinds: int) -> int:
    """The value at stake: the highest card's in the stake pile."""
    return max((values[code % kinds] for code in game.piles[slot]), default=0)


def _correlation(pairs: list[tuple[int, int]]) -> float:
    """Pearson's correlation of the bids with the stakes (0 when either holds still)."""
    n = len(pairs)
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx, syy = sum((x - mx) ** 2 for x, _ in pairs), sum((y - my) ** 2 for _, y in pairs)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def _start(args: argparse.Namespace) -> None:
    _ARGS[:] = [args]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="tests/data/goofspiel.yaml")
    parser.add_argument("--stake", default="prize", help="the pile whose highest card is at stake in a round")
    parser.add_argument("--hero", default="greedy")
    parser.add_argument("--rival", default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with multiprocessing.get_context("fork").Pool(args.jobs, _start, (args,)) as pool:
        results = pool.map(play, range(args.games))
    wins = sum(share for share, _, _, _ in results)
    low, high = wilson(wins, args.games)
    pairs = [pair for _, found, _, _ in results for pair in found]
    places = Counter(place for _, _, found, _ in results for place in found)
    margins = Counter(bid - stake for bid, stake in pairs)
    bids = sum(margins.values())
    seconds = sorted(spent for _, _, _, spent in results)
    print(f"{args.variant}, {args.players} players, {args.games} games (seed {args.seed}), "
          f"{args.hero} in one seat (rotated) against {args.rival}")
    print(f"  {args.hero} wins {wins / args.games:.1%} [{low:.1%}, {high:.1%}] of games "
          f"(a fair share is {1 / args.players:.1%})")
    print(f"  CPU seconds a game: median {seconds[len(seconds) // 2]:.3f}, longest {seconds[-1]:.3f}")
    if bids:
        mean = sum(margin * count for margin, count in margins.items()) / bids
        print(f"  {args.hero}'s {bids} secret bids, bid value less stake: mean {mean:+.2f}; "
              f"correlation of bid and stake {_correlation(pairs):+.2f}")
        chosen = sum(places.values())
        print("  where each bid stood among the values it could bid: " + ", ".join(
            f"{place} {places[place] / chosen:.1%}" for place in ("lowest", "between", "highest")))
        for margin in sorted(margins):
            share = margins[margin] / bids
            print(f"    {margin:+4d} {share:6.1%} {'#' * round(share * 100)}")


if __name__ == "__main__":
    main()
