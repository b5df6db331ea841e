"""Every routing branch of the trip planner (seed 000), driven by scripted models."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agentdesk.domains.trip.agent.graph import build_graph
from agentdesk.domains.trip.agent.nodes import (
    MAX_SCHEMA_RETRIES,
    route_after_planner,
    route_after_review,
)
from agentdesk.errors import DecisionError, InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome

from .trip_script import REQUEST, TripScript


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def start(model: str, request: str = REQUEST, **preferences: Any) -> tuple[RunOutcome, Any]:
    async with Desk.open() as desk:
        payload: dict[str, Any] = {"messages": request}
        if preferences:
            payload["preferences"] = preferences
        outcome = await desk.start("trip", payload, model=model)
        return outcome, await desk.view(outcome.thread_id)


async def decide(thread_id: str, **decision: Any) -> tuple[RunOutcome, Any]:
    async with Desk.open() as desk:
        outcome = await desk.decide(thread_id, Decision(**decision))
        return outcome, await desk.view(thread_id)


def test_graph_is_wired_as_the_seed_draws_it() -> None:
    graph = build_graph().compile().get_graph()
    edges = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert edges == {
        ("__start__", "planner", False),
        ("planner", "tools", True), ("planner", "auditor", True),
        ("tools", "planner", False),
        ("auditor", "human_review", False),
        ("human_review", "planner", True), ("human_review", "__end__", True),
    }


def test_route_after_planner() -> None:
    call = AIMessage("", tool_calls=[{"name": "search_flights", "args": {}, "id": "1"}])
    assert route_after_planner({"messages": [call]}) == "tools"
    assert route_after_planner({"messages": [AIMessage("{}")]}) == "auditor"


@pytest.mark.parametrize(("state", "expected"), [
    ({"is_approved": True}, "__end__"),
    ({"is_approved": False, "current_step": "failed_max_retries"}, "__end__"),
    ({"is_approved": False, "current_step": "revising"}, "planner"),
    ({"is_approved": False, "current_step": "retrying"}, "planner"),
    ({}, "planner"),
])
def test_route_after_review(state: dict, expected: str) -> None:
    assert route_after_review(state) == expected


def test_tool_loop_then_review_under_budget(trip_script: TripScript) -> None:
    it = trip_script.itinerary(travelers=2)
    model = trip_script.write(trip_script.call("get_airport_code", city_name="Lisbon"),
                              trip_script.search(), trip_script.answer(it, fenced=True))
    outcome, view = run(start(model, travelers=2, budget=2500))
    assert outcome.status == "interrupted"
    tools = [m.name for m in view.values["messages"] if isinstance(m, ToolMessage)]
    assert tools == ["get_airport_code", "search_flights", "search_hotels"]
    pending = outcome.interrupt
    assert pending["kind"] == "review_result"
    assert pending["allowed"] == ["approve", "edit", "reject"]
    flights = sum(f["price"] for f in it["flights"]) * 2
    hotel_offer = trip_script.hotels["offers"][0]
    rooms = -(-2 // hotel_offer["max_occupancy"])
    hotels = hotel_offer["price"] * rooms
    breakdown = view.values["cost_breakdown"]
    assert breakdown == {"flights": round(flights, 2), "hotels": round(hotels, 2),
                         "activities": 30.0}
    assert view.values["total_cost"] == round(flights + hotels + 30.0, 2)
    assert view.values["budget_status"] == "under"
    assert "under by" in pending["summary"] and "Cost for the party" in pending["summary"]


def test_over_budget_is_still_reviewed(trip_script: TripScript) -> None:
    it = trip_script.itinerary(budget=None)
    model = trip_script.write(trip_script.search(), trip_script.answer(it))
    outcome, view = run(start(model, budget=300))
    assert outcome.status == "interrupted"
    assert view.values["budget_status"] == "over"
    assert "OVER by" in outcome.interrupt["summary"]


def test_model_total_is_never_trusted(trip_script: TripScript) -> None:
    it = trip_script.itinerary()
    it["total_cost"] = 1.0  # extra field from the model: ignored, the auditor computes
    model = trip_script.write(trip_script.search(), trip_script.answer(it))
    outcome, view = run(start(model))
    assert outcome.status == "interrupted"
    assert view.values["total_cost"] > 100


def test_schema_error_retried_once_then_reviewed(trip_script: TripScript) -> None:
    good = trip_script.itinerary()
    model = trip_script.write(trip_script.search(), {"content": "I think Lisbon is nice."},
                              trip_script.answer(good))
    outcome, view = run(start(model))
    assert outcome.status == "interrupted"
    feedback = [m.text for m in view.values["messages"] if isinstance(m, HumanMessage)][1:]
    assert len(feedback) == 1 and "no JSON object" in feedback[0]
    assert view.values["retry_count"] == 0  # reset once an itinerary passed


def test_schema_error_retried_three_times_then_reviewed(trip_script: TripScript) -> None:
    bad = {"content": '{"destination": "LIS"}'}
    model = trip_script.write(trip_script.search(), bad, bad, bad,
                              trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model))
    assert outcome.status == "interrupted"


def test_schema_errors_past_the_limit_fail_the_thread(trip_script: TripScript) -> None:
    bad = {"content": '{"destination": "LIS"}'}
    model = trip_script.write(trip_script.search(), *[bad] * (MAX_SCHEMA_RETRIES + 1))
    outcome, view = run(start(model))
    assert outcome.status == "failed"
    assert view.values["current_step"] == "failed_max_retries"
    assert "start_date" in outcome.error["message"]
    assert view.values["retry_count"] == MAX_SCHEMA_RETRIES


def test_made_up_offer_is_a_schema_error(trip_script: TripScript) -> None:
    fake = trip_script.itinerary()
    fake["flights"][0]["offer_id"] = "FL-INVENTED01"
    model = trip_script.write(trip_script.search(), trip_script.answer(fake),
                              trip_script.answer(trip_script.itinerary()))
    outcome, view = run(start(model))
    assert outcome.status == "interrupted"
    feedback = [m.text for m in view.values["messages"] if isinstance(m, HumanMessage)][-1]
    assert "FL-INVENTED01" in feedback and "search_flights" in feedback


def test_altered_price_is_a_schema_error(trip_script: TripScript) -> None:
    cheap = trip_script.itinerary()
    real = cheap["hotels"][0]["price"]
    cheap["hotels"][0]["price"] = round(real - 50, 2)
    model = trip_script.write(trip_script.search(), *[trip_script.answer(cheap)] * 4)
    outcome, _ = run(start(model))
    assert outcome.status == "failed"
    assert f"differs from the offer's {real}; copy prices exactly" in outcome.error["message"]


def test_offer_from_a_failed_search_is_not_trusted(trip_script: TripScript) -> None:
    it = trip_script.itinerary()
    model = trip_script.write(
        trip_script.call("search_flights", origin="BOS", destination="XXX", date="2027-03-10"),
        *[trip_script.answer(it)] * 4)
    outcome, view = run(start(model))
    assert outcome.status == "failed"
    errors = [m for m in view.values["messages"] if isinstance(m, ToolMessage)]
    assert errors[0].status == "error" and "XXX" in errors[0].text


def test_approve_ends_the_thread(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model))
    done, view = run(decide(outcome.thread_id, type="approve"))
    assert done.status == "completed"
    assert view.values["is_approved"] is True
    assert done.result["current_itinerary"]["destination"] == "LIS"
    assert view.next == []


def test_reject_with_feedback_revises_then_approve(trip_script: TripScript) -> None:
    first = trip_script.itinerary(hotel=0)
    second = trip_script.itinerary(hotel=1)
    model = trip_script.write(trip_script.search(), trip_script.answer(first),
                              trip_script.answer(second))
    outcome, _ = run(start(model))
    revised, view = run(decide(outcome.thread_id, type="reject", message="Find another hotel"))
    assert revised.status == "interrupted"
    assert revised.interrupt["id"] != outcome.interrupt["id"]
    assert view.values["revision_count"] == 1
    assert any("Find another hotel" in m.text for m in view.values["messages"]
               if isinstance(m, HumanMessage))
    assert view.values["current_itinerary"]["hotels"][0]["offer_id"] == second["hotels"][0]["offer_id"]
    done, view = run(decide(outcome.thread_id, type="approve"))
    assert done.status == "completed" and view.values["revision_count"] == 1


def test_edit_changes_preferences_and_revises(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model, budget=2500))
    revised, view = run(decide(outcome.thread_id, type="edit", args={"budget": 900},
                               message="Tighter budget"))
    assert revised.status == "interrupted"
    assert view.values["preferences"]["budget"] == 900
    assert view.values["budget_status"] == "over"


def test_edit_with_invalid_args_changes_nothing(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, before = run(start(model))
    with pytest.raises(InputError, match=r"args\.budget"):
        run(decide(outcome.thread_id, type="edit", args={"budget": -5}))
    async def after() -> Any:
        async with Desk.open() as desk:
            return await desk.view(outcome.thread_id), await desk.store.audit_trail(
                outcome.thread_id)
    view, trail = run(after())
    assert view.interrupt.id == outcome.interrupt["id"]
    assert view.thread.status == "interrupted"
    assert len(view.values["messages"]) == len(before.values["messages"])
    assert not [e for e in trail if e.event == "decision"]


def test_second_decision_for_the_same_interrupt_is_refused(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model))
    run(decide(outcome.thread_id, type="approve"))
    with pytest.raises(DecisionError, match="not waiting"):
        run(decide(outcome.thread_id, type="approve"))


def test_stale_interrupt_id_is_refused(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.answer(trip_script.itinerary(hotel=1)))
    outcome, _ = run(start(model))
    run(decide(outcome.thread_id, type="reject", message="again"))

    async def stale() -> None:
        async with Desk.open() as desk:
            await desk.decide(outcome.thread_id, Decision(type="approve"),
                              interrupt_id=outcome.interrupt["id"])
    with pytest.raises(DecisionError, match="not the pending one"):
        run(stale())


def test_decision_type_not_allowed_is_refused(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model))
    with pytest.raises(DecisionError, match="not allowed"):
        run(decide(outcome.thread_id, type="respond", message="hello"))
    _, view = run(decide(outcome.thread_id, type="approve"))
    assert view.values["is_approved"] is True


def test_concurrent_duplicate_decisions_run_once(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model))

    async def race() -> list[Any]:
        async with Desk.open() as one, Desk.open() as two:
            return await asyncio.gather(
                one.decide(outcome.thread_id, Decision(type="approve", actor="a")),
                two.decide(outcome.thread_id, Decision(type="approve", actor="b")),
                return_exceptions=True)
    results = run(race())
    done = [r for r in results if isinstance(r, RunOutcome)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(done) == 1 and done[0].status == "completed"
    assert len(refused) == 1 and isinstance(refused[0], DecisionError | type(refused[0]))

    async def trail() -> list[Any]:
        async with Desk.open() as desk:
            return await desk.store.audit_trail(outcome.thread_id)
    assert [e.actor for e in run(trail()) if e.event == "decision"] in (["a"], ["b"])


def test_script_exhausted_fails_cleanly_naming_the_file(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search())
    outcome, _ = run(start(model))
    assert outcome.status == "failed"
    assert model.removeprefix("scripted:") in outcome.error["message"]
    assert "exhausted" in outcome.error["message"]


def test_endless_tool_loop_is_cut_by_the_recursion_limit(trip_script: TripScript) -> None:
    loop = trip_script.call("get_airport_code", city_name="Lisbon")
    model = trip_script.write(*[loop] * 60)
    outcome, _ = run(start(model))
    assert outcome.status == "failed"
    assert "recursion_limit" in outcome.error["message"]


def test_the_planner_offers_the_missing_searches_then_only_the_threads_offers(
        trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a grammar decoder may write narrows to the searches lacking, then to the offers."""
    from agentdesk.domains.trip.agent import nodes

    bound: list[tuple[list[str], dict[str, Any], bool]] = []
    real_bind = nodes.bind_tools

    def recording_bind(model: Any, tools: list[Any], answer_schema: dict[str, Any] | None = None,
                       require_tool: bool = False) -> Any:
        names = [t["function"]["name"] if isinstance(t, dict) else t.name for t in tools]
        bound.append((names, answer_schema or {}, require_tool))
        return real_bind(model, tools, answer_schema=answer_schema, require_tool=require_tool)

    monkeypatch.setattr(nodes, "bind_tools", recording_bind)
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    outcome, _ = run(start(model, origin="BOS", destination="LIS", travelers=1,
                           depart="2027-03-10", **{"return": "2027-03-14"}))
    assert outcome.status == "interrupted"
    (first_tools, first_schema, first_required), (_, after, _) = bound
    assert first_tools == ["search_flights", "search_hotels"] and first_required
    assert first_schema == {}  # no answer before the offers are in
    props = after["properties"]
    assert props["outbound"] == {"enum": list(range(1, len(trip_script.flights["outbound"]) + 1))}
    assert props["return"] == {"enum": list(range(1, len(trip_script.flights["return"]) + 1))}
    assert props["hotel"] == {"enum": list(range(1, len(trip_script.hotels["offers"]) + 1))}
    assert props["activities"]["minItems"] == props["activities"]["maxItems"] == 4
