"""Every writer of the SQLite file at once, through the real server: nothing waits forever.

One ``agentdesk serve`` process writes its SQLite file from several connections (the
app tables' pool, the checkpointer's, the Store's) and a thread (the run queue's
heartbeat). They take turns in one queue on the event loop (``sqliteconn``); a lock
order that could deadlock would show here as requests that never end, and a write
that gave up as "database is locked" as a 5xx or a failed run. (The queue's own
order and hand-offs are proved in test_sqliteconn.py.)
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from langgraph_sdk import get_client

from .servers import Servers

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"
CLIENTS = 32


async def _one_client(client: Any, n: int) -> str:
    """One person's work touching every kind of write: a thread and its metadata, a run
    to an interrupt and its resume (checkpoints, run records, events, the decision),
    a state update, the Store, an assistant, a copy and a delete."""
    thread = await client.threads.create(metadata={"client": n})
    tid = thread["thread_id"]
    paused = await client.runs.wait(tid, "hitl", input={"topic": f"topic {n}"})
    assert "__interrupt__" in paused, paused
    await client.store.put_item(("clients", str(n)), "note", {"n": n})
    await client.threads.update(tid, metadata={"stage": "reviewed"})
    done = await client.runs.wait(tid, "hitl", command={"resume": {"ok": n}})
    assert done["answer"] == {"ok": n}, done
    await client.threads.update_state(tid, {"topic": f"topic {n}, edited"})
    assistant = await client.assistants.create("hitl", name=f"client {n}")
    copy = await client.threads.copy(tid)
    await client.threads.delete(copy["thread_id"])
    await client.store.delete_item(("clients", str(n)), "note")
    await client.assistants.delete(assistant["assistant_id"])
    return tid


def test_every_writer_of_the_file_at_once_ends_and_loses_nothing(
        tmp_path: Path, servers: Servers) -> None:
    url = servers.app(database_url=f"sqlite:///{tmp_path / 'desk.db'}", graphs=HITL).url

    async def scenario() -> None:
        client = get_client(url=url)
        ids = await asyncio.wait_for(
            asyncio.gather(*(_one_client(client, n) for n in range(CLIENTS))), 240)
        for n, tid in enumerate(ids):
            state = await client.threads.get_state(tid)
            assert state["values"]["answer"] == {"ok": n}
            assert state["values"]["topic"] == f"topic {n}, edited"
            assert not state["next"]
            runs = await client.runs.list(tid)
            assert sorted(r["status"] for r in runs) == ["interrupted", "success"] or sorted(
                r["status"] for r in runs) == ["success", "success"], runs
            assert (await client.threads.get(tid))["metadata"]["stage"] == "reviewed"
        assert await client.store.search_items(("clients",)) == {"items": []}
        assert len(await client.threads.search(limit=100)) == CLIENTS

    asyncio.run(scenario())
