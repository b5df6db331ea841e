"""A carrier server on a test clock, called through a real in-memory MCP client."""

from __future__ import annotations

import asyncio
import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from math import prod
from typing import Any

from fastmcp import Client
from fastmcp.client.client import CallToolResult

from agentdesk.domains.insurance.carrier import build_server

NOW = dt.datetime(2027, 1, 10, 12, 0, tzinfo=dt.UTC)
EFFECTIVE = "2027-02-01"
TTL = 3600.0

OHIO = {"first_name": "Ann", "last_name": "Lee", "zip_code": "43215"}
"""Columbus, Franklin County: territory OH-2."""

ANN = {"first_name": "Ann", "last_name": "Lee", "birth_date": "1985-03-14",
       "marital_status": "married", "license_state": "OH", "license_date": "2003-06-01"}
"""41 on the effective date, licensed 23 years, married, no points."""

ACCORD = {"vin": "1HGCM82633A004352", "use": "commute", "garaging_zip": "43215"}
"""A 2003 Honda Accord coupe (vPIC), garaged in Columbus."""

LIABILITY = {"bodily_injury": "25/50", "property_damage": 25000}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: dt.datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)


class Carrier:
    """Calls one carrier server (its sessions on disk) through a new MCP client per call."""

    def __init__(self, clock: Clock, ttl: float = TTL) -> None:
        self.clock = clock
        self.server = build_server(ttl=ttl, clock=clock)

    async def _call(self, tool: str, args: dict[str, Any]) -> CallToolResult:
        async with Client(self.server) as client:
            return await client.call_tool(tool, args, raise_on_error=False)

    def result(self, tool: str, **args: Any) -> CallToolResult:
        return asyncio.run(self._call(tool, args))

    def call(self, tool: str, **args: Any) -> dict[str, Any]:
        """The structured result of a call that must succeed."""
        result = self.result(tool, **args)
        assert not result.is_error, result.content[0].text
        assert isinstance(result.structured_content, dict)
        return result.structured_content

    def error(self, tool: str, **args: Any) -> str:
        """The error text of a call that must be refused."""
        result = self.result(tool, **args)
        assert result.is_error, f"{tool} should have been refused: {result.structured_content}"
        text: str = result.content[0].text
        return text

    def start(self, applicant: dict[str, Any] | None = None, **args: Any) -> str:
        """A new session (Ohio, effective 2027-02-01 unless told); its session_id."""
        args.setdefault("effective_date", EFFECTIVE)
        started = self.call("quote_initiate", applicant=applicant or OHIO, **args)
        session_id: str = started["session_id"]
        return session_id


def whole_dollars(*factors: float) -> int:
    """The product of factors, rounded half up to whole dollars, as the plan says."""
    return int(Decimal(str(prod(factors))).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def premiums(rating: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(vehicle_id, coverage) -> premium, from a rate result's trace."""
    return {(line["vehicle_id"], line["coverage"]): line["premium"] for line in rating["trace"]}
