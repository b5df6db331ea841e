"""Custom auth from ``langgraph.json``'s ``auth.path``: a ``langgraph_sdk.Auth`` object.

:class:`AuthGate` wraps the API (an ASGI middleware, so no route file changes): every
request is authenticated by ``@auth.authenticate``; a request whose method and path are in
:data:`ROUTES` is then authorized by the most specific ``@auth.on`` handler for its
(resource, action), as the Agent Server does. A handler may change the request's value (its
``metadata`` reaches the route), refuse it (False: 403), or return a metadata filter:

- on one existing object (read, update, delete, create_run on a thread), an object whose
  metadata does not match answers 404, as if it did not exist;
- on a search, the route keeps only matching objects (:func:`allowed`, one line per route).

The identity becomes the caller's actor (``deps._caller``); threads stay shared between
identities unless a handler filters them, as in the Agent Server.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langgraph_sdk import Auth
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agentdesk.errors import ConfigError, NotFoundError
from agentdesk.runtime.lgconfig import load_object

__all__ = ["ROUTES", "AuthGate", "AuthUser", "allowed", "auth_equalities", "load_auth",
           "matches_filter"]

_log = logging.getLogger(__name__)

FILTERS = "auth_filters"
"""Key in ``request.state`` of the filters the authorizing handler returned (or absent)."""
USER = "auth_user"
"""Key in ``request.state`` of the authenticated :class:`AuthUser`."""

PUBLIC = ("/ok", "/live", "/ready", "/info", "/docs", "/redoc", "/openapi.json", "/app",
          "/favicon.ico")
"""Paths answered without authentication (health, liveness and readiness, docs, the web
app's static files)."""

_STORE_NAMESPACE = {"put": "namespace", "delete": "namespace", "search": "namespace_prefix",
                    "list_namespaces": "prefix"}
"""The body field that holds the namespace a store handler sees as ``value["namespace"]``."""


@dataclass(frozen=True)
class _Route:
    method: str
    template: str
    resource: str
    action: str


def _routes(*rows: tuple[str, str, str, str]) -> list[_Route]:
    return [_Route(*row) for row in rows]


ROUTES = _routes(
    ("POST", "/threads", "threads", "create"),
    ("POST", "/threads/search", "threads", "search"),
    ("GET", "/interrupts", "threads", "search"),
    ("POST", "/threads/count", "threads", "search"),
    ("GET", "/threads/{thread_id}", "threads", "read"),
    ("PATCH", "/threads/{thread_id}", "threads", "update"),
    ("DELETE", "/threads/{thread_id}", "threads", "delete"),
    ("POST", "/threads/{thread_id}/copy", "threads", "create"),
    ("GET", "/threads/{thread_id}/state", "threads", "read"),
    ("POST", "/threads/{thread_id}/state", "threads", "update"),
    ("GET", "/threads/{thread_id}/state/{checkpoint_id}", "threads", "read"),
    ("POST", "/threads/{thread_id}/state/checkpoint", "threads", "read"),
    ("GET", "/threads/{thread_id}/history", "threads", "read"),
    ("POST", "/threads/{thread_id}/history", "threads", "read"),
    ("GET", "/threads/{thread_id}/audit", "threads", "read"),
    ("GET", "/threads/{thread_id}/mail", "threads", "read"),
    ("POST", "/threads/{thread_id}/decisions", "threads", "create_run"),
    ("POST", "/threads/{thread_id}/runs", "threads", "create_run"),
    ("POST", "/threads/{thread_id}/runs/stream", "threads", "create_run"),
    ("POST", "/threads/{thread_id}/runs/wait", "threads", "create_run"),
    ("POST", "/threads/{thread_id}/runs/crons", "crons", "create"),
    ("GET", "/threads/{thread_id}/runs", "threads", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}", "threads", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}/join", "threads", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}/stream", "threads", "read"),
    ("GET", "/threads/{thread_id}/stream", "threads", "read"),
    ("POST", "/threads/{thread_id}/stream/events", "threads", "read"),
    ("POST", "/threads/{thread_id}/commands", "threads", "create_run"),
    ("POST", "/threads/{thread_id}/runs/{run_id}/cancel", "threads", "update"),
    ("DELETE", "/threads/{thread_id}/runs/{run_id}", "threads", "delete"),
    ("POST", "/runs", "threads", "create_run"),
    ("POST", "/runs/stream", "threads", "create_run"),
    ("POST", "/runs/wait", "threads", "create_run"),
    ("POST", "/runs/batch", "threads", "create_run"),
    ("POST", "/runs/cancel", "threads", "update"),
    ("POST", "/assistants", "assistants", "create"),
    ("POST", "/assistants/search", "assistants", "search"),
    ("POST", "/assistants/count", "assistants", "search"),
    ("GET", "/assistants/{assistant_id}", "assistants", "read"),
    ("GET", "/assistants/{assistant_id}/schemas", "assistants", "read"),
    ("GET", "/assistants/{assistant_id}/graph", "assistants", "read"),
    ("GET", "/assistants/{assistant_id}/subgraphs", "assistants", "read"),
    ("POST", "/assistants/{assistant_id}/versions", "assistants", "read"),
    ("PATCH", "/assistants/{assistant_id}", "assistants", "update"),
    ("POST", "/assistants/{assistant_id}/latest", "assistants", "update"),
    ("DELETE", "/assistants/{assistant_id}", "assistants", "delete"),
    ("POST", "/runs/crons", "crons", "create"),
    ("POST", "/runs/crons/search", "crons", "search"),
    ("POST", "/runs/crons/count", "crons", "search"),
    ("GET", "/runs/crons/{cron_id}", "crons", "read"),
    ("PATCH", "/runs/crons/{cron_id}", "crons", "update"),
    ("DELETE", "/runs/crons/{cron_id}", "crons", "delete"),
    ("PUT", "/store/items", "store", "put"),
    ("GET", "/store/items", "store", "get"),
    ("DELETE", "/store/items", "store", "delete"),
    ("POST", "/store/items/search", "store", "search"),
    ("POST", "/store/namespaces", "store", "list_namespaces"),
)
"""(method, path template) -> (resource, action), as the Agent Server authorizes its routes.
A path of ours outside this table is authenticated only."""

_COMPILED = [(route, compile_path(route.template)[0]) for route in ROUTES]


class AuthUser:
    """The authenticated user as handlers see it (``ctx.user``): ``identity``,
    ``display_name``, ``is_authenticated``, ``permissions``, and any other field the
    authenticate handler returned, by attribute or by key."""

    def __init__(self, fields: Mapping[str, Any], permissions: list[str]) -> None:
        self._fields = dict(fields)
        self.identity: str = str(fields["identity"])
        self.display_name: str = str(fields.get("display_name") or self.identity)
        self.is_authenticated: bool = bool(fields.get("is_authenticated", True))
        self.permissions = permissions

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_fields"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def get(self, key: str, default: Any = None) -> Any:
        return self._fields.get(key, default)


def _user(result: Any) -> AuthUser:
    """What ``@auth.authenticate`` returned, as a user: a str (the identity), a dict with
    ``identity``, or an object with an ``identity`` attribute."""
    permissions: list[str] = []
    if isinstance(result, tuple) and len(result) == 2:
        permissions, result = list(result[0]), result[1]
    if isinstance(result, str):
        return AuthUser({"identity": result}, permissions)
    if isinstance(result, Mapping) and "identity" in result:
        return AuthUser(result, list(result.get("permissions", permissions)))
    if hasattr(result, "identity"):
        fields = {k: getattr(result, k) for k in dir(result)
                  if not k.startswith("_") and not callable(getattr(result, k))}
        return AuthUser(fields, list(getattr(result, "permissions", permissions) or []))
    raise TypeError("@auth.authenticate must return a str, a dict with 'identity', or an "
                    f"object with an identity attribute; got {type(result).__name__}")


def load_auth(reference: str, base: Path) -> Auth:
    """The ``Auth`` object ``auth.path`` names (relative to ``base``, the file's folder).

    Raises:
        ConfigError: it cannot be imported, or it is no ``Auth`` with an
            ``@auth.authenticate`` handler.
    """
    auth = load_object(reference, base, "auth.path")
    if not isinstance(auth, Auth):
        raise ConfigError(f"auth.path: {reference} is not a langgraph_sdk.Auth object",
                          field="auth.path")
    if auth._authenticate_handler is None:
        raise ConfigError(f"auth.path: {reference} has no @auth.authenticate handler",
                          field="auth.path")
    return auth


def _handler_args(fn: Callable[..., Any], scope: Scope) -> dict[str, Any]:
    """The request parts ``fn`` declares, by the Agent Server's parameter names."""
    headers = dict(scope.get("headers") or [])
    raw_auth = headers.get(b"authorization")
    parts: dict[str, Callable[[], Any]] = {
        "request": lambda: Request(scope),
        "scope": lambda: scope,
        "path": lambda: scope["path"],
        "method": lambda: scope["method"],
        "headers": lambda: headers,
        "authorization": lambda: raw_auth.decode() if raw_auth is not None else None,
        "query_params": lambda: QueryParams(scope.get("query_string") or b""),
        "path_params": lambda: scope.get("path_params", {}),
        "scopes": lambda: [],
        "user": lambda: None,
        "body": lambda: None,
    }
    args = {}
    for name, param in inspect.signature(fn).parameters.items():
        if name in parts:
            args[name] = parts[name]()
        elif param.default is param.empty:
            raise ConfigError(f"@auth.authenticate asks for {name!r}; it may ask for "
                              + ", ".join(sorted(parts)), field="auth.path")
    return args


def _handler(auth: Auth, resource: str, action: str) -> Callable[..., Awaitable[Any]] | None:
    """The most specific handler, as the Agent Server picks it: (resource, action), then
    (resource, *), then (*, action), then the global ``@auth.on``."""
    for key in ((resource, action), (resource, "*"), ("*", action), ("*", "*")):
        if key in auth._handlers:
            return auth._handlers[key][-1]
    return auth._global_handlers[-1] if auth._global_handlers else None


def _condition_holds(actual: Any, condition: Any) -> bool:
    if isinstance(condition, dict):
        if set(condition) - {"$eq", "$contains"}:
            raise ValueError(f"unsupported filter operator in {condition!r} "
                             "(supported: $eq, $contains)")
        if "$eq" in condition and actual != condition["$eq"]:
            return False
        if "$contains" in condition:
            wanted = condition["$contains"]
            wanted = wanted if isinstance(wanted, list) else [wanted]
            return isinstance(actual, list) and all(w in actual for w in wanted)
        return True
    return bool(actual == condition)


def matches_filter(metadata: Mapping[str, Any], filters: Mapping[str, Any] | None) -> bool:
    """Whether ``metadata`` satisfies an auth filter: every key equal (``value`` or
    ``{"$eq": value}``) or, for ``{"$contains": x}``, a list holding ``x`` (or all of a list
    ``x``)."""
    return not filters or all(_condition_holds(metadata.get(k), c) for k, c in filters.items())


def allowed(request: Request, metadata: Mapping[str, Any]) -> bool:
    """Whether a search may return an object with ``metadata`` under the request's auth
    filter (always, without custom auth)."""
    return matches_filter(metadata, getattr(request.state, FILTERS, None))


def auth_equalities(request: Request) -> dict[str, Any]:
    """The plain equalities of the request's auth filter (``k: v`` or ``k: {"$eq": v}``),
    for a search to put in its database query; :func:`allowed` checks the whole filter."""
    filters = getattr(request.state, FILTERS, None) or {}
    equal: dict[str, Any] = {}
    for key, condition in filters.items():
        if isinstance(condition, dict):
            if set(condition) == {"$eq"}:
                equal[key] = condition["$eq"]
        else:
            equal[key] = condition
    return equal


async def _thread_metadata(scope: Scope, ids: dict[str, str]) -> dict[str, Any] | None:
    desk = scope["app"].state.desk
    try:
        thread = await desk.store.get_thread(ids["thread_id"])
    except NotFoundError:
        return None
    return dict(thread.metadata or {})


async def _assistant_metadata(scope: Scope, ids: dict[str, str]) -> dict[str, Any] | None:
    from agentdesk.runtime.assistants import AssistantStore, system_assistant_id
    from agentdesk.runtime.registry import agent_names

    store = AssistantStore(scope["app"].state.desk.persistence.engine, None)
    await store.sync_system()
    ident = ids["assistant_id"]  # a graph's name names its system assistant
    try:
        found = await store.get(system_assistant_id(ident) if ident in agent_names() else ident)
    except NotFoundError:
        return None
    return dict(found.get("metadata") or {})


async def _cron_metadata(scope: Scope, ids: dict[str, str]) -> dict[str, Any] | None:
    import sqlalchemy as sa

    from agentdesk.runtime.storage.persistence import crons

    async with scope["app"].state.desk.persistence.engine.connect() as conn:
        found = (await conn.execute(sa.select(crons.c.metadata).where(
            crons.c.cron_id == ids["cron_id"]))).first()
    return None if found is None else dict(found.metadata or {})


_LOOKUPS: dict[str, Callable[[Scope, dict[str, str]], Awaitable[dict[str, Any] | None]]] = {
    "thread_id": _thread_metadata, "assistant_id": _assistant_metadata,
    "cron_id": _cron_metadata}
"""How an object named in the path is found, to check its metadata against a filter."""


def _deny(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


class AuthGate:
    """Authenticates every request but :data:`PUBLIC` ones, and authorizes :data:`ROUTES`.

    ``is_custom`` tells the team's own app's paths (``http.app``): they are authenticated
    only with ``enable_custom_route_auth``.
    """

    def __init__(self, app: ASGIApp, *, auth: Auth, is_custom: Callable[[Scope], bool],
                 custom_auth: bool) -> None:
        self.app = app
        self.auth = auth
        self.is_custom = is_custom
        self.custom_auth = custom_auth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] == "OPTIONS":
            return await self.app(scope, receive, send)
        path: str = scope["path"]
        if path == "/" or any(path == p or path.startswith(p + "/") for p in PUBLIC):
            return await self.app(scope, receive, send)
        custom = self.is_custom(scope)
        if custom and not self.custom_auth:
            return await self.app(scope, receive, send)
        try:
            user = await self._authenticate(scope)
        except Auth.exceptions.HTTPException as exc:
            return await _deny(exc.status_code, str(exc.detail))(scope, receive, send)
        except Exception:  # the team's handler failed: nobody is let in for it
            _log.exception("@auth.authenticate raised")
            return await _deny(500, "authentication failed")(scope, receive, send)
        state = scope.setdefault("state", {})
        state[USER] = user
        scope["user"] = user
        if custom:
            return await self.app(scope, receive, send)
        match = _match(scope["method"], path)
        if match is None:
            return await self.app(scope, receive, send)
        route, ids = match
        return await self._authorize(scope, receive, send, user, route, ids)

    async def _authenticate(self, scope: Scope) -> AuthUser:
        fn = self.auth._authenticate_handler
        assert fn is not None  # load_auth refuses an Auth without one
        result = await fn(**_handler_args(fn, scope))
        return _user(result)

    async def _authorize(self, scope: Scope, receive: Receive, send: Send, user: AuthUser,
                         route: _Route, ids: dict[str, str]) -> None:
        client = receive
        raw = b"" if scope["method"] == "GET" else await _read_body(client)
        if raw:
            receive = _replay(raw, client)
        parsed = _json(raw)
        body: dict[str, Any] | None = parsed if isinstance(parsed, dict) else None
        if route.resource == "store":
            value = _store_value(route.action, body, scope)
        else:
            value = {**(body or {}), **ids}
            if route.action in {"create", "update", "create_run"}:
                value["metadata"] = dict(value.get("metadata") or {})
        handler = _handler(self.auth, route.resource, route.action)
        result: Any = None
        if handler is not None:
            ctx = Auth.types.AuthContext(resource=route.resource,  # type: ignore[arg-type]
                                         action=route.action,  # type: ignore[arg-type]
                                         user=user, permissions=user.permissions)
            try:
                result = await handler(ctx=ctx, value=value)
            except Auth.exceptions.HTTPException as exc:
                return await _deny(exc.status_code, str(exc.detail))(scope, receive, send)
            except AssertionError as exc:
                return await _deny(403, str(exc) or "Forbidden")(scope, receive, send)
        if result is False:
            return await _deny(403, "Forbidden")(scope, receive, send)
        if result not in (None, True) and not isinstance(result, dict):
            return await _deny(500, "auth handler returned neither a filter dict, None nor "
                               f"a bool: {type(result).__name__}")(scope, receive, send)
        filters = result if isinstance(result, dict) and result else None
        if route.resource == "store":
            try:
                rewritten = _store_rewrite(route.action, body, value, filters, scope)
            except ValueError as exc:
                return await _deny(500, f"auth filter: {exc}")(scope, receive, send)
        else:
            if filters is not None:
                refusal = await self._check_object(scope, route, ids, filters)
                if refusal is not None:
                    return await refusal(scope, receive, send)
                scope["state"][FILTERS] = filters
            rewritten = None
            if body is not None and "metadata" in value \
                    and value["metadata"] != (body.get("metadata") or {}):
                rewritten = {**body, "metadata": value["metadata"]}
        if rewritten is not None:  # what the handler changed is what the route sees
            receive = _replay(json.dumps(rewritten).encode(), client)
            scope["headers"] = _without_length(scope["headers"])
        await self.app(scope, receive, send)

    async def _check_object(self, scope: Scope, route: _Route, ids: dict[str, str],
                            filters: dict[str, Any]) -> JSONResponse | None:
        """A 404 when the object the path names does not match ``filters``; a 500 when a
        filter cannot be applied here (so nothing is served unfiltered)."""
        odd = [c for c in filters.values()
               if isinstance(c, dict) and set(c) - {"$eq", "$contains"}]
        if odd:
            return _deny(500, f"auth filter: unsupported operator in {odd[0]!r} "
                         "(supported: $eq, $contains)")
        if route.action in {"search", "create"} and not ids:
            if route.resource in {"threads", "assistants", "crons"} or route.action == "create":
                return None
            return _deny(500, f"auth filters on {route.resource} {route.action} are not "
                         "supported by agentdesk")
        key = next((k for k in ("thread_id", "assistant_id", "cron_id") if k in ids), None)
        if key is None or (route.resource, key) not in {("threads", "thread_id"),
                                                        ("assistants", "assistant_id"),
                                                        ("crons", "thread_id"),
                                                        ("crons", "cron_id")}:
            if route.action == "create_run" and not ids:  # a stateless run names no thread
                return None
            return _deny(500, f"auth filters on {route.resource} {route.action} are not "
                         "supported by agentdesk")
        metadata = await _LOOKUPS[key](scope, ids)
        if metadata is not None and not matches_filter(metadata, filters):
            kind = key.removesuffix("_id")
            return _deny(404, f"{kind} {ids[key]!r} not found")
        return None


def _store_value(action: str, body: dict[str, Any] | None, scope: Scope) -> dict[str, Any]:
    """A store request's value, as the Agent Server builds it: ``namespace`` a tuple."""
    if action == "get":
        query = QueryParams(scope.get("query_string") or b"")
        namespace = query.get("namespace")
        return {"namespace": tuple(namespace.split(".")) if namespace else (),
                "key": query.get("key")}
    body = body or {}
    return {**body, "namespace": tuple(body.get(_STORE_NAMESPACE[action]) or ())}


def _store_rewrite(action: str, body: dict[str, Any] | None, value: dict[str, Any],
                   filters: dict[str, Any] | None, scope: Scope) -> dict[str, Any] | None:
    """The store request with the namespace the handler set and, on a search, its filter
    added to the caller's; None when nothing changed. Only a search is filtered, as in the
    Agent Server (put, get, delete and list_namespaces use the namespace alone).

    Raises:
        ValueError: the handler's filter and the caller's name the same key.
    """
    namespace = [str(part) for part in value.get("namespace") or ()]
    if action == "get":
        query = QueryParams(scope.get("query_string") or b"")
        if ".".join(namespace) != (query.get("namespace") or ""):
            items = [(k, v) for k, v in query.multi_items() if k != "namespace"]
            scope["query_string"] = str(QueryParams([("namespace", ".".join(namespace)),
                                                     *items])).encode()
        return None
    field = _STORE_NAMESPACE[action]
    new = dict(body or {})
    changed = namespace != list(new.get(field) or [])
    new[field] = namespace
    if filters and action == "search":
        mine = dict(new.get("filter") or {})
        if clash := set(mine) & set(filters):
            raise ValueError(f"the request's filter and the handler's both name {sorted(clash)}")
        new["filter"] = {**mine, **filters}
        changed = True
    return new if changed else None


def _match(method: str, path: str) -> tuple[_Route, dict[str, str]] | None:
    for route, pattern in _COMPILED:
        if route.method == method and (found := pattern.fullmatch(path)):
            return route, found.groupdict()
    return None


async def _read_body(receive: Receive) -> bytes:
    """The request's whole body (already bounded by the ``RequestLimits`` middleware)."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None  # the route answers 422 for it


def _replay(raw: bytes, then: Receive) -> Receive:
    """``receive`` that gives ``raw`` as the whole body, then the client's own messages (a
    streaming answer waits on them to notice a disconnect)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": raw, "more_body": False}
        return await then()

    return receive


def _without_length(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """The headers less ``content-length``: the rewritten body has another length."""
    return [(k, v) for k, v in headers if k.lower() != b"content-length"]
