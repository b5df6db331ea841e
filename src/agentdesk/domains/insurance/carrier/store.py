"""Quote sessions and idempotent results in a small SQLite file, so they outlive the process.

Every mutating call is one ``BEGIN IMMEDIATE`` transaction: look up its ``request_id``,
load the session, apply the change, save the session and record the result. A call that
fails rolls back and leaves no trace; a call that committed is never applied twice.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .errors import (
    INVALID_FIELD,
    REQUEST_ID_REUSED,
    SESSION_EXPIRED,
    SESSION_NOT_FOUND,
    CarrierError,
)
from .session import QuoteSession

__all__ = ["MAX_REQUEST_ID", "QuoteStore"]

MAX_REQUEST_ID = 200

Clock = Callable[[], dt.datetime]


def _create_tables(conn: sqlite3.Connection) -> None:
    conn.execute("""CREATE TABLE sessions (
        session_id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        data TEXT NOT NULL)""")
    conn.execute("""CREATE TABLE requests (
        tool TEXT NOT NULL,
        request_id TEXT NOT NULL,
        args TEXT NOT NULL,
        result TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (tool, request_id))""")


# Ordered: the file's user_version says how many have run.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_tables]


class QuoteStore:
    """Sessions and request results in ``path()`` (resolved on each use)."""

    def __init__(self, path: Callable[[], Path], clock: Clock) -> None:
        self.path = path
        self.clock = clock
        self._ready: set[Path] = set()
        self._lock = threading.Lock()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        file = self.path()
        file.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(file, timeout=30, isolation_level=None)
        try:
            with self._lock:
                if file not in self._ready:
                    self._migrate(conn)
                    self._ready.add(file)
            yield conn
        finally:
            conn.close()

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for number, step in enumerate(MIGRATIONS[version:], start=version + 1):
                step(conn)
                conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _load(self, conn: sqlite3.Connection, session_id: str) -> QuoteSession:
        key = (session_id or "").strip().upper()
        row = conn.execute("SELECT data FROM sessions WHERE session_id = ?", (key,)).fetchone()
        if row is None:
            raise CarrierError(SESSION_NOT_FOUND, "session_id",
                               f"{session_id!r} is not a quote session; start one with "
                               f"quote_initiate")
        session = QuoteSession.model_validate_json(row[0])
        if self.clock() >= session.expires_at:
            raise CarrierError(SESSION_EXPIRED, "session_id",
                               f"quote session {session.session_id} expired at "
                               f"{session.expires_at.isoformat()}; start a new one with "
                               f"quote_initiate")
        return session

    def get(self, session_id: str) -> QuoteSession:
        """The live session ``session_id``, or a SESSION_NOT_FOUND / SESSION_EXPIRED error."""
        with self._connect() as conn:
            return self._load(conn, session_id)

    def apply(self, tool: str, request_id: str | None, args: dict[str, Any],
              session_id: str | None,
              change: Callable[[QuoteSession | None], tuple[QuoteSession, dict[str, Any]]],
              ) -> dict[str, Any]:
        """Run ``change`` on the session once per ``request_id`` and keep what it returns.

        ``change`` gets the session (None when ``session_id`` is None, for a new one) and
        returns the session to save and the result to give back. A request_id seen before
        with the same arguments returns the first result, even after the session expired.
        """
        key = (request_id or "").strip()
        if len(key) > MAX_REQUEST_ID:
            raise CarrierError(INVALID_FIELD, "request_id",
                               f"longer than {MAX_REQUEST_ID} characters")
        args_json = json.dumps(args, sort_keys=True, default=str)
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if key:
                    done = conn.execute(
                        "SELECT args, result FROM requests WHERE tool = ? AND request_id = ?",
                        (tool, key)).fetchone()
                    if done is not None:
                        conn.execute("ROLLBACK")
                        if done[0] != args_json:
                            raise CarrierError(REQUEST_ID_REUSED, "request_id",
                                               f"{key!r} was already used for a different "
                                               f"{tool} call; use a new request_id for a "
                                               f"new action")
                        replay: dict[str, Any] = json.loads(done[1])
                        return replay
                session = None if session_id is None else self._load(conn, session_id)
                saved, result = change(session)
                now = self.clock().isoformat()
                conn.execute(
                    "INSERT INTO sessions (session_id, created_at, expires_at, data) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET data = "
                    "excluded.data",
                    (saved.session_id, saved.created_at.isoformat(),
                     saved.expires_at.isoformat(), saved.model_dump_json()))
                if key:
                    conn.execute("INSERT INTO requests (tool, request_id, args, result, "
                                 "created_at) VALUES (?, ?, ?, ?, ?)",
                                 (tool, key, args_json, json.dumps(result), now))
                conn.execute("COMMIT")
                return result
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def count(self, table: str) -> int:
        """Rows in ``sessions`` or ``requests`` (for tests and diagnostics)."""
        if table not in ("sessions", "requests"):
            raise ValueError(table)
        with self._connect() as conn:
            return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
