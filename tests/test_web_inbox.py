"""Deciding a simulation's parameter change in Chromium, from the home page to the end.

A person starts the simulation agent from the home page; where it asks to change the
dose, the thread page and the inbox card both show the request that started the thread,
the change as old -> new in the parameter's unit, and each argument as a label and a
value, under a title in words. Approving, editing and rejecting work from the inbox card
itself; once the thread completes no "paused again" notice is left anywhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .browser import api, needs_chromium
from .servers import Servers
from .trip_script import DEPART, DEST, ORIGIN, RETURN, TripScript
from .trip_script import REQUEST as TRIP_REQUEST

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots/decisions")
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
MODEL = "one_compartment_oral.ant"
REQUEST = "Load the one-compartment oral model and double the dose to 200 mg."


def plan(tool: str | None = None, action: str = "call_tool", **arguments: Any) -> dict[str, Any]:
    return {"structured": {"action": action, "tool": tool, "arguments": arguments,
                           "justification": "the request asks for it",
                           "question": None}}


@pytest.fixture
def server(servers: Servers) -> str:
    return servers.app(ping_seconds=1).url


@pytest.fixture
def script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """script(*answers): the simulation agent's model replays ``answers``, in order."""
    def write(*answers: dict[str, Any]) -> None:
        path = tmp_path / "simulation-script.json"
        path.write_text(json.dumps(list(answers)))
        monkeypatch.setenv("AGENTDESK_MODEL_SIMULATION", f"scripted:{path}")
    return write


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_serious_a11y_problem(page: Page) -> None:
    """axe-core (tests/vendor) finds no serious or critical violation on the page as it is."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ["violations"]}))
        .violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)""")
    assert not found, found


def start_from_home(page: Page, request: str) -> str:
    """Start the simulation agent from the home page as a person would; its thread id."""
    page.goto("/")
    page.get_by_test_id("actor-name").fill("dr.lee")
    page.get_by_test_id("agent-simulation").click()
    page.get_by_test_id("request").fill(request)
    page.get_by_test_id("start").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    return page.url.rsplit("/", 1)[1]


def expect_dose_change(card: Locator, new: str) -> None:
    """The card shows the dose change inline, old -> new in mg, and the call's arguments."""
    change = card.get_by_test_id("decision-change")
    expect(change).to_have_count(1)
    expect(change).to_contain_text("dose")
    expect(change.get_by_test_id("change-old")).to_have_text("100 mg")
    expect(change.get_by_test_id("change-new")).to_have_text(new)
    expect(change).to_contain_text(f"100 mg → {new}")
    args = card.get_by_test_id("decision-args")
    expect(args).to_be_visible()
    expect(args).to_contain_text("Parameter path")
    expect(args.locator("[data-arg=parameter_path]")).to_have_text("dose")
    expect(args.locator("[data-arg=unit]")).to_have_text("mg")
    # No tool name in what a person reads (the folded full text is the agent's own template),
    # and no "Approve? (yes/no)" left under the buttons that ask it.
    assert "set_parameter_value" not in card.inner_text()
    expect(card).not_to_contain_text("Approve? (yes/no)")


def request_shown(page: Page) -> Locator:
    """The request on the thread page: quoted in its head, or else on the decision card."""
    return page.locator("[data-testid=thread-request], [data-testid=decision-request]").first


def no_stale_notice(page: Page) -> None:
    for words in ("paused again", "needs another decision"):
        expect(page.locator("main")).not_to_contain_text(words)


def steps(server: str, thread_id: str) -> list[dict[str, Any]]:
    values = api(server, "GET", f"/threads/{thread_id}/state")["values"]
    return list(values.get("intermediate_steps") or [])


def test_a_dose_change_shows_old_and_new_on_the_thread_and_in_the_inbox(
        server: str, page: Page, script: Any) -> None:
    script(plan("load_simulation", model_path=MODEL),
           plan("set_parameter_value", parameter_path="dose", value=200, unit="mg"),
           plan(action="respond"), {"content": "The dose is now 200 mg."})
    thread_id = start_from_home(page, REQUEST)

    # The first pause: loading the model, asked in words, with the request beside it.
    decision = page.get_by_test_id("decision")
    title = decision.get_by_test_id("decision-title")
    expect(title).to_have_text(f"Load the simulation model {MODEL}?")
    expect(request_shown(page)).to_contain_text(REQUEST)
    expect(decision.get_by_test_id("decision-args")).to_contain_text(MODEL)
    expect(decision).not_to_contain_text("Approve? (yes/no)")
    decision.get_by_test_id("decision-approve").click()

    # The second: the dose, 100 mg -> 200 mg, with its arguments; the notice says it paused again.
    expect(page.get_by_test_id("decision-result")).to_contain_text("paused again")
    expect(title).to_have_text("Change dose to 200 mg?")
    expect_dose_change(decision, "200 mg")
    expect(request_shown(page)).to_contain_text(REQUEST)
    expect(decision.get_by_test_id("decision-why")).to_contain_text("the request asks for it")
    shot(page, "thread-dose-change")
    no_serious_a11y_problem(page)

    # The inbox card shows the same, without opening anything.
    page.get_by_test_id("nav-inbox").click()
    item = page.get_by_test_id("inbox-item")
    expect(item).to_have_count(1)
    expect(item.get_by_test_id("inbox-title")).to_have_text("Change dose to 200 mg?")
    expect(item.get_by_test_id("inbox-request")).to_contain_text(REQUEST)
    expect_dose_change(item, "200 mg")
    expect(item.get_by_test_id("decision-change")).to_be_visible()
    shot(page, "inbox-dose-change")

    item.get_by_test_id("inbox-approve").click()
    result = page.get_by_test_id("inbox-result")
    expect(result).to_have_attribute("data-status", "completed")
    expect(result).to_contain_text("The thread is completed.")
    expect(page.get_by_test_id("inbox-empty")).to_be_visible()
    no_stale_notice(page)
    shot(page, "inbox-after-approval")

    result.get_by_test_id("inbox-result-link").click()
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    expect(page.get_by_test_id("decision")).to_have_count(0)
    no_stale_notice(page)
    shot(page, "thread-completed")
    done = steps(server, thread_id)
    assert [(s["tool"], s["outcome"]) for s in done] == [("load_simulation", "ok"),
                                                         ("set_parameter_value", "ok")]
    assert done[-1]["result"]["new_value"] == pytest.approx(200)


def test_reject_then_edit_in_place_from_the_inbox(server: str, page: Page, script: Any) -> None:
    script(plan("load_simulation", model_path=MODEL),
           plan("set_parameter_value", parameter_path="dose", value=0.2, unit="g"),
           plan("set_parameter_value", parameter_path="dose", value=180, unit="mg"),
           plan(action="respond"), {"content": "The dose is now 150 mg."})
    thread_id = start_from_home(page, REQUEST)
    expect(page.get_by_test_id("decision")).to_be_visible()

    page.get_by_test_id("nav-inbox").click()
    item = page.locator(f"[data-testid=inbox-item][data-thread-id='{thread_id}']")
    expect(item.get_by_test_id("inbox-title")).to_have_text(f"Load the simulation model {MODEL}?")
    item.get_by_test_id("inbox-approve").click()
    results = page.get_by_test_id("inbox-result")
    expect(results).to_have_count(1)
    expect(results).to_contain_text("paused again")

    # Asked in grams, shown in the parameter's unit too: 100 mg -> 200 mg. Reject it.
    item = page.get_by_test_id("inbox-item")
    expect(item.get_by_test_id("inbox-title")).to_have_text("Change dose to 0.2 g?")
    expect(item.get_by_test_id("decision-change")).to_contain_text("100 mg → 200 mg")
    item.get_by_test_id("inbox-reject").click()
    item.get_by_test_id("decision-message").fill("Too much; a little less.")
    item.get_by_test_id("decision-submit").click()
    expect(results).to_have_count(1)  # one notice per thread: the latest
    expect(results).to_contain_text("Rejected")

    # The new plan: 180 mg. Edited in place on the card to 150 mg.
    item = page.get_by_test_id("inbox-item")
    expect(item.get_by_test_id("inbox-title")).to_have_text("Change dose to 180 mg?")
    item.get_by_test_id("inbox-edit").click()
    form = item.get_by_test_id("edit-form")
    value = form.get_by_test_id("edit-field-value")
    expect(value).to_have_attribute("type", "number")
    expect(value).to_have_value("180")
    expect(form.get_by_test_id("edit-field-unit")).to_have_value("mg")
    value.fill("150")
    shot(page, "inbox-edit-in-place")
    no_serious_a11y_problem(page)
    item.get_by_test_id("decision-submit").click()

    expect(results).to_have_count(1)
    expect(results).to_have_attribute("data-status", "completed")
    expect(results).to_contain_text("Edited")
    expect(page.get_by_test_id("inbox-empty")).to_be_visible()
    no_stale_notice(page)
    shot(page, "inbox-after-edit")

    done = steps(server, thread_id)
    assert [(s["tool"], s["outcome"]) for s in done] == [
        ("load_simulation", "ok"), ("set_parameter_value", "reject"),
        ("set_parameter_value", "ok")]
    assert done[-1]["args"]["value"] == 150 and done[-1]["result"]["new_value"] == 150
    trail = [e for e in api(server, "GET", f"/threads/{thread_id}/audit")
             if e["event"] == "decision"]
    assert [e["data"]["type"] for e in trail] == ["approve", "reject", "edit"]
    assert trail[1]["data"]["message"] == "Too much; a little less."
    assert trail[2]["data"]["args"]["value"] == 150 and trail[2]["actor"] == "dr.lee"


def test_a_trip_review_is_edited_from_its_inbox_card(
        server: str, page: Page, trip_script: TripScript,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A review without an action edits the trip's preferences; only what changed is sent."""
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary()),
        trip_script.search(), trip_script.answer(trip_script.itinerary(budget=3000))))
    thread_id = api(server, "POST", "/threads", json={})["thread_id"]
    api(server, "POST", f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "trip", "input": {
            "messages": [{"role": "user", "content": TRIP_REQUEST}],
            "preferences": {"origin": ORIGIN, "destination": DEST, "depart": DEPART,
                            "return": RETURN, "travelers": 1, "budget": 2500}}})

    page.goto("/")
    page.get_by_test_id("nav-inbox").click()
    item = page.get_by_test_id("inbox-item")
    expect(item.get_by_test_id("inbox-request")).to_contain_text(TRIP_REQUEST)
    item.get_by_test_id("inbox-edit").click()
    budget = item.get_by_test_id("edit-field-budget")
    expect(budget).to_have_value("2500")
    budget.fill("3000")
    item.get_by_test_id("decision-message").fill("A little more room")
    item.get_by_test_id("decision-submit").click()
    result = page.get_by_test_id("inbox-result")
    expect(result).to_have_attribute("data-status", "interrupted")
    expect(result).to_contain_text("paused again")
    expect(page.get_by_test_id("inbox-item")).to_have_count(1)  # the revised plan

    [edit] = [e["data"] for e in api(server, "GET", f"/threads/{thread_id}/audit")
              if e["event"] == "decision"]
    assert edit["type"] == "edit" and edit["args"] == {"budget": 3000}
    assert edit["message"] == "A little more room"

    # Approving the revision from the inbox: the "paused again" notice gives way.
    page.get_by_test_id("inbox-approve").click()
    expect(result).to_have_attribute("data-status", "completed")
    expect(page.get_by_test_id("inbox-result")).to_have_count(1)
    no_stale_notice(page)
