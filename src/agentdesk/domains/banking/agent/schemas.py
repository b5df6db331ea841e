"""Input and output shapes of the banking assistant."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = ["CHARTS", "AskRequest", "BankingInput", "ExecutionData", "Insight", "Intent", "QueryResponse",
           "SQLDraft"]

Chart = Literal["bar", "line", "pie", "metric", "table"]
CHARTS: tuple[str, ...] = ("bar", "line", "pie", "metric", "table")

Question = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000)]


class BankingInput(BaseModel):
    """Input of a banking thread: the question."""

    model_config = ConfigDict(extra="forbid")

    user_query: Question


class AskRequest(BaseModel):
    """``POST /ask``."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(max_length=2000)


class Intent(BaseModel):
    """What the intent agent extracts."""

    interpreted_intent: str = Field(description="The question restated as a precise data request")


class SQLDraft(BaseModel):
    """What the SQL agent writes."""

    sql: str = Field(description="One read-only SELECT statement")


class Insight(BaseModel):
    """The insight agent's parsed answer."""

    summary: str
    chart_suggestion: Chart


class ExecutionData(BaseModel):
    data: list[dict[str, Any]] = Field(default_factory=list)
    row_count: int = 0
    execution_time_seconds: float = 0.0
    columns: list[str] = Field(default_factory=list)
    truncated: bool = False
    values_truncated: int = 0
    note: str | None = None
    column_types: dict[str, Literal["integer", "decimal", "text"]] = Field(default_factory=dict)
    """Each column's type, so a page formats 20470.0 as the summary does (20,470.00)."""


class QueryResponse(BaseModel):
    """What ``POST /ask`` answers: the answer, or an error; never an exception."""

    query: str
    validated_sql: str | None = None
    execution_result: ExecutionData | None = None
    summary: str | None = None
    chart_suggestion: Chart | None = None
    error: str | None = None
    thread_id: str | None = None
