"""``/mcp``: every assistant as an MCP tool, over streamable HTTP (the ``mcp`` library).

As the Agent Server does, each assistant is one tool (its name, description and
input schema). Calling it runs the agent on a new thread of the caller's, through
the same path as ``POST /threads/{id}/runs/wait`` (a durable run record, the run
queue, its lease), and answers the thread's final values. A run that pauses is not
an error: the answer is the pending decision (the interrupt payload, the thread id
and how to answer it over HTTP). Callers authenticate with the API's own keys
(``x-api-key`` or ``Authorization: Bearer``); refused keys answer 401 before MCP.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import mcp.types as types
from fastapi import FastAPI, HTTPException
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.registry import agent_names, get_agent
from agentdesk.server.deps import ACTOR_HEADER, Caller, _caller
from agentdesk.server.ids import SEP

# The wait route's own steps, so a tool call is exactly a ``runs/wait`` on a new thread.
from agentdesk.server.routes.runs import _final as final_values
from agentdesk.server.routes.runs import _new_thread as new_thread
from agentdesk.server.routes.runs import prepare
from agentdesk.server.schemas import RunCreate

__all__ = ["McpEndpoint"]

_CALLER = "agentdesk.mcp.caller"
"""Where the authenticated caller waits in the request's scope for the tool call."""


def _tools() -> list[types.Tool]:
    tools = []
    for name in agent_names():
        spec = get_agent(name)
        tools.append(types.Tool(name=spec.name, description=spec.description or spec.name,
                                inputSchema=spec.input_schema.model_json_schema()))
    return tools


def _public(caller: Caller, thread_id: str) -> str:
    """The thread id the caller knows (without its key's namespace)."""
    space = caller.ids.namespace
    return thread_id.removeprefix(f"{space}{SEP}") if space else thread_id


def _pending(caller: Caller, name: str, thread_id: str,
             interrupts: list[dict[str, Any]]) -> dict[str, Any]:
    """A paused run as an answer: what waits for whom, and how to give the decision."""
    public = _public(caller, thread_id)
    return {"status": "interrupted", "thread_id": public, "assistant_id": name,
            "interrupts": interrupts,
            "decide": {"method": "POST", "path": f"/threads/{public}/runs/wait",
                       "body": {"assistant_id": name, "command": {"resume": "<decision>"}},
                       "or": f"POST /threads/{public}/decisions"}}


class McpEndpoint:
    """The MCP server of one app: its tools, its session manager and its ASGI entry."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.server: Server[Any, Any] = Server("agentdesk")
        self.server.list_tools()(self._list_tools)
        self.server.call_tool()(self._call_tool)
        # Stateless and answered as JSON: each call is a request of its own, any process
        # serves it, and nothing of an MCP session lives in this process between calls.
        self.sessions = StreamableHTTPSessionManager(self.server, json_response=True,
                                                     stateless=True)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The session manager's task group: entered once, in the app's lifespan."""
        async with self.sessions.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Authenticate as every route does, then hand the request to MCP."""
        request = Request(scope, receive)
        try:
            caller = await _caller(request, x_api_key=request.headers.get("x-api-key"),
                                   authorization=request.headers.get("authorization"),
                                   x_agentdesk_actor=request.headers.get(ACTOR_HEADER))
        except HTTPException as exc:
            await JSONResponse({"detail": exc.detail}, status_code=exc.status_code)(
                scope, receive, send)
            return
        scope[_CALLER] = caller
        await self.sessions.handle_request(scope, receive, send)

    async def _list_tools(self) -> list[types.Tool]:
        return _tools()

    async def _call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run assistant ``name`` on a new thread to its end or its first pause."""
        request = self.server.request_context.request
        caller = request.scope.get(_CALLER) if isinstance(request, Request) else None
        if not isinstance(caller, Caller):  # only our authenticated entry reaches here
            raise PermissionError("unauthenticated MCP request")
        desk, manager = self.app.state.desk, self.app.state.manager
        body = RunCreate(assistant_id=name, input=arguments)
        thread_id = await new_thread(desk, caller)
        try:
            run = await prepare(desk, manager, thread_id, body, caller.owner, caller)
        except AgentdeskError:
            await desk.store.delete_thread(thread_id)  # a refused call leaves no thread
            raise
        await manager.launch(run, waited=True)
        values = await final_values(desk, manager, thread_id, run.run_id, caller.owner)
        if "__error__" in values:
            raise RuntimeError(values["__error__"]["message"])
        interrupts = values.pop("__interrupt__", None)
        if interrupts:
            return _pending(caller, name, thread_id, interrupts)
        return {"status": "success", "thread_id": _public(caller, thread_id), "values": values}
