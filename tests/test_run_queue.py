"""Runs outlive their process (issue 8): real servers, real signals, one shared database.

Each test starts ``agentdesk serve`` processes on SQLite (and on PostgreSQL when
``AGENTDESK_TEST_POSTGRES_URL`` is set), holds a trip run at the gated hotel
search of the travel server (served over HTTP by this test process, which
records every tool call), then kills, stops, cancels or terminates the process
that runs it. The property is always: nothing lost, nothing done twice.
"""

from __future__ import annotations

import json
import signal
import time
from typing import Any

import pytest

from .conftest import Gate
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    Server,
    cluster_fixture,
    collect,
    has_command,
    sdk,
    until,
)
from .trip_script import REQUEST, TripScript

FLIGHTS = "search_flights"
HOTELS = "search_hotels"


def step_by_step(trip_script: TripScript) -> str:
    """Flights, then hotels (each its own step, so the flights have a checkpoint), then a plan."""
    return trip_script.write(
        trip_script.call(FLIGHTS, origin="BOS", destination="LIS", date="2027-03-10",
                         return_date="2027-03-14"),
        trip_script.call(HOTELS, city_code="LIS", check_in="2027-03-10", check_out="2027-03-14"),
        trip_script.answer(trip_script.itinerary()))


def trip_env(trip_script: TripScript, travel_url: str) -> dict[str, str]:
    return {"AGENTDESK_MODEL_TRIP": step_by_step(trip_script),
            "AGENTDESK_TOOLSERVER_TRAVEL": travel_url}


def start_run(server: Server, modes: tuple[str, ...] = ("events", "updates")) -> tuple[str, str]:
    """A background trip run on a new thread, through ``server``; returns (thread, run)."""
    with server.http() as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        answer = http.post(f"/threads/{thread}/runs", json={
            "assistant_id": "trip", "input": {"messages": REQUEST}, "stream_mode": list(modes)})
        assert answer.status_code == 200, answer.text
        return thread, answer.json()["run_id"]


def held_at_hotels(gate: Gate, count: int = 1) -> None:
    until(lambda: gate.calls.count(HOTELS) >= count, 60, f"hotel search #{count}")


def run_view(server: Server, thread: str, run: str) -> dict[str, Any]:
    with server.http() as http:
        return http.get(f"/threads/{thread}/runs/{run}").json()


def thread_status(server: Server, thread: str) -> str:
    with server.http() as http:
        return str(http.get(f"/threads/{thread}").json()["status"])


def attempts_in(events: list[Any]) -> list[int]:
    """The attempts announced by a run's ``metadata`` events (SDK parts or stored rows)."""
    out = []
    for item in events:
        if isinstance(item, dict):
            if item["event"] == "metadata":
                out.append(json.loads(item["data"])["attempt"])
        elif item.event == "metadata":
            out.append(item.data["attempt"])
    return out


def node_counts(parts: list[Any]) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """Starts and ends of each node in an ``events`` stream, and the ids of finished tasks."""
    starts: dict[str, int] = {}
    ends: dict[str, int] = {}
    finished: list[str] = []
    for part in parts:
        if part.event != "events":
            continue
        name, kind = part.data["name"], part.data["event"]
        if part.data["metadata"].get("langgraph_node") != name:
            continue  # the graph itself, or what runs inside a node (models, tools)
        if kind == "on_chain_start":
            starts[name] = starts.get(name, 0) + 1
        elif kind == "on_chain_end":
            ends[name] = ends.get(name, 0) + 1
            finished.append(part.data["run_id"])
    return starts, ends, finished


def audit_kinds(cluster: Cluster, thread: str) -> list[tuple[str, Any]]:
    out = []
    for row in cluster.audit(thread):
        data = row["data"] if isinstance(row["data"], dict) else json.loads(row["data"])
        out.append((row["event"], data))
    return out


# -- 1. SIGKILL mid-run: another server takes the run over on its own ------------------


def test_a_killed_servers_run_is_taken_over_by_the_next_server(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    first = cluster.start(**env)
    thread, run = start_run(first)
    held_at_hotels(gate)
    first.kill()  # mid-way through the hotel search
    gate.open.set()

    second = cluster.start(**env)  # told nothing: it finds the run when the lease lapses
    joined = sdk(lambda c: c.runs.join(thread, run), second.url)
    assert joined["__interrupt__"][0]["value"]["kind"] == "review_result", joined
    # The flight search had a checkpoint and is not redone; the cut-off hotel search is.
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]
    view = run_view(second, thread, run)
    assert view["status"] == "success" and view["metadata"]["attempt"] == 2, view
    assert thread_status(second, thread) == "interrupted"

    parts = sdk(lambda c: collect(c.runs.join_stream(thread, run)), second.url)
    assert attempts_in(parts) == [1, 2]
    assert parts[0].event == "metadata" and parts[-1].event == "end"
    assert [p.event for p in parts].count("end") == 1
    starts, ends, finished = node_counts(parts)
    # Three model turns (flights, hotels, the plan): none redone after the crash. The
    # tools step that was cut off starts twice and finishes once.
    assert starts["planner"] == ends["planner"] == 3, (starts, ends)
    assert (starts["tools"], ends["tools"]) == (3, 2), (starts, ends)
    assert ends["auditor"] == 1
    assert len(finished) == len(set(finished)), "a finished task ran again"
    kinds = [k for k, _ in audit_kinds(cluster, thread)]
    assert kinds.count("run_claimed") == 1 and kinds.count("run_requeued") == 1

    with second.http() as http:  # the thread goes on as if nothing happened
        done = http.post(f"/threads/{thread}/decisions", json={"type": "approve"}).json()
    assert done["status"] == "completed", done


# -- 3. Two servers on one database: kill the one running the run ----------------------


def test_two_servers_one_killed_mid_run_the_other_finishes_it_and_its_followers(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    """Clients of the surviving server that joined and streamed before the kill see the end."""
    import threading

    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    one, two = cluster.start(**env), cluster.start(**env)
    thread, run = start_run(one)
    held_at_hotels(gate)
    assert run_view(two, thread, run)["status"] == "running"
    followed: dict[str, Any] = {}

    def follow() -> None:
        followed["join"] = sdk(lambda c: c.runs.join(thread, run), two.url)

    def stream() -> None:
        followed["stream"] = sdk(lambda c: collect(c.runs.join_stream(thread, run)), two.url)

    watchers = [threading.Thread(target=follow), threading.Thread(target=stream)]
    for watcher in watchers:
        watcher.start()
    time.sleep(0.5)  # both requests are in flight on the survivor before the kill
    one.kill()
    gate.open.set()
    for watcher in watchers:
        watcher.join(timeout=120)
    assert followed["join"]["__interrupt__"][0]["value"]["kind"] == "review_result"
    parts = followed["stream"]
    assert attempts_in(parts) == [1, 2] and parts[-1].event == "end"
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]
    assert run_view(two, thread, run)["metadata"]["attempt"] == 2
    with two.http() as http:
        done = http.post(f"/threads/{thread}/decisions", json={"type": "approve"}).json()
    assert done["status"] == "completed", done


def start_worker(cluster: Cluster, env: dict[str, str]) -> Server:
    worker = cluster.start("worker", wait=False, port=False, **env)
    until(lambda: "agentdesk worker:" in worker.text(), 90, "the worker to start")
    return worker


@pytest.mark.skipif(not has_command("worker"), reason="needs `agentdesk worker` and "
                    "`agentdesk serve --api-only` (issue 8, PostgreSQL dispatch)")
def test_api_only_servers_and_workers_one_worker_killed_mid_run(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    """Two API processes and two workers: the run survives its worker; either API serves it."""
    if not cluster.database_url.startswith("postgres"):
        pytest.skip("separate workers need PostgreSQL")
    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    api_one = cluster.start("serve", "--api-only", **env)
    api_two = cluster.start("serve", "--api-only", **env)
    worker_one = start_worker(cluster, env)
    thread, run = start_run(api_one)
    held_at_hotels(gate)  # the only worker has it
    start_worker(cluster, env)
    worker_one.kill()
    gate.open.set()
    joined = sdk(lambda c: c.runs.join(thread, run), api_two.url)
    assert joined["__interrupt__"][0]["value"]["kind"] == "review_result", joined
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]
    parts = sdk(lambda c: collect(c.runs.join_stream(thread, run)), api_one.url)
    assert attempts_in(parts) == [1, 2] and parts[-1].event == "end"
    with api_two.http() as http:
        done = http.post(f"/threads/{thread}/decisions", json={"type": "approve"}).json()
    assert done["status"] == "completed", done


# -- 4. Cancel through another process ---------------------------------------------------


def test_a_cancel_through_another_server_stops_the_run_where_it_runs(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    one, two = cluster.start(**env), cluster.start(**env)
    thread, run = start_run(one)
    held_at_hotels(gate)
    with two.http() as http:
        answer = http.post(f"/threads/{thread}/runs/{run}/cancel")
    assert answer.status_code == 200, answer.text
    # The runner sees the flag at its next heartbeat (a third of the lease).
    until(lambda: run_view(two, thread, run)["status"] == "interrupted", 15, "the cancel")
    assert run_view(one, thread, run)["error"] == "run cancelled"
    assert thread_status(two, thread) == "error"
    events = [e["event"] for e in cluster.stored_events(run)]
    assert events[-2:] == ["error", "end"] and events.count("end") == 1
    finished = [d for k, d in audit_kinds(cluster, thread) if k == "run_finished"]
    assert [d["status"] for d in finished] == ["cancelled"]

    gate.open.set()
    time.sleep(1)  # the held call answers now: the cancelled run must not go on with it
    assert gate.calls == [FLIGHTS, HOTELS]
    assert run_view(two, thread, run)["status"] == "interrupted"
    with two.http() as http:  # a run without input continues from the last checkpoint
        resumed = http.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "trip"})
    assert resumed.status_code == 200 and "__interrupt__" in resumed.json(), resumed.text
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]


# -- 5. SIGSTOP past the lease: the stale worker can change nothing ------------------------


def test_a_stopped_server_loses_its_run_and_its_late_writes_are_refused(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    one, two = cluster.start(**env), cluster.start(**env)
    thread, run = start_run(one)
    held_at_hotels(gate)
    one.signal(signal.SIGSTOP)
    held_at_hotels(gate, 2)  # the other server took the run over and searches again
    gate.open.set()  # answers both: the stopped server's reply waits in its socket
    until(lambda: run_view(two, thread, run)["status"] == "success", 60, "the takeover's end")
    before_events = cluster.stored_events(run)
    before_run = dict(cluster.run_row(run))
    with two.http() as http:
        before_history = http.post(f"/threads/{thread}/history", json={"limit": 50}).json()

    one.signal(signal.SIGCONT)
    until(lambda: "lost its lease" in one.text(), 30, "the stale server to stop its attempt")
    time.sleep(LATE_WRITES_SECONDS)
    assert cluster.stored_events(run) == before_events
    assert dict(cluster.run_row(run)) == before_run
    assert before_run["status"] == "interrupted" and before_run["attempt"] == 2
    with two.http() as http:
        assert http.post(f"/threads/{thread}/history",
                         json={"limit": 50}).json() == before_history
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]
    seqs = [e["seq"] for e in before_events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert attempts_in(before_events) == [1, 2]
    assert [e["event"] for e in before_events].count("end") == 1
    with one.http() as http:  # the stale server is alive, and serves the run's real end
        assert http.get("/ok").status_code == 200
        assert http.get(f"/threads/{thread}").json()["status"] == "interrupted"
        done = http.post(f"/threads/{thread}/decisions", json={"type": "approve"}).json()
    assert done["status"] == "completed", done


LATE_WRITES_SECONDS = 2.0
"""How long after the stale server noticed we look for writes it should not make."""


# -- 6. SIGTERM: drained at a step boundary, finished after a restart ----------------------


def test_sigterm_drains_a_run_at_a_step_boundary_and_a_restart_finishes_it(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    import httpx

    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    first = cluster.start(**env)
    thread, run = start_run(first)
    held_at_hotels(gate)
    first.signal(signal.SIGTERM)

    def closed() -> bool:
        try:
            httpx.get(f"{first.url}/ok", timeout=1)
        except httpx.HTTPError:
            return True
        return False
    until(closed, 30, "the server to stop listening")
    # Uvicorn stops listening, then runs the lifespan's shutdown, which asks the run to
    # drain; let that happen before the hotel search (the current step) may end.
    time.sleep(1.0)
    gate.open.set()
    # Uvicorn exits by re-raising the SIGTERM it handled once its shutdown is done.
    assert first.proc.wait(timeout=60) in (0, -signal.SIGTERM), first.text()

    row = cluster.run_row(run)
    assert (row["status"], row["attempt"], row["lapses"]) == ("pending", 1, 0), dict(row)
    requeued = [d for k, d in audit_kinds(cluster, thread) if k == "run_requeued"]
    assert [d["reason"] for d in requeued] == ["drained at a step boundary"]
    assert gate.calls == [FLIGHTS, HOTELS]  # the hotel step finished before the drain

    second = cluster.start(**env)
    joined = sdk(lambda c: c.runs.join(thread, run), second.url)
    assert joined["__interrupt__"][0]["value"]["kind"] == "review_result", joined
    assert gate.calls == [FLIGHTS, HOTELS]  # nothing redone
    row = cluster.run_row(run)
    assert (row["status"], row["attempt"], row["lapses"]) == ("interrupted", 2, 0), dict(row)
    trail = audit_kinds(cluster, thread)
    assert [d["status"] for k, d in trail if k == "run_finished"] == ["interrupted"]
    events = cluster.stored_events(run)
    assert attempts_in(events) == [1, 2]
    assert "error" not in [e["event"] for e in events]
    assert thread_status(second, thread) == "interrupted"


@pytest.mark.skipif(not has_command("worker"), reason="needs `agentdesk worker` (issue 8)")
def test_sigterm_drains_a_worker_run_at_a_step_boundary(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    """The same drain for a run a separate worker took from the job queue (PostgreSQL)."""
    if not cluster.database_url.startswith("postgres"):
        pytest.skip("separate workers need PostgreSQL")
    travel, gate = gated_travel_server
    env = trip_env(trip_script, travel)
    api = cluster.start("serve", "--api-only", **env)
    worker = start_worker(cluster, env)
    thread, run = start_run(api)
    held_at_hotels(gate)
    worker.signal(signal.SIGTERM)
    time.sleep(1.5)  # the worker asks its run to drain; then the current step may end
    gate.open.set()
    assert worker.proc.wait(timeout=60) == 0, worker.text()
    row = cluster.run_row(run)
    assert (row["status"], row["attempt"], row["lapses"]) == ("pending", 1, 0), dict(row)
    requeued = [d for k, d in audit_kinds(cluster, thread) if k == "run_requeued"]
    assert [d["reason"] for d in requeued] == ["drained at a step boundary"]
    assert gate.calls == [FLIGHTS, HOTELS]

    start_worker(cluster, env)
    joined = sdk(lambda c: c.runs.join(thread, run), api.url)
    assert joined["__interrupt__"][0]["value"]["kind"] == "review_result", joined
    assert gate.calls == [FLIGHTS, HOTELS]
    assert cluster.run_row(run)["lapses"] == 0
    assert thread_status(api, thread) == "interrupted"


# -- 7. The retry budget ---------------------------------------------------------------


def test_a_run_whose_workers_keep_dying_ends_error_and_frees_its_thread(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    """AGENTDESK_RUN_MAX_RETRIES=1: one dead worker is survived, the second is not."""
    travel, gate = gated_travel_server
    env = {**trip_env(trip_script, travel), "AGENTDESK_RUN_MAX_RETRIES": "1"}
    first = cluster.start(**env)
    thread, run = start_run(first)
    held_at_hotels(gate)
    first.kill()
    second = cluster.start(**env)
    held_at_hotels(gate, 2)  # the retry: attempt 2 is at the hotel search again
    assert run_view(second, thread, run)["metadata"]["attempt"] == 2
    second.kill()

    third = cluster.start(**env)
    until(lambda: run_view(third, thread, run)["status"] == "error", 30, "the run to give up")
    view = run_view(third, thread, run)
    assert "gave up after 2 lapsed leases" in view["error"], view
    assert cluster.run_row(run)["lapses"] == 2
    assert thread_status(third, thread) == "error"  # released, not busy
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]  # the third server did not try again
    joined = sdk(lambda c: c.runs.join(thread, run), third.url)
    assert "gave up" in joined.get("__error__", {}).get("message", ""), joined
    parts = sdk(lambda c: collect(c.runs.join_stream(thread, run)), third.url)
    assert [p.event for p in parts][-2:] == ["error", "end"], [p.event for p in parts]

    gate.open.set()
    with third.http() as http:  # the freed thread takes a new run, from its last checkpoint
        resumed = http.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "trip"})
    assert resumed.status_code == 200 and "__interrupt__" in resumed.json(), resumed.text
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS, HOTELS]
