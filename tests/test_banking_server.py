"""The bank's MCP server through a real MCP client: its schema, its readings, read-only SQL."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastmcp import Client

from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.runtime.mcp import build_server

TOOLS = {"bank_schema", "bank_readings", "sql_query"}


@pytest.fixture(autouse=True)
def bank(bank_db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The session's generated bank, as the configured one; tool errors are expected."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    logger = logging.getLogger("fastmcp")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield bank_db
    logger.setLevel(level)


async def _call(tool: str, **args: Any) -> Any:
    async with Client(build_server("bank")) as client:
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


def test_registered_by_name_and_lists_tools_with_schemas() -> None:
    async def main() -> dict[str, Any]:
        async with Client(build_server("bank")) as client:
            return {tool.name: tool.inputSchema for tool in await client.list_tools()}

    schemas = asyncio.run(main())
    assert set(schemas) == TOOLS
    assert schemas["sql_query"]["required"] == ["sql"]
    assert schemas["bank_readings"]["properties"]["question"]["maxLength"] == 500


def test_sql_query_answers_a_read_and_refuses_a_write(bank: str) -> None:
    found = call("sql_query", sql="SELECT COUNT(*) AS n FROM customers")
    want = BankDatabase(bank).execute("SELECT COUNT(*) AS n FROM customers").rows[0]["n"]
    assert found["rows"] == [{"n": want}] and found["sql"].startswith("SELECT")
    assert error("sql_query", sql="DELETE FROM customers").startswith("sql: [")
    assert "sql: [set_operation]" in error(
        "sql_query", sql="SELECT id FROM customers UNION SELECT id FROM branches")


def test_readings_come_with_sql_that_runs(bank: str) -> None:
    found = call("bank_readings", question="How many customers joined in 2025?")
    [reading] = found["readings"]
    assert reading["plan"]["table"] == "customers" and reading["plan"]["measure"] == "count"
    assert reading["reading"].startswith("the number of customers")
    ran = call("sql_query", sql=reading["sql"])
    [row] = ran["rows"]
    assert next(iter(row.values())) > 0
    assert call("bank_readings", question="Hello there")["readings"] == []


def test_the_schema_lists_tables_columns_and_categorical_values() -> None:
    schema = call("bank_schema")
    assert "segment" in schema["tables"]["customers"]
    segments = schema["values"]["customers.segment"]
    assert segments["count"] == len(segments["most_frequent"]) >= 2

