"""The simulation and trip agents on the real embedded model, end to end, judged on
the answer; and every schema those agents decode under ends inside its token budget."""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from agentdesk.domains.trip.agent.activities import activities_for
from agentdesk.models import get_chat_model
from agentdesk.models.local import LocalChatModel, build_decoding_schema
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk

from .simulation_readme import approve_every_action, expected_cmax

pytestmark = pytest.mark.local_model

BUDGET_TOKENS = 96
"""A tight max_tokens: every answer below must be complete well within it."""


def test_the_issues_simulation_request_ends_with_the_right_cmax() -> None:
    actions, done = approve_every_action("local")
    assert [(a["name"], {k: v for k, v in a["args"].items() if k != "simulation_id"})
            for a in actions] == [
        ("load_simulation", {"model_path": "one_compartment_oral.ant"}),
        ("set_parameter_value", {"parameter_path": "dose", "value": 200.0, "unit": "mg"}),
        ("run_simulation", {"end_time": 24.0, "points": 200})]
    assert done.status == "completed", done.error
    cmax = expected_cmax()  # the bridge's own figure, from the same engine
    answer = done.result["answer"]
    assert "Cmax" in answer
    stated = [float(n) for n in __import__("re").findall(r"\d+\.\d+", answer)]
    assert any(math.isclose(n, cmax, rel_tol=0.01) for n in stated), answer


def test_the_readme_trip_request_reaches_a_whole_plan_under_budget() -> None:
    request = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"

    async def go() -> Any:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", {"messages": request}, model="local")
            assert outcome.status == "interrupted", outcome.error
            return (await desk.view(outcome.thread_id)).values

    values = asyncio.run(go())
    plan = values["current_itinerary"]
    assert [(f["origin"], f["destination"], f["date"]) for f in plan["flights"]] == [
        ("BOS", "LIS", "2027-03-10"), ("LIS", "BOS", "2027-03-14")]
    assert [(h["city_code"], h["check_in"], h["check_out"]) for h in plan["hotels"]] == [
        ("LIS", "2027-03-10", "2027-03-14")]
    catalogue = dict(activities_for("Lisbon"))
    assert plan["activities"] and all(catalogue[a["name"]] == a["cost"]
                                      for a in plan["activities"])
    assert values["budget_status"] == "under" and values["total_cost"] <= 2500
    assert plan["notes"][0].isupper() and plan["notes"].endswith(".")


@pytest.fixture(scope="module")
def tight_model() -> LocalChatModel:
    model = get_chat_model("local")
    assert isinstance(model, LocalChatModel)
    return model.model_copy(update={"max_tokens": BUDGET_TOKENS})


def _schemas() -> dict[str, dict[str, Any]]:
    """Every kind of schema the two agents hand the embedded model, at realistic sizes."""
    from datetime import date

    from agentdesk.domains.simulation.agent.agenda import Option, plan_schema
    from agentdesk.domains.trip.agent.choices import Choices, narrowed_tools
    from agentdesk.domains.trip.airports import airport
    from agentdesk.domains.trip.travel import inventory

    flights = inventory.flight_offers(airport("BOS"), airport("LIS"), date(2027, 3, 10),
                                      date(2027, 3, 14))
    hotels = inventory.hotel_offers(airport("LIS"), date(2027, 3, 10), date(2027, 3, 14))
    catalogue = activities_for("Lisbon")
    choices = Choices(flights["outbound"], flights["return"], hotels["offers"],
                      [catalogue[d::4] for d in range(4)], ["One.", "Two.", "Three."], "Lisbon")
    plan = plan_schema([
        Option("call_tool", "set_parameter_value", {"parameter_path": path}, key="parameter_path")
        for path in ("dose", "ka", "ke")] + [Option("clarify"), Option("respond")])
    search = build_decoding_schema(narrowed_tools(
        [{"name": "search_flights"}, {"name": "search_hotels"}], {}), None, allow_answer=False)
    answer = build_decoding_schema([], {"type": "string", "const": (
        "Loaded One-compartment oral. Set dose to 200 mg. Simulated 24 h: succeeded. "
        "For C: Cmax 2.478 mg/L.")})
    return {"plan": plan, "search": search, "selection": build_decoding_schema(
        [], choices.schema()), "answer": answer}


@pytest.mark.parametrize("kind", ["plan", "search", "selection", "answer"])
def test_every_constrained_decode_ends_inside_its_token_budget(
        tight_model: LocalChatModel, kind: str) -> None:
    schema = _schemas()[kind]
    parsed, raw = tight_model.complete_json(
        [HumanMessage("Pick the next step for the request and answer in JSON.")], schema)
    assert parsed is not None, raw  # complete JSON, not cut off at max_tokens
    import jsonschema

    jsonschema.validate(parsed, schema)
    assert json.loads(raw) == parsed


def test_a_rejection_asking_for_the_empty_last_day_gets_it_and_keeps_the_rest() -> None:
    """The README's plan leaves day 5 (the flight home) free; asked for an activity there,
    the revision adds one and keeps the hotel, the flights and the other days."""
    request = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"

    async def go() -> tuple[dict[str, Any], Any, dict[str, Any]]:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", {"messages": request}, model="local")
            assert outcome.status == "interrupted", outcome.error
            first = (await desk.view(outcome.thread_id)).values["current_itinerary"]
            revised = await desk.decide(outcome.thread_id, Decision(
                type="reject", message="Day 5 has nothing planned, please add an activity."))
            return first, revised, (await desk.view(outcome.thread_id)).values

    first, revised, values = asyncio.run(go())
    assert revised.status == "interrupted", revised.error
    assert not [a for a in first["activities"] if a["day"] == 5]
    plan = values["current_itinerary"]
    catalogue = dict(activities_for("Lisbon"))
    day5 = [a for a in plan["activities"] if a["day"] == 5]
    assert len(day5) == 1 and catalogue[day5[0]["name"]] == day5[0]["cost"]
    assert day5[0]["name"] not in {a["name"] for a in first["activities"]}
    assert plan["hotels"] == first["hotels"] and plan["flights"] == first["flights"]
    assert [a for a in plan["activities"] if a["day"] != 5] == first["activities"]
    changes = {c["label"]: (c["old"], c["new"]) for c in revised.interrupt["changes"]}
    assert changes["Day 5 activities"] == (None, day5[0]["name"])
    assert "done: an activity on day 5" in revised.interrupt["data"]["revision_note"]
