"""What the carrier needs next, decided by code from the collected data and the session.

The session is a state machine: no session -> ``quote_initiate_tool``; the driver and
each vehicle -> ``add_driver_tool`` / ``add_vehicle_tool``; ``set_coverages_tool``;
``rate_quote_tool``; ``prepare_final_summary_tool``; then the thread is complete.
Before the first carrier call every required field must be known and valid; what is
missing or invalid is asked in one email, each with its reason.

Everything here is pure: what the plan needs of the carrier (each state's minimum
coverages, from its ``minimum_coverages`` tool) is fetched over MCP by the planner node
and passed in as ``minimums``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import prompts
from .schemas import check_args

__all__ = ["COVERAGE_PACKAGES", "FIELD_LABELS", "Minimums", "code_plan", "coverages_for",
           "label", "missing_fields", "question_email", "topic"]

REQUIRED: list[tuple[str, str]] = [
    ("name", "Your full name (first and last name)."),
    ("zip_code", "The ZIP code where you live and keep the car."),
    ("birth_date", "Your date of birth (MM/DD/YYYY)."),
    ("license_date", "When you were first licensed to drive (MM/DD/YYYY; month and year is "
                     "fine)."),
    ("marital_status", "Your marital status (single, married, divorced, widowed...)."),
    ("vehicles", "The VIN of each vehicle to insure: 17 characters, on the registration or "
                 "insurance card, or through the windshield on the driver's side."),
]
"""Fields every quote needs, with the question that asks for each."""

FIELD_LABELS = {"zip_code": "ZIP code", "birth_date": "date of birth",
                "license_date": "license date", "marital_status": "marital status",
                "phone": "phone number", "name": "name", "accidents": "accident",
                "effective_date": "start date", "license_state": "license state",
                "vehicles": "VIN", "first_name": "first name",
                "use": "use of the car (commute, pleasure, business or farm)",
                "unread": "part of the email not read"}

COVERAGE_PACKAGES: dict[str, dict[str, Any]] = {
    "standard": {"bodily_injury": "50/100", "property_damage": 50000,
                 "uninsured_motorist": "50/100", "medical_payments": 5000,
                 "comprehensive_deductible": 500, "collision_deductible": 500},
    "full": {"bodily_injury": "100/300", "property_damage": 100000,
             "uninsured_motorist": "100/300", "medical_payments": 10000,
             "comprehensive_deductible": 500, "collision_deductible": 500},
}
"""Coverage when the customer did not ask for the state minimum (``standard`` by default)."""


Minimums = Mapping[str, Mapping[str, Any]]
"""State -> the least coverages the carrier accepts there, as ``set_coverages`` takes them."""


def coverages_for(choice: str | None, state: str | None,
                  minimums: Minimums | None = None) -> dict[str, Any]:
    """The coverages to quote: a package, or the state's minimum (from ``minimums``).

    A state the minimums do not list gets the package, as a customer who asked for nothing.
    """
    if choice == "minimum" and state and minimums and state in minimums:
        return dict(minimums[state])
    return dict(COVERAGE_PACKAGES["full" if choice == "full" else "standard"])


def label(field: str) -> str:
    """A field's name as the customer's email and the agency's card say it."""
    if field.startswith("vehicles["):
        index = int(field[9:field.index("]")])
        return f"VIN of vehicle {index + 1}" if field.endswith(".vin") else \
            f"{field.rpartition('.')[2]} of vehicle {index + 1}"
    if field.startswith("drivers["):
        index = int(field[8:field.index("]")])
        return f"{FIELD_LABELS.get(field.rpartition('.')[2], 'details')} of driver {index + 2}"
    if field.startswith("violations."):
        return field.split(".", 1)[1].replace("_", " ") + " date"
    return FIELD_LABELS.get(field, field.replace("_", " "))


def missing_fields(info: dict[str, Any]) -> list[dict[str, str]]:
    """Every invalid value (asked again, with why) and every required field not yet known."""
    asked: list[dict[str, str]] = []
    for field, reason in (info.get("problems") or {}).items():
        name = label(field)
        question = ("What the words of your email quoted below mean for the quote."
                    if field == "unread" else f"The {name}." if field.startswith("vehicles[")
                    else f"Your {name}.")
        asked.append({"field": field, "question": question, "reason": reason})
    invalid = {a["field"] for a in asked}
    for field, question in REQUIRED:
        if field in invalid:
            continue
        if field == "name":
            known = info.get("first_name") and info.get("last_name")
        elif field == "vehicles":
            known = bool(info.get("vehicles"))
            if any(f.startswith("vehicles[") for f in invalid):
                known = True
        else:
            known = bool(info.get(field))
        if not known:
            asked.append({"field": field, "question": question})
    for i, driver in enumerate(info.get("drivers") or []):
        who = driver.get("first_name") or ("your spouse" if driver["relationship"] == "spouse"
                                           else "the other driver")
        for field, what in (("first_name", "The first name of the other driver."),
                            ("birth_date", f"The date of birth of {who} (MM/DD/YYYY)."),
                            ("license_date", f"When {who} was first licensed to drive "
                                             f"(MM/DD/YYYY; month and year is fine).")):
            key = f"drivers[{i}].{field}"
            if not driver.get(field) and key not in invalid:
                asked.append({"field": key, "question": what})
    for i, vehicle in enumerate(info.get("vehicles") or []):
        # vPIC does not know every VIN (its data ends around 2024): the carrier then needs
        # the body style, which the VIN's own characters do not say.
        if vehicle.get("decoded") is False and not (vehicle.get("body") or info.get("body")):
            what = " ".join(str(vehicle[k]) for k in ("year", "make") if vehicle.get(k))
            asked.append({"field": f"vehicles[{i}].body", "question": (
                f"The body style of vehicle {i + 1}{f' ({what})' if what else ''}: sedan, "
                f"coupe, hatchback, wagon, convertible, SUV, minivan, pickup or van.")})
    return asked


def topic(field: str) -> str:
    """What a missing field asks about, the same whether it was missing or refused: the
    VIN asked as ``vehicles`` and refused as ``vehicles[0].vin`` is one topic."""
    if field.startswith("vehicles[") and field.endswith(".vin"):
        return "vehicles"
    return field


def question_email(info: dict[str, Any], missing: list[dict[str, str]]) -> str:
    """The email that asks for ``missing``: one numbered item each, the reason with it.

    A reason says "why we ask again" only for a field an earlier question of this
    thread asked (``info["asked"]``); a value refused in the first email was never asked.
    """
    asked = set(info.get("asked") or [])
    items = []
    for i, item in enumerate(missing, 1):
        line = f"{i}. {item['question']}"
        if item.get("reason"):
            again = " again" if topic(item["field"]) in asked else ""
            line += f"\n   Why we ask{again}: {item['reason']}"
        items.append(line)
    optional = "" if "violations" in info or info.get("asked_before") else prompts.OPTIONAL
    return prompts.QUESTION.format(name=info.get("first_name") or "there",
                                   items="\n".join(items), optional=optional)


def _plan(tool: str, args: dict[str, Any], reasoning: str) -> dict[str, Any]:
    return {"action": "tool", "tool_name": tool, "args": args, "reasoning": reasoning}


def _driver(info: dict[str, Any]) -> dict[str, Any]:
    driver: dict[str, Any] = {
        "first_name": info["first_name"], "last_name": info["last_name"],
        "birth_date": info["birth_date"], "marital_status": info["marital_status"],
        "license_state": info.get("license_state") or info.get("state") or "",
        "license_date": info["license_date"],
        "violations": info.get("violations") or [], "accidents": info.get("accidents") or []}
    if info.get("sr22_required"):
        driver["sr22_required"] = True
    return driver


def _other_driver(info: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    spouse = other["relationship"] == "spouse"
    return {"first_name": other["first_name"],
            "last_name": other.get("last_name") or info["last_name"],
            "birth_date": other["birth_date"], "license_date": other["license_date"],
            "marital_status": "married" if spouse else "single",
            "license_state": info.get("license_state") or info.get("state") or "",
            "relationship": other["relationship"], "violations": [], "accidents": []}


def _vehicle(info: dict[str, Any], vehicle: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"vin": vehicle["vin"], "use": info.get("use") or "commute",
                           "garaging_zip": info["zip_code"]}
    if not vehicle.get("decoded", True):
        out.update({k: vehicle[k] for k in ("year", "make") if vehicle.get(k)})
        if vehicle.get("body") or info.get("body"):
            out["body"] = vehicle.get("body") or info["body"]
    return out


def code_plan(state: dict[str, Any], summary: Any,
              minimums: Minimums | None = None) -> dict[str, Any]:
    """Code's next step (a PlannerDecision as a dict) for the thread's ``state``.

    ``summary(state, outcome)`` writes the final email (see :mod:`.render`); ``minimums``
    are the carrier's state minimums, needed only when the customer asked for them.
    """
    info = state.get("customer_info") or {}
    session = state.get("mercury_session") or {}
    if state.get("outcome"):
        return {"action": "complete", "reasoning": f"The thread ended: {state['outcome']}."}
    missing = missing_fields(info)
    if missing:
        names = ", ".join(m["field"] for m in missing)
        return _plan("ask_customer_tool", {"missing_fields": missing,
                                           "message": question_email(info, missing)},
                     f"Missing or invalid before quoting: {names}.")
    if not session.get("session_id"):
        applicant = {k: info[k] for k in ("first_name", "last_name", "zip_code", "email",
                                          "phone") if info.get(k)}
        args: dict[str, Any] = {"applicant": applicant}
        if info.get("effective_date"):
            args["effective_date"] = info["effective_date"]
        if info.get("prior_insurance"):
            args["prior_insurance"] = info["prior_insurance"]
        if info.get("discounts"):
            args["discounts"] = info["discounts"]
        return _plan("quote_initiate_tool", args, "Everything the carrier needs is known and "
                     "valid: start the quote session.")
    session_id = session["session_id"]
    if session.get("declined"):
        return _plan("prepare_final_summary_tool",
                     {"session_id": session_id, "outcome": "declined",
                      "message": summary(state, "declined")},
                     "The carrier declines this driver: tell the customer.")
    if not session.get("drivers"):
        return _plan("add_driver_tool", {"session_id": session_id, "driver": _driver(info)},
                     "The session has no driver yet.")
    others = info.get("drivers") or []
    if len(session["drivers"]) < 1 + len(others):
        other = others[len(session["drivers"]) - 1]
        return _plan("add_driver_tool",
                     {"session_id": session_id, "driver": _other_driver(info, other)},
                     f"Driver {len(session['drivers']) + 1} ({other['relationship']}) is not "
                     f"on the quote yet.")
    vehicles = [v for v in info.get("vehicles", []) if not v.get("problem")]
    added = session.get("vehicles") or []
    if len(added) < len(vehicles):
        vehicle = vehicles[len(added)]
        return _plan("add_vehicle_tool",
                     {"session_id": session_id, "vehicle": _vehicle(info, vehicle)},
                     f"Vehicle {len(added) + 1} of {len(vehicles)} is not on the quote yet.")
    if not session.get("coverages"):
        choice = info.get("coverage_choice")
        return _plan("set_coverages_tool",
                     {"session_id": session_id,
                      "coverages": coverages_for(choice, session.get("state") or
                                                 info.get("state"), minimums)},
                     f"Coverages: {choice or 'standard'} package.")
    quote = state.get("quote")
    if not quote:
        return _plan("rate_quote_tool", {"session_id": session_id},
                     "Drivers, vehicles and coverages are on the quote: rate it.")
    return _plan("prepare_final_summary_tool",
                 {"session_id": session_id, "outcome": quote["status"],
                  "message": summary(state, quote["status"])},
                 f"The quote is {quote['status']}: send it to the customer.")


def valid(plan: dict[str, Any]) -> str | None:
    """Why a tool plan's arguments are refused, or None."""
    if plan.get("action") != "tool":
        return None
    _, problem = check_args(plan.get("tool_name") or "", plan.get("args") or {})
    return problem
