"""`boardwalk serve`: the game of `boardwalk play` in a web browser. textual-serve runs one
`boardwalk play` per browser tab, with the game options given here, and relays its screen.

Every argument is checked here, before anything listens: a browser should never meet a game
that cannot start. The command each tab runs is a list of words quoted for the shell that
textual-serve hands it to, never text pasted into one.

`ipaddress`, `shlex` and `socket` are imported where they are used: every `boardwalk` command
builds this parser, and `boardwalk check` should not pay for them."""

from __future__ import annotations

import argparse
import re
import sys

from engine.commands.common import EXIT_OK, EXIT_USAGE
from engine.commands.play import add_game_arguments, game_arguments, prepare
from engine.visible import visible

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 8
"""Games served at once unless --max-games says otherwise. Each is a process of 45 to 60 MB
(tui/web.py bounds its screen), so 8 take under half a gigabyte. A game waits for its player
most of the time, but a bot's turn keeps a core busy while it thinks: 8 games whose bots think
at once share a two-core machine fourfold, slow but still playing. Fewer would turn away a
family's tabs; many more would let one visitor's tabs starve the machine."""
MOST_MAX_GAMES = 1000
"""The most --max-games takes: a guard against a slip of the keyboard (80000), not advice."""
_LABEL = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
_HOSTNAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*\.?")


def register(commands: argparse._SubParsersAction) -> None:
    serve = commands.add_parser(
        "serve",
        help="the same game in a web browser, served from this machine",
        description=(
            "Serve the game of 'boardwalk play' to web browsers: each browser tab that opens the printed "
            "address gets its own game, with the options below (none: the start screen). Listens on "
            f"{DEFAULT_HOST} (this machine only) unless --host says otherwise. Ctrl-C stops it."
        ),
        epilog=(
            "examples: 'boardwalk serve' (the start screen at http://127.0.0.1:8000); "
            "'boardwalk serve parker-1985 --bots greedy,strong --port 8080'. "
            "Each tab's game gets 20-500 columns and 10-200 rows, whatever size its browser asks for. "
            "Anyone who can reach a --host address can play, and can save and load files as you: "
            "see the README before serving beyond this machine."
        ),
    )
    add_game_arguments(serve)
    serve.add_argument(
        "--host",
        type=host_argument,
        default=DEFAULT_HOST,
        help=f"the address to listen on (default: {DEFAULT_HOST}, this machine only; 0.0.0.0: every network)",
    )
    serve.add_argument("--port", type=port_argument, default=DEFAULT_PORT, help=f"the port, 1-65535 (default: {DEFAULT_PORT})")
    serve.add_argument(
        "--max-games",
        type=max_games_argument,
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=f"the most games (browser tabs) played at once, each a process on this machine, 1-{MOST_MAX_GAMES} "
             f"(default: {DEFAULT_MAX_GAMES}); a tab beyond them is told the server is full",
    )
    serve.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    prepared = prepare(args, "serve")
    if isinstance(prepared, int):
        return prepared
    try:
        from tui.web import BoardwalkServer
    except ImportError as missing:
        print(f"boardwalk serve: error: needs the textual-serve package ({missing}); pip install textual-serve", file=sys.stderr)
        return EXIT_USAGE
    try:
        loopback = is_loopback(args.host)
    except OSError as problem:
        print(f"boardwalk serve: error: cannot find the address of host '{args.host}': {_reason(problem)}", file=sys.stderr)
        return EXIT_USAGE
    url = page_url(args.host, args.port)
    if not loopback:
        print(f"boardwalk serve: warning: listening on {args.host}: anyone who can reach this address can play and see "
              "the game, and save and load files as you", file=sys.stderr)
    print(f"Boardwalk is served at {url} - open it in a web browser; Ctrl-C stops.", flush=True)
    server = BoardwalkServer(play_command(args), args.host, args.port, loopback, max_games=args.max_games)
    try:
        server.serve()
    except OSError as problem:
        print(f"boardwalk serve: error: cannot listen on {_address(args.host, args.port)}: {_reason(problem)}", file=sys.stderr)
        return EXIT_USAGE
    print("boardwalk serve: stopped", file=sys.stderr)
    return EXIT_OK


def play_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each browser tab: this Python running
    `boardwalk play` with the same game options, each word quoted. `-P` keeps the server's
    working folder off the module path, so a folder named `engine` there cannot stand in
    for Boardwalk. `exec`: the shell becomes the game, so the process the server waits for,
    or kills, is the game itself, not a shell that would leave it running."""
    import shlex

    return "exec " + shlex.join([sys.executable, "-P", "-m", "engine.cli", "play", *game_arguments(args)])


def host_argument(text: str) -> str:
    """--host: an IP address (an IPv6 one may be in brackets) or a host name.

    >>> host_argument("[::1]"), host_argument("0.0.0.0"), host_argument("Games.Example")
    ('::1', '0.0.0.0', 'games.example')
    """
    import ipaddress

    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        return str(ipaddress.ip_address(bare))
    except ValueError:
        pass
    if _HOSTNAME.fullmatch(bare) and not bare.rstrip(".").rsplit(".", 1)[-1].isdigit():
        return bare.lower()
    raise argparse.ArgumentTypeError(f"'{visible(text[:80])}' is not an IP address or a host name")


def port_argument(text: str) -> int:
    """--port: a whole number from 1 to 65535."""
    port = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"'{visible(text[:30])}' is not a port number from 1 to 65535")
    return port


def max_games_argument(text: str) -> int:
    """--max-games: a whole number from 1 to MOST_MAX_GAMES."""
    games = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else 0
    if not 1 <= games <= MOST_MAX_GAMES:
        raise argparse.ArgumentTypeError(f"'{visible(text[:30])}' is not a number of games from 1 to {MOST_MAX_GAMES}")
    return games


def is_loopback(host: str) -> bool:
    """True when only this machine can reach `host`: a loopback address, or a name that
    resolves only to such addresses. Raises OSError when the name does not resolve."""
    import ipaddress
    import socket

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    found = {str(info[4][0]) for info in socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)}
    return all(ipaddress.ip_address(address.split("%")[0]).is_loopback for address in found)


def page_url(host: str, port: int) -> str:
    """The address to open. One that listens on every network is opened as this machine's
    loopback address here (other machines use this machine's name or address).

    >>> page_url("::", 8000), page_url("0.0.0.0", 80), page_url("games.example", 8080)
    ('http://[::1]:8000', 'http://127.0.0.1:80', 'http://games.example:8080')
    """
    import ipaddress

    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"http://{host}:{port}"
    if address.is_unspecified:
        address = ipaddress.ip_address("::1" if address.version == 6 else "127.0.0.1")
    return f"http://{_address(str(address), port)}"


def _address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _reason(problem: OSError) -> str:
    return problem.strerror or str(problem) or type(problem).__name__
