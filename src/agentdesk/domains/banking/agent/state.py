"""State of a banking question (seed 002, ``BankingAssistantState``)."""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = ["MAX_RETRY_COUNT", "BankingAssistantState", "InputState"]

MAX_RETRY_COUNT = 2
"""Retries after the first attempt: the SQL agent runs at most three times."""


class InputState(TypedDict):
    """What a caller passes in."""

    user_query: str
    """The question, in words."""


class BankingAssistantState(InputState, total=False):
    """The whole state; each node writes only its own fields (seed: State Mutation Rules)."""

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

    current_step: str | None
    """The step the thread is at, for progress display."""
