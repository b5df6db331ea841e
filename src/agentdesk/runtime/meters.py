"""The process's Prometheus metrics: counters, histograms and gauges the runtime moves.

Built on first use (:func:`meters`), never at import. With ``PROMETHEUS_MULTIPROC_DIR``
set before the process starts, ``prometheus_client`` keeps every value in a file
of that directory, and ``/metrics`` (``server/metrics.py``) adds up the files of
all the processes that share it (several workers); without it, values live in
this process. Figures read from the database at scrape time (queue depth,
pending decisions) are not here: ``server/metrics.py`` computes them.

Labels stay few and bounded: an agent, a status, a node, a tool, a model name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

__all__ = ["Meters", "meters"]

_SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300)


@dataclass(frozen=True)
class Meters:
    """Every metric agentdesk's runtime moves (names in the README's "Metrics and usage")."""

    runs: Counter
    run_seconds: Histogram
    step_seconds: Histogram
    lease_lapses: Counter
    takeovers: Counter
    tool_calls: Counter
    tool_seconds: Histogram
    model_tokens: Counter
    model_seconds: Histogram
    mail: Counter
    database_errors: Counter
    sqlite_waits: Counter
    loop_lag: Gauge


@cache
def meters() -> Meters:
    """The process's metrics, registered in ``prometheus_client``'s default registry once."""
    disable_created_metrics()  # no ``*_created`` series beside each counter: half the text
    return Meters(
        runs=Counter("agentdesk_runs", "Run attempts that ended, by agent and status "
                     "(queued: put back at a step boundary).", ["agent", "status"]),
        run_seconds=Histogram("agentdesk_run_duration_seconds",
                              "Wall time of one run attempt, claim to end.",
                              ["agent", "status"], buckets=_SECONDS),
        step_seconds=Histogram("agentdesk_step_duration_seconds",
                               "Wall time of one graph node (step task).", ["agent", "node"],
                               buckets=_SECONDS),
        lease_lapses=Counter("agentdesk_lease_lapses", "Run leases that ran out (a worker "
                             "died or stopped answering); the sweeper re-queued or ended "
                             "the run."),
        takeovers=Counter("agentdesk_run_takeovers", "Claims of a run that an earlier "
                          "attempt had held (after a lapse, a drain or a database error)."),
        tool_calls=Counter("agentdesk_tool_calls", "Tool calls through the tool policy, by "
                           "tool and outcome.", ["tool", "outcome"]),
        tool_seconds=Histogram("agentdesk_tool_call_duration_seconds",
                               "Duration of a tool call, retries included.", ["tool"],
                               buckets=_SECONDS),
        model_tokens=Counter("agentdesk_model_tokens", "Tokens the chat models read (in) "
                             "and wrote (out), by model.", ["model", "direction"]),
        model_seconds=Histogram("agentdesk_model_call_duration_seconds",
                                "Duration of a chat model call.", ["model"], buckets=_SECONDS),
        mail=Counter("agentdesk_mail_messages", "Mail received (in) and sent (out).",
                     ["direction"]),
        database_errors=Counter("agentdesk_database_errors", "Database errors (the database "
                                "away or refusing), by where they were met.", ["where"]),
        sqlite_waits=Counter("agentdesk_sqlite_write_waits", "Writes to the SQLite file that "
                             "waited: for another connection of this process (their turn "
                             "in its queue) or for another process or thread (polling).",
                             ["behind"]),
        loop_lag=Gauge("agentdesk_event_loop_lag_seconds", "How late the event loop woke a "
                       "sleeper, last sample (a busy or blocked loop lags).",
                       multiprocess_mode="livemax"),
    )
