"""User memory in LangGraph's Store: the runtime, ``agentdesk memory`` and ``/memory``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.errors import InputError, NotFoundError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.memory import book as memorybook
from agentdesk.runtime.memory.remember import load_profile, remember
from agentdesk.runtime.registry import AGENTS
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.storage.persistence import open_persistence
from agentdesk.settings import get_settings, key_fingerprint

from .conftest import write_json
from .servers import Servers

runner = CliRunner()


@pytest.fixture
def memo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The test agent that reads and writes memory, on a scripted model that streams."""
    monkeypatch.setitem(AGENTS, "memo", "tests.memory_agent")
    script = write_json(tmp_path / "memo.json", [{"content": "noted, thank you"}])
    monkeypatch.setenv("AGENTDESK_MODEL_MEMO", f"scripted:{script}")
    return f"scripted:{script}"


def test_the_store_keeps_each_owners_users_apart(database_url: str) -> None:
    async def scenario() -> None:
        async with open_persistence(database_url) as persistence:
            store = persistence.memory
            await remember(store, None, "ana", ["likes tea", "likes tea"], thread_id="t1")
            await remember(store, "key:a", "ana", ["lives in Porto"], thread_id="t2")
            await memorybook.put_profile(store, None, "ana", memorybook.ProfileUpdate(
                preferences={"units": "metric"}, permissions=["sql_query"]))
        async with open_persistence(database_url) as persistence:  # durable, set up once
            store = persistence.memory
            assert [u["user_id"] for u in await memorybook.users(store, None)] == ["ana"]
            assert (await memorybook.users(store, None))[0]["memories"] == 2
            assert await load_profile(store, None, "ana") == {
                "preferences": {"units": "metric"}, "permissions": ["sql_query"],
                "facts": ["likes tea"]}
            assert (await load_profile(store, "key:a", "ana"))["facts"] == ["lives in Porto"]
            assert await memorybook.users(store, "key:b") == []
            shown = await memorybook.user_memory(store, None, "ana")
            fact = shown["facts"][0]
            assert (fact["text"], fact["thread_id"]) == ("likes tea", "t1")
            assert await memorybook.delete_memory(store, None, "ana", fact["key"]) == 1
            with pytest.raises(NotFoundError):
                await memorybook.delete_memory(store, None, "ana", fact["key"])
            with pytest.raises(NotFoundError):  # another owner's user reads as unknown
                await memorybook.delete_memory(store, "key:b", "ana")
            assert await memorybook.delete_memory(store, None, "ana") == 1  # the profile
            assert await memorybook.users(store, None) == []
            assert (await load_profile(store, "key:a", "ana"))["facts"] == ["lives in Porto"]
            with pytest.raises(InputError, match="permissions"):
                await memorybook.put_profile(store, None, "bo", memorybook.ProfileUpdate(
                    permissions=[" "]))
            assert await memorybook.users(store, None) == []  # refused: nothing written
            # Ids may hold "." (the thread id rule); the Store's labels may not.
            await remember(store, None, "jo.silva", ["speaks Portuguese"], thread_id="t3")
            assert [u["user_id"] for u in await memorybook.users(store, None)] == ["jo.silva"]
            assert (await load_profile(store, None, "jo.silva"))["facts"] == ["speaks Portuguese"]
            assert await memorybook.delete_memory(store, None, "jo.silva") == 1
    asyncio.run(scenario())


def test_every_run_sees_its_threads_owner_and_their_users_memory(
        database_url: str, memo: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_DATABASE_URL", database_url)
    get_settings.cache_clear()

    async def scenario() -> None:
        async with Desk.open() as desk:
            first = await desk.start("memo", {"user_id": "ana", "remember": ["likes tea"]},
                                     owner="key:a")
            assert first.status == "completed" and first.result["owner"] == "key:a"
            again = await desk.start("memo", {"user_id": "ana"}, owner="key:a")
            assert again.result["known"] == ["likes tea"]  # a new thread, the same user
            other = await desk.start("memo", {"user_id": "ana"}, owner="key:b")
            assert other.result["known"] == []  # never another key's
            local = await desk.start("memo", {"user_id": "ana"})
            assert local.result == {"known": [], "owner": None, "answer": "noted, thank you"}

            paused = await desk.start("memo", {"user_id": "bo", "remember": ["owns a cat"],
                                               "confirm": True}, owner="key:a")
            assert paused.status == "interrupted" and paused.thread_id
            decided = await desk.decide(paused.thread_id, Decision(type="approve"))
            assert decided.status == "completed" and decided.result["owner"] == "key:a"
            assert (await load_profile(desk.persistence.memory, "key:a", "bo"))["facts"] == [
                "owns a cat"]

            # A run a worker loads from its record (a retried attempt) keeps the owner.
            queued = await desk.prepare_start("memo", {"user_id": "cy", "remember": ["x"]},
                                              owner="key:c", claim=False)
            loaded = await desk.load(await desk.store.get_run(queued.run_id))
            assert loaded.owner == "key:c"
            done = await desk.execute(loaded)
            assert done.result["owner"] == "key:c"
            cy = await memorybook.users(desk.persistence.memory, "key:c")
            assert [(u["user_id"], u["memories"]) for u in cy] == [("cy", 1)]
    asyncio.run(scenario())
    get_settings.cache_clear()


# -- agentdesk memory -------------------------------------------------------------------

def _seed(owner: str | None, user: str, facts: list[str]) -> None:
    async def seed() -> None:
        async with open_persistence(get_settings().resolved_database_url) as persistence:
            await remember(persistence.memory, owner, user, facts, thread_id="t1")
    asyncio.run(seed())


def _cli(*args: str, env: dict[str, str] | None = None) -> Any:
    get_settings.cache_clear()
    return runner.invoke(cli_app, ["memory", *args], env=env)


def test_cli_lists_shows_and_deletes_a_users_memory() -> None:
    _seed(None, "ana", ["likes tea", "lives in Porto"])
    _seed("key:" + key_fingerprint("secret-a"), "bo", ["owns a cat"])

    listed = _cli("list", "--json")
    assert listed.exit_code == 0, listed.output
    assert [u["user_id"] for u in json.loads(listed.stdout)["users"]] == ["ana"]
    keyed = _cli("list", "--owner", "a", "--json", env={"AGENTDESK_API_KEYS": "a:secret-a"})
    assert [u["user_id"] for u in json.loads(keyed.stdout)["users"]] == ["bo"]

    shown = json.loads(_cli("show", "ana", "--json").stdout)
    assert sorted(f["text"] for f in shown["facts"]) == ["likes tea", "lives in Porto"]
    text = _cli("show", "ana")
    assert text.exit_code == 0 and "likes tea" in text.stdout and "lives in Porto" in text.stdout
    key = next(f["key"] for f in shown["facts"] if f["text"] == "likes tea")

    asked = _cli("delete", "ana", key)  # nobody to ask (no terminal) and no --yes
    assert asked.exit_code == 2 and "--yes" in asked.stderr
    assert len(json.loads(_cli("show", "ana", "--json").stdout)["facts"]) == 2

    gone = _cli("delete", "ana", key, "--yes", "--json")
    assert gone.exit_code == 0 and json.loads(gone.stdout)["deleted"] == 1
    assert [f["text"] for f in json.loads(_cli("show", "ana", "--json").stdout)["facts"]] == [
        "lives in Porto"]
    again = _cli("delete", "ana", key, "--yes", "--json")
    assert again.exit_code != 0 and json.loads(again.stdout)["type"] == "NotFoundError"
    assert _cli("delete", "ana", "--yes").exit_code == 0
    assert json.loads(_cli("list", "--json").stdout)["users"] == []
    still = _cli("list", "--owner", "a", "--json", env={"AGENTDESK_API_KEYS": "a:secret-a"})
    assert [u["user_id"] for u in json.loads(still.stdout)["users"]] == ["bo"]


@pytest.mark.parametrize(("args", "field"), [
    (["show", "ana bo"], "USER"), (["show", "x" * 65], "USER"),
    (["delete", "ana", "no/such", "--yes"], "KEY"), (["list", "--owner", "nobody"], "--owner")])
def test_cli_refuses_bad_input_naming_the_field(args: list[str], field: str) -> None:
    result = _cli(*args, "--json")
    assert result.exit_code == 2, result.output
    assert json.loads(result.stdout)["field"] == field


# -- /memory over HTTP, with two keys ----------------------------------------------------

@pytest.fixture
def keyed_server(memo: str, servers: Servers) -> str:
    return servers.app(api_keys=["a:secret-a", "b:secret-b"], ping_seconds=0.3).url


def _wait(url: str, key: str, payload: dict[str, Any]) -> Any:
    async def run() -> Any:
        client = get_client(url=url, api_key=key)
        thread = await client.threads.create()
        return await client.runs.wait(thread["thread_id"], "memo", input=payload)
    return asyncio.run(run())


def test_memory_follows_the_user_to_a_new_thread_and_never_to_another_key(
        keyed_server: str) -> None:
    first = _wait(keyed_server, "secret-a", {"user_id": "ana", "remember": ["likes tea"]})
    assert first["owner"] == "key:" + key_fingerprint("secret-a")
    assert _wait(keyed_server, "secret-a", {"user_id": "ana"})["known"] == ["likes tea"]
    assert _wait(keyed_server, "secret-b", {"user_id": "ana"})["known"] == []

    a = httpx.Client(base_url=keyed_server, headers={"x-api-key": "secret-a"}, timeout=30)
    b = httpx.Client(base_url=keyed_server, headers={"x-api-key": "secret-b"}, timeout=30)
    with a, b:
        assert [u["user_id"] for u in a.get("/memory").json()] == ["ana"]
        assert b.get("/memory").json() == []
        assert b.get("/memory/ana").json()["facts"] == []
        assert b.delete("/memory/ana").status_code == 404
        facts = a.get("/memory/ana").json()["facts"]
        assert [f["text"] for f in facts] == ["likes tea"]
        assert b.delete(f"/memory/ana/{facts[0]['key']}").status_code == 404
        assert httpx.get(f"{keyed_server}/memory").status_code == 401

        profile = {"preferences": {"units": "metric"}, "permissions": ["sql_query"]}
        assert a.put("/memory/ana/profile", json=profile).json() == profile
        assert a.get("/memory/ana/profile").json() == profile
        assert b.get("/memory/ana/profile").json() == {"preferences": {}, "permissions": []}
        bad = a.put("/memory/ana/profile", json={"preferences": {}, "role": "admin"})
        assert bad.status_code == 422 and "role" in bad.text
        assert a.get("/memory/ana/profile").json() == profile  # left as it was
        assert a.get("/memory/ana%20bo").status_code == 422
        assert a.get("/memory/" + "x" * 65).status_code == 422

        assert a.delete(f"/memory/ana/{facts[0]['key']}").json() == {"deleted": 1}
        assert a.get("/memory/ana").json()["facts"] == []
        assert a.delete("/memory/ana").json() == {"deleted": 1}  # the profile
        assert a.get("/memory").json() == []
