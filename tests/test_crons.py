"""Crons through the official SDK on real servers: fields, refusals, and one run per tick.

A cron of every two seconds (croniter's sixth field is seconds) makes ticks due
without waiting minutes. Each stateless tick makes one thread, tagged with the
cron and the tick time in its metadata, so a tick that ran twice shows as two
threads with the same ``cron_tick``.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
import sqlalchemy as sa
from langgraph_sdk import get_client

from agentdesk.runtime.storage.persistence import crons
from agentdesk.settings import Settings

from .servers import Servers
from .trip_script import TripScript

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"
EVERY_2S = "* * * * * */2"


async def _ticks(client: Any, cron_id: str) -> list[str]:
    """The tick of each thread the cron made (one entry per thread)."""
    threads = await client.threads.search(metadata={"cron_id": cron_id}, limit=1000)
    return [t["metadata"]["cron_tick"] for t in threads]


async def _wait_ticks(client: Any, cron_id: str, count: int, timeout: float = 90) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        ticks = await _ticks(client, cron_id)
        if len(set(ticks)) >= count or time.monotonic() > deadline:
            return ticks
        await asyncio.sleep(0.5)


async def _stopped_after_answer(client: Any, thread_id: str) -> dict[str, Any]:
    """The thread's state once its run has stopped at the `interrupt_after=["answer"]` break.

    A poll can land mid-run, where `next` is already non-empty (["__start__"], ["answer"]),
    so this waits for the break itself: `next == ["polish"]`, or the run gone idle."""
    for _ in range(120):
        state: dict[str, Any] = await client.threads.get_state(thread_id)
        if state["next"] == ["polish"]:
            return state
        thread = await client.threads.get(thread_id)
        if thread["status"] in ("idle", "error"):
            return state
        await asyncio.sleep(0.5)
    return state


def _assert_once_each(ticks: list[str], at_least: int) -> None:
    twice = [tick for tick, n in Counter(ticks).items() if n > 1]
    assert not twice, f"ticks run more than once: {twice}"
    assert len(ticks) >= at_least
    for tick in ticks:  # each is a time of the schedule: a whole even second
        assert datetime.fromisoformat(tick).second % 2 == 0


def test_fields_refusals_search_update_delete(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, graphs=HITL).url

    async def scenario() -> None:
        client = get_client(url=url)
        assert (await client.http.get("/info"))["flags"]["crons"] is True
        thread = (await client.threads.create())["thread_id"]
        end = datetime(2099, 1, 1, tzinfo=UTC)
        daily = await client.crons.create("hitl", schedule="0 9 * * *", input={"topic": "a"},
                                          metadata={"team": "x"}, timezone="Europe/Paris",
                                          end_time=end)
        nine = datetime.fromisoformat(daily["next_run_date"]).astimezone(ZoneInfo("Europe/Paris"))
        assert (nine.hour, nine.minute) == (9, 0)
        assert daily["timezone"] == "Europe/Paris" and daily["thread_id"] is None
        assert daily["on_run_completed"] == "keep" and daily["enabled"] is True
        assert datetime.fromisoformat(daily["end_time"]) == end
        on_thread = await client.crons.create_for_thread(thread, "hitl", schedule="*/5 * * * *",
                                                         input={"topic": "b"})
        assert on_thread["thread_id"] == thread
        for bad, field in [({"timezone": "Mars/Olympus"}, "timezone"),
                           ({"schedule": "every day"}, "schedule"),
                           ({"config": {"callbacks": ["x"]}}, "config.callbacks"),
                           ({"interrupt_before": ["nowhere"]}, "interrupt_before"),
                           ({"webhook": "file:///tmp/hook"}, "webhook"),
                           ({"stream_mode": ["values"]}, "stream_mode"),
                           ({"on_run_completed": "delete"}, "on_run_completed")]:
            fields = {"schedule": "0 9 * * *", "input": {"topic": "c"}, **bad}
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.crons.create("hitl", **fields)
            assert refused.value.response.status_code == 422
            assert field in refused.value.response.text
        with pytest.raises(httpx.HTTPStatusError) as missing:
            await client.crons.create("no-such-graph", schedule="0 9 * * *", input={})
        assert missing.value.response.status_code == 404
        assert await client.crons.count() == 2  # the refusals left nothing
        assert await client.crons.count(thread_id=thread) == 1
        found = await client.crons.search(metadata={"team": "x"}, select=["cron_id", "schedule"])
        assert found == [{"cron_id": daily["cron_id"], "schedule": "0 9 * * *"}]
        ordered = await client.crons.search(sort_by="created_at", sort_order="asc")
        assert [c["cron_id"] for c in ordered] == [daily["cron_id"], on_thread["cron_id"]]
        off = await client.crons.update(daily["cron_id"], enabled=False)
        assert off["enabled"] is False and off["next_run_date"] is None
        on = await client.crons.update(daily["cron_id"], enabled=True, schedule="30 6 * * *",
                                       timezone="UTC")
        six = datetime.fromisoformat(on["next_run_date"])
        assert (six.hour, six.minute) == (6, 30) and on["schedule"] == "30 6 * * *"
        await client.crons.delete(daily["cron_id"])
        assert [c["cron_id"] for c in await client.crons.search()] == [on_thread["cron_id"]]
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.crons.delete(daily["cron_id"])
        assert gone.value.response.status_code == 404

    asyncio.run(scenario())


def test_due_ticks_become_one_run_each(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, graphs=HITL).url

    async def scenario() -> None:
        client = get_client(url=url)
        cron = await client.crons.create("hitl", schedule=EVERY_2S, input={"topic": "otters"})
        ticks = await _wait_ticks(client, cron["cron_id"], 3)
        _assert_once_each(ticks, 3)
        threads = await client.threads.search(metadata={"cron_id": cron["cron_id"]}, limit=100)
        for thread in threads:  # each tick's run went through the queue and ran the graph
            runs = await client.runs.list(thread["thread_id"])
            assert len(runs) == 1
        done = threads[-1]["thread_id"]
        for _ in range(120):
            state = await client.threads.get_state(done)
            if state["interrupts"]:
                break
            await asyncio.sleep(0.5)
        assert state["values"]["draft"] == "A short note about otters."
        await client.crons.update(cron["cron_id"], enabled=False)
        settled = len(await _ticks(client, cron["cron_id"]))
        await asyncio.sleep(3)  # a disabled cron makes no more runs
        assert len(await _ticks(client, cron["cron_id"])) <= settled + 1

    asyncio.run(scenario())


CTX = Path(__file__).parent / "graphs" / "ctx" / "langgraph.json"


def test_a_cron_on_a_created_assistant_runs_with_its_config_and_context(
        database_url: str, servers: Servers) -> None:
    """Each tick's run takes the assistant as it is at the tick (its context, updated in
    between) under the cron's own context, and is the assistant's run."""
    url = servers.app(database_url=database_url, graphs=CTX).url

    async def scenario() -> None:
        client = get_client(url=url)
        helper = await client.assistants.create("ctx", context={"model": "large"},
                                                name="cron helper")
        cron = await client.crons.create(
            helper["assistant_id"], schedule=EVERY_2S, input={"question": "why"},
            context={"tone": "warm"}, config={"tags": ["nightly"]},
            interrupt_after=["answer"])
        assert cron["assistant_id"] == helper["assistant_id"]
        assert cron["payload"]["context"] == {"tone": "warm"}
        assert [c["cron_id"] for c in await client.crons.search(
            assistant_id=helper["assistant_id"])] == [cron["cron_id"]]
        assert await client.crons.search(assistant_id="ctx") == []
        ticks = await _wait_ticks(client, cron["cron_id"], 1)
        first = (await client.threads.search(metadata={"cron_tick": ticks[0]}))[0]
        state = await _stopped_after_answer(client, first["thread_id"])
        assert state["values"]["answer"] == "why (large/warm)" and state["next"] == ["polish"]
        run = (await client.runs.list(first["thread_id"]))[0]
        assert run["assistant_id"] == helper["assistant_id"]

        await client.assistants.update(helper["assistant_id"], context={"model": "tiny"})
        updated = datetime.now(UTC)  # a tick due after this reads the updated assistant
        for _ in range(60):
            later = [t for t in await _ticks(client, cron["cron_id"])
                     if datetime.fromisoformat(t) > updated]
            if later:
                break
            await asyncio.sleep(0.5)
        thread = (await client.threads.search(metadata={"cron_tick": later[0]}))[0]
        state = await _stopped_after_answer(client, thread["thread_id"])
        assert state["values"]["answer"] == "why (tiny/warm)"
        await client.crons.delete(cron["cron_id"])

    asyncio.run(scenario())


def _env(database_url: str) -> dict[str, str]:
    return {"AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_GRAPHS": str(HITL)}


def test_two_processes_run_each_tick_once(database_url: str, servers: Servers) -> None:
    first = servers.process(env=_env(database_url))
    second = servers.process(env=_env(database_url))

    async def scenario() -> None:
        client = get_client(url=first.url)
        cron = await client.crons.create("hitl", schedule=EVERY_2S, input={"topic": "x"})
        ticks = await _wait_ticks(get_client(url=second.url), cron["cron_id"], 5)
        await client.crons.delete(cron["cron_id"])
        _assert_once_each(ticks, 5)

    asyncio.run(scenario())


@pytest.mark.parametrize("delay", [0.3, 1.1, 2.4])
def test_kill_9_mid_tick_runs_each_tick_once(database_url: str, servers: Servers,
                                             delay: float) -> None:
    server = servers.process(env=_env(database_url))

    async def scenario() -> None:
        cron = await get_client(url=server.url).crons.create("hitl", schedule=EVERY_2S,
                                                             input={"topic": "y"})
        await asyncio.sleep(delay)
        server.kill()
        again = servers.process(env=_env(database_url))
        client = get_client(url=again.url)
        before = len(set(await _ticks(client, cron["cron_id"])))
        ticks = await _wait_ticks(client, cron["cron_id"], before + 2)
        await client.crons.delete(cron["cron_id"])
        _assert_once_each(ticks, before + 2)

    asyncio.run(scenario())


def test_thread_cron_runs_on_its_thread_and_skips_it_while_it_waits(
        database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, graphs=HITL).url

    async def scenario() -> None:
        client = get_client(url=url)
        thread = (await client.threads.create())["thread_id"]
        cron = await client.crons.create_for_thread(thread, "hitl", schedule=EVERY_2S,
                                                    input={"topic": "owls"})
        for _ in range(120):
            if (await client.threads.get(thread))["status"] == "interrupted":
                break
            await asyncio.sleep(0.5)
        state = await client.threads.get_state(thread)
        assert state["values"]["draft"] == "A short note about owls."
        first = datetime.fromisoformat(
            (await client.crons.search(thread_id=thread))[0]["next_run_date"])
        for _ in range(60):  # later ticks come due while the thread waits for a decision
            now_next = (await client.crons.search(thread_id=thread))[0]["next_run_date"]
            if datetime.fromisoformat(now_next) > first:
                break
            await asyncio.sleep(0.5)
        assert datetime.fromisoformat(now_next) > first
        assert len(await client.runs.list(thread)) == 1  # those ticks were skipped, not queued
        await client.crons.delete(cron["cron_id"])

    asyncio.run(scenario())


def test_a_threads_crons_go_with_it_when_deleted_or_expired(
        database_url: str, servers: Servers) -> None:
    """Deleting a thread (or its time to live running out) removes the crons bound to it;
    a stateless cron of the same assistant stays."""
    url = servers.app(database_url=database_url, graphs=HITL,
                      checkpointer_sweep_minutes=0.005).url

    async def scenario() -> None:
        client = get_client(url=url)
        stateless = await client.crons.create("hitl", schedule="0 9 * * *", input={"topic": "a"})
        deleted, expiring = [(await client.threads.create())["thread_id"] for _ in range(2)]
        for thread in (deleted, expiring):
            await client.crons.create_for_thread(thread, "hitl", schedule="0 22 * * *",
                                                 input={"topic": "b"}, enabled=False)
        assert await client.crons.count(thread_id=deleted) == 1
        await client.threads.delete(deleted)
        assert await client.crons.search(thread_id=deleted) == []
        await client.threads.update(expiring, metadata={}, ttl=0.005)  # 0.3 s from now
        for _ in range(120):
            if await client.crons.count(thread_id=expiring) == 0:
                break
            await asyncio.sleep(0.5)
        assert await client.crons.search(thread_id=expiring) == []
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.threads.get(expiring)
        assert gone.value.response.status_code == 404
        assert [c["cron_id"] for c in await client.crons.search()] == [stateless["cron_id"]]

    asyncio.run(scenario())


@pytest.mark.parametrize("path", ["/runs/crons", "/threads/{thread}/runs/crons",
                                  "/threads/{thread}/runs", "/runs"])
def test_a_webhook_that_is_not_a_url_is_refused_before_the_assistant_is_looked_up(
        servers: Servers, path: str) -> None:
    """As the Agent Server does: the body's own faults (422 naming ``webhook``) come before
    what it names (404 for an assistant that does not exist)."""
    server = servers.app(graphs=HITL)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        thread = client.post("/threads", json={}).json()["thread_id"]
        route = path.format(thread=thread)
        body = {"assistant_id": "missing", "schedule": "0 1 * * *", "input": {}}
        if not route.endswith("/crons"):
            body.pop("schedule")
        refused = client.post(route, json={**body, "webhook": "file:///tmp/hook"})
        assert refused.status_code == 422, refused.text
        assert refused.json()["field"] == "webhook"
        assert "not an http or https URL" in refused.json()["detail"]
        missing = client.post(route, json={**body, "webhook": "https://example.com/hook"})
        assert missing.status_code == 404, missing.text
        assert client.post("/runs/crons/count", json={}).json() == 0


def test_a_trip_cron_whose_request_code_half_read_is_completed_by_the_model_at_create(
        servers: Servers, trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> None:
    request = "Plan 4 days in lisbon from Boston, leaving 2027-03-10, budget 2500 USD"
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP",
                       trip_script.write({"structured": {"span": "lisbon"}}))
    url = servers.app().url

    async def scenario() -> dict[str, Any]:
        return await get_client(url=url).crons.create(
            "trip", schedule="0 9 * * *", input={"messages": request})

    made = asyncio.run(scenario())
    engine = sa.create_engine(Settings(data_dir=servers.data_dir).resolved_database_url)
    with engine.connect() as conn:
        stored = conn.execute(sa.select(crons.c.agent_input).where(
            crons.c.cron_id == made["cron_id"])).scalar_one()
    engine.dispose()
    assert stored["messages"] == request  # each tick starts from the person's text...
    assert stored["preferences"]["destination"] == "lisbon"  # ...and what the model read
