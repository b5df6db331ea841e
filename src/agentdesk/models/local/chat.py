"""The LangChain chat model over llama.cpp: :class:`LocalChatModel`.

Tool calls and structured output are produced with JSON-schema-constrained
decoding: the sampler may only write tokens that keep the answer valid against
a schema built from the bound tools (or the requested output schema), so what
the model returns always parses. Answers cut short by ``max_tokens`` are the
one exception; they come back as plain text and the agent treats them as any
other unusable answer. Tokens go out as they are decoded: to the graph's
custom stream, and, for a plain text answer, as LangChain token callbacks
(:func:`_answer_streamer`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ValidationError

from agentdesk.models.failures import context_too_long, invalid_answer, unparsable_answer
from agentdesk.models.reporting import reported_structured, usage

from .grammar import build_decoding_schema, decoded_message, describe_tools, llama_grammar
from .loading import _llama
from .turns import fit_turns, to_chat_turns

__all__ = ["LocalChatModel"]


def _token_writer() -> Callable[[Any], None] | None:
    """The graph's custom stream, when called inside a run: tokens go out as they come."""
    try:
        from langgraph.config import get_stream_writer

        return get_stream_writer()
    except (RuntimeError, KeyError):  # not inside a graph run
        return None


def _answer_streamer(run_manager: Any) -> Callable[[str], None]:
    """Feeds on the raw ``{"answer": "..."}`` decode and reports the answer's text as tokens
    (``on_llm_new_token``: ``on_chat_model_stream`` events, the ``messages`` stream)."""
    import re

    raw: list[str] = []
    sent = 0
    opening = re.compile(r'\s*\{\s*"answer"\s*:\s*"')

    def feed(piece: str) -> None:
        nonlocal sent
        raw.append(piece)
        text = "".join(raw)
        start = opening.match(text)
        if start is None:
            return
        body, out, i = text[start.end():], [], 0
        while i < len(body):
            if body[i] == "\\":
                width = 6 if body[i + 1: i + 2] == "u" else 2
                if i + width > len(body):
                    break  # an escape still being decoded
                out.append(body[i: i + width])
                i += width
                continue
            if body[i] == '"':
                break
            out.append(body[i])
            i += 1
        try:
            decoded = json.loads('"' + "".join(out) + '"')
        except ValueError:  # half a surrogate pair: wait for the rest
            return
        delta = decoded[sent:]
        if delta:
            sent = len(decoded)
            run_manager.on_llm_new_token(
                delta, chunk=ChatGenerationChunk(message=AIMessageChunk(content=delta)))

    return feed


class LocalChatModel(BaseChatModel):
    """A LangChain chat model over llama.cpp (``llama-cpp-python``)."""

    model_path: Path
    n_ctx: int = 8192
    max_tokens: int = 1024
    n_threads: int | None = None
    temperature: float = 0.2
    bundled: bool = False
    """``model_path`` is where the packaged model goes: assembled there on first load."""

    answers_under_schema: ClassVar[bool] = True
    """:func:`agentdesk.models.bind_tools` hands this model the answer's schema too."""

    @property
    def small(self) -> bool:
        """The packaged 270M model is small: agents give it narrow choices only."""
        return self.bundled

    @property
    def display_name(self) -> str:
        """How failures name this model to a person."""
        return f"the local model ({self.model_path.name})"

    @property
    def _llm_type(self) -> str:
        return "llama.cpp"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": str(self.model_path), "n_ctx": self.n_ctx}

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> Any:
        return {**super()._get_ls_params(stop=stop, **kwargs),
                "ls_model_name": self.model_path.name}

    def complete_json(self, messages: Sequence[BaseMessage], schema: dict[str, Any],
                      preamble: str = "", on_text: Callable[[str], None] | None = None,
                      ) -> tuple[Any, str]:
        """Decode an answer constrained by ``schema``; returns (parsed or None, raw text).

        ``on_text`` gets each decoded piece as it comes (see :func:`_answer_streamer`).
        """
        parsed, raw, _ = self.decode(messages, schema, preamble, on_text)
        return parsed, raw

    def decode(self, messages: Sequence[BaseMessage], schema: dict[str, Any],
               preamble: str = "", on_text: Callable[[str], None] | None = None,
               ) -> tuple[Any, str, tuple[int, int]]:
        """:meth:`complete_json`, and the tokens (in, out) llama.cpp evaluated and sampled.

        Out is the tokens sampled (one per streamed piece); in is what the context
        held besides them when the answer ended (the prompt as the chat template
        made it, a cached prefix included)."""
        llm, lock = _llama(self.model_path, self.n_ctx, self.n_threads, self.bundled)
        grammar = llama_grammar(json.dumps(schema))
        turns = to_chat_turns(messages, preamble)
        writer = _token_writer()
        pieces: list[str] = []
        sampled = 0
        try:
            with lock:
                turns = fit_turns(turns, lambda text: len(llm.tokenize(text.encode(), False)),
                                  self.n_ctx - self.max_tokens)
                for chunk in llm.create_chat_completion(
                        messages=turns, grammar=grammar, max_tokens=self.max_tokens,
                        temperature=self.temperature, seed=0, repeat_penalty=1.1, stream=True):
                    text = chunk["choices"][0]["delta"].get("content") or ""
                    sampled += bool(text)
                    if text:
                        pieces.append(text)
                        if writer is not None:
                            writer({"kind": "token", "text": text})
                        if on_text is not None:
                            on_text(text)
                tokens = (max(int(llm.n_tokens) - sampled, 0), sampled)
        except ValueError as exc:  # llama.cpp: prompt longer than the context window
            raise context_too_long(self.display_name, self.n_ctx, str(exc)) from exc
        raw = "".join(pieces)
        try:
            return json.loads(raw), raw, tokens
        except json.JSONDecodeError:
            return None, raw, tokens

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        tools: list[dict[str, Any]] = kwargs.get("tools") or []
        answer_schema = kwargs.get("answer_schema")
        allow_answer = kwargs.get("tool_choice") not in ("any", "required")
        schema = build_decoding_schema(tools, answer_schema, allow_answer)
        preamble = describe_tools(tools) if tools else 'Answer with {"answer": ...}.'
        text_answer = not tools and (answer_schema or {"type": "string"}).get("type") == "string"
        stream = _answer_streamer(run_manager) if run_manager is not None and text_answer \
            else None
        parsed, raw, tokens = self.decode(messages, schema, preamble, on_text=stream)
        used = usage(*tokens)
        message = decoded_message(parsed, raw, used)
        return ChatResult(generations=[ChatGeneration(message=message)])

    def bind_tools(self, tools: Sequence[dict[str, Any] | type | Callable | BaseTool],
                   *, tool_choice: str | None = None, answer_schema: dict[str, Any] | None = None,
                   **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tools; ``answer_schema`` constrains the final (non-tool) answer too."""
        formatted = [convert_to_openai_tool(tool) for tool in tools]
        return self.bind(tools=formatted, tool_choice=tool_choice, answer_schema=answer_schema,
                         **kwargs)

    def with_structured_output(self, schema: Any, *, include_raw: bool = False,
                               **kwargs: Any) -> Runnable[LanguageModelInput, Any]:
        is_model = isinstance(schema, type) and issubclass(schema, BaseModel)
        json_schema = schema.model_json_schema() if is_model else dict(schema)

        def answer(messages: list[BaseMessage]) -> tuple[Any, AIMessage]:
            parsed, raw, tokens = self.decode(messages, json_schema, "Answer with JSON only.")
            message = AIMessage(content=raw, usage_metadata=usage(*tokens))
            if parsed is None:
                raise unparsable_answer(self.display_name, raw)
            if not is_model:
                return parsed, message
            try:
                return schema.model_validate(parsed), message
            except ValidationError as exc:
                raise invalid_answer(self.display_name, raw, exc) from exc

        return reported_structured(self, "LocalStructuredOutput", answer)
