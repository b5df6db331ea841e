"""What the planner asks other domains' tool servers before it writes a call.

The bank's server reads a question about the bank's data (``bank_readings``); the
travel server reads what a travel request names (``read_trip_request``) and knows which
airport serves a city (``get_airport_code``). All are asked over MCP, through the run's tool policy (timeout, retries, audit), like any other call;
their answers shape the plan and are not results the answer cites.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.tools import BaseTool

from agentdesk.runtime.tools import ToolPolicy, tool_result_data

__all__ = ["CodeLookup", "TravelLookups", "ask", "bank_readings", "travel_lookups"]

CodeLookup = Callable[[str], Awaitable[str]]
"""A city's airport code, or the city itself when no code is found."""


async def ask(tools: Mapping[str, BaseTool], policy: ToolPolicy, name: str,
              args: dict[str, Any]) -> Any:
    """The JSON tool ``name`` answers ``args`` with; None when it is missing or fails."""
    tool = tools.get(name)
    if tool is None:
        return None
    call = {"id": f"call_{uuid.uuid4().hex[:12]}", "name": name, "args": args,
            "type": "tool_call"}
    message = await policy.call(tool, call)
    return None if message.status == "error" else tool_result_data(message)


TripLookup = Callable[[str], Awaitable[dict[str, Any]]]
"""What a travel request names (``origin``, ``destination``, ``depart``, ``return``...)."""


@dataclass(frozen=True)
class TravelLookups:
    """What the planner asks the travel server while it reads a question."""

    code: CodeLookup
    read: TripLookup


def travel_lookups(tools: Mapping[str, BaseTool], policy: ToolPolicy) -> TravelLookups:
    """Look-ups on the travel server's ``get_airport_code`` and ``read_trip_request``.

    A 3-letter code stays as it is; a city the tool cannot find stays a name, so the
    search tool that gets it says what is wrong with it. A request the server cannot read
    (or no travel server) names nothing.
    """
    async def code(city: str) -> str:
        if len(city) == 3 and city.isupper():
            return city
        found = await ask(tools, policy, "get_airport_code", {"city_name": city})
        found_code = found.get("code") if isinstance(found, dict) else None
        return found_code if isinstance(found_code, str) else city

    async def read(text: str) -> dict[str, Any]:
        found = await ask(tools, policy, "read_trip_request", {"text": text})
        return found if isinstance(found, dict) else {}

    return TravelLookups(code, read)


async def bank_readings(question: str, tools: Mapping[str, BaseTool],
                        policy: ToolPolicy) -> list[dict[str, Any]]:
    """The bank reader's readings of ``question``, best first: ``reading``, ``sql``, ``plan``."""
    found = await ask(tools, policy, "bank_readings", {"question": question})
    readings = found.get("readings") if isinstance(found, dict) else None
    return [r for r in readings or [] if isinstance(r, dict)]
