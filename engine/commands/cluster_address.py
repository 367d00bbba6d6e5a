"""--scheduler and --scheduler-file read as a person would mean them: `local`, `tcp://HOST:PORT`,
`tls://HOST:PORT` or a bare `HOST:PORT` (plain TCP, as Dask takes it), checked before anything
else runs. The address comes only from these options: never from a variant file, a saved game
or the environment (DASK_SCHEDULER_ADDRESS is not read)."""

from __future__ import annotations

import argparse
import json

from engine.commands.common import UsageError
from engine.commands.serve import host_argument, is_loopback, port_argument
from engine.visible import visible

SCHEMES = ("tcp", "tls")


def parse(text: str) -> str | None:
    """The scheduler's address, with its scheme; None for `local`.

    >>> parse("local"), parse("tcp://127.0.0.1:8786"), parse("Node7:8786"), parse("tls://[::1]:9000")
    (None, 'tcp://127.0.0.1:8786', 'tcp://node7:8786', 'tls://[::1]:9000')
    """
    if text == "local":
        return None
    scheme, found, rest = text.partition("://")
    if not found:
        scheme, rest = "tcp", text
    host, colon, port = rest.rpartition(":")
    shown = visible(text[:100])
    if scheme not in SCHEMES:
        raise UsageError(f"--scheduler {shown}: a Dask scheduler's address is tcp://HOST:PORT or tls://HOST:PORT "
                         "(or local)")
    if not colon or not host:
        raise UsageError(f"--scheduler {shown}: give the scheduler's port too, as in tcp://HOST:8786")
    try:
        host = host_argument(host)
        number = port_argument(port)
    except argparse.ArgumentTypeError as problem:
        raise UsageError(f"--scheduler {shown}: {problem}") from None
    return f"{scheme}://{f'[{host}]' if ':' in host else host}:{number}"


def from_file(path: str, limit: int) -> str:
    """The address in a scheduler file (the JSON `dask scheduler --scheduler-file` writes)."""
    from engine.reading import ReadProblem, read_limited

    try:
        data = read_limited(path, limit)
    except ReadProblem as problem:
        raise UsageError(f"cannot read --scheduler-file {visible(path)}: it {problem}") from None
    try:
        address = json.loads(data.decode("utf-8")).get("address")
    except (ValueError, AttributeError):
        address = None
    if not isinstance(address, str):
        raise UsageError(f"--scheduler-file {visible(path)} is not a Dask scheduler file (JSON with its \"address\")")
    found = parse(address)
    if found is None:
        raise UsageError(f"--scheduler-file {visible(path)} gives no scheduler's address")
    return found


def check_readable(option: str, path: str) -> None:
    """A TLS file that can be read, or a UsageError saying why not (Dask would raise a bare
    error of its own, or a TypeError, deep in the connection)."""
    from engine.reading import ReadProblem, read_limited

    try:
        read_limited(path, 1_000_000)
    except ReadProblem as problem:
        raise UsageError(f"cannot read {option} {visible(path)}: it {problem}") from None


def on_this_machine(address: str) -> bool:
    """Whether the address's host is a loopback one: only then may plain TCP carry a run."""
    host = address.partition("://")[2].rpartition(":")[0].strip("[]")
    try:
        return is_loopback(host)
    except OSError:  # a name that does not resolve: the connection will say so
        return False
