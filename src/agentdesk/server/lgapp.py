"""What ``langgraph.json``'s ``http`` and ``auth`` do to the app: CORS, the team's own app
beside the API, routes switched off, and custom auth.

Each is an ASGI middleware added by :func:`add_langgraph_http` and :func:`add_cors`, so the
route modules do not know about them.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from agentdesk.errors import ConfigError
from agentdesk.runtime.lgconfig import (
    HttpConfig,
    LangGraphConfig,
    load_object,
    read_lgconfig,
    settings_from_config,
)
from agentdesk.settings import Settings

from .auth import AuthGate, load_auth

__all__ = ["add_cors", "add_langgraph_http", "custom_lifespan", "langgraph_config"]

UNSHADOWABLE = ("/ok", "/live", "/ready", "/metrics", "/docs", "/openapi.json")
"""Paths the team's own app cannot take over, as in the Agent Server."""

_RUNS = re.compile(r"^/runs(/|$)|^/threads/[^/]+/runs(/|$)")


def langgraph_config(settings: Settings) -> tuple[Settings, LangGraphConfig | None]:
    """The settings with what the ``langgraph.json`` sets (``store``, ``checkpointer``)
    filled in where the environment did not set the field, and the checked file."""
    if settings.graphs is None:
        return settings, None
    config = read_lgconfig(settings.graphs)
    update = {k: v for k, v in settings_from_config(config).items()
              if k not in settings.model_fields_set}
    return settings.model_copy(update=update), config


def _disabled(http: HttpConfig) -> Callable[[str], bool]:
    """Whether a path is switched off by the ``disable_*`` keys."""
    checks: list[Callable[[str], bool]] = []
    if http.disable_assistants:
        checks.append(lambda p: p == "/assistants" or p.startswith("/assistants/"))
    if http.disable_runs:
        checks.append(lambda p: bool(_RUNS.match(p)))
    if http.disable_threads:
        checks.append(lambda p: (p == "/threads" or p.startswith("/threads/"))
                      and not _RUNS.match(p))
    if http.disable_store:
        checks.append(lambda p: p == "/store" or p.startswith("/store/"))
    if http.disable_mcp:
        checks.append(lambda p: p == "/mcp" or p.startswith("/mcp/"))
    if http.disable_meta:
        checks.append(lambda p: p in ("/info", "/metrics", "/docs", "/redoc", "/openapi.json"))
    if http.disable_webhooks:
        checks.append(lambda p: p == "/webhooks" or p.startswith("/webhooks/"))
    return lambda path: any(check(path) for check in checks)


class _SwitchedOff:
    """404 for the paths ``http.disable_*`` removed, before auth or any route sees them."""

    def __init__(self, app: ASGIApp, *, off: Callable[[str], bool]) -> None:
        self.app, self.off = app, off

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.off(scope["path"]):
            response = JSONResponse({"detail": "Not Found"}, status_code=404)
            return await response(scope, receive, send)
        await self.app(scope, receive, send)


def _claims(custom: Starlette | None) -> Callable[[Scope], bool]:
    """Whether the team's own app has a route for this request (method and path)."""
    def claims(scope: Scope) -> bool:
        if custom is None or scope["type"] != "http" or scope["path"] in UNSHADOWABLE:
            return False
        return any(route.matches(scope)[0] == Match.FULL for route in custom.routes)

    return claims


class _CustomFirst:
    """Sends a request the team's app has a route for to it, the rest to the API."""

    def __init__(self, app: ASGIApp, *, custom: Starlette, claims: Callable[[Scope], bool]):
        self.app, self.custom, self.claims = app, custom, claims

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        target = self.custom if self.claims(scope) else self.app
        await target(scope, receive, send)


def add_langgraph_http(app: FastAPI, settings: Settings, config: LangGraphConfig | None) -> None:
    """Mount ``http.app``, custom ``auth`` and the ``disable_*`` switches (inside the body
    limits: add this before ``RequestLimits``).

    Raises:
        ConfigError: an ``http.app`` or ``auth.path`` that cannot be loaded, or custom auth
            beside ``AGENTDESK_API_KEYS`` (two authorities for one request).
    """
    if config is None or settings.graphs is None:
        return
    base = settings.graphs.expanduser().resolve().parent
    custom: Starlette | None = None
    if config.http.app is not None:
        custom = load_object(config.http.app, base, "http.app")
        if not isinstance(custom, Starlette):
            raise ConfigError(f"http.app: {config.http.app} is not a Starlette or FastAPI "
                              "app", field="http.app")
        app.add_middleware(_CustomFirst, custom=custom, claims=_claims(custom))
    app.state.custom_app = custom
    if config.auth is not None and config.auth.path is not None:
        if settings.api_keys:
            raise ConfigError("auth.path: custom auth and AGENTDESK_API_KEYS both configured; "
                              "unset AGENTDESK_API_KEYS", field="auth.path")
        app.add_middleware(AuthGate, auth=load_auth(config.auth.path, base),
                           is_custom=_claims(custom),
                           custom_auth=config.http.enable_custom_route_auth)
        app.state.custom_auth = True
    off = _disabled(config.http)
    app.add_middleware(_SwitchedOff, off=off)


def add_cors(app: FastAPI, settings: Settings, config: LangGraphConfig | None) -> None:
    """CORS from ``http.cors``, else ``AGENTDESK_CORS_ORIGINS``, else none (same origin
    only). Added last, so a preflight is answered before limits or auth."""
    cors = config.http.cors if config is not None else None
    if cors is not None:
        app.add_middleware(CORSMiddleware, **cors.model_dump())
    elif settings.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=settings.cors_origins,
                           allow_methods=["*"], allow_headers=["*"], allow_credentials=True,
                           # what the Agent Server exposes (the SDK reads the pagination)
                           expose_headers=["x-pagination-total", "x-pagination-next",
                                           "content-location"])


def custom_lifespan(app: FastAPI) -> AbstractAsyncContextManager[Any]:
    """The team's app's own lifespan (its startup and shutdown), or nothing."""
    custom: Starlette | None = getattr(app.state, "custom_app", None)
    if custom is None:
        return _nothing()
    return custom.router.lifespan_context(custom)


@asynccontextmanager
async def _nothing() -> AsyncIterator[None]:
    yield
