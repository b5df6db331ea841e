"""What the CLI shows: live progress while a run works, pauses, results."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.panel import Panel
from rich.status import Status
from rich.table import Table

from agentdesk.runtime.terminal import escape

if TYPE_CHECKING:
    from agentdesk.runtime.runs.events import Event
    from agentdesk.runtime.runs.prepare import RunOutcome

__all__ = ["LiveProgress", "change_lines", "pending_text", "show_outcome", "show_threads"]


def _args(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


def _value(value: Any, unit: str | None) -> str:
    if value is None:
        return "(none)"
    text = format(value, "g") if isinstance(value, float) else (
        ", ".join(map(str, value)) if isinstance(value, list) else str(value))
    return f"{text} {unit}" if unit else text


def change_lines(pending: dict[str, Any]) -> list[str]:
    """A pause's ``changes``, one "label: old -> new" line each (what approving replaces)."""
    return [f"{c.get('label', '?')}: {_value(c.get('old'), c.get('unit'))} -> "
            f"{_value(c.get('new'), c.get('unit'))}" for c in pending.get("changes") or []]


def _texts(pending: dict[str, Any]) -> list[str]:
    """The action's multi-line text arguments the summary does not quote (an email to send):
    a person approves what they have read, so the CLI shows them whole."""
    summary = pending.get("summary", "")
    args = (pending.get("action") or {}).get("args") or {}
    return [f"{name}:\n{value}" for name, value in args.items()
            if isinstance(value, str) and "\n" in value.strip() and value not in summary]


def pending_text(pending: dict[str, Any]) -> str:
    """A pause as plain text: its summary, the text it would send, then what approving
    changes, old -> new."""
    lines = change_lines(pending)
    changes = "\n\nChanges:\n" + "\n".join(f"  {line}" for line in lines) if lines else ""
    texts = "".join(f"\n\n{text}" for text in _texts(pending))
    return f"{pending.get('summary', '')}{texts}{changes}"


def _answer_nodes(agent: object) -> set[str]:
    from agentdesk.errors import AgentdeskError
    from agentdesk.runtime.registry import get_agent

    try:
        return set(get_agent(str(agent)).answer_nodes) if agent else set()
    except AgentdeskError:
        return set()


class LiveProgress:
    """A spinner naming the node, the tool being called and the agent's current step.

    The tokens of the agent's answer (``token`` events of its ``answer_nodes``) are
    written out as they stream, in place of the spinner, which comes back with the
    next event; other nodes' tokens (a plan, a JSON call) only show in the spinner.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.status: Status | None = None
        self.node = ""
        self.step = ""
        self.streaming = False
        self.answer_nodes: set[str] = set()
        self.tail = ""

    def __enter__(self) -> LiveProgress:
        if self.console.is_terminal:
            self.status = self.console.status("starting")
            self.status.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._end_tokens()
        if self.status is not None:
            self.status.stop()

    def _token(self, text: str) -> None:
        assert self.status is not None
        if not self.streaming:
            self.status.stop()
            self.streaming = True
        self.console.print(text, end="", markup=False, highlight=False, soft_wrap=True)

    def _end_tokens(self) -> None:
        if self.streaming:
            self.streaming = False
            self.console.print()
            if self.status is not None:
                self.status.start()

    def _update(self, text: str) -> None:
        if self.status is not None:
            self.status.update(text)

    def __call__(self, event: Event) -> None:
        if self.status is None:
            return
        if event.kind == "run_started":
            self.answer_nodes = _answer_nodes(event.data.get("agent"))
        if event.kind == "token":
            text = str(event.data.get("text") or "")
            if self.node in self.answer_nodes:
                self._token(text)
            else:
                self.tail = (self.tail + text)[-60:]
                self._update(f"[bold]{self.node}[/] {escape(' '.join(self.tail.split()))}")
            return
        self.tail = ""
        self._end_tokens()
        step = f" [dim](step: {self.step})[/]" if self.step else ""
        if event.kind == "node_started":
            self.node = event.node or ""
            self._update(f"[bold]{self.node}[/]{step}")
        elif event.kind == "node_finished":
            self.step = event.data.get("current_step") or self.step
            self._update(f"[bold]{self.node}[/] done [dim](step: {self.step})[/]")
        elif event.kind == "tool_started":
            self._update(f"[bold]{self.node}[/] calling [cyan]{event.data['tool']}[/]"
                         f"({_args(event.data.get('args', {}))}){step}")
        elif event.kind == "tool_finished":
            mark = "[green]ok[/]" if event.data.get("outcome") == "ok" else "[red]error[/]"
            self.console.print(f"  {event.data['tool']} {mark} "
                               f"[dim]{event.data.get('duration_ms')} ms[/]")
        elif event.kind == "job_progress":
            progress = event.data.get("progress") or 0
            self._update(f"[bold]{self.node}[/] job {event.data.get('job_id')} "
                         f"{event.data.get('status')} {progress:.0%}{step}")
        elif event.kind == "error":
            self.console.print(f"  [red]{event.node}: {escape(event.data.get('message'))}[/]")


_EXAMPLES = {"approve": "approve", "reject": 'reject --message "..."',
             "respond": 'respond --message "..."'}
"""The command a hint shows for each decision a pause allows."""


def show_outcome(console: Console, outcome: RunOutcome, rendered: str = "",
                 hints: bool = True) -> None:
    """Print how a run ended, for a person; ``hints`` adds the commands that decide a pause."""
    tid = outcome.thread_id
    if outcome.status == "interrupted" and outcome.interrupt:
        pending = outcome.interrupt
        if pending.get("kind") == "custom":  # a graph's own payload: shown as it is
            console.print(Panel(escape(pending["summary"]), title=escape(pending["title"]),
                                expand=False))
            if hints:
                console.print(f"thread [bold]{tid}[/] is waiting for an answer (any JSON):\n"
                              f"  agentdesk decide {tid} --resume '\"yes\"'", highlight=False)
            return
        console.print(Panel(escape(pending_text(pending)), title=escape(pending["title"]),
                            expand=False))
        if hints:
            allowed = pending["allowed"]
            commands = [f"  agentdesk decide {tid} {_EXAMPLES[kind]}"
                        for kind in ("approve", "reject", "respond") if kind in allowed]
            console.print(f"thread [bold]{tid}[/] is waiting for a decision "
                          f"({', '.join(allowed)}):\n" + "\n".join(commands), highlight=False)
    elif outcome.status == "completed":
        console.print(f"[green]completed[/] thread [bold]{tid}[/]")
        if rendered:
            console.print(Panel(rendered, expand=False))
        elif outcome.result is not None:
            console.print_json(json.dumps(outcome.result, default=str))
    elif outcome.status == "queued":
        console.print(f"thread [bold]{tid}[/] waits in the run queue; a worker (agentdesk "
                      f"serve) or `agentdesk resume {tid}` continues it")
    else:
        message = (outcome.error or {}).get("message", "unknown error")
        console.print(f"[red]failed[/] thread [bold]{tid}[/]: {escape(message)}")
        if tid:
            console.print(f"  details: agentdesk show {tid}", highlight=False)


_THREAD_COLUMNS = ("agent", "status", "updated", "model")


def _cells(row: dict[str, Any]) -> list[str]:
    return [row["agent"] or "", row["status"], row["updated_at"][:19].replace("T", " "),
            row["model"] or ""]


def show_threads(console: Console, rows: list[dict[str, Any]]) -> None:
    """Threads for a person; every thread id is printed whole, whatever the width.

    Piped output is one tab-separated line per thread (``cut -f1`` gives the ids).
    A terminal too narrow for the table gets one block per thread instead.
    """
    if not console.is_terminal:
        for row in rows:  # straight to the file: Rich would expand the tabs
            console.file.write("\t".join([row["thread_id"], *_cells(row)]) + "\n")
        return
    widest = max((len(row["thread_id"]) for row in rows), default=6)
    if console.width < widest + 40:
        for row in rows:
            console.print(f"[bold]{escape(row['thread_id'])}[/]")
            console.print("  " + escape(" · ".join(c for c in _cells(row) if c)), highlight=False)
        return
    table = Table("thread", *_THREAD_COLUMNS)
    table.columns[0].no_wrap = True
    table.columns[0].min_width = widest
    for row in rows:
        table.add_row(row["thread_id"], *(escape(c) for c in _cells(row)))
    console.print(table)


def show_usage(console: Console, runs: list[dict[str, Any]], total: dict[str, Any]) -> None:
    """A thread's runs with what each cost, and the thread's totals."""
    if not runs:
        return
    table = Table("run", "kind", "status", "tokens in", "tokens out", "model s", "tool s",
                  "wall s", "attempts", title="usage")

    def row(name: str, kind: str, status: str, usage: dict[str, Any]) -> None:
        table.add_row(name, kind, status, str(usage["tokens_in"]), str(usage["tokens_out"]),
                      f"{usage['model_seconds']:.2f}", f"{usage['tool_seconds']:.2f}",
                      f"{usage['wall_seconds']:.2f}", str(usage["attempts"]))

    for run in runs:
        row(run["run_id"], run["kind"], run["status"], run["usage"])
    row("total", "", "", total)
    console.print(table)
