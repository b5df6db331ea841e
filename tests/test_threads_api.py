"""The threads API through the official SDK client, against a real server and database.

Each test drives ``langgraph_sdk`` over loopback and checks the effect where it
lands: the thread's checkpoints, its row in ``agentdesk_threads``, its audit
trail, or the checkpointer's own tables.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import aclosing
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from langgraph_sdk import get_client

from .servers import Servers

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"


def engine(database_url: str) -> sa.Engine:
    """A plain connection to the test's database, to look at what the server stored."""
    return sa.create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))


def rows(database_url: str, query: str, **params: Any) -> list[Any]:
    db = engine(database_url)
    try:
        with db.connect() as conn:
            return list(conn.execute(sa.text(query), params))
    finally:
        db.dispose()


def execute(database_url: str, statement: str, **params: Any) -> None:
    db = engine(database_url)
    try:
        with db.begin() as conn:
            conn.execute(sa.text(statement), params)
    finally:
        db.dispose()


def checkpoints_of(database_url: str, thread_id: str) -> int:
    return len(rows(database_url, "SELECT checkpoint_id FROM checkpoints WHERE thread_id = :t",
                    t=thread_id))


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    server = servers.app(database_url=database_url, graphs=HITL, ping_seconds=0.3)
    yield server.url
    server.stop()


async def paused_thread(client: Any, topic: str = "otters", **create: Any) -> str:
    """A hitl thread run to its interrupt (it wrote a draft and asks to publish it)."""
    thread = (await client.threads.create(**create))["thread_id"]
    await client.runs.wait(thread, "hitl", input={"topic": topic})
    return str(thread)


async def status_of(error: Any) -> int:
    return int(error.value.response.status_code)


def test_update_state_writes_a_checkpoint_through_the_graph(served: str,
                                                            database_url: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await paused_thread(client)
        before = await client.threads.get_state(thread)
        assert before["next"] == ["review"]
        answer = await client.threads.update_state(thread, {"topic": "badgers"},
                                                   as_node="write_draft")
        written = answer["checkpoint"]
        assert written["thread_id"] == thread and written["checkpoint_ns"] == ""
        after = await client.threads.get_state(thread)
        assert after["checkpoint"]["checkpoint_id"] == written["checkpoint_id"]
        assert after["values"]["topic"] == "badgers" and after["next"] == ["review"]
        assert after["parent_checkpoint"]["checkpoint_id"] == before["checkpoint"][
            "checkpoint_id"]
        trail = await client.http.get(f"/threads/{thread}/audit")
        updated = [e for e in trail if e["event"] == "state_updated"]
        assert [(e["actor"], e["data"]["as_node"], e["data"]["checkpoint_id"])
                for e in updated] == [("tester", "write_draft", written["checkpoint_id"])]
        # The searchable copy of the values follows the update.
        assert [t["thread_id"] for t in await client.threads.search(
            values={"topic": "badgers"})] == [thread]
        assert await client.threads.search(values={"topic": "otters"}) == []

        # At an older checkpoint: a branch from there, the latest state left as it was.
        first = (await client.threads.get_history(thread, limit=10))[-1]
        fork = await client.threads.update_state(
            thread, {"topic": "voles"}, as_node="write_draft",
            checkpoint={"checkpoint_id": first["checkpoint"]["checkpoint_id"]})
        forked = await client.threads.get_state(
            thread, checkpoint_id=fork["checkpoint"]["checkpoint_id"])
        assert forked["values"]["topic"] == "voles"
        assert forked["parent_checkpoint"]["checkpoint_id"] == first["checkpoint"][
            "checkpoint_id"]

        for bad, code in (({"values": {"topic": "x"}, "as_node": "nowhere"}, 422),
                          ({"values": {"topic": "x"}, "extra": 1}, 422)):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.http.post(f"/threads/{thread}/state", json=bad)
            assert await status_of(refused) == code
        # A thread no run has given a graph: nothing to write through.
        empty = (await client.threads.create())["thread_id"]
        with pytest.raises(httpx.HTTPStatusError) as no_graph:
            await client.threads.update_state(empty, {"topic": "x"})
        assert await status_of(no_graph) == 400
        # Unless its metadata names one: then it is bound to it.
        named = (await client.threads.create(graph_id="hitl"))["thread_id"]
        await client.threads.update_state(named, {"topic": "moles"}, as_node="write_draft")
        assert (await client.threads.get_state(named))["values"]["topic"] == "moles"

        # A thread a run holds is refused, and nothing is written.
        count = checkpoints_of(database_url, thread)
        execute(database_url, "UPDATE agentdesk_threads SET status = 'busy' "
                "WHERE thread_id = :t", t=thread)
        with pytest.raises(httpx.HTTPStatusError) as busy:
            await client.threads.update_state(thread, {"topic": "x"}, as_node="write_draft")
        assert await status_of(busy) == 409
        assert checkpoints_of(database_url, thread) == count

    asyncio.run(scenario())


def test_state_at_a_checkpoint_and_history_filters(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await paused_thread(client)
        history = await client.threads.get_history(thread, limit=10)
        ids = [s["checkpoint"]["checkpoint_id"] for s in history]
        assert len(ids) >= 3 and len(set(ids)) == len(ids)
        older = history[1]
        by_get = await client.threads.get_state(thread, checkpoint_id=older["checkpoint"][
            "checkpoint_id"])
        by_post = await client.threads.get_state(thread, checkpoint=older["checkpoint"])
        assert by_get == by_post == older
        assert by_get["values"] != history[0]["values"] or by_get["next"] != history[0]["next"]
        only = await client.threads.get_state(thread, select=["values.draft", "next"])
        assert only == {"values": {"draft": "A short note about otters."}, "next": ["review"]}
        with pytest.raises(httpx.HTTPStatusError) as missing:
            await client.threads.get_state(thread, checkpoint_id="1f0-not-a-checkpoint")
        assert await status_of(missing) == 404

        assert [s["checkpoint"]["checkpoint_id"] for s in await client.threads.get_history(
            thread, limit=10, before=ids[0])] == ids[1:]
        assert [s["checkpoint"]["checkpoint_id"] for s in await client.threads.get_history(
            thread, limit=10, before=history[1]["checkpoint"])] == ids[2:]
        inputs = await client.threads.get_history(thread, limit=10,
                                                  metadata={"source": "input"})
        assert inputs and all(s["metadata"]["source"] == "input" for s in inputs)
        assert len(inputs) < len(history)
        assert len(await client.threads.get_history(thread, limit=2)) == 2
        got = await client.http.get(f"/threads/{thread}/history",
                                    params={"limit": 10, "before": ids[0]})
        assert [s["checkpoint"]["checkpoint_id"] for s in got] == ids[1:]
        with pytest.raises(httpx.HTTPStatusError) as bad:
            await client.threads.get_history(thread, select=["nothing"])
        assert await status_of(bad) == 422

    asyncio.run(scenario())


def test_search_and_count_in_the_database(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        made = []
        for n in range(4):
            made.append((await client.threads.create(metadata={
                "n": n, "group": "even" if n % 2 == 0 else "odd",
                "tags": {"colour": "red" if n < 2 else "blue", "size": n}}))["thread_id"])
            time.sleep(0.01)  # distinct creation times to sort on
        paused = await paused_thread(client, "otters", metadata={"group": "odd"})

        asc = await client.threads.search(sort_by="created_at", sort_order="asc", limit=10)
        assert [t["thread_id"] for t in asc] == [*made, paused]
        desc = await client.threads.search(sort_by="created_at", sort_order="desc", limit=10)
        assert [t["thread_id"] for t in desc] == [paused, *reversed(made)]
        page = await client.threads.search(sort_by="created_at", sort_order="asc",
                                           limit=2, offset=1)
        assert [t["thread_id"] for t in page] == made[1:3]
        # Aegra's spelling: "<field> ASC|DESC"; sort_by wins where both come.
        for body, expected in (({"order_by": "created_at ASC"}, [*made, paused]),
                               ({"order_by": "created_at"}, [paused, *reversed(made)]),
                               ({"order_by": "created_at ASC", "sort_by": "created_at"},
                                [paused, *reversed(made)])):
            answer = await client.http.client.post("/threads/search", json=body)
            assert [t["thread_id"] for t in answer.json()] == expected, body
        for bad in ("colour ASC", "created_at sideways"):
            refused = await client.http.client.post("/threads/search", json={"order_by": bad})
            assert refused.status_code == 422, refused.text
            assert refused.json()["field"] == "order_by" and bad in refused.json()["detail"]
        paged = await client.http.client.post("/threads/search", json={"limit": 2, "offset": 1})
        assert paged.headers["X-Pagination-Next"] == "3"
        last = await client.http.client.post("/threads/search", json={"limit": 4, "offset": 1})
        assert "X-Pagination-Next" not in last.headers
        assert last.headers["X-Pagination-Total"] == "5"
        assert [t["thread_id"] for t in await client.threads.search(
            metadata={"group": "odd"}, sort_by="thread_id", sort_order="asc")] == sorted(
            [made[1], made[3], paused])
        assert {t["thread_id"] for t in await client.threads.search(
            metadata={"tags": {"colour": "red"}})} == set(made[:2])
        assert {t["thread_id"] for t in await client.threads.search(
            metadata={"graph_id": "hitl"})} == {paused}
        assert [t["thread_id"] for t in await client.threads.search(
            status="interrupted")] == [paused]
        assert {t["thread_id"] for t in await client.threads.search(
            status="idle", limit=10)} == set(made)
        assert {t["thread_id"] for t in await client.threads.search(
            ids=[made[0], paused], limit=10)} == {made[0], paused}
        assert [t["thread_id"] for t in await client.threads.search(
            values={"draft": "A short note about otters."})] == [paused]

        picked = await client.threads.search(ids=[made[2]], select=["thread_id", "metadata"])
        assert picked == [{"thread_id": made[2], "metadata": {
            "n": 2, "group": "even", "tags": {"colour": "blue", "size": 2}}}]
        pulled = await client.threads.search(
            ids=[paused], select=["thread_id"],
            extract={"topic": "values.topic", "group": "metadata.group",
                     "nothing": "values.missing[0]"})
        assert pulled == [{"thread_id": paused, "extracted": {
            "topic": "otters", "group": "odd", "nothing": None}}]

        assert await client.threads.count() == 5
        assert await client.threads.count(metadata={"group": "odd"}) == 3
        assert await client.threads.count(status="interrupted") == 1
        assert await client.threads.count(values={"topic": "otters"}) == 1
        assert await client.threads.count(metadata={"tags": {"size": 3}}) == 1

        for bad in ({"sort_by": "colour"}, {"select": ["secret"]},
                    {"extract": {"values": "values.topic"}}, {"extract": {"x": "owner"}}):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.http.post("/threads/search", json=bad)
            assert await status_of(refused) == 422

    asyncio.run(scenario())


def test_copy_and_prune(served: str, database_url: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        original = await paused_thread(client, metadata={"owner_note": "kept"})
        copy = await client.threads.copy(original)
        twin = copy["thread_id"]
        assert twin != original and copy["status"] == "interrupted"
        assert copy["metadata"]["owner_note"] == "kept"
        assert copy["values"] == (await client.threads.get_state(original))["values"]
        original_history = await client.threads.get_history(original, limit=50)
        twin_history = await client.threads.get_history(twin, limit=50)
        assert [s["checkpoint"]["checkpoint_id"] for s in twin_history] == [
            s["checkpoint"]["checkpoint_id"] for s in original_history]
        assert checkpoints_of(database_url, twin) == checkpoints_of(database_url, original)
        # The copy goes its own way.
        await client.threads.update_state(twin, {"topic": "copied"}, as_node="write_draft")
        assert (await client.threads.get_state(original))["values"]["topic"] == "otters"

        pruned = await client.threads.prune([twin], strategy="keep_latest")
        assert pruned == {"pruned_count": 1}
        assert checkpoints_of(database_url, twin) == 1
        assert (await client.threads.get_state(twin))["values"]["topic"] == "copied"

        result = await client.threads.prune([original, "no-such-thread"])
        assert result == {"pruned_count": 1}
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.threads.get(original)
        assert await status_of(gone) == 404
        assert checkpoints_of(database_url, original) == 0
        assert rows(database_url, "SELECT run_id FROM agentdesk_runs WHERE thread_id = :t",
                    t=original) == []
        with pytest.raises(httpx.HTTPStatusError) as bad:
            await client.http.post("/threads/prune", json={"thread_ids": [twin],
                                                           "strategy": "shred"})
        assert await status_of(bad) == 422
        assert checkpoints_of(database_url, twin) == 1

    asyncio.run(scenario())


def test_a_copied_thread_is_decided_on_its_own(served: str, database_url: str) -> None:
    """A copy holds the same interrupt ids as its source; a decision on one is not the
    other's: each is resumed once, with its own answer."""
    async def scenario() -> None:
        client = get_client(url=served)
        original = await paused_thread(client)
        twin = (await client.threads.copy(original))["thread_id"]
        pending = (await client.threads.get_state(original))["interrupts"][0]["id"]
        assert (await client.threads.get_state(twin))["interrupts"][0]["id"] == pending

        done = await client.runs.wait(original, "hitl", command={"resume": "yes"})
        assert done["answer"] == "yes"
        twin_state = await client.threads.get_state(twin)
        assert twin_state["next"] == ["review"] and "answer" not in twin_state["values"]
        copied = await client.runs.wait(twin, "hitl", command={"resume": "no"})
        assert copied["answer"] == "no"
        assert (await client.threads.get_state(original))["values"]["answer"] == "yes"
        decided = rows(database_url, "SELECT thread_id, type FROM agentdesk_decisions "
                       "WHERE interrupt_id = :i ORDER BY created_at", i=pending)
        assert sorted(thread for thread, _ in decided) == sorted([original, twin])

    asyncio.run(scenario())


def test_the_sweeper_deletes_expired_threads_and_keeps_live_ones(
        database_url: str, servers: Servers) -> None:
    server = servers.app(database_url=database_url, graphs=HITL, ping_seconds=0.3,
                         checkpointer_ttl_minutes=0.01, checkpointer_sweep_minutes=0.005)

    async def scenario() -> None:
        client = get_client(url=server.url)
        short = await paused_thread(client, ttl=60)
        assert checkpoints_of(database_url, short) > 0
        defaulted = await paused_thread(client)  # the default: 0.6 s
        kept = await paused_thread(client, ttl=60)
        shown = await client.threads.get(kept, include=["ttl"])
        assert shown["ttl"]["ttl_minutes"] == 60 and shown["ttl"]["strategy"] == "delete"
        assert "ttl" not in await client.threads.get(kept)
        pruned = await paused_thread(client, ttl={"ttl": 60, "strategy": "keep_latest"})
        assert checkpoints_of(database_url, pruned) > 1
        # Shortened afterwards (the SDK's update): 0.3 s from now.
        await client.threads.update(short, metadata={}, ttl=0.005)
        await client.threads.update(pruned, metadata={},
                                    ttl={"ttl": 0.005, "strategy": "keep_latest"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            left = {t["thread_id"] for t in await client.threads.search(limit=10)}
            if left == {kept, pruned} and checkpoints_of(database_url, pruned) == 1:
                break
            await asyncio.sleep(0.2)
        assert left == {kept, pruned}
        # keep_latest: the thread stays, with its latest checkpoint only.
        assert checkpoints_of(database_url, pruned) == 1
        assert (await client.threads.get_state(pruned))["next"] == ["review"]
        assert (await client.threads.get(pruned, include=["ttl"]))["ttl"]["strategy"] == \
            "keep_latest"
        for gone in (short, defaulted):
            assert checkpoints_of(database_url, gone) == 0
            for table in ("agentdesk_runs", "agentdesk_audit_log", "agentdesk_decisions"):
                assert rows(database_url, f"SELECT 1 FROM {table} WHERE thread_id = :t",
                            t=gone) == []
        assert checkpoints_of(database_url, kept) > 0
        assert (await client.threads.get_state(kept))["next"] == ["review"]

    asyncio.run(scenario())


def test_a_sweep_cut_short_is_finished_by_the_next(database_url: str,
                                                   servers: Servers) -> None:
    """A thread marked ``deleting`` (a sweeper killed before it deleted it) is deleted."""
    server = servers.app(database_url=database_url, graphs=HITL,
                         checkpointer_sweep_minutes=0.005)

    async def scenario() -> None:
        client = get_client(url=server.url)
        half = await paused_thread(client, ttl=60)
        kept = await paused_thread(client, ttl=60)
        execute(database_url, "UPDATE agentdesk_threads SET status = 'deleting' "
                "WHERE thread_id = :t", t=half)
        with pytest.raises(httpx.HTTPStatusError) as taken:
            await client.runs.wait(half, "hitl", command={"resume": "yes"})
        assert await status_of(taken) == 409
        def left() -> tuple[int, int]:  # the sweep deletes the checkpoints, then the row
            return (checkpoints_of(database_url, half),
                    len(rows(database_url, "SELECT 1 FROM agentdesk_threads WHERE thread_id = :t",
                             t=half)))

        deadline = time.monotonic() + 60
        while left() != (0, 0) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert left() == (0, 0)
        assert checkpoints_of(database_url, kept) > 0

    asyncio.run(scenario())


def test_the_thread_stream_follows_every_run_and_resumes(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        got: list[Any] = []
        starts: list[Any] = []

        def run_done(part: Any) -> bool:
            return part.event == "metadata" and part.data.get("status") == "run_done"

        async def follow() -> None:
            async for part in await client.threads.join_stream(thread):
                got.append(part)
                if sum(map(run_done, got)) == 2:
                    return

        async def lifecycle() -> None:
            async for part in await client.threads.join_stream(thread,
                                                               stream_mode="lifecycle"):
                starts.append(part)
                if sum(map(run_done, starts)) == 2:
                    return

        following = asyncio.gather(follow(), lifecycle())
        await asyncio.sleep(0.5)  # joined before the first run exists
        first = await client.runs.create(thread, "hitl", input={"topic": "otters"},
                                         stream_mode=["values"])
        await client.runs.join(thread, first["run_id"])
        second = await client.runs.create(thread, "hitl", command={"resume": "yes"},
                                          stream_mode=["values"])
        await asyncio.wait_for(following, 60)
        order = [first["run_id"], second["run_id"]]
        run_ids = [p.id.rsplit(":", 1)[0] for p in got]
        assert set(run_ids) == set(order) and run_ids == sorted(run_ids, key=order.index)
        assert got[-1].data == {"status": "run_done", "run_id": second["run_id"]}
        assert got[-2].event == "values" and got[-2].data["answer"] == "yes"
        assert not any(p.event == "end" for p in got)
        assert [(p.event, p.data.get("run_id")) for p in starts] == [
            ("metadata", first["run_id"]), ("metadata", first["run_id"]),
            ("metadata", second["run_id"]), ("metadata", second["run_id"])]
        assert [p.id for p in starts] == [p.id for p in got if p.event == "metadata"]

        # Back with the id of the first run's end: only the second run's events.
        first_end = next(p for p in got if run_done(p))
        again: list[Any] = []
        async for part in await client.threads.join_stream(thread, last_event_id=first_end.id):
            again.append(part)
            if run_done(part):
                break
        assert [(p.event, p.id) for p in again] == [
            (p.event, p.id) for p in got[got.index(first_end) + 1:]]

        # A stream of a thread that is deleted ends.
        async def drain() -> list[Any]:
            return [p async for p in await client.threads.join_stream(
                thread, last_event_id=got[-1].id)]

        draining = asyncio.create_task(drain())
        await asyncio.sleep(0.5)
        await client.threads.delete(thread)
        assert await asyncio.wait_for(draining, 60) == []

        other = (await client.threads.create())["thread_id"]
        for params, headers in (({"stream_mode": "everything"}, {}),
                                ({}, {"Last-Event-ID": "garbage"})):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.http.get(f"/threads/{other}/stream", params=params,
                                      headers=headers)
            assert await status_of(refused) == 422

    asyncio.run(scenario())


def test_the_thread_stream_sends_state_updates_in_their_mode(served: str) -> None:
    """``state_update``: each update of the thread's state from now on, with the state at
    the checkpoint it wrote (as the Agent Server sends it); not in ``run_modes``."""
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await paused_thread(client)
        await client.threads.update_state(thread, {"topic": "before"}, as_node="write_draft")
        updates: list[Any] = []
        runs: list[Any] = []

        async def follow(mode: str, into: list[Any], until: Callable[[Any], bool]) -> None:
            async with aclosing(await client.threads.join_stream(thread, stream_mode=mode)
                                ) as parts:
                async for part in parts:
                    into.append(part)
                    if until(part):
                        return

        following = asyncio.gather(
            follow("state_update", updates, lambda part: len(updates) == 2),
            follow("run_modes", runs, lambda part: part.event == "metadata"
                   and part.data.get("status") == "run_done"))
        await asyncio.sleep(0.5)  # joined: the update before is not sent
        written = await client.threads.update_state(thread, {"topic": "badgers"},
                                                    as_node="write_draft")
        await client.threads.update_state(thread, {"topic": "voles"}, as_node="write_draft")
        await client.runs.wait(thread, "hitl", input={"topic": "owls"})
        await asyncio.wait_for(following, 60)
        assert [p.event for p in updates] == ["state_update", "state_update"]
        assert [p.data["state"]["values"]["topic"] for p in updates] == ["badgers", "voles"]
        assert updates[0].data["thread_id"] == thread
        assert updates[0].data["state"]["checkpoint"]["checkpoint_id"] == written[
            "checkpoint"]["checkpoint_id"]
        assert "state_update" not in {p.event for p in runs}

    asyncio.run(scenario())


def test_thread_ttl_migration_adds_its_columns_to_an_older_database(database_url: str) -> None:
    """A database from before migration ``thread_ttl`` keeps its threads and gains the
    columns (the migration adds them; a new database has them from the start)."""
    from agentdesk.runtime.storage.persistence import MIGRATIONS, open_persistence

    version = next(i for i, (name, _) in enumerate(MIGRATIONS, start=1) if name == "thread_ttl")

    async def open_once() -> None:
        async with open_persistence(database_url):
            pass

    asyncio.run(open_once())
    execute(database_url, "INSERT INTO agentdesk_threads (thread_id, status, metadata, "
            "created_at, updated_at) VALUES ('old', 'idle', '{}', '2026-01-01 00:00:00', "
            "'2026-01-01 00:00:00')")
    execute(database_url, "DROP INDEX ix_agentdesk_threads_expires_at")
    for column in ("state_values", "ttl_minutes", "expires_at"):
        execute(database_url, f"ALTER TABLE agentdesk_threads DROP COLUMN {column}")
    execute(database_url, "DELETE FROM schema_migrations WHERE version = :v", v=version)
    asyncio.run(open_once())
    assert rows(database_url, "SELECT thread_id, ttl_minutes, expires_at, state_values "
                "FROM agentdesk_threads") == [("old", None, None, None)]
    assert rows(database_url, "SELECT name FROM schema_migrations WHERE version = :v",
                v=version) == [("thread_ttl",)]


def test_checkpointer_ttl_config_maps_onto_settings() -> None:
    from agentdesk.settings import Settings, checkpointer_ttl_fields

    fields = checkpointer_ttl_fields({"strategy": "keep_latest", "default_ttl": 90,
                                      "sweep_interval_minutes": 2, "sweep_limit": 50})
    settings = Settings(**fields)
    assert (settings.checkpointer_ttl_strategy, settings.checkpointer_ttl_minutes,
            settings.checkpointer_sweep_minutes, settings.checkpointer_sweep_limit) == (
        "keep_latest", 90, 2, 50)
    assert Settings(**checkpointer_ttl_fields({"default_ttl": 5})).checkpointer_ttl_strategy \
        == "delete"
    with pytest.raises(ValueError):
        checkpointer_ttl_fields({"default_ttl": 1, "refresh": True})
    with pytest.raises(ValueError):
        Settings(**checkpointer_ttl_fields({"strategy": "shred"}))


def test_state_with_subgraphs_shows_the_paused_subgraph(database_url: str,
                                                        servers: Servers) -> None:
    nested = Path(__file__).parent / "graphs" / "nested" / "langgraph.json"
    server = servers.app(database_url=database_url, graphs=nested)

    async def scenario() -> None:
        client = get_client(url=server.url)
        thread = (await client.threads.create())["thread_id"]
        await client.runs.wait(thread, "nested", input={"topic": "otters"})
        flat = await client.threads.get_state(thread)
        assert flat["tasks"][0]["name"] == "inner" and flat["tasks"][0]["state"] is None
        assert flat["tasks"][0]["checkpoint"]["checkpoint_ns"].startswith("inner:")
        deep = await client.threads.get_state(thread, subgraphs=True)
        inner = deep["tasks"][0]["state"]
        assert inner["next"] == ["ask"] and inner["values"]["topic"] == "otters"
        assert inner["checkpoint"]["checkpoint_ns"].startswith("inner:")
        at = await client.threads.get_state(thread, checkpoint=flat["checkpoint"],
                                            subgraphs=True)
        assert at["tasks"][0]["state"]["next"] == ["ask"]

    asyncio.run(scenario())


def test_update_state_of_a_built_in_agent_is_checked_by_its_state_schema(
        served: str, database_url: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create(graph_id="insurance"))["thread_id"]
        for bad, field in (({"customer_name": 123}, "values.customer_name"),
                           ({"bogus": 1}, "values")):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.threads.update_state(thread, bad, as_node="planner")
            assert await status_of(refused) == 422
            assert refused.value.response.json()["field"] == field
        assert checkpoints_of(database_url, thread) == 0
        await client.threads.update_state(thread, {"customer_name": "Ann Lee"},
                                          as_node="planner")
        state = await client.threads.get_state(thread)
        assert state["values"]["customer_name"] == "Ann Lee"
        assert (await client.threads.get(thread))["metadata"]["graph_id"] == "insurance"
        assert [t["thread_id"] for t in await client.threads.search(
            values={"customer_name": "Ann Lee"})] == [thread]

    asyncio.run(scenario())


def test_create_with_supersteps_writes_them_in_order(served: str, database_url: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        made = await client.threads.create(graph_id="hitl", supersteps=[
            {"updates": [{"values": {"topic": "otters"}, "as_node": "__start__"}]},
            {"updates": [{"values": {"topic": "otters", "draft": "Mine."},
                          "as_node": "write_draft"}]}])
        thread = made["thread_id"]
        assert made["values"]["draft"] == "Mine."
        state = await client.threads.get_state(thread)
        assert state["values"] == {"topic": "otters", "draft": "Mine."}
        assert state["next"] == ["review"]
        assert len(await client.threads.get_history(thread, limit=10)) == 2
        # It runs on from there: the draft is the one written, not the graph's.
        await client.runs.wait(thread, "hitl")
        assert (await client.threads.get_state(thread))["interrupts"][0]["value"][
            "draft"] == "Mine."

        for bad in ([{"updates": [{"values": {"bogus": 1}, "as_node": "write_draft"}]}],
                    [{"updates": [{"values": {"topic": "x"}, "as_node": "nowhere"}]}]):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await client.threads.create(thread_id="refused-one", graph_id="hitl",
                                            supersteps=bad)
            assert await status_of(refused) == 422
            assert rows(database_url, "SELECT 1 FROM agentdesk_threads WHERE thread_id = "
                        "'refused-one'") == []
            assert checkpoints_of(database_url, "refused-one") == 0
        with pytest.raises(httpx.HTTPStatusError) as no_graph:
            await client.threads.create(supersteps=[
                {"updates": [{"values": {"topic": "x"}, "as_node": "write_draft"}]}])
        assert await status_of(no_graph) == 400

    asyncio.run(scenario())


def test_integers_past_64_bits_go_through_and_huge_offsets_are_refused(served: str) -> None:
    """JSON has no integer limit, the API's encoder (orjson) has: a value past 64 bits is
    answered exactly (the standard library takes over), never with a 500; an offset no
    database can take is refused, naming the field."""
    big = 2**70 + 1
    with httpx.Client(base_url=served, timeout=30) as http:
        made = http.post("/threads", json={"metadata": {"n": big}})
        assert made.status_code == 200, made.text
        thread = made.json()
        assert thread["metadata"]["n"] == big
        assert http.get(f"/threads/{thread['thread_id']}").json()["metadata"]["n"] == big
        found = http.post("/threads/search", json={"metadata": {"n": big}})  # stored as text
        assert found.status_code == 422 and found.json()["field"] == "metadata", found.text
        listed = http.post("/threads/search", json={"limit": 5}).json()
        assert [t["metadata"]["n"] for t in listed] == [big]
        for path in ("/store/namespaces", "/store/items/search", "/threads/search",
                     "/runs/crons/search"):
            refused = http.post(path, json={"offset": 2**63})
            assert refused.status_code == 422, (path, refused.text)
            assert "offset" in refused.text, (path, refused.text)
