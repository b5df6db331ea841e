"""The trip planner's deterministic side: free-text requests, refusals up front, the
searches code fills in, and plans made of choices (scripted model, real travel server)."""

from __future__ import annotations

import asyncio
import json
from datetime import date
from typing import Any

import pytest
from langchain_core.messages import ToolMessage

from agentdesk.domains.trip.agent.activities import activities_for
from agentdesk.domains.trip.request import read_request
from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk

from .trip_script import TripScript

README = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"


@pytest.mark.parametrize(("text", "expected"), [
    (README, {"origin": "Boston", "destination": "Lisbon", "depart": "2027-03-10",
              "return": "2027-03-14", "budget": 2500.0}),
    ("Trip to Paris from New York from March 10 to March 15, 2027 for 2 people",
     {"origin": "New York", "destination": "Paris", "depart": "2027-03-10",
      "return": "2027-03-15", "travelers": 2}),
    ("5 nights in Barcelona from London for two, departing June 3 2027, budget 3000 USD",
     {"origin": "London", "destination": "Barcelona", "depart": "2027-06-03",
      "return": "2027-06-08", "travelers": 2, "budget": 3000.0}),
    ("A week in Rome from Chicago leaving 2027-04-02, under $4,000",
     {"origin": "Chicago", "destination": "Rome", "depart": "2027-04-02",
      "return": "2027-04-09", "budget": 4000.0}),
])
def test_free_text_fills_the_preference_fields(text: str, expected: dict[str, Any]) -> None:
    assert read_request(text, today=date(2026, 11, 23)) == expected


def start(payload: dict[str, Any], model: str) -> Any:
    async def go() -> Any:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", payload, model=model)
            return outcome, await desk.view(outcome.thread_id)
    return asyncio.run(go())


def thread_count() -> int:
    async def go() -> int:
        async with Desk.open() as desk:
            return len(await desk.store.list_threads())
    return asyncio.run(go())


@pytest.mark.parametrize(("request_text", "message"), [
    ("Plan 4 days in Lisbon, leaving 2027-03-10, budget 2500 USD", "where the trip starts"),
    ("Plan 3 days in Lisbon from Boston, leaving 2020-03-10", "2020-03-10 is in the past"),
    ("Fly from Boston to Lisbon on 2027-03-10", "how long"),
])
def test_requests_without_origin_dates_or_length_are_refused_up_front(
        trip_script: TripScript, request_text: str, message: str) -> None:
    model = trip_script.write(trip_script.search())
    with pytest.raises(InputError, match=message):
        start({"messages": request_text}, model)
    assert thread_count() == 0


def test_structured_dates_in_the_past_are_refused(trip_script: TripScript) -> None:
    with pytest.raises(InputError, match="in the past"):
        start({"preferences": {"origin": "BOS", "destination": "LIS", "depart": "2021-01-01"}},
              trip_script.write(trip_script.search()))


def bare_call(name: str) -> dict[str, Any]:
    """A tool call without arguments, as a model offered only the missing searches writes it."""
    return {"tool_calls": [{"name": name, "args": {}}]}


def selection(activities: int = 4, **picks: int) -> dict[str, Any]:
    chosen = {"outbound": 1, "return": 1, "hotel": 1,
              "activities": list(range(1, activities + 1)), "notes": 1, **picks}
    return {"content": json.dumps(chosen)}


def test_free_text_to_review_with_searches_filled_and_a_plan_of_choices(
        trip_script: TripScript) -> None:
    model = trip_script.write(bare_call("get_airport_code"), bare_call("search_flights"),
                              selection(**{"return": 3}), selection())
    outcome, view = start({"messages": README}, model)
    assert outcome.status == "interrupted", outcome.error
    calls = [(m.name, m.status) for m in view.values["messages"] if isinstance(m, ToolMessage)]
    assert calls == [("get_airport_code", "success"), ("get_airport_code", "success"),
                     ("search_flights", "success"), ("search_hotels", "success")]
    plan = view.values["current_itinerary"]
    assert [(f["origin"], f["destination"], f["date"]) for f in plan["flights"]] == [
        ("BOS", "LIS", "2027-03-10"), ("LIS", "BOS", "2027-03-14")]
    assert plan["flights"][1]["offer_id"] == trip_script.flights["return"][2]["offer_id"]
    assert [(h["city_code"], h["check_in"], h["check_out"]) for h in plan["hotels"]] == [
        ("LIS", "2027-03-10", "2027-03-14")]
    catalogue = dict(activities_for("Lisbon"))
    assert [a["day"] for a in plan["activities"]] == [1, 2, 3, 4]
    assert all(catalogue[a["name"]] == a["cost"] for a in plan["activities"])
    assert len({a["name"] for a in plan["activities"]}) == 4
    assert plan["notes"].endswith(".") and view.values["budget_status"] == "under"
    assert view.values["total_cost"] <= 2500

    # "Cheaper flights": the next plan can only pick flights cheaper than this one's.
    async def revise() -> Any:
        async with Desk.open() as desk:
            await desk.decide(outcome.thread_id, Decision(type="reject",
                                                          message="Find cheaper flights"))
            return await desk.view(outcome.thread_id)
    revised = asyncio.run(revise()).values["current_itinerary"]
    before = sum(f["price"] for f in plan["flights"])
    assert sum(f["price"] for f in revised["flights"]) < before
    assert revised["hotels"]  # still a hotel for every night


@pytest.mark.parametrize(("text", "city"), [
    # YVR is filed under Richmond: the things to do are Vancouver's, as the request says.
    ("Plan 3 days in Vancouver from Seattle, leaving 2027-10-08", "Vancouver"),
    # A code asked for keeps the search's own name for its city.
    ("Plan 3 days in LIS from Seattle, leaving 2027-10-08", "Lisbon"),
])
def test_the_things_to_do_are_in_the_city_the_request_names(
        trip_script: TripScript, text: str, city: str) -> None:
    model = trip_script.write(bare_call("get_airport_code"), bare_call("search_flights"),
                              selection(activities=3))
    outcome, view = start({"messages": text}, model)
    assert outcome.status == "interrupted", outcome.error
    catalogue = dict(activities_for(city))
    activities = view.values["current_itinerary"]["activities"]
    assert activities and all(catalogue.get(a["name"]) == a["cost"] for a in activities)


def test_a_tight_budget_leaves_only_offers_and_activities_that_fit(
        trip_script: TripScript) -> None:
    from agentdesk.domains.trip.agent.choices import trip_choices

    model = trip_script.write(trip_script.search(), selection())
    outcome, view = start({"messages": "Plan 4 days in Lisbon from BOS, leaving 2027-03-10",
                           "preferences": {"destination": "LIS", "budget": 1400}}, model)
    assert outcome.status == "interrupted" and view.values["budget_status"] == "under"
    choices = trip_choices(view.values["messages"], {**view.values["preferences"]})
    assert choices.ready()
    worst = (max(o["price"] for o in choices.outbound) + max(o["price"] for o in choices.back)
             + max(o["price"] for o in choices.hotels))
    assert worst <= 1400
    allowance = 1400 - worst
    assert all(cost * len(choices.activities) <= allowance
               for day in choices.activities for _, cost in day)
