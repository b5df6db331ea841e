"""What tracing costs per thread: the same trip threads with tracing off and on.

Each measurement is a fresh process (tracing is set up once per process) that
runs ``--threads`` trip threads in-process (scripted model, SQLite; start to
the review pause, approve to the end) and reports threads per second and the
process's CPU time per thread (all its threads: the exporter's too). CPU time
is the steadier figure on a shared machine. With tracing on, the spans go over
OTLP/HTTP to a receiver on loopback in this (the parent) process (the tests'
:class:`tests.trace_receivers.OtlpReceiver`, which decodes every export), and
the child flushes them all before it reports. Off and on alternate (A B A B:
the machine is shared and absolute times drift).

``--concurrency N`` runs the threads N at a time instead of one after another
(tracing's share of the event loop and its default executor shows under load).
``--bare`` adds a third series, a build without telemetry: the runtime's
tracing helpers are replaced by plain no-ops before the runtime is imported,
so "off" can be compared with code that has no tracing at all (A B C A B C).

Usage: python -m bench.tracing_cost [--threads N] [--pairs N] [--concurrency N] [--bare]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _strip_telemetry() -> None:
    """Replace every tracing helper the runtime calls with a no-op (before it is imported:
    ``attempt_span`` decorates at class definition)."""
    from agentdesk.runtime import telemetry

    stubs: dict[str, Any] = {
        "setup": lambda settings: False, "attempt_span": lambda drive: drive,
        "span": lambda *args, **kwargs: contextlib.nullcontext(),
        "note": lambda *args, **kwargs: None, "run_trace": lambda attributes: None,
        "carrier": dict, "headers": dict}
    for name, stub in stubs.items():
        setattr(telemetry, name, stub)


async def _threads(count: int, folder: Path, concurrency: int = 1) -> tuple[float, float]:
    """Threads per second and CPU seconds per thread, ``count`` trip threads, at most
    ``concurrency`` at a time (after one warm-up thread)."""
    from agentdesk.runtime import telemetry
    from agentdesk.runtime.approvals import Decision
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.settings import Settings
    from tests.trip_script import REQUEST, TripScript

    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    settings = Settings(data_dir=folder / "data", actor="bench")
    async with Desk.open(settings) as desk:
        gate = asyncio.Semaphore(concurrency)

        async def one() -> None:
            async with gate:
                paused = await desk.start("trip", {"messages": REQUEST}, model=model)
                done = await desk.decide(paused.thread_id, Decision(type="approve"))
                assert done.status == "completed", done

        await one()
        began, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(one() for _ in range(count)))
        telemetry.shutdown()  # every span exported before the clock stops
        return count / (time.perf_counter() - began), (time.process_time() - cpu) / count


def _measure(count: int, concurrency: int, mode: str, endpoint: str) -> tuple[float, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTEL_", "LANGSMITH_"))}
    env.pop("AGENTDESK_OTEL_ENDPOINT", None)
    if mode == "on":
        env["AGENTDESK_OTEL_ENDPOINT"] = endpoint
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT),
                                         env.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, "-m", "bench.tracing_cost", "--child", mode,
                              "--threads", str(count), "--concurrency", str(concurrency),
                              "--folder", folder], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    return float(found["threads_per_s"]), float(found["cpu_s_per_thread"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--bare", action="store_true",
                        help="also measure a build whose tracing helpers are no-ops")
    parser.add_argument("--child", choices=("off", "on", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.child == "bare":
            _strip_telemetry()
        rate, cpu = asyncio.run(_threads(args.threads, Path(args.folder), args.concurrency))
        print(json.dumps({"threads_per_s": rate, "cpu_s_per_thread": cpu}))
        return

    from tests.trace_receivers import OtlpReceiver

    modes = ["off", "on"] + (["bare"] if args.bare else [])
    found: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
    with OtlpReceiver() as receiver:
        for _ in range(args.pairs):
            for mode in modes:
                found[mode].append(_measure(args.threads, args.concurrency, mode, receiver.url))
        spans = len(receiver.snapshot())
    rate = {m: statistics.median(r for r, _ in found[m]) for m in modes}
    cpu = {m: statistics.median(c for _, c in found[m]) * 1000 for m in modes}
    print(f"{args.threads} trip threads (start, approve) per process, {args.concurrency} at "
          f"a time, {args.pairs} rounds")
    for mode in modes:
        each = ", ".join(f"{r:.2f}" for r, _ in found[mode])
        print(f"tracing {mode:4}: {rate[mode]:.2f} threads/s, {cpu[mode]:.1f} ms CPU/thread"
              f"  (each: {each})")
    print(f"cost per thread, on vs off: {(1 / rate['on'] - 1 / rate['off']) * 1000:+.1f} ms "
          f"wall, {cpu['on'] - cpu['off']:+.1f} ms CPU; spans exported: {spans} "
          f"({spans / (args.pairs * (args.threads + 1)):.0f} per thread)")
    if args.bare:
        print(f"off vs no telemetry: {rate['off'] / rate['bare']:.3f}x threads/s, "
              f"{cpu['off'] - cpu['bare']:+.1f} ms CPU/thread")


if __name__ == "__main__":
    main()
