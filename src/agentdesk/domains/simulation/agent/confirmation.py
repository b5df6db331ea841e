"""What a person reads when a critical call waits for them: a title and the values it changes.

The summary text stays the deterministic template of :mod:`.prompts`; the title says
what the call does in words, and the changes give each value it replaces as old and
new, in the parameter's own unit, so "dose: 100 mg -> 200 mg" can be read before the
call runs.
"""

from __future__ import annotations

import re
from typing import Any

from agentdesk.runtime.approvals import Change

from . import prompts
from .amounts import convert

__all__ = ["changes_for", "in_both_units", "title_for"]

_SHORT = re.compile(r"^[^,(;]+")
"""A parameter description up to its first comma, parenthesis or semicolon."""
_NO_UNIT = frozenset({"", "1", "dimensionless", "unitless", "fraction", "none"})
"""Units a person would not want printed after a number (a bioavailability of 0.8)."""


def _number(value: Any) -> Any:
    """A float rounded to six significant digits (a converted 0.2 g is 200 mg, not 200.00000000000003)."""
    return float(f"{value:.6g}") if isinstance(value, float) else value


def _shown(value: Any) -> str:
    return format(value, "g") if isinstance(value, float) else str(value)


def in_both_units(value: Any, unit: str, own: str | None) -> str:
    """A new value as the person wrote it and, when the model keeps it in another unit, as
    the model will hold it: "0.01 1/min (= 0.6 1/h in the model)"."""
    written = f"{_shown(_number(value))} {unit}".strip()
    if not own or not isinstance(value, int | float) or own.strip().lower() == unit.strip(
            ).lower() or (own.strip().lower() in _NO_UNIT and unit.strip().lower() in _NO_UNIT):
        return written
    converted = convert(float(value), unit or "dimensionless", own)
    if converted is None:
        return written
    shown_unit = "" if own.strip().lower() in _NO_UNIT else f" {own}"
    return f"{written} (= {_shown(_number(converted))}{shown_unit} in the model)"


def title_for(tool: str, args: dict[str, Any]) -> str:
    """The question a person answers, without the tool's name ("Change dose to 200 mg?")."""
    template = prompts.TITLES.get(tool)
    if template is None:
        return "Let the assistant run this step?"
    return template.format_map(_Args({k: _shown(v) for k, v in args.items()}))


class _Args(dict[str, str]):
    """Arguments for a title; one the call lacks reads "?" rather than failing the pause."""

    def __missing__(self, key: str) -> str:
        return "?"


def _label(parameter: dict[str, Any], path: str) -> str:
    """"Dose per administration (dose)": the description's first clause and the path."""
    found = _SHORT.match(str(parameter.get("description") or "").strip())
    short = found.group(0).strip() if found else ""
    return f"{short} ({path})" if short and short.lower() != path.lower() else path


def changes_for(tool: str, args: dict[str, Any], context: dict[str, Any] | None,
                ) -> list[Change]:
    """The values approving ``tool`` replaces, read from the active simulation."""
    active = context or {}
    if tool == "load_simulation":
        before = active.get("model_path")
        if before and before != args.get("model_path"):
            return [Change(label="Active model", old=before, new=args.get("model_path"))]
        return []
    if tool != "set_parameter_value":
        return []
    path = str(args.get("parameter_path", ""))
    value, unit = args.get("value"), str(args.get("unit", ""))
    parameter = next((p for p in active.get("parameters") or [] if p.get("path") == path), None)
    if parameter is None:  # not loaded yet, or not a parameter the model has
        return [Change(label=path, old=None, new=_number(value), unit=unit or None)]
    own = parameter.get("unit")
    old = _number(parameter.get("value"))
    converted = convert(float(value), unit, own) if own and isinstance(value, int | float) \
        else None
    if converted is None:  # units that do not convert: each value with its own unit
        return [Change(label=_label(parameter, path),
                       old=f"{_shown(old)} {own or ''}".strip(),
                       new=f"{_shown(_number(value))} {unit}".strip())]
    shown_unit = None if own.strip().lower() in _NO_UNIT else own
    return [Change(label=_label(parameter, path), old=old, new=_number(converted),
                   unit=shown_unit)]
