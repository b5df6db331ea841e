"""Input, the planner's plan, and local validation of every whitelisted tool's arguments."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .state import PlanAction, PlannedStep

__all__ = ["TOOL_ARGS", "Plan", "SimulationInput", "check_args"]

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]


class SimulationInput(BaseModel):
    """Input of a simulation thread: what the person asks for."""

    model_config = ConfigDict(extra="forbid")

    messages: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                               max_length=4000)]


class Plan(BaseModel):
    """The planner's next step."""

    action: PlanAction
    tool: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    justification: str = ""
    question: str | None = Field(default=None, description="For clarify: what to ask")

    def as_state(self) -> PlannedStep:
        """The plan as the state keeps it: ``model_dump()``, typed."""
        dumped = self.model_dump()
        return {"action": self.action, "tool": self.tool, "arguments": dumped["arguments"],
                "justification": self.justification, "question": self.question}


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoArgs(_Args):
    pass


class LoadArgs(_Args):
    model_path: Text


class SimulationArgs(_Args):
    simulation_id: Text


class ParameterArgs(SimulationArgs):
    parameter_path: Text


class SetParameterArgs(ParameterArgs):
    value: float = Field(allow_inf_nan=False)
    unit: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
    comment: str | None = Field(default=None, max_length=500)


class RunArgs(SimulationArgs):
    end_time: float = Field(gt=0, le=24 * 60, description="hours")
    points: int = Field(default=200, ge=2, le=5000)


class JobArgs(_Args):
    job_id: Text


class PKArgs(JobArgs):
    output: Text


TOOL_ARGS: dict[str, type[_Args]] = {
    "list_models": NoArgs, "load_simulation": LoadArgs, "list_parameters": SimulationArgs,
    "get_parameter_value": ParameterArgs, "set_parameter_value": SetParameterArgs,
    "run_simulation": RunArgs, "get_job_status": JobArgs, "cancel_job": JobArgs,
    "get_simulation_results": JobArgs, "calculate_pk_parameters": PKArgs,
}
"""Local validation of every whitelisted tool's arguments, before the bridge is called."""


def check_args(tool: str, args: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """(validated args, None) or (None, what is wrong, naming the field)."""
    schema = TOOL_ARGS.get(tool)
    if schema is None:
        return None, f"{tool!r} is not an allowed tool; use one of {', '.join(TOOL_ARGS)}"
    try:
        return schema.model_validate(args).model_dump(exclude_none=True), None
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "arguments"
        return None, f"{tool}: {field}: {first['msg']}"
