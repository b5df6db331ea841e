"""The agency's edits: merged into the planned args, and carried into ``customer_info``."""

from __future__ import annotations

from datetime import date
from typing import Any

from agentdesk.domains.insurance.validation import Invalid, check_zip, parse_date

from .schemas import MAIL_TOOLS

__all__ = ["NESTED", "edited_args", "with_edits"]

_PEOPLE = ("first_name", "last_name")
NESTED: dict[str, tuple[str, dict[str, str]]] = {
    "quote_initiate_tool": ("applicant", {k: k for k in (*_PEOPLE, "zip_code", "email",
                                                         "phone", "street")}),
    "add_driver_tool": ("driver", {k: k for k in (*_PEOPLE, "birth_date", "marital_status",
                                                  "license_state", "license_date",
                                                  "relationship", "sr22_required")}),
    "add_vehicle_tool": ("vehicle", {**{k: k for k in ("vin", "use", "garaging_zip", "year",
                                                       "make", "model", "body", "ownership",
                                                       "annual_miles")},
                                     "zip_code": "garaging_zip"}),
    "set_coverages_tool": ("coverages", {k: k for k in (
        "bodily_injury", "property_damage", "uninsured_motorist", "medical_payments",
        "comprehensive_deductible", "collision_deductible")}),
}
"""Flat correction name -> (the tool's argument that holds it, its name there)."""
DATE_FIELDS = frozenset({"birth_date", "license_date"})


def _deep_merge(base: dict[str, Any], edits: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in edits.items():
        out[key] = (_deep_merge(out[key], value) if isinstance(value, dict)
                    and isinstance(out.get(key), dict) else value)
    return out


def edited_args(tool: str, plan_args: dict[str, Any],
                edits: dict[str, Any]) -> dict[str, Any]:
    """The args an agency's edit leaves: its fields over the planned ones (nested too).

    Corrections may also be flat, as an agency writes them in a reply (``vin``,
    ``zip_code``, ``birth_date`` in MM/DD/YYYY...): each goes where ``tool`` takes it.
    """
    return _deep_merge(plan_args, _nested(tool, edits))


def _nested(tool: str, edits: dict[str, Any]) -> dict[str, Any]:
    parent, fields = NESTED.get(tool, ("", {}))
    out: dict[str, Any] = {}
    for key, value in edits.items():
        if key in fields and parent:
            name = fields[key]
            if name in DATE_FIELDS and isinstance(value, str):
                parsed = parse_date(value, field=key)
                value = parsed.isoformat() if isinstance(parsed, date) else value
            out.setdefault(parent, {})[name] = value
        elif key in ("text", "body") and tool in MAIL_TOOLS:
            out["message"] = value
        else:
            out[key] = value
    return out


def with_edits(info: dict[str, Any], args: dict[str, Any],
               edited: dict[str, Any]) -> dict[str, Any]:
    """``info`` with what the agency corrected, so later steps send the same values."""
    info = dict(info)
    applicant = edited.get("applicant") or {}
    for key in ("first_name", "last_name", "zip_code", "email", "phone"):
        if applicant.get(key):
            info[key] = applicant[key]
    driver = edited.get("driver") or {}
    if driver and driver.get("relationship", "named_insured") == "named_insured":
        for key in ("first_name", "last_name", "birth_date", "marital_status",
                    "license_state", "license_date"):
            if driver.get(key):
                info[key] = driver[key]
    if "zip_code" in applicant and not isinstance(place := check_zip(info["zip_code"]),
                                                  Invalid):
        info["city"], info["state"] = place.city, place.state
    if vin := (edited.get("vehicle") or {}).get("vin"):
        old = (args.get("vehicle") or {}).get("vin")
        info["vehicles"] = [{**v, "vin": vin} if v.get("vin") == old else v
                            for v in info.get("vehicles") or []]
    return info
