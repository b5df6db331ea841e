"""Trace stores on loopback for the tracing tests: an OTLP/HTTP receiver and a LangSmith one.

:class:`OtlpReceiver` takes what an OpenTelemetry exporter posts to ``/v1/traces``
(protobuf ``ExportTraceServiceRequest``, decoded with ``opentelemetry-proto``) and
keeps every span. :class:`LangSmithReceiver` answers what the ``langsmith`` client
posts (``/runs/multipart``, ``/runs/batch``, ``/runs``) and keeps every run it
describes. Both run in a thread of the test; neither reaches the network.
"""

from __future__ import annotations

import gzip
import json
import threading
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Span:
    """One exported span, as the store keeps it."""

    trace_id: str
    span_id: str
    parent_id: str
    name: str
    attributes: dict[str, Any] = field(default_factory=dict)


def _value(any_value: Any) -> Any:
    kind = any_value.WhichOneof("value")
    return getattr(any_value, kind) if kind else None


class _Receiver:
    """A loopback HTTP server in a thread; subclasses handle each POST's body."""

    def __init__(self) -> None:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # langsmith asks /info; none here
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                encoding = (self.headers.get("Content-Encoding") or "").lower()
                if encoding == "gzip":
                    body = gzip.decompress(body)
                elif encoding == "zstd":
                    import zstandard

                    body = zstandard.ZstdDecompressor().decompressobj().decompress(body)
                with owner.lock:
                    owner.take(self.path, self.headers.get("Content-Type") or "", body)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: Any) -> None:
                pass

        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def take(self, path: str, content_type: str, body: bytes) -> None:
        raise NotImplementedError

    def __enter__(self) -> Any:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class OtlpReceiver(_Receiver):
    """An OTLP/HTTP trace receiver: ``spans`` holds every span posted to ``/v1/traces``."""

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[Span] = []

    def take(self, path: str, content_type: str, body: bytes) -> None:
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
            ExportTraceServiceRequest,
        )

        assert path == "/v1/traces", path
        request = ExportTraceServiceRequest()
        request.ParseFromString(body)
        for resource in request.resource_spans:
            for scope in resource.scope_spans:
                for item in scope.spans:
                    self.spans.append(Span(
                        item.trace_id.hex(), item.span_id.hex(), item.parent_span_id.hex(),
                        item.name, {a.key: _value(a.value) for a in item.attributes}))

    def snapshot(self) -> list[Span]:
        with self.lock:
            return list(self.spans)


class LangSmithReceiver(_Receiver):
    """Records the runs the ``langsmith`` client posts: ``runs`` (each a dict, by post)."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[dict[str, Any]] = []

    def take(self, path: str, content_type: str, body: bytes) -> None:
        if "multipart" in content_type:
            message = BytesParser(policy=HTTP).parsebytes(
                f"Content-Type: {content_type}\r\n\r\n".encode() + body)
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition") or ""
                payload = part.get_payload(decode=True)
                try:
                    data = json.loads(payload)
                except (TypeError, ValueError):
                    continue
                if isinstance(data, dict):
                    self.runs.append({"part": name, **data})
        elif body:
            data = json.loads(body)
            for key in ("post", "patch"):
                for run in data.get(key, []) if isinstance(data, dict) else []:
                    self.runs.append({"part": key, **run})
            if isinstance(data, dict) and "post" not in data and "patch" not in data:
                self.runs.append({"part": path, **data})

    def metadata(self) -> list[dict[str, Any]]:
        """Each posted run's ``extra.metadata`` (or a ``.extra`` part's ``metadata``)."""
        with self.lock:
            found = []
            for run in self.runs:
                extra = run.get("extra") if "extra" in run else run
                if isinstance(extra, dict) and isinstance(extra.get("metadata"), dict):
                    found.append(extra["metadata"])
            return found
