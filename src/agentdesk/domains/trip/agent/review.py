"""The review's two sides of a revision: sending a plan back, and showing what changed.

:func:`send_back` turns a person's reject or edit into the planner's next task: the
message read into wants (new dates go into the preferences at once, so code
searches for them), the plan being sent back kept for comparison. :func:`compare`
checks the next plan against it: each want met or not (and why not), every
difference as a :class:`Change`, and one line saying what changed and why.
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import HumanMessage

from agentdesk.runtime.approvals import Change, Decision

from . import prompts
from .audit import offers_seen
from .changes import plan_changes, revision_note
from .choices import trip_choices
from .honour import want_met
from .revision import RevisionAsk, describe_want, read_revision
from .schemas import TripPreferences
from .state import PlanState

__all__ = ["compare", "send_back", "snapshot"]

_REPLAN_FIELDS = ("budget", "travelers", "origin", "destination", "currency")
"""Edited preferences that change what every part of the plan must fit."""

NOT_IN_PLAN = "the planner's answer does not have it"
"""Why a want is unmet when no reason was found beforehand (a model wrote the plan freely)."""


def snapshot(state: PlanState) -> dict[str, Any]:
    """The audited plan in ``state``, as the review keeps it to compare the next one with."""
    return {"itinerary": state.get("current_itinerary"),
            "cost_breakdown": state.get("cost_breakdown"),
            "total_cost": state.get("total_cost"),
            "budget_status": state.get("budget_status", "unknown")}


def send_back(state: PlanState, decision: Decision) -> PlanState:
    """The update for a reject or an edit: preferences, the request as read, the feedback."""
    preferences = dict(state.get("preferences", {}))
    notes = []
    edited = decision.type == "edit" and bool(decision.args)
    if edited:
        merged = {**preferences, **(decision.args or {})}
        preferences = TripPreferences.model_validate(merged).to_state()
        notes.append(prompts.EDIT_FEEDBACK.format(preferences=json.dumps(preferences)))
    ask = read_revision(decision.message, state.get("current_itinerary"), preferences)
    ask.fresh = edited and any(key in (decision.args or {}) for key in _REPLAN_FIELDS)
    ask.decision = "edit" if decision.type == "edit" else "reject"
    for want in ask.wants:  # new dates: code searches for them before the planner chooses
        kind, _, value = want.partition(":")
        if kind in ("depart", "return") and want not in ask.unmet:
            preferences[kind] = value
    notes.append(prompts.REVISION_FEEDBACK.format(
        message=decision.message or "the reviewer did not accept this plan"))
    if ask.wants:
        notes.append(prompts.READ_AS.format(wants="; ".join(describe_want(w)
                                                            for w in ask.wants)))
    update: PlanState = {
        "is_approved": False, "current_step": "revising",
        "revision_count": state.get("revision_count", 0) + 1,
        "revision_request": ask.to_state(), "rejected_plan": snapshot(state),
        "messages": [HumanMessage("\n".join(notes))]}
    if preferences != state.get("preferences", {}):
        update["preferences"] = preferences
    return update


def compare(state: PlanState) -> tuple[list[Change], str | None]:
    """What changed since the rejected plan, and the line that says what and why."""
    before, ask = state.get("rejected_plan"), RevisionAsk.from_state(
        state.get("revision_request"))
    if not before or not before.get("itinerary") or ask is None:
        return [], None
    after = snapshot(state)
    messages = state.get("messages", [])
    seen_flights, seen_hotels = offers_seen(messages)
    # The same choices the planner was given: they know why a want had no offer.
    choices = trip_choices(messages, state.get("preferences", {}), before["itinerary"], ask)
    met = [w for w in ask.wants if want_met(w, before, after, seen_flights, seen_hotels)]
    unmet = {w: choices.unmet.get(w) or ask.unmet.get(w) or NOT_IN_PLAN
             for w in ask.wants if w not in met}
    changes = plan_changes(before, after, seen_flights)
    asked_by = "your edit" if ask.decision == "edit" else "your rejection"
    return changes, revision_note(ask, met, unmet, changes, after["itinerary"] or {}, asked_by)

