"""What the ``events`` stream mode costs: a trip run streamed with and without it.

One server (SQLite, scripted model, in-process tool servers); for each set of
stream modes, alternately (the machine is shared), ``--rounds`` trip threads are
streamed with the SDK from start to the review pause. Prints the median time
to the end of the stream and the events stored per run.

Usage: python -m bench.events_cost [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

MODES = (("updates",), ("updates", "custom", "messages-tuple"), ("events",),
         ("events", "updates"))


async def _one(url: str, modes: tuple[str, ...]) -> tuple[float, int]:
    from langgraph_sdk import get_client

    from tests.trip_script import REQUEST

    client = get_client(url=url)
    thread = await client.threads.create()
    began = time.perf_counter()
    parts = [p async for p in client.runs.stream(
        thread["thread_id"], "trip", input={"messages": REQUEST}, stream_mode=list(modes))]
    assert parts[-1].event == "end", parts[-1]
    return time.perf_counter() - began, len(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    rounds = parser.parse_args().rounds

    import os

    from agentdesk.server.app import create_app
    from agentdesk.settings import Settings
    from tests.conftest import ServerThread
    from tests.trip_script import TripScript

    with tempfile.TemporaryDirectory() as folder:
        script = TripScript(Path(folder) / "scripts")
        os.environ["AGENTDESK_MODEL_TRIP"] = script.write(
            script.search(), script.answer(script.itinerary()))
        app = create_app(Settings(data_dir=Path(folder) / "data", actor="bench"))
        times: dict[tuple[str, ...], list[float]] = {m: [] for m in MODES}
        counts: dict[tuple[str, ...], int] = {}
        with ServerThread(app) as server:
            for round_ in range(rounds + 1):
                for modes in MODES:
                    took, count = asyncio.run(_one(server.url, modes))
                    if round_:  # the first round warms up
                        times[modes].append(took)
                    counts[modes] = count
    base = statistics.median(times[MODES[0]])
    print(f"{'stream modes':<40} {'median ms':>10} {'x updates':>10} {'events/run':>11}")
    for modes in MODES:
        median = statistics.median(times[modes])
        print(f"{','.join(modes):<40} {median * 1000:>10.0f} {median / base:>10.2f} "
              f"{counts[modes]:>11}")


if __name__ == "__main__":
    main()
