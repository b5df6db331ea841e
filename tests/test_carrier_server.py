"""The carrier MCP server through real MCP clients: a quote session end to end, errors that
name their field, expiry, idempotent request ids, and sessions that outlive the process."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from langchain_core.messages import ToolMessage
from langchain_mcp_adapters.tools import load_mcp_tools

from agentdesk.domains.insurance.carrier.server import TTL_VARIABLE, build_server, session_ttl
from agentdesk.errors import ConfigError
from agentdesk.runtime.mcp import SERVERS
from agentdesk.runtime.mcp import build_server as build_named
from agentdesk.runtime.tools import tool_result_data

from .carrier_quote import (
    ACCORD,
    ANN,
    EFFECTIVE,
    LIABILITY,
    OHIO,
    TTL,
    Carrier,
    Clock,
    whole_dollars,
)
from .conftest import ServerThread

TOOLS = {"quote_initiate", "add_driver", "add_vehicle", "set_coverages", "rate", "get_quote",
         "minimum_coverages"}


@pytest.fixture
def carrier(isolated_env: Path) -> Iterator[Carrier]:
    yield Carrier(Clock())


def quote_file(data_dir: Path) -> Path:
    return data_dir / "carrier" / "quotes.db"


def rows(data_dir: Path, table: str) -> int:
    with sqlite3.connect(quote_file(data_dir)) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


# -- the MCP surface --------------------------------------------------------------------------


def test_registered_by_name_with_schemas_for_each_tool(isolated_env: Path) -> None:
    assert SERVERS["carrier"] == "agentdesk.domains.insurance.carrier"

    async def main() -> dict[str, Any]:
        async with Client(build_named("carrier")) as client:
            return {tool.name: tool.inputSchema for tool in await client.list_tools()}

    schemas = asyncio.run(main())
    assert set(schemas) == TOOLS
    assert set(schemas["add_driver"]["required"]) == {"session_id", "driver"}
    assert "request_id" in schemas["add_driver"]["properties"]
    assert schemas["rate"]["required"] == ["session_id"]
    assert "request_id" not in schemas["get_quote"]["properties"]
    # The nested models are advertised field by field, so a model can fill them in.
    text = str(schemas["add_driver"])
    for field in ("birth_date", "license_date", "license_state", "marital_status", "at_fault",
                  "sr22_required", "'dui'"):
        assert field in text
    coverages = str(schemas["set_coverages"])
    assert "'100/300'" in coverages and "collision_deductible" in coverages


# -- a whole session --------------------------------------------------------------------------


def test_whole_session_from_initiate_to_rate(carrier: Carrier, isolated_env: Path) -> None:
    started = carrier.call("quote_initiate", applicant={
        **OHIO, "phone": "(614) 555-0134", "email": "ann@example.com"},
        effective_date=EFFECTIVE, prior_insurance={"carrier": "Acme", "months_continuous": 40,
                                                   "bi_limit": "100/300"},
        discounts=["paperless", "paperless"])
    sid = started["session_id"]
    assert sid.startswith("Q-")
    assert (started["state"], started["status"], started["term_months"]) == ("OH", "open", 6)
    assert (started["effective_date"], started["expiration_date"]) == (EFFECTIVE, "2027-08-01")
    assert started["applicant"]["phone"] == "+16145550134"
    assert started["discounts"] == ["paperless"]
    assert started["expires_at"].startswith("2027-01-10T13:00:00")

    driver = carrier.call("add_driver", session_id=sid, driver={
        **ANN, "violations": [{"kind": "speeding", "date": "2025-05-01"}]})
    assert driver["driver_id"] == "D1"
    assert (driver["driver"]["age"], driver["driver"]["years_licensed"],
            driver["driver"]["points"]) == (41, 23, 2)
    assert driver["underwriting_flags"] == []

    vehicle = carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)["vehicle"]
    assert (vehicle["vehicle_id"], vehicle["year"], vehicle["make"], vehicle["model"],
            vehicle["body"], vehicle["decoded"]) == ("V1", 2003, "Honda", "Accord", "coupe", True)
    assert vehicle["garaging"] == {"zip_code": "43215", "city": "Columbus", "state": "OH",
                                   "county": "Franklin County", "territory": "OH-2"}

    carrier.call("set_coverages", session_id=sid, coverages={
        "bodily_injury": "100/300", "property_damage": 50000, "uninsured_motorist": "100/300",
        "medical_payments": 5000, "comprehensive_deductible": 500, "collision_deductible": 500})
    rating = carrier.call("rate", session_id=sid)
    assert rating["status"] == "rated"
    assert set(rating["premium"]["by_coverage"]) == {"BI", "PD", "UM", "MEDPAY", "COMP", "COLL"}
    assert rating["premium"]["total"] == sum(rating["premium"]["by_coverage"].values()) > 0

    held = carrier.call("get_quote", session_id=sid)
    assert held["status"] == "rated" and held["rating"] == rating
    assert [d["driver_id"] for d in held["drivers"]] == ["D1"]
    assert [v["vin"] for v in held["vehicles"]] == ["1HGCM82633A004352"]
    # A change after rating makes the rating stale.
    carrier.call("add_driver", session_id=sid, driver={**ANN, "first_name": "Bo"})
    held = carrier.call("get_quote", session_id=sid)
    assert (held["status"], held["rating"]) == ("open", None)
    assert rows(isolated_env, "sessions") == 1


def test_minimum_coverages_are_the_least_set_coverages_accepts(carrier: Carrier) -> None:
    """What the agent quotes for "the state minimum": the carrier's own state rules."""
    states = carrier.call("minimum_coverages")["states"]
    assert set(states) == {"CA", "IL", "NY", "OH", "PA", "TX"}
    assert states["IL"] == {"bodily_injury": "25/50", "property_damage": 20000,
                            "uninsured_motorist": "25/50"}
    assert states["OH"] == {"bodily_injury": "25/50", "property_damage": 25000}
    sid = carrier.start()
    carrier.call("set_coverages", session_id=sid, coverages=states["OH"])
    below = {**states["OH"], "property_damage": 20000}
    assert carrier.error("set_coverages", session_id=sid, coverages=below).startswith(
        "STATE_MINIMUM coverages.property_damage:")


def test_langchain_adapter_calls_the_carrier(carrier: Carrier) -> None:
    async def main() -> tuple[ToolMessage, ToolMessage]:
        async with Client(carrier.server) as client:
            tools = {tool.name: tool for tool in await load_mcp_tools(client.session)}
            ok = await tools["quote_initiate"].ainvoke({
                "name": "quote_initiate", "id": "c1", "type": "tool_call",
                "args": {"applicant": OHIO, "effective_date": EFFECTIVE}})
            bad = await tools["add_vehicle"].ainvoke({
                "name": "add_vehicle", "id": "c2", "type": "tool_call",
                "args": {"session_id": tool_result_data(ok)["session_id"],
                         "vehicle": {**ACCORD, "vin": "1HGCM82633A004353"}}})
            return ok, bad

    ok, bad = asyncio.run(main())
    assert ok.status == "success" and tool_result_data(ok)["state"] == "OH"
    assert bad.status == "error"
    assert "INVALID_FIELD vehicle.vin:" in bad.text and "check digit" in bad.text


# -- errors that name their field ------------------------------------------------------------


@pytest.mark.parametrize(("args", "prefix", "detail"), [
    ({"applicant": {**OHIO, "zip_code": "4321"}}, "INVALID_FIELD applicant.zip_code:",
     "'4321' is not a US ZIP code of 5 digits"),
    ({"applicant": {**OHIO, "email": "ann at home"}}, "INVALID_FIELD applicant.email:",
     "is not an email address"),
    ({"applicant": {**OHIO, "zip_code": "00000"}}, "INVALID_FIELD applicant.zip_code:",
     "cannot find"),
    ({"applicant": {**OHIO, "zip_code": "33101"}}, "INVALID_FIELD applicant.zip_code:",
     "Miami, FL; this carrier writes personal auto in CA, IL, NY, OH, PA, TX only"),
    ({"applicant": {**OHIO, "phone": "555-0134"}}, "INVALID_FIELD applicant.phone:",
     "area code"),
    ({"applicant": {"first_name": "Ann", "zip_code": "43215"}},
     "INVALID_FIELD applicant.last_name:", "is required"),
    ({"applicant": OHIO, "effective_date": "2027-01-09"}, "INVALID_FIELD effective_date:",
     "in the past"),
    ({"applicant": OHIO, "effective_date": "2027-03-12"}, "INVALID_FIELD effective_date:",
     "more than 60 days ahead"),
    ({"applicant": OHIO, "effective_date": "02/01/2027"}, "INVALID_FIELD effective_date:",
     "YYYY-MM-DD"),
    ({"applicant": OHIO, "discounts": ["loyalty"]}, "INVALID_FIELD discounts[0]:",
     "'loyalty' is not one of"),
    ({"applicant": OHIO, "prior_insurance": {"carrier": "Acme", "months_continuous": -1}},
     "INVALID_FIELD prior_insurance.months_continuous:", "-1"),
])
def test_quote_initiate_errors_name_the_field(carrier: Carrier, isolated_env: Path,
                                              args: dict[str, Any], prefix: str,
                                              detail: str) -> None:
    text = carrier.error("quote_initiate", **args)
    assert text.startswith(prefix), text
    assert detail in text
    assert not quote_file(isolated_env).exists() or rows(isolated_env, "sessions") == 0


@pytest.mark.parametrize(("driver", "prefix", "detail"), [
    ({"birth_date": "2027-03-01"}, "INVALID_FIELD driver.birth_date:", "in the future"),
    ({"birth_date": "2012-01-01"}, "INVALID_FIELD driver.birth_date:", "at least 16"),
    ({"birth_date": "1985-02-30"}, "INVALID_FIELD driver.birth_date:", "YYYY-MM-DD"),
    ({"license_date": "2000-01-01"}, "INVALID_FIELD driver.license_date:",
     "before the driver's 16th birthday (03/14/2001)"),
    ({"license_date": "2027-01-20"}, "INVALID_FIELD driver.license_date:", "in the future"),
    ({"license_state": "ZZ"}, "INVALID_FIELD driver.license_state:", "not a US state"),
    ({"license_state": "Ohio"}, "INVALID_FIELD driver.license_state:", "'Ohio'"),
    ({"marital_status": "wed"}, "INVALID_FIELD driver.marital_status:", "'wed' is not one of"),
    ({"violations": [{"kind": "jaywalking", "date": "2025-01-01"}]},
     "INVALID_FIELD driver.violations[0].kind:", "'jaywalking'"),
    ({"accidents": [{"date": "2025-01-01", "at_fault": True},
                    {"date": "2027-01-11", "at_fault": False}]},
     "INVALID_FIELD driver.accidents[1].date:", "not between"),
    ({"accidents": [{"date": "2025-01-01"}]}, "INVALID_FIELD driver.accidents[0].at_fault:",
     "is required"),
    ({"birthdate": "1985-03-14"}, "INVALID_FIELD driver.birthdate:", "not a field"),
])
def test_add_driver_errors_name_the_field(carrier: Carrier, driver: dict[str, Any],
                                          prefix: str, detail: str) -> None:
    sid = carrier.start()
    text = carrier.error("add_driver", session_id=sid, driver={**ANN, **driver})
    assert text.startswith(prefix), text
    assert detail in text
    assert carrier.call("get_quote", session_id=sid)["drivers"] == []


@pytest.mark.parametrize(("vehicle", "prefix", "detail"), [
    ({"vin": "1HGCM82633A004353"}, "INVALID_FIELD vehicle.vin:", "check digit"),
    ({"vin": "1HGCM8263OA004352"}, "INVALID_FIELD vehicle.vin:", "'O'"),
    ({"vin": "1HGCM82633A00435"}, "INVALID_FIELD vehicle.vin:", "17 characters"),
    ({"year": 2005}, "INVALID_FIELD vehicle.year:", "2003 Honda Accord"),
    ({"make": "Toyota"}, "INVALID_FIELD vehicle.make:", "2003 Honda Accord"),
    ({"garaging_zip": "90210"}, "INVALID_FIELD vehicle.garaging_zip:", "is in CA"),
    ({"use": "racing"}, "INVALID_FIELD vehicle.use:", "'racing' is not one of"),
    ({"principal_driver_id": "D7"}, "INVALID_FIELD vehicle.principal_driver_id:", "'D7'"),
    # A 2025 Toyota vPIC's shipped data does not know: its body style must be given.
    ({"vin": "4T1DAACK8SU000000"}, "INVALID_FIELD vehicle.body:", "has no body for the VIN"),
    ({"vin": "1HGCM82633A004352", "body": "tank"}, "INVALID_FIELD vehicle.body:", "'tank'"),
])
def test_add_vehicle_errors_name_the_field(carrier: Carrier, vehicle: dict[str, Any],
                                           prefix: str, detail: str) -> None:
    sid = carrier.start()
    text = carrier.error("add_vehicle", session_id=sid, vehicle={**ACCORD, **vehicle})
    assert text.startswith(prefix), text
    assert detail in text
    assert carrier.call("get_quote", session_id=sid)["vehicles"] == []


def test_missing_and_several_bad_arguments_are_each_named(carrier: Carrier) -> None:
    assert carrier.error("add_driver", session_id="Q-1") == "INVALID_FIELD driver: is required"
    text = carrier.error("set_coverages", session_id="Q-1", coverages={
        "bodily_injury": "20/40", "property_damage": 7000})
    assert text.startswith("INVALID_FIELD coverages.bodily_injury: '20/40' is not one of")
    assert "; coverages.property_damage: 7000 is not one of" in text


def test_vehicle_vpic_does_not_know_is_taken_with_its_body(carrier: Carrier) -> None:
    sid = carrier.start()
    added = carrier.call("add_vehicle", session_id=sid, vehicle={
        **ACCORD, "vin": "4t1daack8su000000", "body": "sedan", "model": "Camry"})["vehicle"]
    assert (added["vin"], added["year"], added["make"], added["model"], added["body"],
            added["decoded"]) == ("4T1DAACK8SU000000", 2025, "Toyota", "Camry", "sedan", False)


def test_po_box_zip_is_not_a_garaging_address(carrier: Carrier) -> None:
    sid = carrier.start({**OHIO, "zip_code": "75201"})
    text = carrier.error("add_vehicle", session_id=sid,
                         vehicle={**ACCORD, "garaging_zip": "76101"})
    assert text.startswith("INVALID_FIELD vehicle.garaging_zip:") and "po box" in text


def test_duplicates_and_incomplete_quotes_are_refused(carrier: Carrier) -> None:
    sid = carrier.start()
    assert carrier.error("rate", session_id=sid).startswith("INCOMPLETE_QUOTE drivers:")
    carrier.call("add_driver", session_id=sid, driver=ANN)
    assert carrier.error("add_driver", session_id=sid, driver={
        **ANN, "first_name": "ann"}).startswith("RULE_VIOLATION driver:")
    assert carrier.error("rate", session_id=sid).startswith("INCOMPLETE_QUOTE vehicles:")
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    assert carrier.error("add_vehicle", session_id=sid, vehicle=ACCORD).startswith(
        "RULE_VIOLATION vehicle.vin:")
    assert carrier.error("rate", session_id=sid).startswith("INCOMPLETE_QUOTE coverages:")


# -- expiry -----------------------------------------------------------------------------------


def test_sessions_expire_after_their_ttl(carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.clock.advance(seconds=TTL - 1)
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.clock.advance(seconds=1)
    for tool, args in (("add_vehicle", {"vehicle": ACCORD}), ("get_quote", {}),
                       ("rate", {}), ("set_coverages", {"coverages": LIABILITY})):
        text = carrier.error(tool, session_id=sid, **args)
        assert text.startswith("SESSION_EXPIRED session_id:"), text
        assert sid in text and "quote_initiate" in text


def test_unknown_session_is_named(carrier: Carrier) -> None:
    text = carrier.error("add_driver", session_id="Q-NOPE", driver=ANN)
    assert text.startswith("SESSION_NOT_FOUND session_id:") and "'Q-NOPE'" in text


def test_ttl_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TTL_VARIABLE, raising=False)
    assert session_ttl() == 72 * 3600
    monkeypatch.setenv(TTL_VARIABLE, "90")
    assert session_ttl() == 90
    for bad in ("0", "-5", "soon", "inf", "nan"):
        monkeypatch.setenv(TTL_VARIABLE, bad)
        with pytest.raises(ConfigError, match=TTL_VARIABLE):
            session_ttl()


def test_ttl_from_the_environment_expires_sessions(isolated_env: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TTL_VARIABLE, "60")
    clock = Clock()
    carrier = Carrier(clock)
    carrier.server = build_server(clock=clock)
    sid = carrier.start()
    assert carrier.call("get_quote", session_id=sid)["expires_at"].startswith(
        "2027-01-10T12:01:00")
    clock.advance(seconds=60)
    assert carrier.error("get_quote", session_id=sid).startswith("SESSION_EXPIRED")


# -- idempotent request ids -------------------------------------------------------------------


def test_repeated_request_id_returns_the_first_result(carrier: Carrier,
                                                      isolated_env: Path) -> None:
    first = carrier.call("quote_initiate", applicant=OHIO, effective_date=EFFECTIVE,
                         request_id="ledger-1")
    again = carrier.call("quote_initiate", applicant=OHIO, effective_date=EFFECTIVE,
                         request_id="ledger-1")
    assert again == first
    assert rows(isolated_env, "sessions") == 1
    sid = first["session_id"]
    added = carrier.call("add_driver", session_id=sid, driver=ANN, request_id="ledger-2")
    assert carrier.call("add_driver", session_id=sid, driver=ANN,
                        request_id="ledger-2") == added
    assert [d["driver_id"] for d in carrier.call("get_quote", session_id=sid)["drivers"]] == [
        "D1"]
    # A new request id is a new action.
    carrier.call("add_driver", session_id=sid, driver={**ANN, "first_name": "Bo"},
                 request_id="ledger-4")
    assert len(carrier.call("get_quote", session_id=sid)["drivers"]) == 2


def test_request_id_reused_with_other_arguments_is_refused(carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver=ANN, request_id="k1")
    text = carrier.error("add_driver", session_id=sid, driver={**ANN, "first_name": "Bo"},
                         request_id="k1")
    assert text.startswith("REQUEST_ID_REUSED request_id:") and "'k1'" in text
    assert len(carrier.call("get_quote", session_id=sid)["drivers"]) == 1


def test_a_refused_call_leaves_its_request_id_free(carrier: Carrier) -> None:
    sid = carrier.start()
    bad = carrier.error("add_vehicle", session_id=sid,
                        vehicle={**ACCORD, "vin": "1HGCM82633A004353"}, request_id="k2")
    assert bad.startswith("INVALID_FIELD vehicle.vin:")
    fixed = carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD, request_id="k2")
    assert fixed["vehicle_id"] == "V1"


def test_replay_after_expiry_returns_the_first_result(carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    carrier.call("set_coverages", session_id=sid, coverages=LIABILITY)
    rated = carrier.call("rate", session_id=sid, request_id="rate-1")
    carrier.clock.advance(seconds=TTL)
    assert carrier.call("rate", session_id=sid, request_id="rate-1") == rated
    assert carrier.error("rate", session_id=sid, request_id="rate-2").startswith(
        "SESSION_EXPIRED")


# -- sessions outlive the process ----------------------------------------------------------


def test_a_new_server_finds_the_session(isolated_env: Path) -> None:
    clock = Clock()
    sid = Carrier(clock).start()
    Carrier(clock).call("add_driver", session_id=sid, driver=ANN, request_id="r1")
    again = Carrier(clock)
    assert again.call("add_driver", session_id=sid, driver=ANN, request_id="r1")[
        "driver_id"] == "D1"
    assert len(again.call("get_quote", session_id=sid)["drivers"]) == 1


def test_stdio_process_continues_a_session_and_replays_its_requests(
        isolated_env: Path) -> None:
    """A session begun in this process is carried on by `agentdesk toolserver carrier`."""
    today = dt.date.today()
    driver = {**ANN, "license_date": "2003-06-01"}
    here = Carrier(Clock(dt.datetime.now(dt.UTC)), ttl=3600)
    sid = here.call("quote_initiate", applicant=OHIO)["session_id"]
    first = here.call("add_driver", session_id=sid, driver=driver, request_id="via-ledger")

    async def main() -> tuple[set[str], dict[str, Any], dict[str, Any], dict[str, Any]]:
        transport = StdioTransport(command=sys.executable, env=dict(os.environ), args=[
            "-m", "agentdesk", "toolserver", "carrier", "--transport", "stdio"])
        async with Client(transport) as client:
            names = {tool.name for tool in await client.list_tools()}
            replay = await client.call_tool("add_driver", {
                "session_id": sid, "driver": driver, "request_id": "via-ledger"})
            await client.call_tool("add_vehicle", {"session_id": sid, "vehicle": ACCORD})
            await client.call_tool("set_coverages", {"session_id": sid, "coverages": LIABILITY})
            rated = await client.call_tool("rate", {"session_id": sid})
            held = await client.call_tool("get_quote", {"session_id": sid})
            return names, replay.structured_content, rated.structured_content, \
                held.structured_content

    names, replay, rated, held = asyncio.run(main())
    assert names == TOOLS
    assert replay == first
    assert rated["status"] == "rated" and rated["premium"]["total"] > 0
    assert held["effective_date"] == str(today)
    assert [d["driver_id"] for d in held["drivers"]] == ["D1"]
    assert here.call("get_quote", session_id=sid)["rating"] == rated


def test_streamable_http_serves_the_same_session(isolated_env: Path) -> None:
    clock = Clock()
    local = Carrier(clock)
    sid = local.start()
    local.call("add_driver", session_id=sid, driver=ANN)

    async def main(url: str) -> tuple[dict[str, Any], str]:
        async with Client(url) as client:
            await client.call_tool("add_vehicle", {"session_id": sid, "vehicle": ACCORD})
            await client.call_tool("set_coverages", {"session_id": sid, "coverages": LIABILITY})
            rated = await client.call_tool("rate", {"session_id": sid})
            bad = await client.call_tool("rate", {"session_id": "Q-NONE"}, raise_on_error=False)
            return rated.structured_content, bad.content[0].text

    with ServerThread(build_server(ttl=TTL, clock=clock).http_app()) as running:
        rated, bad = asyncio.run(main(f"{running.url}/mcp"))
    assert rated["status"] == "rated"
    # No prior insurance (1.25), liability only, as in the Ohio case of the rating tests.
    assert rated["premium"]["by_coverage"] == {
        "BI": whole_dollars(120, 1.05, 0.90, 1.05, 1.25),
        "PD": whole_dollars(105, 1.03, 0.90, 1.05, 1.25)}
    assert bad.startswith("SESSION_NOT_FOUND session_id:")
