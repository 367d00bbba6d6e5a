"""Each card compared between two variants: how often it is played, and how often
the player who played it won, with a test per difference and Holm's correction over them
all, because with ~30 cards several raw p-values fall under 0.05 by chance alone."""

from __future__ import annotations

from engine.simulate.stats import Test, format_p, holm, mann_whitney_tallies, two_proportions
from engine.simulate.summary import ALPHA

CORRECTION = "Holm"
"""The correction applied to the per-card p-values: Holm's step-down method keeps the
chance of *any* false alarm in the table under ALPHA whatever the dependence between the
tests (cards compete for the same turns and games, so they are not independent)."""


def compare_cards(a: dict, b: dict) -> dict:
    """Per card present in either summary: both sides' plays per game and player-won share,
    the tests of their differences (Mann-Whitney on per-game play counts, two-proportion z
    on player-won shares), adjusted together by Holm, and a sentence per real difference."""
    cards_a, cards_b = ({row["card"]: row for row in s["cards"]} for s in (a, b))
    # most played first; ties by id, so the order is the same every run (a set's is not)
    ids = sorted(cards_a.keys() | cards_b.keys(), key=lambda c: (-max(_per_game(cards_a, c), _per_game(cards_b, c)), c))
    rows = [_card_row(cards_a.get(card), cards_b.get(card)) for card in ids]
    tests = [row[key] for row in rows for key in ("plays_test", "win_test") if row[key]]
    for test, adjusted in zip(tests, holm([test["p_value"] for test in tests])):
        test["p_adjusted"] = adjusted
        test["significant"] = adjusted < ALPHA
    for row in rows:
        row["verdicts"] = _card_verdicts(row)
    return {
        "correction": CORRECTION,
        "alpha": ALPHA,
        "tests": len(tests),
        "significant_before_correction": sum(test["p_value"] < ALPHA for test in tests),
        "significant": sum(test["significant"] for test in tests),
        "cards": rows,
    }


def _per_game(cards: dict, card: str) -> float:
    return cards[card]["per_game"] if card in cards else -1.0


def _card_row(in_a: dict | None, in_b: dict | None) -> dict:
    """One card's figures on each side (None where the variant has no such card) and the
    tests that both sides' figures allow."""
    named = in_a or in_b
    assert named is not None  # a card comes from one side at least
    return {
        "card": named["card"],
        "name": named["name"],
        "a": _side(in_a),
        "b": _side(in_b),
        "plays_test": _plays_test(in_a, in_b),
        "win_test": _win_test(in_a, in_b),
    }


def _side(row: dict | None) -> dict | None:
    if row is None:
        return None
    return {"in_deck": row["in_deck"], "plays": row["plays"], "per_game": row["per_game"], "player_win": row["player_win"]}


def _plays_test(in_a: dict | None, in_b: dict | None) -> dict | None:
    """Mann-Whitney on the games' play counts: each game is one observation. Not a Poisson
    rate test: a card is played about once per pass through the deck, so counts vary far
    less than a Poisson count would (variance 0.2 to 0.7 of the mean in greedy games), and
    a Poisson test would take real changes for noise."""
    if in_a is None or in_b is None or in_a["plays"] + in_b["plays"] == 0:
        return None
    test = mann_whitney_tallies(dict(enumerate(in_a["games_by_plays"])), dict(enumerate(in_b["games_by_plays"])))
    return _result(test, in_b["per_game"] - in_a["per_game"])


def _win_test(in_a: dict | None, in_b: dict | None) -> dict | None:
    """The two-proportion z-test of the player-won shares, when both sides have players."""
    if in_a is None or in_b is None or not (in_a["player_win"]["games"] and in_b["player_win"]["games"]):
        return None
    won_a, won_b = in_a["player_win"], in_b["player_win"]
    test = two_proportions(won_a["wins"], won_a["games"], won_b["wins"], won_b["games"])
    return _result(test, won_b["share"] - won_a["share"])


def _result(test: Test, difference: float) -> dict:
    """A test's outcome; `p_adjusted` and `significant` are filled in once all are known."""
    return {**test.to_dict(), "difference": difference, "p_adjusted": test.p_value, "significant": False}


def _card_verdicts(row: dict) -> list[str]:
    """A sentence for each of the card's differences that survives the correction."""
    sentences = []
    a, b, name = row["a"], row["b"], row["name"]
    if row["plays_test"] and row["plays_test"]["significant"]:
        more = "more" if b["per_game"] > a["per_game"] else "less"
        sentences.append(_real(f"{name} is played {more} often with B: {b['per_game']:.2f} times a game vs "
                               f"{a['per_game']:.2f} with A", row["plays_test"]))
    if row["win_test"] and row["win_test"]["significant"]:
        won_a, won_b = a["player_win"]["share"], b["player_win"]["share"]
        more = "more" if won_b > won_a else "less"
        sentences.append(_real(f"Players of {name} win {more} often with B: {won_b:.1%} of their games vs "
                               f"{won_a:.1%} with A", row["win_test"]))
    return sentences


def _real(clause: str, test: dict) -> str:
    p = test["p_adjusted"]
    shown = format_p(p)
    return f"{clause} (a real difference, {shown} after {CORRECTION}'s correction)."
