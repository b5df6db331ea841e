"""Threads outlive processes: decide from another process, resume after SIGKILL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .conftest import Gate
from .trip_script import REQUEST, TripScript


def agentdesk(*args: str, env: dict[str, str] | None = None, timeout: float = 120,
              ) -> tuple[int, Any]:
    """Run the real CLI in a new process; returns (exit code, parsed JSON or text)."""
    proc = subprocess.run([sys.executable, "-m", "agentdesk", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})})
    try:
        return proc.returncode, json.loads(proc.stdout)
    except json.JSONDecodeError:
        return proc.returncode, proc.stdout + proc.stderr


def test_a_pause_in_one_process_is_decided_from_another(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.answer(trip_script.itinerary(hotel=1)))
    code, paused = agentdesk("run", "trip", REQUEST, "--model", model, "--json")
    assert code == 0 and paused["status"] == "interrupted", paused
    code, revised = agentdesk("decide", paused["thread_id"], "reject", "--message", "other hotel",
                              "--json")
    assert code == 0 and revised["status"] == "interrupted", revised
    code, done = agentdesk("decide", paused["thread_id"], "approve", "--json")
    assert code == 0 and done["status"] == "completed", done
    assert done["result"]["current_itinerary"]["hotels"][0]["offer_id"] == \
        trip_script.hotels["offers"][1]["offer_id"]


def test_a_killed_run_resumes_without_redoing_finished_work(
        trip_script: TripScript, gated_travel_server: tuple[str, Gate]) -> None:
    url, gate = gated_travel_server
    env = {"AGENTDESK_TOOLSERVER_TRAVEL": url}
    model = trip_script.write(
        trip_script.call("search_flights", origin="BOS", destination="LIS", date="2027-03-10",
                         return_date="2027-03-14"),
        trip_script.call("search_hotels", city_code="LIS", check_in="2027-03-10",
                         check_out="2027-03-14"),
        trip_script.answer(trip_script.itinerary()))
    env["AGENTDESK_RUN_LEASE_SECONDS"] = "2"
    proc = subprocess.Popen([sys.executable, "-m", "agentdesk", "run", "trip", REQUEST,
                             "--model", model, "--json"], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    gate.wait_for("search_hotels")
    assert gate.calls == ["search_flights", "search_hotels"]
    proc.kill()  # SIGKILL, mid-way through the hotel search
    proc.wait(timeout=10)
    gate.open.set()

    code, rows = agentdesk("threads", "--json")
    assert code == 0 and len(rows) == 1 and rows[0]["status"] == "busy"
    thread_id = rows[0]["thread_id"]

    # `resume` waits for the dead process's lease to lapse, then continues the same run.
    code, resumed = agentdesk("resume", thread_id, "--json", env=env)
    assert code == 0 and resumed["status"] == "interrupted", resumed
    # The flight search had a checkpoint and is not redone; the cut-off hotel search is.
    assert gate.calls == ["search_flights", "search_hotels", "search_hotels"]

    code, shown = agentdesk("show", thread_id, "--json")
    events = [(e["event"], e["run_id"]) for e in shown["audit"]
              if e["event"] in ("run_started", "run_requeued", "run_claimed", "run_finished")]
    run_id = events[0][1]
    assert events == [("run_started", run_id), ("run_requeued", run_id),
                      ("run_claimed", run_id), ("run_finished", run_id)]
    code, done = agentdesk("decide", thread_id, "approve", "--json", env=env)
    assert code == 0 and done["status"] == "completed"


def test_a_decision_recorded_before_a_crash_is_applied_by_resume(
        trip_script: TripScript, tmp_path: Path) -> None:
    """The decision row is written, then the process dies before the graph resumed."""
    import asyncio

    from agentdesk.runtime.approvals import Decision
    from agentdesk.runtime.runs.desk import Desk

    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    code, paused = agentdesk("run", "trip", REQUEST, "--model", model, "--json")
    assert code == 0

    async def record_only() -> None:
        """What a process that dies right after the decision's transaction leaves behind."""
        async with Desk.open() as desk:
            await desk.prepare_decide(paused["thread_id"], Decision(type="approve", actor="carol"),
                                      claim=False)
    asyncio.run(record_only())
    code, again = agentdesk("decide", paused["thread_id"], "approve", "--json")
    # The next process that touches the thread finishes the recorded decision's run first.
    assert code == 2 and "not waiting for a decision" in again["error"]["message"], again
    code, shown = agentdesk("show", paused["thread_id"], "--json")
    assert shown["thread"]["status"] == "completed"
    assert shown["values"]["is_approved"] is True
    decisions = [e for e in shown["audit"] if e["event"] == "decision"]
    assert [d["actor"] for d in decisions] == ["carol"]
