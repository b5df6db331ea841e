"""Agents by name. Adding an agent means adding a domain package (see :mod:`.catalog`).

Graphs of your own (from a ``langgraph.json``, see :mod:`.graphs`) join them
at run time with :func:`register`, never at import.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from langgraph.graph import StateGraph
from pydantic import BaseModel

from agentdesk.errors import ConfigError, NotFoundError
from agentdesk.settings import Settings

from . import catalog
from .approvals import Decision, InterruptKind

__all__ = ["AGENTS", "AgentSpec", "agent_names", "get_agent", "register", "unregister"]

AGENTS: dict[str, str] = catalog.agent_modules()
"""Built-in agents: name -> module with its ``SPEC``, as the domains declare them."""


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
    compile_graph: Callable[[Any], Any] | None = None
    """Compiles the graph on the given checkpointer, where ``build_graph().compile`` will
    not do (a graph of your own keeps its own compile options)."""
    origin: str | None = None
    """Where a graph of your own came from (``file.py:variable``); None for built-in agents,
    whose input the HTTP API adapts (a chat ``messages`` list becomes the request text)."""
    answer_nodes: tuple[str, ...] = ()
    """Nodes whose model tokens are the answer a person reads: the CLI writes them out
    as they stream (other nodes' tokens only show in its progress line)."""
    run_graph: Callable[[Any, Any, Any], AbstractAsyncContextManager[Any]] | None = None
    """A graph of your own from a factory: ``run_graph(config, context, checkpointer)``
    opens the graph one run executes, the factory called with that run's config."""
    complete_input: Callable[[dict[str, Any], BaseChatModel, Settings, RunnableConfig],
                             dict[str, Any] | None] | None = None
    """Reads, with the run's model, what a start input ``input_schema`` refused leaves
    unread: ``complete_input(payload, model, settings, config)`` returns the payload with
    what the model found (validated again, and refused as usual if still invalid), or None
    when it found nothing. Called off the event loop, before anything is written;
    ``config`` carries the thread's id, for the model call."""


_REGISTERED: dict[str, tuple[AgentSpec, int]] = {}
"""Specs registered at run time, with how many holders registered each."""


def register(specs: list[AgentSpec]) -> None:
    """Serve ``specs`` beside the built-in agents until :func:`unregister` (counted)."""
    for spec in specs:
        if spec.name in AGENTS:
            raise ConfigError(f"graph {spec.name!r} has the name of a built-in agent; "
                              "name it differently", field="graphs")
        held = _REGISTERED.get(spec.name)
        if held is not None and held[0] is not spec:
            raise ConfigError(f"graph {spec.name!r} is already served from {held[0].origin}",
                              field="graphs")
        _REGISTERED[spec.name] = (spec, (held[1] if held else 0) + 1)


def unregister(specs: list[AgentSpec]) -> None:
    """Undo one :func:`register` of ``specs``."""
    for spec in specs:
        held = _REGISTERED.get(spec.name)
        if held is None or held[0] is not spec:
            continue
        if held[1] <= 1:
            del _REGISTERED[spec.name]
        else:
            _REGISTERED[spec.name] = (spec, held[1] - 1)


def agent_names() -> list[str]:
    return sorted([*AGENTS, *_REGISTERED])


def get_agent(name: str) -> AgentSpec:
    """The spec of agent ``name``; imported on first use."""
    held = _REGISTERED.get(name)
    if held is not None:
        return held[0]
    if name not in AGENTS:
        raise NotFoundError(f"no agent named {name!r}; agents: {', '.join(agent_names())}")
    spec: AgentSpec = importlib.import_module(AGENTS[name]).SPEC
    return spec
