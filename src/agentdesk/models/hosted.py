"""A model behind the OpenAI API, the real one or a compatible server: :class:`HostedChatModel`.

Structured output goes out the way the server takes it (:data:`~.options.STRUCTURED_METHODS`):
``json_schema`` (OpenAI's ``response_format``), ``json_mode`` (``{"type": "json_object",
"schema": ...}``: JSON mode with the schema beside it, which llama-cpp-python's server turns
into a grammar, so even a small model's answer parses) or ``function_calling`` (one forced
tool whose arguments are the answer). The spec says which; otherwise one short request
at first use tries them in that order and the first the server neither refuses nor
ignores is kept for that server and model (:func:`structured_method`).

A small model (``?small=1``) is given what the embedded model is given: tool calls and
answers decoded as one JSON value under the schema the local model decodes under
(:func:`~.local.grammar.build_decoding_schema`), the conversation folded into
alternating user and assistant turns. Other models get native tool calls; an answer
held to a schema (``answer_schema``) goes out as structured output.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import openai
from langchain_core.language_models import LanguageModelInput
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
)
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_core.utils.function_calling import convert_to_openai_tool
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, ValidationError

from agentdesk.errors import ModelError
from agentdesk.text import plain

from .failures import TRY_ANOTHER_MODEL, invalid_answer, unparsable_answer
from .local.grammar import build_decoding_schema, decoded_message, describe_tools, loosen
from .local.turns import to_chat_turns
from .options import STRUCTURED_METHODS, StructuredMethod

__all__ = ["HostedChatModel", "structured_method"]

_ANSWER = "answer"
"""The name of the forced tool that carries a structured answer (``function_calling``)."""

_PROBE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}},
                 "required": ["ok"], "additionalProperties": False}
_PROBE_PROMPT = 'Is the sky blue? Answer with JSON only, exactly {"ok": true} or {"ok": false}.'

_methods: dict[tuple[str, str], StructuredMethod] = {}
_methods_lock = threading.Lock()


def _request(method: StructuredMethod, schema: dict[str, Any]) -> dict[str, Any]:
    """The request fields that ask for an answer held to ``schema`` the ``method`` way."""
    if method == "json_schema":
        return {"response_format": {"type": "json_schema", "json_schema": {
            "name": _ANSWER, "schema": schema, "strict": False}}}
    if method == "json_mode":
        return {"response_format": {"type": "json_object", "schema": schema}}
    params, _ = _as_parameters(schema)
    return {"tools": [{"type": "function", "function": {
                "name": _ANSWER, "description": "Give the answer.", "parameters": params}}],
            "tool_choice": {"type": "function", "function": {"name": _ANSWER}}}


def _as_parameters(schema: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A tool's parameters must be an object: anything else is wrapped as ``value``."""
    if schema.get("type") == "object":
        return schema, False
    inner = {k: v for k, v in schema.items() if k != "$defs"}
    wrapped: dict[str, Any] = {"type": "object", "properties": {"value": inner},
                               "required": ["value"], "additionalProperties": False}
    if "$defs" in schema:
        wrapped["$defs"] = schema["$defs"]
    return wrapped, True


def _answer_text(message: AIMessage, method: StructuredMethod, schema: dict[str, Any]) -> str:
    """What the server answered, as JSON text (a forced tool call's arguments unwrapped)."""
    if method != "function_calling":
        return message.text
    for call in message.tool_calls:
        args = call.get("args") or {}
        _, wrapped = _as_parameters(schema)
        return json.dumps(args.get("value") if wrapped else args)
    for bad in message.invalid_tool_calls:
        return str(bad.get("args") or "")
    return message.text


def _parse(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def structured_method(key: tuple[str, str]) -> StructuredMethod | None:
    """The method the probe found for ``(base URL, model)`` in this process, if it ran."""
    return _methods.get(key)


@dataclass
class _Decode:
    """One call held to a schema: what goes to the server and how its answer comes back."""

    messages: list[BaseMessage]
    schema: dict[str, Any]
    tools_bound: bool
    """The answer is the decoding schema's ``{"tool"}`` / ``{"answer"}`` shape."""


class HostedChatModel(ChatOpenAI):
    """``ChatOpenAI`` with agentdesk's structured output, narrow choices and failures."""

    small: bool = False
    """Given the embedded model's narrow choices; never asked to write SQL or plans."""
    structured: StructuredMethod | None = None
    """How structured output is asked for; ``None``: probed at first use."""

    answers_under_schema: ClassVar[bool] = True
    """:func:`agentdesk.models.bind_tools` hands this model the answer's schema too."""

    @property
    def display_name(self) -> str:
        """How failures name this model to a person."""
        where = f" at {self.openai_api_base}" if self.openai_api_base else ""
        return f"the model {self.model_name}{where}"

    # -- which method -----------------------------------------------------------------

    def _key(self) -> tuple[str, str]:
        return (self.openai_api_base or "https://api.openai.com/v1", self.model_name)

    def _known_method(self) -> StructuredMethod | None:
        if self.structured is not None:
            return self.structured
        if not self.openai_api_base:
            return "json_schema"  # OpenAI's own API: no need to ask
        return _methods.get(self._key())

    def _probe_outcome(self, method: StructuredMethod, answer: Any) -> bool:
        message = answer.choices[0].message
        text = message.content or ""
        if method == "function_calling":
            text = message.tool_calls[0].function.arguments if message.tool_calls else ""
        parsed = _parse(text)
        return isinstance(parsed, dict) and isinstance(parsed.get("ok"), bool)

    def _probe_args(self, method: StructuredMethod) -> dict[str, Any]:
        return {"model": self.model_name, "max_tokens": 24, "temperature": 0,
                "messages": [{"role": "user", "content": _PROBE_PROMPT}],
                **_request(method, _PROBE_SCHEMA)}

    def _remember(self, method: StructuredMethod | None) -> StructuredMethod:
        if method is None:
            raise ModelError(
                f"{self.display_name} refused or ignored every way of asking for JSON "
                f"({', '.join(STRUCTURED_METHODS)}). Name the one it takes in the spec, "
                "for example openai:MODEL?structured=json_mode.",
                reason="no_structured_output", hint=TRY_ANOTHER_MODEL)
        with _methods_lock:
            _methods[self._key()] = method
        return method

    def _method(self) -> StructuredMethod:
        known = self._known_method()
        if known is not None:
            return known
        client = self.root_client.with_options(max_retries=0)
        for method in STRUCTURED_METHODS:
            try:
                answer = client.chat.completions.create(**self._probe_args(method))
            except openai.APIStatusError:
                continue  # refused: try the next way
            except openai.APIConnectionError as exc:
                raise self._unreachable(exc) from exc
            if self._probe_outcome(method, answer):
                return self._remember(method)
        return self._remember(None)

    async def _amethod(self) -> StructuredMethod:
        known = self._known_method()
        if known is not None:
            return known
        client = self.root_async_client.with_options(max_retries=0)
        for method in STRUCTURED_METHODS:
            try:
                answer = await client.chat.completions.create(**self._probe_args(method))
            except openai.APIStatusError:
                continue
            except openai.APIConnectionError as exc:
                raise self._unreachable(exc) from exc
            if self._probe_outcome(method, answer):
                return self._remember(method)
        return self._remember(None)

    def _unreachable(self, exc: Exception) -> ModelError:
        return ModelError(f"{self.display_name} did not answer ({exc}). Check that the server "
                          "is running and the base URL is right.",
                          reason="model_unreachable", hint=TRY_ANOTHER_MODEL)

    # -- calls held to a schema -------------------------------------------------------

    def _plan(self, messages: list[BaseMessage], kwargs: dict[str, Any]) -> _Decode | None:
        """Take this call's schema out of ``kwargs``; ``None`` for a plain call."""
        structured = kwargs.pop("structured_schema", None)
        kwargs.pop("structured_method", None)
        decode = kwargs.pop("decode_answer", False) or "answer_schema" in kwargs
        if structured is None and not decode:
            return None
        if structured is not None:
            schema, preamble, tools_bound = dict(structured), "Answer with JSON only.", False
        else:
            tools = kwargs.pop("tools", None) or []
            choice = kwargs.pop("tool_choice", None)
            allow_answer = choice not in ("any", "required")
            schema = build_decoding_schema(tools, kwargs.pop("answer_schema", None),
                                           allow_answer)
            preamble = describe_tools(tools) if tools else 'Answer with {"answer": ...}.'
            tools_bound = True
        return _Decode(self._shaped(messages, preamble), schema, tools_bound)

    def _shaped(self, messages: Sequence[BaseMessage], preamble: str) -> list[BaseMessage]:
        """The conversation as this model takes it, with ``preamble`` among the instructions.

        A small model gets the embedded model's turns (system text and tool results folded
        into alternating user turns: chat templates such as Gemma's take nothing else);
        others keep their roles, with the instructions in one system message first and
        consecutive user messages joined (some templates refuse two in a row).
        """
        if self.small:
            return [HumanMessage(t["content"]) if t["role"] == "user" else AIMessage(t["content"])
                    for t in to_chat_turns(messages, preamble)]
        system = "\n\n".join(p for p in [*(m.text for m in messages
                                           if isinstance(m, SystemMessage)), preamble] if p)
        shaped: list[BaseMessage] = [SystemMessage(system)] if system else []
        for message in messages:
            if isinstance(message, SystemMessage):
                continue
            if isinstance(message, HumanMessage) and shaped and \
                    type(shaped[-1]) is HumanMessage:
                shaped[-1] = HumanMessage(f"{shaped[-1].text}\n\n{message.text}")
            else:
                shaped.append(message)
        return shaped

    def _request_for(self, plan: _Decode, method: StructuredMethod) -> dict[str, Any]:
        # llama.cpp's grammar converter needs the loosened schema; OpenAI reads descriptions.
        schema = loosen(plan.schema) if self.small or method == "json_mode" else plan.schema
        return _request(method, schema)

    def _finish(self, plan: _Decode, method: StructuredMethod, result: ChatResult) -> ChatResult:
        """The server's answer as the local model gives it: tool calls, an answer, raw text."""
        message = cast("AIMessage", result.generations[0].message)
        raw = _answer_text(message, method, plan.schema)
        used = message.usage_metadata
        parsed = _parse(raw)
        if not plan.tools_bound:
            out = AIMessage(content=raw, usage_metadata=used, response_metadata={
                **message.response_metadata, "structured_method": method})
        else:
            out = decoded_message(parsed, raw, used)
        return ChatResult(generations=[ChatGeneration(message=out)],
                          llm_output=result.llm_output)

    def _streaming_disabled(self, **kwargs: Any) -> bool:
        # A call held to a schema is answered whole (``astream`` then yields it as one
        # chunk): its text is JSON to unwrap, not prose to stream.
        if kwargs.get("structured_schema") is not None or kwargs.get("decode_answer") \
                or "answer_schema" in kwargs:
            return True
        return bool(super()._streaming_disabled(**kwargs))

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        chosen = kwargs.get("structured_method")
        plan = self._plan(messages, kwargs)
        if plan is None:
            return self._call(super()._generate, messages, stop, run_manager, kwargs)
        method = chosen or self._method()
        result = self._call(super()._generate, plan.messages, stop, run_manager,
                            {**kwargs, **self._request_for(plan, method)})
        return self._finish(plan, method, result)

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: Any = None, **kwargs: Any) -> ChatResult:
        chosen = kwargs.get("structured_method")
        plan = self._plan(messages, kwargs)
        if plan is None:
            return await self._acall(super()._agenerate, messages, stop, run_manager, kwargs)
        method = chosen or await self._amethod()
        result = await self._acall(super()._agenerate, plan.messages, stop, run_manager,
                                   {**kwargs, **self._request_for(plan, method)})
        return self._finish(plan, method, result)

    def _refused(self, exc: openai.APIStatusError) -> ModelError:
        """The server's refusal in words; its own (often long) message goes to the details."""
        if exc.status_code in (401, 403):
            hint = "Check OPENAI_API_KEY (a server on this machine needs none)."
        else:
            hint = ("If the server does not take what was sent, name the way it takes "
                    "structured output (structured=json_mode or function_calling) or mark "
                    f"a small model (small=1). {TRY_ANOTHER_MODEL}")
        return ModelError(f"{self.display_name} refused the request (HTTP {exc.status_code}). "
                          f"{hint}", reason="model_refused", status=exc.status_code,
                          raw=plain(str(exc))[:4000], hint=hint)

    def _call(self, generate: Any, messages: list[BaseMessage], stop: Any, run_manager: Any,
              kwargs: dict[str, Any]) -> ChatResult:
        try:
            return cast("ChatResult", generate(messages, stop, run_manager, **kwargs))
        except openai.APIConnectionError as exc:
            raise self._unreachable(exc) from exc
        except openai.APIStatusError as exc:
            raise self._refused(exc) from exc

    async def _acall(self, generate: Any, messages: list[BaseMessage], stop: Any,
                     run_manager: Any, kwargs: dict[str, Any]) -> ChatResult:
        try:
            return cast("ChatResult", await generate(messages, stop, run_manager, **kwargs))
        except openai.APIConnectionError as exc:
            raise self._unreachable(exc) from exc
        except openai.APIStatusError as exc:
            raise self._refused(exc) from exc

    def _get_request_payload(self, input_: LanguageModelInput, *, stop: list[str] | None = None,
                             **kwargs: Any) -> dict:
        payload = cast("dict[str, Any]", super()._get_request_payload(input_, stop=stop,
                                                                      **kwargs))
        if self.openai_api_base:
            # Compatible servers (llama-cpp-python's among them) read only the older name,
            # and refuse an assistant turn whose content is null (a tool call's).
            if "max_completion_tokens" in payload:
                payload.setdefault("max_tokens", payload["max_completion_tokens"])
            for message in payload.get("messages", []):
                if message.get("role") == "assistant" and message.get("content") is None:
                    message["content"] = ""
        return payload

    # -- the two ways agents ask ------------------------------------------------------

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None,
                   answer_schema: dict[str, Any] | None = None,
                   **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tools; a small model also decodes its final answer under ``answer_schema``.

        A model that is not small gets native tool calls; with no tools and an answer
        schema its answer is structured output (``{"answer": ...}`` unwrapped).
        """
        formatted = [convert_to_openai_tool(tool) for tool in tools]
        if self.small or (not formatted and answer_schema is not None):
            return self.bind(tools=formatted, tool_choice=tool_choice,
                             answer_schema=answer_schema, decode_answer=True, **kwargs)
        if not formatted:
            return self.bind(**kwargs)
        choice = "required" if tool_choice == "any" else tool_choice
        if choice == "required" and len(formatted) == 1:
            # The same demand, by name: servers that ignore "required" (llama-cpp-python's)
            # honour a named tool, and decode its arguments under the tool's schema.
            choice = formatted[0]["function"]["name"]
        return super().bind_tools(formatted, tool_choice=choice, **kwargs)

    def with_structured_output(
            self, schema: dict[str, Any] | type | None = None, *,
            method: StructuredMethod | None = None, include_raw: bool = False,
            **kwargs: Any) -> Runnable[LanguageModelInput, Any]:
        """Structured output the endpoint's way (or ``method``'s); a failure is a
        :class:`ModelError` naming it."""
        if schema is None:
            raise ValueError("with_structured_output needs a schema")
        model: type[BaseModel] | None = schema if isinstance(schema, type) and issubclass(
            schema, BaseModel) else None
        json_schema = model.model_json_schema() if model else dict(cast("dict[str, Any]", schema))
        bound = self.bind(structured_schema=json_schema, structured_method=method)

        def parse(message: AIMessage) -> Any:
            raw = message.text
            parsed = _parse(raw)
            if parsed is None:
                raise unparsable_answer(self.display_name, raw)
            if model is None:
                return parsed
            try:
                return model.model_validate(parsed)
            except ValidationError as exc:
                raise invalid_answer(self.display_name, raw, exc) from exc

        return bound | RunnableLambda(parse, name="HostedStructuredOutput")
