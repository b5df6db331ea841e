"""Settings read from ``AGENTDESK_*`` environment variables.

Nothing is read at import: call :func:`get_settings` where the settings are needed.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from platformdirs import user_data_dir
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = ["Settings", "checkpointer_ttl_fields", "get_settings", "key_fingerprint"]


class Settings(BaseSettings):
    """Configuration of one agentdesk process."""

    model_config = SettingsConfigDict(env_prefix="AGENTDESK_", extra="ignore")

    data_dir: Path = Field(default_factory=lambda: Path(user_data_dir("agentdesk")))
    """Where the SQLite database, the assembled local model and other files live."""

    models_dir: Path | None = None
    """Where the bundled local model is assembled; default: ``data_dir / "models"``."""

    database_url: str | None = None
    """``sqlite:///path`` or ``postgresql://...``; default: SQLite in ``data_dir``."""

    sqlite_synchronous: Literal["normal", "full"] = "normal"
    """When a SQLite commit reaches the disk. ``normal``: at the write-ahead log's
    checkpoints, and before every effect on the world (a tool call with effects, an
    email), which is made durable first; a process crash loses nothing, a power cut
    or an OS crash can lose the last commits, which are redone. ``full``: at every
    commit, paid on the event loop. PostgreSQL keeps its own setting."""

    model: str = "local"
    """Default model spec for every agent (see ``agentdesk.models``)."""

    actor: str | None = None
    """Who decisions made from this process are attributed to; default: the OS user."""

    trip_span_reader: bool = True
    """Whether the trip agent asks its model for the origin, destination or departure date
    code could not read, as a span of the request (``off``: such a request is refused)."""

    insurance_review: str | None = None
    """Tools of the insurance agent that wait for the agency's review, a comma list
    (``none`` for no review); default: every email to the customer and every carrier call
    that creates or rates a quote."""

    tool_timeout: float = Field(default=30.0, gt=0)
    """Seconds one tool call may take before it counts as a transient failure."""

    tool_retries: int = Field(default=2, ge=0, le=10)
    """Extra attempts for a tool call that failed transiently."""

    tool_result_max_chars: int = Field(default=20_000, ge=1_000)
    """Tool results longer than this are cut, with a note saying so."""

    otel_endpoint: str | None = None
    """OTLP/HTTP endpoint that gets every run's trace (``http://collector:4318``); default:
    ``OTEL_EXPORTER_OTLP_ENDPOINT`` when set; neither: tracing is off."""

    otel_service_name: str = "agentdesk"
    """The ``service.name`` of the traces this process exports."""

    otel_node_io: bool = False
    """Whether graph-node spans carry the state a node read and the update it wrote
    (OpenInference's ``input.value``/``output.value`` on its chain spans). Off: these
    spans keep their name, timing, status and metadata, and model and tool spans keep
    their inputs and outputs; the whole state, serialised and redacted on every node,
    was most of what tracing cost."""

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

    log_format: Literal["text", "json"] = "text"
    """``json``: ``agentdesk serve`` and ``agentdesk worker`` log one JSON object a line on
    standard error (with the run, thread, attempt and trace ids); ``text``: for people."""

    mail_listener: Literal["auto", "on", "off"] = "auto"
    """Which process runs the mail listener and catcher: ``on`` always, ``off`` never,
    ``auto`` the one ``agentdesk serve`` of this host and database that takes the lock
    ``<data dir>/workers/<database>/mail.lock`` first (never an ``--api-only`` one)."""

    checkpointer_ttl_minutes: float | None = Field(default=None, gt=0)
    """Default time to live of every thread without one of its own: the sweeper deletes a
    thread (checkpoints, runs, events, decisions) this long after its last activity.
    langgraph.json's ``checkpointer.ttl.default_ttl``; None keeps threads for ever."""

    checkpointer_ttl_strategy: Literal["delete", "keep_latest"] = "delete"
    """What the default ttl does to an expired thread: delete it, or keep only its latest
    checkpoint (``checkpointer.ttl.strategy``)."""

    checkpointer_sweep_minutes: float = Field(default=5.0, gt=0)
    """How often the sweeper looks for expired threads
    (``checkpointer.ttl.sweep_interval_minutes``)."""

    checkpointer_sweep_limit: int = Field(default=10_000, ge=1)
    """Most threads one sweep deletes (``checkpointer.ttl.sweep_limit``); the rest wait
    for the next."""

    api_keys: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Keys the HTTP API accepts, comma-separated, each ``name:key`` (or a bare key, then
    named by its fingerprint); without any, it serves loopback only."""

    max_body_bytes: int = Field(default=262_144, ge=1_024)
    """Largest request body the HTTP API reads; a larger one is refused with 413."""

    max_json_depth: int = Field(default=32, ge=4, le=1_000)
    """Deepest nesting of arrays and objects a JSON body may have."""

    max_metadata_bytes: int = Field(default=16_384, ge=256)
    """Largest ``metadata`` object (as compact JSON) a thread or run may carry."""

    header_timeout: float = Field(default=10.0, gt=0)
    """Seconds a client has to send a request's headers once it connects (or goes idle)."""

    body_timeout: float = Field(default=30.0, gt=0)
    """Seconds a client has to send a whole request body once its headers arrived."""

    keep_alive_timeout: int = Field(default=5, ge=1)
    """Seconds an idle keep-alive connection stays open."""

    max_connections: int = Field(default=512, ge=8)
    """Connections (and requests in progress) served at once; more are answered 503."""

    redis_url: str | None = None
    """``redis://...``: wakes server processes that stream a run another one runs."""

    host: str = "127.0.0.1"
    """Address ``agentdesk serve`` listens on."""

    port: int = Field(default=8000, ge=1, le=65535)
    """Port ``agentdesk serve`` listens on."""

    assistant_policy_file: Path | None = None
    """TOML or JSON file with the assistant's ingress policy (refused and review topics,
    input limits); default: the policy shipped with agentdesk."""

    graphs: Path | None = None
    """A ``langgraph.json`` whose graphs are served beside the built-in agents (also by
    ``agentdesk worker`` and the CLI); ``agentdesk serve --config`` takes its place."""
    cors_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Origins (comma-separated) whose browsers may call the API (CORS); empty: same origin
    only. A ``langgraph.json`` with ``http.cors`` takes its place."""

    mcp_servers: Path | None = None
    """JSON or TOML file of the operator's own MCP servers for the assistant (the shape
    langchain-mcp-adapters' ``MultiServerMCPClient`` takes)."""

    store_index: dict[str, Any] | None = None
    """Semantic search in the Store (langgraph.json ``store.index``): ``{"dims", "embed",
    "fields"}``; ``embed`` is a LangChain ``provider:model`` name for ``init_embeddings`` or
    an import path ``module:attr`` / ``./file.py:attr`` of an Embeddings or a function."""

    store_ttl_default_minutes: float | None = Field(default=None, gt=0)
    """Minutes a Store item lives after its last write (or read, see below) unless its
    ``put`` gives a ``ttl``; None: items never expire by default."""

    store_ttl_refresh_on_read: bool = True
    """Whether a read (get, search) restarts an item's TTL when the caller does not say."""

    store_ttl_sweep_interval_minutes: float | None = Field(default=None, gt=0)
    """How often expired Store items are deleted; None: no sweeper (expired items stay)."""

    disable_mcp: bool = False
    """Do not serve ``/mcp`` (langgraph.json ``http.disable_mcp``)."""

    kb_rerank: bool = False
    """Re-rank knowledge-base hits with the small embedding model shipped in ``wordllama``."""

    smtp_listen: str = "127.0.0.1:2525"
    """``host:port`` where ``agentdesk serve`` receives mail (SMTP); empty: no listener."""

    smtp_relay: str | None = None
    """Where mail goes out: ``host:port`` or ``smtp://user:pass@host:port`` (``smtps://`` for
    TLS); default: the local catcher."""

    smtp_catcher: str = "127.0.0.1:2526"
    """``host:port`` of the local catcher ``agentdesk serve`` runs when there is no relay."""

    mail_from: str = "quotes@localhost"
    """The channel's own address; replies come back to ``local+TOKEN@domain`` of it."""

    agency_email: str = "agency@localhost"
    """Who reviews the insurance agent's actions by email (one review email per pause)."""

    mail_agent: str = "insurance"
    """The agent a new email thread starts."""

    mail_channel: str = "agentdesk.channels.email"
    """The module whose ``mailer_for(settings)`` sends agents' mail (see
    :mod:`agentdesk.runtime.mail`); empty: no channel, so nothing is emailed."""

    mail_owner: str | None = None
    """The API key name that owns threads started by email (None: no owner)."""

    mail_retry_seconds: float = Field(default=20.0, ge=0)
    """How long an outbox attempt owns its row (longer than an SMTP timeout); a row still
    queued after it (a failed relay, a process that died mid-send) is sent again."""

    mail_watch_seconds: float = Field(default=2.0, gt=0)
    """How often ``serve`` sends pending review emails, retries the outbox and delivers
    queued replies."""

    imap_url: str | None = None
    """Optional: ``imap[s]://user:pass@host[:port]/FOLDER`` that ``serve`` polls for mail."""

    imap_poll_seconds: float = Field(default=30.0, gt=0)
    """How often ``serve`` polls ``imap_url``."""

    webhook_secret: str | None = None
    """Standard Webhooks signing secret (``whsec_`` + base64) for run webhooks; unset: sent
    unsigned, with ``webhook-id`` and ``webhook-timestamp`` but no ``webhook-signature``."""

    webhook_allowed_hosts: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Hosts a run's ``webhook`` may name although they are loopback, private or link-local
    (comma list of names or addresses, exactly as in the URL); default: none, so only
    public addresses are reached (SSRF protection)."""

    webhook_retry_seconds: float = Field(default=10.0, gt=0)
    """Wait before the second delivery attempt; each later one waits twice as long."""

    webhook_max_attempts: int = Field(default=6, ge=1, le=50)
    """Delivery attempts before a webhook is given up (``failed``); 6 spans about 5 minutes."""

    webhook_timeout: float = Field(default=10.0, gt=0)
    """Seconds one delivery attempt may take; longer counts as a failed attempt."""

    webhook_poll_seconds: float = Field(default=1.0, gt=0)
    """How often each server process looks for ended runs whose webhook is due."""

    @field_validator("smtp_listen", "smtp_catcher")
    @classmethod
    def _host_port(cls, value: str) -> str:
        host, _, port = value.strip().rpartition(":")
        if value.strip() and (not host or not port.isdigit() or not 0 < int(port) < 65536):
            raise ValueError(f"{value!r} is not host:port (or empty for none)")
        return value.strip()

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: Any) -> Any:
        return [o.strip() for o in value.split(",") if o.strip()] if isinstance(value, str) \
            else value

    @field_validator("api_keys", "webhook_allowed_hosts", mode="before")
    @classmethod
    def _split_keys(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [key.strip() for key in value.split(",") if key.strip()]
        return value

    @field_validator("api_keys")
    @classmethod
    def _check_keys(cls, value: list[str]) -> list[str]:
        named = [_split_key(entry) for entry in value]
        for kind, seen in (("name", [n for n, _ in named]), ("key", [k for _, k in named])):
            if len(set(seen)) != len(seen):
                raise ValueError(f"each API key {kind} must appear once")
        return value

    @field_validator("data_dir", "models_dir", "graphs")
    @classmethod
    def _expand(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None

    @property
    def resolved_models_dir(self) -> Path:
        return self.models_dir or self.data_dir / "models"

    def named_api_keys(self) -> list[tuple[str, str]]:
        """The API keys as ``(name, key)`` pairs."""
        return [_split_key(entry) for entry in self.api_keys]

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'agentdesk.db'}"

    def model_for(self, agent: str) -> str:
        """The model spec for ``agent``: ``AGENTDESK_MODEL_<AGENT>`` or the global one."""
        return os.environ.get(f"AGENTDESK_MODEL_{agent.upper()}") or self.model

    def toolserver_for(self, name: str) -> str:
        """How to reach tool server ``name``: ``inprocess``, ``stdio`` or an ``http(s)://`` URL."""
        return os.environ.get(f"AGENTDESK_TOOLSERVER_{name.upper()}", "inprocess")


_TTL_KEYS = {"strategy": "checkpointer_ttl_strategy",
             "default_ttl": "checkpointer_ttl_minutes",
             "sweep_interval_minutes": "checkpointer_sweep_minutes",
             "sweep_limit": "checkpointer_sweep_limit"}


def checkpointer_ttl_fields(ttl: dict[str, Any]) -> dict[str, Any]:
    """langgraph.json's ``checkpointer.ttl`` (the Agent Server's keys) as settings fields.

    Any other key is refused rather than ignored; the values are checked by
    :class:`Settings`.
    """
    unknown = set(ttl) - set(_TTL_KEYS)
    if unknown:
        raise ValueError(f"checkpointer.ttl: {', '.join(sorted(unknown))} not supported")
    return {field: ttl[key] for key, field in _TTL_KEYS.items() if ttl.get(key) is not None}


def key_fingerprint(key: str) -> str:
    """A short, stable, non-secret name for a key (what owns its threads)."""
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _split_key(entry: str) -> tuple[str, str]:
    """``name:key`` as (name, key); a bare key is named ``key-<fingerprint>``."""
    name, sep, key = entry.partition(":")
    if not sep:
        return f"key-{key_fingerprint(entry)[:8]}", entry
    name, key = name.strip(), key.strip()
    if not re.fullmatch(r"[A-Za-z0-9_.@-]{1,64}", name) or not key:
        raise ValueError(f"API key entry {name!r}: use name:key, the name made of letters, "
                         "digits and _ . @ - (at most 64)")
    return name, key


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings, read from the environment on first use."""
    return Settings()
