"""Carrier-style errors: ``CODE field: message``, one code per kind of refusal.

A refused call changes nothing. The code tells a program what happened; the field and
message tell a person (or a planner) what to fix.
"""

from __future__ import annotations

from typing import Any

from fastmcp.exceptions import ToolError
from fastmcp.server.middleware import Middleware, MiddlewareContext
from pydantic import ValidationError

from agentdesk.domains.insurance.quote_request import EMAIL_PATTERN, STATE_PATTERN, ZIP_PATTERN

__all__ = [
    "INCOMPLETE_QUOTE",
    "INVALID_FIELD",
    "PATTERN_WORDS",
    "REQUEST_ID_REUSED",
    "RULE_VIOLATION",
    "SESSION_EXPIRED",
    "SESSION_NOT_FOUND",
    "STATE_MINIMUM",
    "CarrierError",
    "CarrierErrors",
    "field_path",
]

INVALID_FIELD = "INVALID_FIELD"
"""A value is malformed, unknown or implausible."""
SESSION_NOT_FOUND = "SESSION_NOT_FOUND"
SESSION_EXPIRED = "SESSION_EXPIRED"
STATE_MINIMUM = "STATE_MINIMUM"
"""A coverage is below the rating state's financial-responsibility minimum."""
RULE_VIOLATION = "RULE_VIOLATION"
"""A combination the carrier does not write (collision without comprehensive, ...)."""
INCOMPLETE_QUOTE = "INCOMPLETE_QUOTE"
"""rate was called before drivers, vehicles or coverages were given."""
REQUEST_ID_REUSED = "REQUEST_ID_REUSED"
"""A request_id came back with different arguments."""

PATTERN_WORDS = {STATE_PATTERN: "a two-letter US state code, like OH",
                 ZIP_PATTERN: "a US ZIP code of 5 digits (or ZIP+4)",
                 EMAIL_PATTERN: "an email address"}
"""How an error describes each pattern the request models use."""


class CarrierError(ToolError):
    """A refusal, shown to the caller as ``CODE field: message``."""

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(f"{code} {field}: {message}")
        self.code = code
        self.field = field
        self.message = message


def field_path(loc: tuple[Any, ...]) -> str:
    """``("driver", "accidents", 0, "date")`` -> ``driver.accidents[0].date``."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path or "arguments"


def _explain(error: Any) -> str:
    kind, given = error["type"], error.get("input")
    ctx = error.get("ctx") or {}
    if kind in ("missing", "missing_argument"):
        return "is required"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return "is not a field the carrier accepts"
    if kind in ("literal_error", "enum"):
        return f"{given!r} is not one of {ctx.get('expected', 'the allowed values')}"
    if kind.startswith("date"):
        return f"{given!r} is not a date in the form YYYY-MM-DD"
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern"))
        return f"{given!r} is not {PATTERN_WORDS.get(pattern, f'of the form {pattern}')}"
    return f"{error['msg'][0].lower()}{error['msg'][1:]} (got {given!r})"


def from_validation_error(error: ValidationError) -> CarrierError:
    """One INVALID_FIELD error listing each field pydantic refused, and why."""
    problems = [(field_path(tuple(item["loc"])), _explain(item)) for item in error.errors()]
    first_field, first_reason = problems[0]
    rest = "".join(f"; {where}: {why}" for where, why in problems[1:])
    return CarrierError(INVALID_FIELD, first_field, first_reason + rest)


class CarrierErrors(Middleware):
    """Argument validation errors become carrier errors that name each field."""

    async def on_call_tool(self, context: MiddlewareContext[Any], call_next: Any) -> Any:
        try:
            return await call_next(context)
        except CarrierError:
            raise
        except Exception as exc:
            # FastMCP wraps pydantic's error in its own ValidationError (recent versions).
            cause = exc if isinstance(exc, ValidationError) else exc.__cause__
            if isinstance(cause, ValidationError):
                raise from_validation_error(cause) from None
            raise
