"""A model failure tells a person what failed and what to try; the raw output stays in details."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, Field

from agentdesk.errors import ModelError
from agentdesk.models.failures import TRY_ANOTHER_MODEL
from agentdesk.models.local import LocalChatModel
from agentdesk.text import plain

CUT_OFF = '\x1b[1m\x1b[31m{"city": "Lisbon", "country": "Portu'


class CityAnswer(BaseModel):
    city: str
    population: int = Field(gt=0)


class Canned(LocalChatModel):
    """The real structured-output path over a fixed decode (no llama.cpp)."""

    raw: str = ""

    def decode(self, messages: Sequence[BaseMessage], schema: dict[str, Any],
               preamble: str = "", on_text: Any = None) -> tuple[Any, str, tuple[int, int]]:
        import json

        try:
            return json.loads(self.raw), self.raw, (0, 0)
        except ValueError:
            return None, self.raw, (0, 0)


def failure(raw: str) -> ModelError:
    model = Canned(model_path=Path("/models/gemma-3-270m-q4_k_m.gguf"), raw=raw)
    with pytest.raises(ModelError) as caught:
        model.with_structured_output(CityAnswer).invoke("Which city?")
    return caught.value


def test_a_cut_off_answer_says_what_failed_and_what_to_try() -> None:
    error = failure(CUT_OFF)
    assert error.message.startswith(
        "the local model (gemma-3-270m-q4_k_m.gguf) could not give this step a usable answer: "
        "its answer was cut off before it was complete.")
    assert "--model local:/path/to/model.gguf" in error.message
    assert "openai:" in error.message
    assert "Lisbon" not in error.message and "\x1b" not in error.message
    details = error.to_dict()
    assert details["reason"] == "unparsable_answer"
    assert details["raw"] == '{"city": "Lisbon", "country": "Portu'  # kept, without escapes
    assert details["hint"] == TRY_ANOTHER_MODEL


def test_an_answer_that_breaks_the_form_names_the_field_not_the_output() -> None:
    error = failure('{"city": "Lisbon", "population": -3}')
    assert "does not fit its form (population: Input should be greater than 0)" in error.message
    assert "Lisbon" not in error.message and "\"population\": -3" not in error.message
    assert error.to_dict()["field"] == "population"
    assert '"population": -3' in error.to_dict()["raw"]


def test_an_empty_answer_says_so() -> None:
    assert "its answer was empty" in failure("").message


def test_plain_strips_escape_sequences_and_control_characters() -> None:
    assert plain("\x1b[31mred\x1b[0m \x1b]8;;http://x\x07link\x1b]8;;\x07\x00\x07 ok\n") == (
        "red link ok\n")


def test_a_run_that_fails_on_the_model_keeps_the_raw_output_in_its_audit(
        bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The person reads what failed and what to try; the thread's audit keeps the output."""
    import asyncio

    from agentdesk.runtime.runs import prepare as runs
    from agentdesk.runtime.runs.desk import Desk

    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    canned = Canned(model_path=Path("/models/gemma-3-270m-q4_k_m.gguf"), raw=CUT_OFF)
    monkeypatch.setattr(runs, "get_chat_model", lambda spec, settings=None: canned)

    async def ask() -> tuple[Any, list[Any]]:
        async with Desk.open() as desk:
            # A question whose chart the model picks (bar or pie): one value needs no model.
            outcome = await desk.start(
                "banking", {"user_query": "What is the average loan principal by kind?"},
                model="local")
            return outcome, await desk.store.audit_trail(outcome.thread_id)

    outcome, trail = asyncio.run(ask())
    assert outcome.status == "failed"
    assert outcome.error["message"].startswith("the local model (gemma-3-270m-q4_k_m.gguf) "
                                               "could not give this step a usable answer")
    assert "Lisbon" not in outcome.error["message"]
    finished = next(e for e in trail if e.event == "run_finished")
    assert finished.data["error"] == outcome.error["message"]
    assert finished.data["error_details"]["raw"] == '{"city": "Lisbon", "country": "Portu'
