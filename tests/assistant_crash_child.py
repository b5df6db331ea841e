"""A process that runs one assistant turn whose fan-out a test kills with SIGKILL.

Usage: python -m tests.assistant_crash_child DB_PATH WORK_DIR THREAD_ID start|resume

Two tools on a real FastMCP server (in-process): ``quick`` answers at once, ``slow``
hangs in ``start`` mode (so the process dies mid-fan-out) and answers in ``resume``
mode. Each call appends a line to ``WORK_DIR/<tool>.log``. The model is scripted with
its cursor on disk, as ``agentdesk`` keeps it, so the resumed process goes on where the
killed one stopped.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any


async def main(db: str, work: Path, thread_id: str, mode: str) -> None:
    import anyio
    from fastmcp import FastMCP
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    from agentdesk.domains.assistant.agent import SPEC
    from agentdesk.domains.assistant.agent.graph import build_graph
    from agentdesk.domains.assistant.agent.schemas import AssistantInput
    from agentdesk.models.scripted import ScriptedChatModel
    from agentdesk.runtime.runs.context import AgentContext
    from agentdesk.runtime.tools import ToolPolicy
    from tests.assistant_harness import mcp_tools

    server: Any = FastMCP("crash-tools")

    @server.tool
    async def quick() -> dict[str, Any]:
        """Answer at once."""
        with (work / "quick.log").open("a") as log:
            log.write(f"{mode}\n")
        return {"answer": "quick"}

    @server.tool
    async def slow() -> dict[str, Any]:
        """Hang in start mode; answer in resume mode."""
        with (work / "slow.log").open("a") as log:
            log.write(f"{mode}\n")
        if mode == "start":
            await anyio.sleep(600)
        return {"answer": "slow"}

    model = ScriptedChatModel(path=work / "script.json", cursor_dir=work / "cursors")
    async with AsyncSqliteSaver.from_conn_string(db) as saver, mcp_tools(server) as tools:
        graph = build_graph().compile(checkpointer=saver)
        context = AgentContext(model=model, tools=tools, thread_id=thread_id,
                               policy=ToolPolicy(timeout=900, retries=0))
        config: Any = {"configurable": {"thread_id": thread_id}}
        graph_input = SPEC.initial_state(AssistantInput(messages="Ask quick and slow")) \
            if mode == "start" else None
        async for _ in graph.astream(graph_input, config, context=context, durability="sync"):
            pass
        state = await graph.aget_state(config)
        print(json.dumps({"answer": state.values.get("answer"),
                          "results": state.values.get("tool_results")}, default=str))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3], sys.argv[4]))
