"""How a server process logs: the human format (the default), or one JSON object a line.

With ``AGENTDESK_LOG_FORMAT=json`` every log record, agentdesk's own and uvicorn's
error and access logs alike, is written to standard error as one JSON object by
python-json-logger's formatter: ``time``, ``level``, ``logger``, ``message``, and,
when the record is made while a run executes, that run's ``run_id``, ``thread_id``
and ``attempt`` (read from the run's lease, the context variable
:data:`~agentdesk.runtime.durable.queue.current_lease` that the executor sets for
the run's task), and the ``trace_id`` and ``span_id`` of the current OpenTelemetry
span when one is recording (only if ``opentelemetry`` is importable). uvicorn's
access lines also carry ``client``, ``method``, ``path`` and ``status``.
"""

from __future__ import annotations

import logging
import logging.config
from typing import Any, Literal

from agentdesk.runtime.durable.queue import current_lease

__all__ = ["RunFields", "configure_logging", "log_config"]

LogFormat = Literal["text", "json"]


def _span_ids() -> tuple[str, str] | None:
    """The current OpenTelemetry span's trace and span ids (hex), if one is valid."""
    try:
        from opentelemetry import trace
    except ImportError:
        return None
    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return format(context.trace_id, "032x"), format(context.span_id, "016x")


class RunFields(logging.Filter):
    """Adds the run fields (run, thread, attempt) and the trace id to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        lease = current_lease.get()
        if lease is not None:
            record.run_id = lease.run_id
            record.thread_id = lease.thread_id
            record.attempt = lease.attempt
        ids = _span_ids()
        if ids is not None:
            record.trace_id, record.span_id = ids
        record.__dict__.pop("color_message", None)  # uvicorn's copy for terminals
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(
                record.args) == 5:
            record.client, record.method, record.path, _, record.status = record.args
        return True


_JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"


def log_config(level: str = "info") -> dict[str, Any]:
    """The :func:`logging.config.dictConfig` of the JSON format: agentdesk's and uvicorn's
    loggers at ``level``, everything else at ``warning`` (libraries that log each HTTP
    request at info stay quiet), all through one handler on standard error.

    Passed to uvicorn as its ``log_config``, so uvicorn installs it when it starts."""
    level = level.upper()
    handler = {"handlers": ["stderr"], "level": level, "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"run": {"()": RunFields}},
        "formatters": {"json": {
            "()": "pythonjsonlogger.json.JsonFormatter", "fmt": _JSON_FIELDS,
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "datefmt": "%Y-%m-%dT%H:%M:%S%z"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                                "formatter": "json", "filters": ["run"]}},
        "loggers": {"agentdesk": handler, "uvicorn": handler,
                    "uvicorn.error": {"level": level},
                    "uvicorn.access": handler},
        "root": {"handlers": ["stderr"], "level": "WARNING"},
    }


def configure_logging(log_format: LogFormat, level: str = "info") -> dict[str, Any] | None:
    """Set up this process's logging for ``log_format``; returns uvicorn's ``log_config``.

    ``text`` changes nothing (uvicorn's own format, Python's default for the rest) and
    returns None: uvicorn keeps its default. ``json`` installs :func:`log_config` now (so
    what is logged before uvicorn starts is JSON too) and sends Python warnings to it."""
    if log_format == "text":
        return None
    config = log_config(level)
    logging.config.dictConfig(config)
    logging.captureWarnings(True)
    return config
