"""A graph of your own: its input checked by its fields, whichever TypedDict declares them."""

from __future__ import annotations

import typing

import pytest
import typing_extensions
from langgraph.graph import END, START, StateGraph

from agentdesk.errors import InputError
from agentdesk.runtime.runs.graphinput import input_model, request_field


def _graph(typed_dict: typing.Any) -> typing.Any:
    class State(typed_dict, total=False):  # type: ignore[misc, valid-type]
        question: str
        answer: str

    builder = StateGraph(State)
    builder.add_node("answer", lambda state: {"answer": "yes"})
    builder.add_edge(START, "answer")
    builder.add_edge("answer", END)
    return builder.compile()


@pytest.mark.parametrize("typed_dict", [typing.TypedDict, typing_extensions.TypedDict],
                         ids=["typing", "typing_extensions"])
def test_the_input_fields_are_the_states_whichever_typeddict(typed_dict: typing.Any) -> None:
    """On Python 3.11 pydantic cannot read a ``typing.TypedDict``; its fields still count."""
    model = input_model("qa", _graph(typed_dict))
    assert model.model_validate({"question": "why?"}).root == {"question": "why?"}
    with pytest.raises(InputError) as refused:
        model.model_validate({"questoin": "why?"})
    assert refused.value.field == "questoin" and "question, answer" in str(refused.value)
    assert request_field(model.model_json_schema()) == "question"
