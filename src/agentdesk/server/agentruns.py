"""The server's side of :class:`~agentdesk.runtime.runs.ports.AgentRuns`: runs for a caller.

A domain's routes are mounted with :func:`remember_caller` as a dependency, so they
are authenticated like every other route (401 without a valid key) and the
caller is at hand; :func:`caller_runs`, installed as ``app.state.agent_runs``,
gives such a route runs that belong to that caller: a new thread in the
caller's id namespace, owned by the caller's key, recorded with the caller's
actor, streaming what the web app's activity log shows, executed by this
server's workers (or queued for a worker, API-only).
"""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import Request

from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.ports import AgentRuns, FinishedRun

from .deps import Caller, CallerDep
from .manager import RunManager
from .stream import PEOPLE_MODES

__all__ = ["CallerRuns", "caller_runs", "remember_caller"]


class CallerRuns:
    """Runs started for one authenticated caller."""

    def __init__(self, desk: Desk, manager: RunManager, caller: Caller) -> None:
        self.desk = desk
        self.manager = manager
        self.caller = caller

    async def run_to_end(self, agent: str, payload: dict[str, Any]) -> FinishedRun:
        """Record a run of ``agent`` on a new thread of the caller's, execute it, wait for it."""
        caller, desk = self.caller, self.desk
        run = await desk.prepare_start(agent, payload, owner=caller.owner,
                                       new_thread_id=caller.ids.inward(str(uuid.uuid4())),
                                       actor=caller.actor(), display_name=caller.beside(),
                                       stream_modes=PEOPLE_MODES, claim=self.manager.workers)
        await self.manager.launch(run)
        ended = await self.manager.wait(run.run_id)
        outcome = await desk.outcome_of(run.run_id)
        if ended is not None:  # it ended here: the thread's final state is at hand
            values = ended[1].values or {}
        else:
            values = (await desk.view(run.thread_id, caller.owner)).values
        error = (outcome.error or {}).get("message", "failed") \
            if outcome.status == "failed" else None
        return FinishedRun(thread_id=run.thread_id, status=outcome.status,
                           result=outcome.result, error=error, values=values)


def caller_runs(request: Request) -> AgentRuns:
    """The request's :class:`CallerRuns` (its route depends on :func:`remember_caller`)."""
    state = request.app.state
    return CallerRuns(state.desk, state.manager, request.state.caller)


async def remember_caller(request: Request, caller: CallerDep) -> None:
    """Authenticate a domain's route as any other, and keep its caller for :func:`caller_runs`."""
    request.state.caller = caller
