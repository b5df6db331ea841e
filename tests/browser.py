"""Debian's Chromium for the web app's tests, and a ``page`` fixture on the module's ``server``.

Loaded as a pytest plugin by ``conftest.py``; a module that uses ``page`` defines ``server``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# An assertion waits as long as an action does (the pages' default timeout, 15 s): on a
# loaded machine a run's answer can take longer than Playwright's 5 s default to appear.
expect.set_options(timeout=15_000)


@pytest.fixture
def page(server: str) -> Iterator[Page]:
    """A fresh Chromium page; fails the test on any uncaught error in the page's scripts."""
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900},
                                          base_url=server)
            context.set_default_timeout(15_000)
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            yield tab
        finally:
            browser.close()
    assert not errors, f"uncaught errors in the web app: {errors}"


needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's Chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
"""A web module's ``pytestmark``: its tests need the browser."""


def api(server: str, method: str, path: str, **kwargs: Any) -> Any:
    """Call the app's HTTP API beside the browser; the JSON answer (None if empty)."""
    response = httpx.request(method, server + path, timeout=60, **kwargs)
    response.raise_for_status()
    return response.json() if response.content else None
