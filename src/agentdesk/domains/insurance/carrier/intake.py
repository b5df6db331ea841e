"""Checks that need the session: dates against the effective date, ZIPs against the
state, VINs against what the caller said. Each refusal names the field.

The checks themselves are the insurance agent's offline validators, so the carrier and the
agent refuse the same values for the same reasons.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from agentdesk.domains.insurance.quote_request import (
    STATE_CODES,
    Applicant,
    DriverCreate,
    VehicleCreate,
)
from agentdesk.domains.insurance.validation import (
    Invalid,
    ZipInfo,
    check_birth_date,
    check_license_date,
    check_phone,
    check_vin,
    check_zip,
)

from .errors import INVALID_FIELD, RULE_VIOLATION, CarrierError
from .session import (
    DriverRecord,
    Garaging,
    QuoteSession,
    VehicleRecord,
    driver_age,
    points_of,
    years_licensed,
)

if TYPE_CHECKING:
    from .tables import RateTables

__all__ = ["MAX_DAYS_AHEAD", "applicant", "driver", "driver_summary", "effective_date", "vehicle"]

MAX_DAYS_AHEAD = 60


def _refuse(problem: Invalid) -> CarrierError:
    return CarrierError(INVALID_FIELD, problem.field, problem.reason)


def effective_date(requested: dt.date | None, today: dt.date) -> dt.date:
    """The policy start: today by default, never in the past nor over 60 days ahead."""
    start = requested or today
    if start < today:
        raise CarrierError(INVALID_FIELD, "effective_date",
                           f"{start} is in the past; a policy starts today ({today}) or later")
    if (start - today).days > MAX_DAYS_AHEAD:
        raise CarrierError(INVALID_FIELD, "effective_date",
                           f"{start} is more than {MAX_DAYS_AHEAD} days ahead; quotes are "
                           f"made at most {MAX_DAYS_AHEAD} days before the policy starts")
    return start


def _zip(value: str, field: str) -> ZipInfo:
    found = check_zip(value, field=field)
    if isinstance(found, Invalid):
        raise _refuse(found)
    return found


def applicant(given: Applicant, tables: RateTables) -> tuple[str, Applicant]:
    """The rating state (from the mailing ZIP) and the applicant with a normalised phone."""
    where = _zip(given.zip_code, "applicant.zip_code")
    written = tables.states.states
    if where.state not in written:
        raise CarrierError(INVALID_FIELD, "applicant.zip_code",
                           f"{where.zip_code} is in {where.city}, {where.state}; this carrier "
                           f"writes personal auto in {', '.join(sorted(written))} only")
    phone = given.phone
    if phone:
        checked = check_phone(phone, field="applicant.phone")
        if isinstance(checked, Invalid):
            raise _refuse(checked)
        phone = checked.e164
    return where.state, given.model_copy(update={"zip_code": where.zip_code, "phone": phone})


def driver(given: DriverCreate, session: QuoteSession, tables: RateTables,
           today: dt.date) -> DriverRecord:
    """A new driver record, once its dates and license state make sense."""
    rules = tables.states.states[session.state]
    born = check_birth_date(given.birth_date, on=session.effective_date,
                            field="driver.birth_date", min_age=rules.min_license_age)
    if isinstance(born, Invalid):
        raise _refuse(born)
    licensed = check_license_date(given.license_date, birth_date=born, on=today,
                                  field="driver.license_date",
                                  min_license_age=rules.min_license_age)
    if isinstance(licensed, Invalid):
        raise _refuse(licensed)
    state = given.license_state.upper()
    if state not in STATE_CODES:
        raise CarrierError(INVALID_FIELD, "driver.license_state",
                           f"{given.license_state!r} is not a US state code")
    dated = [(f"driver.violations[{i}].date", v.date) for i, v in enumerate(given.violations)]
    dated += [(f"driver.accidents[{i}].date", a.date) for i, a in enumerate(given.accidents)]
    for where, day in dated:
        if not born <= day <= today:
            raise CarrierError(INVALID_FIELD, where, f"{day} is not between the driver's "
                                                    f"birth date and today ({today})")
    for other in session.drivers:
        if (other.first_name.lower(), other.last_name.lower(), other.birth_date) == (
                given.first_name.lower(), given.last_name.lower(), given.birth_date):
            raise CarrierError(RULE_VIOLATION, "driver",
                               f"{given.first_name} {given.last_name} ({given.birth_date}) is "
                               f"already on this quote as {other.driver_id}")
    return DriverRecord(**given.model_dump(), driver_id=f"D{len(session.drivers) + 1}"
                        ).model_copy(update={"license_state": state})


def driver_summary(record: DriverRecord, session: QuoteSession,
                   tables: RateTables) -> dict[str, Any]:
    """The driver as stored, with the age, years licensed and points the rater will use."""
    effective = session.effective_date
    return {**record.model_dump(mode="json"), "age": driver_age(record, effective),
            "years_licensed": years_licensed(record, effective),
            "points": points_of(record, effective, tables)}


def _same_make(given: str, decoded: str) -> bool:
    a, b = given.strip().lower(), decoded.strip().lower()
    return a == b or a in b or b in a


def vehicle(given: VehicleCreate, session: QuoteSession, tables: RateTables,
            today: dt.date) -> VehicleRecord:
    """A new vehicle record: the VIN decoded, the garaging ZIP placed in a territory."""
    found = check_vin(given.vin, field="vehicle.vin", today=today)
    if isinstance(found, Invalid):
        raise _refuse(found)
    if any(v.vin == found.vin for v in session.vehicles):
        raise CarrierError(RULE_VIOLATION, "vehicle.vin",
                           f"{found.vin} is already on this quote")
    body: str | None = given.body
    if found.decoded:
        if given.year is not None and found.year is not None and given.year != found.year:
            raise CarrierError(INVALID_FIELD, "vehicle.year",
                               f"{given.year} does not match the VIN, which is a "
                               f"{found.describe()}")
        if given.make and found.make and not _same_make(given.make, found.make):
            raise CarrierError(INVALID_FIELD, "vehicle.make",
                               f"{given.make!r} does not match the VIN, which is a "
                               f"{found.describe()}")
        mapped = tables.vehicle.vpic_body.get(found.body_class or "")
        if mapped is None and found.body_class:
            raise CarrierError(INVALID_FIELD, "vehicle.vin",
                               f"{found.vin} is a {found.describe()} ({found.body_class}); "
                               f"this carrier insures private passenger cars, SUVs, vans "
                               f"and pickups only")
        body = mapped or body
    year = found.year if found.decoded else (given.year or found.year)
    make = (found.make if found.decoded else None) or given.make or found.make
    for name, value in (("year", year), ("make", make), ("body", body)):
        if value is None:
            raise CarrierError(INVALID_FIELD, f"vehicle.{name}",
                               f"the carrier's vehicle data has no {name} for the VIN "
                               f"{found.vin}; give the vehicle's {name}")
    assert year is not None and make is not None and body is not None
    if year > session.effective_date.year + 1:
        raise CarrierError(INVALID_FIELD, "vehicle.year",
                           f"{year} is later than next year's models")
    where = _zip(given.garaging_zip, "vehicle.garaging_zip")
    if where.state != session.state:
        raise CarrierError(INVALID_FIELD, "vehicle.garaging_zip",
                           f"{where.zip_code} is in {where.state}, but this quote is for "
                           f"{session.state}; a vehicle garaged in another state needs a "
                           f"quote there")
    if where.zip_type in ("PO BOX", "MILITARY"):
        raise CarrierError(INVALID_FIELD, "vehicle.garaging_zip",
                           f"{where.zip_code} is a {where.zip_type.lower()} ZIP code; give "
                           f"the ZIP code where the vehicle is parked overnight")
    if given.principal_driver_id and session.driver(given.principal_driver_id) is None:
        raise CarrierError(INVALID_FIELD, "vehicle.principal_driver_id",
                           f"{given.principal_driver_id!r} is not a driver on this quote")
    counties = tables.territories.counties[session.state]
    return VehicleRecord(
        vehicle_id=f"V{len(session.vehicles) + 1}", vin=found.vin, year=year, make=make,
        model=found.model or given.model, body=body, vpic_body_class=found.body_class,
        decoded=found.decoded, use=given.use, ownership=given.ownership,
        annual_miles=given.annual_miles, anti_theft=given.anti_theft,
        principal_driver_id=given.principal_driver_id,
        garaging=Garaging(zip_code=where.zip_code, city=where.city, state=where.state,
                          county=where.county,
                          territory=counties.get(where.county, counties["default"])))
