"""Hostile-SQL regression suite for the banking validation agent (``sqlsafety``).

Every hostile statement must be refused with the expected rule id, on its dialect; the SQLite
ones are also shown to be refused before execution (the database file is unchanged). The
benign analytical queries (``tests/banking_queries.py``) must all pass, with LIMIT enforced.
"""

from __future__ import annotations

import collections
import hashlib
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp

from agentdesk.domains.banking.bank.sqlsafety import (
    MAX_LIMIT,
    MAX_SQL_CHARS,
    SQLRejected,
    validate_sql,
)
from agentdesk.errors import AgentdeskError
from tests.banking_queries import BANK_TABLES, BENIGN_QUERIES

DEEP_PARENS = "SELECT " + "(" * 5000 + "1" + ")" * 5000
DEEP_SUBQUERIES = "SELECT * FROM customers WHERE id IN (" * 100 + "SELECT 1" + ")" * 100
DEEP_NOT = "SELECT " + "NOT " * 3000 + "1"
DEEP_PLUS = "SELECT 1" + " + 1" * 3000
DEEP_NEG = "SELECT " + "- " * 3000 + "1"
DEEP_CASE = "SELECT " + "CASE WHEN 1 = 1 THEN " * 700 + "1" + " END" * 700
HUGE_WHITESPACE = "SELECT 1" + " " * 20_001
HUGE_IN_LIST = "SELECT id FROM customers WHERE id IN (" + ", ".join(map(str, range(6000))) + ")"
HUGE_COMMENT = "SELECT 1 /*" + "x" * 25_000 + "*/"
HUGE_STRING = "SELECT '" + "a" * 30_000 + "'"

B, S, P = "both", "sqlite", "postgres"
# (rule, dialects, sql): "both" cases run on each dialect.
HOSTILE_SPEC: list[tuple[str, str, str]] = [
    # --- empty -------------------------------------------------------------------------
    ("empty", B, ""), ("empty", B, "   "), ("empty", B, "\n\t  \r\n"),
    ("empty", B, "-- just a comment"), ("empty", B, "/* only a comment */"),
    ("empty", B, ";"), ("empty", B, " ; ;; "), ("empty", B, "-- a\n-- b\n/* c */ ;"),
    # --- size / depth ----------------------------------------------------------------------
    ("too_large", B, HUGE_WHITESPACE), ("too_large", B, HUGE_IN_LIST),
    ("too_large", B, HUGE_COMMENT), ("too_large", B, HUGE_STRING),
    ("too_deep", B, DEEP_PARENS), ("too_deep", B, DEEP_SUBQUERIES), ("too_deep", B, DEEP_NOT),
    ("too_deep", B, DEEP_PLUS), ("too_deep", B, DEEP_NEG), ("too_deep", B, DEEP_CASE),
    # --- parse errors ------------------------------------------------------------------------
    ("parse_error", B, "SELEC * FROM customers"), ("parse_error", B, "SELECT * FROM customers WHERE ("),
    ("parse_error", B, "SELECT 'unterminated FROM customers"), ("parse_error", B, "SELECT"),
    ("parse_error", B, "SELECT FROM customers"), ("parse_error", B, "SELECT * FROM customers WHERE id = = 1"),
    # --- stacked statements / comment tricks -------------------------------------------------
    ("multiple_statements", B, "SELECT 1; DROP TABLE customers"),
    ("multiple_statements", B, "SELECT 1 /* ; */; DELETE FROM customers"),
    ("multiple_statements", B, "SELECT * FROM customers -- harmless\n; DELETE FROM accounts"),
    ("multiple_statements", B, "SELECT 1;\nSELECT 2"),
    ("multiple_statements", B, "SELECT 1; UPDATE accounts SET balance = 0"),
    ("multiple_statements", B, "select 1;insert into customers(id) values (1)"),
    ("multiple_statements", B, "SELECT '; DROP TABLE x;' AS s; DROP TABLE customers"),
    ("multiple_statements", B, "SELECT 1; /* c */ DELETE FROM cards"),
    ("multiple_statements", B, "SELECT 1\n;\n\nDROP TABLE loans --"),
    ("multiple_statements", B, "SELECT 1;;;DELETE FROM branches"),
    ("multiple_statements", B, "SELECT id FROM customers /* DROP; */; /* x */ DELETE FROM customers /* ; */"),
    ("multiple_statements", B, "SELECT 1; SELECT * FROM customers"),
    ("multiple_statements", B, "SELECT 'a\\'; DELETE FROM customers; --' AS x"),
    ("multiple_statements", B, 'SELECT "a\\"; DELETE FROM customers; --" FROM customers'),
    ("multiple_statements", B, "SELECT 'x' || '\\' AS y; DELETE FROM customers; -- '"),
    ("multiple_statements", B, "SELECT 1\x00; DROP TABLE customers"),
    ("multiple_statements", P, "SELECT $$;$$ AS x; DELETE FROM customers"),
    # --- not a SELECT at the root ------------------------------------------------------------
    ("not_select", B, "DELETE FROM customers"), ("not_select", B, "dElEtE fRoM customers"),
    ("not_select", B, "UPDATE accounts SET balance = 0"), ("not_select", B, "INSERT INTO customers (id) VALUES (1)"),
    ("not_select", B, "INSERT INTO accounts SELECT * FROM accounts"), ("not_select", B, "DROP TABLE customers"),
    ("not_select", B, "  \n  drop   table\tcustomers"), ("not_select", B, 'DELETE FROM "customers"'),
    ("not_select", B, "CREATE TABLE x (a INT)"), ("not_select", B, "CREATE TEMP TABLE t AS SELECT * FROM customers"),
    ("not_select", B, "ALTER TABLE customers ADD COLUMN x INT"), ("not_select", B, "CREATE INDEX i ON customers (id)"),
    ("not_select", B, "CREATE VIEW v AS SELECT * FROM customers"), ("not_select", B, "DROP VIEW v"),
    ("not_select", B, "VALUES (1)"), ("not_select", B, "/* SELECT */ DELETE FROM transactions"),
    ("not_select", B, "-- SELECT\nUPDATE loans SET rate = 0"),
    ("not_select", S, "REINDEX"), ("not_select", S, "INSERT OR REPLACE INTO customers (id) VALUES (1)"),
    ("not_select", P, "TRUNCATE accounts"), ("not_select", P, "COPY customers TO '/tmp/out.csv'"),
    ("not_select", P, "GRANT SELECT ON customers TO public"), ("not_select", P, "SET search_path = evil"),
    ("not_select", P, "MERGE INTO accounts a USING cards c ON a.id = c.account_id WHEN MATCHED THEN DELETE"),
    ("not_select", P, "COMMENT ON TABLE customers IS 'x'"),
    # --- writes inside the tree --------------------------------------------------------------
    ("write_in_tree", P, "WITH d AS (DELETE FROM customers RETURNING *) SELECT * FROM d"),
    ("write_in_tree", P, "WITH u AS (UPDATE accounts SET balance = 0 RETURNING id) SELECT * FROM u"),
    ("write_in_tree", P, "WITH i AS (INSERT INTO customers (id) VALUES (1) RETURNING id) SELECT * FROM i"),
    ("write_in_tree", P, "with D as (delete from cards returning id) select count(*) from D"),
    # --- SELECT INTO ---------------------------------------------------------------------------
    ("select_into", B, "SELECT * INTO backup FROM customers"),
    ("select_into", B, "select id into x from accounts where 1 = 0"),
    ("select_into", P, "SELECT id INTO TEMP t FROM accounts"),
    ("select_into", P, "SELECT * INTO UNLOGGED t2 FROM transactions"),
    # --- locking ---------------------------------------------------------------------------------
    ("locking", P, "SELECT * FROM accounts FOR UPDATE"), ("locking", P, "SELECT * FROM accounts FOR SHARE"),
    ("locking", P, "SELECT * FROM accounts FOR NO KEY UPDATE"), ("locking", P, "SELECT * FROM accounts FOR KEY SHARE"),
    ("locking", P, "SELECT * FROM accounts FOR UPDATE SKIP LOCKED"), ("locking", P, "SELECT * FROM accounts FOR UPDATE NOWAIT"),
    ("locking", P, "SELECT * FROM (SELECT * FROM accounts FOR UPDATE) x"),
    ("locking", P, "SELECT * FROM accounts a FOR UPDATE OF a"),
    # --- set operations ------------------------------------------------------------------------
    ("set_operation", B, "SELECT id FROM customers UNION SELECT id FROM accounts"),
    ("set_operation", B, "SELECT id FROM customers UNION ALL SELECT id FROM accounts"),
    ("set_operation", B, "SELECT id FROM customers INTERSECT SELECT customer_id FROM accounts"),
    ("set_operation", B, "SELECT id FROM customers EXCEPT SELECT customer_id FROM loans"),
    ("set_operation", B, "SELECT * FROM (SELECT id FROM customers UNION SELECT id FROM cards) u"),
    ("set_operation", B, "WITH u AS (SELECT id FROM cards UNION SELECT id FROM loans) SELECT * FROM u"),
    ("set_operation", B, "SELECT * FROM customers WHERE id IN (SELECT 1 UNION SELECT 2)"),
    ("set_operation", B, "SELECT 1 union/**/select 2"),
    ("set_operation", B, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n"),
    ("set_operation", B, "(SELECT id FROM customers) UNION (SELECT id FROM branches)"),
    # --- dangerous functions, sqlite -----------------------------------------------------------
    ("dangerous_function", S, "SELECT load_extension('/tmp/evil.so')"),
    ("dangerous_function", S, "SELECT LOAD_EXTENSION('evil', 'entry')"),
    ("dangerous_function", S, "SELECT readfile('/etc/passwd')"),
    ("dangerous_function", S, "SELECT writefile('/tmp/x', 'data')"),
    ("dangerous_function", S, "SELECT edit('text', 'vi')"),
    ("dangerous_function", S, "SELECT fts3_tokenizer('simple')"),
    ("dangerous_function", S, "SELECT sqlite_compileoption_used('ENABLE_LOAD_EXTENSION')"),
    ("dangerous_function", S, "SELECT sqlite_compileoption_get(0)"),
    ("dangerous_function", S, "SELECT sqlite_version()"),
    ("dangerous_function", S, "SELECT zeroblob(1000000000)"),
    ("dangerous_function", S, "SELECT length(randomblob(1000000000))"),
    ("dangerous_function", S, 'SELECT "load_extension"(\'x\')'),
    ("dangerous_function", S, "SELECT `readfile`('/etc/hosts')"),
    ("dangerous_function", S, "SELECT id FROM customers WHERE email = (SELECT readfile('/etc/passwd'))"),
    ("dangerous_function", S, "SELECT CASE WHEN id > 0 THEN writefile('/tmp/p', email) END FROM customers"),
    ("dangerous_function", S, "SELECT id FROM customers ORDER BY load_extension('x')"),
    ("dangerous_function", S, "SELECT SUM(amount) OVER (PARTITION BY zeroblob(10)) FROM transactions"),
    ("dangerous_function", S, "WITH x AS (SELECT readfile('/etc/shadow') AS f) SELECT f FROM x"),
    ("dangerous_function", S, "SELECT c.id FROM customers c JOIN accounts a ON a.customer_id = c.id AND writefile('/tmp/q', '1') > 0"),
    ("dangerous_function", S, "SELECT state FROM customers GROUP BY state HAVING COUNT(*) > length(readfile('/etc/passwd'))"),
    ("dangerous_function", S, "SELECT fileio_read('/etc/passwd')"),
    ("dangerous_function", S, "SELECT eval('DELETE FROM customers')"),
    # --- dangerous functions, postgres ---------------------------------------------------------
    ("dangerous_function", P, "SELECT pg_sleep(10)"), ("dangerous_function", P, "SELECT PG_SLEEP_FOR('5 minutes')"),
    ("dangerous_function", P, "SELECT pg_sleep_until(now() + interval '1 hour')"),
    ("dangerous_function", P, "SELECT pg_read_file('/etc/passwd')"),
    ("dangerous_function", P, "SELECT pg_read_binary_file('/etc/passwd')"),
    ("dangerous_function", P, "SELECT pg_ls_dir('.')"), ("dangerous_function", P, "SELECT pg_stat_file('postgresql.conf')"),
    ("dangerous_function", P, "SELECT lo_import('/etc/passwd')"), ("dangerous_function", P, "SELECT lo_export(1234, '/tmp/x')"),
    ("dangerous_function", P, "SELECT lo_unlink(1234)"),
    ("dangerous_function", P, "SELECT dblink('host=evil', 'SELECT 1')"),
    ("dangerous_function", P, "SELECT dblink_exec('host=evil', 'DROP TABLE customers')"),
    ("dangerous_function", P, "SELECT set_config('search_path', 'evil', false)"),
    ("dangerous_function", P, "SELECT current_setting('data_directory')"),
    ("dangerous_function", P, "SELECT pg_terminate_backend(1)"), ("dangerous_function", P, "SELECT pg_cancel_backend(1)"),
    ("dangerous_function", P, "SELECT pg_reload_conf()"), ("dangerous_function", P, "SELECT pg_rotate_logfile()"),
    ("dangerous_function", P, "SELECT query_to_xml('DELETE FROM customers RETURNING 1', true, true, '')"),
    ("dangerous_function", P, "SELECT table_to_xml('customers', true, true, '')"),
    ("dangerous_function", P, "SELECT pg_advisory_lock(1)"), ("dangerous_function", P, "SELECT pg_advisory_xact_lock(1)"),
    ("dangerous_function", P, "SELECT txid_current()"), ("dangerous_function", P, "SELECT nextval('customers_id_seq')"),
    ("dangerous_function", P, "SELECT setval('customers_id_seq', 1)"), ("dangerous_function", P, "SELECT version()"),
    ("dangerous_function", P, "SELECT ts_stat('SELECT to_tsvector(email) FROM customers')"),
    ("dangerous_function", P, "SELECT pg_catalog.pg_sleep(1)"), ("dangerous_function", P, "SELECT public.evil_writer()"),
    ("dangerous_function", P, 'SELECT "pg_sleep"(1)'), ("dangerous_function", P, "SELECT Pg_SlEeP(1)"),
    ("dangerous_function", P, "SELECT id FROM customers WHERE id = (SELECT pg_sleep(5)::text::int)"),
    ("dangerous_function", P, "SELECT CASE WHEN id = 1 THEN pg_read_file('/etc/passwd') END FROM customers"),
    ("dangerous_function", P, "SELECT RANK() OVER (ORDER BY pg_sleep(1)) FROM customers"),
    ("dangerous_function", P, "SELECT id FROM customers ORDER BY pg_sleep(0.1)"),
    ("dangerous_function", P, "WITH s AS (SELECT pg_ls_dir('/') AS f) SELECT f FROM s"),
    ("dangerous_function", P, "SELECT has_table_privilege('customers', 'DELETE')"),
    ("dangerous_function", P, "SELECT inet_server_addr()"),
    ("dangerous_function", P, "SELECT * FROM customers WHERE EXISTS (SELECT 1 FROM accounts WHERE pg_sleep(1) IS NULL)"),
    # --- one dialect's dangerous functions on the other ------------------------------------
    *(("dangerous_function", S, sql) for sql in (
        "SELECT pg_read_file('/etc/passwd')", "SELECT pg_ls_dir('.')", "SELECT pg_sleep(10)",
        "SELECT lo_import('/etc/passwd')", "SELECT set_config('a', 'b', false)",
        "SELECT current_setting('data_directory')",
        "SELECT query_to_xml('SELECT 1', true, true, '')")),
    ("dangerous_function", P, "SELECT fts3_tokenizer('simple')"),
    ("dangerous_function", P, "SELECT load_extension('/tmp/evil.so')"),
    # --- functions off the allow list ----------------------------------------------------------
    ("unknown_function", B, "SELECT made_up_function(1)"),
    ("unknown_function", B, "SELECT id FROM customers WHERE id = evil_func()"),
    ("unknown_function", B, "SELECT count(*) FROM customers GROUP BY mystery(state)"),
    ("unknown_function", P, "SELECT repeat('x', 300000000)"),
    ("unknown_function", P, "SELECT md5(email) FROM customers"),
    ("unknown_function", P, "SELECT to_tsvector(email) FROM customers"),
    ("unknown_function", P, "SELECT sum(amount) FROM transactions WHERE xmin_visible(1, NULL)"),
    ("unknown_function", S, "SELECT hex(email) FROM customers"),
    ("unknown_function", S, "SELECT likelihood(id > 1, 0.5) FROM customers"),
    ("unknown_function", S, "SELECT total_changes()"),
    ("unknown_function", S, "SELECT last_insert_rowid()"),
    ("unknown_function", S, "SELECT age(opened_at) FROM accounts"),
    # --- text that is not UTF-8 ----------------------------------------------------------------
    ("encoding", B, "SELECT '\udcff' FROM customers"),
    ("encoding", B, "SELECT 1 -- \udc80"),
    ("encoding", B, b"SELECT * FROM customers WHERE state = '\xc3'".decode("utf-8", "surrogateescape")),
    # --- table-valued functions ----------------------------------------------------------------
    ("table_function", S, "SELECT * FROM generate_series(1, 1000000000)"),
    ("dangerous_function", S, "SELECT * FROM fsdir('/')"),
    ("table_function", P, "SELECT * FROM regexp_split_to_table('a b', ' ')"),
    ("table_function", P, "SELECT * FROM json_populate_recordset(NULL::customers, '[]')"),
    ("table_function", P, "SELECT * FROM evil_setof()"),
    # --- PRAGMA / ATTACH / transactions / commands ----------------------------------------------
    ("pragma", S, "PRAGMA table_info(customers)"), ("pragma", S, "PRAGMA writable_schema = ON"),
    ("pragma", S, "pragma journal_mode=delete"), ("pragma", S, "PRAGMA main.user_version = 5"),
    ("pragma", S, "PRAGMA query_only = 0"),
    ("pragma", S, "SELECT * FROM pragma_table_info('customers')"),
    ("pragma", S, "SELECT name FROM pragma_table_list"),
    ("pragma", S, "SELECT * FROM customers WHERE id IN (SELECT cid FROM pragma_table_info('accounts'))"),
    ("pragma", S, "SELECT * FROM PRAGMA_DATABASE_LIST()"),
    ("attach", S, "ATTACH DATABASE '/tmp/evil.db' AS evil"), ("attach", S, "attach '/tmp/x.db' as x"),
    ("attach", S, "ATTACH DATABASE ':memory:' AS m"), ("attach", S, "DETACH DATABASE evil"), ("attach", S, "DETACH evil"),
    ("transaction", B, "BEGIN"), ("transaction", B, "BEGIN TRANSACTION"), ("transaction", B, "COMMIT"),
    ("transaction", B, "ROLLBACK"), ("transaction", S, "BEGIN IMMEDIATE"), ("transaction", S, "BEGIN EXCLUSIVE TRANSACTION"),
    ("not_select", S, "END TRANSACTION"), ("not_select", P, "START TRANSACTION"),
    ("parse_error", P, "START TRANSACTION READ WRITE"),
    ("command", B, "VACUUM"), ("command", S, "VACUUM INTO '/tmp/copy.db'"), ("command", B, "ANALYZE"),
    ("command", B, "EXPLAIN SELECT * FROM customers"), ("command", S, "REPLACE INTO customers (id) VALUES (1)"),
    ("command", P, "SET ROLE postgres"), ("command", P, "SHOW ALL"), ("command", P, "CALL evil_proc()"),
    ("command", P, "DO $$ BEGIN DELETE FROM customers; END $$"), ("command", P, "LOCK TABLE accounts"),
    ("command", P, "PREPARE p AS DELETE FROM customers"), ("command", P, "EXECUTE p"),
    ("command", P, "REFRESH MATERIALIZED VIEW mv"), ("command", P, "RESET ALL"),
    ("command", P, "EXPLAIN ANALYZE DELETE FROM customers"),
    # --- tables: system catalogs, schemas, unknown names -----------------------------------------
    ("system_table", S, "SELECT * FROM sqlite_master"), ("system_table", S, "SELECT sql FROM sqlite_schema"),
    ("system_table", S, "SELECT * FROM sqlite_temp_master"), ("system_table", S, "SELECT * FROM main.sqlite_master"),
    ("system_table", S, "SELECT * FROM SQLITE_MASTER"), ("system_table", S, 'SELECT * FROM "sqlite_master"'),
    ("system_table", S, "SELECT * FROM sqlite_sequence"), ("system_table", S, "SELECT * FROM temp.customers"),
    ("system_table", S, "SELECT id FROM customers WHERE email IN (SELECT sql FROM sqlite_master)"),
    ("system_table", P, "SELECT * FROM pg_catalog.pg_tables"), ("system_table", P, "SELECT * FROM pg_shadow"),
    ("system_table", P, "SELECT rolpassword FROM pg_authid"), ("system_table", P, "SELECT * FROM information_schema.columns"),
    ("system_table", P, "SELECT * FROM pg_stat_activity"), ("system_table", P, 'SELECT * FROM "pg_catalog"."pg_user"'),
    ("system_table", P, "WITH t AS (SELECT * FROM pg_settings) SELECT * FROM t"),
    ("system_table", P, "SELECT * FROM customers c JOIN pg_roles r ON r.oid = c.id"),
    ("schema_qualified", S, "SELECT * FROM evil.customers"), ("schema_qualified", P, "SELECT * FROM other.customers"),
    ("schema_qualified", B, "SELECT * FROM db.schema1.customers"),
    ("unknown_table", B, "SELECT * FROM users"), ("unknown_table", B, "SELECT * FROM customers JOIN secrets ON 1 = 1"),
    ("unknown_table", B, "WITH a AS (SELECT 1 AS x) SELECT * FROM b"),
    ("unknown_table", B, "WITH users AS (SELECT * FROM users) SELECT * FROM users"),
    ("unknown_table", B, "WITH a AS (SELECT * FROM b), b AS (SELECT 1 AS x) SELECT * FROM a"),
    ("system_table", P, "WITH pg_shadow AS (SELECT * FROM pg_shadow) SELECT * FROM pg_shadow"),
    ("system_table", S, "WITH sqlite_master AS (SELECT 1 AS x) SELECT * FROM sqlite_master"),
    ("unknown_table", B, "SELECT * FROM (SELECT * FROM passwords) p"), ("unknown_table", B, "SELECT * FROM customers_backup"),
    ("unknown_table", B, "SELECT * FROM customers WHERE id IN (SELECT customer_id FROM audit_log)"),
    ("unknown_column", B, "SELECT c.password FROM customers c"), ("unknown_column", B, "SELECT a.ssn FROM accounts AS a"),
    ("unknown_column", B, "SELECT customers.pin FROM customers"),
    # --- limits ---------------------------------------------------------------------------------
    ("limit", S, "SELECT * FROM transactions LIMIT -1"), ("limit", S, "SELECT * FROM transactions LIMIT ?"),
    ("limit", B, "SELECT * FROM transactions LIMIT (SELECT 1000000)"), ("limit", B, "SELECT * FROM transactions LIMIT 10 + 5"),
    ("limit", B, "SELECT * FROM transactions LIMIT '1000'"), ("limit", P, "SELECT * FROM transactions LIMIT ALL"),
    ("limit", P, "SELECT * FROM transactions LIMIT $1"), ("limit", P, "SELECT * FROM transactions FETCH FIRST 50 PERCENT ROWS ONLY"),
    ("limit", P, "SELECT * FROM transactions ORDER BY amount FETCH FIRST 5 ROWS WITH TIES"),
]


HOSTILE: list[tuple[str, str, str]] = [
    (rule, dialect, sql)
    for rule, dialects, sql in HOSTILE_SPEC
    for dialect in (("sqlite", "postgres") if dialects == B else (dialects,))
]


def _case_id(index: int, rule: str, dialect: str, sql: str) -> str:
    words = "_".join(re.findall(r"[A-Za-z0-9]+", sql)[:5]) or "blank"
    return f"{dialect}-{rule}-{index:03d}-{words[:40]}"


HOSTILE_IDS = [_case_id(i, rule, d, sql) for i, (rule, d, sql) in enumerate(HOSTILE)]
SQLITE_HOSTILE = [sql for _rule, dialect, sql in HOSTILE if dialect == "sqlite"]


# --- the hostile suite ---------------------------------------------------------------------


def test_hostile_suite_is_large_and_covers_every_rule() -> None:
    assert len(HOSTILE) >= 150
    per_rule = collections.Counter(rule for rule, _d, _s in HOSTILE)
    rules = {"empty", "parse_error", "too_large", "too_deep", "multiple_statements",
             "not_select", "write_in_tree", "select_into", "locking", "set_operation",
             "dangerous_function", "table_function", "unknown_table", "unknown_column",
             "system_table", "schema_qualified", "pragma", "attach", "transaction",
             "command", "limit", "unknown_function", "encoding"}
    assert rules <= set(per_rule), rules - set(per_rule)
    per_dialect = collections.Counter(d for _r, d, _s in HOSTILE)
    assert per_dialect["sqlite"] >= 100 and per_dialect["postgres"] >= 100


@pytest.mark.parametrize(("rule", "dialect", "sql"), HOSTILE, ids=HOSTILE_IDS)
def test_hostile_sql_is_refused_with_its_rule(rule: str, dialect: str, sql: str) -> None:
    with pytest.raises(SQLRejected) as refused:
        validate_sql(sql, dialect=dialect, tables=BANK_TABLES)  # type: ignore[arg-type]
    assert refused.value.rule == rule, refused.value.message
    assert refused.value.message.strip()


def _make_bank_db(path: Path) -> Path:
    connection = sqlite3.connect(path)
    for table, columns in BANK_TABLES.items():
        connection.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
    connection.execute("INSERT INTO customers (id, first_name, email, state) "
                       "VALUES (1, 'Ada', 'ada@example.com', 'CA')")
    connection.execute("INSERT INTO accounts (id, customer_id, type, status, balance) "
                       "VALUES (1, 1, 'checking', 'open', 100.0)")
    connection.commit()
    connection.close()
    return path


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_sqlite_hostile_refused_before_execution_and_file_unchanged(tmp_path: Path) -> None:
    db = _make_bank_db(tmp_path / "bank.sqlite")
    before = _sha256(db)
    refused = 0
    for sql in SQLITE_HOSTILE:
        with pytest.raises(SQLRejected):
            validate_sql(sql, dialect="sqlite", tables=BANK_TABLES)
        refused += 1
    assert refused == len(SQLITE_HOSTILE) >= 100
    assert _sha256(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank.sqlite"]


CANARY_WRITES = [
    "DELETE FROM customers",
    "UPDATE accounts SET balance = 0",
    "INSERT INTO customers (id) VALUES (2)",
    "DROP TABLE customers",
    "CREATE TABLE x (a INT)",
    "SELECT 1; DROP TABLE customers",
    "SELECT 1 /* ; */; DELETE FROM customers",
    "SELECT * FROM customers -- harmless\n; DELETE FROM accounts",
    "REPLACE INTO customers (id) VALUES (1)",
    "PRAGMA user_version = 5",
]


@pytest.mark.parametrize("sql", CANARY_WRITES)
def test_canary_the_refused_writes_would_change_the_database(tmp_path: Path, sql: str) -> None:
    """Run raw, these statements do change the file: the unchanged hash above means something."""
    with pytest.raises(SQLRejected):
        validate_sql(sql, dialect="sqlite", tables=BANK_TABLES)
    original = _make_bank_db(tmp_path / "bank.sqlite")
    victim = tmp_path / "victim.sqlite"
    shutil.copyfile(original, victim)
    connection = sqlite3.connect(victim)
    connection.executescript(sql)
    connection.commit()
    connection.close()
    assert _sha256(victim) != _sha256(original)


# --- the benign suite ------------------------------------------------------------------------


def _limit_of(sql: str, dialect: str) -> int | None:
    tree = sqlglot.parse_one(sql, read=dialect)
    limit = tree.args.get("limit")
    if limit is None:
        return None
    node = limit.args.get("count") if isinstance(limit, exp.Fetch) else limit.expression
    return int(node.this)


def test_benign_suite_is_large() -> None:
    assert len(BENIGN_QUERIES) >= 40
    assert {d for _n, d, _s in BENIGN_QUERIES} == {"sqlite", "postgres"}
    assert len({name for name, _d, _s in BENIGN_QUERIES}) == len(BENIGN_QUERIES)


@pytest.mark.parametrize(("name", "dialect", "sql"), BENIGN_QUERIES,
                         ids=[name for name, _d, _s in BENIGN_QUERIES])
def test_benign_query_passes_with_limit_enforced(name: str, dialect: str, sql: str) -> None:
    validated = validate_sql(sql, dialect=dialect, tables=BANK_TABLES)  # type: ignore[arg-type]
    statements = [s for s in sqlglot.parse(validated, read=dialect) if s is not None]
    assert len(statements) == 1 and isinstance(statements[0], exp.Select)
    original = _limit_of(sql, dialect)
    expected = MAX_LIMIT if original is None else min(original, MAX_LIMIT)
    assert _limit_of(validated, dialect) == expected
    # Validating the output again changes nothing: what is returned is what was checked.
    assert validate_sql(validated, dialect=dialect, tables=BANK_TABLES) == validated  # type: ignore[arg-type]


def test_benign_sqlite_queries_run_on_the_tiny_database(tmp_path: Path) -> None:
    db = _make_bank_db(tmp_path / "bank.sqlite")
    before = _sha256(db)
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        for name, dialect, sql in BENIGN_QUERIES:
            if dialect == "sqlite":
                validated = validate_sql(sql, dialect="sqlite", tables=BANK_TABLES)
                rows = connection.execute(validated).fetchall()
                assert len(rows) <= MAX_LIMIT, name
    finally:
        connection.close()
    assert _sha256(db) == before


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_limit_added_lowered_kept_and_offset_kept(dialect: str) -> None:
    def check(sql: str) -> str:
        return validate_sql(sql, dialect=dialect, tables=BANK_TABLES)  # type: ignore[arg-type]

    assert check("SELECT id FROM customers") == "SELECT id FROM customers LIMIT 100"
    assert check("SELECT id FROM customers LIMIT 5000") == "SELECT id FROM customers LIMIT 100"
    assert check("SELECT id FROM customers LIMIT 101") == "SELECT id FROM customers LIMIT 100"
    assert check("SELECT id FROM customers LIMIT 100") == "SELECT id FROM customers LIMIT 100"
    assert check("SELECT id FROM customers LIMIT 7") == "SELECT id FROM customers LIMIT 7"
    assert check("SELECT id FROM customers LIMIT 0") == "SELECT id FROM customers LIMIT 0"
    assert (check("SELECT id FROM customers LIMIT 500 OFFSET 40")
            == "SELECT id FROM customers LIMIT 100 OFFSET 40")
    # Only the outermost SELECT is capped; inner limits stay as written.
    assert (check("SELECT * FROM (SELECT id FROM accounts LIMIT 1000) AS a")
            == "SELECT * FROM (SELECT id FROM accounts LIMIT 1000) AS a LIMIT 100")


def test_postgres_fetch_first_is_capped() -> None:
    assert (validate_sql("SELECT id FROM cards FETCH FIRST 500 ROWS ONLY", dialect="postgres",
                         tables=BANK_TABLES)
            == "SELECT id FROM cards FETCH FIRST 100 ROWS ONLY")


def test_comments_are_dropped_so_a_commented_out_statement_stays_dead() -> None:
    for dialect in ("sqlite", "postgres"):
        validated = validate_sql("SELECT id FROM customers -- ; DELETE FROM customers\n",
                                 dialect=dialect, tables=BANK_TABLES)
        assert validated == "SELECT id FROM customers LIMIT 100"
        validated = validate_sql("SELECT /* ; DROP TABLE x; */ id FROM customers",
                                 dialect=dialect, tables=BANK_TABLES)
        assert validated == "SELECT id FROM customers LIMIT 100"


def test_tables_match_case_insensitively_and_ctes_shadow() -> None:
    tables = {"Customers": ["ID", "Email"]}
    assert (validate_sql("select c.id, c.EMAIL from CUSTOMERS c", dialect="sqlite",
                         tables=tables)
            == "SELECT c.id, c.EMAIL FROM CUSTOMERS AS c LIMIT 100")
    with pytest.raises(SQLRejected) as refused:
        validate_sql("SELECT * FROM accounts", dialect="sqlite", tables=tables)
    assert refused.value.rule == "unknown_table" and "customers" in refused.value.message
    # A CTE is visible only inside its own query.
    with pytest.raises(SQLRejected) as refused:
        validate_sql("SELECT * FROM (WITH t AS (SELECT 1 AS x) SELECT x FROM t) AS a, t",
                     dialect="sqlite", tables=tables)
    assert refused.value.rule == "unknown_table"


def test_size_cap_is_checked_before_parsing() -> None:
    at_cap = "SELECT 1" + " " * (MAX_SQL_CHARS - len("SELECT 1"))
    assert validate_sql(at_cap, dialect="sqlite", tables=BANK_TABLES) == "SELECT 1 LIMIT 100"
    with pytest.raises(SQLRejected) as refused:
        validate_sql(at_cap + " ", dialect="sqlite", tables=BANK_TABLES)
    assert refused.value.rule == "too_large"


def test_rejection_is_an_agentdesk_error_naming_its_rule() -> None:
    with pytest.raises(SQLRejected) as refused:
        validate_sql("DROP TABLE customers", dialect="postgres", tables=BANK_TABLES)
    error = refused.value
    assert isinstance(error, AgentdeskError)
    assert error.rule == "not_select"
    assert error.to_dict()["rule"] == "not_select"
    assert str(error).startswith("[not_select] ")
    assert SQLRejected("x", "y").message == "y"


def test_unknown_dialect_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        validate_sql("SELECT 1", dialect="mysql", tables=BANK_TABLES)  # type: ignore[arg-type]
