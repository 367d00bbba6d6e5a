"""`boardwalk sweep` stopped from outside, as simulate is (tests/test_simulate_signals.py, whose
helpers start the run in a session of its own and kill whatever is left at the end): Ctrl-C
reports the games every point finished and exits 130, SIGTERM writes nothing and exits 143
(issue 48: "Ctrl-C -> exit 130 and a partial report; SIGTERM -> 143"). The PID signalled is
the one the test started."""

from __future__ import annotations

import json
import os
import signal
import time

from test_simulate_signals import PATIENCE, _group_is_empty, pytestmark, running  # noqa: F401  # pytestmark: the same skip

LONG_SWEEP = ["sweep", "--vary", "rules.starting_hand=1..3", "--games", "300000", "--players", "2", "--bots", "random",
              "--jobs", "2", "--seed", "4"]


def test_ctrl_c_reports_the_games_every_point_finished_and_exits_130(tmp_path):
    report = tmp_path / "sweep.json"
    with running([*LONG_SWEEP, "--format", "json", "--out", str(report)]) as (process, _workers):
        time.sleep(1)  # some games, most likely: not needed for what follows to hold
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 130, err
        assert err.startswith("boardwalk sweep: stopped early (Ctrl-C); the report covers only the ")
        assert "Traceback" not in err and out == ""
        assert _group_is_empty(process.pid), "a worker outlived the run"
    data = json.loads(report.read_text())
    games = [point["games"] for point in data["points"]]
    assert data["run"]["interrupted"] is True and len(set(games)) == 1 and games[0] == data["run"]["games_finished"] < 300000
    turns = [point["summary"]["length"]["turns"] for point in data["points"]]
    assert all(len(t) == games[0] for t in turns)
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.json"]


def test_sigterm_ends_the_sweep_without_a_report_and_exits_143(tmp_path):
    report = tmp_path / "sweep.txt"
    report.write_text("the previous report\n")
    with running([*LONG_SWEEP, "--out", str(report)]) as (process, workers):
        os.kill(process.pid, signal.SIGTERM)
        out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 143
        assert err == "boardwalk sweep: stopped by a termination signal; no report written\n" and out == ""
        assert len(workers) == 2 and _group_is_empty(process.pid), "a worker outlived the run"
    assert report.read_text() == "the previous report\n"
