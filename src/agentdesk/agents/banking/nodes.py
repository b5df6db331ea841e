"""Nodes and routing of the banking assistant (seed 002)."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agentdesk.runtime.context import AgentContext

from . import database, prompts
from .database import BankDatabase, QueryFailed
from .schemas import CHARTS, Insight, Intent, SQLDraft
from .sqlsafety import SQLRejected, validate_sql
from .state import MAX_RETRY_COUNT, BankingAssistantState

__all__ = ["execution_tool", "insight_agent", "intent_agent", "parse_insight",
           "should_retry", "should_retry_after_execution", "sql_agent", "validation_agent"]

_INSIGHT_ROWS = 20


def _db(runtime: Runtime[AgentContext]) -> BankDatabase:
    opened: BankDatabase = runtime.context.resources["database"]
    return opened


def intent_agent(state: BankingAssistantState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Restate the question as a precise data request."""
    schema = _db(runtime).schema_text()
    intent = Intent.model_validate(runtime.context.model.with_structured_output(Intent).invoke([
        SystemMessage(prompts.INTENT.format(schema=schema)), HumanMessage(state["user_query"])]))
    return {"interpreted_intent": intent.interpreted_intent, "current_step": "intent"}


def sql_agent(state: BankingAssistantState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Write SQL for the intent; on a retry the refusal goes back to the model."""
    db = _db(runtime)
    messages = [SystemMessage(prompts.SQL.format(dialect=db.dialect, schema=db.schema_text())),
                HumanMessage(state.get("interpreted_intent") or state["user_query"])]
    if state.get("error_message"):
        messages.append(HumanMessage(prompts.SQL_RETRY.format(
            error=state["error_message"], sql=state.get("generated_sql") or "")))
    draft = SQLDraft.model_validate(
        runtime.context.model.with_structured_output(SQLDraft).invoke(messages))
    return {"generated_sql": draft.sql, "current_step": "sql"}


def validation_agent(state: BankingAssistantState, runtime: Runtime[AgentContext],
                     ) -> dict[str, Any]:
    """Check the SQL with sqlglot (no model); a refusal names the rule it broke."""
    db = _db(runtime)
    try:
        sql = validate_sql(state.get("generated_sql") or "", dialect=db.dialect,
                           tables=db.tables())
    except SQLRejected as refused:
        return {"validated_sql": None, "error_message": f"[{refused.rule}] {refused.message}",
                "retry_count": state.get("retry_count", 0) + 1, "current_step": "sql_refused"}
    return {"validated_sql": sql, "error_message": None, "current_step": "validated"}


def execution_tool(state: BankingAssistantState, runtime: Runtime[AgentContext],
                   ) -> dict[str, Any]:
    """Run the validated SQL read-only, with the 30-second timeout and the row cap."""
    try:
        result = _db(runtime).execute(state["validated_sql"] or "",
                                      timeout=database.QUERY_TIMEOUT_SECONDS)
    except QueryFailed as failed:
        return {"execution_result": {"error": failed.message}, "validated_sql": None,
                "error_message": f"execution failed: {failed.message}",
                "retry_count": state.get("retry_count", 0) + 1, "current_step": "execution_failed"}
    return {"execution_result": result.model_dump(mode="json"), "current_step": "executed"}


_LINE = re.compile(r"^\s*(SUMMARY|CHART)\s*:\s*(.*)$", re.I)


def parse_insight(text: str, row_count: int = 0) -> Insight:
    """Read ``SUMMARY: ...`` and ``CHART: ...`` from the model's text, forgivingly."""
    summary_lines: list[str] = []
    chart = ""
    current = None
    for line in text.strip().splitlines():
        match = _LINE.match(line)
        if match:
            current = match.group(1).upper()
            if current == "CHART":
                chart = match.group(2)
            else:
                summary_lines.append(match.group(2))
        elif current == "SUMMARY" and line.strip():
            summary_lines.append(line.strip())
    summary = " ".join(s for s in summary_lines if s).strip() or text.strip()
    words = re.findall(r"[a-z]+", chart.lower())
    picked = next((w for w in words if w in CHARTS), None)
    if picked is None:
        picked = "metric" if row_count == 1 else "table"
    return Insight(summary=summary or "No answer.", chart_suggestion=picked)  # type: ignore[arg-type]


def insight_agent(state: BankingAssistantState, runtime: Runtime[AgentContext],
                  ) -> dict[str, Any]:
    """Summarise the rows and suggest a chart."""
    result = state.get("execution_result") or {}
    rows = result.get("rows", [])
    reply = runtime.context.model.invoke([
        SystemMessage(prompts.INSIGHT),
        HumanMessage(prompts.INSIGHT_INPUT.format(
            question=state["user_query"], sql=state.get("validated_sql"),
            row_count=result.get("row_count", len(rows)),
            truncated=", truncated" if result.get("truncated") else "",
            rows=json.dumps(rows[:_INSIGHT_ROWS], default=str)))])
    insight = parse_insight(reply.text, result.get("row_count", len(rows)))
    return {"summary": insight.summary, "chart_suggestion": insight.chart_suggestion,
            "current_step": "answered"}


def _retries_left(state: BankingAssistantState) -> bool:
    # retry_count counts failures; the first attempt is not a retry, so after k failures
    # k - 1 retries have been used and another is allowed while that is under the budget.
    return state.get("retry_count", 0) - 1 < MAX_RETRY_COUNT


def should_retry(state: BankingAssistantState,
                 ) -> Literal["sql_agent", "execution_tool", "end_failure"]:
    """After validation: execute, retry the SQL agent, or give up (seed's table)."""
    if state.get("validated_sql") and not state.get("error_message"):
        return "execution_tool"
    if state.get("error_message") and _retries_left(state):
        return "sql_agent"
    if state.get("error_message"):
        return "end_failure"
    return "execution_tool"


def should_retry_after_execution(state: BankingAssistantState,
                                 ) -> Literal["sql_agent", "insight_agent", "end_failure"]:
    """After execution: explain the rows, retry the SQL agent, or give up."""
    failed = bool(state.get("error_message")) or "error" in (state.get("execution_result") or {})
    if not failed:
        return "insight_agent"
    if _retries_left(state):
        return "sql_agent"
    return "end_failure"
