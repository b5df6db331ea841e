"""``POST /ask``: a question about the bank's data, answered as a ``QueryResponse``.

The server mounts this router (it is declared as ``ROUTES`` in the domain's
``__init__``); the run itself goes through :data:`~agentdesk.runtime.runs.ports.AgentRunsDep`,
so this module needs nothing of the server's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from agentdesk.domains.banking.agent.schemas import AskRequest, ExecutionData, QueryResponse
from agentdesk.errors import AgentdeskError
from agentdesk.runtime.runs.ports import AgentRunsDep

router = APIRouter(tags=["banking"])


def _response(query: str, thread_id: str | None, result: dict[str, Any] | None,
              error: str | None) -> QueryResponse:
    result = result or {}
    raw = dict(result.get("execution_result") or {})
    execution = None
    if "rows" in raw:  # the response names the rows ``data``; an {"error"} result is no data
        execution = ExecutionData.model_validate({**raw, "data": raw.pop("rows")})
    return QueryResponse(query=query, thread_id=thread_id,
                         validated_sql=result.get("validated_sql"),
                         execution_result=execution, summary=result.get("summary"),
                         chart_suggestion=result.get("chart_suggestion"),
                         error=error or result.get("error"))


@router.post("/ask", response_model=QueryResponse)
async def ask(body: AskRequest, runs: AgentRunsDep) -> QueryResponse:
    """Answer a question about the bank's data; every failure is an ``error``, never a 500.

    The graph runs as a background run on a new thread of the caller's; its nodes
    (model calls, the database) run in worker threads, off the event loop.
    """
    if not body.query.strip():
        return _response(body.query, None, None, "query: must not be empty")
    try:
        done = await runs.run_to_end("banking", {"user_query": body.query})
    except AgentdeskError as exc:
        return _response(body.query, None, None, exc.message)
    if done.status == "failed":
        from .agent import format_output

        return _response(body.query, done.thread_id, format_output(done.values),
                         done.error)
    return _response(body.query, done.thread_id, done.result, None)
