"""The ``agentdesk`` command line.

Importing this module must stay cheap (``agentdesk --help`` answers in well under
a quarter of a second): the runtime, LangGraph, SQLAlchemy, the settings and
the models are imported inside the commands that use them. It names no agent:
the command groups a domain declares in its ``__init__`` (``COMMANDS``, read by
:mod:`agentdesk.runtime.catalog`) are mounted here as they are found.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from agentdesk.errors import AgentdeskError, InputError
from agentdesk.runtime.catalog import command_apps, load
from agentdesk.runtime.commands import JsonOpt, ModelOpt
from agentdesk.runtime.commands import check_model as _check_model
from agentdesk.runtime.commands import fail as _fail
from agentdesk.runtime.commands import refuse_bad_model as _refuse_bad_model
from agentdesk.runtime.terminal import console, err_console, escape

from .graphs import ConfigOpt, spec_of, with_graphs
from .mail import mail_app
from .memory import memory_app

if TYPE_CHECKING:
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.runtime.runs.prepare import RunOutcome
    from agentdesk.settings import Settings

app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  help="Run LangGraph agents that pause for a person before they act.")
tool_app = typer.Typer(no_args_is_help=True, help="Call an agent's tools directly.")
app.add_typer(tool_app, name="tool")
# Each domain's own command groups, as its __init__ declares them (``COMMANDS``); a
# domain's cli module imports only typer, rich and the runtime's CLI helpers at top.
for _group, _target in command_apps().items():
    app.add_typer(load(_target), name=_group)
app.add_typer(mail_app, name="mail")
app.add_typer(memory_app, name="memory")

T = TypeVar("T")

ActorOpt = Annotated[str | None, typer.Option("--actor", help="Who is acting (default: you).")]
NoInputOpt = Annotated[bool, typer.Option("--no-input", help="Never ask; just report pauses.")]


_SEEN: dict[str, str] = {}
"""The thread the running command works on, once known (for the Ctrl-C message)."""


def _run(coro: Awaitable[T], as_json: bool, outcome_shape: bool = False,
         thread_id: str | None = None) -> T:
    import asyncio

    try:
        return asyncio.run(coro)  # type: ignore[arg-type]
    except AgentdeskError as exc:
        _fail(exc, as_json, thread_id, outcome_shape)
    except KeyboardInterrupt:
        seen = _SEEN.get("thread_id") or thread_id
        if seen is None:
            err_console.print("interrupted before a thread was created")
            raise typer.Exit(130) from None
        # The run went back to the queue at a step boundary: nothing is lost.
        from agentdesk.runtime.runs.prepare import RunOutcome

        if as_json:
            print(json.dumps(RunOutcome(thread_id=seen, status="queued").public()))
        else:
            err_console.print(f"interrupted; thread {seen} waits in the queue. Continue it "
                              f"with: agentdesk resume {seen}")
        raise typer.Exit(130) from None


def _noting(progress: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``progress``, also noting the thread the events belong to."""
    def sink(event: Any) -> Any:
        _SEEN["thread_id"] = event.thread_id
        return progress(event)
    return sink


async def _finish_abandoned(desk: Desk, thread_id: str, as_json: bool) -> RunOutcome | None:
    """Finish a run of ``thread_id`` whose worker is gone (a killed CLI or server), here."""
    from rich.console import Console

    from .display import LiveProgress

    run = await desk.take_over(thread_id)
    if run is None:
        return None
    if not as_json:
        err_console.print(f"thread {thread_id}: finishing run {run.run_id}, whose process "
                          "stopped (attempt {})".format(run.lease.attempt if run.lease else "?"))
    with LiveProgress(console if not as_json else Console(quiet=True)) as progress:
        return await desk.execute(run, on_event=_noting(progress))


def _interactive(as_json: bool, no_input: bool) -> bool:
    return not as_json and not no_input and sys.stdin.isatty() and sys.stdout.isatty()


def _ask_decision(outcome: RunOutcome) -> dict[str, Any] | None:
    from rich.prompt import Prompt

    pending = outcome.interrupt or {}
    choices = [*pending.get("allowed", []), "later"]
    choice = Prompt.ask("Decision", choices=choices, default=choices[0])
    if choice == "later":
        return None
    decision: dict[str, Any] = {"type": choice}
    if choice == "resume":  # a graph's own interrupt: any JSON value
        raw = Prompt.ask("Answer as JSON (e.g. \"yes\" or {\"approved\": true})")
        decision["value"] = json.loads(raw)
        return decision
    if choice == "edit":
        raw = Prompt.ask("Changes as JSON (e.g. {\"budget\": 2000})", default="{}")
        decision["args"] = json.loads(raw) if raw.strip() else {}
    if choice in ("reject", "edit", "respond"):
        decision["message"] = Prompt.ask("Message", default="") or None
    return decision


async def _drive(desk: Desk, first: Callable[[Callable[[Any], Any]], Awaitable[RunOutcome]],
                 as_json: bool, interactive: bool) -> RunOutcome:
    """Run, show progress, and while interactive keep asking for decisions at pauses."""
    from rich.console import Console

    from agentdesk.runtime.approvals import parse_decision

    from .display import LiveProgress, show_outcome

    show = not as_json
    with LiveProgress(console if show else Console(quiet=True)) as progress:
        outcome = await first(_noting(progress))
    while interactive and outcome.status == "interrupted" and outcome.thread_id:
        show_outcome(console, outcome, hints=False)
        try:
            answer = _ask_decision(outcome)
        except (json.JSONDecodeError, ValueError) as exc:
            err_console.print(f"[red]not understood:[/] {exc}")
            continue
        if answer is None:
            return outcome
        try:
            decision = parse_decision(answer)
            with LiveProgress(console) as progress:
                outcome = await desk.decide(outcome.thread_id, decision,
                                            on_event=_noting(progress))
        except InputError as exc:
            err_console.print(f"[red]error:[/] {escape(exc.message)}")
    return outcome


def _report(desk_outcome: tuple[RunOutcome, str], as_json: bool) -> None:
    from .display import show_outcome

    outcome, rendered = desk_outcome
    if as_json:
        print(json.dumps(outcome.public(), default=str))
    else:
        show_outcome(console, outcome, rendered)
    raise typer.Exit(1 if outcome.status == "failed" else 0)


async def _rendered(desk: Desk, outcome: RunOutcome) -> str:
    from agentdesk.runtime.runs.reading import render_view

    if outcome.status != "completed" or not outcome.thread_id:
        return ""
    return render_view(await desk.view(outcome.thread_id))


# -- commands ---------------------------------------------------------------------


@app.command()
def agents(as_json: JsonOpt = False, model: ModelOpt = None) -> None:
    """List the agents and the model each one uses."""
    import asyncio

    from rich.table import Table

    from agentdesk.runtime.graphs import load_graphs
    from agentdesk.runtime.registry import agent_names, get_agent
    from agentdesk.settings import get_settings

    settings = get_settings()
    rows: list[dict[str, Any]] = []
    specs = {name: get_agent(name) for name in agent_names()}
    if settings.graphs is not None:  # the graphs of AGENTDESK_GRAPHS too
        try:
            specs.update((s.name, s) for s in asyncio.run(load_graphs(settings.graphs)))
        except AgentdeskError as exc:
            _fail(exc, as_json)
    for name, spec in sorted(specs.items()):
        rows.append({"name": name, "description": spec.description,
                     "model": model or settings.model_for(name),
                     "interrupts": list(spec.interrupt_kinds), "tools": list(spec.toolservers)})
    if as_json:
        print(json.dumps(rows))
        return
    table = Table("agent", "model", "interrupts", "description")
    for row in rows:
        table.add_row(row["name"], row["model"], ", ".join(row["interrupts"]), row["description"])
    console.print(table)


def _trip_flags(origin: str | None, destination: str | None, depart: str | None,
                return_: str | None, travelers: int | None, budget: float | None,
                currency: str | None, interests: list[str] | None) -> dict[str, Any]:
    flags = {"origin": origin, "destination": destination, "depart": depart, "return": return_,
             "travelers": travelers, "budget": budget, "currency": currency,
             "interests": interests or None}
    return {k: v for k, v in flags.items() if v is not None}


@app.command()
def run(
    agent: Annotated[str, typer.Argument(help="Agent name (see `agentdesk agents`).")],
    request: Annotated[str | None, typer.Argument(help="What you want, in words.")] = None,
    origin: Annotated[str | None, typer.Option("--from", help="Trip: origin code or city.")] = None,
    destination: Annotated[str | None, typer.Option("--to", help="Trip: destination.")] = None,
    depart: Annotated[str | None, typer.Option("--depart", help="Trip: YYYY-MM-DD.")] = None,
    return_: Annotated[str | None, typer.Option("--return", help="Trip: YYYY-MM-DD.")] = None,
    travelers: Annotated[int | None, typer.Option("--travelers")] = None,
    budget: Annotated[float | None, typer.Option("--budget")] = None,
    currency: Annotated[str | None, typer.Option("--currency")] = None,
    interests: Annotated[list[str] | None, typer.Option("--interest")] = None,
    input_json: Annotated[str | None, typer.Option("--input", help="Full input as JSON.")] = None,
    model: ModelOpt = None, as_json: JsonOpt = False, actor: ActorOpt = None,
    no_input: NoInputOpt = False,
) -> None:
    """Start a new thread of AGENT and run it to its first pause or its end."""
    from rich.prompt import Prompt

    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.settings import get_settings

    interactive = _interactive(as_json, no_input)
    try:
        payload: dict[str, Any] = json.loads(input_json) if input_json else {}
    except json.JSONDecodeError as exc:
        _fail(InputError(f"not valid JSON: {exc}", field="--input"), as_json, outcome_shape=True)
    if not isinstance(payload, dict):
        _fail(InputError("must be a JSON object", field="--input"), as_json, outcome_shape=True)
    preferences = _trip_flags(origin, destination, depart, return_, travelers, budget, currency,
                              interests)
    if preferences:
        payload["preferences"] = {**payload.get("preferences", {}), **preferences}
    if request is None and not payload and interactive:
        request = Prompt.ask("What should the agent do? (e.g. Plan 4 days in Lisbon from Boston, "
                             "leaving 2027-03-10, budget 2500 USD)")
    if request is not None:
        try:
            payload[spec_of(agent, get_settings()).request_field] = request
        except AgentdeskError as exc:
            _fail(exc, as_json, outcome_shape=True)

    async def main() -> tuple[RunOutcome, str]:
        async with Desk.open() as desk:
            outcome = await _drive(
                desk, lambda progress: desk.start(agent, payload, model=model, actor=actor,
                                                  on_event=progress),
                as_json, interactive)
            return outcome, await _rendered(desk, outcome)

    _report(_run(main(), as_json, outcome_shape=True), as_json)


@app.command()
def decide(
    thread_id: Annotated[str, typer.Argument(help="The waiting thread.")],
    decision_type: Annotated[str | None, typer.Argument(
        metavar="[DECISION]", help="approve, edit, reject or respond.")] = None,
    message: Annotated[str | None, typer.Option("--message", "-m")] = None,
    args: Annotated[str | None, typer.Option("--args", help="Edit: JSON object.")] = None,
    resume: Annotated[str | None, typer.Option(
        "--resume", help="Answer a graph's own interrupt with this JSON value.")] = None,
    interrupt_id: Annotated[str | None, typer.Option("--interrupt-id")] = None,
    model: ModelOpt = None, as_json: JsonOpt = False, actor: ActorOpt = None,
    no_input: NoInputOpt = False,
) -> None:
    """Answer the pending interrupt of THREAD_ID and run on.

    A graph of your own that paused with its own payload takes ``--resume JSON``.
    """
    from agentdesk.runtime.approvals import Decision, parse_decision
    from agentdesk.runtime.runs.desk import Desk

    raw: dict[str, Any] = {"type": decision_type, "message": message, "actor": actor}
    try:
        if resume is not None:
            if decision_type is not None or args is not None or message is not None:
                raise InputError("give either --resume or a DECISION (with --args, --message)",
                                 field="--resume")
            try:
                raw = {"type": "resume", "value": json.loads(resume), "actor": actor}
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc}", field="--resume") from None
        elif decision_type is None:
            raise InputError("give a DECISION (approve, edit, reject, respond) or --resume "
                             "JSON", field="DECISION")
        elif args:
            try:
                raw["args"] = json.loads(args)
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc}", field="--args") from None
        decision: Decision = parse_decision(raw)
    except InputError as exc:
        _fail(exc, as_json, thread_id, True)

    async def main() -> tuple[RunOutcome, str]:
        async with Desk.open() as desk:
            await _finish_abandoned(desk, thread_id, as_json)
            outcome = await _drive(
                desk, lambda progress: desk.decide(thread_id, decision, interrupt_id=interrupt_id,
                                                   model=model, on_event=progress),
                as_json, _interactive(as_json, no_input))
            return outcome, await _rendered(desk, outcome)

    _report(_run(main(), as_json, True, thread_id), as_json)


@app.command()
def resume(
    thread_id: Annotated[str, typer.Argument(help="A thread whose run was cut off.")],
    model: ModelOpt = None, as_json: JsonOpt = False, actor: ActorOpt = None,
    no_input: NoInputOpt = False,
) -> None:
    """Continue THREAD_ID from its last checkpoint (after a crash or a kill)."""
    from agentdesk.runtime.runs.desk import Desk

    async def main() -> tuple[RunOutcome, str]:
        async with Desk.open() as desk:
            # A run whose process died is continued once its lease lapses.
            outcome = await _drive(
                desk, lambda progress: desk.resume(
                    thread_id, model=model, actor=actor, on_event=progress,
                    wait=desk.settings.run_lease_seconds + 1),
                as_json, _interactive(as_json, no_input))
            return outcome, await _rendered(desk, outcome)

    _report(_run(main(), as_json, True, thread_id), as_json)


THREAD_STATUSES = ("idle", "busy", "interrupted", "completed", "failed")
"""The statuses a thread can have (``threads --status``)."""


@app.command()
def threads(
    agent: Annotated[str | None, typer.Option("--agent")] = None,
    status: Annotated[str | None, typer.Option(
        "--status", help=f"Only threads with this status: {', '.join(THREAD_STATUSES)}.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000)] = 50,
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """List threads, most recently updated first."""
    from agentdesk.runtime.runs.desk import Desk

    from .display import show_threads

    if status is not None and status not in THREAD_STATUSES:
        _fail(InputError(f"{status!r} is not a thread status; use one of "
                         f"{', '.join(THREAD_STATUSES)}", field="--status"), as_json)
    _refuse_bad_model(model, as_json)

    async def main() -> list[dict[str, Any]]:
        async with Desk.open() as desk:
            records = await desk.store.list_threads(agent=agent, status=status, limit=limit)
            return [r.model_dump(mode="json") for r in records]

    rows = _run(main(), as_json)
    if as_json:
        print(json.dumps(rows))
        return
    show_threads(console, rows)


@app.command()
def show(
    thread_id: Annotated[str, typer.Argument()],
    notebook: Annotated[bool, typer.Option(
        "--notebook", help="Print the thread as a Markdown lab notebook.")] = False,
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Show a thread: status, current step, its result or pending decision, and its timeline."""
    from rich.table import Table

    from agentdesk.runtime.registry import get_agent
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.runtime.runs.reading import render_view
    from agentdesk.runtime.runs.usage import thread_usage

    from .display import pending_text, show_usage

    _refuse_bad_model(model, as_json)

    async def main() -> dict[str, Any]:
        async with Desk.open() as desk:
            await desk.store.get_thread(thread_id)
            await _finish_abandoned(desk, thread_id, as_json)
            view = await desk.view(thread_id)
            trail = await desk.store.audit_trail(thread_id)
            records = await desk.store.list_runs(thread_id)
            if notebook:
                spec = get_agent(view.thread.agent) if view.thread.agent else None
                if spec is None or spec.notebook is None:
                    raise InputError(f"agent {view.thread.agent!r} keeps no notebook",
                                     field="--notebook")
                return {"notebook": spec.notebook(view.values, trail)}
            return {
                "thread": view.thread.model_dump(mode="json"),
                "current_step": view.values.get("current_step"),
                "next": view.next,
                "interrupt": view.interrupt.model_dump(mode="json") if view.interrupt else None,
                "rendered": render_view(view),
                "values": json.loads(json.dumps(
                    {k: v for k, v in view.values.items() if k != "messages"}, default=str)),
                "messages": len(view.values.get("messages", [])),
                "audit": [e.model_dump(mode="json") for e in trail],
                **thread_usage(records),
            }

    data = _run(main(), as_json)
    if as_json:
        print(json.dumps(data))
        return
    if notebook:
        print(data["notebook"], end="")
        return
    thread = data["thread"]
    console.print(f"[bold]{thread['thread_id']}[/] ({thread['agent']}) status "
                  f"[bold]{thread['status']}[/], step {data['current_step']}, "
                  f"model {thread['model']}")
    if data["interrupt"] and data["interrupt"]["kind"] == "custom":
        # A graph's own payload, as it is; answered with `decide THREAD --resume JSON`.
        console.print(f"waiting for an answer: {escape(data['interrupt']['title'])}")
        console.print(escape(data["interrupt"]["summary"]), highlight=False)
    elif data["interrupt"]:
        console.print(f"waiting for a decision: {escape(data['interrupt']['title'])}")
        console.print(escape(pending_text(data["interrupt"])), highlight=False)
    elif data["rendered"]:
        console.print(data["rendered"])
    table = Table("time", "event", "actor", "detail")
    for entry in data["audit"]:
        detail = {k: v for k, v in entry["data"].items() if v is not None}
        table.add_row(entry["created_at"][:19], entry["event"], entry["actor"] or "",
                      json.dumps(detail, default=str)[:100])
    console.print(table)
    show_usage(console, data["runs"], data["usage"])


@tool_app.command("call")
def tool_call(
    agent: Annotated[str, typer.Argument(help="Agent whose tools to use.")],
    tool: Annotated[str, typer.Argument(help="Tool name.")],
    arguments: Annotated[str, typer.Argument(help="Arguments as a JSON object.")] = "{}",
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Call one tool through the same policy agents use, and print its JSON result."""
    try:
        args = json.loads(arguments)
    except json.JSONDecodeError as exc:
        _fail(InputError(f"not valid JSON: {exc}", field="ARGUMENTS"), as_json)
    if not isinstance(args, dict):
        _fail(InputError("must be a JSON object", field="ARGUMENTS"), as_json)

    async def main() -> tuple[str, bool]:
        from agentdesk.runtime.mcp import open_tools
        from agentdesk.runtime.registry import get_agent
        from agentdesk.runtime.runs.desk import Desk
        from agentdesk.runtime.tools import ToolPolicy
        from agentdesk.settings import get_settings

        _check_model(model)
        spec = get_agent(agent)
        settings = get_settings()
        async with Desk.open(settings) as desk, open_tools(spec.toolservers, settings) as tools:
            if tool not in tools:
                raise InputError(f"no tool {tool!r} for agent {agent!r}; tools: "
                                 f"{', '.join(sorted(tools))}", field="TOOL")

            async def audit(event: str, data: dict[str, Any]) -> None:
                await desk.store.audit(event, thread_id=None, actor=desk.default_actor(),
                                       data={"agent": agent, **data})

            policy = ToolPolicy(timeout=settings.tool_timeout, retries=settings.tool_retries,
                                max_chars=settings.tool_result_max_chars, audit=audit)
            message = await policy.call(tools[tool], {"name": tool, "args": args, "id": "cli",
                                                      "type": "tool_call"})
            return message.text, message.status == "error"

    text, failed = _run(main(), as_json)
    if failed:
        if as_json:
            print(json.dumps({"error": text.removeprefix("Error: ")}))
        else:
            err_console.print(f"[red]{text}[/]")
        raise typer.Exit(1)
    print(text)


@app.command()
def toolserver(
    name: Annotated[str, typer.Argument(help="Tool server name, e.g. travel.")],
    transport: Annotated[str, typer.Option("--transport", help="stdio or http.")] = "stdio",
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8765,
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Serve one domain's tools over MCP on their own (--json: errors as JSON)."""
    from agentdesk.runtime.mcp import build_server

    if transport not in ("stdio", "http"):
        _fail(InputError("must be stdio or http", field="--transport"), as_json)
    _refuse_bad_model(model, as_json)
    try:
        server = build_server(name)
    except AgentdeskError as exc:
        _fail(exc, as_json)
    if transport == "stdio":
        server.run(transport="stdio", show_banner=False)
    else:
        server.run(transport="http", host=host, port=port, show_banner=False)


_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _custom_auth(settings: Settings) -> bool:
    """Whether the langgraph.json names an ``auth.path`` (it authenticates every request)."""
    from agentdesk.runtime.lgconfig import read_lgconfig

    if settings.graphs is None:
        return False
    auth = read_lgconfig(settings.graphs).auth
    return auth is not None and auth.path is not None


def _say(settings: Settings) -> Callable[[str], None]:
    """How a long-running command tells the operator something: a line for people, or (with
    ``AGENTDESK_LOG_FORMAT=json``) a JSON log record, so standard error stays all JSON."""
    if settings.log_format == "text":
        return lambda text: err_console.print(text, soft_wrap=True)
    import logging

    from agentdesk.runtime.logs import configure_logging

    configure_logging("json")
    return logging.getLogger("agentdesk.cli").info


@app.command()
def serve(
    host: Annotated[str | None, typer.Option("--host", help="Default: AGENTDESK_HOST.")] = None,
    port: Annotated[int | None, typer.Option("--port", min=1, max=65535)] = None,
    model: ModelOpt = None, as_json: JsonOpt = False,
    api_only: Annotated[bool, typer.Option(
        "--api-only", help="Serve only: leave executing runs to `agentdesk worker` processes.")
    ] = False,
    config: ConfigOpt = None,
) -> None:
    """Serve the HTTP API (LangGraph SDK compatible) and the web app; execute runs too."""
    import uvicorn

    from agentdesk.errors import ConfigError
    from agentdesk.runtime.heap import settle
    from agentdesk.server.app import create_app
    from agentdesk.server.serving import (
        check_database,
        check_port_free,
        may_own_mail,
        uvicorn_config,
    )
    from agentdesk.settings import get_settings

    settings = get_settings()
    if model:
        _check_model(model)
        settings = settings.model_copy(update={"model": model})
    if api_only:
        settings = settings.model_copy(update={"workers": False})
    settings = with_graphs(settings, config, as_json)
    say = _say(settings)
    host = host or settings.host
    port = port or settings.port
    guarded = bool(settings.api_keys) or _custom_auth(settings)
    if not guarded and host not in _LOOPBACK and not host.startswith("127."):
        _fail(InputError(f"refusing to listen on {host} without API keys; set "
                         "AGENTDESK_API_KEYS or listen on 127.0.0.1", field="--host"),
              as_json or settings.log_format == "json")
    try:  # one clear line, before anything else is printed
        check_port_free(host, port)
        if may_own_mail(settings):  # else another process of this host has the listeners
            for address in (settings.smtp_listen,
                            "" if settings.smtp_relay else settings.smtp_catcher):
                if address:  # the email channel's listeners (AGENTDESK_SMTP_LISTEN, _CATCHER)
                    mail_host, _, mail_port = address.rpartition(":")
                    check_port_free(mail_host, int(mail_port))
        check_database(settings)
    except ConfigError as exc:
        _fail(exc, as_json or settings.log_format == "json")
    if not guarded:
        say("no API keys configured: serving on loopback only, without auth")
    say(f"agentdesk web app: http://{host}:{port}/app/")
    # Timeouts for slow clients, a connection bound, and on SIGTERM 10 s for open
    # requests before the lifespan drains the runs.
    served = create_app(settings)
    settle()  # the imports and the app are built: out of the collector's way
    uvicorn.Server(uvicorn_config(settings, served, host=host, port=port)).run()


@app.command()
def worker(
    concurrency: Annotated[int | None, typer.Option(
        "--concurrency", min=1, max=1000, help="Runs at once (default: AGENTDESK_WORKER_CONCURRENCY).")
    ] = None,
    model: ModelOpt = None, as_json: JsonOpt = False, config: ConfigOpt = None,
) -> None:
    """Execute queued runs (beside `agentdesk serve --api-only`, on any machine).

    Claims runs with a lease, continues runs whose worker died, and on SIGTERM
    or Ctrl-C stops them at a step boundary and puts them back in the queue.
    """
    import asyncio
    import signal

    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.server.fanout import make_fanout
    from agentdesk.server.manager import RunManager
    from agentdesk.settings import get_settings

    _refuse_bad_model(model, as_json)
    settings = get_settings()
    if model:  # as serve does: the default model for the runs this worker executes
        settings = settings.model_copy(update={"model": model})
    if concurrency:
        settings = settings.model_copy(update={"worker_concurrency": concurrency})
    settings = with_graphs(settings, config, as_json)
    say = _say(settings)

    async def main() -> None:
        async with Desk.open(settings) as desk:
            manager = RunManager(desk, make_fanout(settings.redis_url), workers=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, stop.set)
            await manager.start()
            say(f"agentdesk worker: executing runs from {desk.persistence.url.dialect} "
                f"(concurrency {settings.worker_concurrency})")
            try:
                await stop.wait()
            finally:
                await manager.shutdown()  # drain: runs go back to the queue at a step boundary

    from agentdesk.runtime.heap import settle

    settle()  # imported: out of the collector's way (the graphs are built in main)
    _run(main(), False)


def main() -> None:
    app(prog_name="agentdesk")
