"""Customer replies that wait for their thread's next ``await_reply`` pause.

A reply is stored ``queued``; when its thread waits for the customer, the queued
replies are claimed for that interrupt (``delivering``), given as one ``respond``
decision through :meth:`Desk.prepare_decide` (exactly once per interrupt), and marked
``delivered``. A crash between the claim and the decision is repaired by
:meth:`ReplyQueue.recover`: delivered if the decision was recorded, else queued again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa

from agentdesk.errors import DecisionError, ThreadBusyError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import PreparedRun

from .tables import inbound

__all__ = ["ReplyQueue"]


class ReplyQueue:
    """Queued customer replies of every thread, over one desk."""

    def __init__(self, desk: Desk, launch: Callable[[PreparedRun], Awaitable[Any]], *,
                 claim: bool = True) -> None:
        self.desk = desk
        self.engine = desk.persistence.engine
        self.launch = launch
        self.claim = claim

    async def waiting_threads(self) -> list[str]:
        """Threads with queued replies."""
        async with self.engine.connect() as conn:
            return list((await conn.execute(sa.select(inbound.c.thread_id).where(
                inbound.c.delivery == "queued").distinct())).scalars())

    async def deliver(self, thread_id: str) -> bool:
        """Deliver the thread's queued replies if it waits for the customer now."""
        view = await self.desk.view(thread_id)
        pending = view.interrupt
        if view.thread.status == "busy" or pending is None or pending.kind != "await_reply":
            return False
        async with self.engine.connect() as conn:
            rows = (await conn.execute(sa.select(inbound.c.id, inbound.c.sender, inbound.c.body)
                                       .where(inbound.c.thread_id == thread_id,
                                              inbound.c.delivery == "queued")
                                       .order_by(inbound.c.id))).all()
        if not rows:
            return False
        ids = [row.id for row in rows]
        async with self.engine.begin() as conn:  # claim them for this interrupt
            claimed = (await conn.execute(inbound.update().where(
                inbound.c.id.in_(ids), inbound.c.delivery == "queued").values(
                delivery="delivering", interrupt_id=pending.id))).rowcount
        if claimed != len(ids):
            await self.release(ids, pending.id)
            return False
        message = "\n\n".join(row.body or "" for row in rows).strip() or "(empty reply)"
        decision = Decision(type="respond", message=message[:4000],
                            actor=(rows[0].sender or "")[:200] or None)
        try:
            run = await self.desk.prepare_decide(thread_id, decision, interrupt_id=pending.id,
                                                 claim=self.claim)
        except (DecisionError, ThreadBusyError):
            await self.release(ids, pending.id)
            return False
        async with self.engine.begin() as conn:
            await conn.execute(inbound.update().where(inbound.c.id.in_(ids)).values(
                delivery="delivered"))
        await self.launch(run)
        return True

    async def release(self, ids: list[int], interrupt_id: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(inbound.update().where(
                inbound.c.id.in_(ids), inbound.c.delivery == "delivering",
                inbound.c.interrupt_id == interrupt_id).values(delivery="queued",
                                                               interrupt_id=None))

    async def recover(self) -> None:
        """Replies a crash left ``delivering``: delivered if their decision was recorded."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(sa.select(
                inbound.c.id, inbound.c.thread_id, inbound.c.interrupt_id).where(
                inbound.c.delivery == "delivering"))).all()
        for row in rows:
            decided = await self.desk.store.get_decision(row.thread_id or "",
                                                         row.interrupt_id or "")
            async with self.engine.begin() as conn:
                await conn.execute(inbound.update().where(inbound.c.id == row.id).values(
                    delivery="delivered" if decided else "queued",
                    interrupt_id=row.interrupt_id if decided else None))
