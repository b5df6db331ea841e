"""Text for people: the quote email and ``agentdesk show`` (the review card: :mod:`.review`)."""

from __future__ import annotations

import json
from typing import Any

from . import prompts
from .dates import us_date

__all__ = ["COVERAGE_NAMES", "coverage_text", "final_email", "render_thread", "vehicle_text"]

COVERAGE_NAMES = {"BI": "Bodily injury liability", "PD": "Property damage liability",
                  "UM": "Uninsured motorist", "MEDPAY": "Medical payments",
                  "COMP": "Comprehensive", "COLL": "Collision"}


def coverage_text(coverages: dict[str, Any] | None) -> str:
    if not coverages:
        return "not set"
    parts = [f"BI {coverages.get('bodily_injury')}", f"PD ${coverages.get('property_damage') or 0:,}"]
    if coverages.get("uninsured_motorist"):
        parts.append(f"UM {coverages['uninsured_motorist']}")
    if coverages.get("medical_payments"):
        parts.append(f"MedPay ${coverages['medical_payments']:,}")
    if coverages.get("comprehensive_deductible"):
        parts.append(f"Comprehensive ${coverages['comprehensive_deductible']} deductible")
    if coverages.get("collision_deductible"):
        parts.append(f"Collision ${coverages['collision_deductible']} deductible")
    return ", ".join(parts)


def vehicle_text(vehicle: dict[str, Any], article: str = "the ") -> str:
    """``the 2003 Honda Accord (VIN 1HGCM82633A004352)``."""
    what = " ".join(str(vehicle[k]) for k in ("year", "make", "model") if vehicle.get(k))
    return f"{article}{what or 'vehicle'} (VIN {vehicle.get('vin')})"


def _vehicles_text(info: dict[str, Any]) -> str:
    return "; ".join(vehicle_text(v, "") for v in info.get("vehicles") or []) or "none"


def assumptions(info: dict[str, Any]) -> list[str]:
    """What the quote assumes that the customer did not say."""
    out = list(info.get("assumed") or [])
    if "violations" not in info and "accidents" not in info:
        out.append("no tickets or accidents in the last five years (none were mentioned)")
    if not info.get("use"):
        out.append("the vehicles are used to commute")
    if not info.get("license_state") and info.get("state"):
        out.append(f"licensed in {info['state']}, the state of the ZIP code")
    if "prior_insurance" not in info:
        out.append("no current auto insurance (none was mentioned)")
    if not info.get("coverage_choice"):
        out.append("our standard coverage package (no coverage was asked for)")
    return out


def final_email(state: dict[str, Any], outcome: str) -> str:
    """The quote email (premium per coverage, total, term, what was assumed) or the decline."""
    info = state.get("customer_info") or {}
    name = info.get("first_name") or "there"
    quote = state.get("quote") or {}
    session = state.get("mercury_session") or {}
    if outcome == "declined":
        reasons = [r.get("reason", "") for r in (quote.get("underwriting") or {}).get(
            "reasons", [])] or session.get("decline_reasons") or ["the carrier's rules"]
        return prompts.DECLINED.format(name=name, reasons="; ".join(reasons))
    premium = quote.get("premium") or {}
    by_coverage = premium.get("by_coverage") or {}
    lines = "\n".join(f"  {COVERAGE_NAMES.get(code, code):<28} ${amount:>7,}"
                      for code, amount in by_coverage.items())
    term = quote.get("term") or {}
    assumed = assumptions(info)
    assumed_text = ("\nWe assumed: " + "; ".join(assumed) + ".\n") if assumed else ""
    indicative = (" (indicative: an underwriter must confirm it)"
                  if premium.get("indicative") else "")
    return prompts.QUOTE.format(
        name=name, months=term.get("months", 6),
        start=us_date(term.get("effective_date", "?")),
        end=us_date(term.get("expiration_date", "?")), lines=lines,
        total=premium.get("total", 0), indicative=indicative, vehicles=_vehicles_text(info),
        coverage=coverage_text(session.get("coverages")), assumed=assumed_text)


def _customer(state: dict[str, Any]) -> str:
    info = state.get("customer_info") or {}
    name = " ".join(p for p in (info.get("first_name"), info.get("last_name")) if p)
    who = name or state.get("customer_name") or "unknown customer"
    email = state.get("customer_email")
    return f"{who} <{email}>" if email else who


def render_thread(values: dict[str, Any]) -> str:
    """``agentdesk show``: data collected, the planned action, the quote."""
    info = values.get("customer_info") or {}
    out = [f"Customer: {_customer(values)}"]
    shown = {k: v for k, v in info.items() if k not in ("problems", "vehicles", "assumed",
                                                        "asked_before", "questions", "solved",
                                                        "asked", "asking")
             and v not in (None, [], {})}
    for key, value in shown.items():
        out.append(f"  {key}: {value}")
    if info.get("vehicles"):
        out.append(f"  vehicles: {_vehicles_text(info)}")
    for field, reason in (info.get("problems") or {}).items():
        out.append(f"  needs fixing: {field}: {reason}")
    session = values.get("mercury_session") or {}
    if session:
        out.append(f"Carrier session: {session.get('session_id')} ({len(session.get('drivers', []))}"
                   f" drivers, {len(session.get('vehicles', []))} vehicles, coverages "
                   f"{coverage_text(session.get('coverages'))})")
    plan = values.get("planned_tool_inputs")
    if plan:
        review = " (waiting for the agency)" if values.get("requires_agency_review") else ""
        out.append(f"Planned action{review}: {plan.get('tool_name')} "
                   f"{json.dumps(plan.get('args', {}))[:300]}")
    if values.get("awaiting_customer_reply"):
        out.append("Waiting for the customer's reply.")
    quote = values.get("quote")
    if quote:
        premium = quote.get("premium") or {}
        term = quote.get("term") or {}
        out.append(f"Quote: {quote.get('status')}")
        for code, amount in (premium.get("by_coverage") or {}).items():
            out.append(f"  {COVERAGE_NAMES.get(code, code):<28} ${amount:>7,}")
        if premium:
            out.append(f"  Total ${premium.get('total', 0):,} for {term.get('months', 6)} months"
                       f" ({term.get('effective_date')} to {term.get('expiration_date')})")
    if values.get("outcome"):
        out.append(f"Outcome: {values['outcome']}")
    return "\n".join(out)
