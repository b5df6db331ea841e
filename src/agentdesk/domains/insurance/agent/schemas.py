"""Pydantic models at the agent's edges: its input, the planner's decision, tool arguments."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agentdesk.domains.insurance.quote_request import (
    Applicant,
    Coverages,
    DriverCreate,
    PolicyDiscount,
    PriorInsurance,
    VehicleCreate,
)
from agentdesk.domains.insurance.validation import Invalid, check_vin

__all__ = ["CARRIER_TOOLS", "MAIL_TOOLS", "TOOL_ARGS", "TOOL_NAMES", "InsuranceInput",
           "PlannerDecision", "check_args"]


class InsuranceInput(BaseModel):
    """What starts a thread: one customer email (quoted history already stripped)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    message: str = Field(min_length=1, max_length=20_000)
    """The email's text."""
    customer_email: str | None = Field(default=None, max_length=254,
                                       pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
    customer_name: str | None = Field(default=None, max_length=120)
    subject: str | None = Field(default=None, max_length=300)


class PlannerDecision(BaseModel):
    """What a planning model answers: one next step (run a tool, wait, or complete)."""

    action: Literal["tool", "wait", "complete"]
    tool_name: str | None = None
    """With ``tool``: one of the agent's tools."""
    args: dict[str, Any] = Field(default_factory=dict)
    """The tool's arguments; those left out are taken from code's plan for the same tool."""
    reasoning: str = ""


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


SessionId = Annotated[str, Field(min_length=1, max_length=40)]


class QuoteInitiateArgs(_Args):
    applicant: Applicant
    effective_date: str | None = None
    prior_insurance: PriorInsurance | None = None
    discounts: list[PolicyDiscount] | None = None


class AddDriverArgs(_Args):
    session_id: SessionId
    driver: DriverCreate


class AddVehicleArgs(_Args):
    session_id: SessionId
    vehicle: VehicleCreate

    @field_validator("vehicle")
    @classmethod
    def _vin_checks(cls, vehicle: VehicleCreate) -> VehicleCreate:
        # An invalid VIN is asked again, never sent on, whoever planned the call.
        checked = check_vin(vehicle.vin)
        if isinstance(checked, Invalid):
            raise ValueError(f"vin: {checked.reason}")
        return vehicle


class SetCoveragesArgs(_Args):
    session_id: SessionId
    coverages: Coverages


class RateQuoteArgs(_Args):
    session_id: SessionId


class MissingField(_Args):
    field: str = Field(min_length=1, max_length=80)
    question: str = Field(min_length=1, max_length=500)
    reason: str | None = Field(default=None, max_length=1000)
    """Why it is asked again (an invalid value), in the customer's words."""


class AskCustomerArgs(_Args):
    missing_fields: list[MissingField] = Field(min_length=1, max_length=30)
    message: str = Field(min_length=1, max_length=10_000)
    """The email's body, as the customer will read it."""


class FinalSummaryArgs(_Args):
    session_id: SessionId
    outcome: Literal["rated", "referred", "declined"]
    message: str = Field(min_length=1, max_length=20_000)
    """The quote (or decline) email's body."""


class HumanReviewArgs(_Args):
    reason: str = Field(min_length=1, max_length=2000)


TOOL_ARGS: dict[str, type[_Args]] = {
    "quote_initiate_tool": QuoteInitiateArgs,
    "add_driver_tool": AddDriverArgs,
    "add_vehicle_tool": AddVehicleArgs,
    "set_coverages_tool": SetCoveragesArgs,
    "rate_quote_tool": RateQuoteArgs,
    "ask_customer_tool": AskCustomerArgs,
    "prepare_final_summary_tool": FinalSummaryArgs,
    "request_human_review_tool": HumanReviewArgs,
}
TOOL_NAMES = tuple(TOOL_ARGS)
CARRIER_TOOLS = {"quote_initiate_tool": "quote_initiate", "add_driver_tool": "add_driver",
                 "add_vehicle_tool": "add_vehicle", "set_coverages_tool": "set_coverages",
                 "rate_quote_tool": "rate"}
"""Our tool -> the carrier's MCP tool."""
MAIL_TOOLS = frozenset({"ask_customer_tool", "prepare_final_summary_tool"})


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def check_args(tool: str, args: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """``args`` validated for ``tool`` (JSON form), or a problem naming the field."""
    schema = TOOL_ARGS.get(tool)
    if schema is None:
        return None, f"tool_name: no tool named {tool!r}; tools: {', '.join(TOOL_NAMES)}"
    try:
        checked = schema.model_validate(args)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _where(tuple(error["loc"]))
        message = str(error["msg"]).removeprefix("Value error, ")
        return None, f"args.{where}: {message}" if where else f"args: {message}"
    return checked.model_dump(mode="json", exclude_none=True), None
