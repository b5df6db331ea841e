"""A process that dies at one exact instant: after a step's writes, before its checkpoint.

With ``durability="sync"`` LangGraph saves each finished task's writes, then the
step's checkpoint. A process that dies between the two leaves a checkpoint whose
task already has its writes: LangGraph's ``StateSnapshot.next`` leaves such tasks
out, so the snapshot looks finished although the step's result was never applied.
The next process must apply those writes and go on, not call the run finished.

The decide process below is the real CLI with one change: its checkpointer ends the
process (``os._exit``, as abrupt as SIGKILL) at that instant.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from .test_durability import agentdesk
from .trip_script import REQUEST, TripScript

DIE_BEFORE_CHECKPOINT = textwrap.dedent("""
    import asyncio, os, sys
    import agentdesk.runtime.runs.base as runs

    fence = runs.fence_checkpointer

    def dying(saver):
        saver = fence(saver)
        put, put_writes = saver.aput, saver.aput_writes
        writing = []

        async def aput_writes(config, writes, task_id, task_path=""):
            task = asyncio.ensure_future(put_writes(config, writes, task_id, task_path))
            if any(not c.startswith("__") for c, _ in writes):
                writing.append(task)
            await task

        async def aput(config, checkpoint, metadata, new_versions):
            # After the DIE_AFTER-th task's writes; LangGraph may save writes and the
            # checkpoint at once: let the writes land, then die.
            if len(writing) >= int(os.environ["DIE_AFTER"]):
                await asyncio.gather(*writing)
                os._exit(9)
            return await put(config, checkpoint, metadata, new_versions)

        saver.aput, saver.aput_writes = aput, aput_writes
        return saver

    runs.fence_checkpointer = dying
    from agentdesk.cli.main import main
    sys.argv = ["agentdesk", *sys.argv[1:]]
    main()
""")


@pytest.mark.parametrize(("decision", "die_after", "ends"), [
    # The resumed step itself (human_review): its interrupt still shows, so it is redone.
    (["approve"], 1, "completed"),
    # The step after it (the planner, revising): the snapshot shows no next node.
    (["reject", "--message", "another hotel"], 2, "interrupted"),
])
def test_a_decision_cut_between_a_steps_writes_and_its_checkpoint_goes_on(
        decision: list[str], die_after: int, ends: str, trip_script: TripScript,
        tmp_path: Path) -> None:
    env = {"AGENTDESK_RUN_LEASE_SECONDS": "2"}
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.answer(trip_script.itinerary(hotel=1)))
    code, paused = agentdesk("run", "trip", REQUEST, "--model", model, "--json", env=env)
    assert code == 0 and paused["status"] == "interrupted", paused
    thread = paused["thread_id"]

    script = tmp_path / "die_before_checkpoint.py"
    script.write_text(DIE_BEFORE_CHECKPOINT)
    died = subprocess.run([sys.executable, str(script), "decide", thread, *decision, "--json"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env, "DIE_AFTER": str(die_after)})
    assert died.returncode == 9, died.stdout + died.stderr  # it died where it should

    # The next process that touches the thread finishes the decided run.
    code, resumed = agentdesk("resume", thread, "--json", env=env)
    assert code == 0, resumed
    code, shown = agentdesk("show", thread, "--json")
    assert code == 0, shown
    values: dict[str, Any] = shown["values"]
    assert shown["thread"]["status"] == ends, (shown["thread"], json.dumps(values)[:300])
    if ends == "completed":
        assert values.get("is_approved") is True, json.dumps(values)[:400]
    else:  # the revised plan waits for review, with the other hotel
        assert values["revision_count"] == 1
        assert values["current_itinerary"]["hotels"][0]["offer_id"] == \
            trip_script.hotels["offers"][1]["offer_id"]
    decisions = [e for e in shown["audit"] if e["event"] == "decision"]
    assert len(decisions) == 1
