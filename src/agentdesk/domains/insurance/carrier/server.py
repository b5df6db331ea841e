"""The carrier MCP server: a personal auto quote session from initiate to rate.

Importing this module loads FastMCP and the request models its tools take; the rate
tables and the rater load on the first call that needs them, so the server starts
without parsing them.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastmcp import FastMCP
from pydantic import Field

from agentdesk.domains.insurance.quote_request import (
    Applicant,
    Coverages,
    DriverCreate,
    PolicyDiscount,
    PriorInsurance,
    VehicleCreate,
)
from agentdesk.errors import ConfigError

from . import intake
from .errors import INCOMPLETE_QUOTE, RULE_VIOLATION, CarrierError, CarrierErrors
from .rules import check_coverages, knockouts, state_minimums
from .session import QuoteSession, add_months
from .store import Clock, QuoteStore

if TYPE_CHECKING:
    from .tables import RateTables

__all__ = ["DEFAULT_TTL_SECONDS", "TERM_MONTHS", "TTL_VARIABLE", "build_server"]

TERM_MONTHS = 6
DEFAULT_TTL_SECONDS = 72 * 3600.0
TTL_VARIABLE = "AGENTDESK_CARRIER_SESSION_TTL"
MAX_DRIVERS = 6
MAX_VEHICLES = 6

INSTRUCTIONS = """A personal auto insurance carrier (6-month policies). Start a quote with
quote_initiate (the applicant's mailing ZIP sets the state), then add_driver and add_vehicle
for each driver and vehicle, set_coverages, and rate. rate returns the premium per coverage
with a trace of every rating factor, or a decline or referral with its reasons. get_quote
shows a session; minimum_coverages gives each state's least coverages in set_coverages'
form. Sessions expire; errors read 'CODE field: message'. Pass a request_id to
mutating calls so that a retry returns the first result instead of acting twice."""

RequestId = Annotated[str | None, Field(
    description="Optional idempotency key: a repeated call with the same request_id returns "
                "the first call's result without applying it again")]
SessionId = Annotated[str, Field(min_length=1, max_length=40,
                                 description="The session_id quote_initiate returned")]


def session_ttl() -> float:
    """Seconds a quote session lives: ``AGENTDESK_CARRIER_SESSION_TTL`` or 72 hours."""
    raw = os.environ.get(TTL_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_TTL_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not (math.isfinite(seconds) and seconds > 0):
        raise ConfigError(f"{TTL_VARIABLE}: {raw!r} is not a positive number of seconds")
    return seconds


def _data_file() -> Path:
    from agentdesk.settings import get_settings

    return get_settings().data_dir / "carrier" / "quotes.db"


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def rate_tables() -> RateTables:
    """The rating plan's tables, parsed on the first call that needs them."""
    from .tables import rate_tables as shipped

    return shipped()


def build_server(*, ttl: float | None = None, clock: Clock | None = None,
                 path: Callable[[], Path] | None = None) -> FastMCP:
    """A new carrier server; sessions live ``ttl`` seconds in the SQLite file ``path()``.

    Defaults: ``AGENTDESK_CARRIER_SESSION_TTL`` (else 72 hours), the wall clock in UTC,
    and ``<data dir>/carrier/quotes.db``.
    """
    lifetime = dt.timedelta(seconds=ttl if ttl is not None else session_ttl())
    now = clock or _utc_now
    store = QuoteStore(path or _data_file, now)
    server: FastMCP = FastMCP("carrier", instructions=INSTRUCTIONS)
    server.add_middleware(CarrierErrors())

    def changed(session: QuoteSession) -> QuoteSession:
        """A change makes the last rating stale."""
        return session.model_copy(update={"rating": None, "status": "open"})

    def quote_initiate(
        applicant: Applicant,
        effective_date: Annotated[dt.date | None, Field(description=(
            "Policy start, YYYY-MM-DD, today to 60 days ahead; default today"))] = None,
        prior_insurance: Annotated[PriorInsurance | None, Field(description=(
            "The applicant's current or last auto policy; null if none"))] = None,
        discounts: Annotated[list[PolicyDiscount] | None, Field(max_length=4, description=(
            "Policy discounts asked for"))] = None,
        request_id: RequestId = None,
    ) -> dict[str, Any]:
        """Start a 6-month quote session for an applicant; returns its session_id."""
        args = {"applicant": applicant.model_dump(mode="json"),
                "effective_date": str(effective_date), "discounts": discounts or [],
                "prior_insurance": prior_insurance and prior_insurance.model_dump(mode="json")}

        def change(_: QuoteSession | None) -> tuple[QuoteSession, dict[str, Any]]:
            tables = rate_tables()
            created = now()
            start = intake.effective_date(effective_date, created.date())
            state, cleaned = intake.applicant(applicant, tables)
            session = QuoteSession(
                session_id=f"Q-{uuid.uuid4().hex[:10].upper()}", status="open",
                created_at=created, expires_at=created + lifetime, state=state,
                effective_date=start, expiration_date=add_months(start, TERM_MONTHS),
                term_months=TERM_MONTHS, applicant=cleaned, prior_insurance=prior_insurance,
                discounts=list(dict.fromkeys(discounts or [])))
            return session, _public(session)

        return store.apply("quote_initiate", request_id, args, None, change)

    def add_driver(session_id: SessionId, driver: DriverCreate,
                   request_id: RequestId = None) -> dict[str, Any]:
        """Add a driver (birth date, license, marital status, violations, accidents)."""
        args = {"session_id": session_id, "driver": driver.model_dump(mode="json")}

        def change(session: QuoteSession | None) -> tuple[QuoteSession, dict[str, Any]]:
            assert session is not None
            tables = rate_tables()
            if len(session.drivers) >= MAX_DRIVERS:
                raise CarrierError(RULE_VIOLATION, "driver",
                                   f"a quote has at most {MAX_DRIVERS} drivers")
            record = intake.driver(driver, session, tables, now().date())
            saved = changed(session)
            saved.drivers = [*session.drivers, record]
            flags = [k.to_dict() for k in knockouts(record.driver_id, record, saved, tables)]
            return saved, {"session_id": saved.session_id, "driver_id": record.driver_id,
                           "driver": intake.driver_summary(record, saved, tables),
                           "underwriting_flags": flags}

        return store.apply("add_driver", request_id, args, session_id, change)

    def add_vehicle(session_id: SessionId, vehicle: VehicleCreate,
                    request_id: RequestId = None) -> dict[str, Any]:
        """Add a vehicle by VIN (decoded offline), with its use and garaging ZIP."""
        args = {"session_id": session_id, "vehicle": vehicle.model_dump(mode="json")}

        def change(session: QuoteSession | None) -> tuple[QuoteSession, dict[str, Any]]:
            assert session is not None
            if len(session.vehicles) >= MAX_VEHICLES:
                raise CarrierError(RULE_VIOLATION, "vehicle",
                                   f"a quote has at most {MAX_VEHICLES} vehicles")
            record = intake.vehicle(vehicle, session, rate_tables(), now().date())
            saved = changed(session)
            saved.vehicles = [*session.vehicles, record]
            return saved, {"session_id": saved.session_id, "vehicle_id": record.vehicle_id,
                           "vehicle": record.model_dump(mode="json")}

        return store.apply("add_vehicle", request_id, args, session_id, change)

    def set_coverages(session_id: SessionId, coverages: Coverages,
                      request_id: RequestId = None) -> dict[str, Any]:
        """Set liability limits (BI, PD, UM, MedPay) and COMP/COLL deductibles."""
        args = {"session_id": session_id, "coverages": coverages.model_dump(mode="json")}

        def change(session: QuoteSession | None) -> tuple[QuoteSession, dict[str, Any]]:
            assert session is not None
            check_coverages(coverages, session, rate_tables())
            saved = changed(session)
            saved.coverages = coverages
            return saved, {"session_id": saved.session_id,
                           "coverages": coverages.model_dump(mode="json")}

        return store.apply("set_coverages", request_id, args, session_id, change)

    def rate(session_id: SessionId, request_id: RequestId = None) -> dict[str, Any]:
        """Underwrite and rate the quote: premium per coverage and vehicle, with its trace."""
        from .rating import rate as rate_session

        def change(session: QuoteSession | None) -> tuple[QuoteSession, dict[str, Any]]:
            assert session is not None
            tables = rate_tables()
            for part, tool in (("drivers", "add_driver"), ("vehicles", "add_vehicle")):
                if not getattr(session, part):
                    raise CarrierError(INCOMPLETE_QUOTE, part,
                                       f"the quote has no {part}; add them with {tool}")
            if session.coverages is None:
                raise CarrierError(INCOMPLETE_QUOTE, "coverages",
                                   "no coverages yet; choose them with set_coverages")
            check_coverages(session.coverages, session, tables)
            result = rate_session(session, tables)
            saved = session.model_copy(update={"rating": result, "status": result["status"]})
            return saved, result

        return store.apply("rate", request_id, {"session_id": session_id}, session_id, change)

    def get_quote(session_id: SessionId) -> dict[str, Any]:
        """A session as the carrier holds it: applicant, drivers, vehicles, coverages, rating."""
        return _public(store.get(session_id))

    def minimum_coverages() -> dict[str, Any]:
        """The least coverages each state the carrier writes accepts, as set_coverages takes
        them: {"states": {"OH": {"bodily_injury": "25/50", ...}, ...}}."""
        return {"states": state_minimums(rate_tables())}

    for tool in (quote_initiate, add_driver, add_vehicle, set_coverages, rate, get_quote,
                 minimum_coverages):
        server.tool(tool)
    return server


def _public(session: QuoteSession) -> dict[str, Any]:
    return session.model_dump(mode="json")
