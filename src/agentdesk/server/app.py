"""The FastAPI app: ``create_app(settings)`` builds it; its lifespan opens and closes the desk.

It names no agent: the routes a domain declares in its ``__init__`` (``ROUTES``, read
by :mod:`agentdesk.runtime.catalog`) are included beside the server's own, behind the
same authentication, and run agents through the ``app.state.agent_runs`` port.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import IntegrityError
from starlette.responses import Response
from starlette.routing import Route

from agentdesk.errors import (
    AgentdeskError,
    ConfigError,
    ConflictError,
    InputError,
    NotFoundError,
    UserError,
)
from agentdesk.runtime import telemetry
from agentdesk.runtime.catalog import load, route_targets
from agentdesk.runtime.durable.crons import CronScheduler
from agentdesk.runtime.durable.sweeper import sweeping
from agentdesk.runtime.durable.webhooks import WebhookDeliveries
from agentdesk.runtime.meters import meters
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.ports import AGENT_RUNS
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS
from agentdesk.settings import Settings, get_settings

from .agentruns import caller_runs, remember_caller
from .fanout import make_fanout
from .ids import PublicIds, legacy_ids
from .lgapp import add_cors, add_langgraph_http, custom_lifespan, langgraph_config
from .limits import BodyLimits, RequestLimits
from .manager import RunManager
from .mcp import McpEndpoint
from .metrics import router as metrics_router
from .metrics import sampling_loop_lag
from .routes import (
    assistants,
    crons,
    health,
    inbox,
    mail,
    memory,
    meta,
    runs,
    store,
    threads,
    threadstream,
)
from .webhooks import webhook_body

__all__ = ["create_app"]

WEB_DIR = Path(__file__).parent / "web"

# One place maps the error hierarchy to HTTP statuses.
_STATUS: list[tuple[type[AgentdeskError], int]] = [
    (NotFoundError, 404), (ConflictError, 409), (InputError, 422), (ConfigError, 422),
    (UserError, 400), (AgentdeskError, 500)]


def status_for(error: AgentdeskError) -> int:
    return next(code for cls, code in _STATUS if isinstance(error, cls))


def _validation_detail(exc: RequestValidationError) -> dict[str, Any]:
    errors = [{"field": ".".join(str(p) for p in e["loc"] if p != "body") or "body",
               "message": e["msg"]} for e in exc.errors()]
    first = errors[0] if errors else {"field": "body", "message": "invalid request"}
    return {"detail": f"{first['field']}: {first['message']}", "errors": errors}


class WebFiles(StaticFiles):
    """The web app's files, revalidated on every load so an upgrade reaches browsers at once."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def create_app(settings: Settings | None = None, *, ping_seconds: float = 15.0) -> FastAPI:
    """The HTTP API and the web app, over the database named by ``settings``."""
    settings, config = langgraph_config(settings or get_settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with Desk.open(settings) as desk:
            app.state.desk = desk
            app.state.legacy_ids = await legacy_ids(desk.persistence.engine)
            manager = RunManager(desk, make_fanout(settings.redis_url), workers=settings.workers)
            app.state.manager = manager
            setattr(app.state, AGENT_RUNS, caller_runs)
            await manager.start()
            scheduler = CronScheduler(desk)  # each due cron tick: one run, in any process
            scheduler.start()
            try:
                from agentdesk.channels.email.service import serve_mail

                hooks = WebhookDeliveries(desk.persistence.engine, settings,
                                          partial(webhook_body, desk))
                async with serve_mail(desk, manager) as mail, sweeping(desk), \
                        custom_lifespan(app), hooks.running(), mcp_sessions(), \
                        sampling_loop_lag():
                    app.state.mail = mail
                    yield
            finally:
                await scheduler.stop()
                await manager.shutdown()

    app = FastAPI(title="agentdesk", version="0.1.0", lifespan=lifespan,
                  description="LangGraph agents that pause for a person before they act.")
    mcp = None if settings.disable_mcp else McpEndpoint(app)

    def mcp_sessions() -> AbstractAsyncContextManager[None]:
        return mcp.running() if mcp is not None else nullcontext()
    app.state.settings = settings
    app.state.ping_seconds = ping_seconds

    @app.exception_handler(AgentdeskError)
    async def _agentdesk_error(_: Request, exc: AgentdeskError) -> JSONResponse:
        return JSONResponse(status_code=status_for(exc),
                            content={"detail": exc.message, **exc.to_dict()})

    async def _database_away(_: Request, exc: Exception) -> JSONResponse:
        meters().database_errors.labels("http").inc()
        return JSONResponse(status_code=503, headers={"Retry-After": "5"}, content={
            "detail": "the database is unavailable; try again shortly",
            "type": "DatabaseUnavailable"})

    for error in DATABASE_ERRORS:
        app.add_exception_handler(error, _database_away)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(status_code=422, content=_validation_detail(exc))

    @app.exception_handler(IntegrityError)
    async def _raced(_: Request, exc: IntegrityError) -> JSONResponse:
        # Two requests created the same record at once; the loser is told, not given a 500.
        return JSONResponse(status_code=409, content={
            "detail": "conflicts with a record written at the same time; try again"})

    if settings.api_keys:  # a key's thread-id namespace never leaves the server
        app.add_middleware(PublicIds)
    add_langgraph_http(app, settings, config)  # http.app, auth, disable_*: inside the limits
    # Outer: a body is bounded and checked before any route or other middleware.
    app.add_middleware(RequestLimits, limits=BodyLimits(
        max_body_bytes=settings.max_body_bytes, max_json_depth=settings.max_json_depth,
        max_metadata_bytes=settings.max_metadata_bytes, body_timeout=settings.body_timeout))
    if telemetry.setup(settings):  # a caller's traceparent: its runs continue its trace
        app.add_middleware(telemetry.TraceContextMiddleware)
    add_cors(app, settings, config)  # outermost of all: preflights are answered first

    for module in (meta, health, assistants, threads, threadstream, crons, runs, inbox, mail,
                   memory, store):
        app.include_router(module.router)
    app.include_router(metrics_router)
    for target in route_targets():  # each domain's own routes, authenticated as ours
        app.include_router(load(target), dependencies=[Depends(remember_caller)])
    if mcp is not None:  # at /mcp exactly, as MCP clients call it (no redirect to /mcp/)
        app.router.routes.append(Route("/mcp", endpoint=mcp, methods=["GET", "POST", "DELETE"]))
    app.mount("/app", WebFiles(directory=WEB_DIR, html=True), name="web")

    @app.get("/", include_in_schema=False)
    async def _home() -> RedirectResponse:
        return RedirectResponse("/app/")

    return app
