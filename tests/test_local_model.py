"""The embedded local model (llama.cpp on the Gemma 3 270M GGUF), loaded and run for real."""

from __future__ import annotations

import asyncio
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from pydantic import BaseModel

from agentdesk.agents.trip.schemas import Itinerary
from agentdesk.models import bind_tools, get_chat_model
from agentdesk.models.local import LocalChatModel
from agentdesk.settings import get_settings
from agentdesk.toolservers import open_tools

pytestmark = pytest.mark.local_model


@pytest.fixture(scope="module")
def local_model() -> LocalChatModel:
    model = get_chat_model("local")
    assert isinstance(model, LocalChatModel)
    assert model.model_path.name == "gemma-3-270m-q4_k_m.gguf"
    return model


def test_a_small_trip_request_gives_a_parsable_tool_call_or_itinerary(
        local_model: LocalChatModel) -> None:
    async def ask() -> AIMessage:
        async with open_tools(["travel"], get_settings()) as tools:
            bound = bind_tools(local_model, list(tools.values()),
                               answer_schema=Itinerary.model_json_schema())
            reply = await bound.ainvoke([
                SystemMessage("You plan trips. Use the tools to find flights and hotels."),
                HumanMessage("Find flights from BOS to LIS on 2027-03-10 for one person.")])
            return reply, tools

    reply, tools = asyncio.run(ask())
    assert isinstance(reply, AIMessage)
    if reply.tool_calls:
        call = reply.tool_calls[0]
        assert call["name"] in tools
        required = tools[call["name"]].args_schema["required"]
        assert set(required) <= set(call["args"])
    else:
        Itinerary.model_validate(json.loads(reply.text))


class CityAnswer(BaseModel):
    city: str
    country: str


def test_structured_output_parses_and_streams_its_tokens(local_model: LocalChatModel) -> None:
    from typing import TypedDict

    from langgraph.graph import START, StateGraph

    class State(TypedDict, total=False):
        answer: CityAnswer

    def ask(state: State) -> State:
        return {"answer": local_model.with_structured_output(CityAnswer).invoke(
            "Which city is the capital of Portugal?")}

    graph = StateGraph(State)
    graph.add_node("ask", ask)
    graph.add_edge(START, "ask")
    tokens, final = [], None
    for mode, chunk in graph.compile().stream({}, stream_mode=["custom", "values"]):
        if mode == "custom":
            assert chunk["kind"] == "token"
            tokens.append(chunk["text"])
        else:
            final = chunk
    assert isinstance(final["answer"], CityAnswer) and final["answer"].city
    assert len(tokens) > 3
    assert CityAnswer.model_validate_json("".join(tokens)) == final["answer"]
