"""A deterministic chat model that replays a JSON script, for tests and demos.

The script is a JSON list consumed in order, one item per model call::

    [{"tool_calls": [{"name": "search_flights", "args": {"origin": "BOS", ...}}]},
     {"content": "{\\"destination\\": \\"LIS\\", ...}"},
     {"structured": {"intent": "question"}}]

An item may carry ``"usage": {"input_tokens": n, "output_tokens": m}``, the tokens
the call reports (``usage_metadata``); without it they are LangChain's approximate
count of the prompt and the answer, as deterministic as the script.

Inside a graph run the position in the script is kept per thread in a small
file under ``cursor_dir``, so a thread paused by one process and decided from
another goes on where the script left off. Each call inside a graph is also
recorded under its place in the run: the task (LangGraph's ``checkpoint_ns``
names the node and a task id derived from the checkpoint it runs from) and the
call's index within that execution of the task. A task that runs again from
the same checkpoint (a takeover after ``kill -9`` between the model call and
the step's checkpoint, or a node resumed from the start after an interrupt)
gets the answers it got before, as a deterministic model should; a new task
takes the next unused item. Outside a graph the items are simply taken in order.
"""

from __future__ import annotations

import json
import os
import re
import threading
import uuid
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from agentdesk.errors import ConfigError, ModelError

from .reporting import estimated_usage, reported_structured, usage

__all__ = ["ScriptedChatModel", "load_script"]

_KINDS = ("content", "tool_calls", "structured")


def load_script(path: Path) -> list[dict[str, Any]]:
    """Read and check a script file; every problem names the file and the item."""
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"scripted model: file {str(path)!r} does not exist") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"scripted model: {path}: not a readable JSON file: {exc}") from None
    if not isinstance(items, list):
        raise ConfigError(f"scripted model: {path}: must hold a JSON list of responses")
    for index, item in enumerate(items):
        where = f"scripted model: {path}: item {index}"
        if not isinstance(item, dict) or len(set(item) & set(_KINDS)) != 1:
            raise ConfigError(f"{where}: must be an object with exactly one of {', '.join(_KINDS)}")
        calls = item.get("tool_calls")
        if "tool_calls" in item and (
            not isinstance(calls, list) or not calls
            or not all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls)
        ):
            raise ConfigError(f"{where}: tool_calls must be a non-empty list of {{name, args}}")
        if "content" in item and not isinstance(item["content"], str):
            raise ConfigError(f"{where}: content must be a string")
        tokens = item.get("usage")
        if "usage" in item and not (isinstance(tokens, dict) and all(
                isinstance(tokens.get(k), int) and tokens[k] >= 0
                for k in ("input_tokens", "output_tokens"))):
            raise ConfigError(f"{where}: usage must be {{input_tokens, output_tokens}} "
                              "(whole numbers, 0 or more)")
    return items


def _configurable() -> dict[str, Any]:
    try:
        from langgraph.config import get_config

        return dict(get_config().get("configurable", {}))
    except RuntimeError:  # not inside a runnable
        return {}


def _thread_id() -> str | None:
    value = _configurable().get("thread_id")
    return str(value) if value is not None else None


class _Executions:
    """Model calls made so far by each execution of a task.

    LangGraph makes a new scratchpad for every execution of a task (a replay
    after a crash or a resume makes another), so calls are counted per
    scratchpad object, and forgotten with it.
    """

    def __init__(self) -> None:
        self._counts: dict[int, tuple[Callable[[], Any], int]] = {}
        self._lock = threading.Lock()

    def next_index(self, scratchpad: Any) -> int:
        key = id(scratchpad)
        with self._lock:
            held, count = self._counts.get(key, (None, 0))
            if held is None or held() is not scratchpad:
                held, count = self._hold(scratchpad, key), 0
            self._counts[key] = (held, count + 1)
            return count

    def _hold(self, scratchpad: Any, key: int) -> Callable[[], Any]:
        """A reference that forgets the count when the scratchpad goes (ids are reused)."""
        def forget(_: object) -> None:
            self._counts.pop(key, None)

        try:
            return weakref.ref(scratchpad, forget)
        except TypeError:  # not weak-referenceable: keep it, so its id is not reused
            return lambda: scratchpad


def _call_key(executions: _Executions) -> str | None:
    """Where this call sits in the run: checkpoint, task and index; None outside a graph."""
    configurable = _configurable()
    namespace = configurable.get("checkpoint_ns")
    scratchpad = configurable.get("__pregel_scratchpad")
    if not namespace or scratchpad is None:
        return None
    checkpoints = configurable.get("checkpoint_map") or {}
    root = checkpoints.get("", "") if isinstance(checkpoints, dict) else ""
    return f"{root}|{namespace}|{executions.next_index(scratchpad)}"


class ScriptedChatModel(BaseChatModel):
    """Replays ``path`` one item per call; running past the end is a :class:`ModelError`."""

    path: Path
    cursor_dir: Path | None = None

    model_config = ConfigDict(arbitrary_types_allowed=True)

    _items: list[dict[str, Any]] = PrivateAttr(default_factory=list)
    _cursors: dict[str | None, dict[str, Any]] = PrivateAttr(default_factory=dict)
    _executions: _Executions = PrivateAttr(default_factory=_Executions)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def model_post_init(self, context: Any) -> None:
        self._items = load_script(self.path)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> Any:
        return {**super()._get_ls_params(stop=stop, **kwargs), "ls_model_name": "scripted"}

    # -- the cursor ------------------------------------------------------------

    def _cursor_file(self, thread_id: str) -> Path | None:
        if self.cursor_dir is None:
            return None
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in thread_id)
        return self.cursor_dir / f"{safe}.json"

    def _read_cursor(self, thread_id: str | None) -> dict[str, Any]:
        """``{"position": next unused item, "calls": {call key: item}}`` for the thread."""
        file = self._cursor_file(thread_id) if thread_id else None
        if file is not None and file.exists():  # the file wins: another process may have gone on
            saved = json.loads(file.read_text())
            if saved.get("script") == str(self.path.resolve()):
                return {"position": int(saved["position"]), "calls": dict(saved.get("calls", {}))}
            return {"position": 0, "calls": {}}
        return self._cursors.get(thread_id) or {"position": 0, "calls": {}}

    def _write_cursor(self, thread_id: str | None, cursor: dict[str, Any]) -> None:
        self._cursors[thread_id] = cursor
        file = self._cursor_file(thread_id) if thread_id else None
        if file is not None:
            file.parent.mkdir(parents=True, exist_ok=True)
            tmp = file.with_suffix(f".{uuid.uuid4().hex}.tmp")
            tmp.write_text(json.dumps({"script": str(self.path.resolve()), **cursor}))
            os.replace(tmp, file)

    def next_item(self, expect: str) -> dict[str, Any]:
        """The item for this call; ``expect`` is the call's kind, for errors.

        A call the thread has made before (same checkpoint, task and index) gets
        the item it got then; any other call takes the next unused item.
        """
        thread_id = _thread_id()
        key = _call_key(self._executions) if thread_id is not None else None
        with self._lock:
            cursor = self._read_cursor(thread_id)
            if key is not None and key in cursor["calls"]:
                position = int(cursor["calls"][key])
            else:
                position = cursor["position"]
                if position >= len(self._items):
                    raise ModelError(
                        f"scripted model: {self.path}: script exhausted after {len(self._items)} "
                        f"responses (a {expect} call asked for item {position})")
                cursor["position"] = position + 1
                if key is not None:
                    cursor["calls"][key] = position
                self._write_cursor(thread_id, cursor)
        item = self._items[position]
        if (expect == "structured") != ("structured" in item):
            kind = next(k for k in _KINDS if k in item)
            raise ModelError(f"scripted model: {self.path}: item {position} is {kind!r} "
                             f"but the agent made a {expect} call")
        return item

    # -- chat model API ----------------------------------------------------------

    @staticmethod
    def _usage(item: dict[str, Any], messages: list[BaseMessage], answer: str) -> Any:
        tokens = item.get("usage")
        if tokens is not None:
            return usage(tokens["input_tokens"], tokens["output_tokens"])
        return estimated_usage(messages, answer)

    def _message(self, messages: list[BaseMessage]) -> AIMessage:
        item = self.next_item("chat")
        if "tool_calls" in item:
            calls = [{"name": c["name"], "args": c.get("args", {}),
                      "id": c.get("id") or f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}
                     for c in item["tool_calls"]]
            return AIMessage(content=item.get("text", ""), tool_calls=calls,
                             usage_metadata=self._usage(item, messages,
                                                        json.dumps(item["tool_calls"])))
        return AIMessage(content=item["content"],
                         usage_metadata=self._usage(item, messages, item["content"]))

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._message(messages))])

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: Any = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        """A text answer word by word (as a real model streams it); tool calls at once.

        The usage comes with the last chunk (the chunks add up to the whole message's)."""
        message = self._message(messages)
        if message.tool_calls:
            calls = [{"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"],
                      "index": i, "type": "tool_call_chunk"}
                     for i, c in enumerate(message.tool_calls)]
            yield ChatGenerationChunk(message=AIMessageChunk(
                content=message.content, tool_call_chunks=calls,  # type: ignore[arg-type]
                usage_metadata=message.usage_metadata))
            return
        pieces = re.findall(r"\S+\s*|\s+", str(message.content)) or [""]
        for index, piece in enumerate(pieces):
            last = index == len(pieces) - 1
            yield ChatGenerationChunk(message=AIMessageChunk(
                content=piece, usage_metadata=message.usage_metadata if last else None))

    def bind_tools(self, tools: Sequence[dict[str, Any] | type | Callable | BaseTool],
                   *, tool_choice: str | None = None, **kwargs: Any,
                   ) -> Runnable[LanguageModelInput, AIMessage]:
        # The script decides what is called; the tools only matter to real models.
        return self

    def with_structured_output(self, schema: Any, *, include_raw: bool = False,
                               **kwargs: Any) -> Runnable[LanguageModelInput, Any]:
        def answer(messages: list[BaseMessage]) -> tuple[Any, AIMessage]:
            item = self.next_item("structured")
            data = item["structured"]
            text = json.dumps(data)
            message = AIMessage(content=text, usage_metadata=self._usage(item, messages, text))
            if isinstance(schema, type) and issubclass(schema, BaseModel):
                try:
                    return schema.model_validate(data), message
                except ValidationError as exc:
                    raise ModelError(f"scripted model: {self.path}: structured item does not "
                                     f"match {schema.__name__}: {exc}") from exc
            return data, message

        return reported_structured(self, "ScriptedStructuredOutput", answer)
