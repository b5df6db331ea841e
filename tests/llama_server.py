"""llama-cpp-python's OpenAI-compatible server (``python -m llama_cpp.server``), as tests run it.

Two things differ from running the module directly: the model loads into plain CPU
buffers (the workaround :mod:`agentdesk.models.local.loading` applies: a native build
of llama.cpp crashes in its AMX kernels where the OS does not grant AMX tile state),
and every request body is appended to the JSON-lines file named by
``AGENTDESK_TEST_REQUEST_LOG``, so a test can check what went over HTTP.

Run: ``python tests/llama_server.py --model FILE.gguf --port PORT [...]`` (the module's
own arguments).
"""

from __future__ import annotations

import json
import os
from typing import Any


def _recording(app: Any, log_path: str) -> Any:
    """``app`` behind an ASGI wrapper that logs each POST body, untouched, as one line."""

    async def wrapper(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await app(scope, receive, send)
            return
        body = bytearray()

        async def recorded() -> dict[str, Any]:
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                body.extend(message.get("body", b""))
                if not message.get("more_body"):
                    try:
                        request = json.loads(bytes(body))
                    except ValueError:
                        request = {"unparsed": bytes(body).decode("utf-8", "replace")}
                    with open(log_path, "a", encoding="utf-8") as log:
                        log.write(json.dumps({"path": scope["path"], "body": request}) + "\n")
            return message

        await app(scope, recorded, send)

    return wrapper


def main() -> None:
    import llama_cpp.server.__main__ as server

    from agentdesk.models.local.loading import _plain_cpu_buffers

    log_path = os.environ.get("AGENTDESK_TEST_REQUEST_LOG")
    create_app = server.create_app
    if log_path:
        server.create_app = lambda **kw: _recording(create_app(**kw), log_path)  # type: ignore[assignment]
    with _plain_cpu_buffers():
        server.main()


if __name__ == "__main__":
    main()
