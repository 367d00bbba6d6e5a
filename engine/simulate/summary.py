"""From finished games to the figures a variant author reads: win shares by seat, by bot and
by turn position with 95% intervals, game lengths, endings, cards played, and, for two
variants, the differences with significance tests and a verdict in plain words."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

from engine.effects.limits import SAFETY_ENDS
from engine.simulate.play import GameRecord
from engine.simulate.stats import (
    Test,
    chi_square,
    format_p,
    mann_whitney,
    one_proportion,
    quantile,
    two_proportions,
    wilson,
)
from engine.variant.model import Variant

ALPHA = 0.05
"""A difference with a p-value below this is called real (5% false alarms per test)."""

ENDINGS = {
    "no_units": "a player ran out of units",
    "track_end": "a token reached the end of the track",
    **{reason: f"a safety net ended the game: {words}" for reason, words in SAFETY_ENDS.items()},
}
"""How a game ended, in words: the report's table and the verdict's sentences."""


def _share(wins: float, games: int, expected: float | None = None) -> dict:
    low, high = wilson(wins, games)
    share = {"wins": wins, "games": games, "share": wins / games if games else 0.0, "low": low, "high": high}
    if expected is not None:
        share["expected"] = expected
        share["p_value"] = one_proportion(wins, games, expected).p_value
    return share


def credit(record: GameRecord, seat: int) -> float:
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
            {"seat": s, "name": variant.seats[s].name, **_share(sum(credit(r, s) for r in records), games, fair)}
            for s in range(players)
        ],
        "bot_shares": _bot_shares(records, players),
        "positions": [
            {"position": k + 1, **_share(sum(credit(r, r.order[k]) for r in records), games, fair)}
            for k in range(players)
        ],
        "length": _lengths(records),
        "endings": _endings(records, variant),
        "tallies": _tallies(records, variant),
        "scores": _scores(records, variant),
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
            wins[bot] = wins.get(bot, 0) + credit(record, seat)
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


def _endings(records: list[GameRecord], variant: Variant) -> list[dict]:
    reasons = Counter(r.reason for r in records)
    deciders = Counter((r.reason, r.decided_by or "tie") for r in records)
    told = dict(variant.ends)
    names = {score.id: score.name or score.id.replace("_", " ") for score in variant.scores}
    return [
        {
            "reason": reason,
            "words": ENDINGS.get(reason) or _ending_words(told.get(reason, reason)),
            **_share(count, len(records)),
            "decided_by": {by: n for (why, by), n in sorted(deciders.items()) if why == reason},
            "decided_words": {by: names[by] for (why, by) in deciders if why == reason and by in names},
        }
        for reason, count in reasons.most_common()
    ]


def _tallies(records: list[GameRecord], variant: Variant) -> list[dict]:
    """The counters the variant reports (Counter.report), table by table: each row's total
    over the games, its share of its table's total (95% interval), and its mean a game."""
    counted: Counter[str] = Counter()
    for record in records:
        counted.update(dict(record.tallies))
    tables: dict[str, list] = {}
    for counter in variant.counters:
        if counter.report is not None:
            tables.setdefault(counter.report[0], []).append((counter.id, counter.report[1]))
    found = []
    for table, rows in tables.items():
        total = sum(counted[name] for name, _ in rows)
        found.append({
            "table": table,
            "total": total,
            "rows": [
                {"counter": name, "row": words, "count": counted[name],
                 "per_game": counted[name] / len(records) if records else 0.0, **_share(counted[name], total)}
                for name, words in rows
            ],
        })
    return found


def _scores(records: list[GameRecord], variant: Variant) -> list[dict]:
    """Each of the variant's scores at the end: its mean for a winner and for the other
    players, and its share of the winners' first score of the ranking where it is a part of
    it (points by source: of a winner's points, how many were buildings, monopolies,
    bonus cards)."""
    names = {score.id: score.name or score.id for score in variant.scores}
    won: dict[str, list[int]] = {key: [] for key in names}
    lost: dict[str, list[int]] = {key: [] for key in names}
    for record in records:
        for key, values in record.scores:
            if key in won:
                for seat, value in enumerate(values):
                    (won if seat in record.winners else lost)[key].append(value)
    first = variant.ranking[0] if variant.ranking else None
    top = sum(won[first]) if first in won else 0
    parts = _parts_of(variant, first)

    def mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0

    return [
        {"score": key, "name": name, "winners": mean(won[key]), "others": mean(lost[key]),
         "of_first": sum(won[key]) / top if top and key in parts else None}
        for key, name in names.items()
    ]


def _parts_of(variant: Variant, first: str | None) -> frozenset[str]:
    """The scores the ranking's first score adds up (`buildings of X + monopolies of X`): the
    ones whose share of it is worth telling."""
    from engine.effects import ast

    score = next((s for s in variant.scores if s.id == first), None)
    if score is None:
        return frozenset()
    ids = {s.id for s in variant.scores} - {first}
    return frozenset(node.counter for node in ast.walk([score.expression])
                     if isinstance(node, ast.OfPlayer) and node.counter in ids)


def _ending_words(told: str) -> str:
    """The variant's own words for an ending, told of 'a player' ('s score reached ...)."""
    return "a player" + (told if told.startswith("'") else " " + told)


def _cards(variant: Variant, records: list[GameRecord], players: int) -> list[dict]:
    """Per card: plays in all, games it was played in (and how many games saw it played 0,
    1, 2, ... times: what the comparison of two variants tests), and how often a player who
    played it (at least once in a game) won that game."""
    plays: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    players_with: Counter[str] = Counter()
    player_wins: dict[str, float] = {}  # shares of wins, as in _bot_shares
    tallies: Counter[tuple[str, int]] = Counter()  # (card, plays in a game) -> games, for plays > 0
    for record in records:
        in_game = Counter(card for _, card in record.plays)
        tallies.update(in_game.items())
        plays.update(in_game)
        games_with.update({card for _, card in record.plays})
        for seat, played in set(record.plays):
            players_with[played] += 1
            player_wins[played] = player_wins.get(played, 0) + credit(record, seat)
    rows = []
    for card in variant.cards:
        if not card.effect.statements:  # never played, only moved (a cash card, a building)
            continue
        row = {
            "card": card.id,
            "name": card.name,
            "in_deck": card.count,
            "plays": plays[card.id],
            "per_game": plays[card.id] / len(records) if records else 0.0,
            "games_with": games_with[card.id],
            "games_by_plays": _tally_list(len(records), {k: n for (c, k), n in tallies.items() if c == card.id}),
            "player_win": _share(player_wins.get(card.id, 0), players_with[card.id], 1.0 / players),
        }
        rows.append(row)
    return rows


def _tally_list(games: int, played: dict[int, int]) -> list[int]:
    """How many of `games` saw a card played 0, 1, 2, ... times, from the games that saw it
    played (`played`: {plays: games}): a short list, and plain JSON.

    >>> _tally_list(6, {2: 1})
    [5, 0, 1]
    >>> _tally_list(0, {})
    []
    """
    if not games:
        return []
    counts = [played.get(k, 0) for k in range(max(played, default=0) + 1)]
    counts[0] = games - sum(counts)
    return counts


# ----- two variants ----------------------------------------------------------------------------


def compare(a: dict, b: dict) -> list[dict]:
    """Tests of every headline difference between two summaries (a and b), each with a
    p-value and a sentence saying whether it looks real."""
    return [
        _seat_finding(a, b),
        _first_player_finding(a, b),
        *_bot_findings(a, b),
        _length_finding(a, b),
        _ending_finding(a, b),
    ]


def _seat_finding(a: dict, b: dict) -> dict:
    test = chi_square([[s["wins"] for s in a["seats"]], [s["wins"] for s in b["seats"]]])
    moved_a, moved_b = max(zip(a["seats"], b["seats"]), key=lambda pair: abs(pair[1]["share"] - pair[0]["share"]))
    real = (
        f"the seats' chances differ with B, most of all {moved_a['name']}'s: "
        f"{moved_b['share']:.1%} of games won vs {moved_a['share']:.1%} with A"
    )
    return _finding("win share by seat", test, None, None, _verdict(test, real, "the seats' chances between A and B"))


def _first_player_finding(a: dict, b: dict) -> dict:
    first_a, first_b = a["first_player"], b["first_player"]
    test = two_proportions(first_a["wins"], a["games"], first_b["wins"], b["games"])
    verdict = _share_verdict(test, "the first player", "the first player's wins", first_a["share"], first_b["share"], "of games")
    return _finding("first player's win share", test, first_a["share"], first_b["share"], verdict)


def _bot_findings(a: dict, b: dict) -> list[dict]:
    """Each bot's share, when more than one bot plays (one bot always wins every game)."""
    if len(a["bot_shares"]) < 2:
        return []
    bots_b = {row["bot"]: row for row in b["bot_shares"]}
    findings = []
    for row in a["bot_shares"]:
        other = bots_b.get(row["bot"])
        if other:
            test = two_proportions(row["wins"], row["games"], other["wins"], other["games"])
            verdict = _share_verdict(test, f"the {row['bot']} bot", f"the {row['bot']} bot's wins",
                                     row["share"], other["share"], "per seat played")
            findings.append(_finding(f"{row['bot']}'s win share", test, row["share"], other["share"], verdict))
    return findings


def _length_finding(a: dict, b: dict) -> dict:
    test = mann_whitney(a["length"]["turns"], b["length"]["turns"])
    mean_a, mean_b = a["length"]["mean"], b["length"]["mean"]
    real = f"games are {'longer' if mean_b > mean_a else 'shorter'} with B: {mean_b:.1f} turns on average vs {mean_a:.1f} with A"
    same = f"game length: {mean_a:.1f} turns on average with A, {mean_b:.1f} with B"
    return _finding("game length (turns)", test, mean_a, mean_b, _verdict(test, real, same))


def _ending_finding(a: dict, b: dict) -> dict:
    reasons = sorted({e["reason"] for e in a["endings"]} | {e["reason"] for e in b["endings"]})
    test = chi_square([[_ended(a, r) for r in reasons], [_ended(b, r) for r in reasons]])

    def share(summary: dict, reason: str) -> float:
        return _ended(summary, reason) / max(summary["games"], 1)

    changes = "; ".join(f"{ENDINGS.get(r, r)} in {share(b, r):.0%} of games vs {share(a, r):.0%} with A" for r in reasons)
    shares = "; ".join(f"{ENDINGS.get(r, r)} in {share(a, r):.0%} of games with A, {share(b, r):.0%} with B" for r in reasons)
    verdict = _verdict(test, f"games end differently with B: {changes}", f"how games end: {shares}")
    return _finding("how games end", test, None, None, verdict)


def _ended(summary: dict, reason: str) -> int:
    """How many of the summary's games ended for `reason`."""
    return next((e["wins"] for e in summary["endings"] if e["reason"] == reason), 0)


def _finding(what: str, test: Test, a_value: float | None, b_value: float | None, verdict: str) -> dict:
    return {
        "what": what,
        "a": a_value,
        "b": b_value,
        "difference": None if a_value is None or b_value is None else b_value - a_value,
        **test.to_dict(),
        "significant": test.p_value < ALPHA,
        "verdict": verdict,
    }


def _share_verdict(test: Test, who: str, whose: str, a_share: float, b_share: float, per: str) -> str:
    """How often `who` wins with B against A: "The first player wins less often with B:
    20.1% of games vs 26.5% with A ..."."""
    real = f"{who} wins {'more' if b_share > a_share else 'less'} often with B: {b_share:.1%} {per} vs {a_share:.1%} with A"
    same = f"{whose}: {a_share:.1%} {per} with A, {b_share:.1%} with B"
    return _verdict(test, real, same)


def _verdict(test: Test, real: str, same: str) -> str:
    """One sentence: `real` (a clause saying what changed with B) when the test calls the
    difference real, else "No clear difference in `same`" (a noun phrase, with its figures)."""
    if test.p_value < ALPHA:
        return f"{real[0].upper()}{real[1:]} (a real difference, {format_p(test.p_value)})."
    return f"No clear difference in {same}, within the noise ({format_p(test.p_value)})."


