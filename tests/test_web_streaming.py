"""A streamed answer shows in the page as one text, each token once, live and after a reload.

The assistant answers a greeting with a known text, token by token and slowly enough to
watch; the page's streaming bubble is recorded as it changes. Two models: a scripted one
(its chunks share one message id, as hosted models' do) and one that streams as the
embedded model does (the raw JSON decode on the custom stream, then the answer's tokens
as chunks that LangGraph gives an id each), which is where every token used to show twice,
each in a box of its own.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from playwright.sync_api import Page, expect

from agentdesk.models.local.chat import _answer_streamer, _token_writer
from agentdesk.models.scripted import ScriptedChatModel

from .browser import needs_chromium
from .servers import Servers

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots/results")
ANSWER = ("Hello! Streaming shows each word once, in one growing text:\n"
          "no doubled \"quotes\", no boxes per fragment. Anything else?")
PAUSE = 0.04
"""Seconds between two pieces: slow enough for the page to show the answer growing."""

# The page records each text the streaming bubble shows, from the moment it loads.
RECORD = """
window.__seen = [];
new MutationObserver(() => {
  const el = document.querySelector('[data-testid=chat-streaming]');
  const text = el ? el.textContent : null;
  if (text !== null && window.__seen[window.__seen.length - 1] !== text) window.__seen.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


class SlowScripted(ScriptedChatModel):
    """The scripted model, a little slower per piece: chunks sharing one message id."""

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: Any = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        for chunk in super()._stream(messages, stop, run_manager, **kwargs):
            time.sleep(PAUSE)
            yield chunk


class EmbeddedLike(ScriptedChatModel):
    """Streams as the embedded model does: its decode of ``{"answer": "..."}`` piece by
    piece to the custom stream, and the answer's text as id-less token callbacks."""

    def _should_stream(self, *args: Any, **kwargs: Any) -> bool:
        return False  # the embedded model answers through _generate, reporting tokens

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        item = self.next_item("chat")
        raw = json.dumps({"answer": item["content"]})
        writer = _token_writer()
        feed = _answer_streamer(run_manager) if run_manager is not None else None
        for piece in re.findall(r".{1,3}", raw, re.S):
            time.sleep(PAUSE / 2)
            if writer is not None:
                writer({"kind": "token", "text": piece})
            if feed is not None:
                feed(piece)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(item["content"]))])


@pytest.fixture(params=["scripted", "embedded-like"])
def server(request: pytest.FixtureRequest, tmp_path: Path, servers: Servers,
           monkeypatch: pytest.MonkeyPatch) -> str:
    """The real app; the assistant's model is one of the two above, answering ``ANSWER``."""
    from agentdesk.models import get_chat_model
    from agentdesk.runtime.runs import prepare

    script = tmp_path / "greeting.json"
    script.write_text(json.dumps([{"content": "no tools needed"}, {"content": ANSWER}]))
    kind = SlowScripted if request.param == "scripted" else EmbeddedLike

    def chat_model(spec: str, settings: Any = None) -> Any:
        if spec == f"scripted:{script}":
            return kind(path=script, cursor_dir=tmp_path / "cursors")
        return get_chat_model(spec, settings)

    monkeypatch.setattr(prepare, "get_chat_model", chat_model)
    monkeypatch.setenv("AGENTDESK_MODEL_ASSISTANT", f"scripted:{script}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    return servers.app(ping_seconds=1).url


def generator_output(page: Page) -> Any:
    """The activity log's entries for what the answer's node wrote."""
    return page.get_by_test_id("activity-log").locator(
        "li.entry[data-kind=token]", has=page.locator("code", has_text="generator"))


def test_the_answer_streams_once_into_one_text(server: str, page: Page,
                                              request: pytest.FixtureRequest) -> None:
    page.add_init_script(RECORD)
    page.goto("/app/")
    page.get_by_test_id("agent-assistant").click()
    page.get_by_test_id("request").fill("Hello there!")
    page.get_by_test_id("start").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))

    # While it streams: one bubble, its text growing; every text shown is the answer's start.
    expect(page.get_by_test_id("chat-streaming")).to_be_visible()
    answer = page.get_by_test_id("chat-message").last.get_by_test_id("chat-answer")
    expect(answer).to_have_text(ANSWER.strip(), timeout=30_000)
    seen: list[str] = page.evaluate("window.__seen")
    assert len(seen) > 3, seen
    assert all(ANSWER.startswith(text) for text in seen), seen
    assert seen[-1] == ANSWER
    expect(page.get_by_test_id("chat-streaming")).to_have_count(0)  # the state's answer now

    # The activity log: what the answer's node wrote, once, exactly as the model said it.
    entries = generator_output(page)
    expect(entries).to_have_count(1)
    expect(entries.get_by_test_id("model-output")).to_have_text(ANSWER)
    assert entries.get_by_test_id("model-output").text_content() == ANSWER
    assert answer.text_content() == ANSWER
    log = page.get_by_test_id("activity-log")
    expect(log).not_to_contain_text('{"answer"')
    expect(log).to_contain_text("Run ended")
    page.screenshot(path=str(SHOTS / f"streaming-{request.node.callspec.id}.png"),
                    full_page=True)

    page.reload()  # replayed from the stored events: the same one text
    expect(log).to_contain_text("Run ended")
    expect(generator_output(page)).to_have_count(1)
    expect(generator_output(page).get_by_test_id("model-output")).to_have_text(ANSWER)
    assert generator_output(page).get_by_test_id("model-output").text_content() == ANSWER
    expect(log).not_to_contain_text('{"answer"')
    expect(page.get_by_test_id("chat-message").last.get_by_test_id("chat-answer")).to_have_text(
        ANSWER.strip())
