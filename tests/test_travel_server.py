"""The travel MCP server through real MCP clients: in memory, via LangChain, over stdio."""

from __future__ import annotations

import asyncio
import logging
import statistics
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from fastmcp.exceptions import ToolError
from langchain_core.messages import ToolMessage
from langchain_mcp_adapters.tools import load_mcp_tools

from agentdesk.domains.trip.travel import build_server
from agentdesk.runtime.tools import tool_result_data

TOOLS = {"get_airport_code", "search_flights", "search_hotels", "read_trip_request"}


@pytest.fixture(autouse=True)
def quiet_fastmcp() -> Iterator[None]:
    """The server logs every tool error it returns; the tests expect those errors."""
    logger = logging.getLogger("fastmcp")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


async def _call(tool: str, **args: Any) -> Any:
    """Call ``tool`` in memory; returns the CallToolResult (errors included, not raised)."""
    async with Client(build_server()) as client:
        return await client.call_tool(tool, args, raise_on_error=False)


def call(tool: str, **args: Any) -> dict[str, Any]:
    """The structured result of a successful call."""
    result = asyncio.run(_call(tool, **args))
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def error(tool: str, **args: Any) -> str:
    """The error text of a call that must fail."""
    result = asyncio.run(_call(tool, **args))
    assert result.is_error, f"{tool}({args}) should have failed: {result.structured_content}"
    return result.content[0].text


# -- the MCP surface ---------------------------------------------------------------------


def test_in_memory_client_lists_tools_with_schemas() -> None:
    async def main() -> Any:
        async with Client(build_server()) as client:
            return {tool.name: tool for tool in await client.list_tools()}

    tools = asyncio.run(main())
    assert set(tools) == TOOLS
    flights = tools["search_flights"].inputSchema
    assert set(flights["required"]) == {"origin", "destination", "date"}
    assert "return_date" in flights["properties"]
    assert tools["search_hotels"].inputSchema["required"] == ["city_code", "check_in", "check_out"]
    # Every advertised pattern sits on a string schema, where a constrained decoder applies it.
    date_pattern = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
    assert flights["properties"]["date"]["pattern"] == date_pattern["pattern"]
    assert date_pattern in flights["properties"]["return_date"]["anyOf"]
    assert "pattern" not in flights["properties"]["return_date"]
    assert tools["get_airport_code"].inputSchema["properties"]["city_name"]["maxLength"] == 60


def test_in_memory_client_raises_tool_error_by_default() -> None:
    async def main() -> None:
        async with Client(build_server()) as client:
            await client.call_tool("get_airport_code", {"city_name": "Atlantisville"})

    with pytest.raises(ToolError, match="Atlantisville"):
        asyncio.run(main())


def test_langchain_adapter_tools_return_json_and_errors() -> None:
    async def main() -> tuple[set[str], ToolMessage, ToolMessage]:
        async with Client(build_server()) as client:
            tools = {tool.name: tool for tool in await load_mcp_tools(client.session)}
            ok = await tools["search_flights"].ainvoke({
                "name": "search_flights", "id": "c1", "type": "tool_call",
                "args": {"origin": "BOS", "destination": "LIS", "date": "2027-10-03"}})
            bad = await tools["get_airport_code"].ainvoke({
                "name": "get_airport_code", "id": "c2", "type": "tool_call",
                "args": {"city_name": "Lisbonn"}})
            return set(tools), ok, bad

    names, ok, bad = asyncio.run(main())
    assert names == TOOLS
    assert isinstance(ok, ToolMessage) and ok.status == "success"
    assert ok.tool_call_id == "c1"
    data = tool_result_data(ok)
    assert data["origin"] == "BOS" and data["destination"] == "LIS"
    assert data["outbound"] and all(o["destination"] == "LIS" for o in data["outbound"])
    # Same numbers as a direct MCP call.
    assert data == call("search_flights", origin="BOS", destination="LIS", date="2027-10-03")
    assert isinstance(bad, ToolMessage) and bad.status == "error"
    assert "Lisbonn" in bad.text and "'Lisbon'" in bad.text


def test_stdio_transport_lists_and_calls_tools() -> None:
    async def main() -> tuple[set[str], dict[str, Any]]:
        transport = StdioTransport(command=sys.executable, args=[
            "-m", "agentdesk", "toolserver", "travel", "--transport", "stdio"])
        async with Client(transport) as client:
            names = {tool.name for tool in await client.list_tools()}
            result = await client.call_tool("get_airport_code", {"city_name": "Lisbon"})
            return names, result.structured_content

    names, data = asyncio.run(main())
    assert names == TOOLS
    assert data["code"] == "LIS"
    assert data["country"] == "PT"


# -- get_airport_code --------------------------------------------------------------------


@pytest.mark.parametrize(("city", "code", "country"), [
    ("Lisbon", "LIS", "PT"), ("Boston", "BOS", "US"), ("Zurich", "ZRH", "CH"),
])
def test_airport_code_single_airport_cities(city: str, code: str, country: str) -> None:
    data = call("get_airport_code", city_name=city)
    assert data["code"] == code
    assert data["country"] == country
    assert data["city"] == city
    assert data["airport"]


def test_airport_code_london_main_and_alternatives() -> None:
    data = call("get_airport_code", city_name="London")
    assert data["code"] == "LHR"
    assert "Heathrow" in data["airport"]
    alternatives = {alt["code"] for alt in data["alternatives"]}
    assert {"LGW", "STN", "LCY"} <= alternatives
    assert "LHR" not in alternatives


def test_airport_code_new_york_main_and_alternatives() -> None:
    data = call("get_airport_code", city_name="New York")
    assert data["code"] == "JFK"
    assert "LGA" in {alt["code"] for alt in data["alternatives"]}
    assert all(set(alt) == {"code", "name", "city", "region", "country"}
               for alt in data["alternatives"])


@pytest.mark.parametrize("spelling", ["são paulo", "SÃO PAULO", "Sao Paulo", "  sao paulo "])
def test_airport_code_ignores_accents_and_case(spelling: str) -> None:
    data = call("get_airport_code", city_name=spelling)
    assert data["code"] == "GRU"
    assert "CGH" in {alt["code"] for alt in data["alternatives"]}


@pytest.mark.parametrize(("spelling", "code"), [
    ("Lisbon, Portugal", "LIS"), ("Lisbon (PT)", "LIS"), ("New York, NY, USA", "JFK"),
    ("lisbon (Portugal) airport code please", "LIS"),
])
def test_airport_code_reads_the_city_before_a_qualifier(spelling: str, code: str) -> None:
    assert call("get_airport_code", city_name=spelling)["code"] == code


def test_airport_code_unknown_city_is_an_error_naming_it() -> None:
    text = error("get_airport_code", city_name="Atlantisville")
    assert text.startswith("city_name:")
    assert "Atlantisville" in text
    assert "did you mean" not in text


def test_airport_code_near_miss_suggests_the_city() -> None:
    text = error("get_airport_code", city_name="Lisbonn")
    assert "Lisbonn" in text
    assert "did you mean" in text and "'Lisbon'" in text


def test_airport_code_empty_city_is_an_error() -> None:
    assert error("get_airport_code", city_name="   ").startswith("city_name:")


# -- search_flights ----------------------------------------------------------------------


def test_flights_are_deterministic() -> None:
    query = {"origin": "BOS", "destination": "LIS", "date": "2027-10-03"}
    first, second = call("search_flights", **query), call("search_flights", **query)
    assert first == second
    ids = [offer["offer_id"] for offer in first["outbound"]]
    assert ids == [offer["offer_id"] for offer in second["outbound"]]
    assert len(set(ids)) == len(ids) >= 3
    # A different day is a different set of offers.
    other = call("search_flights", **{**query, "date": "2027-10-04"})
    assert {o["offer_id"] for o in other["outbound"]}.isdisjoint(ids)


def test_flights_one_way_offers_are_well_formed() -> None:
    data = call("search_flights", origin="bos", destination="lis", date="2027-10-03")
    assert (data["origin"], data["destination"], data["currency"]) == ("BOS", "LIS", "USD")
    assert "return" not in data
    prices = [offer["price"] for offer in data["outbound"]]
    assert prices == sorted(prices)
    for offer in data["outbound"]:
        assert (offer["origin"], offer["destination"]) == ("BOS", "LIS")
        assert offer["date"] == "2027-10-03"
        assert offer["price"] > 0
        assert offer["price_basis"] == "per traveler"
        assert offer["currency"] == "USD"
        assert offer["duration_minutes"] > 0
        assert offer["stops"] in (0, 1)


def test_flights_with_return_date_go_back() -> None:
    data = call("search_flights", origin="BOS", destination="LIS", date="2027-10-03",
                return_date="2027-10-10")
    assert data["outbound"] and data["return"]
    for offer in data["return"]:
        assert (offer["origin"], offer["destination"]) == ("LIS", "BOS")
        assert offer["date"] == "2027-10-10"
        assert offer["price"] > 0
    outbound_ids = {o["offer_id"] for o in data["outbound"]}
    assert outbound_ids.isdisjoint(o["offer_id"] for o in data["return"])
    # A same-day return is allowed.
    same_day = call("search_flights", origin="BOS", destination="LIS", date="2027-10-03",
                    return_date="2027-10-03")
    assert same_day["return"][0]["origin"] == "LIS"


def test_longer_routes_take_longer_and_cost_more() -> None:
    summary = {}
    for destination in ("LGA", "LIS", "SYD"):
        data = call("search_flights", origin="BOS", destination=destination, date="2027-10-05")
        offers = data["outbound"]
        summary[destination] = (
            data["distance_km"],
            min(o["duration_minutes"] for o in offers),
            statistics.mean(o["price"] for o in offers),
        )
    short, medium, long = summary["LGA"], summary["LIS"], summary["SYD"]
    assert short[0] < 500 < medium[0] < 6000 < 15000 < long[0]
    assert short[1] < medium[1] < long[1]
    assert short[2] < medium[2] < long[2]
    # Not marginally: a transatlantic flight is hours, a shuttle under two.
    assert short[1] < 120 and medium[1] > 5 * short[1]


@pytest.mark.parametrize(("args", "field", "detail"), [
    ({"origin": "XX"}, "origin", "'XX' is not a 3-letter IATA airport code"),
    ({"origin": "ZZZ"}, "origin", "'ZZZ' is not a known IATA airport code"),
    ({"origin": "B0S"}, "origin", "'B0S'"),
    ({"destination": "ZZZ"}, "destination", "'ZZZ'"),
    ({"destination": "BOS"}, "destination", "must differ from origin"),
    ({"date": "10/03/2027"}, "date", "'10/03/2027' is not a date in the form YYYY-MM-DD"),
    ({"date": "2027-02-30"}, "date", "'2027-02-30'"),
    ({"return_date": "2027-10-01"}, "return_date", "before the departure date 2027-10-03"),
    ({"return_date": "next week"}, "return_date", "'next week'"),
])
def test_flight_errors_name_the_field(args: dict[str, str], field: str, detail: str) -> None:
    query = {"origin": "BOS", "destination": "LIS", "date": "2027-10-03", **args}
    text = error("search_flights", **query)
    assert text.startswith(f"{field}:"), text
    assert detail in text


# -- search_hotels -----------------------------------------------------------------------


def test_hotels_are_deterministic_and_well_formed() -> None:
    query = {"city_code": "LIS", "check_in": "2027-10-03", "check_out": "2027-10-06"}
    first, second = call("search_hotels", **query), call("search_hotels", **query)
    assert first == second
    assert (first["city_code"], first["city"], first["nights"]) == ("LIS", "Lisbon", 3)
    offers = first["offers"]
    assert len(offers) >= 4
    assert len({o["offer_id"] for o in offers}) == len(offers)
    prices = [o["price"] for o in offers]
    assert prices == sorted(prices)
    for offer in offers:
        assert "Lisbon" in offer["name"]
        assert offer["stars"] in (2, 3, 4, 5)
        assert offer["max_occupancy"] in (2, 3, 4)
        assert offer["nights"] == 3
        assert offer["price"] > 0
        assert offer["price_basis"] == "per room, whole stay"
        # The price is for the whole stay, not one night.
        assert offer["price"] == pytest.approx(offer["nightly_price"] * 3, abs=0.02)


def test_hotel_price_covers_the_whole_stay() -> None:
    short = call("search_hotels", city_code="LIS", check_in="2027-10-03", check_out="2027-10-04")
    long = call("search_hotels", city_code="LIS", check_in="2027-10-03", check_out="2027-10-10")
    by_name_short = {o["name"]: o for o in short["offers"]}
    by_name_long = {o["name"]: o for o in long["offers"]}
    assert set(by_name_short) == set(by_name_long)
    for name, offer in by_name_long.items():
        one_night = by_name_short[name]["price"]
        assert offer["nights"] == 7
        assert 5 * one_night < offer["price"] < 9 * one_night


def test_hotels_differ_by_city_and_zurich_costs_more() -> None:
    stay = {"check_in": "2027-10-03", "check_out": "2027-10-06"}
    lisbon = call("search_hotels", city_code="LIS", **stay)["offers"]
    zurich = call("search_hotels", city_code="ZRH", **stay)["offers"]
    assert {o["name"] for o in lisbon}.isdisjoint(o["name"] for o in zurich)
    assert all("Zurich" in o["name"] for o in zurich)
    assert statistics.mean(o["price"] for o in zurich) > statistics.mean(o["price"] for o in lisbon)

    # Star for star too, not just because of a different mix of hotels.
    def per_star(offers: list[dict[str, Any]]) -> float:
        return statistics.mean(o["nightly_price"] / o["stars"] for o in offers)

    assert per_star(zurich) > 1.3 * per_star(lisbon)


@pytest.mark.parametrize(("args", "field"), [
    ({"check_out": "2027-10-03"}, "check_out"),
    ({"check_out": "2027-10-01"}, "check_out"),
    ({"check_out": "2027-11-03"}, "check_out"),
    ({"check_in": "03.10.2027"}, "check_in"),
    ({"check_out": ""}, "check_out"),
    ({"city_code": "ZZZ"}, "city_code"),
    ({"city_code": "Lisbon"}, "city_code"),
])
def test_hotel_errors_name_the_field(args: dict[str, str], field: str) -> None:
    query = {"city_code": "LIS", "check_in": "2027-10-03", "check_out": "2027-10-06", **args}
    text = error("search_hotels", **query)
    assert text.startswith(f"{field}:"), text


def test_a_request_is_read_as_the_trip_agent_reads_it() -> None:
    """Another agent asking the server gets the trip agent's own reading of a request."""
    from agentdesk.domains.trip.request import read_request

    text = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD, for 2"
    found = call("read_trip_request", text=text)
    assert found == read_request(text)
    assert found == {"origin": "Boston", "destination": "Lisbon", "depart": "2027-03-10",
                     "return": "2027-03-14", "travelers": 2, "budget": 2500.0}
    assert call("read_trip_request", text="Hello there") == {}


def test_hotel_stay_limit_is_thirty_nights() -> None:
    ok = call("search_hotels", city_code="LIS", check_in="2027-10-03", check_out="2027-11-02")
    assert ok["nights"] == 30
    text = error("search_hotels", city_code="LIS", check_in="2027-10-03", check_out="2027-11-03")
    assert text.startswith("check_out:") and "30 nights" in text
