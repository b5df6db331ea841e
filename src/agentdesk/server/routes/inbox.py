"""For people and simple clients: the approvals inbox and direct decisions."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Request

from agentdesk.errors import NotFoundError
from agentdesk.runtime.approvals import parse_decision
from agentdesk.server.auth import allowed
from agentdesk.server.deps import CallerDep, DeskDep, ManagerDep, Owner, ThreadId
from agentdesk.server.schemas import DecisionIn
from agentdesk.server.stream import PEOPLE_MODES
from agentdesk.server.views import assistant_id

router = APIRouter(tags=["inbox"])


@router.get("/interrupts")
async def inbox(request: Request, desk: DeskDep, owner: Owner,
                status: Literal["pending"] = Query(default="pending"),
                limit: int = Query(default=100, ge=1, le=1000)) -> list[dict[str, Any]]:
    """Every pending interrupt across agents and threads, newest first."""
    records = await desk.store.list_threads(status="interrupted", owner=owner, limit=limit)
    items = []
    for record in records:
        try:
            view = await desk.view(record.thread_id, owner)
        except NotFoundError:  # deleted meanwhile, or its graph is no longer configured
            continue
        if view.interrupt is None or record.agent is None:
            continue
        if not allowed(request, record.metadata):  # langgraph.json auth's filter
            continue
        items.append({"thread_id": record.thread_id, "agent": record.agent,
                      "assistant_id": assistant_id(record.agent),
                      "interrupt": view.interrupt.model_dump(mode="json"),
                      "current_step": view.values.get("current_step"),
                      "updated_at": record.updated_at.isoformat(),
                      "metadata": record.metadata})
    return items


@router.post("/threads/{thread_id}/decisions")
async def decide(thread_id: ThreadId, body: DecisionIn, desk: DeskDep, manager: ManagerDep,
                 caller: CallerDep) -> dict[str, Any]:
    """Answer the pending interrupt (exactly once) and wait for the run it starts.

    With API keys the actor recorded is the key's name; a name in the body is kept
    beside it as ``display_name``, never in its place.
    """
    owner = caller.owner
    decision = parse_decision({"type": body.type, "args": body.args, "message": body.message,
                               "actor": caller.actor(body.actor),
                               "display_name": caller.beside(body.actor), "value": body.value})
    run = await desk.prepare_decide(thread_id, decision, interrupt_id=body.interrupt_id,
                                    owner=owner, stream_modes=PEOPLE_MODES,
                                    claim=manager.workers)
    await manager.launch(run)
    await manager.wait(run.run_id)
    return (await desk.outcome_of(run.run_id)).public()
