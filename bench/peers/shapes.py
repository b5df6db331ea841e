"""The shapes of graph the peers are compared on: what one thread of each is, and its end check.

Each shape is a graph of ``langgraph.json`` beside this file. ``run`` drives one
whole thread through the official ``langgraph_sdk`` client and returns its id
and the time of its first run (start -> interrupt for the shapes that pause, the
whole first run for the others); ``problem`` reads the thread back at the end
and names what is wrong, or None when every step ran exactly once.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from . import driver
from .big_graph import make_rows
from .fanout_graph import BRANCHES
from .loop_graph import STEPS

APPROVE = {"approve": True}
TURNS = 10
"""Runs of one chat thread."""
LOOP_CONFIG = {"recursion_limit": 4 * STEPS}
"""Above the loop's 50 steps (LangGraph's default limit is 25)."""

Run = Callable[[Any, int], Awaitable[tuple[str, float]]]
Problem = Callable[[Any, str], Awaitable[str | None]]


@dataclass(frozen=True)
class Shape:
    """One graph of ``langgraph.json`` and what a thread of it is."""

    name: str
    """Its graph id."""
    about: str
    run: Run
    problem: Problem
    pauses: bool
    """Whether a thread pauses at an interrupt (its first run ends there)."""
    share: float = 1.0
    """Threads per client level, as a share of ``--threads`` (a chat thread is 10 runs)."""


async def _pause_and_resume(client: Any, graph: str, payload: dict[str, Any],
                            ) -> tuple[str, float, dict[str, Any]]:
    """Create a thread, run it to its interrupt, resume it; id, start->interrupt s, last values."""
    tid = (await client.threads.create())["thread_id"]
    began = time.perf_counter()
    paused = await client.runs.wait(tid, graph, input=payload)
    to_interrupt = time.perf_counter() - began
    if "__interrupt__" not in paused:
        raise AssertionError(f"{graph} thread {tid} did not pause: {str(paused)[:500]}")
    done = await client.runs.wait(tid, graph, command={"resume": APPROVE})
    if not isinstance(done, dict) or done.get("finished") != 1:
        raise AssertionError(f"{graph} thread {tid} did not finish once: {str(done)[:500]}")
    return tid, to_interrupt, done


async def _ended(client: Any, tid: str, runs: int, paused: bool) -> tuple[dict[str, Any], str | None]:
    """The thread's values, and what is wrong with its end state and runs (None: nothing)."""
    state = await client.threads.get_state(tid)
    if state.get("next"):
        return state["values"], f"{tid}: still to run {state.get('next')}"
    found = sorted(await client.runs.list(tid, limit=100), key=lambda r: r["created_at"])
    statuses = [r["status"] for r in found]
    # The paused run: "success" (LangGraph) or "interrupted" (Aegra); every other: "success".
    first_ok = ("success", "interrupted") if paused else ("success",)
    if len(found) != runs or statuses[0] not in first_ok or any(
            s != "success" for s in statuses[1:]):
        return state["values"], f"{tid}: runs {statuses}"
    return state["values"], None


def _types(messages: list[dict[str, Any]]) -> list[str]:
    return [m.get("type", "?") for m in messages]


# hitl_messages -----------------------------------------------------------------

async def _run_hitl_messages(client: Any, n: int) -> tuple[str, float]:
    tid, to_interrupt, done = await _pause_and_resume(
        client, "hitl_messages", {"messages": [{"role": "user", "content": f"thread {n}"}]})
    if len(done.get("messages", [])) != 5:
        raise AssertionError(f"hitl_messages thread {tid}: {len(done['messages'])} messages")
    return tid, to_interrupt


async def _hitl_messages_problem(client: Any, tid: str) -> str | None:
    values, problem = await _ended(client, tid, 2, paused=True)
    if problem:
        return problem
    messages = values.get("messages", [])
    names = [m.get("name") for m in messages]
    if (_types(messages) != ["human"] + ["ai"] * 4
            or names[1:] != ["plan", "tool", "review", "final"]
            or messages[3]["content"] != "review: approved" or values.get("finished") != 1):
        return f"{tid}: finished {values.get('finished')}, messages {_types(messages)} {names}"
    return None


# chat --------------------------------------------------------------------------

async def _run_chat(client: Any, n: int) -> tuple[str, float]:
    tid = (await client.threads.create())["thread_id"]
    first = 0.0
    for turn in range(TURNS):
        began = time.perf_counter()
        out = await client.runs.wait(
            tid, "chat", input={"messages": [{"role": "user", "content": f"turn {turn}"}]})
        first = first or time.perf_counter() - began
        got = len(out.get("messages", [])) if isinstance(out, dict) else -1
        if got != 2 * (turn + 1):
            raise AssertionError(f"chat thread {tid} turn {turn}: {got} messages: {str(out)[:500]}")
    return tid, first


async def _chat_problem(client: Any, tid: str) -> str | None:
    values, problem = await _ended(client, tid, TURNS, paused=False)
    if problem:
        return problem
    messages = values.get("messages", [])
    want = [text for i in range(TURNS) for text in (f"turn {i}", f"reply {i}: turn {i}")]
    if ([m.get("content") for m in messages] != want or _types(messages) != ["human", "ai"] * TURNS
            or values.get("turns") != TURNS):
        return f"{tid}: turns {values.get('turns')}, messages {[m.get('content') for m in messages]}"
    return None


# fanout ------------------------------------------------------------------------

async def _run_fanout(client: Any, n: int) -> tuple[str, float]:
    tid, to_interrupt, done = await _pause_and_resume(client, "fanout", {"topic": f"thread {n}"})
    if len(done.get("results", [])) != BRANCHES:
        raise AssertionError(f"fanout thread {tid}: results {done.get('results')}")
    return tid, to_interrupt


async def _fanout_problem(client: Any, tid: str) -> str | None:
    values, problem = await _ended(client, tid, 2, paused=True)
    if problem:
        return problem
    topic = values.get("topic")
    want = [f"branch {i}: {topic}" for i in range(BRANCHES)]
    if (sorted(values.get("results", [])) != want or values.get("joined") != 1
            or values.get("finished") != 1 or values.get("approved") is not True):
        return f"{tid}: values {values}"
    return None


# loop --------------------------------------------------------------------------

async def _run_loop(client: Any, n: int) -> tuple[str, float]:
    tid = (await client.threads.create())["thread_id"]
    began = time.perf_counter()
    out = await client.runs.wait(tid, "loop", input={"topic": f"thread {n}"}, config=LOOP_CONFIG)
    took = time.perf_counter() - began
    if not isinstance(out, dict) or out.get("count") != STEPS:
        raise AssertionError(f"loop thread {tid} ended at {str(out)[:500]}")
    return tid, took


async def _loop_problem(client: Any, tid: str) -> str | None:
    values, problem = await _ended(client, tid, 1, paused=False)
    if problem:
        return problem
    if values.get("count") != STEPS or values.get("steps") != STEPS:
        return f"{tid}: values {values}"
    return None


# big ---------------------------------------------------------------------------

async def _run_big(client: Any, n: int) -> tuple[str, float]:
    tid, to_interrupt, _ = await _pause_and_resume(client, "big", {"topic": f"thread {n}"})
    return tid, to_interrupt


async def _big_problem(client: Any, tid: str) -> str | None:
    values, problem = await _ended(client, tid, 2, paused=True)
    if problem:
        return problem
    if values.get("rows") != make_rows(str(values.get("topic"))):
        return f"{tid}: rows changed ({len(values.get('rows') or [])} rows)"
    if values.get("marks") != ["marked", "finished"] or values.get("finished") != 1:
        return f"{tid}: marks {values.get('marks')}, finished {values.get('finished')}"
    return None


SHAPES: dict[str, Shape] = {s.name: s for s in (
    Shape("hitl", "draft, review interrupt, finish", driver.run_thread,
          driver.thread_problem, pauses=True),
    Shape("hitl_messages", "plan, tool, review interrupt, final; each appends an AIMessage",
          _run_hitl_messages, _hitl_messages_problem, pauses=True),
    Shape("chat", f"{TURNS} runs on one thread, add_messages, one reply each, no interrupt",
          _run_chat, _chat_problem, pauses=False, share=0.3),
    Shape("fanout", f"Send to {BRANCHES} branches, joined by a reducer, review interrupt",
          _run_fanout, _fanout_problem, pauses=True),
    Shape("loop", f"{STEPS} steps through a conditional edge back to itself, no interrupt",
          _run_loop, _loop_problem, pauses=False, share=0.5),
    Shape("big", "~100 KB of rows written once, small changes after, review interrupt",
          _run_big, _big_problem, pauses=True),
)}
