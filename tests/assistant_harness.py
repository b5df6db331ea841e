"""Drive the assistant's graph directly: a real SQLite checkpointer and Store, the real MCP
tool servers in-process, a scripted model, and the ``astream_events`` v2 feed recorded."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langchain_core.tools import BaseTool
from langgraph.types import Command

from agentdesk.models.scripted import ScriptedChatModel
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import ToolPolicy


class EmbeddedStandIn(ScriptedChatModel):
    """A scripted model the agent treats like the embedded one (code plans, model picks)."""

    small: bool = True


def script(tmp_path: Path, *items: dict[str, Any], name: str = "script.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(list(items)))
    return path


@dataclass
class Turn:
    values: dict[str, Any]
    events: list[dict[str, Any]]
    interrupts: list[Any] = field(default_factory=list)

    def named(self, event: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == event]


@dataclass
class Harness:
    graph: Any
    store: Any
    tools: dict[str, BaseTool]
    model: Any
    policy: ToolPolicy
    owner: str | None = None
    resources: dict[str, Any] = field(default_factory=dict)

    async def turn(self, thread_id: str, text: str | None = None, *, user_id: str = "ana",
                   resume: Any = None, owner: str | None = None) -> Turn:
        from agentdesk.domains.assistant.agent import SPEC
        from agentdesk.domains.assistant.agent.schemas import AssistantInput

        context = AgentContext(model=self.model, tools=self.tools, policy=self.policy,
                               thread_id=thread_id, run_id="run", owner=owner or self.owner,
                               resources=self.resources)
        config = {"configurable": {"thread_id": thread_id}, "recursion_limit": 40}
        graph_input: Any
        if resume is not None:
            graph_input = Command(resume=resume)
        else:
            graph_input = SPEC.initial_state(AssistantInput(messages=text or "",
                                                            user_id=user_id))
        events = [e async for e in self.graph.astream_events(
            graph_input, config, context=context, version="v2")]
        state = await self.graph.aget_state(config)
        interrupts = [i.value for t in state.tasks for i in t.interrupts]
        return Turn(dict(state.values), events, interrupts)


@asynccontextmanager
async def harness(tmp_path: Path, model: Any, *, servers: tuple[str, ...] = (
        "assistant", "bank", "travel"), policy: ToolPolicy | None = None,
        extra_tools: dict[str, BaseTool] | None = None,
        resources: dict[str, Any] | None = None) -> AsyncIterator[Harness]:
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
    from langgraph.store.sqlite.aio import AsyncSqliteStore

    from agentdesk.domains.assistant.agent.graph import build_graph
    from agentdesk.runtime.mcp import open_tools
    from agentdesk.settings import get_settings

    db = str(tmp_path / "assistant.db")
    async with AsyncSqliteSaver.from_conn_string(db) as saver, \
            AsyncSqliteStore.from_conn_string(str(tmp_path / "store.db")) as store, \
            open_tools(servers, get_settings()) as tools:
        await store.setup()
        graph = build_graph().compile(checkpointer=saver, store=store)
        yield Harness(graph, store, {**tools, **(extra_tools or {})}, model,
                      policy or ToolPolicy(timeout=10, retries=1, backoff_initial=0.05),
                      resources=resources or {})


@asynccontextmanager
async def mcp_tools(server: Any) -> AsyncIterator[dict[str, BaseTool]]:
    """The tools of a FastMCP ``server``, in-process, as LangChain tools."""
    from fastmcp import Client
    from langchain_mcp_adapters.tools import load_mcp_tools

    async with Client(server) as client:
        yield {tool.name: tool for tool in await load_mcp_tools(client.session)}


def tool_server() -> Any:
    """Slow tools and a stalled one, counting their calls: a real FastMCP server."""
    import anyio
    from fastmcp import FastMCP

    server: Any = FastMCP("test-tools")
    server.calls = {"slow_a": 0, "slow_b": 0, "stall": 0}

    @server.tool
    async def slow_a(seconds: float = 0.8) -> dict[str, Any]:
        """Wait, then answer A."""
        server.calls["slow_a"] += 1
        await anyio.sleep(seconds)
        return {"answer": "A"}

    @server.tool
    async def slow_b(seconds: float = 0.8) -> dict[str, Any]:
        """Wait, then answer B."""
        server.calls["slow_b"] += 1
        await anyio.sleep(seconds)
        return {"answer": "B"}

    @server.tool
    async def stall() -> dict[str, Any]:
        """Never answers in time."""
        server.calls["stall"] += 1
        await anyio.sleep(30)
        return {"answer": "late"}

    return server
