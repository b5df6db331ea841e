"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request

from agentdesk.runtime.runs import Desk

from .manager import RunManager

__all__ = ["DeskDep", "ManagerDep", "Owner"]


def _desk(request: Request) -> Desk:
    return request.app.state.desk


def _manager(request: Request) -> RunManager:
    return request.app.state.manager


def _owner(request: Request,
           x_api_key: Annotated[str | None, Header()] = None,
           authorization: Annotated[str | None, Header()] = None) -> str | None:
    """Who is calling: a key's fingerprint, or None when the server has no keys."""
    keys: list[str] = request.app.state.settings.api_keys
    if not keys:
        return None
    given = x_api_key
    if given is None and authorization and authorization.lower().startswith("bearer "):
        given = authorization[7:].strip()
    if not given or not any(hmac.compare_digest(given, key) for key in keys):
        raise HTTPException(status_code=401, detail="missing or unknown API key "
                            "(send x-api-key or Authorization: Bearer)")
    return "key:" + hashlib.sha256(given.encode()).hexdigest()[:16]


DeskDep = Annotated[Desk, Depends(_desk)]
ManagerDep = Annotated[RunManager, Depends(_manager)]
Owner = Annotated[str | None, Depends(_owner)]
