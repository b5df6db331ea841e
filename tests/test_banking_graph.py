"""Every routing branch of the banking assistant (seed 002), with scripted models."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from agentdesk.domains.banking.agent.choices import chart_choices
from agentdesk.domains.banking.agent.graph import build_graph
from agentdesk.domains.banking.agent.nodes import should_retry, should_retry_after_execution
from agentdesk.domains.banking.agent.state import MAX_RETRY_COUNT
from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.errors import InputError
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome
from agentdesk.text import figure

QUESTION = "How many customers joined in 2025?"
FREE = "What changed in 2025?"
"""A question the reader finds nothing in: the model writes the intent and the SQL."""
GOOD_SQL = "SELECT COUNT(*) AS joined FROM customers WHERE joined_at >= '2025-01-01' AND joined_at < '2026-01-01'"


@pytest.fixture(autouse=True)
def use_bank(bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)


def script(tmp_path: Path, *items: dict[str, Any]) -> str:
    path = tmp_path / "banking-script.json"
    path.write_text(json.dumps(list(items)))
    return f"scripted:{path}"


def intent() -> dict[str, Any]:
    return {"structured": {"interpreted_intent": "Count customers with joined_at in 2025"}}


def sql(text: str) -> dict[str, Any]:
    return {"structured": {"sql": text}}


def insight(chart: str = "metric") -> dict[str, Any]:
    return {"structured": {"chart_suggestion": chart}}


def ask(model: str, question: str = FREE) -> tuple[RunOutcome, dict[str, Any], list[Any]]:
    async def go() -> tuple[RunOutcome, dict[str, Any], list[Any]]:
        async with Desk.open() as desk:
            outcome = await desk.start("banking", {"user_query": question}, model=model)
            view = await desk.view(outcome.thread_id)
            spec_graph = desk._graph(desk._spec_of(view.thread))
            history = [s async for s in spec_graph.aget_state_history(
                {"configurable": {"thread_id": outcome.thread_id}})]
            return outcome, view.values, list(reversed(history))
    return asyncio.run(go())


def sql_runs(history: list[Any]) -> int:
    return sum(1 for s in history if s.next == ("validation_agent",))


def test_graph_is_wired_as_the_seed_draws_it() -> None:
    graph = build_graph().compile().get_graph()
    edges = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert edges == {
        ("__start__", "intent_agent", False), ("intent_agent", "sql_agent", False),
        ("sql_agent", "validation_agent", False),
        ("validation_agent", "sql_agent", True), ("validation_agent", "execution_tool", True),
        ("validation_agent", "__end__", True),
        ("execution_tool", "sql_agent", True), ("execution_tool", "insight_agent", True),
        ("execution_tool", "__end__", True),
        ("insight_agent", "__end__", False),
    }


@pytest.mark.parametrize(("state", "expected"), [
    ({"validated_sql": "SELECT 1", "error_message": None, "retry_count": 0}, "execution_tool"),
    ({"validated_sql": None, "error_message": "bad", "retry_count": 1}, "sql_agent"),
    ({"validated_sql": None, "error_message": "bad", "retry_count": 2}, "sql_agent"),
    ({"validated_sql": None, "error_message": "bad", "retry_count": 3}, "end_failure"),
    ({"retry_count": 0}, "execution_tool"),
])
def test_should_retry(state: dict, expected: str) -> None:
    assert should_retry(state) == expected


@pytest.mark.parametrize(("state", "expected"), [
    ({"execution_result": {"rows": []}, "error_message": None, "retry_count": 0}, "insight_agent"),
    ({"execution_result": {"error": "x"}, "error_message": "x", "retry_count": 1}, "sql_agent"),
    ({"execution_result": {"error": "x"}, "error_message": "x", "retry_count": 3}, "end_failure"),
])
def test_should_retry_after_execution(state: dict, expected: str) -> None:
    assert should_retry_after_execution(state) == expected


def test_a_question_the_reader_knows_needs_the_model_only_for_the_chart(tmp_path: Path,
                                                                        bank_db: str) -> None:
    question = "What is the average principal for each kind of loan?"
    outcome, values, history = ask(script(tmp_path, insight("pie")), question=question)
    assert outcome.status == "completed", outcome.error
    result = outcome.result
    executed = result["execution_result"]
    expected = {r["kind"]: r["average"] for r in BankDatabase(bank_db).execute(
        "SELECT kind, AVG(principal) AS average FROM loans GROUP BY kind").rows}
    got = {row[executed["columns"][0]]: row[executed["columns"][1]] for row in executed["rows"]}
    assert got == pytest.approx(expected)
    assert executed["column_types"] == {executed["columns"][0]: "text",
                                        executed["columns"][1]: "decimal"}
    assert values["interpreted_intent"].startswith("the average")
    assert result["chart_suggestion"] == "pie"  # the model's pick among bar and pie
    # The summary states the answer, every figure in the column's format, not the question.
    first = executed["rows"][0]
    kind, principal = first[executed["columns"][0]], first[executed["columns"][1]]
    assert result["summary"].startswith(
        f"The average principal is {figure(principal, 'decimal')} for {kind}, ")
    assert question.rstrip("?") not in result["summary"]
    assert result["error"] is None and values["retry_count"] == 0
    assert sql_runs(history) == 1


def test_one_value_is_a_metric_whatever_the_model_would_pick(tmp_path: Path,
                                                            bank_db: str) -> None:
    """The rows are always shown as a table; a chart that fits is never traded for it."""
    outcome, values, _ = ask(script(tmp_path, insight("table")), question=QUESTION)
    assert outcome.status == "completed", outcome.error
    result = outcome.result
    expected = BankDatabase(bank_db).execute(GOOD_SQL).rows[0]["joined"]
    assert [list(r.values()) for r in result["execution_result"]["rows"]] == [[expected]]
    assert result["validated_sql"].endswith("LIMIT 100")
    assert values["interpreted_intent"].startswith("the number of customers where")
    assert result["summary"] == f"The number of customers is {expected:,}."
    assert result["chart_suggestion"] == "metric"


def test_valid_first_time(tmp_path: Path) -> None:
    outcome, values, history = ask(script(tmp_path, intent(), sql(GOOD_SQL), insight()))
    assert outcome.status == "completed", outcome.error
    result = outcome.result
    assert result["validated_sql"].endswith("LIMIT 100")
    assert result["execution_result"]["row_count"] == 1
    joined = result["execution_result"]["rows"][0]["joined"]
    assert joined > 0
    assert result["summary"] == f"Joined: {joined:,}."
    assert result["chart_suggestion"] == "metric"
    assert result["error"] is None and values["retry_count"] == 0
    assert sql_runs(history) == 1


def test_a_chart_the_rows_cannot_take_is_not_kept(tmp_path: Path) -> None:
    outcome, _, _ = ask(script(tmp_path, intent(), sql(GOOD_SQL), insight("line")))
    assert outcome.result["chart_suggestion"] == "metric"


def test_invalid_then_fixed(tmp_path: Path) -> None:
    outcome, values, history = ask(script(
        tmp_path, intent(), sql("SELECT COUNT(*) FROM users"), sql(GOOD_SQL), insight()))
    assert outcome.status == "completed"
    assert values["retry_count"] == 1 and sql_runs(history) == 2
    refused = [s.values.get("error_message") for s in history if s.values.get("error_message")]
    assert refused and "users" in refused[0]


def test_execution_error_then_fixed(tmp_path: Path) -> None:
    broken = "SELECT json_extract(email, '$.a[') AS x FROM customers"
    outcome, values, history = ask(script(tmp_path, intent(), sql(broken), sql(GOOD_SQL),
                                          insight()))
    assert outcome.status == "completed", outcome.error
    assert values["retry_count"] == 1
    failed = [s.values["execution_result"] for s in history
              if (s.values.get("execution_result") or {}).get("error")]
    assert failed


def test_retries_exhausted_after_validation(tmp_path: Path) -> None:
    bad = sql("DELETE FROM customers")
    outcome, values, history = ask(script(tmp_path, intent(), bad, bad, bad))
    assert outcome.status == "failed"
    assert sql_runs(history) == MAX_RETRY_COUNT + 1 == 3
    assert values["retry_count"] == 3 and values["validated_sql"] is None
    assert outcome.error["message"].startswith("gave up after 3 failed attempts")


def test_retries_exhausted_after_execution(tmp_path: Path) -> None:
    broken = sql("SELECT json_extract(email, '$.a[') AS x FROM customers")
    outcome, values, history = ask(script(tmp_path, intent(), broken, broken, broken))
    assert outcome.status == "failed"
    assert sql_runs(history) == 3
    assert "execution failed" in outcome.error["message"]
    assert values["execution_result"]["error"]


def test_timeout_is_an_execution_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.domains.banking.bank import database

    monkeypatch.setattr(database, "QUERY_TIMEOUT_SECONDS", 0.5)
    slow = sql("SELECT COUNT(*) AS c FROM transactions AS a, transactions AS b, cards AS c")
    outcome, values, _ = ask(script(tmp_path, intent(), slow, sql(GOOD_SQL), insight()))
    failures = values["retry_count"]
    assert outcome.status == "completed" and failures == 1


def test_empty_query_is_refused_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="user_query"):
        ask(script(tmp_path, intent()), question="   ")


def test_state_mutation_invariants_hold_through_failures(tmp_path: Path) -> None:
    broken = sql("SELECT json_extract(email, '$.a[') AS x FROM customers")
    _, _, history = ask(script(tmp_path, intent(), sql("SELECT * FROM users"), broken,
                               sql(GOOD_SQL), insight()))
    writers = {"interpreted_intent": {"intent_agent"}, "generated_sql": {"sql_agent"},
               "summary": {"insight_agent"}, "chart_suggestion": {"insight_agent"}}
    steps = [(before.next[0], before.values, after.values)
             for before, after in itertools.pairwise(history) if before.next]
    assert [node for node, _, _ in steps].count("sql_agent") == 3
    for node, old, new in steps:
        changed = {k for k in new if new.get(k) != old.get(k)} - {"current_step"}
        for field, nodes in writers.items():
            if field in changed:
                assert node in nodes, (node, field)
        if new.get("validated_sql") and new.get("validated_sql") != old.get("validated_sql"):
            assert node == "validation_agent"  # only validation sets it
        if old.get("error_message") and new.get("error_message") is None:
            assert node == "validation_agent"  # only a validation success clears the error
        assert new.get("retry_count", 0) >= old.get("retry_count", 0)  # never decreases
        if new.get("retry_count", 0) > old.get("retry_count", 0):
            assert node in ("validation_agent", "execution_tool")
            assert new.get("validated_sql") is None and new.get("error_message")


BY_KIND = [{"kind": "auto", "average_principal": 34987.56},
           {"kind": "mortgage", "average_principal": 469770.27},
           {"kind": "personal", "average_principal": 20470.0},
           {"kind": "student", "average_principal": 71569.41}]
LOAN = {"id": 1, "customer_id": 7, "kind": "auto", "principal": 9000.0, "status": "active",
        "originated_at": "2024-05-01"}


@pytest.mark.parametrize(("columns", "rows", "charts"), [
    (["n"], [{"n": 42}], ["metric"]),
    (["month", "total"], [{"month": "2025-01", "total": 1.5}, {"month": "2025-02", "total": 2}],
     ["line", "bar"]),
    (["segment", "n"], [{"segment": s, "n": i} for i, s in enumerate("abcd")], ["bar", "pie"]),
    # A category and a number always offer a bar, whatever the model would pick.
    (["kind", "average_principal"], BY_KIND, ["bar", "pie"]),
    (["state", "n"], [{"state": f"S{i}", "n": i} for i in range(60)], ["bar"]),
    (["kind", "change"], [{"kind": "a", "change": -1.5}, {"kind": "b", "change": 2.0}], ["bar"]),
    (["id", "name", "accounts_count"], [{"id": 3, "name": "Main", "accounts_count": 41}],
     ["bar"]),
    (["id", "first_name", "last_name", "total_balance"],
     [{"id": i, "first_name": "A", "last_name": f"B{i}", "total_balance": 1e3 * i}
      for i in range(10)], ["bar"]),
    # Only numbers: the first labels the rest, given two rows.
    (["year", "n"], [{"year": 2024, "n": 3}, {"year": 2025, "n": 4}], ["bar", "pie"]),
    (["n", "average"], [{"n": 3, "average": 2.5}], ["table"]),
    # Identifiers name rows; they are not values to chart.
    (["id", "customer_id"], [{"id": 1, "customer_id": 2}], ["table"]),
    # A listing of records may be charted or not (the model picks), up to 40 rows.
    (list(LOAN), [LOAN] * 5, ["bar", "table"]),
    (list(LOAN), [LOAN] * 41, ["table"]),
    (["name", "email"], [{"name": "a", "email": "b"}], ["table"]),
    (["n"], [], ["table"]),
])
def test_charts_offered_fit_the_rows(columns: list[str], rows: list[dict], charts: list[str],
                                     ) -> None:
    assert chart_choices(columns, rows) == charts


def test_on_the_embedded_model_a_question_it_cannot_read_stops_with_what_to_try(
        bank_db: str, tmp_path: Path) -> None:
    """No free SQL from the 270M model: no bound could hold its answer, and it fails anyway."""
    from types import SimpleNamespace

    from agentdesk.domains.banking.agent import nodes
    from agentdesk.errors import ModelError
    from agentdesk.models.local import LocalChatModel

    model = LocalChatModel(model_path=tmp_path / "never-loaded.gguf", bundled=True)
    runtime = SimpleNamespace(context=SimpleNamespace(
        model=model, resources={"database": BankDatabase(bank_db)}))
    for node in (nodes.intent_agent, nodes.sql_agent):
        with pytest.raises(ModelError, match="could not read the question") as refused:
            node({"user_query": FREE, "retry_count": 0}, runtime)  # type: ignore[arg-type]
        assert "--model" in refused.value.message
        assert "How many customers" in refused.value.message


PARTLY = "How many dormant accounts do we have?"
"""A question the reader reads only in part: "dormant" is no word it knows."""


def test_on_the_embedded_model_a_part_it_cannot_read_is_named_not_dropped(
        bank_db: str, tmp_path: Path) -> None:
    """Not the count of all accounts: the phrase not read, and what it can answer instead."""
    from types import SimpleNamespace

    from agentdesk.domains.banking.agent import nodes
    from agentdesk.errors import ModelError
    from agentdesk.models.local import LocalChatModel

    model = LocalChatModel(model_path=tmp_path / "never-loaded.gguf", bundled=True)
    runtime = SimpleNamespace(context=SimpleNamespace(
        model=model, resources={"database": BankDatabase(bank_db)}))
    for node in (nodes.intent_agent, nodes.sql_agent):
        with pytest.raises(ModelError, match='did not understand "dormant"') as refused:
            node({"user_query": PARTLY, "retry_count": 0}, runtime)  # type: ignore[arg-type]
        assert refused.value.details["reason"] == "question_not_read"
        assert "instead: the number of accounts" in refused.value.message


def test_a_model_that_writes_is_handed_a_question_read_only_in_part(tmp_path: Path) -> None:
    dormant = "SELECT COUNT(*) AS dormant FROM accounts WHERE status = 'frozen'"
    outcome, values, _ = ask(script(tmp_path, intent(), sql(dormant)), question=PARTLY)
    assert outcome.status == "completed"
    assert values["validated_sql"].startswith("SELECT COUNT(*) AS dormant")
    assert values["interpreted_intent"] == "Count customers with joined_at in 2025"
