"""The benign suite against the generated bank: every query passes validation, runs
read-only, and returns the right rows on both dialects.

"Right" is checked two ways: the validated query returns exactly what the original query
returns when run directly on a plain connection (so validation changed nothing but the
LIMIT), and a few answers are recomputed in Python from the generated rows themselves.
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections import Counter
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import psycopg
import pytest

from agentdesk.domains.banking.bank.data import generate_bank_data
from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.domains.banking.bank.sqlsafety import MAX_LIMIT, validate_sql

from .banking_queries import BENIGN_QUERIES
from .test_banking_database import postgres_database

SQLITE_QUERIES = [q for q in BENIGN_QUERIES if q[1] == "sqlite"]
POSTGRES_QUERIES = [q for q in BENIGN_QUERIES if q[1] == "postgres"]


@pytest.fixture(scope="module")
def sqlite_bank(bank_db: str) -> BankDatabase:
    return BankDatabase(bank_db)


@pytest.fixture(scope="module")
def postgres_bank() -> Iterator[BankDatabase]:
    from agentdesk.domains.banking.bank.data import create_bank_database

    with postgres_database() as url:
        create_bank_database(url, seed=7)
        yield BankDatabase(url)


def _plain(value: Any) -> Any:
    if isinstance(value, timedelta):  # the executor reports intervals in seconds
        return round(value.total_seconds(), 6)
    if isinstance(value, Decimal | float):
        return None if math.isnan(float(value)) else round(float(value), 6)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def direct_rows(db: BankDatabase, sql: str) -> list[tuple[Any, ...]]:
    """The original query on a plain connection, bypassing agentdesk entirely."""
    if db.dialect == "sqlite":
        with sqlite3.connect(db.url.removeprefix("sqlite:///")) as conn:
            return [tuple(_plain(v) for v in row) for row in conn.execute(sql).fetchall()]
    with psycopg.connect(db.url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return [tuple(_plain(v) for v in row) for row in conn.execute(sql).fetchall()]


def same(got: list[tuple[Any, ...]], expected: list[tuple[Any, ...]]) -> bool:
    """Equal rows; numbers within a second's slack (queries may read the clock, e.g. age())."""
    def close(a: Any, b: Any) -> bool:
        if isinstance(a, int | float) and isinstance(b, int | float):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1.0 if a != int(a) else 0)
        return bool(a == b)
    return len(got) == len(expected) and all(
        len(g) == len(e) and all(close(a, b) for a, b in zip(g, e, strict=True))
        for g, e in zip(got, expected, strict=True))


def outer_limit(sql: str) -> int | None:
    """The outermost query's own row limit, if it states one at its end."""
    text = sql.strip().rstrip(";")
    comma = re.search(r"\bLIMIT\s+\d+\s*,\s*(\d+)\s*$", text, re.I)  # LIMIT offset, count
    plain = re.search(r"\bLIMIT\s+(\d+)(?:\s+OFFSET\s+\d+)?\s*$", text, re.I)
    fetch = re.search(r"\bFETCH\s+FIRST\s+(\d+)\s+ROWS?\s+ONLY\s*$", text, re.I)
    found = comma or plain or fetch
    return int(found.group(1)) if found else None


def check_same_rows(db: BankDatabase, sql: str) -> None:
    validated = validate_sql(sql, dialect=db.dialect, tables=db.tables())
    assert re.search(r"\b(LIMIT|FETCH FIRST)\s+\d+", validated, re.I)
    result = db.execute(validated)
    got = [tuple(_plain(row[c]) for c in result.columns) for row in result.rows]
    expected = direct_rows(db, sql)
    cap = min(MAX_LIMIT, outer_limit(sql) or MAX_LIMIT)
    if re.search(r"\bORDER\s+BY\b", sql, re.I):
        assert same(got, expected[:cap])
    else:  # no order promised: the same rows, any order (all of them when under the cap)
        assert len(got) == min(cap, len(expected))
        if len(expected) <= cap:
            assert Counter(got) == Counter(expected)
    assert result.row_count == len(got) and not result.truncated


def test_the_suite_is_large_enough() -> None:
    assert len(SQLITE_QUERIES) >= 40 and len(POSTGRES_QUERIES) >= 40


@pytest.mark.parametrize(("name", "dialect", "sql"), SQLITE_QUERIES, ids=[q[0] for q in SQLITE_QUERIES])
def test_benign_sqlite(name: str, dialect: str, sql: str, sqlite_bank: BankDatabase) -> None:
    check_same_rows(sqlite_bank, sql)


@pytest.mark.postgres
@pytest.mark.parametrize(("name", "dialect", "sql"), POSTGRES_QUERIES,
                         ids=[q[0] for q in POSTGRES_QUERIES])
def test_benign_postgres(name: str, dialect: str, sql: str, postgres_bank: BankDatabase) -> None:
    check_same_rows(postgres_bank, sql)


def test_answers_match_the_generated_rows(sqlite_bank: BankDatabase) -> None:
    data = generate_bank_data(7)
    customers = [dict(zip(data.columns("customers"), r, strict=True)) for r in data.rows["customers"]]
    accounts = [dict(zip(data.columns("accounts"), r, strict=True)) for r in data.rows["accounts"]]
    loans = [dict(zip(data.columns("loans"), r, strict=True)) for r in data.rows["loans"]]

    def ask(sql: str) -> list[dict[str, Any]]:
        validated = validate_sql(sql, dialect="sqlite", tables=sqlite_bank.tables())
        return sqlite_bank.execute(validated).rows

    joined_2025 = sum(1 for c in customers if str(c["joined_at"]).startswith("2025"))
    assert ask("SELECT COUNT(*) AS n FROM customers WHERE joined_at >= '2025-01-01' "
               "AND joined_at < '2026-01-01'")[0]["n"] == joined_2025
    by_segment = Counter(c["segment"] for c in customers)
    rows = ask("SELECT segment, COUNT(*) AS n FROM customers GROUP BY segment ORDER BY segment")
    assert {r["segment"]: r["n"] for r in rows} == dict(by_segment)
    open_balance: dict[str, float] = {}
    for a in accounts:
        if a["status"] == "open":
            open_balance[a["type"]] = open_balance.get(a["type"], 0.0) + float(a["balance"])
    rows = ask("SELECT type, SUM(balance) AS total FROM accounts WHERE status = 'open' "
               "GROUP BY type")
    assert {r["type"]: round(r["total"], 2) for r in rows} == {
        k: round(v, 2) for k, v in open_balance.items()}
    loans_per_customer = Counter(loan["customer_id"] for loan in loans)
    top = ask("SELECT customer_id, COUNT(*) AS n FROM loans GROUP BY customer_id "
              "ORDER BY n DESC, customer_id LIMIT 5")
    expected = sorted(loans_per_customer.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    assert [(r["customer_id"], r["n"]) for r in top] == expected
