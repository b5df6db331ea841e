"""What a review card shows as changed: old -> new for values the thread already had.

Two kinds of change reach the agency's next card:

* since the last card it reviewed: the agency's own edit (a ZIP code corrected), the
  customer's correction (a refused VIN replaced), a new rating (the premium); these
  compare the thread's facts now with the facts recorded when that card was decided
  (``AgentState.reviewed``);
* in the planned carrier call itself: an argument that differs from what the thread
  holds (a planning model that sends another ZIP code than the customer's).

A value the thread did not have before (a ZIP code given for the first time) is news,
not a change, and is not listed.
"""

from __future__ import annotations

from typing import Any

from agentdesk.runtime.approvals import Change

from .dates import us_date
from .render import coverage_text

__all__ = ["changes_for", "facts"]


def _name(person: dict[str, Any]) -> str:
    return " ".join(str(person[k]) for k in ("first_name", "last_name") if person.get(k))


def _premium(quote: dict[str, Any] | None) -> str | None:
    premium = (quote or {}).get("premium") or {}
    if not premium.get("total"):
        return None
    months = ((quote or {}).get("term") or {}).get("months", 6)
    return f"${premium['total']:,} for {months} months"


def facts(values: dict[str, Any]) -> dict[str, str]:
    """The thread's values a person reviews, by their label, as a person reads them."""
    info = values.get("customer_info") or {}
    out: dict[str, str] = {}
    if name := _name(info):
        out["Name"] = name
    for key, label in (("zip_code", "ZIP code"), ("phone", "Phone"), ("email", "Email"),
                       ("marital_status", "Marital status"),
                       ("license_state", "License state")):
        if info.get(key):
            out[label] = str(info[key]).replace("_", " ")
    for key, label in (("birth_date", "Date of birth"), ("license_date", "License date"),
                       ("effective_date", "Start date")):
        if info.get(key):
            out[label] = us_date(info[key])
    for i, vehicle in enumerate(info.get("vehicles") or []):
        if vehicle.get("vin"):
            out[f"VIN of vehicle {i + 1}"] = vehicle["vin"]
    for i, driver in enumerate(info.get("drivers") or []):
        who = driver.get("first_name") or f"Driver {i + 2}"
        for key, label in (("birth_date", "date of birth"), ("license_date", "license date")):
            if driver.get(key):
                out[f"{who}'s {label}"] = us_date(driver[key])
    coverages = (values.get("mercury_session") or {}).get("coverages")
    if coverages:
        out["Coverages"] = coverage_text(coverages)
    if premium := _premium(values.get("quote")):
        out["Premium"] = premium
    return out


def _planned(values: dict[str, Any], tool: str, args: dict[str, Any],
             now: dict[str, str]) -> dict[str, str]:
    """The call's values under the labels of :func:`facts` (those it sends)."""
    out: dict[str, str] = {}
    if tool == "quote_initiate_tool":
        applicant = args.get("applicant") or {}
        if name := _name(applicant):
            out["Name"] = name
        for key, label in (("zip_code", "ZIP code"), ("phone", "Phone"), ("email", "Email")):
            if applicant.get(key):
                out[label] = str(applicant[key])
        if args.get("effective_date"):
            out["Start date"] = us_date(args["effective_date"])
    elif tool == "add_driver_tool":
        driver = args.get("driver") or {}
        if driver.get("relationship", "named_insured") == "named_insured":
            if name := _name(driver):
                out["Name"] = name
            for key, label in (("birth_date", "Date of birth"),
                               ("license_date", "License date")):
                if driver.get(key):
                    out[label] = us_date(driver[key])
            for key, label in (("marital_status", "Marital status"),
                               ("license_state", "License state")):
                if driver.get(key):
                    out[label] = str(driver[key]).replace("_", " ")
    elif tool == "add_vehicle_tool":
        vehicle = args.get("vehicle") or {}
        index = len((values.get("mercury_session") or {}).get("vehicles") or [])
        label = f"VIN of vehicle {index + 1}"
        if vehicle.get("vin") and vehicle["vin"] not in now.values():
            out[label] = str(vehicle["vin"])
        if vehicle.get("garaging_zip"):
            out["ZIP code"] = str(vehicle["garaging_zip"])
    elif tool == "set_coverages_tool" and args.get("coverages"):
        out["Coverages"] = coverage_text(args["coverages"])
    return out


def changes_for(values: dict[str, Any], tool: str, args: dict[str, Any],
                reviewed: dict[str, str]) -> list[Change]:
    """Old -> new for each value the thread had that changed since the last reviewed card,
    or that the planned call changes."""
    now = facts(values)
    old = {label: reviewed[label] for label in now if label in reviewed}
    new = dict(now)
    for label, value in _planned(values, tool, args, now).items():
        if label in now:
            old.setdefault(label, now[label])
            new[label] = value
    return [Change(label=label, old=before, new=new[label])
            for label, before in old.items() if before != new[label]]
