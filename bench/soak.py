"""A soak: many whole threads through ``agentdesk serve``, watching that nothing grows.

``agentdesk serve`` of this tree serves the model-free HITL graph of
``bench/peers`` (started as ``bench.peers`` starts it), on SQLite and on
PostgreSQL in turn. ``--clients`` official ``langgraph_sdk`` clients run
``--threads`` whole threads (create, run to the interrupt, resume); meanwhile a
sampler in its own OS thread reads, every ``--interval`` seconds:

* RSS and open file descriptors of the server's process tree (``/proc``);
* database connections: on PostgreSQL the backends of the bench database
  (``pg_stat_activity``), on SQLite the server's open handles to its database
  files (``/proc/<pid>/fd`` links to ``*.db``, ``-wal``, ``-shm``, ``-journal``);
* the event loop's lag: the gauge ``agentdesk_event_loop_lag_seconds`` of
  ``GET /metrics`` when it answers, else the latency of ``GET /ok`` from the
  sampler's own client as a stand-in (the output says which).

At the end every thread's end is checked (result written, last step ran once,
two runs, the last ``success``); one that failed or ended otherwise is lost.
Growth leaves out the warm-up (the samples before 10 % of the threads ended)
and compares the median of the last quarter of the remaining samples with the
median of their first quarter. Goal: RSS grows less than 10 %, descriptors and
connections do not grow, no thread is lost.

Usage: python -m bench.soak [--threads N] [--clients N] [--db sqlite,postgres]
                            [--interval S] [--out PNG]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .peers.driver import run_thread, thread_problem
from .peers.servers import ADMIN_URL, Server, agentdesk_peer

DATABASES = {"sqlite": None, "postgres": "agentdesk_soak"}
"""``--db`` name -> the PostgreSQL database the server gets (None: SQLite in the work dir)."""
DB_FILES = (".db", ".db-wal", ".db-shm", ".db-journal")
WARM_UP = 0.10
"""The share of threads whose samples are left out of the growth figures."""
RSS_GOAL = 10.0
"""RSS may grow less than this many percent after the warm-up."""
LAG_GAUGE = "agentdesk_event_loop_lag_seconds"
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Sample:
    """One reading of the server while threads run."""

    seconds: float
    """Since the soak's threads started."""
    done: int
    """Threads ended (well or not) by then."""
    rss_mb: float
    fds: int
    connections: int
    lag_ms: float
    lag_source: str
    """``metrics`` (the server's own gauge) or ``/ok`` (probe latency)."""


@dataclass
class Soak:
    """What one database's soak gave."""

    database: str
    threads: int
    seconds: float = 0.0
    samples: list[Sample] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    """Each lost thread: why (failed while running, or a wrong end)."""


def process_figures(pids: list[int]) -> tuple[float, int, int]:
    """RSS (MB), open descriptors and handles to SQLite files of processes ``pids``."""
    rss = fds = handles = 0
    for pid in pids:
        try:
            rss += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
            entries = list(os.scandir(f"/proc/{pid}/fd"))
        except (OSError, IndexError, ValueError):
            continue  # it ended between the listing and the read
        fds += len(entries)
        for entry in entries:
            try:
                target = os.readlink(entry.path)
            except OSError:
                continue
            handles += target.endswith(DB_FILES)
    return rss / 2**20, fds, handles


class Sampler(threading.Thread):
    """Reads the server every ``interval`` seconds until stopped, plus once at the stop."""

    def __init__(self, server: Server, interval: float, progress: list[int]) -> None:
        super().__init__(name="soak-sampler", daemon=True)
        import httpx

        self.server, self.interval, self.progress = server, interval, progress
        self.samples: list[Sample] = []
        self.began = time.monotonic()
        self._stop_event = threading.Event()
        self._http = httpx.Client(base_url=server.url, timeout=30)
        self._pg: Any = None
        if server.database:
            import psycopg

            self._pg = psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True)

    def run(self) -> None:
        while not self._stop_event.wait(self.interval):
            self.samples.append(self.sample())

    def stop(self) -> list[Sample]:
        """Stop, take the last reading, close; the samples."""
        self._stop_event.set()
        self.join()
        self.samples.append(self.sample())
        self._http.close()
        if self._pg is not None:
            self._pg.close()
        return self.samples

    def sample(self) -> Sample:
        rss, fds, handles = process_figures(self.server.pids())
        connections = handles
        if self._pg is not None:
            row = self._pg.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
                                   (self.server.database,)).fetchone()
            connections = int(row[0])
        lag_ms, source = self._lag()
        return Sample(time.monotonic() - self.began, self.progress[0], rss, fds, connections,
                      lag_ms, source)

    def _lag(self) -> tuple[float, str]:
        answer = self._http.get("/metrics")
        if answer.status_code == 200:
            values = [float(line.rsplit(" ", 1)[1]) for line in answer.text.splitlines()
                      if line.startswith(LAG_GAUGE)]
            if values:
                return max(values) * 1000, "metrics"
        began = time.perf_counter()
        self._http.get("/ok").raise_for_status()
        return (time.perf_counter() - began) * 1000, "/ok"


async def _drive(server: Server, soak: Soak, clients: int, progress: list[int]) -> list[str]:
    """Run ``soak.threads`` whole threads over ``clients`` clients; the ids of those that ran."""
    from langgraph_sdk import get_client

    client = get_client(url=server.url, timeout=300)
    todo = iter(range(soak.threads))
    ids: list[str] = []

    async def worker() -> None:
        for n in todo:
            try:
                ids.append((await run_thread(client, n))[0])
            except Exception as exc:  # a lost thread is counted, not fatal
                soak.lost.append(f"thread {n}: {exc!r}"[:400])
            progress[0] += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(clients)))
    soak.seconds = time.perf_counter() - began
    return ids


async def _check(server: Server, soak: Soak, clients: int, ids: list[str]) -> None:
    """Check every thread's end over ``clients`` clients; a wrong end is a lost thread."""
    from langgraph_sdk import get_client

    client = get_client(url=server.url, timeout=300)
    unchecked = iter(ids)

    async def checker() -> None:
        for tid in unchecked:
            try:
                problem = await thread_problem(client, tid)
            except Exception as exc:
                problem = f"{tid}: check failed: {exc!r}"[:400]
            if problem:
                soak.lost.append(problem)

    await asyncio.gather(*(checker() for _ in range(clients)))


def soak_one(name: str, threads: int, clients: int, interval: float, workdir: Path) -> Soak:
    """Soak one database (``sqlite`` or ``postgres``) on a fresh server; the samples cover
    the threads' runs, not the check of their ends that follows."""
    database = DATABASES[name]
    server = agentdesk_peer(f"agentdesk {name}", database).start(workdir)
    soak = Soak(name, threads)
    progress = [0]
    try:
        sampler = Sampler(server, interval, progress)
        sampler.start()
        try:
            ids = asyncio.run(_drive(server, soak, clients, progress))
        finally:
            soak.samples = sampler.stop()
        asyncio.run(_check(server, soak, clients, ids))
    except BaseException:
        print(f"{name}: see the server's log:\n" + server.log.read_text()[-3000:],
              file=sys.stderr)
        raise
    finally:
        server.stop()
    return soak


def quarters(soak: Soak) -> tuple[list[Sample], list[Sample]]:
    """The first and the last quarter of the samples after the warm-up."""
    after = [s for s in soak.samples if s.done >= soak.threads * WARM_UP] or soak.samples
    size = max(1, len(after) // 4)
    return after[:size], after[-size:]


def growth(soak: Soak) -> dict[str, tuple[float, float, float]]:
    """Per metric: (first-quarter median, last-quarter median, max after the warm-up)."""
    first, last = quarters(soak)
    after = [s for s in soak.samples if s.done >= soak.threads * WARM_UP] or soak.samples
    out = {}
    for key in ("rss_mb", "fds", "connections", "lag_ms"):
        out[key] = (statistics.median(getattr(s, key) for s in first),
                    statistics.median(getattr(s, key) for s in last),
                    max(getattr(s, key) for s in after))
    return out


def verdict(soak: Soak) -> list[str]:
    """What missed the goal (empty: flat, nothing lost)."""
    figures = growth(soak)
    misses = []
    rss_first, rss_last, _ = figures["rss_mb"]
    if rss_last > rss_first * (1 + RSS_GOAL / 100):
        misses.append(f"RSS grew {100 * (rss_last / rss_first - 1):.1f} %")
    for key in ("fds", "connections"):
        if figures[key][1] > figures[key][0]:
            misses.append(f"{key} grew {figures[key][0]:g} -> {figures[key][1]:g}")
    if soak.lost:
        misses.append(f"{len(soak.lost)} threads lost")
    return misses


def print_report(soaks: list[Soak], rows: int = 30) -> None:
    """The samples of each database (thinned to about ``rows``) and the growth summary."""
    from rich.console import Console
    from rich.table import Table

    console = Console(width=160)
    for soak in soaks:
        sources = sorted({s.lag_source for s in soak.samples})
        table = Table(title=f"{soak.database}: samples (loop lag from {', '.join(sources)})")
        for column in ("s", "threads done", "RSS MB", "fds", "db conns", "lag ms"):
            table.add_column(column, justify="right")
        step = max(1, len(soak.samples) // rows)
        shown = soak.samples[::step]
        if shown[-1] is not soak.samples[-1]:
            shown.append(soak.samples[-1])
        for s in shown:
            table.add_row(f"{s.seconds:.0f}", str(s.done), f"{s.rss_mb:.1f}", str(s.fds),
                          str(s.connections), f"{s.lag_ms:.1f}")
        console.print(table)
    summary = Table(title=f"soak: after warm-up ({WARM_UP:.0%} of threads), first-quarter "
                          "median -> last-quarter median (max)")
    for column in ("db", "threads", "lost", "threads/s", "RSS MB", "RSS growth", "fds",
                   "db conns", "lag ms", "goal"):
        summary.add_column(column, justify="right")
    for soak in soaks:
        g = growth(soak)
        rss = g["rss_mb"]
        cells = [f"{g[k][0]:g} -> {g[k][1]:g} ({g[k][2]:g})" for k in ("fds", "connections")]
        lag = g["lag_ms"]
        misses = verdict(soak)
        summary.add_row(
            soak.database, str(soak.threads), str(len(soak.lost)),
            f"{soak.threads / soak.seconds:.1f}" if soak.seconds else "-",
            f"{rss[0]:.1f} -> {rss[1]:.1f} ({rss[2]:.1f})",
            f"{100 * (rss[1] / rss[0] - 1):+.1f} %", *cells,
            f"{lag[0]:.1f} -> {lag[1]:.1f} ({lag[2]:.1f})",
            "met" if not misses else "; ".join(misses))
    console.print(summary)
    for soak in soaks:
        for why in soak.lost[:10]:
            console.print(f"[red]lost[/red] {soak.database}: {why}")


def plot(soaks: list[Soak], out: Path) -> Path:
    """One panel per metric against threads done, a line per database; the PNG's path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = (("rss_mb", "RSS (MB)"), ("fds", "open descriptors"),
              ("connections", "database connections / file handles"),
              ("lag_ms", "event-loop lag (ms)"))
    figure, axes = plt.subplots(len(panels), 1, figsize=(8, 10), sharex=True)
    for axis, (key, title) in zip(axes, panels, strict=True):
        for soak in soaks:
            axis.plot([s.done for s in soak.samples], [getattr(s, key) for s in soak.samples],
                      marker=".", label=soak.database)
            axis.axvline(soak.threads * WARM_UP, color="grey", linestyle=":", linewidth=0.8)
        axis.set_ylabel(title)
        axis.grid(alpha=0.3)
        axis.legend(loc="best")
    axes[-1].set_xlabel("threads done (dotted: end of warm-up)")
    figure.suptitle("agentdesk soak: " + ", ".join(
        f"{s.database} {s.threads} threads" for s in soaks))
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=100)
    plt.close(figure)
    return out


def soak(threads: int, clients: int, databases: list[str], interval: float,
         out: Path) -> list[Soak]:
    """Soak each database in turn; print the tables, write the plot (and the samples as
    JSON beside it, after each database); the results."""
    results = []
    with tempfile.TemporaryDirectory(prefix="agentdesk-soak-") as tmp:
        for name in databases:
            results.append(soak_one(name, threads, clients, interval, Path(tmp)))
            out.parent.mkdir(parents=True, exist_ok=True)
            out.with_suffix(".json").write_text(json.dumps(
                [dataclasses.asdict(r) for r in results], indent=1))
    print_report(results)
    print(f"plot: {plot(results, out)}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=5000, help="whole threads per database")
    parser.add_argument("--clients", type=int, default=16, help="concurrent SDK clients")
    parser.add_argument("--db", default="sqlite,postgres",
                        help=f"comma-separated, of: {', '.join(DATABASES)}")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between samples")
    parser.add_argument("--out", type=Path,
                        default=Path(tempfile.gettempdir()) / "agentdesk-soak.png",
                        help="where the PNG plot goes")
    args = parser.parse_args()
    names = [n.strip() for n in args.db.split(",") if n.strip()]
    unknown = [n for n in names if n not in DATABASES]
    if unknown or not names:
        parser.error(f"--db: unknown {', '.join(unknown) or '(none given)'}; "
                     f"known: {', '.join(DATABASES)}")
    for flag, value in (("--threads", args.threads), ("--clients", args.clients),
                        ("--interval", args.interval)):
        if value <= 0:
            parser.error(f"{flag}: must be positive, got {value}")
    print(f"load before: {os.getloadavg()} ({os.cpu_count()} cores)", file=sys.stderr)
    results = soak(args.threads, args.clients, names, args.interval, args.out)
    print(f"load after: {os.getloadavg()}")
    if any(verdict(s) for s in results):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
