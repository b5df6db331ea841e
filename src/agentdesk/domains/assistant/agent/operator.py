"""MCP servers the operator adds (``AGENTDESK_MCP_SERVERS``), reached through
langchain-mcp-adapters' ``MultiServerMCPClient``.

The file is JSON or TOML in the client's own shape, one entry per server::

    {"weather": {"transport": "streamable_http", "url": "http://127.0.0.1:9000/mcp"},
     "notes": {"transport": "stdio", "command": "python", "args": ["notes_server.py"]}}

(a top-level ``mcpServers`` or ``servers`` table is accepted too). A server that is
down is reported in the run, never fatal: its tools are simply not offered.
"""

from __future__ import annotations

import asyncio
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langchain_core.tools import BaseTool

from agentdesk.errors import ConfigError

__all__ = ["ENV", "OperatorTools", "load_operator_tools", "read_servers"]

ENV = "AGENTDESK_MCP_SERVERS"
CONNECT_TIMEOUT = 10.0


@dataclass
class OperatorTools:
    """The operator's tools by name, and the servers that could not be reached."""

    tools: dict[str, BaseTool] = field(default_factory=dict)
    down: dict[str, str] = field(default_factory=dict)
    """Server name -> why it could not be reached."""


def read_servers(path: Path) -> dict[str, dict[str, Any]]:
    """The connections of the file at ``path``; a bad file is a :class:`ConfigError`."""
    try:
        text = path.read_text(encoding="utf-8")
        raw = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{ENV}: cannot read {path}: {exc}") from None
    servers = raw.get("mcpServers") or raw.get("servers") or raw
    if not isinstance(servers, dict) or not all(isinstance(v, dict) for v in servers.values()):
        raise ConfigError(f"{ENV}: {path}: expected a table of servers, each a table")
    out: dict[str, dict[str, Any]] = {}
    for name, spec in servers.items():
        spec = dict(spec)
        if "transport" not in spec:
            spec["transport"] = "stdio" if "command" in spec else "streamable_http"
        if spec["transport"] == "stdio" and "command" not in spec:
            raise ConfigError(f"{ENV}: {path}: server {name!r}: stdio needs a command")
        if spec["transport"] != "stdio" and "url" not in spec:
            raise ConfigError(f"{ENV}: {path}: server {name!r}: {spec['transport']} needs a url")
        out[str(name)] = spec
    return out


async def load_operator_tools(path: Path | None = None) -> OperatorTools:
    """Each configured server's tools; a server that does not answer goes to ``down``.

    ``path`` defaults to the settings' ``mcp_servers`` (``AGENTDESK_MCP_SERVERS``).
    """
    from langchain_mcp_adapters.client import MultiServerMCPClient

    from agentdesk.settings import get_settings

    where = path if path is not None else get_settings().mcp_servers
    found = OperatorTools()
    if not where:
        return found
    servers = read_servers(Path(where))
    client = MultiServerMCPClient(servers)  # type: ignore[arg-type]

    async def one(name: str) -> None:
        try:
            tools = await asyncio.wait_for(client.get_tools(server_name=name), CONNECT_TIMEOUT)
        except Exception as exc:  # any failure to connect: reported, not fatal
            found.down[name] = f"{type(exc).__name__}: {exc}"[:300] or type(exc).__name__
            return
        for tool in tools:
            found.tools.setdefault(tool.name, tool)

    await asyncio.gather(*(one(name) for name in servers))
    return found
