"""Options written after a hosted model's name: ``openai:gemma?small=1&structured=json_mode``.

A spec is one string (``AGENTDESK_MODEL``, ``AGENTDESK_MODEL_<AGENT>``, ``--model``, the
model a thread remembers), so what a model is (small or not, how it answers in JSON,
where it is served) travels with its name. An unknown option or a bad value is a
:class:`~agentdesk.errors.ConfigError` that names it.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from typing import Literal, cast
from urllib.parse import parse_qsl, urlsplit

from agentdesk.errors import ConfigError

__all__ = ["STRUCTURED_METHODS", "HostedOptions", "StructuredMethod", "is_loopback",
           "parse_options"]

StructuredMethod = Literal["json_schema", "json_mode", "function_calling"]
STRUCTURED_METHODS: tuple[StructuredMethod, ...] = ("json_schema", "json_mode",
                                                    "function_calling")
"""How an OpenAI-compatible server is asked for JSON, in the order the probe tries them."""

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class HostedOptions:
    """What a spec's options say; ``None`` where the spec is silent."""

    base_url: str | None = None
    """The server's OpenAI API root (``http://127.0.0.1:8080/v1``); else ``OPENAI_BASE_URL``."""
    structured: StructuredMethod | None = None
    """How structured output is asked for; ``None``: probed once per server and model."""
    small: bool = False
    """A small model: given the embedded model's narrow choices, never asked to write freely."""

    def resolved_base_url(self) -> str | None:
        """The option, else the environment variables the OpenAI clients read."""
        return (self.base_url or os.environ.get("OPENAI_BASE_URL")
                or os.environ.get("OPENAI_API_BASE") or None)


def _flag(spec: str, name: str, value: str) -> bool:
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ConfigError(f"model {spec!r}: option {name!r} must be 1 or 0 (got {value!r})")


def parse_options(spec: str, query: str) -> HostedOptions:
    """The options in ``query`` (what follows ``?``); ``spec`` is only for the error."""
    if not query:
        return HostedOptions()
    pairs = parse_qsl(query, keep_blank_values=True)
    seen: dict[str, str] = {}
    for name, value in pairs:
        if name in seen:
            raise ConfigError(f"model {spec!r}: option {name!r} is given twice")
        seen[name] = value.strip()
    known = ("base_url", "structured", "small")
    if unknown := [name for name in seen if name not in known]:
        raise ConfigError(f"model {spec!r}: unknown option {unknown[0]!r}; "
                          f"the options are {', '.join(known)}")
    base_url = seen.get("base_url") or None
    if base_url is not None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"model {spec!r}: option 'base_url' must be an http(s) URL "
                              f"such as http://127.0.0.1:8080/v1 (got {base_url!r})")
    structured = seen.get("structured") or None
    if structured is not None and structured not in STRUCTURED_METHODS:
        raise ConfigError(f"model {spec!r}: option 'structured' must be one of "
                          f"{', '.join(STRUCTURED_METHODS)} (got {structured!r})")
    small = _flag(spec, "small", seen["small"]) if "small" in seen else False
    return HostedOptions(base_url=base_url, structured=cast("StructuredMethod | None", structured),
                         small=small)


def is_loopback(url: str | None) -> bool:
    """Whether ``url`` points at this machine (where a server needs no key)."""
    host = urlsplit(url).hostname if url else None
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
