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
from datetime import date
from typing import Any

from langchain_core.messages import AnyMessage, ToolMessage
from pydantic import ValidationError

from agentdesk.runtime.tools import tool_result_data

from .schemas import FLIGHT_COPIED, HOTEL_COPIED, FlightLeg, HotelStay, Itinerary
from .state import BudgetStatus

__all__ = ["AuditResult", "Searches", "audit_answer", "extract_json", "itinerary_schema",
           "offers_seen", "render_itinerary", "searches"]

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


@dataclass
class Searches:
    """What the search tools returned in a thread, one entry per successful call."""

    flights: list[tuple[list[dict], list[dict]]] = field(default_factory=list)
    """Per ``search_flights`` call: its outbound offers and its return offers."""
    hotels: list[list[dict]] = field(default_factory=list)
    """Per ``search_hotels`` call: its offers."""


def searches(messages: Sequence[AnyMessage]) -> Searches:
    """The offers each search returned in this thread, in call order, repeats left out."""
    found = Searches()
    for message in messages:
        if not isinstance(message, ToolMessage) or message.status == "error":
            continue
        data = tool_result_data(message)
        if not isinstance(data, dict):
            continue
        if message.name == "search_flights":
            flights = (list(data.get("outbound", [])), list(data.get("return", [])))
            if flights not in found.flights:  # the same search again adds nothing
                found.flights.append(flights)
        elif message.name == "search_hotels":
            hotels = list(data.get("offers", []))
            if hotels not in found.hotels:
                found.hotels.append(hotels)
    return found


def rooms_for(party: int, offer: dict[str, Any]) -> int:
    """Rooms of a hotel offer the party needs (its ``max_occupancy`` a room, 2 if unsaid)."""
    return math.ceil(party / max(1, int(offer.get("max_occupancy", 2))))


def offers_seen(messages: Sequence[AnyMessage]) -> tuple[dict[str, dict], dict[str, dict]]:
    """Flight and hotel offers returned by tools in this thread, by ``offer_id``."""
    found = searches(messages)
    flights = {o["offer_id"]: o for out, back in found.flights for o in (*out, *back)}
    hotels = {o["offer_id"]: o for offers in found.hotels for o in offers}
    return flights, hotels


@dataclass
class AuditResult:
    """What the auditor concluded about one answer."""

    errors: list[str] = field(default_factory=list)
    itinerary: Itinerary | None = None
    cost_breakdown: dict[str, float] | None = None
    total_cost: float | None = None
    budget: float | None = None
    budget_status: BudgetStatus = "unknown"
    rooms: dict[str, int] = field(default_factory=dict)
    floor: float | None = None
    """The least the party can pay for the plan's flights and hotel among the offers found
    (the cheapest of each leg's and of the stay's); above the budget, no plan fits it."""

    def itinerary_state(self) -> dict[str, Any] | None:
        """The itinerary as stored in state: JSON, with the budget used, rooms per hotel and
        the cheapest flights and hotel the offers allow (``budget_floor``)."""
        if self.itinerary is None:
            return None
        data = self.itinerary.model_dump(mode="json")
        data["budget"] = self.budget
        data["budget_floor"] = self.floor
        for hotel in data["hotels"]:
            hotel["rooms"] = self.rooms.get(hotel["offer_id"], 1)
        return data


def _validation_errors(exc: ValidationError) -> list[str]:
    return [f"{'.'.join(str(p) for p in e['loc']) or 'itinerary'}: {e['msg']}"
            for e in exc.errors()[:8]]


# What each itinerary entry must copy exactly from the offer it names (the
# offer is found by its offer_id, so that field always matches).
_COPIED = {"flight": ("search_flights", FLIGHT_COPIED),
           "hotel": ("search_hotels", HOTEL_COPIED)}


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


def _check_plan(itinerary: Itinerary) -> list[str]:
    """One plan: no offer twice; flights, stays and activities within the trip's dates."""
    errors = []
    ids = [leg.offer_id for leg in itinerary.flights] + [s.offer_id for s in itinerary.hotels]
    errors += [f"offer {offer_id} appears more than once; book each offer once"
               for offer_id in sorted({i for i in ids if ids.count(i) > 1})]
    start, end = itinerary.start_date, itinerary.end_date
    errors += [f"flight {leg.offer_id}: departs {leg.date}, outside the trip ({start} to {end}); "
               "search flights for the trip's dates"
               for leg in itinerary.flights if not start <= leg.date <= end]
    errors += [f"hotel {stay.offer_id}: the stay {stay.check_in} to {stay.check_out} is outside "
               f"the trip ({start} to {end}); search hotels for the trip's dates"
               for stay in itinerary.hotels if stay.check_in < start or stay.check_out > end]
    days = (end - start).days + 1
    errors += [f"activity {activity.name!r}: day {activity.day} is after the trip's last day "
               f"({days})" for activity in itinerary.activities if activity.day > days]
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
    errors = (_check_offers(itinerary, flights, hotels) + _check_request(itinerary, preferences)
              + _check_plan(itinerary))
    if errors:
        return AuditResult(errors=errors, itinerary=itinerary)
    party = itinerary.travelers
    rooms = {s.offer_id: rooms_for(party, hotels[s.offer_id]) for s in itinerary.hotels}
    breakdown = {
        "flights": round(sum(leg.price for leg in itinerary.flights) * party, 2),
        "hotels": round(sum(s.price * rooms[s.offer_id] for s in itinerary.hotels), 2),
        "activities": round(sum(a.cost for a in itinerary.activities) * party, 2),
    }
    total = round(sum(breakdown.values()), 2)
    budget = preferences.get("budget") or itinerary.budget
    status: BudgetStatus = "over" if budget is not None and total > budget else "under"
    return AuditResult(itinerary=itinerary, cost_breakdown=breakdown, total_cost=total,
                       budget=budget, budget_status=status, rooms=rooms,
                       floor=_floor(itinerary, flights, hotels))


def _floor(itinerary: Itinerary, flights: dict[str, dict],
           hotels: dict[str, dict]) -> float | None:
    """The least the party pays for flights and a hotel like the plan's among the offers seen:
    for each leg the cheapest offer on its route and day, for each stay the cheapest room for
    its city and nights (rooms for the whole party), whichever the plan picked."""
    party = itinerary.travelers
    costs = [min((float(o["price"]) * party for o in flights.values()
                  if (o.get("origin"), o.get("destination"), str(o.get("date")))
                  == (leg.origin, leg.destination, leg.date.isoformat())), default=None)
             for leg in itinerary.flights]
    costs += [min((float(o["price"]) * rooms_for(party, o) for o in hotels.values()
                   if (o.get("city_code"), str(o.get("check_in")), str(o.get("check_out")))
                   == (stay.city_code, stay.check_in.isoformat(), stay.check_out.isoformat())),
                  default=None)
              for stay in itinerary.hotels]
    known = [cost for cost in costs if cost is not None]
    return round(sum(known), 2) if len(known) == len(costs) else None


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
        floor = itinerary.get("budget_floor")
        if budget_status == "over" and floor is not None and floor > budget:
            lines.append(f"No plan fits this budget: the cheapest flights and hotel found "
                         f"already cost {_money(floor)} {cur} for the party.")
    elif budget_status != "unknown":
        lines.append("Budget: none given")
    if itinerary.get("notes"):
        lines += ["", f"Notes: {itinerary['notes']}"]
    return "\n".join(lines)


# -- the answer schema ------------------------------------------------------------------


_SHORT_TEXT = 40
"""Longest free text (destination, notes, activity names) the answer schema admits."""


def _one_of(offers: Sequence[dict[str, Any]], fields: tuple[str, ...]) -> dict[str, Any]:
    """Exactly one of ``offers``, each of ``fields`` fixed to the offer's value."""
    return {"anyOf": [{"type": "object", "additionalProperties": False, "required": list(fields),
                       "properties": {name: {"const": offer[name]} for name in fields}}
                      for offer in offers]}


def _array(items: dict[str, Any], low: int, high: int) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": low, "maxItems": high}


def itinerary_schema(messages: Sequence[AnyMessage], preferences: dict[str, Any],
                     ) -> dict[str, Any]:
    """The schema the planner's answer is decoded under: the auditor's rules, stated.

    Every itinerary it admits passes the auditor's offer and request checks:
    flights and hotels are offers the tools returned, copied field for field,
    party size, destination and dates are the request's, no stay or activity
    falls outside the trip. It also keeps the answer to one plan: one round-trip
    search's outbound offer, then its return offer; one hotel per hotel search
    (none when no offer found fits the trip); at most two activities a day;
    free text of at most 40 characters. A model that decodes under a grammar
    (the embedded local model) then writes only itineraries that can pass;
    every answer is still audited. Without offers or preferences only the free
    text is shortened from :class:`Itinerary`'s own schema.
    """
    schema = Itinerary.model_json_schema()
    fields = schema["properties"]
    found = searches(messages)
    first, last = preferences.get("depart"), preferences.get("return")

    def in_trip(*days: str) -> bool:
        return not (first and last) or all(first <= day <= last for day in days)

    trips = [(out, back) for out, back in found.flights
             if out and back and in_trip(out[0]["date"], back[0]["date"])]
    if trips:
        choices = [{"type": "array", "items": False, "minItems": 2, "maxItems": 2,
                    "prefixItems": [_one_of(out, FLIGHT_COPIED), _one_of(back, FLIGHT_COPIED)]}
                   for out, back in trips]
        fields["flights"] = {**(choices[0] if len(choices) == 1 else {"anyOf": choices}),
                             "description": "One search's outbound offer, then its return"}
    elif offers := [offer for out, back in found.flights for offer in (*out, *back)
                    if in_trip(offer["date"])]:
        fields["flights"] = _array(_one_of(offers, FLIGHT_COPIED), 1,
                                   min(6, 2 * len(found.flights)))
    hotels = [offer for offers in found.hotels for offer in offers
              if in_trip(offer["check_in"], offer["check_out"])]
    if hotels:
        fields["hotels"] = _array(_one_of(hotels, HOTEL_COPIED), 1, min(6, len(found.hotels)))
    elif found.hotels:  # searched, but no offer fits the trip: none can be booked
        fields["hotels"] = {"const": []}
    if first and last:
        days = (date.fromisoformat(last) - date.fromisoformat(first)).days + 1
        activity = schema["$defs"]["Activity"]
        activity["properties"]["day"] = {"enum": list(range(1, days + 1))}
        fields["activities"] = _array({"$ref": "#/$defs/Activity"}, 0, min(30, 2 * days))
    # Free text stays short: a small model decoding an unbounded string can run on
    # until it is cut off, leaving JSON that does not parse.
    fields["destination"]["maxLength"] = fields["notes"]["maxLength"] = _SHORT_TEXT
    schema["$defs"]["Activity"]["properties"]["name"]["maxLength"] = _SHORT_TEXT
    for name, preference in (("travelers", "travelers"), ("start_date", "depart"),
                             ("end_date", "return"), ("destination", "destination")):
        if preferences.get(preference) is not None:
            fields[name] = {"const": preferences[preference]}
    return schema
