"""The effect ledger runs a call with effects once per key; simulation jobs are never lost silently."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agentdesk.domains.simulation.bridge.jobs import JobBoard
from agentdesk.runtime.durable.effects import EffectLedger, EffectUncertain
from agentdesk.runtime.storage.persistence import open_persistence


def _ledger_case(body: Any, tmp_path: Path) -> Any:
    async def main() -> Any:
        async with open_persistence(f"sqlite:///{tmp_path / 'ledger.db'}") as persistence:
            return await body(EffectLedger(persistence.engine), persistence.engine)
    return asyncio.run(main())


def test_a_done_call_returns_its_stored_result_and_never_runs_again(tmp_path: Path) -> None:
    calls: list[str] = []

    async def act(key: str) -> dict[str, Any]:
        calls.append(key)
        return {"sent": len(calls)}

    async def body(ledger: EffectLedger, _: Any) -> list[Any]:
        first = await ledger.once("t:task:c1", thread_id="t", run_id="r", tool="send",
                                  args={"to": "x"}, call=act, idempotent=False)
        again = await ledger.once("t:task:c1", thread_id="t", run_id="r2", tool="send",
                                  args={"to": "x"}, call=act, idempotent=False)
        return [first, again, await ledger.for_thread("t")]

    first, again, rows = _ledger_case(body, tmp_path)
    assert first == again == {"sent": 1}
    assert calls == ["t:task:c1"]
    assert [(r["status"], r["result"]) for r in rows] == [("done", {"sent": 1})]


def test_a_call_cut_off_mid_way_is_repeated_with_its_key_or_refused(tmp_path: Path) -> None:
    """A process died during the call: started, no result recorded."""
    keys: list[str] = []

    async def dies(key: str) -> Any:
        keys.append(key)
        raise KeyboardInterrupt  # stands for the process dying inside the call

    async def act(key: str) -> dict[str, Any]:
        keys.append(key)
        return {"ok": True}

    async def body(ledger: EffectLedger, _: Any) -> Any:
        for key in ("t:a:1", "t:b:1"):
            with pytest.raises(KeyboardInterrupt):
                await ledger.once(key, thread_id="t", run_id="r", tool="tool", args={},
                                  call=dies, idempotent=True)
        # An idempotent tool gets the same key again, so it can recognise the repeat.
        repeated = await ledger.once("t:a:1", thread_id="t", run_id="r", tool="tool", args={},
                                     call=act, idempotent=True)
        # Any other tool is never called blindly a second time.
        with pytest.raises(EffectUncertain, match="may already have run"):
            await ledger.once("t:b:1", thread_id="t", run_id="r", tool="tool", args={},
                              call=act, idempotent=False)
        return repeated

    assert _ledger_case(body, tmp_path) == {"ok": True}
    assert keys == ["t:a:1", "t:b:1", "t:a:1"]


def test_a_job_whose_process_died_is_lost_not_succeeded(tmp_path: Path) -> None:
    stored: dict[str, dict[str, Any]] = {}
    started = JobBoard(store=lambda r: stored.__setitem__(r["job_id"], r), load=stored.get)

    def forever(after_chunk: Any) -> None:
        while after_chunk(0.5):
            pass
        return None

    job = started.submit("sim-1", forever, timeout=60)
    assert stored[job.job_id]["status"] in ("queued", "running")
    # Another process (the first one died) asks about the job: it is not running anywhere.
    other = JobBoard(store=lambda r: stored.__setitem__(r["job_id"], r), load=stored.get)
    seen = other.get(job.job_id)
    assert seen.status == "lost" and "ended before it finished" in (seen.error or "")
    assert stored[job.job_id]["status"] == "lost"
    started.cancel(job.job_id)


def test_the_started_row_is_on_disk_before_the_call_changes_the_world(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``synchronous=normal`` a commit reaches the disk at the log's checkpoint: the
    ledger syncs the log (and the file) before the call, so a power cut cannot undo the
    "started" row of a call that went out."""
    from agentdesk.runtime.storage import sqliteconn

    seen: list[str] = []
    synced = sqliteconn._sync_files

    def sync(path: str) -> None:
        seen.append(f"sync {Path(path).name}")
        synced(path)

    monkeypatch.setattr(sqliteconn, "_sync_files", sync)

    async def act(key: str) -> dict[str, Any]:
        seen.append("call")
        return {"ok": True}

    async def main() -> Any:
        async with open_persistence(f"sqlite:///{tmp_path / 'ledger.db'}",
                                    sqlite_synchronous="normal") as persistence:
            engine = persistence.engine
            async with engine.connect() as conn:
                mode = (await conn.exec_driver_sql("PRAGMA synchronous")).scalar()
            saver_mode = await (await persistence.checkpointer.conn.execute(  # type: ignore[attr-defined]
                "PRAGMA synchronous")).fetchone()
            store_mode = await (await persistence.memory.conn.execute(  # type: ignore[attr-defined]
                "PRAGMA synchronous")).fetchone()
            await EffectLedger(engine).once("t:task:c1", thread_id="t", run_id="r",
                                            tool="send", args={}, call=act, idempotent=False)
            return mode, saver_mode[0], store_mode[0]

    modes = asyncio.run(main())
    assert modes == (1, 1, 1)  # NORMAL on the app tables', the checkpointer's, the Store's
    assert seen == ["sync ledger.db", "call"]
