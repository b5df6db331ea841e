"""``POST /ask``: the banking assistant's question endpoint (seed 002)."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter

from agentdesk.domains.banking.agent.schemas import AskRequest, ExecutionData, QueryResponse
from agentdesk.errors import AgentdeskError
from agentdesk.server.deps import CallerDep, DeskDep, ManagerDep
from agentdesk.server.manager import PEOPLE_MODES

router = APIRouter(tags=["banking"])


def _response(query: str, thread_id: str | None, result: dict[str, Any] | None,
              error: str | None) -> QueryResponse:
    result = result or {}
    raw = dict(result.get("execution_result") or {})
    execution = None
    if "rows" in raw:  # the seed normalises rows -> data; an {"error"} result is no data
        execution = ExecutionData.model_validate({**raw, "data": raw.pop("rows")})
    return QueryResponse(query=query, thread_id=thread_id,
                         validated_sql=result.get("validated_sql"),
                         execution_result=execution, summary=result.get("summary"),
                         chart_suggestion=result.get("chart_suggestion"),
                         error=error or result.get("error"))


@router.post("/ask", response_model=QueryResponse)
async def ask(body: AskRequest, desk: DeskDep, manager: ManagerDep, caller: CallerDep,
              ) -> QueryResponse:
    """Answer a question about the bank's data; every failure is an ``error``, never a 500.

    The graph runs as a background run; its nodes (model calls, the database) run in
    worker threads, off the event loop.
    """
    owner = caller.owner
    if not body.query.strip():
        return _response(body.query, None, None, "query: must not be empty")
    try:
        run = await desk.prepare_start("banking", {"user_query": body.query}, owner=owner,
                                       new_thread_id=caller.ids.inward(str(uuid.uuid4())),
                                       actor=caller.actor(), display_name=caller.beside(),
                                       stream_modes=PEOPLE_MODES,
                                       claim=manager.workers)
    except AgentdeskError as exc:
        return _response(body.query, None, None, exc.message)
    await manager.launch(run)
    await manager.wait(run.run_id)
    outcome = await desk.outcome_of(run.run_id)
    if outcome.status == "failed":
        values = (await desk.view(run.thread_id, owner)).values
        from .agent import format_output

        message = (outcome.error or {}).get("message", "failed")
        return _response(body.query, run.thread_id, format_output(values), message)
    return _response(body.query, run.thread_id, outcome.result, None)
