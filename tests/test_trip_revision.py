"""Trip revisions: a rejection read into what it asks, a new plan that meets it or says why
not, what changed between the two plans, and no tool called twice for the same thing
(scripted model, real travel server)."""

from __future__ import annotations

import asyncio
import json
from datetime import date
from typing import Any

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from agentdesk.domains.trip.agent.changes import plan_changes
from agentdesk.domains.trip.agent.repeats import run_without_repeats
from agentdesk.domains.trip.agent.revision import read_revision
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk

from .trip_script import TripScript

README = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"
PREFERENCES = {"origin": "Boston", "destination": "Lisbon", "depart": "2027-03-10",
               "return": "2027-03-14", "travelers": 1, "budget": 2500.0}
PLAN = {"start_date": "2027-03-10", "end_date": "2027-03-14",
        "activities": [{"day": d, "name": f"Thing {d}", "cost": 5.0} for d in (1, 2, 3, 4)]}
TODAY = date(2026, 11, 23)


@pytest.mark.parametrize(("message", "wants"), [
    ("Day 5 has nothing planned, please add an activity there", ["activity:5"]),
    ("There are no activities on day 5", ["activity:5"]),
    ("Something to do on the last day, please", ["activity:5"]),
    ("Can we do something on Sunday?", ["activity:5"]),  # 2027-03-14 is the trip's Sunday
    ("Add an activity on day 5 and find a cheaper hotel", ["hotel:cheaper", "activity:5"]),
    ("A different activity on day 2", ["change:2"]),
    ("Leave day 3 free", ["free:3"]),
    ("No activities please", ["no_activities"]),
    ("Find another hotel", ["hotel:other"]),
    ("The hotel is too expensive", ["hotel:cheaper"]),
    ("A nicer hotel, 5 stars", ["hotel:nicer"]),
    ("Find cheaper flights", ["flights:cheaper"]),
    ("Nonstop flights only", ["flights:nonstop"]),
    ("Tighter budget", ["cheaper"]),
    ("We want to come back a day later", ["return:2027-03-15"]),
    ("Stay two more nights", ["return:2027-03-16"]),
    ("Leave on 2027-03-12 instead", ["depart:2027-03-12"]),
    ("again", []),
    ("We would love to hear fado one evening", []),
])
def test_a_rejection_is_read_into_wants(message: str, wants: list[str]) -> None:
    ask = read_revision(message, PLAN, PREFERENCES, today=TODAY)
    assert ask.wants == wants
    assert ask.read_by == ("code" if wants else "none")
    assert ask.unmet == {}


@pytest.mark.parametrize(("message", "want", "reason"), [
    ("Add an activity on day 9", "activity:9", "the trip has only 5 days"),
    ("Leave on 2020-01-01", "depart:2020-01-01", "2020-01-01 is in the past"),
    ("Come back on 2027-03-01", "return:2027-03-01", "is before depart"),
])
def test_what_no_plan_can_meet_is_kept_with_the_reason(message: str, want: str,
                                                       reason: str) -> None:
    ask = read_revision(message, PLAN, PREFERENCES, today=TODAY)
    assert want in ask.wants and reason in ask.unmet[want]


def test_plan_changes_list_each_difference_once(trip_script: TripScript) -> None:
    before_plan = trip_script.itinerary(hotel=2, activities=[
        {"day": 1, "name": "Tram 28 ride", "cost": 3.0}])
    after_plan = trip_script.itinerary(hotel=0, activities=[
        {"day": 1, "name": "Tram 28 ride", "cost": 3.0}, {"day": 5, "name": "Sintra", "cost": 55.0}])
    before = {"itinerary": before_plan, "total_cost": 1500.0, "budget_status": "under"}
    after = {"itinerary": after_plan, "total_cost": 1300.0, "budget_status": "under"}
    seen = {o["offer_id"]: o for o in trip_script.flights["outbound"]}
    rows = {c.label: (c.old, c.new, c.unit) for c in plan_changes(before, after, seen)}
    old_hotel, new_hotel = trip_script.hotels["offers"][2], trip_script.hotels["offers"][0]
    assert rows == {
        "Hotel": (old_hotel["name"], new_hotel["name"], None),
        "Hotel price": (f"{old_hotel['price']:,.2f}", f"{new_hotel['price']:,.2f}", "USD"),
        "Day 5 activities": (None, "Sintra", None),
        "Total cost": ("1,500.00", "1,300.00", "USD"),
        "Budget": ("under by 1,000.00", "under by 1,200.00", "USD"),
    }
    assert plan_changes(before, before, seen) == []


# -- a thread: plan, reject, revised plan ------------------------------------------------


def bare_call(name: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": {}}]}


def selection(activities: int = 4, **picks: int) -> dict[str, Any]:
    chosen = {"outbound": 1, "return": 1, "hotel": 1,
              "activities": list(range(1, activities + 1)), "notes": 1, **picks}
    return {"content": json.dumps(chosen)}


FIRST_PLAN = (bare_call("get_airport_code"), bare_call("search_flights"), selection(hotel=3))
"""A first plan of choices: days 1 to 4 with an activity, day 5 (the flight home) empty,
the third-cheapest hotel."""


def plan_then_reject(model: str, message: str) -> tuple[dict[str, Any], Any, Any]:
    """(the first plan, the revision's outcome, the thread's state after it)."""
    async def go() -> tuple[dict[str, Any], Any, Any]:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", {"messages": README}, model=model)
            assert outcome.status == "interrupted", outcome.error
            first = (await desk.view(outcome.thread_id)).values["current_itinerary"]
            revised = await desk.decide(outcome.thread_id, Decision(type="reject",
                                                                    message=message))
            return first, revised, await desk.view(outcome.thread_id)
    return asyncio.run(go())


def changes(outcome: Any) -> dict[str, tuple[Any, Any]]:
    return {c["label"]: (c["old"], c["new"]) for c in outcome.interrupt["changes"]}


def test_activities_on_an_empty_day_are_added_and_nothing_else_changes(
        trip_script: TripScript) -> None:
    # The revision's picks point elsewhere: code keeps what the reviewer did not mention.
    model = trip_script.write(*FIRST_PLAN, selection(activities=5, hotel=1))
    first, revised, view = plan_then_reject(
        model, "Day 5 has nothing planned, please add an activity there")
    assert not [a for a in first["activities"] if a["day"] == 5]
    assert revised.status == "interrupted", revised.error
    plan = view.values["current_itinerary"]
    day5 = [a["name"] for a in plan["activities"] if a["day"] == 5]
    assert len(day5) == 1
    assert plan["hotels"] == first["hotels"] and plan["flights"] == first["flights"]
    assert [a for a in plan["activities"] if a["day"] != 5] == first["activities"]

    shown = changes(revised)
    assert shown["Day 5 activities"] == (None, day5[0])
    assert set(shown) == {"Day 5 activities", "Total cost", "Budget"}
    assert shown["Total cost"][1] == f"{view.values['total_cost']:,.2f}"
    pending = revised.interrupt
    assert pending["title"].startswith("Review the revised trip to Lisbon")
    note = pending["summary"].splitlines()[0]
    assert note == pending["data"]["revision_note"]
    assert "Day 5 has nothing planned" in note
    assert f"done: an activity on day 5 ({day5[0]})" in note
    assert note.endswith("nothing else changed.")


def test_a_request_no_offer_meets_keeps_the_plan_and_says_why(trip_script: TripScript) -> None:
    model = trip_script.write(bare_call("get_airport_code"), bare_call("search_flights"),
                              selection(hotel=1), selection(hotel=1))
    first, revised, view = plan_then_reject(
        model, "Find a cheaper hotel, and add an activity on day 9")
    cheapest = trip_script.hotels["offers"][0]
    assert first["hotels"][0]["offer_id"] == cheapest["offer_id"]
    assert view.values["current_itinerary"]["hotels"] == first["hotels"]
    note = revised.interrupt["summary"].splitlines()[0]
    assert (f"not possible: a cheaper hotel (no hotel the search found costs less than "
            f"{cheapest['name']}'s {cheapest['price']:,.2f} USD); an activity on day 9 "
            "(the trip has only 5 days)") in note
    assert note.endswith("the plan is the same as before.")
    assert revised.interrupt["changes"] == []


def test_a_cheaper_hotel_changes_the_hotel_only(trip_script: TripScript) -> None:
    model = trip_script.write(*FIRST_PLAN, selection(hotel=2))
    first, revised, view = plan_then_reject(model, "The hotel is too expensive")
    plan = view.values["current_itinerary"]
    assert plan["hotels"][0]["price"] < first["hotels"][0]["price"]
    assert plan["flights"] == first["flights"]
    assert plan["activities"] == first["activities"]
    shown = changes(revised)
    assert set(shown) == {"Hotel", "Hotel price", "Total cost", "Budget"}
    assert shown["Hotel"] == (first["hotels"][0]["name"], plan["hotels"][0]["name"])
    assert "done: a cheaper hotel (" in revised.interrupt["data"]["revision_note"]


def test_new_dates_are_searched_for_and_shown(trip_script: TripScript) -> None:
    model = trip_script.write(*FIRST_PLAN, bare_call("search_flights"), selection())
    first, revised, view = plan_then_reject(model, "We would like to come back a day later")
    assert revised.status == "interrupted", revised.error
    assert view.values["preferences"]["return"] == "2027-03-15"
    plan = view.values["current_itinerary"]
    assert plan["end_date"] == "2027-03-15"
    assert plan["flights"][0] == first["flights"][0]  # the outbound flight stays
    assert plan["hotels"][0]["name"] == first["hotels"][0]["name"]  # the same hotel, a night more
    shown = changes(revised)
    assert shown["Dates"] == ("2027-03-10 to 2027-03-14", "2027-03-10 to 2027-03-15")
    assert "Return flight" in shown and "Hotel price" in shown and "Hotel" not in shown
    assert "done: returning on 2027-03-15; nothing else changed." in \
        revised.interrupt["data"]["revision_note"]


def test_what_code_cannot_read_the_model_picks_from_a_short_list(
        trip_script: TripScript) -> None:
    # "A" is the first option: activities on the days without one.
    model = trip_script.write(*FIRST_PLAN, {"structured": {"change": "A"}}, selection())
    _, revised, view = plan_then_reject(model, "We would love to hear fado one evening")
    assert view.values["revision_request"]["read_by"] == "model"
    assert view.values["revision_request"]["wants"] == ["activity:5"]
    assert [a for a in view.values["current_itinerary"]["activities"] if a["day"] == 5]
    note = revised.interrupt["data"]["revision_note"]
    assert "done: an activity on day 5" in note and "read by the model" in note


def test_the_embedded_model_is_not_asked_to_read_a_rejection() -> None:
    """Given the list of changes, the 270M model answers the same letter for any message;
    only models that can read are asked."""
    from types import SimpleNamespace

    from agentdesk.domains.trip.agent.reading import model_reads

    unread = read_revision("We would love to hear fado one evening", PLAN, PREFERENCES)
    assert model_reads(unread, SimpleNamespace(small=False))
    assert not model_reads(unread, SimpleNamespace(small=True))
    short = read_revision("again", PLAN, PREFERENCES)
    assert not model_reads(short, SimpleNamespace(small=False))


def test_a_word_or_two_asks_no_model_and_the_review_says_so(trip_script: TripScript) -> None:
    model = trip_script.write(*FIRST_PLAN, selection(hotel=1))
    first, revised, view = plan_then_reject(model, "again")
    assert view.values["revision_request"]["read_by"] == "none"
    note = revised.interrupt["data"]["revision_note"]
    assert "names no change the planner could read" in note
    assert "changed: hotel, hotel price" in note
    assert changes(revised)["Hotel"][0] == first["hotels"][0]["name"]


# -- no tool called twice for the same thing -----------------------------------------------


def tool_calls(thread_id: str) -> list[tuple[str, dict[str, Any]]]:
    async def go() -> list[Any]:
        async with Desk.open() as desk:
            return await desk.store.audit_trail(thread_id)
    return [(e.data["tool"], e.data["args"]) for e in asyncio.run(go())
            if e.event == "tool_call"]


def test_a_model_that_repeats_a_lookup_gets_the_earlier_answer(trip_script: TripScript) -> None:
    lookup = trip_script.call("get_airport_code", city_name="Lisbon")
    again = trip_script.call("get_airport_code", city_name=" lisbon ")
    model = trip_script.write(lookup, again, lookup, trip_script.search(),
                              trip_script.answer(trip_script.itinerary()),
                              lookup, lookup, trip_script.search(),
                              trip_script.answer(trip_script.itinerary(hotel=1)))

    async def go() -> tuple[str, Any, Any]:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", {"messages": README,
                                                "preferences": {"origin": "BOS"}}, model=model)
            revised = await desk.decide(outcome.thread_id, Decision(
                type="reject", message="Find another hotel"))
            return outcome.thread_id, revised, await desk.view(outcome.thread_id)

    thread_id, revised, view = asyncio.run(go())
    assert revised.status == "interrupted", revised.error
    made = [tool for tool, _ in tool_calls(thread_id)]
    # One look-up and one search of each kind per planning pass (the plan, the revision).
    assert made.count("get_airport_code") == 2
    assert made.count("search_flights") == 2 and made.count("search_hotels") == 2
    answers = [m for m in view.values["messages"] if isinstance(m, ToolMessage)
               and m.name == "get_airport_code"]
    assert len(answers) == 5
    assert [bool(m.additional_kwargs.get("reused")) for m in answers] == [
        False, True, True, False, True]
    assert all(json.loads(m.text)["code"] == "LIS" for m in answers)


def test_a_call_repeated_inside_one_answer_is_made_once() -> None:
    made: list[list[str]] = []

    async def run(message: AIMessage) -> list[ToolMessage]:
        made.append([c["id"] or "" for c in message.tool_calls])
        return [ToolMessage(f"result {c['id']}", name=c["name"], tool_call_id=c["id"] or "")
                for c in message.tool_calls]

    calls = [{"name": "get_airport_code", "args": {"city_name": "Boston"}, "id": "a"},
             {"name": "get_airport_code", "args": {"city_name": "Lisbon"}, "id": "b"},
             {"name": "get_airport_code", "args": {"city_name": "Boston"}, "id": "c"}]
    answers = asyncio.run(run_without_repeats(AIMessage("", tool_calls=calls), [], run))
    assert made == [["a", "b"]]
    assert [(m.tool_call_id, m.text) for m in answers] == [
        ("a", "result a"), ("b", "result b"), ("c", "result a")]
