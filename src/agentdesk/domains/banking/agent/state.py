"""State of a banking question: intent, SQL, validation, execution, insight, bounded retries.

Each node returns a :class:`BankingUpdate` holding only the fields it writes; the steps it
writes are typed (:data:`BankingStep`), so a misspelt step is a mypy error.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = ["MAX_RETRY_COUNT", "BankingAssistantState", "BankingStep", "BankingUpdate",
           "InputState"]

MAX_RETRY_COUNT = 2
"""Retries after the first attempt: the SQL agent runs at most three times."""

BankingStep = Literal[
    "starting",          # the question was accepted
    "intent",            # the intent agent read it
    "sql",               # the SQL agent answered with a query
    "sql_refused",       # validation refused the query (error_message says which rule)
    "validated",         # validation accepted it
    "execution_failed",  # the read-only execution failed (error_message says why)
    "executed",          # the rows are in execution_result
    "answered",          # the insight agent wrote the summary and chose a chart
]
"""Where a question is. The routers read the error and the validated SQL, not the step."""


class InputState(TypedDict):
    """What a caller passes in."""

    user_query: str
    """The question, in words."""


class BankingUpdate(TypedDict, total=False):
    """What a node returns: any of the fields below, each written only by its own node."""

    interpreted_intent: str | None
    """The intent agent's reading of the question."""

    generated_sql: str | None
    """The SQL agent's latest query; overwritten on every attempt."""

    validated_sql: str | None
    """Set only by the validation agent on success; cleared on any failure."""

    execution_result: dict[str, Any] | None
    """rows, row_count, execution_time_seconds, columns, truncated; or ``error``."""

    summary: str | None
    """The insight agent's answer in words."""

    chart_suggestion: str | None
    """bar, line, pie, metric or table."""

    error_message: str | None
    """Why the last validation or execution failed; cleared by a validation success."""

    retry_count: int
    """Failures so far (validation or execution); only ever increases."""

    current_step: BankingStep | None
    """The step the thread is at, for progress display."""


class BankingAssistantState(InputState, BankingUpdate):
    """The whole state: the question, then every field the nodes write."""
