"""Nodes and routing of the banking assistant: intent, SQL, validation, execution, insight.

Every node returns a :class:`BankingUpdate`, so the steps it writes are checked against
:data:`BankingStep`.
"""

from __future__ import annotations

import json
from typing import Literal

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agentdesk.domains.banking.bank import database
from agentdesk.domains.banking.bank.database import BankDatabase, QueryFailed
from agentdesk.domains.banking.bank.reader import Candidate, Request, read_request
from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql
from agentdesk.errors import ModelError
from agentdesk.models import is_small
from agentdesk.models.failures import TRY_ANOTHER_MODEL
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.text import rows_summary

from . import choices, prompts
from .schemas import Insight, Intent, SQLDraft
from .state import MAX_RETRY_COUNT, BankingAssistantState, BankingUpdate

__all__ = ["execution_tool", "insight_agent", "intent_agent", "should_retry",
           "should_retry_after_execution", "sql_agent", "validation_agent"]

_INSIGHT_ROWS = 5


def _db(runtime: Runtime[AgentContext]) -> BankDatabase:
    opened: BankDatabase = runtime.context.resources["database"]
    return opened


def _only_with_a_model_that_writes(runtime: Runtime[AgentContext], question: str,
                                   read: Request | None = None) -> None:
    """Free text (a restated intent, SQL) is for models that can write it.

    A small model (the embedded 270M one, or a spec's ``small=1``) cannot, and a free answer has no bound its decode could
    be held to, so on it a question the reader did not recognise, or read only in part,
    stops here, at once, naming what it could not read, what it can answer instead and
    what to try.
    """
    if not is_small(runtime.context.model):
        return
    if read is not None and read.unread and read.instead:
        phrases = ", ".join(f"\"{p}\"" for p in read.unread)
        raise ModelError(prompts.UNREAD.format(
            question=question[:200], phrases=phrases,
            it="it" if len(read.unread) == 1 else "them",
            instead=prompts.INSTEAD.format(reading=read.instead)),
            reason="question_not_read", hint=TRY_ANOTHER_MODEL)
    raise ModelError(prompts.NOT_READ.format(question=question[:200]),
                     reason="question_not_read", hint=TRY_ANOTHER_MODEL)


def _pick(runtime: Runtime[AgentContext], field: str, options: list[str], system: str,
          request: str) -> str:
    """The model's pick among ``options``, by label; no call when there is nothing to pick.

    The model sees the options labelled A, B, C and may only answer a label, so the
    decode is a few tokens long. A model that answers with the option itself (or
    anything else, as a scripted model may) is taken at its word.
    """
    if len(options) == 1:
        return options[0]
    labels = [chr(ord("A") + i) for i in range(len(options))]
    listing = "\n".join(f"{label}: {option}" for label, option in zip(labels, options, strict=True))
    model = runtime.context.model.with_structured_output(choices.label_schema(field, labels))
    answer = model.invoke([SystemMessage(system.format(options=listing)), HumanMessage(request)])
    picked = str((answer or {}).get(field, "")) if isinstance(answer, dict) else str(answer)
    return options[labels.index(picked)] if picked in labels else picked


def intent_agent(state: BankingAssistantState, runtime: Runtime[AgentContext]) -> BankingUpdate:
    """Read the question; the model picks among the readings code found (or restates it)."""
    db = _db(runtime)
    question = state["user_query"]
    read = read_request(question, db)
    options = read.candidates
    if options:
        reading = _pick(runtime, "interpreted_intent", [c.reading for c in options],
                        prompts.INTENT_PICK, question)
        return {"interpreted_intent": reading, "current_step": "intent"}
    # Nothing recognised, or a part of it not read: the model restates the question, if it
    # is one that writes (it is handed the whole question); the embedded model says what
    # it could not read.
    _only_with_a_model_that_writes(runtime, question, read)
    intent = Intent.model_validate(runtime.context.model.with_structured_output(Intent).invoke([
        SystemMessage(prompts.INTENT.format(schema=db.schema_text())), HumanMessage(question)]))
    return {"interpreted_intent": intent.interpreted_intent, "current_step": "intent"}


def _queries(state: BankingAssistantState, options: list[Candidate]) -> list[str]:
    """The rendered queries the SQL agent may answer with: the chosen reading's first.

    On a retry the refused query is left out and the other readings come in.
    """
    failed = state.get("generated_sql") if state.get("error_message") else None
    chosen = [c.sql for c in options if c.reading == state.get("interpreted_intent")]
    if chosen and chosen[0] != failed:
        return chosen
    return [c.sql for c in options if c.sql != failed]


def sql_agent(state: BankingAssistantState, runtime: Runtime[AgentContext]) -> BankingUpdate:
    """Answer with SQL: one of the queries code rendered, else written by the model."""
    db = _db(runtime)
    read = read_request(state["user_query"], db)
    queries = _queries(state, read.candidates)
    request = state.get("interpreted_intent") or state["user_query"]
    if queries:
        sql = _pick(runtime, "sql", queries, prompts.SQL_PICK.replace("{dialect}", db.dialect),
                    request)
        return {"generated_sql": sql, "current_step": "sql"}
    # Nothing recognised, or every rendered query refused: the model writes the SQL from the
    # schema (on a retry, told which query was refused and why), if it is one that writes.
    _only_with_a_model_that_writes(runtime, state["user_query"], read)
    messages = [SystemMessage(prompts.SQL.format(dialect=db.dialect, schema=db.schema_text())),
                HumanMessage(request)]
    if state.get("error_message"):
        messages.append(HumanMessage(prompts.SQL_RETRY.format(
            error=state["error_message"], sql=state.get("generated_sql") or "")))
    draft = SQLDraft.model_validate(
        runtime.context.model.with_structured_output(SQLDraft).invoke(messages))
    return {"generated_sql": draft.sql, "current_step": "sql"}


def validation_agent(state: BankingAssistantState, runtime: Runtime[AgentContext],
                     ) -> BankingUpdate:
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
                   ) -> BankingUpdate:
    """Run the validated SQL read-only, with the 30-second timeout and the row cap."""
    try:
        result = _db(runtime).execute(state["validated_sql"] or "",
                                      timeout=database.QUERY_TIMEOUT_SECONDS)
    except QueryFailed as failed:
        return {"execution_result": {"error": failed.message}, "validated_sql": None,
                "error_message": f"execution failed: {failed.message}",
                "retry_count": state.get("retry_count", 0) + 1, "current_step": "execution_failed"}
    return {"execution_result": result.model_dump(mode="json"), "current_step": "executed"}


def insight_agent(state: BankingAssistantState, runtime: Runtime[AgentContext],
                  ) -> BankingUpdate:
    """Summarise the rows (code writes it from them) and pick a chart that can draw them."""
    result = state.get("execution_result") or {}
    rows = result.get("rows", [])
    columns = result.get("columns") or (list(rows[0]) if rows else [])
    question = state["user_query"]
    summary = rows_summary(columns, rows, bool(result.get("truncated")))
    charts = choices.chart_choices(columns, rows)
    chart = charts[0]
    if len(charts) > 1:
        answer = runtime.context.model.with_structured_output(
            choices.chart_schema(charts)).invoke([
                SystemMessage(prompts.INSIGHT),
                HumanMessage(prompts.INSIGHT_INPUT.format(
                    question=question, columns=", ".join(columns),
                    row_count=result.get("row_count", len(rows)),
                    rows=json.dumps(rows[:_INSIGHT_ROWS], default=str), summary=summary))])
        picked = answer.get("chart_suggestion") if isinstance(answer, dict) else None
        chart = picked if picked in charts else chart
    insight = Insight.model_validate({"summary": summary, "chart_suggestion": chart})
    return {"summary": insight.summary, "chart_suggestion": insight.chart_suggestion,
            "current_step": "answered"}


def _retries_left(state: BankingAssistantState) -> bool:
    # retry_count counts failures; the first attempt is not a retry, so after k failures
    # k - 1 retries have been used and another is allowed while that is under the budget.
    return state.get("retry_count", 0) - 1 < MAX_RETRY_COUNT


def should_retry(state: BankingAssistantState,
                 ) -> Literal["sql_agent", "execution_tool", "end_failure"]:
    """After validation: execute validated SQL; after a refusal, retry the SQL agent while
    retries are left (:data:`MAX_RETRY_COUNT`), else give up."""
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
