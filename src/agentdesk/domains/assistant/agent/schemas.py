"""What a caller passes to the assistant, and the planner's checked tool calls."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

__all__ = ["AssistantInput", "PlannedCall"]

UserId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120,
                                          pattern=r"^[A-Za-z0-9@._:-]+$")]


class AssistantInput(BaseModel):
    """One turn of a conversation: the user's message and who they are."""

    model_config = ConfigDict(extra="forbid")

    messages: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                               max_length=16_000)] = Field(
        description="The user's message")
    user_id: UserId = Field(default="default",
                            description="Whose profile and memories the conversation uses")

    @field_validator("messages")
    @classmethod
    def _readable(cls, value: str) -> str:
        from agentdesk.errors import InputError

        from .safety import validate_input

        try:
            return validate_input(value)
        except InputError as exc:
            raise ValueError(str(exc).removeprefix("text: ")) from None


class PlannedCall(BaseModel):
    """A tool call the planner settled on; ``args`` are checked by the tool's own schema."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    args: dict[str, Any] = Field(default_factory=dict)
