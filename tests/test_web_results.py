"""Each agent's result card in a real headless Chromium, started from the home page.

The assistant answers as a chat (bubbles, the answer's numbered sources) and takes a
follow-up on the same thread; the simulation shows its PK figures and the concentration-
time curve of the run, drawn from the thread's final state, also after a reload.
Screenshots go to /tmp/shots/results/ for a person to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser import api, needs_chromium
from .servers import Servers
from .test_simulation_agent import MODEL, plan, say

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots/results")

FIRST = "What is 2**10 / 8?"
FIRST_ANSWER = "2**10 / 8 is 128 [1]."
FOLLOW_UP = "Thank you, that helps."
SECOND_ANSWER = "You're welcome. Anything else?"


def write(tmp_path: Path, name: str, items: list[dict[str, Any]]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(items))
    return f"scripted:{path}"


@pytest.fixture
def server(tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> str:
    """The real app; the assistant and the simulation replay their scripts."""
    monkeypatch.setenv("AGENTDESK_MODEL_ASSISTANT", write(tmp_path, "assistant.json", [
        {"tool_calls": [{"name": "calculator", "args": {"expression": "2**10 / 8"}}]},
        {"content": FIRST_ANSWER},
        {"content": "no tools needed"},
        {"content": SECOND_ANSWER}]))
    monkeypatch.setenv("AGENTDESK_MODEL_SIMULATION", write(tmp_path, "simulation.json", [
        plan(tool="load_simulation", model_path=MODEL),
        plan(tool="run_simulation", end_time=24, points=400),
        plan(tool="calculate_pk_parameters", output="C"),
        plan("respond"), say("Cmax and AUC computed for a day after the oral dose.")]))
    SHOTS.mkdir(parents=True, exist_ok=True)
    return servers.app(ping_seconds=1).url


def start(page: Page, agent: str, request: str) -> str:
    """Start ``agent`` from the home page; returns the new thread's id."""
    page.goto("/app/")
    page.get_by_test_id(f"agent-{agent}").click()
    page.get_by_test_id("request").fill(request)
    page.get_by_test_id("start").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    return page.url.rsplit("/", 1)[1]


def test_assistant_answers_as_a_chat_and_takes_a_follow_up(server: str, page: Page) -> None:
    thread_id = start(page, "assistant", FIRST)
    chat = page.get_by_test_id("chat")
    bubbles = chat.get_by_test_id("chat-message")
    expect(bubbles).to_have_count(2)
    expect(bubbles.nth(0)).to_have_attribute("data-role", "person")
    expect(bubbles.nth(0)).to_contain_text(FIRST)
    answer = bubbles.nth(1)
    expect(answer).to_have_attribute("data-role", "assistant")
    expect(answer.get_by_test_id("chat-answer")).to_have_text(FIRST_ANSWER)
    sources = answer.get_by_test_id("chat-sources")
    expect(sources.locator("li")).to_have_count(1)
    expect(sources).to_contain_text("calculator(expression='2**10 / 8')")
    expect(answer.locator("sup.cite")).to_have_text("[1]")
    expect(page.get_by_test_id("thread-status")).to_have_attribute("data-status", "completed")
    page.screenshot(path=str(SHOTS / "assistant-first-answer.png"), full_page=True)

    # The follow-up goes to the same thread as a new run; its answer is a second bubble.
    box = chat.get_by_test_id("chat-input")
    expect(box).to_be_enabled()
    box.fill(FOLLOW_UP)
    box.press("Enter")
    expect(bubbles).to_have_count(4)
    expect(bubbles.nth(2)).to_contain_text(FOLLOW_UP)
    expect(bubbles.nth(3).get_by_test_id("chat-answer")).to_have_text(SECOND_ANSWER)
    expect(chat.locator("[data-role=assistant][data-testid=chat-message]")).to_have_count(2)
    expect(page.get_by_test_id("thread-status")).to_have_attribute("data-status", "completed")
    expect(box).to_have_value("")
    assert page.url.endswith(thread_id)
    runs = api(server, "GET", f"/threads/{thread_id}/runs")
    assert len(runs) == 2 and {r["status"] for r in runs} == {"success"}, runs
    page.screenshot(path=str(SHOTS / "assistant-follow-up.png"), full_page=True)

    # A reload shows the same conversation, from the thread's state.
    page.reload()
    expect(bubbles).to_have_count(4)
    expect(bubbles.nth(1).get_by_test_id("chat-answer")).to_have_text(FIRST_ANSWER)
    expect(bubbles.nth(3).get_by_test_id("chat-answer")).to_have_text(SECOND_ANSWER)


def test_simulation_shows_its_figures_and_the_curve(server: str, page: Page) -> None:
    thread_id = start(page, "simulation",
                      "Load the one-compartment oral model and simulate a day.")
    for tool in ("load_simulation", "run_simulation"):  # each approved where it pauses
        decision = page.get_by_test_id("decision")
        expect(decision).to_contain_text(tool)
        decision.get_by_test_id("decision-approve").click()
        # Gone once decided; the next pause may take its place before a check could see none.
        expect(page.get_by_test_id("decision").filter(has_text=tool)).to_have_count(
            0, timeout=30_000)
    expect(page.get_by_test_id("thread-status")).to_have_attribute(
        "data-status", "completed", timeout=30_000)

    values = api(server, "GET", f"/threads/{thread_id}/state")["values"]
    pk = values["intermediate_steps"][-1]["result"]
    course = values["time_course"]
    assert 10 < len(course["time"]) <= 300 and course["points"] == 400
    assert max(course["outputs"]["C"]) == pytest.approx(pk["cmax"], rel=1e-5)

    card = page.get_by_test_id("sim-result")
    expect(card.get_by_test_id("sim-answer")).to_have_text(
        "Cmax and AUC computed for a day after the oral dose.")
    figures = card.get_by_test_id("sim-figures")
    cmax = figures.locator("tr[data-figure=Cmax]")
    expect(cmax).to_contain_text(f"{pk['cmax']:.4g}")
    expect(cmax).to_contain_text("mg/L")
    expect(figures.locator("tr[data-figure=Tmax]")).to_contain_text(f"{pk['tmax']:.4g}")
    expect(figures.locator("tr[data-figure='AUC 0–tlast']")).to_contain_text("mg/L·h")
    expect(figures.locator("tr[data-figure=Half-life]")).to_contain_text(f"{pk['half_life']:.4g}")
    assert_curve(page, len(course["time"]))
    page.screenshot(path=str(SHOTS / "simulation.png"), full_page=True)

    page.reload()  # the card reads the final state: the same figures and curve
    expect(page.get_by_test_id("sim-figures").locator("tr[data-figure=Cmax]")).to_contain_text(
        f"{pk['cmax']:.4g}")
    assert_curve(page, len(course["time"]))


def assert_curve(page: Page, points: int) -> None:
    """The plot is a canvas with the curve drawn on it (pixels of the series' colour)."""
    plot = page.get_by_test_id("sim-plot")
    expect(plot).to_have_attribute("data-points", str(points))
    expect(plot.locator("canvas")).to_have_count(1)
    expect(plot).to_contain_text("Time (h)")
    expect(plot.locator("figcaption")).to_contain_text("C over 24 h: peak")
    page.wait_for_function("""() => {
      const canvas = document.querySelector('[data-testid=sim-plot] canvas');
      if (!canvas || !canvas.width) return false;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i] < 80 && data[i + 1] > 60 && data[i + 1] < 120 && data[i + 2] > 170) blue += 1;
      }
      return blue > 200;
    }""")
