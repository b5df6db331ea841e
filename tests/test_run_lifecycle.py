"""The run lifecycle, driven with the official SDK against a real server on both databases.

Double-texting (``multitask_strategy``), ``after_seconds``, ``on_completion``,
``on_disconnect``, stateless and batch runs, run delete and bulk cancel, and the
fail-closed walk over every field the SDK's ``runs.create``/``stream``/``wait``
can send. The graph (``tests/graphs/lifecycle``) holds a run on a file the test
creates, so a run is caught mid-way without timing.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import textwrap
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from contextlib import aclosing
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk._async.runs import RunsClient

from .servers import Servers

LIFECYCLE = Path(__file__).parent / "graphs" / "lifecycle" / "langgraph.json"
GRAPH = "held"


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    server = servers.app(database_url=database_url, graphs=LIFECYCLE, run_lease_seconds=3.0)
    yield server.url
    server.stop()


async def until(check: Callable[[], Awaitable[Any]], what: str, limit: float = 60) -> Any:
    """Poll ``check`` until it answers something true (bounded, not a timing claim)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if found := await check():
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"never: {what}")


class Gates:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def closed(self, name: str) -> str:
        return str(self.folder / f"gate-{name}-{uuid.uuid4().hex}")

    @staticmethod
    def open(gate: str) -> None:
        Path(gate).touch()


@pytest.fixture
def gates(tmp_path: Path) -> Gates:
    return Gates(tmp_path)


async def steps(client: Any, thread: str) -> list[str]:
    return list((await client.threads.get_state(thread))["values"].get("steps", []))


async def holding(client: Any, thread: str, label: str) -> None:
    """Until run ``label`` has checkpointed its mark and waits at its gate."""
    async def marked() -> bool:
        return f"mark:{label}" in await steps(client, thread)
    await until(marked, f"run {label} marked")


def test_enqueue_answers_at_once_and_runs_each_in_order(served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        gate = gates.closed("a")
        first = await client.runs.create(thread, GRAPH, input={"label": "A", "gate": gate})
        await holding(client, thread, "A")
        queued = [await client.runs.create(thread, GRAPH, input={"label": x, "gate": ""},
                                           multitask_strategy="enqueue") for x in "BC"]
        # Answered at once, pending, while A still holds the thread.
        assert [r["status"] for r in queued] == ["pending", "pending"]
        assert queued[0]["multitask_strategy"] == "enqueue"
        assert (await client.runs.get(thread, first["run_id"]))["status"] == "running"
        assert await steps(client, thread) == ["mark:A"]
        gates.open(gate)
        await client.runs.join(thread, queued[1]["run_id"])
        assert await steps(client, thread) == ["mark:A", "done:A", "mark:B", "done:B",
                                               "mark:C", "done:C"]
        runs = await client.runs.list(thread)
        assert [r["status"] for r in runs] == ["success"] * 3
        # reject still refuses a busy thread
        gate = gates.closed("d")
        await client.runs.create(thread, GRAPH, input={"label": "D", "gate": gate})
        await holding(client, thread, "D")
        with pytest.raises(httpx.HTTPStatusError) as refused:
            await client.runs.create(thread, GRAPH, input={"label": "E"},
                                     multitask_strategy="reject")
        assert refused.value.response.status_code == 409
        gates.open(gate)
    asyncio.run(scenario())


def test_interrupt_stops_the_running_run_and_starts_from_its_state(
        served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        first = await client.runs.create(thread, GRAPH,
                                         input={"label": "A", "gate": gates.closed("a")})
        await holding(client, thread, "A")
        second = await client.runs.create(thread, GRAPH, input={"label": "B", "gate": ""},
                                          multitask_strategy="interrupt")
        await client.runs.join(thread, second["run_id"])
        assert (await client.runs.get(thread, first["run_id"]))["status"] == "interrupted"
        assert (await client.runs.get(thread, second["run_id"]))["status"] == "success"
        # A's checkpointed mark stays: B started from the thread's state.
        assert await steps(client, thread) == ["mark:A", "mark:B", "done:B"]
    asyncio.run(scenario())


def test_rollback_removes_the_running_run_and_its_checkpoints(
        served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        before = await client.runs.create(thread, GRAPH, input={"label": "Z", "gate": ""})
        await client.runs.join(thread, before["run_id"])
        first = await client.runs.create(thread, GRAPH,
                                         input={"label": "A", "gate": gates.closed("a")})
        await holding(client, thread, "A")
        second = await client.runs.create(thread, GRAPH, input={"label": "B", "gate": ""},
                                          multitask_strategy="rollback")
        await client.runs.join(thread, second["run_id"])
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.runs.get(thread, first["run_id"])
        assert gone.value.response.status_code == 404
        assert await steps(client, thread) == ["mark:Z", "done:Z", "mark:B", "done:B"]
        history = await client.threads.get_history(thread, limit=100)
        assert not any("mark:A" in (h["values"] or {}).get("steps", []) for h in history)
        assert [r["run_id"] for r in await client.runs.list(thread)] == [
            second["run_id"], before["run_id"]]
    asyncio.run(scenario())


def test_after_seconds_waits_pending_then_runs(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        run = await client.runs.create(thread, GRAPH, input={"label": "A"}, after_seconds=2)
        assert run["status"] == "pending"
        assert await steps(client, thread) == []
        await client.runs.join(thread, run["run_id"])
        assert await steps(client, thread) == ["mark:A", "done:A"]
        history = await client.threads.get_history(thread, limit=10)
        first_step = min(h["created_at"] for h in history)
        assert _seconds(first_step) - _seconds(run["created_at"]) >= 2
    asyncio.run(scenario())


def _seconds(stamp: str) -> float:
    from datetime import datetime
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def test_stateless_runs_delete_their_thread_unless_kept(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        async with httpx.AsyncClient(base_url=served, timeout=60) as http:
            waited = await http.post("/runs/wait", json={"assistant_id": GRAPH,
                                                         "input": {"label": "W"}})
            assert waited.json()["steps"] == ["mark:W", "done:W"]
            thread = waited.headers["location"].split("/")[2]
            assert (await http.get(f"/threads/{thread}")).status_code == 404
            kept = await http.post("/runs/wait", json={"assistant_id": GRAPH,
                                                       "input": {"label": "K"},
                                                       "on_completion": "keep"})
            thread = kept.headers["location"].split("/")[2]
            assert (await http.get(f"/threads/{thread}")).status_code == 200
        background = await client.runs.create(None, GRAPH, input={"label": "B"})
        batch = await client.runs.create_batch([
            {"assistant_id": GRAPH, "input": {"label": "1"}, "on_completion": "keep"},
            {"assistant_id": GRAPH, "input": {"label": "2"}}])
        assert [r["status"] for r in batch] in (["pending"] * 2, ["running"] * 2,
                                                 ["running", "pending"], ["pending", "running"])
        kept_thread = batch[0]["thread_id"]
        await client.runs.join(kept_thread, batch[0]["run_id"])
        assert await steps(client, kept_thread) == ["mark:1", "done:1"]

        async def gone(thread_id: str) -> bool:
            try:
                await client.threads.get(thread_id)
            except httpx.HTTPStatusError as exc:
                return exc.response.status_code == 404
            return False
        await until(lambda: gone(background["thread_id"]), "background thread deleted")
        await until(lambda: gone(batch[1]["thread_id"]), "batch thread deleted")
        assert not await gone(kept_thread)
        with pytest.raises(httpx.HTTPStatusError) as refused:
            await client.runs.create_batch([{"assistant_id": GRAPH, "input": {"label": "3"}},
                                            {"assistant_id": "nope", "input": {}}])
        assert refused.value.response.status_code == 404
    asyncio.run(scenario())


def test_on_disconnect_cancel_stops_the_run_continue_does_not(
        served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        outcomes = {}
        for mode in ("cancel", "continue"):
            thread = (await client.threads.create())["thread_id"]
            gate = gates.closed(mode)
            async with aclosing(client.runs.stream(thread, GRAPH,
                                                   input={"label": mode, "gate": gate},
                                                   on_disconnect=mode)) as parts:
                async for part in parts:
                    assert part.event == "metadata"
                    run_id = part.data["run_id"]
                    break  # the client hangs up

            async def ended(thread: str = thread, run_id: str = run_id) -> str | None:
                status = (await client.runs.get(thread, run_id))["status"]
                return status if status not in ("pending", "running") else None
            if mode == "cancel":
                outcomes[mode] = await until(ended, "the run cancelled")
            else:
                await holding(client, thread, mode)
                assert (await client.runs.get(thread, run_id))["status"] == "running"
                gates.open(gate)
                outcomes[mode] = await until(ended, "the run finished")
        assert outcomes == {"cancel": "interrupted", "continue": "success"}
        # runs.wait: a caller that hangs up cancels its run too
        thread = (await client.threads.create())["thread_id"]
        async with httpx.AsyncClient(base_url=served) as http:
            with pytest.raises(httpx.ReadTimeout):
                await http.post(f"/threads/{thread}/runs/wait", timeout=3, json={
                    "assistant_id": GRAPH, "on_disconnect": "cancel",
                    "input": {"label": "W", "gate": gates.closed("w")}})
        run_id = (await client.runs.list(thread))[0]["run_id"]

        async def cancelled() -> bool:
            return (await client.runs.get(thread, run_id))["status"] == "interrupted"
        await until(cancelled, "the waited run cancelled")
    asyncio.run(scenario())


def test_delete_cancel_and_bulk_cancel(served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        gate = gates.closed("a")
        first = await client.runs.create(thread, GRAPH, input={"label": "A", "gate": gate})
        await holding(client, thread, "A")
        with pytest.raises(httpx.HTTPStatusError) as busy:
            await client.runs.delete(thread, first["run_id"])
        assert busy.value.response.status_code == 409
        queued = await client.runs.create(thread, GRAPH, input={"label": "B", "gate": ""},
                                          multitask_strategy="enqueue")
        await client.runs.cancel_many(thread_id=thread, run_ids=[queued["run_id"]])
        assert (await client.runs.get(thread, queued["run_id"]))["status"] == "interrupted"
        values = await client.runs.cancel(thread, first["run_id"], wait=True)
        assert values["steps"] == ["mark:A"]
        assert (await client.runs.get(thread, first["run_id"]))["status"] == "interrupted"
        await client.runs.delete(thread, first["run_id"])
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.runs.get(thread, first["run_id"])
        assert gone.value.response.status_code == 404
        # cancel with rollback: the run and its mark go
        third = await client.runs.create(thread, GRAPH,
                                         input={"label": "C", "gate": gates.closed("c")})
        await holding(client, thread, "C")
        values = await client.runs.cancel(thread, third["run_id"], action="rollback",
                                          wait=True)
        assert values["steps"] == ["mark:A"]
        assert await steps(client, thread) == ["mark:A"]
        assert third["run_id"] not in [r["run_id"] for r in await client.runs.list(thread)]
        # by status: every pending run goes
        other = (await client.threads.create())["thread_id"]
        later = await client.runs.create(other, GRAPH, input={"label": "L"},
                                         after_seconds=600)
        await client.runs.cancel_many(status="pending")
        assert (await client.runs.get(other, later["run_id"]))["status"] == "interrupted"
        async with httpx.AsyncClient(base_url=served) as http:
            both = await http.post("/runs/cancel", json={"status": "all",
                                                         "thread_id": thread})
            assert both.status_code == 422 and "status" in both.text
    asyncio.run(scenario())


# -- fail closed: every field the SDK can send -----------------------------------

OWNED_ELSEWHERE = {"config", "context", "checkpoint", "checkpoint_id", "interrupt_before",
                   "interrupt_after", "stream_subgraphs", "stream_mode", "webhook"}
"""Honoured by the run options and webhooks work (their own tests)."""

HONOURED = {"assistant_id", "input", "command", "metadata", "multitask_strategy",
            "if_not_exists", "on_disconnect", "on_completion", "after_seconds",
            "stream_resumable", "durability", "checkpoint_during", "strict_resume"}
"""Acted on with the Agent Server's meaning (the tests above, and the walk below)."""

REFUSED = {"feedback_keys": ["score"], "langsmith_tracer": {"project_name": "p"},
           "durability": "exit", "checkpoint_during": False, "strict_resume": False,
           "on_completion": "delete"}
"""Values refused with 422 naming the field (``on_completion`` on a thread's run)."""


def _sdk_fields() -> set[str]:
    """The keys of the JSON bodies ``runs.create``/``stream``/``wait`` build."""
    fields: set[str] = set()
    for method in (RunsClient.create, RunsClient.stream, RunsClient.wait):
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
        for node in ast.walk(tree):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            if (isinstance(getattr(node, "value", None), ast.Dict)
                    and any(isinstance(t, ast.Name) and t.id == "payload" for t in targets)):
                fields |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    return fields


def test_every_field_the_sdk_sends_is_honoured_or_refused(served: str) -> None:
    sdk = _sdk_fields()
    assert "after_seconds" in sdk and "langsmith_tracer" in sdk  # the walk read them
    assert sdk == OWNED_ELSEWHERE | HONOURED | {"feedback_keys", "langsmith_tracer"}
    with httpx.Client(base_url=served, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        for field, value in REFUSED.items():
            answer = http.post(f"/threads/{thread}/runs", json={
                "assistant_id": GRAPH, "input": {"label": "x"}, field: value})
            assert answer.status_code == 422, (field, answer.text)
            assert answer.json()["detail"].startswith(field), answer.json()
            assert "not supported" in answer.json()["detail"], answer.json()
        assert http.get(f"/threads/{thread}/runs").json() == []
        # The accepted values of the same fields run, and the run shows its metadata.
        done = http.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": GRAPH, "input": {"label": "y"}, "durability": "sync",
            "checkpoint_during": True, "strict_resume": True, "stream_resumable": True,
            "metadata": {"team": "blue"}, "on_completion": "keep"})
        assert done.status_code == 200 and done.json()["steps"] == ["mark:y", "done:y"]
        run = http.get(f"/threads/{thread}/runs").json()[0]
        assert run["metadata"]["team"] == "blue"
        # if_not_exists: create makes the thread, reject (the default) answers 404.
        fresh = str(uuid.uuid4())
        missing = http.post(f"/threads/{fresh}/runs/wait",
                            json={"assistant_id": GRAPH, "input": {"label": "n"}})
        assert missing.status_code == 404
        made = http.post(f"/threads/{fresh}/runs/wait",
                         json={"assistant_id": GRAPH, "input": {"label": "n"},
                               "if_not_exists": "create"})
        assert made.status_code == 200 and made.json()["steps"] == ["mark:n", "done:n"]


def test_queued_and_delayed_runs_survive_kill_9_and_run_exactly_once(
        database_url: str, servers: Servers, gates: Gates, tmp_path: Path) -> None:
    """A process killed with a run holding its thread, one queued behind it and one
    delayed: after a restart each runs once, in order, and no finished step is redone."""
    env = {"AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_GRAPHS": str(LIFECYCLE),
           "AGENTDESK_RUN_LEASE_SECONDS": "2"}
    gate = gates.closed("a")

    async def before(url: str) -> dict[str, Any]:
        client = get_client(url=url)
        thread = (await client.threads.create())["thread_id"]
        held = await client.runs.create(thread, GRAPH, input={"label": "A", "gate": gate})
        await holding(client, thread, "A")
        queued = await client.runs.create(thread, GRAPH, input={"label": "B", "gate": ""},
                                          multitask_strategy="enqueue")
        other = (await client.threads.create())["thread_id"]
        delayed = await client.runs.create(other, GRAPH, input={"label": "C"},
                                           after_seconds=3)
        assert queued["status"] == delayed["status"] == "pending"
        stateless = await client.runs.create(None, GRAPH, input={"label": "S", "gate": gate})
        await holding(client, stateless["thread_id"], "S")
        return {"thread": thread, "other": other, "runs": [held, queued, delayed],
                "stateless": stateless}

    async def after(url: str, seen: dict[str, Any]) -> None:
        client = get_client(url=url)
        gates.open(gate)
        held, queued, delayed = seen["runs"]
        await client.runs.join(seen["thread"], held["run_id"])
        await client.runs.join(seen["thread"], queued["run_id"])
        await client.runs.join(seen["other"], delayed["run_id"])
        assert await steps(client, seen["thread"]) == ["mark:A", "done:A", "mark:B", "done:B"]
        assert await steps(client, seen["other"]) == ["mark:C", "done:C"]
        for thread in (seen["thread"], seen["other"]):
            assert {r["status"] for r in await client.runs.list(thread)} == {"success"}

        async def stateless_gone() -> bool:  # it ended after the restart, then went
            try:
                await client.threads.get(seen["stateless"]["thread_id"])
            except httpx.HTTPStatusError as exc:
                return exc.response.status_code == 404
            return False
        await until(stateless_gone, "the stateless run's thread deleted")

    first = servers.process("serve", env=env, log=tmp_path / "first.log")
    seen = asyncio.run(before(first.url))
    first.kill()
    second = servers.process("serve", env=env, log=tmp_path / "second.log")
    asyncio.run(after(second.url, seen))


def test_a_run_queued_through_one_process_runs_after_the_run_of_another(
        database_url: str, servers: Servers, gates: Gates, tmp_path: Path) -> None:
    """Two processes on one PostgreSQL: the queue orders a thread's runs across them."""
    if not database_url.startswith("postgresql"):
        pytest.skip("separate processes share PostgreSQL")
    env = {"AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_GRAPHS": str(LIFECYCLE)}
    one = servers.process("serve", env=env, log=tmp_path / "one.log")
    two = servers.process("serve", env=env, log=tmp_path / "two.log")
    gate = gates.closed("a")

    async def scenario() -> None:
        first, second = get_client(url=one.url), get_client(url=two.url)
        thread = (await first.threads.create())["thread_id"]
        await first.runs.create(thread, GRAPH, input={"label": "A", "gate": gate})
        await holding(second, thread, "A")
        queued = [await second.runs.create(thread, GRAPH, input={"label": x, "gate": ""},
                                           multitask_strategy="enqueue") for x in "BC"]
        assert [r["status"] for r in queued] == ["pending", "pending"]
        gates.open(gate)
        await second.runs.join(thread, queued[1]["run_id"])
        assert await steps(first, thread) == ["mark:A", "done:A", "mark:B", "done:B",
                                              "mark:C", "done:C"]
    asyncio.run(scenario())


def test_join_stream_filters_modes_and_cancels_on_disconnect(served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        run = await client.runs.create(thread, GRAPH, input={"label": "A", "gate": ""},
                                       stream_mode=["values", "updates"])
        await client.runs.join(thread, run["run_id"])
        events = [p.event async for p in client.runs.join_stream(
            thread, run["run_id"], stream_mode="updates")]
        assert "updates" in events and "values" not in events, events
        everything = [p.event async for p in client.runs.join_stream(thread, run["run_id"])]
        assert "values" in everything
        held = await client.runs.create(thread, GRAPH,
                                        input={"label": "B", "gate": gates.closed("b")})
        await holding(client, thread, "B")
        async with aclosing(client.runs.join_stream(thread, held["run_id"],
                                                    cancel_on_disconnect=True)) as parts:
            async for _ in parts:
                break  # the client hangs up

        async def ended() -> str | None:
            status = (await client.runs.get(thread, held["run_id"]))["status"]
            return status if status not in ("pending", "running") else None
        assert await until(ended, "the joined run cancelled") == "interrupted"
    asyncio.run(scenario())


def test_wait_and_join_keep_the_connection_alive_while_the_run_holds(
        database_url: str, servers: Servers, gates: Gates) -> None:
    """A wait or join that takes longer than the ping interval sends newlines ahead of its
    JSON (as the Agent Server does, so proxies keep the connection); the SDK reads it."""
    server = servers.app(database_url=database_url, graphs=LIFECYCLE)
    server.server.config.app.state.wait_ping_seconds = 0.2

    async def scenario() -> None:
        client = get_client(url=server.url)
        thread = (await client.threads.create())["thread_id"]
        gate = gates.closed("k")
        run = await client.runs.create(thread, GRAPH, input={"label": "K", "gate": gate})
        await holding(client, thread, "K")
        body = b""
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http, http.stream(
                "GET", f"/threads/{thread}/runs/{run['run_id']}/join") as answer:
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("application/json")
            async for chunk in answer.aiter_bytes():
                if not body and chunk.strip() == b"":
                    gates.open(gate)  # a newline came while it held: let it end
                body += chunk
        assert body.startswith(b"\n") and body.lstrip() == body.strip()
        assert httpx.Response(200, content=body).json()["steps"] == ["mark:K", "done:K"]

        # The SDK's wait and join read the same answer.
        second = gates.closed("w")
        waited = asyncio.ensure_future(client.runs.wait(
            thread, GRAPH, input={"label": "W", "gate": second}))
        await holding(client, thread, "W")
        await asyncio.sleep(0.5)  # at least two pings go out before the run ends
        gates.open(second)
        assert (await waited)["steps"][-2:] == ["mark:W", "done:W"]
        last = (await client.runs.list(thread))[0]["run_id"]
        assert (await client.runs.join(thread, last))["steps"][-1] == "done:W"
    asyncio.run(scenario())


def test_deleting_a_thread_cancels_its_runs_first(served: str, gates: Gates) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = (await client.threads.create())["thread_id"]
        gate = gates.closed("d")
        await client.runs.create(thread, GRAPH, input={"label": "D", "gate": gate})
        await holding(client, thread, "D")
        queued = await client.runs.create(thread, GRAPH, input={"label": "E"},
                                          multitask_strategy="enqueue")
        await client.threads.delete(thread)
        for gone in (client.threads.get(thread), client.runs.get(thread, queued["run_id"])):
            with pytest.raises(httpx.HTTPStatusError) as missing:
                await gone
            assert missing.value.response.status_code == 404
        gates.open(gate)  # nothing is left to go on
        assert thread not in [t["thread_id"] for t in await client.threads.search(limit=100)]
    asyncio.run(scenario())
