"""Locks that tell, on one host, whether a process of a deployment is alive.

Each process that claims runs holds an exclusive ``fcntl.flock`` on
``<data dir>/workers/<database key>/<worker name>.lock`` for as long as it lives;
the kernel releases the lock when the process dies, however it dies (``kill -9``
too). Another process of the same host and database that *can* lock that file
knows the worker is dead, and takes its runs back at once through the queue's
fenced sweep (:meth:`~agentdesk.runtime.durable.queue.RunQueue.sweep`) instead of
waiting out their lease. Runs of workers with no lock file here (other hosts) wait
for their lease as before. Nothing here reads a PID or a host name: a file that
cannot be locked belongs to a live worker, one that can to a dead one.

The same kind of lock (:func:`mail_lock_path`, never deleted) picks the one process
of a host and database that owns the mail listener and catcher.

Caveats: a lock file is created under a temporary name, locked, then renamed, so
no one ever sees an unlocked file of a live worker. ``os.open`` descriptors are
not inherited by ``exec``-ed children, so a tool server the process starts does
not keep its lock alive; a child forked without ``exec`` would. Where ``fcntl`` is
missing (Windows) or the data directory cannot be written, nothing is held and
nothing is found dead: the lease governs.
"""

from __future__ import annotations

import hashlib
import logging
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

try:
    import fcntl
except ImportError:  # Windows: no host locks, the lease governs
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from agentdesk.runtime.storage.persistence import DatabaseURL

    from .queue import RunQueue

__all__ = ["HostLock", "database_key", "held_worker", "lock_dir", "mail_lock_path",
           "take_back_dead", "try_lock"]

log = logging.getLogger(__name__)

SUFFIX = ".lock"


def database_key(url: DatabaseURL) -> str:
    """A short name for the database: its file, or its server and name (no user or password).

    Only workers with the same key are looked at, so two deployments that share a
    data directory but not a database never take each other's runs."""
    if url.dialect == "sqlite":
        identity = "sqlite:" + str(Path(url.target).expanduser().resolve())
    else:
        from sqlalchemy.engine import make_url

        parsed = make_url(url.sqlalchemy_url)
        identity = f"postgresql:{parsed.host or ''}:{parsed.port or 5432}/{parsed.database or ''}"
    return f"{url.dialect}-{hashlib.sha256(identity.encode()).hexdigest()[:16]}"


def lock_dir(data_dir: Path, url: DatabaseURL) -> Path:
    """Where the lock files of the workers of database ``url`` on this host are."""
    return data_dir / "workers" / database_key(url)


def mail_lock_path(data_dir: Path, url: DatabaseURL) -> Path:
    """The lock the owner of the mail listener and catcher holds (``mail_listener=auto``)."""
    return data_dir / "workers" / f"{database_key(url)}.mail{SUFFIX}"


@dataclass(eq=False)
class HostLock:
    """An open, exclusively locked file."""

    path: Path
    fd: int

    def release(self, *, unlink: bool = False) -> None:
        """Unlock and close (deleting the file first if ``unlink``, while still locked)."""
        if self.fd < 0:  # no lock was available: nothing is held
            return
        if unlink:
            with suppress(FileNotFoundError):
                self.path.unlink()
        os.close(self.fd)  # closing the last descriptor releases the flock


def _locked(fd: int) -> bool:
    """Try to take the exclusive lock of ``fd`` without waiting."""
    assert fcntl is not None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def try_lock(path: Path) -> HostLock | None:
    """Lock ``path`` (created if missing) if no live process holds it; None if one does.

    Where locks are not available (no ``fcntl``, a directory that cannot be written)
    the answer is a lock with ``fd`` -1: the caller acts as the only process, as it
    did before there were host locks."""
    if fcntl is None:
        return HostLock(path, -1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        log.info("no host lock at %s (%s): this process acts alone", path, exc)
        return HostLock(path, -1)
    if _locked(fd):
        return HostLock(path, fd)
    os.close(fd)
    return None


def _hold_new(directory: Path, name: str) -> HostLock | None:
    """Create ``<name>.lock`` in ``directory`` already locked (locked under a temporary name,
    then renamed, so it is never seen unlocked)."""
    if fcntl is None:
        return None
    temporary = directory / f".{name}.{uuid.uuid4().hex[:8]}.tmp"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        log.info("no worker lock in %s (%s): dead workers here wait for their lease",
                 directory, exc)
        return None
    _locked(fd)  # a file no one else has opened: always granted
    final = directory / f"{name}{SUFFIX}"
    os.rename(temporary, final)
    return HostLock(final, fd)


_HELD: dict[Path, tuple[HostLock | None, int]] = {}
"""This process's worker locks and how many opened desks use each."""


@contextmanager
def held_worker(directory: Path, name: str) -> Iterator[HostLock | None]:
    """Hold worker ``name``'s lock in ``directory`` while the context is open.

    One lock per process and directory, however many desks the process opens on it;
    released (and its file deleted) when the last one closes."""
    lock, users = _HELD.get(directory, (None, 0))
    if users == 0:
        lock = _hold_new(directory, name)
    _HELD[directory] = (lock, users + 1)
    try:
        yield lock
    finally:
        lock, users = _HELD.pop(directory)
        if users > 1:
            _HELD[directory] = (lock, users - 1)
        elif lock is not None:
            lock.release(unlink=True)


def _dead(directory: Path, alive: str) -> list[tuple[str, HostLock]]:
    """The workers of ``directory`` whose lock is free (their process died), locked by us;
    ``alive`` (this process's worker) is never one."""
    if fcntl is None:
        return []
    found = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    for entry in entries:
        stale_temporary = entry.name.startswith(".") and entry.name.endswith(".tmp")
        if not (entry.name.endswith(SUFFIX) or stale_temporary):
            continue
        name = entry.name.removesuffix(SUFFIX)
        if name == alive:
            continue
        try:
            fd = os.open(entry.path, os.O_RDWR)
        except OSError:  # gone meanwhile: taken care of by another process
            continue
        if not _locked(fd):
            os.close(fd)
            continue
        lock = HostLock(Path(entry.path), fd)
        if stale_temporary:  # a process that died before it renamed its file: it claimed nothing
            lock.release(unlink=True)
            continue
        found.append((name, lock))
    return found


async def take_back_dead(queue: RunQueue, directory: Path, alive: str) -> list[str]:
    """Put the runs of this host's dead workers back to ``pending`` now (not when their
    lease lapses), through the queue's fenced sweep; their lock files are then deleted.

    Returns the ids of the runs re-queued. Cheap when no worker died: one directory
    listing and a lock attempt per other live worker."""
    dead = _dead(directory, alive)
    if not dead:
        return []
    requeued: list[str] = []
    try:
        requeued = await queue.sweep(dead_workers=[name for name, _ in dead])
    except BaseException:
        for _, lock in dead:  # looked at again next time
            lock.release()
        raise
    for name, lock in dead:
        log.info("worker %s on this host is dead: its runs are taken back", name)
        lock.release(unlink=True)
    return requeued
