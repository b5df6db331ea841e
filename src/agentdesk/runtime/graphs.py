"""Graphs of your own, from a ``langgraph.json``, served beside the built-in agents.

The file is read the way the LangGraph CLI and Aegra read it::

    {"dependencies": ["."],
     "graphs": {"support": "./support/graph.py:graph",
                "triage": {"path": "mypkg.triage:make_graph", "description": "..."}},
     "env": ".env"}

Each graph is ``./file.py:variable`` (relative to the json) or ``module.path:variable``;
the variable is a compiled graph, a ``StateGraph`` builder, or a factory: a function
(sync or async, or returning a context manager) that takes nothing, a
``RunnableConfig``, a ``ServerRuntime`` (annotated so), or both, and returns one. As
on the Agent Server a factory is called for each run, with the run's config and an
execution runtime carrying the run's context values (a dict); it is also called once
at startup (an ``assistants.read`` runtime, an empty config) for the graph's schemas,
and every graph it returns must have that topology.

``env`` (a ``.env`` path or an object) fills environment variables that are not set
yet, before any graph is imported. ``dependencies`` are not installed: the local
directories among them (and the json's own directory) are put on ``sys.path``.

Every problem is a one-line :class:`~agentdesk.errors.ConfigError` naming the file
(and the line, where there is one), raised before the server binds its port.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import json
import os
import re
import sys
import traceback
import typing
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentdesk.errors import ConfigError
from agentdesk.runtime.runs.graphinput import input_model, request_field

from .lgconfig import parse_config
from .registry import AGENTS, AgentSpec

__all__ = ["GraphRef", "load_graphs", "read_config"]

_NAME = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_LOADED: dict[Path, list[AgentSpec]] = {}
"""Specs per resolved ``langgraph.json``: each graph is imported and built once per process."""


@dataclass(frozen=True)
class GraphRef:
    """One entry of ``graphs``."""

    name: str
    target: str
    """``./file.py:variable`` or ``module.path:variable``, as written."""
    description: str | None
    base: Path
    """The directory of the ``langgraph.json``."""

    @property
    def file(self) -> Path | None:
        """The graph's file, for a path target."""
        where = self.target.rsplit(":", 1)[0]
        if where.endswith(".py") or "/" in where or "\\" in where:
            return (self.base / where).resolve()
        return None

    @property
    def variable(self) -> str:
        return self.target.rsplit(":", 1)[1]

    def where(self, line: int | None = None) -> str:
        """The file (and line) to name in an error."""
        place = str(self.file) if self.file else self.target.rsplit(":", 1)[0]
        return f"{place}:{line}" if line else place


def read_config(path: Path) -> tuple[dict[str, Any], list[GraphRef]]:
    """The parsed ``langgraph.json`` and its graphs; a bad file is a :class:`ConfigError`."""
    path = path.expanduser()
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file", field="graphs") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read it: {exc}", field="graphs") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}",
                          field="graphs") from None
    if not isinstance(config, dict):
        raise ConfigError(f"{path}: must hold a JSON object", field="graphs")
    graphs = config.get("graphs")
    if not isinstance(graphs, dict) or not graphs:
        raise ConfigError(f"{path}: \"graphs\" must be an object naming at least one graph "
                          "(\"name\": \"./file.py:variable\")", field="graphs")
    base = path.resolve().parent
    refs = []
    for name, entry in graphs.items():
        description = None
        if isinstance(entry, dict):
            description = entry.get("description")
            entry = entry.get("path")
        if not _NAME.fullmatch(name):
            raise ConfigError(f"{path}: graphs.{name}: a graph name is 1-64 of "
                              "A-Z a-z 0-9 _ . : -", field="graphs")
        if name in AGENTS:
            raise ConfigError(f"{path}: graphs.{name}: {name!r} is a built-in agent; name "
                              "the graph differently", field="graphs")
        if not isinstance(entry, str) or ":" not in entry or not entry.rsplit(":", 1)[1]:
            raise ConfigError(f"{path}: graphs.{name}: must be \"./file.py:variable\" or "
                              "\"module.path:variable\"", field="graphs")
        if description is not None and not isinstance(description, str):
            raise ConfigError(f"{path}: graphs.{name}.description: must be text",
                              field="graphs")
        refs.append(GraphRef(name, entry, description, base))
    parse_config(config, path)  # every other key: honoured or refused by name
    return config, refs


def _load_env(config: dict[str, Any], path: Path) -> None:
    env = config.get("env")
    if env is None:
        return
    if isinstance(env, dict):
        values = {str(k): str(v) for k, v in env.items() if v is not None}
    elif isinstance(env, str):
        from dotenv import dotenv_values

        env_file = (path.parent / env).resolve()
        if not env_file.is_file():
            raise ConfigError(f"{path}: env: no such file {env_file}", field="graphs")
        values = {k: v for k, v in dotenv_values(env_file).items() if v is not None}
    else:
        raise ConfigError(f"{path}: env: must be a .env path or an object", field="graphs")
    for key, value in values.items():
        os.environ.setdefault(key, value)  # what the process was given wins, as with dotenv


def _put_on_path(config: dict[str, Any], base: Path) -> None:
    dirs = [base]
    for dep in config.get("dependencies") or []:
        if isinstance(dep, str) and (dep.startswith(".") or dep.startswith("/")):
            candidate = (base / dep).resolve()
            if candidate.is_dir():
                dirs.append(candidate)
    for directory in reversed(dirs):
        if str(directory) not in sys.path:
            sys.path.insert(0, str(directory))


def _line_of(exc: BaseException, file: Path | None) -> tuple[str, int | None]:
    """Where an import failed: the graph file's line, else the deepest frame of user code."""
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        return exc.filename, exc.lineno
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not f.filename.startswith("<") and f.filename != __file__]
    if file is not None:
        own = [f for f in frames if Path(f.filename).resolve() == file]
        if own:
            return str(file), own[-1].lineno
    if frames:
        return frames[-1].filename, frames[-1].lineno
    return str(file) if file else "?", None


def _import(ref: GraphRef) -> Any:
    """The module a graph lives in, imported once per process."""
    file = ref.file
    try:
        if file is None:
            return importlib.import_module(ref.target.rsplit(":", 1)[0])
        if not file.is_file():
            raise ConfigError(f"graph {ref.name!r}: no such file {file}", field="graphs")
        # A name stable across processes: a checkpoint that holds an object of a class
        # defined in the file (a dataclass state) is read back by any worker.
        digest = hashlib.sha256(str(file).encode()).hexdigest()[:10]
        stem = re.sub(r"\W", "_", file.stem)
        modname = f"agentdesk_graph_{stem}_{digest}"
        if modname in sys.modules:
            return sys.modules[modname]
        spec = importlib.util.spec_from_file_location(modname, file)
        if spec is None or spec.loader is None:
            raise ConfigError(f"graph {ref.name!r}: cannot import {file}", field="graphs")
        module = importlib.util.module_from_spec(spec)
        sys.modules[modname] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(modname, None)
            raise
        return module
    except ConfigError:
        raise
    except Exception as exc:
        where, line = _line_of(exc, file)
        place = f"{where}:{line}" if line else where
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        raise ConfigError(f"graph {ref.name!r}: {place}: {type(exc).__name__}"
                          f"{': ' + reason if reason else ''}", field="graphs") from None


def _defined_at(ref: GraphRef, module: Any) -> int | None:
    """The line that assigns or defines the variable, for errors about it."""
    source = getattr(module, "__file__", None)
    if not source:
        return None
    pattern = re.compile(rf"^(?:async\s+def\s+|def\s+|class\s+)?{re.escape(ref.variable)}\b\s*[:=(]")
    try:
        lines = Path(source).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    return next((n for n, text in enumerate(lines, 1) if pattern.match(text)), None)


def _is_graph(obj: Any) -> bool:
    from langgraph.graph import StateGraph
    from langgraph.pregel import Pregel

    return isinstance(obj, (Pregel, StateGraph))


Arguments = Callable[[dict[str, Any], Any], dict[str, Any]]
"""A factory's keyword arguments, given a config and a server runtime."""


def _is_runtime(annotation: Any) -> bool:
    from langgraph_sdk.runtime import ServerRuntime, _ExecutionRuntime, _ReadRuntime

    if annotation is ServerRuntime:
        return True
    if isinstance(annotation, type):
        return issubclass(annotation, (_ExecutionRuntime, _ReadRuntime))
    origin = typing.get_origin(annotation)
    if origin is ServerRuntime:
        return True
    args = typing.get_args(annotation)
    return bool(origin is not None and args and _is_runtime(args[0]))


def _factory_arguments(fn: Callable[..., Any]) -> Arguments | None:
    """How to call factory ``fn``, as langgraph-api classifies one; None: not a factory
    signature (more than two parameters).

    One parameter is the runtime if annotated ``ServerRuntime``, else the config. Of
    two, the one annotated ``ServerRuntime`` is the runtime; with neither annotated,
    ``(config, runtime)`` in that order (langgraph-api refuses that; Aegra's examples
    write it).
    """
    from langgraph_sdk.runtime import ServerRuntime

    params = list(inspect.signature(fn).parameters.values())
    try:
        hints = typing.get_type_hints(fn, localns={"ServerRuntime": ServerRuntime})
    except Exception:
        hints = {}
    runtime = [_is_runtime(hints.get(p.name, p.annotation)) for p in params]
    if not params:
        return lambda config, rt: {}
    if len(params) == 1:
        name = params[0].name
        return (lambda config, rt: {name: rt}) if runtime[0] else (lambda config, rt: {name: config})
    if len(params) == 2:
        rt_at = runtime.index(True) if runtime.count(True) == 1 else 1
        rt_name, cfg_name = params[rt_at].name, params[1 - rt_at].name
        return lambda config, rt: {rt_name: rt, cfg_name: config}
    return None


@asynccontextmanager
async def _entered(value: Any) -> AsyncIterator[Any]:
    """What a factory returned, awaited or entered (a graph, a coroutine, a context manager)."""
    if hasattr(value, "__aenter__") and hasattr(value, "__aexit__"):
        async with value as result:
            yield result
    elif hasattr(value, "__enter__") and hasattr(value, "__exit__"):
        with value as result:
            yield result
    elif inspect.isawaitable(value):
        yield await value
    else:
        yield value


def _run_graph(ref: GraphRef, fn: Callable[..., Any], arguments: Arguments) -> Any:
    """``AgentSpec.run_graph`` for a factory: the graph one run executes."""

    @asynccontextmanager
    async def open_graph(config: Any, context: Any, checkpointer: Any) -> AsyncIterator[Any]:
        from langgraph.graph import StateGraph
        from langgraph_sdk.runtime import _ExecutionRuntime

        runtime = _ExecutionRuntime(access_context="threads.create_run", user=None,
                                    store=None, context=context)  # type: ignore[arg-type]
        async with _entered(fn(**arguments(config, runtime))) as made:
            graph = made.compile() if isinstance(made, StateGraph) else made
            if not _is_graph(graph):
                raise ConfigError(f"graph {ref.name!r}: {ref.variable}() returned a "
                                  f"{type(made).__name__}, not a graph", field="graphs")
            yield graph.copy(update={"checkpointer": checkpointer})

    return open_graph


async def _resolve(ref: GraphRef, module: Any) -> tuple[Any, Any]:
    """The compiled graph or builder the variable names (a factory called once, for its
    schemas), and for a factory the ``run_graph`` that calls it for each run."""
    if not hasattr(module, ref.variable):
        names = sorted(n for n, v in vars(module).items()
                       if not n.startswith("_") and (_is_graph(v) or inspect.isfunction(v)))
        hint = f"; it has: {', '.join(names)}" if names else ""
        raise ConfigError(f"graph {ref.name!r}: {ref.where()}: no variable "
                          f"{ref.variable!r}{hint}", field="graphs")
    obj = getattr(module, ref.variable)
    where = ref.where(_defined_at(ref, module))
    run_graph = None
    if not _is_graph(obj) and callable(obj) and not isinstance(obj, type):
        from langgraph_sdk.runtime import _ReadRuntime

        try:
            arguments = _factory_arguments(obj)
        except (TypeError, ValueError):
            arguments = lambda config, rt: {}  # noqa: E731  (no signature to read)
        if arguments is None:
            raise ConfigError(f"graph {ref.name!r}: {where}: {ref.variable} takes more than "
                              "two arguments; a graph factory takes none, a RunnableConfig, "
                              "a ServerRuntime, or both", field="graphs")
        run_graph = _run_graph(ref, obj, arguments)
        runtime: Any = _ReadRuntime(access_context="assistants.read", user=None,
                               store=None)  # type: ignore[arg-type]
        try:
            async with _entered(obj(**arguments({"configurable": {}}, runtime))) as made:
                obj = made
        except Exception as exc:
            place, line = _line_of(exc, ref.file)
            raise ConfigError(f"graph {ref.name!r}: {place}{f':{line}' if line else ''}: "
                              f"{ref.variable}() raised {type(exc).__name__}: {exc}",
                              field="graphs") from None
    if not _is_graph(obj):
        raise ConfigError(f"graph {ref.name!r}: {where}: {ref.variable} is not a graph "
                          f"(a {type(obj).__name__}); name a compiled graph, a StateGraph, "
                          "or a function returning one", field="graphs")
    from langgraph.checkpoint.base import BaseCheckpointSaver

    saver = getattr(obj, "checkpointer", None)
    if isinstance(saver, BaseCheckpointSaver):
        raise ConfigError(f"graph {ref.name!r}: {where}: {ref.variable} is compiled with its "
                          f"own checkpointer ({type(saver).__name__}); compile it without "
                          "one: agentdesk keeps every thread in its own database",
                          field="graphs")
    breakpoints = [*(getattr(obj, "interrupt_before_nodes", None) or []),
                   *(getattr(obj, "interrupt_after_nodes", None) or [])]
    if breakpoints:
        raise ConfigError(f"graph {ref.name!r}: {where}: {ref.variable} is compiled with "
                          f"static breakpoints (interrupt_before/after: "
                          f"{', '.join(map(str, breakpoints))}), which agentdesk does not "
                          "serve; pause with interrupt() in the node instead, or ask for "
                          "a run's interrupt_before/interrupt_after", field="graphs")
    return obj, run_graph


def _spec(ref: GraphRef, resolved: tuple[Any, Any]) -> AgentSpec:
    graph, run_graph = resolved
    from langgraph.graph import StateGraph

    builder = graph if isinstance(graph, StateGraph) else getattr(graph, "builder", None)
    compiled = graph.compile() if isinstance(graph, StateGraph) else graph

    def build_graph() -> Any:
        if not isinstance(builder, StateGraph):
            raise ConfigError(f"graph {ref.name!r} has no StateGraph builder", field="graphs")
        return builder

    def compile_graph(checkpointer: Any) -> Any:
        # A copy keeps what the graph was compiled with (its store, cache, name...).
        return compiled.copy(update={"checkpointer": checkpointer})

    limit = (compiled.config or {}).get("recursion_limit") or 10_000
    return AgentSpec(
        name=ref.name, description=ref.description or f"{ref.target} (langgraph.json)",
        build_graph=build_graph, input_schema=(model := input_model(ref.name, compiled)),
        request_field=request_field(model.model_json_schema()),
        initial_state=lambda data: data.root, result=lambda values: values,
        interrupt_kinds=("custom",), recursion_limit=int(limit), compile_graph=compile_graph,
        origin=f"{ref.where()}:{ref.variable}", run_graph=run_graph)


async def load_graphs(path: Path) -> list[AgentSpec]:
    """The graphs ``path`` (a ``langgraph.json``) names, as specs; built once per process."""
    resolved = path.expanduser().resolve()
    if resolved in _LOADED:
        return _LOADED[resolved]
    config, refs = read_config(path)
    _load_env(config, resolved)
    _put_on_path(config, resolved.parent)
    specs = [_spec(ref, await _resolve(ref, _import(ref))) for ref in refs]
    _LOADED[resolved] = specs
    return specs
