"""A process killed with SIGKILL in the middle of the executor's fan-out resumes without
redoing the calls that had finished: LangGraph keeps a finished ``Send`` task's writes."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.assistant_harness import script

ROOT = Path(__file__).resolve().parents[1]


def _child(db: Path, work: Path, mode: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    return subprocess.Popen([sys.executable, "-m", "tests.assistant_crash_child", str(db),
                             str(work), "crash-thread", mode], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finished_writes(db: Path) -> int:
    """Tool results a finished executor task has written to the checkpointer."""
    if not db.exists():
        return 0
    with sqlite3.connect(db) as conn:
        try:
            rows = conn.execute("SELECT count(*) FROM writes WHERE channel = 'tool_results' "
                                "AND task_path LIKE '%__pregel_push%'")
        except sqlite3.OperationalError:  # the saver has not made its tables yet
            return 0
        return int(rows.fetchone()[0])


def _wait(predicate: object, what: str, limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while not predicate():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_kill_mid_fan_out_does_not_redo_finished_calls(tmp_path: Path) -> None:
    db, work = tmp_path / "checkpoints.db", tmp_path
    script(tmp_path, {"tool_calls": [{"name": "quick", "args": {}},
                                     {"name": "slow", "args": {}}]},
           {"content": "quick [1] and slow [2]."})
    first = _child(db, work, "start")
    try:
        _wait(lambda: (work / "slow.log").exists() and _finished_writes(db) >= 1,
              "quick's result to be checkpointed while slow hangs")
        assert first.poll() is None, first.communicate()
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == -signal.SIGKILL

    second = _child(db, work, "resume")
    out, err = second.communicate(timeout=180)
    assert second.returncode == 0, err[-2000:]
    final = json.loads(out.strip().splitlines()[-1])
    assert (work / "quick.log").read_text().splitlines() == ["start"]  # never redone
    assert (work / "slow.log").read_text().splitlines() == ["start", "resume"]
    assert sorted(r["tool"] for r in final["results"]) == ["quick", "slow"]
    assert final["answer"].startswith("quick [1] and slow [2].")
