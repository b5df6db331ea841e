"""The trip planner's labelled set: free-text requests and what a right plan holds.

A case either must be refused up front (no origin, dates in the past) or must reach
review with: an outbound and a return flight between the expected airports on the
requested dates, a hotel in the destination for every night, activities from the
destination's catalogue at their catalogue price, the budget asked, a total within it and
notes in whole sentences. Revisions then reject the plan with a message ("Find cheaper
flights") and check that the next plan changed accordingly. A plan over a budget that the
cheapest flights and hotel found already exceed, put up for review with "No plan fits this
budget" (the seed's review of an over-budget plan, its reason said), counts as said back
(``budget_unmet``), not as a silent wrong; a plan over a budget cheaper offers would meet is
the planner's mistake (``over_budget``).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from .common import Case, CaseResult, open_desk

REFUSED = frozenset({"refused", "budget_unmet"})
"""Causes where the agent said what it could not read, or could not meet, instead of
planning as asked."""
OTHER = frozenset({"no_review", "revision_failed", "crash"})
"""Causes that are neither a plan nor a refusal (every other cause is a plan put up for
review with confidence, and wrong: a silent wrong)."""

__all__ = ["NAME", "OTHER", "REFUSED", "cases", "judge_plan", "run_case"]

NAME = "trip"
SET_FILE = Path(__file__).with_name("trip_set.json")


def cases() -> list[Case]:
    """The labelled requests."""
    return [Case(item["id"], item["request"], item, item.get("tags", []))
            for item in json.loads(SET_FILE.read_text())]


def judge_plan(values: dict[str, Any], expected: dict[str, Any]) -> tuple[str | None, str]:
    """(cause, detail) of what is wrong with the plan under review, or (None, "")."""
    from agentdesk.domains.trip.agent.activities import activities_for

    plan = values.get("current_itinerary") or {}
    flights = plan.get("flights") or []
    route = [(f["origin"], f["destination"], f["date"]) for f in flights]
    want = [(expected["origin"], expected["destination"], expected["depart"]),
            (expected["destination"], expected["origin"], expected["return"])]
    if route != want:
        return "wrong_flights", f"flights {route}, expected {want}"
    hotels = plan.get("hotels") or []
    nights = [(h["city_code"], h["check_in"], h["check_out"]) for h in hotels]
    if nights != [(expected["destination"], expected["depart"], expected["return"])]:
        return "no_hotel_every_night", f"hotels {nights}"
    if plan.get("travelers") != expected.get("travelers", 1):
        return "wrong_travelers", f"travelers {plan.get('travelers')}"
    catalogue = dict(activities_for(expected["city"]))
    activities = plan.get("activities") or []
    if not activities:
        return "no_activities", "the plan has no activities"
    for activity in activities:
        if catalogue.get(activity["name"]) != activity["cost"]:
            return "made_up_activity", f"{activity['name']!r} at {activity['cost']}"
    if plan.get("budget") != expected.get("budget"):
        return "wrong_budget", f"budget {plan.get('budget')}, expected {expected.get('budget')}"
    if expected.get("budget") and values.get("budget_status") != "under":
        floor = plan.get("budget_floor")
        if floor is not None and floor > expected["budget"]:
            return "budget_unmet", f"the cheapest flights and hotel cost {floor}"
        return "over_budget", f"total {values.get('total_cost')} > {expected['budget']}"
    notes = str(plan.get("notes") or "").strip()
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", notes) if s]
    if not sentences or not all(s[0].isupper() and s[-1] in ".!?" for s in sentences):
        return "notes_not_sentences", repr(notes)
    return None, ""


def _check_revision(check: str, before: dict[str, Any], after: dict[str, Any],
                    offers: dict[str, Any]) -> str | None:
    def legs(plan: dict[str, Any]) -> float:
        return sum(f["price"] for f in plan.get("flights") or [])

    if check == "has_hotel":
        return None if after.get("hotels") else "the revised plan has no hotel"
    if check == "cheaper_flights":
        cheapest = min(o["price"] for o in offers["outbound"]) + min(
            o["price"] for o in offers["return"])
        if legs(after) < legs(before) or legs(before) <= cheapest + 1e-6:
            return None
        return f"flights {legs(after):.2f} not cheaper than {legs(before):.2f}"
    if check == "cheaper_hotel":
        old, new = before["hotels"][0]["price"], (after.get("hotels") or [{}])[0].get("price")
        cheapest = min(o["price"] for o in offers["hotels"])
        if new is not None and (new < old or old <= cheapest + 1e-6):
            return None
        return f"hotel {new} not cheaper than {old}"
    return f"unknown check {check!r}"


def _offers(values: dict[str, Any]) -> dict[str, Any]:
    from agentdesk.domains.trip.agent.audit import searches

    found = searches(values.get("messages") or [])
    outbound, back = found.flights[-1] if found.flights else ([], [])
    return {"outbound": outbound, "return": back,
            "hotels": found.hotels[-1] if found.hotels else []}


async def run_case(case: Case, model: str, data_dir: Path) -> CaseResult:
    """Run the real agent on one request; judge each plan it puts up for review."""
    from agentdesk.errors import InputError
    from agentdesk.runtime.approvals import Decision

    expected: dict[str, Any] = case.expected
    started = time.perf_counter()

    def result(ok: bool, cause: str | None = None, detail: str = "") -> CaseResult:
        return CaseResult(case.id, ok, cause, time.perf_counter() - started, detail)

    async with open_desk(data_dir) as desk:
        try:
            outcome = await desk.start("trip", {"messages": case.request}, model=model)
        except InputError as exc:
            if expected.get("refused") and re.search(expected["refused"], str(exc), re.I):
                return result(True, detail=str(exc))
            return result(False, "refused", str(exc)[:300])
        if expected.get("refused"):
            return result(False, "not_refused", f"status {outcome.status}")
        if outcome.status != "interrupted":
            return result(False, "no_review", json.dumps(outcome.error)[:300])
        values = (await desk.view(outcome.thread_id)).values
        cause, detail = judge_plan(values, expected)
        if cause:
            return result(False, cause, detail)
        for revision in expected.get("revisions", []):
            before = values.get("current_itinerary") or {}
            outcome = await desk.decide(outcome.thread_id, Decision(
                type="reject", message=revision["message"], actor="bench"), model=model)
            if outcome.status != "interrupted":
                return result(False, "revision_failed", json.dumps(outcome.error)[:300])
            values = (await desk.view(outcome.thread_id)).values
            cause, detail = judge_plan(values, expected)
            if cause:
                return result(False, f"revision_{cause}", detail)
            problem = _check_revision(revision["check"], before,
                                      values.get("current_itinerary") or {}, _offers(values))
            if problem:
                return result(False, "revision_ignored", f"{revision['message']}: {problem}")
        plan = values.get("current_itinerary") or {}
        return result(True, detail=f"total {values.get('total_cost')}, "
                                   f"{len(plan.get('activities') or [])} activities")
