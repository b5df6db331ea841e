"""OpenTelemetry traces of runs, exported over OTLP when an endpoint is set.

Tracing is on in a process once :func:`setup` found an endpoint
(``AGENTDESK_OTEL_ENDPOINT``, else ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`` or
``OTEL_EXPORTER_OTLP_ENDPOINT``). Until then every helper here is a no-op that
imports nothing: with tracing off, OpenTelemetry's SDK is never loaded.

A run is one trace. Its context is made when the run is recorded (a ``run``
span, a child of the caller's ``traceparent`` when there is one) and stored
with the run's options, so every attempt, in whichever process claims it, is a
new ``attempt`` span of the same trace. Inside an attempt, OpenInference's
LangChain instrumentation makes a span per graph node, model call and tool
call; :class:`_GenAIExporter` adds the GenAI semantic conventions
(``gen_ai.*``) to model spans, redacts tool arguments as the tool policy
does, and leaves the graph state off node spans unless
``AGENTDESK_OTEL_NODE_IO`` asks for it. The runtime adds its own spans for tool calls (server, outcome),
decisions and mail. A span that was open when its process was killed is lost
(OpenTelemetry exports ended spans only); what it contained that had ended is
exported under it.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
    from opentelemetry.trace import Span

    from agentdesk.settings import Settings

__all__ = ["TraceContextMiddleware", "attempt", "attempt_span", "carrier", "enabled", "endpoint",
           "grouped", "headers", "note", "run_trace", "setup", "shutdown", "span"]

_provider: TracerProvider | None = None
"""The process's tracer provider once tracing is on (None: off)."""

_SCOPE = "agentdesk"

_Drive = TypeVar("_Drive", bound=Callable[..., Awaitable[Any]])


def endpoint(settings: Settings) -> str | None:
    """Where traces go (an OTLP/HTTP URL), or None: tracing is off."""
    return (settings.otel_endpoint or os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
            or os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or None)


def enabled() -> bool:
    """Whether this process exports traces."""
    return _provider is not None


def setup(settings: Settings) -> bool:
    """Turn tracing on for this process if an endpoint is set (once); whether it is on."""
    global _provider
    if _provider is not None:
        return True
    url = endpoint(settings)
    if not url:
        return False
    from openinference.instrumentation.langchain import LangChainInstrumentor
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    if not url.rstrip("/").endswith("/v1/traces"):
        url = url.rstrip("/") + "/v1/traces"
    resource = Resource.create({"service.name": settings.otel_service_name})
    provider = TracerProvider(resource=resource)
    exporter: Any = _GenAIExporter(OTLPSpanExporter(endpoint=url),  # a SpanExporter by shape
                                   node_io=settings.otel_node_io)
    provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    _inline(instrumentor)
    _provider = provider
    return True


def _inline(instrumentor: Any) -> None:
    """Have LangChain call OpenInference's handler in the calling thread.

    LangChain runs a synchronous handler's callbacks of an async run in the event
    loop's default executor unless the handler is ``run_inline``: a thread hop for
    each start and end of every node, model and tool call, queued behind whatever
    fills that executor (synchronous graph nodes, under load). The handler is
    thread-safe (it locks its maps) and quick once node spans carry no state;
    LangChain's own LangSmith tracer runs inline for the same reason.
    """
    handler = getattr(instrumentor, "_tracer", None)
    if handler is not None:
        handler.run_inline = True


def shutdown() -> None:
    """Export what is left and turn tracing off (a process's end; tests)."""
    global _provider
    if _provider is not None:
        _provider.force_flush()
        _provider.shutdown()
        from openinference.instrumentation.langchain import LangChainInstrumentor

        LangChainInstrumentor().uninstrument()
        _provider = None


def _tracer() -> Any:
    assert _provider is not None
    return _provider.get_tracer(_SCOPE)


def _clean(attributes: Mapping[str, Any]) -> dict[str, Any]:
    """Attributes OpenTelemetry takes: scalars kept, None dropped, the rest as JSON."""
    out: dict[str, Any] = {}
    for key, value in attributes.items():
        if value is None:
            continue
        out[key] = value if isinstance(value, str | bool | int | float) else json.dumps(
            value, default=str)
    return out


@contextmanager
def span(name: str, attributes: Mapping[str, Any] | None = None) -> Iterator[Span | None]:
    """A span under the current one (None, and nothing done, when tracing is off)."""
    if _provider is None:
        yield None
        return
    with _tracer().start_as_current_span(name, attributes=_clean(attributes or {})) as made:
        yield made


def note(made: Span | None, **attributes: Any) -> None:
    """Set ``attributes`` on a span from :func:`span` or :func:`attempt` (None: nothing)."""
    if made is not None:
        made.set_attributes(_clean(attributes))


def carrier() -> dict[str, str]:
    """The current trace context as W3C headers (``traceparent``; empty when off)."""
    if _provider is None:
        return {}
    from opentelemetry.propagate import inject

    headers: dict[str, str] = {}
    inject(headers)
    return headers


headers = carrier
"""The headers that carry the current trace to a peer (an MCP server over HTTP)."""


def run_trace(attributes: Mapping[str, Any]) -> dict[str, str] | None:
    """A new run's trace context, to store with the run (None when tracing is off).

    The ``run`` span is a child of the current context (the HTTP caller's
    ``traceparent``, a decision) and ends at once; every attempt hangs under it.
    """
    if _provider is None:
        return None
    with span("run", attributes):
        return carrier() or None


@contextmanager
def attempt(trace: Mapping[str, str] | None,
            attributes: Mapping[str, Any]) -> Iterator[Span | None]:
    """One attempt of a run: a span in the run's stored trace, current while it runs."""
    if _provider is None:
        yield None
        return
    from opentelemetry import context
    from opentelemetry.propagate import extract

    token = context.attach(extract(dict(trace or {})))
    try:
        with span("attempt", attributes) as made:
            yield made
    finally:
        context.detach(token)


def attempt_span(drive: _Drive) -> _Drive:
    """Make each call of ``drive(self, run, lease, ...)`` an :func:`attempt` span of the
    run's trace, noting the outcome's status (a run executor's one attempt)."""

    @functools.wraps(drive)
    async def traced(self: Any, run: Any, lease: Any, *args: Any, **kwargs: Any) -> Any:
        if _provider is None:
            return await drive(self, run, lease, *args, **kwargs)
        with attempt(run.options.trace, {
                "agentdesk.run_id": run.run_id, "agentdesk.thread_id": run.thread_id,
                "agentdesk.attempt": lease.attempt, "agentdesk.agent": run.spec.name,
                "agentdesk.kind": run.kind}) as made:
            outcome = await drive(self, run, lease, *args, **kwargs)
            note(made, **{"agentdesk.run.status": outcome.status})
            return outcome
    return cast(_Drive, traced)


def grouped(config: Any, run: Any) -> Any:
    """A run's ``config`` with what a tracer (LangSmith, OpenInference) groups a thread's
    runs by in its metadata: thread, graph, assistant and actor (the run id is there
    already; what the config's metadata says wins). Whether tracing is on or not."""
    found = {"thread_id": run.thread_id, "graph_id": run.spec.name,
             "assistant_id": run.spec.name, **({"actor": run.actor} if run.actor else {})}
    return {**config, "metadata": {**found, **config.get("metadata", {})}}


class TraceContextMiddleware:
    """ASGI middleware: a request's W3C ``traceparent`` is the context of what it does.

    A run created by the request continues the caller's trace. Added only when
    tracing is on.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or _provider is None:
            await self.app(scope, receive, send)
            return
        given = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])
                 if k in (b"traceparent", b"tracestate")}
        if not given:
            await self.app(scope, receive, send)
            return
        from opentelemetry import context
        from opentelemetry.propagate import extract

        token = context.attach(extract(given))
        try:
            await self.app(scope, receive, send)
        finally:
            context.detach(token)


# -- what goes out -------------------------------------------------------------------

_GEN_AI = {"llm.model_name": "gen_ai.request.model",
           "llm.token_count.prompt": "gen_ai.usage.input_tokens",
           "llm.token_count.completion": "gen_ai.usage.output_tokens",
           "llm.provider": "gen_ai.system"}
"""OpenInference's model-span attributes and their GenAI semantic-convention names."""


def _redacted(value: Any) -> Any:
    """A string attribute redacted as the tool policy redacts (JSON by its keys too).

    Text with no secret-looking key or value in it is returned as it is, unparsed:
    most attributes, and parsing and rewriting every JSON one cost more than making
    the span."""
    from .tools import may_hold_secret, redact

    if not isinstance(value, str) or not may_hold_secret(value):
        return value
    if value[:1] in ("{", "["):
        try:
            return json.dumps(redact(json.loads(value)), default=str)
        except ValueError:
            pass
    return redact(value)


_NODE_IO = frozenset({"input.value", "input.mime_type", "output.value", "output.mime_type"})
"""What OpenInference puts on a chain span from the state a node read and the update
it wrote (on the graph's own span: the run's input and its final state)."""


def _mapped(item: ReadableSpan, *, node_io: bool = False) -> ReadableSpan:
    """An instrumentation span redacted, with the GenAI conventions on model spans and,
    unless ``node_io``, without the graph state on node (chain, agent) spans."""
    from opentelemetry.sdk.trace import ReadableSpan

    attrs = dict(item.attributes or {})
    kind = attrs.get("openinference.span.kind")
    if kind is None:
        return item  # the runtime's own spans carry redacted values already
    if not node_io and kind in ("CHAIN", "AGENT"):
        attrs = {key: value for key, value in attrs.items() if key not in _NODE_IO}
    attrs = {key: _redacted(value) for key, value in attrs.items()}
    if kind == "LLM":
        attrs.setdefault("gen_ai.operation.name", "chat")
        for ours, theirs in _GEN_AI.items():
            if ours in attrs:
                attrs.setdefault(theirs, attrs[ours])
    return ReadableSpan(name=item.name, context=item.context, parent=item.parent,
                        resource=item.resource, attributes=attrs, events=item.events,
                        links=item.links, kind=item.kind, status=item.status,
                        start_time=item.start_time, end_time=item.end_time,
                        instrumentation_scope=item.instrumentation_scope)


class _GenAIExporter:
    """An exporter that maps each span (:func:`_mapped`) and hands it to the OTLP one."""

    def __init__(self, inner: Any, *, node_io: bool = False) -> None:
        self.inner = inner
        self.node_io = node_io

    def export(self, spans: Any) -> Any:
        return self.inner.export([_mapped(s, node_io=self.node_io) for s in spans])

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return bool(self.inner.force_flush(timeout_millis))
