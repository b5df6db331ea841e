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

* **Another writer of this process.** SQLite lets one connection write at a
  time. The connections of one process to one file (the app tables' pool, the
  checkpointer's, the Store's) take turns through a :class:`WriteGate`, a FIFO
  queue on the event loop: a write that would begin while another connection of
  the process holds the write transaction awaits its turn, and is woken the
  moment that transaction commits or rolls back. Nothing sleeps and guesses.
  Which connection holds the turn is read from SQLite itself
  (``in_transaction`` after each call), so every way a transaction ends (a
  commit, a rollback, a failed statement, a closed connection) hands it on.
* **A writer of another process** (or of a thread with its own connection,
  such as the run queue's heartbeat). The connection's own busy timeout is 0: a
  write that finds the file locked by it fails at once with ``SQLITE_BUSY``,
  before it has done anything, and is tried again after an ``asyncio.sleep``
  (0.5 ms, doubling to 20 ms), so the loop runs meanwhile. Write transactions
  begin with ``BEGIN IMMEDIATE`` (the connection's isolation level), so the write
  lock is taken before the transaction reads anything and a retry never meets a
  stale snapshot.
* **Either wait** ends after :data:`BUSY_SECONDS` with SQLite's own "database
  is locked" error, as a busy timeout would: a transaction that holds the turn
  while it awaits another write of the same process (which can never come)
  fails instead of hanging.
* **What stays on the loop** is SQLite's own work: reading pages, writing the
  log and, with ``synchronous=full``, each commit's fsync (0.2 ms on an idle
  disk, tens of milliseconds on a busy one, the loop stalled meanwhile; commits
  on aiosqlite's thread were measured too, and were slower). With
  ``synchronous=normal`` (the desk's default) a commit is not synced: the log
  reaches the disk at its checkpoints, and :func:`sync_to_disk` syncs it off the
  loop before anything acts on the world.

aiosqlite's thread still runs for what SQLAlchemy hands it directly (setting an
isolation level) and for stopping the connection.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
import time
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal

import aiosqlite

from agentdesk.runtime.meters import meters

__all__ = ["BUSY_SECONDS", "InlineConnection", "Synchronous", "WriteGate", "connect",
           "sync_to_disk"]

Synchronous = Literal["normal", "full"]

BUSY_SECONDS = 30.0
"""How long a write waits for another writer of the same file before it fails."""

_RETRIED = frozenset({sqlite3.SQLITE_BUSY, 261})  # SQLITE_BUSY, SQLITE_BUSY_RECOVERY
_FIRST_PAUSE = 0.0005
_LONGEST_PAUSE = 0.02
_WRITES = frozenset({"INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN", "CREATE", "DROP", "ALTER"})


class WriteGate:
    """The turn at one SQLite file's write lock among one event loop's connections.

    ``holder`` is the connection inside a write transaction, ``None`` when there
    is none. A connection queues with :meth:`wait` when it finds the turn taken;
    :meth:`note` records what SQLite says after each call and, when the holder's
    transaction has ended, gives the turn to the first in the queue (it is
    reserved for it until it runs, so a newcomer cannot take it in between).
    """

    def __init__(self) -> None:
        self.holder: InlineConnection | None = None
        self._queue: deque[tuple[InlineConnection, asyncio.Future[None]]] = deque()

    def busy_for(self, conn: InlineConnection) -> bool:
        """Whether ``conn`` must queue before it begins a write."""
        return (self.holder is not None and self.holder is not conn) or (
            self.holder is None and bool(self._queue))

    async def wait(self, conn: InlineConnection, deadline: float) -> None:
        """Queue ``conn`` until the turn is its own; SQLite's "locked" error past ``deadline``."""
        entry = (conn, asyncio.get_running_loop().create_future())
        self._queue.append(entry)
        meters().sqlite_waits.labels("this process").inc()
        if self.holder is None:
            self._hand_on()
        try:
            async with asyncio.timeout(max(deadline - time.monotonic(), 0)):
                await entry[1]
        except TimeoutError:
            self._leave(entry)
            raise sqlite3.OperationalError("database is locked") from None
        except BaseException:
            self._leave(entry)
            raise

    def _leave(self, entry: tuple[InlineConnection, asyncio.Future[None]]) -> None:
        if entry in self._queue:
            self._queue.remove(entry)
        elif self.holder is entry[0] and not _writing(entry[0]):
            self.holder = None  # the turn was given to it, and it will not use it
            self._hand_on()

    def note(self, conn: InlineConnection, writing: bool) -> None:
        """After a call of ``conn``: ``writing`` is whether it is now inside a transaction."""
        if writing:
            if self.holder is None:
                self.holder = conn
        elif self.holder is conn:
            self.holder = None
            self._hand_on()

    def _hand_on(self) -> None:
        while self._queue:
            conn, turn = self._queue.popleft()
            if not turn.done():
                self.holder = conn
                turn.set_result(None)
                return


_GATES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, WriteGate]] = (
    weakref.WeakKeyDictionary())


def _named_file(path: str) -> bool:
    """Whether ``path`` names a file by its path (not ``:memory:`` nor a ``file:`` URI)."""
    return bool(path) and not path.startswith((":", "file:"))


def _gate(path: str) -> WriteGate:
    """The write gate of the file at ``path`` on the running loop."""
    gates = _GATES.setdefault(asyncio.get_running_loop(), {})
    key = os.path.realpath(path) if _named_file(path) else path
    gate = gates.get(key)
    if gate is None:
        gate = gates[key] = WriteGate()
    return gate


async def _pause(seconds: float) -> None:
    """The wait before trying a file that another process (or thread) is writing again."""
    await asyncio.sleep(seconds)


def _writing(conn: InlineConnection) -> bool:
    """Whether ``conn`` is inside a transaction (a closed connection is not)."""
    try:
        return bool(conn._connection is not None and conn._connection.in_transaction)
    except sqlite3.ProgrammingError:
        return False


def _begins_write(args: tuple[Any, ...]) -> bool:
    """Whether a call with ``args`` is a statement that writes (its first word says so)."""
    if not args or not isinstance(args[0], str):
        return False
    first = args[0].lstrip().split(None, 1)
    return bool(first) and first[0].upper() in _WRITES


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection whose calls run on the event loop (see the module)."""

    _path: str = ""
    _write_gate: WriteGate | None = None

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        gate = self._write_gate
        if gate is None:
            gate = self._write_gate = _gate(self._path)
        conn = self._connection
        pause, deadline = _FIRST_PAUSE, 0.0
        try:
            while True:
                if not conn.in_transaction and gate.busy_for(self) and _begins_write(args):
                    deadline = deadline or time.monotonic() + BUSY_SECONDS
                    await gate.wait(self, deadline)
                try:
                    result = fn(*args, **kwargs)
                except sqlite3.OperationalError as exc:
                    now = time.monotonic()
                    deadline = deadline or now + BUSY_SECONDS
                    if getattr(exc, "sqlite_errorcode", None) not in _RETRIED or now >= deadline:
                        raise
                    if gate.busy_for(self):  # a writer of this process: queue behind it
                        await gate.wait(self, deadline)
                        continue
                    # Another process's (or thread's) writer. This connection takes the
                    # turn while it waits for it, so this process's other writers queue
                    # behind it instead of each polling the file.
                    gate.holder = self
                    if pause == _FIRST_PAUSE:
                        meters().sqlite_waits.labels("another process").inc()
                else:
                    gate.note(self, _writing(self))
                    return result
                await _pause(pause)
                pause = min(pause * 2, _LONGEST_PAUSE)
        except BaseException:
            # However the call ends (a failed statement, a wait given up, a cancel), a
            # turn this connection holds outside a transaction goes on to the next.
            gate.note(self, _writing(self))
            raise

    async def _connect(self) -> InlineConnection:
        if self._connection is None:
            try:
                self._connection = self._connector()
            except BaseException:
                self.stop()
                raise
        return self

    def stop(self) -> Any:
        """Close, handing the write turn on if this connection held it."""
        gate = self._write_gate
        if gate is not None and gate.holder is self:
            gate.note(self, False)
        return super().stop()


def connect(path: str, isolation_level: Literal["IMMEDIATE"] | None = "IMMEDIATE",
            synchronous: Synchronous = "full", **kwargs: Any) -> InlineConnection:
    """An :class:`InlineConnection` to the SQLite file ``path``: await it, or ``async with`` it.

    ``isolation_level`` is ``IMMEDIATE`` (the module's writes take the lock first)
    or ``None`` for a caller that begins its own transactions (LangGraph's Store);
    ``synchronous`` is SQLite's setting of that name (see :func:`sync_to_disk`);
    ``kwargs`` go to :func:`sqlite3.connect`; the busy timeout and the thread check
    are this module's.
    """
    if synchronous not in ("normal", "full"):
        raise ValueError(f"synchronous: {synchronous!r} is not 'normal' or 'full'")

    def connector() -> sqlite3.Connection:
        conn = sqlite3.connect(path, timeout=0, check_same_thread=False,
                               isolation_level=isolation_level, **kwargs)
        conn.execute(f"PRAGMA synchronous={synchronous}")
        return conn

    conn = InlineConnection(connector, iter_chunk_size=64)
    conn._path = path
    return conn


async def sync_to_disk(path: str) -> None:
    """Make every commit to the SQLite file at ``path`` durable, off the event loop.

    With ``synchronous=normal`` in WAL mode a commit is written to the write-ahead
    log and reaches the disk at the log's next checkpoint: a process that dies loses
    nothing (the operating system holds the write), a power cut can lose the last
    commits. Syncing the log file makes every commit so far durable at once, so a
    caller that is about to act on the world (send an email, call a tool with
    effects) first awaits this, and the record that it is acting survives a power
    cut too. Callers take turns on one thread of their own; after the first sync
    of a burst the others find little left to write. With ``synchronous=full`` the
    log is already synced and this costs one system call.
    """
    if not _named_file(path):
        return
    await asyncio.get_running_loop().run_in_executor(_syncer(), _sync_files, path)


@functools.cache
def _syncer() -> ThreadPoolExecutor:
    """The process's one thread for syncs: never the loop's default executor, whose few
    threads may all be graph nodes waiting for this very loop (LangGraph runs a sync node
    there), which would leave the sync no thread to run on."""
    return ThreadPoolExecutor(1, thread_name_prefix="agentdesk-sqlite-sync")


def _sync_files(path: str) -> None:
    """fsync the write-ahead log of ``path``. Never the database file itself: SQLite holds
    POSIX locks on it, and closing any descriptor of that file releases every such lock
    of the process. The log carries none; a commit no longer in it was checkpointed into
    the database file, which the checkpoint synced."""
    try:
        fd = os.open(f"{path}-wal", os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
