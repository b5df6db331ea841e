"""The embedded local model: llama.cpp running a GGUF file, offline.

Tool calls and structured output are produced with JSON-schema-constrained
decoding: the sampler may only write tokens that keep the answer valid against
a schema built from the bound tools (or the requested output schema), so what
the model returns always parses. Answers cut short by ``max_tokens`` are the
one exception; they come back as plain text and the agent treats them as any
other unusable answer.
"""

from __future__ import annotations

import atexit
import ctypes
import json
import logging
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ValidationError

from agentdesk.errors import ModelError
from agentdesk.text import plain

from .bundled import ensure_bundled_model
from .failures import context_too_long, invalid_answer, unparsable_answer

__all__ = ["LocalChatModel", "build_decoding_schema"]

_TOOL_RESULT_CHARS = 3000
_loaded: dict[tuple[str, int, int | None], Any] = {}
_load_lock = threading.Lock()
_log = logging.getLogger("agentdesk.llama_cpp")
_log_callback: Any = None


def _close_all() -> None:
    """Free llama.cpp models before the interpreter tears down the modules they need."""
    while _loaded:
        _, (llm, _lock) = _loaded.popitem()
        llm.close()


@contextmanager
def _plain_cpu_buffers() -> Iterator[None]:
    """Load weights into plain CPU buffers, without llama.cpp's "extra" buffer types.

    On CPUs with Intel AMX, a native build of llama.cpp repacks weights for its AMX
    kernels, which crash (SIGSEGV in ggml_backend_amx_mul_mat) where the OS does not
    grant AMX tile state. llama-cpp-python does not expose ``use_extra_bufts``, so
    the model parameters it starts from are adjusted for the duration of the load.
    """
    import llama_cpp.llama_cpp as bindings

    defaults = bindings.llama_model_default_params

    def params() -> Any:
        value = defaults()
        value.use_extra_bufts = False
        return value

    bindings.llama_model_default_params = params
    try:
        yield
    finally:
        bindings.llama_model_default_params = defaults


_GGML_ERROR, _GGML_CONT = 4, 5
"""ggml's log levels (NONE, DEBUG, INFO, WARN, ERROR, CONT = 0..5)."""


def _route_llama_logs() -> None:
    """Send llama.cpp's own log lines to Python logging instead of stderr.

    llama-cpp-python maps ggml's newer log levels one off, so with ``verbose=False``
    warnings such as ``llama_kv_cache_iswa: using full-size SWA cache`` still reach
    stderr, in the middle of the CLI's progress line. Errors stay errors; the rest
    is debug output.
    """
    global _log_callback
    if _log_callback is not None:
        return
    import llama_cpp

    last = [logging.DEBUG]

    def forward(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        if level != _GGML_CONT:
            last[0] = logging.ERROR if level == _GGML_ERROR else logging.DEBUG
        _log.log(last[0], "%s", text.decode("utf-8", "replace").rstrip("\n"))

    # Kept in a global: llama.cpp calls it for as long as the process lives.
    _log_callback = llama_cpp.llama_log_callback(forward)
    llama_cpp.llama_log_set(_log_callback, ctypes.c_void_p(0))


def _llama(path: Path, n_ctx: int, n_threads: int | None,
           bundled: bool = False) -> tuple[Any, threading.Lock]:
    """Load a GGUF file once per process; llama.cpp contexts are not thread-safe.

    ``bundled`` assembles (or checks) the packaged model first, off the event loop:
    this runs in the thread that decodes.
    """
    key = (str(path), n_ctx, n_threads)
    with _load_lock:
        if key not in _loaded:
            if bundled:
                try:
                    ensure_bundled_model(path)
                except (OSError, ValueError, ImportError) as exc:
                    hint = ("Check the free space and permissions there (AGENTDESK_MODELS_DIR "
                            "moves it), or use another model: --model local:/path/to/model.gguf.")
                    raise ModelError(f"the embedded model could not be prepared at {path}: "
                                     f"{plain(str(exc))}. {hint}", hint=hint) from exc
            with _plain_cpu_buffers():
                from llama_cpp import Llama

                _route_llama_logs()
                llm = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, seed=0,
                            verbose=False)
            if not _loaded:
                atexit.register(_close_all)
            _loaded[key] = (llm, threading.Lock())
        return _loaded[key]


_MAX_UNROLLED = 64
"""Longest string or array bound kept in a grammar; llama.cpp unrolls bounds into rules."""


_NAMED = ("properties", "patternProperties", "$defs", "definitions")
"""Keywords whose value maps names to sub-schemas; a property may be called "title"."""


_STRING_KEYWORDS = ("pattern", "minLength", "maxLength", "format")
"""String constraints that llama.cpp applies only on a string schema, never beside ``anyOf``."""


def _loosen(schema: Any) -> Any:
    """Reshape a JSON schema for llama.cpp's grammar converter.

    String constraints written beside ``anyOf``/``oneOf`` (pydantic puts a field's
    ``json_schema_extra`` there for ``str | None``) move into the string branches,
    where the converter applies them. Bounds too large for a grammar are dropped;
    small ones (codes, short lists) are kept. Dropped bounds still hold: the agent
    validates the parsed answer with the full schema.
    """
    if isinstance(schema, list):
        return [_loosen(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    union = next((key for key in ("anyOf", "oneOf") if isinstance(schema.get(key), list)), None)
    if union and (moved := {k: schema[k] for k in _STRING_KEYWORDS if k in schema}):
        schema = {key: value for key, value in schema.items() if key not in moved}
        schema[union] = [{**branch, **moved} if branch.get("type") == "string" else branch
                         for branch in schema[union]]
    loose: dict[str, Any] = {key: ({name: _loosen(sub) for name, sub in value.items()}
                                 if key in _NAMED and isinstance(value, dict) else _loosen(value))
                           for key, value in schema.items() if key not in ("title", "description")}
    for key in ("maxLength", "minLength", "maxItems", "minItems"):
        if loose.get(key, 0) > _MAX_UNROLLED:
            loose.pop(key)
    return loose


@lru_cache(maxsize=128)
def _grammar(schema_json: str) -> Any:
    """The llama.cpp grammar of a JSON schema, converted once per process per schema."""
    from llama_cpp import LlamaGrammar

    # Every schema is loosened here: an oversized grammar makes llama.cpp fail hard.
    return LlamaGrammar.from_json_schema(json.dumps(_loosen(json.loads(schema_json))),
                                         verbose=False)


def build_decoding_schema(tools: Sequence[dict[str, Any]], answer_schema: dict[str, Any] | None,
                          allow_answer: bool = True) -> dict[str, Any]:
    """The JSON schema a tool-bound answer must satisfy.

    Either ``{"tool": NAME, "arguments": {...}}`` for one of ``tools`` or
    ``{"answer": ...}`` with ``answer_schema`` (a string when none is given).
    """
    options: list[dict[str, Any]] = []
    definitions: dict[str, Any] = {}

    def hoist(schema: dict[str, Any]) -> dict[str, Any]:
        # llama.cpp resolves "#/$defs/..." against the root, so sub-schemas' $defs move there.
        schema = _loosen(schema)
        definitions.update(schema.pop("$defs", {}))
        schema.pop("title", None)
        return schema

    for tool in tools:
        function = tool["function"]
        params = hoist(function.get("parameters") or {"type": "object", "properties": {}})
        options.append({
            "type": "object",
            "properties": {"tool": {"const": function["name"]}, "arguments": params},
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        })
    if allow_answer or not options:
        options.append({
            "type": "object",
            "properties": {"answer": hoist(answer_schema or {"type": "string"})},
            "required": ["answer"],
            "additionalProperties": False,
        })
    schema = options[0] if len(options) == 1 else {"oneOf": options}
    return {**schema, "$defs": definitions} if definitions else schema


def _describe_tools(tools: Sequence[dict[str, Any]]) -> str:
    lines = ["You can call these tools. To call one, answer with "
             '{"tool": "<name>", "arguments": {...}}. When you are done, answer with '
             '{"answer": ...}.']
    for tool in tools:
        function = tool["function"]
        args = ", ".join(
            f"{name}: {spec.get('type', 'any')}"
            for name, spec in (function.get("parameters") or {}).get("properties", {}).items())
        lines.append(f"- {function['name']}({args}): {function.get('description', '').strip()}")
    return "\n".join(lines)


def _token_writer() -> Callable[[Any], None] | None:
    """The graph's custom stream, when called inside a run: tokens go out as they come."""
    try:
        from langgraph.config import get_stream_writer

        return get_stream_writer()
    except (RuntimeError, KeyError):  # not inside a graph run
        return None


def to_chat_turns(messages: Sequence[BaseMessage], preamble: str = "") -> list[dict[str, str]]:
    """LangChain messages as alternating user/assistant turns (Gemma has no system or tool role)."""
    system = [m.text for m in messages if isinstance(m, SystemMessage)]
    turns: list[dict[str, str]] = []

    def add(role: str, text: str) -> None:
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"] += "\n\n" + text
        else:
            turns.append({"role": role, "content": text})

    head = "\n\n".join(part for part in [*system, preamble] if part)
    if head:
        add("user", head)
    for message in messages:
        if isinstance(message, SystemMessage):
            continue
        if isinstance(message, ToolMessage):
            text = message.text[:_TOOL_RESULT_CHARS]
            add("user", f"Result of {message.name or 'tool'}: {text}")
        elif isinstance(message, AIMessage):
            calls = [json.dumps({"tool": c["name"], "arguments": c["args"]})
                     for c in message.tool_calls]
            add("assistant", "\n".join(calls) or message.text)
        else:
            add("user", message.text)
    if not turns or turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": "Begin."})
    if turns[-1]["role"] != "user":
        turns.append({"role": "user", "content": "Continue."})
    return turns


_TURN_OVERHEAD = 8
"""Tokens the chat template adds around each turn (role markers, newlines), rounded up."""


def fit_turns(turns: list[dict[str, str]], count: Callable[[str], int],
              budget: int) -> list[dict[str, str]]:
    """Drop the oldest exchanges until the prompt fits in ``budget`` tokens.

    The first turn (instructions and the request) and the latest ones are kept;
    turns go in assistant/user pairs, so roles still alternate as Gemma needs.
    A prompt that cannot fit is returned as is and llama.cpp reports it.
    """
    sizes = [count(turn["content"]) + _TURN_OVERHEAD for turn in turns]
    total, dropped = sum(sizes), 0
    while total > budget and len(turns) - dropped > 3:
        total -= sizes[1 + dropped] + sizes[2 + dropped]
        dropped += 2
    if not dropped:
        return turns
    note = f"\n\n({dropped} earlier turns were left out to fit the context window.)"
    return [{**turns[0], "content": turns[0]["content"] + note}, *turns[1 + dropped:]]


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

    def complete_json(self, messages: Sequence[BaseMessage], schema: dict[str, Any],
                      preamble: str = "", on_text: Callable[[str], None] | None = None,
                      ) -> tuple[Any, str]:
        """Decode an answer constrained by ``schema``; returns (parsed or None, raw text).

        ``on_text`` gets each decoded piece as it comes (see :func:`_answer_streamer`).
        """
        llm, lock = _llama(self.model_path, self.n_ctx, self.n_threads, self.bundled)
        grammar = _grammar(json.dumps(schema))
        turns = to_chat_turns(messages, preamble)
        writer = _token_writer()
        pieces: list[str] = []
        try:
            with lock:
                turns = fit_turns(turns, lambda text: len(llm.tokenize(text.encode(), False)),
                                  self.n_ctx - self.max_tokens)
                for chunk in llm.create_chat_completion(
                        messages=turns, grammar=grammar, max_tokens=self.max_tokens,
                        temperature=self.temperature, seed=0, repeat_penalty=1.1, stream=True):
                    text = chunk["choices"][0]["delta"].get("content") or ""
                    if text:
                        pieces.append(text)
                        if writer is not None:
                            writer({"kind": "token", "text": text})
                        if on_text is not None:
                            on_text(text)
        except ValueError as exc:  # llama.cpp: prompt longer than the context window
            raise context_too_long(self.display_name, self.n_ctx, str(exc)) from exc
        raw = "".join(pieces)
        try:
            return json.loads(raw), raw
        except json.JSONDecodeError:
            return None, raw

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        tools: list[dict[str, Any]] = kwargs.get("tools") or []
        answer_schema = kwargs.get("answer_schema")
        allow_answer = kwargs.get("tool_choice") not in ("any", "required")
        schema = build_decoding_schema(tools, answer_schema, allow_answer)
        preamble = _describe_tools(tools) if tools else 'Answer with {"answer": ...}.'
        text_answer = not tools and (answer_schema or {"type": "string"}).get("type") == "string"
        stream = _answer_streamer(run_manager) if run_manager is not None and text_answer \
            else None
        parsed, raw = self.complete_json(messages, schema, preamble, on_text=stream)
        if isinstance(parsed, dict) and "tool" in parsed:
            call = {"name": parsed["tool"], "args": parsed.get("arguments") or {},
                    "id": f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}
            message = AIMessage(content="", tool_calls=[call])
        elif isinstance(parsed, dict) and "answer" in parsed:
            answer = parsed["answer"]
            message = AIMessage(content=answer if isinstance(answer, str) else json.dumps(answer))
        else:
            message = AIMessage(content=raw)
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

        def answer(value: LanguageModelInput) -> Any:
            messages = self._convert_input(value).to_messages()
            parsed, raw = self.complete_json(messages, json_schema, "Answer with JSON only.")
            if parsed is None:
                raise unparsable_answer(self.display_name, raw)
            if not is_model:
                return parsed
            try:
                return schema.model_validate(parsed)
            except ValidationError as exc:
                raise invalid_answer(self.display_name, raw, exc) from exc

        return RunnableLambda(answer, name="LocalStructuredOutput")
