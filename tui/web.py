"""The web server of `boardwalk serve`: textual-serve's Server, which starts one command per
browser tab and relays its screen over a websocket, with Boardwalk's own manners. It prints
nothing of its own at start (the command prints the address), logs only warnings, as plain
text through `engine.visible` (a request's path or a tab's error output is anyone's text),
points each page's websocket back at the address the browser used, and closes the open
tabs' websockets when it stops, so Ctrl-C ends it at once instead of waiting for them. A
tab's game ends with its tab, and the tab with its game: textual-serve left a game running
after its tab closed when it would not quit, and a tab open on a dead screen when its game
ended without saying so. A game's error output is read to its end and summed up in one line
(textual-serve stopped reading it when the game's screen closed, so a game writing its
traceback then hung, and copied what it had read whole to the server's terminal). The page
is textual-serve's, from Boardwalk's copy of it (`SERVED`): its font is served from here, not
from fonts.googleapis.com, so a game in the browser works offline and tells no third party of it.

It also refuses what a web page elsewhere could make a visitor's browser do. A websocket is
not bound by the same-origin rule: any site could open ws://127.0.0.1:8000/ws from a visitor's
browser and play their game, save and load files as them. So a websocket whose Origin is not
this server is refused; and, serving only this machine, so is any request that names another
host (a site whose name is made to resolve to 127.0.0.1, "DNS rebinding", is same-origin with
itself, but not with this server). Both are checked by one middleware that every request of
every route passes through, and no folder is ever listed.

And it bounds what one tab may cost. A tab names its terminal's size, when it connects and in
every "resize" message after, and textual-serve hands any number to the game, which builds its
screen that big (100000000 columns: gigabytes) or fails on a negative one. `GameService`, the
one way a size reaches a game, keeps it within `WIDTH` and `HEIGHT` and drops what is not a
size at all. And it runs at most `max_games` games at once: a tab beyond them is told that the
server is full, the page in place of the game's, or on the websocket if it got that far."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import sys
from asyncio.subprocess import Process
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from aiohttp.typedefs import Handler, Middleware
from textual_serve.app_service import AppService
from textual_serve.server import Server

from engine.visible import visible

TITLE = "Boardwalk"
WIDTH = (20, 500)
"""The fewest and the most columns a game is given, whatever its tab asks: 500 is a 4K screen
in a 7-pixel font, and 20 by 10 too small to play but drawn without fault. A game at 500 by
200 uses no more memory than at 80 by 24 (about 60 MB); at 100000000 columns, gigabytes."""
HEIGHT = (10, 200)
"""The fewest and the most rows: 200 is a 4K screen in a 10-pixel font."""
DEFAULT_SIZE = (80, 24)
"""The size a game starts at when its tab's query names none, or nonsense (textual-serve's)."""
ERROR_TAIL = 4096
"""Bytes of a game's error output kept, from its end, to find the line that says what failed."""
SERVED = Path(__file__).resolve().parent / "served"
"""The page's files that are Boardwalk's own: `templates/app_index.html`, textual-serve's page
without its link to fonts.googleapis.com, and `fonts/`, the Roboto Mono it asked Google for
(Apache License 2.0, its text beside the fonts), served from here."""
GAME_EXIT_WAIT = 5.0
"""Seconds a game has to quit once its tab has closed (or the server stops), before it is
killed."""


class BoardwalkServer(Server):
    def __init__(self, command: str, host: str, port: int, loopback: bool = True, *, max_games: int) -> None:
        # the page shows TITLE, not the command (it names this machine's paths)
        super().__init__(command, host=host, port=port, title=TITLE, templates_path=SERVED / "templates")
        self.loopback = loopback
        """Only this machine can reach the server: requests must name a loopback host."""
        self.max_games = max_games
        """The most games that run at once, each a process (`boardwalk serve --max-games`)."""
        self._games: dict[GameService, web.WebSocketResponse] = {}
        """Each game and its tab's websocket, from the moment the tab asks for a game until
        the game has ended."""

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(_PlainFormatter())
        logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)

    async def _make_app(self) -> web.Application:
        """textual-serve's application, built again here because its own lists the static
        folder (`show_index=True`) and has no place for a middleware. Same routes, the static
        files without an index, and every request through `_guard` first: no route, present
        or to come, can skip the checks."""
        app = web.Application(middlewares=[self._guard()])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
            web.static("/fonts", SERVED / "fonts", show_index=False, name="fonts"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def _guard(self) -> Middleware:
        """The middleware that refuses, before any route's handler runs, a request that
        `refusal` does not welcome."""

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            websocket = request.match_info.route.name == "websocket"
            if (reason := self.refusal(request, websocket)) is not None:
                if websocket:
                    logging.getLogger("textual-serve").warning("refused a websocket: %s", reason)
                raise web.HTTPForbidden(text=f"Boardwalk: refused: {reason}\n")
            return await handler(request)

        return guard

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: `boardwalk serve` has printed the address already."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab and wait for every game to end (see `GameService.end`), so none
        outlives the server or exits unreaped; but never much longer than a game is given to
        quit, for Ctrl-C must stop the server whatever a game does."""
        games = list(self._games.items())
        for _, websocket in games:
            if websocket.prepared:
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
        if games:
            await asyncio.wait([service.end() for service, _ in games], timeout=2 * GAME_EXIT_WAIT)

    def refusal(self, request: web.Request, websocket: bool = False) -> str | None:
        """Why a request is refused, or None when it is welcome. Every request must name this
        server (a loopback one, when it serves this machine only); a websocket's page must
        also come from it."""
        named = _origin(f"{request.scheme}://{request.host}")
        if named is None:
            return "no valid Host"
        if self.loopback and not _is_loopback_name(named[1], self.host):
            return f"this server answers to this machine's loopback addresses only, not {named[1]}"
        origin = request.headers.get("Origin")
        if websocket and origin is not None and _origin(origin) != named:
            return "a page from another site may not open a game here"
        return None

    def full(self) -> str | None:
        """What a tab is told when no game can start for it, or None when one can."""
        if len(self._games) < self.max_games:
            return None
        games = f"{self.max_games} game" + ("s" if self.max_games != 1 else "")
        return (f"Boardwalk: this server is full: it runs {games} at once, and that many are being played. "
                "Close another tab of it, or try again later.")

    async def handle_index(self, request: web.Request) -> Any:
        if (full := self.full()) is not None:
            raise web.HTTPServiceUnavailable(text=full + "\n")
        # The page tells the browser where the websocket is. Built from the address the
        # browser used, it works on every address the server listens on (with --host 0.0.0.0
        # textual-serve's own would be ws://0.0.0.0:…). Set just before the page is made,
        # with no await in between, so two requests cannot mix their addresses.
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's own, with the tab's game run by a `GameService`: textual-serve makes
        its AppService inside this method, with no hook to make another. The Host and Origin
        were checked by `_guard`. Unlike textual-serve's, a request that is no websocket is
        answered 400 by aiohttp, not logged as an error; and the game is let go only once it
        has ended, even if this handler is cancelled first (aiohttp may cancel it when the
        browser goes away)."""
        if (full := self.full()) is not None:
            return await _turn_away(request, full)
        websocket = web.WebSocketResponse(heartbeat=15)

        async def close() -> None:
            await websocket.close()

        service = GameService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                              close=close, download_manager=self.download_manager, debug=self.debug)
        self._games[service] = websocket  # counted before any await: no two tabs take the last place
        try:
            await websocket.prepare(request)
            await service.start(request.query.get("width", "80"), request.query.get("height", "24"))
            await self._process_messages(websocket, service)
        except web.HTTPException:
            raise  # not a websocket: aiohttp's answer
        except Exception as error:
            logging.getLogger("textual-serve").error("a tab ended: %s", error, exc_info=error)
        finally:
            ending = service.end()
            ending.add_done_callback(lambda _: self._games.pop(service, None))
            if websocket.prepared:
                await websocket.close()
            await asyncio.shield(ending)
        return websocket


async def _turn_away(request: web.Request, full: str) -> web.WebSocketResponse:
    """A websocket that shows `full` where the game would have been, and closes ("try again
    later"): the page had loaded while a place was free, and the place was taken since."""
    logging.getLogger("textual-serve").warning("turned a tab away: the server is full")
    websocket = web.WebSocketResponse()
    await websocket.prepare(request)
    await websocket.send_bytes(f"\r\n {full}\r\n".encode())
    await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"Boardwalk: the server is full")
    return websocket


class GameService(AppService):
    """One tab's game: textual-serve's AppService, except that the size the tab asks for,
    at the start (the websocket's query) and in every "resize" message, reaches the game
    only as `terminal_size` makes it; and the game and its tab end together."""

    _ending: asyncio.Task[None] | None = None
    _errors: asyncio.Task[str] | None = None
    _rest: asyncio.Task[None] | None = None

    async def start(self, width: object, height: object) -> None:
        await super().start(*(terminal_size(width, height) or DEFAULT_SIZE))

    async def set_terminal_size(self, width: object, height: object) -> None:
        """A resize to nonsense is dropped: the game keeps the size it has."""
        if (size := terminal_size(width, height)) is not None:
            await super().set_terminal_size(*size)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """textual-serve's, but the game's error output is read by `_last_error`, to its end,
        and textual-serve's `run` is given a stream that is already over."""
        process = await super()._open_app_process(width, height)
        errors, process.stderr = process.stderr, asyncio.StreamReader()
        process.stderr.feed_eof()
        if errors is not None:
            self._errors = asyncio.create_task(_last_error(errors))
        return process

    async def run(self) -> None:
        """textual-serve's, then the tab is closed: a game that ends without saying so (it
        crashed, it was killed) leaves no dead screen behind; the page offers a new game.
        textual-serve stops reading the game's screen when its tab has gone; the rest is read
        and dropped, or a game drawing a large screen would hang on the full pipe, and asyncio
        (Python 3.11) would not say it has ended until the pipe is closed."""
        try:
            await super().run()
        finally:
            if self._process is not None and self._process.stdout is not None:
                self._rest = asyncio.create_task(_drop(self._process.stdout))
            await self.remote_close()

    def end(self) -> asyncio.Task[None]:
        """The game's ending: it is told to quit and has `GAME_EXIT_WAIT` seconds to, then it
        is killed (textual-serve's `stop` waits for the game's output to end, as long as that
        takes, and not for the game). Begun once however many ask, as a task that goes on
        if one who waits for it is cancelled (shield it)."""
        if self._ending is None:
            self._ending = asyncio.create_task(self._end())
        return self._ending

    async def _end(self) -> None:
        if (process := self._process) is None:
            return  # never started
        stopping = asyncio.create_task(self.stop())  # quit, and wait for the game's output to end
        log = logging.getLogger("textual-serve")
        killed = False
        try:
            await asyncio.wait_for(process.wait(), GAME_EXIT_WAIT)
        except TimeoutError:
            log.warning("a game did not quit within %g seconds of being told to, and was killed", GAME_EXIT_WAIT)
            process.kill()
            await process.wait()
            killed = True
        await stopping
        error = await self._errors if self._errors is not None else ""
        status = process.returncode or 0
        if status and not killed:
            how = f"status {status}" if status > 0 else f"signal {-status}"
            log.warning("a game failed (%s)%s", how, f": {error}" if error else "")
        elif error and not killed:
            log.warning("a game wrote to its error output: %s", error)


async def _drop(stream: asyncio.StreamReader) -> None:
    while await stream.read(65536):
        pass


async def _last_error(stream: asyncio.StreamReader) -> str:
    """The line of a game's error output that says what failed (the last that names an error
    or exception, else the last), at most 200 characters; "" when it wrote nothing. Reads to
    the end, keeping only the last ERROR_TAIL bytes: a traceback never fills the pipe."""
    tail = b""
    while chunk := await stream.read(65536):
        tail = (tail + chunk)[-ERROR_TAIL:]
    lines = [line.strip() for line in tail.decode("utf-8", "replace").splitlines() if line.strip()]
    named = [line for line in lines if _ERROR_LINE.match(line)]
    return (named or lines or [""])[-1][:200]


_ERROR_LINE = re.compile(r"[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b")


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """The (columns, rows) a game is given when its tab asks for `width` and `height`, as
    numbers (a resize message) or digits (the query): whole numbers from 1 up, each kept
    within `WIDTH` and `HEIGHT`; None when either is not one (a negative, zero, a fraction,
    text, true), which no game should see.

    >>> terminal_size(120, 40), terminal_size("100000000", 50000), terminal_size("9" * 5000, 1)
    ((120, 40), (500, 200), (500, 10))
    >>> terminal_size(-5, 24), terminal_size("-5", "24"), terminal_size(80, 0), terminal_size("8O", "24")
    (None, None, None, None)
    >>> terminal_size(80.0, 24), terminal_size(True, 24), terminal_size(None, 24), terminal_size("²", "24")
    (None, None, None, None)
    """
    columns, rows = _cells(width, *WIDTH), _cells(height, *HEIGHT)
    return None if columns is None or rows is None else (columns, rows)


def _cells(value: object, fewest: int, most: int) -> int | None:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        digits = value.lstrip("0")
        value = int(digits or "0") if len(digits) <= 6 else most  # int() refuses thousands of digits
    if type(value) is not int or value < 1:  # a bool is an int to Python, not a size to anyone
        return None
    return min(max(value, fewest), most)


class _PlainFormatter(logging.Formatter):
    """One line per message, with its cause's name but no traceback, every character shown
    through `visible`."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"boardwalk serve: {record.levelname.lower()}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__})"
        return visible(text)


def _origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or of scheme://Host, the default port filled in;
    None when it is not one."""
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower())
    except ValueError:
        return None
    if not parts.hostname or port is None or parts.path or parts.query:
        return None
    return parts.scheme.lower(), parts.hostname, port


def _is_loopback_name(name: str, served: str) -> bool:
    if name in ("localhost", served.lower()):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
