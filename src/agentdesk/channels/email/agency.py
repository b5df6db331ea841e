"""The agency's answer to a review email, read as a decision.

The newest text of the reply (quoted history stripped) says one of:

* ``APPROVE`` (first word) -> approve;
* ``REJECT: reason`` -> reject, the reason as its message;
* corrected ``field: value`` lines, one per argument of the action under
  review (``vehicle.vin: ...`` for a nested one, as the review email lists them) ->
  edit with those args (each value read as the type the argument had).
"""

from __future__ import annotations

import json
import re
from typing import Any

from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Decision, InterruptPayload, parse_decision

__all__ = ["flatten", "parse_agency_reply", "review_body"]

_FIELD = re.compile(r"^\s*([A-Za-z_][\w.]*)\s*[:=]\s*(.*?)\s*$")


def _coerce(value: str, like: Any, name: str) -> Any:
    if isinstance(like, bool):
        if value.lower() in ("yes", "true", "1"):
            return True
        if value.lower() in ("no", "false", "0"):
            return False
        raise InputError(f"{value!r} is not yes or no", field=name)
    if isinstance(like, int | float):
        try:
            number = float(value.replace(",", "").lstrip("$"))
        except ValueError:
            raise InputError(f"{value!r} is not a number", field=name) from None
        return int(number) if isinstance(like, int) and number.is_integer() else number
    if isinstance(like, list | dict):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise InputError(f"{value!r} is not JSON", field=name) from None
    return value


def flatten(args: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested arguments as ``a.b`` paths to their values (lists stay whole)."""
    flat: dict[str, Any] = {}
    for key, value in args.items():
        if isinstance(value, dict) and value:
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _put(target: dict[str, Any], path: list[str], value: Any) -> None:
    for key in path[:-1]:
        target = target.setdefault(key, {})
    target[path[-1]] = value


def parse_agency_reply(body: str, pending: InterruptPayload, actor: str) -> Decision:
    """The decision in ``body`` for ``pending``; an unreadable reply names what is wrong."""
    lines = [line for line in body.splitlines() if line.strip()]
    if not lines:
        raise InputError("the reply is empty; answer APPROVE, REJECT: reason, or "
                         "corrected field: value lines", field="body")
    first = lines[0].strip()
    word = re.split(r"[\s:.!,]", first, maxsplit=1)[0].upper()
    if word in ("APPROVE", "APPROVED"):
        return parse_decision({"type": "approve", "actor": actor})
    if word in ("REJECT", "REJECTED"):
        head = first.split(":", 1)[1].strip() if ":" in first else ""
        reason = "\n".join([head, *lines[1:]]).strip() or None
        return parse_decision({"type": "reject", "message": reason, "actor": actor})
    current = flatten(pending.action.args) if pending.action else {}
    action = pending.action.name if pending.action else "the action"
    args: dict[str, Any] = {}
    for line in lines:
        match = _FIELD.match(line)
        if match is None:
            continue
        name, value = match.group(1), match.group(2)
        if name not in current:
            raise InputError(f"{name!r} is not an argument of {action}; its arguments: "
                             f"{', '.join(current) or 'none'}", field=name)
        _put(args, name.split("."), _coerce(value, current[name], name))
    if not args:
        raise InputError("the reply says neither APPROVE, REJECT: reason, nor corrected "
                         "field: value lines", field="body")
    return parse_decision({"type": "edit", "args": args, "actor": actor})


def review_body(pending: InterruptPayload, customer: str | None) -> str:
    """The review email's text: what is planned, and how to answer by replying."""
    lines = [pending.title, "", pending.summary.strip(), ""]
    if customer:
        lines.insert(1, f"Customer: {customer}")
    if pending.action is not None:
        lines += [f"Planned action: {pending.action.name}", "Arguments:"]
        lines += [f"  {k}: {json.dumps(v) if not isinstance(v, str) else v}"
                  for k, v in flatten(pending.action.args).items()]
        lines.append("")
    lines += ["Reply to this email with one of:",
              "  APPROVE",
              "  REJECT: the reason",
              "  corrected arguments, one per line as  field: value"]
    return "\n".join(lines) + "\n"
