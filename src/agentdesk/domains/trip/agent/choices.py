"""What the trip planner still lacks, and the narrow choices left to the model.

Code works out the searches a plan needs from the preferences (airport codes for
cities, one round-trip flight search, one hotel search for every night) and fills
their arguments. Once the offers are in, a model that decodes under a schema (the
embedded one) only picks: an outbound and a return offer, a hotel, an activity per
day from a fixed catalogue, and a note, each as a number from a list. Only choices
that fit the budget and the reviewer's last request ("cheaper flights", "an activity
on day 5") are listed, and a revision keeps what the reviewer did not ask to change
(see :mod:`.honour`). Code then writes the full itinerary, which the auditor checks
like any other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage

from agentdesk.runtime.tools import tool_result_data

from ..request import same_place
from .activities import activities_for
from .audit import offers_seen, rooms_for
from .honour import activity_slots, narrow_offers
from .revision import RevisionAsk
from .schemas import FLIGHT_COPIED, HOTEL_COPIED

__all__ = ["Choices", "expand_selection", "fill_calls", "missing_searches", "trip_choices"]

MAX_ACTIVITY_DAYS = 7
"""Days that get an activity (one each); longer trips leave the rest free."""


def _calls(messages: list[AnyMessage]) -> list[tuple[str, dict[str, Any], Any]]:
    """(tool, args, result data) of every successful tool call in the thread."""
    args = {c["id"]: c["args"] for m in messages if isinstance(m, AIMessage)
            for c in m.tool_calls}
    found = []
    for message in messages:
        if isinstance(message, ToolMessage) and message.status != "error":
            data = tool_result_data(message)
            if isinstance(data, dict):
                found.append((message.name or "", args.get(message.tool_call_id, {}), data))
    return found


def _is_code(place: str) -> bool:
    return len(place) == 3 and place.isalpha() and place.isupper()


def _code(place: str, calls: list[tuple[str, dict[str, Any], Any]]) -> str | None:
    if _is_code(place):
        return place
    for tool, args, data in calls:
        if tool == "get_airport_code" and str(args.get("city_name", "")).strip().casefold() \
                == place.strip().casefold():
            return str(data.get("code") or "") or None
    return None


def missing_searches(messages: list[AnyMessage], preferences: dict[str, Any],
                     ) -> list[dict[str, Any]]:
    """The tool calls (name, args) the plan still lacks, whose inputs are known."""
    origin, destination = preferences.get("origin"), preferences.get("destination")
    depart, back = preferences.get("depart"), preferences.get("return")
    if not (origin and destination and depart and back):
        return []
    calls = _calls(messages)
    codes = {place: _code(place, calls) for place in (origin, destination)}
    lookups = [{"name": "get_airport_code", "args": {"city_name": place}}
               for place, code in codes.items() if code is None]
    if lookups:
        return lookups
    flights = {"origin": codes[origin], "destination": codes[destination], "date": depart,
               "return_date": back}
    hotels = {"city_code": codes[destination], "check_in": depart, "check_out": back}
    wanted = [{"name": "search_flights", "args": flights},
              {"name": "search_hotels", "args": hotels}]
    return [c for c in wanted if not any(t == c["name"] and a == c["args"] for t, a, _ in calls)]


def narrowed_tools(missing: list[dict[str, Any]], tools: dict[str, Any]) -> list[dict[str, Any]]:
    """Tool specs for the missing calls only, without parameters: code fills them."""
    specs = []
    for name in dict.fromkeys(call["name"] for call in missing):
        tool = tools.get(name)
        specs.append({"type": "function", "function": {
            "name": name, "description": getattr(tool, "description", name),
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False}}})
    return specs


def fill_calls(response: AIMessage, missing: list[dict[str, Any]]) -> AIMessage:
    """A call the model made without arguments becomes every search the plan lacks."""
    calls = list(response.tool_calls)
    if not calls or any(call["args"] for call in calls) or not missing:
        return response
    filled = [{"name": c["name"], "args": c["args"], "id": f"{calls[0]['id']}_{i}",
               "type": "tool_call"} for i, c in enumerate(missing)]
    return AIMessage(content=response.content, tool_calls=filled)


# -- the answer: choices -------------------------------------------------------------------


@dataclass
class Choices:
    """The offers, activities and notes the answer may pick from."""

    outbound: list[dict[str, Any]] = field(default_factory=list)
    back: list[dict[str, Any]] = field(default_factory=list)
    hotels: list[dict[str, Any]] = field(default_factory=list)
    activities: list[list[tuple[str, float]]] = field(default_factory=list)
    """Per planned day (see ``days``), the activities that day may have."""
    notes: list[str] = field(default_factory=list)
    city: str = ""
    days: list[int] = field(default_factory=list)
    """The trip day of each entry of ``activities`` (1 is the first day)."""
    unmet: dict[str, str] = field(default_factory=dict)
    """What the reviewer asked that no choice meets, with the reason (see :mod:`.revision`)."""

    def __post_init__(self) -> None:
        if not self.days:  # built without days: the first days of the trip, in order
            self.days = list(range(1, len(self.activities) + 1))

    def ready(self) -> bool:
        return bool(self.outbound and self.back and self.hotels)

    def schema(self) -> dict[str, Any]:
        """The compact selection a grammar-constrained model writes (1-based numbers)."""
        def pick(items: list[Any]) -> dict[str, Any]:
            return {"enum": list(range(1, len(items) + 1))}

        catalogue = self.catalogue()
        slots = [{"enum": [catalogue.index(a) + 1 for a in day]} for day in self.activities]
        return {"type": "object", "additionalProperties": False,
                "required": ["outbound", "return", "hotel", "activities", "notes"],
                "properties": {
                    "outbound": pick(self.outbound), "return": pick(self.back),
                    "hotel": pick(self.hotels),
                    "activities": {"type": "array", "prefixItems": slots, "items": False,
                                   "minItems": len(slots), "maxItems": len(slots)},
                    "notes": pick(self.notes)}}

    def catalogue(self) -> list[tuple[str, float]]:
        return list(dict.fromkeys(a for day in self.activities for a in day))

    def describe(self) -> str:
        """The numbered lists the prompt shows."""
        def flight(o: dict[str, Any]) -> str:
            stops = "nonstop" if not o.get("stops") else f"{o['stops']} stop"
            return (f"{o['airline']} {o['flight_number']} {o['origin']}->{o['destination']} "
                    f"{o['date']} {o['departure_time']}, {stops}, {o['price']:.2f} USD "
                    f"[{o['offer_id']}]")

        def hotel(o: dict[str, Any]) -> str:
            return (f"{o['name']} ({o['city_code']}), {o['stars']} stars, {o['check_in']} to "
                    f"{o['check_out']}, "
                    f"{o['price']:.2f} USD per room [{o['offer_id']}]")

        lines = ["Outbound flights:", *_numbered(flight(o) for o in self.outbound),
                 "Return flights:", *_numbered(flight(o) for o in self.back),
                 "Hotels (whole stay):", *_numbered(hotel(o) for o in self.hotels),
                 "Activities (cost per person):",
                 *_numbered(f"{name}, {cost:.0f} USD" for name, cost in self.catalogue())]
        for day, options in zip(self.days, self.activities, strict=True):
            numbers = ", ".join(str(self.catalogue().index(a) + 1) for a in options)
            lines.append(f"Day {day} may have activity {numbers}")
        lines += ["Notes:", *_numbered(self.notes)]
        return "\n".join(lines)


def _numbered(items: Any) -> list[str]:
    return [f"{i}. {text}" for i, text in enumerate(items, start=1)]


def _round_trip(calls: list[tuple[str, dict[str, Any], Any]], preferences: dict[str, Any],
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    for tool, args, data in reversed(calls):
        if tool == "search_flights" and args.get("date") == preferences.get("depart") \
                and args.get("return_date") == preferences.get("return"):
            return list(data.get("outbound") or []), list(data.get("return") or [])
    return [], []


def _hotel_offers(calls: list[tuple[str, dict[str, Any], Any]], preferences: dict[str, Any],
                  ) -> tuple[list[dict[str, Any]], str]:
    for tool, args, data in reversed(calls):
        if tool == "search_hotels" and args.get("check_in") == preferences.get("depart") \
                and args.get("check_out") == preferences.get("return"):
            return list(data.get("offers") or []), str(data.get("city") or "")
    return [], ""


def _activity_city(calls: list[tuple[str, dict[str, Any], Any]], preferences: dict[str, Any],
                   city: str, code: str | None) -> str:
    """The city whose things to do a plan offers: the one the request names where the hotel
    search, at that city's airport, files it under another town's name (Vancouver's YVR
    is Richmond's); the search's own name otherwise (a code asked for, the same city in
    other accents, "Portland, Maine" for Portland)."""
    asked = str(preferences.get("destination") or "")
    named = asked.split(",")[0].strip()
    if not city:
        return named
    if not named or _is_code(named) or same_place(named, city) or _code(asked, calls) != code:
        return city
    return named


def _fit_budget(preferences: dict[str, Any], outbound: list[dict], back: list[dict],
                hotels: list[dict]) -> tuple[list, list, list, float | None]:
    """Drop the dearest offers until any pick fits the budget; what is left for activities."""
    party = int(preferences.get("travelers") or 1)
    budget = preferences.get("budget")

    def cost(offer: dict[str, Any]) -> float:
        """What the offer costs the party (a flight per traveler, a hotel per room)."""
        return float(offer["price"]) * (rooms_for(party, offer) if "city_code" in offer else party)

    def worst() -> float:
        return sum(max(cost(o) for o in offers) for offers in (outbound, back, hotels))

    if budget is None:
        return outbound, back, hotels, None
    while worst() > budget and any(len(offers) > 1 for offers in (outbound, back, hotels)):
        offers, dearest = max(((offers, max(offers, key=cost))
                               for offers in (outbound, back, hotels) if len(offers) > 1),
                              key=lambda pair: cost(pair[1]))
        offers.remove(dearest)
    return outbound, back, hotels, budget - worst()


def trip_choices(messages: list[AnyMessage], preferences: dict[str, Any],
                 previous: dict[str, Any] | None = None,
                 ask: RevisionAsk | None = None) -> Choices:
    """The choices the answer may make, from this thread's offers and the preferences.

    On a revision, ``previous`` is the rejected itinerary and ``ask`` what the
    rejection asked for: the choices meet it where the offers allow, keep the rest
    of ``previous``, and say in ``unmet`` what no choice can meet.
    """
    calls = _calls(messages)
    outbound, back = _round_trip(calls, preferences)
    hotels, city = _hotel_offers(calls, preferences)
    if not (outbound and back and hotels):
        return Choices()
    seen_flights, seen_hotels = offers_seen(messages)
    narrowed = narrow_offers(ask, previous, outbound, back, hotels, seen_flights, seen_hotels)
    outbound, back, hotels, allowance = _fit_budget(
        preferences, list(narrowed.outbound), list(narrowed.back), list(narrowed.hotels))
    first, last = date.fromisoformat(preferences["depart"]), date.fromisoformat(
        preferences["return"])
    nights = (last - first).days
    slots = activity_slots(
        ask, previous, default_days=min(MAX_ACTIVITY_DAYS, max(1, nights)),
        trip_days=nights + 1,
        catalogue=activities_for(_activity_city(
            calls, preferences, city, hotels[0].get("city_code") if hotels else None)),
        allowance=allowance, party=int(preferences.get("travelers") or 1))
    notes = [f"Flights and the hotel are offers from the travel search for {first} to {last}. "
             f"The hotel covers all {nights} nights.",
             "Activity costs are per person. Totals are computed by the auditor, not estimated.",
             f"The hotel covers all {nights} nights. Each day has at most one planned activity."]
    return Choices(outbound, back, hotels, slots.options, notes, city, days=slots.days,
                   unmet={**(ask.unmet if ask else {}), **narrowed.unmet, **slots.unmet})


def expand_selection(selection: dict[str, Any], choices: Choices,
                     preferences: dict[str, Any]) -> dict[str, Any]:
    """The full itinerary a selection stands for (what the auditor reads)."""
    out = choices.outbound[int(selection["outbound"]) - 1]
    back = choices.back[int(selection["return"]) - 1]
    stay = choices.hotels[int(selection["hotel"]) - 1]
    catalogue = choices.catalogue()
    picks = list(selection.get("activities") or [])
    activities = []
    for index, (day, options) in enumerate(zip(choices.days, choices.activities, strict=True)):
        # A pick outside the day's options (a model that does not decode under the
        # schema) or none at all: the day gets its first option, as the schema allows.
        number = int(picks[index]) if index < len(picks) else 0
        picked = catalogue[number - 1] if 1 <= number <= len(catalogue) else None
        name, cost = picked if picked in options else options[0]
        activities.append({"day": day, "name": name, "cost": cost})
    return {"destination": preferences.get("destination") or choices.city,
            "start_date": preferences["depart"], "end_date": preferences["return"],
            "travelers": int(preferences.get("travelers") or 1), "currency": "USD",
            "budget": preferences.get("budget"),
            "flights": [{k: leg[k] for k in FLIGHT_COPIED} for leg in (out, back)],
            "hotels": [{k: stay[k] for k in HOTEL_COPIED}],
            "activities": activities,
            "notes": choices.notes[int(selection["notes"]) - 1]}


def as_selection(text: str, choices: Choices) -> dict[str, Any] | None:
    """The answer as a selection of ``choices``, or None when it is anything else."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    keys = {"outbound", "return", "hotel", "activities", "notes"}
    if not isinstance(data, dict) or set(data) != keys or not choices.ready():
        return None
    try:
        ok = (1 <= int(data["outbound"]) <= len(choices.outbound)
              and 1 <= int(data["return"]) <= len(choices.back)
              and 1 <= int(data["hotel"]) <= len(choices.hotels)
              and 1 <= int(data["notes"]) <= len(choices.notes)
              and isinstance(data["activities"], list))
        # An activity outside its day's options is replaced by expand_selection.
        [int(n) for n in data["activities"]]
    except (TypeError, ValueError):
        return None
    return data if ok else None
