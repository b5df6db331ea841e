"""The Store API through the official SDK: items, search, namespaces, key isolation, TTL,
semantic search; on SQLite and PostgreSQL, against a real server."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client

from agentdesk.errors import ConfigError
from agentdesk.runtime.memory.store import StoreOptions
from agentdesk.runtime.storage.persistence import open_persistence

from .servers import Servers

EMBED = f"{Path(__file__).parent / 'graphs' / 'store' / 'embed.py'}:embed"


def test_items_round_trip(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url).url

    async def scenario() -> None:
        store = get_client(url=url).store
        await store.put_item(["docs", "u1"], key="a", value={"title": "A", "n": 1})
        await store.put_item(["docs", "u1"], key="b", value={"title": "B", "n": 2})
        await store.put_item(["docs", "u2"], key="c", value={"title": "C", "n": 3})
        await store.put_item(["other"], key="d", value={"n": 4})

        item = await store.get_item(["docs", "u1"], key="a")
        assert item["namespace"] == ["docs", "u1"] and item["value"] == {"title": "A", "n": 1}
        assert item["created_at"] and item["updated_at"]
        assert await store.get_item(["docs", "u1"], key="zz") is None

        found = await store.search_items(["docs"], limit=10)
        assert sorted(i["key"] for i in found["items"]) == ["a", "b", "c"]
        filtered = await store.search_items(["docs"], filter={"n": {"$gte": 2}})
        assert sorted(i["key"] for i in filtered["items"]) == ["b", "c"]
        page = await store.search_items(["docs"], limit=1, offset=1)
        assert len(page["items"]) == 1

        spaces = await store.list_namespaces(prefix=["docs"])
        assert sorted(spaces["namespaces"]) == [["docs", "u1"], ["docs", "u2"]]
        assert (await store.list_namespaces(max_depth=1))["namespaces"] == [["docs"], ["other"]]
        assert (await store.list_namespaces(suffix=["u2"]))["namespaces"] == [["docs", "u2"]]

        await store.put_item(["docs", "u1"], key="a", value={"title": "A2"})
        assert (await store.get_item(["docs", "u1"], key="a"))["value"] == {"title": "A2"}
        await store.delete_item(["docs", "u1"], key="a")
        assert await store.get_item(["docs", "u1"], key="a") is None

    asyncio.run(scenario())


def test_bad_requests_name_the_field_and_store_nothing(servers: Servers) -> None:
    url = servers.app().url
    client = httpx.Client(base_url=url, timeout=30)
    cases: list[tuple[str, str, dict[str, Any], str]] = [
        ("PUT", "/store/items", {"namespace": ["a.b"], "key": "k", "value": {}}, "namespace"),
        ("PUT", "/store/items", {"namespace": [""], "key": "k", "value": {}}, "namespace"),
        ("PUT", "/store/items", {"namespace": [], "key": "k", "value": {}}, "namespace"),
        ("PUT", "/store/items", {"namespace": ["a"], "key": "k", "value": [1]}, "value"),
        ("PUT", "/store/items", {"namespace": ["a"], "key": "k", "value": {}, "colour": 1},
         "colour"),
        ("PUT", "/store/items", {"namespace": ["a"], "key": "k", "value": {}, "ttl": 5}, "ttl"),
        ("PUT", "/store/items", {"namespace": ["a"], "key": "k", "value": {}, "ttl": -1}, "ttl"),
        ("PUT", "/store/items", {"namespace": ["a"], "key": "k", "value": {},
                                 "index": ["text"]}, "index"),
        ("POST", "/store/items/search", {"namespace_prefix": ["a"], "query": "x"}, "query"),
        ("POST", "/store/items/search", {"namespace_prefix": ["a"], "limit": 0}, "limit"),
        ("POST", "/store/namespaces", {"prefix": ["a.b"]}, "prefix"),
        ("POST", "/store/namespaces", {"max_depth": 0}, "max_depth"),
    ]
    for method, path, body, field in cases:
        answer = client.request(method, path, json=body)
        assert answer.status_code == 422, (body, answer.text)
        assert field in answer.json()["detail"], (body, answer.json())
    bad_get = client.get("/store/items", params={"namespace": "a", "key": "k", "ttl": "1"})
    assert bad_get.status_code == 422 and "ttl" in bad_get.json()["detail"]
    bad_flag = client.get("/store/items", params={"namespace": "a", "key": "k",
                                                  "refresh_ttl": "maybe"})
    assert bad_flag.status_code == 422 and "refresh_ttl" in bad_flag.json()["detail"]
    everything = client.post("/store/namespaces", json={}).json()
    assert everything == {"namespaces": []}


def test_each_key_sees_only_its_own_items(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, api_keys=["a:secret-a", "b:secret-b"]).url

    async def scenario() -> None:
        a = get_client(url=url, api_key="secret-a").store
        b = get_client(url=url, api_key="secret-b").store
        await a.put_item(["notes"], key="k", value={"owner": "a"})
        await b.put_item(["notes"], key="k", value={"owner": "b"})
        await a.put_item(["secret", "deep"], key="only-a", value={"x": 1})

        assert (await a.get_item(["notes"], key="k"))["value"] == {"owner": "a"}
        assert (await b.get_item(["notes"], key="k"))["value"] == {"owner": "b"}
        assert await b.get_item(["secret", "deep"], key="only-a") is None
        b_items = (await b.search_items([], limit=100))["items"]
        assert [(i["namespace"], i["value"]) for i in b_items] == [(["notes"], {"owner": "b"})]
        assert (await b.list_namespaces())["namespaces"] == [["notes"]]
        assert sorted((await a.list_namespaces())["namespaces"]) == [["notes"],
                                                                    ["secret", "deep"]]
        # Even a wildcard or a suffix stays inside the caller's own space.
        assert (await b.list_namespaces(prefix=["*"]))["namespaces"] == [["notes"]]
        assert (await b.list_namespaces(suffix=["deep"]))["namespaces"] == []
        await b.delete_item(["notes"], key="k")
        assert (await a.get_item(["notes"], key="k"))["value"] == {"owner": "a"}

    asyncio.run(scenario())
    # A key's namespace [user_id] is the agents' memory of that user for that key.
    a_http = httpx.Client(base_url=url, headers={"x-api-key": "secret-a"}, timeout=30)
    b_http = httpx.Client(base_url=url, headers={"x-api-key": "secret-b"}, timeout=30)
    assert a_http.put("/memory/ada/profile", json={"preferences": {"units": "metric"}}
                      ).status_code == 200
    item = a_http.get("/store/items", params={"namespace": "ada", "key": "profile"}).json()
    assert item["namespace"] == ["ada"]
    assert item["value"]["preferences"] == {"units": "metric"}
    assert b_http.get("/store/items", params={"namespace": "ada", "key": "profile"}
                      ).json() is None
    assert b_http.put("/store/items", json={"namespace": ["bob"], "key": "fact-1", "value": {
        "text": "likes trains"}}).status_code == 204
    facts = b_http.get("/memory/bob").json()["facts"]
    assert [f["text"] for f in facts] == ["likes trains"]


def test_items_expire_with_the_sweeper(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, store_ttl_sweep_interval_minutes=0.01,
                      store_ttl_refresh_on_read=False).url

    async def scenario() -> None:
        store = get_client(url=url).store
        # PostgreSQL keeps TTLs in whole minutes: there the item lives a minute.
        ttl = 1 if database_url.startswith("postgresql") else 0.02
        await store.put_item(["t"], key="brief", value={"v": 1}, ttl=ttl)
        await store.put_item(["t"], key="kept", value={"v": 2})
        assert (await store.get_item(["t"], key="brief"))["value"] == {"v": 1}
        deadline = time.monotonic() + 120
        while await store.get_item(["t"], key="brief") is not None:
            assert time.monotonic() < deadline, "the sweeper never deleted the expired item"
            await asyncio.sleep(0.3)
        assert (await store.get_item(["t"], key="kept"))["value"] == {"v": 2}
        assert [i["key"] for i in (await store.search_items(["t"]))["items"]] == ["kept"]

    asyncio.run(scenario())


def test_a_refreshing_read_keeps_an_item_alive(servers: Servers) -> None:
    url = servers.app(store_ttl_sweep_interval_minutes=0.01).url

    async def scenario() -> None:
        store = get_client(url=url).store
        for key in ("read", "unread"):
            await store.put_item(["t"], key=key, value={"k": key}, ttl=0.1)
        deadline = time.monotonic() + 60
        while await store.get_item(["t"], key="unread", refresh_ttl=False) is not None:
            assert time.monotonic() < deadline, "the unread item never expired"
            # Read far more often than the 6 s TTL: each read restarts its clock.
            assert await store.get_item(["t"], key="read") is not None
            await asyncio.sleep(0.3)
        assert (await store.get_item(["t"], key="read"))["value"] == {"k": "read"}

    asyncio.run(scenario())


def test_an_explicit_refresh_the_store_would_drop_is_refused(servers: Servers) -> None:
    url = servers.app(store_ttl_sweep_interval_minutes=1, store_ttl_refresh_on_read=False).url
    client = httpx.Client(base_url=url, timeout=30)
    got = client.get("/store/items", params={"namespace": "t", "key": "k",
                                             "refresh_ttl": "true"})
    assert got.status_code == 422 and "refresh_ttl" in got.json()["detail"]
    found = client.post("/store/items/search", json={"namespace_prefix": ["t"],
                                                     "refresh_ttl": True})
    assert found.status_code == 422 and "refresh_ttl" in found.json()["detail"]
    assert client.get("/store/items", params={"namespace": "t", "key": "k",
                                              "refresh_ttl": "false"}).json() is None


def test_default_ttl_applies_to_items_without_one(servers: Servers) -> None:
    url = servers.app(store_ttl_default_minutes=0.02, store_ttl_sweep_interval_minutes=0.01).url

    async def scenario() -> None:
        store = get_client(url=url).store
        await store.put_item(["t"], key="default", value={"v": 1})
        deadline = time.monotonic() + 60
        while (await store.search_items(["t"], refresh_ttl=False))["items"]:
            assert time.monotonic() < deadline, "an item with the default TTL never expired"
            await asyncio.sleep(0.3)

    asyncio.run(scenario())


def _vectors_work(database_url: str) -> bool:
    """Whether this machine can index on the backend: sqlite-vec needs a sqlite3 that
    loads extensions; PostgreSQL needs pgvector installed."""
    if database_url.startswith("sqlite"):
        import sqlite3

        return hasattr(sqlite3.Connection, "enable_load_extension")
    import psycopg

    with psycopg.connect(database_url) as conn:
        return conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
                            ).fetchone() is not None


def test_semantic_search_ranks_by_meaning(database_url: str, servers: Servers) -> None:
    index = {"dims": 8, "embed": EMBED, "fields": ["text"]}
    if not _vectors_work(database_url):  # refused at startup, clearly, never half-working
        with pytest.raises(ConfigError, match=r"store\.index: semantic search on"):
            asyncio.run(_open(database_url, StoreOptions(index=index)))
        pytest.skip("no vector extension for this backend on this machine (refusal checked)")
    url = servers.app(database_url=database_url, store_index=index).url

    async def scenario() -> None:
        store = get_client(url=url).store
        await store.put_item(["kb"], key="pets", value={"text": "my cat and my dog"})
        await store.put_item(["kb"], key="travel", value={"text": "train then plane"})
        await store.put_item(["kb"], key="food", value={"text": "pizza pizza and music"})
        await store.put_item(["kb"], key="other", value={"text": "a car"}, index=False)
        ranked = (await store.search_items(["kb"], query="a plane or a train trip"))["items"]
        assert [i["key"] for i in ranked][:1] == ["travel"]
        assert ranked[0]["score"] > ranked[1]["score"]
        ranked = (await store.search_items(["kb"], query="cat"))["items"]
        assert ranked[0]["key"] == "pets"
        # An item put with index=False is never matched by meaning: no score for it.
        scored = [i["key"] for i in ranked if i.get("score") is not None]
        assert "other" not in scored and set(scored) == {"pets", "travel", "food"}

    asyncio.run(scenario())


async def _open(url: str, options: StoreOptions) -> None:
    async with open_persistence(url, options):
        pass


def test_fractional_minutes_are_refused_on_postgres(database_url: str, servers: Servers,
                                                    ) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite keeps fractional TTLs")
    with pytest.raises(ConfigError, match="whole minutes"):
        asyncio.run(_open(database_url, StoreOptions(ttl_default_minutes=0.5,
                                                      ttl_sweep_interval_minutes=1)))
    url = servers.app(database_url=database_url, store_ttl_sweep_interval_minutes=1).url
    client = httpx.Client(base_url=url, timeout=30)
    put = client.put("/store/items", json={"namespace": ["a"], "key": "k", "value": {},
                                           "ttl": 0.5})
    assert put.status_code == 422 and "ttl" in put.json()["detail"]
    assert client.post("/store/items/search", json={"namespace_prefix": ["a"]}
                       ).json() == {"items": []}


def test_unusable_index_config_is_refused_at_startup(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with pytest.raises(ConfigError, match="sweep_interval_minutes"):
        asyncio.run(_open(url, StoreOptions(ttl_default_minutes=5)))
    for index, words in [({"dims": 8, "embed": "nosuchmodule_xyz:embed"}, "cannot import"),
                         ({"dims": 0, "embed": EMBED}, "dims"),
                         ({"dims": 8, "embed": EMBED, "colour": 1}, "colour")]:
        with pytest.raises(ConfigError, match=words):
            asyncio.run(_open(url, StoreOptions(index=index)))


def test_closing_the_store_ends_its_batching_task(database_url: str) -> None:
    """langgraph's batched stores cancel their task only when collected, perhaps once the loop
    has closed ("Task was destroyed but it is pending" at exit): closing ends it."""
    async def used_then_closed() -> bool:
        async with open_persistence(database_url) as persistence:
            await persistence.memory.aput(("notes",), "k", {"v": 1})
            assert await persistence.memory.aget(("notes",), "k") is not None
            task = persistence.memory._task  # type: ignore[attr-defined]
            assert task is not None and not task.done()
        return bool(task.done())  # asked while the loop runs: asyncio.run cancels what is left

    assert asyncio.run(used_then_closed())
