"""Model specs, the scripted model, and the local model's decoding schema (no model is loaded)."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda
from langchain_core.tools import StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, Field

from agentdesk.errors import ConfigError, ModelError
from agentdesk.models import get_chat_model
from agentdesk.models.local import LocalChatModel, build_decoding_schema
from agentdesk.models.scripted import ScriptedChatModel

from .conftest import write_json


class Intent(BaseModel):
    intent: str
    confidence: float = 1.0


def pretend_installed(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        return object() if name in modules else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


def pretend_missing(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name in modules else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


# -- get_chat_model: specs -----------------------------------------------------------------


@pytest.mark.parametrize("spec", ["gpt4", "foo:bar", "openai:", "anthropic:", "  ", "Local"])
def test_unknown_spec_is_a_config_error_listing_the_choices(spec: str) -> None:
    with pytest.raises(ConfigError) as caught:
        get_chat_model(spec)
    message = str(caught.value)
    assert "unknown spec" in message
    for choice in ("local", "scripted:", "openai:<model>", "anthropic:<model>"):
        assert choice in message


def test_unknown_spec_message_quotes_the_spec() -> None:
    with pytest.raises(ConfigError, match=r"model 'foo:bar'"):
        get_chat_model("foo:bar")


@pytest.mark.parametrize(("spec", "package"), [
    ("openai:gpt-4o-mini", "langchain-openai"),
    ("anthropic:claude-3-5-haiku-latest", "langchain-anthropic"),
    ("ollama:llama3", "langchain-ollama"),
])
def test_hosted_model_without_its_package_names_the_package(
        spec: str, package: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_missing(monkeypatch, package.replace("-", "_"))
    with pytest.raises(ConfigError) as caught:
        get_chat_model(spec)
    assert f"pip install {package}" in str(caught.value)
    assert spec in str(caught.value)


@pytest.mark.parametrize(("spec", "module", "key"), [
    ("anthropic:claude-3-5-haiku-latest", "langchain_anthropic", "ANTHROPIC_API_KEY"),
    ("openai:gpt-4o-mini", "langchain_openai", "OPENAI_API_KEY"),
])
def test_hosted_model_without_its_key_names_the_variable(
        spec: str, module: str, key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_installed(monkeypatch, module)
    monkeypatch.delenv(key, raising=False)
    with pytest.raises(ConfigError, match=f"set {key}"):
        get_chat_model(spec)


def test_local_spec_with_a_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no GGUF file at /nonexistent\.gguf"):
        get_chat_model("local:/nonexistent.gguf")
    with pytest.raises(ConfigError, match="no GGUF file"):
        get_chat_model(f"local:{tmp_path}")  # a directory is not a model file


def test_local_spec_with_a_file_builds_a_lazy_local_model(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF")  # never loaded: llama.cpp only opens the file on first call
    monkeypatch.setenv("AGENTDESK_LOCAL_MODEL_CTX", "2048")
    monkeypatch.setenv("AGENTDESK_LOCAL_MODEL_MAX_TOKENS", "300")
    model = get_chat_model(f"local:{gguf}")
    assert isinstance(model, LocalChatModel)
    assert model.model_path == gguf
    assert (model.n_ctx, model.max_tokens) == (2048, 300)


def test_default_spec_comes_from_settings(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    script = write_json(tmp_path / "s.json", [{"content": "from settings"}])
    monkeypatch.setenv("AGENTDESK_MODEL", f"scripted:{script}")
    model = get_chat_model()
    assert isinstance(model, ScriptedChatModel)
    assert model.invoke("hi").content == "from settings"


# -- the scripted model --------------------------------------------------------------------


def test_scripted_spec_without_a_file_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="needs a file"):
        get_chat_model("scripted:")


def test_scripted_missing_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(ConfigError) as caught:
        get_chat_model(f"scripted:{missing}")
    assert str(missing) in str(caught.value)
    assert "does not exist" in str(caught.value)


@pytest.mark.parametrize(("content", "detail"), [
    ({"content": "not a list"}, "must hold a JSON list"),
    ([{"content": "a", "structured": {}}], "item 0: must be an object with exactly one of"),
    ([{"content": "ok"}, {"text": "no kind"}], "item 1: must be an object with exactly one of"),
    ([{"content": "ok"}, "just a string"], "item 1"),
    ([{"tool_calls": []}], "item 0: tool_calls must be a non-empty list"),
    ([{"tool_calls": [{"args": {}}]}], "item 0: tool_calls must be a non-empty list"),
    ([{"content": 42}], "item 0: content must be a string"),
])
def test_scripted_bad_script_names_the_file(tmp_path: Path, content: Any, detail: str) -> None:
    script = write_json(tmp_path / "bad.json", content)
    with pytest.raises(ConfigError) as caught:
        get_chat_model(f"scripted:{script}")
    assert str(script) in str(caught.value)
    assert detail in str(caught.value)


def test_scripted_invalid_json_names_the_file(tmp_path: Path) -> None:
    script = tmp_path / "broken.json"
    script.write_text("[{\"content\": ")
    with pytest.raises(ConfigError, match="not a readable JSON file") as caught:
        get_chat_model(f"scripted:{script}")
    assert str(script) in str(caught.value)


def test_scripted_replays_items_in_order(tmp_path: Path) -> None:
    script = write_json(tmp_path / "s.json", [
        {"content": "first"},
        {"tool_calls": [{"name": "search_flights", "args": {"origin": "BOS"}, "id": "c1"},
                        {"name": "get_airport_code", "args": {"city_name": "Lisbon"}}]},
        {"structured": {"intent": "question", "confidence": 0.5}},
        {"content": "last"},
    ])
    model = get_chat_model(f"scripted:{script}")
    first = model.invoke("hello")
    assert isinstance(first, AIMessage)
    assert first.content == "first" and not first.tool_calls

    calls = model.bind_tools([]).invoke("again").tool_calls
    assert [(c["name"], c["args"]) for c in calls] == [
        ("search_flights", {"origin": "BOS"}), ("get_airport_code", {"city_name": "Lisbon"})]
    assert calls[0]["id"] == "c1"
    assert calls[1]["id"].startswith("call_")

    intent = model.with_structured_output(Intent).invoke("classify")
    assert intent == Intent(intent="question", confidence=0.5)

    assert model.invoke("more").content == "last"


def test_scripted_structured_output_with_a_dict_schema_returns_the_data(tmp_path: Path) -> None:
    script = write_json(tmp_path / "s.json", [{"structured": {"anything": [1, 2]}}])
    model = get_chat_model(f"scripted:{script}")
    assert model.with_structured_output({"type": "object"}).invoke("x") == {"anything": [1, 2]}


def test_scripted_exhausted_is_a_model_error_naming_the_file(tmp_path: Path) -> None:
    script = write_json(tmp_path / "short.json", [{"content": "only"}])
    model = get_chat_model(f"scripted:{script}")
    model.invoke("one")
    with pytest.raises(ModelError) as caught:
        model.invoke("two")
    assert str(script) in str(caught.value)
    assert "exhausted after 1 responses" in str(caught.value)
    with pytest.raises(ModelError, match="exhausted"):
        model.with_structured_output(Intent).invoke("three")


def test_scripted_kind_mismatch_is_a_model_error(tmp_path: Path) -> None:
    script = write_json(tmp_path / "s.json", [
        {"structured": {"intent": "question"}},
        {"content": "plain"},
        {"structured": {"confidence": "high"}},
    ])
    model = get_chat_model(f"scripted:{script}")
    with pytest.raises(ModelError) as caught:
        model.invoke("chat call")
    assert str(script) in str(caught.value)
    assert "item 0 is 'structured' but the agent made a chat call" in str(caught.value)
    with pytest.raises(ModelError, match="item 1 is 'content' but the agent made a structured"):
        model.with_structured_output(Intent).invoke("structured call")
    with pytest.raises(ModelError, match="does not match Intent"):
        model.with_structured_output(Intent).invoke("invalid data")


def test_scripted_cursor_is_kept_per_thread_across_instances(tmp_path: Path) -> None:
    script = write_json(tmp_path / "s.json", [{"content": "one"}, {"content": "two"}])

    def ask(thread_id: str) -> str:
        # A fresh model each time, as a new process would build; the cursor lives on disk.
        model = get_chat_model(f"scripted:{script}")
        runnable = RunnableLambda(lambda text: model.invoke(text))
        return runnable.invoke("hi", config={"configurable": {"thread_id": thread_id}}).content

    assert ask("thread-a") == "one"
    assert ask("thread-a") == "two"
    assert ask("thread-b") == "one"
    with pytest.raises(ModelError, match="exhausted"):
        ask("thread-a")


# -- the local model's decoding schema -----------------------------------------------------


class Leg(BaseModel):
    code: str = Field(max_length=3, min_length=3, description="IATA code")
    notes: str = Field(default="", max_length=2000)


class Plan(BaseModel):
    """A final answer with nested models, so pydantic emits $defs."""

    legs: list[Leg] = Field(max_length=100)
    summary: str = Field(max_length=500)
    tags: list[str] = Field(default_factory=list, max_length=5)


class HotelQuery(BaseModel):
    city: Leg
    nights: int = Field(ge=1, le=30)


async def _noop(**kwargs: Any) -> str:
    return "ok"


def _tools() -> list[dict[str, Any]]:
    flights = StructuredTool.from_function(
        coroutine=_noop, name="search_flights", description="Find flights.",
        args_schema={"type": "object", "properties": {
            "origin": {"type": "string", "maxLength": 3},
            "date": {"type": "string", "maxLength": 1000}},
            "required": ["origin", "date"]})
    hotels = StructuredTool.from_function(coroutine=_noop, name="search_hotels",
                                          description="Find hotels.", args_schema=HotelQuery)
    return [convert_to_openai_tool(flights), convert_to_openai_tool(hotels)]


def _walk(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_walk(value))
    return found


def test_decoding_schema_offers_every_tool_and_the_answer() -> None:
    tools = _tools()
    schema = build_decoding_schema(tools, Plan.model_json_schema())
    options = schema["oneOf"]
    assert len(options) == 3
    names = [o["properties"]["tool"]["const"] for o in options if "tool" in o["properties"]]
    assert names == ["search_flights", "search_hotels"]
    for option in options:
        assert option["additionalProperties"] is False
        assert option["type"] == "object"
    tool_option = options[0]
    assert tool_option["required"] == ["tool", "arguments"]
    assert tool_option["properties"]["arguments"]["required"] == ["origin", "date"]
    answer = options[2]
    assert answer["required"] == ["answer"]
    assert set(answer["properties"]["answer"]["properties"]) == {"legs", "summary", "tags"}


def test_decoding_schema_hoists_defs_to_the_root() -> None:
    tools = _tools()
    before = copy.deepcopy(tools)
    plan = Plan.model_json_schema()
    assert "$defs" in plan
    schema = build_decoding_schema(tools, plan)
    assert set(schema["$defs"]) == {"Leg"}
    # Only the root holds $defs, and every reference resolves against it.
    nested = [node for node in _walk(schema["oneOf"]) if "$defs" in node]
    assert nested == []
    refs = {node["$ref"] for node in _walk(schema) if "$ref" in node}
    assert refs == {"#/$defs/Leg"}
    # The caller's schemas are left as they were.
    assert tools == before
    assert plan == Plan.model_json_schema()


def test_decoding_schema_drops_large_bounds_and_keeps_small_ones() -> None:
    schema = build_decoding_schema(_tools(), Plan.model_json_schema())
    leg = schema["$defs"]["Leg"]["properties"]
    assert leg["code"]["maxLength"] == 3 and leg["code"]["minLength"] == 3
    assert "maxLength" not in leg["notes"]
    flights_args = schema["oneOf"][0]["properties"]["arguments"]["properties"]
    assert flights_args["origin"]["maxLength"] == 3
    assert "maxLength" not in flights_args["date"]
    answer = schema["oneOf"][2]["properties"]["answer"]["properties"]
    assert "maxLength" not in answer["summary"]
    assert "maxItems" not in answer["legs"]
    assert answer["tags"]["maxItems"] == 5
    # Numeric bounds are not string/array bounds and stay.
    hotels_args = schema["oneOf"][1]["properties"]["arguments"]["properties"]
    assert (hotels_args["nights"]["minimum"], hotels_args["nights"]["maximum"]) == (1, 30)
    # Titles and descriptions are prose, not constraints.
    assert not [node for node in _walk(schema) if "title" in node or "description" in node]


def test_decoding_schema_keeps_properties_named_like_annotations() -> None:
    answer = {"type": "object", "additionalProperties": False, "required": ["title", "description"],
              "properties": {"title": {"type": "string", "title": "Title"},
                             "description": {"type": "string", "maxLength": 8}}}
    schema = build_decoding_schema([], answer)
    properties = schema["properties"]["answer"]["properties"]
    assert properties == {"title": {"type": "string"},
                          "description": {"type": "string", "maxLength": 8}}


def test_decoding_schema_without_tools_or_answer_schema() -> None:
    assert build_decoding_schema([], None) == {
        "type": "object", "properties": {"answer": {"type": "string"}},
        "required": ["answer"], "additionalProperties": False}


def test_decoding_schema_when_a_tool_call_is_required() -> None:
    tools = _tools()
    schema = build_decoding_schema(tools, Plan.model_json_schema(), allow_answer=False)
    assert [o["properties"]["tool"]["const"] for o in schema["oneOf"]] == [
        "search_flights", "search_hotels"]
    single = build_decoding_schema(tools[:1], None, allow_answer=False)
    assert "oneOf" not in single
    assert single["properties"]["tool"] == {"const": "search_flights"}
    assert json.loads(json.dumps(schema)) == schema  # plain JSON, ready for llama.cpp


def test_require_tool_leaves_the_local_model_no_plain_answer() -> None:
    from pathlib import Path

    from agentdesk.models import bind_tools
    from agentdesk.models.local import LocalChatModel, build_decoding_schema

    def search(city: str) -> str:
        """Search a city."""
        return city

    model = LocalChatModel(model_path=Path("/never/loaded.gguf"))
    bound = bind_tools(model, [search], answer_schema={"type": "object"}, require_tool=True)
    assert bound.kwargs["tool_choice"] == "any"
    schema = build_decoding_schema(bound.kwargs["tools"], bound.kwargs["answer_schema"],
                                   allow_answer=False)
    assert "answer" not in json.dumps(schema)
    free = bind_tools(model, [search], answer_schema={"type": "object"})
    assert free.kwargs["tool_choice"] is None


def test_a_long_local_prompt_drops_its_oldest_exchanges_and_keeps_roles_alternating() -> None:
    from agentdesk.models.local import fit_turns

    turns = [{"role": "user", "content": "instructions and the request"}]
    for i in range(6):
        turns += [{"role": "assistant", "content": f"call {i}"},
                  {"role": "user", "content": f"result {i} " + "x" * 90}]
    size = sum(len(t["content"]) for t in turns)
    assert fit_turns(turns, len, size + 8 * len(turns)) == turns  # fits: unchanged

    kept = fit_turns(turns, len, 300)
    assert [t["role"] for t in kept] == ["user", "assistant", "user", "assistant", "user"]
    assert kept[0]["content"].startswith("instructions and the request")
    assert "8 earlier turns were left out" in kept[0]["content"]
    assert kept[1:] == turns[-4:]
    assert sum(len(t["content"]) + 8 for t in kept[1:]) + len(turns[0]["content"]) + 8 <= 300

    # However small the budget, the instructions and the latest exchange stay.
    tiny = fit_turns(turns, len, 10)
    assert [t["content"] for t in tiny[1:]] == [t["content"] for t in turns[-2:]]


def test_a_string_constraint_beside_any_of_moves_into_the_string_branch() -> None:
    """llama.cpp's converter ignores keywords beside anyOf; the local model moves them."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    tool = {"type": "function", "function": {"name": "book", "parameters": {
        "type": "object", "required": [],
        "properties": {"day": {"anyOf": [{"type": "string"}, {"type": "null"}],
                               "pattern": "^[0-9]{4}$", "maxLength": 4}}}}}
    schema = build_decoding_schema([tool], None, allow_answer=False)
    day = schema["properties"]["arguments"]["properties"]["day"]
    assert day == {"anyOf": [{"type": "string", "pattern": "^[0-9]{4}$", "maxLength": 4},
                             {"type": "null"}]}
    assert "[0-9]" in json_schema_to_gbnf(json.dumps(schema))


@pytest.mark.parametrize(("query", "message"), [
    ("smol=1", "unknown option 'smol'; the options are base_url, structured, small"),
    ("structured=xml", "option 'structured' must be one of json_schema, json_mode, "
                       "function_calling (got 'xml')"),
    ("small=maybe", "option 'small' must be 1 or 0 (got 'maybe')"),
    ("small=1&small=0", "option 'small' is given twice"),
    ("base_url=127.0.0.1:8080", "option 'base_url' must be an http(s) URL"),
])
def test_a_bad_openai_option_is_named(query: str, message: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with pytest.raises(ConfigError) as caught:
        get_chat_model(f"openai:gemma?{query}")
    assert message in str(caught.value)
    assert f"openai:gemma?{query}" in str(caught.value)


def test_openai_options_make_the_model_and_a_loopback_server_needs_no_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.models import is_small
    from agentdesk.models.hosted import HostedChatModel

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    model = get_chat_model("openai:gemma?base_url=http://127.0.0.1:9/v1&small=1"
                           "&structured=json_mode")
    assert isinstance(model, HostedChatModel)
    assert (is_small(model), model.structured, model.openai_api_base) == (
        True, "json_mode", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:9/v1")
    from_env = get_chat_model("openai:gemma")
    assert isinstance(from_env, HostedChatModel) and not is_small(from_env)
    assert from_env.openai_api_base == "http://localhost:9/v1"
    with pytest.raises(ConfigError, match="set OPENAI_API_KEY"):
        get_chat_model("openai:gemma?base_url=https://models.example.com/v1")
    with pytest.raises(ConfigError, match="options after '\\?' are for openai: specs only"):
        get_chat_model("ollama:llama3?small=1")


def test_an_unreachable_server_is_a_model_error_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with socket_closed_port() as port:
        model = get_chat_model(f"openai:gemma?base_url=http://127.0.0.1:{port}/v1&small=1")
        with pytest.raises(ModelError, match=f"at http://127.0.0.1:{port}/v1 did not answer"):
            model.with_structured_output({"type": "object"}).invoke("hi")


@contextmanager
def socket_closed_port() -> Iterator[int]:
    """A loopback port nothing listens on (bound, then closed)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    yield port
