"""The auditor's pure parts: JSON extraction, offer checks and the party's cost."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import ToolMessage

from agentdesk.agents.trip.audit import audit_answer, extract_json

from .trip_script import TripScript


@pytest.mark.parametrize("text", [
    '{"a": 1}',
    'Sure!\n```json\n{"a": 1}\n```\nEnjoy.',
    '```\n{"a": 1}\n```',
    'The plan is {"a": 1} as requested.',
])
def test_extract_json_finds_plain_and_fenced_objects(text: str) -> None:
    assert extract_json(text) == {"a": 1}


@pytest.mark.parametrize(("text", "message"), [
    ("no json here", "no JSON object"),
    ('{"destination": "LIS", "flights": [{"offer_id": "x"', "incomplete or malformed"),
])
def test_extract_json_explains_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        extract_json(text)


def tool_results(script: TripScript) -> list[ToolMessage]:
    return [ToolMessage(json.dumps(script.flights), name="search_flights", tool_call_id="1"),
            ToolMessage(json.dumps(script.hotels), name="search_hotels", tool_call_id="2")]


def test_rooms_follow_max_occupancy_and_travelers(trip_script: TripScript) -> None:
    index, offer = next((i, o) for i, o in enumerate(trip_script.hotels["offers"])
                        if o["max_occupancy"] == 2)
    it = trip_script.itinerary(travelers=3, hotel=index, activities=[
        {"day": 1, "name": "Fado night", "cost": 40.0}])
    result = audit_answer(json.dumps(it), tool_results(trip_script), {"budget": 100000})
    assert result.errors == []
    assert result.rooms == {offer["offer_id"]: 2}
    flights = sum(f["price"] for f in it["flights"])
    assert result.cost_breakdown == {"flights": round(flights * 3, 2),
                                     "hotels": round(offer["price"] * 2, 2),
                                     "activities": 120.0}
    assert result.budget_status == "under"
    stored = result.itinerary_state()
    assert stored["hotels"][0]["rooms"] == 2 and stored["budget"] == 100000


def test_every_copied_field_is_checked(trip_script: TripScript) -> None:
    it = trip_script.itinerary()
    it["flights"][0]["date"] = "2027-03-11"
    it["hotels"][0]["check_out"] = "2027-03-15"
    it["flights"][1]["origin"] = "OPO"
    errors = audit_answer(json.dumps(it), tool_results(trip_script), {}).errors
    assert len(errors) == 3
    assert any("date 2027-03-11 differs" in e for e in errors)
    assert any("check_out 2027-03-15 differs" in e for e in errors)
    assert any("origin OPO differs" in e for e in errors)


def test_request_mismatches_are_reported(trip_script: TripScript) -> None:
    it = trip_script.itinerary(travelers=1)
    errors = audit_answer(json.dumps(it), tool_results(trip_script),
                          {"travelers": 2, "depart": "2027-03-09"}).errors
    assert any(e.startswith("travelers:") for e in errors)
    assert any(e.startswith("start_date:") for e in errors)


def test_no_budget_anywhere_counts_as_under(trip_script: TripScript) -> None:
    it = trip_script.itinerary(budget=None)
    result = audit_answer(json.dumps(it), tool_results(trip_script), {})
    assert result.errors == [] and result.budget is None and result.budget_status == "under"
