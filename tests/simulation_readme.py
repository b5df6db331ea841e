"""The simulation agent's README request, run to its end approving every action, and the
Cmax the bridge's own engine gives for it: shared by the embedded-model and the
OpenAI-compatible-server tests, which run the same request on different models."""

from __future__ import annotations

import asyncio
from typing import Any

from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk

REQUEST = ("Load the one-compartment oral model, set the dose to 200 mg, run it for 24 "
           "hours and tell me Cmax")


def approve_every_action(model: str) -> tuple[list[dict[str, Any]], Any]:
    """The actions the agent asked approval for, in order, and the run's last outcome."""

    async def go() -> tuple[list[dict[str, Any]], Any]:
        async with Desk.open() as desk:
            outcome = await desk.start("simulation", {"messages": REQUEST}, model=model)
            actions = []
            while outcome.status == "interrupted":
                assert outcome.interrupt["kind"] == "approve_action", outcome.interrupt
                actions.append(outcome.interrupt["action"])
                outcome = await desk.decide(outcome.thread_id, Decision(type="approve"))
            return actions, outcome

    return asyncio.run(go())


def expected_cmax() -> float:
    """Cmax of the request's simulation, computed here from the bridge's own engine."""
    from agentdesk.domains.simulation.bridge import engine
    from agentdesk.domains.simulation.bridge.pk import pk_parameters

    file, root = engine.resolve_model("one_compartment_oral.ant", engine.configured_dirs(None))
    spec = engine.load_spec(file, root)
    series = engine.simulate(spec, {**spec.defaults, "dose": 200.0}, 24.0, 200, 20,
                             lambda _: True)
    assert series is not None
    return float(pk_parameters(series["time"], series["outputs"]["C"], "C", "mg/L")["cmax"])
