"""What a run asks of its graph reaches the graph: config, context, checkpoints, breakpoints,
subgraph streaming, the ``tasks``/``checkpoints`` stream modes, and factories called per run.

Driven with the official ``langgraph_sdk`` client against a real server on loopback,
serving ``tests/graphs/options`` (a graph written without agentdesk in mind), on
SQLite and PostgreSQL. Each option is shown by what the graph did: the ``steps``
its nodes appended, the values they computed, the checkpoints they left.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from .crash_harness import Cluster, cluster_fixture, sdk, until  # noqa: F401
from .servers import Servers

OPTIONS = Path(__file__).parent / "graphs" / "options" / "langgraph.json"
FULL = ["greet", "configured", "finish"]


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    """A real server on loopback serving the built-in agents and the options graphs."""
    server = servers.app(database_url=database_url, graphs=OPTIONS, ping_seconds=0.3)
    yield server.url
    server.stop()


def _run(scenario: Any) -> None:
    asyncio.run(scenario)


async def _thread(client: LangGraphClient) -> str:
    return str((await client.threads.create())["thread_id"])


def test_context_is_built_from_the_schema_defaults_and_the_runs_values(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await _thread(client)
        plain = await client.runs.wait(thread, "options", input={"topic": "otters"})
        assert plain["greeting"] == "hello otters." and plain["steps"] == FULL
        given = await client.runs.wait(thread, "options", input={"topic": "owls"},
                                       context={"greeting": "hey"})
        assert given["greeting"] == "hey owls."  # the other field keeps its default
        # configurable stands in for the context (only the schema's keys) and reaches config.
        other = await _thread(client)
        configured = await client.runs.wait(
            other, "options", input={"topic": "bats"},
            config={"configurable": {"greeting": "yo", "flavour": "mint"},
                    "metadata": {"requested_by": "tests"}})
        assert configured["greeting"] == "yo bats." and configured["flavour"] == "mint"
        # config.metadata is in the metadata of every checkpoint the run wrote.
        history = await client.threads.get_history(other, limit=100)
        assert history and all(h["metadata"]["requested_by"] == "tests" for h in history)
        # Recorded with the run: what it asked for is what it ran with.
        runs = await client.runs.list(thread)
        assert len(runs) == 2
    _run(scenario())


def test_bad_options_are_refused_naming_the_field_and_leave_no_run(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await _thread(client)
        await client.runs.wait(thread, "options", input={"topic": "otters"})
        before = len(await client.threads.get_history(thread, limit=100))
        refused: list[tuple[dict[str, Any], int, str]] = [
            ({"context": {"colour": "red"}}, 422, "context.colour"),
            ({"context": {"greeting": ["not", "text"]}}, 422, "context.greeting"),
            ({"interrupt_before": ["nowhere"]}, 422, "interrupt_before"),
            ({"interrupt_after": ["greet", "nowhere"]}, 422, "interrupt_after"),
            ({"checkpoint_id": "1f0aaaaa-0000-6000-8000-000000000000"}, 404, "checkpoint_id"),
            ({"config": {"configurable": {"thread_id": "another"}}}, 422,
             "config.configurable.thread_id"),
            ({"config": {"callbacks": []}}, 422, "config.callbacks"),
            ({"config": {"recursion_limit": 0}}, 422, "config.recursion_limit"),
            ({"config": {"metadata": {"step": 3}}}, 422, "config.metadata.step"),
            ({"config": {"configurable": {"greeting": "a"}}, "context": {"greeting": "b"}},
             422, "context"),
            ({"checkpoint": {"checkpoint_ns": "child:1", "checkpoint_id": "x"}}, 422,
             "checkpoint.checkpoint_ns"),
        ]
        for fields, status, field in refused:
            with pytest.raises(httpx.HTTPStatusError) as error:
                await client.runs.create(thread, "options", input={"topic": "x"}, **fields)
            assert error.value.response.status_code == status, fields
            assert field in error.value.response.json()["detail"], (fields, error.value.response.text)
        # A built-in agent reads no context of the caller's.
        with pytest.raises(httpx.HTTPStatusError) as error:
            await client.runs.create(await _thread(client), "trip", input={"messages": "hi"},
                                     context={"model": "x"})
        assert error.value.response.status_code == 422
        assert error.value.response.json()["detail"].startswith("context")
        assert len(await client.runs.list(thread)) == 1
        assert len(await client.threads.get_history(thread, limit=100)) == before
        assert (await client.threads.get(thread))["status"] == "idle"
    _run(scenario())


def test_interrupt_before_pauses_the_run_and_a_run_without_input_goes_on(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await _thread(client)
        paused = await client.runs.wait(thread, "options", input={"topic": "otters"},
                                        interrupt_before=["configured"])
        assert paused["steps"] == ["greet"]
        state = await client.threads.get_state(thread)
        assert state["next"] == ["configured"]
        assert (await client.threads.get(thread))["status"] == "interrupted"
        assert (await client.runs.list(thread))[0]["status"] == "success"
        done = await client.runs.wait(thread, "options", input=None)
        assert done["steps"] == FULL
        assert (await client.threads.get(thread))["status"] == "idle"
        # "*": after every node of the graph.
        other = await _thread(client)
        first = await client.runs.wait(other, "options", input={"topic": "owls"},
                                       interrupt_after="*")
        assert first["steps"] == ["greet"]
        assert (await client.threads.get_state(other))["next"] == ["configured"]
    _run(scenario())


def test_a_run_from_a_past_checkpoint_forks_or_replays_and_keeps_the_old_branch(
        served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        thread = await _thread(client)
        first = await client.runs.wait(thread, "options", input={"topic": "otters"})
        assert first["steps"] == FULL
        history = await client.threads.get_history(thread, limit=100)
        old_head = history[0]["checkpoint"]["checkpoint_id"]
        after_greet = next(h for h in history if h["next"] == ["configured"])
        fork_at = after_greet["checkpoint"]["checkpoint_id"]

        forked = await client.runs.wait(thread, "options", input={"topic": "owls"},
                                        checkpoint_id=fork_at)
        # The fork starts at that checkpoint: its state, then the input, then the graph.
        assert forked["steps"] == ["greet", *FULL] and forked["inner"] == "inner saw owls"
        history = await client.threads.get_history(thread, limit=100)
        by_id = {h["checkpoint"]["checkpoint_id"]: h for h in history}
        assert old_head in by_id and by_id[old_head]["values"]["inner"] == "inner saw otters"
        chain, at = [], history[0]
        while at["parent_checkpoint"]:
            chain.append(at["checkpoint"]["checkpoint_id"])
            at = by_id[at["parent_checkpoint"]["checkpoint_id"]]
        assert fork_at in chain and old_head not in chain

        # No input: replay from the checkpoint (the `checkpoint` form the SDK also sends).
        replayed = await client.runs.wait(thread, "options", input=None,
                                          checkpoint=after_greet["checkpoint"])
        assert replayed["steps"] == FULL and replayed["inner"] == "inner saw otters"
        assert len(await client.runs.list(thread)) == 3
    _run(scenario())


def test_subgraph_events_are_namespaced_when_asked_for(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        events = {}
        for subgraphs in (False, True):
            parts = [p async for p in client.runs.stream(
                await _thread(client), "options", input={"topic": "otters"},
                stream_mode=["updates"], stream_subgraphs=subgraphs)]
            events[subgraphs] = [p.event for p in parts]
            nested = [p for p in parts if p.event.startswith("updates|child:")]
            if subgraphs:
                assert [p.data for p in nested] == [{"inner": {"inner": "inner saw otters"}}]
        assert not any("|" in e for e in events[False])
        assert events[True].count("updates") == events[False].count("updates") == 4
        # Through the astream_events feed too (stream mode "events").
        parts = [p async for p in client.runs.stream(
            await _thread(client), "options", input={"topic": "owls"},
            stream_mode=["updates", "events"], stream_subgraphs=True)]
        assert [p.data for p in parts if p.event.startswith("updates|child:")] == [
            {"inner": {"inner": "inner saw owls"}}]
        assert any(p.event == "events" and p.data["event"] == "on_chain_start" for p in parts)
    _run(scenario())


def test_tasks_and_checkpoints_stream_modes(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        parts = [p async for p in client.runs.stream(
            await _thread(client), "options", input={"topic": "otters"},
            stream_mode=["tasks", "checkpoints"])]
        tasks = [p.data for p in parts if p.event == "tasks"]
        started = [t["name"] for t in tasks if "input" in t]
        ended = {t["name"]: t["result"] for t in tasks if "result" in t}
        assert started == ["greet", "configured", "child", "finish"]
        assert ended["greet"]["greeting"] == "hello otters."
        checkpoints = [p.data for p in parts if p.event == "checkpoints"]
        assert checkpoints[-1]["values"]["steps"] == FULL and checkpoints[-1]["next"] == []
        assert checkpoints[0]["next"] == ["__start__"]
    _run(scenario())


def test_a_two_argument_factory_is_called_for_each_run_with_its_config(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        for greeting in (None, "hey"):
            thread = await _thread(client)
            done = await client.runs.wait(
                thread, "options_factory", input={"topic": "otters"},
                **({"context": {"greeting": greeting}} if greeting else {}))
            assert done["steps"] == FULL
            assert done["made_for"] == f"{thread}/threads.create_run/{greeting or '-'}"
        thread = await _thread(client)
        done = await client.runs.wait(thread, "options_managed", input={"topic": "otters"})
        assert done["made_for"] == f"{thread}/managed" and done["steps"] == FULL
    _run(scenario())


GATED = '''
import operator
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from typing_extensions import TypedDict

HERE = Path(__file__).parent


@dataclass
class Context:
    label: str = "default"


class State(TypedDict, total=False):
    label: str
    steps: Annotated[list, operator.add]


def hold(state: State, runtime: Runtime[Context]) -> dict:
    (HERE / "holding").touch()
    while not (HERE / "gate").exists():  # held here while the test kills the server
        time.sleep(0.05)
    return {"steps": ["hold"], "label": runtime.context.label}


builder = StateGraph(State, context_schema=Context)
builder.add_node("a", lambda state: {"steps": ["a"]})
builder.add_node("hold", hold)
builder.add_node("b", lambda state: {"steps": ["b"]})
builder.add_node("c", lambda state: {"steps": ["c"]})
builder.add_edge(START, "a")
builder.add_edge("a", "hold")
builder.add_edge("hold", "b")
builder.add_edge("b", "c")
builder.add_edge("c", END)
graph = builder.compile()
'''


def test_a_killed_runs_options_hold_for_the_attempt_that_takes_it_over(
        cluster: Cluster, tmp_path: Path) -> None:
    """Recorded with the run: another server replays from the same checkpoint, with the
    same context and breakpoint, after the first is killed with SIGKILL mid-step."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "graph.py").write_text(GATED)
    config = app / "langgraph.json"
    config.write_text(json.dumps({"graphs": {"gated": "./graph.py:graph"}}))
    (app / "gate").touch()
    first = cluster.start("serve", "--config", str(config))

    async def whole_then_replay(client: Any) -> tuple[str, str]:
        thread = str((await client.threads.create())["thread_id"])
        done = await client.runs.wait(thread, "gated", input={})
        assert done["steps"] == ["a", "hold", "b", "c"] and done["label"] == "default"
        history = await client.threads.get_history(thread, limit=100)
        after_a = next(h for h in history if h["next"] == ["hold"])
        (app / "gate").unlink()
        run = await client.runs.create(
            thread, "gated", input=None, checkpoint_id=after_a["checkpoint"]["checkpoint_id"],
            context={"label": "replayed"}, interrupt_before=["c"])
        return thread, run["run_id"]

    thread, run_id = sdk(whole_then_replay, first.url)
    until(lambda: (app / "holding").exists(), 60, "the hold step to start")
    first.kill()  # SIGKILL in the middle of the replay's hold step
    (app / "gate").touch()
    second = cluster.start("serve", "--config", str(config))

    def paused() -> Any:
        return cluster.run_row(run_id)["status"] == "interrupted"

    until(paused, 90, "the run to be taken over and reach its breakpoint")
    assert cluster.run_row(run_id)["attempt"] == 2

    async def state(client: Any) -> Any:
        return await client.threads.get_state(thread)

    now = sdk(state, second.url)
    # From the checkpoint after "a", with the run's context, stopped before "c".
    assert now["values"] == {"steps": ["a", "hold", "b"], "label": "replayed"}
    assert now["next"] == ["c"]


FACTORIES = '''
from langgraph.graph import START, StateGraph
from langgraph_sdk.runtime import ServerRuntime
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    seen: str


def build(seen):
    builder = StateGraph(State)
    builder.add_node("stamp", lambda state: {"seen": seen})
    builder.add_edge(START, "stamp")
    return builder


def runtime_only(runtime: ServerRuntime):
    return build(runtime.access_context)


async def runtime_first(runtime: ServerRuntime, config):
    return build(f"{runtime.access_context}:{config['configurable'].get('thread_id')}")


def unannotated(config, runtime):
    return build(f"{config['configurable'].get('thread_id')}:{runtime.access_context}")


def three(a, b, c):
    return build("never")
'''


@pytest.mark.parametrize(("variable", "seen"), [
    ("runtime_only", "threads.create_run"), ("runtime_first", "threads.create_run:t-1"),
    ("unannotated", "t-1:threads.create_run")])
def test_factory_signatures_are_told_apart_as_langgraph_api_does(
        variable: str, seen: str, tmp_path: Path) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from agentdesk.runtime.graphs import load_graphs

    (tmp_path / "graph.py").write_text(FACTORIES)
    (tmp_path / "langgraph.json").write_text(json.dumps(
        {"graphs": {"made": f"./graph.py:{variable}"}}))

    async def scenario() -> dict[str, Any]:
        [spec] = await load_graphs(tmp_path / "langgraph.json")
        assert spec.run_graph is not None
        config = {"configurable": {"thread_id": "t-1"}}
        async with spec.run_graph(config, None, InMemorySaver()) as graph:
            return dict(await graph.ainvoke({}, config))

    assert asyncio.run(scenario()) == {"seen": seen}


def test_a_factory_of_three_arguments_is_refused_at_startup(tmp_path: Path) -> None:
    from agentdesk.errors import ConfigError
    from agentdesk.runtime.graphs import load_graphs

    (tmp_path / "graph.py").write_text(FACTORIES)
    (tmp_path / "langgraph.json").write_text(json.dumps(
        {"graphs": {"made": "./graph.py:three"}}))
    with pytest.raises(ConfigError, match="three takes more than two arguments"):
        asyncio.run(load_graphs(tmp_path / "langgraph.json"))
