"""`boardwalk sweep` (issue 48): --vary read and checked against the domains the variant
declares, every point's variant checked before any game, the designs drawn from the seed,
reports that do not depend on --jobs, Ctrl-C's partial report, and the report's forms.

The games are random bots' two-player games of the 2016 rules (about 2 ms each), a house rule
written for the tests declaring a rule of each kind, and one sweep of a bundled card count."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

import engine.simulate.runner
import engine.simulate.work
from engine import load_variant
from engine.cli import main
from engine.simulate.work import make_spec, play_batch
from engine.sweep.design import make_points
from engine.sweep.report import render
from engine.sweep.vary import MAX_POINTS, Parameter, parse_vary
from engine.variant.load import check_variant, merged_document
from engine.variant.overrides import NotSettable, Setting, domain

HOUSE = """\
extends: winning-moves-2016
name: Sweep test
rules:
  bonus: 1
  mood: calm
  fast: true
  extras: [a]
rule_kinds:
  bonus: {number: [0, 3]}
  mood: {one_of: [calm, wild]}
  fast: yes_no
  extras: {some_of: [a, b]}
"""
QUICK = ["--games", "4", "--players", "2", "--bots", "random", "--seed", "11", "--jobs", "1"]


@pytest.fixture
def house(write):
    write(HOUSE)
    return merged_document("v.yaml")


def _sweep(capsys, *arguments: str) -> tuple[int, str, str]:
    code = main(["sweep", *arguments])
    out, err = capsys.readouterr()
    return code, out, err


# ----- --vary ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, values", [
    ("rules.bonus=0..3", (0, 1, 2, 3)),
    ("rules.bonus=0..3:2", (0, 2)),
    ("rules.bonus=3,1", (3, 1)),
    ("rules.mood=wild,calm", ("wild", "calm")),
    ("rules.fast=yes,no", (True, False)),
    ("rules.fast=true,false", (True, False)),
    ("rules.extras=a,a+b,b", (("a",), ("a", "b"), ("b",))),
    ("deck.cards.hurricane.count=0,2,4", (0, 2, 4)),
    ("rules.starting_hand= 1 .. 2 ", (1, 2)),
])
def test_vary_reads_ranges_steps_and_lists_in_each_kind_of_domain(house, text, values):
    """Issue 48: "--vary rules.starting_hand=1..4 and --vary deck.cards.hurricane.count=0,2,4"."""
    parameter = parse_vary(text, house)
    assert parameter.values == values


def test_a_range_gives_the_step_the_trend_is_told_per(house):
    assert parse_vary("rules.bonus=0..3:3", house).step == 3
    assert parse_vary("rules.bonus=0,2", house).step == 1
    assert parse_vary("rules.mood=calm", house).step is None


@pytest.mark.parametrize("vary, words", [
    ("rules.bonus=0..4", r"4 is too large: rules\.bonus is a whole number from 0 to 3, as declared at v\.yaml:9:10"),
    ("rules.bonus=-1,2", r"-1 is too small: .* as declared at v\.yaml:9:10"),
    ("rules.bonus=1,two", r"'two' is not a whole number: .* v\.yaml:9:10"),
    ("rules.bonus=3..1", r"the range '3\.\.1' runs backwards"),
    ("rules.bonus=0..3:0", r"the step of '0\.\.3:0' must be at least 1"),
    ("rules.bonus=1,1", r"1 is given twice"),
    ("rules.bonus=1,,2", r"has an empty value between its commas"),
    ("rules.mood=calm,wyld", r"'wyld' is not one of its words: rules\.mood is one of calm, wild, as declared at v\.yaml:10:9; "
                             r"did you mean 'wild'\?"),
    ("rules.mood=1..2", r"a range '1\.\.2' is only for numbers: .* v\.yaml:10:9"),
    ("rules.fast=yes,perhaps", r"'perhaps' is not yes or no: .* v\.yaml:11:9"),
    ("rules.extras=a+c", r"'c' is not one of its words: .* joined by '\+', as declared at v\.yaml:12:11"),
    ("rules.extras=a+a", r"'a\+a' names a word twice"),
    ("rules.bonsu=1", r"the variant has no rule 'bonsu' \(did you mean 'bonus'\?\); its rules are declared at v\.yaml:8:1"),
    ("deck.cards.hurican.count=1", r"the deck has no card 'hurican' \(did you mean 'hurricane'\?\); its cards are listed at "
                                   r".*winning-moves-2016\.yaml:\d+:\d+"),
    ("deck.cards.hurricane.count=0..101", r"101 is too large: deck\.cards\.hurricane\.count is a whole number from 0 to 100, "
                                          r"as declared at .*winning-moves-2016\.yaml:\d+:\d+"),
    ("board.zones=1", r"'board\.zones' names nothing that can be set \(give rules\.NAME"),
    ("rules.bonus", r"give PATH=VALUES"),
    ("rules.bonus=0..99999999", r"gives 100,000,000 values; a sweep has at most 10,000 points"),
])
def test_each_bad_vary_exits_2_with_a_located_message(write, capsys, vary, words):
    write(HOUSE)
    code, out, err = _sweep(capsys, "v.yaml", "--vary", vary, "--dry-run")
    assert code == 2 and out == ""
    assert err.startswith(f"boardwalk sweep: error: --vary {vary}: ")
    assert re.search(words, err), err
    assert "Traceback" not in err


def test_a_vary_too_long_is_refused_without_being_quoted_back(write, capsys):
    """A --vary of 5,000 digits was quoted back twice in its message (10 KB on the terminal):
    past MAX_VARY characters it is refused with its length alone."""
    write(HOUSE)
    vary = "rules.bonus=" + "9" * 5_000
    code, out, err = _sweep(capsys, "v.yaml", "--vary", vary, "--dry-run")
    assert code == 2 and out == ""
    assert "at most 2,000 characters long (this one has 5,012)" in err and "999" not in err
    assert len(err) < 300


def test_a_value_is_checked_against_the_domain_the_variant_declares(house):
    """Issue 48: "each value against the rule's declared domain (e.g. starting_hand:
    {number: [0, 20]})": the domain is read from the merged files, with where it is declared."""
    found = domain(merged_document("winning-moves-2016"), "rules.starting_hand")
    assert (found.kind, found.low, found.high, found.current) == ("number", 0, 20, 2)
    assert found.problem(20) is None and found.problem(21) == "21 is too large"
    assert str(found.where).endswith("winning-moves-2016.yaml:118:18")
    with pytest.raises(NotSettable, match="is not yes or no"):
        domain(house, "rules.fast").read("maybe")


@pytest.mark.parametrize("arguments, words", [
    (["--vary", "rules.bonus=0..3", "--vary", "rules.bonus=1"], "--vary rules.bonus is given twice"),
    ([], "give at least one --vary"),
    (["--vary", "rules.bonus=0..3", "--baseline", "9"], "--baseline 9: 9 is too large"),
    (["--vary", "rules.bonus=0..1", "--baseline", "2"], "--baseline 2 is not one of the sweep's points"),
    (["--vary", "rules.bonus=0..3", "--baseline", "1,2"], "give one value for each --vary (1)"),
    (["--vary", "rules.bonus=0..3", "--design", "random"], "--design random needs --points K"),
    (["--vary", "rules.bonus=0..3", "--design", "lhs", "--points", "5"], "--points 5 is more than the 4 combinations"),
    (["--vary", "rules.bonus=0..3", "--points", "2"], "--points is for --design random or lhs"),
    (["--vary", "rules.bonus=0..3", "--games", "0"], "--games must be at least 1"),
    (["--vary", "rules.bonus=0..3", "--games", "250001"],
     "4 points x 250,001 games is 1,000,004 games; a sweep plays at most 1,000,000"),
    (["--vary", "rules.starting_hand=0..20", "--vary", "deck.cards.hurricane.count=0..100", "--vary", "rules.fast=yes,no",
      "--vary", "rules.bonus=0..3"], f"the grid has 16,968 points; a sweep has at most {MAX_POINTS:,}"),
    (["--vary", "rules.bonus=0..3", "--jobs", "0"], "--jobs must be at least 1"),
    (["--vary", "rules.bonus=0..3", "--players", "9"], "--players 9"),
    (["--vary", "rules.bonus=0..3", "--bots", "nosuch"], "unknown bot 'nosuch'"),
])
def test_bad_arguments_exit_2_with_a_plain_message(write, capsys, monkeypatch, arguments, words):
    write(HOUSE)
    monkeypatch.setattr("engine.commands.sweep._checked_specs", _no_check)
    code, out, err = _sweep(capsys, "v.yaml", *arguments, "--dry-run")
    assert code == 2 and out == "", err
    assert words in err and "Traceback" not in err


def test_a_grid_within_the_caps_is_listed(write, capsys, monkeypatch):
    write(HOUSE)
    monkeypatch.setattr("engine.commands.sweep._checked_specs", _no_check)
    code, out, err = _sweep(capsys, "v.yaml", "--vary", "rules.starting_hand=0..20", "--vary",
                            "deck.cards.hurricane.count=0..100", "--vary", "rules.bonus=0..3", "--games", "100", "--dry-run",
                            "--format", "csv")
    assert code == 0, err
    assert len(out.splitlines()) == 1 + 21 * 101 * 4


def _no_check(plan):
    """Stands in for the check of every point where a test is about the arguments alone."""
    return [], plan


def test_a_point_whose_variant_does_not_check_exits_2_naming_the_point_and_the_place(write, capsys, monkeypatch):
    """Issue 48: "each derived variant with check. A failure exits 2, naming the point and
    path:line:col" (13 starting cards of four players need 52 of the deck's 28)."""
    monkeypatch.setattr(engine.simulate.runner, "play_specs", _must_not_play)
    code, out, err = _sweep(capsys, "--vary", "rules.starting_hand=5,6,7,13", *QUICK[:-2], "--players", "4")
    assert code == 2 and out == ""
    assert re.search(r"boardwalk sweep: error: point 4 \(starting_hand=13\): \S*variants/winning-moves-2016\.yaml:\d+:\d+: "
                     r"error: the deck holds 28 cards, but 4 players with 13 cards each need 52", err), err
    assert "warning: point 3 (starting_hand=7): " in err and "leaving none to draw" in err
    assert "point 1" not in err and "1 of the 4 points gives a variant with problems; nothing was played" in err


def _must_not_play(*args, **kwargs):
    raise AssertionError("a game was played")


def test_a_setting_checks_and_plays_as_a_house_rule_that_writes_it(write):
    """The settings are set in the merged document before the check, so a point plays the
    very games of a file that says the same."""
    written = write("extends: winning-moves-2016\nrules:\n  starting_hand: 4\ndeck:\n  cards:\n    - id: hurricane\n"
                    "      count: 1\n", "house.yaml")
    settings = (Setting("rules.starting_hand", 4), Setting("deck.cards.hurricane.count", 1))
    set_so = check_variant("winning-moves-2016", settings).variant
    assert set_so is not None
    from_file = load_variant(str(written))
    assert set_so.rules == from_file.rules and set_so.cards == from_file.cards
    assert (play_batch(make_spec(set_so, 3, ["random"], 5, settings), 0, 3)
            == play_batch(make_spec(from_file, 3, ["random"], 5), 0, 3))


# ----- designs -----------------------------------------------------------------------------------


def _parameters(house, *texts: str) -> list[Parameter]:
    return [parse_vary(text, house) for text in texts]


def test_the_grid_is_every_combination_the_first_parameter_slowest(house):
    points = make_points(_parameters(house, "rules.bonus=0..2", "rules.mood=calm,wild"), "grid", None, 1)
    assert points == [(0, "calm"), (0, "wild"), (1, "calm"), (1, "wild"), (2, "calm"), (2, "wild")]


@pytest.mark.parametrize("design", ["random", "lhs"])
def test_random_and_lhs_points_are_drawn_from_the_seed(house, design):
    parameters = _parameters(house, "deck.cards.hurricane.count=0..100", "rules.bonus=0..3")
    first = make_points(parameters, design, 12, seed=7)
    assert make_points(parameters, design, 12, seed=7) == first
    assert make_points(parameters, design, 12, seed=8) != first
    assert len(set(first)) == len(first) and first == sorted(first)


def test_a_latin_hypercube_puts_one_point_in_each_stratum_of_each_parameter(house):
    parameters = _parameters(house, "deck.cards.hurricane.count=0..99", "rules.starting_hand=0..19")
    points = make_points(parameters, "lhs", 10, seed=3)
    assert len(points) == 10
    assert sorted(count // 10 for count, _ in points) == list(range(10))
    assert sorted(hand // 2 for _, hand in points) == list(range(10))


# ----- running ----------------------------------------------------------------------------------

RUN = ["--vary", "rules.starting_hand=1..3", "--games", "30", "--players", "2", "--bots", "random", "--seed", "5",
       "--format", "json"]


def _without_timing(text: str) -> dict:
    report = json.loads(text)
    for key in ("seconds", "games_per_second", "jobs", "backend"):
        del report["run"][key]
    return report


@pytest.mark.slow
def test_a_report_does_not_depend_on_the_number_of_jobs(capsys):
    """Issue 48: "Seeds depend on (seed, index) only: ... worker count ... cannot change a report"."""
    one = _sweep(capsys, *RUN, "--jobs", "1")
    two = _sweep(capsys, *RUN, "--jobs", "2")
    assert one[0] == two[0] == 0
    assert _without_timing(one[1]) == _without_timing(two[1])


def test_every_point_plays_the_same_seeds_and_its_own_rules(capsys):
    code, out, _ = _sweep(capsys, *RUN, "--jobs", "1")
    report = json.loads(out)
    assert code == 0 and [p["games"] for p in report["points"]] == [30, 30, 30]
    assert report["baseline"] == {"point": 2, "why": "the variant's own values", "values": {"rules.starting_hand": 2}}
    assert report["engine"]["name"] == "boardwalk" and report["engine"]["version"]
    spec = make_spec(load_variant("winning-moves-2016"), 2, ["random"], 5)
    first_game = engine.simulate.runner._shared(play_batch(spec, 0, 1)[0], {})
    assert report["points"][1]["summary"]["length"]["turns"][0] == first_game.turns


def test_a_card_count_point_reports_its_own_deck(capsys):
    code, out, _ = _sweep(capsys, "--vary", "deck.cards.hurricane.count=0,4", "--games", "20", "--players", "2",
                          "--bots", "random", "--seed", "2", "--jobs", "1", "--format", "json")
    assert code == 0
    hurricane = [next(c for c in p["summary"]["cards"] if c["card"] == "hurricane") for p in json.loads(out)["points"]]
    assert [h["in_deck"] for h in hurricane] == [0, 4]
    assert hurricane[0]["plays"] == 0 < hurricane[1]["plays"]


def test_ctrl_c_keeps_the_games_every_point_finished_and_exits_130(capsys, monkeypatch):
    """Issue 48: "after Ctrl-C, points keep only the games all finished"."""
    real = engine.simulate.work.play_game
    played: list[int] = []

    def play(variant, bots, seed, index=0):
        played.append(index)
        if len(played) == 8:  # point 1 has finished games 0 to 2, points 2 and 3 games 0 and 1
            raise KeyboardInterrupt
        return real(variant, bots, seed, index)

    monkeypatch.setattr(engine.simulate.work, "play_game", play)
    code, out, err = _sweep(capsys, *RUN[:-2], "--jobs", "1")
    assert code == 130
    assert "boardwalk sweep: stopped early (Ctrl-C); the report covers only the 2 of 30 games per point" in err
    assert "stopped early (Ctrl-C): the figures cover only the 2 games per point that every point finished" in out
    assert re.search(r"^ +\d +\d +2 +", out, re.MULTILINE)


def test_a_dry_run_checks_every_point_and_plays_nothing(capsys, monkeypatch):
    monkeypatch.setattr(engine.simulate.runner, "play_specs", _must_not_play)
    code, out, err = _sweep(capsys, "--vary", "rules.starting_hand=0..2", "--vary", "rules.turn_order=roll,seat",
                            "--games", "50", "--seed", "1", "--dry-run")
    assert code == 0 and err == ""
    assert "6 points (grid) x 50 games = 300 games" in out and "a dry run: nothing is played" in out
    assert "baseline: point 5 (the variant's own values)" in out
    code, out, _ = _sweep(capsys, "--vary", "rules.starting_hand=0..2", "--dry-run", "--format", "json", "--seed", "1")
    data = json.loads(out)
    assert data["dry_run"] is True and [p["values"] for p in data["points"]] == [{"rules.starting_hand": v} for v in (0, 1, 2)]


def test_the_text_report_names_the_engine_and_has_a_row_a_point_the_trends_and_a_chart(capsys):
    code, out, _ = _sweep(capsys, *RUN[:-2], "--jobs", "1")
    assert code == 0
    assert re.match(r"boardwalk \S+: a sweep of 'Advance to Boardwalk \(Winning Moves, 2016\)'", out)
    header = next(line for line in out.splitlines() if line.startswith("point"))
    assert header.split("  ")[:3] == ["point", "starting_hand", "games"]
    assert "first player [95%]" in header and "vs baseline" in header and "mean length [95%]" in header
    assert re.search(r"^ +2 +2 +30 +\d+\.\d% \[.*\] +baseline", out, re.MULTILINE)
    assert "multiplies the first player's odds of winning" in out or "No clear trend in the first player's odds" in out
    assert "(Cochran-Armitage trend test, p" in out
    assert "lack-of-fit" not in out and ("The points follow that trend" in out or "The points stray" in out)
    assert "The seats' chances" in out and "is found 4 times in 5 by one test" in out
    assert "first player's wins (%), 95% intervals" in out and "\x1b" not in out


def test_a_words_parameter_has_no_trend_and_two_parameters_a_heat_table(capsys):
    code, out, _ = _sweep(capsys, "--vary", "rules.starting_hand=1,2", "--vary", "rules.turn_order=roll,seat", *QUICK)
    assert code == 0
    assert "odds of winning" not in out and "No clear trend" not in out
    assert "No trend is fitted: a parameter is not a number." in out
    assert "first player's share (%): rules.starting_hand down, rules.turn_order across" in out


def test_the_csv_is_one_tidy_long_table(capsys):
    code, out, _ = _sweep(capsys, "--vary", "rules.starting_hand=1..3", *QUICK, "--format", "csv", "--correction", "bh")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert list(rows[0]) == ["point", "rules.starting_hand", "metric", "group", "value", "ci_low", "ci_high", "n",
                             "p_value", "p_adjusted"]
    assert rows[0]["metric"] == "interrupted" and rows[0]["value"] == "false"
    metrics = {(row["point"], row["metric"]) for row in rows}
    for point in ("1", "2", "3"):
        assert {(point, "first_player_share"), (point, "mean_length"), (point, "seat_share")} <= metrics
    assert ("1", "difference_from_baseline") in metrics and ("2", "difference_from_baseline") not in metrics
    assert {("", "odds_ratio_per_step"), ("", "seats_chi_square"), ("", "length_slope_per_step")} <= metrics
    difference = next(row for row in rows if row["metric"] == "difference_from_baseline")
    assert float(difference["p_adjusted"]) >= float(difference["p_value"])


def test_the_json_says_which_correction_and_counts_the_tests(capsys):
    code, out, _ = _sweep(capsys, "--vary", "rules.starting_hand=0..3", *QUICK, "--format", "json", "--correction", "bh")
    report = json.loads(out)
    assert code == 0 and report["run"]["correction"] == "Benjamini-Hochberg"
    assert report["tests"]["tests"] == 3
    assert set(report["tests"]) == {"tests", "real_before_correction", "real_after_correction", "test"}
    paired = report["seed_correlation"] is not None and report["seed_correlation"] > 0.1
    assert report["tests"]["test"] == ("McNemar test" if paired else "two-proportion z-test")
    tested = [point["versus_baseline"] for point in report["points"] if point["point"] != report["baseline"]["point"]]
    assert {versus["test"] for versus in tested} == {report["tests"]["test"]}


def test_the_report_goes_to_out_in_one_step(capsys, tmp_path):
    target = tmp_path / "sweep.txt"
    code, out, _ = _sweep(capsys, "--vary", "rules.starting_hand=1,2", *QUICK, "--out", str(target))
    assert code == 0 and out == ""
    assert target.read_text().startswith("boardwalk ")


def test_points_whose_games_are_alike_are_tested_game_by_game(write, capsys):
    """Issue 48, "Shared seeds: use McNemar only if outcomes of one seed correlate across
    points above 0.1 (measure it)". A rule nothing reads changes no game: every point plays
    the very games of the baseline, their outcomes correlate 1, and McNemar's test finds
    nothing to tell."""
    write(HOUSE)
    code, out, _ = _sweep(capsys, "v.yaml", "--vary", "rules.bonus=0..3", *QUICK[:1], "12", *QUICK[2:], "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["seed_correlation"] == pytest.approx(1.0)
    assert report["tests"]["test"] == "McNemar test"
    turns = {tuple(point["summary"]["length"]["turns"]) for point in report["points"]}
    assert len(turns) == 1
    tested = [p["versus_baseline"] for p in report["points"] if p["versus_baseline"]]
    assert [(t["difference"], t["p_value"]) for t in tested] == [(0.0, 1.0)] * 3
    text = render(report, "text")
    assert "tested game by game on the same seeds by McNemar's test" in " ".join(text.split())
