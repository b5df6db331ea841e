"""The auditor's checks: parse the planner's itinerary, verify every offer
against what the tools returned in this thread, and cost the whole party.

Nothing the model writes about money is trusted: totals are computed here.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AnyMessage, ToolMessage
from pydantic import ValidationError

from agentdesk.runtime.tools import tool_result_data

from .schemas import FlightLeg, HotelStay, Itinerary

__all__ = ["AuditResult", "audit_answer", "extract_json", "offers_seen", "render_itinerary"]

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S | re.I)


def extract_json(text: str) -> Any:
    """The JSON object in ``text``: the whole text, a fenced block, or the first ``{...}``."""
    for candidate in (text.strip(), *(m.strip() for m in _FENCE.findall(text))):
        try:
            return json.loads(candidate)
        except ValueError:
            pass
    start = text.find("{")
    if start < 0:
        raise ValueError("no JSON object found in the answer")
    try:
        return json.JSONDecoder().raw_decode(text, start)[0]
    except ValueError as exc:
        raise ValueError(f"the JSON in the answer is incomplete or malformed ({exc})") from None


def offers_seen(messages: Sequence[AnyMessage]) -> tuple[dict[str, dict], dict[str, dict]]:
    """Flight and hotel offers returned by tools in this thread, by ``offer_id``."""
    flights: dict[str, dict] = {}
    hotels: dict[str, dict] = {}
    for message in messages:
        if not isinstance(message, ToolMessage) or message.status == "error":
            continue
        data = tool_result_data(message)
        if not isinstance(data, dict):
            continue
        if message.name == "search_flights":
            for offer in [*data.get("outbound", []), *data.get("return", [])]:
                flights[offer["offer_id"]] = offer
        elif message.name == "search_hotels":
            for offer in data.get("offers", []):
                hotels[offer["offer_id"]] = offer
    return flights, hotels


@dataclass
class AuditResult:
    """What the auditor concluded about one answer."""

    errors: list[str] = field(default_factory=list)
    itinerary: Itinerary | None = None
    cost_breakdown: dict[str, float] | None = None
    total_cost: float | None = None
    budget: float | None = None
    budget_status: str = "unknown"
    rooms: dict[str, int] = field(default_factory=dict)

    def itinerary_state(self) -> dict[str, Any] | None:
        """The itinerary as stored in state: JSON, with the budget used and rooms per hotel."""
        if self.itinerary is None:
            return None
        data = self.itinerary.model_dump(mode="json")
        data["budget"] = self.budget
        for hotel in data["hotels"]:
            hotel["rooms"] = self.rooms.get(hotel["offer_id"], 1)
        return data


def _validation_errors(exc: ValidationError) -> list[str]:
    return [f"{'.'.join(str(p) for p in e['loc']) or 'itinerary'}: {e['msg']}"
            for e in exc.errors()[:8]]


# What each itinerary entry must copy exactly from the offer it names.
_COPIED = {"flight": ("search_flights", ("price", "origin", "destination", "date")),
           "hotel": ("search_hotels", ("price", "city_code", "check_in", "check_out"))}


def _check_entries(kind: str, entries: Sequence[FlightLeg | HotelStay],
                   offers: dict[str, dict]) -> list[str]:
    tool, fields = _COPIED[kind]
    errors = []
    for entry in entries:
        offer = offers.get(entry.offer_id)
        if offer is None:
            errors.append(f"{kind} {entry.offer_id}: no {tool} result in this thread offered "
                          f"it; use an offer_id {tool} returned")
            continue
        data = entry.model_dump(mode="json")
        for name in fields:
            if data[name] != offer[name]:
                hint = "; copy prices exactly" if name == "price" else ""
                errors.append(f"{kind} {entry.offer_id}: {name} {data[name]} differs from the "
                              f"offer's {offer[name]}{hint}")
    return errors


def _check_offers(itinerary: Itinerary, flights: dict[str, dict], hotels: dict[str, dict],
                  ) -> list[str]:
    return (_check_entries("flight", itinerary.flights, flights)
            + _check_entries("hotel", itinerary.hotels, hotels))


def _check_request(itinerary: Itinerary, preferences: dict[str, Any]) -> list[str]:
    errors = []
    wanted = preferences.get("travelers")
    if wanted and itinerary.travelers != wanted:
        errors.append(f"travelers: the request is for {wanted}, the itinerary for "
                      f"{itinerary.travelers}")
    if preferences.get("depart") and itinerary.start_date.isoformat() != preferences["depart"]:
        errors.append(f"start_date: the request departs on {preferences['depart']}")
    if preferences.get("return") and itinerary.end_date.isoformat() != preferences["return"]:
        errors.append(f"end_date: the request returns on {preferences['return']}")
    return errors


def audit_answer(text: str, messages: Sequence[AnyMessage], preferences: dict[str, Any],
                 ) -> AuditResult:
    """Parse, verify and cost the planner's answer ``text``."""
    try:
        data = extract_json(text)
    except ValueError as exc:
        return AuditResult(errors=[f"{exc}; answer with the itinerary as one JSON object"])
    try:
        itinerary = Itinerary.model_validate(data)
    except ValidationError as exc:
        return AuditResult(errors=_validation_errors(exc))
    flights, hotels = offers_seen(messages)
    errors = _check_offers(itinerary, flights, hotels) + _check_request(itinerary, preferences)
    if errors:
        return AuditResult(errors=errors, itinerary=itinerary)
    party = itinerary.travelers
    rooms = {s.offer_id: math.ceil(party / max(1, int(hotels[s.offer_id].get("max_occupancy", 2))))
             for s in itinerary.hotels}
    breakdown = {
        "flights": round(sum(leg.price for leg in itinerary.flights) * party, 2),
        "hotels": round(sum(s.price * rooms[s.offer_id] for s in itinerary.hotels), 2),
        "activities": round(sum(a.cost for a in itinerary.activities) * party, 2),
    }
    total = round(sum(breakdown.values()), 2)
    budget = preferences.get("budget") or itinerary.budget
    status = "over" if budget is not None and total > budget else "under"
    return AuditResult(itinerary=itinerary, cost_breakdown=breakdown, total_cost=total,
                       budget=budget, budget_status=status, rooms=rooms)


def _money(value: float) -> str:
    return f"{value:,.2f}"


def render_itinerary(itinerary: dict[str, Any], cost_breakdown: dict[str, float] | None,
                     total_cost: float | None, budget_status: str) -> str:
    """The audited itinerary (with ``rooms`` per hotel) as text a person reads at a glance."""
    budget = itinerary.get("budget")
    cur = itinerary.get("currency", "USD")
    party = itinerary["travelers"]
    lines = [f"Trip to {itinerary['destination']}, {itinerary['start_date']} to "
             f"{itinerary['end_date']}, {party} traveler{'s' if party != 1 else ''} ({cur})", "",
             "Flights (price per traveler):"]
    lines += [f"  {f['date']}  {f['origin']} -> {f['destination']}  {_money(f['price'])}  "
              f"[{f['offer_id']}]" for f in itinerary.get("flights", [])]
    if itinerary.get("hotels"):
        lines.append("Hotels (price per room, whole stay):")
        for h in itinerary["hotels"]:
            count = h.get("rooms", 1)
            lines.append(f"  {h['name']} ({h['city_code']}), {h['check_in']} to {h['check_out']}"
                         f"  {_money(h['price'])} x {count} room{'s' if count != 1 else ''}"
                         f"  [{h['offer_id']}]")
    if itinerary.get("activities"):
        lines.append("Activities (cost per person):")
        lines += [f"  Day {a['day']}: {a['name']}  {_money(a['cost'])}"
                  for a in sorted(itinerary["activities"], key=lambda a: a["day"])]
    if cost_breakdown is not None and total_cost is not None:
        parts = ", ".join(f"{k} {_money(v)}" for k, v in cost_breakdown.items())
        lines += ["", f"Cost for the party: {parts}; total {_money(total_cost)} {cur}"]
    if budget is not None and total_cost is not None:
        gap = abs(budget - total_cost)
        word = "under" if budget_status == "under" else "OVER"
        lines.append(f"Budget {_money(budget)} {cur}: {word} by {_money(gap)}")
    elif budget_status != "unknown":
        lines.append("Budget: none given")
    if itinerary.get("notes"):
        lines += ["", f"Notes: {itinerary['notes']}"]
    return "\n".join(lines)
