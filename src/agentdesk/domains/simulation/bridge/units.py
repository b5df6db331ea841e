"""Unit checking and conversion with the process's pint registry (:mod:`agentdesk.units`)."""

from __future__ import annotations

import math
from typing import Any

from fastmcp.exceptions import ToolError

from agentdesk.units import get_units, scaled

__all__ = ["convert"]

_DIMENSIONLESS = {"", "1", "dimensionless", "unitless", "fraction", "none"}


def _parse(unit: str, field: str) -> Any:
    ureg = get_units()
    text = (unit or "").strip()
    if text.lower() in _DIMENSIONLESS:
        return ureg.Quantity(1, "dimensionless")
    if len(text) > 64:
        raise ToolError(f"{field}: {unit!r} is too long to be a unit")
    try:
        parsed = ureg.parse_expression(text)
    except Exception as exc:
        raise ToolError(f"{field}: {unit!r} is not a unit pint understands ({exc})") from None
    if not hasattr(parsed, "units") or not math.isclose(float(parsed.magnitude), 1.0):
        raise ToolError(f"{field}: {unit!r} is a quantity, not a unit; give the number in "
                        "value and only the unit here (e.g. 'mg', '1/h', 'L')")
    return parsed


def convert(value: float, unit: str, target: str, what: str) -> float:
    """``value`` in ``unit`` expressed in ``target`` (the unit of parameter ``what``)."""
    if not math.isfinite(value):
        raise ToolError(f"value: {value!r} is not a finite number")
    given = _parse(unit, "unit")
    wanted = _parse(target, "unit")
    if given.dimensionality != wanted.dimensionality:
        raise ToolError(f"unit: {unit!r} cannot be converted to {target!r}, the unit of "
                        f"{what} ({given.dimensionality} vs {wanted.dimensionality})")
    try:
        # An offset unit (degC) is refused here, as pint refuses to scale one by default.
        converted = float(scaled(value, given).to(wanted.units).magnitude / wanted.magnitude)
    except Exception as exc:
        raise ToolError(f"unit: cannot convert {unit!r} to {target!r} ({exc})") from None
    if not math.isfinite(converted):
        raise ToolError(f"value: {value!r} {unit} is not finite in {target}")
    return converted
