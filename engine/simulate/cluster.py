"""The games of a run on a Dask cluster (`--scheduler`, `--scheduler-file`): a back-end beside
the process one (runner.ProcessBackend), with the same `run`, so the records, and the reports,
are the same whoever plays them.

Dask distributed, not a network layer of our own (issue 48: Dask starts in a third of a
second, is pure Python, and one `tcp://` or `tls://` address reaches a bare machine, a batch
queue or Kubernetes). It is the optional extra `boardwalk[cluster]`, imported only here, and
only when a run asks for a cluster: a local run needs nothing new.

What crosses the network (docs/security.md): for each batch, its spec (work.py: the variant's
texts, settings, bots, players, seed, the engine's version and source digest, all plain data)
and two numbers; back come plain tuples of numbers and strings,
checked for their shape before they are read. The workers run one function of the project,
`work.answer_batch`, named by its module path.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from engine.simulate.backend import Batch, OnBatch, Progress, Work
from engine.simulate.runner import BATCH_SECONDS, MAX_BATCH, Pace
from engine.simulate.work import FIELD_NAMES, GameFailed, SpecMismatch, answer_batch, game_seed

MIN_DISTRIBUTED = (2021, 10, 0)
"""The oldest Dask distributed taken: CVE-2021-42343 (a LocalCluster listening on every
address) is fixed from 2021.10.0."""

LOCAL_BATCH_SECONDS = BATCH_SECONDS
REMOTE_BATCH_SECONDS = 1.0
"""A batch on a remote cluster lasts about a second: a task's round trip through the
scheduler over a network is a few milliseconds, under 1% of that."""
REMOTE_MOST = 1024
CONNECT_SECONDS = 10
"""How long to try to reach a scheduler before saying it cannot be reached."""
WORKER_SECONDS = 60
"""How long to wait for a cluster's first worker (one started by hand, or a batch queue's)."""
CLOSE_SECONDS = 5
CHECKED_PACKAGES = ("dask", "distributed", "cloudpickle", "msgpack")
"""The packages whose versions must be the same here, on the scheduler and on every worker
(with Python's major and minor version and Boardwalk's): what Dask's own messages and the
games depend on."""

EXIT_PROBLEMS, EXIT_USAGE = 1, 2


class ClusterProblem(Exception):
    """The cluster cannot play the run: a message and the exit status (2: it cannot be used
    as it is, an address, a certificate, a version; 1: it failed during the run)."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Where:
    """Which cluster: `address` (tcp:// or tls://), or None for a local one of `workers`
    processes; the TLS files (CA, certificate, key) when given."""

    address: str | None
    workers: int = 1
    tls: tuple[str, str, str] | None = None


@dataclass
class Connection:
    client: Any
    label: str
    """The cluster in words, for the report's header."""
    threads: int
    local: bool


def missing() -> str | None:
    """Why `--scheduler` cannot be used here (Dask distributed absent or too old), or None."""
    try:
        import distributed
    except ImportError:
        return ("--scheduler needs Dask distributed, the optional extra boardwalk[cluster]: "
                "pip install 'boardwalk[cluster]' (or pip install 'distributed>=2021.10.0')")
    numbers = tuple(int(part) if part.isdigit() else 0 for part in distributed.__version__.split(".")[:3])
    if numbers < MIN_DISTRIBUTED:
        return (f"--scheduler needs Dask distributed 2021.10.0 or later (CVE-2021-42343); this has "
                f"{distributed.__version__}: pip install -U 'boardwalk[cluster]'")
    return None


@contextmanager
def connected(where: Where) -> Iterator[Connection]:
    """A client of the cluster, ready: reached, with a worker, every version the same as
    here. A local cluster is started (on 127.0.0.1 only) and stopped with it. Raises
    ClusterProblem (exit 2) when it cannot be used."""
    import dask
    import distributed  # noqa: F401  # its defaults in dask's configuration before the setting below

    for name in ("distributed", "distributed.client", "distributed.scheduler", "distributed.worker",
                 "distributed.nanny", "distributed.core", "distributed.comm", "distributed.batched"):
        logging.getLogger(name).setLevel(logging.CRITICAL)  # its cancelled tasks and lost scheduler are ours to tell
    for name in ("tornado.application", "asyncio"):  # Ctrl-C inside Dask's wait logs its own callback's error
        logging.getLogger(name).setLevel(logging.CRITICAL)
    cluster = client = None
    try:
        with warnings.catch_warnings(), dask.config.set({"distributed.worker.profile.enabled": False}):
            warnings.simplefilter("ignore")
            if where.address is None:
                cluster, client = _local(where.workers)
                label = f"a local Dask cluster of {where.workers} worker{'s' if where.workers != 1 else ''} on 127.0.0.1"
            else:
                client = _client(where)
                label = f"the Dask cluster at {where.address}"
            threads = _workers(client, where)
            _same_versions(client)
        workers = len(client.nthreads())
        if where.address is not None:
            label += f" ({workers} worker{'s' if workers != 1 else ''}, {threads} thread{'s' if threads != 1 else ''})"
        yield Connection(client, label, threads, where.address is None)
    finally:
        with _quiet_stop():
            if client is not None:
                with suppress(Exception):
                    client.close(timeout=CLOSE_SECONDS)
            if cluster is not None:
                with suppress(Exception):
                    cluster.close(timeout=CLOSE_SECONDS)
                _reap()


def _reap() -> None:
    """Wait for the local cluster's processes, killing any still there: none outlives the run,
    not even as a zombie for init to collect."""
    import multiprocessing

    for process in multiprocessing.active_children():
        process.join(CLOSE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(CLOSE_SECONDS)
    # the tracker that spawned processes start (multiprocessing's own, not a Process): it would
    # end only after us, and stay a moment a zombie of init's; it is started again if needed
    from multiprocessing import resource_tracker

    with suppress(Exception):
        resource_tracker._resource_tracker._stop()  # type: ignore[attr-defined]


def _local(workers: int) -> tuple[Any, Any]:
    """A LocalCluster of `workers` processes of one thread, every address on 127.0.0.1 and no
    dashboard. Its processes start with Ctrl-C ignored: it is this process's to handle (they
    would each print a traceback), and they are stopped with the cluster. They log nothing
    (a worker's heartbeat that meets the scheduler closing first logs an error): what goes
    wrong in a run is told by the run."""
    from distributed import Client, LocalCluster

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        cluster = LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, host="127.0.0.1",
                               dashboard_address=None, silence_logs=logging.CRITICAL)
        try:
            return cluster, Client(cluster, set_as_default=False)
        except BaseException:
            cluster.close(timeout=CLOSE_SECONDS)
            raise
    except OSError as problem:
        raise ClusterProblem(f"could not start a local Dask cluster: {_reason(problem)}", EXIT_USAGE) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _client(where: Where) -> Any:
    """A client of the scheduler at `where.address` (never Client() alone: it would follow
    DASK_SCHEDULER_ADDRESS from the environment)."""
    from distributed import Client
    from distributed.security import Security

    assert where.address is not None
    if where.tls is not None:
        ca, cert, key = where.tls
        security: Any = Security(tls_ca_file=ca, tls_client_cert=cert, tls_client_key=key, require_encryption=True)
    else:
        security = None
    try:
        return Client(where.address, security=security, timeout=CONNECT_SECONDS, set_as_default=False)
    except Exception as problem:
        hint = ""
        if where.address.startswith("tls://"):
            hint = " (check --tls-ca, --tls-cert and --tls-key: the scheduler's certificate must be signed by that CA)"
        elif "tls" in str(problem).lower() or "ssl" in str(problem).lower():
            hint = " (the scheduler wants TLS: give a tls:// address)"
        raise ClusterProblem(f"could not connect to the scheduler at {where.address}: {_reason(problem)}{hint}",
                             EXIT_USAGE) from None


def _workers(client: Any, where: Where) -> int:
    """The cluster's worker threads, after waiting for its first worker."""
    try:
        client.wait_for_workers(1, timeout=WORKER_SECONDS)
    except Exception:
        raise ClusterProblem(f"the scheduler at {where.address or 'of the local cluster'} has no worker after "
                             f"{WORKER_SECONDS} s; start one with: dask worker {where.address}", EXIT_USAGE) from None
    return max(1, sum(client.nthreads().values()))


def _same_versions(client: Any) -> None:
    """Refuse a cluster whose scheduler or workers run other versions of Python, Dask or
    Boardwalk than this machine (Dask's get_versions(check=True) only warns since 2023), or
    whose workers cannot import Boardwalk at all."""
    from engine.simulate.spec import identity

    try:
        versions = client.get_versions()
        boardwalks = client.run(identity, on_error="return")
    except Exception as problem:
        raise ClusterProblem(f"could not ask the cluster its versions: {_reason(problem)}", EXIT_USAGE) from None
    here = _packages(versions["client"])
    mine = identity()
    differences = []
    for who, found in [("the scheduler", versions["scheduler"]), *((f"worker {w}", v) for w, v in versions["workers"].items())]:
        theirs = _packages(found)
        checked = ("python", "dask", "distributed") if who == "the scheduler" else tuple(here)  # it runs none of ours
        differences += [f"{package} {here[package]} here, {theirs.get(package) or 'none'} on {who}"
                        for package in checked if theirs.get(package) != here[package]]
    for worker, found in boardwalks.items():
        if isinstance(found, BaseException):
            differences.append(f"worker {worker} cannot run Boardwalk ({_reason(found)})")
        elif not isinstance(found, dict) or found.get("engine") != mine["engine"]:
            other = found.get("engine") if isinstance(found, dict) else None
            differences.append(f"boardwalk {mine['engine']} here, {other or 'none'} on worker {worker}")
        elif found.get("source") != mine["source"]:
            differences.append(f"worker {worker} runs Boardwalk {mine['engine']} from other sources (another checkout?)")
    if differences:
        shown = "; ".join(differences[:4]) + (f"; and {len(differences) - 4} more" if len(differences) > 4 else "")
        raise ClusterProblem(f"the cluster's versions differ from this machine's: {shown}. Install the same Python, "
                             f"Dask and Boardwalk everywhere (pip install 'boardwalk[cluster]=={mine['engine']}')",
                             EXIT_USAGE)


def _packages(found: Any) -> dict[str, str | None]:
    packages = found.get("packages", {}) if isinstance(found, dict) else {}
    python = str(packages.get("python") or "")
    return {"python": ".".join(python.split(".")[:2]) or None, **{p: packages.get(p) for p in CHECKED_PACKAGES}}


def _reason(problem: BaseException) -> str:
    text = str(problem).strip().splitlines()[0] if str(problem).strip() else ""
    text = text[:300]
    return f"{type(problem).__name__}: {text}" if text else type(problem).__name__


@contextmanager
def _quiet_stop() -> Iterator[None]:
    """Ctrl-C is ignored while the cluster is stopped, so a second one does not cut the stop
    in half and leave worker processes behind; the handler is back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class DaskBackend:
    """Plays a run's batches as tasks of `work.answer_batch` on the cluster: about two tasks in flight per worker
    thread (one to play, one queued so the worker never waits on us), batches timed to about
    a tenth of a second on a local cluster and a second on a remote one, read as they finish.
    A worker lost during a batch is Dask's to retry; a batch that kills its workers three
    times is the run's failure (exit 1), naming its games' seeds."""

    def __init__(self, connection: Connection):
        self.connection = connection
        self.jobs = connection.threads

    def run(self, work: Work, on_batch: OnBatch, progress: Progress | None) -> None:
        from distributed import as_completed

        client = self.connection.client
        seconds = LOCAL_BATCH_SECONDS if self.connection.local else REMOTE_BATCH_SECONDS
        most = MAX_BATCH if self.connection.local else REMOTE_MOST
        pace = Pace(self.connection.threads, work.total, seconds=seconds, most=most)
        out: dict[Any, Batch] = {}
        flying = as_completed(loop=client.loop)
        done = 0
        checked = time.monotonic()

        def submit() -> bool:
            batch = work.take(pace.next_size())
            pace.left = work.left
            if batch is None:
                return False
            # the spec goes with each task, not scattered once: a scattered value lives only on
            # the workers that hold it, and the run would be lost with them
            future = client.submit(answer_batch, work.specs[batch.slot], batch.first, batch.size, pure=False)
            out[future] = batch
            flying.add(future)
            return True

        try:
            while len(out) < 2 * pace.jobs and submit():
                pass
            for future in flying:
                batch = out.pop(future)
                records, took = _answer(future, batch, work)
                pace.timed(len(records), took)
                if time.monotonic() - checked > 1:  # workers come and go
                    pace.jobs = max(1, sum(client.nthreads().values()))
                    checked = time.monotonic()
                while len(out) < 2 * pace.jobs and submit():
                    pass
                on_batch(batch, records)
                done += len(records)
                if progress:
                    progress(done, work.total)
        finally:
            with _quiet_stop(), suppress(Exception):
                if out:
                    client.cancel(list(out), force=True)
                out.clear()


def _answer(future: Any, batch: Batch, work: Work) -> tuple[list[tuple], float]:
    """A finished task's records and seconds, or the run's failure: a game that failed
    (GameFailed, exit 1), a spec the worker refused (SpecMismatch, exit 2), a batch whose
    workers died (exit 1), a worker without Boardwalk (exit 2), the scheduler lost (exit 1)."""
    from distributed.scheduler import KilledWorker

    if future.status == "error":
        problem = future.exception()
        if isinstance(problem, KilledWorker):
            them = "them" if batch.size > 1 else "it"
            raise ClusterProblem(f"{_games(batch, work)} could not finish: the worker playing {them} died each time "
                                 f"Dask tried (out of memory? killed?)", EXIT_PROBLEMS)
        if isinstance(problem, ImportError):
            raise ClusterProblem(f"a worker cannot run Boardwalk ({_reason(problem)}): install the same "
                                 "boardwalk[cluster] on every worker", EXIT_USAGE)
        raise ClusterProblem(f"{_games(batch, work)} failed on the cluster: {_reason(problem)}", EXIT_PROBLEMS)
    if future.status != "finished":
        raise ClusterProblem(f"lost the scheduler (or it restarted): the cluster dropped {_games(batch, work)}",
                             EXIT_PROBLEMS)
    answer = future.result()
    if isinstance(answer, tuple) and answer and answer[0] == "failed" and len(answer) == 2:
        raise GameFailed(str(answer[1]))
    if isinstance(answer, tuple) and answer and answer[0] == "mismatch" and len(answer) == 2:
        raise SpecMismatch(f"a worker refused the run: {answer[1]}")
    return _shaped(answer, batch, work)


def _shaped(answer: Any, batch: Batch, work: Work) -> tuple[list[tuple], float]:
    """The records of a ("done", records, seconds) answer, if each is the tuple a game's
    record is, of the batch's games in order with their seeds: against a bug or a worker of
    another Boardwalk, not a hostile cluster (one whose scheduler is hostile has already won:
    docs/security.md)."""
    spec = work.specs[batch.slot]
    wrong = ClusterProblem(f"a worker sent back records of another shape for {_games(batch, work)} (a worker of "
                           "another Boardwalk?)", EXIT_PROBLEMS)
    if not (isinstance(answer, tuple) and len(answer) == 3 and answer[0] == "done" and isinstance(answer[1], list)
            and isinstance(answer[2], float) and len(answer[1]) == batch.size):
        raise wrong
    for offset, record in enumerate(answer[1]):
        if not (isinstance(record, tuple) and len(record) == len(FIELD_NAMES) and record[0] == batch.first + offset
                and record[1] == game_seed(spec["seed"], batch.first + offset)):
            raise wrong
    return answer[1], answer[2]


def _games(batch: Batch, work: Work) -> str:
    """The batch's games in words, with their seeds (a few of them)."""
    spec = work.specs[batch.slot]
    seeds = [str(game_seed(spec["seed"], batch.first + k)) for k in range(min(batch.size, 3))]
    more = ", ..." if batch.size > 3 else ""
    games = f"game {batch.first}" if batch.size == 1 else f"games {batch.first} to {batch.first + batch.size - 1}"
    return f"{games} (seed{'s' if batch.size > 1 else ''} {', '.join(seeds)}{more})"


__all__ = ["ClusterProblem", "Connection", "DaskBackend", "Where", "connected", "missing"]
