"""Options and error handling every command shares (``--json``, ``--model``, exit codes)."""

from __future__ import annotations

import json
from typing import Annotated, Any, NoReturn

import typer

from agentdesk.errors import AgentdeskError, exit_code_for

from .terminal import err_console, escape

__all__ = ["JsonOpt", "ModelOpt", "check_model", "fail", "refuse_bad_model"]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object, nothing else.")]
ModelOpt = Annotated[str | None, typer.Option(
    "--model", help="Model spec: local, local:/x.gguf, scripted:/x.json, openai:<m>, ...")]


def fail(error: AgentdeskError | Exception, as_json: bool, thread_id: str | None = None,
         outcome_shape: bool = False) -> NoReturn:
    """Report ``error`` (as JSON with ``as_json``) and exit with its code (2 refused, 1 failed)."""
    data = error.to_dict() if isinstance(error, AgentdeskError) else {
        "type": type(error).__name__, "message": str(error)}
    if as_json:
        body: dict[str, Any] = data
        if outcome_shape:
            from agentdesk.runtime.runs.prepare import RunOutcome

            body = RunOutcome(thread_id=thread_id, status="failed", error=data).public()
        print(json.dumps(body))
    else:
        err_console.print(f"[red]error:[/] {escape(data['message'])}", soft_wrap=True)
    raise typer.Exit(exit_code_for(error))


def check_model(model: str | None) -> None:
    """Refuse a bad ``--model`` spec up front (the local model loads lazily; checked on use)."""
    if model is not None:
        from agentdesk.models import get_chat_model

        if not model.startswith("local"):
            get_chat_model(model)


def refuse_bad_model(model: str | None, as_json: bool) -> None:
    """For commands that take --model without running one: still refuse a bad spec."""
    try:
        check_model(model)
    except AgentdeskError as exc:
        fail(exc, as_json)
