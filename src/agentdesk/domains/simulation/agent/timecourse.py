"""The time course of the last run, kept in the thread's state for its plot.

A run's job keeps the whole series in the bridge; the thread keeps it thinned to
:data:`PLOT_POINTS` points (the first, the last and each output's peak always among
them), so the web app draws the curve from the thread's final state alone and the
state stays small. Values are rounded to six significant digits, more than a plot shows.
"""

from __future__ import annotations

from typing import Any

from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import tool_result_data

__all__ = ["PLOT_POINTS", "fetch_time_course"]

PLOT_POINTS = 300
"""Most points a thread keeps of a run's time course."""


def _round(value: Any) -> Any:
    return float(f"{value:.6g}") if isinstance(value, int | float) else value


async def fetch_time_course(context: AgentContext, job_id: str, run_args: dict[str, Any],
                            ) -> dict[str, Any] | None:
    """The job's time course for the state, or None when the bridge cannot give it.

    Read through the tool policy (``get_simulation_results`` changes nothing), so it is
    audited and retried like any other call; a failure leaves the thread without a plot,
    never without its results.
    """
    tool = context.tools.get("get_simulation_results")
    if tool is None:
        return None
    message = await context.policy.call(tool, {
        "name": tool.name, "id": f"series-{job_id}", "type": "tool_call",
        "args": {"job_id": job_id, "max_points": PLOT_POINTS}})
    data = tool_result_data(message)
    if message.status == "error" or not isinstance(data, dict) or "time" not in data:
        return None
    return {"job_id": job_id, "simulation_id": data.get("simulation_id"),
            "end_time": run_args.get("end_time"), "points": data.get("points"),
            "time_unit": data.get("time_unit") or "h",
            "time": [_round(t) for t in data["time"]],
            "outputs": {name: [_round(v) for v in values]
                        for name, values in (data.get("outputs") or {}).items()},
            "output_units": data.get("output_units") or {}}
