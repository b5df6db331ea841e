"""The model as a span reader: it can only answer words of the request, and code checks
the word before a slot takes it; a trip the reader could not fully read starts with what
the model found, or is refused with nothing written. One test runs the real embedded
model (one call)."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableLambda

from agentdesk.domains.trip.spans import NOT_SAID, candidate_spans, fill_with_model
from agentdesk.errors import InputError
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.storage.persistence import runs

from .trip_script import TripScript

TODAY = date(2026, 11, 26)
REQUEST = "Trip to oslo from Boston, leaving 2027-05-03 for 4 days"
"""Code misses "oslo": a lower-case city in a text that writes cities in capitals."""


class _Picks(FakeListChatModel):
    """A model that answers each slot question with the next span of a list."""

    def with_structured_output(self, schema: Any, **kwargs: Any) -> Any:
        allowed = schema["properties"]["span"]["enum"]

        def answer(_: Any) -> dict[str, str]:
            span = self.responses[self.i % len(self.responses)]
            self.i += 1
            assert span in allowed  # what a grammar would enforce
            return {"span": span}

        return RunnableLambda(answer)


def test_the_spans_are_the_requests_own_words() -> None:
    spans = candidate_spans("Trip to oslo: from Boston")
    assert {"oslo", "Trip to oslo", "from Boston", "Boston"} <= set(spans)
    assert all(span in "Trip to oslo from Boston" for span in spans)


def test_a_span_code_accepts_fills_the_slot_and_one_it_refuses_does_not() -> None:
    assert fill_with_model(REQUEST, _Picks(responses=["oslo"]), TODAY) == {
        "destination": "oslo"}
    # Only spans code accepts are offered ("oslo"); "Trip" is not one.
    with pytest.raises(AssertionError):  # not offered: "Trip" is no city
        fill_with_model(REQUEST, _Picks(responses=["Trip"]), TODAY)
    assert fill_with_model(REQUEST, _Picks(responses=[NOT_SAID]), TODAY) == {}
    # A date in the past is not a departure.
    assert fill_with_model("Lisbon from Boston for 4 days, leaving 2020-03-10 maybe",
                           _Picks(responses=["2020-03-10"]), TODAY) == {}


@pytest.mark.parametrize("text", [
    "Plan 4 days in Lisbon, leaving 2027-03-10, it would be nice to hear fado",
    "From Denver, 4 nights, leaving 2027-09-09, anywhere sunny, we split the bill",
])
def test_a_city_name_written_as_a_word_where_no_place_goes_is_not_offered(text: str) -> None:
    # "nice" and "split" are cities (Nice, Split), here adjective and verb: the embedded
    # model, offered them, took each for the missing origin or destination.
    model = _Picks(responses=["nice", "split"])
    assert fill_with_model(text, model, TODAY) == {}
    assert model.i == 0  # nothing to choose from: not asked


@pytest.mark.local_model
def test_the_embedded_model_reads_the_city_code_missed_when_the_trip_starts() -> None:
    async def prepare() -> Any:
        async with Desk.open() as desk:  # recorded, not executed: the planner is not run
            return await desk.prepare_start("trip", {"messages": REQUEST}, model="local")

    run = asyncio.run(prepare())
    assert run.input["preferences"]["destination"] == "oslo"
    assert run.input["messages"] == REQUEST
    assert run.first_input[0]["messages"][0].content == REQUEST


# -- through the runtime: what starts a trip ------------------------------------------

LOWER_LISBON = "Plan 4 days in lisbon from Boston, leaving 2027-03-10, budget 2500 USD"
"""Code reads all but the destination: "lisbon" in lower case, in a text with capitals."""


def _bare_call(name: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": {}}]}


def _selection() -> dict[str, Any]:
    return {"content": json.dumps({"outbound": 1, "return": 1, "hotel": 1,
                                   "activities": [1, 2, 3, 4], "notes": 1})}


def _start(payload: dict[str, Any], model: str) -> tuple[Any, Any]:
    async def go() -> tuple[Any, Any]:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", payload, model=model)
            return outcome, await desk.view(outcome.thread_id)
    return asyncio.run(go())


def _threads_and_runs() -> tuple[int, int]:
    async def go() -> tuple[int, int]:
        async with Desk.open() as desk:
            async with desk.persistence.engine.connect() as conn:
                count = (await conn.execute(sa.select(sa.func.count()).select_from(
                    runs))).scalar()
            return len(await desk.store.list_threads()), int(count or 0)
    return asyncio.run(go())


def _model_calls() -> int:
    """Items the scripted model gave so far (its cursors under the data dir)."""
    folder = Path(os.environ["AGENTDESK_DATA_DIR"]) / "scripted"
    return sum(json.loads(f.read_text())["position"] for f in folder.glob("*.json"))


def test_a_slot_the_model_reads_starts_the_thread_as_if_the_caller_gave_it(
        trip_script: TripScript) -> None:
    model = trip_script.write({"structured": {"span": "lisbon"}},
                              _bare_call("get_airport_code"), _bare_call("search_flights"),
                              _selection())
    outcome, view = _start({"messages": LOWER_LISBON}, model)
    assert outcome.status == "interrupted", outcome.error
    assert view.values["preferences"] == {
        "origin": "Boston", "destination": "lisbon", "depart": "2027-03-10",
        "return": "2027-03-14", "travelers": 1, "budget": 2500.0, "currency": "USD",
        "interests": []}
    first = view.values["messages"][0]
    assert isinstance(first, HumanMessage) and first.content == LOWER_LISBON
    plan = view.values["current_itinerary"]
    assert [(f["origin"], f["destination"]) for f in plan["flights"]] == [
        ("BOS", "LIS"), ("LIS", "BOS")]


@pytest.mark.parametrize(("answer", "why"), [
    (NOT_SAID, "the model found nothing"),
    ("Plan", "no city: a model outside a grammar may answer it"),
    ("Boston", "the origin, already taken"),
    ("fly to Oslo", "not a span of the request"),
])
def test_a_missing_slot_the_model_does_not_find_is_refused_with_nothing_written(
        trip_script: TripScript, answer: str, why: str) -> None:
    model = trip_script.write({"structured": {"span": answer}})
    with pytest.raises(InputError, match="the request does not say where to go") as refused:
        _start({"messages": LOWER_LISBON}, model)
    assert str(refused.value).startswith("messages:")
    assert _model_calls() == 1, "the model was asked"
    assert _threads_and_runs() == (0, 0), why


def test_the_span_reader_turned_off_refuses_without_asking(
        trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_TRIP_SPAN_READER", "off")
    model = trip_script.write({"structured": {"span": "lisbon"}})
    with pytest.raises(InputError, match="where to go"):
        _start({"messages": LOWER_LISBON}, model)
    assert _model_calls() == 0
    assert _threads_and_runs() == (0, 0)


def test_a_departure_the_model_reads_comes_with_the_return_the_length_gives() -> None:
    text = "Oslo from Boston, leaving in a fortnight, for 4 days"
    assert fill_with_model(text, _Picks(responses=["in a fortnight"]), TODAY) == {
        "depart": "2026-12-10", "return": "2026-12-14"}
    with pytest.raises(AssertionError):  # the stay's length is not offered as a date
        fill_with_model(text, _Picks(responses=["4 days"]), TODAY)


def test_a_place_code_took_is_not_offered_again_in_another_spelling() -> None:
    # Code reads BOS as the origin and misses "boston": the same city, not a destination.
    text = "Trip to boston from BOS, leaving 2027-05-03 for 4 days"
    assert fill_with_model(text, _Picks(responses=["boston"]), TODAY) == {}


def test_a_model_that_fails_to_read_leaves_the_refusal_as_code_read_it(
        trip_script: TripScript) -> None:
    model = trip_script.write({"tool_calls": [{"name": "search_flights", "args": {}}]})
    with pytest.raises(InputError, match="the request does not say where to go"):
        _start({"messages": LOWER_LISBON}, model)  # a tool call where a span was asked
    assert _model_calls() == 1
    assert _threads_and_runs() == (0, 0)
