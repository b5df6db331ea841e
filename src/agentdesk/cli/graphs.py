"""Graphs of your own (a ``langgraph.json``) for the commands: ``--config`` and lookups.

Kept cheap to import, like every CLI module: the runtime is imported inside the helpers.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.commands import fail

if TYPE_CHECKING:
    from agentdesk.runtime.registry import AgentSpec
    from agentdesk.settings import Settings

__all__ = ["ConfigOpt", "spec_of", "with_graphs"]

ConfigOpt = Annotated[Path | None, typer.Option(
    "--config", help="A langgraph.json: serve its graphs too (instead of AGENTDESK_GRAPHS).")]


def with_graphs(settings: Settings, config: Path | None, as_json: bool) -> Settings:
    """``settings`` with ``--config`` in place of AGENTDESK_GRAPHS, its graphs loaded once
    (a graph that cannot be loaded is one line and exit 2, before anything starts)."""
    import asyncio

    from agentdesk.runtime.graphs import load_graphs

    if config is not None:
        settings = settings.model_copy(update={"graphs": config.expanduser()})
    if settings.graphs is not None:
        try:
            asyncio.run(load_graphs(settings.graphs))
        except AgentdeskError as exc:
            fail(exc, as_json)
    return settings


def spec_of(name: str, settings: Settings) -> AgentSpec:
    """Agent ``name``: a built-in one, or a graph of AGENTDESK_GRAPHS (loaded, not registered:
    the desk registers them while it is open)."""
    import asyncio

    from agentdesk.runtime.graphs import load_graphs
    from agentdesk.runtime.registry import get_agent

    if settings.graphs is not None:
        for spec in asyncio.run(load_graphs(settings.graphs)):
            if spec.name == name:
                return spec
    return get_agent(name)
