"""The "Ask the bank" page in a real headless Chromium, against the real server.

Each test starts the app with a scripted model for the banking agent (intent, SQL,
summary) and a seeded SQLite bank, asks a question in the page and checks the answer:
the summary, the validated SQL, the chart drawn in SVG from the rows, the rows table,
or the refusal; and the same answer on the thread's page.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright

from agentdesk.text import figure

from .browser import CHROMIUM, CHROMIUM_ARGS, needs_chromium
from .servers import Servers

SCREENSHOT = Path("/tmp/agentdesk-bank.png")

JOINED_2025 = ("SELECT COUNT(*) AS joined FROM customers "
               "WHERE joined_at >= '2025-01-01' AND joined_at < '2026-01-01'")
BY_SEGMENT = ("SELECT segment, COUNT(*) AS customers FROM customers "
              "GROUP BY segment ORDER BY customers DESC")
BY_MONTH = ("SELECT strftime('%Y-%m', posted_at) AS month, SUM(amount) AS total "
            "FROM transactions GROUP BY month ORDER BY month")

pytestmark = needs_chromium


def query_bank(url: str, sql: str) -> list[tuple[Any, ...]]:
    """The expected rows, straight from the SQLite file."""
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        return db.execute(sql).fetchall()


def banking_script(*sqls: str, chart: str = "table") -> list[dict[str, Any]]:
    """Model answers for one banking run: intent, the SQL agent's drafts, then the chart.

    The questions asked with it name no table or value the reader knows, so the model
    writes the intent and the SQL (the seed's way) and the page shows what it wrote.
    """
    return [{"structured": {"interpreted_intent": "A precise data request"}},
            *({"structured": {"sql": sql}} for sql in sqls),
            {"structured": {"chart_suggestion": chart}}]


@pytest.fixture
def serve(tmp_path: Path, bank_db: str, servers: Servers, monkeypatch: pytest.MonkeyPatch,
          ) -> Callable[[list[dict[str, Any]]], str]:
    """serve(script) -> URL of the real app whose banking model replays ``script``."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)

    def start(script: list[dict[str, Any]]) -> str:
        path = tmp_path / "banking-script.json"
        path.write_text(json.dumps(script))
        return servers.app(model=f"scripted:{path}", ping_seconds=1).url

    return start


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page; fails the test on any uncaught error in the page's scripts."""
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(15_000)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield tab
    finally:
        context.close()
    assert not errors, f"uncaught errors in the web app: {errors}"


def ask(page: Page, question: str) -> None:
    page.get_by_test_id("ask-query").fill(question)
    page.get_by_test_id("ask-submit").click()


def test_metric_answer_with_progress_and_thread_page(serve: Callable[..., str], page: Page,
                                                     bank_db: str) -> None:
    url = serve(banking_script(JOINED_2025, chart="metric"))
    [(joined,)] = query_bank(bank_db, JOINED_2025)

    # Home links to the page from the banking agent's card; the header links to it too.
    page.goto(f"{url}/app/")
    page.get_by_test_id("agent-banking-ask").click()
    expect(page).to_have_url(re.compile(r"#/ask$"))
    expect(page.get_by_test_id("nav-ask")).to_have_attribute("aria-current", "page")

    # Hold the answer back to see the progress while the agent works.
    held: list[Route] = []
    page.route(re.compile(r"^http://127\.0\.0\.1:\d+/ask$"), lambda route: held.append(route))
    with page.expect_request(re.compile(r"/ask$")):
        ask(page, "How many joined in 2025?")
    expect(page.get_by_test_id("ask-progress")).to_be_visible()
    expect(page.get_by_test_id("ask-progress")).to_contain_text("Working on it")
    expect(page.get_by_test_id("ask-submit")).to_be_disabled()
    while not held:  # the request is seen before its route handler has run
        page.wait_for_timeout(20)
    held[0].continue_()

    answer = page.get_by_test_id("ask-answer")
    # The summary states the answer (not the question), the number as the metric writes it.
    expect(answer.get_by_test_id("ask-summary")).to_have_text(f"Joined: {joined:,}.")
    expect(page.get_by_test_id("ask-progress")).to_be_hidden()
    expect(page.get_by_test_id("ask-submit")).to_be_enabled()
    expect(answer.get_by_test_id("ask-error")).to_have_count(0)
    expect(answer.get_by_test_id("ask-sql")).to_have_text(f"{JOINED_2025} LIMIT 100")
    metric = answer.locator("[data-testid=ask-chart] svg[data-chart=metric]")
    expect(metric).to_be_visible()
    expect(metric.locator(".metric-value")).to_have_text(f"{joined:,}")
    expect(metric.locator(".metric-label")).to_have_text("joined")
    expect(answer.get_by_test_id("ask-rows").locator("tbody tr")).to_have_count(1)
    expect(answer.get_by_test_id("ask-row-count")).to_have_text("1 row")
    expect(answer.get_by_test_id("ask-time")).to_have_text(re.compile(r"^\d+(\.\d+)? (ms|s)$"))

    # The thread's page shows the same answer view, not a trip plan.
    answer.get_by_test_id("ask-thread-link").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    expect(page.get_by_test_id("thread-title")).to_have_text("How many joined in 2025?")
    expect(page.get_by_test_id("current-step")).to_have_text("answered")
    view = page.get_by_test_id("ask-answer")
    expect(view.get_by_test_id("ask-summary")).to_have_text(f"Joined: {joined:,}.")
    expect(view.get_by_test_id("ask-sql")).to_contain_text("LIMIT 100")
    expect(view.locator("svg[data-chart=metric] .metric-value")).to_have_text(f"{joined:,}")
    expect(page.get_by_test_id("itinerary")).to_have_count(0)
    expect(page.get_by_test_id("activity-log")).to_contain_text("Step: answered")


def test_bar_chart_has_one_bar_per_segment(serve: Callable[..., str], page: Page,
                                           bank_db: str) -> None:
    url = serve(banking_script(BY_SEGMENT, chart="bar"))
    expected = query_bank(bank_db, BY_SEGMENT)
    assert {segment for segment, _ in expected} == {"retail", "premier", "private",
                                                    "small_business"}
    page.goto(f"{url}/app/#/ask")
    ask(page, "How big is each segment?")

    answer = page.get_by_test_id("ask-answer")
    expect(answer.get_by_test_id("ask-summary")).to_have_text(
        "Customers: " + ", ".join(f"{n:,} for {segment}" for segment, n in expected[:-1])
        + f" and {expected[-1][1]:,} for {expected[-1][0]}.")
    expect(answer.get_by_test_id("ask-sql")).to_have_text(f"{BY_SEGMENT} LIMIT 100")
    chart = answer.locator("svg[data-chart=bar]")
    expect(chart).to_be_visible()
    expect(chart.locator("rect.bar")).to_have_count(4)
    expect(chart.locator(".bar-label")).to_have_text([segment for segment, _ in expected])
    expect(chart.locator(".bar-value")).to_have_text([f"{n:,}" for _, n in expected])
    widths = [float(w) for w in chart.locator("rect.bar").evaluate_all(
        "bars => bars.map((b) => b.getAttribute('width'))")]
    assert widths == sorted(widths, reverse=True), "bars are as long as their values"
    rows = answer.get_by_test_id("ask-rows")
    expect(rows.locator("thead th")).to_have_text(["segment", "customers"])
    expect(rows.locator("tbody tr")).to_have_count(4)
    expect(rows.locator("tbody tr").first).to_contain_text(expected[0][0])
    expect(answer.get_by_test_id("ask-row-count")).to_have_text("4 rows")
    page.screenshot(path=str(SCREENSHOT), full_page=True)


def test_line_chart_over_months(serve: Callable[..., str], page: Page, bank_db: str) -> None:
    url = serve(banking_script(BY_MONTH, chart="line"))
    months = query_bank(bank_db, BY_MONTH)[:100]  # the validator's LIMIT 100
    page.goto(f"{url}/app/#/ask")
    ask(page, "What is the monthly total?")

    answer = page.get_by_test_id("ask-answer")
    expect(answer.get_by_test_id("ask-summary")).to_contain_text(
        f"The total is {figure(months[0][1], 'decimal')} for {months[0][0]}, ")
    expect(answer.get_by_test_id("ask-summary")).to_contain_text(f" more ({len(months)} rows).")
    chart = answer.locator("svg[data-chart=line]")
    expect(chart).to_be_visible()
    expect(chart.locator("path.line")).to_have_count(1)
    expect(chart.locator("circle.point")).to_have_count(len(months))
    ticks = chart.locator(".x-tick")
    expect(ticks.first).to_have_text(months[0][0])
    expect(ticks.last).to_have_text(months[-1][0])
    assert 2 <= ticks.count() <= 8
    expect(answer.get_by_test_id("ask-rows").locator("tbody tr")).to_have_count(len(months))


def test_refused_sql_shows_the_error(serve: Callable[..., str], page: Page) -> None:
    url = serve(banking_script(*["DELETE FROM customers"] * 3))
    page.goto(f"{url}/app/#/ask")
    ask(page, "Delete everything")

    error = page.get_by_test_id("ask-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("gave up after 3 failed attempts")
    expect(error).to_contain_text("Only a single SELECT")
    expect(error).to_contain_text("DELETE")
    answer = page.get_by_test_id("ask-answer")
    expect(answer.get_by_test_id("ask-summary")).to_have_count(0)
    expect(answer.get_by_test_id("ask-sql")).to_have_count(0)
    expect(answer.locator("svg")).to_have_count(0)
    expect(page.get_by_test_id("ask-submit")).to_be_enabled()

    # The thread's page: failed, with the last refusal, the failed attempts and the SQL tried.
    answer.get_by_test_id("ask-thread-link").click()
    expect(page.get_by_test_id("thread-status")).to_have_text("failed")
    failure = page.get_by_test_id("ask-error")
    expect(failure).to_contain_text("after 3 failed attempts")
    expect(failure).to_contain_text("[not_select]")
    expect(failure.get_by_test_id("ask-retries")).to_contain_text("failed attempts: 3")
    expect(page.get_by_test_id("ask-attempted-sql")).to_have_text("DELETE FROM customers")


def test_charts_fall_back_to_the_table(serve: Callable[..., str], page: Page) -> None:
    """Rows that do not fit the suggested chart are shown as the table alone."""
    url = serve([])
    page.goto(f"{url}/app/#/ask")
    expect(page.get_by_test_id("ask-query")).to_be_visible()
    plans = page.evaluate("""async () => {
      const { planChart, chartFor } = await import("./charts.js");
      const names = [{ name: "a" }, { name: "b" }];
      const counts = [{ k: "x", n: 3 }, { k: "y", n: "4.5" }];
      return {
        barNoNumber: planChart("bar", ["name"], names),
        metricManyRows: planChart("metric", ["k", "n"], counts),
        pieNegative: planChart("pie", ["k", "n"], [{ k: "x", n: -1 }, { k: "y", n: 2 }]),
        lineOneRow: planChart("line", ["k", "n"], counts.slice(0, 1)),
        table: planChart("table", ["k", "n"], counts),
        empty: planChart("bar", [], []),
        bar: planChart("bar", ["k", "n"], counts),
        pie: chartFor("pie", ["k", "n"], counts).svg.getAttribute("data-chart"),
        yearsOnly: planChart("line", ["year", "n"], [{ year: 2024, n: 1 }, { year: 2025, n: 2 }]),
      };
    }""")
    assert plans["barNoNumber"] == {"reason": "the rows have no numeric column"}
    assert "2 rows" in plans["metricManyRows"]["reason"]
    assert plans["pieNegative"] == {"reason": "a pie cannot show negative values"}
    assert plans["lineOneRow"] == {"reason": "a line needs at least two rows"}
    assert plans["table"] == {"reason": None}
    assert plans["empty"] == {"reason": "there are no rows to chart"}
    assert plans["bar"] == {"kind": "bar", "category": "k", "value": "n"}
    assert plans["pie"] == "pie"
    assert plans["yearsOnly"] == {"kind": "line", "x": "year", "ys": ["n"]}


def test_banking_thread_started_from_home(serve: Callable[..., str], page: Page,
                                          bank_db: str) -> None:
    """Home's start form sends a banking question as user_query; the thread shows the answer."""
    url = serve(banking_script(BY_SEGMENT, chart="pie"))
    page.goto(f"{url}/app/")
    expect(page.get_by_test_id("agent-trip").locator("input")).to_be_checked()  # trip stays default
    page.get_by_test_id("agent-banking").click()
    expect(page.get_by_test_id("request")).to_have_attribute(
        "placeholder", "How many customers joined in 2025?")
    page.get_by_test_id("request").fill("How big is each segment?")
    page.get_by_test_id("start").click()

    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    expect(page.get_by_test_id("thread-request")).to_have_text("How big is each segment?")
    view = page.get_by_test_id("ask-answer")
    expect(view.get_by_test_id("ask-summary")).to_contain_text("Customers: ")
    expect(view.get_by_test_id("ask-summary")).to_contain_text(" for retail")
    pie = view.locator("svg[data-chart=pie]")
    expect(pie.locator(".slice")).to_have_count(4)
    expect(pie.locator(".legend-value").first).to_contain_text("%")
    expect(view.get_by_test_id("ask-rows").locator("tbody tr")).to_have_count(
        len(query_bank(bank_db, BY_SEGMENT)))
