"""What a v2 thread event stream costs to open: the whole thread's history is reshaped.

``POST /threads/{id}/stream/events`` numbers a thread's protocol events from its first
run on every connection (so ``seq`` means the same to every client), so opening one
replays every run the thread had. One server (SQLite, the conformance ``echo`` graph);
for threads of 1, 10 and 50 runs, the median time from the request to the last run's
terminal lifecycle event, with all channels and with ``since`` at that last event's
``seq`` (still a full replay, nothing sent); beside it the same thread's ``GET
/threads/{id}/stream`` (the recorded events as they are) to its last ``run_done``.

Usage: python -m bench.v2_replay [--rounds N] [--sizes 1,10,50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx

SIZES = (1, 10, 50)
CHANNELS = ["values", "updates", "messages", "lifecycle", "input", "custom", "tasks"]


async def _v2(http: httpx.AsyncClient, thread_id: str, runs: int, since: int = 0,
              ) -> tuple[float, int]:
    """Seconds to the last run's terminal lifecycle event, and that event's seq."""
    began = time.perf_counter()
    ended = 0
    body = {"channels": CHANNELS, "since": since}
    async with http.stream("POST", f"/threads/{thread_id}/stream/events", json=body) as r:
        async for line in r.aiter_lines():
            if not line.startswith("data:"):
                continue
            event = json.loads(line[5:])
            params = event["params"]
            if event["method"] == "lifecycle" and not params["namespace"] \
                    and params["data"]["event"] == "completed":
                ended += 1
                if since or ended == runs:  # after ``since``: only the last one comes
                    return time.perf_counter() - began, int(event["seq"])
    raise AssertionError("the stream ended before the thread's last run did")


async def _legacy(http: httpx.AsyncClient, thread_id: str, runs: int) -> float:
    began = time.perf_counter()
    done = 0
    async with http.stream("GET", f"/threads/{thread_id}/stream") as r:
        async for line in r.aiter_lines():
            if line.startswith("data:") and '"run_done"' in line:
                done += 1
                if done == runs:
                    break
    return time.perf_counter() - began


async def _measure(url: str, rounds: int, sizes: tuple[int, ...]) -> None:
    from langgraph_sdk import get_client

    client = get_client(url=url)
    print(f"{'runs':>5} {'events':>7} {'v2 ms':>8} {'v2 since=last ms':>17} {'GET stream ms':>14}")
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:
        for size in sizes:
            thread = await client.threads.create()
            for i in range(size):
                run = await client.runs.create(
                    thread["thread_id"], "echo", input={"text": f"r{i}"}, stream_subgraphs=True,
                    stream_mode=["values", "updates", "messages-tuple", "custom", "tasks"])
                await client.runs.join(thread["thread_id"], run["run_id"])
            full, tail, legacy, last = [], [], [], 0
            for _ in range(rounds):
                took, last = await _v2(http, thread["thread_id"], size)
                full.append(took)
                tail.append((await _v2(http, thread["thread_id"], size, since=last - 1))[0])
                legacy.append(await _legacy(http, thread["thread_id"], size))
            print(f"{size:>5} {last:>7} {statistics.median(full) * 1000:>8.0f} "
                  f"{statistics.median(tail) * 1000:>17.0f} "
                  f"{statistics.median(legacy) * 1000:>14.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="runs per thread, comma-separated")
    args = parser.parse_args()
    rounds, sizes = args.rounds, tuple(int(n) for n in args.sizes.split(","))

    from agentdesk.settings import Settings
    from tests.conformance.conftest import CONFIG
    from tests.servers import Servers, free_port

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        with Servers(data) as servers:
            server = servers.app(Settings(data_dir=data, graphs=CONFIG, actor="bench",
                                          smtp_listen=f"127.0.0.1:{free_port()}",
                                          smtp_catcher=f"127.0.0.1:{free_port()}"))
            asyncio.run(_measure(server.url, rounds, sizes))

if __name__ == "__main__":
    main()
