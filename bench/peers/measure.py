"""One server's figures on each shape: threads/s at each client level, then latency alone.

On a server started for the round: two checked warm-up threads of each shape
(imports, caches, pools); each client level (by default 8 and 32 clients sharing the
level's threads) of each shape; ``seq`` sequential threads of each shape for the first run's
median latency; then every thread's end check. Around each level it
reads the server's CPU (its process tree, ``/proc``), the CPU of its PostgreSQL
backends, the whole machine's busy time (what is left after the server, its
backends and this client is "others") and ``/proc/loadavg``. PostgreSQL counts are
read before the first shape's levels and after each shape's, each time once the
backends have gone idle for ``STATS_DELAY`` (a backend reports its counts when idle,
up to 10 s late), so they cover the levels' threads alone; the latency threads and
the checks come after all of them (their reads would count too).
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .servers import Server, backend_pids, cpu_of, pg_counts
from .shapes import Shape

STATS_DELAY = 11.0
"""PostgreSQL flushes a backend's counts when it goes idle, or up to 10 s later."""
WARM_UP = 2


@dataclass(frozen=True)
class Plan:
    """How much work one shape gets on one server."""

    threads: int
    """Threads per client level (times the shape's share; a quarter of it at 1 client)."""
    seq: int
    """Sequential threads for the latency median (times the shape's share, at least 3)."""
    clients: tuple[int, ...] = (8, 32)
    statements: bool = False
    """Read ``pg_stat_statements`` (when the server has it loaded)."""


def loadavg() -> float:
    """The 1-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def _busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (``/proc/stat``: all but idle and iowait)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def _own_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class _Gauges:
    """CPU of the server, its PostgreSQL backends, this client and the machine, between marks."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.marks: dict[str, float] = {}
        self.backends: dict[int, float] = {}

    def _backends(self) -> dict[int, float]:
        return cpu_of(backend_pids(self.server.database)) if self.server.database else {}

    def start(self) -> None:
        self.backends = self._backends()
        self.marks = {"server": self.server.cpu_seconds(), "own": _own_seconds(),
                      "busy": _busy_seconds(), "wall": time.perf_counter(), "load": loadavg()}

    def stop(self) -> dict[str, float]:
        """Seconds since :meth:`start`: wall, server, pg (backends alive at the end), others."""
        now = self._backends()
        pg = sum(cpu - self.backends.get(pid, 0.0) for pid, cpu in now.items())
        out = {"wall": time.perf_counter() - self.marks["wall"],
               "server": self.server.cpu_seconds() - self.marks["server"],
               "own": _own_seconds() - self.marks["own"], "pg": pg,
               "load_start": self.marks["load"], "load_end": loadavg()}
        busy = _busy_seconds() - self.marks["busy"]
        out["others"] = max(0.0, busy - out["server"] - out["pg"] - out["own"])
        return out


async def _settled_counts(server: Server, statements: bool) -> dict[str, float]:
    await asyncio.sleep(STATS_DELAY)
    assert server.database
    return pg_counts(server.database, statements)


def why(failed: BaseException) -> str:
    """What went wrong, in a line (the first error inside a TaskGroup's group)."""
    while isinstance(failed, BaseExceptionGroup) and failed.exceptions:
        failed = failed.exceptions[0]
    return f"{type(failed).__name__}: {str(failed)[:300]}"


async def _levels(server: Server, shape: Shape, plan: Plan, client: Any,
                  counter: Any) -> tuple[dict[str, float], list[str]]:
    """Every client level of ``shape``: its figures and the threads it ran."""
    gauges = _Gauges(server)
    out: dict[str, float] = {}
    ids: list[str] = []
    spent = {"server": 0.0, "pg": 0.0}
    for clients in plan.clients:
        count = max(round(plan.threads * shape.share / (4 if clients == 1 else 1)), clients)
        todo = iter(range(count))
        level: list[str] = []

        async def worker(todo: Any = todo, level: list[str] = level) -> None:
            for _ in todo:
                level.append((await shape.run(client, next(counter)))[0])

        gauges.start()
        async with asyncio.TaskGroup() as group:
            for _ in range(clients):
                group.create_task(worker())
        got = gauges.stop()
        if len(level) != count:
            raise AssertionError(f"{len(level)} of {count} threads ended")
        ids += level
        spent["server"] += got["server"]
        spent["pg"] += got["pg"]
        out[f"threads_s_{clients}"] = count / got["wall"]
        out[f"load_start_{clients}"] = got["load_start"]
        out[f"load_end_{clients}"] = got["load_end"]
        out[f"others_cores_{clients}"] = got["others"] / got["wall"]
    out["threads"] = len(ids)
    out["cpu_ms_thread"] = spent["server"] / len(ids) * 1000
    if server.database:
        out["pg_cpu_ms_thread"] = spent["pg"] / len(ids) * 1000
    return out, ids


async def measure_server(server: Server, shapes: list[Shape], plan: Plan,
                         ) -> dict[str, dict[str, float] | str]:
    """Each shape's figures on ``server``, or what went wrong with it (a line).

    In order: a checked warm-up of every shape; the client levels of each shape in
    turn, with the PostgreSQL counts read between shapes once the backends are idle
    (one wait per shape: nothing else runs between one shape's levels and the next's);
    then each shape's sequential latency; then every thread's end check.
    """
    from langgraph_sdk import get_client

    client = get_client(url=server.url, timeout=300)
    counter = iter(range(10**9))
    errors: dict[str, str] = {}
    results: dict[str, dict[str, float]] = {}
    ids: dict[str, list[str]] = {}
    for shape in shapes:
        try:
            for _ in range(WARM_UP):
                tid, _took = await shape.run(client, next(counter))
                problem = await shape.problem(client, tid)
                assert problem is None, f"warm-up thread: {problem}"
        except Exception as failed:  # a peer that cannot run a shape: recorded
            errors[shape.name] = why(failed)
    live = [s for s in shapes if s.name not in errors]
    counts = await _settled_counts(server, plan.statements) if server.database else {}
    for shape in live:
        try:
            results[shape.name], ids[shape.name] = await _levels(
                server, shape, plan, client, counter)
        except Exception as failed:
            errors[shape.name] = why(failed)
        if server.database:
            after = await _settled_counts(server, plan.statements)
            if shape.name in results:
                done = len(ids[shape.name])
                results[shape.name].update(
                    {f"pg_{key}_thread": (after[key] - counts[key]) / done for key in after})
            counts = after
    for shape in live:
        if shape.name not in results:
            continue
        try:
            seq = max(3, round(plan.seq * shape.share))
            times = [(await shape.run(client, next(counter)))[1] for _ in range(seq)]
            key = "start_interrupt_ms" if shape.pauses else "first_run_ms"
            results[shape.name][key] = statistics.median(times) * 1000
            for tid in ids[shape.name]:
                problem = await shape.problem(client, tid)
                if problem is not None:
                    raise AssertionError(f"thread end check: {problem}")
        except Exception as failed:
            errors[shape.name] = why(failed)
            del results[shape.name]
    return {s.name: results.get(s.name) or errors[s.name] for s in shapes}
