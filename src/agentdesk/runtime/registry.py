"""Agents by name. Adding an agent means one package and one line in ``AGENTS``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from langgraph.graph import StateGraph
from pydantic import BaseModel

from agentdesk.errors import NotFoundError

from .approvals import Decision, InterruptKind

__all__ = ["AGENTS", "AgentSpec", "agent_names", "get_agent"]

AGENTS: dict[str, str] = {
    "trip": "agentdesk.agents.trip",
    "banking": "agentdesk.agents.banking",
    "simulation": "agentdesk.agents.simulation",
}


def _no_failure(values: dict[str, Any]) -> str | None:
    return None


def _no_edit(values: dict[str, Any], decision: Decision) -> None:
    return None


@dataclass(frozen=True)
class AgentSpec:
    """Everything the runtime needs to know about one agent."""

    name: str
    description: str
    build_graph: Callable[[], StateGraph[Any, Any, Any, Any]]
    """A new, uncompiled graph; the runtime compiles it with its checkpointer."""
    input_schema: type[BaseModel]
    """Validates what a caller passes to start a thread."""
    initial_state: Callable[[Any], dict[str, Any]]
    """Turns a validated input into the graph's first input."""
    result: Callable[[dict[str, Any]], Any]
    """The agent's final output, from the thread's last values."""
    interrupt_kinds: tuple[InterruptKind, ...] = ()
    toolservers: tuple[str, ...] = ()
    recursion_limit: int = 25
    failure: Callable[[dict[str, Any]], str | None] = _no_failure
    """Why a thread that reached the end failed (e.g. retries ran out), or None."""
    check_edit: Callable[[dict[str, Any], Decision], None] = _no_edit
    """Validate an ``edit`` decision's args against the thread (raise InputError)."""
    render: Callable[[dict[str, Any]], str] | None = field(default=None)
    """Render-ready text of a thread's state for ``agentdesk show``."""
    notebook: Callable[[dict[str, Any], list[Any]], str] | None = None
    """The thread as a Markdown lab notebook (values, audit trail), where it makes sense."""
    request_field: str = "messages"
    """The input field a plain-text request goes to (``agentdesk run AGENT "..."``)."""
    resources: Callable[[Any], dict[str, Any]] | None = None
    """Opens what the nodes need besides a model and tools (given the settings)."""


def agent_names() -> list[str]:
    return sorted(AGENTS)


def get_agent(name: str) -> AgentSpec:
    """The spec of agent ``name``; imported on first use."""
    if name not in AGENTS:
        raise NotFoundError(f"no agent named {name!r}; agents: {', '.join(agent_names())}")
    spec: AgentSpec = importlib.import_module(AGENTS[name]).SPEC
    return spec
