"""The web app shows a thread that talks by email as its conversation (real Chromium)."""

from __future__ import annotations

import smtplib
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from agentdesk.settings import Settings

from .browser import CHROMIUM, needs_chromium
from .mail_harness import AGENCY, CUSTOMER, mail_settings, message, use_stand_in_agent
from .servers import Servers

pytestmark = needs_chromium

SETTINGS: list[Settings] = []


@pytest.fixture
def server(tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> str:
    use_stand_in_agent(monkeypatch)
    settings = mail_settings(f"sqlite:///{tmp_path / 'web.db'}", tmp_path,
                             mail_watch_seconds=0.2)
    SETTINGS[:] = [settings]
    return servers.app(settings).url


def test_thread_page_shows_the_email_conversation(server: str, page: Page) -> None:
    host, _, port = SETTINGS[0].smtp_listen.rpartition(":")
    # Playwright's sync API holds an event loop here: the stdlib's SMTP client sends.
    with smtplib.SMTP(host, int(port), timeout=60) as client:
        client.sendmail(CUSTOMER, ["quotes@agency.test"],
                        message(CUSTOMER, "Car insurance", "Quote please", name="Dana"))
    deadline = time.monotonic() + 60
    thread_id, sent = None, False
    while time.monotonic() < deadline and not sent:
        threads = httpx.post(f"{server}/threads/search", json={}, timeout=30).json()
        if threads:
            thread_id = threads[0]["thread_id"]
            mail = httpx.get(f"{server}/threads/{thread_id}/mail", timeout=30).json()
            sent = any(m.get("status") == "sent" for m in mail["messages"])
        time.sleep(0.2)
    assert thread_id and sent, "the review email was not sent"

    page.goto(f"/app/#/threads/{thread_id}")
    conversation = page.get_by_test_id("mail")
    expect(conversation).to_be_visible()
    items = conversation.get_by_test_id("mail-message")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("started the thread")
    expect(items.nth(0)).to_contain_text("Quote please")
    expect(items.nth(1)).to_contain_text("review request to the agency")
    expect(items.nth(1)).to_contain_text(f"To {AGENCY}")
    expect(conversation).to_contain_text("Dana <dana@customer.test>")


@pytest.fixture
def insurance_server(tmp_path: Path, servers: Servers) -> str:
    from .insurance_flow import script, step

    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("add_vehicle_tool"), step("set_coverages_tool"),
                   step("rate_quote_tool"), step("prepare_final_summary_tool"))
    settings = mail_settings(f"sqlite:///{tmp_path / 'ins.db'}", tmp_path, model=model,
                             mail_watch_seconds=0.2)
    SETTINGS[:] = [settings]
    return servers.app(settings).url


def test_insurance_thread_shows_customer_data_and_quote(insurance_server: str,
                                                        tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from .browser import CHROMIUM_ARGS
    from .insurance_flow import ANN_EMAIL

    server = insurance_server
    host, _, port = SETTINGS[0].smtp_listen.rpartition(":")
    with smtplib.SMTP(host, int(port), timeout=60) as client:
        client.sendmail("ann@example.com", ["quotes@agency.test"],
                        message("ann@example.com", "Car insurance quote", ANN_EMAIL,
                                name="Ann Lee"))
    deadline = time.monotonic() + 60
    threads: list[dict[str, object]] = []
    while time.monotonic() < deadline and not threads:
        threads = httpx.post(f"{server}/threads/search", json={"status": "interrupted"},
                             timeout=30).json()
        time.sleep(0.2)
    thread_id = threads[0]["thread_id"]
    for _ in range(3):  # quote_initiate, rate, summary: approved in the web inbox's way
        done = httpx.post(f"{server}/threads/{thread_id}/decisions", json={"type": "approve"},
                          timeout=120).json()
    assert done["status"] == "completed", done
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(base_url=server)
            page.goto(f"/app/#/threads/{thread_id}")
            customer = page.get_by_test_id("mail-customer")
            expect(customer).to_contain_text("Date of birth1985-03-14")
            expect(customer).to_contain_text("VIN 1HGCM82633A004352")
            expect(page.get_by_test_id("mail-quote")).to_contain_text("for 6 months")
            # The request first, the quote email last (review emails between, for the pauses
            # the watcher saw before they were decided here).
            items = page.get_by_test_id("mail-message")
            expect(items.first).to_contain_text("started the thread")
            expect(items.last).to_contain_text("↗ quote")
            expect(items.last).to_contain_text("Total premium")
        finally:
            browser.close()
