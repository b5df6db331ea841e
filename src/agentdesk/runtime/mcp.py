"""MCP tool servers, one per domain, found by name.

Each is a FastMCP server built by ``build_server()`` in its own package. The
runtime reaches it in-process by default, or over stdio or streamable HTTP
when ``AGENTDESK_TOOLSERVER_<NAME>`` says ``stdio`` or gives a URL.
"""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

from langchain_core.tools import BaseTool

from agentdesk.errors import ConfigError, NotFoundError
from agentdesk.settings import Settings

from . import catalog, telemetry

__all__ = ["SERVERS", "build_server", "open_tools"]

SERVERS: dict[str, str] = catalog.tool_server_modules()
"""Tool server name -> module with its ``build_server()``, as the domains declare them."""


_IN_PROCESS: dict[str, Any] = {}


def build_server(name: str) -> Any:
    """A new FastMCP server for domain ``name``."""
    if name not in SERVERS:
        raise NotFoundError(f"no tool server named {name!r}; known: {', '.join(sorted(SERVERS))}")
    return importlib.import_module(SERVERS[name]).build_server()


def _client(name: str, settings: Settings) -> Any:
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport

    where = settings.toolserver_for(name)
    if where == "inprocess":
        # Tool errors go back to the caller as results; FastMCP need not log them too.
        logging.getLogger("fastmcp").setLevel(logging.CRITICAL)
        # One server per process: a stateful domain (simulations, jobs) must outlive a run.
        if name not in _IN_PROCESS:
            _IN_PROCESS[name] = build_server(name)
        return Client(_IN_PROCESS[name])
    if where == "stdio":
        return Client(StdioTransport(command=sys.executable, args=[
            "-m", "agentdesk", "toolserver", name, "--transport", "stdio"]))
    if where.startswith(("http://", "https://")):
        # The run's trace goes on in the server (W3C traceparent; none when tracing is off).
        traced = telemetry.headers()
        if not traced:
            return Client(where)
        from fastmcp.client.transports import infer_transport

        transport = infer_transport(where)
        transport.headers = {**transport.headers, **traced}  # type: ignore[union-attr]
        return Client(transport)
    raise ConfigError(f"AGENTDESK_TOOLSERVER_{name.upper()}: {where!r} is not inprocess, "
                      "stdio or an http(s):// URL")


@asynccontextmanager
async def open_tools(names: Sequence[str], settings: Settings) -> AsyncIterator[dict[str, BaseTool]]:
    """Connect to each named server and yield its tools as LangChain tools, by name."""
    if not names:  # a graph of one's own: no servers, nothing to open at every run
        yield {}
        return
    from langchain_mcp_adapters.tools import load_mcp_tools

    tools: dict[str, BaseTool] = {}
    async with AsyncExitStack() as stack:
        for name in names:
            client = _client(name, settings)
            try:
                await stack.enter_async_context(client)
            except Exception as exc:
                raise ConfigError(f"tool server {name!r}: cannot connect: {exc}") from exc
            for tool in await load_mcp_tools(client.session):
                tool.metadata = {**(tool.metadata or {}), "mcp_server": name}
                tools[tool.name] = tool
        yield tools
