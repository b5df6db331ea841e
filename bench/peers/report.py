"""Tables of a run (one per shape, with agentdesk/peer ratios) from its results, or its JSON file."""

from __future__ import annotations

import statistics
from typing import Any

FIGURES = [("server CPU ms per thread", "cpu_ms_thread", "{:.1f}"),
        ("its PG backends' CPU ms per thread", "pg_cpu_ms_thread", "{:.1f}"),
        ("PG statements per thread", "pg_statements_thread", "{:.1f}"),
        ("PG transactions per thread", "pg_xacts_thread", "{:.1f}"),
        ("PG rows written per thread", "pg_rows_thread", "{:.1f}"),
        ("start->interrupt median ms", "start_interrupt_ms", "{:.1f}"),
        ("first run median ms (no interrupt)", "first_run_ms", "{:.1f}")]


def _rows(clients: list[int]) -> list[tuple[str, str, str]]:
    top = max(clients)
    return ([(f"threads/s, {c} client{'s' if c > 1 else ''}", f"threads_s_{c}", "{:.1f}")
             for c in clients] + FIGURES
            + [(f"threads/s per core left free, {top} clients", f"free_threads_s_{top}", "{:.1f}"),
               (f"load avg at {top} clients, start -> end", f"load_start_{top}", "{:.1f}"),
               (f"others' CPU at {top} clients (cores)", f"others_cores_{top}", "{:.2f}")])


def _ratios(clients: list[int]) -> list[tuple[str, str, bool]]:
    top = max(clients)
    return [(f"threads/s at {top} clients", f"threads_s_{top}", True),
            ("the same per core left free", f"free_threads_s_{top}", True),
            ("server CPU per thread", "cpu_ms_thread", False)]


def medians(rounds: list[dict[str, float]], cores: int = 2) -> dict[str, float]:
    """The median of each figure over the rounds that gave it, with ``free_threads_s_<n>``:
    threads/s per core the other processes left (``cores`` less their cores at that level),
    a rough correction for a machine shared with other work."""
    rounds = [{**r, **{f"free_threads_s_{k[len('threads_s_'):]}": r[k] / max(
        0.1, cores - r.get(f"others_cores_{k[len('threads_s_'):]}", 0.0))
        for k in r if k.startswith("threads_s_")}} for r in rounds]
    keys = {k for r in rounds for k in r}
    return {k: statistics.median(r[k] for r in rounds if k in r) for k in sorted(keys)}


def _cell(med: dict[str, float], key: str, fmt: str) -> str:
    if key not in med:
        return "-"
    if key.startswith("load_start_"):
        end = med.get(key.replace("start", "end"), float("nan"))
        return f"{med[key]:.1f} -> {end:.1f}"
    return fmt.format(med[key])


def shape_table(shape: str, entry: dict[str, Any], labels: dict[str, str],
                clients: list[int], cores: int) -> str:
    """A markdown table of one shape (servers as columns) and its ratio lines."""
    servers = list(entry["servers"])
    med = {n: medians(s["rounds"], cores) for n, s in entry["servers"].items() if s["rounds"]}
    lines = [f"**{shape}**: {entry.get('about', '')}", "",
             "| | " + " | ".join(labels.get(n, n) for n in servers) + " |",
             "|---|" + "---|" * len(servers)]
    for title, key, fmt in _rows(clients):
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
                     for title, key, higher in _ratios(clients)
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
    clients = data.get("clients", [1, 8, 32])
    cores = data.get("cores") or 2
    parts = [shape_table(shape, entry, labels, clients, cores)
             for shape, entry in data["shapes"].items()]
    parts.append(f"At {max(clients)} clients (threads/s, server CPU ms per thread; ratios "
                 f"agentdesk / peer):\n\n" + summary(data))
    parts.append(
        f"Run {data.get('started', '?')} at {data.get('commit', '?')}, {data.get('cores', '?')} "
        f"cores; load average {data.get('load_before')} before, {data.get('load_after')} after; "
        f"{data.get('rounds')} rounds, {data.get('threads')} threads per level (times each "
        f"shape's share), {data.get('seq')} sequential; PostgreSQL counts from "
        f"{data.get('pg_metric')}.")
    return "\n\n".join(parts)


PAIRS = [("agentdesk-sqlite", "lgdev"), ("agentdesk-pg", "lgdev"), ("agentdesk-pg", "aegra"),
         ("agentdesk-pg", "lgpg")]
"""The ratios the summary shows: agentdesk on SQLite against the in-memory server, and on
PostgreSQL against the servers on PostgreSQL (and the in-memory one)."""


def summary(data: dict[str, Any]) -> str:
    """One row per shape: threads/s and server CPU ms per thread of each server at the top
    client level, the agentdesk/peer ratios, and the load average during the shape."""
    labels = data.get("labels", {})
    top = max(data.get("clients", [32]))
    servers = list(labels)
    pairs = [(a, b) for a, b in PAIRS if a in servers and b in servers]
    cores = data.get("cores") or 2
    head = (["shape"] + [f"{labels[n]} thr/s, CPU ms" for n in servers]
            + [f"{labels[a]} / {labels[b]} thr/s (per free core), CPU" for a, b in pairs]
            + ["load avg", "others' cores"])
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for shape, entry in data["shapes"].items():
        med = {n: medians(s["rounds"], cores) for n, s in entry["servers"].items() if s["rounds"]}
        row = [shape]
        for n in servers:
            m = med.get(n)
            row.append(f"{m[f'threads_s_{top}']:.1f}, {m['cpu_ms_thread']:.0f}" if m else "failed")
        for a, b in pairs:
            if a in med and b in med:
                ma, mb = med[a], med[b]
                row.append(f"{ma[f'threads_s_{top}'] / mb[f'threads_s_{top}']:.2f}x "
                           f"({ma[f'free_threads_s_{top}'] / mb[f'free_threads_s_{top}']:.2f}x), "
                           f"{ma['cpu_ms_thread'] / mb['cpu_ms_thread']:.2f}x")
            else:
                row.append("-")
        loads = [m[k] for m in med.values() for k in (f"load_start_{top}", f"load_end_{top}")
                 if k in m]
        row.append(f"{min(loads):.1f}-{max(loads):.1f}" if loads else "-")
        others = [m[f"others_cores_{top}"] for m in med.values() if f"others_cores_{top}" in m]
        row.append(f"{min(others):.1f}-{max(others):.1f}" if others else "-")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs' files as one: every round of each server and shape, the load before the
    first and after the last; the runs must have had the same client levels."""
    if len({tuple(r.get("clients", [])) for r in runs}) > 1:
        raise SystemExit("--report: the files were run with different --clients")
    out = {**runs[0], "shapes": {}, "labels": {}, "load_after": runs[-1].get("load_after"),
           "started": " + ".join(r.get("started", "?") for r in runs),
           "commit": " + ".join(dict.fromkeys(r.get("commit", "?") for r in runs)),
           "rounds": sum(r.get("rounds", 0) for r in runs)}
    for run in runs:
        out["labels"].update(run.get("labels", {}))
        for shape, entry in run["shapes"].items():
            into = out["shapes"].setdefault(shape, {**entry, "servers": {}})
            for name, got in entry["servers"].items():
                slot = into["servers"].setdefault(name, {"rounds": [], "errors": []})
                slot["rounds"] += got["rounds"]
                slot["errors"] += got["errors"]
    return out
