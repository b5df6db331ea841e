"""The web app's Memory view in Chromium: see what is remembered, edit a profile, forget."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from agentdesk.runtime.memory.remember import remember
from agentdesk.runtime.storage.persistence import open_persistence
from agentdesk.settings import Settings

from .browser import needs_chromium
from .servers import Servers

pytestmark = needs_chromium


@pytest.fixture
def server(tmp_path: Path, servers: Servers) -> str:
    """The real app, with two facts remembered about ana (as the assistant would)."""
    settings = Settings(data_dir=tmp_path / "data", actor="tester")

    async def seed() -> None:
        async with open_persistence(settings.resolved_database_url) as persistence:
            await remember(persistence.memory, None, "ana", ["likes green tea"], thread_id="t1")
            await remember(persistence.memory, None, "ana", ["lives in Porto"], thread_id="t2")
    asyncio.run(seed())
    return servers.app(settings, ping_seconds=1).url


def api(server: str, path: str) -> Any:
    response = httpx.get(server + path, timeout=10)
    response.raise_for_status()
    return response.json()


def test_a_person_sees_edits_and_forgets_what_is_remembered(server: str, page: Page) -> None:
    page.goto("/app/")
    page.get_by_test_id("nav-memory").click()
    user = page.get_by_test_id("memory-user")
    expect(user).to_have_count(1)
    expect(user).to_contain_text("ana")
    expect(user).to_contain_text("2 memories")
    user.get_by_role("link", name="ana").click()

    facts = page.get_by_test_id("memory-fact-text")
    expect(facts).to_have_text(["likes green tea", "lives in Porto"])

    # The profile: a line that is not "name: value" is refused and nothing is saved.
    page.get_by_test_id("memory-preferences").fill("units metric")
    page.get_by_test_id("memory-save").click()
    expect(page.get_by_test_id("error-text")).to_contain_text("preferences, line 1")
    assert api(server, "/memory/ana/profile") == {"preferences": {}, "permissions": []}

    page.get_by_test_id("memory-preferences").fill("units: metric\nlanguage: pt")
    page.get_by_test_id("memory-permissions").fill("sql_query, kb_search")
    page.get_by_test_id("memory-save").click()
    expect(page.get_by_test_id("memory-saved")).to_be_visible()
    assert api(server, "/memory/ana/profile") == {
        "preferences": {"units": "metric", "language": "pt"},
        "permissions": ["sql_query", "kb_search"]}
    expect(page.get_by_test_id("memory-permissions")).to_have_value("sql_query, kb_search")

    page.get_by_test_id("memory-fact").filter(has_text="likes green tea").get_by_test_id(
        "memory-forget-fact").click()
    expect(facts).to_have_text(["lives in Porto"])
    assert [f["text"] for f in api(server, "/memory/ana")["facts"]] == ["lives in Porto"]

    page.get_by_test_id("memory-forget-all").click()
    page.get_by_test_id("memory-forget-all-confirm").click()
    expect(page.get_by_test_id("memory-no-facts")).to_be_visible()
    expect(page.get_by_test_id("memory-preferences")).to_have_value("")
    assert api(server, "/memory") == []
    page.get_by_role("link", name="← All users").click()
    expect(page.get_by_test_id("memory-empty")).to_be_visible()
