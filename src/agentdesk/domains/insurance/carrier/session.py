"""A quote session as the carrier keeps it, and the dates and points derived from it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Literal

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel, ConfigDict

from agentdesk.domains.insurance.quote_request import (
    Applicant,
    Coverages,
    DriverCreate,
    PolicyDiscount,
    PriorInsurance,
)
from agentdesk.domains.insurance.validation import age_on

if TYPE_CHECKING:
    from .tables import RateTables

__all__ = ["DriverRecord", "Garaging", "QuoteSession", "VehicleRecord", "add_months",
           "at_fault_accidents", "driver_age", "points_of", "within", "years_licensed"]

Status = Literal["open", "rated", "referred", "declined"]


class DriverRecord(DriverCreate):
    """A driver on the quote."""

    driver_id: str
    """``D1``, ``D2``, ... in the order they were added."""


class Garaging(BaseModel):
    """Where a vehicle is parked, from its ZIP code."""

    model_config = ConfigDict(frozen=True)

    zip_code: str
    city: str
    state: str
    county: str
    territory: str
    """Rating territory code, e.g. ``OH-2``."""


class VehicleRecord(BaseModel):
    """A vehicle on the quote, with what its VIN decoded to."""

    vehicle_id: str
    """``V1``, ``V2``, ... in the order they were added."""
    vin: str
    year: int
    make: str
    model: str | None
    body: str
    """Body style used for rating (sedan, suv, pickup, ...)."""
    vpic_body_class: str | None
    """NHTSA vPIC body class, when the VIN decoded."""
    decoded: bool
    """True when vPIC knows the VIN; otherwise year, make and body came from the caller."""
    use: str
    ownership: str
    annual_miles: int | None
    anti_theft: bool
    principal_driver_id: str | None
    garaging: Garaging


class QuoteSession(BaseModel):
    """Everything the carrier knows about one quote."""

    session_id: str
    """The quote number, e.g. ``Q-7F3A9C21D4``."""
    status: Status
    """``open`` until rated; then the outcome of the last rating."""
    created_at: dt.datetime
    expires_at: dt.datetime
    """After this, every call on the session is refused with SESSION_EXPIRED."""
    state: str
    """Rating state (from the applicant's mailing ZIP)."""
    effective_date: dt.date
    expiration_date: dt.date
    term_months: int
    applicant: Applicant
    prior_insurance: PriorInsurance | None
    discounts: list[PolicyDiscount]
    drivers: list[DriverRecord] = []
    vehicles: list[VehicleRecord] = []
    coverages: Coverages | None = None
    rating: dict[str, object] | None = None
    """The result of the last ``rate``, cleared by any later change."""

    def driver(self, driver_id: str) -> DriverRecord | None:
        return next((d for d in self.drivers if d.driver_id == driver_id), None)

    def vehicle(self, vehicle_id: str) -> VehicleRecord | None:
        return next((v for v in self.vehicles if v.vehicle_id == vehicle_id), None)


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` moved by ``months``; a day past the new month's end becomes its last day."""
    moved: dt.date = day + relativedelta(months=months)
    return moved


def within(day: dt.date, months: int, effective: dt.date) -> bool:
    """Whether ``day`` falls in the ``months`` before ``effective`` (both ends included)."""
    return add_months(effective, -months) <= day <= effective


def points_of(driver: DriverCreate, effective: dt.date, tables: RateTables) -> int:
    """The driver's points: violations and at-fault accidents within the lookback."""
    table = tables.points
    total = sum(table.violations[v.kind] for v in driver.violations
                if within(v.date, table.lookback_months, effective))
    for accident in driver.accidents:
        if within(accident.date, table.lookback_months, effective):
            total += table.accidents["at_fault" if accident.at_fault else "not_at_fault"]
    return total


def at_fault_accidents(driver: DriverCreate, months: int, effective: dt.date) -> int:
    return sum(1 for a in driver.accidents if a.at_fault and within(a.date, months, effective))


def driver_age(driver: DriverCreate, effective: dt.date) -> int:
    return age_on(driver.birth_date, effective)


def years_licensed(driver: DriverCreate, effective: dt.date) -> int:
    return max(0, age_on(driver.license_date, effective))

