"""The keys of a ``langgraph.json`` beyond its graphs: each honoured, or a startup error.

The Agent Server reads ``http``, ``auth``, ``store`` and ``checkpointer`` from the same file
that names the graphs. A key agentdesk does not honour is refused by name (its dotted path in
the file) when the server starts, never accepted and ignored. Keys that only ``langgraph
build`` reads (the image's Python version, Dockerfile lines...) are accepted: a running Agent
Server does not read them either.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agentdesk.errors import ConfigError

__all__ = ["AuthConfig", "CorsConfig", "HttpConfig", "LangGraphConfig", "load_object",
           "parse_config",
           "read_lgconfig", "settings_from_config"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CorsConfig(_Strict):
    """``http.cors``: the arguments of Starlette's ``CORSMiddleware``, as the Agent Server."""

    allow_origins: list[str] = Field(default_factory=list)
    allow_methods: list[str] = Field(default_factory=lambda: ["GET"])
    allow_headers: list[str] = Field(default_factory=list)
    allow_credentials: bool = False
    allow_origin_regex: str | None = None
    expose_headers: list[str] = Field(default_factory=list)
    max_age: int = Field(default=600, ge=0)


class HttpConfig(_Strict):
    """``http``: CORS, the team's own app beside the API, and routes switched off."""

    app: str | None = None
    """``./file.py:app``: a Starlette or FastAPI app whose routes answer before the API's."""
    cors: CorsConfig | None = None
    disable_assistants: bool = False
    disable_threads: bool = False
    disable_runs: bool = False
    disable_store: bool = False
    disable_meta: bool = False
    disable_mcp: bool = False
    disable_webhooks: bool = False
    enable_custom_route_auth: bool = False
    """Whether the custom ``app``'s routes are authenticated by ``auth`` too."""


class AuthConfig(_Strict):
    """``auth``: a ``langgraph_sdk.Auth`` object that authenticates and authorizes requests."""

    path: str | None = None
    """``./auth.py:auth`` or ``module:auth``."""
    disable_studio_auth: bool = False
    """agentdesk never accepts LangSmith Studio credentials, so both values mean the same."""


class StoreTtl(_Strict):
    refresh_on_read: bool = True
    default_ttl: float | None = Field(default=None, gt=0)
    sweep_interval_minutes: float | None = Field(default=None, gt=0)


class StoreConfig(_Strict):
    index: dict[str, Any] | None = None
    ttl: StoreTtl | None = None


class CheckpointerTtl(_Strict):
    strategy: Literal["delete", "keep_latest"] = "delete"
    default_ttl: float | None = Field(default=None, gt=0)
    sweep_interval_minutes: float | None = Field(default=None, gt=0)
    sweep_limit: int | None = Field(default=None, ge=1)


class CheckpointerConfig(_Strict):
    ttl: CheckpointerTtl | None = None


class LangGraphConfig(_Strict):
    """The whole file. ``graphs`` is checked entry by entry by ``runtime.graphs``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str | None = Field(default=None, alias="$schema")
    graphs: dict[str, Any]
    env: str | dict[str, Any] | None = None
    dependencies: list[str] = Field(default_factory=list)
    http: HttpConfig = Field(default_factory=HttpConfig)
    auth: AuthConfig | None = None
    store: StoreConfig | None = None
    checkpointer: CheckpointerConfig | None = None
    # Read by `langgraph build` only (the image), as by the Agent Server at run time.
    python_version: str | None = None
    node_version: str | None = None
    pip_config_file: str | None = None
    pip_installer: str | None = None
    base_image: str | None = None
    image_distro: str | None = None
    dockerfile_lines: list[str] = Field(default_factory=list)
    keep_pkg_tools: bool | list[str] | None = None


def _key_path(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc)


def parse_config(config: dict[str, Any], path: Path) -> LangGraphConfig:
    """``config`` (the parsed file at ``path``) checked key by key.

    Raises:
        ConfigError: naming the first key that is unknown, unsupported or malformed.
    """
    try:
        return LangGraphConfig.model_validate(config)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = _key_path(first["loc"])
        if first["type"] == "extra_forbidden":
            message = f"{where}: not supported by agentdesk (remove it)"
        else:
            message = f"{where}: {first['msg']}"
        raise ConfigError(f"{path}: {message}", field=where) from None


def read_lgconfig(path: Path) -> LangGraphConfig:
    """The checked ``langgraph.json`` at ``path`` (imported late: graphs.py reads the file)."""
    from agentdesk.runtime.graphs import read_config

    config, _ = read_config(path)
    return parse_config(config, path)


def settings_from_config(config: LangGraphConfig) -> dict[str, Any]:
    """The settings fields ``store`` and ``checkpointer`` set, by the settings' names."""
    fields: dict[str, Any] = {}
    if config.store is not None:
        if config.store.index is not None:
            fields["store_index"] = config.store.index
        if (ttl := config.store.ttl) is not None:
            fields["store_ttl_refresh_on_read"] = ttl.refresh_on_read
            if ttl.default_ttl is not None:
                fields["store_ttl_default_minutes"] = ttl.default_ttl
            if ttl.sweep_interval_minutes is not None:
                fields["store_ttl_sweep_interval_minutes"] = ttl.sweep_interval_minutes
    if config.checkpointer is not None and (cttl := config.checkpointer.ttl) is not None:
        fields["checkpointer_ttl_strategy"] = cttl.strategy
        if cttl.default_ttl is not None:
            fields["checkpointer_ttl_minutes"] = cttl.default_ttl
        if cttl.sweep_interval_minutes is not None:
            fields["checkpointer_sweep_minutes"] = cttl.sweep_interval_minutes
        if cttl.sweep_limit is not None:
            fields["checkpointer_sweep_limit"] = cttl.sweep_limit
    return fields


def load_object(reference: str, base: Path, key: str) -> Any:
    """The object ``./file.py:name`` (a file relative to ``base``) or ``module:name`` names.

    Raises:
        ConfigError: naming ``key`` (e.g. ``http.app``) when it cannot be imported.
    """
    target, _, name = reference.rpartition(":")
    if not target or not name:
        raise ConfigError(f"{key}: {reference!r} must be \"./file.py:name\"", field=key)
    try:
        if target.endswith(".py") or "/" in target:
            file = (base / target).resolve()
            if not file.is_file():
                raise ConfigError(f"{key}: no such file {file}", field=key)
            module_name = f"agentdesk_user_{key.replace('.', '_')}_{file.stem}"
            spec = importlib.util.spec_from_file_location(module_name, file)
            assert spec is not None and spec.loader is not None  # a .py file always has one
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(target)
    except ConfigError:
        raise
    except Exception as exc:  # the user's code: whatever it raises is theirs to see
        raise ConfigError(f"{key}: importing {target} failed: {exc!r}", field=key) from exc
    if not hasattr(module, name):
        raise ConfigError(f"{key}: {target} has no {name!r}", field=key)
    return getattr(module, name)
