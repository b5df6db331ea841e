"""The assistant's MCP server through real MCP clients: in memory, via LangChain, over stdio."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from langchain_core.messages import ToolMessage
from langchain_mcp_adapters.tools import load_mcp_tools

from agentdesk.domains.assistant.tools import build_server
from agentdesk.domains.assistant.tools.server import knowledge_base
from agentdesk.runtime.mcp import build_server as build_named
from agentdesk.runtime.tools import tool_result_data

TOOLS = {"kb_search", "calculator", "datetime_tool"}


@pytest.fixture(autouse=True)
def quiet_fastmcp() -> Iterator[None]:
    """The server logs every tool error it returns; the tests expect those errors."""
    logger = logging.getLogger("fastmcp")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


async def _call(tool: str, **args: Any) -> Any:
    async with Client(build_server()) as client:
        return await client.call_tool(tool, args, raise_on_error=False)


def call(tool: str, **args: Any) -> dict[str, Any]:
    result = asyncio.run(_call(tool, **args))
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def error(tool: str, **args: Any) -> str:
    result = asyncio.run(_call(tool, **args))
    assert result.is_error, f"{tool}({args}) should have failed: {result.structured_content}"
    return str(result.content[0].text)


# -- the MCP surface ---------------------------------------------------------------------


def test_registered_by_name_and_lists_tools_with_schemas() -> None:
    async def main() -> dict[str, Any]:
        async with Client(build_named("assistant")) as client:
            return {tool.name: tool.inputSchema for tool in await client.list_tools()}

    schemas = asyncio.run(main())
    assert set(schemas) == TOOLS
    assert schemas["kb_search"]["required"] == ["query"]
    assert schemas["kb_search"]["properties"]["k"]["maximum"] == 20
    assert schemas["calculator"]["properties"]["expression"]["maxLength"] == 300
    assert set(schemas["datetime_tool"]["properties"]["operation"]["enum"]) == {
        "now", "convert", "shift", "difference", "parse"}


def test_langchain_adapter_returns_json_and_errors() -> None:
    async def main() -> tuple[ToolMessage, ToolMessage]:
        async with Client(build_server()) as client:
            tools = {tool.name: tool for tool in await load_mcp_tools(client.session)}
            ok = await tools["calculator"].ainvoke({"name": "calculator", "id": "c1",
                                                    "type": "tool_call",
                                                    "args": {"expression": "2**10 / 8"}})
            bad = await tools["datetime_tool"].ainvoke({"name": "datetime_tool", "id": "c2",
                                                        "type": "tool_call",
                                                        "args": {"operation": "now",
                                                                 "timezone": "Mars/Base"}})
            return ok, bad

    ok, bad = asyncio.run(main())
    assert ok.status == "success" and tool_result_data(ok)["result"] == 128
    assert bad.status == "error" and "Mars/Base" in bad.text


def test_stdio_transport_lists_and_calls_tools(isolated_env: Path) -> None:
    async def main() -> tuple[set[str], dict[str, Any], dict[str, Any]]:
        transport = StdioTransport(command=sys.executable, env=dict(os.environ), args=[
            "-m", "agentdesk", "toolserver", "assistant", "--transport", "stdio"])
        async with Client(transport) as client:
            names = {tool.name for tool in await client.list_tools()}
            calc = await client.call_tool("calculator", {"expression": "3.5 km/h to m/s"})
            kb = await client.call_tool("kb_search", {"query": "approve reject decision", "k": 2})
            return names, calc.structured_content, kb.structured_content

    names, calc, kb = asyncio.run(main())
    assert names == TOOLS
    assert calc["unit"] == "m/s" and calc["result"] == pytest.approx(0.97222, rel=1e-4)
    assert len(kb["results"]) == 2
    assert (isolated_env / "kb.sqlite3").exists()  # the server used the configured data dir


# -- kb_search ---------------------------------------------------------------------------


def test_default_knowledge_base_answers_about_agentdesk() -> None:
    data = call("kb_search", query="how does a person approve or reject a pending decision")
    assert data["ranking"] == "bm25"
    results = data["results"]
    assert 1 <= len(results) <= 5
    for hit in results:
        assert re.fullmatch(r"\d+#\d+", hit["passage_id"])
        assert hit["passage_id"].startswith(f"{hit['document_id']}#")
        assert hit["source"].startswith("builtin:")
    assert results[0]["score"] >= results[-1]["score"]
    assert any("approve" in hit["text"] and "reject" in hit["text"] for hit in results)


def test_default_knowledge_base_explains_its_own_commands() -> None:
    top = call("kb_search", query="how do I add documents to the knowledge base", k=3)["results"]
    assert any("agentdesk kb add" in hit["text"] for hit in top)


def test_operator_documents_are_searched_and_refreshed(tmp_path: Path) -> None:
    doc = tmp_path / "returns.md"
    doc.write_text("# Returns\n\n## Window\n\nCustomers may return a kettle within 45 days.\n")
    kb = knowledge_base()
    stored, status = kb.add(doc)
    assert status == "added" and stored.title == "Returns" and stored.passages == 1
    top = call("kb_search", query="kettle return window", k=1)["results"][0]
    assert top["document_id"] == stored.id and top["passage_id"] == f"{stored.id}#1"
    assert top["heading"] == "Returns > Window" and "45 days" in top["text"]
    assert kb.add(doc)[1] == "unchanged"
    doc.write_text("# Returns\n\nToasters may come back within 10 days.\n")
    assert kb.add(doc)[1] == "updated"
    assert all("kettle" not in hit["text"] for hit in call("kb_search", query="kettle")["results"])
    assert "Toasters" in call("kb_search", query="toaster", k=1)["results"][0]["text"]


def test_kb_search_errors() -> None:
    assert "query: needs at least one word" in error("kb_search", query="?? !!")
    assert "k" in error("kb_search", query="approve", k=0)


def test_fts_syntax_in_a_query_is_just_words() -> None:
    data = call("kb_search", query='approve" OR NEAR(x) AND -decision*', k=3)
    assert data["results"]


def test_rerank_setting_reorders_bm25_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.settings import get_settings

    plain = knowledge_base().search("which database holds the checkpoints", k=20)
    monkeypatch.setenv("AGENTDESK_KB_RERANK", "true")
    get_settings.cache_clear()
    data = call("kb_search", query="which database holds the checkpoints", k=5)
    assert data["ranking"] == "bm25+embedding"
    ids = [hit["passage_id"] for hit in data["results"]]
    assert len(ids) == 5 and set(ids) <= {hit.passage_id for hit in plain}
    scores = [hit["score"] for hit in data["results"]]
    assert scores == sorted(scores, reverse=True) and scores[0] <= 2 / 61


def test_embedding_model_loads_from_its_wheel_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from agentdesk.domains.assistant.tools import rerank

    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the embedding model tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    rerank.load_model.cache_clear()
    model = rerank.load_model()
    near = model.similarity("how do I approve a run", "a person approves or rejects a pending action")
    far = model.similarity("how do I approve a run", "the bank's customers table has a birth date")
    assert near > far


# -- calculator --------------------------------------------------------------------------


@pytest.mark.parametrize(("expression", "result", "unit"), [
    ("2**10 / 8", 128, None),
    ("3.5 km/h to m/s", pytest.approx(0.972222, rel=1e-6), "m/s"),
    ("100 degC to degF", pytest.approx(212), "°F"),
    ("12 in to cm", pytest.approx(30.48), "cm"),
    ("5 ft 3 in to m", pytest.approx(1.6002), "m"),
    ("what is 15% of 240?", 36, None),
    ("sqrt(16) + 2^3", 12, None),
    ("1 GB to MB", 1000, "MB"),
])
def test_calculator_arithmetic_and_units(expression: str, result: Any, unit: str | None) -> None:
    data = call("calculator", expression=expression)
    assert data["result"] == result
    assert data["unit"] == unit


@pytest.mark.parametrize(("expression", "message"), [
    ("2**100000", "exponent 100000 is too large"),
    ("9**9**9", "too large"),
    ("10**400", "more than 400 digits"),
    ("1/0", "division by zero"),
    ("5 m to kg", "measure different things"),
    ("2 + banana", "unknown name or unit 'banana'"),
    ("__import__('os').system('true')", "expression:"),
    ("().__class__", "expression:"),
    ("x = 3", "'=' is not allowed"),
    ("2 == 2", "operator is not allowed"),
    ("'a' * 5", "only numbers and units"),
])
def test_calculator_refuses_with_clear_errors(expression: str, message: str) -> None:
    text = error("calculator", expression=expression)
    assert text.startswith("expression:") and message in text


# -- datetime_tool -----------------------------------------------------------------------


def test_now_in_a_zone_and_by_city_name() -> None:
    tokyo = call("datetime_tool", operation="now", timezone="Asia/Tokyo")
    assert tokyo["timezone"] == "Asia/Tokyo" and tokyo["utc_offset"] == "+09:00"
    assert call("datetime_tool", operation="now", timezone="tokyo")["timezone"] == "Asia/Tokyo"


def test_convert_between_zones() -> None:
    data = call("datetime_tool", operation="convert", value="2027-01-15 09:00",
                timezone="America/New_York", to_timezone="Europe/Berlin")
    assert data["datetime"] == "2027-01-15T15:00:00+01:00"
    assert data["from"]["datetime"] == "2027-01-15T09:00:00-05:00"


def test_shift_and_difference() -> None:
    assert call("datetime_tool", operation="shift", value="2027-01-31",
                amount="+1 month")["date"] == "2027-02-28"
    assert call("datetime_tool", operation="shift", value="2027-03-10T12:00:00",
                amount="-2 weeks 4 hours")["datetime"] == "2027-02-24T08:00:00+00:00"
    diff = call("datetime_tool", operation="difference", value="2027-03-03", other="2027-07-14")
    assert diff["calendar_days"] == 133 and diff["human"] == "133 days"


def test_relative_dates_are_parsed() -> None:
    assert call("datetime_tool", operation="parse", value="2 weeks ago")["from_now"] == "14 days ago"
    friday = call("datetime_tool", operation="parse", value="next friday", timezone="Europe/Lisbon")
    assert friday["weekday"] == "Friday"


def test_a_city_no_zone_is_named_after_names_the_zone_it_keeps() -> None:
    """Mumbai keeps India's zone (Asia/Kolkata), LA the Pacific one; a zone's own city
    ("Chicago") is still its zone."""
    moved = call("datetime_tool", operation="convert", value="2027-10-31 18:30",
                 timezone="Mumbai", to_timezone="LA")
    assert moved["from"]["timezone"] == "Asia/Kolkata"
    assert moved["timezone"] == "America/Los_Angeles"
    assert moved["time"] == "06:00:00"
    assert call("datetime_tool", operation="now", timezone="Chicago")["timezone"] == \
        "America/Chicago"


@pytest.mark.parametrize(("args", "message"), [
    ({"operation": "now", "timezone": "Mars/Base"}, "timezone: 'Mars/Base' is not a known time zone"),
    ({"operation": "now", "timezone": "Europe/Lisbn"}, "did you mean 'Europe/Lisbon'"),
    ({"operation": "convert", "value": "2027-01-01"}, "to_timezone: needed"),
    ({"operation": "convert", "to_timezone": "Nowhere/City"}, "to_timezone: 'Nowhere/City'"),
    ({"operation": "shift", "amount": "3 fortnights"}, "amount: unknown unit 'fortnights'"),
    ({"operation": "shift", "amount": "soon"}, "amount: 'soon' is not like"),
    ({"operation": "shift", "value": "9999-12-01", "amount": "+1 year"}, "amount: the result is out of range"),
    ({"operation": "parse", "value": "blorp"}, "value: cannot read 'blorp'"),
    ({"operation": "difference", "value": "2027-01-01"}, "other: needed"),
])
def test_datetime_errors_name_the_field(args: dict[str, Any], message: str) -> None:
    assert message in error("datetime_tool", **args)
