"""What the installed domains declare: agents, MCP tool servers, commands and routes, by name.

Each subpackage of :data:`DOMAINS` is one domain. It has an agent when it holds an
``agent`` package (whose ``SPEC`` the registry imports on first use). Its ``__init__``
declares the rest as constants:

* ``TOOL_SERVERS = {"server name": "subpackage"}``: its MCP tool servers;
* ``COMMANDS = {"group": "module:attribute"}``: Typer apps the CLI mounts as
  ``agentdesk <group>``;
* ``ROUTES = "module:attribute"``: an APIRouter the server includes.

A domain's ``__init__`` is light by rule, so reading the catalog loads no graph, no
server and no model; the CLI lists its commands without importing any agent's spec.
Adding a domain is adding a package; nothing here, in the server or in the CLI names one.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from types import ModuleType
from typing import Any

from agentdesk.errors import ConfigError

__all__ = ["DOMAINS", "agent_modules", "command_apps", "load", "route_targets",
           "tool_server_modules"]

DOMAINS = "agentdesk.domains"


@cache
def _domains() -> tuple[str, ...]:
    package = importlib.import_module(DOMAINS)
    return tuple(sorted(info.name for info in pkgutil.iter_modules(package.__path__)
                        if info.ispkg))


def _declarations() -> list[tuple[str, ModuleType]]:
    """Each domain's name and its (light) ``__init__`` module."""
    return [(name, importlib.import_module(f"{DOMAINS}.{name}")) for name in _domains()]


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
    for name, domain in _declarations():
        for server, subpackage in getattr(domain, "TOOL_SERVERS", {}).items():
            found[server] = f"{DOMAINS}.{name}.{subpackage}"
    return found


def command_apps() -> dict[str, str]:
    """Command group name -> ``package.module:attribute`` of the Typer app that holds it.

    Raises:
        ConfigError: two domains declare the same group.
    """
    found: dict[str, str] = {}
    for name, domain in _declarations():
        for group, target in getattr(domain, "COMMANDS", {}).items():
            if group in found:
                raise ConfigError(f"command group {group!r} is declared by two domains: "
                                  f"{found[group]} and {DOMAINS}.{name}.{target}")
            found[group] = f"{DOMAINS}.{name}.{target}"
    return found


def route_targets() -> list[str]:
    """``package.module:attribute`` of each domain's APIRouter, in domain order."""
    return [f"{DOMAINS}.{name}.{domain.ROUTES}" for name, domain in _declarations()
            if getattr(domain, "ROUTES", None)]


def load(target: str) -> Any:
    """The object a ``package.module:attribute`` target names (importing its module)."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)
