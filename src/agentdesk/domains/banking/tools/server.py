"""The bank's MCP server: what the bank holds, how code reads a question about it, and one
read-only SQL query checked by the bank's validator.

Every tool opens the database the settings name (``AGENTDESK_BANK_DATABASE_URL``, or the
sample bank in the data directory, created on first use), so a server built once per
process follows the configuration of each call. The bank's modules are imported by the
tools when called: building or listing the server loads no database or storage layer.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated, Any

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from pydantic import Field

if TYPE_CHECKING:
    from agentdesk.domains.banking.bank.database import BankDatabase

__all__ = ["build_server"]

INSTRUCTIONS = """Read-only tools over a bank's data (customers, accounts, cards, loans,
transactions, branches). bank_schema lists the tables, their columns and the values of
the categorical columns. bank_readings reads a question the way the bank's reader does
and gives each reading with the SQL that answers it. sql_query runs one read-only SELECT,
checked by the bank's SQL validator, row-capped and with a timeout."""

SCHEMA_VALUES = 25
"""Values listed per categorical column by ``bank_schema``; the count says how many there are."""


def _database() -> BankDatabase:
    """The configured bank database, created from its generator when it does not exist."""
    from agentdesk.domains.banking.bank.database import BankDatabase, default_bank_url
    from agentdesk.settings import get_settings

    database = BankDatabase(default_bank_url(get_settings()))
    database.ensure()
    return database


def bank_schema() -> dict[str, Any]:
    """The bank's tables and columns, and the values its categorical columns hold."""
    from agentdesk.domains.banking.bank.reader.catalog import catalog_for

    database = _database()
    catalog = catalog_for(database)
    return {"dialect": database.dialect, "tables": catalog.tables,
            "values": {ref: {"count": len(values), "most_frequent": list(values[:SCHEMA_VALUES])}
                       for ref, values in catalog.values.items()}}


def bank_readings(
    question: Annotated[str, Field(min_length=1, max_length=500, description=(
        "A question about the bank's data, in plain words"))],
) -> dict[str, Any]:
    """The ways code reads a question about the bank's data (best first), each with its SQL.

    An empty list means the reader recognised no table, column or value in the question,
    or could not read a part of it: ``unread`` then names the phrases.
    """
    from agentdesk.domains.banking.bank.reader import read_request

    database = _database()
    read = read_request(question, database)
    return {"question": question, "unread": read.unread, "readings": [
        {"reading": found.reading, "sql": found.sql, "plan": asdict(found.plan)}
        for found in read.candidates]}


def sql_query(
    sql: Annotated[str, Field(min_length=1, max_length=4000, description=(
        "One read-only SELECT over the bank's tables (customers, accounts, transactions...)"))],
) -> dict[str, Any]:
    """Answer a question about the bank's data with one read-only SQL query.

    The query must pass the bank's validator (one SELECT over known tables, no writes,
    no set operations); it runs read-only, with a timeout and a row cap.
    """
    from agentdesk.domains.banking.bank.database import QUERY_TIMEOUT_SECONDS, QueryFailed
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql

    database = _database()
    try:
        checked = validate_sql(sql, dialect=database.dialect, tables=database.tables())
    except SQLRejected as refused:
        raise ToolError(f"sql: [{refused.rule}] {refused.message}") from None
    try:
        result = database.execute(checked, timeout=QUERY_TIMEOUT_SECONDS)
    except QueryFailed as failed:
        raise ToolError(f"sql: {failed.message}") from None
    return {"sql": checked, **result.model_dump(mode="json")}


def build_server() -> FastMCP:
    """A new bank server with its three tools."""
    server: FastMCP = FastMCP("bank", instructions=INSTRUCTIONS)
    for tool in (bank_schema, bank_readings, sql_query):
        server.tool(tool)
    return server
