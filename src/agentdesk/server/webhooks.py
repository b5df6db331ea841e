"""What a run's webhook receives: the run as the API shows it, with its values and error.

The Agent Server's body: the run, ``status``, ``run_started_at``, ``run_ended_at``,
``values`` (the thread's state) and, for a run that failed, ``error``; the
delivery loop adds ``webhook_sent_at`` to each attempt. Built once, when the
loop first sees the run ended, and sent the same on every attempt.
"""

from __future__ import annotations

from typing import Any

from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.storage.store import RunRecord

from .ids import SEP
from .serialize import to_jsonable
from .views import run_view

__all__ = ["webhook_body"]

_ERROR_KIND = {"cancelled": "Cancelled", "error": "RunError", "failed": "RunFailed"}


def _public(thread_id: str) -> str:
    """The id a keyed caller knows: without its ``<namespace>~`` prefix (:mod:`.ids`)."""
    return thread_id.partition(SEP)[2] or thread_id


async def webhook_body(desk: Desk, record: RunRecord) -> dict[str, Any]:
    """The body for ``record``'s webhook (its thread's values read now, as it ended).

    The values are the thread's latest state: right after the run ends, that is
    the state it left, unless another run on the thread has already moved it on.
    """
    thread, snapshot = await desk.snapshot(record.thread_id)
    body = run_view(record, thread.agent)
    body.update(thread_id=_public(record.thread_id),
                run_started_at=body["created_at"], run_ended_at=body["updated_at"],
                values=to_jsonable(snapshot.values) if snapshot is not None else None)
    if record.status in _ERROR_KIND:
        body["error"] = {"error": _ERROR_KIND[record.status],
                         "message": record.error or record.status}
    return body
