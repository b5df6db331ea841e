"""An approved action runs exactly once, whenever the server dies after the approval.

The simulation agent asks before ``load_simulation``; its approved call carries the
pending call's id as the bridge's ``request_id``. The bridge is served over HTTP by
this test process and counts what it really executes, per request id. For each of
32 delays spread over 0-400 ms, a fresh server accepts an approval and is SIGKILLed
that long after answering; a surviving server takes over what the dead one left.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from agentdesk.toolservers.simulation import build_server
from agentdesk.toolservers.simulation.state import BridgeState

from .conftest import ServerThread
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    Server,
    cluster_fixture,
    database_url_fixture,
    until,
)
from .test_simulation_agent import MODEL, plan

DELAYS_MS = [round(i * 400 / 31) for i in range(32)]
"""When each victim is killed, after its approval was accepted."""

AT_ONCE = 4
"""Victim servers alive at the same time (each costs a process start)."""


class CountingBridge(BridgeState):
    """The simulation bridge, counting calls and real executions per (tool, request_id)."""

    def __init__(self) -> None:
        super().__init__(directory=None)
        self.asked: Counter[tuple[str, str]] = Counter()
        self.done: Counter[tuple[str, str]] = Counter()
        self.results: dict[tuple[str, str], dict[str, Any]] = {}
        self._count_lock = threading.Lock()

    def once(self, tool: str, request_id: str | None, args: Any,
             do: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        key = (tool, request_id or "")
        with self._count_lock:
            self.asked[key] += 1

        def counted() -> dict[str, Any]:
            result = do()
            with self._count_lock:
                self.done[key] += 1
                self.results[key] = result
            return result
        return super().once(tool, request_id, args, counted)


@pytest.fixture
def counting_bridge() -> Iterator[tuple[str, CountingBridge]]:
    bridge = CountingBridge()
    with ServerThread(build_server(state=bridge).http_app()) as running:
        yield f"{running.url}/mcp", bridge


def approve_in_background(server: Server, thread: str) -> str:
    """Send the approval as a background run (the answer comes once it is recorded)."""
    with server.http() as http:
        answer = http.post(f"/threads/{thread}/runs", json={
            "assistant_id": "simulation", "command": {"resume": {"type": "approve"}}})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["run_id"])


# Long (about 60-90 s per database on two cores): 32 server processes are started and
# killed, a few at a time; fewer delays would leave gaps in the 0-400 ms window where
# the issue found a lost approval (140-160 ms).
def test_an_approved_action_runs_exactly_once_whenever_the_server_dies(
        cluster: Cluster, counting_bridge: tuple[str, CountingBridge], tmp_path: Any) -> None:
    import json
    import time

    bridge_url, bridge = counting_bridge
    script = tmp_path / "simulation-script.json"
    # A planner turn redone after a crash (killed after the model answered, before the
    # step's checkpoint) takes the next item: every later item also plans a parameter
    # change, so the thread's next stop is the same kind of approval either way.
    script.write_text(json.dumps([
        plan(tool="load_simulation", model_path=MODEL),
        *[plan(tool="set_parameter_value", parameter_path="dose", value=0.1 * n, unit="g")
          for n in (2, 3, 4, 5)]]))
    env = {"AGENTDESK_MODEL_SIMULATION": f"scripted:{script}",
           "AGENTDESK_TOOLSERVER_SIMULATION": bridge_url,
           # Victims may take over each other's runs before they die: the retry budget is
           # not what this test is about.
           "AGENTDESK_RUN_MAX_RETRIES": "100"}
    survivor = cluster.start(**env)

    def paused_thread(_: int) -> str:
        with survivor.http() as http:
            thread = http.post("/threads", json={}).json()["thread_id"]
            paused = http.post(f"/threads/{thread}/runs/wait", json={
                "assistant_id": "simulation",
                "input": {"messages": "Load the one-compartment oral model"}}).json()
        action = paused["__interrupt__"][0]["value"]["action"]["name"]
        assert action == "load_simulation", paused
        return str(thread)

    with ThreadPoolExecutor(8) as pool:
        threads = list(pool.map(paused_thread, range(len(DELAYS_MS))))
    assert not bridge.done  # nothing ran before its approval

    def approve_then_die(job: tuple[str, int]) -> str:
        thread, delay = job
        victim = cluster.start(**env)
        run = approve_in_background(victim, thread)
        time.sleep(delay / 1000)
        victim.kill()
        return run

    with ThreadPoolExecutor(AT_ONCE) as pool:
        runs = list(pool.map(approve_then_die, zip(threads, DELAYS_MS, strict=True)))

    def settled() -> bool:
        return all(cluster.run_row(run)["status"] not in ("pending", "running") for run in runs)
    until(settled, 120, "every approved run to end", every=0.5)

    loads = {key: n for key, n in bridge.done.items() if key[0] == "load_simulation"}
    assert sorted(loads.values()) == [1] * len(threads), loads  # once per approval, no more
    taken_over = 0
    with survivor.http() as http:
        for thread, run, delay in zip(threads, runs, DELAYS_MS, strict=True):
            row = cluster.run_row(run)
            assert row["status"] == "interrupted", (delay, dict(row))
            taken_over += row["attempt"] > 1
            state = http.get(f"/threads/{thread}/state").json()
            assert http.get(f"/threads/{thread}").json()["status"] == "interrupted"
            pending = state["interrupts"][0]["value"]
            assert pending["action"]["name"] == "set_parameter_value", (delay, pending)
            steps = [(s["tool"], s["outcome"]) for s in state["values"]["intermediate_steps"]]
            assert steps == [("load_simulation", "ok")], (delay, steps)
            # The thread holds the one simulation the bridge really created for it.
            sim = state["values"]["simulation_context"]["simulation_id"]
            made = [k for k, result in bridge.results.items()
                    if k[0] == "load_simulation" and result["simulation_id"] == sim]
            assert len(made) == 1, (delay, sim)
            decisions = [e for e in http.get(f"/threads/{thread}/audit").json()
                         if e["event"] == "decision"]
            assert len(decisions) == 1, (delay, decisions)
    # The sweep must have hit runs mid-way, or it proved nothing.
    assert taken_over >= 1
    repeats = sum(n - 1 for key, n in bridge.asked.items() if key[0] == "load_simulation")
    print(f"\n{taken_over}/{len(runs)} approved runs were taken over after the kill; "
          f"{repeats} repeated bridge calls were answered from the request id")
