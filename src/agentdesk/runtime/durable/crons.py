"""Crons: schedules whose due ticks become runs, exactly once across processes and crashes.

Each server process runs a :class:`CronScheduler`. A tick of a cron is the time
stored in its ``next_run_at``; the run for it has a deterministic id
(:func:`tick_run_id`), so two schedulers (or one restarted after ``kill -9``) that
record the same tick collide on the run's primary key and only one run exists.
Only after the run is recorded does ``next_run_at`` move on, with a
compare-and-set on the tick it held, so a tick is never skipped either.

Like the Agent Server, the next tick is the schedule's first time after *now*:
ticks missed while no server ran collapse into one run (for the oldest missed
tick), never a burst. A thread cron whose thread is busy skips its tick with
``multitask_strategy="reject"`` and keeps it due (retried each poll) with
``"enqueue"``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from croniter import croniter

from agentdesk.errors import AgentdeskError, InputError, NotFoundError, ThreadBusyError
from agentdesk.runtime.assistants import (
    AssistantStore,
    ResolvedAssistant,
    resolve_assistant,
    run_options_on,
)
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.options import RunOptions
from agentdesk.runtime.storage.persistence import crons, now

__all__ = ["CronScheduler", "check_schedule", "check_timezone", "next_tick", "tick_options",
           "tick_run_id"]

log = logging.getLogger(__name__)

_TICKS = uuid.UUID("6f1d2c1e-6a43-4c8e-9d0b-8a5d2f3c7e11")
"""The namespace of tick ids (uuid5)."""


def check_schedule(schedule: str) -> str:
    """A schedule croniter parses (5 fields, or 6 with seconds last), else 422 on ``schedule``."""
    if not croniter.is_valid(schedule):
        raise InputError(f"{schedule!r} is not a valid cron expression", field="schedule")
    return schedule


def check_timezone(name: str | None) -> str | None:
    """An IANA zone name (None: UTC), else 422 on ``timezone``."""
    if name is None:
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError(f"{name!r} is not an IANA time zone", field="timezone") from None
    return name


def next_tick(schedule: str, timezone: str | None, after: datetime) -> datetime:
    """The schedule's first time strictly after ``after``, read in ``timezone``, in UTC."""
    zone = ZoneInfo(timezone or "UTC")
    tick: datetime = croniter(schedule, after.astimezone(zone)).get_next(datetime)
    return tick.astimezone(ZoneInfo("UTC"))


def tick_options(assistant: ResolvedAssistant, payload: dict[str, Any]) -> RunOptions:
    """The options of a tick's run: the cron's ``config``, ``context`` and breakpoints
    (kept in its payload) over ``assistant``'s; 422 naming a field that cannot be honoured."""
    return run_options_on(assistant, payload.get("config"), payload.get("context"),
                          interrupt_before=payload.get("interrupt_before"),
                          interrupt_after=payload.get("interrupt_after"))


def tick_run_id(cron_id: str, tick: datetime) -> str:
    """The id of the run for ``cron_id``'s tick at ``tick``: the same in every process."""
    return str(uuid.uuid5(_TICKS, f"{cron_id}/{tick.astimezone(ZoneInfo('UTC')).isoformat()}"))


class CronScheduler:
    """Turns due ticks into runs through the run queue (``claim=False``), every ``poll_seconds``.

    ``clock`` is the time the scheduler reads (tests may move it).
    """

    def __init__(self, desk: Desk, *, poll_seconds: float = 1.0,
                 clock: Callable[[], datetime] = now) -> None:
        self.desk = desk
        self.poll_seconds = poll_seconds
        self.clock = clock
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="agentdesk-crons")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick_all()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database away: the next poll tries again
                log.exception("cron scheduler poll failed")
            await asyncio.sleep(self.poll_seconds)

    async def tick_all(self) -> int:
        """Record a run for each due cron; how many crons were handled."""
        at = self.clock()
        query = sa.select(crons).where(crons.c.enabled.is_(True), crons.c.next_run_at <= at)
        async with self.desk.persistence.engine.connect() as conn:
            due = (await conn.execute(query.order_by(crons.c.next_run_at))).mappings().all()
        for row in due:
            await self._tick(dict(row), at)
        return len(due)

    async def _tick(self, cron: dict[str, Any], at: datetime) -> None:
        tick: datetime = cron["next_run_at"]
        end = cron["end_time"]
        if end is not None and tick >= end:
            await self._advance(cron, tick, None)  # past its end: no more runs
            return
        keep_due = False
        run_id = tick_run_id(cron["cron_id"], tick)
        if not await self._exists(run_id):
            try:
                await self._record(cron, tick, run_id)
            except ThreadBusyError:
                keep_due = cron["multitask_strategy"] == "enqueue"
                if not keep_due:
                    log.info("cron %s: thread busy, tick %s skipped", cron["cron_id"], tick)
            except Exception as exc:
                if not await self._exists(run_id):  # not another scheduler's win
                    if not isinstance(exc, AgentdeskError):
                        raise
                    log.warning("cron %s: tick %s not run: %s", cron["cron_id"], tick, exc)
        if not keep_due:
            following = next_tick(cron["schedule"], cron["timezone"], max(at, tick))
            await self._advance(cron, tick, None if end is not None and following >= end
                                else following)

    async def _exists(self, run_id: str) -> bool:
        try:
            await self.desk.store.get_run(run_id)
        except NotFoundError:
            return False
        return True

    async def _record(self, cron: dict[str, Any], tick: datetime, run_id: str) -> None:
        thread_id = cron["thread_id"]
        new_thread = None
        if thread_id is None:
            new_thread = cron["thread_prefix"] + str(uuid.uuid5(_TICKS, run_id))
        # The assistant as it is now: a created one's config and context as last updated.
        owner, payload = cron["owner"], cron["payload"] or {}
        assistant = await resolve_assistant(self.desk, cron["assistant_id"], owner)
        options = tick_options(assistant, payload)
        run = await self.desk.prepare_start(
            assistant.spec.name, cron["agent_input"], thread_id=thread_id,
            new_thread_id=new_thread, owner=owner, actor=cron["actor"], claim=False,
            run_id=run_id, options=options, webhook=payload.get("webhook"),
            metadata={**cron["metadata"], "cron_id": cron["cron_id"],
                      "cron_tick": tick.isoformat()})
        await AssistantStore(self.desk.persistence.engine, owner).record_run(
            run.run_id, run.thread_id, assistant)

    async def _advance(self, cron: dict[str, Any], tick: datetime,
                       following: datetime | None) -> None:
        """Move ``next_run_at`` from ``tick`` to ``following``, only if it still holds ``tick``."""
        async with self.desk.persistence.engine.begin() as conn:
            await conn.execute(crons.update().where(
                crons.c.cron_id == cron["cron_id"], crons.c.next_run_at == tick,
            ).values(next_run_at=following))
