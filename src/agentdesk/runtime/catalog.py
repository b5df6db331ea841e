"""What the installed domains declare: their agents and their MCP tool servers, by name.

Each subpackage of :data:`DOMAINS` is one domain. It has an agent when it holds an
``agent`` package (whose ``SPEC`` the registry imports on first use), and it names its
tool servers in its ``__init__`` as ``TOOL_SERVERS = {"server name": "subpackage"}``.
A domain's ``__init__`` is light by rule, so reading the catalog loads no graph, no
server and no model. Adding a domain is adding a package; nothing here names one.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache

__all__ = ["DOMAINS", "agent_modules", "tool_server_modules"]

DOMAINS = "agentdesk.domains"


@cache
def _domains() -> tuple[str, ...]:
    package = importlib.import_module(DOMAINS)
    return tuple(sorted(info.name for info in pkgutil.iter_modules(package.__path__)
                        if info.ispkg))


def agent_modules() -> dict[str, str]:
    """Agent name -> the module whose ``SPEC`` describes it; the name is the domain's."""
    found: dict[str, str] = {}
    for name in _domains():
        if importlib.util.find_spec(f"{DOMAINS}.{name}.agent") is not None:
            found[name] = f"{DOMAINS}.{name}.agent"
    return found


def tool_server_modules() -> dict[str, str]:
    """Tool server name -> the module whose ``build_server()`` builds it."""
    found: dict[str, str] = {}
    for name in _domains():
        domain = importlib.import_module(f"{DOMAINS}.{name}")
        for server, subpackage in getattr(domain, "TOOL_SERVERS", {}).items():
            found[server] = f"{DOMAINS}.{name}.{subpackage}"
    return found
