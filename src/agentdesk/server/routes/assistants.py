"""Assistants: create, read, update, delete, search, count, versions, schemas and graph.

``assistant_id`` in a path may also be a served graph's name (its system assistant),
as the Agent Server allows. The data side is :mod:`agentdesk.runtime.assistants`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response

from agentdesk.errors import InputError
from agentdesk.runtime.assistants import AssistantStore, ResolvedAssistant
from agentdesk.runtime.graphschemas import graph_drawing, spec_schemas, subgraph_schemas
from agentdesk.server.auth import allowed, auth_equalities
from agentdesk.server.deps import DeskDep, ManagerDep, Owner
from agentdesk.server.ids import IdentPath
from agentdesk.server.schemas import (
    AssistantCount,
    AssistantCreate,
    AssistantPatch,
    AssistantSearch,
    AssistantVersionChange,
    AssistantVersionsSearch,
)

router = APIRouter(prefix="/assistants", tags=["assistants"])


async def _store(desk: DeskDep, owner: Owner) -> AssistantStore:
    """The caller's view of the assistants, with the served graphs' own written first."""
    store = AssistantStore(desk.persistence.engine, owner)
    await store.sync_system()
    return store


Store = Annotated[AssistantStore, Depends(_store)]


async def _named(store: AssistantStore, ident: str) -> str:
    """The assistant id ``ident`` names (a graph name stands for its system assistant)."""
    return (await store.resolve(ident)).assistant_id


@router.post("")
async def create(body: AssistantCreate, store: Store) -> dict[str, Any]:
    return await store.create(
        graph_id=body.graph_id, assistant_id=str(body.assistant_id) if body.assistant_id else None,
        config=body.config, context=body.context, metadata=body.metadata, name=body.name,
        description=body.description, if_exists=body.if_exists)


@router.post("/search")
async def search(body: AssistantSearch, request: Request, store: Store,
                 response: Response) -> list[dict[str, Any]]:
    found, following = await store.search(
        graph_id=body.graph_id, name=body.name,
        metadata={**(body.metadata or {}), **auth_equalities(request)}, limit=body.limit,
        offset=body.offset, sort_by=body.sort_by, sort_order=body.sort_order,
        select=list(body.select) if body.select else None)
    found = [a for a in found if allowed(request, a.get("metadata") or {})]  # auth $contains
    # The Agent Server's pagination headers (the SDK reads X-Pagination-Next).
    if following is None:
        response.headers["X-Pagination-Total"] = str(body.offset + len(found))
    else:
        response.headers["X-Pagination-Total"] = str(following + 1)
        response.headers["X-Pagination-Next"] = str(following)
    return found


@router.post("/count")
async def count(body: AssistantCount, store: Store) -> int:
    return await store.count(graph_id=body.graph_id, name=body.name, metadata=body.metadata)


@router.get("/{assistant_id}")
async def get(assistant_id: IdentPath, store: Store) -> dict[str, Any]:
    return await store.get(await _named(store, assistant_id))


@router.patch("/{assistant_id}")
async def update(assistant_id: IdentPath, body: AssistantPatch, store: Store,
                 request: Request) -> dict[str, Any]:
    return await store.update(
        await _named(store, assistant_id), graph_id=body.graph_id, config=body.config,
        context=body.context, metadata=body.metadata, name=body.name,
        description=body.description,
        max_metadata_bytes=request.app.state.settings.max_metadata_bytes)


@router.delete("/{assistant_id}", status_code=204)
async def delete(assistant_id: IdentPath, store: Store, desk: DeskDep, manager: ManagerDep,
                 owner: Owner, delete_threads: bool = False) -> Response:
    """Delete the assistant, cancelling its runs first, as the Agent Server does; with
    ``delete_threads``, also the caller's threads whose last run was on it."""
    target = await _named(store, assistant_id)
    await store.check_changeable(target)
    for run_id in await store.active_runs(target):
        await manager.cancel(run_id)
    if delete_threads:
        for thread_id in await store.thread_ids(target):
            await desk.delete_thread(thread_id, owner)
    await store.delete(target)
    return Response(status_code=204)


@router.post("/{assistant_id}/versions")
async def versions(assistant_id: IdentPath, body: AssistantVersionsSearch, store: Store,
                   ) -> list[dict[str, Any]]:
    return await store.versions(await _named(store, assistant_id), metadata=body.metadata,
                                limit=body.limit, offset=body.offset)


@router.post("/{assistant_id}/latest")
async def set_latest(assistant_id: IdentPath, body: AssistantVersionChange, store: Store,
                     ) -> dict[str, Any]:
    return await store.set_latest(await _named(store, assistant_id), body.version)


@router.get("/{assistant_id}/schemas")
async def schemas(assistant_id: IdentPath, store: Store) -> dict[str, Any]:
    found = await store.resolve(assistant_id)
    return await asyncio.to_thread(spec_schemas, found.spec)


def _xray(xray: str | None) -> bool | int:
    """``xray`` as the Agent Server reads it: true/false, or a depth of at least 1."""
    if not xray or xray in ("false", "False"):
        return False
    if xray in ("true", "True"):
        return True
    try:
        depth = int(xray)
    except ValueError:
        depth = 0
    if depth <= 0:
        raise InputError("xray: give true, false or a depth of at least 1", field="xray")
    return depth


@router.get("/{assistant_id}/graph")
async def graph(assistant_id: IdentPath, store: Store,
                xray: Annotated[str | None, Query(max_length=10)] = None) -> dict[str, Any]:
    found: ResolvedAssistant = await store.resolve(assistant_id)
    return await asyncio.to_thread(graph_drawing, found.spec, _xray(xray))


@router.get("/{assistant_id}/subgraphs")
async def subgraphs(assistant_id: IdentPath, store: Store, recurse: bool = False,
                    ) -> dict[str, Any]:
    found = await store.resolve(assistant_id)
    return await asyncio.to_thread(subgraph_schemas, found.spec, None, recurse)


@router.get("/{assistant_id}/subgraphs/{namespace}")
async def subgraphs_under(assistant_id: IdentPath, namespace: str, store: Store,
                          recurse: bool = False) -> dict[str, Any]:
    found = await store.resolve(assistant_id)
    return await asyncio.to_thread(subgraph_schemas, found.spec, namespace, recurse)
