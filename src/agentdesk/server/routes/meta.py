"""Health and server information."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

router = APIRouter(tags=["meta"])


@router.get("/ok", response_model=None)
async def ok(request: Request) -> dict[str, bool] | JSONResponse:
    """200 while the database answers; 503 while it is away (the server recovers by itself)."""
    try:
        async with request.app.state.desk.persistence.engine.connect() as conn:
            await conn.execute(sa.text("SELECT 1"))
    except Exception as exc:
        return JSONResponse(status_code=503, content={
            "ok": False, "detail": f"database unavailable: {type(exc).__name__}"})
    return {"ok": True}


@router.get("/info")
async def info(request: Request) -> dict[str, Any]:
    settings = request.app.state.settings
    return {"name": "agentdesk", "version": version("agentdesk"),
            "flags": {"assistants": True, "crons": True, "langsmith": False},
            "auth": bool(settings.api_keys),
            "database": request.app.state.desk.persistence.url.dialect}
