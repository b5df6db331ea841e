"""A chat model that answers without a network: what the example graphs get instead.

Every answer is plain text with no tool calls, streamed word by word
(``GenericFakeChatModel``), so a graph that would call a tool ends after one
model turn. ``bind_tools`` is accepted and changes nothing, since the answers
never call a tool.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

ANSWERS = (
    "Hello! This is the e2e harness's fake model answering; no provider was called.",
    "Here is a second fake answer, again with no tool calls.",
)


class FakeChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` that a graph may ``bind_tools`` to."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> FakeChatModel:  # type: ignore[override]
        return self


def init_chat_model(model: str | None = None, *, model_provider: str | None = None,
                    **kwargs: Any) -> BaseChatModel:
    """The fake model, whatever provider and model name the graph asked for."""
    return FakeChatModel(messages=itertools.cycle(ANSWERS))
