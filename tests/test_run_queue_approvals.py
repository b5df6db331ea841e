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

from agentdesk.domains.simulation.bridge import build_server
from agentdesk.domains.simulation.bridge.state import BridgeState

from .conftest import ServerThread
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    Server,
    cluster_fixture,
    until,
)
from .test_simulation_agent import MODEL, plan

DELAYS_MS = [round(i * 400 / 31) for i in range(32)]
"""When an approval's server is killed, after the approval was accepted (intended)."""

VICTIMS = 8
"""Servers that accept approvals and die; each takes four, staggered so that its one kill
lands at four of the delays (a process start is the expensive part on two cores)."""

AT_ONCE = 2
"""Victims accepting approvals at the same time."""


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


REFUSED: list[str] = []
"""Approvals answered 503 (SQLite busy under many processes) and sent again, as a client would."""


def approve_in_background(server: Server, thread: str) -> str:
    """Send the approval as a background run (the answer comes once it is recorded)."""
    with server.http() as http:
        for _ in range(5):
            answer = http.post(f"/threads/{thread}/runs", json={
                "assistant_id": "simulation", "command": {"resume": {"type": "approve"}}})
            if answer.status_code != 503:
                break
            REFUSED.append(answer.json()["detail"])
    assert answer.status_code == 200, answer.text
    return str(answer.json()["run_id"])


# Long (about 40-60 s per database on two cores): 9 server processes, 32 paused threads,
# 32 approvals each killed at its own delay; fewer delays would leave gaps in the
# 0-400 ms window where the issue found a lost approval (140-160 ms).
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

    victims = [cluster.start(wait=False, **env) for _ in range(VICTIMS)]
    for victim in victims:
        victim.ready()
    # Victim k takes delays k, k+8, k+16 and k+24: the longest is approved first.
    plans = [sorted(zip(threads[k::VICTIMS], DELAYS_MS[k::VICTIMS], strict=True),
                    key=lambda job: -job[1]) for k in range(VICTIMS)]
    measured: dict[str, float] = {}
    runs_of: dict[str, str] = {}

    def approve_then_die(k: int) -> None:
        victim, jobs = victims[k], plans[k]
        longest, start = jobs[0][1], time.monotonic()

        def send(job: tuple[str, int]) -> tuple[str, str, float]:
            # Sent at staggered times, so a slow answer does not push the next one back.
            thread, delay = job
            time.sleep(max(0.0, start + (longest - delay) / 1000 - time.monotonic()))
            return thread, approve_in_background(victim, thread), time.monotonic()

        with ThreadPoolExecutor(len(jobs)) as sends:
            accepted = list(sends.map(send, jobs))
        time.sleep(max(0.0, max(at for *_, at in accepted) + jobs[-1][1] / 1000
                       - time.monotonic()))
        killed = time.monotonic()
        victim.kill()
        for thread, run, at in accepted:
            runs_of[thread] = run
            measured[thread] = round((killed - at) * 1000)

    with ThreadPoolExecutor(AT_ONCE) as pool:
        list(pool.map(approve_then_die, range(VICTIMS)))
    runs = [runs_of[thread] for thread in threads]

    def settled() -> bool:
        return all(cluster.run_row(run)["status"] not in ("pending", "running") for run in runs)
    until(settled, 120, "every approved run to end", every=0.5)

    loads = {key: n for key, n in bridge.done.items() if key[0] == "load_simulation"}
    assert sorted(loads.values()) == [1] * len(threads), loads  # once per approval, no more
    taken_over = 0
    with survivor.http() as http:
        for thread, run in zip(threads, runs, strict=True):
            delay = measured[thread]
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
            ledger = cluster.rows("SELECT tool, status FROM agentdesk_effects "
                                  "WHERE thread_id = :t", t=thread)
            assert [(e["tool"], e["status"]) for e in ledger] == [("load_simulation", "done")]
    # The sweep must have hit runs mid-way, or it proved nothing.
    assert taken_over >= 1
    repeats = sum(n - 1 for key, n in bridge.asked.items() if key[0] == "load_simulation")
    print(f"\nkilled after {sorted(measured.values())} ms; {taken_over}/{len(runs)} approved "
          f"runs were taken over; {repeats} repeated bridge calls answered by request id; "
          f"{len(REFUSED)} approvals refused 503 and sent again")
    REFUSED.clear()
