"""The run queue's cost: this tree against an earlier commit, side by side, as ratios.

For each tree (``--before`` REF, default the commit before the queue, and this
working tree), alternately (A B A B, since this machine is shared and absolute
times drift), in fresh processes:

* sequential trip threads in-process (scripted model, SQLite): start -> review
  pause, and approve -> completed, medians;
* over HTTP (``agentdesk serve`` on SQLite): whole threads (create, run to the
  review pause, approve to the end) per second with 1, 8 and 32 concurrent
  clients; every thread is checked to end completed and approved, exactly once.

Usage: python -m bench.queue_cost [--before REF] [--pairs N] [--rounds N] [--threads N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = (1, 8, 32)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _sequential(rounds: int, folder: Path) -> dict[str, float]:
    from agentdesk.runtime.approvals import Decision
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.settings import Settings
    from tests.trip_script import REQUEST, TripScript

    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    settings = Settings(data_dir=folder / "seq", actor="bench")
    starts, decides = [], []
    async with Desk.open(settings) as desk:
        for _ in range(rounds + 1):
            began = time.perf_counter()
            paused = await desk.start("trip", {"messages": REQUEST}, model=model)
            starts.append(time.perf_counter() - began)
            began = time.perf_counter()
            done = await desk.decide(paused.thread_id, Decision(type="approve"))
            decides.append(time.perf_counter() - began)
            assert done.status == "completed", done
    return {"start_ms": statistics.median(starts[1:]) * 1000,
            "approve_ms": statistics.median(decides[1:]) * 1000}


async def _http(clients: int, threads: int, folder: Path) -> float:
    import httpx

    from tests.trip_script import REQUEST, TripScript

    script = TripScript(folder / f"scripts-{clients}")
    model = script.write(script.search(), script.answer(script.itinerary()))
    port = _free_port()
    env = {**os.environ, "AGENTDESK_DATA_DIR": str(folder / f"http-{clients}"),
           "AGENTDESK_MODEL_TRIP": model}
    server = subprocess.Popen([sys.executable, "-m", "agentdesk", "serve", "--port", str(port)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=300) as client:
            for _ in range(300):
                try:
                    if (await client.get("/ok")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
            ids: list[str] = []
            todo = iter(range(threads))

            async def one_thread() -> None:
                tid = (await client.post("/threads", json={})).json()["thread_id"]
                paused = (await client.post(f"/threads/{tid}/runs/wait", json={
                    "assistant_id": "trip", "input": {"messages": REQUEST}})).json()
                assert "__interrupt__" in paused, paused
                done = await client.post(f"/threads/{tid}/runs/wait", json={
                    "assistant_id": "trip", "command": {"resume": {"type": "approve"}}})
                assert done.status_code == 200, done.text
                ids.append(tid)

            async def worker() -> None:
                for _ in todo:
                    await one_thread()

            await one_thread()  # warm up
            ids.clear()
            began = time.perf_counter()
            await asyncio.gather(*(worker() for _ in range(clients)))
            elapsed = time.perf_counter() - began
            for tid in ids:  # every thread ended completed and approved, exactly once
                state = (await client.get(f"/threads/{tid}")).json()
                runs = (await client.get(f"/threads/{tid}/runs")).json()
                assert state["values"].get("is_approved") is True, state
                assert len(runs) == 2 and all(r["status"] == "success" for r in runs), runs
            assert len(ids) == threads
            return threads / elapsed
    finally:
        server.terminate()
        server.wait(timeout=60)


async def _measure(rounds: int, threads: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="agentdesk-bench-") as tmp:
        folder = Path(tmp)
        out = await _sequential(rounds, folder)
        for clients in CLIENTS:
            out[f"threads_per_s_{clients}"] = await _http(clients, max(threads, clients),
                                                          folder)
        return out


def _tree(ref: str, folder: Path) -> Path:
    tree = folder / "before"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), ref],
                   check=True, capture_output=True)
    return tree


def _run_in(tree: Path, rounds: int, threads: int) -> dict[str, float]:
    # Each tree measures with its own copy of this file, which imports that tree's modules.
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}{os.pathsep}{tree}"}
    proc = subprocess.run([sys.executable, "-m", "bench.queue_cost", "--measure",
                           "--rounds", str(rounds), "--threads", str(threads)],
                          env=env, cwd=tree, capture_output=True, text=True, check=True)
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="7c53deb", help="the commit to compare with")
    parser.add_argument("--pairs", type=int, default=2, help="A B rounds, interleaved")
    parser.add_argument("--rounds", type=int, default=20, help="sequential threads per tree")
    parser.add_argument("--threads", type=int, default=64, help="HTTP threads per client level")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(asyncio.run(_measure(args.rounds, args.threads))))
        return
    with tempfile.TemporaryDirectory(prefix="agentdesk-before-") as tmp:
        before = _tree(args.before, Path(tmp))
        try:
            results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for pair in range(args.pairs):
                for label, tree in (("before", before), ("after", ROOT)):
                    results[label].append(_run_in(tree, args.rounds, args.threads))
                    print(f"pair {pair + 1}: {label} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(before)], check=False, capture_output=True)
    print(f"{'':34}{'before':>12}{'after':>12}{'after/before':>14}")
    for key in results["after"][0]:
        b = statistics.median(r[key] for r in results["before"])
        a = statistics.median(r[key] for r in results["after"])
        unit = "ms" if key.endswith("_ms") else "thr/s"
        print(f"{key + ' (' + unit + ')':34}{b:12.1f}{a:12.1f}{a / b:14.2f}")
    print(f"load average while it ran: {os.getloadavg()}")


if __name__ == "__main__":
    main()
