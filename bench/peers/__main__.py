"""agentdesk beside the servers a LangGraph team would otherwise run, on the same work.

Each server serves ``hitl_graph.py`` (``langgraph.json``) and is driven with
the official ``langgraph_sdk`` client: a thread is created, run to its
interrupt (``runs.wait``) and resumed to the end. Servers are interleaved
(A B C .. A B C ..) in one run, since this machine is shared and absolute
figures drift; each round starts every server afresh. Measured per server:

* sequential start -> interrupt median (ms), one client;
* whole threads per second with 1, 8 and 32 concurrent clients;
* server CPU ms per thread (``/proc`` of the server's process tree);
* PostgreSQL transactions per thread (``pg_stat_database.xact_commit`` of its
  own database), for the servers on PostgreSQL.

Every thread is checked at the end: result written, the last step ran exactly
once (``finished == 1``), two runs, both ``success``.

Usage: python -m bench.peers [--servers a,b] [--rounds N] [--threads N] [--seq N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .driver import check_threads as _check
from .driver import run_thread as _thread
from .servers import PEERS, Server, commits

CLIENTS = (1, 8, 32)
STATS_DELAY = 11.0
"""PostgreSQL flushes a backend's counts when it goes idle, or up to 10 s later."""


async def _measure(server: Server, threads: int, seq: int) -> dict[str, float]:
    from langgraph_sdk import get_client

    client = get_client(url=server.url, timeout=300)
    out: dict[str, float] = {}
    counter = iter(range(10**9))
    for _ in range(3):  # warm up: imports, caches, pools
        await _thread(client, next(counter))
    times = [(await _thread(client, next(counter)))[1] for _ in range(seq)]
    out["start_interrupt_ms"] = statistics.median(times) * 1000
    cpu_total = xacts_total = done_total = 0.0
    for clients in CLIENTS:
        count = max(threads // (4 if clients == 1 else 1), clients)
        todo = iter(range(count))
        ids: list[str] = []

        async def worker(todo: Any = todo, ids: list[str] = ids) -> None:
            for _ in todo:
                ids.append((await _thread(client, next(counter)))[0])

        if server.database:  # a backend reports its counts when idle, within ~10 s
            await asyncio.sleep(STATS_DELAY)
        cpu = server.cpu_seconds()
        xacts = commits(server.database) if server.database else 0
        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.perf_counter() - began
        cpu_total += server.cpu_seconds() - cpu
        if server.database:
            await asyncio.sleep(STATS_DELAY)
            xacts_total += commits(server.database) - xacts
        done_total += len(ids)
        out[f"threads_s_{clients}"] = len(ids) / elapsed
        await _check(client, ids)
        if len(ids) != count:
            raise AssertionError(f"{server.label}: {len(ids)} of {count} threads ended")
    out["cpu_ms_thread"] = cpu_total / done_total * 1000
    if server.database:
        out["pg_xacts_thread"] = xacts_total / done_total
    return out


ROWS = [("threads/s, 1 client", "threads_s_1", "{:.1f}", True),
        ("threads/s, 8 clients", "threads_s_8", "{:.1f}", True),
        ("threads/s, 32 clients", "threads_s_32", "{:.1f}", True),
        ("server CPU ms per thread", "cpu_ms_thread", "{:.0f}", False),
        ("PG transactions per thread", "pg_xacts_thread", "{:.1f}", False),
        ("start->interrupt median ms", "start_interrupt_ms", "{:.1f}", False)]


def table(results: dict[str, list[dict[str, float]]]) -> str:
    labels = [PEERS[name].label for name in results]
    med = {name: {key: statistics.median(r[key] for r in runs) for key in runs[0]}
           for name, runs in results.items() if runs}
    lines = ["| | " + " | ".join(labels) + " |", "|---|" + "---|" * len(labels)]
    for title, key, fmt, _ in ROWS:
        cells = [fmt.format(med[n][key]) if key in med.get(n, {}) else "-" for n in results]
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    lines.append("")
    ours = [n for n in results if n.startswith("agentdesk") and n in med]
    others = [n for n in results if not n.startswith("agentdesk") and n in med]
    for mine in ours:
        for other in others:
            parts = []
            for _title, key, _, higher in ROWS:
                if key in med[mine] and key in med[other] and med[other][key]:
                    ratio = med[mine][key] / med[other][key]
                    parts.append(f"{key} {ratio:.2f}x{'' if higher else ' (lower is better)'}")
            lines.append(f"{PEERS[mine].label} / {PEERS[other].label}: " + ", ".join(parts))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default=",".join(PEERS),
                        help=f"comma-separated, of: {', '.join(PEERS)}")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds per server")
    parser.add_argument("--threads", type=int, default=64, help="threads per client level")
    parser.add_argument("--seq", type=int, default=20, help="sequential start->interrupt")
    args = parser.parse_args()
    names = [n.strip() for n in args.servers.split(",") if n.strip()]
    unknown = [n for n in names if n not in PEERS]
    if unknown:
        raise SystemExit(f"--servers: unknown {', '.join(unknown)}; known: {', '.join(PEERS)}")
    print(f"load before: {os.getloadavg()}", file=sys.stderr)
    results: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    with tempfile.TemporaryDirectory(prefix="agentdesk-peers-") as tmp:
        workdir = Path(tmp)
        for round_ in range(args.rounds):
            for name in names:
                server = PEERS[name].start(workdir)
                try:
                    got = asyncio.run(_measure(server, args.threads, args.seq))
                except BaseException:
                    print(f"{name}: see its log:\n" + server.log.read_text()[-3000:],
                          file=sys.stderr)
                    raise
                finally:
                    server.stop()
                results[name].append(got)
                print(f"round {round_ + 1} {name}: " + ", ".join(
                    f"{k}={v:.1f}" for k, v in got.items()), file=sys.stderr)
    print(table(results))
    print(f"\nload average after: {os.getloadavg()} (2 cores)")


if __name__ == "__main__":
    main()
