"""`simulate` and `sweep` on a Dask cluster (issue 48, "Test plan (loopback, 2 cores)"): the
same reports as this machine's processes, a local cluster on 127.0.0.1 only, TLS, the
options' mistakes and a missing extra as one line and exit 2, a plain tcp:// address off this
machine warned about. Everything listens on 127.0.0.1 and is stopped by the test.

The cluster of most tests is the module's own, its workers threads of this process (no process
is started: quick); the tests that start processes are `slow` (docs/architecture.md, "Test
lanes"): those of a hand-started `dask scheduler` and `dask worker` are in
tests/test_cluster_processes.py."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from engine.cli import main

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install -e '.[cluster]'")

PROJECT = Path(__file__).resolve().parent.parent
SIMULATE = ["simulate", "--games", "24", "--players", "2", "--bots", "random", "--seed", "9", "--format", "json"]
SWEEP = ["sweep", "--vary", "rules.starting_hand=1..2", "--games", "12", "--players", "2", "--bots", "random",
         "--seed", "4", "--format", "json"]
RUN_KEYS = ("seconds", "games_per_second", "jobs", "backend")


@pytest.fixture(scope="module")
def cluster():
    """Issue 48, test plan 1: a module's cluster of two one-thread workers on 127.0.0.1 (here
    threads of this process: LocalCluster(processes=False))."""
    from distributed import LocalCluster

    with warnings.catch_warnings():  # its HTTP server's port 8787 taken: it takes another
        warnings.simplefilter("ignore")
        local = LocalCluster(n_workers=2, threads_per_worker=1, processes=False, host="127.0.0.1", protocol="tcp://",
                             dashboard_address=None, memory_limit="1GiB", silence_logs=logging.ERROR)
    with local:
        yield local.scheduler_address


def _run(capsys, *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    out, err = capsys.readouterr()
    return code, out, err


def without_timing(text: str) -> dict:
    """A JSON report without what depends on who played it and how fast."""
    report = json.loads(text)
    for key in RUN_KEYS:
        report["run"].pop(key, None)
    return report


def test_a_simulate_report_is_the_same_on_processes_and_on_a_cluster(capsys, cluster):
    """Issue 48: "Reports are identical across back-ends and worker counts"."""
    here = _run(capsys, *SIMULATE, "--jobs", "1")
    there = _run(capsys, *SIMULATE, "--scheduler", cluster)
    assert here[0] == there[0] == 0, there[2]
    assert without_timing(here[1]) == without_timing(there[1])
    run = json.loads(there[1])["run"]
    assert run["backend"] == f"the Dask cluster at {cluster} (2 workers, 2 threads)" and run["jobs"] == 2


def test_a_comparison_and_a_sweep_are_the_same_on_a_cluster(capsys, cluster):
    compare = ["simulate", "winning-moves-2016", "house-stormy-weather", *SIMULATE[1:]]
    assert without_timing(_run(capsys, *compare, "--jobs", "1")[1]) == without_timing(
        _run(capsys, *compare, "--scheduler", cluster)[1])
    here = _run(capsys, *SWEEP, "--jobs", "1")
    there = _run(capsys, *SWEEP, "--scheduler", cluster)
    assert here[0] == there[0] == 0, there[2]
    assert without_timing(here[1]) == without_timing(there[1])


def test_the_text_header_names_the_cluster(capsys, cluster):
    """Issue 48: "The header names the engine": who played the games."""
    code, out, err = _run(capsys, *SWEEP[:-2], "--scheduler", cluster)
    assert code == 0 and err == ""
    assert f"seed 4, the Dask cluster at {cluster} (2 workers, 2 threads), " in out.splitlines()[2]


def test_a_scheduler_file_gives_the_address(capsys, cluster, tmp_path):
    file = tmp_path / "scheduler.json"
    file.write_text(json.dumps({"type": "Scheduler", "id": "Scheduler-x", "address": cluster, "services": {}}))
    code, out, err = _run(capsys, *SIMULATE, "--scheduler-file", str(file))
    assert code == 0, err
    assert json.loads(out)["run"]["games_finished"] == 24


def test_a_game_that_fails_on_a_worker_exits_1_naming_its_seed(capsys, cluster, monkeypatch):
    """The workers are threads of this process here, so the broken game is theirs too."""
    import engine.simulate.work

    def broken(variant, bots, seed, index=0):
        raise ValueError("a bug")

    monkeypatch.setattr(engine.simulate.work, "play_game", broken)
    code, out, err = _run(capsys, *SIMULATE, "--scheduler", cluster)
    assert code == 1 and out == ""
    assert err.startswith("boardwalk simulate: error: game ") and "(seed " in err and "ValueError: a bug" in err
    assert len(err.splitlines()) == 1


# ----- TLS -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory):
    """Issue 48, test plan 3: a cluster that speaks TLS only, its certificates made for the test
    (Security.temporary, which needs cryptography), and the client's files as PEM."""
    pytest.importorskip("cryptography", reason="Security.temporary makes its certificates with cryptography")
    from distributed import LocalCluster
    from distributed.security import Security

    security = Security.temporary()
    folder = tmp_path_factory.mktemp("tls")
    files = {}
    for name, pem in (("ca", security.tls_ca_file), ("cert", security.tls_client_cert), ("key", security.tls_client_key)):
        files[name] = folder / f"{name}.pem"
        files[name].write_text(pem)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        local = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, host="127.0.0.1", protocol="tls://",
                             security=security, dashboard_address=None, silence_logs=logging.ERROR)
    with local:
        yield local.scheduler_address, files


def _tls(files: dict, **instead: Path) -> list[str]:
    chosen = {**files, **instead}
    return ["--tls-ca", str(chosen["ca"]), "--tls-cert", str(chosen["cert"]), "--tls-key", str(chosen["key"])]


def test_a_tls_cluster_plays_the_same_games(capsys, tls_cluster):
    address, files = tls_cluster
    assert address.startswith("tls://127.0.0.1:")
    here = _run(capsys, *SIMULATE, "--jobs", "1")
    there = _run(capsys, *SIMULATE, "--scheduler", address, *_tls(files))
    assert there[0] == 0, there[2]
    assert there[2] == ""  # no warning: it is encrypted
    assert without_timing(here[1]) == without_timing(there[1])


def test_a_wrong_certificate_is_one_line_and_exit_2(capsys, tls_cluster, tmp_path):
    """Issue 48: "A wrong or missing certificate raises FatalCommClosedError or a raw
    TypeError: make each a one-line message"."""
    from distributed.security import Security

    address, files = tls_cluster
    other = Security.temporary()
    stranger = tmp_path / "other-ca.pem"
    stranger.write_text(other.tls_ca_file)
    empty = tmp_path / "empty.pem"
    empty.write_text("")
    for instead in ({"ca": stranger}, {"key": empty}, {"cert": files["key"]}):
        code, out, err = _run(capsys, *SIMULATE, "--scheduler", address, *_tls(files, **instead))
        assert code == 2 and out == ""
        assert err.startswith(f"boardwalk simulate: error: could not connect to the scheduler at {address}: "), err
        assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_plain_tcp_to_a_tls_scheduler_is_one_line_and_exit_2(capsys, tls_cluster):
    address, _files = tls_cluster
    code, out, err = _run(capsys, *SIMULATE, "--scheduler", address.replace("tls://", "tcp://"))
    assert code == 2 and len(err.splitlines()) == 1 and "could not connect to the scheduler" in err


# ----- the options -------------------------------------------------------------------------------


@pytest.mark.parametrize("arguments, words", [
    (["--scheduler", "udp://127.0.0.1:8786"], "is tcp://HOST:PORT or tls://HOST:PORT"),
    (["--scheduler", "tcp://127.0.0.1"], "give the scheduler's port too"),
    (["--scheduler", "tcp://127.0.0.1:99999"], "is not a port number"),
    (["--scheduler", "tcp://bad host:8786"], "is not an IP address or a host name"),
    (["--scheduler", "local", "--scheduler-file", "x.json"], "not both"),
    (["--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"], "--jobs counts this machine's processes"),
    (["--scheduler", "local", "--tls-ca", "a.pem", "--tls-cert", "b", "--tls-key", "c"], "takes no TLS files"),
    (["--tls-ca", "a.pem"], "go with --scheduler tls://"),
    (["--scheduler", "tls://127.0.0.1:8786", "--tls-ca", "a.pem"], "all three"),
    (["--scheduler", "tcp://127.0.0.1:8786", "--tls-ca", "a", "--tls-cert", "b", "--tls-key", "c"], "not tcp://"),
    (["--scheduler", "tls://127.0.0.1:8786", "--tls-ca", "nope.pem", "--tls-cert", "b", "--tls-key", "c"],
     "cannot read --tls-ca nope.pem: it does not exist"),
    (["--scheduler-file", "nope.json"], "cannot read --scheduler-file nope.json: it does not exist"),
    (["--scheduler-file", "bad.json"], "is not a Dask scheduler file"),
])
@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_wrong_cluster_option_is_one_line_and_exit_2(capsys, write, arguments, words, command):
    write("{not json", "bad.json")
    vary = ["--vary", "rules.starting_hand=1..2"] if command == "sweep" else []
    code, out, err = _run(capsys, command, *vary, "--games", "2", *arguments)
    assert code == 2 and out == ""
    assert err.startswith(f"boardwalk {command}: error: ") and words in err, err
    assert len(err.splitlines()) == 1


def test_plain_tcp_off_this_machine_is_warned_about_and_loopback_is_not(capsys):
    """Issue 48: "Plain tcp:// off loopback prints a one-line warning, as serve --host does"
    (the address is only read here: nothing is sent to it)."""
    import argparse

    from engine.commands.runs import cluster_of

    def options(address: str) -> argparse.Namespace:
        return argparse.Namespace(scheduler=address, scheduler_file=None, jobs=None, tls_ca=None, tls_cert=None,
                                  tls_key=None)

    where = cluster_of("sweep", options("192.0.2.7:8786"))
    err = capsys.readouterr().err
    assert where is not None and where.address == "tcp://192.0.2.7:8786"
    assert err.startswith("boardwalk sweep: warning: tcp://192.0.2.7:8786 is plain TCP: ") and "use tls://" in err
    assert len(err.splitlines()) == 1
    for quiet in ("tcp://127.0.0.1:8786", "tcp://localhost:8786", "tcp://[::1]:8786", "tls://192.0.2.7:8786"):
        cluster_of("sweep", options(quiet))
        assert capsys.readouterr().err == ""


def test_without_the_extra_the_options_say_how_to_install_it_and_exit_2():
    """Issue 48: "--scheduler without the extra -> exit 2, install hint"; never a traceback."""
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from engine.cli import main\n"
        "sys.exit(main(['simulate', '--games', '2', '--scheduler', 'local']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("boardwalk simulate: error: --scheduler needs Dask distributed, the optional extra "
                           "boardwalk[cluster]: pip install 'boardwalk[cluster]' (or pip install "
                           "'distributed>=2021.10.0')\n")


def test_an_unreachable_scheduler_is_one_line_and_exit_2(capsys, monkeypatch):
    import engine.simulate.cluster

    monkeypatch.setattr(engine.simulate.cluster, "CONNECT_SECONDS", 1)
    import socket

    with socket.socket() as free:  # a port nothing listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    code, out, err = _run(capsys, *SIMULATE, "--scheduler", f"tcp://127.0.0.1:{port}")
    assert code == 2 and out == ""
    assert err.startswith(f"boardwalk simulate: error: could not connect to the scheduler at tcp://127.0.0.1:{port}: ")
    assert len(err.splitlines()) == 1
