"""One whole thread of the HITL graph through ``langgraph_sdk``, and the check of its end.

Shared by the peer comparison (``python -m bench.peers``) and the soak
(``python -m bench.soak``): a thread is created, run to its interrupt
(``runs.wait``) and resumed to the end; at the end its result is written, the
last step ran exactly once (``finished == 1``), and it holds two runs, the last
``success``.
"""

from __future__ import annotations

import time
from typing import Any

GRAPH = "hitl"
RESUME: object = {"approve": True}


async def run_thread(client: Any, n: int) -> tuple[str, float]:
    """One whole thread; its id and the start -> interrupt time (s)."""
    thread = await client.threads.create()
    tid = thread["thread_id"]
    began = time.perf_counter()
    paused = await client.runs.wait(tid, GRAPH, input={"topic": f"thread {n}"})
    to_interrupt = time.perf_counter() - began
    if "__interrupt__" not in paused:
        raise AssertionError(f"thread {tid} did not pause: {paused}")
    done = await client.runs.wait(tid, GRAPH, command={"resume": RESUME})
    if done.get("finished") != 1:
        raise AssertionError(f"thread {tid} did not finish once: {done}")
    return tid, to_interrupt


async def thread_problem(client: Any, tid: str) -> str | None:
    """What is wrong with thread ``tid``'s end, or None when it completed exactly once."""
    state = await client.threads.get_state(tid)
    values = state["values"]
    if values.get("finished") != 1 or not values.get("result", "").endswith("approved"):
        return f"{tid}: values {values}"
    if state.get("next"):
        return f"{tid}: still to run {state.get('next')}"
    runs = sorted(await client.runs.list(tid), key=lambda r: r["created_at"])
    # The paused run: "success" (LangGraph) or "interrupted" (Aegra); the last: "success".
    statuses = [r["status"] for r in runs]
    if len(runs) != 2 or statuses[0] not in ("success", "interrupted") or (
            statuses[1] != "success"):
        return f"{tid}: runs {statuses}"
    return None


async def check_threads(client: Any, ids: list[str]) -> None:
    """Every thread ended completed exactly once; AssertionError naming the first that did not."""
    for tid in ids:
        problem = await thread_problem(client, tid)
        assert problem is None, problem
