"""Tables of a run (one per shape, with agentdesk/peer ratios) from its results, or its JSON file."""

from __future__ import annotations

import statistics
from typing import Any

ROWS = [("threads/s, 1 client", "threads_s_1", "{:.1f}"),
        ("threads/s, 8 clients", "threads_s_8", "{:.1f}"),
        ("threads/s, 32 clients", "threads_s_32", "{:.1f}"),
        ("server CPU ms per thread", "cpu_ms_thread", "{:.1f}"),
        ("its PG backends' CPU ms per thread", "pg_cpu_ms_thread", "{:.1f}"),
        ("PG statements per thread", "pg_statements_thread", "{:.1f}"),
        ("PG transactions per thread", "pg_xacts_thread", "{:.1f}"),
        ("PG rows written per thread", "pg_rows_thread", "{:.1f}"),
        ("start->interrupt median ms", "start_interrupt_ms", "{:.1f}"),
        ("first run median ms (no interrupt)", "first_run_ms", "{:.1f}"),
        ("load avg at 32 clients, start -> end", "load_start_32", "{:.1f}"),
        ("others' CPU at 32 clients (cores)", "others_cores_32", "{:.2f}")]
RATIOS = [("threads/s at 32 clients", "threads_s_32", True),
          ("server CPU per thread", "cpu_ms_thread", False)]


def medians(rounds: list[dict[str, float]]) -> dict[str, float]:
    """The median of each figure over the rounds that gave it."""
    keys = {k for r in rounds for k in r}
    return {k: statistics.median(r[k] for r in rounds if k in r) for k in sorted(keys)}


def _cell(med: dict[str, float], key: str, fmt: str) -> str:
    if key not in med:
        return "-"
    if key == "load_start_32":
        return f"{med[key]:.1f} -> {med.get('load_end_32', float('nan')):.1f}"
    return fmt.format(med[key])


def shape_table(shape: str, entry: dict[str, Any], labels: dict[str, str]) -> str:
    """A markdown table of one shape (servers as columns) and its ratio lines."""
    servers = list(entry["servers"])
    med = {n: medians(s["rounds"]) for n, s in entry["servers"].items() if s["rounds"]}
    lines = [f"**{shape}**: {entry.get('about', '')}", "",
             "| | " + " | ".join(labels.get(n, n) for n in servers) + " |",
             "|---|" + "---|" * len(servers)]
    for title, key, fmt in ROWS:
        if not any(key in m for m in med.values()):
            continue
        cells = [_cell(med[n], key, fmt) if n in med else "failed" for n in servers]
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    lines.append("")
    ours = [n for n in servers if n.startswith("agentdesk") and n in med]
    others = [n for n in servers if not n.startswith("agentdesk") and n in med]
    for mine in ours:
        for other in others:
            parts = [f"{title} {med[mine][key] / med[other][key]:.2f}x"
                     + ("" if higher else " (lower is better)")
                     for title, key, higher in RATIOS
                     if med[other].get(key) and key in med[mine]]
            lines.append(f"- {labels.get(mine, mine)} / {labels.get(other, other)}: "
                         + ", ".join(parts))
    for name, s in entry["servers"].items():
        for error in dict.fromkeys(s.get("errors", [])):
            lines.append(f"- {labels.get(name, name)} could not run it: {error}")
    return "\n".join(lines)


def report(data: dict[str, Any]) -> str:
    """Every shape's table, then what the run was (load, PostgreSQL metric, sizes)."""
    labels = data.get("labels", {})
    parts = [shape_table(shape, entry, labels) for shape, entry in data["shapes"].items()]
    parts.append(
        f"Run {data.get('started', '?')} at {data.get('commit', '?')}, {data.get('cores', '?')} "
        f"cores; load average {data.get('load_before')} before, {data.get('load_after')} after; "
        f"{data.get('rounds')} rounds, {data.get('threads')} threads per level (times each "
        f"shape's share), {data.get('seq')} sequential; PostgreSQL counts from "
        f"{data.get('pg_metric')}.")
    return "\n\n".join(parts)
