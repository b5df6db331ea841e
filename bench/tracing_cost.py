"""What tracing costs per thread: the same trip threads with tracing off and on.

Each measurement is a fresh process (tracing is set up once per process) that
runs ``--threads`` trip threads in-process (scripted model, SQLite; start to
the review pause, approve to the end) and reports threads per second. With
tracing on, the spans go over OTLP/HTTP to a receiver on loopback (the tests'
:class:`tests.trace_receivers.OtlpReceiver`, which decodes every export), and
the process flushes them all before it reports. Off and on alternate
(A B A B: the machine is shared and absolute times drift).

Usage: python -m bench.tracing_cost [--threads N] [--pairs N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def _threads(count: int, folder: Path) -> float:
    """Threads per second, ``count`` trip threads one after another (after one warm-up)."""
    from agentdesk.runtime import telemetry
    from agentdesk.runtime.approvals import Decision
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.settings import Settings
    from tests.trip_script import REQUEST, TripScript

    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    settings = Settings(data_dir=folder / "data", actor="bench")
    async with Desk.open(settings) as desk:
        began = 0.0
        for i in range(count + 1):
            if i == 1:
                began = time.perf_counter()
            paused = await desk.start("trip", {"messages": REQUEST}, model=model)
            done = await desk.decide(paused.thread_id, Decision(type="approve"))
            assert done.status == "completed", done
        telemetry.shutdown()  # every span exported before the clock stops
        return count / (time.perf_counter() - began)


def _measure(count: int, endpoint: str | None) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTEL_", "LANGSMITH_"))}
    env.pop("AGENTDESK_OTEL_ENDPOINT", None)
    if endpoint:
        env["AGENTDESK_OTEL_ENDPOINT"] = endpoint
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT),
                                         env.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, "-m", "bench.tracing_cost", "--child",
                              "--threads", str(count), "--folder", folder], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["threads_per_s"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        rate = asyncio.run(_threads(args.threads, Path(args.folder)))
        print(json.dumps({"threads_per_s": rate}))
        return

    from tests.trace_receivers import OtlpReceiver

    off: list[float] = []
    on: list[float] = []
    with OtlpReceiver() as receiver:
        for _ in range(args.pairs):
            off.append(_measure(args.threads, None))
            on.append(_measure(args.threads, receiver.url))
        spans = len(receiver.snapshot())
    a, b = statistics.median(off), statistics.median(on)
    print(f"{args.threads} trip threads (start, approve) per process, {args.pairs} pairs")
    print(f"tracing off: {a:.2f} threads/s  (each: {', '.join(f'{x:.2f}' for x in off)})")
    print(f"tracing on : {b:.2f} threads/s  (each: {', '.join(f'{x:.2f}' for x in on)})")
    print(f"cost per thread: {(1 / b - 1 / a) * 1000:+.1f} ms; "
          f"spans exported: {spans} ({spans / (args.pairs * (args.threads + 1)):.0f} per thread)")


if __name__ == "__main__":
    main()
