"""The effect ledger: a tool call that changes the world runs once per key.

The key names the thread, the graph task and the tool call, all of which a
retried run reproduces, so the same call in a later attempt finds its row:

* recorded ``done``: its stored result is returned and the tool is not called;
* recorded ``started`` with no result (the process died during the call): an
  idempotent tool is called again with the same key as its idempotency key, so
  it can recognise the repeat; any other tool raises :class:`EffectUncertain`
  and the agent asks a person, never calling blindly a second time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import ToolError
from agentdesk.runtime.storage.persistence import effects, now, sync_to_disk

from .queue import current_lease

__all__ = ["EffectLedger", "EffectUncertain", "effect_key"]


class EffectUncertain(ToolError):
    """A call with effects started in an earlier attempt and its outcome is unknown."""


def effect_key(thread_id: str, task_id: str, call_id: str) -> str:
    return f"{thread_id}:{task_id}:{call_id}"


class EffectLedger:
    """Reads and writes of ``agentdesk_effects``."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def once(self, key: str, *, thread_id: str, run_id: str, tool: str,
                   args: dict[str, Any], call: Callable[[str], Awaitable[Any]],
                   idempotent: bool) -> Any:
        """``await call(key)`` at most once per ``key`` (see the module docstring)."""
        lease = current_lease.get()
        if lease is not None:
            lease.check()
        row = await self._get(key)
        if row is not None and row.status == "done":
            return row.result
        if row is not None and not idempotent:
            raise EffectUncertain(
                f"{tool} may already have run (attempt {row.attempt} started it and did not "
                "record an outcome); check it before running it again", key=key, tool=tool)
        if row is None:
            try:
                async with self.engine.begin() as conn:
                    await conn.execute(effects.insert().values(
                        key=key, thread_id=thread_id, run_id=run_id, tool=tool, args=args,
                        attempt=lease.attempt if lease else None, status="started",
                        started_at=now()))
            except IntegrityError:  # another attempt got here first: it owns the call
                return await self.once(key, thread_id=thread_id, run_id=run_id, tool=tool,
                                       args=args, call=call, idempotent=idempotent)
        # The "started" row, and everything the run wrote before it, is on disk before
        # the world changes: a power cut cannot make the call look never made.
        await sync_to_disk(self.engine)
        result = await call(key)
        if lease is not None:
            lease.check()
        async with self.engine.begin() as conn:
            await conn.execute(effects.update().where(effects.c.key == key).values(
                status="done", result=result, finished_at=now()))
        return result

    async def _get(self, key: str) -> Any:
        async with self.engine.connect() as conn:
            return (await conn.execute(sa.select(effects).where(effects.c.key == key))).first()

    async def for_thread(self, thread_id: str) -> list[dict[str, Any]]:
        query = (sa.select(effects).where(effects.c.thread_id == thread_id)
                 .order_by(effects.c.started_at))
        async with self.engine.connect() as conn:
            return [dict(r) for r in (await conn.execute(query)).mappings()]
