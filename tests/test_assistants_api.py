"""Assistants through the official SDK against a real server, on SQLite and PostgreSQL.

The served graph (``tests/graphs/ctx``) has a context schema, an output schema and
a subgraph; the built-in agents stay as system assistants beside it.
"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client

from agentdesk.errors import InputError
from agentdesk.runtime.assistants import merged_options, system_assistant_id

from .servers import Servers

CTX = Path(__file__).parent / "graphs" / "ctx" / "langgraph.json"


def _status(exc: pytest.ExceptionInfo[httpx.HTTPStatusError]) -> int:
    return exc.value.response.status_code


# -- the merge rule --------------------------------------------------------------------


def test_a_runs_config_and_context_go_over_its_assistants() -> None:
    config, context = merged_options(
        {"recursion_limit": 5, "tags": ["a"], "configurable": {"model": "big", "tone": "dry"}},
        {"model": "big", "tone": "dry"},
        {"tags": ["run"]}, {"tone": "warm"})
    assert config == {"recursion_limit": 5, "tags": ["run"],
                      "configurable": {"model": "big", "tone": "warm"}}
    assert context == {"model": "big", "tone": "warm"}
    # configurable given instead of context stands for it, and the other way round.
    config, context = merged_options({}, {"model": "big"}, {"configurable": {"tone": "x"}}, None)
    assert config == {"configurable": {"tone": "x"}} and context == {"model": "big", "tone": "x"}
    assert merged_options(None, None, None, None) == ({"configurable": {}}, {})
    with pytest.raises(InputError) as both:
        merged_options({}, {}, {"configurable": {"a": 1}}, {"a": 2})
    assert both.value.details["field"] == "context"


# -- the API ---------------------------------------------------------------------------


@pytest.fixture
def served(database_url: str, servers: Servers) -> str:
    return servers.app(database_url=database_url, graphs=CTX, ping_seconds=0.3).url


def test_create_update_versions_latest_and_delete(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        before = await client.assistants.count()
        made = await client.assistants.create(
            "ctx", context={"model": "big"}, metadata={"team": {"name": "red"}, "n": 1},
            name="Big answers", description="uses the big model")
        aid = made["assistant_id"]
        assert uuid.UUID(aid) and made["version"] == 1 and made["graph_id"] == "ctx"
        assert made["context"] == {"model": "big"}
        assert made["config"] == {"configurable": {"model": "big"}}  # kept in step
        assert await client.assistants.count() == before + 1
        assert (await client.assistants.get(aid))["name"] == "Big answers"

        changed = await client.assistants.update(aid, context={"model": "huge"},
                                                 metadata={"n": 2, "extra": True})
        assert changed["version"] == 2 and changed["context"] == {"model": "huge"}
        assert changed["metadata"] == {"team": {"name": "red"}, "n": 2, "extra": True}
        assert changed["name"] == "Big answers"  # not given: kept
        versions = await client.assistants.get_versions(aid)
        assert [v["version"] for v in versions] == [2, 1]
        assert [v["version"] for v in await client.assistants.get_versions(
            aid, metadata={"n": 1})] == [1]
        assert [v["version"] for v in await client.assistants.get_versions(
            aid, limit=1, offset=1)] == [1]

        back = await client.assistants.set_latest(aid, 1)
        assert back["version"] == 1 and back["context"] == {"model": "big"}
        assert (await client.assistants.get(aid))["metadata"] == {"team": {"name": "red"}, "n": 1}
        with pytest.raises(httpx.HTTPStatusError) as missing:
            await client.assistants.set_latest(aid, 9)
        assert _status(missing) == 404
        # The next update numbers after the highest version, not after the latest.
        assert (await client.assistants.update(aid, name="Renamed"))["version"] == 3

        await client.assistants.delete(aid)
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.assistants.get(aid)
        assert _status(gone) == 404
        with pytest.raises(httpx.HTTPStatusError) as gone_versions:
            await client.assistants.get_versions(aid)
        assert _status(gone_versions) == 404
        assert await client.assistants.count() == before
    asyncio.run(scenario())


def test_create_refusals_leave_nothing_behind(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        before = await client.assistants.count()
        aid = str(uuid.uuid4())
        first = await client.assistants.create("ctx", assistant_id=aid, name="first")
        with pytest.raises(httpx.HTTPStatusError) as taken:
            await client.assistants.create("ctx", assistant_id=aid, name="second")
        assert _status(taken) == 409
        same = await client.assistants.create("ctx", assistant_id=aid, name="third",
                                              if_exists="do_nothing")
        assert same == first
        raw = client.http.client
        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"graph_id": "nope"}, 404, "graph"),
            ({"graph_id": "ctx", "assistant_id": "not-a-uuid"}, 422, "assistant_id"),
            ({"graph_id": "ctx", "context": {"a": 1}, "config": {"configurable": {"a": 1}}},
             422, "context"),
            ({"graph_id": "ctx", "temperature": 1}, 422, "temperature"),
        ]
        for body, status, word in cases:
            answer = await raw.post("/assistants", json=body)
            assert answer.status_code == status, body
            assert word in answer.text
        # Metadata that would outgrow the limit once merged is refused, and nothing changes.
        half = "x" * 9000
        await client.assistants.update(aid, metadata={"a": half})
        too_big = await raw.patch(f"/assistants/{aid}", json={"metadata": {"b": half}})
        assert too_big.status_code == 422 and "metadata" in too_big.text
        assert [v["version"] for v in await client.assistants.get_versions(aid)] == [2, 1]
        # Nor on a system assistant's id.
        with pytest.raises(httpx.HTTPStatusError) as system:
            await client.assistants.create("ctx", assistant_id=system_assistant_id("ctx"))
        assert _status(system) == 409
        assert await client.assistants.count() == before + 1
    asyncio.run(scenario())


def test_search_filters_sorts_pages_and_selects_in_the_database(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        for name, meta in (("Alpha", {"kind": "x", "n": 1}), ("beta", {"kind": "x", "n": "1"}),
                           ("Gamma", {"kind": "y", "deep": {"a": 1, "b": 2}})):
            await client.assistants.create("ctx", name=name, metadata=meta)
        mine = {"graph_id": "ctx", "metadata": {}}
        names = [a["name"] for a in await client.assistants.search(
            graph_id="ctx", sort_by="name", sort_order="asc", limit=10)]
        assert names == ["Alpha", "beta", "ctx", "Gamma"]  # case-insensitive, system one too
        newest = [a["name"] for a in await client.assistants.search(**mine, limit=3)]
        assert newest == ["Gamma", "beta", "Alpha"]  # created_at, newest first
        # Exact types: 1 is not "1"; nested objects match key by key.
        assert [a["name"] for a in await client.assistants.search(metadata={"n": 1})] == ["Alpha"]
        assert [a["name"] for a in await client.assistants.search(
            metadata={"deep": {"b": 2}})] == ["Gamma"]
        assert await client.assistants.count(metadata={"kind": "x"}) == 2
        assert await client.assistants.count(name="ET") == 1  # substring, any case
        assert [a["name"] for a in await client.assistants.search(name="ET")] == ["beta"]
        picked = await client.assistants.search(graph_id="ctx", select=["assistant_id", "name"],
                                                sort_by="name", limit=1)
        assert [set(a) for a in picked] == [{"assistant_id", "name"}]
        page = await client.assistants.search(**mine, limit=2, response_format="object")
        assert len(page["assistants"]) == 2 and page["next"] == "2"
        last = await client.assistants.search(**mine, limit=2, offset=2,
                                              response_format="object")
        assert len(last["assistants"]) == 2 and last["next"] is None
        raw = client.http.client
        for body in ({"sort_by": "version"}, {"select": ["owner"]}, {"graph_id": "nope"},
                     {"limit": 0}, {"offset": 2**64}, {"metadata": {"n": 2**64}},
                     {"metadata": {'a"b': 1}}):
            answer = await raw.post("/assistants/search", json=body)
            assert answer.status_code in (404, 422), body
    asyncio.run(scenario())


def test_system_assistants_are_served_graphs_and_cannot_be_changed(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        system = await client.assistants.search(metadata={"created_by": "system"}, limit=100)
        graphs = {a["graph_id"]: a for a in system}
        assert {"ctx", "trip"} <= set(graphs)
        assert graphs["trip"]["assistant_id"] == system_assistant_id("trip")
        assert graphs["ctx"]["description"] == "Answers with its context, through a subgraph."
        by_name = await client.assistants.get("ctx")
        assert by_name["assistant_id"] == system_assistant_id("ctx")
        assert [v["version"] for v in await client.assistants.get_versions("trip")] == [1]
        for change in (client.assistants.update(system_assistant_id("trip"), name="mine"),
                       client.assistants.delete("ctx")):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await change
            assert _status(refused) == 409 and "system assistant" in refused.value.response.text
        assert (await client.assistants.get("trip"))["name"] == "trip"
    asyncio.run(scenario())


def test_schemas_graph_and_subgraphs(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        made = await client.assistants.create("ctx", context={"tone": "warm"})
        schemas = await client.assistants.get_schemas(made["assistant_id"])
        assert schemas["graph_id"] == "ctx"
        assert set(schemas["context_schema"]["properties"]) == {"model", "tone"}
        assert schemas["context_schema"]["properties"]["model"]["default"] == "small"
        assert schemas["output_schema"]["required"] == ["answer"]
        assert set(schemas["state_schema"]["properties"]) == {"question", "answer"}
        assert set(schemas["input_schema"]["properties"]) == {"question", "answer"}
        assert set(schemas["config_schema"]["properties"]) == {"model", "tone"}
        trip = await client.assistants.get_schemas("trip")
        assert trip["input_schema"]["properties"] and trip["state_schema"]["properties"]

        flat = await client.assistants.get_graph("ctx")
        assert {n["id"] for n in flat["nodes"]} == {"__start__", "answer", "polish", "__end__"}
        deep = await client.assistants.get_graph("ctx", xray=True)
        assert "polish:shine" in {n["id"] for n in deep["nodes"]}
        assert all("id" not in (n.get("data") or {}) for n in deep["nodes"])
        bad = await client.http.client.get("/assistants/ctx/graph", params={"xray": "0"})
        assert bad.status_code == 422 and "xray" in bad.text

        subs = await client.assistants.get_subgraphs(made["assistant_id"])
        assert set(subs) == {"polish"}
        assert set(subs["polish"]["state_schema"]["properties"]) == {"question", "answer"}
        assert set(await client.assistants.get_subgraphs("ctx", namespace="polish")) == {
            "polish"}
        assert await client.assistants.get_subgraphs("ctx", namespace="nope") == {}
    asyncio.run(scenario())


def test_a_run_on_a_created_assistant_records_it_and_delete_takes_its_threads(
        served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        made = await client.assistants.create("ctx", context={"model": "big"})
        aid = made["assistant_id"]
        thread = (await client.threads.create())["thread_id"]
        done = await client.runs.wait(thread, aid, input={"question": "why"})
        assert done["answer"].startswith("why (")
        runs = await client.runs.list(thread)
        assert [r["assistant_id"] for r in runs] == [aid]
        assert (await client.runs.get(thread, runs[0]["run_id"]))["assistant_id"] == aid
        assert (await client.threads.get(thread))["metadata"]["assistant_id"] == aid
        # A run on the graph's own assistant says so.
        other = (await client.threads.create())["thread_id"]
        await client.runs.wait(other, "ctx", input={"question": "how"})
        assert [r["assistant_id"] for r in await client.runs.list(other)] == [
            system_assistant_id("ctx")]
        with pytest.raises(httpx.HTTPStatusError) as unknown:
            await client.runs.wait(other, str(uuid.uuid4()), input={"question": "x"})
        assert _status(unknown) == 404

        await client.assistants.delete(aid, delete_threads=True)
        with pytest.raises(httpx.HTTPStatusError) as gone:
            await client.threads.get(thread)
        assert _status(gone) == 404
        assert (await client.threads.get(other))["thread_id"] == other
    asyncio.run(scenario())


def test_deleting_an_assistant_cancels_its_running_runs(served: str, tmp_path: Path) -> None:
    gate = tmp_path / "gate"

    async def scenario() -> None:
        client = get_client(url=served)
        held = await client.assistants.create("hold")
        thread = (await client.threads.create())["thread_id"]
        run = await client.runs.create(thread, held["assistant_id"], input={"gate": str(gate)})
        while (await client.runs.get(thread, run["run_id"]))["status"] != "running":
            await asyncio.sleep(0.05)
        await client.assistants.delete(held["assistant_id"])
        ended = await client.runs.get(thread, run["run_id"])
        assert ended["status"] == "interrupted"  # the API's name for a cancelled run
        assert (await client.threads.get(thread))["status"] != "busy"
        # The graph's own assistant is not touched by it.
        assert (await client.assistants.get("hold"))["graph_id"] == "hold"
    asyncio.run(scenario())
    gate.touch()


def test_a_keys_assistants_are_its_own(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, graphs=CTX,
                      api_keys=["alice:key-a", "bob:key-b"]).url

    async def scenario() -> None:
        alice = get_client(url=url, api_key="key-a")
        bob = get_client(url=url, api_key="key-b")
        made = await alice.assistants.create("ctx", name="alice's", metadata={"k": 1})
        aid = made["assistant_id"]
        assert [a["assistant_id"] for a in await alice.assistants.search(metadata={"k": 1})] == [
            aid]
        assert await bob.assistants.search(metadata={"k": 1}) == []
        assert await bob.assistants.count(graph_id="ctx") == 1  # the system one only
        assert await alice.assistants.count(graph_id="ctx") == 2
        for attempt in (bob.assistants.get(aid), bob.assistants.update(aid, name="bob's"),
                        bob.assistants.delete(aid), bob.assistants.get_versions(aid),
                        bob.assistants.set_latest(aid, 1), bob.assistants.get_schemas(aid)):
            with pytest.raises(httpx.HTTPStatusError) as hidden:
                await attempt
            assert _status(hidden) == 404
        thread = (await bob.threads.create())["thread_id"]
        with pytest.raises(httpx.HTTPStatusError) as not_bobs:
            await bob.runs.wait(thread, aid, input={"question": "x"})
        assert _status(not_bobs) == 404
        # The same id cannot be taken by bob, and the answer tells him nothing more.
        with pytest.raises(httpx.HTTPStatusError) as taken:
            await bob.assistants.create("ctx", assistant_id=aid)
        assert _status(taken) == 409
        assert (await alice.assistants.get(aid))["name"] == "alice's"
        assert (await bob.assistants.get("ctx"))["assistant_id"] == system_assistant_id("ctx")
    asyncio.run(scenario())


def test_assistants_outlive_the_server(database_url: str, servers: Servers) -> None:
    first = servers.app(database_url=database_url, graphs=CTX)

    async def create() -> str:
        made = await get_client(url=first.url).assistants.create("ctx", name="kept")
        await get_client(url=first.url).assistants.update(made["assistant_id"], name="kept 2")
        return str(made["assistant_id"])

    aid = asyncio.run(create())
    first.stop()
    second = servers.app(database_url=database_url, graphs=CTX)

    async def read() -> None:
        client = get_client(url=second.url)
        assert (await client.assistants.get(aid))["name"] == "kept 2"
        assert [v["name"] for v in await client.assistants.get_versions(aid)] == [
            "kept 2", "kept"]
    asyncio.run(read())


def test_an_assistant_survives_kill_9(database_url: str, servers: Servers,
                                      tmp_path: Path) -> None:
    """What the API answered is in the database: a process killed right after loses none."""
    env = {"AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_GRAPHS": str(CTX)}
    first = servers.process("serve", env=env)
    with first.http() as http:
        made = http.post("/assistants", json={"graph_id": "ctx", "name": "v1",
                                              "context": {"tone": "dry"}}).json()
        aid = made["assistant_id"]
        assert http.patch(f"/assistants/{aid}", json={"name": "v2"}).json()["version"] == 2
        thread = http.post("/threads", json={}).json()["thread_id"]
        assert http.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": aid, "input": {"question": "q"}}).status_code == 200
    first.kill()
    second = servers.process("serve", env=env)
    with second.http() as http:
        assert http.get(f"/assistants/{aid}").json()["name"] == "v2"
        versions = http.post(f"/assistants/{aid}/versions", json={}).json()
        assert [(v["version"], v["name"], v["context"]) for v in versions] == [
            (2, "v2", {"tone": "dry"}), (1, "v1", {"tone": "dry"})]
        runs = http.get(f"/threads/{thread}/runs").json()
        assert [r["assistant_id"] for r in runs] == [aid]
