"""The sample bank: create its tables and load the rows generated from a seed number.

:func:`create_bank_database` (re)creates the tables of :mod:`.tables` at
``sqlite:///path`` or ``postgresql://...`` and loads the rows :mod:`.rows` generates
for a seed number, so one number gives the same bank on every run and every dialect.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from agentdesk.runtime.storage.persistence import parse_database_url

from .rows import BankData, generate_bank_data
from .tables import BANK_TABLES, METADATA, READER_ROLE, columns, schema_statements

__all__ = [
    "BANK_TABLES",
    "READER_ROLE",
    "BankData",
    "create_bank_database",
    "generate_bank_data",
    "schema_statements",
]


def create_bank_database(url: str, seed: int = 7) -> None:
    """(Re)create the bank schema at ``url`` and load the rows for ``seed``.

    SQLite: the database is built next to the target file and moved into place, so a
    reader sees either the old bank or the new one. PostgreSQL: the bank tables are
    dropped and rebuilt in one transaction.
    """
    _load(url, seed, only_if_missing=False)


def _load(url: str, seed: int, *, only_if_missing: bool) -> bool:
    """Load the bank; with ``only_if_missing``, skip if it is already there. True if loaded."""
    parsed = parse_database_url(url)
    if parsed.dialect == "sqlite":
        return _load_sqlite(Path(parsed.target), seed, only_if_missing)
    return _load_postgres(parsed.sync_url, seed, only_if_missing)


def _insert_rows(conn: sa.Connection, data: BankData) -> None:
    """Every generated row, one executemany per table, parents first."""
    for table in BANK_TABLES:
        names = columns(table)
        conn.execute(METADATA.tables[table].insert(),
                     [dict(zip(names, row, strict=True)) for row in data.rows[table]])


def _has_bank(conn: sa.Connection) -> bool:
    return set(BANK_TABLES) <= set(sa.inspect(conn).get_table_names())


def _load_sqlite(path: Path, seed: int, only_if_missing: bool) -> bool:
    if only_if_missing and _sqlite_has_bank(path):
        return False
    data = generate_bank_data(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{id(data)}.tmp")
    tmp.unlink(missing_ok=True)
    # The driver opens the file itself: a path is not a URL (a "%" or "#" in it stays as is).
    engine = sa.create_engine("sqlite://", creator=lambda: sqlite3.connect(tmp),
                              poolclass=sa.NullPool)

    @sa.event.listens_for(engine, "connect")
    def _bulk_load(dbapi_connection: Any, _record: Any) -> None:
        # A file nobody reads until it is moved into place needs no journal and no fsync.
        dbapi_connection.execute("PRAGMA journal_mode=OFF")
        dbapi_connection.execute("PRAGMA synchronous=OFF")

    try:
        with engine.begin() as conn:
            METADATA.create_all(conn)
            _insert_rows(conn, data)
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA journal_mode=DELETE")
            conn.exec_driver_sql("ANALYZE")
            conn.commit()
    except BaseException:
        engine.dispose()
        tmp.unlink(missing_ok=True)
        raise
    engine.dispose()
    os.replace(tmp, path)
    return True


def _sqlite_has_bank(path: Path) -> bool:
    if not path.is_file():
        return False
    engine = sa.create_engine(
        "sqlite://", poolclass=sa.NullPool,
        creator=lambda: sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True))
    try:
        with engine.connect() as conn:
            return _has_bank(conn)
    except sa.exc.DBAPIError:
        return False
    finally:
        engine.dispose()


def _load_postgres(url: str, seed: int, only_if_missing: bool) -> bool:
    engine = sa.create_engine(url, poolclass=sa.NullPool, connect_args={"connect_timeout": 10})
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext('agentdesk_bank_load'))"))
            if only_if_missing and _has_bank(conn):
                return False
            data = generate_bank_data(seed)
            # CASCADE: views a person made on the old bank must not stop it being rebuilt.
            conn.execute(sa.text(
                "DROP TABLE IF EXISTS " + ", ".join(reversed(BANK_TABLES)) + " CASCADE"))
            METADATA.create_all(conn)
            _insert_rows(conn, data)
            _grant_reader(conn)
            conn.execute(sa.text("ANALYZE " + ", ".join(BANK_TABLES)))
    finally:
        engine.dispose()
    return True


def _grant_reader(conn: sa.Connection) -> None:
    """Let :data:`READER_ROLE` read the bank, creating the role if it can (needs CREATEROLE)."""
    quote = conn.dialect.identifier_preparer.quote
    schema = conn.execute(sa.text("SELECT current_schema()")).scalar()
    role = quote(READER_ROLE)
    try:
        with conn.begin_nested():
            exists = conn.execute(sa.text("SELECT 1 FROM pg_roles WHERE rolname = :role"),
                                  {"role": READER_ROLE}).first()
            if not exists:
                conn.execute(sa.text(f"CREATE ROLE {role} NOLOGIN"))
            if schema:
                conn.execute(sa.text(f"GRANT USAGE ON SCHEMA {quote(schema)} TO {role}"))
            conn.execute(sa.text(f"GRANT SELECT ON {', '.join(map(quote, BANK_TABLES))} "
                                 f"TO {role}"))
    except sa.exc.DBAPIError:
        pass  # the role is optional: queries then run as the connecting user
