"""The bank database: schema introspection and read-only execution that cannot write.

:meth:`BankDatabase.execute` is the database-side defence: whatever SQL reaches it
(a validator bug included) cannot change the data.

* SQLite: the file is opened read-only (``mode=ro``) with ``PRAGMA query_only``; an
  authorizer allows only SELECT, reads, recursive CTEs and harmless functions; a
  progress handler stops the query at the deadline; it runs in a worker thread the
  caller joins with a timeout (and interrupts if the deadline passes anyway).
* PostgreSQL: every query runs in ``BEGIN READ ONLY`` with ``SET LOCAL
  statement_timeout``, as a read-only role when one is set up, through a server-side
  cursor (one statement, SELECT/VALUES only, no data-modifying CTE), and is always
  rolled back.

Errors come back as :class:`QueryFailed` (or :class:`QueryTimeout`) with a message
that says what went wrong, never as a raw driver exception.
"""

from __future__ import annotations

import base64
import contextlib
import json
import math
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from datetime import time as dtime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from uuid import UUID

from pydantic import BaseModel

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.storage.persistence import parse_database_url
from agentdesk.text import column_formats

from .data import BANK_TABLES, READER_ROLE, _load

if TYPE_CHECKING:
    from agentdesk.settings import Settings

__all__ = [
    "MAX_RESULT_BYTES",
    "MAX_ROWS",
    "MAX_VALUE_CHARS",
    "QUERY_TIMEOUT_SECONDS",
    "BankDatabase",
    "ColumnType",
    "ExecutionResult",
    "QueryFailed",
    "QueryTimeout",
    "column_types_of",
    "default_bank_url",
]

QUERY_TIMEOUT_SECONDS = 30
MAX_ROWS = 1000
MAX_VALUE_CHARS = 8_192
"""Longest value (text, or bytes before base64) a result keeps; longer ones are cut."""
MAX_RESULT_BYTES = 524_288
"""Largest result (its rows as JSON); rows past it are left out, and the result says so."""
_FETCH_BATCH = 50

_GRACE_SECONDS = 2.0
"""How long past the deadline the SQLite worker thread may take to notice it."""


ColumnType = Literal["integer", "decimal", "text"]


def column_types_of(columns: list[str], rows: list[dict[str, Any]]) -> dict[str, ColumnType]:
    """:attr:`ExecutionResult.column_types` of ``rows``, by :func:`agentdesk.text.column_format`."""
    return {column: number_format or "text"
            for column, number_format in column_formats(columns, rows).items()}


class ExecutionResult(BaseModel):
    """The rows a query returned, bounded in rows and bytes, JSON-serialisable."""

    rows: list[dict[str, Any]]
    row_count: int
    execution_time_seconds: float
    truncated: bool = False
    """Rows were left out: there were more than ``max_rows``, or they passed
    :data:`MAX_RESULT_BYTES`."""
    columns: list[str]
    values_truncated: int = 0
    """How many values were cut to :data:`MAX_VALUE_CHARS`."""
    note: str | None = None
    """What was cut, in words (for the person and the model reading the result)."""
    column_types: dict[str, ColumnType] = {}
    """Each column's type as the query returned it: ``integer``, ``decimal`` (a float or a
    NUMERIC anywhere in the column) or ``text`` (anything else). A page reading the rows as
    JSON cannot tell 20470.0 from 20470; this tells it to write both as the summary does."""


class QueryFailed(AgentdeskError):
    """The query could not run: a syntax error, an unknown table, a refused write, a timeout."""


class QueryTimeout(QueryFailed):
    """The query ran longer than its timeout and was stopped."""


def default_bank_url(settings: Settings | None = None) -> str:
    """``AGENTDESK_BANK_DATABASE_URL``, or ``sqlite:///<data_dir>/bank.db``."""
    url = os.environ.get("AGENTDESK_BANK_DATABASE_URL")
    if url:
        return url
    if settings is None:
        from agentdesk.settings import get_settings

        settings = get_settings()
    return f"sqlite:///{settings.data_dir / 'bank.db'}"


# --- values ---------------------------------------------------------------------------------


def _jsonable(value: Any) -> Any:
    """A value a query returned, as something ``json.dumps`` accepts (strictly)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Decimal):
        return float(value) if value.is_finite() else str(value)
    if isinstance(value, datetime | date | dtime):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [_jsonable(v) for v in value]
    return str(value)


def _unique_names(names: list[str]) -> list[str]:
    """Column names made unique (``id``, ``id_2``), so rows as dicts lose nothing."""
    seen: set[str] = set()
    out = []
    for name in names:
        candidate, n = name or "?column?", 1
        while candidate in seen:
            n += 1
            candidate = f"{name}_{n}"
        seen.add(candidate)
        out.append(candidate)
    return out


def _cut(value: Any) -> tuple[Any, bool]:
    """``value`` within :data:`MAX_VALUE_CHARS`, and whether it was cut."""
    if isinstance(value, bytes | bytearray | memoryview) and len(value) > MAX_VALUE_CHARS:
        return bytes(value[:MAX_VALUE_CHARS]), True
    if isinstance(value, str) and len(value) > MAX_VALUE_CHARS:
        return value[:MAX_VALUE_CHARS], True
    return value, False


class _Collector:
    """Rows as they are fetched, each value cut to size, until the rows or bytes run out."""

    def __init__(self, names: list[str], max_rows: int, max_bytes: int = MAX_RESULT_BYTES,
                 ) -> None:
        self.columns = _unique_names(names)
        self.max_rows, self.max_bytes = max_rows, max_bytes
        self.rows: list[dict[str, Any]] = []
        self.size = 2  # the enclosing brackets
        self.values_cut = 0
        self.rows_cut = self.bytes_cut = False

    @property
    def full(self) -> bool:
        return self.rows_cut or self.bytes_cut

    def add(self, row: Sequence[Any], cut: Sequence[bool] = ()) -> bool:
        """Keep ``row`` if it fits (``cut`` marks values already cut); False once full."""
        if len(self.rows) >= self.max_rows:
            self.rows_cut = True
            return False
        values = []
        for i, raw in enumerate(row):
            value, was_cut = _cut(raw)
            self.values_cut += was_cut or (i < len(cut) and cut[i])
            values.append(_jsonable(value))
        kept = dict(zip(self.columns, values, strict=False))
        size = len(json.dumps(kept, ensure_ascii=False).encode()) + 1
        if self.size + size > self.max_bytes:
            self.bytes_cut = True
            return False
        self.size += size
        self.rows.append(kept)
        return True

    def result(self, started: float) -> ExecutionResult:
        notes = []
        if self.rows_cut:
            notes.append(f"only the first {self.max_rows} rows are shown")
        if self.bytes_cut:
            notes.append(f"rows past {self.max_bytes} bytes are left out")
        if self.values_cut:
            notes.append(f"{self.values_cut} value(s) longer than {MAX_VALUE_CHARS} characters "
                         "were cut")
        return ExecutionResult(
            rows=self.rows, row_count=len(self.rows), truncated=self.full, columns=self.columns,
            values_truncated=self.values_cut, note="; ".join(notes) or None,
            column_types=column_types_of(self.columns, self.rows),
            execution_time_seconds=round(time.perf_counter() - started, 6))


def _quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def _sample_repr(value: Any) -> str:
    value = _jsonable(value)
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return "'" + text.replace("'", "''") + "'"
    return str(value)


# --- SQLite guard ---------------------------------------------------------------------------

_ACTION_NAMES = (
    "CREATE_INDEX", "CREATE_TABLE", "CREATE_TEMP_INDEX", "CREATE_TEMP_TABLE",
    "CREATE_TEMP_TRIGGER", "CREATE_TEMP_VIEW", "CREATE_TRIGGER", "CREATE_VIEW", "DELETE",
    "DROP_INDEX", "DROP_TABLE", "DROP_TEMP_INDEX", "DROP_TEMP_TABLE", "DROP_TEMP_TRIGGER",
    "DROP_TEMP_VIEW", "DROP_TRIGGER", "DROP_VIEW", "INSERT", "PRAGMA", "READ", "SELECT",
    "TRANSACTION", "UPDATE", "ATTACH", "DETACH", "ALTER_TABLE", "REINDEX", "ANALYZE",
    "CREATE_VTABLE", "DROP_VTABLE", "FUNCTION", "SAVEPOINT", "RECURSIVE",
)
# Authorizer action codes from sqlite3.h (the module exports most; RECURSIVE is 33).
_SQLITE_ACTIONS = {getattr(sqlite3, f"SQLITE_{name}", 33 if name == "RECURSIVE" else -1):
                   name.replace("_", " ") for name in _ACTION_NAMES}
_ALLOWED_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ,
                              sqlite3.SQLITE_FUNCTION, getattr(sqlite3, "SQLITE_RECURSIVE", 33)})
_SQLITE_FUNCTION = sqlite3.SQLITE_FUNCTION
_DENIED_FUNCTIONS = frozenset({
    "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer", "zipfile",
    "sqlar_compress", "sqlar_uncompress", "shell", "system", "eval", "sqlite_dbpage",
})


class _SqliteRun:
    """One query on a read-only SQLite connection, run by a worker thread."""

    def __init__(self, uri: str, sql: str, timeout: float, max_rows: int) -> None:
        self.uri, self.sql, self.timeout, self.max_rows = uri, sql, timeout, max_rows
        self.conn: sqlite3.Connection | None = None
        self.denied: str | None = None
        self.timed_out = False
        self.collector = _Collector([], max_rows)
        self.error: BaseException | None = None
        self.deadline = 0.0

    def authorize(self, action: int, arg1: str | None, arg2: str | None, _db: str | None,
                  _source: str | None) -> int:
        if action not in _ALLOWED_ACTIONS:
            what = _SQLITE_ACTIONS.get(action, f"action {action}")
            if arg1 and action in (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE,
                                   sqlite3.SQLITE_DELETE):
                what = f"{what} on {arg1}"
            self.denied = self.denied or what
            return sqlite3.SQLITE_DENY
        if action == _SQLITE_FUNCTION and (arg2 or "").lower() in _DENIED_FUNCTIONS:
            self.denied = self.denied or f"function {arg2}()"
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    def progress(self) -> int:
        if time.monotonic() > self.deadline:
            self.timed_out = True
            return 1
        return 0

    def run(self) -> None:
        try:
            conn = sqlite3.connect(self.uri, uri=True, isolation_level=None,
                                   check_same_thread=False, timeout=5)
            self.conn = conn
            try:
                conn.execute("PRAGMA query_only = ON")
                if hasattr(conn, "setlimit"):
                    conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
                    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 50_000_000)
                conn.set_authorizer(self.authorize)
                self.deadline = time.monotonic() + self.timeout
                conn.set_progress_handler(self.progress, 1000)
                cursor = conn.execute(self.sql)
                self.collector = _Collector([d[0] for d in cursor.description or ()],
                                            self.max_rows)
                # Row by row: each value is cut as it arrives, and fetching stops at the caps.
                while cursor.description is not None and not self.collector.full:
                    batch = cursor.fetchmany(_FETCH_BATCH)
                    if not batch or not all(self.collector.add(row) for row in batch):
                        break
                cursor.close()
            finally:
                conn.close()
        except BaseException as exc:
            self.error = exc


# --- the database ---------------------------------------------------------------------------


class BankDatabase:
    """The bank at ``url`` (``sqlite:///path`` or ``postgresql://...``)."""

    dialect: Literal["sqlite", "postgres"]

    def __init__(self, url: str) -> None:
        parsed = parse_database_url(url)  # ConfigError for anything else
        self.url = url
        self.dialect = "sqlite" if parsed.dialect == "sqlite" else "postgres"
        self._target = parsed.target
        self._reader_role_ok = False

    def __repr__(self) -> str:
        return f"BankDatabase(dialect={self.dialect!r})"

    # -- connections -------------------------------------------------------------------------

    @property
    def _sqlite_path(self) -> Path:
        return Path(self._target).expanduser()

    def _sqlite_uri(self) -> str:
        return f"{self._sqlite_path.resolve().as_uri()}?mode=ro"

    def _sqlite_meta(self) -> sqlite3.Connection:
        """A read-only connection for our own introspection queries."""
        if not self._sqlite_path.is_file():
            raise QueryFailed(f"the bank database {self._sqlite_path} does not exist yet")
        try:
            conn = sqlite3.connect(self._sqlite_uri(), uri=True, isolation_level=None)
            conn.execute("PRAGMA query_only = ON")
        except sqlite3.Error as exc:
            raise QueryFailed(f"cannot open the bank database: {exc}") from exc
        return conn

    def _pg_connect(self, **kwargs: Any) -> Any:
        import psycopg

        try:
            return psycopg.connect(self._target, connect_timeout=10, **kwargs)
        except psycopg.Error as exc:
            raise QueryFailed(f"cannot connect to the bank database: {exc}") from exc

    # -- schema ------------------------------------------------------------------------------

    def exists(self) -> bool:
        """Whether every bank table is present."""
        if self.dialect == "sqlite":
            if not self._sqlite_path.is_file():
                return False
            try:
                conn = self._sqlite_meta()
                try:
                    names = {r[0] for r in conn.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table'")}
                finally:
                    conn.close()
            except (QueryFailed, sqlite3.Error):
                return False
            return set(BANK_TABLES) <= names
        with self._pg_connect(autocommit=True) as conn:
            names = {r[0] for r in conn.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()")}
        return set(BANK_TABLES) <= names

    def ensure(self, seed: int = 7) -> None:
        """Create and load the bank if it is not there yet (first use)."""
        if not self.exists():
            _load(self.url, seed, only_if_missing=True)

    def _describe(self) -> tuple[dict[str, list[tuple[str, str, bool]]], dict[tuple[str, str], str],
                                 dict[str, int]]:
        """table -> [(column, type, primary key)], (table, column) -> referenced, row counts."""
        columns: dict[str, list[tuple[str, str, bool]]] = {}
        refs: dict[tuple[str, str], str] = {}
        counts: dict[str, int] = {}
        if self.dialect == "sqlite":
            conn = self._sqlite_meta()
            try:
                tables = [r[0] for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
                for table in tables:
                    columns[table] = [
                        (name, (ctype or "").upper(), bool(pk)) for _, name, ctype, _, _, pk in
                        conn.execute("SELECT * FROM pragma_table_info(?)", (table,))]
                    for row in conn.execute(
                            'SELECT "from", "table", "to" FROM pragma_foreign_key_list(?)',
                            (table,)):
                        refs[(table, row[0])] = f"{row[1]}.{row[2] or 'id'}"
                    counts[table] = conn.execute(
                        f"SELECT count(*) FROM {_quote(table)}").fetchone()[0]
            except sqlite3.Error as exc:
                raise QueryFailed(f"cannot read the bank schema: {exc}") from exc
            finally:
                conn.close()
            return columns, refs, counts
        with self._pg_connect(autocommit=True) as conn:
            # Only what queries can read: as the reader role, the tables granted to it.
            role = READER_ROLE if self._reader_role(conn) else None
            for table, name, ctype in conn.execute("""
                    SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod)
                    FROM pg_class c
                    JOIN pg_namespace n ON n.oid = c.relnamespace
                    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
                                       AND NOT a.attisdropped
                    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm')
                      AND (%(role)s::text IS NULL OR has_table_privilege(%(role)s, c.oid, 'SELECT'))
                    ORDER BY c.relname, a.attnum""", {"role": role}):
                columns.setdefault(table, []).append((name, ctype.upper(), False))
            keys: set[tuple[str, str]] = set()
            for kind, table, name, ref_table, ref_name in conn.execute("""
                    SELECT co.contype, cl.relname, a.attname, rf.relname, af.attname
                    FROM pg_constraint co
                    JOIN pg_class cl ON cl.oid = co.conrelid
                    JOIN pg_namespace n ON n.oid = cl.relnamespace
                    JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = co.conkey[1]
                    LEFT JOIN pg_class rf ON rf.oid = co.confrelid
                    LEFT JOIN pg_attribute af ON af.attrelid = co.confrelid
                                              AND af.attnum = co.confkey[1]
                    WHERE n.nspname = current_schema() AND co.contype IN ('p', 'f')
                      AND array_length(co.conkey, 1) = 1"""):
                if kind == "p":
                    keys.add((table, name))
                else:
                    refs[(table, name)] = f"{ref_table}.{ref_name}"
            refs = {k: v for k, v in refs.items() if k[0] in columns}
            for table, cols in columns.items():
                columns[table] = [(n, t, (table, n) in keys) for n, t, _ in cols]
                counts[table] = conn.execute(
                    f"SELECT count(*) FROM {_quote(table)}").fetchone()[0]
        return columns, refs, counts

    def tables(self) -> dict[str, list[str]]:
        """Every table (and view) in the database, with its column names, read from it."""
        columns, _, _ = self._describe()
        return {table: [name for name, _, _ in cols] for table, cols in columns.items()}

    def _samples(self, table: str, column: str, samples: int) -> list[Any]:
        """The most frequent distinct non-null values of a column (ties: smallest first)."""
        q = (f"SELECT {_quote(column)} FROM {_quote(table)} WHERE {_quote(column)} IS NOT NULL "
             f"GROUP BY {_quote(column)} ORDER BY count(*) DESC, {_quote(column)} "
             f"LIMIT {int(samples)}")
        return [row[column] for row in self.execute(q, max_rows=samples).rows]

    def schema_text(self, samples: int = 3) -> str:
        """Each table with its columns, types, keys and a few sample values, for the SQL agent."""
        columns, refs, counts = self._describe()
        if self.dialect == "sqlite":
            lines = ["Dialect: SQLite. Dates are TEXT 'YYYY-MM-DD' (compare as strings; use "
                     "strftime('%Y', col), date(col)); money is REAL."]
        else:
            lines = ["Dialect: PostgreSQL. Dates are DATE (use date_trunc, extract, "
                     "interval arithmetic); money is NUMERIC(14,2)."]
        for table, cols in columns.items():
            lines.append("")
            lines.append(f"Table {table} ({counts.get(table, 0)} rows)")
            for name, ctype, pk in cols:
                notes = [ctype or "ANY"]
                if pk:
                    notes.append("primary key")
                if (table, name) in refs:
                    notes.append(f"references {refs[(table, name)]}")
                line = f"  - {name}: {', '.join(notes)}"
                if samples > 0:
                    values = self._samples(table, name, samples)
                    line += " -- e.g. " + (", ".join(map(_sample_repr, values)) if values
                                           else "(all null)")
                lines.append(line)
        return "\n".join(lines)

    # -- execution ---------------------------------------------------------------------------

    def execute(self, sql: str, *, timeout: float = QUERY_TIMEOUT_SECONDS,
                max_rows: int = MAX_ROWS) -> ExecutionResult:
        """Run one read-only query; at most ``max_rows`` rows (``truncated`` if there were more)."""
        if not isinstance(sql, str) or not sql.strip():
            raise QueryFailed("the query is empty")
        if timeout <= 0:
            raise QueryFailed("the timeout must be positive")
        max_rows = max(0, int(max_rows))
        sql = sql.strip().rstrip(";").rstrip()
        if self.dialect == "sqlite":
            return self._execute_sqlite(sql, timeout, max_rows)
        return self._execute_postgres(sql, timeout, max_rows)

    def _execute_sqlite(self, sql: str, timeout: float, max_rows: int) -> ExecutionResult:
        if not self._sqlite_path.is_file():
            raise QueryFailed(f"the bank database {self._sqlite_path} does not exist yet")
        started = time.perf_counter()
        run = _SqliteRun(self._sqlite_uri(), sql, timeout, max_rows)
        worker = threading.Thread(target=run.run, name="bank-sql", daemon=True)
        worker.start()
        worker.join(timeout + _GRACE_SECONDS)
        if worker.is_alive():  # the progress handler did not get a chance: interrupt
            run.timed_out = True
            conn = run.conn
            if conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    conn.interrupt()
            worker.join(_GRACE_SECONDS)
            raise QueryTimeout(f"the query ran longer than {timeout:g} s and was stopped",
                               timeout=timeout)
        if run.error is not None:
            exc = run.error
            if run.timed_out:
                raise QueryTimeout(f"the query ran longer than {timeout:g} s and was stopped",
                                   timeout=timeout) from exc
            if run.denied is not None:
                raise QueryFailed(f"refused: the bank database is read-only ({run.denied} is "
                                  "not allowed); only SELECT queries can run",
                                  denied=run.denied) from exc
            if isinstance(exc, sqlite3.ProgrammingError) and "one statement" in str(exc):
                raise QueryFailed("only one SQL statement can run at a time") from exc
            if isinstance(exc, sqlite3.Error | ValueError | OverflowError):
                raise QueryFailed(f"the query failed: {exc}") from exc
            raise QueryFailed(f"the query failed: {type(exc).__name__}: {exc}") from exc
        return run.collector.result(started)

    def _reader_role(self, conn: Any) -> bool:
        """Whether queries can run as :data:`READER_ROLE` (set up by the loader)."""
        import psycopg

        if self._reader_role_ok:
            return True
        try:
            with conn.transaction():
                conn.execute(f"SET LOCAL ROLE {READER_ROLE}")
                row = conn.execute(
                    "SELECT has_table_privilege('customers', 'SELECT')").fetchone()
                ok = bool(row and row[0])
        except psycopg.Error:
            ok = False
        self._reader_role_ok = ok
        return ok

    def _execute_postgres(self, sql: str, timeout: float, max_rows: int) -> ExecutionResult:
        import psycopg
        from psycopg import errors, pq

        started = time.perf_counter()
        ms = max(1, int(timeout * 1000))
        with self._pg_connect(autocommit=True) as conn:
            as_reader = self._reader_role(conn)
            try:
                conn.execute("BEGIN READ ONLY")
                conn.execute(f"SET LOCAL statement_timeout = {ms}")
                conn.execute(f"SET LOCAL lock_timeout = {ms}")
                conn.execute(f"SET LOCAL idle_in_transaction_session_timeout = {ms + 10_000}")
                if as_reader:
                    conn.execute(f"SET LOCAL ROLE {READER_ROLE}")
                # A server-side cursor: DECLARE takes exactly one SELECT/VALUES statement,
                # sent with the extended protocol, and refuses data-modifying CTEs. Declaring
                # it runs nothing; it tells the result's columns and their types.
                with conn.cursor(name="agentdesk_bank_query") as cursor:
                    cursor.execute(sql)
                    described = [(d.name, d.type_code) for d in cursor.description or ()]
                collector = _Collector([name for name, _ in described], max_rows)
                if described:
                    _fetch_bounded(conn, sql, [oid for _, oid in described], collector)
            except errors.QueryCanceled as exc:
                raise QueryTimeout(f"the query ran longer than {timeout:g} s and was stopped",
                                   timeout=timeout) from exc
            except psycopg.Error as exc:
                raise _pg_failure(exc, sql) from exc
            finally:
                if conn.info.transaction_status != pq.TransactionStatus.IDLE:
                    with contextlib.suppress(psycopg.Error):
                        conn.execute("ROLLBACK")
        return collector.result(started)


# PostgreSQL types whose values are small and of fixed size: fetched as they are.
_PG_FIXED_TYPES = frozenset({
    16, 18, 20, 21, 23, 26, 700, 701, 790, 1082, 1083, 1114, 1184, 1186, 1266, 2950})


def _bounded_sql(sql: str, type_oids: list[int]) -> tuple[str, list[int | None]]:
    """``sql`` wrapped so that no value larger than :data:`MAX_VALUE_CHARS` leaves the server.

    A value of a variable-size type comes back as itself when it fits, else as a text
    prefix in a second column; returns the SQL and, per column, that prefix's index.
    """
    n = MAX_VALUE_CHARS
    names = ", ".join(f"c{i}" for i in range(len(type_oids)))
    selected: list[str] = []
    prefixes: list[int | None] = []
    for i, oid in enumerate(type_oids):
        if oid in _PG_FIXED_TYPES:
            selected.append(f"q.c{i}")
            prefixes.append(None)
            continue
        size = f"octet_length(q.c{i}::text)"
        selected.append(f"CASE WHEN {size} <= {n} THEN q.c{i} END")
        prefixes.append(len(type_oids) + sum(p is not None for p in prefixes))
    for i, oid in enumerate(type_oids):
        if oid not in _PG_FIXED_TYPES:
            selected.append(f"CASE WHEN octet_length(q.c{i}::text) > {n} "
                            f"THEN left(q.c{i}::text, {n}) END")
    # Line breaks keep a trailing "-- comment" in ``sql`` from swallowing the parenthesis.
    return f"WITH q({names}) AS (\n{sql}\n)\nSELECT {', '.join(selected)} FROM q", prefixes


def _fetch_bounded(conn: Any, sql: str, type_oids: list[int], collector: _Collector) -> None:
    """Fetch ``sql``'s rows into ``collector`` in batches, values capped on the server."""
    wrapped, prefixes = _bounded_sql(sql, type_oids)
    with conn.cursor(name="agentdesk_bank_rows") as cursor:
        cursor.execute(wrapped)
        while not collector.full:
            batch = cursor.fetchmany(_FETCH_BATCH)
            for row in batch:
                values = [row[i] if p is None or row[p] is None else row[p]
                          for i, p in enumerate(prefixes)]
                cut = [p is not None and row[p] is not None for p in prefixes]
                if not collector.add(values, cut):
                    return
            if len(batch) < _FETCH_BATCH:
                return


_PG_NOT_QUERIES = frozenset({
    "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE", "DROP", "CREATE", "ALTER",
    "TRUNCATE", "GRANT", "REVOKE", "COPY", "VACUUM", "ANALYZE", "REINDEX", "CLUSTER", "COMMIT",
    "ROLLBACK", "BEGIN", "START", "END", "ABORT", "SAVEPOINT", "RELEASE", "SET", "RESET", "LOCK",
    "CALL", "DO", "PRAGMA", "ATTACH", "DETACH", "COMMENT", "REFRESH", "DISCARD", "LISTEN",
    "NOTIFY", "UNLISTEN", "PREPARE", "EXECUTE", "DEALLOCATE", "SECURITY", "IMPORT", "LOAD",
    "CHECKPOINT", "REASSIGN",
})
"""First words of statements that are not queries (for a clearer refusal message)."""


def _pg_failure(exc: Any, sql: str) -> QueryFailed:
    """A clear :class:`QueryFailed` for a PostgreSQL error."""
    from psycopg import errors

    message = _pg_message(exc)
    if "multiple commands" in message:
        return QueryFailed("only one SQL statement can run at a time")
    if "data-modifying" in message:
        return QueryFailed("refused: the bank database is read-only (a data-modifying statement "
                           "in WITH is not allowed)")
    if isinstance(exc, errors.ReadOnlySqlTransaction):
        return QueryFailed(f"refused: the bank database is read-only ({message})")
    if isinstance(exc, errors.InsufficientPrivilege):
        return QueryFailed(f"refused: {message}")
    if isinstance(exc, errors.SyntaxError):
        first = (sql.split(None, 1) or [""])[0].upper()
        if first in _PG_NOT_QUERIES:
            return QueryFailed(f"refused: the bank database is read-only ({first} is not "
                               "allowed); only one SELECT query can run")
    return QueryFailed(f"the query failed: {message}", sqlstate=getattr(exc, "sqlstate", None))


def _pg_message(exc: Any) -> str:
    diag = getattr(exc, "diag", None)
    primary = getattr(diag, "message_primary", None)
    if not primary:
        return str(exc).strip()
    hint = getattr(diag, "message_hint", None)
    return f"{primary} (hint: {hint})" if hint else primary
