"""The Store API (``/store/...``): LangGraph's Store, the one agents keep user memory in.

Without API keys every caller shares one space: a namespace is stored as given, so
what a graph writes through ``runtime.store`` is what a client reads. With keys a
caller's namespace ``[a, b]`` is stored as ``["memory", <owner>, a, b]``: the room
where agents keep that key's user memory (:mod:`agentdesk.runtime.memory`), so the
namespace ``[user_id]`` *is* the memory of that user, and no caller can name,
search or list another key's items. The prefix never leaves the server.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from langgraph.store.base import BaseStore, InvalidNamespaceError, Item
from langgraph.store.sqlite.base import BaseSqliteStore
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from agentdesk.errors import InputError
from agentdesk.runtime.memory.remember import LOCAL_OWNER
from agentdesk.server.deps import DeskDep, Owner
from agentdesk.server.schemas import OFFSET_MAX

__all__ = ["router"]

router = APIRouter(prefix="/store", tags=["store"])



def _no_period(label: str) -> str:
    """The Agent Server's rule: a label is a non-empty string without a period."""
    if "." in label:
        raise ValueError(f"namespace label {label!r} must be a non-empty string "
                         "without periods")
    return label


Label = Annotated[str, Field(min_length=1, max_length=256), AfterValidator(_no_period)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StorePut(_Body):
    """``PUT /store/items``."""

    namespace: list[Label] = Field(min_length=1)
    key: str = Field(min_length=1, max_length=1024)
    value: dict[str, Any]
    index: Literal[False] | list[str] | None = None
    """None: the configured fields; False: not searchable by meaning; a list: these paths."""
    ttl: float | None = Field(default=None, gt=0)
    """Minutes the item lives after its last write (or refreshing read)."""

    @field_validator("value")
    @classmethod
    def _storable(cls, value: dict[str, Any]) -> dict[str, Any]:
        """Refuse integers beyond 64 bits: the stores keep JSON their database can hold."""
        todo: list[Any] = [value]
        while todo:
            item = todo.pop()
            if isinstance(item, dict):
                todo.extend(item.values())
            elif isinstance(item, list):
                todo.extend(item)
            elif isinstance(item, int) and not isinstance(item, bool) and not (
                    -(2**63) <= item < 2**63):
                raise ValueError("integers beyond 64 bits cannot be stored")
        return value


class StoreDelete(_Body):
    """``DELETE /store/items``."""

    namespace: list[Label] = Field(min_length=1)
    key: str = Field(min_length=1, max_length=1024)


class StoreSearch(_Body):
    """``POST /store/items/search``."""

    namespace_prefix: list[Label] = Field(default_factory=list)
    filter: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)
    query: str | None = Field(default=None, min_length=1)
    refresh_ttl: bool | None = None


class StoreNamespaces(_Body):
    """``POST /store/namespaces``."""

    prefix: list[Label] | None = None
    suffix: list[Label] | None = None
    max_depth: int | None = Field(default=None, ge=1, le=1000)
    limit: int = Field(default=100, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)


def _space(owner: str | None) -> tuple[str, ...]:
    """The stored prefix of a caller's namespaces: none without keys (one shared space)."""
    return ("memory", owner) if owner and owner != LOCAL_OWNER else ()


def _stored(owner: str | None, namespace: list[str]) -> tuple[str, ...]:
    return (*_space(owner), *namespace)


def _public(owner: str | None, item: Item) -> dict[str, Any]:
    """The item as the caller sees it: its namespace without the key's prefix."""
    out = item.dict()
    out["namespace"] = list(item.namespace[len(_space(owner)):])
    return out


def _memory(desk: DeskDep) -> BaseStore:
    return desk.persistence.memory


def _indexed(store: BaseStore) -> bool:
    return bool(getattr(store, "index_config", None))


def _expiring(store: BaseStore) -> bool:
    """Whether expired items are ever deleted: a TTL config with a sweep interval."""
    ttl = getattr(store, "ttl_config", None) or {}
    return bool(ttl.get("sweep_interval_minutes"))


def _whole_minutes(store: BaseStore) -> bool:
    """Whether the store keeps TTLs in whole minutes (LangGraph's PostgreSQL store does)."""
    return not isinstance(store, BaseSqliteStore)


def _check_refresh(store: BaseStore, refresh: bool | None, field: str) -> None:
    """LangGraph's SQLite store refreshes a TTL on read only when its config says so by
    default (it ignores an explicit ``refresh_ttl=true`` otherwise): refuse what it drops."""
    ttl = getattr(store, "ttl_config", None) or {}
    if refresh and isinstance(store, BaseSqliteStore) and not ttl.get("refresh_on_read"):
        raise InputError("true is not supported on SQLite unless reads refresh by default "
                         "(store_ttl_refresh_on_read)", field=field)


@router.put("/items", status_code=204)
async def put_item(body: StorePut, desk: DeskDep, owner: Owner) -> Response:
    """Store or replace an item."""
    store = _memory(desk)
    if isinstance(body.index, list) and not _indexed(store):
        raise InputError("semantic search is not configured (store.index); send no index "
                         "or false", field="index")
    if body.ttl is not None and not _expiring(store):
        raise InputError("item TTLs are not supported: the store has no TTL sweeper "
                         "(store.ttl.sweep_interval_minutes)", field="ttl")
    if body.ttl is not None and not body.ttl.is_integer() and _whole_minutes(store):
        raise InputError("must be whole minutes on PostgreSQL (the store keeps an item's "
                         "TTL as an integer and would cut a fraction on refresh)", field="ttl")
    kwargs: dict[str, Any] = {} if body.ttl is None else {"ttl": body.ttl}
    try:
        await store.aput(_stored(owner, body.namespace), body.key, body.value,
                         index=body.index, **kwargs)
    except InvalidNamespaceError as exc:
        raise InputError(str(exc), field="namespace") from exc
    return Response(status_code=204)


def _flag(raw: str | None, field: str) -> bool | None:
    if raw is None:
        return None
    if raw.lower() not in ("true", "false"):
        raise InputError(f"{raw!r} is not true or false", field=field)
    return raw.lower() == "true"


_GET_PARAMS = frozenset({"namespace", "key", "refresh_ttl"})


@router.get("/items")
async def get_item(request: Request, desk: DeskDep, owner: Owner) -> dict[str, Any] | None:
    """One item, or null when there is none (as the Agent Server answers)."""
    params = request.query_params
    unknown = sorted(set(params) - _GET_PARAMS)
    if unknown:
        raise InputError("is not supported", field=unknown[0])
    key = params.get("key")
    if not key:
        raise InputError("is required", field="key")
    namespace = params.get("namespace", "").split(".")
    if not all(namespace):
        raise InputError("namespace labels must be non-empty strings (joined by '.')",
                         field="namespace")
    refresh = _flag(params.get("refresh_ttl"), "refresh_ttl")
    _check_refresh(_memory(desk), refresh, "refresh_ttl")
    item = await _memory(desk).aget(_stored(owner, namespace), key, refresh_ttl=refresh)
    return None if item is None else _public(owner, item)


@router.delete("/items", status_code=204)
async def delete_item(body: StoreDelete, desk: DeskDep, owner: Owner) -> Response:
    """Delete an item (deleting one that is not there is not an error, as in the store)."""
    await _memory(desk).adelete(_stored(owner, body.namespace), body.key)
    return Response(status_code=204)


@router.post("/items/search")
async def search_items(body: StoreSearch, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    """Items under a namespace prefix: by filter and newest first, or ranked by ``query``."""
    store = _memory(desk)
    if body.query is not None and not _indexed(store):
        raise InputError("semantic search is not configured (store.index)", field="query")
    _check_refresh(store, body.refresh_ttl, "refresh_ttl")
    try:
        items = await store.asearch(
            _stored(owner, body.namespace_prefix), filter=body.filter, limit=body.limit,
            offset=body.offset, query=body.query, refresh_ttl=body.refresh_ttl)
    except ValueError as exc:  # an operator the store does not know
        raise InputError(str(exc), field="filter") from exc
    return {"items": [_public(owner, item) for item in items]}


@router.post("/namespaces")
async def list_namespaces(body: StoreNamespaces, desk: DeskDep,
                          owner: Owner) -> dict[str, list[list[str]]]:
    """The caller's namespaces matching ``prefix`` / ``suffix``, cut to ``max_depth``."""
    space = _space(owner)
    prefix = _stored(owner, body.prefix or []) or None
    depth = None if body.max_depth is None else body.max_depth + len(space)
    found = await _memory(desk).alist_namespaces(
        prefix=prefix, suffix=tuple(body.suffix) if body.suffix else None, max_depth=depth,
        limit=body.limit, offset=body.offset)
    return {"namespaces": [list(ns[len(space):]) for ns in found if len(ns) > len(space)]}
