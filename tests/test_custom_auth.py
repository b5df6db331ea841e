"""langgraph.json ``auth``: a ``langgraph_sdk.Auth`` written as the LangGraph docs write one.

A real server from ``tests/graphs/authed/langgraph.json`` and the official SDK client with two
users' tokens: each sees, runs and deletes only the threads the ``@auth.on`` handler stamped
with their identity.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import Auth, get_client
from langgraph_sdk.errors import NotFoundError, PermissionDeniedError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from agentdesk.server.auth import AuthGate, matches_filter

from .servers import Servers, ServerThread

AUTHED = Path(__file__).parent / "graphs" / "authed" / "langgraph.json"
ALICE = {"Authorization": "Bearer user1-token"}
BOB = {"Authorization": "Bearer user2-token"}


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    server = servers.app(database_url=database_url, graphs=AUTHED)
    yield server.url
    server.stop()


def test_threads_are_their_owners_alone(served: str) -> None:
    async def scenario() -> None:
        alice = get_client(url=served, headers=ALICE)
        bob = get_client(url=served, headers=BOB)
        mine = await alice.threads.create(metadata={"topic": "otters"})
        assert mine["metadata"]["owner"] == "user1"  # stamped by @auth.on
        assert mine["metadata"]["topic"] == "otters"
        theirs = await bob.threads.create(metadata={"owner": "user1"})  # cannot pose as Alice
        assert theirs["metadata"]["owner"] == "user2"

        assert (await alice.threads.get(mine["thread_id"]))["thread_id"] == mine["thread_id"]
        with pytest.raises(NotFoundError):
            await bob.threads.get(mine["thread_id"])
        with pytest.raises(NotFoundError):
            await bob.threads.update(mine["thread_id"], metadata={"owner": "user2"})
        with pytest.raises(httpx.HTTPStatusError) as refused:
            await bob.runs.wait(mine["thread_id"], "echo", input={"said": "hi"})
        assert refused.value.response.status_code == 404
        with pytest.raises(NotFoundError):
            await bob.threads.get_state(mine["thread_id"])

        found = {t["thread_id"] for t in await alice.threads.search(limit=100)}
        assert found == {mine["thread_id"]}
        found = {t["thread_id"] for t in await bob.threads.search(limit=100)}
        assert found == {theirs["thread_id"]}

        result = await alice.runs.wait(mine["thread_id"], "echo", input={"said": "hi"})
        assert result["answer"] == "you said hi"
        assert len(await alice.runs.list(mine["thread_id"])) == 1
        with pytest.raises(NotFoundError):
            await bob.runs.list(mine["thread_id"])

        # Bob may not delete at all (his handler returns False), Alice only her own.
        with pytest.raises(PermissionDeniedError):
            await bob.threads.delete(theirs["thread_id"])
        await alice.threads.delete(mine["thread_id"])
        with pytest.raises(NotFoundError):
            await alice.threads.get(mine["thread_id"])
        assert (await bob.threads.get(theirs["thread_id"]))["metadata"]["owner"] == "user2"

    asyncio.run(scenario())


def test_crons_are_their_owners_alone(served: str) -> None:
    """The ``@auth.on`` filter applies to crons too: a search, count, get, update or delete
    by another user finds nothing, as for threads."""
    async def scenario() -> None:
        alice = get_client(url=served, headers=ALICE)
        bob = get_client(url=served, headers=BOB)
        mine = await alice.crons.create("echo", schedule="0 9 * * *", input={"said": "hi"},
                                        metadata={"team": "a"})
        assert mine["metadata"]["owner"] == "user1"
        theirs = await bob.crons.create("echo", schedule="0 9 * * *", input={"said": "yo"})
        assert [c["cron_id"] for c in await alice.crons.search()] == [mine["cron_id"]]
        assert [c["cron_id"] for c in await bob.crons.search()] == [theirs["cron_id"]]
        assert await alice.crons.count() == 1 and await bob.crons.count() == 1
        for attempt in (bob.http.get(f"/runs/crons/{mine['cron_id']}"),
                        bob.crons.update(mine["cron_id"], enabled=False),
                        bob.crons.delete(mine["cron_id"])):
            with pytest.raises(NotFoundError):
                await attempt
        assert (await alice.http.get(f"/runs/crons/{mine['cron_id']}"))["enabled"] is True
        await alice.crons.delete(mine["cron_id"])
        assert await alice.crons.search() == []

    asyncio.run(scenario())


def test_assistants_are_shared_and_unauthenticated_calls_are_401(served: str) -> None:
    async def scenario() -> None:
        for headers in (ALICE, BOB):
            graphs = {a["graph_id"] for a in await get_client(
                url=served, headers=headers).assistants.search(limit=100)}
            assert "echo" in graphs

    asyncio.run(scenario())
    with httpx.Client(base_url=served) as http:
        for method, path in [("POST", "/threads"), ("POST", "/threads/search"),
                             ("POST", "/assistants/search"), ("GET", "/interrupts")]:
            answer = http.request(method, path, json={})
            assert answer.status_code == 401, (path, answer.text)
            assert answer.json()["detail"] == "Missing token"
        answer = http.post("/threads", json={}, headers={"Authorization": "Bearer nope"})
        assert answer.status_code == 401
        assert http.get("/ok").status_code == 200  # health stays open
        # Nothing was created by the refused calls.
        assert http.post("/threads/search", json={}, headers=ALICE).json() == []


def test_the_identity_is_the_actor_of_what_it_does(served: str) -> None:
    async def scenario() -> None:
        alice = get_client(url=served, headers=ALICE)
        thread = await alice.threads.create()
        await alice.runs.wait(thread["thread_id"], "echo", input={"said": "x"})
        with httpx.Client(base_url=served, headers=ALICE) as http:
            audit = http.get(f"/threads/{thread['thread_id']}/audit")
        assert audit.status_code == 200
        assert any(row.get("actor") == "user1" for row in audit.json()), audit.json()

    asyncio.run(scenario())


def test_the_inbox_shows_each_user_their_own_pauses(served: str) -> None:
    async def scenario() -> str:
        alice = get_client(url=served, headers=ALICE)
        thread = await alice.threads.create()
        await alice.runs.wait(thread["thread_id"], "ask", input={"said": "hello"})
        return str(thread["thread_id"])

    thread_id = asyncio.run(scenario())
    with httpx.Client(base_url=served) as http:
        alices = http.get("/interrupts", headers=ALICE).json()
        assert [item["thread_id"] for item in alices] == [thread_id]
        assert http.get("/interrupts", headers=BOB).json() == []
        decided = http.post(f"/threads/{thread_id}/decisions", headers=BOB,
                            json={"type": "approve"})
        assert decided.status_code == 404
        assert [i["thread_id"] for i in http.get("/interrupts", headers=ALICE).json()] \
            == [thread_id]  # still pending: Bob's decision did nothing


def _store_gate() -> Starlette:
    """Store routes that answer what reached them, behind the gate and an ``Auth`` whose
    store handler puts every item under the caller's own namespace, as the docs suggest."""
    auth = Auth()

    @auth.authenticate
    async def who(headers: dict[bytes, bytes]) -> str:
        user = headers.get(b"x-user")
        if not user:
            raise Auth.exceptions.HTTPException(status_code=401, detail="who are you?")
        return user.decode()

    @auth.on.store()
    async def own_namespace(ctx: Auth.types.AuthContext, value: dict) -> dict:
        value["namespace"] = (ctx.user.identity, *value["namespace"])
        return {"owner": ctx.user.identity}

    async def echo(request: Request) -> JSONResponse:
        body = await request.body()
        return JSONResponse({"query": dict(request.query_params),
                             "body": json.loads(body) if body else None})

    routes = [Route("/store/items", echo, methods=["PUT", "GET", "DELETE"]),
              Route("/store/items/search", echo, methods=["POST"])]
    return Starlette(routes=routes, middleware=[Middleware(
        AuthGate, auth=auth, is_custom=lambda scope: False, custom_auth=False)])


def test_store_handlers_set_the_namespace_and_filter_searches() -> None:
    with ServerThread(_store_gate()) as server, httpx.Client(base_url=server.url) as http:
        assert http.put("/store/items", json={"namespace": ["a"], "key": "k",
                                              "value": {}}).status_code == 401
        me = {"x-user": "ana"}
        put = http.put("/store/items", headers=me,
                       json={"namespace": ["notes"], "key": "k", "value": {"v": 1}}).json()
        assert put["body"] == {"namespace": ["ana", "notes"], "key": "k", "value": {"v": 1}}
        got = http.get("/store/items", headers=me,
                       params={"namespace": "notes", "key": "k"}).json()
        assert got["query"] == {"namespace": "ana.notes", "key": "k"}
        found = http.post("/store/items/search", headers=me,
                          json={"namespace_prefix": ["notes"], "filter": {"kind": "x"}}).json()
        assert found["body"]["namespace_prefix"] == ["ana", "notes"]
        assert found["body"]["filter"] == {"kind": "x", "owner": "ana"}
        clash = http.post("/store/items/search", headers=me,
                          json={"namespace_prefix": [], "filter": {"owner": "bo"}})
        assert clash.status_code == 500  # never served with the caller's filter alone


def test_filters_mean_what_langgraph_sdk_documents() -> None:
    metadata = {"owner": "ana", "participants": ["ana", "bo"]}
    assert matches_filter(metadata, {"owner": "ana"})
    assert matches_filter(metadata, {"owner": {"$eq": "ana"}})
    assert not matches_filter(metadata, {"owner": {"$eq": "bo"}})
    assert matches_filter(metadata, {"participants": {"$contains": "bo"}})
    assert matches_filter(metadata, {"participants": {"$contains": ["ana", "bo"]}})
    assert not matches_filter(metadata, {"participants": {"$contains": "cy"}})
    assert not matches_filter({}, {"owner": "ana"})
    with pytest.raises(ValueError, match=r"\$in"):
        matches_filter(metadata, {"owner": {"$in": ["ana"]}})


def test_thread_streaming_v2_is_its_owners_alone(served: str) -> None:
    """``client.threads.stream``: the thread ``run.start`` makes is Alice's; Bob can
    neither command it nor read its event stream."""
    async def scenario() -> None:
        alice = get_client(url=served, headers=ALICE)
        events: list[dict] = []
        async with alice.threads.stream(assistant_id="echo") as ts:
            await ts.run.start(input={"said": "v2"})
            async for event in ts.events:
                events.append(event)
                if event["method"] == "lifecycle" and event["params"]["data"]["event"] in (
                        "completed", "failed"):
                    break
        assert events[-1]["params"]["data"]["event"] == "completed"
        thread = await alice.threads.get(ts.thread_id)
        assert thread["metadata"]["owner"] == "user1"
        async with httpx.AsyncClient(base_url=served, headers=BOB) as http:
            command = {"id": 1, "method": "run.start",
                       "params": {"assistant_id": "echo", "input": {"said": "bob"}}}
            answer = await http.post(f"/threads/{ts.thread_id}/commands", json=command)
            assert answer.status_code == 404
            answer = await http.post(f"/threads/{ts.thread_id}/stream/events",
                                     json={"channels": ["values"]})
            assert answer.status_code == 404
        assert len(await alice.runs.list(ts.thread_id)) == 1

    asyncio.run(scenario())
