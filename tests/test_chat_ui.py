"""Agent Chat UI (langchain-ai/agent-chat-ui, built from npm) in Chromium, on another origin.

The UI is the ``nextjs`` template of the npm package ``create-agent-chat-app``, built as
a static export by ``tests/chatui/build.sh`` (``make chat-ui``; cached under
``~/.cache/agentdesk-chatui``). Here a plain file server gives it one loopback port and
agentdesk another, so every call the UI makes is cross-origin (CORS). The UI takes the
deployment URL and the assistant id from its own ``?apiUrl=&assistantId=`` query.

Without the build or Chromium the tests are skipped, and say why.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGenerationChunk
from playwright.sync_api import Page, expect

from agentdesk.models.scripted import ScriptedChatModel
from agentdesk.settings import Settings

from .browser import api, needs_chromium
from .servers import Servers
from .trip_script import REQUEST, TripScript

BUILD = Path(__file__).parent / "chatui" / "build.sh"
ANSWER = "Hello from agentdesk: this answer came through the Agent Chat UI."
SHOTS = Path("/tmp/shots/chatui")

# The page records each text it shows, from the moment it loads.
RECORD = """
window.__seen = [];
new MutationObserver(() => {
  const text = document.body ? document.body.innerText : '';
  if (window.__seen[window.__seen.length - 1] !== text) window.__seen.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


class SlowScripted(ScriptedChatModel):
    """The scripted model, its words a little apart: slow enough to watch them arrive."""

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: Any = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        for chunk in super()._stream(messages, stop, run_manager, **kwargs):
            time.sleep(0.1)
            yield chunk


def _built_ui() -> Path | None:
    """The cached static export, or None when it has not been built."""
    done = subprocess.run(["bash", str(BUILD), "--cached"], capture_output=True, text=True)
    out = Path(done.stdout.strip()) if done.returncode == 0 else None
    return out if out is not None and (out / "index.html").exists() else None


pytestmark = [needs_chromium, pytest.mark.skipif(
    _built_ui() is None,
    reason="Agent Chat UI is not built: make chat-ui (tests/chatui/build.sh, needs npm)")]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log on the test's output."""


@pytest.fixture(scope="module")
def ui_origin() -> Iterator[str]:
    """The static export on its own loopback port: an origin other than the API's."""
    out = _built_ui()
    assert out is not None
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def server(ui_origin: str) -> str:
    """The ``page`` fixture's base URL: the UI's origin."""
    return ui_origin


def _start(servers: Servers, database_url: str, ui_origin: str, tmp_path: Path) -> str:
    return servers.app(Settings(data_dir=tmp_path / "data", database_url=database_url,
                                actor="tester", cors_origins=[ui_origin]), ping_seconds=1).url


def _open(page: Page, api_url: str, assistant_id: str) -> list[str]:
    """Open the UI on the API; the list it fills with every API call answered 4xx or 5xx."""
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.request.method} {r.url}: {r.status}")
            if r.url.startswith(api_url) and r.status >= 400 else None)
    page.goto("/?" + urlencode({"apiUrl": api_url, "assistantId": assistant_id}))
    expect(page.get_by_placeholder("Type your message...")).to_be_visible()
    return failed


def _send(page: Page, text: str) -> str:
    """Type and send a message; the new thread's id (the UI puts it in its URL)."""
    page.get_by_placeholder("Type your message...").fill(text)
    page.get_by_role("button", name="Send").click()
    expect(page).to_have_url(re.compile(r"threadId=[0-9a-f-]{36}"), timeout=60_000)
    return re.search(r"threadId=([0-9a-f-]{36})", page.url).group(1)  # type: ignore[union-attr]


def test_a_conversation_with_the_assistant_streams_its_answer(
        database_url: str, servers: Servers, ui_origin: str, page: Page, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.models import get_chat_model
    from agentdesk.runtime.runs import prepare

    script = tmp_path / "greeting.json"
    script.write_text(json.dumps([{"content": "no tools needed"}, {"content": ANSWER}]))

    def chat_model(spec: str, settings: Any = None) -> Any:
        if spec == f"scripted:{script}":
            return SlowScripted(path=script, cursor_dir=tmp_path / "cursors")
        return get_chat_model(spec, settings)

    monkeypatch.setattr(prepare, "get_chat_model", chat_model)
    monkeypatch.setenv("AGENTDESK_MODEL_ASSISTANT", f"scripted:{script}")
    api_url = _start(servers, database_url, ui_origin, tmp_path)
    assert not api_url.startswith(ui_origin)
    page.add_init_script(RECORD)
    failed = _open(page, api_url, "assistant")

    with page.expect_response(lambda r: "/runs/stream" in r.url) as streamed:
        thread_id = _send(page, "Hello there!")
    assert streamed.value.status == 200
    assert streamed.value.headers["content-type"].startswith("text/event-stream")
    expect(page.get_by_text("Hello there!")).to_be_visible()
    expect(page.get_by_text(ANSWER)).to_be_visible(timeout=60_000)
    # It grew word by word: the page showed the answer's start before all of it.
    seen: list[str] = page.evaluate("window.__seen")
    partial = [t for t in seen if ANSWER.split(":")[0] in t and ANSWER not in t]
    assert partial, "the answer appeared whole, not streamed"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "assistant.png"), full_page=True)

    # What the UI showed is what the server holds: the thread and its two messages.
    state = api(api_url, "GET", f"/threads/{thread_id}/state")
    kinds = [(m["type"], m["content"]) for m in state["values"]["messages"]]
    assert kinds[0] == ("human", "Hello there!") and kinds[-1] == ("ai", ANSWER)
    runs = api(api_url, "GET", f"/threads/{thread_id}/runs")
    assert [r["status"] for r in runs] == ["success"]

    # The history panel finds it by the graph id in the thread's metadata.
    page.reload()
    expect(page.get_by_text(ANSWER)).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Hello there!")).to_be_visible()
    assert not failed, failed


def test_a_trip_run_shows_its_interrupt_and_is_resumed_from_the_ui(
        database_url: str, servers: Servers, ui_origin: str, page: Page, tmp_path: Path,
        trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
    api_url = _start(servers, database_url, ui_origin, tmp_path)
    failed = _open(page, api_url, "trip")

    # The review pauses the run; the UI shows it as a human interrupt it can answer.
    thread_id = _send(page, REQUEST)
    title = "Review the trip to LIS (under budget)"
    expect(page.get_by_text(title).first).to_be_visible(timeout=60_000)
    accept = page.get_by_role("button", name="Accept")
    expect(accept).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "trip-interrupt.png"), full_page=True)
    thread = api(api_url, "GET", f"/threads/{thread_id}")
    assert thread["status"] == "interrupted"
    assert thread["metadata"]["graph_id"] == "trip"

    # Accept resumes it: a second run, approved, and the interrupt gone from the page.
    with page.expect_request(lambda r: "/runs/stream" in r.url) as resumed:
        accept.click()
    assert json.loads(resumed.value.post_data or "{}")["command"]["resume"][0]["type"] == "accept"
    expect(accept).to_have_count(0, timeout=60_000)
    page.screenshot(path=str(SHOTS / "trip-accepted.png"), full_page=True)
    runs = api(api_url, "GET", f"/threads/{thread_id}/runs")
    assert sorted(r["status"] for r in runs) == ["success", "success"]
    state = api(api_url, "GET", f"/threads/{thread_id}/state")
    assert state["next"] == [] and state["values"]["is_approved"] is True
    assert api(api_url, "GET", f"/threads/{thread_id}")["status"] == "idle"
    assert not failed, failed
