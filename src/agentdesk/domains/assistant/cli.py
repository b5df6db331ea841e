"""``agentdesk assistant``: the general assistant's ingress policy, no model involved."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from agentdesk.runtime.commands import ModelOpt, refuse_bad_model
from agentdesk.runtime.terminal import console, err_console

assistant_app = typer.Typer(no_args_is_help=True, help="The general assistant's safety policy.")

EXIT_FOR_VERDICT = {"allow": 0, "refuse": 1, "ask": 3}
"""``check-input`` exits 0 allow, 1 refuse, 3 ask a person (2: the input itself is invalid)."""


@assistant_app.command("check-input")
def check_input(
    text: Annotated[str, typer.Argument(help="The text to check, or - to read it from stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object, nothing else.")] = False,
    model: ModelOpt = None,
) -> None:
    """Print the ingress policy's verdict, its reasons and the redacted text.

    Exit 0 allow, 1 refuse, 3 ask a person, 2 when the text is not valid input.
    """
    from rich.table import Table

    from agentdesk.domains.assistant.agent.safety import check_input as check
    from agentdesk.domains.assistant.agent.safety import policy_for
    from agentdesk.errors import AgentdeskError, InputError, exit_code_for
    from agentdesk.settings import get_settings

    refuse_bad_model(model, as_json)

    try:
        policy = policy_for(get_settings())
        raw: str | bytes = text
        if text == "-":
            # Never more than the limit allows (four bytes a character at most), plus one.
            raw = sys.stdin.buffer.read(policy.max_input_chars * 4 + 1)
            if len(raw) > policy.max_input_chars * 4:
                raise InputError(f"more than {policy.max_input_chars} characters; the limit is "
                                 f"{policy.max_input_chars}", field="text")
        verdict = check(raw, policy)
    except AgentdeskError as exc:
        if as_json:
            print(json.dumps(exc.to_dict()))
        else:
            err_console.print(f"[red]error:[/] {exc.message}", highlight=False)
        raise typer.Exit(exit_code_for(exc)) from None
    if as_json:
        print(verdict.model_dump_json())
    else:
        colour = {"allow": "green", "refuse": "red", "ask": "yellow"}[verdict.verdict]
        console.print(f"verdict: [bold {colour}]{verdict.verdict}[/]")
        if verdict.reasons:
            table = Table("action", "code", "kind", "count", "why")
            for reason in verdict.reasons:
                table.add_row(reason.action, reason.code, reason.kind, str(reason.count),
                              reason.message)
            console.print(table)
        console.print("redacted text:")
        print(verdict.redacted_text)
    raise typer.Exit(EXIT_FOR_VERDICT[verdict.verdict])
