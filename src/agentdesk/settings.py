"""Settings read from ``AGENTDESK_*`` environment variables.

Nothing is read at import: call :func:`get_settings` where the settings are needed.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from platformdirs import user_data_dir
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = ["Settings", "get_settings"]


class Settings(BaseSettings):
    """Configuration of one agentdesk process."""

    model_config = SettingsConfigDict(env_prefix="AGENTDESK_", extra="ignore")

    data_dir: Path = Field(default_factory=lambda: Path(user_data_dir("agentdesk")))
    """Where the SQLite database, the assembled local model and other files live."""

    models_dir: Path | None = None
    """Where the bundled local model is assembled; default: ``data_dir / "models"``."""

    database_url: str | None = None
    """``sqlite:///path`` or ``postgresql://...``; default: SQLite in ``data_dir``."""

    model: str = "local"
    """Default model spec for every agent (see ``agentdesk.models``)."""

    actor: str | None = None
    """Who decisions made from this process are attributed to; default: the OS user."""

    tool_timeout: float = Field(default=30.0, gt=0)
    """Seconds one tool call may take before it counts as a transient failure."""

    tool_retries: int = Field(default=2, ge=0, le=10)
    """Extra attempts for a tool call that failed transiently."""

    tool_result_max_chars: int = Field(default=20_000, ge=1_000)
    """Tool results longer than this are cut, with a note saying so."""

    local_model_ctx: int = Field(default=8192, ge=1024)
    """Context window of the embedded llama.cpp model, in tokens."""

    local_model_max_tokens: int = Field(default=1024, ge=16)
    """Longest answer the embedded model may write in one call."""

    local_model_threads: int | None = None
    """CPU threads for llama.cpp; default: all cores."""

    run_lease_seconds: float = Field(default=30.0, ge=0.5, le=3600)
    """How long a worker's claim on a run lasts unless its heartbeat renews it."""

    run_max_retries: int = Field(default=3, ge=0, le=100)
    """Lapsed leases (dead or stalled workers) a run survives before it ends ``error``."""

    worker_concurrency: int = Field(default=16, ge=1, le=1000)
    """Runs one worker process executes at once."""

    workers: bool = True
    """Whether ``agentdesk serve`` executes runs itself (False: API only)."""

    api_keys: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Keys the HTTP API accepts (comma-separated); without any, it serves loopback only."""

    redis_url: str | None = None
    """``redis://...``: wakes server processes that stream a run another one runs."""

    host: str = "127.0.0.1"
    """Address ``agentdesk serve`` listens on."""

    port: int = Field(default=8000, ge=1, le=65535)
    """Port ``agentdesk serve`` listens on."""

    assistant_policy_file: Path | None = None
    """TOML or JSON file with the assistant's ingress policy (refused and review topics,
    input limits); default: the policy shipped with agentdesk."""

    kb_rerank: bool = False
    """Re-rank knowledge-base hits with the small embedding model shipped in ``wordllama``."""

    @field_validator("api_keys", mode="before")
    @classmethod
    def _split_keys(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [key.strip() for key in value.split(",") if key.strip()]
        return value

    @field_validator("data_dir", "models_dir")
    @classmethod
    def _expand(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None

    @property
    def resolved_models_dir(self) -> Path:
        return self.models_dir or self.data_dir / "models"

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'agentdesk.db'}"

    def model_for(self, agent: str) -> str:
        """The model spec for ``agent``: ``AGENTDESK_MODEL_<AGENT>`` or the global one."""
        return os.environ.get(f"AGENTDESK_MODEL_{agent.upper()}") or self.model

    def toolserver_for(self, name: str) -> str:
        """How to reach tool server ``name``: ``inprocess``, ``stdio`` or an ``http(s)://`` URL."""
        return os.environ.get(f"AGENTDESK_TOOLSERVER_{name.upper()}", "inprocess")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings, read from the environment on first use."""
    return Settings()
