"""A personal auto quote request, shaped after ACORD personal auto (PersAutoPolicyQuoteInqRq).

The carrier's tools take these models as their arguments and the agent checks its planned
calls against them, so both refuse the same values with the same field names.

Names follow ACORD's meaning in snake case: a driver's ``birth_date`` (BirthDt),
``license_state`` (LicensedStateProvCd), ``license_date`` (LicenseDt, first licensed),
``marital_status`` (MaritalStatusCd); a vehicle's ``vin`` (VehIdentificationNumber),
``use`` (VehUseCd) and ``garaging_zip`` (the garaging location's PostalCode); coverages by
ACORD code (BI, PD, UM, MEDPAY, COMP, COLL) with limits and deductibles. Every model
forbids unknown fields, so a misspelt field is an error that names it.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "EMAIL_PATTERN",
    "STATE_CODES",
    "STATE_PATTERN",
    "ZIP_PATTERN",
    "Accident",
    "Applicant",
    "BiLimit",
    "Coverages",
    "DriverCreate",
    "PolicyDiscount",
    "PriorInsurance",
    "VehicleCreate",
    "VehicleDeductibles",
    "Violation",
    "ViolationKind",
]

STATE_CODES = frozenset({
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN",
    "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH",
    "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT",
    "VT", "VA", "WA", "WV", "WI", "WY",
})

STATE_PATTERN = r"^[A-Za-z]{2}$"
ZIP_PATTERN = r"^[0-9]{5}(-?[0-9]{4})?$"
EMAIL_PATTERN = r"^[^@\s]+@[^@\s]+\.[^@\s]+$"

Name = Annotated[str, Field(min_length=1, max_length=60)]
StateCode = Annotated[str, Field(pattern=STATE_PATTERN,
                                 description="Two-letter US state code, e.g. OH")]
Zip = Annotated[str, Field(pattern=ZIP_PATTERN, description="US ZIP code, 5 digits or ZIP+4")]
BiLimit = Literal["15/30", "25/50", "30/60", "50/100", "100/300", "250/500"]
PolicyDiscount = Literal["paperless", "paid_in_full", "homeowner", "multi_policy"]
ViolationKind = Literal[
    "speeding", "speeding_major", "red_light", "stop_sign", "failure_to_yield", "improper_turn",
    "following_too_closely", "distracted_driving", "careless_driving", "reckless_driving",
    "driving_while_suspended", "leaving_the_scene", "dui"]
BodyStyle = Literal["sedan", "coupe", "hatchback", "wagon", "convertible", "suv", "minivan",
                    "pickup", "van"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Applicant(_In):
    """The named insured; the mailing ZIP sets the rating state."""

    first_name: Name
    last_name: Name
    zip_code: Zip = Field(description="Mailing ZIP code; its state is the policy's state")
    street: Annotated[str, Field(max_length=120)] | None = None
    email: Annotated[str, Field(max_length=254, pattern=EMAIL_PATTERN)] | None = None
    phone: Annotated[str, Field(max_length=40)] | None = None


class PriorInsurance(_In):
    """The applicant's current or last auto policy."""

    carrier: Name
    months_continuous: Annotated[int, Field(ge=0, le=600,
                                            description="Months insured without a break")]
    days_lapsed: Annotated[int, Field(ge=0, le=3650, description=(
        "Days without insurance before the effective date (0 if still insured)"))] = 0
    bi_limit: BiLimit | None = Field(default=None, description="Prior BI limit, e.g. 100/300")


class Violation(_In):
    """A moving violation or conviction (ACORD AccidentViolation with a conviction code)."""

    kind: ViolationKind
    date: dt.date = Field(description="Violation or conviction date, YYYY-MM-DD")


class Accident(_In):
    """An accident the driver was involved in."""

    date: dt.date = Field(description="Accident date, YYYY-MM-DD")
    at_fault: bool
    injury: bool = Field(default=False, description="Someone was injured")
    description: Annotated[str, Field(max_length=200)] | None = None


class DriverCreate(_In):
    """A driver to add to the quote."""

    first_name: Name
    last_name: Name
    birth_date: dt.date = Field(description="YYYY-MM-DD")
    marital_status: Literal["single", "married", "domestic_partner", "widowed", "divorced",
                            "separated"]
    license_state: StateCode = Field(description="State that issued the license, e.g. OH")
    license_date: dt.date = Field(description="Date first licensed in the US, YYYY-MM-DD")
    relationship: Literal["named_insured", "spouse", "child", "parent", "other"] = "named_insured"
    sr22_required: bool = Field(default=False, description="A court or DMV requires an SR-22")
    good_student: bool = Field(default=False, description="Student under 25 with a B average")
    defensive_driver: bool = Field(default=False,
                                   description="Completed an approved defensive driving course")
    violations: list[Violation] = Field(default_factory=list, max_length=20)
    accidents: list[Accident] = Field(default_factory=list, max_length=20)


class VehicleCreate(_In):
    """A vehicle to add to the quote; year, make and body come from the VIN when it decodes."""

    vin: Annotated[str, Field(min_length=1, max_length=25, description="17-character VIN")]
    use: Literal["pleasure", "commute", "business", "farm"]
    garaging_zip: Zip = Field(description="ZIP code where the vehicle is parked overnight")
    year: Annotated[int, Field(ge=1981, le=2100)] | None = None
    make: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    model: Annotated[str, Field(min_length=1, max_length=60)] | None = None
    body: BodyStyle | None = Field(default=None, description=(
        "Needed only when the VIN does not decode"))
    ownership: Literal["owned", "financed", "leased"] = "owned"
    annual_miles: Annotated[int, Field(ge=0, le=150_000)] | None = None
    anti_theft: bool = Field(default=False, description="Has a recognised anti-theft device")
    principal_driver_id: Annotated[str, Field(max_length=10)] | None = Field(default=None, description=(
        "driver_id of the main driver; default: the highest-rated driver"))


class VehicleDeductibles(_In):
    """Physical damage for one vehicle, instead of the quote-wide deductibles."""

    vehicle_id: Annotated[str, Field(max_length=10)]
    comprehensive_deductible: Literal[100, 250, 500, 1000] | None = None
    collision_deductible: Literal[250, 500, 1000] | None = None


class Coverages(_In):
    """Liability for the policy; physical damage for every vehicle unless overridden."""

    bodily_injury: BiLimit = Field(description="BI per person/per accident, thousands of USD")
    property_damage: Literal[5000, 10000, 15000, 20000, 25000, 50000, 100000]
    uninsured_motorist: BiLimit | None = Field(default=None, description=(
        "UM/UIM bodily injury; null rejects it where the state allows"))
    medical_payments: Literal[1000, 2000, 5000, 10000] | None = None
    comprehensive_deductible: Literal[100, 250, 500, 1000] | None = Field(default=None, description=(
        "null: no comprehensive"))
    collision_deductible: Literal[250, 500, 1000] | None = Field(default=None, description=(
        "null: no collision"))
    vehicles: list[VehicleDeductibles] = Field(default_factory=list, max_length=10)
