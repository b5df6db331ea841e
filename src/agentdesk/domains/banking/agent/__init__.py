"""The banking assistant: questions to safe SQL, answers and charts."""

from __future__ import annotations

from typing import Any

from agentdesk.runtime.registry import AgentSpec

from .graph import build_graph
from .schemas import BankingInput

__all__ = ["SPEC", "format_output"]


def _initial_state(data: BankingInput) -> dict[str, Any]:
    return {"user_query": data.user_query, "interpreted_intent": None, "generated_sql": None,
            "validated_sql": None, "execution_result": None, "summary": None,
            "chart_suggestion": None, "error_message": None, "retry_count": 0,
            "current_step": "starting"}


def _failure(values: dict[str, Any]) -> str | None:
    if values.get("summary") is None and values.get("error_message"):
        return (f"gave up after {values.get('retry_count', 0)} failed attempts: "
                f"{values['error_message']}")
    return None


def format_output(values: dict[str, Any]) -> dict[str, Any]:
    """What a banking run returns: validated SQL, execution result, summary, chart, error."""
    return {"validated_sql": values.get("validated_sql"),
            "execution_result": values.get("execution_result"),
            "summary": values.get("summary"),
            "chart_suggestion": values.get("chart_suggestion"),
            "error": _failure(values)}


def _render(values: dict[str, Any]) -> str:
    if not values.get("summary"):
        return values.get("error_message") or ""
    result = values.get("execution_result") or {}
    rows = result.get("rows", [])
    lines = [values["summary"], "", f"SQL: {values.get('validated_sql')}",
             f"{result.get('row_count', 0)} rows in {result.get('execution_time_seconds', 0):.3f}s"
             f"; chart: {values.get('chart_suggestion')}"]
    if rows:
        columns = list(rows[0])
        lines.append(" | ".join(columns))
        lines += [" | ".join(str(row.get(c)) for c in columns) for row in rows[:10]]
    return "\n".join(lines)


def _resources(settings: Any) -> dict[str, Any]:
    from agentdesk.domains.banking.bank.database import BankDatabase, default_bank_url

    database = BankDatabase(default_bank_url(settings))
    database.ensure()
    return {"database": database}


SPEC = AgentSpec(
    name="banking",
    description="Answers questions about the bank's customers, accounts and loans with "
                "the figures, a chart and the query it ran. It only reads; nothing is changed.",
    build_graph=build_graph,
    input_schema=BankingInput,
    initial_state=_initial_state,
    result=format_output,
    recursion_limit=25,
    failure=_failure,
    render=_render,
    resources=_resources,
    request_field="user_query",
)
