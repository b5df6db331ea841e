"""One error hierarchy for agentdesk.

Errors are split by audience, as pydantic-ai does:

* :class:`UserError` and its children: the caller asked for something wrong
  (bad input, unknown thread, a stale decision). Nothing was written. The CLI
  exits 2; HTTP answers 4xx.
* :class:`ModelError` and :class:`ToolError`: something an agent depends on
  failed while it ran. The run ends ``failed``; the CLI exits 1.

The mapping to exit codes and HTTP statuses lives in one place each
(:data:`EXIT_CODES` here for the CLI; the server maps the same classes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = [
    "AgentdeskError",
    "ConfigError",
    "ConflictError",
    "DecisionError",
    "InputError",
    "ModelError",
    "NotFoundError",
    "ThreadBusyError",
    "ToolError",
    "TransientToolError",
    "UserError",
    "exit_code_for",
]


class AgentdeskError(Exception):
    """Base of every error agentdesk raises on purpose."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"type": type(self).__name__, "message": self.message, **self.details}


class UserError(AgentdeskError):
    """The caller asked for something that cannot be done; nothing was changed."""


class InputError(UserError):
    """Input failed validation. ``field`` names what was wrong."""

    def __init__(self, message: str, *, field: str | None = None, **details: Any) -> None:
        super().__init__(f"{field}: {message}" if field else message, field=field, **details)
        self.field = field

    @classmethod
    def from_validation(cls, exc: ValidationError, prefix: str = "",
                        fallback: str | None = None) -> InputError:
        """The first problem of a pydantic error, its field path under ``prefix``."""
        first = exc.errors()[0]
        loc = [prefix] if prefix else []
        loc += [str(p) for p in first["loc"]]
        return cls(first["msg"].removeprefix("Value error, "), field=".".join(loc) or fallback)


class ConfigError(UserError):
    """A setting, model spec or tool server address is unusable."""


class NotFoundError(UserError):
    """A thread, agent, tool or interrupt that does not exist (or is not yours)."""


class ConflictError(UserError):
    """The request clashes with the thread's current state (busy, already decided)."""


class ThreadBusyError(ConflictError):
    """The thread is running; a new run must wait (``enqueue``) or be refused."""


class DecisionError(ConflictError):
    """A decision that does not answer the pending interrupt of a waiting thread."""


class ModelError(AgentdeskError):
    """A language model could not answer (script exhausted, decoding failed)."""


class ToolError(AgentdeskError):
    """A tool call failed in a way retrying will not fix."""


class TransientToolError(ToolError):
    """A tool call failed in a way that may pass on a retry (timeout, 502/503)."""


EXIT_CODES: dict[type[AgentdeskError], int] = {UserError: 2, AgentdeskError: 1}


def exit_code_for(error: BaseException) -> int:
    """The CLI exit code for ``error``: 2 for a refused input, 1 for anything else."""
    for cls, code in EXIT_CODES.items():
        if isinstance(error, cls):
            return code
    return 1
