"""Every public method of the official SDK's async client, each with its expected effect.

The same tests run on agentdesk (SQLite, PostgreSQL) and on ``langgraph dev``
(``AGENTDESK_CONFORMANCE_REFERENCE=1``): what passes on the reference is the Agent
Server's meaning, and agentdesk must mean the same. A test is named
``test_<resource>_<method>`` so ``python -m tests.conformance.parity`` can print
the table of methods.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from langgraph_sdk.errors import NotFoundError as SdkNotFound
from langgraph_sdk.schema import Command

from .conftest import Target

pytestmark = pytest.mark.timeout(120)


def _tag() -> str:
    return uuid.uuid4().hex[:10]


async def _paused(client: Any, topic: str = "lisbon", **meta: Any) -> tuple[str, dict[str, Any]]:
    """A new hitl thread run to its interrupt."""
    thread = await client.threads.create(metadata=meta or None)
    await client.runs.wait(thread["thread_id"], "hitl", input={"topic": topic})
    return thread["thread_id"], thread


async def _done_echo(client: Any, text: str = "hi", **meta: Any) -> str:
    thread = await client.threads.create(metadata=meta or None)
    await client.runs.wait(thread["thread_id"], "echo", input={"text": text})
    return str(thread["thread_id"])


async def _system(client: Any, graph_id: str) -> str:
    """The id of the assistant the server made for ``graph_id`` (some routes take ids only)."""
    found = await client.assistants.search(graph_id=graph_id, metadata={"created_by": "system"})
    assert len(found) == 1, found
    return str(found[0]["assistant_id"])


async def _status(client: Any, thread_id: str, run_id: str, want: set[str],
                  timeout: float = 30) -> dict[str, Any]:
    for _ in range(int(timeout / 0.1)):
        run = await client.runs.get(thread_id, run_id)
        if run["status"] in want:
            return dict(run)
        await asyncio.sleep(0.1)
    raise AssertionError(f"run {run_id} is {run['status']}, not one of {want}")


# -- assistants -------------------------------------------------------------------


def test_assistants_create(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        made = await client.assistants.create(
            "hitl", config={"recursion_limit": 40}, context={"greeting": "ahoy"},
            metadata={"tag": tag}, name=f"a-{tag}", description="made by a test")
        assert made["graph_id"] == "hitl" and made["name"] == f"a-{tag}"
        assert made["context"] == {"greeting": "ahoy"}
        assert made["config"]["recursion_limit"] == 40
        assert made["metadata"]["tag"] == tag and made["version"] == 1
        again = await client.assistants.create("hitl", assistant_id=made["assistant_id"],
                                               if_exists="do_nothing")
        assert again["assistant_id"] == made["assistant_id"] and again["name"] == f"a-{tag}"
        # A run on it runs with its context.
        thread = await client.threads.create()
        values = await client.runs.wait(thread["thread_id"], made["assistant_id"],
                                        input={"topic": "rome"})
        assert values["draft"] == "ahoy: a plan for rome"
    target.run(body)


def test_assistants_get(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.assistants.create("echo", name=f"g-{_tag()}")
        got = await client.assistants.get(made["assistant_id"])
        assert got["assistant_id"] == made["assistant_id"] and got["graph_id"] == "echo"
        with pytest.raises(SdkNotFound):
            await client.assistants.get(str(uuid.uuid4()))
    target.run(body)


def test_assistants_update(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.assistants.create("hitl", name=f"u-{_tag()}")
        updated = await client.assistants.update(made["assistant_id"],
                                                 context={"greeting": "hey"}, name="renamed")
        assert updated["version"] == 2 and updated["name"] == "renamed"
        thread = await client.threads.create()
        values = await client.runs.wait(thread["thread_id"], made["assistant_id"],
                                        input={"topic": "oslo"})
        assert values["draft"] == "hey: a plan for oslo"
    target.run(body)


def test_assistants_delete(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.assistants.create("echo")
        await client.assistants.delete(made["assistant_id"])
        with pytest.raises(SdkNotFound):
            await client.assistants.get(made["assistant_id"])
    target.run(body)


def test_assistants_search(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        for i in range(3):
            await client.assistants.create("echo", name=f"s{i}-{tag}", metadata={"tag": tag})
        found = await client.assistants.search(metadata={"tag": tag}, limit=2,
                                               sort_by="name", sort_order="asc")
        assert [a["name"] for a in found] == [f"s0-{tag}", f"s1-{tag}"]
        rest = await client.assistants.search(metadata={"tag": tag}, limit=2, offset=2,
                                              sort_by="name", sort_order="asc")
        assert [a["name"] for a in rest] == [f"s2-{tag}"]
        graphs = {a["graph_id"] for a in await client.assistants.search(graph_id="hitl")}
        assert graphs == {"hitl"}
    target.run(body)


def test_assistants_count(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        for _ in range(2):
            await client.assistants.create("echo", metadata={"tag": tag})
        assert await client.assistants.count(metadata={"tag": tag}) == 2
        assert await client.assistants.count(graph_id="echo") >= 3  # with the system one
    target.run(body)


def test_assistants_get_versions(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.assistants.create("echo", metadata={"v": 1})
        await client.assistants.update(made["assistant_id"], metadata={"v": 2})
        versions = await client.assistants.get_versions(made["assistant_id"])
        assert sorted(v["version"] for v in versions) == [1, 2]
    target.run(body)


def test_assistants_set_latest(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.assistants.create("hitl", context={"greeting": "one"})
        await client.assistants.update(made["assistant_id"], context={"greeting": "two"})
        back = await client.assistants.set_latest(made["assistant_id"], 1)
        assert back["version"] == 1 and back["context"] == {"greeting": "one"}
        assert (await client.assistants.get(made["assistant_id"]))["version"] == 1
    target.run(body)


def test_assistants_get_graph(target: Target) -> None:
    async def body(client: Any) -> None:
        graph = await client.assistants.get_graph(await _system(client, "hitl"))
        ids = {n["id"] for n in graph["nodes"]}
        assert {"draft", "review", "finish"} <= ids
        assert {"source": "draft", "target": "review"}.items() <= next(
            e for e in graph["edges"] if e["source"] == "draft").items()
        deep = await client.assistants.get_graph(await _system(client, "echo"), xray=True)
        assert any("shout" in n["id"] for n in deep["nodes"])
    target.run(body)


def test_assistants_get_schemas(target: Target) -> None:
    async def body(client: Any) -> None:
        schemas = await client.assistants.get_schemas(await _system(client, "hitl"))
        assert schemas["graph_id"] == "hitl"
        assert "topic" in schemas["input_schema"]["properties"]
        assert "result" in schemas["output_schema"]["properties"]
        assert "draft" in schemas["state_schema"]["properties"]
        assert "greeting" in schemas["context_schema"]["properties"]
    target.run(body)


def test_assistants_get_subgraphs(target: Target) -> None:
    async def body(client: Any) -> None:
        subgraphs = await client.assistants.get_subgraphs(await _system(client, "echo"))
        assert "inner" in subgraphs
        assert "text" in subgraphs["inner"]["input_schema"]["properties"]
    target.run(body)


# -- threads ----------------------------------------------------------------------


def test_threads_create(target: Target) -> None:
    async def body(client: Any) -> None:
        wanted = str(uuid.uuid4())
        made = await client.threads.create(thread_id=wanted, metadata={"k": "v"})
        assert made["thread_id"] == wanted and made["status"] == "idle"
        assert made["metadata"]["k"] == "v"
        same = await client.threads.create(thread_id=wanted, if_exists="do_nothing")
        assert same["thread_id"] == wanted
        with pytest.raises(Exception) as refused:
            await client.threads.create(thread_id=wanted)
        assert getattr(refused.value, "status_code", None) == 409 or "409" in str(refused.value)
    target.run(body)


def test_threads_get(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        got = await client.threads.get(thread_id)
        assert got["status"] == "interrupted"
        assert got["values"]["draft"] == "hello: a plan for lisbon"
        with pytest.raises(SdkNotFound):
            await client.threads.get(str(uuid.uuid4()))
    target.run(body)


def test_threads_update(target: Target) -> None:
    async def body(client: Any) -> None:
        made = await client.threads.create(metadata={"a": 1})
        updated = await client.threads.update(made["thread_id"], metadata={"b": 2})
        assert updated["metadata"]["a"] == 1 and updated["metadata"]["b"] == 2
    target.run(body)


def test_threads_delete(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id = await _done_echo(client)
        await client.threads.delete(thread_id)
        with pytest.raises(SdkNotFound):
            await client.threads.get(thread_id)
    target.run(body)


def test_threads_search(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        ids = [await _done_echo(client, text=f"t{i}", tag=tag) for i in range(3)]
        paused, _ = await _paused(client, tag=tag)
        newest_first = await client.threads.search(metadata={"tag": tag})
        assert [t["thread_id"] for t in newest_first] == [paused, *reversed(ids)]
        oldest_first = await client.threads.search(metadata={"tag": tag}, sort_by="created_at",
                                                   sort_order="asc", limit=2)
        assert [t["thread_id"] for t in oldest_first] == ids[:2]
        interrupted = await client.threads.search(metadata={"tag": tag}, status="interrupted")
        assert [t["thread_id"] for t in interrupted] == [paused]
        by_value = await client.threads.search(metadata={"tag": tag}, values={"text": "t1"})
        assert [t["thread_id"] for t in by_value] == [ids[1]]
        slim = await client.threads.search(metadata={"tag": tag}, select=["thread_id", "status"],
                                           limit=1)
        assert set(slim[0]) == {"thread_id", "status"}
    target.run(body)


def test_threads_count(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        for _ in range(2):
            await _done_echo(client, tag=tag)
        await _paused(client, tag=tag)
        assert await client.threads.count(metadata={"tag": tag}) == 3
        assert await client.threads.count(metadata={"tag": tag}, status="interrupted") == 1
    target.run(body)


def test_threads_copy(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client, topic="madrid")
        copy = await client.threads.copy(thread_id)
        assert copy["thread_id"] != thread_id
        state = await client.threads.get_state(copy["thread_id"])
        assert state["values"]["draft"] == "hello: a plan for madrid"
        assert state["next"] == ["review"]
        # The copy goes on by itself; the original still waits.
        await client.runs.wait(copy["thread_id"], "hitl",
                               command=Command(resume={"approve": True}))
        assert (await client.threads.get(thread_id))["status"] == "interrupted"
    target.run(body)


def test_threads_prune(target: Target) -> None:
    async def body(client: Any) -> None:
        gone = await _done_echo(client)
        kept = await _done_echo(client)
        await client.threads.prune([gone], strategy="delete")
        with pytest.raises(SdkNotFound):
            await client.threads.get(gone)
        assert (await client.threads.get(kept))["thread_id"] == kept
    target.run(body)


def test_threads_get_state(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        state = await client.threads.get_state(thread_id)
        assert state["next"] == ["review"]
        assert state["tasks"][0]["interrupts"][0]["value"]["question"] == "approve this draft?"
        history = await client.threads.get_history(thread_id, limit=10)
        early = next(h for h in history if h["next"] == ["draft"])
        then = await client.threads.get_state(thread_id,
                                              checkpoint_id=early["checkpoint"]["checkpoint_id"])
        assert then["next"] == ["draft"] and "draft" not in then["values"]
    target.run(body)


def test_threads_update_state(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        written = await client.threads.update_state(thread_id, {"draft": "edited"},
                                                    as_node="draft")
        assert written["checkpoint"]["checkpoint_id"]
        state = await client.threads.get_state(thread_id)
        assert state["values"]["draft"] == "edited"
        assert state["checkpoint"]["checkpoint_id"] == written["checkpoint"]["checkpoint_id"]
    target.run(body)


def test_threads_get_history(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        history = await client.threads.get_history(thread_id)
        assert history[0]["next"] == ["review"]  # newest first
        assert len(history) >= 3
        two = await client.threads.get_history(thread_id, limit=2)
        assert [h["checkpoint"] for h in two] == [h["checkpoint"] for h in history[:2]]
        inputs = await client.threads.get_history(thread_id, metadata={"source": "input"})
        assert inputs and all(h["metadata"]["source"] == "input" for h in inputs)
    target.run(body)


def test_threads_get_history_before(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        history = await client.threads.get_history(thread_id)
        older = await client.threads.get_history(thread_id, before=history[0]["checkpoint"])
        assert [h["checkpoint"] for h in older] == [h["checkpoint"] for h in history[1:]]
    target.run(body)


def test_threads_join_stream(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        run = await client.runs.create(thread_id, "echo", input={"text": "x", "sleep": 1.0},
                                       stream_mode=["values"])
        events = []
        async for part in await client.threads.join_stream(thread_id):
            events.append(part)
            if part.event == "values" and part.data.get("count") == 1:
                break
        assert any(p.event == "values" and p.data.get("count") == 1 for p in events)
        await client.runs.join(thread_id, run["run_id"])
    target.run(body)


# -- runs -------------------------------------------------------------------------


def test_runs_create(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "echo", input={"text": "bg"},
                                       metadata={"who": "test"})
        assert run["status"] in ("pending", "running") and run["metadata"]["who"] == "test"
        await client.runs.join(thread["thread_id"], run["run_id"])
        done = await _status(client, thread["thread_id"], run["run_id"], {"success"})
        assert done["run_id"] == run["run_id"]
        # Stateless: its thread goes when it ends (on_completion defaults to delete).
        stateless = await client.runs.create(None, "echo", input={"text": "no thread"})
        for _ in range(300):
            try:
                await client.threads.get(stateless["thread_id"])
            except SdkNotFound:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("a stateless run's thread outlived the run")
    target.run(body)


def test_runs_create_batch(target: Target) -> None:
    async def body(client: Any) -> None:
        # Stateless runs, each on a thread of its own (kept, to read it).
        made = await client.runs.create_batch(
            [{"assistant_id": "echo", "input": {"text": f"b{i}"}, "on_completion": "keep"}
             for i in range(2)])
        assert len(made) == 2 and made[0]["thread_id"] != made[1]["thread_id"]
        for i, run in enumerate(made):
            await client.runs.join(run["thread_id"], run["run_id"])
            state = await client.threads.get_state(run["thread_id"])
            assert state["values"]["seen"] == [f"B{i}"]
    target.run(body)


def test_runs_stream(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        seen: dict[str, list[Any]] = {}
        async for part in client.runs.stream(thread["thread_id"], "echo", input={"text": "s"},
                                             stream_mode=["values", "updates", "tasks",
                                                          "checkpoints"],
                                             stream_subgraphs=True):
            seen.setdefault(part.event.split("|")[0], []).append(part)
        assert {"metadata", "values", "updates", "tasks", "checkpoints"} <= set(seen)
        assert seen["values"][-1].data["count"] == 1
        assert any("|" in p.event for p in seen["updates"])  # the subgraph's own updates
    target.run(body)


def test_runs_wait(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        values = await client.runs.wait(thread_id, "hitl",
                                        command=Command(resume={"approve": True}))
        assert values["result"] == "hello: a plan for lisbon: approved"
        assert values["finished"] == 1
        stateless = await client.runs.wait(None, "echo", input={"text": "w"})
        assert stateless["count"] == 1
        tuned = await client.runs.wait(None, "hitl", input={"topic": "x"},
                                       context={"greeting": "yo"})
        assert tuned["draft"] == "yo: a plan for x"
    target.run(body)


def test_runs_list(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client)
        await client.runs.wait(thread_id, "hitl", command=Command(resume={"approve": False}))
        runs = await client.runs.list(thread_id)
        assert len(runs) == 2 and all(r["status"] == "success" for r in runs)
        assert runs[0]["created_at"] >= runs[1]["created_at"]  # newest first
    target.run(body)


def test_runs_get(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "echo", input={"text": "g"})
        got = await client.runs.get(thread["thread_id"], run["run_id"])
        assert got["run_id"] == run["run_id"] and got["thread_id"] == thread["thread_id"]
        await client.runs.join(thread["thread_id"], run["run_id"])
        with pytest.raises(SdkNotFound):
            await client.runs.get(thread["thread_id"], str(uuid.uuid4()))
    target.run(body)


def test_runs_cancel(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "echo",
                                       input={"text": "c", "sleep": 30})
        await _status(client, thread["thread_id"], run["run_id"], {"running"})
        await client.runs.cancel(thread["thread_id"], run["run_id"], wait=True)
        done = await client.runs.get(thread["thread_id"], run["run_id"])
        assert done["status"] == "interrupted"
        state = await client.threads.get_state(thread["thread_id"])
        assert state["values"].get("count", 0) == 0  # it never reached the count step
    target.run(body)


def test_runs_cancel_many(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        first = await client.runs.create(thread["thread_id"], "echo",
                                         input={"text": "1", "sleep": 30})
        second = await client.runs.create(thread["thread_id"], "echo", input={"text": "2"},
                                          multitask_strategy="enqueue")
        assert second["status"] == "pending"
        await _status(client, thread["thread_id"], first["run_id"], {"running"})
        await client.runs.cancel_many(thread_id=thread["thread_id"],
                                      run_ids=[first["run_id"], second["run_id"]])
        for run in (first, second):
            await _status(client, thread["thread_id"], run["run_id"], {"interrupted"})
    target.run(body)


def test_runs_join(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "hitl", input={"topic": "j"})
        values = await client.runs.join(thread["thread_id"], run["run_id"])
        assert values["draft"] == "hello: a plan for j"
        assert values["__interrupt__"][0]["value"]["question"] == "approve this draft?"
    target.run(body)


def test_runs_join_stream(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "echo", input={"text": "js"},
                                       stream_mode=["values"])
        parts = [p async for p in client.runs.join_stream(thread["thread_id"], run["run_id"])]
        values = [p.data for p in parts if p.event == "values"]
        assert values and values[-1]["count"] == 1
    target.run(body)


def test_runs_delete(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "echo", input={"text": "d"})
        await client.runs.join(thread["thread_id"], run["run_id"])
        await client.runs.delete(thread["thread_id"], run["run_id"])
        with pytest.raises(SdkNotFound):
            await client.runs.get(thread["thread_id"], run["run_id"])
    target.run(body)


def test_runs_multitask_interrupt(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        slow = await client.runs.create(thread["thread_id"], "echo",
                                        input={"text": "slow", "sleep": 30})
        await _status(client, thread["thread_id"], slow["run_id"], {"running"})
        fast = await client.runs.create(thread["thread_id"], "echo", input={"text": "fast"},
                                        multitask_strategy="interrupt")
        await client.runs.join(thread["thread_id"], fast["run_id"])
        assert (await client.runs.get(thread["thread_id"], slow["run_id"]))["status"] == \
            "interrupted"
        assert (await client.threads.get_state(thread["thread_id"]))["values"]["count"] == 1
    target.run(body)


def test_runs_multitask_rollback(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        slow = await client.runs.create(thread["thread_id"], "echo",
                                        input={"text": "slow", "sleep": 30})
        await _status(client, thread["thread_id"], slow["run_id"], {"running"})
        fast = await client.runs.create(thread["thread_id"], "echo", input={"text": "fast"},
                                        multitask_strategy="rollback")
        await client.runs.join(thread["thread_id"], fast["run_id"])
        with pytest.raises(SdkNotFound):
            await client.runs.get(thread["thread_id"], slow["run_id"])
        state = await client.threads.get_state(thread["thread_id"])
        assert state["values"]["seen"] == ["FAST"]
    target.run(body)


def test_runs_time_travel(target: Target) -> None:
    async def body(client: Any) -> None:
        thread_id, _ = await _paused(client, topic="first")
        history = await client.threads.get_history(thread_id)
        before_draft = next(h for h in history if h["next"] == ["draft"])
        forked = await client.runs.wait(thread_id, "hitl", input=None,
                                        checkpoint_id=before_draft["checkpoint"]["checkpoint_id"],
                                        context={"greeting": "again"})
        assert forked["draft"] == "again: a plan for first"
    target.run(body)


def test_runs_interrupt_before(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        await client.runs.wait(thread["thread_id"], "echo", input={"text": "ib"},
                               interrupt_before=["count"])
        state = await client.threads.get_state(thread["thread_id"])
        assert state["next"] == ["count"] and state["values"].get("count", 0) == 0
        await client.runs.wait(thread["thread_id"], "echo", input=None)
        assert (await client.threads.get_state(thread["thread_id"]))["values"]["count"] == 1
    target.run(body)


# -- crons ------------------------------------------------------------------------


def test_crons_create(target: Target) -> None:
    async def body(client: Any) -> None:
        cron = await client.crons.create("echo", schedule="0 3 * * *", input={"text": "c"})
        assert cron["cron_id"] and cron["schedule"] == "0 3 * * *"
        await client.crons.delete(cron["cron_id"])
    target.run(body)


def test_crons_create_for_thread(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        cron = await client.crons.create_for_thread(thread["thread_id"], "echo",
                                                    schedule="*/5 * * * *", input={"text": "t"})
        assert cron["thread_id"] == thread["thread_id"]
        await client.crons.delete(cron["cron_id"])
    target.run(body)


def test_crons_search(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        cron = await client.crons.create_for_thread(thread["thread_id"], "echo",
                                                    schedule="0 4 * * *", input={"text": "s"})
        found = await client.crons.search(thread_id=thread["thread_id"])
        assert [c["cron_id"] for c in found] == [cron["cron_id"]]
        await client.crons.delete(cron["cron_id"])
    target.run(body)


def test_crons_count(target: Target) -> None:
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        cron = await client.crons.create_for_thread(thread["thread_id"], "echo",
                                                    schedule="0 5 * * *", input={"text": "n"})
        assert await client.crons.count(thread_id=thread["thread_id"]) == 1
        await client.crons.delete(cron["cron_id"])
        assert await client.crons.count(thread_id=thread["thread_id"]) == 0
    target.run(body)


def test_crons_update(target: Target) -> None:
    async def body(client: Any) -> None:
        cron = await client.crons.create("echo", schedule="0 6 * * *", input={"text": "u"})
        updated = await client.crons.update(cron["cron_id"], schedule="0 7 * * *")
        assert updated["schedule"] == "0 7 * * *"
        await client.crons.delete(cron["cron_id"])
    target.run(body)


def test_crons_delete(target: Target) -> None:
    async def body(client: Any) -> None:
        cron = await client.crons.create("echo", schedule="0 8 * * *", input={"text": "d"})
        await client.crons.delete(cron["cron_id"])
        assert cron["cron_id"] not in [c["cron_id"] for c in await client.crons.search()]
    target.run(body)


# -- store ------------------------------------------------------------------------


def test_store_put_item(target: Target) -> None:
    async def body(client: Any) -> None:
        ns = ["conf", _tag()]
        await client.store.put_item(ns, "k", {"n": 1})
        await client.store.put_item(ns, "k", {"n": 2})
        assert (await client.store.get_item(ns, "k"))["value"] == {"n": 2}
    target.run(body)


def test_store_get_item(target: Target) -> None:
    async def body(client: Any) -> None:
        ns = ["conf", _tag()]
        await client.store.put_item(ns, "k", {"n": 1})
        item = await client.store.get_item(ns, "k")
        assert item["key"] == "k" and item["namespace"] == ns and item["value"] == {"n": 1}
    target.run(body)


def test_store_delete_item(target: Target) -> None:
    async def body(client: Any) -> None:
        ns = ["conf", _tag()]
        await client.store.put_item(ns, "k", {"n": 1})
        await client.store.delete_item(ns, "k")
        try:
            gone = await client.store.get_item(ns, "k")
        except SdkNotFound:
            gone = None
        assert gone is None
    target.run(body)


def test_store_search_items(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        for i in range(3):
            await client.store.put_item(["conf", tag, "s"], f"k{i}", {"n": i, "even": i % 2 == 0})
        found = await client.store.search_items(["conf", tag], filter={"even": True})
        assert sorted(i["key"] for i in found["items"]) == ["k0", "k2"]
        page = await client.store.search_items(["conf", tag], limit=1)
        assert len(page["items"]) == 1
    target.run(body)


def test_store_list_namespaces(target: Target) -> None:
    async def body(client: Any) -> None:
        tag = _tag()
        await client.store.put_item(["conf", tag, "a"], "k", {"n": 1})
        await client.store.put_item(["conf", tag, "b"], "k", {"n": 1})
        found = await client.store.list_namespaces(prefix=["conf", tag])
        assert sorted(map(tuple, found["namespaces"])) == [("conf", tag, "a"), ("conf", tag, "b")]
    target.run(body)
