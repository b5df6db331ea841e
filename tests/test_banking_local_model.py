"""The banking assistant on the embedded model (llama.cpp, Gemma 3 270M), run for real."""

from __future__ import annotations

import asyncio

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from agentdesk.domains.banking.agent import choices, prompts
from agentdesk.models import get_chat_model
from agentdesk.models.local import LocalChatModel
from agentdesk.runtime.runs.desk import Desk
from agentdesk.text import figure
from bench.quality.banking import cases, reference_rows, rows_match

pytestmark = pytest.mark.local_model


@pytest.fixture(scope="module")
def local_model() -> LocalChatModel:
    model = get_chat_model("local")
    assert isinstance(model, LocalChatModel)
    return model


@pytest.mark.parametrize("case_id", ["top10_customers_balance"])
def test_a_suggested_question_is_answered_with_the_right_rows(
        case_id: str, bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The web app's "Try" question, through the real graph on the default model."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    case = next(c for c in cases() if c.id == case_id)

    async def ask() -> dict:
        async with Desk.open() as desk:
            outcome = await desk.start("banking", {"user_query": case.request}, model="local")
            assert outcome.status == "completed", outcome.error
            return outcome.result

    result = asyncio.run(ask())
    executed = result["execution_result"]
    got = [[row[c] for c in executed["columns"]] for row in executed["rows"]]
    ok, why = rows_match(got, reference_rows(bank_db, case.expected), ordered=True)
    assert ok, f"{why}: {result['validated_sql']}"
    assert result["chart_suggestion"] == "bar"  # customers and a number: always a bar
    top = executed["rows"][0]
    assert result["summary"].startswith(
        f"The total balance is {figure(top['total_balance'], 'decimal')} for {top['first_name']} "
        f"{top['last_name']}, ")


def test_a_category_and_a_number_get_a_bar_chart_and_a_summary_of_figures(
        bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The question whose answer once came without a chart: the model may not trade the bar
    for the table, and the summary states the figures as the table writes them."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)

    async def ask() -> dict:
        async with Desk.open() as desk:
            outcome = await desk.start(
                "banking", {"user_query": "What is the average loan principal by kind?"},
                model="local")
            assert outcome.status == "completed", outcome.error
            return outcome.result

    result = asyncio.run(ask())
    executed = result["execution_result"]
    kind, average = executed["columns"]
    assert executed["column_types"] == {kind: "text", average: "decimal"}
    assert result["chart_suggestion"] in ("bar", "pie")
    figures = [f"{figure(row[average], 'decimal')} for {row[kind]}" for row in executed["rows"]]
    assert len(figures) == 4
    assert result["summary"] == (f"The average principal is {', '.join(figures[:3])} "
                                 f"and {figures[3]}.")


def _decode(model: LocalChatModel, schema: dict, system: str, request: str,
            ) -> tuple[object, int]:
    parsed, raw = model.complete_json([SystemMessage(system), HumanMessage(request)], schema)
    from agentdesk.models.local.loading import _llama

    llm, _ = _llama(model.model_path, model.n_ctx, model.n_threads)
    return parsed, len(llm.tokenize(raw.encode(), False))


def test_every_pick_ends_within_a_few_tokens(local_model: LocalChatModel) -> None:
    """Each schema the banking agent decodes under is complete and short on the real model."""
    readings = ["the number of customers where branches.state = TX",
                "the number of customers where customers.state = TX"]
    labels = ["A", "B"]
    listing = "\n".join(f"{a}: {r}" for a, r in zip(labels, readings, strict=True))
    picks = [
        (choices.label_schema("interpreted_intent", labels),
         prompts.INTENT_PICK.format(options=listing),
         "How many customers bank at branches in Texas?", "interpreted_intent", labels),
        (choices.label_schema("sql", ["A", "B", "C"]),
         prompts.SQL_PICK.format(dialect="sqlite", options="A: SELECT 1\nB: SELECT 2\nC: SELECT 3"),
         "the number of customers", "sql", ["A", "B", "C"]),
        (choices.chart_schema(["line", "bar", "table"]), prompts.INSIGHT,
         "Question: What is the total amount per month?\nColumns: month, total", "chart_suggestion",
         ["line", "bar", "table"]),
    ]
    for schema, system, request, field, allowed in picks:
        parsed, tokens = _decode(local_model, schema, system, request)
        assert isinstance(parsed, dict) and parsed[field] in allowed, parsed
        assert tokens <= 16, tokens  # far inside max_tokens: the answer is always whole
