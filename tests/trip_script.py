"""Scripts for the scripted model that drive the trip planner through its branches.

Offers come from the same deterministic inventory the travel server serves, so
a scripted itinerary quotes real offer ids and prices.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from agentdesk.domains.trip.airports import airport
from agentdesk.domains.trip.travel import inventory

ORIGIN, DEST, DEPART, RETURN = "BOS", "LIS", "2027-03-10", "2027-03-14"
REQUEST = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, back 2027-03-14"


class TripScript:
    """Script items for a BOS -> LIS trip, and files holding them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.flights = inventory.flight_offers(airport(ORIGIN), airport(DEST),
                                               date.fromisoformat(DEPART),
                                               date.fromisoformat(RETURN))
        self.hotels = inventory.hotel_offers(airport(DEST), date.fromisoformat(DEPART),
                                             date.fromisoformat(RETURN))
        self._count = 0

    @staticmethod
    def search() -> dict[str, Any]:
        """One planner turn asking for flights and hotels at once."""
        return {"tool_calls": [
            {"name": "search_flights", "args": {"origin": ORIGIN, "destination": DEST,
                                                "date": DEPART, "return_date": RETURN}},
            {"name": "search_hotels", "args": {"city_code": DEST, "check_in": DEPART,
                                               "check_out": RETURN}}]}

    @staticmethod
    def call(name: str, **args: Any) -> dict[str, Any]:
        return {"tool_calls": [{"name": name, "args": args}]}

    def itinerary(self, travelers: int = 1, hotel: int = 0, budget: float | None = 2500,
                  activities: list[dict[str, Any]] | None = None, **overrides: Any) -> dict:
        out, back = self.flights["outbound"][0], self.flights["return"][0]
        stay = self.hotels["offers"][hotel]
        keys = ("offer_id", "origin", "destination", "date", "price")
        data = {
            "destination": DEST, "start_date": DEPART, "end_date": RETURN,
            "travelers": travelers, "currency": "USD", "budget": budget,
            "flights": [{k: out[k] for k in keys}, {k: back[k] for k in keys}],
            "hotels": [{k: stay[k] for k in ("offer_id", "name", "city_code", "check_in",
                                             "check_out", "price")}],
            "activities": activities if activities is not None else [
                {"day": 1, "name": "Tram 28 ride", "cost": 3.0},
                {"day": 2, "name": "Belem tower", "cost": 12.0}],
            "notes": "Cheapest flights.",
        }
        data.update(overrides)
        return data

    def answer(self, itinerary: dict[str, Any], fenced: bool = False) -> dict[str, Any]:
        text = json.dumps(itinerary)
        return {"content": f"Here is the plan:\n```json\n{text}\n```" if fenced else text}

    def write(self, *items: dict[str, Any]) -> str:
        """Write a script file; returns the ``scripted:`` model spec for it."""
        self._count += 1
        path = self.folder / f"script{self._count}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(list(items)))
        return f"scripted:{path}"
