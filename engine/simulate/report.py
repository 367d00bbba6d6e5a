"""The report of a run as text (tables and plotext charts), JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
import textwrap

from engine.simulate.stats import format_p
from engine.simulate.summary import ENDINGS


def render(report: dict, form: str, colour: bool = False) -> str:
    """The report in `form` ("text", "json" or "csv"); `colour` lets the text charts use it."""
    if form == "json":
        return json.dumps(report, indent=2) + "\n"
    if form == "csv":
        return _csv(report)
    return _text(report, colour)


# ----- text ------------------------------------------------------------------------------------


def _text(report: dict, colour: bool) -> str:
    runs = report["variants"]
    out: list[str] = []
    header = report["run"]
    out.append(
        f"{header['games_finished']} of {header['games_requested']} games per variant, {header['players']} players, "
        f"bots {', '.join(header['bots'])}, seed {header['seed']}, {header['backend']}, "
        f"{header['seconds']:.1f} s ({header['games_per_second']:.1f} games/s)"
    )
    if header["interrupted"]:
        out.append(
            f"stopped early (Ctrl-C): the figures cover only the {header['games_finished']} games per variant "
            f"that finished, of {header['games_requested']} asked for"
        )
    for label, summary in zip("AB", runs):
        prefix = f"{label}: " if len(runs) > 1 else ""
        out.append("")
        out.append(_rule(f"{prefix}{summary['variant']}"))
        out.extend(_one_variant(summary, colour))
    if len(runs) == 2 and report["comparison"]:
        out.append("")
        out.append(_rule(f"A vs B: {runs[0]['variant']} vs {runs[1]['variant']}"))
        out.extend(_comparison(report, colour))
    return "\n".join(out) + "\n"


def _rule(title: str) -> str:
    return f"== {title} " + "=" * max(3, 76 - len(title))


def _interval(row: dict) -> str:
    return f"{row['share']:6.1%}  [{row['low']:5.1%}, {row['high']:5.1%}]"


def _one_variant(s: dict, colour: bool) -> list[str]:
    games = s["games"]
    if games == 0:
        return ["no game finished"]
    fair = 1 / s["players"]
    lines = [f"{games} games; a fair share is {fair:.1%}", "", "win share by seat (95% interval)"]
    for row in s["seats"]:
        lines.append(f"  {row['name']:<14} {_interval(row)}  {_flag(row)}")
    lines.append("")
    lines.append("win share by bot, per seat played (95% interval)")
    for row in s["bot_shares"]:
        lines.append(f"  {row['bot']:<30} {_interval(row)}  {_flag(row)}  ({row['games']} seat-games)")
    lines.append("")
    lines.append("win share by turn position (95% interval)")
    for row in s["positions"]:
        lines.append(f"  {_ordinal(row['position']):<14} {_interval(row)}  {_flag(row)}")
    first = s["first_player"]
    edge = first["share"] - fair
    lines.append(
        f"  first-player advantage: {100 * edge:+.1f} points over a fair share "
        f"({'real' if first['p_value'] < 0.05 else 'not clearly real'}, {format_p(first['p_value'])})"
    )
    lines.append("")
    lines.append(_bars("win share by seat (%)", [r["name"] for r in s["seats"]], [100 * r["share"] for r in s["seats"]], colour))
    length = s["length"]
    lines.append(
        f"game length (turns): mean {length['mean']:.1f}, median {length['median']:.0f}, "
        f"10%-90% {length['p10']:.0f}-{length['p90']:.0f}, range {length['min']}-{length['max']}"
    )
    lines.append(_histogram(length["turns"], colour))
    lines.append("how games ended")
    for row in s["endings"]:
        words = row.get("decided_words", {})
        deciders = sorted(row["decided_by"].items(), key=lambda item: -item[1])
        by = ", ".join(_decided(words.get(key, key), n) for key, n in deciders)
        reason = row.get("words") or ENDINGS.get(row["reason"], row["reason"])
        lines.append(f"  {reason:<40} {row['wins']:>6} games {row['share']:6.1%}  ({by})")
    for table in s.get("tallies", []):
        lines.append("")
        shares = len(table["rows"]) > 1
        lines.append(f"{table['table']} (counted by the variant" + ("; share of the total, 95% interval)" if shares else ")"))
        for row in table["rows"]:
            share = (_interval(row) if table["total"] else "     -") if shares else ""
            lines.append(f"  {row['row'][:56]:<56} {row['count']:>7,}  {share}  {row['per_game']:.2f} a game")
    if s.get("scores") and any(row["winners"] or row["others"] for row in s["scores"]):
        lines.append("")
        lines.append("scores at the end: mean for a winner and for the others, and share of the winners' first score")
        for row in s["scores"]:
            share = f"{row['of_first']:6.1%}" if row["of_first"] is not None else ""
            lines.append(f"  {row['name'][:40]:<40} {row['winners']:>9.1f} {row['others']:>9.1f}  {share}")
    if not s["cards"]:  # a game whose cards are never played (pieces, cash): no table
        return lines
    lines.append("")
    lines.append("cards: plays per game, and how often the player who played one won")
    lines.append(f"  {'card':<28} {'deck':>4} {'plays':>7} {'/game':>6}  {'player won (95% interval)':<30}")
    for row in sorted(s["cards"], key=lambda r: -r["plays"]):
        won = row["player_win"]
        shown = _interval(won) + f"  {_flag(won)}" if won["games"] else "   -"
        lines.append(f"  {row['name'][:28]:<28} {row['in_deck']:>4} {row['plays']:>7} {row['per_game']:>6.2f}  {shown}")
    return lines


def _comparison(report: dict, colour: bool) -> list[str]:
    a, b = report["variants"]
    lines = []
    lines.append(f"  {'':<26} {'A':>22} {'B':>22}")
    for ra, rb in zip(a["seats"], b["seats"]):
        lines.append(f"  {'seat ' + ra['name']:<26} {_interval(ra):>22} {_interval(rb):>22}")
    lines.append(f"  {'first player':<26} {_interval(a['first_player']):>22} {_interval(b['first_player']):>22}")
    lines.append(f"  {'mean game length (turns)':<26} {a['length']['mean']:>22.1f} {b['length']['mean']:>22.1f}")
    lines.append("")
    names = [r["name"] for r in a["seats"]]
    lines.append(_paired_bars("win share by seat (%), A and B", names, [100 * r["share"] for r in a["seats"]],
                              [100 * r["share"] for r in b["seats"]], colour))
    lines.append("significance tests (a p-value below 0.05 is called a real difference)")
    for test in report["comparison"]:
        verdict = "REAL" if test["significant"] else "noise"
        lines.append(f"  {test['what']:<28} {test['test']:<24} {format_p(test['p_value']):<11} {verdict}")
    lines.append("")
    lines.append("verdict")
    for test in report["comparison"]:
        lines.append(_bullet(test["verdict"]))
    if report.get("card_comparison"):
        lines.append("")
        lines.extend(_card_comparison(report["card_comparison"]))
    return lines


def _card_comparison(cards: dict) -> list[str]:
    """The per-card table, at most 80 columns wide: plays per game and the player-won share
    on each side, a * after a difference that survives the correction, then a sentence
    for each such difference."""
    title = "Cards, A vs B: plays per game, and how often the player who played one won that game (95% interval)"
    lines = [
        textwrap.fill(title, width=80),
        f"  {'card':<19} {'A/game':>6} {'B/game':>6}    {'A player won':<18}  B player won",
    ]
    for row in cards["cards"]:
        a, b = row["a"], row["b"]
        lines.append(
            f"  {row['name'][:19]:<19} {_per_game(a):>6} {_per_game(b):>6} {_mark(row['plays_test'])}  "
            f"{_won(a):<18}  {_won(b):<18} {_mark(row['win_test'])}".rstrip()
        )
    lines.append(_legend(cards))
    lines.extend(_bullet(sentence) for row in cards["cards"] for sentence in row["verdicts"])
    return lines


def _per_game(side: dict | None) -> str:
    return "-" if side is None else f"{side['per_game']:.2f}"


def _won(side: dict | None) -> str:
    """The player-won share with its interval, or "-" for a card the variant lacks or no one played."""
    if side is None or not side["player_win"]["games"]:
        return "-"
    won = side["player_win"]
    return f"{won['share']:5.1%} [{100 * won['low']:4.1f}, {100 * won['high']:4.1f}]"


def _mark(test: dict | None) -> str:
    return "*" if test and test["significant"] else " "


def _legend(cards: dict) -> str:
    """What the marks mean and how much the correction took away, so a reader does not
    count raw p-values under 0.05 as findings."""
    tests, before = cards["tests"], cards["significant_before_correction"]
    text = (
        "plays per game compared with the Mann-Whitney U test, player-won shares with the "
        f"two-proportion z-test; * marks a real difference: p < {cards['alpha']:g} after "
        f"{cards['correction']}'s correction over the {tests} tests in this table "
        f"({before} had p < {cards['alpha']:g} before it; with no real change about "
        f"{cards['alpha'] * tests:.0f} would)."
    )
    return textwrap.fill(text, width=80, initial_indent="  ", subsequent_indent="  ")


def _bullet(sentence: str) -> str:
    """A sentence as a list item wrapped to 80 columns, so a terminal does not break words."""
    return textwrap.fill(sentence, width=80, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False)


def _decided(key: str, games: int) -> str:
    """How a number of games were decided, in words: '342 won on total property value' (the
    score's name, where the summary gives it), '23 shared'."""
    if key == "tie":
        return f"{games} shared after every tie-break"
    return f"{games} won on {key.replace('_', ' ')}"


def _flag(row: dict) -> str:
    """Marks a share whose difference from a fair share is significant."""
    if "p_value" not in row:
        return ""
    return "*" if row["p_value"] < 0.05 else " "


def _ordinal(k: int) -> str:
    return {1: "1st to move", 2: "2nd to move", 3: "3rd to move"}.get(k, f"{k}th to move")




def _bars(title: str, labels: list[str], values: list[float], colour: bool) -> str:
    import plotext as plt

    plt.clear_figure()
    plt.simple_bar(labels, values, width=60, title=title)
    return _finish(plt, colour)


def _paired_bars(title: str, labels: list[str], a: list[float], b: list[float], colour: bool) -> str:
    import plotext as plt

    plt.clear_figure()
    plt.simple_multiple_bar(labels, [a, b], width=60, title=title, labels=["A", "B"])
    return _finish(plt, colour)


def _histogram(turns: list[int], colour: bool) -> str:
    """Games by length: one bar per turn count (or per few turns, for a wide spread)."""
    import plotext as plt

    low, high = min(turns), max(turns)
    width = max(1, -(-(high - low + 1) // 30))
    starts = list(range(low - low % width, high + 1, width))
    counts = [sum(1 for t in turns if start <= t < start + width) for start in starts]
    plt.clear_figure()
    plt.bar(starts, counts, width=0.8)
    plt.plotsize(70, 14)
    plt.theme("clear" if not colour else "pro")
    top = max(counts)
    step = max(1, -(-top // 5))
    plt.yticks(list(range(0, top + step, step)))
    plt.xlabel("turns" if width == 1 else f"turns (bars of {width})")
    plt.ylabel("games")
    return _finish(plt, colour)


def _finish(plt, colour: bool) -> str:
    text = plt.build()
    plt.clear_figure()
    return text if colour else plt.uncolorize(text)


# ----- CSV -------------------------------------------------------------------------------------

_CSV_COLUMNS = ["variant", "section", "item", "games", "value", "low", "high", "p_value", "p_adjusted"]
"""p_adjusted: the per-card tests' p-values after Holm's correction (empty in other rows)."""


def _csv(report: dict) -> str:
    """One tidy table: a row per figure, ready for a spreadsheet."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    run = report["run"]
    # first, so a reader sees at once whether the figures cover the whole run
    writer.writerow(["", "run", "interrupted", run["games_finished"], "true" if run["interrupted"] else "false", "", "", "", ""])
    for s in report["variants"]:
        name = s["variant"]
        for row in s["seats"]:
            writer.writerow(
                [name, "seat_win_share", row["name"], row["games"], row["share"], row["low"], row["high"], row["p_value"], ""]
            )
        for row in s["bot_shares"]:
            writer.writerow(
                [name, "bot_win_share", row["bot"], row["games"], row["share"], row["low"], row["high"], row["p_value"], ""]
            )
        for row in s["positions"]:
            writer.writerow(
                [name, "position_win_share", row["position"], row["games"], row["share"], row["low"], row["high"],
                 row["p_value"], ""]
            )
        for key in ("mean", "median", "p10", "p90", "min", "max"):
            writer.writerow([name, "game_length", key, s["games"], s["length"][key], "", "", "", ""])
        for row in s["endings"]:
            writer.writerow([name, "ending", row["reason"], s["games"], row["share"], row["low"], row["high"], "", ""])
        for table in s.get("tallies", []):
            for row in table["rows"]:
                cells = [row["row"], row["count"], row["share"], row["low"], row["high"], "", ""]
                writer.writerow([name, f"tally:{table['table']}", *cells])
        for row in s.get("scores", []):
            writer.writerow([name, "score_mean_winners", row["score"], s["games"], row["winners"], "", "", "", ""])
            writer.writerow([name, "score_mean_others", row["score"], s["games"], row["others"], "", "", "", ""])
        for row in s["cards"]:
            writer.writerow([name, "card_plays_per_game", row["card"], s["games"], row["per_game"], "", "", "", ""])
            won = row["player_win"]
            writer.writerow(
                [name, "card_player_win_share", row["card"], won["games"], won["share"], won["low"], won["high"],
                 won.get("p_value", ""), ""]
            )
    for test in report.get("comparison", []):
        difference = test["difference"] if test["difference"] is not None else ""
        writer.writerow(["A vs B", "test", test["what"], "", difference, "", "", test["p_value"], ""])
    for row in (report.get("card_comparison") or {}).get("cards", []):
        for section, key in (("card_plays_per_game_test", "plays_test"), ("card_player_win_share_test", "win_test")):
            writer.writerow(["A vs B", section, row["card"], "", *_card_test_cells(row[key])])
    return buffer.getvalue()


def _card_test_cells(test: dict | None) -> list:
    """value (B minus A), low, high, p_value, p_adjusted; blank for a card in one variant only."""
    if test is None:
        return ["", "", "", "", ""]
    return [test["difference"], "", "", test["p_value"], test["p_adjusted"]]
