"""The bank database: seeded data, introspection, and execution that cannot write.

Every case runs on a real SQLite file; the PostgreSQL cases run when
``AGENTDESK_TEST_POSTGRES_URL`` is set, each module (or test) in a database of its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest

from agentdesk.domains.banking.bank.data import (
    BANK_TABLES,
    READER_ROLE,
    create_bank_database,
    generate_bank_data,
)
from agentdesk.domains.banking.bank.database import (
    MAX_RESULT_BYTES,
    MAX_ROWS,
    MAX_VALUE_CHARS,
    QUERY_TIMEOUT_SECONDS,
    BankDatabase,
    ExecutionResult,
    QueryFailed,
    QueryTimeout,
    default_bank_url,
)
from agentdesk.errors import AgentdeskError, ConfigError
from agentdesk.settings import Settings

POSTGRES_URL = os.environ.get("AGENTDESK_TEST_POSTGRES_URL")
DIALECTS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
SLOW_QUERY = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
              "WHERE x < 1000000000) SELECT count(*) FROM c")


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    if not POSTGRES_URL:
        pytest.skip("AGENTDESK_TEST_POSTGRES_URL is not set")
    name = f"agentdesk_bank_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{POSTGRES_URL.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def empty_url(dialect: str, directory: Path) -> Iterator[str]:
    if dialect == "sqlite":
        yield f"sqlite:///{directory / f'bank-{uuid.uuid4().hex[:8]}.db'}"
    else:
        with postgres_database() as url:
            yield url


@pytest.fixture(scope="module", params=DIALECTS)
def bank(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[BankDatabase]:
    """The bank for seed 7, loaded once per module and dialect (tests must not change it)."""
    with empty_url(request.param, tmp_path_factory.mktemp("bank")) as url:
        create_bank_database(url, seed=7)
        yield BankDatabase(url)


@pytest.fixture(scope="module")
def data() -> Any:
    return generate_bank_data(7)


def scalar(db: BankDatabase, sql: str) -> Any:
    result = db.execute(sql)
    return next(iter(result.rows[0].values()))


def checksum(db: BankDatabase) -> dict[str, Any]:
    """Row counts and sums that any write would change."""
    out: dict[str, Any] = {t: scalar(db, f"SELECT count(*) FROM {t}") for t in BANK_TABLES}
    out["balance"] = round(scalar(db, "SELECT sum(balance) FROM accounts"), 2)
    out["amount"] = round(scalar(db, "SELECT sum(amount) FROM transactions"), 2)
    out["principal"] = round(scalar(db, "SELECT sum(principal) FROM loans"), 2)
    out["max_txn"] = scalar(db, "SELECT max(id) FROM transactions")
    out["names"] = scalar(db, "SELECT count(DISTINCT last_name) FROM customers")
    return out


def file_state(path: Path) -> tuple[str, int, list[str]]:
    return (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns,
            sorted(p.name for p in path.parent.iterdir()))


# --- generated data -------------------------------------------------------------------------


def test_same_seed_gives_the_same_rows(data: Any) -> None:
    again = generate_bank_data(7)
    assert again.rows == data.rows
    digest = hashlib.sha256(json.dumps(data.rows, sort_keys=True).encode()).hexdigest()
    assert digest == hashlib.sha256(json.dumps(again.rows, sort_keys=True).encode()).hexdigest()
    other = generate_bank_data(8)
    assert other.rows["customers"] != data.rows["customers"]


def test_counts_integrity_and_distributions(bank: BankDatabase) -> None:
    counts = {t: scalar(bank, f"SELECT count(*) FROM {t}") for t in BANK_TABLES}
    assert counts["customers"] == 2000 and counts["branches"] == 25 and counts["loans"] == 600
    assert 2000 < counts["accounts"] <= 6000
    assert counts["transactions"] >= 20_000
    assert counts["cards"] >= 1000

    orphans = {
        "accounts": "SELECT count(*) FROM accounts a LEFT JOIN customers c ON c.id = a.customer_id "
                    "WHERE c.id IS NULL",
        "branches": "SELECT count(*) FROM accounts a LEFT JOIN branches b ON b.id = a.branch_id "
                    "WHERE b.id IS NULL",
        "transactions": "SELECT count(*) FROM transactions t LEFT JOIN accounts a "
                        "ON a.id = t.account_id WHERE a.id IS NULL",
        "cards": "SELECT count(*) FROM cards k LEFT JOIN accounts a ON a.id = k.account_id "
                 "WHERE a.id IS NULL",
        "loans": "SELECT count(*) FROM loans l LEFT JOIN customers c ON c.id = l.customer_id "
                 "WHERE c.id IS NULL",
    }
    assert {name: scalar(bank, q) for name, q in orphans.items()} == dict.fromkeys(orphans, 0)

    def distinct(sql: str) -> set[Any]:
        return {next(iter(r.values())) for r in bank.execute(sql).rows}

    assert distinct("SELECT DISTINCT segment FROM customers") == {
        "retail", "premier", "private", "small_business"}
    assert distinct("SELECT DISTINCT type FROM accounts") == {
        "checking", "savings", "credit", "money_market"}
    assert distinct("SELECT DISTINCT status FROM accounts") == {"open", "closed", "frozen"}
    assert distinct("SELECT DISTINCT channel FROM transactions") == {
        "card", "online", "atm", "branch", "ach"}
    assert distinct("SELECT DISTINCT network FROM cards") == {
        "visa", "mastercard", "amex", "discover"}
    assert distinct("SELECT DISTINCT kind FROM loans") == {
        "mortgage", "auto", "personal", "student"}
    assert {"payroll", "groceries", "dining"} <= distinct(
        "SELECT DISTINCT category FROM transactions")
    # Cards only on checking and credit accounts.
    assert distinct("SELECT DISTINCT a.type FROM cards k JOIN accounts a ON a.id = k.account_id"
                    ) == {"checking", "credit"}

    joined_2025 = scalar(bank, "SELECT count(*) FROM customers "
                               "WHERE joined_at >= '2025-01-01' AND joined_at < '2026-01-01'")
    assert 50 < joined_2025 < 600
    assert scalar(bank, "SELECT min(joined_at) FROM customers") >= "2015-01-01"
    assert scalar(bank, "SELECT max(joined_at) FROM customers") <= "2026-12-31"
    assert scalar(bank, "SELECT min(posted_at) FROM transactions") >= "2024-01-01"
    assert scalar(bank, "SELECT max(posted_at) FROM transactions") < "2026-11-01"
    assert scalar(bank, "SELECT count(*) FROM transactions WHERE amount > 0") > 1000
    assert scalar(bank, "SELECT count(*) FROM transactions WHERE amount < 0") > 10_000
    assert scalar(bank, "SELECT min(amount) FROM transactions WHERE category = 'payroll'") > 0
    assert 3 <= scalar(bank, "SELECT min(rate) FROM loans") <= scalar(
        bank, "SELECT max(rate) FROM loans") <= 14
    assert scalar(bank, "SELECT min(principal) FROM loans WHERE kind = 'mortgage'") >= 50_000
    assert scalar(bank, "SELECT count(*) FROM accounts WHERE status = 'open'") > counts[
        "accounts"] * 0.75


def test_both_dialects_hold_the_same_data(tmp_path: Path) -> None:
    sqlite_db = BankDatabase(f"sqlite:///{tmp_path / 'bank.db'}")
    with postgres_database() as url:
        timings = {}
        for db in (sqlite_db, BankDatabase(url)):
            started = time.perf_counter()
            create_bank_database(db.url, seed=7)
            timings[db.dialect] = time.perf_counter() - started
        pg_db = BankDatabase(url)
        assert checksum(sqlite_db) == checksum(pg_db)
        for table in ("customers", "accounts", "cards", "loans", "branches"):
            q = f"SELECT * FROM {table} ORDER BY id"
            assert (sqlite_db.execute(q, max_rows=10_000).rows
                    == pg_db.execute(q, max_rows=10_000).rows), table
        q = ("SELECT category, channel, count(*) AS n, round(sum(amount), 2) AS total "
             "FROM transactions GROUP BY category, channel ORDER BY category, channel")
        lhs, rhs = sqlite_db.execute(q).rows, pg_db.execute(q).rows
        assert [(r["category"], r["n"]) for r in lhs] == [(r["category"], r["n"]) for r in rhs]
        assert all(abs(a["total"] - b["total"]) < 0.005 for a, b in zip(lhs, rhs, strict=True))
        assert all(seconds < 15 for seconds in timings.values()), timings


# --- introspection --------------------------------------------------------------------------


def writable_connection(db: BankDatabase) -> Any:
    if db.dialect == "sqlite":
        return sqlite3.connect(db.url.removeprefix("sqlite:///"), isolation_level=None)
    return psycopg.connect(db.url, autocommit=True)


def test_tables_and_schema_text_are_read_from_the_database(bank: BankDatabase) -> None:
    tables = bank.tables()
    assert set(BANK_TABLES) <= set(tables)
    assert tables["customers"][:4] == ["id", "first_name", "last_name", "email"]
    assert {"id", "customer_id", "type", "status", "opened_at", "balance"} <= set(
        tables["accounts"])
    assert {"posted_at", "amount", "category", "merchant", "channel"} <= set(
        tables["transactions"])

    text = bank.schema_text()
    assert "Table customers (2000 rows)" in text
    assert "'retail'" in text and "'checking'" in text and "'visa'" in text
    assert "references customers.id" in text and "primary key" in text
    if bank.dialect == "sqlite":
        assert "balance: REAL" in text and "posted_at: TEXT" in text
    else:
        assert "balance: NUMERIC(14,2)" in text and "posted_at: DATE" in text
    assert text.count(" -- e.g. ") == sum(len(cols) for cols in tables.values())
    assert " -- e.g. " not in bank.schema_text(samples=0)

    # A table added behind its back shows up: nothing is hard-coded.
    with writable_connection(bank) as conn:
        conn.execute("CREATE TABLE zz_probe (code TEXT, score INTEGER)")
        conn.execute("INSERT INTO zz_probe VALUES ('quokka', 42)")
        if bank.dialect == "postgres":  # queries run as the reader role: only granted tables
            conn.execute(f"CREATE TABLE zz_hidden (x INTEGER); GRANT SELECT ON zz_probe TO {READER_ROLE}")
    try:
        assert bank.tables()["zz_probe"] == ["code", "score"]
        assert "zz_probe (1 rows)" in bank.schema_text() and "'quokka'" in bank.schema_text()
        assert "zz_hidden" not in bank.tables()
    finally:
        with writable_connection(bank) as conn:
            conn.execute("DROP TABLE IF EXISTS zz_probe")
            conn.execute("DROP TABLE IF EXISTS zz_hidden")


def test_exists_ensure_and_recreate(tmp_path: Path) -> None:
    dialects = ["sqlite"] + (["postgres"] if POSTGRES_URL else [])
    for dialect in dialects:
        with empty_url(dialect, tmp_path) as url:
            db = BankDatabase(url)
            assert not db.exists()
            started = time.perf_counter()
            db.ensure()
            assert time.perf_counter() - started < 15
            assert db.exists()
            first = checksum(db)
            if dialect == "sqlite":
                path = Path(url.removeprefix("sqlite:///"))
                before = file_state(path)
                db.ensure()  # already there: untouched
                assert file_state(path) == before
            create_bank_database(url, seed=7)  # recreated, same data
            assert checksum(db) == first
            if dialect == "sqlite":
                create_bank_database(url, seed=11)
                assert checksum(db) != first


def test_default_bank_url(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(data_dir=isolated_env)
    assert default_bank_url(settings) == f"sqlite:///{isolated_env / 'bank.db'}"
    assert default_bank_url() == f"sqlite:///{isolated_env / 'bank.db'}"
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", "postgresql://bank@db/bank")
    assert default_bank_url(settings) == "postgresql://bank@db/bank"
    with pytest.raises(ConfigError):
        BankDatabase("mysql://nope")


# --- execution ------------------------------------------------------------------------------


def test_join_and_aggregate(bank: BankDatabase, data: Any) -> None:
    segment = {c[0]: c[7] for c in data.rows["customers"]}
    expected: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for account in data.rows["accounts"]:
        if account[3] == "checking":
            expected[segment[account[1]]][0] += 1
            expected[segment[account[1]]][1] += account[7]
    result = bank.execute(
        "SELECT c.segment, count(*) AS accounts, sum(a.balance) AS total "
        "FROM customers c JOIN accounts a ON a.customer_id = c.id "
        "WHERE a.type = 'checking' GROUP BY c.segment ORDER BY c.segment")
    assert isinstance(result, ExecutionResult)
    assert result.columns == ["segment", "accounts", "total"]
    assert result.row_count == 4 and not result.truncated
    assert result.execution_time_seconds >= 0
    assert [r["segment"] for r in result.rows] == sorted(expected)
    for row in result.rows:
        count, total = expected[row["segment"]]
        assert row["accounts"] == count
        assert abs(row["total"] - total) < 0.01


def test_rows_are_json_serialisable(bank: BankDatabase) -> None:
    result = bank.execute("SELECT * FROM accounts a JOIN cards k ON k.account_id = a.id "
                          "JOIN customers c ON c.id = a.customer_id ORDER BY k.id LIMIT 20")
    assert result.row_count == 20
    json.dumps(result.model_dump(), allow_nan=False)
    row = result.rows[0]
    assert isinstance(row["balance"], float) and isinstance(row["opened_at"], str)
    assert row["opened_at"][4] == "-" and "id_2" in result.columns  # duplicate names kept apart


def test_row_cap(bank: BankDatabase) -> None:
    result = bank.execute("SELECT id FROM transactions ORDER BY id", max_rows=50)
    assert result.row_count == 50 and result.truncated
    assert result.rows[0] == {"id": 1} and result.rows[-1] == {"id": 50}
    capped = bank.execute("SELECT id, amount FROM transactions")
    assert capped.row_count == MAX_ROWS == 1000 and capped.truncated
    exact = bank.execute("SELECT id FROM branches", max_rows=25)
    assert exact.row_count == 25 and not exact.truncated


def _long(bank: BankDatabase, chars: int, what: str = "'x'") -> str:
    """SQL for a text of ``chars`` characters, in the bank's dialect."""
    if bank.dialect == "postgres":
        return f"repeat({what}, {chars})"
    return f"printf('%.*c', {chars}, {what})"


def test_each_value_is_cut_to_the_cap_and_the_result_says_so(bank: BankDatabase) -> None:
    result = bank.execute(f"SELECT {_long(bank, 3_000_000)} AS big, 7 AS n, 'ok' AS small")
    (row,) = result.rows
    assert row["big"] == "x" * MAX_VALUE_CHARS and row["n"] == 7 and row["small"] == "ok"
    assert result.values_truncated == 1 and not result.truncated
    assert result.note and "1 value(s) longer than" in result.note
    whole = bank.execute(f"SELECT {_long(bank, MAX_VALUE_CHARS)} AS fits")
    assert whole.rows[0]["fits"] == "x" * MAX_VALUE_CHARS and whole.note is None


def test_the_whole_result_is_bounded_in_bytes(bank: BankDatabase) -> None:
    result = bank.execute(f"SELECT id, {_long(bank, 6_000)} AS pad FROM transactions "
                          "ORDER BY id LIMIT 1000")
    assert result.truncated and 0 < result.row_count < 1000
    assert len(json.dumps(result.rows).encode()) <= MAX_RESULT_BYTES
    assert result.note and f"past {MAX_RESULT_BYTES} bytes" in result.note
    first = [r["id"] for r in bank.execute("SELECT id FROM transactions ORDER BY id LIMIT 1000"
                                           ).rows]
    assert [r["id"] for r in result.rows] == first[: result.row_count]


@pytest.mark.postgres
def test_postgres_types_under_the_cap_come_back_as_themselves(bank: BankDatabase) -> None:
    if bank.dialect != "postgres":
        pytest.skip("PostgreSQL types")
    row = bank.execute("SELECT ARRAY[1, 2] AS a, '{\"k\": 1}'::jsonb AS j, 2.50::numeric AS d, "
                       "'\\x0102'::bytea AS b, NULL::text AS z -- trailing comment").rows[0]
    assert row == {"a": [1, 2], "j": {"k": 1}, "d": 2.5, "b": "AQI=", "z": None}


def test_slow_query_times_out(bank: BankDatabase) -> None:
    assert QUERY_TIMEOUT_SECONDS == 30
    started = time.perf_counter()
    with pytest.raises(QueryTimeout, match=r"longer than 0\.5 s"):
        bank.execute(SLOW_QUERY, timeout=0.5)
    assert time.perf_counter() - started < 3
    assert scalar(bank, "SELECT count(*) FROM branches") == 25  # still usable


@pytest.mark.parametrize("sql", ["SELEC 1", "SELECT * FROM no_such_table",
                                 "SELECT nope FROM customers", "", "   ",
                                 "SELECT 1; SELECT 2"])
def test_errors_are_query_failed(bank: BankDatabase, sql: str) -> None:
    with pytest.raises(QueryFailed) as failed:
        bank.execute(sql)
    assert not isinstance(failed.value, QueryTimeout)
    assert isinstance(failed.value, AgentdeskError) and failed.value.message


WRITES = [
    "INSERT INTO branches (id, name, city, state, opened_at) "
    "VALUES (99, 'x', 'y', 'ZZ', '2020-01-01')",
    "UPDATE accounts SET balance = 0",
    "DELETE FROM transactions",
    "DROP TABLE loans",
    "CREATE TABLE evil (x INTEGER)",
    "CREATE TEMP TABLE evil (x INTEGER)",
    "ALTER TABLE loans ADD COLUMN evil INTEGER",
    "PRAGMA writable_schema=1",
    "PRAGMA journal_mode=WAL",
    "ATTACH DATABASE 'evil.db' AS evil",
    "WITH gone AS (DELETE FROM transactions RETURNING id) SELECT count(*) FROM gone",
    "SELECT load_extension('x')",
    "SELECT writefile('evil.txt', 'x')",
    "SELECT 1; DELETE FROM loans",
    "COMMIT",
    "BEGIN",
    "VACUUM",
    "ANALYZE",
    "REINDEX",
    "TRUNCATE loans",
    "SELECT nextval('evil_seq')",
    "SELECT lo_import('/etc/hostname')",
    "SELECT pg_read_file('/etc/hostname')",
]


def test_writes_through_execute_are_refused(bank: BankDatabase) -> None:
    before = checksum(bank)
    path = Path(bank.url.removeprefix("sqlite:///")) if bank.dialect == "sqlite" else None
    files = file_state(path) if path else None
    cwd = os.getcwd()
    os.chdir(path.parent if path else cwd)
    try:
        for sql in WRITES:
            with pytest.raises(QueryFailed):
                bank.execute(sql)
                pytest.fail(f"not refused: {sql}")
    finally:
        os.chdir(cwd)
    assert checksum(bank) == before
    if path:
        assert file_state(path) == files
        assert not (path.parent / "evil.db").exists() and not (path.parent / "evil.txt").exists()


def test_refusals_say_what(bank: BankDatabase) -> None:
    with pytest.raises(QueryFailed, match="read-only"):
        bank.execute("DELETE FROM transactions")
    with pytest.raises(QueryFailed, match="one SQL statement"):
        bank.execute("SELECT 1; DELETE FROM loans")
    if bank.dialect == "sqlite":
        with pytest.raises(QueryFailed, match="load_extension"):
            bank.execute("SELECT load_extension('x')")
        with pytest.raises(QueryFailed, match="PRAGMA"):
            bank.execute("PRAGMA writable_schema=1")
    else:
        with pytest.raises(QueryFailed, match="data-modifying"):
            bank.execute("WITH gone AS (DELETE FROM transactions RETURNING id) "
                         "SELECT count(*) FROM gone")


def test_missing_sqlite_file_is_a_query_failure(tmp_path: Path) -> None:
    db = BankDatabase(f"sqlite:///{tmp_path / 'absent.db'}")
    assert not db.exists()
    with pytest.raises(QueryFailed, match="does not exist"):
        db.execute("SELECT 1")
    assert not (tmp_path / "absent.db").exists()
