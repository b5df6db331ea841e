"""Checkpoint writes fenced by the lease, and never left half done by a cancel."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from agentdesk.runtime.durable.fence import fence_checkpointer


def test_a_cancel_between_execute_and_commit_leaves_no_write_lock(tmp_path: Path) -> None:
    """The official saver executes, then commits; a run cancelled in between must not leave
    its connection inside a write transaction (every other writer would wait on it)."""
    path = tmp_path / "checkpoints.db"

    async def go() -> None:
        async with AsyncSqliteSaver.from_conn_string(str(path)) as saver:
            await saver.setup()
            fence_checkpointer(saver)
            executed, release = asyncio.Event(), asyncio.Event()
            commit = saver.conn.commit

            async def slow_commit() -> Any:
                executed.set()
                await release.wait()
                return await commit()

            saver.conn.commit = slow_commit  # type: ignore[method-assign]
            config: Any = {"configurable": {"thread_id": "t", "checkpoint_ns": ""}}
            task = asyncio.create_task(saver.aput(config, empty_checkpoint(), {}, {}))
            await executed.wait()  # the INSERT ran; its transaction is open
            task.cancel()
            release.set()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await asyncio.sleep(0.2)  # the shielded write finishes on its own
            other = sqlite3.connect(path, timeout=0)
            try:
                other.execute("BEGIN IMMEDIATE")  # needs the write lock, without waiting
                other.rollback()
                assert other.execute("SELECT count(*) FROM checkpoints").fetchone()[0] == 1
            finally:
                other.close()

    asyncio.run(go())
