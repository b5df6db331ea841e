"""The command line: JSON contract, exit codes, bad input, decisions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from agentdesk.cli.main import app

from .trip_script import REQUEST, TripScript

runner = CliRunner()


def cli(*args: str) -> tuple[int, Any, str]:
    result = runner.invoke(app, list(args))
    try:
        body = json.loads(result.stdout) if "--json" in args else result.stdout
    except json.JSONDecodeError:
        body = result.stdout
    return result.exit_code, body, result.stderr


def thread_count() -> int:
    code, rows, _ = cli("threads", "--json")
    assert code == 0
    return len(rows)


def started(trip_script: TripScript, *extra: dict[str, Any]) -> dict[str, Any]:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              *extra)
    code, body, _ = cli("run", "trip", REQUEST, "--model", model, "--json")
    assert code == 0, body
    return body


def test_agents_lists_the_trip_planner() -> None:
    code, rows, _ = cli("agents", "--json")
    assert code == 0
    trip = next(r for r in rows if r["name"] == "trip")
    assert trip["model"] == "local" and trip["interrupts"] == ["review_result"]
    code, rows, _ = cli("agents", "--json", "--model", "scripted:/x.json")
    assert rows[0]["model"] == "scripted:/x.json"


def test_run_prints_exactly_one_json_object(trip_script: TripScript) -> None:
    body = started(trip_script)
    assert set(body) == {"thread_id", "status", "interrupt", "result", "error"}
    assert body["status"] == "interrupted" and body["result"] is None and body["error"] is None
    assert body["interrupt"]["kind"] == "review_result"
    assert body["interrupt"]["id"]


def test_run_with_flags_validates_and_uses_preferences(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(),
                              trip_script.answer(trip_script.itinerary(travelers=2)))
    code, body, _ = cli("run", "trip", "--from", "BOS", "--to", "LIS", "--depart", "2027-03-10",
                        "--return", "2027-03-14", "--travelers", "2", "--budget", "2500",
                        "--model", model, "--json")
    assert code == 0, body
    assert body["interrupt"]["data"]["itinerary"]["travelers"] == 2


@pytest.mark.parametrize(("args", "field"), [
    (["--budget", "-10", "--to", "LIS", "--depart", "2027-03-10"], "preferences.budget"),
    (["--budget", "0", "--to", "LIS", "--depart", "2027-03-10"], "preferences.budget"),
    (["--to", "LIS", "--depart", "2027-02-30"], "preferences.depart"),
    (["--to", "LIS", "--depart", "2027-03-10", "--return", "2027-03-01"], "preferences"),
    (["--to", "  ", "--depart", "2027-03-10"], "preferences.destination"),
    (["--to", "LIS", "--depart", "2027-03-10", "--travelers", "0"], "preferences.travelers"),
    (["--to", "LIS", "--depart", "2027-03-10", "--currency", "EURO"], "preferences.currency"),
    (["--from", "BOS"], None),
    (["--input", "{not json"], "--input"),
    (["--input", "[1, 2]"], "--input"),
    (["--input", '{"colour": "blue", "messages": "hi"}'], "colour"),
])
def test_bad_input_exits_2_and_writes_nothing(args: list[str], field: str | None) -> None:
    code, body, _ = cli("run", "trip", *args, "--model", "scripted:/nowhere.json", "--json")
    assert code == 2, body
    assert body["status"] == "failed" and body["thread_id"] is None
    if field:
        assert body["error"]["field"] == field, body["error"]
    assert thread_count() == 0


def test_unknown_agent_and_bad_model_exit_2(trip_script: TripScript) -> None:
    code, body, _ = cli("run", "nope", "hello", "--json")
    assert code == 2 and "no agent named 'nope'" in body["error"]["message"]
    code, body, _ = cli("run", "trip", REQUEST, "--model", "gpt-5", "--json")
    assert code == 2 and "unknown spec" in body["error"]["message"]
    code, body, _ = cli("run", "trip", REQUEST, "--model", "scripted:/no/such.json", "--json")
    assert code == 2 and "/no/such.json" in body["error"]["message"]
    assert thread_count() == 0


def test_failed_run_exits_1_with_the_last_error(trip_script: TripScript) -> None:
    bad = {"content": "no idea"}
    model = trip_script.write(trip_script.search(), bad, bad, bad, bad)
    code, body, _ = cli("run", "trip", REQUEST, "--model", model, "--json")
    assert code == 1
    assert body["status"] == "failed"
    assert "after 3 retries" in body["error"]["message"]


def test_decide_approve_completes_with_result(trip_script: TripScript) -> None:
    body = started(trip_script)
    code, done, _ = cli("decide", body["thread_id"], "approve", "--json")
    assert code == 0, done
    assert done["status"] == "completed" and done["interrupt"] is None
    assert done["result"]["is_approved"] is True
    assert done["result"]["total_cost"] == body["interrupt"]["data"]["total_cost"]


def test_decide_reject_then_approve(trip_script: TripScript) -> None:
    body = started(trip_script, trip_script.answer(trip_script.itinerary(hotel=1)))
    code, revised, _ = cli("decide", body["thread_id"], "reject", "--message",
                           "Find a cheaper hotel", "--json")
    assert code == 0 and revised["status"] == "interrupted"
    code, done, _ = cli("decide", body["thread_id"], "approve", "--json")
    assert code == 0 and done["result"]["revision_count"] == 1


def test_refused_decisions_exit_2_and_change_nothing(trip_script: TripScript) -> None:
    body = started(trip_script)
    tid = body["thread_id"]
    for args in (["respond", "--message", "hi"],            # not allowed by the interrupt
                 ["edit"],                                   # edit without args
                 ["edit", "--args", "{bad"],                 # not JSON
                 ["edit", "--args", '{"budget": -1}'],       # invalid preference
                 ["maybe"],                                  # not a decision type
                 ["approve", "--interrupt-id", "stale"]):    # not the pending interrupt
        code, refused, _ = cli("decide", tid, *args, "--json")
        assert code == 2, (args, refused)
        assert refused["status"] == "failed" and refused["error"]["message"]
    code, shown, _ = cli("show", tid, "--json")
    assert shown["thread"]["status"] == "interrupted"
    assert shown["interrupt"]["id"] == body["interrupt"]["id"]
    assert not [e for e in shown["audit"] if e["event"] == "decision"]
    code, done, _ = cli("decide", tid, "approve", "--json")
    assert code == 0 and done["status"] == "completed"
    code, again, _ = cli("decide", tid, "approve", "--json")
    assert code == 2 and "not waiting" in again["error"]["message"]
    code, _, _ = cli("decide", "no-such-thread", "approve", "--json")
    assert code == 2


def test_show_and_threads(trip_script: TripScript) -> None:
    body = started(trip_script)
    cli("decide", body["thread_id"], "approve", "--actor", "alice", "--json")
    code, shown, _ = cli("show", body["thread_id"], "--json")
    assert code == 0
    assert shown["thread"]["status"] == "completed"
    assert shown["current_step"] == "approved"
    events = [(e["event"], e["actor"]) for e in shown["audit"]]
    assert ("decision", "alice") in events
    tools = [e["data"]["tool"] for e in shown["audit"] if e["event"] == "tool_call"]
    assert sorted(tools) == ["search_flights", "search_hotels"]
    assert "Cost for the party" in shown["rendered"]
    code, text, _ = cli("show", body["thread_id"])
    assert code == 0 and "decision" in text and "alice" in text
    code, rows, _ = cli("threads", "--json", "--status", "completed")
    assert [r["thread_id"] for r in rows] == [body["thread_id"]]


def test_resume_of_a_finished_thread_is_refused(trip_script: TripScript) -> None:
    body = started(trip_script)
    code, refused, _ = cli("resume", body["thread_id"], "--json")
    assert code == 2 and "waiting for a decision" in refused["error"]["message"]
    cli("decide", body["thread_id"], "approve", "--json")
    code, refused, _ = cli("resume", body["thread_id"], "--json")
    assert code == 2 and "nothing to resume" in refused["error"]["message"]


def test_human_output_shows_the_itinerary_and_how_to_decide(trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    code, text, _ = cli("run", "trip", REQUEST, "--model", model)
    assert code == 0
    assert "Review the trip to LIS" in text and "agentdesk decide" in text
    assert "Budget 2,500.00 USD" in text


def test_tool_call_prints_the_tools_json() -> None:
    code, text, _ = cli("tool", "call", "trip", "search_flights",
                        '{"origin": "BOS", "destination": "LIS", "date": "2027-03-10"}')
    assert code == 0
    data = json.loads(text)
    assert data["origin"] == "BOS" and data["outbound"][0]["offer_id"].startswith("FL-")


def test_tool_call_errors() -> None:
    code, _, err = cli("tool", "call", "trip", "search_flights", '{"origin": "BOS"}')
    assert code == 1 and "destination" in err
    code, _, err = cli("tool", "call", "trip", "nope", "{}")
    assert code == 2 and "no tool 'nope'" in err
    code, _, err = cli("tool", "call", "trip", "get_airport_code", "{oops")
    assert code == 2 and "ARGUMENTS" in err


def test_pause_hints_show_the_decisions_the_pause_allows() -> None:
    """A customer wait is answered with respond; a review with approve or reject."""
    from rich.console import Console

    from agentdesk.cli.display import show_outcome
    from agentdesk.runtime.runs.prepare import RunOutcome

    def hints(allowed: list[str]) -> str:
        console = Console(record=True, width=200)
        show_outcome(console, RunOutcome(
            thread_id="t1", run_id="r1", status="interrupted",
            interrupt={"kind": "await_reply", "title": "Waiting", "summary": "s",
                       "allowed": allowed}))
        return console.export_text()

    wait = hints(["respond"])
    assert 'agentdesk decide t1 respond --message "..."' in wait and "approve" not in wait
    review = hints(["approve", "edit", "reject"])
    assert "agentdesk decide t1 approve" in review and "respond" not in review
