"""`boardwalk serve` without a browser: its arguments checked before anything listens, the
command each browser tab runs (quoted, the same game options as `play`), the warning when it
listens beyond this machine, and a port already taken; and the server itself, run in this
process on a free port, against what a hostile page or client may send. tests/test_browser.py
plays through it in chromium."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import doctest
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.cli import main
from engine.commands import play, serve
from engine.resources import variants_dir

ROOT = Path(__file__).resolve().parents[1]
STUB = "exec " + shlex.join([sys.executable, str(ROOT / "tests" / "served_game_stub.py")])
"""What a tab runs in the tests of the server: tests/served_game_stub.py shows what it is given."""
WAIT = 60.0
"""Seconds after which a test that waits for the server gives up: a guard against hanging, no
measure of speed."""


def parsed(command: str, *argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="boardwalk")
    commands = parser.add_subparsers()
    {"play": play, "serve": serve}[command].register(commands)
    return parser.parse_args([command, *argv])


GAME_FIELDS = ("variant", "players", "bots", "seed", "load", "load_variant", "pace", "theme")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["parker-1985", "--bots", "greedy,strong", "--seed", "-42", "--pace", "fast", "--theme", "nord"],
        ["--players", "3", "--bots=-odd", "--", "-a file; rm -rf ~ $(x) 'q'.yaml"],
        ["--load", "saturday game.json", "--variant", "my rules.yaml", "--port", "8080", "--host", "::1"],
    ],
    ids=["start-screen", "options", "odd-names", "load"],
)
def test_each_tab_runs_play_with_the_same_game_options(argv):
    args = parsed("serve", *argv)
    words = shlex.split(serve.play_command(args))
    assert words[:6] == ["exec", sys.executable, "-P", "-m", "engine.cli", "play"]
    again = parsed("play", *words[6:])
    for field in GAME_FIELDS:
        assert getattr(again, field) == getattr(args, field), field


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--port", "0"], "argument --port: '0' is not a port number from 1 to 65535"),
        (["--port", "65536"], "argument --port: '65536' is not a port number from 1 to 65535"),
        (["--port", "http"], "argument --port: 'http' is not a port number"),
        (["--host", "bad host"], "argument --host: 'bad host' is not an IP address or a host name"),
        (["--host", "1.2.3.999"], "argument --host: '1.2.3.999' is not an IP address or a host name"),
        (["--host", "evil\x1b]0;x\x07"], "argument --host: 'evil\\x1b]0;x\\x07' is not an IP address"),
        (["--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["--max-games", "0"], "argument --max-games: '0' is not a number of games from 1 to 1000"),
        (["--max-games", "-1"], "argument --max-games: '-1' is not a number of games from 1 to 1000"),
        (["--max-games", "1001"], "argument --max-games: '1001' is not a number of games from 1 to 1000"),
        (["--max-games", "eight"], "argument --max-games: 'eight' is not a number of games"),
        (["--max-games", "8.5"], "argument --max-games: '8.5' is not a number of games"),
        (["--max-games", ""], "argument --max-games: '' is not a number of games"),
        (["--max-games", "\u0668"], "argument --max-games: '\u0668' is not a number of games"),  # an Arabic-Indic 8
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["serve", *argv])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert f"boardwalk serve: error: {message}" in err and "Traceback" not in err


def test_the_game_is_checked_before_anything_listens(write, monkeypatch, capsys):
    from tui.web import BoardwalkServer

    monkeypatch.setattr(BoardwalkServer, "serve", lambda self: pytest.fail("served a game that cannot start"))
    assert main(["serve", "--bots", "nobody"]) == 2
    assert "boardwalk serve: error: unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["serve", "no-such-variant"]) == 2
    assert "boardwalk serve: error: no variant file or bundled variant named 'no-such-variant'" in capsys.readouterr().err
    write("extends: winning-moves-2016\nrulez: 1\n")
    assert main(["serve", "v.yaml"]) == 2
    err = capsys.readouterr().err
    assert "v.yaml:2:1: error: unknown key 'rulez'" in err and "boardwalk serve: error: variant 'v.yaml' has problems" in err
    assert main(["serve", "--load", "game.json", "parker-1985"]) == 2
    assert "boardwalk serve: error: --load resumes a saved game" in capsys.readouterr().err
    assert main(["serve", "--theme", "no-such-theme"]) == 2
    assert "boardwalk serve: error: no theme 'no-such-theme'" in capsys.readouterr().err


@pytest.mark.parametrize("host, warned", [("127.0.0.1", False), ("::1", False), ("localhost", False), ("0.0.0.0", True),
                                          ("192.0.2.1", True)])
def test_listening_beyond_this_machine_is_warned_about(host, warned, monkeypatch, capsys):
    from tui.web import BoardwalkServer

    served = []
    monkeypatch.setattr(BoardwalkServer, "serve",
                        lambda self: served.append((self.host, self.port, self.command, self.max_games)))
    assert main(["serve", "--host", host, "--port", "8123"]) == 0
    out, err = capsys.readouterr()
    assert served == [(host, 8123, serve.play_command(parsed("serve")), serve.DEFAULT_MAX_GAMES)]
    assert out.startswith(f"Boardwalk is served at {serve.page_url(host, 8123)} ")
    warning = f"boardwalk serve: warning: listening on {host}: anyone who can reach this address can play"
    assert (warning in err) == warned
    assert len([line for line in err.splitlines() if "warning" in line]) == int(warned)  # one line


def test_a_tabs_command_through_the_shell_reaches_play_word_for_word(tmp_path):
    """textual-serve runs the command with the shell: a variant file named like shell code is
    read as that file, and nothing in its name runs."""
    if shutil.which("sh") is None:
        pytest.skip("no POSIX shell")
    name = "-x $(touch pwned) `touch pwned2`; touch pwned3 'q\".yaml"
    shutil.copy(variants_dir() / "winning-moves-2016.yaml", tmp_path / name)
    command = serve.play_command(parsed("serve", "--seed", "3", "--", name))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("TEXTUAL_DRIVER", None)
    done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=120)
    # the variant was found and checked; what stops play is only the missing terminal
    assert done.returncode == 2 and "needs an interactive terminal" in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_a_port_already_taken_is_a_message_not_a_traceback():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        done = subprocess.run([sys.executable, "-m", "engine.cli", "serve", "--port", str(port)], env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"boardwalk serve: error: cannot listen on 127.0.0.1:{port}:" in done.stderr
    assert "Traceback" not in done.stderr


def test_play_in_a_pipe_still_asks_for_a_terminal_unless_served(monkeypatch):
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert not play.served()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert play.served()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.linux_driver:LinuxDriver")
    assert not play.served()


@pytest.mark.parametrize("module", ["engine.commands.play", "engine.commands.serve", "tui.web"])
def test_doctests(module):
    import importlib

    assert doctest.testmod(importlib.import_module(module)).failed == 0


# ----- what a web page elsewhere may not do -----------------------------------------------------


@pytest.mark.parametrize(
    "host, origin, loopback, refused",
    [
        ("127.0.0.1:8000", None, True, None),
        ("127.0.0.1:8000", "http://127.0.0.1:8000", True, None),
        ("localhost:8000", "http://localhost:8000", True, None),
        ("[::1]:8000", "http://[::1]:8000", True, None),
        ("127.0.0.1:8000", "https://evil.example", True, "a page from another site"),
        ("127.0.0.1:8000", "http://127.0.0.1:9999", True, "a page from another site"),
        ("127.0.0.1:8000", "null", True, "a page from another site"),
        ("evil.example:8000", "http://evil.example:8000", True, "loopback addresses only, not evil.example"),
        ("games.example:8000", "http://games.example:8000", False, None),
        ("games.example:8000", "http://evil.example", False, "a page from another site"),
    ],
)
def test_a_page_elsewhere_cannot_open_a_game(host, origin, loopback, refused):
    """Cross-site websocket hijacking and DNS rebinding: see tui/web.py."""
    from aiohttp.test_utils import make_mocked_request

    from tui.web import BoardwalkServer

    server = BoardwalkServer("true", "127.0.0.1" if loopback else "0.0.0.0", 8000, loopback, max_games=8)
    headers = {"Host": host, **({"Origin": origin} if origin else {})}
    reason = server.refusal(make_mocked_request("GET", "/ws", headers=headers), websocket=True)
    assert (reason is None) == (refused is None), reason
    assert refused is None or refused in reason


@pytest.mark.slow
def test_the_running_server_refuses_another_hosts_name_and_another_sites_websocket(tmp_path):
    import http.client
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    server = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--port", str(port)], cwd=tmp_path, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def status(path: str, headers: dict[str, str]) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", path, headers=headers)
            return connection.getresponse().status
        finally:
            connection.close()

    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                assert status("/", {}) == 200
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "boardwalk serve did not start"
                time.sleep(0.1)
        assert status("/", {"Host": f"evil.example:{port}"}) == 403
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        assert status("/ws", {**upgrade, "Origin": "https://evil.example"}) == 403
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    assert "refused a websocket: a page from another site may not open a game here" in err
    assert server.returncode == 0 and "Traceback" not in err


# ----- every route, one guard -----------------------------------------------------------------


@contextlib.asynccontextmanager
async def running(command: str = "true", host: str = "127.0.0.1", loopback: bool = True,
                  max_games: int = serve.DEFAULT_MAX_GAMES) -> AsyncIterator:
    """(server, client): a BoardwalkServer whose tabs run `command`, serving this process on a
    free port, and an HTTP client that names it as a browser would. When the server stops,
    every game has ended."""
    from aiohttp.test_utils import TestClient, TestServer

    from tui.web import BoardwalkServer

    server = BoardwalkServer(command, host, 0, loopback, max_games=max_games)
    async with TestClient(TestServer(await server._make_app(), host="127.0.0.1")) as client:
        yield server, client
    assert not server._games


async def let_go(server) -> None:
    """Wait until the server has let every tab go, its game ended."""
    async def settle() -> None:
        while server._games:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(settle(), WAIT)


FOREIGN = {"Host": "evil.example"}


@pytest.mark.parametrize("path", ["/", "/ws", "/static/", "/static/js/textual.js", "/download/x", "/no-such-page"])
def test_every_route_refuses_a_request_that_names_another_host(path):
    """DNS rebinding reaches every route, not only the page: one middleware checks the Host of
    every request before any handler runs (docs/security.md says "any request")."""

    async def scenario() -> None:
        async with running() as (_, client):
            for method in ("GET", "HEAD"):
                response = await client.request(method, path, headers=FOREIGN)
                assert response.status == 403, (method, path)
            response = await client.get(path, headers=FOREIGN)
            assert "Boardwalk: refused: this server answers to this machine's loopback addresses only" in await response.text()

    asyncio.run(scenario())


def test_a_websocket_naming_another_host_is_refused_before_any_game_starts():
    """The websocket's upgrade is refused like any request, and nothing is started for it."""
    from aiohttp import WSServerHandshakeError

    async def scenario() -> None:
        async with running("exit 99") as (server, client):
            for headers in (FOREIGN, {"Origin": "https://evil.example"}):
                with pytest.raises(WSServerHandshakeError) as refused:
                    await client.ws_connect("/ws", headers=headers)
                assert refused.value.status == 403 and not server._games

    asyncio.run(scenario())


def test_the_right_host_is_welcome_on_every_route():
    """The guard stands in front of every route: it must let this machine's own browser through
    to each (a 404 or 400 is the route's answer, not the guard's)."""

    async def scenario() -> None:
        async with running() as (_, client):
            page = await client.get("/")
            assert page.status == 200 and "Boardwalk" in await page.text()
            assert (await client.get("/static/js/textual.js")).status == 200
            assert (await client.get("/download/x")).status == 404  # no such download, but asked
            assert (await client.get("/ws")).status == 400  # asked, but no websocket
            assert (await client.get("/", headers={"Host": f"localhost:{client.port}"})).status == 200

    asyncio.run(scenario())


@pytest.mark.parametrize("path", ["/static", "/static/", "/static/js/", "/static/js", "/static/fonts/", "/static/css"])
def test_no_folder_is_ever_listed(path):
    """Even asked by this machine, a folder of the static files is not listed: the page needs
    its files by name, and a listing only shows what is installed where."""

    async def scenario() -> None:
        async with running() as (_, client):
            response = await client.get(path)
            text = await response.text()
            assert response.status in (403, 404), (path, response.status)
            assert "Index of" not in text and "textual.js" not in text and "xterm.css" not in text

    asyncio.run(scenario())


# ----- the size a tab asks for --------------------------------------------------------------


async def screen(websocket) -> str:
    """What the tab's game shows next: one report of tests/served_game_stub.py."""
    from aiohttp import WSMsgType

    message = await websocket.receive(timeout=WAIT)
    assert message.type == WSMsgType.BINARY, message
    return message.data.decode()


def resize(width: object, height: object) -> str:
    return json.dumps(["resize", {"width": width, "height": height}])


def test_serve_help_states_the_bounds_of_a_tabs_screen_and_the_games_limit(capsys):
    """The bounds are written out in `serve --help` (which cannot import the server to ask
    it, for the speed of every other command): they must be the server's."""
    from tui.web import HEIGHT, WIDTH

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"{WIDTH[0]}-{WIDTH[1]} columns and {HEIGHT[0]}-{HEIGHT[1]} rows" in text
    assert f"--max-games N the most games (browser tabs) played at once, each a process on this machine, 1-1000 " \
           f"(default: {serve.DEFAULT_MAX_GAMES}); a tab beyond them is told the server is full" in text


@pytest.mark.parametrize(
    "query, seen",
    [
        ("width=100000000&height=100000000", "size 500 200"),  # gigabytes, unbounded
        ("width=120&height=40", "size 120 40"),
        ("width=1&height=1", "size 20 10"),
        ("width=00000000000000000000120&height=040", "size 120 40"),
        (f"width={'9' * 5000}&height=50", "size 500 50"),  # more digits than Python's int() takes
        ("", "size 80 24"),
    ],
)
def test_the_size_a_tab_connects_with_is_kept_within_bounds(query, seen):
    """A tab names its terminal's size in the websocket's query, and the game builds its screen
    that big: 100000000 columns cost 6 GB and more. The game is given 20 to 500 columns and 10
    to 200 rows, whatever is asked."""

    async def scenario() -> None:
        async with running(STUB) as (_, client), client.ws_connect(f"/ws?{query}") as websocket:
            assert await screen(websocket) == seen

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "query",
    ["width=-5&height=40", "width=100&height=-5", "width=0&height=24", "width=abc&height=24", "width=1e9&height=24",
     "width=80.5&height=24", "width=&height=", "width=%EF%BC%98%EF%BC%90&height=24", "width=0x50&height=24",
     "width=%2B80&height=24", "width=80&width=-5&height=24"],
    ids=["negative-width", "negative-height", "zero", "word", "exponent", "fraction", "empty", "fullwidth-digits", "hex",
         "plus", "repeated"],
)
def test_a_size_that_is_no_whole_number_never_reaches_the_game_at_connect(query):
    """-5 columns crashed the game (a rich traceback of 400 KB); text or a fraction is no size
    either. Such a query starts the game at 80x24, textual-serve's default, and the browser's
    first resize sets the real size."""

    async def scenario() -> None:
        async with running(STUB) as (_, client), client.ws_connect(f"/ws?{query}") as websocket:
            assert await screen(websocket) == "size 80 24"

    asyncio.run(scenario())


def test_every_resize_is_kept_within_bounds():
    """The tab may resize its terminal at any time, and a resize to 50000x50000 cost 3 GB."""

    async def scenario() -> None:
        async with running(STUB) as (_, client), client.ws_connect("/ws?width=100&height=40") as websocket:
            assert await screen(websocket) == "size 100 40"
            for (width, height), seen in [((50000, 50000), "size 500 200"), ((1, 1), "size 20 10"), ((120, 40), "size 120 40"),
                                          ((501, 9), "size 500 10"), (("130", "41"), "size 130 41")]:
                await websocket.send_str(resize(width, height))
                assert await screen(websocket) == seen

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "width, height",
    [(-5, 40), (100, -5), (0, 24), ("-5", 24), ("wide", 24), (80.5, 24), (1e308, 24), (None, 24), (True, 24), ([80], 24),
     ({"cells": 80}, 24)],
)
def test_a_resize_to_nonsense_is_dropped_and_the_game_plays_on(width, height):
    """A negative width crashed the game; a number it cannot use is no better. Such a resize
    never reaches the game, which keeps its size: the next thing it sees is the next good
    resize, and it still answers the tab's keys."""

    async def scenario() -> None:
        async with running(STUB) as (_, client), client.ws_connect("/ws?width=100&height=40") as websocket:
            assert await screen(websocket) == "size 100 40"
            await websocket.send_str(resize(width, height))
            await websocket.send_str(json.dumps(["stdin", "a"]))
            assert await screen(websocket) == "key a"
            await websocket.send_str(resize(90, 30))
            assert await screen(websocket) == "size 90 30"

    asyncio.run(scenario())


@pytest.mark.parametrize("message", ['["resize", {"width": 80}]', '["resize", 80]', '["resize"]', "[]", "{}", "not json"])
def test_a_malformed_message_ends_its_own_tab_with_one_line_and_no_other(message, caplog):
    """What textual-serve cannot read ends that tab: its game is told to quit, the server
    notes it in one line (tui/web.py's formatter shows no traceback) and plays on for the
    others."""
    from aiohttp import WSMsgType

    async def scenario() -> None:
        async with running(STUB) as (_, client), client.ws_connect("/ws") as other:
            assert await screen(other) == "size 80 24"
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                await websocket.send_str(message)
                assert (await websocket.receive(timeout=WAIT)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
            await other.send_str(resize(100, 30))
            assert await screen(other) == "size 100 30"

    asyncio.run(scenario())
    logged = [record for record in caplog.records if record.name == "textual-serve"]
    assert [record.getMessage().split(":")[0] for record in logged] == ["a tab ended"]


@pytest.mark.slow
def test_the_real_game_plays_on_whatever_size_its_tab_asks_for(monkeypatch, capsys):
    """The same through `boardwalk play` itself: a tab that connects at -5 by 100000000 and
    then asks for 50000x50000, -5 and nothing sensible gets a game that draws its start
    screen, quits when the tab closes (status 0), and writes no error."""
    from aiohttp import WSMsgType

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))

    async def scenario() -> int | None:
        async with running(serve.play_command(parsed("serve"))) as (server, client):
            async with client.ws_connect("/ws?width=-5&height=100000000") as websocket:
                drawn = 0
                while drawn < 2000:  # the start screen
                    message = await websocket.receive(timeout=WAIT)
                    assert message.type == WSMsgType.BINARY, message
                    drawn += len(message.data)
                (service,) = server._games
                process, task = service._process, service._task
                for width, height in [(50000, 50000), (-5, 40), (0, 0), (100000000, -5), ("x", "y"), (120, 40)]:
                    await websocket.send_str(resize(width, height))
                await websocket.send_str(json.dumps(["ping", "after the resizes"]))
                while (message := await websocket.receive(timeout=WAIT)).type == WSMsgType.BINARY:
                    pass
                assert message.data == json.dumps(["pong", "after the resizes"])
                assert process.returncode is None
            await asyncio.wait_for(asyncio.shield(task), WAIT)
            return await asyncio.wait_for(process.wait(), WAIT)

    assert asyncio.run(scenario()) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == ""


# ----- a game ends with its tab, and the tab with its game --------------------------------------


def game_of(server):
    """The process of the server's one tab's game."""
    (service,) = server._games
    return service._process


def test_a_closed_tabs_game_quits_and_the_server_lets_it_go():
    """The game is told to quit as its tab closes, and the server counts it as running until
    it has ended (status 0), not merely until its tab has gone."""
    async def scenario() -> int | None:
        async with running(STUB) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                process = game_of(server)
            await let_go(server)
            return process.returncode

    assert asyncio.run(scenario()) == 0


def test_a_game_that_will_not_quit_is_killed_when_its_tab_closes(monkeypatch):
    """A game that hangs (or a page's game that is busy) would outlive its tab: it has
    GAME_EXIT_WAIT seconds, here a tenth, and is then killed, the game itself, not a shell
    between (play_command's `exec`)."""
    import tui.web

    monkeypatch.setattr(tui.web, "GAME_EXIT_WAIT", 0.1)

    async def scenario() -> int | None:
        async with running(STUB) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                await websocket.send_str(json.dumps(["stdin", "~"]))
                assert await screen(websocket) == "key ~"
                process = game_of(server)
            await let_go(server)
            return process.returncode

    assert asyncio.run(scenario()) == -signal.SIGKILL


def test_a_game_that_ends_on_its_own_closes_its_tab():
    """textual-serve left the tab open on a dead screen when its game ended without saying so
    (a crash): the tab is closed, the page offers to start again, and the server lets it go."""
    from aiohttp import WSMsgType

    async def scenario() -> int | None:
        async with running(STUB) as (server, client), client.ws_connect("/ws") as websocket:
            assert await screen(websocket) == "size 80 24"
            process = game_of(server)
            await websocket.send_str(json.dumps(["stdin", "!"]))
            assert (await websocket.receive(timeout=WAIT)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
            await let_go(server)
            return process.returncode

    assert asyncio.run(scenario()) == 3


def test_the_server_stopping_ends_every_game(monkeypatch):
    """Ctrl-C with tabs open, one of whose games will not quit: every game has ended when the
    server has stopped (`running` checks that no tab is left)."""
    import tui.web

    monkeypatch.setattr(tui.web, "GAME_EXIT_WAIT", 0.1)

    async def scenario() -> list[int | None]:
        async with running(STUB) as (server, client):
            tabs = [await client.ws_connect("/ws") for _ in range(3)]
            for websocket in tabs:
                assert await screen(websocket) == "size 80 24"
            await tabs[0].send_str(json.dumps(["stdin", "~"]))
            assert await screen(tabs[0]) == "key ~"
            processes = [service._process for service in server._games]
        return sorted(process.returncode for process in processes)

    assert asyncio.run(scenario()) == [-signal.SIGKILL, 0, 0]


# ----- how many games at once ---------------------------------------------------------------


def test_a_max_games_of_its_own_reaches_the_server(monkeypatch, capsys):
    from tui.web import BoardwalkServer

    served = []
    monkeypatch.setattr(BoardwalkServer, "serve", lambda self: served.append(self.max_games))
    assert main(["serve", "--max-games", "3"]) == 0 and main(["serve", "--max-games=1000"]) == 0
    assert served == [3, 1000]


FULL = "Boardwalk: this server is full: it runs 2 games at once, and that many are being played."


def test_a_tab_over_the_games_limit_is_told_the_server_is_full_until_a_tab_closes():
    """Each tab is a process: a page that opens tabs in a loop must not fill the machine. Over
    --max-games the page says the server is full instead of starting a game; so does the
    websocket, for a tab whose page loaded while a place was free (or a client that skips the
    page); and when a tab closes and its game has ended, its place is free again."""
    from aiohttp import WSCloseCode, WSMsgType

    async def scenario() -> None:
        async with running(STUB, max_games=2) as (server, client):
            first, second = [await client.ws_connect("/ws") for _ in range(2)]
            assert [await screen(first), await screen(second)] == ["size 80 24", "size 80 24"]
            page = await client.get("/")
            assert page.status == 503 and (await page.text()).startswith(FULL)
            async with client.ws_connect("/ws") as turned_away:
                assert FULL in await screen(turned_away)
                assert (await turned_away.receive(timeout=WAIT)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
                assert turned_away.close_code == WSCloseCode.TRY_AGAIN_LATER
            assert len(server._games) == 2  # no game was started for it
            await first.close()
            while len(server._games) > 1:
                await asyncio.sleep(0.01)
            assert (await client.get("/")).status == 200
            async with client.ws_connect("/ws") as third:
                assert await screen(third) == "size 80 24"
            await second.close()

    asyncio.run(scenario())


def test_tabs_that_arrive_together_never_take_more_places_than_there_are():
    """A place is taken before the server waits for anything, so tabs that connect at the same
    moment cannot all pass the count: of five, two get a game and three are told it is full."""

    async def scenario() -> list[str]:
        async with running(STUB, max_games=2) as (_, client):
            tabs = await asyncio.gather(*(client.ws_connect("/ws") for _ in range(5)))
            seen = sorted([(await screen(tab))[:20] for tab in tabs])
            for tab in tabs:
                await tab.close()
        return seen

    assert asyncio.run(scenario()) == ["\r\n Boardwalk: this s"] * 3 + ["size 80 24"] * 2


def test_a_game_keeps_its_place_until_it_has_ended(monkeypatch):
    """Its tab closed, a game that will not quit still runs, and still counts: closing tabs
    whose games hang cannot pile up processes beyond the limit. Its place is free once it has
    ended (here, killed by the test)."""
    import tui.web

    monkeypatch.setattr(tui.web, "GAME_EXIT_WAIT", WAIT)

    async def scenario() -> None:
        async with running(STUB, max_games=1) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                await websocket.send_str(json.dumps(["stdin", "~"]))
                assert await screen(websocket) == "key ~"
                process = game_of(server)
            assert (await client.get("/")).status == 503
            process.kill()
            await let_go(server)
            assert (await client.get("/")).status == 200

    asyncio.run(scenario())


def test_a_crashing_games_traceback_is_read_to_its_end_and_told_in_one_line(monkeypatch, caplog, capsys):
    """A Textual app that crashes closes its screen, then writes a rich traceback of hundreds
    of KB. textual-serve stopped reading at the screen's end: the game hung on the full pipe,
    and what had been read went whole to the server's terminal. Now the game ends by itself
    (status 3, not killed), and the server says which error in one line, through `visible`."""
    import tui.web

    monkeypatch.setattr(tui.web, "GAME_EXIT_WAIT", WAIT)

    async def scenario() -> int | None:
        async with running(STUB) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                process = game_of(server)
                await websocket.send_str(json.dumps(["stdin", "!"]))
            await let_go(server)
            return process.returncode

    assert asyncio.run(scenario()) == 3
    (record,) = [record for record in caplog.records if record.name == "textual-serve"]
    line = tui.web._PlainFormatter().format(record)
    assert line == ("boardwalk serve: warning: a game failed (status 3): "
                    "ValueError: range() arg 3 must not be zero in '\\x1b]0;owned\\x07'")
    assert capsys.readouterr() == ("", "")


def test_a_game_still_drawing_when_its_tab_closes_ends(monkeypatch):
    """textual-serve stops reading a game's screen once its tab has gone: a game still
    drawing a large screen then filled the pipe and hung, and asyncio (Python 3.11) does not
    report a process ended until its pipes are closed, so even killing it was not enough. The
    rest of the screen is read and dropped: the game finishes drawing and quits (status 0)."""
    import tui.web

    monkeypatch.setattr(tui.web, "GAME_EXIT_WAIT", WAIT)

    async def scenario() -> int | None:
        async with running(STUB) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert await screen(websocket) == "size 80 24"
                await websocket.send_str(json.dumps(["stdin", "@"]))
                assert await screen(websocket) == "key @"
                process = game_of(server)
            await let_go(server)
            return process.returncode

    assert asyncio.run(scenario()) == 0


@pytest.mark.slow
@pytest.mark.parametrize("argv", [[], ["winning-moves-2016", "--bots", "greedy"]], ids=["start-screen", "game"])
def test_a_tab_closed_as_its_game_starts_ends_the_game_cleanly_and_leaves_no_file(argv, tmp_path, monkeypatch, caplog):
    """Issue 44, 4: closing a tab while its game started crashed the game (NoMatches: BoardView,
    or '#variants' on the start screen) in 7 to 10 of 24 tabs, and each crash left an error
    log and a rescued save in the server's working folder. Textual removes the screen it is
    still making when the app closes, gives it no widgets, and mounts it all the same: the
    screen must not draw then (tui/screens/lifecycle.py). Here each tab closes as the first
    bytes of its game's screen arrive, which before the fix crashed every game."""
    from aiohttp import WSMsgType

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    monkeypatch.chdir(tmp_path)  # the games' working folder: where a crash left its files

    async def scenario() -> int | None:
        async with running(serve.play_command(parsed("serve", *argv))) as (server, client):
            async with client.ws_connect("/ws") as websocket:
                assert (await websocket.receive(timeout=WAIT)).type == WSMsgType.BINARY
                process = game_of(server)
            await let_go(server)
        return process.returncode

    assert asyncio.run(scenario()) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == []
    assert not [record.getMessage() for record in caplog.records if record.name == "textual-serve"]
