"""What a caller passes to the trip planner, and the itinerary the planner writes."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

__all__ = ["FLIGHT_COPIED", "HOTEL_COPIED", "Activity", "FlightLeg", "HotelStay", "Itinerary",
           "TripInput", "TripPreferences"]

Place = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Currency = Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True,
                                            pattern=r"^[A-Z]{3}$")]


class TripPreferences(BaseModel):
    """Structured trip preferences; every field is optional, each one checked."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    origin: Place | None = Field(default=None, description="Where the trip starts: IATA code or city")
    destination: Place | None = Field(default=None, description="IATA code or city to visit")
    depart: date | None = Field(default=None, description="Departure date")
    return_: date | None = Field(default=None, alias="return", description="Return date")
    travelers: int | None = Field(default=None, ge=1, le=20, description="Number of travelers")
    budget: float | None = Field(default=None, gt=0, description="Total budget for the party")
    currency: Currency = Field(default="USD", description="ISO currency of the budget")
    interests: list[Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]] = Field(
        default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _check(self) -> TripPreferences:
        if self.depart and self.return_ and self.return_ < self.depart:
            raise ValueError(f"return ({self.return_}) is before depart ({self.depart})")
        if self.depart and self.depart < date.today():
            raise ValueError(f"depart: {self.depart} is in the past; give a date from "
                             f"{date.today()} on")
        if self.currency != "USD":
            raise ValueError("currency: only USD is priced by the travel inventory")
        return self

    def to_state(self) -> dict[str, Any]:
        """JSON-ready dict with the public field names, unset fields left out."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class TripInput(BaseModel):
    """Input of a trip thread: the request as text and/or structured preferences."""

    model_config = ConfigDict(extra="forbid")

    messages: Annotated[str, StringConstraints(strip_whitespace=True, max_length=4000)] | None = None
    preferences: TripPreferences = Field(default_factory=TripPreferences)

    @model_validator(mode="after")
    def _not_empty(self) -> TripInput:
        prefs = self.preferences
        if not self.messages and not (prefs.destination and prefs.depart):
            raise ValueError("give a request in messages, or preferences with at least "
                             "destination and depart")
        if self.messages:
            # What the text states fills the fields the caller left unset.
            from agentdesk.domains.trip.request import read_fully

            read, unread = read_fully(self.messages)
            if unread:
                said = ", ".join(repr(phrase) for phrase in unread)
                raise ValueError(f"messages: I could not read {said}; a plan made without it "
                                 "would ignore it. Say it another way, or leave it out")
            read.setdefault("travelers", 1)
            self.preferences = prefs = TripPreferences.model_validate(
                {**read, **prefs.to_state()})
            missing = [what for field, what in (
                ("origin", "where the trip starts (e.g. 'from Boston')"),
                ("destination", "where to go (e.g. 'in Lisbon')"),
                ("depart", "the departure date (e.g. 'leaving 2027-03-10')"),
                ("return_", "how long (e.g. '4 days') or the return date"))
                if getattr(prefs, field) is None]
            if missing:
                raise ValueError("messages: the request does not say " + "; nor ".join(missing))
        return self


Money = Annotated[float, Field(ge=0)]
Code = Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, min_length=3,
                                        max_length=3)]


class FlightLeg(BaseModel):
    """One flight, copied from a ``search_flights`` offer; price per traveler."""

    offer_id: str = Field(min_length=1, max_length=40)
    origin: Code
    destination: Code
    date: date
    price: Money


class HotelStay(BaseModel):
    """One hotel, copied from a ``search_hotels`` offer; price per room for the stay."""

    offer_id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=120)
    city_code: Code
    check_in: date
    check_out: date
    price: Money


class Activity(BaseModel):
    """Something to do on a day of the trip; cost per person."""

    day: int = Field(ge=1, le=60)
    name: str = Field(min_length=1, max_length=160)
    cost: Money


class Itinerary(BaseModel):
    """The planner's final answer."""

    destination: str = Field(min_length=1, max_length=100)
    start_date: date
    end_date: date
    travelers: int = Field(ge=1, le=20)
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$")
    budget: float | None = Field(default=None, gt=0,
                                 description="The budget stated in the request, if any")
    flights: list[FlightLeg] = Field(min_length=1, max_length=6)
    hotels: list[HotelStay] = Field(default_factory=list, max_length=6)
    activities: list[Activity] = Field(default_factory=list, max_length=30)
    notes: str = Field(default="", max_length=2000)

    @model_validator(mode="after")
    def _dates_in_order(self) -> Itinerary:
        if self.end_date < self.start_date:
            raise ValueError(f"end_date {self.end_date} is before start_date {self.start_date}")
        for hotel in self.hotels:
            if hotel.check_out <= hotel.check_in:
                raise ValueError(f"hotel {hotel.offer_id}: check_out is not after check_in")
        return self


FLIGHT_COPIED = ("offer_id", "origin", "destination", "date", "price")
"""What a flight in the itinerary copies, exactly, from its ``search_flights`` offer."""

HOTEL_COPIED = ("offer_id", "name", "city_code", "check_in", "check_out", "price")
"""What a hotel in the itinerary copies, exactly, from its ``search_hotels`` offer."""
