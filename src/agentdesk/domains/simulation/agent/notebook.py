"""A simulation thread as a lab notebook, in Markdown."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage

__all__ = ["render_notebook"]


def _fmt(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def render_notebook(values: dict[str, Any], audit: list[Any]) -> str:
    """Requests, approvals (actor and time), parameter changes, results with PK parameters."""
    lines = ["# Simulation notebook", ""]
    context = values.get("simulation_context") or {}
    if context:
        lines += [f"Model: `{context.get('model_path')}` (simulation `{context.get('simulation_id')}`)",
                  ""]
    requests = [m.text for m in values.get("messages", []) if isinstance(m, HumanMessage)]
    lines += ["## Requests and answers", ""]
    lines += [f"- {text}" for text in requests]
    answers = [m.text for m in values.get("messages", []) if isinstance(m, AIMessage) and m.text
               and not m.text.startswith(("Plan:", "Question:"))]
    if answers:
        lines += ["", f"**Assistant:** {answers[-1]}"]
    decisions = [e for e in audit if e.event == "decision"]
    lines += ["", "## Decisions", ""]
    lines += [f"- {e.created_at:%Y-%m-%d %H:%M:%S} UTC — **{e.actor}** {e.data.get('type')}"
              + (f": {e.data['message']}" if e.data.get("message") else "")
              + (f" (args {json.dumps(e.data['args'])})" if e.data.get("args") else "")
              for e in decisions] or ["- none"]
    steps = values.get("intermediate_steps") or []
    changes = [s for s in steps if s.get("tool") == "set_parameter_value" and s.get("outcome") == "ok"]
    lines += ["", "## Parameter changes", ""]
    lines += [f"- `{s['result'].get('path')}`: {_fmt(s['result'].get('old_value'))} → "
              f"{_fmt(s['result'].get('new_value'))} {s['result'].get('unit', '')}"
              f" (approved by {s.get('approved_by')}, {s['at'][:19]})" for s in changes] or ["- none"]
    lines += ["", "## Steps and results", ""]
    for step in steps:
        head = f"- {step['at'][:19]} `{step['tool']}({json.dumps(step.get('args', {}))})`"
        if step.get("outcome") == "ok":
            lines.append(head + f" → ok{_result(step['tool'], step.get('result') or {})}")
        elif step.get("outcome") == "error":
            lines.append(head + f" → **error**: {step.get('error')}")
        else:
            lines.append(head + f" → {step.get('outcome')} by {step.get('by')}"
                         + (f": {step['message']}" if step.get("message") else ""))
    if not steps:
        lines.append("- none")
    return "\n".join(lines) + "\n"


def _result(tool: str, result: dict[str, Any]) -> str:
    if tool == "calculate_pk_parameters":
        keys = ("cmax", "tmax", "auc", "auc_inf", "half_life")
        pk = ", ".join(f"{k} {_fmt(result.get(k))}" for k in keys if result.get(k) is not None)
        warn = "; ".join(result.get("warnings") or [])
        return f": {pk} ({result.get('unit', '')})" + (f" — warning: {warn}" if warn else "")
    if tool == "run_simulation":
        job = result.get("job") or {}
        return f": job `{result.get('job_id')}` {job.get('status', '')}"
    if tool == "load_simulation":
        return f": simulation `{result.get('simulation_id')}`"
    return ""
