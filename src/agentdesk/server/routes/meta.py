"""Health and server information."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from fastapi import APIRouter, Request

router = APIRouter(tags=["meta"])


@router.get("/ok")
async def ok() -> dict[str, bool]:
    return {"ok": True}


@router.get("/info")
async def info(request: Request) -> dict[str, Any]:
    settings = request.app.state.settings
    return {"name": "agentdesk", "version": version("agentdesk"),
            "flags": {"assistants": True, "crons": False, "langsmith": False},
            "auth": bool(settings.api_keys),
            "database": request.app.state.desk.persistence.url.dialect}
