"""The embedded local model (llama.cpp on the Gemma 3 270M GGUF), loaded and run for real."""

from __future__ import annotations

import asyncio
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from pydantic import BaseModel

from agentdesk.domains.trip.agent.schemas import Itinerary
from agentdesk.models import bind_tools, get_chat_model
from agentdesk.models.local import LocalChatModel
from agentdesk.runtime.mcp import open_tools
from agentdesk.settings import get_settings

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


def test_with_real_offers_the_itinerary_passes_the_audit(local_model: LocalChatModel) -> None:
    """Decoding under the narrowed schema, even the 270M model quotes only real offers."""
    from agentdesk.domains.trip.agent import prompts
    from agentdesk.domains.trip.agent.audit import audit_answer, itinerary_schema
    from agentdesk.runtime.tools import ToolPolicy

    preferences = {"origin": "BOS", "destination": "LIS", "depart": "2027-03-10",
                   "return": "2027-03-14", "travelers": 2, "budget": 2500.0}
    calls = [("search_flights", {"origin": "BOS", "destination": "LIS", "date": "2027-03-10",
                                 "return_date": "2027-03-14"}),
             ("search_hotels", {"city_code": "LIS", "check_in": "2027-03-10",
                                "check_out": "2027-03-14"})]

    async def plan() -> tuple[list, AIMessage]:
        search = AIMessage("", tool_calls=[{"name": name, "args": args, "id": f"call{i}"}
                                           for i, (name, args) in enumerate(calls)])
        async with open_tools(["travel"], get_settings()) as tools:
            results = await ToolPolicy().run_calls(search, tools)
        history = [HumanMessage("Plan 4 days in Lisbon from Boston for two, budget 2500 USD."),
                   search, *results]
        system = prompts.PLANNER_SYSTEM.format(today="2026-11-22",
                                               preferences=json.dumps(preferences))
        schema = itinerary_schema(history, preferences)
        reply = await bind_tools(local_model, [], answer_schema=schema).ainvoke(
            [SystemMessage(system), *history])
        return history, reply

    history, reply = asyncio.run(plan())
    assert not reply.tool_calls
    audit = audit_answer(reply.text, history, preferences)
    assert audit.errors == [], reply.text
    assert audit.itinerary is not None and audit.itinerary.travelers == 2
    assert audit.total_cost is not None and audit.total_cost > 0
