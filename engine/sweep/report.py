"""A sweep's report as text (a table, a sentence per trend, a chart), JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
import textwrap
from typing import Any

from engine.simulate.stats import format_p


def render(report: dict, form: str) -> str:
    """The report in `form`: "text", "json" or "csv"."""
    if form == "json":
        return json.dumps(report, indent=2) + "\n"
    if form == "csv":
        return _csv(report)
    return _text(report)


def value_text(value: Any) -> str:
    """A parameter's value as a person types it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "+".join(value)
    return str(value)


# ----- text ------------------------------------------------------------------------------------


def _text(report: dict) -> str:
    out = _header(report)
    out.append("")
    out.extend(_table(report))
    out.append("")
    out.extend(_legend(report))
    sentences = _sentences(report)
    if sentences:
        out.append("")
        out.extend(_bullet(sentence) for sentence in sentences)
    if len(report["parameters"]) == 2 and report["run"]["design"] == "grid":
        out.append("")
        out.extend(_heat_table(report))
    if any(point["games"] for point in report["points"]):
        out.append("")
        out.append(_chart(report))
    return "\n".join(out) + "\n"


def _header(report: dict) -> list[str]:
    run = report["run"]
    lines = [f"{report['engine']['name']} {report['engine']['version']}: a sweep of '{run['variant_name']}' ({run['variant']})"]
    for parameter in report["parameters"]:
        own = parameter["variant_value"]
        told = f"; the variant's own: {value_text(own)}" if own is not None else ""
        values = ", ".join(value_text(v) for v in parameter["values"])
        lines.append(f"{parameter['path']} = {_shorter(values, 60)} ({parameter['domain']}{told})")
    lines.append(
        f"{run['points']} points ({run['design']}) x {run['games_finished']} of {run['games_requested']} games, "
        f"{run['players']} players, bots {', '.join(run['bots'])}, seed {run['seed']}, {run['backend']}, "
        f"{run['seconds']:.1f} s ({run['games_per_second']:.1f} games/s)"
    )
    if run["interrupted"]:
        lines.append(
            f"stopped early (Ctrl-C): the figures cover only the {run['games_finished']} games per point that every "
            f"point finished, of {run['games_requested']} asked for"
        )
    return lines


def _shorter(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _table(report: dict) -> list[str]:
    labels = [p["path"].split(".")[-1] if p["path"].startswith("rules.") else p["path"].split(".")[2] + " count"
              for p in report["parameters"]]
    bots = any(point["top_bot"] for point in report["points"])
    header = ["point", *labels, "games", "first player [95%]", "vs baseline", "mean length [95%]", "ending"]
    if bots:
        header.append("top bot [95%]")
    rows = [_row(report, point, bots) for point in report["points"]]
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    right = {0, len(labels) + 1}  # the point number and the games, aligned as numbers
    return ["  ".join(_cell(str(cell), width, i in right) for i, (cell, width) in enumerate(zip(line, widths))).rstrip()
            for line in [header, *rows]]


def _cell(text: str, width: int, right: bool) -> str:
    return text.rjust(width) if right else text.ljust(width)


def _row(report: dict, point: dict, bots: bool) -> list[str]:
    values = [value_text(point["values"][p["path"]]) for p in report["parameters"]]
    if not point["games"]:
        return [str(point["point"]), *values, "0", "-", "-", "-", "-", *(["-"] if bots else [])]
    first = point["first_player"]
    share = f"{100 * first['share']:4.1f}% [{100 * first['low']:4.1f}, {100 * first['high']:4.1f}]"
    versus = point["versus_baseline"]
    if point["point"] == report["baseline"]["point"]:
        against = "baseline"
    elif versus is None:
        against = "-"
    else:
        against = f"{100 * versus['difference']:+5.1f}{' *' if versus['real'] else ''}"
    length = point["length"]
    lengths = f"{length['mean']:.1f} [{length['low']:.1f}, {length['high']:.1f}]"
    ending = point["ending"]
    ended = f"{ending['reason']} {100 * ending['share']:.0f}%" if ending else "-"
    row = [str(point["point"]), *values, str(point["games"]), share, against, lengths, ended]
    if bots:
        top = point["top_bot"]
        row.append(f"{top['bot']} {100 * top['share']:.1f}% [{100 * top['low']:.1f}, {100 * top['high']:.1f}]" if top else "-")
    return row


def _legend(report: dict) -> list[str]:
    run, tests, baseline = report["run"], report["tests"], report["baseline"]
    text = (
        f"first player: the share of games the player who moved first won, with its 95% Wilson interval; "
        f"vs baseline: the difference from point {baseline['point']} ({baseline['why']}) in points of share, "
        f"{_tested_by(report)}, "
        f"* where it is real (p < {run['alpha']:g} after {run['correction']}'s correction over the "
        f"{tests['tests']} tests: {tests['real_before_correction']} had p < {run['alpha']:g} before it, "
        f"{tests['real_after_correction']} after); mean length in turns with its 95% t-interval; "
        f"ending: the most common way games ended and its share."
    )
    return textwrap.wrap(text, width=80)


def _tested_by(report: dict) -> str:
    if report["tests"]["test"] == "McNemar test":
        return (f"tested game by game on the same seeds by McNemar's test (the outcomes of a seed correlate "
                f"{report['seed_correlation']:.2f} between the points)")
    return "tested by the two-proportion z-test"


def _sentences(report: dict) -> list[str]:
    sentences = []
    trends = report["trends"]
    share, length = trends["share"], trends["length"]
    if share is None and trends.get("why"):
        sentences.append(f"No trend is fitted: {trends['why']}.")
    for term in share["terms"] if share else []:
        sentences.append(_odds_sentence(report, term))
    if share and share["lack_of_fit"]:
        sentences.append(_fit_sentence(share["lack_of_fit"]))
    for term in length["terms"] if length else []:
        sentences.append(_length_sentence(report, term))
    sentences.append(_seat_sentence(report["seats"]))
    sentences.append(_power_sentence(report))
    return sentences


def _per_step(report: dict, term: dict) -> str:
    return f"each step of {term['step']} in {term['path']}"


def _odds_sentence(report: dict, term: dict) -> str:
    step = _per_step(report, term)
    figures = f"{term['odds_ratio']:.3f} [{term['low']:.3f}, {term['high']:.3f}]"
    test = f"{term['test']}, {format_p(term['p_value'])}"
    if term["p_value"] < report["run"]["alpha"]:
        return f"{step[0].upper()}{step[1:]} multiplies the first player's odds of winning by {figures} ({test})."
    return f"No clear trend in the first player's odds with {term['path']}: {figures} per step of {term['step']} ({test})."


def _fit_sentence(fit: dict) -> str:
    figures = f"deviance {fit['statistic']:.1f} on {_freedom(fit['freedom'])}, {format_p(fit['p_value'])}"
    if fit["real"]:
        return (f"The points stray from that trend more than chance explains ({figures}): the effect is not steady "
                "(it may rise and then fall); read the points, not the line.")
    return f"The points follow that trend within the noise ({figures})."


def _freedom(count: int) -> str:
    return f"{count} degree{'s' if count != 1 else ''} of freedom"


def _length_sentence(report: dict, term: dict) -> str:
    figures = f"{term['slope']:+.2f} turns [{term['low']:+.2f}, {term['high']:+.2f}]"
    if term["p_value"] < report["run"]["alpha"]:
        longer = "longer" if term["slope"] > 0 else "shorter"
        step = _per_step(report, term)
        return f"{step[0].upper()}{step[1:]} makes games {longer} on average: {figures} ({format_p(term['p_value'])})."
    p = format_p(term["p_value"])
    return f"No clear trend in game length with {term['path']}: {figures} per step of {term['step']} ({p})."


def _seat_sentence(seats: dict) -> str:
    figures = f"chi-square {seats['statistic']:.1f} on {_freedom(seats['freedom'])}, {format_p(seats['p_value'])}"
    if seats["p_value"] < 0.05:
        return f"The seats' chances differ across the points ({figures})."
    return f"The seats' chances do not clearly differ across the points ({figures})."


def _power_sentence(report: dict) -> str:
    power, run = report["power"], report["run"]
    paired = " (by the two-proportion test: McNemar's, on games this alike, finds smaller ones)"
    return (
        f"With {power['games']} games a point, a difference of {100 * power['one_test']:.1f} points from the baseline's "
        f"{100 * power['share']:.1f}% is found 4 times in 5 by one test, and of {100 * power['all_tests']:.1f} points "
        f"by {run['correction']}'s strictest step over the {power['tests']} tests"
        f"{paired if report['tests']['test'] == 'McNemar test' else ''}."
    )


def _bullet(sentence: str) -> str:
    return textwrap.fill(sentence, width=80, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False)


def _heat_table(report: dict) -> list[str]:
    """Two parameters: the first player's share (%) at each pair of values, the first
    parameter down, the second across."""
    first, second = report["parameters"]
    shares = {(value_text(p["values"][first["path"]]), value_text(p["values"][second["path"]])):
              (f"{100 * p['first_player']['share']:.1f}" if p["games"] else "-") for p in report["points"]}
    across = [value_text(v) for v in second["values"]]
    down = [value_text(v) for v in first["values"]]
    width = max(6, *(len(v) for v in across))
    side = max(len(first["path"]), *(len(v) for v in down))
    lines = [f"first player's share (%): {first['path']} down, {second['path']} across",
             " " * side + "  " + "  ".join(v.rjust(width) for v in across)]
    for row in down:
        lines.append(row.ljust(side) + "  " + "  ".join(shares.get((row, col), "-").rjust(width) for col in across))
    return lines


def _chart(report: dict) -> str:
    """The first player's share at each point with its 95% interval as a bar, and a fair
    share as a line across: by the parameter's value for one numeric parameter, else by
    the point's number."""
    import plotext as plt

    played = [p for p in report["points"] if p["games"]]
    parameters = report["parameters"]
    numeric = len(parameters) == 1 and all(type(p["values"][parameters[0]["path"]]) is int for p in played)
    xs = [float(p["values"][parameters[0]["path"]]) if numeric else float(p["point"]) for p in played]
    lows = [100 * p["first_player"]["low"] for p in played]
    highs = [100 * p["first_player"]["high"] for p in played]
    plt.clear_figure()
    plt.error(xs, [(a + b) / 2 for a, b in zip(lows, highs)], yerr=[b - a for a, b in zip(lows, highs)])
    plt.scatter(xs, [100 * p["first_player"]["share"] for p in played], marker="o")
    plt.hline(100 / report["run"]["players"])
    plt.plotsize(72, 18)
    plt.theme("clear")
    plt.title("first player's wins (%), 95% intervals; the line: a fair share")
    plt.xlabel(parameters[0]["path"] if numeric else "point")
    if len(xs) <= 12:
        plt.xticks(xs, [value_text(p["values"][parameters[0]["path"]]) if numeric else str(p["point"]) for p in played])
    margin = (max(xs) - min(xs)) / 20 or 1
    plt.xlim(min(xs) - margin, max(xs) + margin)
    text = plt.build()
    plt.clear_figure()
    return plt.uncolorize(text)


# ----- CSV -------------------------------------------------------------------------------------

_COLUMNS = ["metric", "group", "value", "ci_low", "ci_high", "n", "p_value", "p_adjusted"]


def _csv(report: dict) -> str:
    """One tidy long table: a row per figure, the point and its parameters' values first
    (empty for the figures of the whole sweep)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    paths = [p["path"] for p in report["parameters"]]
    writer.writerow(["point", *paths, *_COLUMNS])
    blank = [""] * len(paths)
    run = report["run"]
    stopped = "true" if run["interrupted"] else "false"
    writer.writerow(["", *blank, "interrupted", "", stopped, "", "", run["games_finished"], "", ""])
    for point in report["points"]:
        lead = [point["point"], *(value_text(point["values"][path]) for path in paths)]
        for row in _point_rows(point):
            writer.writerow([*lead, *row])
    for row in _sweep_rows(report):
        writer.writerow(["", *blank, *row])
    return buffer.getvalue()


def _point_rows(point: dict) -> list[list]:
    n = point["games"]
    if not n:
        return [["games", "", 0, "", "", 0, "", ""]]
    first, length, versus = point["first_player"], point["length"], point["versus_baseline"]
    rows = [
        ["first_player_share", "", first["share"], first["low"], first["high"], n, first["p_value"], ""],
        ["mean_length", "", length["mean"], length["low"], length["high"], n, "", ""],
    ]
    if versus is not None:
        rows.append(["difference_from_baseline", "", versus["difference"], "", "", n, versus["p_value"], versus["p_adjusted"]])
    summary = point["summary"]
    rows += [["seat_share", seat["name"], seat["share"], seat["low"], seat["high"], n, seat["p_value"], ""]
             for seat in summary["seats"]]
    rows += [["bot_share", bot["bot"], bot["share"], bot["low"], bot["high"], bot["games"], bot["p_value"], ""]
             for bot in summary["bot_shares"]]
    rows += [["ending_share", ending["reason"], ending["share"], ending["low"], ending["high"], n, "", ""]
             for ending in summary["endings"]]
    return rows


def _sweep_rows(report: dict) -> list[list]:
    rows = []
    games = sum(point["games"] for point in report["points"])
    share, length = report["trends"]["share"], report["trends"]["length"]
    for term in share["terms"] if share else []:
        rows.append(["odds_ratio_per_step", term["path"], term["odds_ratio"], term["low"], term["high"], games,
                     term["p_value"], ""])
    if share and share["lack_of_fit"]:
        fit = share["lack_of_fit"]
        rows.append(["lack_of_fit_deviance", f"df={fit['freedom']}", fit["statistic"], "", "", games, fit["p_value"], ""])
    for term in length["terms"] if length else []:
        rows.append(["length_slope_per_step", term["path"], term["slope"], term["low"], term["high"], games, term["p_value"], ""])
    seats = report["seats"]
    rows.append(["seats_chi_square", f"df={seats['freedom']}", seats["statistic"], "", "", games, seats["p_value"], ""])
    power = report["power"]
    rows.append(["detectable_difference", "one test", power["one_test"], "", "", power["games"], "", ""])
    rows.append(["detectable_difference", f"{power['tests']} tests", power["all_tests"], "", "", power["games"], "", ""])
    return rows
