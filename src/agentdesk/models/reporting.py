"""Structured output that reports as a chat model call does.

Our models answer ``with_structured_output`` from a plain runnable (the scripted
model's next item, the local model's constrained decode), which LangChain's
callbacks would not see as a model call. :func:`reported_structured` wraps it
so it starts and ends a chat model run (``on_chat_model_start``/``on_llm_end``,
with the answer's ``usage_metadata``): usage meters, tracers and LangSmith count
it like any other call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.load import dumpd
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.outputs import ChatGeneration, LLMResult
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
from langchain_core.runnables.config import get_callback_manager_for_config

__all__ = ["Answer", "reported_structured", "usage"]

Answer = tuple[Any, AIMessage]
"""What the structured call returns, and the message that stands for it (text, usage)."""


def usage(tokens_in: int, tokens_out: int) -> UsageMetadata:
    """A message's ``usage_metadata``."""
    return UsageMetadata(input_tokens=tokens_in, output_tokens=tokens_out,
                         total_tokens=tokens_in + tokens_out)


def estimated_usage(messages: list[BaseMessage], answer: str) -> UsageMetadata:
    """Tokens counted approximately (LangChain's estimate), for a model that counts none."""
    return usage(count_tokens_approximately(messages),
                 count_tokens_approximately([AIMessage(content=answer)]))


def reported_structured(model: BaseChatModel, name: str,
                        answer: Callable[[list[BaseMessage]], Answer],
                        ) -> Runnable[LanguageModelInput, Any]:
    """A runnable that calls ``answer`` on the input's messages inside a chat model run."""

    def call(value: LanguageModelInput, config: RunnableConfig) -> Any:
        messages = model._convert_input(value).to_messages()
        manager = get_callback_manager_for_config(config)
        params = model._get_ls_params()
        manager.add_metadata({k: v for k, v in params.items() if v is not None}, inherit=False)
        run = manager.on_chat_model_start(dumpd(model), [messages], name=name)[0]
        try:
            result, message = answer(messages)
        except BaseException as exc:
            run.on_llm_error(exc)
            raise
        run.on_llm_end(LLMResult(generations=[[ChatGeneration(message=message)]]))
        return result

    return RunnableLambda(call, name=name)
