"""What a graph's nodes get from the runtime for one run (LangGraph ``context``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import BaseTool

from agentdesk.runtime.tools import ToolPolicy

__all__ = ["AgentContext", "execute_tool_calls"]


@dataclass
class AgentContext:
    """Per-run dependencies; never checkpointed, rebuilt by every process."""

    model: BaseChatModel
    tools: dict[str, BaseTool] = field(default_factory=dict)
    policy: ToolPolicy = field(default_factory=ToolPolicy)
    thread_id: str = ""
    run_id: str = ""
    actor: str | None = None
    owner: str | None = None
    """The API key's name that owns the thread (None without keys): scopes user memory."""
    resources: dict[str, Any] = field(default_factory=dict)
    """What the agent's ``resources`` factory opened for this run (a database...)."""
    effects: Any = None
    """The effect ledger (:class:`~agentdesk.runtime.durable.effects.EffectLedger`): tool calls
    that change the world go through it, so they happen once across attempts."""


async def execute_tool_calls(message: AIMessage, context: AgentContext) -> list[ToolMessage]:
    """Run the tool calls of ``message`` under the run's policy, streaming progress."""
    from langgraph.config import get_stream_writer

    writer: Any = get_stream_writer()
    return await context.policy.run_calls(message, context.tools, emit=writer)
