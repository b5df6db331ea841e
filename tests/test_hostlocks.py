"""Host locks (issue 22, item 8): a real process holds a worker lock; ``kill -9`` frees it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from agentdesk.runtime.durable.hostlocks import _dead, held_worker, try_lock

HOLDER = """
import sys, time
from pathlib import Path
from agentdesk.runtime.durable.hostlocks import held_worker
with held_worker(Path(sys.argv[1]), "worker-child"):
    print("held", flush=True)
    time.sleep(600)
"""


def test_a_live_workers_lock_is_held_and_a_killed_ones_is_free(tmp_path: Path) -> None:
    directory = tmp_path / "workers" / "db"
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(directory)],
                             stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"held\n"
        with held_worker(directory, "worker-me"):
            assert sorted(p.name for p in directory.iterdir()) == [
                "worker-child.lock", "worker-me.lock"]
            assert _dead(directory, "worker-me") == []  # alive: its lock cannot be taken
            child.kill()
            child.wait()
            dead = _dead(directory, "worker-me")
            assert [name for name, _ in dead] == ["worker-child"]
            for _, lock in dead:
                lock.release(unlink=True)
            assert [p.name for p in directory.iterdir()] == ["worker-me.lock"]
        assert list(directory.iterdir()) == []  # released and deleted on close
    finally:
        child.kill()
        child.wait()


def test_the_mail_lock_has_one_holder_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "workers" / "db.mail.lock"
    first = try_lock(path)
    assert first is not None and first.fd >= 0
    assert try_lock(path) is None  # another open file: refused, even in this process
    first.release()
    again = try_lock(path)
    assert again is not None
    again.release()
