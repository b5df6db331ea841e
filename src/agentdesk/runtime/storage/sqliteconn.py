"""aiosqlite connections that run each call on the event loop, and wait for a busy file there.

aiosqlite runs every call (an execute, a fetch, a commit) on a thread of its
own and hands the result back to the event loop. For a local SQLite file the
call itself takes microseconds; the hand-off costs more than the work (a
future, a queue, a thread wake-up, a wake-up of the loop, and the GIL passed
back and forth), and a thread of the peer benchmark's graph (create, run to a
pause, resume) makes dozens of statements with several hand-offs each. With 32 clients on that benchmark,
interleaved, the server spent 33 ms of CPU per thread with the hand-off and
21 ms without, and served 1.7 times the threads per second.

:class:`InlineConnection` is aiosqlite's connection with the call made on the
loop. What a call may wait for is not done on the loop:

* **A busy file.** The connection's own busy timeout is 0: a write that finds
  another connection writing fails at once with ``SQLITE_BUSY``, before it has
  done anything, and is tried again after an ``asyncio.sleep`` (0.5 ms, doubling
  to 20 ms, for up to :data:`BUSY_SECONDS`), so the writer that holds the file,
  in this process or another, goes on meanwhile. Write transactions begin with
  ``BEGIN IMMEDIATE`` (the connection's isolation level), so the write lock is
  taken before the transaction reads anything and a retry never meets a stale
  snapshot.
* **What stays on the loop** is SQLite's own work: reading pages and, at each
  commit, the write-ahead log's fsync (about 0.2 ms on this machine's disk).
  That is the trade: a disk that takes tens of milliseconds to sync would stall
  the loop that long at every commit. Commits on aiosqlite's thread were
  measured too, and were slower (31.8 against 46.8 threads/s): the write lock
  is then held across a hand-off, and the other writers wait behind it.

aiosqlite's thread still runs for what SQLAlchemy hands it directly (setting an
isolation level) and for stopping the connection.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from typing import Any

import aiosqlite

__all__ = ["BUSY_SECONDS", "InlineConnection", "connect"]

BUSY_SECONDS = 30.0
"""How long a write waits for another writer of the same file before it fails."""

_RETRIED = frozenset({sqlite3.SQLITE_BUSY, 261})  # SQLITE_BUSY, SQLITE_BUSY_RECOVERY
_FIRST_PAUSE = 0.0005
_LONGEST_PAUSE = 0.02


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection whose calls run on the event loop (see the module)."""

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        pause, deadline = _FIRST_PAUSE, 0.0
        while True:
            try:
                return fn(*args, **kwargs)
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) not in _RETRIED:
                    raise
                now = time.monotonic()
                deadline = deadline or now + BUSY_SECONDS
                if now >= deadline:
                    raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, _LONGEST_PAUSE)

    async def _connect(self) -> InlineConnection:
        if self._connection is None:
            try:
                self._connection = self._connector()
            except BaseException:
                self.stop()
                raise
        return self


def connect(path: str, **kwargs: Any) -> InlineConnection:
    """An :class:`InlineConnection` to the SQLite file ``path``: await it, or ``async with`` it.

    ``kwargs`` go to :func:`sqlite3.connect`; the busy timeout, the thread check
    and the isolation level are this module's.
    """

    def connector() -> sqlite3.Connection:
        return sqlite3.connect(path, timeout=0, check_same_thread=False,
                               isolation_level="IMMEDIATE", **kwargs)

    return InlineConnection(connector, iter_chunk_size=64)
