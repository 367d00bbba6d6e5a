"""From finished games to the figures a variant author reads: win shares by seat, by bot and
by turn position with 95% intervals, game lengths, endings, Fortune cards, and, for two
variants, the differences with significance tests and a verdict in plain words."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

from engine.simulate.play import GameRecord
from engine.simulate.stats import chi_square, mann_whitney, one_proportion, quantile, two_proportions, wilson
from engine.variant.model import Variant

ALPHA = 0.05
"""A difference with a p-value below this is called real (5% false alarms per test)."""


def _share(wins: float, games: int, expected: float | None = None) -> dict:
    low, high = wilson(wins, games)
    share = {"wins": wins, "games": games, "share": wins / games if games else 0.0, "low": low, "high": high}
    if expected is not None:
        share["expected"] = expected
        share["p_value"] = one_proportion(wins, games, expected).p_value
    return share


def _credit(record: GameRecord, seat: int) -> float:
    """A seat's part of the win: 1, or 1/k for a k-way tie, or 0."""
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def summarize(variant: Variant, records: list[GameRecord], players: int, bots: list[str], requested: int) -> dict:
    """Every figure of the report for one variant, as plain JSON-able data."""
    games = len(records)
    fair = 1.0 / players
    summary: dict[str, Any] = {
        "variant": variant.name,
        "players": players,
        "bots": list(bots),
        "games": games,
        "requested": requested,
        "seats": [
            {"seat": s, "name": variant.seats[s].name, **_share(sum(_credit(r, s) for r in records), games, fair)}
            for s in range(players)
        ],
        "bot_shares": _bot_shares(records, players),
        "positions": [
            {"position": k + 1, **_share(sum(_credit(r, r.order[k]) for r in records), games, fair)}
            for k in range(players)
        ],
        "length": _lengths(records),
        "endings": _endings(records),
        "cards": _cards(variant, records, players),
    }
    summary["first_player"] = summary["positions"][0] if players else {}
    return summary


def _bot_shares(records: list[GameRecord], players: int) -> list[dict]:
    """Per bot spec: its wins per seat it played (a bot listed twice plays two seats a game)."""
    seats: Counter[str] = Counter()
    wins: dict[str, float] = {}  # shares of wins (1/k for a k-way tie): a Counter holds ints
    for record in records:
        for seat, bot in enumerate(record.bots):
            seats[bot] += 1
            wins[bot] = wins.get(bot, 0) + _credit(record, seat)
    return [{"bot": bot, **_share(wins[bot], seats[bot], 1.0 / players)} for bot in seats]


def _lengths(records: list[GameRecord]) -> dict:
    turns = sorted(r.turns for r in records)
    if not turns:
        return {"turns": [], "mean": None, "median": None, "min": None, "max": None, "p10": None, "p90": None}
    return {
        "turns": [r.turns for r in records],
        "mean": mean(turns),
        "median": quantile(turns, 0.5),
        "min": turns[0],
        "max": turns[-1],
        "p10": quantile(turns, 0.1),
        "p90": quantile(turns, 0.9),
    }


def _endings(records: list[GameRecord]) -> list[dict]:
    reasons = Counter(r.reason for r in records)
    deciders = Counter((r.reason, r.decided_by or "tie") for r in records)
    return [
        {
            "reason": reason,
            **_share(count, len(records)),
            "decided_by": {by: n for (why, by), n in sorted(deciders.items()) if why == reason},
        }
        for reason, count in reasons.most_common()
    ]


def _cards(variant: Variant, records: list[GameRecord], players: int) -> list[dict]:
    """Per card: plays in all, games it was played in, and how often a player who played it
    (at least once in a game) won that game."""
    plays: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    players_with: Counter[str] = Counter()
    player_wins: dict[str, float] = {}  # shares of wins, as in _bot_shares
    for record in records:
        plays.update(card for _, card in record.plays)
        games_with.update({card for _, card in record.plays})
        for seat, played in set(record.plays):
            players_with[played] += 1
            player_wins[played] = player_wins.get(played, 0) + _credit(record, seat)
    rows = []
    for card in variant.cards:
        row = {
            "card": card.id,
            "name": card.name,
            "in_deck": card.count,
            "plays": plays[card.id],
            "per_game": plays[card.id] / len(records) if records else 0.0,
            "games_with": games_with[card.id],
            "player_win": _share(player_wins.get(card.id, 0), players_with[card.id], 1.0 / players),
        }
        rows.append(row)
    return rows


# ----- two variants ----------------------------------------------------------------------------


def compare(a: dict, b: dict) -> list[dict]:
    """Tests of every headline difference between two summaries (a and b), each with a
    p-value and a sentence saying whether it looks real."""
    tests = []
    na, nb = a["games"], b["games"]
    table = [[s["wins"] for s in a["seats"]], [s["wins"] for s in b["seats"]]]
    test = chi_square(table)
    tests.append(_finding("win share by seat", test, None, None, _seat_sentence(test)))
    first_a, first_b = a["first_player"], b["first_player"]
    test = two_proportions(first_a["wins"], na, first_b["wins"], nb)
    tests.append(_finding("first player's win share", test, first_a["share"], first_b["share"], _diff_sentence(
        "the first player wins", first_a["share"], first_b["share"], test, percent=True)))
    bots_b = {row["bot"]: row for row in b["bot_shares"]}
    if len(a["bot_shares"]) > 1:
        for row in a["bot_shares"]:
            other = bots_b.get(row["bot"])
            if other:
                test = two_proportions(row["wins"], row["games"], other["wins"], other["games"])
                tests.append(_finding(f"{row['bot']}'s win share", test, row["share"], other["share"], _diff_sentence(
                    f"{row['bot']} wins", row["share"], other["share"], test, percent=True)))
    test = mann_whitney(a["length"]["turns"], b["length"]["turns"])
    tests.append(_finding("game length (turns)", test, a["length"]["mean"], b["length"]["mean"], _diff_sentence(
        "games last", a["length"]["mean"], b["length"]["mean"], test, unit=" turns")))
    reasons = sorted({e["reason"] for e in a["endings"]} | {e["reason"] for e in b["endings"]})
    count = lambda s, why: next((e["wins"] for e in s["endings"] if e["reason"] == why), 0)  # noqa: E731
    test = chi_square([[count(a, r) for r in reasons], [count(b, r) for r in reasons]])
    shares = ", ".join(f"{r} {count(a, r) / max(na, 1):.0%} vs {count(b, r) / max(nb, 1):.0%}" for r in reasons)
    tests.append(_finding("how games end", test, None, None, _plain(
        test, f"games end differently ({shares})", "games end the same way")))
    return tests


def _finding(what: str, test, a_value, b_value, verdict: str) -> dict:
    return {
        "what": what,
        "a": a_value,
        "b": b_value,
        "difference": None if a_value is None or b_value is None else b_value - a_value,
        **test.to_dict(),
        "significant": test.p_value < ALPHA,
        "verdict": verdict,
    }


def _plain(test, real: str, same: str) -> str:
    if test.p_value < ALPHA:
        return f"{real[0].upper()}{real[1:]}: a real difference ({_p(test.p_value)})."
    return f"No clear difference: {same} as far as these games can tell ({_p(test.p_value)})."


def _diff_sentence(subject: str, a_value: float, b_value: float, test, percent: bool = False, unit: str = "") -> str:
    if percent:
        shown = f"{a_value:.1%} with A, {b_value:.1%} with B"
    else:
        shown = f"{a_value:.1f}{unit} with A, {b_value:.1f}{unit} with B"
    if test.p_value < ALPHA:
        direction = "more" if b_value > a_value else "less"
        if not percent:
            direction = "longer" if b_value > a_value else "shorter"
            return f"With B {subject} {direction} ({shown}): a real difference ({_p(test.p_value)})."
        return f"With B {subject} {direction} often ({shown}): a real difference ({_p(test.p_value)})."
    return f"No clear difference: {subject} {shown}, within the noise ({_p(test.p_value)})."


def _seat_sentence(test) -> str:
    return _plain(test, "the seats' chances differ between the variants", "the seats' chances are alike")


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
