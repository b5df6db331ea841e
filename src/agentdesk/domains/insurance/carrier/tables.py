"""The rate tables: JSON files shipped in ``tables/``, read once and checked on first use."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["COVERAGES", "Band", "Coverage", "RateTables", "rate_tables"]

Coverage = Literal["BI", "PD", "UM", "MEDPAY", "COMP", "COLL"]
COVERAGES: tuple[Coverage, ...] = ("BI", "PD", "UM", "MEDPAY", "COMP", "COLL")

PerCoverage = dict[Coverage, float]


class _Table(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Band(_Table):
    """An inclusive range of whole numbers (ages, years) and its factor."""

    min: int
    max: int | None
    factor: float

    def label(self) -> str:
        return f"{self.min}+" if self.max is None else f"{self.min}-{self.max}"


class BaseRates(_Table):
    plan: str
    rates: dict[str, PerCoverage]


class Territories(_Table):
    counties: dict[str, dict[str, str]]
    """State -> county name -> territory code; the key ``default`` for unlisted counties."""
    factors: dict[str, PerCoverage]


class DriverTable(_Table):
    applies_to: list[Coverage]
    age: list[Band]
    years_licensed: list[Band]
    marital_status: dict[str, float]


class PointsTable(_Table):
    applies_to: list[Coverage]
    lookback_months: int
    violations: dict[str, int]
    accidents: dict[Literal["at_fault", "not_at_fault"], int]
    factors: list[float] = Field(min_length=1)


class VehicleTable(_Table):
    age_applies_to: list[Coverage]
    age: list[Band]
    body: dict[str, PerCoverage]
    vpic_body: dict[str, str]
    use: dict[str, float]


class Limits(_Table):
    BI: dict[str, float]
    UM: dict[str, float]
    PD: dict[str, float]
    MEDPAY: dict[str, float]
    COMP: dict[str, float]
    COLL: dict[str, float]


class PriorInsuranceTable(_Table):
    max_lapse_days: int
    factors: dict[str, float]


class Discount(_Table):
    factor: float
    applies_to: list[Coverage]
    min_vehicles: int | None = None
    min_age: int | None = None
    max_age: int | None = None


class Discounts(_Table):
    floor: float
    policy: dict[str, Discount]
    multi_car: Discount
    driver: dict[str, Discount]
    vehicle: dict[str, Discount]


class StateRules(_Table):
    name: str
    min_bi: str
    min_pd: int
    um_required: bool
    min_um: str | None
    min_license_age: int


class States(_Table):
    states: dict[str, StateRules]


class ViolationRule(_Table):
    kinds: list[str]
    lookback_months: int
    decision: Literal["decline", "refer"]
    reason: str


class Sr22Rule(_Table):
    decision: Literal["decline", "refer"]
    reason: str


class AccidentRule(_Table):
    max: int
    lookback_months: int
    decision: Literal["decline", "refer"]
    reason: str


class Underwriting(_Table):
    violations: list[ViolationRule]
    sr22: Sr22Rule
    at_fault_accidents: AccidentRule


class RateTables(_Table):
    """Every table of the rating plan; ``source`` names each file for the trace."""

    base_rates: BaseRates
    territories: Territories
    driver: DriverTable
    points: PointsTable
    vehicle: VehicleTable
    limits: Limits
    prior_insurance: PriorInsuranceTable
    discounts: Discounts
    states: States
    underwriting: Underwriting

    @property
    def plan(self) -> str:
        return self.base_rates.plan

    @staticmethod
    def source(name: str) -> str:
        return f"{name}.json"


def _load(name: str) -> Any:
    return json.loads(files(__package__).joinpath("tables", f"{name}.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def rate_tables() -> RateTables:
    """The shipped tables, parsed and checked (once per process)."""
    return RateTables.model_validate({name: _load(name) for name in RateTables.model_fields})
