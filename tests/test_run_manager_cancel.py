"""A run cancelled in the instant between its launch and its first step (a thread deleted
while its next run is being started) ends cancelled, and whoever waits for it returns."""

from __future__ import annotations

import asyncio
from pathlib import Path

import sqlalchemy as sa

from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.storage.persistence import runs
from agentdesk.server.manager import RunManager
from agentdesk.settings import Settings

from .trip_script import REQUEST, TripScript


def test_a_run_cancelled_before_its_task_begins_ends_cancelled_and_is_not_waited_for_ever(
        tmp_path: Path, trip_script: TripScript, database_url: str) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def main() -> None:
        config = Settings(data_dir=tmp_path / "data", actor="tester", database_url=database_url)
        async with Desk.open(config) as desk:
            manager = RunManager(desk, workers=False)
            run = await desk.prepare_start("trip", {"messages": REQUEST}, model=model)
            await manager.launch(run)  # its task is created, not yet begun
            live = manager.live[run.run_id]
            assert not live.started
            await manager.cancel(run.run_id)  # no await in between: it has not begun
            assert live.stream.done.is_set()
            await asyncio.wait_for(manager.wait(run.run_id), 10)
            async with desk.persistence.engine.connect() as conn:
                status, error = (await conn.execute(sa.select(runs.c.status, runs.c.error).where(
                    runs.c.run_id == run.run_id))).one()
            assert (status, error) == ("cancelled", "run cancelled")
            assert run.run_id not in manager.live

    asyncio.run(main())
