"""The travel MCP server: airport codes, flight and hotel offers, and what a request names."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

import anyio
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from pydantic import Field

from agentdesk.domains.trip.request import read_request

from ..airports import Airport, airport, airports_for_city
from . import inventory

__all__ = ["build_server"]

INSTRUCTIONS = """Travel search over an offline inventory. Look up IATA codes with
get_airport_code, then search_flights and search_hotels. Prices are USD: flights
per traveler, hotels per room for the whole stay (see max_occupancy). read_trip_request
reads what a request in plain words names: cities, dates, travelers and budget."""


def _parse_date(value: str, field: str) -> date:
    try:
        return date.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        raise ToolError(f"{field}: {value!r} is not a date in the form YYYY-MM-DD") from None


def _airport(code: str, field: str) -> Airport:
    cleaned = (code or "").strip().upper()
    if len(cleaned) != 3 or not cleaned.isalpha():
        raise ToolError(f"{field}: {code!r} is not a 3-letter IATA airport code; "
                        "use get_airport_code to find one")
    found = airport(cleaned)
    if found is None:
        raise ToolError(f"{field}: {cleaned!r} is not a known IATA airport code")
    return found


# The advertised schema says what a value looks like (so constrained decoders write
# only such values); the functions check values themselves, with friendlier errors.
IATA = r"^[A-Za-z]{3}$"
ISO_DATE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


async def get_airport_code(
    city_name: Annotated[str, Field(
        min_length=1, max_length=60,
        description="City name, with its state or country when several cities share it: "
                    "'Lisbon', 'New York', 'Portland, Maine', 'Dublin, Ireland'")],
) -> dict[str, Any]:
    """Find the IATA code of a city's main airport, and its other airports."""
    try:
        # In a thread: the first look-up loads the airport tables (about a second).
        found = await anyio.to_thread.run_sync(airports_for_city, city_name)
    except (LookupError, ValueError) as exc:
        raise ToolError(f"city_name: {exc}") from None
    main, *others = found
    return {"city": main.city, "code": main.iata, "airport": main.name, "region": main.region,
            "country": main.country, "alternatives": [item.to_dict() for item in others]}


def search_flights(
    origin: Annotated[str, Field(json_schema_extra={"pattern": IATA},
                                 description="IATA code of the departure airport, e.g. BOS")],
    destination: Annotated[str, Field(json_schema_extra={"pattern": IATA},
                                      description="IATA code of the arrival airport, e.g. LIS")],
    date: Annotated[str, Field(json_schema_extra={"pattern": ISO_DATE}, description="Departure date, YYYY-MM-DD")],
    return_date: Annotated[
        # The pattern goes on the string branch, where every client's decoder looks for it.
        Annotated[str, Field(json_schema_extra={"pattern": ISO_DATE})] | None,
        Field(description="Return date, YYYY-MM-DD")] = None,
) -> dict[str, Any]:
    """Search flight offers. Prices are per traveler, in USD, cheapest first."""
    start = _airport(origin, "origin")
    end = _airport(destination, "destination")
    if start.iata == end.iata:
        raise ToolError("destination: must differ from origin")
    depart = _parse_date(date, "date")
    back = _parse_date(return_date, "return_date") if return_date else None
    if back is not None and back < depart:
        raise ToolError(f"return_date: {back} is before the departure date {depart}")
    return inventory.flight_offers(start, end, depart, back)


def search_hotels(
    city_code: Annotated[str, Field(json_schema_extra={"pattern": IATA},
                                    description="IATA code of the city's airport, e.g. LIS")],
    check_in: Annotated[str, Field(json_schema_extra={"pattern": ISO_DATE}, description="Check-in date, YYYY-MM-DD")],
    check_out: Annotated[str, Field(json_schema_extra={"pattern": ISO_DATE}, description="Check-out date, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Search hotel offers. Prices are per room for the whole stay, in USD."""
    city = _airport(city_code, "city_code")
    start = _parse_date(check_in, "check_in")
    end = _parse_date(check_out, "check_out")
    if end <= start:
        raise ToolError(f"check_out: {end} is not after check_in {start}")
    if (end - start).days > inventory.MAX_STAY_NIGHTS:
        raise ToolError(f"check_out: stays are limited to {inventory.MAX_STAY_NIGHTS} nights")
    return inventory.hotel_offers(city, start, end)


async def read_trip_request(
    text: Annotated[str, Field(min_length=1, max_length=4000,
                               description="A travel request in plain words")],
) -> dict[str, Any]:
    """Read what a travel request names, by code: ``origin``, ``destination``, ``depart`` and
    ``return`` (ISO dates), ``travelers`` and ``budget``; only the fields it states.

    The trip agent reads its requests with the same rules, so another agent that asks
    here reads a request as the trip agent would.
    """
    # In a thread: the first read loads the airport tables and dateparser (about a second).
    found: dict[str, Any] = await anyio.to_thread.run_sync(read_request, text)
    return found


def build_server() -> FastMCP:
    """A new travel server with its four tools."""
    server: FastMCP = FastMCP("travel", instructions=INSTRUCTIONS)
    for tool in (get_airport_code, search_flights, search_hotels, read_trip_request):
        server.tool(tool)
    return server
