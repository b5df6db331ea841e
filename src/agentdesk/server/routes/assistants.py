"""Assistants: one per agent; ``assistant_id`` may be the agent's name."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from agentdesk.runtime.registry import agent_names, get_agent
from agentdesk.server.auth import allowed
from agentdesk.server.deps import Owner
from agentdesk.server.ids import IdentPath
from agentdesk.server.schemas import AssistantSearch
from agentdesk.server.views import assistant, find_assistant

router = APIRouter(prefix="/assistants", tags=["assistants"])


@router.post("/search")
async def search(body: AssistantSearch, request: Request, _owner: Owner) -> list[dict[str, Any]]:
    found = [assistant(get_agent(name)) for name in agent_names()]
    found = [a for a in found if allowed(request, a["metadata"])]  # langgraph.json auth
    if body.graph_id:
        found = [a for a in found if a["graph_id"] == body.graph_id]
    if body.name:
        found = [a for a in found if a["name"] == body.name]
    if body.metadata:
        found = [a for a in found
                 if all(a["metadata"].get(k) == v for k, v in body.metadata.items())]
    return found[body.offset: body.offset + body.limit]


@router.get("/{assistant_id}/schemas")
async def schemas(assistant_id: IdentPath, _owner: Owner) -> dict[str, Any]:
    """The input schema runs are checked against (the graph's own, for a langgraph.json one)."""
    spec = find_assistant(assistant_id)
    return {"graph_id": spec.name, "input_schema": spec.input_schema.model_json_schema(),
            "output_schema": None, "state_schema": None, "config_schema": None,
            "context_schema": None}


@router.get("/{assistant_id}")
async def get(assistant_id: IdentPath, _owner: Owner) -> dict[str, Any]:
    return assistant(find_assistant(assistant_id))
