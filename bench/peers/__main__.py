"""agentdesk beside the servers a LangGraph team would otherwise run, on several shapes of graph.

Each server serves the graphs of ``langgraph.json`` (one file per shape, see
``shapes.py``) and is driven with the official ``langgraph_sdk`` client. Servers
are interleaved (A B C .. A B C ..) in one run, since this machine is shared and
absolute figures drift; each round starts every server afresh and runs every
shape on it (``measure.py`` says what is measured). A peer that cannot run a
shape is recorded as such and the run goes on. The tables (one per shape, with
agentdesk/peer ratios) go to standard output, the figures of every round to
``bench/peers/results/<date>.json``; ``--report FILE...`` prints the tables of one or
more such files again (their rounds together).

Usage: python -m bench.peers [--servers a,b] [--shapes a,b] [--rounds N] [--threads N]
                             [--seq N] [--clients 8,32] [--out FILE] | --report FILE...
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .measure import Plan, loadavg, measure_server, why
from .report import merge, report
from .servers import HERE, PEERS, ROOT, statements_available
from .shapes import SHAPES


def _names(given: str, known: dict[str, Any], flag: str) -> list[str]:
    names = [n.strip() for n in given.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise SystemExit(f"{flag}: unknown {', '.join(unknown) or '(none given)'}; "
                         f"known: {', '.join(known)}")
    return names


def _commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True)
    return done.stdout.strip() or "?"


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(servers: list[str], shapes: list[str], rounds: int, plan: Plan,
        data: dict[str, Any]) -> None:
    """Fill ``data["shapes"]`` with every round of every server on every shape."""
    entries = data["shapes"]
    with tempfile.TemporaryDirectory(prefix="agentdesk-peers-") as tmp:
        for round_ in range(rounds):
            for name in servers:
                try:
                    server = PEERS[name].start(Path(tmp))
                except (SystemExit, Exception) as failed:
                    for shape in shapes:
                        entries[shape]["servers"][name]["errors"].append(f"start: {failed}")
                    _say(f"round {round_ + 1} {name}: did not start: {failed}")
                    continue
                try:
                    got = asyncio.run(measure_server(server, [SHAPES[s] for s in shapes], plan))
                except Exception as failed:
                    got = dict.fromkeys(shapes, f"the server: {why(failed)}")
                finally:
                    server.stop()
                for shape, figures in got.items():
                    slot = entries[shape]["servers"][name]
                    if isinstance(figures, str):
                        slot["errors"].append(figures)
                        _say(f"round {round_ + 1} {name} {shape}: FAILED {figures}")
                    else:
                        slot["rounds"].append(figures)
                        _say(f"round {round_ + 1} {name} {shape}: " + ", ".join(
                            f"{k}={v:.1f}" for k, v in figures.items()))
                if any(isinstance(f, str) for f in got.values()):
                    _say(f"{name}: the end of its log:\n"
                         + server.log.read_text(errors="replace")[-1500:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default=",".join(PEERS),
                        help=f"comma-separated, of: {', '.join(PEERS)}")
    parser.add_argument("--shapes", default=",".join(SHAPES),
                        help=f"comma-separated, of: {', '.join(SHAPES)}")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds per server")
    parser.add_argument("--threads", type=int, default=32,
                        help="threads per client level (times each shape's share)")
    parser.add_argument("--seq", type=int, default=8, help="sequential threads for latency")
    parser.add_argument("--clients", default="8,32", help="client levels, comma-separated")
    parser.add_argument("--out", type=Path, help="JSON file (default results/<date>.json)")
    parser.add_argument("--report", type=Path, nargs="+",
                        help="print the tables of these JSON files (rounds together), run nothing")
    args = parser.parse_args()
    if args.report:
        print(report(merge([json.loads(path.read_text()) for path in args.report])))
        return
    servers = _names(args.servers, PEERS, "--servers")
    shapes = _names(args.shapes, SHAPES, "--shapes")
    statements = statements_available()
    try:
        clients = tuple(int(c) for c in args.clients.split(",") if c.strip())
    except ValueError:
        raise SystemExit(f"--clients: {args.clients!r} is not a list of numbers") from None
    if not clients or min(clients) < 1:
        raise SystemExit(f"--clients: {args.clients!r}: give one or more counts of 1 or more")
    plan = Plan(threads=args.threads, seq=args.seq, clients=clients, statements=statements)
    started = datetime.datetime.now(datetime.UTC)
    out = args.out or HERE / "results" / f"{started:%Y-%m-%dT%H%M}.json"
    data: dict[str, Any] = {
        "started": f"{started:%Y-%m-%d %H:%M} UTC", "commit": _commit(), "cores": os.cpu_count(),
        "rounds": args.rounds, "threads": args.threads, "seq": args.seq,
        "clients": list(plan.clients), "load_before": loadavg(),
        "pg_metric": "pg_stat_statements (calls) and pg_stat_database" if statements else (
            "pg_stat_database only (pg_stat_statements is not preloaded on this server): "
            "transactions committed + rolled back, rows inserted + updated + deleted"),
        "labels": {n: PEERS[n].label for n in servers},
        "shapes": {s: {"about": SHAPES[s].about, "share": SHAPES[s].share,
                       "servers": {n: {"rounds": [], "errors": []} for n in servers}}
                   for s in shapes}}
    _say(f"load before: {os.getloadavg()}; PostgreSQL counts: {data['pg_metric']}")
    try:
        run(servers, shapes, args.rounds, plan, data)
    finally:
        data["load_after"] = loadavg()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n")
        _say(f"figures written to {out}")
    print(report(data))


if __name__ == "__main__":
    main()
