"""The part of ``aegra_api.settings`` that Aegra's e2e tests read, and nothing else.

The tests import Aegra's settings only to learn where the server is and how it
is configured. This stand-in reads the same environment variables, with Aegra's
own defaults (``libs/aegra-api/src/aegra_api/settings.py``), so the tests run
unchanged against any server at ``SERVER_URL``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class AppSettings:
    """Where the server under test is, and its join/wait heartbeat interval."""

    SERVER_URL: str = field(default_factory=lambda: os.environ.get(
        "SERVER_URL", "http://localhost:2026"))
    KEEPALIVE_INTERVAL_SECS: float = field(default_factory=lambda: float(os.environ.get(
        "KEEPALIVE_INTERVAL_SECS", "5")))


@dataclass(frozen=True)
class ObservabilitySettings:
    """Whether the server was started with ``/metrics`` (Aegra: off unless asked)."""

    ENABLE_PROMETHEUS_METRICS: bool = field(default_factory=lambda: _flag(
        "ENABLE_PROMETHEUS_METRICS", False))


@dataclass(frozen=True)
class CronSettings:
    """How the server's cron scheduler was configured (Aegra's defaults)."""

    CRON_POLL_INTERVAL_SECONDS: int = field(default_factory=lambda: int(os.environ.get(
        "CRON_POLL_INTERVAL_SECONDS", "60")))
    CRON_ALLOW_SECONDS_SCHEDULE: bool = field(default_factory=lambda: _flag(
        "CRON_ALLOW_SECONDS_SCHEDULE", False))


@dataclass(frozen=True)
class WorkerSettings:
    """Aegra's background-worker limits; read only by its ``prod_only`` tests."""

    BG_JOB_TIMEOUT_SECS: int = 3600
    BG_JOB_MAX_RETRIES: int = 3
    REAPER_INTERVAL_SECONDS: int = 15


@dataclass(frozen=True)
class DatabaseSettings:
    """Aegra's own database; the tests that open it are deselected by the harness."""

    database_url: str = field(default_factory=lambda: os.environ.get("DATABASE_URL", ""))


@dataclass(frozen=True)
class Settings:
    """The groups of ``aegra_api.settings.settings`` the e2e tests touch."""

    app: AppSettings = field(default_factory=AppSettings)
    observability: ObservabilitySettings = field(default_factory=ObservabilitySettings)
    cron: CronSettings = field(default_factory=CronSettings)
    worker: WorkerSettings = field(default_factory=WorkerSettings)
    db: DatabaseSettings = field(default_factory=DatabaseSettings)


settings = Settings()
