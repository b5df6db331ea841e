"""What the process that runs agents lends to a domain's routes and to a channel.

A domain's HTTP routes and the email channel start runs, but they sit below the
server, so they never import it: they ask for what they need through these
Protocols, which the server implements and hands them.

* :class:`AgentRuns`: run an agent for the person calling a route, to its end.
  The server installs a factory on ``app.state.agent_runs`` at startup; a route
  asks for it with :data:`AgentRunsDep`. Who the caller is (API key, owner of
  the new thread, actor recorded) is the server's business, decided as for any
  of its own routes.
* :class:`RunLauncher`: launch a run a channel prepared, and hear when it has
  ended in this process. The server's run manager is one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Protocol

from fastapi import Depends, Request

from agentdesk.errors import ConfigError

from .prepare import PreparedRun, RunStatus

__all__ = ["AGENT_RUNS", "AgentRuns", "AgentRunsDep", "FinishedRun", "RunLauncher"]

AGENT_RUNS = "agent_runs"
"""The ``app.state`` attribute holding the factory ``(Request) -> AgentRuns``."""


@dataclass(frozen=True)
class FinishedRun:
    """How a run started by :meth:`AgentRuns.run_to_end` ended."""

    thread_id: str
    """The run's new thread, as the server stores it (the server answers it as its public id)."""
    status: RunStatus
    """``completed``, ``interrupted``, ``failed``; ``queued`` when the server stopped first."""
    result: Any = None
    """The agent's result (its spec's ``result``) when it completed."""
    error: str | None = None
    """Why it failed, in words; None unless ``status`` is ``failed``."""
    values: dict[str, Any] = field(default_factory=dict)
    """The thread's values as the run left them (what a failed run got done too)."""


class AgentRuns(Protocol):
    """Runs for the person calling the current request."""

    async def run_to_end(self, agent: str, payload: dict[str, Any]) -> FinishedRun:
        """Start ``agent`` on a new thread of the caller's with ``payload``, wait for its end.

        Raises:
            AgentdeskError: the run was refused before it was recorded (bad input, a
                model that cannot be built); nothing of it is left behind.
        """
        ...


class RunLauncher(Protocol):
    """What a channel needs of the process that executes runs."""

    workers: bool
    """Whether this process executes the runs it prepares (else they wait for a worker)."""

    async def launch(self, run: PreparedRun, *, waited: bool = False) -> None:
        """Execute ``run`` here if this process claimed it (else a worker takes it)."""
        ...

    def when_ended(self, run_id: str, callback: Callable[[], object]) -> None:
        """Call ``callback`` once run ``run_id`` stops executing here; nothing if it is not."""
        ...


async def _agent_runs(request: Request) -> AgentRuns:
    factory: Callable[[Request], AgentRuns] | None = getattr(request.app.state, AGENT_RUNS, None)
    if factory is None:
        raise ConfigError("this app runs no agents: nothing installed app.state.agent_runs")
    return factory(request)


AgentRunsDep = Annotated[AgentRuns, Depends(_agent_runs)]
"""A route's runs for its caller, from the factory on ``app.state.agent_runs``."""
