"""``/metrics``: Prometheus text from a real ``agentdesk serve``, protected like the API."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from langgraph_sdk import get_client
from prometheus_client.parser import text_string_to_metric_families

from .servers import Servers
from .test_langgraph_config import ALICE, AUTHED, write_config
from .test_usage import spent
from .trip_script import REQUEST, TripScript

KEY = "metrics-test-key-0123456789"


def scrape(url: str, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics`` by (name, sorted labels)."""
    response = httpx.get(f"{url}/metrics", headers=headers, timeout=30)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text)
            for s in family.samples}


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def total(samples: dict[Any, float], name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    return sum(v for (n, have), v in samples.items()
               if n == name and set(labels.items()) <= set(have))


def test_metrics_move_with_a_run_to_a_decision_and_need_the_key(
        database_url: str, servers: Servers, trip_script: TripScript) -> None:
    model = trip_script.write(spent(trip_script.search(), 1000, 10),
                              spent(trip_script.answer(trip_script.itinerary()), 2000, 20))
    server = servers.process("serve", env={
        "AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_MODEL_TRIP": model,
        "AGENTDESK_API_KEYS": f"ops:{KEY}"})

    assert httpx.get(f"{server.url}/metrics", timeout=30).status_code == 401
    assert httpx.get(f"{server.url}/metrics", headers={"x-api-key": "wrong"},
                     timeout=30).status_code == 401
    before = scrape(server.url, **{"x-api-key": KEY})
    # The process collector, for the soak bench: memory and descriptors of this process.
    assert value(before, "process_resident_memory_bytes") > 0
    assert value(before, "process_open_fds") > 0
    assert ("agentdesk_event_loop_lag_seconds", ()) in before
    assert value(before, "agentdesk_pending_decisions") == 0

    async def scenario() -> str:
        client = get_client(url=server.url, api_key=KEY)
        thread = await client.threads.create()
        paused = await client.runs.wait(thread["thread_id"], "trip",
                                        input={"messages": REQUEST})
        assert paused["__interrupt__"][0]["value"]["kind"] == "review_result"
        runs = await client.runs.list(thread["thread_id"])
        assert runs[0]["usage"]["tokens_in"] == 3000 and runs[0]["usage"]["attempts"] == 1
        return str(thread["thread_id"])
    thread_id = asyncio.run(scenario())

    waiting = scrape(server.url, **{"x-api-key": KEY})
    assert value(waiting, "agentdesk_pending_decisions") == 1
    assert value(waiting, "agentdesk_pending_decision_oldest_seconds") >= 0
    assert value(waiting, "agentdesk_queue_depth") == 0

    async def decide() -> None:
        client = get_client(url=server.url, api_key=KEY)
        done = await client.runs.wait(thread_id, "trip", command={"resume": {"type": "approve"}})
        assert done["is_approved"] is True
    asyncio.run(decide())

    after = scrape(server.url, **{"x-api-key": KEY})
    for status in ("interrupted", "completed"):
        assert value(after, "agentdesk_runs_total", agent="trip", status=status) == \
            value(before, "agentdesk_runs_total", agent="trip", status=status) + 1, status
    assert value(after, "agentdesk_pending_decisions") == 0
    assert value(after, "agentdesk_model_tokens_total", model="scripted", direction="in") == 3000
    assert value(after, "agentdesk_model_tokens_total", model="scripted", direction="out") == 30
    assert total(after, "agentdesk_tool_calls_total", outcome="ok") == 2
    assert value(after, "agentdesk_tool_call_duration_seconds_count", tool="search_hotels") == 1
    assert total(after, "agentdesk_run_duration_seconds_count", agent="trip") == 2
    steps = total(after, "agentdesk_step_duration_seconds_count", agent="trip")
    assert steps >= 4, steps  # planner, tools, planner, auditor... on the way to the review
    assert value(after, "agentdesk_step_duration_seconds_count", agent="trip",
                 node="human_review") >= 1
    assert value(after, "agentdesk_lease_lapses_total") == 0


def test_metrics_are_open_without_keys_and_authenticated_by_custom_auth(
        servers: Servers, tmp_path: Path) -> None:
    samples = scrape(servers.app().url)
    assert ("agentdesk_queue_depth", ()) in samples  # no keys, no auth: open
    authed = servers.app(graphs=write_config(
        tmp_path, auth={"path": str(AUTHED / "auth.py") + ":auth"}))
    assert httpx.get(f"{authed.url}/metrics", timeout=30).status_code == 401
    assert ("agentdesk_queue_depth", ()) in scrape(authed.url, **ALICE)
