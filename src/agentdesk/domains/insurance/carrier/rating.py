"""The rater: a multiplicative plan over the JSON tables, with a trace of every factor.

See ``RATING.md`` beside this file for the plan in words.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from agentdesk.domains.insurance.quote_request import Coverages, DriverCreate

from .rules import Knockout, decision_of, knockouts, physical_damage
from .session import (
    DriverRecord,
    QuoteSession,
    VehicleRecord,
    driver_age,
    points_of,
    years_licensed,
)
from .tables import COVERAGES, Band, Coverage, Discount, RateTables

__all__ = ["Factor", "driver_factors", "rate", "rated_driver"]

WHOLE_DOLLAR = Decimal("1")


@dataclass(frozen=True)
class Factor:
    """One multiplier of a premium and where it came from."""

    name: str
    table: str
    key: str
    value: float

    def to_dict(self) -> dict[str, Any]:
        return {"factor": self.name, "table": self.table, "key": self.key, "value": self.value}


@dataclass
class Line:
    """The premium of one coverage on one vehicle."""

    vehicle_id: str
    coverage: Coverage
    limit: str
    factors: list[Factor] = field(default_factory=list)

    def premium(self) -> Decimal:
        product = Decimal(1)
        for factor in self.factors:
            product *= Decimal(str(factor.value))
        return product.quantize(WHOLE_DOLLAR, rounding=ROUND_HALF_UP)

    def to_dict(self) -> dict[str, Any]:
        exact = Decimal(1)
        for factor in self.factors:
            exact *= Decimal(str(factor.value))
        premium = self.premium()
        steps = " × ".join(f"{f.value:g} ({f.name})" for f in self.factors)
        return {"vehicle_id": self.vehicle_id, "coverage": self.coverage, "limit": self.limit,
                "factors": [f.to_dict() for f in self.factors], "premium": int(premium),
                "formula": f"{steps} = {exact:.2f} -> {premium}"}


def _band(bands: list[Band], value: int) -> Band:
    for band in bands:
        if band.min <= value and (band.max is None or value <= band.max):
            return band
    raise ValueError(f"no band for {value}")


def driver_factors(driver: DriverCreate, effective: dt.date,
                   tables: RateTables) -> list[Factor]:
    """Age, years licensed, marital status and points factors of one driver."""
    table, points_table = tables.driver, tables.points
    age = driver_age(driver, effective)
    licensed = years_licensed(driver, effective)
    points = points_of(driver, effective, tables)
    source = RateTables.source
    age_band, licensed_band = _band(table.age, age), _band(table.years_licensed, licensed)
    return [
        Factor("driver age", source("driver"), f"age {age_band.label()} (is {age})",
               age_band.factor),
        Factor("years licensed", source("driver"),
               f"years_licensed {licensed_band.label()} (is {licensed})", licensed_band.factor),
        Factor("marital status", source("driver"), f"marital_status {driver.marital_status}",
               table.marital_status[driver.marital_status]),
        Factor("points", source("points"), f"{points} points",
               points_table.factors[min(points, len(points_table.factors) - 1)]),
    ]


def _class_factor(driver: DriverCreate, effective: dt.date, tables: RateTables) -> Decimal:
    product = Decimal(1)
    for factor in driver_factors(driver, effective, tables):
        product *= Decimal(str(factor.value))
    return product


def rated_driver(vehicle: VehicleRecord, session: QuoteSession,
                 tables: RateTables) -> DriverRecord:
    """The vehicle's principal driver, or else the highest-rated driver (first on a tie)."""
    if vehicle.principal_driver_id and (chosen := session.driver(vehicle.principal_driver_id)):
        return chosen
    best = session.drivers[0]
    best_factor = _class_factor(best, session.effective_date, tables)
    for driver in session.drivers[1:]:
        factor = _class_factor(driver, session.effective_date, tables)
        if factor > best_factor:
            best, best_factor = driver, factor
    return best


def _carried(coverages: Coverages, vehicle_id: str) -> dict[Coverage, tuple[str, str]]:
    """Coverage -> (limit key in limits.json, label) for what this vehicle carries."""
    comp, coll = physical_damage(coverages, vehicle_id)
    carried: dict[Coverage, tuple[str, str]] = {
        "BI": (coverages.bodily_injury, coverages.bodily_injury),
        "PD": (str(coverages.property_damage), str(coverages.property_damage))}
    if coverages.uninsured_motorist is not None:
        carried["UM"] = (coverages.uninsured_motorist, coverages.uninsured_motorist)
    if coverages.medical_payments is not None:
        carried["MEDPAY"] = (str(coverages.medical_payments), str(coverages.medical_payments))
    if comp is not None:
        carried["COMP"] = (str(comp), f"deductible {comp}")
    if coll is not None:
        carried["COLL"] = (str(coll), f"deductible {coll}")
    return carried


def _prior_category(session: QuoteSession, tables: RateTables) -> str:
    prior = session.prior_insurance
    if prior is None:
        return "none"
    if prior.days_lapsed > tables.prior_insurance.max_lapse_days:
        return "lapsed"
    if prior.months_continuous < 12:
        return "under_12_months"
    return "12_to_35_months" if prior.months_continuous < 36 else "36_months_or_more"


def _vehicle_lines(vehicle: VehicleRecord, driver: DriverRecord, session: QuoteSession,
                   tables: RateTables, notes: list[str]) -> list[Line]:
    assert session.coverages is not None
    source, effective = RateTables.source, session.effective_date
    territory = vehicle.garaging.territory
    vehicle_age = max(0, effective.year - vehicle.year)
    age_band = _band(tables.vehicle.age, vehicle_age)
    of_driver = driver_factors(driver, effective, tables)
    prior = _prior_category(session, tables)
    age = driver_age(driver, effective)
    discounts = tables.discounts
    lines = []
    for coverage, (limit_key, label) in _carried(session.coverages, vehicle.vehicle_id).items():
        line = Line(vehicle.vehicle_id, coverage, label)
        add = line.factors.append
        add(Factor("base rate", source("base_rates"), f"{session.state}.{coverage}",
                   tables.base_rates.rates[session.state][coverage]))
        add(Factor("territory", source("territories"),
                   f"{territory} ({vehicle.garaging.county}).{coverage}",
                   tables.territories.factors[territory][coverage]))
        if coverage in tables.driver.applies_to:
            line.factors.extend(f for f in of_driver if f.name != "points")
        if coverage in tables.points.applies_to:
            line.factors.extend(f for f in of_driver if f.name == "points")
        if coverage in tables.vehicle.age_applies_to:
            add(Factor("vehicle age", source("vehicle"),
                       f"age {age_band.label()} (is {vehicle_age})", age_band.factor))
        add(Factor("body", source("vehicle"), f"body.{vehicle.body}.{coverage}",
                   tables.vehicle.body[vehicle.body][coverage]))
        add(Factor("use", source("vehicle"), f"use.{vehicle.use}",
                   tables.vehicle.use[vehicle.use]))
        add(Factor("deductible" if coverage in ("COMP", "COLL") else "limit", source("limits"),
                   f"{coverage}.{limit_key}", getattr(tables.limits, coverage)[limit_key]))
        add(Factor("prior insurance", source("prior_insurance"), prior,
                   tables.prior_insurance.factors[prior]))
        line.factors.extend(_credits(coverage, vehicle, driver, session, tables))
        lines.append(line)
    for name, discount in discounts.driver.items():
        if getattr(driver, name) and not _eligible(discount, age):
            notes.append(f"{name} discount not applied to {driver.driver_id} on "
                         f"{vehicle.vehicle_id}: the driver is {age}")
    return lines


def _eligible(discount: Discount, age: int) -> bool:
    return ((discount.max_age is None or age <= discount.max_age)
            and (discount.min_age is None or age >= discount.min_age))


def _credits(coverage: Coverage, vehicle: VehicleRecord, driver: DriverRecord,
             session: QuoteSession, tables: RateTables) -> list[Factor]:
    """The discounts of one line, and a floor factor when together they go below it."""
    discounts, source = tables.discounts, RateTables.source
    age = driver_age(driver, session.effective_date)
    credits: list[Factor] = []
    for policy_discount in session.discounts:
        discount = discounts.policy[policy_discount]
        if coverage in discount.applies_to:
            credits.append(Factor(f"discount {policy_discount}", source("discounts"),
                                  f"policy.{policy_discount}", discount.factor))
    multi = discounts.multi_car
    if len(session.vehicles) >= (multi.min_vehicles or 2) and coverage in multi.applies_to:
        credits.append(Factor("discount multi_car", source("discounts"), "multi_car",
                              multi.factor))
    for name, discount in discounts.driver.items():
        if getattr(driver, name) and coverage in discount.applies_to and _eligible(discount, age):
            credits.append(Factor(f"discount {name}", source("discounts"),
                                  f"driver.{name} ({driver.driver_id})", discount.factor))
    for name, discount in discounts.vehicle.items():
        if getattr(vehicle, name) and coverage in discount.applies_to:
            credits.append(Factor(f"discount {name}", source("discounts"),
                                  f"vehicle.{name} ({vehicle.vehicle_id})", discount.factor))
    combined = Decimal(1)
    for credit in credits:
        combined *= Decimal(str(credit.value))
    floor = Decimal(str(discounts.floor))
    if combined < floor:
        # Lifts the discounts back to the floor, so the trace still multiplies out.
        credits.append(Factor("discount floor", source("discounts"), f"floor {floor}",
                              float(floor / combined)))
    return credits


def rate(session: QuoteSession, tables: RateTables) -> dict[str, Any]:
    """Underwrite and rate a complete session; the result the ``rate`` tool returns."""
    found: list[Knockout] = []
    for driver in session.drivers:
        found.extend(knockouts(driver.driver_id, driver, session, tables))
    decision = decision_of(found)
    status = {"accept": "rated", "refer": "referred", "decline": "declined"}[decision]
    result: dict[str, Any] = {
        "session_id": session.session_id, "status": status, "plan": tables.plan,
        "state": session.state,
        "term": {"months": session.term_months, "effective_date": str(session.effective_date),
                 "expiration_date": str(session.expiration_date)},
        "underwriting": {"decision": decision, "reasons": [k.to_dict() for k in found]},
        "premium": None, "rated_drivers": {}, "trace": [], "notes": []}
    if decision == "decline":
        return result
    notes: list[str] = []
    lines: list[Line] = []
    for vehicle in session.vehicles:
        driver = rated_driver(vehicle, session, tables)
        result["rated_drivers"][vehicle.vehicle_id] = driver.driver_id
        lines.extend(_vehicle_lines(vehicle, driver, session, tables, notes))
    by_coverage = {c: sum(int(line.premium()) for line in lines if line.coverage == c)
                   for c in COVERAGES if any(line.coverage == c for line in lines)}
    by_vehicle = {v.vehicle_id: sum(int(line.premium()) for line in lines
                                    if line.vehicle_id == v.vehicle_id)
                  for v in session.vehicles}
    result["premium"] = {"total": sum(by_coverage.values()), "currency": "USD",
                         "term_months": session.term_months, "by_coverage": by_coverage,
                         "by_vehicle": by_vehicle,
                         "indicative": decision == "refer"}
    result["trace"] = [line.to_dict() for line in lines]
    result["notes"] = notes
    return result
