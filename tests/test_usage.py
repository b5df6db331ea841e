"""Usage per run: tokens and times stored on the run, added by every attempt, counted once."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from agentdesk.models.scripted import ScriptedChatModel
from agentdesk.runtime.runs.usage import UsageMeter

from .conftest import Gate
from .trip_script import REQUEST, TripScript


def spent(item: dict[str, Any], tokens_in: int, tokens_out: int) -> dict[str, Any]:
    """A script item whose call reports these tokens."""
    return {**item, "usage": {"input_tokens": tokens_in, "output_tokens": tokens_out}}


def agentdesk(*args: str, env: dict[str, str], timeout: float = 120) -> tuple[int, Any]:
    """The real CLI in a new process; (exit code, parsed JSON or the text)."""
    proc = subprocess.run([sys.executable, "-m", "agentdesk", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **env})
    try:
        return proc.returncode, json.loads(proc.stdout)
    except json.JSONDecodeError:
        return proc.returncode, proc.stdout + proc.stderr


def stored(database_url: str) -> tuple[Any, ...]:
    """(thread_id, attempt, tokens_in, model_calls, tool_calls) of the only run, as the
    database has it."""
    url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(sa.text("SELECT thread_id, attempt, tokens_in, model_calls, "
                                       "tool_calls FROM agentdesk_runs")).one()
    finally:
        engine.dispose()
    return tuple(row)


def test_the_meter_counts_every_kind_of_model_call(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps([
        spent({"content": "one two three"}, 11, 3),
        spent({"structured": {"city": "Lisbon"}}, 13, 5),
        spent({"tool_calls": [{"name": "search", "args": {"q": "x"}}]}, 17, 7),
        spent({"content": "streamed answer"}, 19, 2)]))
    model = ScriptedChatModel(path=script)
    meter = UsageMeter("test")
    config: Any = {"callbacks": [meter]}

    async def calls() -> None:
        assert (await model.ainvoke("hi", config)).usage_metadata["total_tokens"] == 14
        assert await model.with_structured_output({"type": "object"}).ainvoke(
            "hi", config) == {"city": "Lisbon"}
        await model.bind_tools([]).ainvoke("hi", config)
        pieces = [chunk async for chunk in model.astream("hi", config)]
        whole = sum(pieces[1:], pieces[0])  # word by word; the usage rides on one piece
        assert whole.content == "streamed answer" and whole.usage_metadata["input_tokens"] == 19
    asyncio.run(calls())
    usage = meter.take()
    assert (usage.tokens_in, usage.tokens_out, usage.model_calls) == (60, 17, 4)
    assert usage.model_seconds > 0 and usage.wall_seconds >= usage.model_seconds
    assert meter.take().model_calls == 0  # taken once: nothing is stored twice


def test_a_thread_shows_each_run_s_usage_and_its_totals(
        database_url: str, trip_script: TripScript) -> None:
    env = {"AGENTDESK_DATABASE_URL": database_url}
    model = trip_script.write(spent(trip_script.search(), 1000, 10),
                              spent(trip_script.answer(trip_script.itinerary()), 2000, 20),
                              spent(trip_script.answer(trip_script.itinerary(hotel=1)), 4000, 40))
    code, paused = agentdesk("run", "trip", REQUEST, "--model", model, "--json", env=env)
    assert code == 0 and paused["status"] == "interrupted", paused
    code, revised = agentdesk("decide", paused["thread_id"], "reject", "--message", "other",
                              "--json", env=env)
    assert code == 0 and revised["status"] == "interrupted", revised

    code, shown = agentdesk("show", paused["thread_id"], "--json", env=env)
    assert code == 0, shown
    first, second = (run["usage"] for run in shown["runs"])
    assert (first["tokens_in"], first["tokens_out"], first["model_calls"]) == (3000, 30, 2)
    assert first["tool_calls"] == 2 and first["tool_seconds"] > 0  # flights and hotels
    assert first["attempts"] == 1 and first["wall_seconds"] >= first["model_seconds"] > 0
    assert (second["tokens_in"], second["tokens_out"], second["model_calls"]) == (4000, 40, 1)
    total = shown["usage"]
    assert (total["tokens_in"], total["tokens_out"], total["tokens_total"]) == (7000, 70, 7070)
    assert total["attempts"] == 2 and total["model_calls"] == 3

    code, text = agentdesk("show", paused["thread_id"], env={**env, "COLUMNS": "200"})
    assert code == 0 and "usage" in text and "7000" in text, text


def test_a_killed_run_s_usage_counts_each_kept_step_once(
        database_url: str, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    """The run is killed in its second tool call; the takeover redoes that call only."""
    url, gate = gated_travel_server
    env = {"AGENTDESK_TOOLSERVER_TRAVEL": url, "AGENTDESK_DATABASE_URL": database_url,
           "AGENTDESK_RUN_LEASE_SECONDS": "2"}
    model = trip_script.write(
        spent(trip_script.call("search_flights", origin="BOS", destination="LIS",
                               date="2027-03-10", return_date="2027-03-14"), 100, 1),
        spent(trip_script.call("search_hotels", city_code="LIS", check_in="2027-03-10",
                               check_out="2027-03-14"), 200, 2),
        spent(trip_script.answer(trip_script.itinerary()), 400, 4))
    proc = subprocess.Popen([sys.executable, "-m", "agentdesk", "run", "trip", REQUEST,
                             "--model", model, "--json"], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    gate.wait_for("search_hotels")
    proc.kill()  # SIGKILL, inside the hotel search: its step has no checkpoint
    proc.wait(timeout=10)
    gate.open.set()

    # Stored at the step boundaries the first attempt passed: both planner calls and the
    # flight search; the hotel search it was in has no figures yet.
    thread_id, *figures = stored(database_url)
    assert figures == [1, 300, 2, 1]

    code, resumed = agentdesk("resume", thread_id, "--json", env=env)
    assert code == 0 and resumed["status"] == "interrupted", resumed
    assert gate.calls == ["search_flights", "search_hotels", "search_hotels"]
    code, shown = agentdesk("show", thread_id, "--json", env=env)
    [run] = shown["runs"]
    usage = run["usage"]
    assert usage["attempts"] == 2
    # Every model call once (none was redone); the redone hotel search counts once.
    assert (usage["tokens_in"], usage["tokens_out"], usage["model_calls"]) == (700, 7, 3)
    assert usage["tool_calls"] == 2
    assert usage["wall_seconds"] > 0
